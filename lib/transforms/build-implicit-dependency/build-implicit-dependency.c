/* StinkyBuildImplicitDependencyPass: materialises LDS ordering as register
 * edges. Each `mod.memtoken` token t becomes the pseudo-register LDS<t> (see
 * docs/passes/build-implicit-dependency.md):
 *
 *   LDS writers (tensor_load_to_lds, ds_store*, ds_write*)  -> destinations
 *   LDS readers (ds_load*, ds_read*, ds_atomic*)            -> sources
 *   async LDS readers (global_store_async_from_lds*)        -> sources
 *   LDS-fence barriers (s_barrier, split barriers with -1)  -> both
 *
 * so that st_build_use_def_chain(include_pseudo) links every LDS consumer to
 * its producers, across blocks and through PHIs. Token ids come only from the
 * input; an operand already present is not added again, which makes the
 * pass idempotent. Within one block, LDS operations must be all tagged or all
 * untagged (a partly tagged block would silently lose ordering edges): a mix
 * is a located error and nothing is changed. */
#include "stinkytofu/isa.h"
#include "stinkytofu/pass.h"

/* The LDS operations whose tagging must agree within a block. Barriers are
 * fences, not LDS accesses: an untagged barrier is the conservative "fences
 * every token" and may sit among tagged operations. */
static bool is_lds_op(const struct st_inst *i)
{
	return st_inst_is_lds_reader(i) || st_inst_is_lds_writer(i) || st_inst_is_async_lds_reader(i);
}

/* Reports the first block-level mix of tagged and untagged LDS operations;
 * returns false when there is one. */
static bool check_block_tagging(struct st_pass_ctx *ctx, const struct st_block *b, struct st_memtoken_cache *mc)
{
	const struct st_inst *first = NULL;
	bool first_tagged = false;
	st_foreach_inst(b, i) {
		if (!is_lds_op(i))
			continue;
		const struct st_value *tokens;
		bool tagged = st_inst_memtokens_cached(mc, i, &tokens) >= 0;
		if (!first) {
			first = i;
			first_tagged = tagged;
			continue;
		}
		if (tagged == first_tagged)
			continue;
		st_error(ctx->diag, i->loc,
		         "'%s' %s mod.memtoken but '%s' earlier in ^%s %s; LDS operations in one block must be all "
		         "tagged or all untagged",
		         i->name, tagged ? "has" : "has no", first->name, b->label, first_tagged ? "has one" : "has none");
		st_note(ctx->diag, first->loc, "first LDS operation of ^%s", b->label);
		return false;
	}
	return true;
}

/* Adds LDS<t> for each token of `i` to its destinations and/or sources;
 * returns the number of operands added. */
static int64_t tag(struct st_module *m, struct st_inst *i, struct st_memtoken_cache *mc)
{
	bool to_dsts, to_srcs;
	if (!st_inst_lds_token_operands(i, &to_dsts, &to_srcs))
		return 0;
	/* The ids as st_inst_memtoken_ids reads them, in place: no vector per
	 * tagged instruction, and the attribute's location looked up only when
	 * an operand is added (a second run adds none). */
	const struct st_value *tokens;
	int n = st_inst_memtokens_cached(mc, i, &tokens);
	const struct st_attr *attr = NULL;
	int64_t added = 0;
	for (int k = 0; k < n; k++) {
		uint32_t t;
		if (!st_memtoken_id(&tokens[k], &t))
			continue;
		bool dst = to_dsts && !st_operands_have_lds(i->dsts, i->ndsts, t);
		bool src = to_srcs && !st_operands_have_lds(i->srcs, i->nsrcs, t);
		if (!dst && !src)
			continue;
		if (!attr)
			attr = st_inst_attr(i, "mod.memtoken");
		struct st_operand op = st_reg_operand(ST_REG_LDS, t, 1);
		/* Located at the mod.memtoken it stands for when that is on the
		 * instruction's line (st_operand_loc), else at the instruction. */
		if (attr->loc.line == i->loc.line)
			op.col = st_operand_col(attr->loc.col);
		if (dst) {
			st_inst_add_dst(m, i, op);
			added++;
		}
		if (src) {
			st_inst_add_src(m, i, op);
			added++;
		}
	}
	return added;
}

static bool tag_function(struct st_pass_ctx *ctx, struct st_function *f, const bool *mask, void *added)
{
	struct st_memtoken_cache mc = {0};
	for (size_t bi = 0; bi < f->blocks.n; bi++)
		if (!mask || mask[bi])
			st_foreach_inst(f->blocks.v[bi], i)
				*(int64_t *)added += tag(ctx->module, i, &mc);
	return true;
}

static bool run(struct st_pass_ctx *ctx)
{
	struct st_module *m = ctx->module;
	bool ok = true;
	struct st_memtoken_cache mc = {0};
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		for (size_t bi = 0; bi < m->funcs.v[fi]->blocks.n; bi++)
			ok &= check_block_tagging(ctx, m->funcs.v[fi]->blocks.v[bi], &mc);
	if (!ok)
		return false;
	int64_t added = 0;
	st_pass_run_functions(ctx, tag_function, &added);
	st_pass_stat_add(ctx, "lds-token-operands", added);
	if (added)
		ctx->changed = true;
	return true;
}

const struct st_pass_info st_pass_build_implicit_dependency = {
	.name = "StinkyBuildImplicitDependencyPass",
	.summary = "Turn mod.memtoken LDS tokens into LDS<n> pseudo-register operands (def-use edges for LDS ordering)",
	.options = NULL,
	.noptions = 0,
	.run = run,
};
