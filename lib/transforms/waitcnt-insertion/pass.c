/* StinkyWaitCntInsertionPass: inserts s_wait_dscnt / loadcnt / kmcnt /
 * tensorcnt / asynccnt / storecnt so that every asynchronous memory op is
 * complete before anything that depends on it runs.
 *
 *   buildUseDefChain(includePseudo)     memory tokens become SSA edges
 *        |
 *   WaitDataflow solve                  forward fixed point over the full RPO
 *        |                              (dataflow.c; cap -> all-zero fallback)
 *   materializePlan                     conservative WaitInsertionPlan
 *        |
 *   WaitPlanOptimizer(s)                ShallowPredPromotion (optimizer.c)
 *        |
 *   finalizePlan                        simulate + refine until stable (finalize.c)
 *        |
 *   XCNT                                s_wait_xcnt the plan's waits do not cover (xcnt.c)
 *        |
 *   emitWaits, removePHIs               only in --process-blocks blocks (emit.c)
 */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/ssa.h"
#include "waitcnt.h"

enum {
	OPT_LOOP_CARRIED,
	OPT_STORES_ON_LOADCNT,
	OPT_NO_PROMOTION,
	OPT_ITERATION_CAP,
	OPT_TENSOR_DESCRIPTOR_WAR,
	OPT_COMBINE_WAITS,
	OPT_AMDGPU_CALLS,
	OPT_NO_XCNT,
};

static const struct st_pass_option options[] = {
	[OPT_LOOP_CARRIED] = {"enableLoopCarriedTokenDeps", ST_OPT_FLAG, "",
	                      "let tensor-load state cross loop back edges (conservative tensor loop policy)", ST_OPT_ANY},
	[OPT_STORES_ON_LOADCNT] = {"storesOnLoadcnt", ST_OPT_FLAG, "",
	                           "count vector stores on LOAD_CNT as the original design table does", ST_OPT_ANY},
	[OPT_NO_PROMOTION] = {"noPromotion", ST_OPT_FLAG, "", "skip the optimizer stage (ShallowPredPromotion)", ST_OPT_ANY},
	[OPT_ITERATION_CAP] = {"iterationCap", ST_OPT_INT, "0",
	                       "for testing: dataflow sweep cap (0 = min(256, max(72, 2 * blocks)))",
	                       ST_OPT_RANGE(0, INT32_MAX)},
	[OPT_TENSOR_DESCRIPTOR_WAR] = {"enableTensorDescriptorWar", ST_OPT_FLAG, "",
	                               "a write of an SGPR an in-flight tensor_load_to_lds reads waits for it", ST_OPT_ANY},
	[OPT_COMBINE_WAITS] = {"combineWaits", ST_OPT_FLAG, "",
	                       "one s_wait_loadcnt_dscnt / s_wait_storecnt_dscnt where an anchor needs both counters "
	                       "(default: on for assembly input, off for .stir)",
	                       ST_OPT_ANY},
	[OPT_AMDGPU_CALLS] = {"amdgpuCallConvention", ST_OPT_FLAG, "",
	                      "calls follow LLVM's AMDGPU convention: a callable function returns with no op in flight "
	                      "that writes registers, and a call resumes with none",
	                      ST_OPT_ANY},
	[OPT_NO_XCNT] = {"noXcnt", ST_OPT_FLAG, "",
	                 "model no address translation counter (kernels that run without XNACK replay): no s_wait_xcnt",
	                 ST_OPT_ANY},
};

/* The pass's tensor policy: with one wave every consumer drains tensor
 * loads; with several, LDS-fence barriers do (cross-wave LDS visibility is
 * the barrier's job). */
static bool tensor_raw_needs_wait(const struct wc_dataflow *df, const struct st_inst *i)
{
	return st_inst_is_lds_fence(i) || df->num_waves == 1;
}

/* The solved plan again (with its reasons when `explain`): without loop
 * annotations the solve is deterministic (no variants are interned), so the
 * fallback need not be kept beside finalizePlan's plan, a plan's worth of
 * memory on a large kernel. What the last simulation left for emit (its
 * queue-cap diagnostics) is kept. */
static void solve_again(struct wc_dataflow *df, struct wc_plan *solved, bool explain)
{
	st_assert(!df->loops.any);
	struct st_inst *overflow[ST_NUM_COUNTERS];
	memcpy(overflow, df->overflow_at, sizeof overflow);
	bool ok = st_wc_solve(df, WC_SOLVE, NULL, solved, explain);
	st_assert(ok);
	memcpy(df->overflow_at, overflow, sizeof overflow);
}

/* Returns false when the function's loop annotations are malformed. */
static bool run_function(struct st_pass_ctx *ctx, struct st_function *f, const struct st_cfg *cfg, const bool *mask)
{
	/* The reasons of every wait are recorded: its provenance needs them. */
	bool remarks = ctx->diag && ctx->diag->show_remarks, explain = true;
	struct wc_dataflow df;
	st_wc_dataflow_init(&df, ctx, f, cfg);
	df.loop_carried_token_deps = ctx->opts[OPT_LOOP_CARRIED].flag;
	df.stores_on_loadcnt = ctx->opts[OPT_STORES_ON_LOADCNT].flag;
	df.num_waves = ctx->config ? ctx->config->num_waves : 0;
	df.tensor_descriptor_war = ctx->opts[OPT_TENSOR_DESCRIPTOR_WAR].flag;
	df.amdgpu_calls = ctx->opts[OPT_AMDGPU_CALLS].flag;
	/* Assembly as LLVM writes it packs the two waits; .stir keeps its form. */
	df.combine_waits = ctx->opts[OPT_COMBINE_WAITS].set ? ctx->opts[OPT_COMBINE_WAITS].flag : f->module->asm_source != NULL;
	if (!st_wc_loops_init(&df)) {
		st_wc_dataflow_free(&df);
		return false;
	}
	if (ctx->opts[OPT_ITERATION_CAP].i > 0) /* 0..INT32_MAX by the schema */
		df.iteration_cap = (unsigned)ctx->opts[OPT_ITERATION_CAP].i;
	st_wc_dataflow_set_raw_needs_wait(&df, ST_CNT_TENSOR, tensor_raw_needs_wait);

	struct wc_plan plan = {0};
	/* The solver's plan is sound on its own: the fallback of every later
	 * stage. Without loop annotations it is solved again when needed
	 * (solve_again) rather than kept, and its reasons recorded only then. */
	struct wc_plan solved = {0};
	bool again = !df.loops.any;
	/* finalizePlan's first refining sweep computes the needs only where
	 * this solve found one, where nothing changed (waitcnt.h). */
	df.record_needs = again;
	bool ok = st_wc_solve(&df, WC_SOLVE, NULL, again ? &plan : &solved, explain && !again);
	df.record_needs = false;
	unsigned sweeps = df.sweeps;
	struct wc_promotion_stats ps = {.explain = explain};
	if (ok) {
		/* finalizePlan records the reasons of the plan it returns. */
		if (!again)
			st_wc_plan_copy_waits(&plan, &solved);
		bool changed = false;
		if (!ctx->opts[OPT_NO_PROMOTION].flag) {
			struct wc_optimizer optimizers[] = {st_wc_shallow_pred_promotion(&ps)};
			for (size_t k = 0; k < sizeof optimizers / sizeof optimizers[0]; k++)
				changed |= optimizers[k].rewrite(optimizers[k].ctx, &plan, &df, f);
		}
		if (!st_wc_finalize_plan(&df, &plan, explain, &sweeps)) {
			if (again)
				solve_again(&df, &plan, false);
			else
				st_wc_plan_copy_waits(&plan, &solved);
			if (!changed || !st_wc_finalize_plan(&df, &plan, explain, &sweeps)) {
				if (again)
					solve_again(&df, &plan, explain);
				else
					st_wc_plan_copy(&plan, &solved);
			}
		}
		st_wc_plan_free(&solved);
		if (df.loops.any)
			st_wc_prune_plan(&df, &plan, &sweeps);
	} else {
		unsigned cap = st_wc_dataflow_iteration_cap(&df);
		st_warning(ctx->diag, f->loc,
		           "wait-count dataflow did not converge in %u sweep%s; every wait anchor drains to 0", cap,
		           cap == 1 ? "" : "s");
		st_wc_zero_plan(&df, &plan, explain);
	}
	/* The plan is final: XCNT and emit read neither the dataflow's states
	 * nor the def-use chains, which hold a large part of the memory on a
	 * large kernel. Without --process-blocks every PHI goes (removePHIs), and
	 * the chains with them; with it, st_remove_phis_in needs the chains
	 * after the dataflow has restored the PHIs' numbering. */
	st_wc_dataflow_release_states(&df);
	if (!mask)
		st_wc_dataflow_remove_phis(&df);
	if (!ctx->opts[OPT_NO_XCNT].flag)
		st_wc_xcnt_plan(&df, &plan);
	st_wc_emit_waits(&df, &plan, remarks);
	st_pass_stat_add(ctx, "sweeps-to-converge", sweeps);
	st_wc_plan_free(&plan);
	st_wc_dataflow_free(&df);
	return true;
}

/* The pass reads LDS dependencies only as LDS<t> operands; on tagged
 * instructions without them (StinkyBuildImplicitDependencyPass has not run
 * over them) it would silently plan no tensor or LDS wait. */
static bool check_prerequisite(struct st_pass_ctx *ctx)
{
	const struct st_module *m = ctx->module;
	const struct st_inst *first = NULL;
	uint32_t token = 0;
	size_t n = 0;
	struct st_memtoken_cache mc = {0};
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		for (size_t bi = 0; bi < m->funcs.v[fi]->blocks.n; bi++)
			st_foreach_inst(m->funcs.v[fi]->blocks.v[bi], i) {
				uint32_t t;
				if (st_inst_lds_token_missing_cached(&mc, i, &t) && n++ == 0) {
					first = i;
					token = t;
				}
			}
	if (!first)
		return true;
	st_error(ctx->diag, first->loc,
	         "'%s' carries memory token %u but no LDS%u operand: StinkyWaitCntInsertionPass needs "
	         "StinkyBuildImplicitDependencyPass before it, over every block",
	         first->name, token, token);
	if (n > 1)
		st_note(ctx->diag, first->loc, "%zu tagged instructions lack their LDS<t> operands", n);
	return false;
}

static bool insert_in_function(struct st_pass_ctx *ctx, struct st_function *f, const bool *mask, void *arg)
{
	(void)arg;
	st_function_compute_preds(f);
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	st_build_use_def_chain(f, &cfg, true, true);
	bool ok = run_function(ctx, f, &cfg, mask);
	st_remove_phis_in(f, mask);
	st_cfg_free(&cfg);
	return ok;
}

static bool run(struct st_pass_ctx *ctx)
{
	return check_prerequisite(ctx) && st_pass_run_functions(ctx, insert_in_function, NULL);
}

const struct st_pass_info st_pass_waitcnt_insertion = {
	.name = "StinkyWaitCntInsertionPass",
	.summary = "insert s_wait_* so every asynchronous memory op completes before its consumers",
	ST_PASS_OPTIONS(options),
	.run = run,
};
