/* StinkyWmmaVgprReorderPass: runs the wmma VGPR reorder analysis over the
 * module, leaves the results on it and reports them as remarks. Read-only. */
#include <stdio.h>

#include "stinkytofu/pass.h"
#include "stinkytofu/wmma.h"

static void report(struct st_pass_ctx *ctx, const struct st_wmma_reorder_result *r)
{
	struct st_loc loc = r->nodes.v[0].inst->loc;
	const char *pass = ctx->pass ? ctx->pass->name : "StinkyWmmaVgprReorderPass";
	if (!r->applicable) {
		st_remark(ctx->diag, loc, "%s: ^%s: not applicable: %s", pass, r->block->label,
		          st_wmma_reason_name(r->reason));
		return;
	}
	struct st_buf b = {0};
	st_buf_printf(&b, "%u VGPRs saveable (%zu alias%s", r->total_vgpr_saved, r->aliases.n,
	              r->aliases.n == 1 ? "" : "es");
	for (size_t k = 0; k < r->aliases.n; k++) {
		char from[48], to[48];
		st_reg_group_format(r->aliases.v[k].from, from, sizeof from);
		st_reg_group_format(r->aliases.v[k].to, to, sizeof to);
		st_buf_printf(&b, "%s%s->%s", k ? ", " : ": ", from, to);
	}
	st_buf_puts(&b, "); order:");
	for (size_t k = 0; k < r->order_index.n; k++)
		st_buf_printf(&b, " %u", r->order_index.v[k]);
	st_buf_printf(&b, "; %zu replacement%s", r->replacements.n, r->replacements.n == 1 ? "" : "s");
	st_remark(ctx->diag, loc, "%s: ^%s: %s", pass, r->block->label, st_buf_cstr(&b));
	st_buf_free(&b);
}

static bool run(struct st_pass_ctx *ctx)
{
	struct st_module *m = ctx->module;
	struct st_wmma_analysis *a = st_wmma_module_analysis(m);
	if (!a) {
		a = st_wmma_analysis_new(NULL, NULL);
		st_wmma_analysis_attach(m, a);
	}
	st_wmma_analysis_run(a, m);
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		const struct st_function *f = m->funcs.v[fi];
		for (size_t bi = 0; bi < f->blocks.n; bi++) {
			const struct st_wmma_reorder_result *r = st_wmma_reorder_result(a, f->blocks.v[bi]);
			if (!r || r->reason == ST_WMMA_NO_WMMA)
				continue;
			st_pass_stat_add(ctx, "blocks analysed", 1);
			st_pass_stat_add(ctx, "blocks applicable", r->applicable);
			st_pass_stat_add(ctx, "VGPRs saveable", r->total_vgpr_saved);
			if (ctx->diag->show_remarks || ctx->diag->collect)
				report(ctx, r);
		}
	}
	return true;
}

const struct st_pass_info st_pass_wmma_vgpr_reorder = {
	.name = "StinkyWmmaVgprReorderPass",
	.summary = "Report wmma orders and cross-pool VGPR aliases that save registers (read-only)",
	.run = run,
};
