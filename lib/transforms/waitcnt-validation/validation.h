/* WaitCntValidationCheckPass: proves that the waits of a kernel retire every
 * producer before each consumer that depends on it, on every CFG path, and
 * reports a counterexample path otherwise (docs/passes/waitcnt-validation.md).
 * The structures shared by the files of this folder (private to it).
 *
 * It is written independently of StinkyWaitCntInsertionPass: it shares only the
 * ISA table and the IR, and instead of a dataflow lattice it models the
 * hardware directly. Along one path each counter holds its in-flight ops in
 * issue order; `s_wait_<x> N` leaves the N newest in flight; KM retires only on
 * 0 (scalar loads return out of order); issuing past maxInFlight retires the
 * oldest. Every register DWORD and LDS token remembers the in-flight op that
 * last wrote it, which gives the RAW dependencies, and the newest in-flight
 * load of each counter that will still write it, which gives WAW on
 * registers; token sets of the in-flight ops give WAR/WAW-on-LDS, barrier
 * ordering, the async-load RAW and the conservative untagged rules.
 *
 * One file per stage (pass.c runs them per function; state.c holds the
 * in-flight state of one path that explore.c walks):
 *
 *   facts     per instruction: counter, used/defined keys, token set, roles
 *   futures   per block exit: live keys, relevance depths of LDS anchors,
 *             registers a racing write may still hit
 *   loops     dominators -> back edges -> natural loops (loop-carried tensor)
 *   explore   worklist of (block, state) nodes in FIFO order:
 *               decode -> walk the block (check, then apply each inst)
 *               -> encode -> per successor: mark tensor ops crossing a back
 *               edge -> deduplicate at join blocks (bounded by stateBound)
 *   report    one diagnostic per (consumer, producer), sorted by consumer
 *   xcnt      the address translations, on an exploration of their own
 *
 * A state is the per-counter sequence of in-flight entries; an entry is the
 * producer, the back edge it crossed (tensor only) and the keys it still owns.
 * An op retires depending only on the ops issued after it, which makes these
 * reductions exact: an entry that owns no live key and lies beyond the
 * relevance depth of its counter (st_wv_compute_futures) is an anonymous queue slot
 * and the oldest such slots are dropped; join blocks deduplicate states by a
 * key in which interchangeable ownerless entries stand for their token class
 * (st_wv_class_key). */
#ifndef STINKYTOFU_WAITCNT_VALIDATION_H
#define STINKYTOFU_WAITCNT_VALIDATION_H

#include "stinkytofu/annotations.h"
#include "stinkytofu/isa.h"
#include "stinkytofu/pass.h"


/* A dependency key: a register DWORD or an LDS token, (class << 32) | index. */
typedef uint64_t wv_key;

static inline wv_key mkkey(enum st_regclass cls, uint32_t index)
{
	return (uint64_t)cls << 32 | index;
}

#define NONE32 UINT32_MAX
#define ANON NONE32 /* inst of an anonymous entry */

enum role {
	ROLE_LDS_FENCE = 1u << 0,     /* s_barrier, or a split barrier with id -1 */
	ROLE_WAR_ANCHOR = 1u << 1,    /* isLdsWriterAnchor: tensor_load_to_lds, ds_store/ds_write,
	                                 global_load_async_to_lds */
	ROLE_DS_WRITE = 1u << 2,      /* same pipeline as every DS op: no DS anti-deps */
	ROLE_TENSOR_ANCHOR = 1u << 3, /* isTensorAnchor: LDS fence, ds_load/ds_read/ds_atomic, ds_write */
	ROLE_ASYNC_WRITER = 1u << 4,  /* global_load_async_to_lds: writes LDS asynchronously */
	ROLE_LDS_READ = 1u << 5,      /* reads LDS: ds_load/ds_read/ds_atomic, global_store_async_from_lds */
	ROLE_TENSOR_WAW = 1u << 6,    /* writes LDS a tensor load may be filling: ds_write, async writer */
};

enum rule {
	RULE_RAW,
	RULE_ASYNC_RAW,
	RULE_WAR,
	RULE_WAW,
	RULE_WAW_REG,
	RULE_BARRIER,
	RULE_CONSERVATIVE,
	RULE_RING,     /* mod.lds_ring: the generator asserted it, an error in every mode */
	RULE_LOOP_WAR, /* mod.loopcarriedwar */
	RULE_LOOP_RAW, /* mod.loopcarriedraw */
	RULE_DESC_WAR, /* enableTensorDescriptorWar: an SGPR an in-flight tensor load reads */
};

/* Counters whose ops write registers (the REGS and REGS_IN_ORDER rows of
 * counters.def), for WAW on registers; group g is waw_counters[g]. */
#define REGS(id) ST_CNT_##id,
#define REGS_IN_ORDER(id) ST_CNT_##id,
#define NOREGS(id)
static const enum st_counter waw_counters[] = {
#define ST_COUNTER(id, name, mnemonic, kind, field, width, order, results, ...) results(id)
#include "stinkytofu/counters.def"
#undef ST_COUNTER
};
#undef REGS
#undef REGS_IN_ORDER
#undef NOREGS
enum { NWAW = sizeof waw_counters / sizeof waw_counters[0] };

static inline int waw_group(enum st_counter c)
{
	for (int g = 0; g < NWAW; g++)
		if (waw_counters[g] == c)
			return g;
	return -1;
}

/* Does a register write by an op of counter `writer` race with an in-flight
 * load of group g? Only the loads of one REGS_IN_ORDER counter (DS) land in
 * issue order among themselves. */
static inline bool waw_races(enum st_counter writer, int g)
{
	return writer != waw_counters[g] || !st_counter_regs_in_order(waw_counters[g]);
}

/* Relevance slots of the depth analysis (see st_wv_compute_futures), per counter
 * group: anchors an ownerless op may still be a dependency of. */
enum {
	SLOT_UNTAGGED_ANCHOR, /* untagged anchors (and fences that drain everything) */
	SLOT_ANY_ANCHOR,      /* every anchor: what an untagged op matches */
	SLOT_TOKENS,          /* then one slot per token of the function, then (loop
	                         annotations) one for ops without mod.lds_ring and one
	                         per (class, frame, ring) channel of the function */
};

struct use {
	wv_key key;
	uint32_t opnd; /* source operand index, or NONE32 for a mod.memtoken token */
};

/* Path-independent facts of one instruction, indexed by inst->id. */
struct fact {
	const struct st_inst *inst;
	uint32_t block;
	enum st_counter counter; /* ST_CNT_NONE unless a memory op */
	unsigned roles;
	bool tagged;             /* has mod.memtoken or an LDS<t> operand */
	bool is_wait;
	int waits[ST_NUM_COUNTERS];
	uint32_t use_off, nuse; /* into val.uses */
	uint32_t def_off, ndef; /* into val.defs */
	uint32_t tok_off, ntok; /* sorted distinct token ids, into val.toks */
	uint32_t tclass; /* first fact of the same token class (see st_wv_assign_token_classes) */
	bool fence_untagged[2]; /* LDS fence: an untagged DS / ASYNC op may be in flight here */
	const struct st_loop_annots *an; /* its loop annotations, NULL without */
	bool flat;              /* a flat op: also an LDS access, out of order (see apply in explore.c) */
};

/* The mark of a flat op's entry (on its own counter, LOAD or STORE): it is
 * complete once both its counter and DS have been waited down to 0 since it
 * issued, in either order. Until then it owns its registers and, until DS
 * drains, it is an untagged LDS access in flight. */
enum { WV_FLAT = 1 << 30, WV_DS_DONE = 1 << 29, WV_MEM_DONE = 1 << 28 };

/* The mark of an unknown op: one is in flight on every counter whose ops
 * write registers when a callable function starts (its inst: the function's
 * first instruction) and after a call (inst: the call). It may write any
 * register, so every instruction that reads or writes one waits for it. */
enum { WV_ANYREG = 1 << 27 };

/* One in-flight op on the current path. */
struct went {
	uint32_t inst;    /* fact index, or ANON */
	uint32_t mark;    /* tensor: 1 + back edge crossed since st_wv_issue (inside its loop); a
	                     flat op: WV_FLAT and the WV_*_DONE bits; else 0 */
	enum st_counter counter;
	bool live;
	uint32_t key_off, nkeys; /* keys it still owns, into val.wkeys */
	uint32_t trips;          /* back-edge crossings since issue (saturating at tcap) */
	uint32_t ring_off;       /* one current slot per ring access of its fact, into val.wring */
};

/* A counter's in-flight entries, oldest first: a ring of went indices. */
struct queue {
	uint32_t *slot;
	uint32_t mask, head, n;
};

struct node {
	uint32_t block;
	uint32_t parent; /* node that produced it, NONE32 at the entry */
	uint32_t *state; /* encoded state; freed after processing */
	uint32_t *key;   /* join blocks: the dedup key (see st_wv_class_key) */
	uint32_t len, klen;
	uint64_t hash;
};

struct back_edge {
	uint32_t from, to, loop;
};

struct violation {
	uint32_t consumer, producer; /* fact indices */
	uint32_t node;
	enum st_counter counter;
	enum rule rule;
	uint32_t opnd; /* RAW: consumer source operand, or NONE32 */
	wv_key key;    /* RAW: the key */
	int needed;    /* the wait that retires the producer on this path */
	uint32_t carried; /* 1 + back edge for a loop-carried tensor dependency, else 0 */
	const char *why;  /* conservative: which side is untagged */
	uint32_t trips;   /* annotation rules: trips of the producer since its issue */
	int32_t slot;     /* ring rule: the slot both accesses touch, or -1 (no mod.lds_ring) */
};

struct validator {
	struct st_pass_ctx *ctx;
	const struct st_function *func;
	bool strict, stores_on_loadcnt;
	bool tensor_descriptor_war; /* enableTensorDescriptorWar */
	bool amdgpu_calls;          /* amdgpuCallConvention */
	bool xcnt;                  /* the translations are checked (not noXcnt) */
	int num_waves;
	uint32_t state_bound, max_in_flight;

	/* Loop annotations (mod.lds_ring, mod.loopcarried*), by fact. */
	bool annotated;
	struct st_loop_annots *annots;
	uint32_t trip_cap; /* trips saturate here */
	ST_VEC(struct st_ring_access) chans; /* the (class, frame, ring) channels of ring accesses */

	/* Facts. */
	ST_VEC(struct fact) facts;
	ST_VEC(struct use) uses;
	ST_VEC(wv_key) defs;
	ST_VEC(uint32_t) toks;

	/* CFG. */
	uint32_t nblocks;
	uint32_t *rpo_num;  /* block -> RPO position, NONE32 when unreachable */
	uint32_t *idom;
	ST_VEC(struct back_edge) back_edges;
	int32_t **succ_back; /* block -> per successor: back edge id or -1 */
	ST_VEC(uint32_t) *loops_of; /* block -> loops whose body holds it */
	uint32_t nloops;
	bool *dedup_block;  /* join blocks, where states are deduplicated and bounded */

	/* Futures, per block exit (see st_wv_compute_futures). */
	ST_VEC(wv_key) keyu;    /* key universe, sorted */
	struct st_u32vec toku;     /* token universe, sorted */
	uint32_t nkw;           /* words per key bitset */
	uint64_t *live_out;     /* nblocks * nkw */
	uint32_t nslots;        /* depth slots: NGROUPS groups of SLOT_TOKENS + tokens */
	uint16_t *depth_out;    /* nblocks * nslots */
	uint64_t *waw_out;      /* nblocks * NWAW * nkw: registers a racing write may still hit */
	uint32_t *nstates;
	bool *inconclusive;

	/* Exploration. */
	ST_VEC(struct node) nodes;
	struct st_index node_index; /* join-block nodes by (block, dedup key) */

	/* Working state of the node being processed. */
	ST_VEC(struct went) wents;
	ST_VEC(wv_key) wkeys;
	ST_VEC(uint32_t) wring;
	struct queue q[ST_NUM_COUNTERS];
	/* Owner map: register key -> the went owning it and the newest
	 * in-flight went of each WAW group writing it. */
	ST_VEC(struct owner {
		wv_key key;
		uint32_t val;
		uint32_t waw[NWAW];
	}) owners;
	struct st_index owner_index;
	ST_VEC(uint32_t) enc, kenc;

	/* Violations, deduplicated per (consumer, producer). */
	ST_VEC(struct violation) viols;
	struct st_index viol_index;

	uint64_t nchecked;
	bool has_flat;           /* the function has flat ops */
	bool unknown_ops;        /* callable or calls: unknown ops (WV_ANYREG) may be in flight */
	ST_VEC(uint32_t) ldsq;   /* scratch: the LDS accesses in flight (lds_in_flight) */
};

/* Ring accesses of fact `inst` (0 for ANON and unannotated facts). */
static inline uint32_t st_wv_nring(const struct validator *v, uint32_t inst)
{
	return inst != ANON && v->facts.v[inst].an ? v->facts.v[inst].an->nacc : 0;
}

static inline bool bit(const uint64_t *set, size_t k)
{
	return set[k / 64] >> (k % 64) & 1;
}

static inline void setbit(uint64_t *set, size_t k)
{
	set[k / 64] |= (uint64_t)1 << (k % 64);
}

/* facts.c */
int st_wv_cmp_u32(const void *a, const void *b);
int st_wv_cmp_key(const void *a, const void *b);
void st_wv_build_fact(struct validator *v, const struct st_inst *i, uint32_t block);
bool st_wv_tokens_overlap(const struct validator *v, const struct fact *a, const struct fact *b);
void st_wv_assign_token_classes(struct validator *v);

/* futures.c */
size_t st_wv_key_index(const struct validator *v, wv_key k);
bool st_wv_tensor_raw(const struct validator *v, const struct fact *f);
void st_wv_compute_futures(struct validator *v);
bool st_wv_waw_matters(const struct validator *v, uint32_t b, uint32_t id, uint32_t newest);
bool st_wv_may_matter(const struct validator *v, uint32_t b, uint32_t id, uint32_t newer);

/* loops.c */
void st_wv_build_loops(struct validator *v);
bool st_wv_block_in_loop(const struct validator *v, uint32_t block, uint32_t loop);

/* state.c */
uint64_t st_wv_hash_words(const uint32_t *w, uint32_t n, uint64_t seed);
uint32_t st_wv_owner(const struct validator *v, wv_key k);
uint32_t st_wv_waw_writer(const struct validator *v, wv_key k, int g);
void st_wv_note_writes(struct validator *v, uint32_t id, uint32_t w);
void st_wv_disown(struct validator *v, wv_key k);
uint32_t st_wv_qat(const struct queue *q, uint32_t k);
/* A scan of the ops queued on one counter, oldest first, for the checks of
 * one instruction against them: `struct wv_scan s = {.q = queue};` then
 * `while ((p = st_wv_scan_next(v, &s)))`. Entries without an op of their own
 * are skipped; each op returned counts as one dependency check, and s.w is
 * its entry. */
struct wv_scan {
	const struct queue *q;
	uint32_t k, w;
};
const struct fact *st_wv_scan_next(struct validator *v, struct wv_scan *s);
void st_wv_retire_oldest(struct validator *v, struct queue *q, uint32_t count);
uint32_t st_wv_new_went(struct validator *v, uint32_t inst, uint32_t mark, enum st_counter c, const wv_key *keys,
                     uint32_t nkeys);
void st_wv_issue(struct validator *v, enum st_counter c, uint32_t w);
void st_wv_decode(struct validator *v, const uint32_t *w, uint32_t len);
void st_wv_encode(struct validator *v, uint32_t b);
void st_wv_class_key(struct validator *v, uint32_t from, const uint32_t *w, uint32_t len);
void st_wv_mark_back_edge(const struct validator *v, uint32_t *w, uint32_t len, uint32_t be);
void st_wv_cross_trip(const struct validator *v, uint32_t *w, uint32_t len, uint32_t from);

/* explore.c */
void st_wv_violation(struct validator *v, uint32_t node, uint32_t consumer, uint32_t w, enum rule rule,
                     const struct use *u, const char *why, int32_t slot);
void st_wv_add_node(struct validator *v, uint32_t block, uint32_t parent, const uint32_t *w, uint32_t len);
void st_wv_process(struct validator *v, uint32_t n);

/* annotations.c */
enum { WV_RING_TENSOR_RAW = 1u << 0, WV_RING_DS = 1u << 1 };
bool st_wv_decode_annotations(struct validator *v);
/* Whether fact f writes an SGPR (enableTensorDescriptorWar anchors). */
bool st_wv_writes_sgpr(const struct fact *f);
void st_wv_check_descriptor_war(struct validator *v, uint32_t node, uint32_t id);
unsigned st_wv_ring_replaces(const struct validator *v, const struct fact *f);
void st_wv_check_annotations(struct validator *v, uint32_t node, uint32_t id);
/* The channel of (class, frame, ring) in v->chans. */
uint32_t st_wv_chan(const struct validator *v, const struct st_ring_access *a);

/* report.c */
int st_wv_cmp_viol(const void *a, const void *b);
/* The blocks from the entry to `node`, following `parent` in nodes[]. */
void st_wv_format_path(const struct validator *v, const struct node *nodes, uint32_t node, struct st_buf *out);

/* xcnt.c: the s_wait_xcnt check (docs/xcnt.md), on its own exploration;
 * returns the number of errors reported. */
size_t st_wv_check_xcnt(struct validator *v);
bool st_wv_report(struct validator *v, const struct violation *x);

#endif
