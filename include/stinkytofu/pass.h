/* Passes, their option schemas, the registry and the pass manager.
 *
 * A pass is one table entry: {name, summary, option schema, run}. The pass
 * manager parses and validates option strings from the schema (types and
 * integer ranges); a pass reads ctx->opts[k] for the k-th schema entry and
 * never parses or checks text itself.
 * Names are resolved in a registry, a table of passes: the built-in one
 * (passes.h) lists lib/transforms/, and a program using the library can make
 * its own. */
#ifndef STINKYTOFU_PASS_H
#define STINKYTOFU_PASS_H

#include "stinkytofu/ir.h"

enum st_opt_type { ST_OPT_FLAG, ST_OPT_INT, ST_OPT_STRING, ST_OPT_LIST };

struct st_pass_option {
	const char *name;
	enum st_opt_type type;
	const char *default_value; /* as text ("" for none; flags default off) */
	const char *help;
	int64_t min, max; /* ST_OPT_INT: the accepted values; the pass manager rejects others */
};

/* The last two fields of a schema row: ST_OPT_RANGE(1, 64) for an integer
 * that must lie in 1..64, ST_OPT_ANY for any integer and for the other types. */
#define ST_OPT_RANGE(lo, hi) (lo), (hi)
#define ST_OPT_ANY INT64_MIN, INT64_MAX

struct st_opt_value {
	bool set;       /* given on the command line */
	bool flag;      /* ST_OPT_FLAG */
	int64_t i;      /* ST_OPT_INT */
	const char *s;  /* ST_OPT_STRING */
	const char **list; /* ST_OPT_LIST */
	size_t nlist;
};

/* Kernel configuration from the command line. */
struct st_kernel_config {
	const char *arch; /* "gfx1250" by default */
	int num_waves;    /* --NumWaves; 0 = multi-wave */
};

struct st_stat {
	const char *name;
	int64_t value;
};

struct st_pass_info;

struct st_pass_ctx {
	struct st_module *module;
	const struct st_kernel_config *config;
	struct st_diag_engine *diag;
	const struct st_pass_info *pass;
	const struct st_opt_value *opts; /* indexed like pass->options */
	ST_VEC(struct st_stat) stats;
	/* --process-blocks: NULL means every block may be mutated. */
	const char *const *process_blocks;
	size_t nprocess_blocks;
	bool changed; /* set by the pass when it mutated the IR */
};

/* The schema fields of a descriptor: ST_PASS_OPTIONS(options) for a static
 * array of rows. */
#define ST_PASS_OPTIONS(schema) .options = (schema), .noptions = sizeof(schema) / sizeof(schema)[0]
struct st_pass_info {
	const char *name;
	const char *summary;
	const struct st_pass_option *options;
	size_t noptions;
	/* Returns false on failure (errors already reported through ctx->diag). */
	bool (*run)(struct st_pass_ctx *ctx);
};

/* The seed's PassContext::shouldProcessBasicBlock. */
ST_API bool st_pass_should_process_block(const struct st_pass_ctx *ctx, const struct st_block *b);
/* The blocks of `f` the pass may mutate, as a mask indexed like f->blocks
 * (allocated; the caller frees it), or NULL when it may mutate every block. */
ST_API bool *st_pass_block_mask(const struct st_pass_ctx *ctx, const struct st_function *f);
/* The loop of a pass over the module: calls fn(ctx, f, mask, arg) for each
 * function of the module that has blocks, in order, where mask is
 * st_pass_block_mask(ctx, f) (NULL: every block may be mutated), freed after
 * the call. Every function is visited; returns whether every call returned
 * true. */
typedef bool st_pass_function_fn(struct st_pass_ctx *ctx, struct st_function *f, const bool *mask, void *arg);
ST_API bool st_pass_run_functions(struct st_pass_ctx *ctx, st_pass_function_fn *fn, void *arg);
ST_API void st_pass_stat_add(struct st_pass_ctx *ctx, const char *name, int64_t delta);

/* A registry: passes in the order --list-passes and --help show them. */
struct st_pass_registry {
	const struct st_pass_info *const *passes;
	size_t npasses;
};

ST_API const struct st_pass_info *st_pass_lookup(const struct st_pass_registry *r, const char *name);
/* The registered pass name closest to `name` by edit distance, or NULL. */
ST_API const char *st_pass_suggest(const struct st_pass_registry *r, const char *name);
/* st_pass_lookup that reports an unknown name to `d` with a suggestion. */
ST_API const struct st_pass_info *st_pass_lookup_or_report(const struct st_pass_registry *r, const char *name,
                                                           struct st_diag_engine *d);

#endif
