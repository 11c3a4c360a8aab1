/* The wait-count data structures: PerPredQueue, DataflowState,
 * CounterEmitState, WaitCountSpec and WaitInsertionPlan (see waitcnt.h). */
#include <stdlib.h>
#include <string.h>

#include "waitcnt.h"

/* Every unknown op deeper than this behaves the same: a wait of at most a
 * counter's maximum (63) retires it and it never constrains a wait below
 * that maximum. */
#define UNK_DEPTH_CAP ((uint32_t)WC_MAX_IN_FLIGHT + 1)

void st_wc_spec_clear(struct wc_spec *s)
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		s->cnt[c] = WC_UNUSED;
}

bool st_wc_spec_empty(const struct wc_spec *s)
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		if (s->cnt[c] != WC_UNUSED)
			return false;
	return true;
}

/* PerPredQueue
 *
 * Entries are kept sorted by op id (then variant, then pointer), one per op
 * and variant (the trips and ring deltas of loop annotations, annotations.c;
 * always 0 without them): countFrom is a
 * binary search, merging two queues is a linear walk, and equality is a
 * comparison in a canonical order. `oldest` is the smallest stamp present, so
 * appends and trims touch the list only when something actually leaves. */

/* The order of entries: by the op id each entry keeps, so neither a search
 * nor a merge reads the instructions themselves. */
static int entry_cmp(const struct wc_entry *e, uint32_t id, uint32_t var, const struct st_inst *op)
{
	if (e->id != id)
		return e->id < id ? -1 : 1;
	if (e->var != var)
		return e->var < var ? -1 : 1;
	return (uintptr_t)e->op < (uintptr_t)op ? -1 : (uintptr_t)e->op > (uintptr_t)op;
}

void st_wc_queue_init(struct wc_queue *q, struct st_block *pred)
{
	memset(q, 0, sizeof *q);
	q->pred = pred;
}

void st_wc_queue_free(struct wc_queue *q)
{
	free(q->ops);
	q->ops = NULL;
	q->n = q->cap = 0;
}

static void reserve(struct wc_queue *q, uint32_t want)
{
	if (want <= q->cap)
		return;
	uint32_t nc = q->cap ? q->cap * 2 : 8;
	while (nc < want)
		nc *= 2;
	q->ops = st_xrealloc(q->ops, nc * sizeof *q->ops);
	q->cap = nc;
}

void st_wc_queue_copy(struct wc_queue *dst, const struct wc_queue *src)
{
	struct wc_entry *ops = dst->ops;
	uint32_t cap = dst->cap;
	*dst = *src;
	dst->ops = ops;
	dst->cap = cap;
	dst->n = 0;
	reserve(dst, src->n);
	if (src->n)
		memcpy(dst->ops, src->ops, src->n * sizeof *src->ops);
	dst->n = src->n;
}

/* Index of (op, var), or of where it would be inserted (with *found false). */
static uint32_t find_id(const struct wc_queue *q, const struct st_inst *op, uint32_t id, uint32_t var, bool *found)
{
	uint32_t lo = 0, hi = q->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = entry_cmp(&q->ops[mid], id, var, op);
		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = false;
	return lo;
}

/* Index of the first entry of id `id` or above. */
static inline uint32_t first_of_id(const struct wc_queue *q, uint32_t id)
{
	uint32_t lo = 0, hi = q->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (q->ops[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static inline int64_t newest_of(const struct wc_queue *q, const struct st_inst *op)
{
	/* The newest issue of op, whatever its variant: the entries of one id
	 * are next to each other. */
	int64_t best = -1;
	uint32_t id = op->id;
	if (!q->n || id < q->ops[0].id || id > q->ops[q->n - 1].id)
		return -1;
	for (uint32_t k = first_of_id(q, id); k < q->n && q->ops[k].id == id; k++)
		if (q->ops[k].op == op && (best < 0 || q->ops[k].stamp > q->ops[best].stamp))
			best = k;
	return best;
}

int64_t st_wc_queue_newest_of(const struct wc_queue *q, const struct st_inst *op)
{
	return newest_of(q, op);
}

uint32_t st_wc_queue_count_from_at(const struct wc_queue *q, const struct st_inst *op, bool *unknown, int64_t *at)
{
	int64_t k = newest_of(q, op);
	uint32_t d = k >= 0 ? st_wc_queue_depth(q, (uint32_t)k) : 0;
	uint32_t u = st_wc_queue_unk_depth(q);
	*unknown = u && (!d || u < d);
	if (*unknown) {
		d = u;
		k = -1;
	}
	*at = k;
	return d;
}

uint32_t st_wc_queue_count_from_ex(const struct wc_queue *q, const struct st_inst *op, bool *unknown)
{
	int64_t at;
	return st_wc_queue_count_from_at(q, op, unknown, &at);
}

uint32_t st_wc_queue_count_from(const struct wc_queue *q, const struct st_inst *op)
{
	bool unknown;
	return st_wc_queue_count_from_ex(q, op, &unknown);
}

/* Drops the entries with countFrom > keep; returns the newest stamp dropped
 * (0 if none). */
static uint32_t drop_deeper(struct wc_queue *q, uint32_t keep)
{
	if (!q->n || q->clock - q->oldest + 1 <= keep)
		return 0;
	uint32_t m = 0, newest = 0, oldest = UINT32_MAX;
	uint64_t writes = 0;
	bool flat = false;
	for (uint32_t k = 0; k < q->n; k++) {
		if (st_wc_queue_depth(q, k) > keep) {
			if (q->ops[k].stamp > newest)
				newest = q->ops[k].stamp;
			continue;
		}
		if (q->ops[k].stamp < oldest)
			oldest = q->ops[k].stamp;
		writes |= q->ops[k].writes;
		flat |= q->ops[k].flat;
		q->ops[m++] = q->ops[k];
	}
	q->n = m;
	q->writes = writes;
	q->flat = flat;
	q->oldest = m ? oldest : 0;
	return newest;
}

static bool append(struct wc_queue *q, struct st_inst *op, uint32_t id, uint64_t writes, bool flat)
{
	q->clock++;
	/* A re-issue (next loop iteration) supersedes the older issue: the
	 * consumer reads the newest one and draining it drains the older. */
	bool found = false;
	/* Ops mostly issue in id order (program order within a block): one past
	 * the last entry needs no search. */
	uint32_t k = q->n && q->ops[q->n - 1].id < id ? q->n : find_id(q, op, id, 0, &found);
	if (found) {
		/* `oldest` stays a lower bound; drop_deeper recomputes it. */
		q->ops[k].stamp = q->clock;
		if (q->n == 1)
			q->oldest = q->clock;
	} else {
		reserve(q, q->n + 1);
		if (k < q->n)
			memmove(q->ops + k + 1, q->ops + k, (q->n - k) * sizeof *q->ops);
		q->ops[k] = (struct wc_entry){op, q->clock, id, 0, flat, writes};
		q->writes |= writes;
		q->flat |= flat;
		if (q->n++ == 0)
			q->oldest = q->clock;
	}
	/* kMaxInFlight: the oldest ops leave the list but not the analysis; the
	 * unknown region keeps them so a dependency on one still waits (a wait of
	 * at most 63 drains them, as the hardware counter saturates there). */
	uint32_t dropped = q->clock - q->oldest + 1 > WC_MAX_IN_FLIGHT ? drop_deeper(q, WC_MAX_IN_FLIGHT) : 0;
	if (dropped) {
		if (!q->unk || dropped > q->unk_stamp)
			q->unk_stamp = dropped;
		q->unk = true;
	}
	return dropped != 0;
}

/* Without the solver's masks an op may write any register. */
bool st_wc_queue_append(struct wc_queue *q, struct st_inst *op)
{
	return append(q, op, op->id, UINT64_MAX, st_inst_is_flat(op));
}

void st_wc_queue_trim(struct wc_queue *q, int n)
{
	st_assert(n >= 0);
	if (n > 0 && q->flat)
		return;
	drop_deeper(q, (uint32_t)n);
	if (q->unk && st_wc_queue_unk_depth(q) > (uint32_t)n)
		q->unk = false;
}

static int entry_order(const void *a, const void *b)
{
	const struct wc_entry *y = b;
	return entry_cmp(a, y->id, y->var, y->op);
}

void st_wc_queue_resort(struct wc_queue *q)
{
	if (q->n < 2)
		return;
	qsort(q->ops, q->n, sizeof *q->ops, entry_order);
	uint32_t m = 1;
	for (uint32_t k = 1; k < q->n; k++) {
		struct wc_entry *last = &q->ops[m - 1];
		if (entry_cmp(last, q->ops[k].id, q->ops[k].var, q->ops[k].op) == 0) {
			if (q->ops[k].stamp > last->stamp) /* the newest issue */
				last->stamp = q->ops[k].stamp;
			continue;
		}
		q->ops[m++] = q->ops[k];
	}
	q->n = m;
}

void st_wc_queue_set_unknown(struct wc_queue *q)
{
	q->unk = true;
	q->unk_stamp = q->clock;
}

void st_wc_queue_merge(struct wc_queue *dst, const struct wc_queue *src)
{
	/* Re-stamp both on a common clock so countFrom is unchanged; entries
	 * beyond UNK_DEPTH_CAP cannot exist (the cap drops them). */
	uint32_t clock = UNK_DEPTH_CAP;
	uint32_t total = dst->n + src->n;
	struct wc_entry *out = st_xmalloc((total ? total : 1) * sizeof *out);
	uint32_t x = 0, y = 0, m = 0, oldest = UINT32_MAX;
	uint64_t writes = 0;
	bool flat = false;
	while (x < dst->n || y < src->n) {
		struct wc_entry e;
		int c = x == dst->n ? 1 : y == src->n ? -1 : entry_cmp(&dst->ops[x], src->ops[y].id, src->ops[y].var, src->ops[y].op);
		if (c < 0) {
			e = dst->ops[x];
			e.stamp = clock - st_wc_queue_depth(dst, x) + 1;
			x++;
		} else if (c > 0) {
			e = src->ops[y];
			e.stamp = clock - st_wc_queue_depth(src, y) + 1;
			y++;
		} else { /* the smallest countFrom: the newest issue on any path */
			uint32_t dx = st_wc_queue_depth(dst, x), dy = st_wc_queue_depth(src, y);
			e = dst->ops[x];
			e.stamp = clock - (dx < dy ? dx : dy) + 1;
			x++;
			y++;
		}
		if (e.stamp < oldest)
			oldest = e.stamp;
		writes |= e.writes;
		flat |= e.flat;
		out[m++] = e;
	}
	uint32_t u = 0;
	uint32_t ud = st_wc_queue_unk_depth(dst), us = st_wc_queue_unk_depth(src);
	if (ud && us)
		u = ud < us ? ud : us;
	else
		u = ud ? ud : us;
	if (u > UNK_DEPTH_CAP)
		u = UNK_DEPTH_CAP;
	free(dst->ops);
	dst->ops = out;
	dst->cap = total ? total : 1;
	dst->n = m;
	dst->writes = writes;
	dst->flat = flat;
	dst->clock = clock;
	dst->oldest = m ? oldest : 0;
	dst->unk = u != 0;
	dst->unk_stamp = u ? clock - u + 1 : 0;
}

bool st_wc_queue_equal(const struct wc_queue *a, const struct wc_queue *b)
{
	if (a->pred != b->pred || a->n != b->n || a->unk != b->unk)
		return false;
	if (a->unk) {
		uint32_t x = st_wc_queue_unk_depth(a), y = st_wc_queue_unk_depth(b);
		if ((x > UNK_DEPTH_CAP ? UNK_DEPTH_CAP : x) != (y > UNK_DEPTH_CAP ? UNK_DEPTH_CAP : y))
			return false;
	}
	for (uint32_t k = 0; k < a->n; k++)
		if (a->ops[k].op != b->ops[k].op || a->ops[k].var != b->ops[k].var ||
		    st_wc_queue_depth(a, k) != st_wc_queue_depth(b, k))
			return false;
	return true;
}

struct st_inst *st_wc_queue_newest(const struct wc_queue *q, uint32_t *depth)
{
	struct st_inst *best = NULL;
	uint32_t bs = 0;
	for (uint32_t k = 0; k < q->n; k++)
		if (!best || q->ops[k].stamp > bs) {
			best = q->ops[k].op;
			bs = q->ops[k].stamp;
		}
	*depth = best ? q->clock - bs + 1 : 0;
	return best;
}

/* Per-pred queue vectors */

void st_wc_qvec_free(struct wc_qvec *qv)
{
	for (size_t k = 0; k < qv->n; k++)
		st_wc_queue_free(&qv->v[k]);
	free(qv->v);
	qv->v = NULL;
	qv->n = qv->cap = 0;
}

struct wc_queue *st_wc_qvec_push(struct wc_qvec *qv, struct st_block *pred)
{
	st_vec_reserve(qv, qv->n + 1);
	struct wc_queue *q = &qv->v[qv->n++];
	st_wc_queue_init(q, pred);
	return q;
}

void st_wc_qvec_copy(struct wc_qvec *dst, const struct wc_qvec *src)
{
	while (dst->n > src->n)
		st_wc_queue_free(&dst->v[--dst->n]);
	while (dst->n < src->n)
		st_wc_qvec_push(dst, NULL);
	for (size_t k = 0; k < src->n; k++)
		st_wc_queue_copy(&dst->v[k], &src->v[k]);
}

bool st_wc_qvec_equal(const struct wc_qvec *a, const struct wc_qvec *b)
{
	if (a->n != b->n)
		return false;
	for (size_t k = 0; k < a->n; k++)
		if (!st_wc_queue_equal(&a->v[k], &b->v[k]))
			return false;
	return true;
}

/* DataflowState */

void st_wc_state_free(struct wc_state *s)
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		st_wc_qvec_free(&s->q[c]);
}

void st_wc_state_copy(struct wc_state *dst, const struct wc_state *src)
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		st_wc_qvec_copy(&dst->q[c], &src->q[c]);
}

bool st_wc_state_equal(const struct wc_state *a, const struct wc_state *b)
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		if (!st_wc_qvec_equal(&a->q[c], &b->q[c]))
			return false;
	return true;
}

void st_wc_state_trim(struct wc_state *s, enum st_counter c, int n)
{
	/* Out of order (scalar loads): a non-zero wait says how many are left,
	 * not which, so it retires none of them. */
	if (n > 0 && !st_counter_in_order(c))
		return;
	for (size_t k = 0; k < s->q[c].n; k++)
		st_wc_queue_trim(&s->q[c].v[k], n);
}

bool st_wc_state_append_id(struct wc_state *s, enum st_counter c, struct st_inst *op, uint32_t id, uint64_t writes,
                           bool flat)
{
	bool dropped = false;
	for (size_t k = 0; k < s->q[c].n; k++)
		dropped |= append(&s->q[c].v[k], op, id, writes, flat);
	return dropped;
}

bool st_wc_state_append(struct wc_state *s, enum st_counter c, struct st_inst *op)
{
	return st_wc_state_append_id(s, c, op, op->id, UINT64_MAX, st_inst_is_flat(op));
}

bool st_wc_state_any_in_flight(const struct wc_state *s, enum st_counter c, int only)
{
	for (size_t k = 0; k < s->q[c].n; k++)
		if ((only < 0 || (size_t)only == k) && !st_wc_queue_empty(&s->q[c].v[k]))
			return true;
	return false;
}

/* CounterEmitState */

void st_wc_emit_reset(struct wc_emit *e)
{
	e->last = WC_UNUSED;
	e->since = 0;
}

bool st_wc_emit_needs_new_wait(const struct wc_emit *e, int required)
{
	return e->last == WC_UNUSED || e->last + e->since > required;
}

void st_wc_emit_waited(struct wc_emit *e, int n)
{
	e->last = n;
	e->since = 0;
}

void st_wc_emit_issued(struct wc_emit *e)
{
	if (e->last != WC_UNUSED)
		e->since++;
}

const char *st_wc_rule_name(enum wc_rule r)
{
	switch (r) {
	case WC_RULE_RAW: return "RAW";
	case WC_RULE_WAR_LDS: return "WAR-on-LDS";
	case WC_RULE_WAW_LDS: return "WAW-on-LDS";
	case WC_RULE_WAW_REG: return "WAW";
	case WC_RULE_BARRIER: return "barrier ordering";
	case WC_RULE_FALLBACK: return "conservative fallback";
	case WC_RULE_ACQUIRE: return "acquire ordering";
	case WC_RULE_RING: return "LDS ring";
	case WC_RULE_LOOP_WAR: return "loop-carried WAR";
	case WC_RULE_LOOP_RAW: return "loop-carried RAW";
	case WC_RULE_DESC_WAR: return "tensor descriptor WAR";
	case WC_RULE_RETURN: return "return";
	case WC_RULE_TAIL_DRAIN: return "tail drain";
	case WC_RULE_XCNT: return "translation";
	case WC_RULE_XCNT_SOFT: return "atomic";
	case WC_RULE_CAP_HIT: return "cap hit";
	}
	return "?";
}

/* WaitInsertionPlan */

void st_wc_plan_init(struct wc_plan *p, uint32_t ninst)
{
	memset(p, 0, sizeof *p);
	p->ninst = ninst;
	p->slot = st_xmalloc((ninst ? ninst : 1) * sizeof *p->slot);
	for (uint32_t k = 0; k < ninst; k++)
		p->slot[k] = -1;
}

void st_wc_plan_free(struct wc_plan *p)
{
	free(p->slot);
	st_vec_free(&p->anchors);
	st_vec_free(&p->drains);
	st_vec_free(&p->reasons);
	p->slot = NULL;
}

static void plan_copy(struct wc_plan *dst, const struct wc_plan *src, bool anchor_reasons)
{
	st_wc_plan_free(dst);
	st_wc_plan_init(dst, src->ninst);
	if (src->ninst)
		memcpy(dst->slot, src->slot, src->ninst * sizeof *src->slot);
	st_vec_reserve(&dst->anchors, src->anchors.n);
	if (src->anchors.n)
		memcpy(dst->anchors.v, src->anchors.v, src->anchors.n * sizeof *src->anchors.v);
	dst->anchors.n = src->anchors.n;
	st_vec_reserve(&dst->drains, src->drains.n);
	if (src->drains.n)
		memcpy(dst->drains.v, src->drains.v, src->drains.n * sizeof *src->drains.v);
	dst->drains.n = src->drains.n;
	if (anchor_reasons) {
		st_vec_reserve(&dst->reasons, src->reasons.n);
		if (src->reasons.n)
			memcpy(dst->reasons.v, src->reasons.v, src->reasons.n * sizeof *src->reasons.v);
		dst->reasons.n = src->reasons.n;
	} else {
		for (size_t k = 0; k < src->reasons.n; k++)
			if (src->reasons.v[k].drain)
				st_vec_push(&dst->reasons, src->reasons.v[k]);
	}
	dst->cap_hit = src->cap_hit;
}

void st_wc_plan_copy(struct wc_plan *dst, const struct wc_plan *src)
{
	plan_copy(dst, src, true);
}

void st_wc_plan_copy_waits(struct wc_plan *dst, const struct wc_plan *src)
{
	plan_copy(dst, src, false);
}

struct wc_anchor *st_wc_plan_anchor(struct wc_plan *p, struct st_inst *inst, bool create)
{
	st_assert(inst->id < p->ninst);
	int32_t s = p->slot[inst->id];
	if (s >= 0)
		return &p->anchors.v[s];
	if (!create)
		return NULL;
	struct wc_anchor a = {.inst = inst};
	st_wc_spec_clear(&a.spec);
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		a.relaxed_from[c] = WC_UNUSED;
	p->slot[inst->id] = (int32_t)p->anchors.n;
	st_vec_push(&p->anchors, a);
	return &st_vec_last(&p->anchors);
}

const struct wc_spec *st_wc_plan_spec(const struct wc_plan *p, const struct st_inst *inst)
{
	if (inst->id >= p->ninst || p->slot[inst->id] < 0)
		return NULL;
	return &p->anchors.v[p->slot[inst->id]].spec;
}

struct wc_tail_drain *st_wc_plan_drain(struct wc_plan *p, struct st_block *pred, struct st_block *succ)
{
	for (size_t k = 0; k < p->drains.n; k++)
		if (p->drains.v[k].pred == pred)
			return &p->drains.v[k];
	struct wc_tail_drain d = {.pred = pred, .succ = succ};
	st_wc_spec_clear(&d.spec);
	st_vec_push(&p->drains, d);
	return &st_vec_last(&p->drains);
}

const struct wc_tail_drain *st_wc_plan_find_drain(const struct wc_plan *p, const struct st_block *pred)
{
	for (size_t k = 0; k < p->drains.n; k++)
		if (p->drains.v[k].pred == pred)
			return &p->drains.v[k];
	return NULL;
}

static int cmp_drain(const void *a, const void *b)
{
	const struct wc_tail_drain *x = a, *y = b;
	return x->pred->index < y->pred->index ? -1 : x->pred->index > y->pred->index;
}

void st_wc_plan_sort_drains(struct wc_plan *p)
{
	if (p->drains.n > 1)
		qsort(p->drains.v, p->drains.n, sizeof *p->drains.v, cmp_drain);
}
