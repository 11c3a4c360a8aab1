/* The passes of lib/transforms/, as the registry stinkytofu-opt resolves pass
 * names in. Adding a pass is a folder under lib/transforms/ with its
 * descriptor, and one line in lib/transforms/passes.def. */
#ifndef STINKYTOFU_PASSES_H
#define STINKYTOFU_PASSES_H

#include "stinkytofu/pass.h"

ST_API const struct st_pass_registry *st_builtin_passes(void);

#endif
