/* SSA def-use chains over register keys (DWORD granularity) and, with
 * include_pseudo, over LDS<n> memory-token pseudo-registers.
 *
 * After st_build_use_def_chain every instruction of the function has a def-use
 * record (`du`, struct st_defuse) listing its `sources` (the distinct reaching
 * producers, PHIs included) and `users`; PHIs sit in each join block's `phis`
 * list, one per (block, key), with `phi_incoming` aligned to the block's
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

/* The chains of one instruction or PHI, kept out of struct st_inst because
 * only a running analysis needs them. */
struct st_defuse {
	struct st_inst **sources; /* distinct reaching producers, PHIs included */
	struct st_inst **users;   /* instructions and PHIs listing this one as a source */
	uint32_t nsources;
	uint32_t nusers;
};

/* A PHI's record (its `du` points at the first member): the chains, the
 * register key and one incoming value per predecessor (aligned with
 * block->preds.v; NULL where no definition reaches). Apart, so that an
 * instruction's record holds only what every instruction needs. */
struct st_phi_defuse {
	struct st_defuse du;
	struct st_reg phi_key;
	struct st_inst **phi_incoming;
};

/* Readers' view of the chains: an instruction without chains (none built,
 * created after the build, or after st_remove_phis) has no sources and no
 * users. */
static inline struct st_inst *const *st_inst_sources(const struct st_inst *i, uint32_t *n)
{
	*n = i->du ? i->du->nsources : 0;
	return i->du ? i->du->sources : NULL;
}

static inline struct st_inst *const *st_inst_users(const struct st_inst *i, uint32_t *n)
{
	*n = i->du ? i->du->nusers : 0;
	return i->du ? i->du->users : NULL;
}

/* A PHI's key register and incoming values (phi->block->preds.n of them). */
static inline struct st_reg st_phi_key(const struct st_inst *phi)
{
	st_assert(phi->kind == ST_ITEM_PHI && phi->du);
	return ((const struct st_phi_defuse *)phi->du)->phi_key;
}

static inline struct st_inst *const *st_phi_incoming(const struct st_inst *phi)
{
	st_assert(phi->kind == ST_ITEM_PHI && phi->du);
	return ((const struct st_phi_defuse *)phi->du)->phi_incoming;
}

/* The seed's buildUseDefChain(func, domInfo, clearExisting, includePseudo).
 * `cfg` must be built for `f` with current predecessor lists.
 *
 * clear_existing: drop the chains and PHIs of a previous build first (they
 * are stale once the IR changed). Without it the function must have no
 * chains (fresh IR, or after st_remove_phis); that is asserted.
 *
 * Ownership: PHIs, the def-use records (`du`) and their sources/users/
 * phi_incoming arrays live in a per-function side arena (f->chains), released
 * by st_remove_phis, by the next clear_existing build, or by st_module_free,
 * whichever comes first; so st_module_free is safe without st_remove_phis.
 * st_remove_phis and a clear_existing build reset every instruction's `du`
 * to NULL. Instructions created after the build simply have no chains
 * (`du` NULL); an instruction erased after the build keeps a stale `du`
 * (do not read it). The build does not touch any instruction's
 * `id`, except PHIs': a PHI's `id` is its number in
 * 0..f->nphis-1, in block order (dense, for side tables indexed by PHI). */
ST_API void st_build_use_def_chain(struct st_function *f, const struct st_cfg *cfg, bool clear_existing,
                                   bool include_pseudo);
/* The seed's removePHIs: strips PHIs and all chains of the function's blocks
 * (every block; see st_remove_phis_in for the --process-blocks variant). */
ST_API void st_remove_phis(struct st_function *f);
/* removePHIs gated by --process-blocks: removes the PHIs of the blocks whose
 * entry in `blocks` (indexed like f->blocks; st_pass_block_mask builds it from
 * a pass context) is true, NULL meaning every block, and
 * keeps every chain consistent, so no `sources`, `users` or `phi_incoming`
 * ever names a removed PHI. A reference to a removed PHI is replaced by the
 * producers that PHI merged (followed through other removed PHIs). A PHI in a
 * skipped block whose incoming value was a removed PHI is removed as well,
 * since one incoming slot cannot hold the several producers it stood for.
 * Surviving PHIs are renumbered 0..f->nphis-1. The chains stay until
 * st_remove_phis or a rebuild. */
ST_API void st_remove_phis_in(struct st_function *f, const bool *blocks);

#endif
