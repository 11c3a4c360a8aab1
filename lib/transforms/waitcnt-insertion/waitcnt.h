/* Shared structures of StinkyWaitCntInsertionPass (private to this folder).
 *
 * The pass runs Analyze -> Optimize -> Finalize -> Emit (see pass.c and
 * docs/passes/waitcnt-insertion.md). The names follow the design document:
 *
 *   PerPredQueue      struct wc_queue      in-flight ops of one counter on the
 *                                          paths entering through one predecessor
 *   DataflowState     struct wc_state      the queues of every counter
 *   WaitCountSpec     struct wc_spec       one wait immediate per counter
 *   CounterEmitState  struct wc_emit       redundancy elision (needsNewWait)
 *   WaitInsertionPlan struct wc_plan       anchorWaits + tailDrains
 *   PhiSummary        struct wc_phi_summary the memory ops a PHI stands for
 *   WaitDataflow      struct wc_dataflow   the solver and its DataflowResult
 *   WaitPlanOptimizer struct wc_optimizer  e.g. ShallowPredPromotion
 *
 * A PerPredQueue does not store ops in a position list but, for every op, its
 * countFrom (the number of ops from it to the tail, inclusive) as an issue
 * stamp: countFrom(op) = clock - stamp + 1. The per-path FIFO position is all
 * the solver ever reads (wait = countFrom - 1, trim keeps countFrom <= N,
 * append adds 1 to every countFrom), and it merges exactly: the queues of
 * several paths through one predecessor become one queue keeping each op's
 * smallest countFrom, which answers every query exactly as the separate
 * queues would (the minimum over them). This bounds the state by the number
 * of predecessors without ever collapsing two predecessors' queues. */
#ifndef STINKYTOFU_WAITCNT_H
#define STINKYTOFU_WAITCNT_H

#include "stinkytofu/cfg.h"
#include "stinkytofu/isa.h"
#include "stinkytofu/pass.h"

enum {
	WC_UNUSED = -1,       /* WaitCountSpec::kUnused: no constraint on the counter */
	WC_MAX_IN_FLIGHT = 64 /* kMaxInFlight: ops a queue lists before the oldest drop */
};

/* WaitCountSpec: the immediate to wait down to per counter, or WC_UNUSED. */
struct wc_spec {
	int cnt[ST_NUM_COUNTERS];
};
void st_wc_spec_clear(struct wc_spec *s);
bool st_wc_spec_empty(const struct wc_spec *s);

/* One op in a PerPredQueue, its issue stamp, its id (op->id when appended),
 * which orders the entries and indexes the solver's per-op facts without
 * reading the instruction, and the registers it writes as the solver's
 * bucket mask (dataflow.c), with which the WAW scan skips a queue or an
 * entry that cannot overlap. */
struct wc_entry {
	struct st_inst *op;
	uint32_t stamp;
	uint32_t id;
	uint32_t var;    /* the variant of the issue (annotations.c): 0 = this trip, no ring delta */
	bool flat;       /* st_inst_is_flat(op), kept here (in what would be padding) */
	uint64_t writes; /* the solver's write mask of op (all ones: unknown) */
};

/* PerPredQueue. Entries are sorted by op id and variant, list each (op,
 * variant) once (its newest issue, the smallest countFrom over the paths)
 * and have countFrom <= 64. `unk`
 * stands for ops the list does not name that may still be in flight: those
 * dropped at the kMaxInFlight cap, or everything when the state is "unknown"
 * (the fallback analysis). It is conservatively assumed to hold any op of the
 * counter, with any or no token, at countFrom >= clock - unk_stamp + 1. */
struct wc_queue {
	struct st_block *pred; /* the CFG predecessor; NULL = synthetic (function entry) */
	uint32_t clock;        /* stamp of the newest append */
	uint32_t oldest;       /* a lower bound of the entries' stamps */
	struct wc_entry *ops;
	uint32_t n, cap;
	uint64_t writes; /* a superset of the union of the entries' write masks */
	bool flat;       /* an entry is a flat op (out of order: see st_wc_queue_trim) */
	bool unk;
	uint32_t unk_stamp;
};

void st_wc_queue_init(struct wc_queue *q, struct st_block *pred);
void st_wc_queue_free(struct wc_queue *q);
void st_wc_queue_copy(struct wc_queue *dst, const struct wc_queue *src);
/* countFrom(op): ops from op's newest issue to the tail, inclusive, 0 when op
 * cannot be in flight on these paths. The unknown region counts as holding op. */
uint32_t st_wc_queue_count_from(const struct wc_queue *q, const struct st_inst *op);
/* The index of op's newest issue (any variant), or -1. */
int64_t st_wc_queue_newest_of(const struct wc_queue *q, const struct st_inst *op);
/* countFrom of the entry at index k (0 = oldest). Inline, as the next two:
 * computeRequiredWaits asks them of every queue at every instruction. */
static inline uint32_t st_wc_queue_depth(const struct wc_queue *q, uint32_t k)
{
	return q->clock - q->ops[k].stamp + 1;
}
/* countFrom of the newest op of the unknown region; 0 without one. */
static inline uint32_t st_wc_queue_unk_depth(const struct wc_queue *q)
{
	return q->unk ? q->clock - q->unk_stamp + 1 : 0;
}
static inline bool st_wc_queue_empty(const struct wc_queue *q)
{
	return q->n == 0 && !q->unk;
}
/* Records an issued op (after the wait decision of its own instruction).
 * Returns true when an older op had to leave the list at the cap. */
bool st_wc_queue_append(struct wc_queue *q, struct st_inst *op);
/* countFrom as st_wc_queue_count_from, and whether only the unknown region holds op. */
uint32_t st_wc_queue_count_from_ex(const struct wc_queue *q, const struct st_inst *op, bool *unknown);
/* st_wc_queue_count_from_ex and st_wc_queue_newest_of in one search: *at is
 * the index of op's newest issue, or -1 (then also when only the unknown
 * region holds op). */
uint32_t st_wc_queue_count_from_at(const struct wc_queue *q, const struct st_inst *op, bool *unknown, int64_t *at);
/* trimQueues for one queue: `s_wait N` leaves at most the N newest ops. A
 * flat op retires out of order, so while one is listed only a wait of 0
 * retires anything: a non-zero wait says how many ops are left, not which. */
void st_wc_queue_trim(struct wc_queue *q, int n);
/* Adds every path of `src` to `dst` (smallest countFrom per op). */
void st_wc_queue_merge(struct wc_queue *dst, const struct wc_queue *src);
/* Re-sorts the entries after their variants changed, keeping the newest
 * issue of each (op, variant). */
void st_wc_queue_resort(struct wc_queue *q);
/* Makes the queue "anything may be in flight". */
void st_wc_queue_set_unknown(struct wc_queue *q);
bool st_wc_queue_equal(const struct wc_queue *a, const struct wc_queue *b);
/* The op issued last among the listed ones and its countFrom (NULL, 0: none). */
struct st_inst *st_wc_queue_newest(const struct wc_queue *q, uint32_t *depth);

/* The per-pred queues of one counter. Index k means the same predecessor in
 * every counter's vector of one state. */
ST_VEC_DECL(wc_qvec, struct wc_queue);
void st_wc_qvec_free(struct wc_qvec *qv);
void st_wc_qvec_copy(struct wc_qvec *dst, const struct wc_qvec *src);
bool st_wc_qvec_equal(const struct wc_qvec *a, const struct wc_qvec *b);
struct wc_queue *st_wc_qvec_push(struct wc_qvec *qv, struct st_block *pred);

/* DataflowState. */
struct wc_state {
	struct wc_qvec q[ST_NUM_COUNTERS];
};
void st_wc_state_free(struct wc_state *s);
void st_wc_state_copy(struct wc_state *dst, const struct wc_state *src);
bool st_wc_state_equal(const struct wc_state *a, const struct wc_state *b);
/* trimQueues: applies `s_wait_<c> n` to every per-pred queue of counter c.
 * KM retires out of order: only a wait of 0 retires anything. */
void st_wc_state_trim(struct wc_state *s, enum st_counter c, int n);
bool st_wc_state_append(struct wc_state *s, enum st_counter c, struct st_inst *op);
/* st_wc_state_append with op's id, write mask and st_inst_is_flat given. */
bool st_wc_state_append_id(struct wc_state *s, enum st_counter c, struct st_inst *op, uint32_t id, uint64_t writes,
                           bool flat);
bool st_wc_state_any_in_flight(const struct wc_state *s, enum st_counter c, int only);

/* CounterEmitState: the last wait emitted (or credited) for a counter in the
 * current block walk and the ops of that counter issued since. */
struct wc_emit {
	int last;      /* lastEmittedWait, WC_UNUSED if none */
	int since;     /* opsSinceLastWait */
};
void st_wc_emit_reset(struct wc_emit *e);
/* needsNewWait(required): the hardware may hold more than `required` ops. */
bool st_wc_emit_needs_new_wait(const struct wc_emit *e, int required);
void st_wc_emit_waited(struct wc_emit *e, int n);
void st_wc_emit_issued(struct wc_emit *e);

/* Why a wait is needed, for --remarks. */
enum wc_rule {
	WC_RULE_RAW,
	WC_RULE_WAR_LDS,
	WC_RULE_WAW_LDS,
	WC_RULE_WAW_REG,
	WC_RULE_BARRIER,
	WC_RULE_FALLBACK,
	WC_RULE_ACQUIRE,  /* a cache invalidate waits for every load */
	WC_RULE_RING,      /* mod.lds_ring */
	WC_RULE_LOOP_WAR,  /* mod.loopcarriedwar */
	WC_RULE_LOOP_RAW,  /* mod.loopcarriedraw */
	WC_RULE_DESC_WAR,  /* enableTensorDescriptorWar */
	WC_RULE_RETURN,    /* amdgpuCallConvention: a return drains */
	WC_RULE_TAIL_DRAIN,
	WC_RULE_XCNT,      /* an overwrite of a register an outstanding translation holds */
	WC_RULE_XCNT_SOFT, /* a VMEM atomic waits for every translation (LLVM's soft wait) */
	WC_RULE_CAP_HIT,
};
const char *st_wc_rule_name(enum wc_rule r);

/* Where a drained op came from, for the provenance of a wait. */
struct wc_origin {
	struct st_block *pred;  /* the predecessor its queue entered through (NULL: none) */
	uint32_t var : 31;      /* its variant (trips, ring deltas), when known_var */
	uint32_t known_var : 1; /* (in one word: a kernel's plan holds one origin per reason) */
	int32_t access;         /* the ring access that aliased, or -1 */
};

struct wc_reason {
	struct st_inst *anchor;   /* the wait goes before this instruction, or */
	struct st_block *drain;   /* at the end of this block (a tail drain) */
	enum st_counter counter;
	enum wc_rule rule;
	struct st_inst *producer; /* NULL: ops the analysis cannot name */
	struct wc_origin from;
};

/* One contribution to a required wait. */
struct wc_contrib {
	enum st_counter counter;
	enum wc_rule rule;
	struct st_inst *producer;
	int value;
	struct wc_origin from;
};

/* A required-waits computation (computeRequiredWaits) and, optionally, the
 * contributions that produced it. */
ST_VEC_DECL(wc_why, struct wc_contrib);

/* WaitInsertionPlan. */
struct wc_anchor {
	struct st_inst *inst;
	struct wc_spec spec;
	unsigned relaxed; /* bit c: counter c relaxed by ShallowPredPromotion */
	int8_t relaxed_from[ST_NUM_COUNTERS]; /* a planned wait: at most st_counter_max (6 bits) */
};

struct wc_tail_drain {
	struct st_block *pred; /* the waits go at the end of this block */
	struct st_block *succ; /* the join whose anchors were relaxed */
	struct wc_spec spec;
};

struct wc_plan {
	ST_VEC(struct wc_anchor) anchors;    /* anchorWaits */
	int32_t *slot;            /* instruction id -> anchors index or -1 */
	uint32_t ninst;
	ST_VEC(struct wc_tail_drain) drains; /* tailDrains, sorted by predecessor block index */
	ST_VEC(struct wc_reason) reasons;
	bool cap_hit;             /* the all-zero fallback plan */
};
void st_wc_plan_init(struct wc_plan *p, uint32_t ninst);
void st_wc_plan_free(struct wc_plan *p);
void st_wc_plan_copy(struct wc_plan *dst, const struct wc_plan *src);
/* The copy of a plan that is only simulated, refined or optimized: its
 * waits, tail drains and the drains' reasons, without the anchors' reasons
 * (materializePlan records those afresh; a kernel's plan holds about one per
 * inserted wait and dependency, tens of MiB on a large kernel). */
void st_wc_plan_copy_waits(struct wc_plan *dst, const struct wc_plan *src);
/* The anchor entry of `inst`, created (all WC_UNUSED) when `create`. */
struct wc_anchor *st_wc_plan_anchor(struct wc_plan *p, struct st_inst *inst, bool create);
const struct wc_spec *st_wc_plan_spec(const struct wc_plan *p, const struct st_inst *inst);
/* The drain of `pred`, created when missing. */
struct wc_tail_drain *st_wc_plan_drain(struct wc_plan *p, struct st_block *pred, struct st_block *succ);
const struct wc_tail_drain *st_wc_plan_find_drain(const struct wc_plan *p, const struct st_block *pred);
void st_wc_plan_sort_drains(struct wc_plan *p);

/* The tokens an instruction touches: mod.memtoken ids and LDS<t> operands.
 * A kernel has few distinct sets: the dataflow keeps each once. */
struct wc_tokens {
	bool tagged;    /* carries mod.memtoken or LDS<t> operands */
	uint64_t mask;  /* bit (t % 64) for each token t */
	uint32_t n;
	uint32_t *ids;  /* sorted, distinct */
};

/* PhiSummary: the concrete memory ops a PHI stands for (collectMemOpDeps:
 * through every incoming edge and every PHI behind it), per counter, as
 * sorted instruction ids. The solver scans the live queues for them
 * (phiCurrentQueueWait); a PHI of the consumer's own block is resolved per
 * incoming edge instead, against the queue of that predecessor. */
struct wc_idset {
	uint32_t *v;
	uint32_t n;
};
struct wc_phi_summary {
	bool done;
	const struct wc_idset *all; /* [ST_NUM_COUNTERS], shared by a PHI web */
};

/* Tarjan's state for the PHI webs (indexed by PHI number). */
struct wc_phi_work {
	uint32_t *index, *low, *comp, counter;
	bool *on_stack;
	ST_VEC(uint32_t) stack;
};

struct wc_dataflow;
typedef bool (*wc_raw_needs_wait_fn)(const struct wc_dataflow *df, const struct st_inst *i);

enum wc_mode {
	WC_SOLVE,    /* the waits are what computeRequiredWaits says */
	WC_ZERO,     /* the all-zero fallback from an unknown state */
	WC_SIMULATE, /* finalizePlan: the planned waits (and tail drains) as they stand */
	WC_REFINE,   /* finalizePlan: mergePlanAndComputed over a simulated state */
};

/* The kernel generator's loop annotations of one function (annotations.c):
 * mod.lds_ring, mod.loopcarriedwar, mod.loopcarriedraw. In-flight ops count
 * the trips (back-edge crossings) since their issue and the ring delta of
 * each (frame, ring size) pair they access; an entry's `var` names that
 * pair of facts, interned here (variant 0: no trip, no delta). */
struct wc_ring_pair {
	int64_t frame, ring;
};
struct wc_loops {
	bool any;                    /* an instruction carries one */
	struct st_loop_annots *of;   /* by instruction id (block items) */
	struct wc_ring_pair *pairs;  /* every (frame, ring size) accessed */
	uint32_t npairs;
	uint32_t tcap;               /* trips saturate here; the count is exact below */
	uint32_t width;              /* words per variant: trips, then one delta per pair */
	ST_VEC(uint32_t) words;      /* variant k at words.v[k * width] */
	uint32_t nvars;
	struct st_index vars;        /* the variants by their words */
	bool *keep_tensor;           /* by back-edge index of the CFG: its loop keeps tensor state */
};

/* The ISA traits computeRequiredWaits asks of an anchor and of in-flight
 * ops, and those XCNT asks of every instruction it walks, taken once per
 * instruction in the numbering walk (df->facts) instead of through the ISA
 * table at every query. */
enum {
	WC_F_LDS_FENCE = 1u << 0,
	WC_F_LDS_READER = 1u << 1,
	WC_F_ASYNC_LDS_READER = 1u << 2,
	WC_F_LDS_WRITER = 1u << 3,
	WC_F_ASYNC_LDS_WRITER = 1u << 4,
	WC_F_DS_WRITE = 1u << 5,
	WC_F_WAIT = 1u << 6,
	WC_F_FLAT = 1u << 7,
	WC_F_CACHE_INV = 1u << 8,
	WC_F_CALL = 1u << 9,
	WC_F_XCNT_SHIFT = 10,            /* bits 10-11: its enum st_xcnt_kind */
	WC_F_XCNT_KIND = 3u << 10,
	WC_F_XCNT_EXEMPT = 1u << 12,     /* a call or a terminator: waits for no translation */
	WC_F_XCNT_ATOMIC = 1u << 13,     /* a VMEM atomic (the soft wait) */
	WC_F_XCNT_STORE = 1u << 14,      /* a VMEM store or an atomic without return */
};

/* WaitDataflow and its DataflowResult (entry/exit states per block index). */
struct wc_dataflow {
	struct st_pass_ctx *ctx; /* NULL in unit tests */
	struct st_function *func;
	const struct st_cfg *cfg;

	/* Configuration (setRawNeedsWait, setLoopCarriedTokenDepsEnabled, options). */
	wc_raw_needs_wait_fn raw_needs_wait[ST_NUM_COUNTERS];
	bool loop_carried_token_deps;
	bool stores_on_loadcnt;
	bool has_flat; /* the function has flat ops (which also count on DS) */
	bool binds_next; /* an s_delay_alu or s_clause binds instructions to the one before (emit.c) */
	bool loops_annotated; /* an instruction carries loop annotations (st_wc_loops_init decodes them) */
	bool unknown_ops; /* callable or calls: unknown ops in flight at entry / after calls */
	bool combine_waits; /* combineWaits: one s_wait_<mem>_dscnt for an anchor needing both */
	bool tensor_descriptor_war; /* enableTensorDescriptorWar */
	bool amdgpu_calls;          /* amdgpuCallConvention */
	unsigned regs_counters;     /* bit c: st_counter_writes_regs(c) (the WAW scan's counters) */
	int num_waves;
	unsigned iteration_cap; /* 0: min(256, max(kMaxInFlight + 8, 2 * |rpo|)) */

	/* Per instruction id (non-PHI instructions first, then PHIs). */
	uint32_t ninst;
	struct st_inst **insts;
	uint8_t *counter;        /* st_inst_counter without storesOnLoadcnt */
	uint16_t *facts;         /* WC_F_*: the ISA traits the solver and XCNT ask */
	uint32_t *tokset;        /* its token set: an index into token_sets */
	ST_VEC(struct wc_tokens) token_sets; /* the distinct sets, each once (0: untagged) */
	uint64_t *writes;        /* write_mask: the registers it writes, as buckets */
	struct wc_phi_summary *phis; /* indexed by id - nitems */
	struct wc_phi_work phi_work;
	ST_VEC(struct wc_idset *) phi_sets; /* the summaries' sets, owned here */
	uint32_t nitems;             /* ids below this are block items */
	uint32_t *saved_phi_ids;
	bool *processable;           /* by block index: --process-blocks */

	/* DataflowResult. */
	struct wc_state *entry, *exit;
	/* The tail drains in force (finalizePlan), by predecessor block index. */
	const struct wc_tail_drain **drain_of;
	unsigned sweeps;
	bool converged;

	struct wc_loops loops;
	bool refine_dropped[ST_NUM_COUNTERS]; /* finalizePlan: a wait of the counter was dropped this round */

	/* With record_needs, a solve that gives its plan marks, by instruction
	 * id, whether computeRequiredWaits found a need there in the block's
	 * last transfer (solved_needs, one bit each), and the simulation after
	 * it keeps that solve's entry states aside (solved_entry). The refining
	 * sweep after that simulation computes the needs only where the solve
	 * found one, in the blocks whose simulated entry state is the solve's
	 * and whose waits no optimizer relaxed: the states there are the
	 * solve's, instruction by instruction, so everywhere else the need is
	 * none again. Only without loop annotations. */
	bool record_needs;
	uint64_t *solved_needs;
	struct wc_state *solved_entry;

	/* Queue-cap diagnostics of the last recorded sweep: the first anchor
	 * whose wait drains ops beyond the kMaxInFlight tracked ones. */
	struct st_inst *overflow_at[ST_NUM_COUNTERS];
};

void st_wc_dataflow_init(struct wc_dataflow *df, struct st_pass_ctx *ctx, struct st_function *f,
                      const struct st_cfg *cfg);
void st_wc_dataflow_free(struct wc_dataflow *df);
/* Releases the DataflowResult (the entry and exit states of every block)
 * once the plan is final: XCNT and emit walk the instructions alone. */
void st_wc_dataflow_release_states(struct wc_dataflow *df);
/* removePHIs over every block (st_remove_phis), with the def-use chains:
 * the PHIs' ids no longer name an instruction (df->insts holds NULL there),
 * and nothing may ask for sources or PHI summaries after it. */
void st_wc_dataflow_remove_phis(struct wc_dataflow *df);
void st_wc_dataflow_set_raw_needs_wait(struct wc_dataflow *df, enum st_counter c, wc_raw_needs_wait_fn fn);
unsigned st_wc_dataflow_iteration_cap(const struct wc_dataflow *df);
/* Indexes `plan`'s tail drains for mergeFromPredecessors (NULL: none). */
void st_wc_dataflow_index_drains(struct wc_dataflow *df, const struct wc_plan *plan);

/* Analyze: the forward fixed point (solve) in `mode`, and materializePlan (a
 * recording sweep over the converged states). In WC_SIMULATE and WC_REFINE,
 * `plan_in` holds the planned waits and tail drains. Returns false when the
 * cap was hit. With `out`, a converged solve also gives materializePlan's
 * plan in that mode (with the reasons when `explain`): the last transfer of
 * each block ran from its final entry state, so what it recorded is what the
 * recording sweep would record, and that sweep is not run. */
bool st_wc_solve(struct wc_dataflow *df, enum wc_mode mode, const struct wc_plan *plan_in, struct wc_plan *out,
                 bool explain);
void st_wc_materialize_plan(struct wc_dataflow *df, enum wc_mode mode, const struct wc_plan *plan_in,
                         struct wc_plan *out, bool explain);
/* The all-zero fallback: every anchor that could need a wait from an unknown
 * state drains its counters to 0. */
void st_wc_zero_plan(struct wc_dataflow *df, struct wc_plan *out, bool explain);

/* Pieces of transferBlock shared with the optimizer. */
struct wc_required {
	int cnt[ST_NUM_COUNTERS];
	/* A contribution came from ops beyond the kMaxInFlight cap. */
	bool beyond_cap[ST_NUM_COUNTERS];
	/* A flat op may be in flight on the counter: every wait on it is 0. */
	bool flat[ST_NUM_COUNTERS];
	bool has_flat; /* the function has flat ops at all */
	bool any;      /* some counter needs a wait */
};
/* computeRequiredWaits on the queues of `s` (only queue index `only` of each
 * counter when only >= 0). */
void st_wc_compute_required_waits(struct wc_dataflow *df, struct st_inst *inst, const struct wc_state *s,
                               int only, struct wc_required *req, struct wc_why *why);
/* Credits an input wait instruction to the state; false if `inst` is none. */
bool st_wc_credit_wait(const struct wc_dataflow *df, struct st_inst *inst, struct wc_state *s,
                    struct wc_emit emit[ST_NUM_COUNTERS]);
/* mergeFromPredecessors into a fresh state; with `drains` (the plan indexed
 * by st_wc_dataflow_index_drains) each predecessor's queues are trimmed by its
 * tail drain (adjustedEntry). */
void st_wc_merge_from_predecessors(struct wc_dataflow *df, struct st_block *b, const struct wc_state *exits,
                                const struct wc_plan *drains, struct wc_state *out);
enum st_counter st_wc_counter_of(const struct wc_dataflow *df, const struct st_inst *i);
/* One unknown op in flight, writing any register, on every counter whose ops
 * write registers (a callable function's entry, the return of a call). */
void st_wc_unknown_op(struct wc_state *s);
/* Records that `i` issued: on its counter and, for a flat op, on DS too
 * (emit, when given, counts it for the elision of later waits). */
void st_wc_issue(const struct wc_dataflow *df, struct wc_state *s, struct st_inst *i, struct wc_emit emit[ST_NUM_COUNTERS]);
const struct wc_tokens *st_wc_tokens_of(struct wc_dataflow *df, const struct st_inst *i);
bool st_wc_tokens_overlap(const struct wc_tokens *a, const struct wc_tokens *b);
const struct wc_phi_summary *st_wc_phi_summary_of(struct wc_dataflow *df, struct st_inst *phi);
bool st_wc_idset_has(const struct wc_idset *s, uint32_t id);
/* Sorts v and drops repeats; returns how many are left. */
uint32_t st_wc_sort_unique(uint32_t *v, uint32_t n);
static inline bool wc_is_phi(const struct st_inst *i)
{
	return i->kind == ST_ITEM_PHI;
}

/* tightenRequired: a dependency at countFrom `depth`, described by `x`
 * (its value is filled in). Inline: computeRequiredWaits calls it for every
 * dependency it finds. */
static inline void st_wc_tighten(struct wc_required *req, struct wc_why *why, uint32_t depth, struct wc_contrib x)
{
	st_assert(depth >= 1);
	enum st_counter c = x.counter;
	if (depth > WC_MAX_IN_FLIGHT)
		req->beyond_cap[c] = true;
	int max = st_counter_max(c);
	int w = depth - 1 > (uint32_t)max ? max : (int)(depth - 1);
	/* Out of order (KM, or a flat op in flight on the counter, or a flat
	 * producer): only a full drain retires a given op. */
	if (!st_counter_in_order(c) || req->flat[c] || (req->has_flat && x.producer && st_inst_is_flat(x.producer)))
		w = 0;
	if (req->cnt[c] == WC_UNUSED || w < req->cnt[c])
		req->cnt[c] = w;
	req->any = true;
	if (why) {
		x.value = w;
		st_vec_push(why, x);
	}
}

/* Loop annotations (annotations.c). */
/* Decodes the function's annotations; false (errors reported) when one is
 * malformed. */
bool st_wc_loops_init(struct wc_dataflow *df);
void st_wc_loops_free(struct wc_loops *l, uint32_t nitems);
/* Whether the edge p -> b is a trip (its target comes no later in RPO). */
bool st_wc_is_trip_edge(const struct wc_dataflow *df, const struct st_block *p, const struct st_block *b);
/* The entries of q crossed the trip edge p -> b: one more trip, and the
 * advances of p's terminator applied to their ring deltas. */
void st_wc_cross_trip(struct wc_dataflow *df, struct wc_queue *q, const struct st_block *p);
/* Whether the loop of back edge p -> b keeps its tensor state across it. */
bool st_wc_keeps_tensor(const struct wc_dataflow *df, const struct st_block *p, const struct st_block *b);
/* The token rules a ring anchor replaces (WC_REPLACES_*). */
enum { WC_REPLACES_TENSOR_RAW = 1u << 0, WC_REPLACES_DS_ANTI = 1u << 1 };
unsigned st_wc_ring_replaces(const struct wc_dataflow *df, const struct st_inst *inst);
/* The ring scans, the loop-carried scans and the descriptor WAR of `inst`. */
void st_wc_annotation_waits(struct wc_dataflow *df, struct st_inst *inst, const struct wc_state *s, int only,
                            struct wc_required *req, struct wc_why *why);
/* Trips of variant `var` (l->tcap: that many or more). */
uint32_t st_wc_var_trips(const struct wc_loops *l, uint32_t var);
/* The current slot of ring access k of op `id` in variant `var`. */
int64_t st_wc_var_slot(const struct wc_loops *l, uint32_t id, uint32_t k, uint32_t var);

/* WaitPlanOptimizer: rewrite(plan, dataflowResult, func); returns true when
 * it changed the plan. */
struct wc_optimizer {
	const char *name;
	void *ctx;
	bool (*rewrite)(void *ctx, struct wc_plan *plan, struct wc_dataflow *result, struct st_function *f);
};

/* ShallowPredPromotion. */
struct wc_promotion_stats {
	unsigned relaxed_anchors;
	unsigned tail_drains;
	bool explain;
};
struct wc_optimizer st_wc_shallow_pred_promotion(struct wc_promotion_stats *stats);

/* Finalize: refines the plan in place until its own simulation needs exactly
 * it (see finalize.c). Returns false when that does not settle: the plan is
 * then the last refinement, which the caller replaces by its fallback. */
bool st_wc_finalize_plan(struct wc_dataflow *df, struct wc_plan *plan, bool explain, unsigned *sweeps);
/* With loop annotations two waits can each be needed only while the other is
 * missing (an op circulating around a loop aliases a slot unless something
 * drains it): drops, one at a time, every anchor wait whose removal leaves
 * every need of the simulated plan met. */
void st_wc_prune_plan(struct wc_dataflow *df, struct wc_plan *plan, unsigned *sweeps);
/* Whether two plans place the same waits and tail drains. */
bool st_wc_plan_same(const struct wc_plan *a, const struct wc_plan *b);

/* XCNT (xcnt.c): adds to the finalized plan the s_wait_xcnt waits that the
 * plan's own waits do not cover, with their reasons. */
void st_wc_xcnt_plan(struct wc_dataflow *df, struct wc_plan *plan);
/* The explanation of an XCNT reason (`v[2:3], the address of global_load_b128
 * at line 57, may be re-read until its translation completes`), appended. */
void st_wc_xcnt_describe(struct st_buf *out, const struct wc_reason *r);

/* Emit: inserts the planned waits, each with its provenance, and reports
 * remarks (with `remarks`) and statistics. */
void st_wc_emit_waits(struct wc_dataflow *df, const struct wc_plan *plan, bool remarks);

/* The provenance of the waits one emit inserts (provenance.c): scratch text,
 * and the waits made so far by form, count and text, whose attribute list
 * the later equal ones share. */
struct wc_span {
	size_t off, len;
};
struct wc_wait_proto {
	unsigned form;    /* the counter, or 16 + the memory counter of a packed wait */
	int64_t count;    /* its count operand */
	const char *text; /* its provenance, interned */
	struct st_inst *wait;
};
struct wc_provenance {
	struct st_buf text, item;
	ST_VEC(struct wc_span) items; /* the items of text */
	ST_VEC(struct wc_wait_proto) protos;
	struct st_index proto_of; /* (form, count, text) -> protos index */
};
void st_wc_provenance_free(struct wc_provenance *pv);
/* The provenance text of the counter-c wait of `anchor` (or the tail drain
 * of `drain`), from the reasons r[0..n), interned in the module. */
const char *st_wc_provenance(struct wc_dataflow *df, struct wc_provenance *pv, const struct st_inst *anchor,
                             const struct st_block *drain, enum st_counter c, const struct wc_reason *r, size_t n);
/* The provenance of a packed wait of DS and `mem`: both halves', named. */
const char *st_wc_provenance_packed(struct wc_dataflow *df, struct wc_provenance *pv, enum st_counter mem,
                                    const char *ds_text, const char *mem_text);
/* A new wait with mod.wait_provenance `text`: `s_wait_<c> v[c]`, or with
 * `packed_with` a memory counter the packed wait of it and DS (v clamped). */
struct st_inst *st_wc_new_wait(struct wc_dataflow *df, struct wc_provenance *pv, enum st_counter c,
                               enum st_counter packed_with, const int *v, const char *text, struct st_loc loc);

#endif
