/* The wmma VGPR reorder analysis (StinkyWmmaVgprReorderPass): finds the wmma
 * order and cross-pool register aliases that save VGPRs in N-buffered GEMM
 * loops, without changing the IR.
 *
 * Three layers, each replaceable without touching the others:
 *   1. IRegLivenessAnalysis (struct st_wmma_liveness_backend): live intervals
 *      of the A and B register groups of a block's wmma sequence. Built-in:
 *      WmmaIntervalLiveness.
 *   2. IWmmaReorderAlgorithm (struct st_wmma_reorder_algorithm): from the pools
 *      and the intervals, the desired wmma order and the alias candidates.
 *      Built-in: PoolVaryingReorderAlgorithm.
 *   3. WmmaReorderAnalysisResult (struct st_wmma_reorder_result): per block,
 *      the stable contract downstream code consumes.
 *
 * Pipeline of one block (st_wmma_analysis_run_block):
 *   wmmas in program order -> WmmaNodes (pool from mod.wmma_pool)
 *   -> detectABIndices (aGroup := the pool-varying source)
 *   -> layer 1 computeLiveness -> layer 2 solve
 *   -> replacements (every operand of the block inside an aliased group).
 *
 * Ownership: an analysis owns its results; a result (and every array in it)
 * stays valid until the analysis runs again over the same block, runs over a
 * whole module again, or is freed. Results point at instructions of the
 * module (arena memory), so the module must outlive their use. Results
 * describe the IR as it was when the analysis ran. The layer structs are
 * copied at creation; their `ctx` pointers are borrowed and must outlive the
 * analysis. */
#ifndef STINKYTOFU_WMMA_H
#define STINKYTOFU_WMMA_H

#include "stinkytofu/ir.h"

/* RegGroup: the registers of one operand, e.g. v[0:7] = {V, 0, 8}. */
struct st_reg_group {
	enum st_regclass cls;
	uint32_t first;
	uint32_t count;
};

ST_API bool st_reg_group_equal(struct st_reg_group a, struct st_reg_group b);
/* A hash of the group, for the tables that gather equal groups (st_index). */
static inline uint32_t st_reg_group_hash(struct st_reg_group g)
{
	return (uint32_t)st_hash64(((uint64_t)g.cls << 32 | g.first) * 31 + g.count);
}
/* Orders by class, first index, then count (a total order for sorting). */
ST_API int st_reg_group_cmp(struct st_reg_group a, struct st_reg_group b);
/* Formats as printed: v5, v[0:7]. */
ST_API void st_reg_group_format(struct st_reg_group g, char *buf, size_t size);

/* WmmaNode: one wmma of the block. After detectABIndices, `a` is the
 * pool-varying source and `b` the pool-shared one; `a_operand`/`b_operand` are
 * their source operand indices (0 or 1). `c` is the destination (accumulator). */
struct st_wmma_node {
	struct st_inst *inst;
	uint32_t index; /* position in the block's wmma sequence (program order) */
	uint32_t pool;  /* mod.wmma_pool.poolIndex */
	struct st_reg_group a, b, c;
	uint8_t a_operand, b_operand;
};

/* RegInterval: a group is live over wmma positions [first, last]. */
struct st_wmma_interval {
	struct st_reg_group group;
	uint32_t first, last;
};

/* The map RegGroup -> RegInterval a liveness backend fills. Backends call
 * st_wmma_liveness_add (several calls for one group widen its interval to the
 * union); the analysis then calls st_wmma_liveness_finish, after which
 * st_wmma_liveness_find answers in O(log n). */
struct st_wmma_liveness {
	ST_VEC(struct st_wmma_interval) intervals;
	bool finished;
};
ST_API void st_wmma_liveness_add(struct st_wmma_liveness *l, struct st_reg_group g, uint32_t first, uint32_t last);
ST_API void st_wmma_liveness_finish(struct st_wmma_liveness *l);
/* NULL when the group has no interval. Requires st_wmma_liveness_finish. */
ST_API const struct st_wmma_interval *st_wmma_liveness_find(const struct st_wmma_liveness *l, struct st_reg_group g);
ST_API void st_wmma_liveness_free(struct st_wmma_liveness *l);

/* Layer 1, IRegLivenessAnalysis: computeLiveness(block, wmmaSeq) adds one
 * interval per A and B group of `seq` (positions are indices into seq) to
 * `out`, which arrives empty. */
struct st_wmma_liveness_backend {
	const char *name;
	void *ctx;
	void (*compute_liveness)(void *ctx, const struct st_block *block, const struct st_wmma_node *seq,
	                         size_t nseq, struct st_wmma_liveness *out);
};
/* WmmaIntervalLiveness: [first wmma reading the group, last wmma reading it]. */
ST_API extern const struct st_wmma_liveness_backend st_wmma_interval_liveness;

/* AliasCandidate: `from` (a pool-varying group of pool `from_pool`) can live
 * in the registers of `to` (the corresponding group of pool `to_pool`). */
struct st_wmma_alias {
	struct st_reg_group from, to;
	uint32_t from_pool, to_pool;
};

/* One pool: its wmmas in program order. Pools reach the algorithm sorted by
 * pool index and together hold every node of the sequence once, so node
 * indices run over [0, total number of nodes). */
struct st_wmma_pool {
	uint32_t pool_index;
	const struct st_wmma_node **nodes;
	size_t n;
};

/* Why a block is not applicable. */
enum st_wmma_reason {
	ST_WMMA_APPLICABLE,
	ST_WMMA_NO_WMMA,         /* the block has no wmma */
	ST_WMMA_UNTAGGED,        /* some wmma lacks mod.wmma_pool */
	ST_WMMA_MALFORMED,       /* some wmma lacks register src0/src1 */
	ST_WMMA_ONE_POOL,        /* fewer than 2 pools */
	ST_WMMA_NO_INFLATION,    /* no pool's A interval is wider than its B groups */
	ST_WMMA_NO_SIZE_MATCH,   /* no corresponding A groups of equal size */
	ST_WMMA_ALL_OVERLAP,     /* every pair still overlaps after reordering */
	ST_WMMA_STRADDLED,       /* every alias has an operand straddling its registers */
	ST_WMMA_DECLINED,        /* a custom algorithm declined for its own reason */
};
ST_API const char *st_wmma_reason_name(enum st_wmma_reason r);

/* What solve produces. `order` lists every node of every pool exactly once,
 * in the desired order; both vectors arrive empty and belong to the analysis. */
struct st_wmma_solution {
	ST_VEC(const struct st_wmma_node *) order;
	ST_VEC(struct st_wmma_alias) aliases;
};

/* Layer 2, IWmmaReorderAlgorithm: solve(pools, liveness). Returns
 * ST_WMMA_APPLICABLE with a filled solution, or the reason it is not. */
struct st_wmma_reorder_algorithm {
	const char *name;
	void *ctx;
	enum st_wmma_reason (*solve)(void *ctx, const struct st_wmma_pool *pools, size_t npools,
	                             const struct st_wmma_liveness *liveness, struct st_wmma_solution *out);
};
/* PoolVaryingReorderAlgorithm (see docs/passes/wmma-vgpr-reorder.md). */
ST_API extern const struct st_wmma_reorder_algorithm st_wmma_pool_varying_algorithm;

/* RegReplacement: rewrite operand `operand` of `inst` (a destination when
 * `is_dst`) from `old_reg` to `new_reg`. */
struct st_wmma_replacement {
	struct st_inst *inst;
	uint32_t operand;
	bool is_dst;
	struct st_reg old_reg, new_reg;
};

/* Layer 3, WmmaReorderAnalysisResult of one block. When not applicable,
 * `reason` says why and order, aliases and replacements are empty. */
struct st_wmma_reorder_result {
	const struct st_block *block;
	bool applicable;
	enum st_wmma_reason reason;
	uint32_t npools;
	ST_VEC(struct st_wmma_node) nodes;        /* the wmma sequence, relabelled */
	ST_VEC(struct st_inst *) order;           /* desiredWmmaOrder */
	ST_VEC(uint32_t) order_index;             /* the same, as positions in `nodes` */
	ST_VEC(struct st_wmma_alias) aliases;     /* kept aliases */
	ST_VEC(struct st_wmma_replacement) replacements; /* in program order */
	uint32_t total_vgpr_saved;                /* totalVgprSaved */
};

/* An analysis: the two layers plus the results of the blocks it analysed.
 * NULL for a layer selects the built-in one. */
struct st_wmma_analysis;
ST_API struct st_wmma_analysis *st_wmma_analysis_new(const struct st_wmma_liveness_backend *liveness,
                                                     const struct st_wmma_reorder_algorithm *algorithm);
ST_API void st_wmma_analysis_free(struct st_wmma_analysis *a);
/* Analyses every block of every function, discarding earlier results. */
ST_API void st_wmma_analysis_run(struct st_wmma_analysis *a, struct st_module *m);
/* Analyses one block (replacing an earlier result for it) and returns it. */
ST_API const struct st_wmma_reorder_result *st_wmma_analysis_run_block(struct st_wmma_analysis *a, struct st_block *b);
/* getWmmaReorderResult: the result for `b`, or NULL when `a` has not analysed it. */
ST_API const struct st_wmma_reorder_result *st_wmma_reorder_result(const struct st_wmma_analysis *a,
                                                                   const struct st_block *b);

/* The analysis StinkyWmmaVgprReorderPass uses and leaves on the module. To
 * run the pass with custom layers, attach an analysis built with them before
 * the pass runs; otherwise the pass attaches one with the built-in layers.
 * The module takes ownership of an attached analysis (freed by
 * st_module_free or when another one is attached). */
ST_API void st_wmma_analysis_attach(struct st_module *m, struct st_wmma_analysis *a);
ST_API struct st_wmma_analysis *st_wmma_module_analysis(const struct st_module *m);

/* Building blocks, for custom algorithms and tests. */

/* detectABIndices: decides which source is pool-varying and relabels every
 * node so `a` is it (setting a_operand/b_operand). On entry each node's `a`
 * holds its src0 group and `b` its src1 group. Returns the source operand
 * index of A (0 or 1). */
ST_API unsigned st_wmma_detect_ab_indices(struct st_wmma_node *seq, size_t n);
/* reorderContiguously: writes to out[0..n) the nodes of one pool with each A
 * group's nodes contiguous, groups by first appearance, nodes within a group
 * in their original order. */
ST_API void st_wmma_reorder_contiguously(const struct st_wmma_node *const *pool, size_t n,
                                         const struct st_wmma_node **out);

#endif
