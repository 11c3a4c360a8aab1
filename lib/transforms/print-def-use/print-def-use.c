/* PrintDefUsePass: a debug view of the def-use chains (docs/def-use.md).
 *
 * Builds the chains of every function, emits one remark per instruction that
 * has reaching definitions and one per PHI, then removes the PHIs again, so
 * the IR is unchanged. The text is stable, meant for --verify-diagnostics:
 *
 *   remark: v_add_u32 sources: [v_mov_b32 at 3:5, phi ^loop(v4)]
 *   remark: phi ^loop(v4) incoming: [v_mov_b32 at 3:5 from ^entry, v_add_u32 at 7:5 from ^loop]
 *
 * An instruction's remark sits at the instruction, a PHI's at its block label.
 * The closing bracket makes an expected-remark substring match exact.
 * Sources are listed in the order of the operands (and registers) that first
 * reach them; PHI incoming values in predecessor order, `none` where no
 * definition reaches. Option includePseudo adds the LDS<n> memory tokens. */
#include "stinkytofu/pass.h"
#include "stinkytofu/ssa.h"

enum { OPT_INCLUDE_PSEUDO };

static const struct st_pass_option options[] = {
	[OPT_INCLUDE_PSEUDO] = {"includePseudo", ST_OPT_FLAG, "", "also chain LDS<n> memory-token pseudo-registers",
	                        ST_OPT_ANY},
};

static void describe(struct st_buf *out, const struct st_inst *def)
{
	if (!def) {
		st_buf_puts(out, "none");
	} else if (def->kind == ST_ITEM_PHI) {
		char reg[64];
		st_reg_format(st_phi_key(def), reg, sizeof reg);
		st_buf_printf(out, "phi ^%s(%s)", def->block->label, reg);
	} else if (def->loc.line) {
		st_buf_printf(out, "%s at %u:%u", def->name, def->loc.line, def->loc.col);
	} else {
		st_buf_printf(out, "%s (created)", def->name);
	}
}

static void report_function(struct st_pass_ctx *ctx, const struct st_function *f)
{
	struct st_buf msg = {0};
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		for (size_t p = 0; p < b->phis.n; p++) {
			const struct st_inst *phi = b->phis.v[p];
			struct st_inst *const *incoming = st_phi_incoming(phi);
			msg.len = 0;
			describe(&msg, phi);
			st_buf_puts(&msg, " incoming: [");
			for (size_t j = 0; j < b->preds.n; j++) {
				if (j)
					st_buf_puts(&msg, ", ");
				describe(&msg, incoming[j]);
				st_buf_printf(&msg, " from ^%s", b->preds.v[j]->label);
			}
			st_buf_putc(&msg, ']');
			st_remark(ctx->diag, b->loc, "%s", st_buf_cstr(&msg));
		}
		st_foreach_inst(b, i) {
			uint32_t nsources;
			struct st_inst *const *sources = st_inst_sources(i, &nsources);
			if (!nsources)
				continue;
			msg.len = 0;
			st_buf_printf(&msg, "%s sources: [", i->name);
			for (uint32_t s = 0; s < nsources; s++) {
				if (s)
					st_buf_puts(&msg, ", ");
				describe(&msg, sources[s]);
			}
			st_buf_putc(&msg, ']');
			st_remark(ctx->diag, i->loc, "%s", st_buf_cstr(&msg));
		}
	}
	st_buf_free(&msg);
}

static bool print_function(struct st_pass_ctx *ctx, struct st_function *f, const bool *mask, void *arg)
{
	(void)mask; /* the chains are removed again everywhere */
	(void)arg;
	struct st_cfg cfg;
	st_function_compute_preds(f);
	st_cfg_build(&cfg, f);
	st_build_use_def_chain(f, &cfg, true, ctx->opts[OPT_INCLUDE_PSEUDO].flag);
	report_function(ctx, f);
	st_remove_phis(f);
	st_cfg_free(&cfg);
	return true;
}

static bool run(struct st_pass_ctx *ctx)
{
	/* A debug view is pointless unless shown: remarks are on while it runs. */
	bool shown = ctx->diag->show_remarks;
	ctx->diag->show_remarks = true;
	st_pass_run_functions(ctx, print_function, NULL);
	ctx->diag->show_remarks = shown;
	return true;
}

const struct st_pass_info st_pass_print_def_use = {
	.name = "PrintDefUsePass",
	.summary = "Report each instruction's reaching definitions and each PHI as remarks (debug view of def-use chains)",
	ST_PASS_OPTIONS(options),
	.run = run,
};
