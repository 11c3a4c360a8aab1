/* XCNT, the address-translation counter (docs/xcnt.md): the s_wait_xcnt
 * waits of the plan, placed after finalizePlan so that the waits the plan
 * emits anyway are credited (a loadcnt or kmcnt wait that also covers the
 * translations needs no s_wait_xcnt of its own).
 *
 * The state at a program point lists the events (VMEM and SMEM ops) whose
 * translation may be outstanding, each with its distance: the number of
 * events issued after it, the smallest over the paths (a wait of that many
 * retires it on every path). Joins take the union; the transfer of a block
 * is joined into the block's previous exit, so the exits only grow and the
 * fixed point is reached in a bounded number of sweeps. An event with 63
 * newer ones is retired (the 6-bit counter holds at most 63, as LLVM's score
 * bracket assumes). */
#include <stdlib.h>
#include <string.h>

#include "waitcnt.h"

enum { XC_DEPTH = 63 }; /* events an XCNT queue can hold; a wait is at most XC_DEPTH - 1 */

struct xc_event {
	uint32_t id;   /* df->insts index */
	uint8_t kind;  /* enum st_xcnt_kind */
	uint8_t dist;  /* events issued after it, 0..XC_DEPTH-1 */
};

struct xc_state {
	struct xc_event *v; /* sorted by id */
	uint32_t n, cap;
	bool store;         /* a VMEM store (or atomic without return) may be outstanding */
	bool valid;         /* reached */
};

struct xc {
	struct wc_dataflow *df;
	struct wc_plan *plan;
	struct xc_state *out; /* by block index */
	struct xc_state cur, tmp, old;
	bool record;
	unsigned soft;
};

static void xs_reserve(struct xc_state *s, uint32_t n)
{
	if (n <= s->cap)
		return;
	s->cap = n < 8 ? 8 : n * 2;
	s->v = st_xrealloc(s->v, s->cap * sizeof *s->v);
}

static void xs_copy(struct xc_state *d, const struct xc_state *s)
{
	xs_reserve(d, s->n);
	if (s->n)
		memcpy(d->v, s->v, s->n * sizeof *s->v);
	d->n = s->n;
	d->store = s->store;
	d->valid = s->valid;
}

static bool xs_equal(const struct xc_state *a, const struct xc_state *b)
{
	return a->valid == b->valid && a->store == b->store && a->n == b->n &&
	       (!a->n || memcmp(a->v, b->v, a->n * sizeof *a->v) == 0);
}

/* d := d joined with s (union, smallest distance, either store flag). */
static void xs_join(struct xc_state *d, const struct xc_state *s, struct xc_state *tmp)
{
	if (!s->valid)
		return;
	if (!d->valid) {
		xs_copy(d, s);
		return;
	}
	tmp->n = 0;
	xs_reserve(tmp, d->n + s->n);
	uint32_t i = 0, j = 0;
	while (i < d->n || j < s->n) {
		if (j == s->n || (i < d->n && d->v[i].id < s->v[j].id)) {
			tmp->v[tmp->n++] = d->v[i++];
		} else if (i == d->n || s->v[j].id < d->v[i].id) {
			tmp->v[tmp->n++] = s->v[j++];
		} else {
			struct xc_event e = d->v[i++];
			if (s->v[j].dist < e.dist)
				e.dist = s->v[j].dist;
			j++;
			tmp->v[tmp->n++] = e;
		}
	}
	tmp->store = d->store || s->store;
	tmp->valid = true;
	xs_copy(d, tmp);
}

/* Retires the events at distance dist_from or more (of `kind`, or any when kind < 0). */
static void xs_retire(struct xc_state *s, int dist_from, int kind)
{
	uint32_t w = 0;
	for (uint32_t k = 0; k < s->n; k++) {
		bool gone = s->v[k].dist >= dist_from && (kind < 0 || s->v[k].kind == kind);
		if (!gone)
			s->v[w++] = s->v[k];
	}
	s->n = w;
}

static bool xs_has_kind(const struct xc_state *s, enum st_xcnt_kind k)
{
	for (uint32_t j = 0; j < s->n; j++)
		if (s->v[j].kind == k)
			return true;
	return false;
}

/* The credits of a wait (an input instruction, or a planned one): counts[c]
 * per counter, -1 for none. */
static void xs_credit(struct xc_state *s, const int *counts)
{
	if (counts[ST_CNT_XCNT] >= 0)
		xs_retire(s, counts[ST_CNT_XCNT], -1);
	/* kmcnt 0 retires the SMEM translations (SMEM is out of order: only 0). */
	if (counts[ST_CNT_KM] == 0)
		xs_retire(s, 0, ST_XCNT_SMEM);
	/* loadcnt L retires the VMEM translations but the L newest, unless a
	 * store is outstanding (a store's translation is not a load). */
	if (counts[ST_CNT_LOAD] >= 0 && !s->store)
		xs_retire(s, counts[ST_CNT_LOAD], ST_XCNT_VMEM);
	if (counts[ST_CNT_STORE] == 0)
		s->store = false;
}

static void xs_issue(struct xc_state *s, uint32_t id, enum st_xcnt_kind kind, bool store)
{
	/* Kind switch: the hardware waits for the older kind's translations. */
	xs_retire(s, 0, kind == ST_XCNT_VMEM ? ST_XCNT_SMEM : ST_XCNT_VMEM);
	uint32_t w = 0;
	for (uint32_t k = 0; k < s->n; k++) {
		struct xc_event e = s->v[k];
		if (e.id == id || e.dist + 1 >= XC_DEPTH)
			continue;
		e.dist++;
		s->v[w++] = e;
	}
	s->n = w;
	xs_reserve(s, s->n + 1);
	uint32_t at = s->n;
	while (at > 0 && s->v[at - 1].id > id) {
		s->v[at] = s->v[at - 1];
		at--;
	}
	s->v[at] = (struct xc_event){id, (uint8_t)kind, 0};
	s->n++;
	s->store |= store;
}

/* The youngest outstanding event holding a register `i` writes, or -1. */
static int32_t youngest_holder(const struct xc *x, const struct st_inst *i)
{
	int32_t best = -1;
	for (uint32_t k = 0; k < x->cur.n; k++) {
		const struct xc_event *e = &x->cur.v[k];
		if (best >= 0 && x->cur.v[best].dist <= e->dist)
			continue;
		const struct st_inst *p = x->df->insts[e->id];
		struct st_reg held;
		for (uint32_t d = 0; d < i->ndsts; d++)
			if (i->dsts[d].kind == ST_OPND_REG && st_inst_xcnt_holds(p, i->dsts[d].reg, &held)) {
				best = (int32_t)k;
				break;
			}
	}
	return best;
}

static void record(struct xc *x, struct st_inst *i, int n, enum wc_rule rule, const struct st_inst *producer)
{
	if (!x->record || !x->df->processable[i->block->index])
		return;
	struct wc_anchor *a = st_wc_plan_anchor(x->plan, i, true);
	if (a->spec.cnt[ST_CNT_XCNT] == WC_UNUSED || n < a->spec.cnt[ST_CNT_XCNT])
		a->spec.cnt[ST_CNT_XCNT] = n;
	struct wc_reason r = {i, NULL, ST_CNT_XCNT, rule, (struct st_inst *)producer, {0}};
	st_vec_push(&x->plan->reasons, r);
	x->soft += rule == WC_RULE_XCNT_SOFT;
}

/* One instruction: its waits (the planned ones, then its own XCNT need),
 * then its issue. */
static void step(struct xc *x, struct st_inst *i)
{
	struct wc_dataflow *df = x->df;
	struct xc_state *s = &x->cur;
	int counts[ST_NUM_COUNTERS];
	if (st_wait_counts(i, counts))
		xs_credit(s, counts);
	const struct wc_spec *planned = i->id < df->ninst && df->insts[i->id] == i ? st_wc_plan_spec(x->plan, i) : NULL;
	if (planned)
		xs_credit(s, planned->cnt);
	enum st_xcnt_kind kind = st_inst_xcnt_kind(i);
	bool exempt = st_inst_is_call(i) || st_inst_is_return(i) || st_inst_is_terminator(i);
	if (s->n && !exempt) {
		int32_t h = youngest_holder(x, i);
		if (h >= 0) {
			int n = xs_has_kind(s, ST_XCNT_SMEM) ? 0 : s->v[h].dist;
			const struct st_inst *p = df->insts[s->v[h].id];
			/* A VMEM consumer cannot overtake an older translation. */
			if (kind != ST_XCNT_VMEM)
				record(x, i, n, WC_RULE_XCNT, p);
			xs_retire(s, n, -1);
		}
		if (s->n && kind == ST_XCNT_VMEM && st_inst_is_vmem_atomic(i)) {
			uint32_t newest = 0;
			for (uint32_t k = 1; k < s->n; k++)
				if (s->v[k].dist < s->v[newest].dist)
					newest = k;
			record(x, i, 0, WC_RULE_XCNT_SOFT, df->insts[s->v[newest].id]);
			xs_retire(s, 0, -1);
		}
	}
	if (kind != ST_XCNT_NONE)
		xs_issue(s, i->id, kind, st_inst_counter(i, false) == ST_CNT_STORE);
	if (st_inst_is_call(i))
		s->store = true; /* the callee may return with stores outstanding */
}

static void walk(struct xc *x, struct st_block *b)
{
	const struct wc_tail_drain *d = st_wc_plan_find_drain(x->plan, b);
	for (struct st_inst *i = b->first; i; i = i->next) {
		if (i->kind != ST_ITEM_INST)
			continue;
		if (d && i == b->last && st_inst_is_branch(i))
			xs_credit(&x->cur, d->spec.cnt), d = NULL;
		step(x, i);
	}
	if (d)
		xs_credit(&x->cur, d->spec.cnt);
}

static void entry_state(struct xc *x, struct st_block *b)
{
	struct xc_state *s = &x->cur;
	s->n = 0;
	s->store = false;
	s->valid = false;
	if (b->index == x->df->cfg->rpo[0]->index) {
		s->valid = true;
		/* A non-kernel function may be entered with stores outstanding. */
		s->store = x->df->func->callable;
	}
	for (size_t k = 0; k < b->preds.n; k++)
		xs_join(s, &x->out[b->preds.v[k]->index], &x->tmp);
}

void st_wc_xcnt_plan(struct wc_dataflow *df, struct wc_plan *plan)
{
	const struct st_cfg *cfg = df->cfg;
	if (!cfg->nreachable)
		return;
	struct xc x = {.df = df, .plan = plan};
	x.out = st_xcalloc(cfg->nblocks, sizeof *x.out);
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t k = 0; k < cfg->nreachable; k++) {
			struct st_block *b = cfg->rpo[k];
			entry_state(&x, b);
			if (!x.cur.valid)
				continue;
			walk(&x, b);
			struct xc_state *o = &x.out[b->index];
			xs_copy(&x.old, o);
			xs_join(o, &x.cur, &x.tmp);
			changed |= !xs_equal(o, &x.old);
		}
	}
	x.record = true;
	size_t before = plan->reasons.n;
	for (size_t k = 0; k < cfg->nreachable; k++) {
		struct st_block *b = cfg->rpo[k];
		entry_state(&x, b);
		if (x.cur.valid)
			walk(&x, b);
	}
	/* Emit reads each anchor's reasons as one run: the new ones join their
	 * anchor's (a stable sort by anchor; tail drains keep their order). */
	if (plan->reasons.n != before) {
		size_t n = plan->reasons.n;
		struct wc_reason *sorted = st_xmalloc(n * sizeof *sorted);
		size_t w = 0;
		for (size_t k = 0; k < n; k++)
			if (!plan->reasons.v[k].anchor)
				sorted[w++] = plan->reasons.v[k];
		/* Anchors in slot order, each with its reasons in recorded order. */
		size_t *count = st_xcalloc(plan->anchors.n + 1, sizeof *count);
		for (size_t k = 0; k < n; k++)
			if (plan->reasons.v[k].anchor)
				count[plan->slot[plan->reasons.v[k].anchor->id] + 1]++;
		for (size_t s = 1; s <= plan->anchors.n; s++)
			count[s] += count[s - 1];
		for (size_t k = 0; k < n; k++)
			if (plan->reasons.v[k].anchor)
				sorted[w + count[plan->slot[plan->reasons.v[k].anchor->id]]++] = plan->reasons.v[k];
		memcpy(plan->reasons.v, sorted, n * sizeof *sorted);
		free(sorted);
		free(count);
	}
	if (df->ctx && x.soft)
		st_pass_stat_add(df->ctx, "soft-xcnt-waits", x.soft);
	for (size_t k = 0; k < cfg->nblocks; k++)
		free(x.out[k].v);
	free(x.out);
	free(x.cur.v);
	free(x.tmp.v);
	free(x.old.v);
}

void st_wc_xcnt_describe(struct st_buf *out, const struct wc_reason *r)
{
	const struct st_inst *p = r->producer, *i = r->anchor;
	if (r->rule == WC_RULE_XCNT_SOFT) {
		st_buf_printf(out, "translations up to %s at line %u may be outstanding before an atomic", p->name,
		              p->loc.line);
		return;
	}
	struct st_reg held = {0};
	bool found = false;
	for (uint32_t d = 0; i && d < i->ndsts && !found; d++)
		found = i->dsts[d].kind == ST_OPND_REG && st_inst_xcnt_holds(p, i->dsts[d].reg, &held);
	char reg[64];
	st_reg_format(held, reg, sizeof reg);
	st_buf_printf(out, "%s, %s of %s at line %u, may be re-read until its translation completes", reg,
	              st_inst_xcnt_role(p, held), p->name, p->loc.line);
}
