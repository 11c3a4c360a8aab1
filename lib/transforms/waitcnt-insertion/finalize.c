/* Finalize: finalizePlan replays the post-optimizer plan.
 *
 * The solver simulated its own waits; an optimizer may have relaxed some of
 * them (and added tail drains), so the FIFO state the solver saw after an
 * anchor is no longer what the hardware will see. The replay is the same
 * forward fixed point, with three differences:
 *
 *   adjustedEntry          each predecessor's queues are trimmed by its tail
 *                          drain before they enter the successor
 *   mergePlanAndComputed   a planned wait and the recomputed need combine to
 *                          the stricter (smaller) immediate; a planned wait
 *                          with no recomputed need is dropped as redundant,
 *                          a need with no plan is added
 *   trims                  queues are trimmed by the applied values
 *
 * It runs every block (a relaxed anchor changes the state of every block it
 * reaches, not only of blocks holding anchors), applies the solver's tensor
 * loop policy, and iterates to a fixed point, so the
 * final plan is exactly as strict as its own simulation requires. */
#include "waitcnt.h"

bool wc_finalize_plan(struct wc_dataflow *df, struct wc_plan *plan, bool explain)
{
	if (!wc_solve(df, WC_REPLAY, plan))
		return false;
	struct wc_plan out = {0};
	wc_materialize_plan(df, WC_REPLAY, plan, &out, explain);
	wc_plan_free(plan);
	*plan = out;
	return true;
}
