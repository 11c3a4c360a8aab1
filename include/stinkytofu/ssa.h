/* SSA def-use chains over register keys (DWORD granularity) and, with
 * include_pseudo, over LDS<n> memory-token pseudo-registers.
 *
 * After st_build_use_def_chain every instruction lists `sources` (the distinct
 * reaching producers, PHIs included) and `users`; PHIs sit in each join block's
 * `phis` list, one per (block, key), with `phi_incoming` aligned to the block's
 * predecessors (NULL where no definition reaches). PHIs never appear in printed
 * IR; st_remove_phis strips them and the chains. Rebuild after editing the IR. */
#ifndef STINKYTOFU_SSA_H
#define STINKYTOFU_SSA_H

#include "stinkytofu/cfg.h"

/* The seed's buildUseDefChain(func, domInfo, clearExisting, includePseudo).
 * Chains live in memory owned by the function's module arena plus heap arrays
 * released by st_remove_phis (always call it before st_module_free). */
void st_build_use_def_chain(struct st_function *f, const struct st_cfg *cfg, bool clear_existing,
                            bool include_pseudo);
/* The seed's removePHIs: strips PHIs and all chains of the function's blocks
 * (every block; see st_remove_phis_in for the --process-blocks variant). */
void st_remove_phis(struct st_function *f);

#endif
