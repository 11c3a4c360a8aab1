/* Optimize: ShallowPredPromotion, the shipped WaitPlanOptimizer.
 *
 * At a join the solver sizes a wait for the shallowest path (the minimum over
 * the per-pred queues), over-draining the deeper ones. For each anchor wait
 * in a join block and each counter it constrains, this optimizer computes
 * what each predecessor's path alone requires (perPredRequiredWait) and
 * relaxes the anchor to the deepest requirement it can make safe by draining
 * the shallower predecessors at their tail:
 *
 *   correctable    predecessor P != the join, whose only successor is the
 *                  join (a drain at its tail fires on no other path), and
 *                  which --process-blocks lets us edit
 *   relaxed wait   max over correctable P, capped by the minimum over the
 *                  uncorrectable ones; skipped unless looser than the plan
 *   tail drains    for each correctable P whose requirement is below the
 *                  relaxed wait: the wait P's exit state needs to retire the
 *                  anchor's dependencies (the strictest per (P, counter))
 *
 * The requirement of a path at the anchor is evaluated on the live queue of
 * that predecessor (so ops the join block issues before the anchor count),
 * and the drain on exitState[P], where it executes. finalizePlan simulates the
 * result and keeps a relaxation only where the simulated state proves it. */
#include <stdlib.h>
#include <string.h>

#include "waitcnt.h"

struct decision {
	struct st_inst *anchor;
	enum st_counter counter;
	int from, to;
	size_t first_drain, ndrains; /* into the drain list below */
};

struct drain_req {
	struct st_block *pred;
	enum st_counter counter;
	int value;
	size_t first_why, nwhy;
};

struct promo_walk {
	ST_VEC(struct decision) decisions;
	ST_VEC(struct drain_req) drains;
	struct wc_why why; /* producers of the drains, for remarks */
};

static bool only_successor(const struct st_block *p, const struct st_block *b)
{
	if (p->succs.n == 0)
		return false;
	for (size_t k = 0; k < p->succs.n; k++)
		if (p->succs.v[k] != b)
			return false;
	return true;
}

static bool has_anchor(const struct wc_plan *plan, const struct wc_dataflow *df, const struct st_block *b)
{
	st_foreach_inst(b, i) if (df->insts[i->id] == i && plan->slot[i->id] >= 0) return true;
	return false;
}

static void decide(struct wc_dataflow *df, struct promo_walk *w, struct st_block *b, struct st_inst *anchor,
                   const struct wc_spec *spec, const struct wc_state *live, const struct wc_state *entry,
                   bool explain)
{
	size_t nq = live->q[0].n;
	/* perPredRequiredWait: the anchor on each path alone, here (at) and at
	 * the join's entry (ex), each computed when first asked: most anchors
	 * relax nothing, and many have no in-order wait to relax. */
	struct wc_required *at = NULL, *ex = NULL;
	for (int ci = 0; ci < ST_NUM_COUNTERS; ci++) {
		enum st_counter c = (enum st_counter)ci;
		int cur = spec->cnt[c];
		if (cur == WC_UNUSED || !st_counter_in_order(c))
			continue; /* out of order (KM): every requirement is 0 */
		if (!at) {
			at = st_xmalloc(nq * sizeof *at);
			for (size_t k = 0; k < nq; k++)
				st_wc_compute_required_waits(df, anchor, live, (int)k, &at[k], NULL);
		}
		int max_corr = -1, min_uncorr = -1;
		for (size_t k = 0; k < nq; k++) {
			int r = at[k].cnt[c];
			if (r == WC_UNUSED)
				continue;
			struct st_block *p = live->q[c].v[k].pred;
			bool corr = p && p != b && only_successor(p, b) && df->processable[p->index];
			if (corr)
				max_corr = r > max_corr ? r : max_corr;
			else
				min_uncorr = min_uncorr < 0 || r < min_uncorr ? r : min_uncorr;
		}
		if (max_corr < 0)
			continue;
		int relaxed = min_uncorr >= 0 && min_uncorr < max_corr ? min_uncorr : max_corr;
		if (relaxed <= cur)
			continue;
		if (!ex) {
			ex = st_xmalloc(nq * sizeof *ex);
			for (size_t k = 0; k < nq; k++)
				st_wc_compute_required_waits(df, anchor, entry, (int)k, &ex[k], NULL);
		}
		/* Every shallower correctable path must be drained at its tail;
		 * give up if a path's need comes from ops issued in the join. */
		size_t first = w->drains.n;
		bool ok = true;
		for (size_t k = 0; k < nq && ok; k++) {
			int r = at[k].cnt[c];
			struct st_block *p = live->q[c].v[k].pred;
			if (r == WC_UNUSED || r >= relaxed)
				continue;
			st_assert(p && p != b);
			int e = ex[k].cnt[c];
			if (e == WC_UNUSED) {
				ok = false;
				break;
			}
			struct drain_req d = {p, c, e, w->why.n, 0};
			if (explain) {
				struct wc_required tmp;
				size_t before = w->why.n;
				st_wc_compute_required_waits(df, anchor, entry, (int)k, &tmp, &w->why);
				/* keep only this counter's contributions */
				size_t m = before;
				for (size_t j = before; j < w->why.n; j++)
					if (w->why.v[j].counter == c)
						w->why.v[m++] = w->why.v[j];
				w->why.n = m;
				d.first_why = before;
				d.nwhy = m - before;
			}
			st_vec_push(&w->drains, d);
		}
		if (!ok) {
			w->drains.n = first;
			continue;
		}
		struct decision dec = {anchor, c, cur, relaxed, first, w->drains.n - first};
		st_vec_push(&w->decisions, dec);
	}
	free(at);
	free(ex);
}

static bool rewrite(void *vctx, struct wc_plan *plan, struct wc_dataflow *df, struct st_function *f)
{
	struct wc_promotion_stats *stats = vctx;
	(void)f;
	bool changed = false;
	struct promo_walk w = {0};
	struct wc_state live = {0};
	for (size_t r = 0; r < df->cfg->nblocks; r++) {
		struct st_block *b = df->cfg->rpo[r];
		const struct wc_state *entry = &df->entry[b->index];
		if (!df->processable[b->index] || entry->q[0].n < 2 || !has_anchor(plan, df, b))
			continue;
		st_vec_clear(&w.decisions);
		st_vec_clear(&w.drains);
		w.why.n = 0;
		/* Walk the join as the plan executes it, one queue per predecessor. */
		st_wc_state_copy(&live, entry);
		struct wc_emit emit[ST_NUM_COUNTERS];
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			st_wc_emit_reset(&emit[c]);
		st_foreach_inst(b, i) {
			if (st_wc_credit_wait(df, i, &live, emit))
				continue;
			const struct wc_spec *spec = st_wc_plan_spec(plan, i);
			if (spec) {
				decide(df, &w, b, i, spec, &live, entry, stats->explain);
				for (int c = 0; c < ST_NUM_COUNTERS; c++)
					if (spec->cnt[c] != WC_UNUSED)
						st_wc_state_trim(&live, (enum st_counter)c, spec->cnt[c]);
			}
			st_wc_issue(df, &live, i, NULL);
		}
		/* Apply this join's decisions to the plan. */
		struct st_inst *last = NULL;
		for (size_t k = 0; k < w.decisions.n; k++) {
			struct decision *d = &w.decisions.v[k];
			struct wc_anchor *a = st_wc_plan_anchor(plan, d->anchor, false);
			st_assert(a);
			a->spec.cnt[d->counter] = d->to;
			if (!(a->relaxed & (1u << d->counter))) {
				st_assert(d->from >= WC_UNUSED && d->from <= INT8_MAX);
				a->relaxed_from[d->counter] = (int8_t)d->from;
			}
			a->relaxed |= 1u << d->counter;
			if (d->anchor != last)
				stats->relaxed_anchors++;
			last = d->anchor;
			for (size_t j = d->first_drain; j < d->first_drain + d->ndrains; j++) {
				struct drain_req *dr = &w.drains.v[j];
				struct wc_tail_drain *td = st_wc_plan_drain(plan, dr->pred, b);
				int *v = &td->spec.cnt[dr->counter];
				if (*v == WC_UNUSED || dr->value < *v)
					*v = dr->value;
				for (size_t y = dr->first_why; y < dr->first_why + dr->nwhy; y++) {
					struct wc_reason rs = {NULL, dr->pred, dr->counter, WC_RULE_TAIL_DRAIN,
					                       w.why.v[y].producer, w.why.v[y].from};
					bool dup = false;
					for (size_t z = 0; z < plan->reasons.n && !dup; z++)
						dup = plan->reasons.v[z].drain == rs.drain && plan->reasons.v[z].counter == rs.counter &&
						      plan->reasons.v[z].producer == rs.producer;
					if (!dup)
						st_vec_push(&plan->reasons, rs);
				}
			}
			changed = true;
		}
	}
	st_wc_plan_sort_drains(plan);
	st_wc_state_free(&live);
	st_vec_free(&w.decisions);
	st_vec_free(&w.drains);
	free(w.why.v);
	return changed;
}

struct wc_optimizer st_wc_shallow_pred_promotion(struct wc_promotion_stats *stats)
{
	return (struct wc_optimizer){"ShallowPredPromotion", stats, rewrite};
}
