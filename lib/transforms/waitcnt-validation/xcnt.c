/* WaitCntValidationCheckPass: XCNT, the address translations
 * (docs/xcnt.md), checked on its own exploration. Along one path the
 * translations outstanding are a sequence, oldest first, of one kind (a
 * kind switch waits for the older kind in hardware); the walk keeps that
 * sequence exactly, visits each (block, sequence) once and reports the
 * first instruction that overwrites a register an outstanding translation
 * holds, with the held register, the event and the path. Soft waits (before
 * VMEM atomics) hold no register and are not required. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

enum { XV_DEPTH = 63 }; /* translations the counter holds; a wait is at most XV_DEPTH - 1 */

/* A path state: [store, n, fact ids oldest first]. */
struct xv_path {
	uint32_t store, n;
	uint32_t ids[XV_DEPTH];
};

struct xv_viol {
	uint32_t consumer, producer, node;
	int needed;
	struct st_reg held;
};

struct xv {
	struct validator *v;
	ST_VEC(struct node) nodes;
	ST_VEC(uint32_t) words; /* the states, node k at words[off[k]] */
	ST_VEC(uint32_t) off;
	struct st_index seen;   /* (block, state) -> node */
	uint32_t *per_block;    /* states per block, against stateBound */
	bool *inconclusive;
	ST_VEC(struct xv_viol) viols;
	struct st_index viol_index;
};

static uint32_t path_len(const uint32_t *w)
{
	return 2 + w[1];
}

struct xv_key {
	const struct xv *x;
	uint32_t block;
	const uint32_t *w;
};

static bool same_node(const void *cx, uint32_t idx)
{
	const struct xv_key *k = cx;
	const uint32_t *w = k->x->words.v + k->x->off.v[idx];
	return k->x->nodes.v[idx].block == k->block && w[1] == k->w[1] && w[0] == k->w[0] &&
	       memcmp(w + 2, k->w + 2, k->w[1] * sizeof *w) == 0;
}

static void add_node(struct xv *x, uint32_t block, uint32_t parent, const struct xv_path *p)
{
	const uint32_t *w = &p->store;
	struct xv_key k = {x, block, w};
	uint32_t hash = (uint32_t)st_wv_hash_words(w, path_len(w), block);
	if (st_index_get(&x->seen, hash, same_node, &k) != ST_INDEX_NONE)
		return;
	if (x->per_block[block] >= x->v->state_bound) {
		x->inconclusive[block] = true;
		return;
	}
	x->per_block[block]++;
	uint32_t id = (uint32_t)x->nodes.n;
	st_vec_push(&x->off, (uint32_t)x->words.n);
	for (uint32_t j = 0; j < path_len(w); j++)
		st_vec_push(&x->words, w[j]);
	struct node n = {.block = block, .parent = parent};
	st_vec_push(&x->nodes, n);
	k.w = x->words.v + x->off.v[id];
	st_index_put(&x->seen, hash, same_node, &k, id);
}

static enum st_xcnt_kind kind_of(const struct xv *x, uint32_t id)
{
	return st_inst_xcnt_kind(x->v->facts.v[id].inst);
}

/* Keeps the `keep` newest translations. */
static void keep_newest(struct xv_path *p, uint32_t keep)
{
	if (keep >= p->n)
		return;
	memmove(p->ids, p->ids + (p->n - keep), keep * sizeof *p->ids);
	p->n = keep;
}

static bool same_viol(const void *cx, uint32_t idx)
{
	const struct xv *x = ((const void *const *)cx)[0];
	const struct xv_viol *a = ((const void *const *)cx)[1], *b = &x->viols.v[idx];
	return a->consumer == b->consumer && a->producer == b->producer;
}

static void violation(struct xv *x, struct xv_viol w)
{
	const void *cx[2] = {x, &w};
	uint32_t hash = (uint32_t)st_hash64((uint64_t)w.consumer << 32 | w.producer);
	if (st_index_put(&x->viol_index, hash, same_viol, cx, (uint32_t)x->viols.n) == x->viols.n)
		st_vec_push(&x->viols, w);
}

/* The translations a wait instruction retires on this path. */
static void credit(const struct xv *x, struct xv_path *p, const int *counts)
{
	bool smem = p->n && kind_of(x, p->ids[0]) == ST_XCNT_SMEM;
	if (counts[ST_CNT_XCNT] >= 0)
		keep_newest(p, (uint32_t)counts[ST_CNT_XCNT]);
	if (counts[ST_CNT_KM] == 0 && smem)
		p->n = 0;
	if (counts[ST_CNT_LOAD] >= 0 && !smem && !p->store)
		keep_newest(p, (uint32_t)counts[ST_CNT_LOAD]);
	if (counts[ST_CNT_STORE] == 0)
		p->store = 0;
}

static void walk(struct xv *x, uint32_t node, struct xv_path *p)
{
	const struct validator *v = x->v;
	const struct st_block *b = v->func->blocks.v[x->nodes.v[node].block];
	st_foreach_inst(b, i) {
		const struct fact *f = &v->facts.v[i->id];
		if (f->is_wait)
			credit(x, p, f->waits);
		enum st_xcnt_kind kind = st_inst_xcnt_kind(i);
		bool exempt = st_inst_is_call(i) || st_inst_is_return(i) || st_inst_is_terminator(i);
		/* Newest first: the youngest holder decides the count. */
		for (uint32_t k = p->n; k-- > 0 && !exempt;) {
			const struct st_inst *e = v->facts.v[p->ids[k]].inst;
			struct st_reg held;
			bool holds = false;
			for (uint32_t d = 0; d < i->ndsts && !holds; d++)
				holds = i->dsts[d].kind == ST_OPND_REG && st_inst_xcnt_holds(e, i->dsts[d].reg, &held);
			if (!holds)
				continue;
			uint32_t newer = p->n - 1 - k;
			bool smem = kind_of(x, p->ids[0]) == ST_XCNT_SMEM;
			if (kind != ST_XCNT_VMEM) /* a VMEM consumer cannot overtake it */
				violation(x, (struct xv_viol){i->id, p->ids[k], node, smem ? 0 : (int)newer, held});
			/* From here on as if waited: one report per missing wait. */
			keep_newest(p, smem ? 0 : newer);
			break;
		}
		if (kind != ST_XCNT_NONE) {
			if (p->n && kind_of(x, p->ids[0]) != kind)
				p->n = 0; /* kind switch */
			if (p->n == XV_DEPTH)
				keep_newest(p, XV_DEPTH - 1);
			p->ids[p->n++] = i->id;
			p->store |= st_inst_counter(i, false) == ST_CNT_STORE;
		}
		if (st_inst_is_call(i))
			p->store = 1;
	}
}

static void report(struct xv *x, const struct xv_viol *w)
{
	const struct validator *v = x->v;
	const struct st_inst *c = v->facts.v[w->consumer].inst, *e = v->facts.v[w->producer].inst;
	char reg[64];
	st_reg_format(w->held, reg, sizeof reg);
	struct st_buf msg = {0};
	st_buf_printf(&msg,
	              "missing s_wait_xcnt %d before '%s': it overwrites %s, %s of '%s' (%s:%u:%u), which may be re-read "
	              "until its translation completes; path: ",
	              w->needed, c->name, reg, st_inst_xcnt_role(e, w->held), e->name, e->loc.file ? e->loc.file : "<input>",
	              e->loc.line, e->loc.col);
	st_wv_format_path(v, x->nodes.v, w->node, &msg);
	st_diag_emit(v->ctx->diag, ST_SEV_ERROR, c->loc, "%s", st_buf_cstr(&msg));
	st_buf_free(&msg);
}

static int cmp_viol(const void *a, const void *b)
{
	const struct xv_viol *x = a, *y = b;
	if (x->consumer != y->consumer)
		return x->consumer < y->consumer ? -1 : 1;
	return (x->producer > y->producer) - (x->producer < y->producer);
}

size_t st_wv_check_xcnt(struct validator *v)
{
	struct xv x = {.v = v};
	x.per_block = st_xcalloc(v->nblocks, sizeof *x.per_block);
	x.inconclusive = st_xcalloc(v->nblocks, sizeof *x.inconclusive);
	struct xv_path p = {.store = v->func->callable};
	add_node(&x, 0, NONE32, &p);
	for (uint32_t n = 0; n < x.nodes.n; n++) {
		const uint32_t *w = x.words.v + x.off.v[n];
		p.store = w[0];
		p.n = w[1];
		memcpy(p.ids, w + 2, p.n * sizeof *p.ids);
		walk(&x, n, &p);
		const struct st_block *b = v->func->blocks.v[x.nodes.v[n].block];
		for (size_t s = 0; s < b->succs.n; s++)
			add_node(&x, b->succs.v[s]->index, n, &p);
	}
	if (x.viols.n > 1)
		qsort(x.viols.v, x.viols.n, sizeof *x.viols.v, cmp_viol);
	size_t nerrors = x.viols.n;
	for (size_t k = 0; k < x.viols.n; k++)
		report(&x, &x.viols.v[k]);
	for (uint32_t b = 0; b < v->nblocks; b++) {
		if (!x.inconclusive[b])
			continue;
		const struct st_block *blk = v->func->blocks.v[b];
		st_diag_emit(v->ctx->diag, v->strict ? ST_SEV_ERROR : ST_SEV_WARNING, blk->loc,
		             "inconclusive: more than %u distinct outstanding-translation states reach ^%s; s_wait_xcnt on "
		             "paths through it is not proven (raise stateBound)",
		             v->state_bound, blk->label);
		nerrors += v->strict;
	}
	st_pass_stat_add(v->ctx, "xcnt-states-explored", (int64_t)x.nodes.n);
	st_pass_stat_add(v->ctx, "unsatisfied-xcnt-waits", (int64_t)x.viols.n);
	st_vec_free(&x.nodes);
	st_vec_free(&x.words);
	st_vec_free(&x.off);
	st_index_free(&x.seen);
	st_index_free(&x.viol_index);
	st_vec_free(&x.viols);
	free(x.per_block);
	free(x.inconclusive);
	return nerrors;
}
