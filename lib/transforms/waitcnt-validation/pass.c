/* WaitCntValidationCheckPass: options, the run over each function, and the
 * pass registration. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

#define WV_DEFAULT_STATE_BOUND 10000
#define WV_DEFAULT_MAX_IN_FLIGHT 64
#define WV_MAX_IN_FLIGHT_LIMIT 4096
#define WV_STR_(x) #x
#define WV_STR(x) WV_STR_(x)

enum {
	OPT_STRICT,
	OPT_STATE_BOUND,
	OPT_STORES_ON_LOADCNT,
	OPT_MAX_IN_FLIGHT,
	OPT_TENSOR_DESCRIPTOR_WAR,
	OPT_AMDGPU_CALLS,
	OPT_NO_XCNT
};

static const struct st_pass_option options[] = {
	{"strict", ST_OPT_FLAG, "",
	 "loop-carried tensor dependencies and inconclusive results are errors", ST_OPT_ANY},
	{"stateBound", ST_OPT_INT, WV_STR(WV_DEFAULT_STATE_BOUND),
	 "distinct in-flight states per join block before the result is inconclusive", ST_OPT_RANGE(1, INT32_MAX)},
	{"storesOnLoadcnt", ST_OPT_FLAG, "", "vector stores occupy the LOAD counter (the seed's table)", ST_OPT_ANY},
	{"maxInFlight", ST_OPT_INT, WV_STR(WV_DEFAULT_MAX_IN_FLIGHT),
	 "ops a counter holds; issuing one more retires the oldest", ST_OPT_RANGE(1, WV_MAX_IN_FLIGHT_LIMIT)},
	{"enableTensorDescriptorWar", ST_OPT_FLAG, "",
	 "a write of an SGPR an in-flight tensor_load_to_lds reads is a dependency on it", ST_OPT_ANY},
	{"amdgpuCallConvention", ST_OPT_FLAG, "",
	 "calls follow LLVM's AMDGPU convention: a return must leave no op in flight that writes registers, "
	 "and a call resumes with none", ST_OPT_ANY},
	{"noXcnt", ST_OPT_FLAG, "",
	 "model no address translation counter (kernels that run without XNACK replay): no s_wait_xcnt is required",
	 ST_OPT_ANY},
};

static void val_free(struct validator *v)
{
	if (v->annots)
		for (size_t k = 0; k < v->facts.n; k++)
			st_loop_annots_free(&v->annots[k]);
	free(v->annots);
	st_vec_free(&v->chans);
	for (size_t k = 0; k < v->nodes.n; k++) {
		free(v->nodes.v[k].state);
		free(v->nodes.v[k].key);
	}
	st_vec_free(&v->nodes);
	for (uint32_t b = 0; b < v->nblocks; b++) {
		if (v->succ_back)
			free(v->succ_back[b]);
		if (v->loops_of)
			st_vec_free(&v->loops_of[b]);
	}
	free(v->succ_back);
	free(v->loops_of);
	free(v->rpo_num);
	free(v->idom);
	free(v->dedup_block);
	free(v->nstates);
	free(v->inconclusive);
	st_index_free(&v->node_index);
	st_vec_free(&v->back_edges);
	st_vec_free(&v->facts);
	st_vec_free(&v->uses);
	st_vec_free(&v->defs);
	st_vec_free(&v->toks);
	st_vec_free(&v->wents);
	st_vec_free(&v->wkeys);
	st_vec_free(&v->wring);
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		free(v->q[c].slot);
	st_vec_free(&v->owners);
	st_index_free(&v->owner_index);
	st_vec_free(&v->keyu);
	st_vec_free(&v->toku);
	free(v->live_out);
	free(v->depth_out);
	free(v->waw_out);
	st_vec_free(&v->enc);
	st_vec_free(&v->kenc);
	st_vec_free(&v->viols);
	st_vec_free(&v->ldsq);
	st_index_free(&v->viol_index);
}

/* An instruction the ISA table does not know may occupy a counter the
 * validator cannot see, so no verdict on the function is a proof: said once
 * per function, at the first such instruction (an error when strict). */
static size_t report_unknown_mnemonic(struct validator *v, const struct st_function *f)
{
	for (size_t b = 0; b < f->blocks.n; b++) {
		st_foreach_inst(f->blocks.v[b], i) {
			if (i->created || st_module_mnemonic(v->ctx->module, i->name))
				continue;
			st_diag_emit(v->ctx->diag, v->strict ? ST_SEV_ERROR : ST_SEV_WARNING, i->loc,
			             "inconclusive: '%s' is not in the ISA table, so the waits of this function are not "
			             "proven",
			             i->name);
			st_pass_stat_add(v->ctx, "inconclusive-unknown-mnemonics", 1);
			return v->strict;
		}
	}
	return 0;
}

/* Validates one function; returns the number of errors reported. */
static size_t validate_function(struct validator *v, const struct st_function *f)
{
	v->func = f;
	v->has_flat = false;
	v->unknown_ops = f->callable;
	v->nblocks = (uint32_t)f->blocks.n;
	if (!v->nblocks)
		return 0;
	/* Facts and entries keep slices `vec.v + off`: keep those arrays non-NULL
	 * so the empty slice of an empty array is a defined pointer too. */
	st_vec_reserve(&v->defs, 1);
	st_vec_reserve(&v->toks, 1);
	st_vec_reserve(&v->wkeys, 1);
	for (uint32_t b = 0; b < v->nblocks; b++) {
		st_foreach_inst(f->blocks.v[b], i) {
			i->id = (uint32_t)v->facts.n;
			st_wv_build_fact(v, i, b);
		}
	}
	if (!st_wv_decode_annotations(v))
		return 1; /* reported */
	st_wv_compute_futures(v);
	st_wv_build_loops(v);
	st_wv_assign_token_classes(v);
	v->nstates = st_xcalloc(v->nblocks, sizeof *v->nstates);
	v->inconclusive = st_xcalloc(v->nblocks, sizeof *v->inconclusive);
	uint32_t ring = 2;
	while (ring <= v->max_in_flight)
		ring *= 2;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		v->q[c].slot = st_xmalloc(ring * sizeof *v->q[c].slot);
		v->q[c].mask = ring - 1;
	}
	st_index_reserve(&v->owner_index, 128);

	uint32_t empty[ST_NUM_COUNTERS] = {0};
	st_wv_add_node(v, 0, NONE32, empty, ST_NUM_COUNTERS);
	for (uint32_t n = 0; n < v->nodes.n; n++)
		st_wv_process(v, n);

	size_t nerrors = 0, ncarried = 0;
	if (v->viols.n > 1)
		qsort(v->viols.v, v->viols.n, sizeof *v->viols.v, st_wv_cmp_viol);
	for (size_t k = 0; k < v->viols.n; k++) {
		nerrors += st_wv_report(v, &v->viols.v[k]);
		ncarried += v->viols.v[k].carried != 0;
	}
	for (uint32_t b = 0; b < v->nblocks; b++) {
		if (!v->inconclusive[b])
			continue;
		const struct st_block *blk = f->blocks.v[b];
		st_diag_emit(v->ctx->diag, v->strict ? ST_SEV_ERROR : ST_SEV_WARNING, blk->loc,
		             "inconclusive: more than %u distinct in-flight states reach ^%s; waits on paths "
		             "through it are not proven (raise stateBound)",
		             v->state_bound, blk->label);
		nerrors += v->strict;
		st_pass_stat_add(v->ctx, "inconclusive-blocks", 1);
	}
	if (v->xcnt)
		nerrors += st_wv_check_xcnt(v);
	nerrors += report_unknown_mnemonic(v, f);
	st_pass_stat_add(v->ctx, "states-explored", (int64_t)v->nodes.n);
	st_pass_stat_add(v->ctx, "dependency-checks", (int64_t)v->nchecked);
	st_pass_stat_add(v->ctx, "unsatisfied-dependencies", (int64_t)(v->viols.n - ncarried));
	st_pass_stat_add(v->ctx, "loop-carried-tensor-dependencies", (int64_t)ncarried);
	return nerrors;
}

/* The pass manager fills unset options with their schema defaults. */
static int64_t int_option(const struct st_pass_ctx *ctx, int k, int64_t dflt)
{
	return ctx->opts ? ctx->opts[k].i : dflt;
}

static bool validate(struct st_pass_ctx *ctx, struct st_function *f, const bool *mask, void *arg)
{
	(void)mask; /* read-only */
	(void)arg;
	/* In range: the schema's bounds are checked by the pass manager. */
	int64_t bound = int_option(ctx, OPT_STATE_BOUND, WV_DEFAULT_STATE_BOUND);
	int64_t cap = int_option(ctx, OPT_MAX_IN_FLIGHT, WV_DEFAULT_MAX_IN_FLIGHT);
	struct validator v = {
		.ctx = ctx,
		.strict = ctx->opts && ctx->opts[OPT_STRICT].flag,
		.stores_on_loadcnt = ctx->opts && ctx->opts[OPT_STORES_ON_LOADCNT].flag,
		.tensor_descriptor_war = ctx->opts && ctx->opts[OPT_TENSOR_DESCRIPTOR_WAR].flag,
		.amdgpu_calls = ctx->opts && ctx->opts[OPT_AMDGPU_CALLS].flag,
		.xcnt = !(ctx->opts && ctx->opts[OPT_NO_XCNT].flag),
		.num_waves = ctx->config ? ctx->config->num_waves : 0,
		.state_bound = (uint32_t)bound,
		.max_in_flight = (uint32_t)cap,
	};
	size_t nerrors = validate_function(&v, f);
	val_free(&v);
	return nerrors == 0;
}

static bool run(struct st_pass_ctx *ctx)
{
	return st_pass_run_functions(ctx, validate, NULL);
}

const struct st_pass_info st_pass_waitcnt_validation = {
	.name = "WaitCntValidationCheckPass",
	.summary = "prove every dependency is retired by the waits on every path (counterexample on failure)",
	ST_PASS_OPTIONS(options),
	.run = run,
};
