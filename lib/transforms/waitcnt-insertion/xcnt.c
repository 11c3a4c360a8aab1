/* XCNT, the address-translation counter (docs/xcnt.md): the s_wait_xcnt
 * waits of the plan, placed after finalizePlan so that the waits the plan
 * emits anyway are credited (a loadcnt or kmcnt wait that also covers the
 * translations needs no s_wait_xcnt of its own).
 *
 * The state at a program point lists the events (VMEM and SMEM ops) whose
 * translation may be outstanding, each with its distance: the number of
 * events issued after it, the smallest over the paths (a wait of that many
 * retires it on every path), and whether a store may be outstanding with it
 * (then loadcnt does not cover it). Joins take the union; the fixed point is
 * described at st_wc_xcnt_plan. An event with 63 newer ones is retired (the
 * 6-bit counter holds at most 63, as LLVM's score bracket assumes). */
#include <stdlib.h>
#include <string.h>

#include "waitcnt.h"

enum { XC_DEPTH = 63 }; /* events an XCNT queue can hold; a wait is at most XC_DEPTH - 1 */

struct xc_event {
	uint32_t id;    /* df->insts index */
	uint8_t kind;   /* enum st_xcnt_kind */
	uint8_t store;  /* on a path where it is outstanding, a store may be too */
	uint16_t dist;  /* events issued after it, 0..XC_DEPTH-1 */
};
/* No padding: states compare with memcmp. */
_Static_assert(sizeof(struct xc_event) == 8, "struct xc_event has no padding");

/* Registers as buckets (add_buckets): words [0, XM_V) for VGPRs and AGPRs,
 * [XM_V, XM_WORDS) for the others. */
enum { XM_V = 4, XM_WORDS = 6 };
struct xc_mask {
	uint64_t w[XM_WORDS];
};

struct xc_state {
	struct xc_event *v; /* sorted by id */
	struct xc_mask held; /* a superset of the registers the events hold (a filter) */
	uint32_t n, cap;
	bool store;         /* a VMEM store (or atomic without return) may be outstanding (for new events) */
	bool valid;         /* reached */
};

/* A wait the walk found: before `anchor`, for `producer`. */
struct xc_rec {
	struct st_inst *anchor;
	const struct st_inst *producer;
	int n;
	enum wc_rule rule;
};

struct xc {
	struct wc_dataflow *df;
	struct wc_plan *plan;
	uint32_t *held_at;      /* by instruction id: its entry of held (set for events only) */
	ST_VEC(struct xc_mask) held; /* by event: the registers it holds */
	ST_VEC(struct xc_rec) *recs; /* by block index: the waits of its last walk */
	struct xc_state *out; /* by block index */
	struct xc_state cur, tmp, old;
};

/* Registers as buckets, for a quick test before the exact one: VGPRs and
 * AGPRs by index modulo 256, the other registers (SGPRs, EXEC at 127, ...)
 * by index modulo 128, which is exact for most kernels. */
static void add_buckets(struct xc_mask *m, struct st_reg r)
{
	if (r.cls == ST_REG_LDS)
		return;
	bool vector = r.cls == ST_REG_V || r.cls == ST_REG_ACC;
	uint32_t base = st_reg_is_exec(r) ? 127 : r.index, n = r.count ? r.count : 1;
	uint64_t *w = vector ? m->w : m->w + XM_V;
	uint32_t words = vector ? XM_V : XM_WORDS - XM_V, width = 64 * words;
	if (n >= width) {
		for (uint32_t k = 0; k < words; k++)
			w[k] = ~0ull;
		return;
	}
	/* The buckets base .. base + n - 1 (mod width), a word's run at a time. */
	for (uint32_t b = base % width; n;) {
		uint32_t in_word = 64 - b % 64, run = n < in_word ? n : in_word;
		w[b / 64] |= (run == 64 ? ~0ull : ((1ull << run) - 1)) << (b % 64);
		n -= run;
		b = (b + run) % width;
	}
}

static bool masks_meet(const struct xc_mask *a, const struct xc_mask *b)
{
	uint64_t any = 0;
	for (int k = 0; k < XM_WORDS; k++)
		any |= a->w[k] & b->w[k];
	return any != 0;
}

static void mask_or(struct xc_mask *d, const struct xc_mask *s)
{
	for (int k = 0; k < XM_WORDS; k++)
		d->w[k] |= s->w[k];
}

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
	d->held = s->held;
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
			e.store |= s->v[j].store;
			j++;
			tmp->v[tmp->n++] = e;
		}
	}
	tmp->held = d->held;
	mask_or(&tmp->held, &s->held);
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
	if (!w)
		s->held = (struct xc_mask){{0}};
}

static bool xs_has_kind(const struct xc_state *s, enum st_xcnt_kind k)
{
	for (uint32_t j = 0; j < s->n; j++)
		if (s->v[j].kind == k)
			return true;
	return false;
}

/* A store may now be outstanding with every event (or, on false, with none). */
static void xs_set_store(struct xc_state *s, bool store)
{
	s->store = store;
	for (uint32_t k = 0; k < s->n; k++)
		s->v[k].store = store;
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
	/* loadcnt L retires the VMEM translations but the L newest, of the
	 * events no store may be outstanding with (a store's translation is not
	 * a load): kept per event, so that a store on another path into a join
	 * does not keep this path's loads. */
	if (counts[ST_CNT_LOAD] >= 0) {
		uint32_t w = 0;
		for (uint32_t k = 0; k < s->n; k++) {
			const struct xc_event *e = &s->v[k];
			if (e->kind != ST_XCNT_VMEM || e->store || e->dist < counts[ST_CNT_LOAD])
				s->v[w++] = *e;
		}
		s->n = w;
		if (!w)
			s->held = (struct xc_mask){{0}};
	}
	if (counts[ST_CNT_STORE] == 0)
		xs_set_store(s, false);
}

static void xs_issue(struct xc_state *s, uint32_t id, enum st_xcnt_kind kind, bool store, const struct xc_mask *held)
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
	s->v[at] = (struct xc_event){id, (uint8_t)kind, (uint8_t)(s->store || store), 0};
	s->n++;
	mask_or(&s->held, held);
	if (store)
		xs_set_store(s, true);
}

/* The youngest outstanding event holding a register `i` writes, or -1. */
static int32_t youngest_holder(const struct xc *x, const struct st_inst *i)
{
	int32_t best = -1;
	/* Built here rather than kept per instruction (48 bytes each): only
	 * instructions walked with translations outstanding need it. */
	struct xc_mask writes = {{0}};
	for (uint32_t d = 0; d < i->ndsts; d++)
		if (i->dsts[d].kind == ST_OPND_REG)
			add_buckets(&writes, i->dsts[d].reg);
	const struct xc_mask *w = &writes;
	if (!masks_meet(&x->cur.held, w))
		return -1;
	for (uint32_t k = 0; k < x->cur.n; k++) {
		const struct xc_event *e = &x->cur.v[k];
		if ((best >= 0 && x->cur.v[best].dist <= e->dist) || !masks_meet(&x->held.v[x->held_at[e->id]], w))
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

/* A wait of the block being walked; the last walk of a block is the one
 * from its final entry state (a change of a predecessor's exit walks it
 * again), so its records are the plan's. */
static void record(struct xc *x, struct st_inst *i, int n, enum wc_rule rule, const struct st_inst *producer)
{
	if (!x->df->processable[i->block->index])
		return;
	struct xc_rec r = {i, producer, n, rule};
	st_vec_push(&x->recs[i->block->index], r);
}

/* One instruction: its waits (the planned ones, then its own XCNT need),
 * then its issue. */
static void step(struct xc *x, struct st_inst *i)
{
	struct wc_dataflow *df = x->df;
	struct xc_state *s = &x->cur;
	/* What the walk asks of an instruction, from the numbering walk. */
	unsigned t = df->facts[i->id];
	int counts[ST_NUM_COUNTERS];
	if ((t & WC_F_WAIT) && st_wait_counts(i, counts))
		xs_credit(s, counts);
	int32_t slot = i->id < x->plan->ninst ? x->plan->slot[i->id] : -1; /* st_wc_plan_spec, inline */
	if (slot >= 0)
		xs_credit(s, x->plan->anchors.v[slot].spec.cnt);
	enum st_xcnt_kind kind = (enum st_xcnt_kind)((t & WC_F_XCNT_KIND) >> WC_F_XCNT_SHIFT);
	if (s->n && !(t & WC_F_XCNT_EXEMPT)) {
		int32_t h = youngest_holder(x, i);
		if (h >= 0) {
			int n = xs_has_kind(s, ST_XCNT_SMEM) ? 0 : s->v[h].dist;
			const struct st_inst *p = df->insts[s->v[h].id];
			/* A VMEM consumer cannot overtake an older translation. */
			if (kind != ST_XCNT_VMEM)
				record(x, i, n, WC_RULE_XCNT, p);
			xs_retire(s, n, -1);
		}
		if (s->n && (t & WC_F_XCNT_ATOMIC)) {
			uint32_t newest = 0;
			for (uint32_t k = 1; k < s->n; k++)
				if (s->v[k].dist < s->v[newest].dist)
					newest = k;
			record(x, i, 0, WC_RULE_XCNT_SOFT, df->insts[s->v[newest].id]);
			xs_retire(s, 0, -1);
		}
	}
	if (kind != ST_XCNT_NONE)
		xs_issue(s, i->id, kind, t & WC_F_XCNT_STORE, &x->held.v[x->held_at[i->id]]);
	if (t & WC_F_CALL)
		xs_set_store(s, true); /* the callee may return with stores outstanding */
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
	s->held = (struct xc_mask){{0}};
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

/* An anchor's plan slot, for reasons walked in order: an anchor's reasons
 * mostly follow each other, so its slot is looked up (through the
 * instruction) once per run of them. */
struct slot_run {
	const struct st_inst *anchor;
	int32_t slot;
};

static int32_t anchor_slot(const struct wc_plan *plan, struct slot_run *run, const struct st_inst *a)
{
	if (a != run->anchor) {
		run->anchor = a;
		run->slot = plan->slot[a->id];
	}
	return run->slot;
}

void st_wc_xcnt_plan(struct wc_dataflow *df, struct wc_plan *plan)
{
	const struct st_cfg *cfg = df->cfg;
	if (!cfg->nreachable)
		return;
	struct xc x = {.df = df, .plan = plan};
	/* What an event holds is kept for events only: most instructions are
	 * not, and a mask is 48 bytes. held_at is read for events alone, so
	 * only their entries are written, and only the events are visited (the
	 * numbering walk took every instruction's traits: no walk over all of
	 * them here, a cache miss each on a large kernel). */
	x.held_at = st_xmalloc((df->ninst ? df->ninst : 1) * sizeof *x.held_at);
	for (uint32_t k = 0; k < df->ninst; k++) {
		enum st_xcnt_kind ik = (enum st_xcnt_kind)((df->facts[k] & WC_F_XCNT_KIND) >> WC_F_XCNT_SHIFT);
		if (ik == ST_XCNT_NONE)
			continue;
		const struct st_inst *i = df->insts[k];
		struct xc_mask held = {{0}};
		for (uint32_t j = 0; j < i->nsrcs; j++)
			if (i->srcs[j].kind == ST_OPND_REG)
				add_buckets(&held, i->srcs[j].reg);
		if (ik == ST_XCNT_VMEM)
			add_buckets(&held, (struct st_reg){.index = 0, .count = 1, .cls = ST_REG_EXEC_LO});
		x.held_at[k] = (uint32_t)x.held.n;
		st_vec_push(&x.held, held);
	}
	x.out = st_xcalloc(cfg->nblocks, sizeof *x.out);
	x.recs = st_xcalloc(cfg->nblocks, sizeof *x.recs);
	/* Sweeps in RPO over the blocks whose predecessors' exits changed. A
	 * block's exit is its last walk's: the waits of that walk are the plan's,
	 * and under a fixed plan the walk is monotone, so a fixed point is sound
	 * (an exit kept from a walk whose wait was later added would hold a
	 * translation that wait retires). A wait decided from a larger state
	 * can shrink an exit, so this need not settle: after `cap` sweeps the
	 * exits are joined with the previous ones instead, which only grow. */
	bool *dirty = st_xcalloc(cfg->nblocks, sizeof *dirty);
	for (size_t k = 0; k < cfg->nreachable; k++)
		dirty[cfg->rpo[k]->index] = true;
	unsigned sweeps = 0, cap = 2 * (unsigned)cfg->nreachable + 8;
	for (bool changed = true; changed; sweeps++) {
		changed = false;
		bool grow = sweeps >= cap;
		for (size_t k = 0; k < cfg->nreachable; k++) {
			struct st_block *b = cfg->rpo[k];
			if (!dirty[b->index])
				continue;
			dirty[b->index] = false;
			entry_state(&x, b);
			if (!x.cur.valid)
				continue;
			st_vec_clear(&x.recs[b->index]);
			walk(&x, b);
			struct xc_state *o = &x.out[b->index];
			xs_copy(&x.old, o);
			if (grow)
				xs_join(o, &x.cur, &x.tmp);
			else
				xs_copy(o, &x.cur);
			if (xs_equal(o, &x.old))
				continue;
			changed = true;
			for (size_t s = 0; s < b->succs.n; s++)
				dirty[b->succs.v[s]->index] = true;
		}
	}
	free(dirty);
	size_t before = plan->reasons.n;
	unsigned soft = 0;
	for (size_t k = 0; k < cfg->nreachable; k++) {
		const struct st_block *b = cfg->rpo[k];
		for (size_t j = 0; j < x.recs[b->index].n; j++) {
			const struct xc_rec *r = &x.recs[b->index].v[j];
			struct wc_anchor *a = st_wc_plan_anchor(plan, r->anchor, true);
			if (a->spec.cnt[ST_CNT_XCNT] == WC_UNUSED || r->n < a->spec.cnt[ST_CNT_XCNT])
				a->spec.cnt[ST_CNT_XCNT] = r->n;
			struct wc_reason reason = {r->anchor, NULL, ST_CNT_XCNT, r->rule, (struct st_inst *)r->producer, {0}};
			st_vec_push(&plan->reasons, reason);
			soft += r->rule == WC_RULE_XCNT_SOFT;
		}
		st_vec_free(&x.recs[b->index]);
	}
	free(x.recs);
	/* Emit reads each anchor's reasons as one run: the new ones join their
	 * anchor's (a stable sort by anchor; tail drains keep their order). */
	if (plan->reasons.n != before) {
		size_t n = plan->reasons.n;
		struct wc_reason *sorted = st_xmalloc(n * sizeof *sorted);
		size_t w = 0;
		for (size_t k = 0; k < n; k++)
			if (!plan->reasons.v[k].anchor)
				sorted[w++] = plan->reasons.v[k];
		/* Anchors in slot order, each with its reasons in recorded order
		 * (a counting sort by slot). */
		size_t *count = st_xcalloc(plan->anchors.n + 1, sizeof *count);
		struct slot_run run = {0};
		for (size_t k = 0; k < n; k++)
			if (plan->reasons.v[k].anchor)
				count[anchor_slot(plan, &run, plan->reasons.v[k].anchor) + 1]++;
		for (size_t s = 1; s <= plan->anchors.n; s++)
			count[s] += count[s - 1];
		run = (struct slot_run){0};
		for (size_t k = 0; k < n; k++)
			if (plan->reasons.v[k].anchor)
				sorted[w + count[anchor_slot(plan, &run, plan->reasons.v[k].anchor)]++] = plan->reasons.v[k];
		memcpy(plan->reasons.v, sorted, n * sizeof *sorted);
		free(sorted);
		free(count);
	}
	if (df->ctx && soft)
		st_pass_stat_add(df->ctx, "soft-xcnt-waits", soft);
	for (size_t k = 0; k < cfg->nblocks; k++)
		free(x.out[k].v);
	free(x.out);
	free(x.cur.v);
	free(x.tmp.v);
	free(x.old.v);
	free(x.held_at);
	st_vec_free(&x.held);
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
