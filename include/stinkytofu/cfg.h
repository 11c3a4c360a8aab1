/* CFG analyses as plain functions over a function's blocks.
 *
 * Blocks are numbered by their `index` in func->blocks. Unreachable blocks
 * (from the first block) have no RPO number and no dominator; irreducible
 * CFGs are handled (dominators are still exact). */
#ifndef STINKYTOFU_CFG_H
#define STINKYTOFU_CFG_H

#include "stinkytofu/ir.h"

/* A CFG edge between block indices. */
struct st_edge {
	uint32_t from, to;
};

/* A growable list of block indices (usable with st_vec_*). */
ST_VEC_DECL(st_block_list, uint32_t);

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
	struct st_block_list *frontier; /* block index -> dominance frontier (block indices) */
	/* Back edges: (from, to) with `to` dominating `from`; a retreating edge
	 * whose target does not dominate its source marks the CFG irreducible. */
	ST_VEC(struct st_edge) back_edges;
	bool irreducible;
	/* Dominator tree, for O(1) dominance queries and tree walks: children
	 * of block b are dom_child[dom_child_start[b] .. dom_child_start[b+1]),
	 * in RPO order; dom_pre/dom_post are preorder/postorder numbers of a walk
	 * of the tree from the entry (unreachable blocks: UINT32_MAX). */
	uint32_t *dom_child_start; /* nblocks + 1 entries */
	uint32_t *dom_child;
	uint32_t *dom_pre, *dom_post;
};

/* Builds RPO, dominators (Cooper-Harvey-Kennedy), frontiers and back edges.
 * Predecessor lists must be current (st_function_compute_preds). */
ST_API void st_cfg_build(struct st_cfg *cfg, const struct st_function *f);
ST_API void st_cfg_free(struct st_cfg *cfg);
/* Whether block a dominates block b (reflexive); false when either is unreachable. */
ST_API bool st_cfg_dominates(const struct st_cfg *cfg, uint32_t a, uint32_t b);
ST_API bool st_cfg_reachable(const struct st_cfg *cfg, uint32_t b);
/* Natural loop of back edge e: the block indices in the loop body (header
 * first, then the other blocks in ascending index order). `body` is cleared
 * first. */
ST_API void st_cfg_natural_loop(const struct st_cfg *cfg, struct st_edge e, struct st_block_list *body);

/* --emit-dot (lib/analysis/cfg-dot.c, docs/asm-and-dot.md): one `digraph` per
 * function, a node per block listing its label and instructions (as
 * assembly), an edge per `Successors:` entry, retreating edges (loop back
 * edges, edges closing irreducible cycles) drawn apart and left out of the
 * layout ranking, and instructions inserted by a pass highlighted. Predecessor
 * lists must be current (st_function_compute_preds; the parser leaves them
 * so), as for st_cfg_build. The picture is written here, next to the analyses
 * it draws (as LLVM keeps CFGPrinter in lib/Analysis), and only reads the
 * module. */
/* Warnings about a CFG that disagrees with the code it holds, since the
 * waits are computed on the CFG (lib/analysis/cfg-check.c): a branch to a
 * block its Successors: line does not list, or to no block; a conditional
 * branch with fewer than two successors; a block that neither ends in a
 * terminator nor has a Successors: line while more code follows; a block
 * unreachable from the first. Returns the number of warnings. */
ST_API size_t st_cfg_check_module(const struct st_module *m, struct st_diag_engine *d);
ST_API void st_cfg_dot_module(struct st_buf *out, const struct st_module *m);
ST_API void st_cfg_dot_function(struct st_buf *out, const struct st_function *f);

#endif
