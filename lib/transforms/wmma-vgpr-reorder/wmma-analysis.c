/* Layer 3 of the wmma VGPR reorder analysis: builds the WmmaNodes of a block,
 * runs detectABIndices and the two injected layers, derives the replacements
 * and keeps a WmmaReorderAnalysisResult per block for later queries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/isa.h"
#include "stinkytofu/wmma.h"

struct st_wmma_analysis {
	struct st_wmma_liveness_backend liveness;
	struct st_wmma_reorder_algorithm algorithm;
	struct st_map results; /* block -> struct st_wmma_reorder_result * */
};

bool st_reg_group_equal(struct st_reg_group a, struct st_reg_group b)
{
	return a.cls == b.cls && a.first == b.first && a.count == b.count;
}

/* st_reg_group_cmp, inline for the sorts below: an exported function is
 * called through the PLT, once per comparison of every qsort. */
static inline int group_cmp(const struct st_reg_group *a, const struct st_reg_group *b)
{
	if (a->cls != b->cls)
		return a->cls < b->cls ? -1 : 1;
	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	if (a->count != b->count)
		return a->count < b->count ? -1 : 1;
	return 0;
}

int st_reg_group_cmp(struct st_reg_group a, struct st_reg_group b)
{
	return group_cmp(&a, &b);
}

void st_reg_group_format(struct st_reg_group g, char *buf, size_t size)
{
	st_reg_format((struct st_reg){.index = g.first, .count = (uint16_t)g.count, .cls = (uint8_t)g.cls}, buf, size);
}

const char *st_wmma_reason_name(enum st_wmma_reason r)
{
	switch (r) {
	case ST_WMMA_APPLICABLE: return "applicable";
	case ST_WMMA_NO_WMMA: return "no wmma";
	case ST_WMMA_UNTAGGED: return "untagged wmma";
	case ST_WMMA_MALFORMED: return "wmma without register src0/src1";
	case ST_WMMA_ONE_POOL: return "one pool";
	case ST_WMMA_NO_INFLATION: return "no inflation";
	case ST_WMMA_NO_SIZE_MATCH: return "no size-matched pair";
	case ST_WMMA_ALL_OVERLAP: return "every pair overlaps";
	case ST_WMMA_STRADDLED: return "every alias straddled by an operand";
	case ST_WMMA_DECLINED: return "declined by the algorithm";
	}
	return "?";
}

/* ---- the RegGroup -> RegInterval map ---- */

void st_wmma_liveness_add(struct st_wmma_liveness *l, struct st_reg_group g, uint32_t first, uint32_t last)
{
	st_assert(first <= last);
	st_vec_push(&l->intervals, ((struct st_wmma_interval){g, first, last}));
	l->finished = false;
}

static int interval_cmp(const void *pa, const void *pb)
{
	return group_cmp(&((const struct st_wmma_interval *)pa)->group, &((const struct st_wmma_interval *)pb)->group);
}

struct group_key {
	const struct st_wmma_interval *v;
	struct st_reg_group g;
};

static bool same_group(const void *cx, uint32_t idx)
{
	const struct group_key *k = cx;
	return group_cmp(&k->v[idx].group, &k->g) == 0;
}

/* One interval per group, spanning all of its own, sorted by group. A block
 * adds two intervals per wmma over a few distinct groups: they are merged by
 * group first (in place, the first of each group taking its place), so that
 * only the distinct groups are sorted. */
void st_wmma_liveness_finish(struct st_wmma_liveness *l)
{
	if (l->finished)
		return;
	struct st_index seen = {0};
	uint32_t out = 0;
	for (size_t k = 0; k < l->intervals.n; k++) {
		struct st_wmma_interval iv = l->intervals.v[k];
		struct group_key key = {l->intervals.v, iv.group};
		uint32_t at = st_index_put(&seen, st_reg_group_hash(iv.group), same_group, &key, out);
		if (at == out) {
			l->intervals.v[out++] = iv;
			continue;
		}
		struct st_wmma_interval *u = &l->intervals.v[at];
		if (iv.first < u->first)
			u->first = iv.first;
		if (iv.last > u->last)
			u->last = iv.last;
	}
	st_index_free(&seen);
	l->intervals.n = out;
	if (out > 1)
		qsort(l->intervals.v, out, sizeof *l->intervals.v, interval_cmp);
	l->finished = true;
}

const struct st_wmma_interval *st_wmma_liveness_find(const struct st_wmma_liveness *l, struct st_reg_group g)
{
	st_assert(l->finished);
	size_t lo = 0, hi = l->intervals.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = group_cmp(&l->intervals.v[mid].group, &g);
		if (c == 0)
			return &l->intervals.v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void st_wmma_liveness_free(struct st_wmma_liveness *l)
{
	st_vec_free(&l->intervals);
	l->finished = false;
}

/* ---- detectABIndices ---- */

struct node_key {
	const struct st_wmma_node *seq;
	struct st_reg_group g;
};

static bool same_a(const void *cx, uint32_t idx)
{
	const struct node_key *k = cx;
	return group_cmp(&k->seq[idx].a, &k->g) == 0;
}

unsigned st_wmma_detect_ab_indices(struct st_wmma_node *seq, size_t n)
{
	/* src0 is pool-shared when one of its groups is read by two pools: some
	 * read of a group is in another pool than the group's first read. */
	struct st_index first = {0};
	bool src0_shared = false;
	for (size_t k = 0; k < n && !src0_shared; k++) {
		struct node_key key = {seq, seq[k].a};
		uint32_t at = st_index_put(&first, st_reg_group_hash(seq[k].a), same_a, &key, (uint32_t)k);
		src0_shared = seq[at].pool != seq[k].pool;
	}
	st_index_free(&first);
	for (size_t k = 0; k < n; k++) {
		if (src0_shared) {
			struct st_reg_group t = seq[k].a;
			seq[k].a = seq[k].b;
			seq[k].b = t;
		}
		seq[k].a_operand = src0_shared ? 1 : 0;
		seq[k].b_operand = src0_shared ? 0 : 1;
	}
	return src0_shared ? 1 : 0;
}

/* ---- building the wmma sequence ---- */

static struct st_reg_group group_of(const struct st_operand *op)
{
	return (struct st_reg_group){op->reg.cls, op->reg.index, op->reg.count};
}

/* WmmaPoolData: a mod.wmma_pool without poolIndex is pool 0, as in the seed;
 * a value that is not a pool index counts as untagged. */
static bool pool_of(const struct st_inst *i, uint32_t *pool)
{
	const struct st_attr *mod = st_inst_attr(i, "mod.wmma_pool");
	if (!mod || mod->value.kind != ST_VAL_DICT)
		return false;
	const struct st_attr *f = st_dict_field(&mod->value, "poolIndex");
	if (!f) {
		*pool = 0;
		return true;
	}
	if ((f->value.kind != ST_VAL_INT && f->value.kind != ST_VAL_HEX) || f->value.i < 0 ||
	    f->value.i > (int64_t)UINT32_MAX)
		return false;
	*pool = (uint32_t)f->value.i;
	return true;
}

/* Fills r->nodes with the block's wmmas (a = src0, b = src1); returns the
 * reason the block cannot be analysed, or ST_WMMA_APPLICABLE. */
static enum st_wmma_reason collect_nodes(struct st_block *b, struct st_wmma_reorder_result *r)
{
	bool untagged = false, malformed = false;
	st_foreach_inst(b, i) {
		if (!st_inst_is_wmma(i))
			continue;
		struct st_wmma_node node = {.inst = i, .index = (uint32_t)r->nodes.n, .b_operand = 1};
		if (!pool_of(i, &node.pool))
			untagged = true;
		if (i->nsrcs < 2 || i->srcs[0].kind != ST_OPND_REG || i->srcs[1].kind != ST_OPND_REG) {
			malformed = true;
		} else {
			node.a = group_of(&i->srcs[0]);
			node.b = group_of(&i->srcs[1]);
		}
		if (i->ndsts >= 1 && i->dsts[0].kind == ST_OPND_REG)
			node.c = group_of(&i->dsts[0]);
		st_vec_push(&r->nodes, node);
	}
	if (!r->nodes.n)
		return ST_WMMA_NO_WMMA;
	if (untagged)
		return ST_WMMA_UNTAGGED;
	if (malformed)
		return ST_WMMA_MALFORMED;
	return ST_WMMA_APPLICABLE;
}

static int node_pool_cmp(const void *pa, const void *pb)
{
	const struct st_wmma_node *a = *(const struct st_wmma_node *const *)pa;
	const struct st_wmma_node *b = *(const struct st_wmma_node *const *)pb;
	if (a->pool != b->pool)
		return a->pool < b->pool ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* ---- replacements ---- */

struct alias_ref {
	struct st_wmma_alias alias;
	bool dropped;  /* an operand straddles `from` */
	bool reported; /* already copied to the result */
};

static int alias_ref_cmp(const void *pa, const void *pb)
{
	return group_cmp(&((const struct alias_ref *)pa)->alias.from, &((const struct alias_ref *)pb)->alias.from);
}

static uint64_t group_end(struct st_reg_group g)
{
	return (uint64_t)g.first + g.count;
}

/* Index of the first alias (sorted, non-overlapping `from`s) that ends after
 * register `index` of class `cls`. */
static size_t first_alias_ending_after(const struct alias_ref *al, size_t n, enum st_regclass cls, uint32_t index)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct st_reg_group g = al[mid].alias.from;
		if (g.cls < cls || (g.cls == cls && group_end(g) <= index))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A replacement waiting for the verdict on its alias. */
struct pending {
	struct st_wmma_replacement rep;
	size_t alias;
};
ST_VEC_DECL(pending_vec, struct pending);

static void scan_operand(struct alias_ref *al, size_t nal, struct st_inst *i, uint32_t k, bool is_dst,
                         struct pending_vec *pend)
{
	const struct st_operand *op = is_dst ? &i->dsts[k] : &i->srcs[k];
	if (op->kind != ST_OPND_REG)
		return;
	struct st_reg r = op->reg;
	size_t a = first_alias_ending_after(al, nal, r.cls, r.index);
	size_t hits = 0;
	for (size_t j = a; j < nal && al[j].alias.from.cls == r.cls && al[j].alias.from.first < (uint64_t)r.index + r.count; j++)
		hits++;
	if (!hits)
		return;
	struct st_reg_group from = al[a].alias.from;
	if (hits == 1 && r.index >= from.first && (uint64_t)r.index + r.count <= group_end(from)) {
		struct st_reg nr = r;
		nr.cls = al[a].alias.to.cls;
		nr.index = al[a].alias.to.first + (r.index - from.first);
		st_vec_push(pend, ((struct pending){{i, k, is_dst, r, nr}, a}));
		return;
	}
	/* The operand reaches outside the group: it cannot be renamed alone. */
	for (size_t j = a; j < a + hits; j++)
		al[j].dropped = true;
}

/* Keeps the aliases every operand of the block can follow and lists the
 * operands to rewrite. Returns the number of aliases kept. */
static size_t build_replacements(struct st_block *b, const struct st_wmma_solution *sol,
                                 struct st_wmma_reorder_result *r)
{
	size_t nal = sol->aliases.n;
	struct alias_ref *al = st_xmalloc((nal ? nal : 1) * sizeof *al);
	for (size_t k = 0; k < nal; k++) {
		st_assert(sol->aliases.v[k].from.count == sol->aliases.v[k].to.count);
		al[k] = (struct alias_ref){sol->aliases.v[k], false, false};
	}
	qsort(al, nal, sizeof *al, alias_ref_cmp);
	/* Two aliases renaming overlapping registers would conflict: keep the first. */
	size_t n = 0;
	for (size_t k = 0; k < nal; k++) {
		if (n && al[n - 1].alias.from.cls == al[k].alias.from.cls &&
		    al[k].alias.from.first < group_end(al[n - 1].alias.from))
			continue;
		al[n++] = al[k];
	}
	nal = n;

	struct pending_vec pend = {0};
	st_foreach_inst(b, i) {
		for (uint32_t k = 0; k < i->ndsts; k++)
			scan_operand(al, nal, i, k, true, &pend);
		for (uint32_t k = 0; k < i->nsrcs; k++)
			scan_operand(al, nal, i, k, false, &pend);
	}
	for (size_t k = 0; k < pend.n; k++)
		if (!al[pend.v[k].alias].dropped)
			st_vec_push(&r->replacements, pend.v[k].rep);
	/* Report the kept aliases in the order the algorithm gave them. */
	size_t kept = 0;
	for (size_t k = 0; k < sol->aliases.n; k++) {
		struct st_wmma_alias x = sol->aliases.v[k];
		struct alias_ref *y = bsearch(&(struct alias_ref){x, false, false}, al, nal, sizeof *al, alias_ref_cmp);
		if (!y || y->dropped || y->reported || !st_reg_group_equal(y->alias.to, x.to))
			continue;
		y->reported = true;
		st_vec_push(&r->aliases, x);
		if (x.from.cls == ST_REG_V)
			r->total_vgpr_saved += x.from.count;
		kept++;
	}
	st_vec_free(&pend);
	free(al);
	return kept;
}

/* ---- one block ---- */

static void result_clear(struct st_wmma_reorder_result *r)
{
	st_vec_free(&r->nodes);
	st_vec_free(&r->order);
	st_vec_free(&r->order_index);
	st_vec_free(&r->aliases);
	st_vec_free(&r->replacements);
}

static void analyse(struct st_wmma_analysis *a, struct st_block *b, struct st_wmma_reorder_result *r)
{
	r->block = b;
	r->reason = collect_nodes(b, r);
	if (r->reason != ST_WMMA_APPLICABLE)
		return;
	size_t n = r->nodes.n;
	st_wmma_detect_ab_indices(r->nodes.v, n);

	const struct st_wmma_node **byp = st_xmalloc(n * sizeof *byp);
	for (size_t k = 0; k < n; k++)
		byp[k] = &r->nodes.v[k];
	qsort(byp, n, sizeof *byp, node_pool_cmp);
	ST_VEC(struct st_wmma_pool) pools = {0};
	for (size_t k = 0; k < n; k++) {
		if (!pools.n || st_vec_last(&pools).pool_index != byp[k]->pool)
			st_vec_push(&pools, ((struct st_wmma_pool){byp[k]->pool, &byp[k], 0}));
		st_vec_last(&pools).n++;
	}
	r->npools = (uint32_t)pools.n;

	struct st_wmma_liveness live = {0};
	struct st_wmma_solution sol = {0};
	if (pools.n < 2) {
		r->reason = ST_WMMA_ONE_POOL;
		goto done;
	}
	a->liveness.compute_liveness(a->liveness.ctx, b, r->nodes.v, n, &live);
	st_wmma_liveness_finish(&live);
	r->reason = a->algorithm.solve(a->algorithm.ctx, pools.v, pools.n, &live, &sol);
	if (r->reason != ST_WMMA_APPLICABLE)
		goto done;

	/* desiredWmmaOrder must be a permutation of the sequence. */
	st_assert(sol.order.n == n);
	bool *seen = st_xcalloc(n, sizeof *seen);
	for (size_t k = 0; k < n; k++) {
		const struct st_wmma_node *x = sol.order.v[k];
		st_assert(x >= r->nodes.v && x < r->nodes.v + n && !seen[x->index]);
		seen[x->index] = true;
		st_vec_push(&r->order, x->inst);
		st_vec_push(&r->order_index, x->index);
	}
	free(seen);
	if (sol.aliases.n && !build_replacements(b, &sol, r))
		r->reason = ST_WMMA_STRADDLED;

done:
	r->applicable = r->reason == ST_WMMA_APPLICABLE;
	if (!r->applicable) {
		st_vec_free(&r->order);
		st_vec_free(&r->order_index);
		st_vec_free(&r->aliases);
		st_vec_free(&r->replacements);
		r->total_vgpr_saved = 0;
	}
	st_vec_free(&sol.order);
	st_vec_free(&sol.aliases);
	st_wmma_liveness_free(&live);
	st_vec_free(&pools);
	free(byp);
}

/* ---- the analysis object ---- */

struct st_wmma_analysis *st_wmma_analysis_new(const struct st_wmma_liveness_backend *liveness,
                                              const struct st_wmma_reorder_algorithm *algorithm)
{
	struct st_wmma_analysis *a = st_xcalloc(1, sizeof *a);
	a->liveness = liveness ? *liveness : st_wmma_interval_liveness;
	a->algorithm = algorithm ? *algorithm : st_wmma_pool_varying_algorithm;
	st_assert(a->liveness.compute_liveness && a->algorithm.solve);
	return a;
}

static void clear_results(struct st_wmma_analysis *a)
{
	for (size_t k = 0; k < a->results.cap; k++) {
		if (!a->results.keys[k])
			continue;
		struct st_wmma_reorder_result *r = (struct st_wmma_reorder_result *)(uintptr_t)a->results.vals[k];
		result_clear(r);
		free(r);
	}
	st_map_free(&a->results);
}

void st_wmma_analysis_free(struct st_wmma_analysis *a)
{
	if (!a)
		return;
	clear_results(a);
	free(a);
}

static struct st_wmma_reorder_result *result_for(struct st_wmma_analysis *a, const struct st_block *b)
{
	bool added;
	uint64_t *slot = st_map_slot(&a->results, st_ptr_key(b), &added);
	struct st_wmma_reorder_result *r;
	if (added) {
		r = st_xcalloc(1, sizeof *r);
		*slot = (uint64_t)(uintptr_t)r;
	} else {
		r = (struct st_wmma_reorder_result *)(uintptr_t)*slot;
		result_clear(r);
		memset(r, 0, sizeof *r);
	}
	return r;
}

const struct st_wmma_reorder_result *st_wmma_analysis_run_block(struct st_wmma_analysis *a, struct st_block *b)
{
	struct st_wmma_reorder_result *r = result_for(a, b);
	analyse(a, b, r);
	return r;
}

void st_wmma_analysis_run(struct st_wmma_analysis *a, struct st_module *m)
{
	clear_results(a);
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		for (size_t bi = 0; bi < m->funcs.v[fi]->blocks.n; bi++)
			st_wmma_analysis_run_block(a, m->funcs.v[fi]->blocks.v[bi]);
}

const struct st_wmma_reorder_result *st_wmma_reorder_result(const struct st_wmma_analysis *a,
                                                            const struct st_block *b)
{
	const uint64_t *r = st_map_find(&a->results, st_ptr_key(b));
	return r ? (const struct st_wmma_reorder_result *)(uintptr_t)*r : NULL;
}

/* The attachment key: the address of a constant only this file names. */
static const char module_key;

static void analysis_fini(void *a)
{
	st_wmma_analysis_free(a);
}

void st_wmma_analysis_attach(struct st_module *m, struct st_wmma_analysis *a)
{
	st_module_attach(m, &module_key, a, analysis_fini);
}

struct st_wmma_analysis *st_wmma_module_analysis(const struct st_module *m)
{
	return st_module_attachment(m, &module_key);
}
