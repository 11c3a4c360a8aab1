/* Unit tests of the wait-count insertion data structures: PerPredQueue
 * (countFrom, append, trimQueues, the kMaxInFlight cap, merging), the
 * DataflowState's KM rule, CounterEmitState (needsNewWait), WaitCountSpec and
 * WaitInsertionPlan. The pass itself is covered by the lit tests in
 * test/lit/transforms/waitcnt-insertion/. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "parsed.h"
#include "stinkytofu/ssa.h"
#include "transforms/waitcnt-insertion/waitcnt.h"

static const struct st_loc noloc;

struct fixture {
	struct st_module *m;
	struct st_inst *op[80];
};

static void setup(struct fixture *fx)
{
	fx->m = st_module_new("t.stir");
	for (uint32_t k = 0; k < 80; k++) {
		fx->op[k] = st_inst_new(fx->m, "ds_load_b32", noloc);
		fx->op[k]->id = k;
	}
}

START_TEST(test_count_from_and_trim)
{
	struct fixture fx;
	setup(&fx);
	struct wc_queue q;
	st_wc_queue_init(&q, NULL);
	for (int k = 0; k < 4; k++)
		ck_assert(!st_wc_queue_append(&q, fx.op[k]));
	/* The seed's example: op0 countFrom 4 (wait 3) ... op3 countFrom 1. */
	for (int k = 0; k < 4; k++)
		ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[k]), 4 - k);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[7]), 0);
	/* s_wait 2 keeps the two newest. */
	st_wc_queue_trim(&q, 2);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[0]), 0);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[1]), 0);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[2]), 2);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[3]), 1);
	st_wc_queue_trim(&q, 0);
	ck_assert(st_wc_queue_empty(&q));
	st_wc_queue_free(&q);
	st_module_free(fx.m);
}
END_TEST

START_TEST(test_reissue_keeps_newest)
{
	struct fixture fx;
	setup(&fx);
	struct wc_queue q;
	st_wc_queue_init(&q, NULL);
	st_wc_queue_append(&q, fx.op[0]);
	st_wc_queue_append(&q, fx.op[1]);
	st_wc_queue_append(&q, fx.op[0]); /* next loop iteration */
	ck_assert_uint_eq(q.n, 2);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[0]), 1);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[1]), 2);
	st_wc_queue_free(&q);
	st_module_free(fx.m);
}
END_TEST

START_TEST(test_cap_keeps_dropped_ops_waitable)
{
	struct fixture fx;
	setup(&fx);
	struct wc_queue q;
	st_wc_queue_init(&q, NULL);
	for (int k = 0; k < WC_MAX_IN_FLIGHT; k++)
		ck_assert(!st_wc_queue_append(&q, fx.op[k]));
	ck_assert(st_wc_queue_append(&q, fx.op[WC_MAX_IN_FLIGHT])); /* the 65th */
	ck_assert_uint_eq(q.n, WC_MAX_IN_FLIGHT);
	ck_assert(q.unk);
	/* op0 left the list but is still waited for, at countFrom 65. */
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[0]), 65);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[1]), 64);
	/* A wait of 63 drains everything older than the 63 newest. */
	st_wc_queue_trim(&q, 63);
	ck_assert(!q.unk);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[0]), 0);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[1]), 0);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[2]), 63);
	st_wc_queue_free(&q);
	st_module_free(fx.m);
}
END_TEST

START_TEST(test_unknown_region)
{
	struct fixture fx;
	setup(&fx);
	struct wc_queue q;
	st_wc_queue_init(&q, NULL);
	st_wc_queue_set_unknown(&q);
	ck_assert(!st_wc_queue_empty(&q));
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[5]), 1);
	st_wc_queue_append(&q, fx.op[1]);
	st_wc_queue_append(&q, fx.op[2]);
	/* Anything from before the walk is older than the two appends. */
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[5]), 3);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[2]), 1);
	st_wc_queue_trim(&q, 2);
	ck_assert(!q.unk);
	ck_assert_uint_eq(st_wc_queue_count_from(&q, fx.op[5]), 0);
	st_wc_queue_free(&q);
	st_module_free(fx.m);
}
END_TEST

START_TEST(test_merge_min_count_from)
{
	struct fixture fx;
	setup(&fx);
	struct st_inst *a = fx.op[0], *b = fx.op[1], *c = fx.op[2], *x = fx.op[3];
	struct wc_queue q1, q2, m;
	st_wc_queue_init(&q1, NULL);
	st_wc_queue_init(&q2, NULL);
	st_wc_queue_init(&m, NULL);
	st_wc_queue_append(&q1, a);
	st_wc_queue_append(&q1, b);
	st_wc_queue_append(&q1, x);
	st_wc_queue_append(&q2, c);
	st_wc_queue_append(&q2, a);
	st_wc_queue_append(&q2, x);
	st_wc_queue_merge(&m, &q1);
	st_wc_queue_merge(&m, &q2);
	ck_assert_uint_eq(st_wc_queue_count_from(&m, a), 2); /* q2's position */
	ck_assert_uint_eq(st_wc_queue_count_from(&m, b), 2);
	ck_assert_uint_eq(st_wc_queue_count_from(&m, c), 3);
	ck_assert_uint_eq(st_wc_queue_count_from(&m, x), 1);
	/* Merging in the other order gives the same queue. */
	struct wc_queue m2;
	st_wc_queue_init(&m2, NULL);
	st_wc_queue_merge(&m2, &q2);
	st_wc_queue_merge(&m2, &q1);
	ck_assert(st_wc_queue_equal(&m, &m2));
	st_wc_queue_trim(&m2, 1);
	ck_assert(!st_wc_queue_equal(&m, &m2));
	st_wc_queue_free(&q1);
	st_wc_queue_free(&q2);
	st_wc_queue_free(&m);
	st_wc_queue_free(&m2);
	st_module_free(fx.m);
}
END_TEST

/* The merged queue answers every query exactly as the separate per-path
 * FIFOs do (the minimum over them), under any sequence of appends and waits:
 * checked against explicit FIFO lists on random sequences. */
struct fifo {
	int ops[256];
	int n;
};

static uint32_t fifo_count_from(const struct fifo *f, int op)
{
	for (int k = f->n; k-- > 0;)
		if (f->ops[k] == op)
			return (uint32_t)(f->n - k);
	return 0;
}

START_TEST(test_merge_is_exact)
{
	struct fixture fx;
	setup(&fx);
	unsigned seed = 12345;
	for (int round = 0; round < 400; round++) {
		struct fifo paths[4];
		int npaths = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 4;
		struct wc_queue merged;
		st_wc_queue_init(&merged, NULL);
		for (int p = 0; p < npaths; p++) {
			struct wc_queue one;
			st_wc_queue_init(&one, NULL);
			paths[p].n = 0;
			int len = (int)((seed = seed * 1103515245u + 12345u) >> 16) % 12;
			for (int k = 0; k < len; k++) {
				int op = (int)((seed = seed * 1103515245u + 12345u) >> 16) % 10;
				paths[p].ops[paths[p].n++] = op;
				st_wc_queue_append(&one, fx.op[op]);
			}
			st_wc_queue_merge(&merged, &one);
			st_wc_queue_free(&one);
		}
		for (int step = 0; step < 20; step++) {
			unsigned r = (seed = seed * 1103515245u + 12345u) >> 16;
			if (r % 3) {
				int op = (int)(r / 3) % 10;
				for (int p = 0; p < npaths; p++)
					paths[p].ops[paths[p].n++] = op;
				st_wc_queue_append(&merged, fx.op[op]);
			} else {
				int n = (int)(r / 3) % 6;
				for (int p = 0; p < npaths; p++)
					if (paths[p].n > n) {
						memmove(paths[p].ops, paths[p].ops + paths[p].n - n, n * sizeof(int));
						paths[p].n = n;
					}
				st_wc_queue_trim(&merged, n);
			}
			for (int op = 0; op < 10; op++) {
				uint32_t want = 0;
				for (int p = 0; p < npaths; p++) {
					uint32_t d = fifo_count_from(&paths[p], op);
					if (d && (!want || d < want))
						want = d;
				}
				ck_assert_uint_eq(st_wc_queue_count_from(&merged, fx.op[op]), want);
			}
		}
		st_wc_queue_free(&merged);
	}
	st_module_free(fx.m);
}
END_TEST

START_TEST(test_state_km_out_of_order)
{
	struct fixture fx;
	setup(&fx);
	struct wc_state s = {0};
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		st_wc_qvec_push(&s.q[c], NULL);
	st_wc_state_append(&s, ST_CNT_KM, fx.op[0]);
	st_wc_state_append(&s, ST_CNT_KM, fx.op[1]);
	st_wc_state_append(&s, ST_CNT_DS, fx.op[2]);
	st_wc_state_append(&s, ST_CNT_DS, fx.op[3]);
	/* s_wait_kmcnt 1 says one is left, not which: nothing retires. */
	st_wc_state_trim(&s, ST_CNT_KM, 1);
	ck_assert_uint_eq(st_wc_queue_count_from(&s.q[ST_CNT_KM].v[0], fx.op[0]), 2);
	st_wc_state_trim(&s, ST_CNT_DS, 1);
	ck_assert_uint_eq(st_wc_queue_count_from(&s.q[ST_CNT_DS].v[0], fx.op[2]), 0);
	ck_assert(st_wc_state_any_in_flight(&s, ST_CNT_KM, -1));
	st_wc_state_trim(&s, ST_CNT_KM, 0);
	ck_assert(!st_wc_state_any_in_flight(&s, ST_CNT_KM, -1));
	struct wc_state t = {0};
	st_wc_state_copy(&t, &s);
	ck_assert(st_wc_state_equal(&s, &t));
	st_wc_state_append(&t, ST_CNT_LOAD, fx.op[4]);
	ck_assert(!st_wc_state_equal(&s, &t));
	st_wc_state_free(&s);
	st_wc_state_free(&t);
	st_module_free(fx.m);
}
END_TEST

START_TEST(test_needs_new_wait)
{
	struct wc_emit e;
	st_wc_emit_reset(&e);
	ck_assert(st_wc_emit_needs_new_wait(&e, 5)); /* nothing emitted yet */
	st_wc_emit_waited(&e, 2);
	/* The seed: lastEmitted=2, opsSince=0, required 0 -> 2+0 > 0. */
	ck_assert(st_wc_emit_needs_new_wait(&e, 0));
	ck_assert(!st_wc_emit_needs_new_wait(&e, 2));
	st_wc_emit_issued(&e);
	ck_assert(st_wc_emit_needs_new_wait(&e, 2));  /* 2+1 > 2 */
	ck_assert(!st_wc_emit_needs_new_wait(&e, 3)); /* 2+1 <= 3 */
}
END_TEST

START_TEST(test_spec_and_plan)
{
	struct fixture fx;
	setup(&fx);
	struct wc_spec s;
	st_wc_spec_clear(&s);
	ck_assert(st_wc_spec_empty(&s));
	s.cnt[ST_CNT_TENSOR] = 0;
	ck_assert(!st_wc_spec_empty(&s));

	struct wc_plan p;
	st_wc_plan_init(&p, 80);
	ck_assert_ptr_null(st_wc_plan_spec(&p, fx.op[3]));
	struct wc_anchor *a = st_wc_plan_anchor(&p, fx.op[3], true);
	a->spec.cnt[ST_CNT_DS] = 2;
	ck_assert_int_eq(st_wc_plan_spec(&p, fx.op[3])->cnt[ST_CNT_DS], 2);
	ck_assert_int_eq(st_wc_plan_spec(&p, fx.op[3])->cnt[ST_CNT_LOAD], WC_UNUSED);
	ck_assert_ptr_eq(st_wc_plan_anchor(&p, fx.op[3], false), a);

	/* Tail drains: one per predecessor, sorted by block index. */
	struct st_function *f = st_function_new(fx.m, "f", noloc);
	struct st_block *b0 = st_block_new(f, "b0", noloc), *b1 = st_block_new(f, "b1", noloc);
	struct st_block *j = st_block_new(f, "join", noloc);
	st_wc_plan_drain(&p, b1, j)->spec.cnt[ST_CNT_TENSOR] = 1;
	st_wc_plan_drain(&p, b0, j)->spec.cnt[ST_CNT_TENSOR] = 0;
	ck_assert_ptr_eq(st_wc_plan_drain(&p, b1, j), st_wc_plan_find_drain(&p, b1));
	ck_assert_uint_eq(p.drains.n, 2);
	st_wc_plan_sort_drains(&p);
	ck_assert_ptr_eq(p.drains.v[0].pred, b0);
	ck_assert_ptr_eq(p.drains.v[1].pred, b1);

	struct wc_plan q = {0};
	st_wc_plan_copy(&q, &p);
	ck_assert_int_eq(st_wc_plan_spec(&q, fx.op[3])->cnt[ST_CNT_DS], 2);
	ck_assert_int_eq(st_wc_plan_find_drain(&q, b1)->spec.cnt[ST_CNT_TENSOR], 1);
	st_wc_plan_free(&q);
	st_wc_plan_free(&p);
	st_module_free(fx.m);
}
END_TEST

/* mergeFromPredecessors: one queue per distinct predecessor (a successor
 * named twice is one queue), retagged with the predecessor and holding every
 * path of its exit state; unreachable predecessors contribute nothing;
 * tensor state does not cross a back edge unless loop-carried token deps are
 * enabled; tail drains trim their predecessor's queues. */
START_TEST(test_merge_from_predecessors)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", noloc);
	const char *names[] = {"entry", "a", "b", "join", "dead"};
	struct st_block *bl[5];
	for (int k = 0; k < 5; k++)
		bl[k] = st_block_new(f, names[k], noloc);
	st_block_add_succ(bl[0], bl[1], noloc);
	st_block_add_succ(bl[0], bl[2], noloc);
	st_block_add_succ(bl[1], bl[3], noloc);
	st_block_add_succ(bl[1], bl[3], noloc);
	st_block_add_succ(bl[2], bl[3], noloc);
	st_block_add_succ(bl[3], bl[3], noloc);
	st_block_add_succ(bl[4], bl[3], noloc);
	struct st_inst *ds[4], *t;
	for (int k = 0; k < 4; k++) {
		ds[k] = st_inst_new(m, "ds_load_b32", noloc);
		st_block_append(bl[k + 1 < 5 ? k + 1 : 4], ds[k]);
	}
	t = st_inst_new(m, "tensor_load_to_lds", noloc);
	st_block_append(bl[3], t);
	st_function_compute_preds(f);
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);

	for (int carried = 0; carried < 2; carried++) {
		struct wc_dataflow df;
		st_wc_dataflow_init(&df, NULL, f, &cfg);
		df.loop_carried_token_deps = carried;
		/* Exit states: a has two paths (queues), b and join one, dead one. */
		for (int k = 1; k < 5; k++)
			for (int c = 0; c < ST_NUM_COUNTERS; c++)
				st_wc_qvec_push(&df.exit[k].q[c], NULL);
		st_wc_qvec_push(&df.exit[1].q[ST_CNT_DS], NULL);
		st_wc_queue_append(&df.exit[1].q[ST_CNT_DS].v[0], ds[0]);
		st_wc_queue_append(&df.exit[1].q[ST_CNT_DS].v[0], ds[1]);
		st_wc_queue_append(&df.exit[1].q[ST_CNT_DS].v[1], ds[1]);
		st_wc_queue_append(&df.exit[2].q[ST_CNT_DS].v[0], ds[2]);
		st_wc_queue_append(&df.exit[3].q[ST_CNT_TENSOR].v[0], t);
		st_wc_queue_append(&df.exit[4].q[ST_CNT_DS].v[0], ds[3]);

		struct wc_state in = {0};
		st_wc_merge_from_predecessors(&df, bl[3], df.exit, NULL, &in);
		for (int c = 0; c < ST_NUM_COUNTERS; c++) {
			ck_assert_uint_eq(in.q[c].n, 3);
			ck_assert_ptr_eq(in.q[c].v[0].pred, bl[1]);
			ck_assert_ptr_eq(in.q[c].v[1].pred, bl[2]);
			ck_assert_ptr_eq(in.q[c].v[2].pred, bl[3]);
		}
		const struct wc_qvec *dsq = &in.q[ST_CNT_DS];
		ck_assert_uint_eq(st_wc_queue_count_from(&dsq->v[0], ds[0]), 2);
		ck_assert_uint_eq(st_wc_queue_count_from(&dsq->v[0], ds[1]), 1);
		ck_assert_uint_eq(st_wc_queue_count_from(&dsq->v[1], ds[2]), 1);
		ck_assert_uint_eq(st_wc_queue_count_from(&dsq->v[1], ds[3]), 0); /* dead: unreachable */
		ck_assert_uint_eq(st_wc_queue_count_from(&in.q[ST_CNT_TENSOR].v[2], t), carried ? 1 : 0);

		/* A tail drain of a: dscnt 0 empties a's queue on the way in. */
		struct wc_plan plan;
		st_wc_plan_init(&plan, df.ninst);
		st_wc_plan_drain(&plan, bl[1], bl[3])->spec.cnt[ST_CNT_DS] = 0;
		st_wc_dataflow_index_drains(&df, &plan);
		st_wc_merge_from_predecessors(&df, bl[3], df.exit, &plan, &in);
		ck_assert(st_wc_queue_empty(&in.q[ST_CNT_DS].v[0]));
		ck_assert_uint_eq(st_wc_queue_count_from(&in.q[ST_CNT_DS].v[1], ds[2]), 1);

		/* The function entry starts from one synthetic empty queue. */
		st_wc_merge_from_predecessors(&df, bl[0], df.exit, NULL, &in);
		ck_assert_uint_eq(in.q[ST_CNT_DS].n, 1);
		ck_assert_ptr_null(in.q[ST_CNT_DS].v[0].pred);
		ck_assert(st_wc_queue_empty(&in.q[ST_CNT_DS].v[0]));

		st_wc_plan_free(&plan);
		st_wc_state_free(&in);
		st_wc_dataflow_free(&df);
	}
	st_cfg_free(&cfg);
	st_module_free(m);
}
END_TEST

/* Without loop annotations the solve is deterministic: solving again after
 * finalizePlan's simulations gives the solved plan again, reasons included,
 * which the pass relies on to record the fallback's reasons only when it
 * needs them. The second solve records its plan itself, from each block's
 * last transfer: the same plan as the recording sweep (materializePlan). */
START_TEST(test_solve_again_same_plan)
{
	struct parsed p;
	parse(&p, "st.func @f() {\n"
	          "^entry:\n"
	          "  v0 = \"st.ds_load_b32\"(v40)\n"
	          "  v[2:3] = \"st.global_load_b64\"(v[60:61], off)\n"
	          "  \"st.s_cbranch_scc1\"(\"b\", SCC0)\n"
	          "  Successors: ^a, ^b\n"
	          "^a:\n"
	          "  v1 = \"st.ds_load_b32\"(v41)\n"
	          "  Successors: ^loop\n"
	          "^b:\n"
	          "  v4 = \"st.v_add_f32\"(v2, v2)\n"
	          "  Successors: ^loop\n"
	          "^loop:\n"
	          "  v5 = \"st.v_add_f32\"(v0, v1)\n"
	          "  v0 = \"st.ds_load_b32\"(v42)\n"
	          "  v[2:3] = \"st.global_load_b64\"(v[62:63], off)\n"
	          "  \"st.s_cbranch_scc1\"(\"loop\", SCC0)\n"
	          "  Successors: ^loop, ^exit\n"
	          "^exit:\n"
	          "  v6 = \"st.v_add_f32\"(v2, v0)\n"
	          "  \"st.s_endpgm\"()\n"
	          "}\n");
	ck_assert_ptr_nonnull(p.m);
	struct st_function *f = p.m->funcs.v[0];
	st_function_compute_preds(f);
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	st_build_use_def_chain(f, &cfg, true, true);
	struct wc_dataflow df;
	st_wc_dataflow_init(&df, NULL, f, &cfg);
	ck_assert(st_wc_loops_init(&df));
	ck_assert(!df.loops.any);
	struct wc_plan first = {0}, plan = {0}, again = {0};
	ck_assert(st_wc_solve(&df, WC_SOLVE, NULL, NULL, false));
	st_wc_materialize_plan(&df, WC_SOLVE, NULL, &first, true);
	ck_assert_uint_gt(first.anchors.n, 0);
	ck_assert_uint_gt(first.reasons.n, 0);
	st_wc_plan_copy_waits(&plan, &first);
	ck_assert_uint_eq(plan.reasons.n, 0); /* no tail drains: no reasons kept */
	unsigned sweeps = 0;
	ck_assert(st_wc_finalize_plan(&df, &plan, true, &sweeps));
	/* The solve's own record of its last transfers is the recording sweep. */
	ck_assert(st_wc_solve(&df, WC_SOLVE, NULL, &again, true));
	ck_assert(st_wc_plan_same(&first, &again));
	ck_assert_uint_eq(again.anchors.n, first.anchors.n);
	for (size_t k = 0; k < first.anchors.n; k++)
		ck_assert_ptr_eq(again.anchors.v[k].inst, first.anchors.v[k].inst);
	ck_assert_uint_eq(again.reasons.n, first.reasons.n);
	for (size_t k = 0; k < first.reasons.n; k++) {
		const struct wc_reason *x = &first.reasons.v[k], *y = &again.reasons.v[k];
		ck_assert(x->anchor == y->anchor && x->drain == y->drain && x->counter == y->counter && x->rule == y->rule &&
		          x->producer == y->producer && x->from.pred == y->from.pred && x->from.var == y->from.var &&
		          x->from.known_var == y->from.known_var && x->from.access == y->from.access);
	}
	st_wc_plan_free(&first);
	st_wc_plan_free(&plan);
	st_wc_plan_free(&again);
	st_wc_dataflow_free(&df);
	st_remove_phis_in(f, NULL);
	st_cfg_free(&cfg);
	done(&p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("waitcnt-insertion");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_count_from_and_trim);
	tcase_add_test(tc, test_reissue_keeps_newest);
	tcase_add_test(tc, test_cap_keeps_dropped_ops_waitable);
	tcase_add_test(tc, test_unknown_region);
	tcase_add_test(tc, test_merge_min_count_from);
	tcase_add_test(tc, test_merge_is_exact);
	tcase_add_test(tc, test_state_km_out_of_order);
	tcase_add_test(tc, test_needs_new_wait);
	tcase_add_test(tc, test_spec_and_plan);
	tcase_add_test(tc, test_merge_from_predecessors);
	tcase_add_test(tc, test_solve_again_same_plan);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
