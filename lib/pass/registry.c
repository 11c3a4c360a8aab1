/* Looking a pass up by name in a registry, and pass-context helpers. */
#include <string.h>

#include "stinkytofu/pass.h"

const struct st_pass_info *st_pass_lookup(const struct st_pass_registry *r, const char *name)
{
	for (size_t i = 0; i < r->npasses; i++)
		if (strcmp(r->passes[i]->name, name) == 0)
			return r->passes[i];
	return NULL;
}

const char *st_pass_suggest(const struct st_pass_registry *r, const char *name)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1;
	for (size_t i = 0; i < r->npasses; i++) {
		size_t d = st_edit_distance(name, r->passes[i]->name);
		if (d < bestd) {
			bestd = d;
			best = r->passes[i]->name;
		}
	}
	/* Suggest only names that are plausibly what was meant. */
	return best && bestd <= strlen(best) / 2 ? best : NULL;
}

const struct st_pass_info *st_pass_lookup_or_report(const struct st_pass_registry *r, const char *name,
                                                    struct st_diag_engine *d)
{
	const struct st_pass_info *pass = st_pass_lookup(r, name);
	if (pass)
		return pass;
	const struct st_loc noloc = {0};
	const char *sugg = st_pass_suggest(r, name);
	if (sugg)
		st_error(d, noloc, "unknown pass '%s'; did you mean '%s'?", name, sugg);
	else
		st_error(d, noloc, "unknown pass '%s' (--list-passes shows the registered passes)", name);
	return NULL;
}

bool st_pass_should_process_block(const struct st_pass_ctx *ctx, const struct st_block *b)
{
	if (!ctx->process_blocks)
		return true;
	for (size_t i = 0; i < ctx->nprocess_blocks; i++)
		if (strcmp(ctx->process_blocks[i], b->label) == 0)
			return true;
	return false;
}

bool *st_pass_block_mask(const struct st_pass_ctx *ctx, const struct st_function *f)
{
	if (!ctx->process_blocks)
		return NULL;
	bool *mask = st_xmalloc((f->blocks.n ? f->blocks.n : 1) * sizeof *mask);
	for (size_t b = 0; b < f->blocks.n; b++)
		mask[b] = st_pass_should_process_block(ctx, f->blocks.v[b]);
	return mask;
}

bool st_pass_run_functions(struct st_pass_ctx *ctx, st_pass_function_fn *fn, void *arg)
{
	bool ok = true;
	for (size_t k = 0; k < ctx->module->funcs.n; k++) {
		struct st_function *f = ctx->module->funcs.v[k];
		if (!f->blocks.n)
			continue;
		bool *mask = st_pass_block_mask(ctx, f);
		ok &= fn(ctx, f, mask, arg);
		free(mask);
	}
	return ok;
}

void st_pass_stat_add(struct st_pass_ctx *ctx, const char *name, int64_t delta)
{
	for (size_t i = 0; i < ctx->stats.n; i++) {
		if (strcmp(ctx->stats.v[i].name, name) == 0) {
			ctx->stats.v[i].value += delta;
			return;
		}
	}
	st_vec_push(&ctx->stats, ((struct st_stat){name, delta}));
}
