/* The built-in layers of the wmma VGPR reorder analysis: WmmaIntervalLiveness
 * (layer 1) and PoolVaryingReorderAlgorithm with reorderContiguously (layer 2). */
#include <stdlib.h>

#include "stinkytofu/wmma.h"

/* ---- WmmaIntervalLiveness ---- */

/* Every read widens the group's interval; st_wmma_liveness_finish merges the
 * per-read points into [first read, last read]. */
static void interval_liveness(void *ctx, const struct st_block *block, const struct st_wmma_node *seq, size_t nseq,
                              struct st_wmma_liveness *out)
{
	(void)ctx;
	(void)block;
	for (size_t k = 0; k < nseq; k++) {
		st_wmma_liveness_add(out, seq[k].a, (uint32_t)k, (uint32_t)k);
		st_wmma_liveness_add(out, seq[k].b, (uint32_t)k, (uint32_t)k);
	}
}

const struct st_wmma_liveness_backend st_wmma_interval_liveness = {
	.name = "WmmaIntervalLiveness",
	.compute_liveness = interval_liveness,
};

/* ---- reorderContiguously ---- */

struct pool_key {
	const struct st_wmma_node *const *pool;
	struct st_reg_group g;
};

static bool same_a(const void *cx, uint32_t idx)
{
	const struct pool_key *k = cx;
	return st_reg_group_equal(k->pool[idx]->a, k->g);
}

void st_wmma_reorder_contiguously(const struct st_wmma_node *const *pool, size_t n, const struct st_wmma_node **out)
{
	if (!n)
		return;
	/* firstpos[k]: where pool[k]'s A group first appears (a table of the
	 * groups seen, by group). Bucketing the nodes by it, in pool order,
	 * yields the groups by first appearance with each group's nodes in their
	 * original order. */
	struct st_index first = {0};
	size_t *firstpos = st_xmalloc(n * sizeof *firstpos);
	for (size_t k = 0; k < n; k++) {
		struct pool_key key = {pool, pool[k]->a};
		firstpos[k] = st_index_put(&first, st_reg_group_hash(pool[k]->a), same_a, &key, (uint32_t)k);
	}
	st_index_free(&first);
	size_t *start = st_xcalloc(n + 1, sizeof *start);
	for (size_t k = 0; k < n; k++)
		start[firstpos[k] + 1]++;
	for (size_t k = 0; k < n; k++)
		start[k + 1] += start[k];
	for (size_t k = 0; k < n; k++)
		out[start[firstpos[k]]++] = pool[k];
	free(start);
	free(firstpos);
}

/* ---- PoolVaryingReorderAlgorithm ---- */

static int group_cmp(const void *pa, const void *pb)
{
	return st_reg_group_cmp(*(const struct st_reg_group *)pa, *(const struct st_reg_group *)pb);
}

/* The inflation test of one pool: its widest A interval is wider than the
 * number of its distinct B groups (the A operand is the outer dimension). */
static bool pool_inflated(const struct st_wmma_pool *p, const struct st_wmma_liveness *liveness)
{
	uint32_t widest = 0;
	struct st_reg_group *bs = st_xmalloc(p->n * sizeof *bs);
	for (size_t k = 0; k < p->n; k++) {
		const struct st_wmma_interval *iv = st_wmma_liveness_find(liveness, p->nodes[k]->a);
		if (iv && iv->last - iv->first + 1 > widest)
			widest = iv->last - iv->first + 1;
		bs[k] = p->nodes[k]->b;
	}
	qsort(bs, p->n, sizeof *bs, group_cmp);
	size_t nb = p->n ? 1 : 0;
	for (size_t k = 1; k < p->n; k++)
		nb += !st_reg_group_equal(bs[k], bs[k - 1]);
	free(bs);
	return widest > nb;
}

static bool intervals_overlap(const struct st_wmma_interval *x, const struct st_wmma_interval *y)
{
	return x->first <= y->last && y->first <= x->last;
}

static enum st_wmma_reason pool_varying_solve(void *ctx, const struct st_wmma_pool *pools, size_t npools,
                                              const struct st_wmma_liveness *liveness, struct st_wmma_solution *out)
{
	(void)ctx;
	bool inflated = false;
	size_t n = 0;
	for (size_t p = 0; p < npools; p++) {
		inflated = inflated || pool_inflated(&pools[p], liveness);
		n += pools[p].n;
	}
	if (!inflated)
		return ST_WMMA_NO_INFLATION;

	/* Each pool keeps the positions it had in the block and fills them with
	 * its reordered wmmas, so pools stay where the schedule put them. */
	const struct st_wmma_node **reordered = st_xmalloc(n * sizeof *reordered);
	size_t *pool_start = st_xmalloc((npools + 1) * sizeof *pool_start);
	st_vec_reserve(&out->order, n);
	out->order.n = n;
	for (size_t p = 0, at = 0; p < npools; p++) {
		pool_start[p] = at;
		st_wmma_reorder_contiguously(pools[p].nodes, pools[p].n, reordered + at);
		for (size_t k = 0; k < pools[p].n; k++) {
			st_assert(pools[p].nodes[k]->index < n);
			out->order.v[pools[p].nodes[k]->index] = reordered[at + k];
		}
		at += pools[p].n;
	}
	pool_start[npools] = n;

	/* The intervals the reordered sequence would have. */
	struct st_wmma_liveness after = {0};
	for (size_t k = 0; k < n; k++) {
		st_wmma_liveness_add(&after, out->order.v[k]->a, (uint32_t)k, (uint32_t)k);
		st_wmma_liveness_add(&after, out->order.v[k]->b, (uint32_t)k, (uint32_t)k);
	}
	st_wmma_liveness_finish(&after);

	/* Distinct A groups of a pool, in first-appearance order, are the heads
	 * of the runs of its reordered sequence. */
	ST_VEC(size_t) heads0 = {0};
	for (size_t k = pool_start[0]; k < pool_start[1]; k++)
		if (k == pool_start[0] || !st_reg_group_equal(reordered[k]->a, reordered[k - 1]->a))
			st_vec_push(&heads0, k);
	/* What already lives in pool 0's i-th A registers: its own interval and
	 * the aliases kept onto it so far (three or more pools). */
	ST_VEC(struct st_wmma_interval) *occupied = st_xcalloc(heads0.n ? heads0.n : 1, sizeof *occupied);
	for (size_t i = 0; i < heads0.n; i++)
		st_vec_push(&occupied[i], *st_wmma_liveness_find(&after, reordered[heads0.v[i]]->a));

	size_t matched = 0;
	for (size_t p = 1; p < npools; p++) {
		size_t i = 0;
		for (size_t k = pool_start[p]; k < pool_start[p + 1] && i < heads0.n; k++) {
			if (k != pool_start[p] && st_reg_group_equal(reordered[k]->a, reordered[k - 1]->a))
				continue;
			struct st_reg_group from = reordered[k]->a, to = reordered[heads0.v[i]]->a;
			size_t target = i++;
			if (from.cls != to.cls || from.count != to.count || st_reg_group_equal(from, to))
				continue;
			matched++;
			const struct st_wmma_interval *iv = st_wmma_liveness_find(&after, from);
			bool overlaps = false;
			for (size_t j = 0; j < occupied[target].n && !overlaps; j++)
				overlaps = intervals_overlap(iv, &occupied[target].v[j]);
			if (overlaps)
				continue;
			st_vec_push(&occupied[target], *iv);
			st_vec_push(&out->aliases,
			            ((struct st_wmma_alias){from, to, pools[p].pool_index, pools[0].pool_index}));
		}
	}

	for (size_t i = 0; i < heads0.n; i++)
		st_vec_free(&occupied[i]);
	free(occupied);
	st_vec_free(&heads0);
	st_wmma_liveness_free(&after);
	free(pool_start);
	free(reordered);
	if (!matched)
		return ST_WMMA_NO_SIZE_MATCH;
	if (!out->aliases.n)
		return ST_WMMA_ALL_OVERLAP;
	return ST_WMMA_APPLICABLE;
}

const struct st_wmma_reorder_algorithm st_wmma_pool_varying_algorithm = {
	.name = "PoolVaryingReorderAlgorithm",
	.solve = pool_varying_solve,
};
