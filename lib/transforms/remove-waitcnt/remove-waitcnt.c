/* StinkyRemoveWaitCntPass: erases the wait instructions that
 * StinkyWaitCntInsertionPass recomputes (LDS, load, async and tensor waits),
 * so a kernel can be re-planned from a clean slate. Store waits and legacy
 * s_waitcnt are kept: the inserter does not track them. The decision is made
 * from the ISA table's wait form and the counter table's `erase` column,
 * never from the mnemonic. */
#include "stinkytofu/isa.h"
#include "stinkytofu/pass.h"

enum { OPT_KEEP_TENSOR, OPT_REMOVE_KMCNT, OPT_REMOVE_XCNT };

static const struct st_pass_option options[] = {
	[OPT_KEEP_TENSOR] = {"keepTensor", ST_OPT_FLAG, "", "keep s_wait_tensorcnt", ST_OPT_ANY},
	[OPT_REMOVE_KMCNT] = {"removeKmcnt", ST_OPT_FLAG, "", "also remove s_wait_kmcnt", ST_OPT_ANY},
	[OPT_REMOVE_XCNT] = {"removeXcnt", ST_OPT_FLAG, "", "also remove s_wait_xcnt (and the soft waits the inserter cannot re-derive)", ST_OPT_ANY},
};

/* The statistic to count an erased wait under, or NULL to keep the wait. */
static const char *removal(const struct st_pass_ctx *ctx, const struct st_inst *i)
{
	if (!st_inst_is_wait(i))
		return NULL;
	const struct st_isa_info *e = i->isa;
	switch (e->wait_form) {
	case ST_WAIT_SINGLE: {
		/* The counter table says which waits go by default; the options
		 * move tensorcnt and kmcnt across. */
		const struct st_counter_info *ci = st_counter_info(e->wait_counter);
		bool erase = ci->erased_by_default;
		if (e->wait_counter == ST_CNT_TENSOR && ctx->opts[OPT_KEEP_TENSOR].flag)
			erase = false;
		if (e->wait_counter == ST_CNT_KM && ctx->opts[OPT_REMOVE_KMCNT].flag)
			erase = true;
		if (e->wait_counter == ST_CNT_XCNT && ctx->opts[OPT_REMOVE_XCNT].flag)
			erase = true;
		return erase ? ci->erased_stat : NULL;
	}
	case ST_WAIT_PACKED_DS:
		/* loadcnt_dscnt goes (both halves are recomputed); storecnt_dscnt stays. */
		return e->wait_counter == ST_CNT_LOAD ? "erased-loadcnt-dscnt-waits" : NULL;
	case ST_WAIT_IDLE: return NULL; /* the kernel's own full drain: the inserter never writes one */
	case ST_WAIT_UNTRACKED:
	case ST_WAIT_NONE: return NULL;
	}
	return NULL;
}

static bool remove_in_function(struct st_pass_ctx *ctx, struct st_function *f, const bool *mask, void *total)
{
	for (size_t k = 0; k < f->blocks.n; k++) {
		if (mask && !mask[k])
			continue;
		for (struct st_inst *i = f->blocks.v[k]->first, *next; i; i = next) {
			next = i->next;
			const char *stat = i->kind == ST_ITEM_INST ? removal(ctx, i) : NULL;
			if (!stat)
				continue;
			st_remark(ctx->diag, i->loc, "removed '%s'", i->name);
			st_pass_stat_add(ctx, stat, 1);
			st_inst_erase(i);
			++*(int64_t *)total;
		}
	}
	return true;
}

static bool run(struct st_pass_ctx *ctx)
{
	int64_t total = 0;
	st_pass_run_functions(ctx, remove_in_function, &total);
	st_pass_stat_add(ctx, "erased-waits", total);
	ctx->changed = total > 0;
	return true;
}

const struct st_pass_info st_pass_remove_waitcnt = {
	.name = "StinkyRemoveWaitCntPass",
	.summary = "Remove the waits StinkyWaitCntInsertionPass recomputes (dscnt, loadcnt, asynccnt, tensorcnt)",
	ST_PASS_OPTIONS(options),
	.run = run,
};
