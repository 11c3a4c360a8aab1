/* SSA def-use chains over register keys (DWORD granularity) and, with
 * include_pseudo, over LDS<n> memory-token pseudo-registers.
 *
 * After st_build_use_def_chain every instruction lists `sources` (the distinct
 * reaching producers, PHIs included) and `users`; PHIs sit in each join block's
 * `phis` list, one per (block, key), with `phi_incoming` aligned to the block's
 * predecessors (NULL where no definition reaches). A PHI is an st_inst of kind
 * ST_ITEM_PHI with `block`, `phi_key` (one DWORD register) and dsts[0] == that
 * register; its `sources` are its distinct incoming values except itself.
 * PHIs never appear in printed IR; st_remove_phis strips them and the chains.
 * Rebuild after editing the IR. Placement is pruned (a PHI only where the key
 * is live on entry); unreachable blocks get block-local chains only and never
 * feed reachable code. docs/def-use.md has the details. */
#ifndef STINKYTOFU_SSA_H
#define STINKYTOFU_SSA_H

#include "stinkytofu/cfg.h"

struct st_pass_ctx;

/* The seed's buildUseDefChain(func, domInfo, clearExisting, includePseudo).
 * `cfg` must be built for `f` with current predecessor lists.
 *
 * clear_existing: drop the chains and PHIs of a previous build first (they
 * are stale once the IR changed). Without it the function must have no
 * chains (fresh IR, or after st_remove_phis); that is asserted.
 *
 * Ownership: PHIs and the sources/users/phi_incoming arrays live in a
 * per-function side arena (f->chains), released by st_remove_phis, by the next
 * clear_existing build, or by st_module_free, whichever comes first; so
 * st_module_free is safe without st_remove_phis. Instructions created after
 * the build simply have no chains; an instruction erased after the build keeps
 * stale chain fields (do not read them). The build does not touch any instruction's
 * `id` or `user`, except PHIs': a PHI's `id` is its number in
 * 0..f->nphis-1, in block order (dense, for side tables indexed by PHI). */
void st_build_use_def_chain(struct st_function *f, const struct st_cfg *cfg, bool clear_existing,
                            bool include_pseudo);
/* The seed's removePHIs: strips PHIs and all chains of the function's blocks
 * (every block; see st_remove_phis_in for the --process-blocks variant). */
void st_remove_phis(struct st_function *f);
/* removePHIs gated by --process-blocks (st_pass_should_process_block; a NULL
 * ctx means every block): removes the PHIs of the processed blocks only, and
 * keeps every chain consistent, so no `sources`, `users` or `phi_incoming`
 * ever names a removed PHI. A reference to a removed PHI is replaced by the
 * producers that PHI merged (followed through other removed PHIs). A PHI in a
 * skipped block whose incoming value was a removed PHI is removed as well,
 * since one incoming slot cannot hold the several producers it stood for.
 * Surviving PHIs are renumbered 0..f->nphis-1. The chains stay until
 * st_remove_phis or a rebuild. */
void st_remove_phis_in(struct st_function *f, const struct st_pass_ctx *ctx);

#endif
