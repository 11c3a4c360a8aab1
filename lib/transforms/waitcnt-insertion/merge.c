/* mergeFromPredecessors: a block's entry state, one PerPredQueue per
 * predecessor and counter, from the predecessors' exit states: across a
 * loop back edge without tensor state (the tensor loop policy), across a
 * trip with one more trip and the ring advances (loop annotations), and with
 * each predecessor's tail drain applied when finalizePlan asks. */
#include "waitcnt.h"

static bool is_entry(const struct wc_dataflow *df, const struct st_block *b)
{
	return df->cfg->nreachable && df->cfg->rpo[0] == b;
}

void st_wc_merge_from_predecessors(struct wc_dataflow *df, struct st_block *b, const struct wc_state *exits,
                                const struct wc_plan *drains, struct wc_state *out)
{
	st_wc_state_free(out);
	bool reachable = st_cfg_reachable(df->cfg, b->index);
	/* The function entry (and a block nobody reaches) starts from the
	 * synthetic empty queue. */
	if (is_entry(df, b) || b->preds.n == 0) {
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			st_wc_qvec_push(&out->q[c], NULL);
		if (df->func->callable && is_entry(df, b))
			st_wc_unknown_op(out); /* called with ops of the caller in flight */
	}
	for (size_t k = 0; k < b->preds.n; k++) {
		struct st_block *p = b->preds.v[k];
		bool dup = false;
		for (size_t j = 0; j < k && !dup; j++)
			dup = b->preds.v[j] == p;
		/* Code that cannot run issues nothing into code that can. */
		if (dup || (reachable && !st_cfg_reachable(df->cfg, p->index)))
			continue;
		const struct wc_tail_drain *td = drains && df->drain_of ? df->drain_of[p->index] : NULL;
		/* The tensor loop policy: tensor state does not cross a loop back
		 * edge (one whose target dominates its source). The design computes
		 * CK_Tensor in sweep 0, where back edges carry nothing yet, and
		 * freezes it; cutting back edges gives the same state on reducible
		 * CFGs (sweep 0 in RPO is the fixed point of the CFG without its
		 * back edges) and stays sound on irreducible ones, where a
		 * retreating edge that is no back edge does carry tensor state. */
		bool tensor_cut = !df->loop_carried_token_deps && st_cfg_dominates(df->cfg, b->index, p->index) &&
		                  !st_wc_keeps_tensor(df, p, b);
		/* A trip: every op in flight counts it (loop annotations). */
		bool trip = df->loops.any && st_wc_is_trip_edge(df, p, b);
		for (int c = 0; c < ST_NUM_COUNTERS; c++) {
			struct wc_queue *q = st_wc_qvec_push(&out->q[c], p);
			if (c == ST_CNT_TENSOR && tensor_cut)
				continue;
			const struct wc_qvec *pq = &exits[p->index].q[c];
			for (size_t j = 0; j < pq->n; j++) {
				if (!trip) {
					st_wc_queue_merge(q, &pq->v[j]);
					continue;
				}
				struct wc_queue crossed = {0};
				st_wc_queue_copy(&crossed, &pq->v[j]);
				st_wc_cross_trip(df, &crossed, p);
				st_wc_queue_merge(q, &crossed);
				st_wc_queue_free(&crossed);
			}
			if (td && td->spec.cnt[c] != WC_UNUSED && (td->spec.cnt[c] == 0 || st_counter_in_order(c)))
				st_wc_queue_trim(q, td->spec.cnt[c]);
		}
	}
	/* A reachable block whose only predecessors cannot run: treat as entry. */
	if (out->q[0].n == 0)
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			st_wc_qvec_push(&out->q[c], NULL);
}
