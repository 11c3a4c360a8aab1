/* CFG analyses as plain functions over a function's blocks.
 *
 * Blocks are numbered by their `index` in func->blocks. Unreachable blocks
 * (from the first block) have no RPO number and no dominator; irreducible
 * CFGs are handled (dominators are still exact). */
#ifndef STINKYTOFU_CFG_H
#define STINKYTOFU_CFG_H

#include "stinkytofu/ir.h"

struct st_cfg {
	const struct st_function *func;
	size_t nblocks;
	/* Reverse post-order of the reachable blocks, entry first, followed by
	 * the unreachable blocks in block order (so a walk over `rpo` sees every
	 * block). nreachable counts the reachable prefix. */
	struct st_block **rpo;
	size_t nreachable;
	uint32_t *rpo_index;   /* block index -> position in rpo */
	int32_t *idom;         /* block index -> immediate dominator index; -1 for entry/unreachable */
	ST_VEC(uint32_t) *frontier; /* block index -> dominance frontier (block indices) */
	/* Back edges: (from, to) with `to` dominating `from`; a retreating edge
	 * whose target does not dominate its source marks the CFG irreducible. */
	ST_VEC(struct st_edge { uint32_t from, to; }) back_edges;
	bool irreducible;
};

/* Builds RPO, dominators (Cooper-Harvey-Kennedy), frontiers and back edges.
 * Predecessor lists must be current (st_function_compute_preds). */
void st_cfg_build(struct st_cfg *cfg, const struct st_function *f);
void st_cfg_free(struct st_cfg *cfg);
bool st_cfg_dominates(const struct st_cfg *cfg, uint32_t a, uint32_t b);
bool st_cfg_reachable(const struct st_cfg *cfg, uint32_t b);
/* Natural loop of back edge e: the block indices in the loop body (header first). */
void st_cfg_natural_loop(const struct st_cfg *cfg, struct st_edge e, ST_VEC(uint32_t) *body);

#endif
