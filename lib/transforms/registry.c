/* The registry of the built-in passes, built from passes.def. */
#include "stinkytofu/passes.h"

#define ST_PASS(var) extern const struct st_pass_info var;
#include "passes.def"
#undef ST_PASS

static const struct st_pass_info *const builtin[] = {
#define ST_PASS(var) &var,
#include "passes.def"
#undef ST_PASS
};

static const struct st_pass_registry registry = {builtin, sizeof builtin / sizeof builtin[0]};

const struct st_pass_registry *st_builtin_passes(void)
{
	return &registry;
}
