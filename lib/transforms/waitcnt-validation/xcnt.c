/* WaitCntValidationCheckPass: XCNT, the address translations
 * (docs/xcnt.md), checked on its own exploration. Along one path the
 * translations outstanding are of one kind (a kind switch waits for the
 * older kind in hardware) and complete in order, so a translation is
 * outstanding exactly when fewer ops than a wait allowed were issued after
 * it. The walk keeps, per class of interchangeable events (one kind, the same
 * held registers among those the function ever writes), the youngest one
 * outstanding and how many translations were issued after it: an older
 * member retires no later than it and is never the one a wait has to name.
 * Each (block, state) is visited once; the first instruction that overwrites
 * a register an outstanding translation holds is reported with the held
 * register, the event and the path. Soft waits (before VMEM atomics) hold no
 * register and are not required. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

enum { XV_DEPTH = 63 }; /* translations the counter holds; a wait is at most XV_DEPTH - 1 */

/* One outstanding class: its youngest event (a fact) and the translations
 * issued after it. */
struct xv_ent {
	uint32_t cls, id, newer;
};

/* A path state. */
struct xv_path {
	uint32_t store;  /* a VMEM store (or atomic without return) may be outstanding */
	uint32_t kind;   /* the kind outstanding (enum st_xcnt_kind) */
	uint32_t n;
	struct xv_ent e[XV_DEPTH]; /* sorted by class */
};

struct xv_viol {
	uint32_t consumer, producer, node;
	int needed;
	struct st_reg held;
};

struct xv {
	struct validator *v;
	uint32_t *cls;          /* by fact: its class (the first fact of it), NONE32 for no event */
	ST_VEC(struct node) nodes;
	ST_VEC(uint32_t) words; /* the states: [store, kind, n, (cls, id, newer)...] */
	ST_VEC(uint32_t) off;
	struct st_index seen;   /* (block, state without the ids) -> node */
	uint32_t *per_block;    /* states per block, against stateBound */
	bool *inconclusive;
	ST_VEC(struct xv_viol) viols;
	struct st_index viol_index;
};

static uint32_t state_len(const uint32_t *w)
{
	return 3 + 3 * w[2];
}

struct xv_key {
	const struct xv *x;
	uint32_t block;
	const uint32_t *w;
};

/* Equal up to the events naming each class. */
static bool same_node(const void *cx, uint32_t idx)
{
	const struct xv_key *k = cx;
	const uint32_t *a = k->x->words.v + k->x->off.v[idx], *b = k->w;
	if (k->x->nodes.v[idx].block != k->block || a[0] != b[0] || a[1] != b[1] || a[2] != b[2])
		return false;
	for (uint32_t j = 0; j < a[2]; j++)
		if (a[3 + 3 * j] != b[3 + 3 * j] || a[5 + 3 * j] != b[5 + 3 * j])
			return false;
	return true;
}

static uint32_t node_hash(const uint32_t *w, uint32_t block)
{
	uint64_t h = st_hash64((uint64_t)block << 40 ^ (uint64_t)w[0] << 32 ^ (uint64_t)w[1] << 16 ^ w[2]);
	for (uint32_t j = 0; j < w[2]; j++)
		h = st_hash64(h ^ ((uint64_t)w[3 + 3 * j] << 8 | w[5 + 3 * j]));
	return (uint32_t)h;
}

static void add_node(struct xv *x, uint32_t block, uint32_t parent, const struct xv_path *p)
{
	uint32_t w[3 + 3 * XV_DEPTH] = {p->store, p->kind, p->n};
	for (uint32_t j = 0; j < p->n; j++) {
		w[3 + 3 * j] = p->e[j].cls;
		w[4 + 3 * j] = p->e[j].id;
		w[5 + 3 * j] = p->e[j].newer;
	}
	struct xv_key k = {x, block, w};
	uint32_t hash = node_hash(w, block);
	if (st_index_get(&x->seen, hash, same_node, &k) != ST_INDEX_NONE)
		return;
	if (x->per_block[block] >= x->v->state_bound) {
		x->inconclusive[block] = true;
		return;
	}
	x->per_block[block]++;
	uint32_t id = (uint32_t)x->nodes.n;
	st_vec_push(&x->off, (uint32_t)x->words.n);
	for (uint32_t j = 0; j < state_len(w); j++)
		st_vec_push(&x->words, w[j]);
	struct node n = {.block = block, .parent = parent};
	st_vec_push(&x->nodes, n);
	k.w = x->words.v + x->off.v[id];
	st_index_put(&x->seen, hash, same_node, &k, id);
}

static void decode(const struct xv *x, uint32_t node, struct xv_path *p)
{
	const uint32_t *w = x->words.v + x->off.v[node];
	p->store = w[0];
	p->kind = w[1];
	p->n = w[2];
	for (uint32_t j = 0; j < p->n; j++)
		p->e[j] = (struct xv_ent){w[3 + 3 * j], w[4 + 3 * j], w[5 + 3 * j]};
}

/* Keeps the translations with fewer than `keep` issued after them. */
static void keep_newest(struct xv_path *p, uint32_t keep)
{
	uint32_t w = 0;
	for (uint32_t j = 0; j < p->n; j++)
		if (p->e[j].newer < keep)
			p->e[w++] = p->e[j];
	p->n = w;
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
static void credit(struct xv_path *p, const int *counts)
{
	bool smem = p->n && p->kind == ST_XCNT_SMEM;
	if (counts[ST_CNT_XCNT] >= 0)
		keep_newest(p, (uint32_t)counts[ST_CNT_XCNT]);
	if (counts[ST_CNT_KM] == 0 && smem)
		p->n = 0;
	if (counts[ST_CNT_LOAD] >= 0 && !smem && !p->store)
		keep_newest(p, (uint32_t)counts[ST_CNT_LOAD]);
	if (counts[ST_CNT_STORE] == 0)
		p->store = 0;
}

static void issue(const struct xv *x, struct xv_path *p, uint32_t id, enum st_xcnt_kind kind)
{
	if (p->n && p->kind != (uint32_t)kind)
		p->n = 0; /* kind switch */
	p->kind = kind;
	uint32_t c = x->cls[id], w = 0, at = 0;
	for (uint32_t j = 0; j < p->n; j++) {
		struct xv_ent e = p->e[j];
		if (e.cls == c || ++e.newer >= XV_DEPTH)
			continue; /* its class's younger event takes over; the counter holds 63 */
		p->e[w++] = e;
	}
	p->n = w;
	while (at < p->n && p->e[at].cls < c)
		at++;
	memmove(p->e + at + 1, p->e + at, (p->n - at) * sizeof *p->e);
	p->e[at] = (struct xv_ent){c, id, 0};
	p->n++;
}

static void walk(struct xv *x, uint32_t node, struct xv_path *p)
{
	const struct validator *v = x->v;
	const struct st_block *b = v->func->blocks.v[x->nodes.v[node].block];
	st_foreach_inst(b, i) {
		const struct fact *f = &v->facts.v[i->id];
		if (f->is_wait)
			credit(p, f->waits);
		enum st_xcnt_kind kind = st_inst_xcnt_kind(i);
		bool exempt = st_inst_is_call(i) || st_inst_is_return(i) || st_inst_is_terminator(i);
		/* The youngest holder decides the count. */
		int32_t best = -1;
		struct st_reg held = {0};
		for (uint32_t k = 0; k < p->n && !exempt; k++) {
			if (best >= 0 && p->e[best].newer <= p->e[k].newer)
				continue;
			const struct st_inst *e = v->facts.v[p->e[k].id].inst;
			struct st_reg h;
			for (uint32_t d = 0; d < i->ndsts; d++)
				if (i->dsts[d].kind == ST_OPND_REG && st_inst_xcnt_holds(e, i->dsts[d].reg, &h)) {
					best = (int32_t)k;
					held = h;
					break;
				}
		}
		if (best >= 0) {
			bool smem = p->kind == ST_XCNT_SMEM;
			uint32_t newer = p->e[best].newer;
			if (kind != ST_XCNT_VMEM) /* a VMEM consumer cannot overtake it */
				violation(x, (struct xv_viol){i->id, p->e[best].id, node, smem ? 0 : (int)newer, held});
			/* From here on as if waited: one report per missing wait. */
			keep_newest(p, smem ? 0 : newer);
		}
		if (kind != ST_XCNT_NONE)
			issue(x, p, i->id, kind);
		p->store |= st_inst_counter(i, false) == ST_CNT_STORE;
		if (st_inst_is_call(i))
			p->store = 1;
	}
}

/* Key of a register for the class of an event: exec_lo, exec_hi and exec
 * are one. */
static wv_key held_key(enum st_regclass cls, uint32_t index)
{
	return cls == ST_REG_EXEC || cls == ST_REG_EXEC_HI ? mkkey(ST_REG_EXEC_LO, 0) : mkkey(cls, index);
}

struct cls_key {
	const wv_key *keys;
	const uint32_t *off, *len;
	uint32_t at, n;
};

static bool same_class(const void *cx, uint32_t idx)
{
	const struct cls_key *k = cx;
	return k->len[idx] == k->n && memcmp(k->keys + k->off[idx], k->keys + k->at, k->n * sizeof(wv_key)) == 0;
}

/* The classes: events of one kind holding the same registers among those
 * some instruction of the function writes. */
static void build_classes(struct xv *x)
{
	const struct validator *v = x->v;
	size_t nf = v->facts.n;
	x->cls = st_xmalloc((nf ? nf : 1) * sizeof *x->cls);
	ST_VEC(wv_key) written = {0};
	for (size_t k = 0; k < nf; k++) {
		const struct st_inst *i = v->facts.v[k].inst;
		for (uint32_t d = 0; d < i->ndsts; d++)
			if (i->dsts[d].kind == ST_OPND_REG && i->dsts[d].reg.cls != ST_REG_LDS)
				for (uint32_t r = 0; r < i->dsts[d].reg.count; r++)
					st_vec_push(&written, held_key(i->dsts[d].reg.cls, i->dsts[d].reg.index + r));
	}
	if (written.n)
		qsort(written.v, written.n, sizeof *written.v, st_wv_cmp_key);
	ST_VEC(wv_key) keys = {0};
	uint32_t *off = st_xmalloc((nf ? nf : 1) * sizeof *off), *len = st_xmalloc((nf ? nf : 1) * sizeof *len);
	struct st_index index = {0};
	for (size_t k = 0; k < nf; k++) {
		const struct st_inst *i = v->facts.v[k].inst;
		enum st_xcnt_kind kind = st_inst_xcnt_kind(i);
		x->cls[k] = NONE32;
		if (kind == ST_XCNT_NONE)
			continue;
		uint32_t at = (uint32_t)keys.n;
		st_vec_push(&keys, (wv_key)kind); /* the kind first, then the sorted held keys */
		for (uint32_t j = 0; j < i->nsrcs; j++) {
			const struct st_operand *op = &i->srcs[j];
			if (op->kind != ST_OPND_REG || op->reg.cls == ST_REG_LDS)
				continue;
			for (uint32_t r = 0; r < op->reg.count; r++) {
				wv_key key = held_key(op->reg.cls, op->reg.index + r);
				if (written.n && bsearch(&key, written.v, written.n, sizeof key, st_wv_cmp_key))
					st_vec_push(&keys, key);
			}
		}
		if (kind == ST_XCNT_VMEM)
			st_vec_push(&keys, held_key(ST_REG_EXEC_LO, 0));
		uint32_t n = (uint32_t)keys.n - at;
		qsort(keys.v + at + 1, n - 1, sizeof *keys.v, st_wv_cmp_key);
		off[k] = at;
		len[k] = n;
		struct cls_key ck = {keys.v, off, len, at, n};
		uint64_t h = 0;
		for (uint32_t j = 0; j < n; j++)
			h = st_hash64(h ^ keys.v[at + j]);
		uint32_t c = st_index_put(&index, (uint32_t)h, same_class, &ck, (uint32_t)k);
		x->cls[k] = c;
		if (c != k)
			keys.n = at; /* the class's first event keeps the keys */
	}
	st_index_free(&index);
	st_vec_free(&keys);
	st_vec_free(&written);
	free(off);
	free(len);
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
	build_classes(&x);
	x.per_block = st_xcalloc(v->nblocks, sizeof *x.per_block);
	x.inconclusive = st_xcalloc(v->nblocks, sizeof *x.inconclusive);
	struct xv_path p = {.store = v->func->callable};
	add_node(&x, 0, NONE32, &p);
	for (uint32_t n = 0; n < x.nodes.n; n++) {
		decode(&x, n, &p);
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
	free(x.cls);
	free(x.per_block);
	free(x.inconclusive);
	return nerrors;
}
