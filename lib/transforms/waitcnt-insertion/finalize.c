/* Finalize: finalizePlan makes the plan agree with its own simulation.
 *
 * The solver decided each wait from its own running simulation; an optimizer
 * may then relax waits and add tail drains, so the FIFO state after an anchor
 * is no longer what the hardware will see. Even without optimizers, the
 * solver's fixed point need not be the tightest one: its waits depend on the
 * state, so an op seen in flight in an early sweep (before a later-found wait
 * drained it) can keep circulating in a loop. finalizePlan therefore iterates
 *
 *   simulate   the forward fixed point with the plan's waits as they stand
 *              and each tail drain applied to its predecessor's queues on the
 *              way into the join (adjustedEntry); with the waits fixed the
 *              transfer is monotone, so this is the least fixed point
 *   refine     mergePlanAndComputed at every instruction of the simulated
 *              state: a planned wait and the recomputed need give the
 *              stricter (smaller) immediate, a planned wait nothing needs is
 *              dropped, a need with no planned wait is added
 *
 * until the refined plan is the simulated one. Then every wait the plan
 * places is needed, and every need is met: the simulation is exactly the
 * state its waits produce. A relaxation by ShallowPredPromotion survives
 * exactly when the simulated state proves it safe. The tensor loop policy
 * applies as in the solver (the merge cuts tensor state on back edges). */
#include <string.h>

#include "waitcnt.h"

enum { FINALIZE_ROUNDS = 8, FINALIZE_ROUNDS_ANNOTATED = 64 };

bool st_wc_plan_same(const struct wc_plan *a, const struct wc_plan *b)
{
	size_t na = 0, nb = 0;
	for (size_t k = 0; k < a->anchors.n; k++) {
		const struct wc_anchor *x = &a->anchors.v[k];
		if (st_wc_spec_empty(&x->spec))
			continue;
		na++;
		const struct wc_spec *y = st_wc_plan_spec(b, x->inst);
		if (!y || memcmp(x->spec.cnt, y->cnt, sizeof y->cnt) != 0)
			return false;
	}
	for (size_t k = 0; k < b->anchors.n; k++)
		nb += !st_wc_spec_empty(&b->anchors.v[k].spec);
	if (na != nb || a->drains.n != b->drains.n)
		return false;
	for (size_t k = 0; k < a->drains.n; k++)
		if (a->drains.v[k].pred != b->drains.v[k].pred ||
		    memcmp(a->drains.v[k].spec.cnt, b->drains.v[k].spec.cnt, sizeof a->drains.v[k].spec.cnt) != 0)
			return false;
	return true;
}

/* Whether the waits of `have` meet every need `want` (a REFINE of it) lists:
 * each wait of `want` is there in `have`, at least as strict. */
static bool meets(const struct wc_plan *have, const struct wc_plan *want)
{
	for (size_t k = 0; k < want->anchors.n; k++) {
		const struct wc_anchor *w = &want->anchors.v[k];
		const struct wc_spec *h = st_wc_plan_spec(have, w->inst);
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			if (w->spec.cnt[c] != WC_UNUSED && (!h || h->cnt[c] == WC_UNUSED || h->cnt[c] > w->spec.cnt[c]))
				return false;
	}
	return true;
}

void st_wc_prune_plan(struct wc_dataflow *df, struct wc_plan *plan, unsigned *sweeps)
{
	struct wc_plan trial = {0}, next = {0};
	for (size_t k = 0; k < plan->anchors.n; k++) {
		for (int c = 0; c < ST_NUM_COUNTERS; c++) {
			if (plan->anchors.v[k].spec.cnt[c] == WC_UNUSED)
				continue;
			st_wc_plan_copy_waits(&trial, plan);
			trial.anchors.v[k].spec.cnt[c] = WC_UNUSED;
			bool ok = st_wc_solve(df, WC_SIMULATE, &trial, NULL, false);
			*sweeps += df->sweeps;
			if (!ok)
				continue;
			st_wc_materialize_plan(df, WC_REFINE, &trial, &next, false);
			if (meets(&trial, &next))
				plan->anchors.v[k].spec.cnt[c] = WC_UNUSED;
		}
	}
	st_wc_plan_free(&trial);
	st_wc_plan_free(&next);
}

bool st_wc_finalize_plan(struct wc_dataflow *df, struct wc_plan *plan, bool explain, unsigned *sweeps)
{
	/* With loop annotations a round drops at most one wait per counter. */
	int rounds = df->loops.any ? FINALIZE_ROUNDS_ANNOTATED : FINALIZE_ROUNDS;
	for (int round = 0; round < rounds; round++) {
		bool ok = st_wc_solve(df, WC_SIMULATE, plan, NULL, false);
		*sweeps += df->sweeps;
		if (!ok)
			break;
		struct wc_plan next = {0};
		st_wc_materialize_plan(df, WC_REFINE, plan, &next, explain);
		bool same = st_wc_plan_same(plan, &next);
		st_wc_plan_free(plan);
		*plan = next;
		if (same)
			return true;
	}
	return false;
}
