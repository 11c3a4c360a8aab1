/* WaitCntValidationCheckPass: proves that the waits of a kernel retire every
 * producer before each consumer that depends on it, on every CFG path, and
 * reports a counterexample path otherwise (docs/passes/waitcnt-validation.md).
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
 *   facts     per instruction: counter, used/defined keys, token set, roles
 *   futures   per block exit: live keys, relevance depths of LDS anchors,
 *             registers a racing write may still hit
 *   loops     dominators -> back edges -> natural loops (loop-carried tensor)
 *   explore   worklist of (block, state) nodes in FIFO order:
 *               decode -> walk the block (check, then apply each inst)
 *               -> encode -> per successor: mark tensor ops crossing a back
 *               edge -> deduplicate at join blocks (bounded by stateBound)
 *   report    one diagnostic per (consumer, producer), sorted by consumer
 *
 * A state is the per-counter sequence of in-flight entries; an entry is the
 * producer, the back edge it crossed (tensor only) and the keys it still owns.
 * An op retires depending only on the ops issued after it, which makes these
 * reductions exact: an entry that owns no live key and lies beyond the
 * relevance depth of its counter (compute_futures) is an anonymous queue slot
 * and the oldest such slots are dropped; join blocks deduplicate states by a
 * key in which interchangeable ownerless entries stand for their token class
 * (class_key). */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/isa.h"
#include "stinkytofu/pass.h"

#define WV_DEFAULT_STATE_BOUND 10000
#define WV_DEFAULT_MAX_IN_FLIGHT 64
#define WV_MAX_IN_FLIGHT_LIMIT 4096
#define WV_STR_(x) #x
#define WV_STR(x) WV_STR_(x)

enum { OPT_STRICT, OPT_STATE_BOUND, OPT_STORES_ON_LOADCNT, OPT_MAX_IN_FLIGHT };

static const struct st_pass_option options[] = {
	{"strict", ST_OPT_FLAG, "",
	 "loop-carried tensor dependencies and inconclusive results are errors"},
	{"stateBound", ST_OPT_INT, WV_STR(WV_DEFAULT_STATE_BOUND),
	 "distinct in-flight states per join block before the result is inconclusive"},
	{"storesOnLoadcnt", ST_OPT_FLAG, "", "vector stores occupy the LOAD counter (the seed's table)"},
	{"maxInFlight", ST_OPT_INT, WV_STR(WV_DEFAULT_MAX_IN_FLIGHT),
	 "ops a counter holds; issuing one more retires the oldest"},
};

/* A named ST_VEC(uint32_t), so helpers can take one. */
struct u32vec {
	uint32_t *v;
	size_t n, cap;
};

/* A dependency key: a register DWORD or an LDS token, (class << 32) | index. */
typedef uint64_t wv_key;

static wv_key mkkey(enum st_regclass cls, uint32_t index)
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

enum rule { RULE_RAW, RULE_ASYNC_RAW, RULE_WAR, RULE_WAW, RULE_WAW_REG, RULE_BARRIER, RULE_CONSERVATIVE };

/* Counters whose ops write registers, for WAW on registers. */
enum { NWAW = 3 };
static const enum st_counter waw_counters[NWAW] = {ST_CNT_DS, ST_CNT_LOAD, ST_CNT_KM};

static int waw_group(enum st_counter c)
{
	return c == ST_CNT_DS ? 0 : c == ST_CNT_LOAD ? 1 : c == ST_CNT_KM ? 2 : -1;
}

/* Does a register write by an op of counter `writer` race with an in-flight
 * load of group g? Loads of one in-order counter land in issue order; scalar
 * loads return out of order. */
static bool waw_races(enum st_counter writer, int g)
{
	return writer != waw_counters[g] || waw_counters[g] == ST_CNT_KM;
}

/* Relevance slots of the depth analysis (see compute_futures), per counter
 * group: anchors an ownerless op may still be a dependency of. */
enum {
	SLOT_UNTAGGED_ANCHOR, /* untagged anchors (and fences that drain everything) */
	SLOT_ANY_ANCHOR,      /* every anchor: what an untagged op matches */
	SLOT_TOKENS,          /* then one slot per token of the function */
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
	uint32_t tclass; /* first fact of the same token class (see assign_token_classes) */
	bool fence_untagged[2]; /* LDS fence: an untagged DS / ASYNC op may be in flight here */
};

/* One in-flight op on the current path. */
struct went {
	uint32_t inst;    /* fact index, or ANON */
	uint32_t mark;    /* tensor: 1 + back edge crossed since issue (inside its loop), else 0 */
	enum st_counter counter;
	bool live;
	uint32_t key_off, nkeys; /* keys it still owns, into val.wkeys */
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
	uint32_t *key;   /* join blocks: the dedup key (see class_key) */
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
};

struct val {
	struct st_pass_ctx *ctx;
	const struct st_function *func;
	bool strict, stores_on_loadcnt;
	int num_waves;
	uint32_t state_bound, max_in_flight;

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

	/* Futures, per block exit (see compute_futures). */
	ST_VEC(wv_key) keyu;    /* key universe, sorted */
	struct u32vec toku;     /* token universe, sorted */
	uint32_t nkw;           /* words per key bitset */
	uint64_t *live_out;     /* nblocks * nkw */
	uint32_t nslots;        /* depth slots: NGROUPS groups of SLOT_TOKENS + tokens */
	uint16_t *depth_out;    /* nblocks * nslots */
	uint64_t *waw_out;      /* nblocks * NWAW * nkw: registers a racing write may still hit */
	uint32_t *nstates;
	bool *inconclusive;

	/* Exploration. */
	ST_VEC(struct node) nodes;
	uint32_t *table; /* open addressing over node indices, NONE32 = empty */
	uint32_t tcap, tcount;

	/* Working state of the node being processed. */
	ST_VEC(struct went) wents;
	ST_VEC(wv_key) wkeys;
	struct queue q[ST_NUM_COUNTERS];
	wv_key *okey;      /* owner map: key -> went index */
	uint32_t *oval, *ostamp;
	uint32_t (*owaw)[NWAW]; /* key -> newest in-flight went of each WAW group writing it */
	uint32_t ocap, ocount, stamp;
	ST_VEC(uint32_t) enc, kenc;

	/* Violations, deduplicated per (consumer, producer). */
	ST_VEC(struct violation) viols;
	uint32_t *vtable;
	uint32_t vcap;

	uint64_t nchecked;
};

/* ---- Facts ------------------------------------------------------------- */

static void push_token_keys(struct u32vec *ids, const struct st_inst *i)
{
	const struct st_value *tokens;
	int n = st_inst_memtokens(i, &tokens);
	for (int k = 0; k < n; k++)
		if ((tokens[k].kind == ST_VAL_INT || tokens[k].kind == ST_VAL_HEX) && tokens[k].i >= 0 &&
		    tokens[k].i <= INT32_MAX)
			st_vec_push(ids, (uint32_t)tokens[k].i);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static int cmp_key(const void *a, const void *b)
{
	wv_key x = *(const wv_key *)a, y = *(const wv_key *)b;
	return (x > y) - (x < y);
}

static bool has_def(const struct val *v, uint32_t off, wv_key k)
{
	for (uint32_t j = off; j < v->defs.n; j++)
		if (v->defs.v[j] == k)
			return true;
	return false;
}

static bool has_use(const struct val *v, uint32_t off, wv_key k)
{
	for (uint32_t j = off; j < v->uses.n; j++)
		if (v->uses.v[j].key == k)
			return true;
	return false;
}

/* The token roles of mod.memtoken mirror StinkyBuildImplicitDependencyPass, so
 * a kernel is checked the same way before and after LDS<t> operands exist. */
static void build_fact(struct val *v, const struct st_inst *i, uint32_t block)
{
	struct fact f = {.inst = i, .block = block};
	f.counter = st_inst_counter(i, v->stores_on_loadcnt);
	bool fence = st_inst_is_lds_fence(i);
	bool reader = st_inst_is_lds_reader(i);
	bool writer = st_inst_is_lds_writer(i);
	if (fence)
		f.roles |= ROLE_LDS_FENCE | ROLE_TENSOR_ANCHOR;
	if (writer)
		f.roles |= ROLE_WAR_ANCHOR;
	if (st_inst_is_ds_write(i))
		f.roles |= ROLE_DS_WRITE | ROLE_TENSOR_ANCHOR;
	if (reader)
		f.roles |= ROLE_TENSOR_ANCHOR;
	if (st_inst_is_async_lds_writer(i))
		f.roles |= ROLE_ASYNC_WRITER | ROLE_WAR_ANCHOR | ROLE_TENSOR_WAW;
	if (reader || st_inst_is_async_lds_reader(i))
		f.roles |= ROLE_LDS_READ;
	if (f.roles & ROLE_DS_WRITE)
		f.roles |= ROLE_TENSOR_WAW;
	f.is_wait = st_wait_counts(i, f.waits);

	struct u32vec memtok = {0};
	push_token_keys(&memtok, i);
	f.tagged = st_inst_attr(i, "mod.memtoken") != NULL;

	f.use_off = (uint32_t)v->uses.n;
	for (uint32_t k = 0; k < i->nsrcs; k++) {
		const struct st_operand *op = &i->srcs[k];
		if (op->kind != ST_OPND_REG)
			continue;
		for (uint32_t r = 0; r < op->reg.count; r++) {
			wv_key key = mkkey(op->reg.cls, op->reg.index + r);
			if (!has_use(v, f.use_off, key))
				st_vec_push(&v->uses, ((struct use){key, k}));
		}
	}
	if (reader || fence || st_inst_is_async_lds_reader(i))
		for (size_t k = 0; k < memtok.n; k++)
			if (!has_use(v, f.use_off, mkkey(ST_REG_LDS, memtok.v[k])))
				st_vec_push(&v->uses, ((struct use){mkkey(ST_REG_LDS, memtok.v[k]), NONE32}));
	f.nuse = (uint32_t)v->uses.n - f.use_off;

	f.def_off = (uint32_t)v->defs.n;
	for (uint32_t k = 0; k < i->ndsts; k++) {
		const struct st_operand *op = &i->dsts[k];
		if (op->kind != ST_OPND_REG)
			continue;
		for (uint32_t r = 0; r < op->reg.count; r++) {
			wv_key key = mkkey(op->reg.cls, op->reg.index + r);
			if (!has_def(v, f.def_off, key))
				st_vec_push(&v->defs, key);
		}
	}
	if (writer || fence)
		for (size_t k = 0; k < memtok.n; k++)
			if (!has_def(v, f.def_off, mkkey(ST_REG_LDS, memtok.v[k])))
				st_vec_push(&v->defs, mkkey(ST_REG_LDS, memtok.v[k]));
	f.ndef = (uint32_t)v->defs.n - f.def_off;

	/* The token set: mod.memtoken ids and every LDS<t> operand. */
	for (int side = 0; side < 2; side++) {
		const struct st_operand *ops = side ? i->dsts : i->srcs;
		uint32_t n = side ? i->ndsts : i->nsrcs;
		for (uint32_t k = 0; k < n; k++) {
			if (ops[k].kind != ST_OPND_REG || ops[k].reg.cls != ST_REG_LDS)
				continue;
			f.tagged = true;
			for (uint32_t r = 0; r < ops[k].reg.count; r++)
				st_vec_push(&memtok, ops[k].reg.index + r);
		}
	}
	if (memtok.n > 1) /* qsort needs a non-null array even for no elements */
		qsort(memtok.v, memtok.n, sizeof *memtok.v, cmp_u32);
	f.tok_off = (uint32_t)v->toks.n;
	for (size_t k = 0; k < memtok.n; k++)
		if (k == 0 || memtok.v[k] != memtok.v[k - 1])
			st_vec_push(&v->toks, memtok.v[k]);
	f.ntok = (uint32_t)v->toks.n - f.tok_off;
	st_vec_free(&memtok);
	st_vec_push(&v->facts, f);
}

/* Untagged accesses overlap everything: disjointness cannot be proved. */
static bool tokens_overlap(const struct val *v, const struct fact *a, const struct fact *b)
{
	if (!a->tagged || !b->tagged)
		return true;
	const uint32_t *x = v->toks.v + a->tok_off, *y = v->toks.v + b->tok_off;
	uint32_t i = 0, j = 0;
	while (i < a->ntok && j < b->ntok) {
		if (x[i] == y[j])
			return true;
		if (x[i] < y[j])
			i++;
		else
			j++;
	}
	return false;
}

/* Orders DS/ASYNC facts by (counter, tagging, token set) and TENSOR facts
 * by (tagging, loops holding the block). */
static int cmp_class_only(const struct val *v, uint32_t a, uint32_t b)
{
	const struct fact *x = &v->facts.v[a], *y = &v->facts.v[b];
	if (x->counter != y->counter)
		return x->counter < y->counter ? -1 : 1;
	if (x->tagged != y->tagged)
		return x->tagged ? 1 : -1;
	if (x->counter == ST_CNT_TENSOR) {
		size_t nx = v->loops_of[x->block].n, ny = v->loops_of[y->block].n;
		if (nx != ny)
			return nx < ny ? -1 : 1;
		return nx ? memcmp(v->loops_of[x->block].v, v->loops_of[y->block].v, nx * sizeof(uint32_t)) : 0;
	}
	if (x->ntok != y->ntok)
		return x->ntok < y->ntok ? -1 : 1;
	return memcmp(v->toks.v + x->tok_off, v->toks.v + y->tok_off, x->ntok * sizeof *v->toks.v);
}

static int cmp_class(const void *a, const void *b, void *arg)
{
	int d = cmp_class_only(arg, *(const uint32_t *)a, *(const uint32_t *)b);
	return d ? d : cmp_u32(a, b);
}

/* Once they own no key, DS and ASYNC ops with the same tagging and token
 * set are interchangeable, and so are tensor loads with the same tagging in
 * the same loops (which decide the back edges that mark them): each gets the
 * first such fact as its class. Runs after build_loops. */
static void assign_token_classes(struct val *v)
{
	struct u32vec ids = {0};
	for (uint32_t b = 0; b < v->nblocks; b++)
		if (v->loops_of[b].n > 1)
			qsort(v->loops_of[b].v, v->loops_of[b].n, sizeof *v->loops_of[b].v, cmp_u32);
	for (uint32_t k = 0; k < v->facts.n; k++) {
		enum st_counter c = v->facts.v[k].counter;
		v->facts.v[k].tclass = k;
		if (c == ST_CNT_DS || c == ST_CNT_ASYNC || c == ST_CNT_TENSOR)
			st_vec_push(&ids, k);
	}
	if (ids.n > 1)
		qsort_r(ids.v, ids.n, sizeof *ids.v, cmp_class, v);
	for (size_t k = 1; k < ids.n; k++)
		if (cmp_class_only(v, ids.v[k - 1], ids.v[k]) == 0)
			v->facts.v[ids.v[k]].tclass = v->facts.v[ids.v[k - 1]].tclass;
	st_vec_free(&ids);
}

/* ---- Futures ----------------------------------------------------------- */

static bool bit(const uint64_t *set, size_t k)
{
	return set[k / 64] >> (k % 64) & 1;
}

static void setbit(uint64_t *set, size_t k)
{
	set[k / 64] |= (uint64_t)1 << (k % 64);
}

/* Sorts n elements and drops repeats; returns how many are left. */
static size_t sort_unique(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n < 2) /* qsort needs a non-null array even for no elements */
		return n;
	qsort(base, n, size, cmp);
	char *b = base;
	size_t out = 1;
	for (size_t k = 1; k < n; k++)
		if (cmp(b + k * size, b + (out - 1) * size) != 0)
			memmove(b + out++ * size, b + k * size, size);
	return out;
}

/* Position of `k` in a sorted universe (keyu, toku) that holds it. */
static size_t universe_index(const void *sorted, size_t n, size_t size, const void *k,
                             int (*cmp)(const void *, const void *))
{
	const char *hit = bsearch(k, sorted, n, size, cmp);
	st_assert(hit);
	return (size_t)(hit - (const char *)sorted) / size;
}

static size_t key_index(const struct val *v, wv_key k)
{
	return universe_index(v->keyu.v, v->keyu.n, sizeof k, &k, cmp_key);
}

static size_t token_index(const struct val *v, uint32_t t)
{
	return universe_index(v->toku.v, v->toku.n, sizeof t, &t, cmp_u32);
}

static bool tensor_raw(const struct val *v, const struct fact *f)
{
	/* The seed's tensor policy: tensor RAW drains only at LDS fences, or
	 * everywhere with a single wave. */
	return (f->roles & ROLE_LDS_FENCE) || v->num_waves == 1;
}

/* Groups of the depth analysis: the ops that anchors may depend on without a
 * register. Async loads to LDS are apart from the other ASYNC ops because
 * LDS readers depend on them only. */
enum depth_group { G_DS, G_ASYNC, G_ASYNC_WRITER, G_TENSOR, NGROUPS };
static const enum st_counter group_counter[NGROUPS] = {ST_CNT_DS, ST_CNT_ASYNC, ST_CNT_ASYNC, ST_CNT_TENSOR};

/* First depth slot of a group (v->nslots = NGROUPS * per). */
static uint32_t group_base(const struct val *v, enum depth_group g)
{
	return (uint32_t)g * (SLOT_TOKENS + (uint32_t)v->toku.n);
}

/* The depth slots of an op of fact f, or NONE32 for ops that matter only
 * through their registers. */
static uint32_t slot_base(const struct val *v, const struct fact *f)
{
	switch (f->counter) {
	case ST_CNT_DS: return group_base(v, G_DS);
	case ST_CNT_ASYNC: return group_base(v, f->roles & ROLE_ASYNC_WRITER ? G_ASYNC_WRITER : G_ASYNC);
	case ST_CNT_TENSOR: return group_base(v, G_TENSOR);
	default: return NONE32;
	}
}

/* Marks the slots an anchor of group c reaches: every slot gets the cap, the
 * largest depth (an op with maxInFlight newer ops has retired anyway). A
 * tagged anchor reaches the slots of its tokens when it depends on tagged ops
 * with overlapping tokens (`by_token`), else only what untagged ops match. */
static void anchor_slots(const struct val *v, const struct fact *f, enum depth_group g, bool by_token, uint16_t *r)
{
	uint32_t base = group_base(v, g);
	uint16_t cap = (uint16_t)v->max_in_flight;
	bool untagged_rule = g == G_DS ? f->fence_untagged[0] : g == G_TENSOR ? false : f->fence_untagged[1];
	r[base + SLOT_ANY_ANCHOR] = cap;
	if (!f->tagged || untagged_rule) {
		r[base + SLOT_UNTAGGED_ANCHOR] = cap;
		return;
	}
	if (!by_token)
		return;
	for (uint32_t k = 0; k < f->ntok; k++)
		r[base + SLOT_TOKENS + token_index(v, v->toks.v[f->tok_off + k])] = cap;
}

/* The depth transfer of one instruction, backwards: r holds, per slot, the
 * depth below which an op in flight after the instruction may still meet a
 * matching anchor; on return, the same before it. */
static void depth_back(const struct val *v, const struct fact *f, uint16_t *r)
{
	uint32_t per = SLOT_TOKENS + (uint32_t)v->toku.n;
	/* Its own issue: an op with d newer ops of its counter before it has
	 * d + 1 after (in every group of that counter). */
	for (int g = 0; g < NGROUPS; g++) {
		if (group_counter[g] != f->counter)
			continue;
		uint16_t *rg = r + group_base(v, (enum depth_group)g);
		for (uint32_t k = 0; k < per; k++)
			rg[k] = rg[k] ? (uint16_t)(rg[k] - 1) : 0;
	}
	/* Its checks see every op in flight before its issue (see check). */
	bool ds_anchor = (f->roles & ROLE_LDS_FENCE) || ((f->roles & ROLE_WAR_ANCHOR) && !(f->roles & ROLE_DS_WRITE));
	if (ds_anchor)
		anchor_slots(v, f, G_DS, true, r);
	if (f->roles & (ROLE_LDS_FENCE | ROLE_WAR_ANCHOR)) {
		anchor_slots(v, f, G_ASYNC, true, r);
		anchor_slots(v, f, G_ASYNC_WRITER, true, r);
	}
	if (f->roles & ROLE_LDS_READ)
		anchor_slots(v, f, G_ASYNC_WRITER, true, r);
	bool traw = tensor_raw(v, f);
	if ((f->roles & ROLE_TENSOR_WAW) && traw)
		anchor_slots(v, f, G_TENSOR, true, r);
	else if (f->roles & ROLE_TENSOR_ANCHOR)
		anchor_slots(v, f, G_TENSOR, false, r);
	/* A wait N retires every op with N or more newer ops. */
	if (f->is_wait)
		for (int g = 0; g < NGROUPS; g++) {
			int n = f->waits[group_counter[g]];
			uint16_t *rg = r + group_base(v, (enum depth_group)g);
			if (n >= 0)
				for (uint32_t k = 0; k < per; k++)
					if (rg[k] > n)
						rg[k] = (uint16_t)n;
		}
}

/* Forward transfer of the untagged-op analysis for one fact: d[g] is, over
 * all paths, the fewest ops of counter group g (DS, ASYNC) issued after the
 * newest untagged one still in flight, or NONE32 when none can be. */
static void untagged_forward(const struct val *v, struct fact *f, uint32_t d[2], bool record)
{
	static const enum st_counter groups[2] = {ST_CNT_DS, ST_CNT_ASYNC};
	for (int g = 0; g < 2; g++) {
		int n = f->is_wait ? f->waits[groups[g]] : -1;
		if (n >= 0 && d[g] != NONE32 && d[g] >= (uint32_t)n)
			d[g] = NONE32;
		if (record && (f->roles & ROLE_LDS_FENCE))
			f->fence_untagged[g] |= d[g] != NONE32;
		if (f->counter == groups[g]) {
			if (!f->tagged)
				d[g] = 0;
			else if (d[g] != NONE32 && ++d[g] >= v->max_in_flight)
				d[g] = NONE32;
		}
	}
}

/* Which LDS fences may see an untagged DS or ASYNC op in flight, where the
 * conservative rule makes every op of the counter a dependency: a forward
 * fixed point, minimum at joins. */
static void compute_untagged_fences(struct val *v, const uint32_t *first)
{
	uint32_t nb = v->nblocks;
	uint32_t (*din)[2] = st_xmalloc((nb ? nb : 1) * sizeof *din);
	for (uint32_t b = 0; b < nb; b++)
		din[b][0] = din[b][1] = NONE32;
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = 0; b < nb; b++) {
			const struct st_block *blk = v->func->blocks.v[b];
			uint32_t d[2] = {din[b][0], din[b][1]};
			for (uint32_t id = first[b]; id < first[b + 1]; id++)
				untagged_forward(v, &v->facts.v[id], d, false);
			for (size_t s = 0; s < blk->succs.n; s++) {
				if (!blk->succs.v[s])
					continue;
				uint32_t t = blk->succs.v[s]->index;
				for (int g = 0; g < 2; g++) {
					if (d[g] < din[t][g]) {
						din[t][g] = d[g];
						changed = true;
					}
				}
			}
		}
	}
	for (uint32_t b = 0; b < nb; b++) {
		uint32_t d[2] = {din[b][0], din[b][1]};
		for (uint32_t id = first[b]; id < first[b + 1]; id++)
			untagged_forward(v, &v->facts.v[id], d, true);
	}
	free(din);
}

/* Keys live at each block exit (classic backward liveness over register
 * DWORDs and LDS tokens), and the relevance depth of each counter group and
 * token slot: an ownerless DS, ASYNC or TENSOR op in flight at a block exit
 * with at least that many newer ops of its counter is retired (by a wait or
 * the in-flight cap) on every path before any anchor that could depend on
 * it. Both are backward fixed points. A dead key carries no RAW dependency;
 * an op beyond its depth is only a queue slot. */
static void compute_futures(struct val *v)
{
	uint32_t nb = v->nblocks;
	for (size_t k = 0; k < v->defs.n; k++)
		st_vec_push(&v->keyu, v->defs.v[k]);
	for (size_t k = 0; k < v->uses.n; k++)
		st_vec_push(&v->keyu, v->uses.v[k].key);
	v->keyu.n = sort_unique(v->keyu.v, v->keyu.n, sizeof *v->keyu.v, cmp_key);
	for (size_t k = 0; k < v->toks.n; k++)
		st_vec_push(&v->toku, v->toks.v[k]);
	v->toku.n = sort_unique(v->toku.v, v->toku.n, sizeof *v->toku.v, cmp_u32);
	uint32_t nkw = v->nkw = (uint32_t)(v->keyu.n + 63) / 64 + 1;
	uint32_t ns = v->nslots = NGROUPS * (SLOT_TOKENS + (uint32_t)v->toku.n);

	/* Per block: upward-exposed uses, definitions, the range of its facts. */
	uint64_t *ue = st_xcalloc((size_t)nb * nkw, sizeof *ue);
	uint64_t *def = st_xcalloc((size_t)nb * nkw, sizeof *def);
	uint64_t *live_in = st_xcalloc((size_t)nb * nkw, sizeof *live_in);
	uint16_t *depth_in = st_xcalloc((size_t)nb * ns, sizeof *depth_in);
	uint32_t *first = st_xcalloc(nb + 1, sizeof *first);
	uint16_t *r = st_xcalloc(ns, sizeof *r);
	/* WAW: registers written, by a write racing with group g, before a wait
	 * drains g's counter to 0 (per block, and whether the block drains). */
	uint64_t *waw_local = st_xcalloc((size_t)nb * NWAW * nkw, sizeof *waw_local);
	uint64_t *waw_in = st_xcalloc((size_t)nb * NWAW * nkw, sizeof *waw_in);
	unsigned *waw_drained = st_xcalloc(nb, sizeof *waw_drained);
	v->waw_out = st_xcalloc((size_t)nb * NWAW * nkw, sizeof *v->waw_out);
	v->live_out = st_xcalloc((size_t)nb * nkw, sizeof *v->live_out);
	v->depth_out = st_xcalloc((size_t)nb * ns, sizeof *v->depth_out);
	for (size_t id = 0; id < v->facts.n; id++) {
		const struct fact *f = &v->facts.v[id];
		uint32_t b = f->block;
		uint64_t *bue = ue + (size_t)b * nkw, *bdef = def + (size_t)b * nkw;
		for (uint32_t k = 0; k < f->nuse; k++) {
			size_t x = key_index(v, v->uses.v[f->use_off + k].key);
			if (!bit(bdef, x))
				setbit(bue, x);
		}
		for (uint32_t k = 0; k < f->ndef; k++)
			setbit(bdef, key_index(v, v->defs.v[f->def_off + k]));
		for (int g = 0; g < NWAW; g++) {
			if (!waw_races(f->counter, g) || (waw_drained[b] >> g & 1))
				continue;
			uint64_t *wl = waw_local + ((size_t)b * NWAW + g) * nkw;
			for (uint32_t k = 0; k < f->ndef; k++)
				setbit(wl, key_index(v, v->defs.v[f->def_off + k]));
		}
		if (f->is_wait)
			for (int g = 0; g < NWAW; g++)
				if (f->waits[waw_counters[g]] == 0)
					waw_drained[b] |= 1u << g;
		first[b + 1] = (uint32_t)id + 1;
	}
	for (uint32_t b = 1; b <= nb; b++)
		if (first[b] < first[b - 1])
			first[b] = first[b - 1];
	compute_untagged_fences(v, first);
	/* Iterate in reverse block order (close to post-order for laid-out code)
	 * until nothing changes; depths only grow, up to the cap. */
	memcpy(live_in, ue, (size_t)nb * nkw * sizeof *ue);
	memcpy(waw_in, waw_local, (size_t)nb * NWAW * nkw * sizeof *waw_in);
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = nb; b-- > 0;) {
			const struct st_block *blk = v->func->blocks.v[b];
			uint64_t *lo = v->live_out + (size_t)b * nkw;
			uint16_t *dout = v->depth_out + (size_t)b * ns;
			for (size_t s = 0; s < blk->succs.n; s++) {
				if (!blk->succs.v[s])
					continue;
				uint32_t t = blk->succs.v[s]->index;
				const uint64_t *li = live_in + (size_t)t * nkw;
				const uint16_t *di = depth_in + (size_t)t * ns;
				for (uint32_t w = 0; w < nkw; w++)
					lo[w] |= li[w];
				const uint64_t *wi = waw_in + (size_t)t * NWAW * nkw;
				uint64_t *wo = v->waw_out + (size_t)b * NWAW * nkw;
				for (uint32_t w = 0; w < NWAW * nkw; w++)
					wo[w] |= wi[w];
				for (uint32_t k = 0; k < ns; k++)
					if (di[k] > dout[k])
						dout[k] = di[k];
			}
			uint64_t *li = live_in + (size_t)b * nkw;
			const uint64_t *bue = ue + (size_t)b * nkw, *bdef = def + (size_t)b * nkw;
			for (uint32_t w = 0; w < nkw; w++) {
				uint64_t x = bue[w] | (lo[w] & ~bdef[w]);
				changed |= x != li[w];
				li[w] = x;
			}
			for (int g = 0; g < NWAW; g++) {
				uint64_t *wi = waw_in + ((size_t)b * NWAW + g) * nkw;
				const uint64_t *wl = waw_local + ((size_t)b * NWAW + g) * nkw;
				const uint64_t *wo = v->waw_out + ((size_t)b * NWAW + g) * nkw;
				bool pass = !(waw_drained[b] >> g & 1);
				for (uint32_t w = 0; w < nkw; w++) {
					uint64_t x = wl[w] | (pass ? wo[w] : 0);
					changed |= x != wi[w];
					wi[w] = x;
				}
			}
			memcpy(r, dout, ns * sizeof *r);
			for (uint32_t id = first[b + 1]; id-- > first[b];)
				depth_back(v, &v->facts.v[id], r);
			uint16_t *din = depth_in + (size_t)b * ns;
			changed |= memcmp(r, din, ns * sizeof *r) != 0;
			memcpy(din, r, ns * sizeof *r);
		}
	}
	free(ue);
	free(def);
	free(live_in);
	free(depth_in);
	free(first);
	free(r);
	free(waw_local);
	free(waw_in);
	free(waw_drained);
}

/* May a write racing with in-flight load `id` (WAW on registers) still come
 * after block b, before the load's counter is drained to 0? With `newest`
 * (a working-state entry), only registers it is the newest in-flight writer
 * of count: an older load of the same counter retires first (a scalar one
 * too: only kmcnt 0 and the cap retire those), so it never decides. */
static uint32_t waw_writer(const struct val *v, wv_key k, int g);
static bool waw_matters(const struct val *v, uint32_t b, uint32_t id, uint32_t newest)
{
	const struct fact *f = &v->facts.v[id];
	int g = waw_group(f->counter);
	if (g < 0)
		return false;
	const uint64_t *wo = v->waw_out + ((size_t)b * NWAW + g) * v->nkw;
	for (uint32_t k = 0; k < f->ndef; k++) {
		wv_key key = v->defs.v[f->def_off + k];
		if (key >> 32 != ST_REG_LDS && bit(wo, key_index(v, key)) &&
		    (newest == NONE32 || waw_writer(v, key, g) == newest))
			return true;
	}
	return false;
}

/* Can an ownerless in-flight op of fact `id`, with `newer` ops of its counter
 * issued after it, still become a dependency after block b? */
static bool may_matter(const struct val *v, uint32_t b, uint32_t id, uint32_t newer)
{
	const struct fact *f = &v->facts.v[id];
	uint32_t base = slot_base(v, f);
	if (base == NONE32)
		return false;
	const uint16_t *d = v->depth_out + (size_t)b * v->nslots + base;
	if (!f->tagged)
		return newer < d[SLOT_ANY_ANCHOR];
	if (newer < d[SLOT_UNTAGGED_ANCHOR])
		return true;
	for (uint32_t k = 0; k < f->ntok; k++)
		if (newer < d[SLOT_TOKENS + token_index(v, v->toks.v[f->tok_off + k])])
			return true;
	return false;
}

/* ---- Loops ------------------------------------------------------------- */

static uint32_t intersect(const uint32_t *idom, const uint32_t *rpo_num, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (rpo_num[a] > rpo_num[b])
			a = idom[a];
		while (rpo_num[b] > rpo_num[a])
			b = idom[b];
	}
	return a;
}

static bool dominates(const struct val *v, uint32_t a, uint32_t b)
{
	while (b != a) {
		if (v->idom[b] == b || v->rpo_num[b] < v->rpo_num[a])
			return false;
		b = v->idom[b];
	}
	return true;
}

/* Dominators (Cooper-Harvey-Kennedy), then natural loops, one per header:
 * a back edge is an edge whose target dominates its source. */
static void build_loops(struct val *v)
{
	const struct st_function *f = v->func;
	uint32_t n = v->nblocks;
	v->rpo_num = st_xmalloc(n * sizeof *v->rpo_num);
	v->idom = st_xmalloc(n * sizeof *v->idom);
	for (uint32_t b = 0; b < n; b++)
		v->rpo_num[b] = v->idom[b] = NONE32;
	uint32_t *order = st_xmalloc(n * sizeof *order), norder = 0;
	uint32_t *stack = st_xmalloc(n * sizeof *stack), *next = st_xcalloc(n, sizeof *next);
	bool *seen = st_xcalloc(n, sizeof *seen);
	uint32_t sp = 0;
	stack[sp++] = 0;
	seen[0] = true;
	while (sp) {
		const struct st_block *b = f->blocks.v[stack[sp - 1]];
		if (next[b->index] < b->succs.n) {
			const struct st_block *sb = b->succs.v[next[b->index]++];
			uint32_t s = sb ? sb->index : 0;
			if (sb && !seen[s]) {
				seen[s] = true;
				stack[sp++] = s;
			}
		} else {
			order[norder++] = b->index; /* postorder */
			sp--;
		}
	}
	for (uint32_t k = 0; k < norder; k++)
		v->rpo_num[order[norder - 1 - k]] = k;
	v->idom[0] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t k = 1; k < norder; k++) {
			uint32_t b = order[norder - 1 - k], nid = NONE32;
			const struct st_block *blk = f->blocks.v[b];
			for (size_t p = 0; p < blk->preds.n; p++) {
				uint32_t pb = blk->preds.v[p]->index;
				if (v->idom[pb] == NONE32)
					continue;
				nid = nid == NONE32 ? pb : intersect(v->idom, v->rpo_num, pb, nid);
			}
			if (nid != v->idom[b]) {
				v->idom[b] = nid;
				changed = true;
			}
		}
	}

	v->succ_back = st_xcalloc(n, sizeof *v->succ_back);
	v->loops_of = st_xcalloc(n, sizeof *v->loops_of);
	uint32_t *loop_of_header = st_xmalloc(n * sizeof *loop_of_header);
	uint32_t *inloop = st_xmalloc(n * sizeof *inloop); /* last loop a block was added to */
	for (uint32_t b = 0; b < n; b++)
		loop_of_header[b] = inloop[b] = NONE32;
	for (uint32_t b = 0; b < n; b++) {
		const struct st_block *blk = f->blocks.v[b];
		v->succ_back[b] = st_xmalloc((blk->succs.n ? blk->succs.n : 1) * sizeof **v->succ_back);
		for (size_t s = 0; s < blk->succs.n; s++) {
			v->succ_back[b][s] = -1;
			if (!blk->succs.v[s])
				continue;
			uint32_t h = blk->succs.v[s]->index;
			if (v->rpo_num[b] == NONE32 || !dominates(v, h, b))
				continue;
			if (loop_of_header[h] == NONE32)
				loop_of_header[h] = v->nloops++;
			uint32_t loop = loop_of_header[h];
			v->succ_back[b][s] = (int32_t)v->back_edges.n;
			st_vec_push(&v->back_edges, ((struct back_edge){b, h, loop}));
			/* The natural loop body: h and every block reaching b without h. */
			if (inloop[h] != loop) {
				inloop[h] = loop;
				st_vec_push(&v->loops_of[h], loop);
			}
			sp = 0;
			if (inloop[b] != loop) {
				inloop[b] = loop;
				st_vec_push(&v->loops_of[b], loop);
				stack[sp++] = b;
			}
			while (sp) {
				const struct st_block *x = f->blocks.v[stack[--sp]];
				for (size_t p = 0; p < x->preds.n; p++) {
					uint32_t pb = x->preds.v[p]->index;
					if (inloop[pb] == loop || v->rpo_num[pb] == NONE32)
						continue;
					inloop[pb] = loop;
					st_vec_push(&v->loops_of[pb], loop);
					stack[sp++] = pb;
				}
			}
		}
	}
	/* Every cycle enters through a block with two predecessors (or the
	 * entry), so deduplicating there is enough to reach a fixed point. */
	v->dedup_block = st_xcalloc(n, sizeof *v->dedup_block);
	for (uint32_t b = 0; b < n; b++)
		v->dedup_block[b] = b == 0 || f->blocks.v[b]->preds.n != 1;
	free(order);
	free(stack);
	free(next);
	free(seen);
	free(loop_of_header);
	free(inloop);
}

static bool block_in_loop(const struct val *v, uint32_t block, uint32_t loop)
{
	for (size_t k = 0; k < v->loops_of[block].n; k++)
		if (v->loops_of[block].v[k] == loop)
			return true;
	return false;
}

/* ---- Working state ------------------------------------------------------ */

static uint64_t hash_words(const uint32_t *w, uint32_t n, uint64_t seed)
{
	uint64_t h = seed ^ 0x9e3779b97f4a7c15u;
	for (uint32_t k = 0; k < n; k++) {
		h ^= w[k];
		h *= 0x100000001b3u;
		h ^= h >> 29;
	}
	return h;
}

static uint32_t key_slot(const struct val *v, wv_key k)
{
	uint64_t h = k * 0x9e3779b97f4a7c15u;
	uint32_t s = (uint32_t)(h >> 32) & (v->ocap - 1);
	while (v->ostamp[s] == v->stamp && v->okey[s] != k)
		s = (s + 1) & (v->ocap - 1);
	return s;
}

static void owner_grow(struct val *v)
{
	wv_key *ok = v->okey;
	uint32_t *ov = v->oval, *os = v->ostamp, ocap = v->ocap;
	uint32_t (*ow)[NWAW] = v->owaw;
	v->ocap = ocap ? ocap * 2 : 256;
	v->okey = st_xmalloc(v->ocap * sizeof *v->okey);
	v->oval = st_xmalloc(v->ocap * sizeof *v->oval);
	v->owaw = st_xmalloc(v->ocap * sizeof *v->owaw);
	v->ostamp = st_xcalloc(v->ocap, sizeof *v->ostamp);
	v->ocount = 0;
	for (uint32_t s = 0; s < ocap; s++) {
		if (os[s] != v->stamp)
			continue;
		uint32_t t = key_slot(v, ok[s]);
		v->ostamp[t] = v->stamp;
		v->okey[t] = ok[s];
		v->oval[t] = ov[s];
		memcpy(v->owaw[t], ow[s], sizeof *ow);
		v->ocount++;
	}
	free(ok);
	free(ov);
	free(ow);
	free(os);
}

/* The live entry owning key k, or NONE32. */
static uint32_t owner(const struct val *v, wv_key k)
{
	uint32_t s = key_slot(v, k);
	if (v->ostamp[s] != v->stamp)
		return NONE32;
	uint32_t w = v->oval[s];
	return w != NONE32 && v->wents.v[w].live ? w : NONE32;
}

/* The slot of key k, created empty if needed. */
static uint32_t key_slot_new(struct val *v, wv_key k)
{
	if ((v->ocount + 1) * 2 > v->ocap)
		owner_grow(v);
	uint32_t s = key_slot(v, k);
	if (v->ostamp[s] != v->stamp) {
		v->ostamp[s] = v->stamp;
		v->okey[s] = k;
		v->oval[s] = NONE32;
		for (int g = 0; g < NWAW; g++)
			v->owaw[s][g] = NONE32;
		v->ocount++;
	}
	return s;
}

static void set_owner(struct val *v, wv_key k, uint32_t w)
{
	uint32_t slot = key_slot_new(v, k); /* may grow the table */
	v->oval[slot] = w;
}

/* The newest in-flight op of WAW group g that writes register key k. */
static uint32_t waw_writer(const struct val *v, wv_key k, int g)
{
	uint32_t s = key_slot(v, k);
	if (v->ostamp[s] != v->stamp)
		return NONE32;
	uint32_t w = v->owaw[s][g];
	return w != NONE32 && v->wents.v[w].live ? w : NONE32;
}

/* Entry w (a load of WAW group g, fact `id`) is the newest to write its
 * registers. */
static void note_writes(struct val *v, uint32_t id, uint32_t w)
{
	const struct fact *f = &v->facts.v[id];
	int g = waw_group(f->counter);
	if (g < 0)
		return;
	for (uint32_t k = 0; k < f->ndef; k++) {
		wv_key key = v->defs.v[f->def_off + k];
		if (key >> 32 != ST_REG_LDS) {
			uint32_t slot = key_slot_new(v, key); /* may grow the table */
			v->owaw[slot][g] = w;
		}
	}
}

/* Key k gets a new definition: its previous producer no longer owns it. */
static void disown(struct val *v, wv_key k)
{
	uint32_t w = owner(v, k);
	if (w == NONE32)
		return;
	struct went *e = &v->wents.v[w];
	wv_key *keys = v->wkeys.v + e->key_off;
	for (uint32_t j = 0; j < e->nkeys; j++) {
		if (keys[j] == k) {
			keys[j] = keys[--e->nkeys];
			break;
		}
	}
	set_owner(v, k, NONE32);
}

static uint32_t qat(const struct queue *q, uint32_t k)
{
	return q->slot[(q->head + k) & q->mask];
}

/* The fact of the op queued k-th (oldest first), or NULL when the entry has
 * no op of its own (ANON). */
static const struct fact *queued_fact(const struct val *v, const struct queue *q, uint32_t k)
{
	uint32_t inst = v->wents.v[qat(q, k)].inst;
	return inst == ANON ? NULL : &v->facts.v[inst];
}

static void retire_oldest(struct val *v, struct queue *q, uint32_t count)
{
	for (uint32_t k = 0; k < count && q->n; k++) {
		v->wents.v[q->slot[q->head]].live = false;
		q->head = (q->head + 1) & q->mask;
		q->n--;
	}
}

static uint32_t new_went(struct val *v, uint32_t inst, uint32_t mark, enum st_counter c, const wv_key *keys,
                         uint32_t nkeys)
{
	struct went e = {inst, mark, c, true, (uint32_t)v->wkeys.n, nkeys};
	for (uint32_t j = 0; j < nkeys; j++)
		st_vec_push(&v->wkeys, keys[j]);
	uint32_t w = (uint32_t)v->wents.n;
	st_vec_push(&v->wents, e);
	for (uint32_t j = 0; j < nkeys; j++)
		set_owner(v, keys[j], w);
	return w;
}

static void issue(struct val *v, enum st_counter c, uint32_t w)
{
	struct queue *q = &v->q[c];
	if (q->n >= v->max_in_flight)
		retire_oldest(v, q, q->n - v->max_in_flight + 1);
	q->slot[(q->head + q->n) & q->mask] = w;
	q->n++;
}

static void reset_state(struct val *v)
{
	st_vec_clear(&v->wents);
	st_vec_clear(&v->wkeys);
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		v->q[c].head = v->q[c].n = 0;
	v->stamp++;
	v->ocount = 0;
}

/* Encoding, per counter: n, then per entry: inst, mark, nkeys, keys (2 words
 * each, sorted). Equal states encode to equal words.
 *
 * Whether an entry retires depends only on the entries newer than it: a wait
 * N retires it once N or more are newer, and the in-flight cap once
 * maxInFlight are newer (older entries always go first). So anonymous entries
 * older than every other entry of their counter are dropped. */
static void decode(struct val *v, const uint32_t *w, uint32_t len)
{
	reset_state(v);
	uint32_t p = 0;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		st_assert(p < len);
		uint32_t n = w[p++];
		for (uint32_t k = 0; k < n; k++) {
			uint32_t inst = w[p], mark = w[p + 1], nkeys = w[p + 2];
			p += 3;
			uint32_t e = new_went(v, inst, mark, (enum st_counter)c, NULL, 0);
			v->wents.v[e].nkeys = nkeys;
			if (inst != ANON)
				note_writes(v, inst, e);
			for (uint32_t j = 0; j < nkeys; j++, p += 2) {
				wv_key key = (uint64_t)w[p] << 32 | w[p + 1];
				st_vec_push(&v->wkeys, key);
				set_owner(v, key, e);
			}
			issue(v, (enum st_counter)c, e);
		}
	}
}

/* Encodes the state at the exit of block b: dead keys are dropped, ops that
 * can no longer matter become anonymous. */
static void encode(struct val *v, uint32_t b)
{
	const uint64_t *live = v->live_out + (size_t)b * v->nkw;
	st_vec_clear(&v->enc);
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		const struct queue *q = &v->q[c];
		/* Drop dead keys in place; the working state is discarded anyway. */
		for (uint32_t k = 0; k < q->n; k++) {
			struct went *e = &v->wents.v[qat(q, k)];
			wv_key *keys = v->wkeys.v + e->key_off;
			uint32_t nlive = 0;
			for (uint32_t j = 0; j < e->nkeys; j++)
				if (bit(live, key_index(v, keys[j])))
					keys[nlive++] = keys[j];
			e->nkeys = nlive;
			if (!nlive && e->inst != ANON && !may_matter(v, b, e->inst, q->n - k - 1) &&
			    !waw_matters(v, b, e->inst, qat(q, k))) {
				e->inst = ANON;
				e->mark = 0;
			}
		}
		uint32_t first = 0;
		while (first < q->n && v->wents.v[qat(q, first)].inst == ANON)
			first++;
		st_vec_push(&v->enc, q->n - first);
		for (uint32_t k = first; k < q->n; k++) {
			struct went *e = &v->wents.v[qat(q, k)];
			wv_key *keys = v->wkeys.v + e->key_off;
			st_vec_push(&v->enc, e->inst);
			st_vec_push(&v->enc, e->mark);
			st_vec_push(&v->enc, e->nkeys);
			if (e->nkeys > 1)
				qsort(keys, e->nkeys, sizeof *keys, cmp_key);
			for (uint32_t j = 0; j < e->nkeys; j++) {
				st_vec_push(&v->enc, (uint32_t)(keys[j] >> 32));
				st_vec_push(&v->enc, (uint32_t)keys[j]);
			}
		}
	}
}

/* The dedup key of an encoded state: ownerless DS, ASYNC and TENSOR entries
 * become their token class and back-edge marks a flag (a report names the
 * back edge on its own path); leading slots are dropped as in encode.
 *
 * Outside strict mode a loop-carried tensor op can only cause warnings. The
 * key then lists the other tensor ops with the exact number of newer ops
 * (all their fate depends on) and only the set of classes of loop-carried
 * ones: states differing in how many loop-carried ops are in flight share
 * one exploration. Every error is still found, and each loop-carried class
 * is still reported, though a consumer may be reported with fewer
 * loop-carried producers of one class. */
static void class_key(struct val *v, uint32_t from, const uint32_t *w, uint32_t len)
{
	st_vec_clear(&v->kenc);
	uint32_t p = 0;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		uint32_t n = w[p++];
		size_t count_at = v->kenc.n;
		st_vec_push(&v->kenc, 0);
		bool split = c == ST_CNT_TENSOR && !v->strict;
		uint32_t kept = 0;
		struct u32vec carried = {0};
		for (uint32_t k = 0; k < n; k++) {
			uint32_t inst = w[p], mark = w[p + 1], nkeys = w[p + 2];
			const uint32_t *keys = w + p + 3;
			p += 3 + 2 * nkeys;
			if (inst == ANON && !kept && !split)
				continue;
			/* A load a racing write may still hit keeps its registers. */
			if (inst != ANON && nkeys == 0 && (c == ST_CNT_DS || c == ST_CNT_ASYNC || c == ST_CNT_TENSOR) &&
			    !(from != NONE32 && waw_matters(v, from, inst, NONE32)))
				inst = v->facts.v[inst].tclass;
			if (split && (inst == ANON || mark)) {
				if (inst != ANON)
					st_vec_push(&carried, inst);
				continue;
			}
			st_vec_push(&v->kenc, inst);
			st_vec_push(&v->kenc, split ? n - k - 1 : mark != 0);
			st_vec_push(&v->kenc, nkeys);
			for (uint32_t j = 0; j < 2 * nkeys; j++)
				st_vec_push(&v->kenc, keys[j]);
			kept++;
		}
		v->kenc.v[count_at] = kept;
		if (split) {
			if (carried.n > 1)
				qsort(carried.v, carried.n, sizeof *carried.v, cmp_u32);
			size_t at = v->kenc.n;
			st_vec_push(&v->kenc, 0);
			for (size_t k = 0; k < carried.n; k++)
				if (k == 0 || carried.v[k] != carried.v[k - 1]) {
					st_vec_push(&v->kenc, carried.v[k]);
					v->kenc.v[at]++;
				}
			st_vec_free(&carried);
		}
	}
	st_assert(p == len);
}

/* Crossing back edge `be`: tensor ops issued inside its loop now belong to an
 * earlier iteration. */
static void mark_back_edge(const struct val *v, uint32_t *w, uint32_t len, uint32_t be)
{
	uint32_t p = 0, loop = v->back_edges.v[be].loop;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		uint32_t n = w[p++];
		for (uint32_t k = 0; k < n; k++) {
			uint32_t inst = w[p], nkeys = w[p + 2];
			if (c == ST_CNT_TENSOR && inst != ANON && w[p + 1] == 0 &&
			    block_in_loop(v, v->facts.v[inst].block, loop))
				w[p + 1] = be + 1;
			p += 3 + 2 * nkeys;
		}
	}
	st_assert(p == len);
}

/* ---- Violations ---------------------------------------------------------- */

static uint32_t viol_slot(const struct val *v, uint32_t consumer, uint32_t producer)
{
	uint64_t h = ((uint64_t)consumer << 32 | producer) * 0x9e3779b97f4a7c15u;
	uint32_t s = (uint32_t)(h >> 32) & (v->vcap - 1);
	while (v->vtable[s] != NONE32) {
		const struct violation *x = &v->viols.v[v->vtable[s]];
		if (x->consumer == consumer && x->producer == producer)
			break;
		s = (s + 1) & (v->vcap - 1);
	}
	return s;
}

static void viol_grow(struct val *v)
{
	free(v->vtable);
	v->vcap = v->vcap ? v->vcap * 2 : 64;
	v->vtable = st_xmalloc(v->vcap * sizeof *v->vtable);
	memset(v->vtable, 0xff, v->vcap * sizeof *v->vtable);
	for (uint32_t k = 0; k < v->viols.n; k++)
		v->vtable[viol_slot(v, v->viols.v[k].consumer, v->viols.v[k].producer)] = k;
}

/* Producer entry w is in flight at consumer `consumer`, which depends on it. */
static void violation(struct val *v, uint32_t node, uint32_t consumer, uint32_t w, enum rule rule,
                      const struct use *u, const char *why)
{
	const struct went *e = &v->wents.v[w];
	st_assert(e->inst != ANON);
	const struct queue *q = &v->q[e->counter];
	uint32_t pos = 0;
	while (pos < q->n && qat(q, pos) != w)
		pos++;
	st_assert(pos < q->n);
	struct violation x = {
		.consumer = consumer,
		.producer = e->inst,
		.node = node,
		.counter = e->counter,
		.rule = rule,
		.opnd = u ? u->opnd : NONE32,
		.key = u ? u->key : 0,
		.needed = e->counter == ST_CNT_KM ? 0 : (int)(q->n - pos - 1),
		.carried = e->counter == ST_CNT_TENSOR ? e->mark : 0,
		.why = why,
	};
	if ((v->viols.n + 1) * 2 > v->vcap)
		viol_grow(v);
	uint32_t s = viol_slot(v, consumer, e->inst);
	if (v->vtable[s] == NONE32) {
		v->vtable[s] = (uint32_t)v->viols.n;
		st_vec_push(&v->viols, x);
	} else if (v->viols.v[v->vtable[s]].carried && !x.carried) {
		/* A path where the dependency is not loop-carried makes it an error. */
		v->viols.v[v->vtable[s]] = x;
	}
}

/* ---- Transfer ------------------------------------------------------------ */

/* The counters whose ops access LDS without a register result to wait on. */
static const enum st_counter lds_counters[2] = {ST_CNT_DS, ST_CNT_ASYNC};

/* Every dependency of instruction `id` must be retired in the current state. */
static void check(struct val *v, uint32_t node, uint32_t id)
{
	const struct fact *f = &v->facts.v[id];
	bool traw = tensor_raw(v, f);
	for (uint32_t k = 0; k < f->nuse; k++) {
		const struct use *u = &v->uses.v[f->use_off + k];
		uint32_t w = owner(v, u->key);
		v->nchecked++;
		if (w == NONE32)
			continue;
		if (v->wents.v[w].counter == ST_CNT_TENSOR && !traw)
			continue;
		violation(v, node, id, w, RULE_RAW, u, NULL);
	}
	/* WAW on registers: an in-flight load of another counter (or any
	 * scalar load) would land after this write. The newest such load per
	 * counter decides; older ones of an in-order counter retire first. */
	for (uint32_t k = 0; k < f->ndef; k++) {
		wv_key key = v->defs.v[f->def_off + k];
		if (key >> 32 == ST_REG_LDS)
			continue;
		for (int g = 0; g < NWAW; g++) {
			if (!waw_races(f->counter, g))
				continue;
			uint32_t w = waw_writer(v, key, g);
			v->nchecked++;
			if (w != NONE32) {
				struct use u = {key, NONE32};
				violation(v, node, id, w, RULE_WAW_REG, &u, NULL);
			}
		}
	}
	if (f->roles & ROLE_WAR_ANCHOR) {
		/* WAR-on-LDS; DS pairs on the same pipeline are ordered by the FIFO. */
		for (int k0 = (f->roles & ROLE_DS_WRITE) ? 1 : 0; k0 < 2; k0++) {
			const struct queue *q = &v->q[lds_counters[k0]];
			for (uint32_t k = 0; k < q->n; k++) {
				const struct fact *p = queued_fact(v, q, k);
				if (!p)
					continue;
				v->nchecked++;
				if (!tokens_overlap(v, f, p))
					continue;
				bool cons = !f->tagged || !p->tagged;
				violation(v, node, id, qat(q, k), cons ? RULE_CONSERVATIVE : RULE_WAR, NULL,
				          !f->tagged ? "untagged LDS writer" : cons ? "untagged LDS access in flight" : NULL);
			}
		}
	}
	if (f->roles & ROLE_LDS_FENCE) {
		/* Barrier ordering, and the conservative fallback: an untagged barrier
		 * or any untagged op in flight drains the whole counter. */
		for (int k0 = 0; k0 < 2; k0++) {
			const struct queue *q = &v->q[lds_counters[k0]];
			bool any_untagged = false;
			for (uint32_t k = 0; k < q->n; k++) {
				const struct fact *p = queued_fact(v, q, k);
				any_untagged |= p && !p->tagged;
			}
			for (uint32_t k = 0; k < q->n; k++) {
				const struct fact *p = queued_fact(v, q, k);
				if (!p)
					continue;
				v->nchecked++;
				if (!f->tagged)
					violation(v, node, id, qat(q, k), RULE_CONSERVATIVE, NULL, "untagged barrier");
				else if (any_untagged)
					violation(v, node, id, qat(q, k), RULE_CONSERVATIVE, NULL, "untagged LDS access in flight");
				else if (tokens_overlap(v, f, p))
					violation(v, node, id, qat(q, k), RULE_BARRIER, NULL, NULL);
			}
		}
	}
	if (f->roles & ROLE_LDS_READ) {
		/* An LDS read of data an async load may still be writing. */
		const struct queue *q = &v->q[ST_CNT_ASYNC];
		for (uint32_t k = 0; k < q->n; k++) {
			const struct fact *p = queued_fact(v, q, k);
			if (!p)
				continue;
			v->nchecked++;
			if ((p->roles & ROLE_ASYNC_WRITER) && tokens_overlap(v, f, p))
				violation(v, node, id, qat(q, k), f->tagged && p->tagged ? RULE_ASYNC_RAW : RULE_CONSERVATIVE,
				          NULL, !f->tagged ? "untagged LDS reader" : "untagged async LDS write in flight");
		}
	}
	if ((f->roles & ROLE_TENSOR_WAW) && traw) {
		/* A write over LDS a tensor load may still be filling. */
		const struct queue *q = &v->q[ST_CNT_TENSOR];
		for (uint32_t k = 0; k < q->n; k++) {
			const struct fact *p = queued_fact(v, q, k);
			if (!p)
				continue;
			v->nchecked++;
			if (tokens_overlap(v, f, p))
				violation(v, node, id, qat(q, k), f->tagged && p->tagged ? RULE_WAW : RULE_CONSERVATIVE, NULL,
				          !f->tagged ? "untagged LDS writer" : "untagged tensor load in flight");
		}
	}
	if (f->roles & ROLE_TENSOR_ANCHOR) {
		/* Untagged tensor loads (or an untagged anchor) may touch any LDS.
		 * As in the seed, only RAW is gated by the tensor policy: these
		 * conservative rules hold at every tensor anchor. */
		const struct queue *q = &v->q[ST_CNT_TENSOR];
		for (uint32_t k = 0; k < q->n; k++) {
			const struct fact *p = queued_fact(v, q, k);
			if (!p)
				continue;
			v->nchecked++;
			if (!f->tagged || !p->tagged)
				violation(v, node, id, qat(q, k), RULE_CONSERVATIVE, NULL,
				          !f->tagged ? "untagged tensor anchor" : "untagged tensor load in flight");
		}
	}
}

static void apply(struct val *v, uint32_t id)
{
	const struct fact *f = &v->facts.v[id];
	if (f->is_wait) {
		for (int c = 0; c < ST_NUM_COUNTERS; c++) {
			struct queue *q = &v->q[c];
			if (f->waits[c] < 0)
				continue;
			if (c == ST_CNT_KM) {
				/* Out of order: only kmcnt 0 says which loads are done. */
				if (f->waits[c] == 0)
					retire_oldest(v, q, q->n);
			} else if ((uint32_t)f->waits[c] < q->n) {
				retire_oldest(v, q, q->n - (uint32_t)f->waits[c]);
			}
		}
	}
	const wv_key *defs = v->defs.v + f->def_off;
	for (uint32_t k = 0; k < f->ndef; k++)
		disown(v, defs[k]);
	if (f->counter != ST_CNT_NONE) {
		uint32_t w = new_went(v, id, 0, f->counter, defs, f->ndef);
		issue(v, f->counter, w);
		note_writes(v, id, w);
	}
}

/* ---- Exploration ---------------------------------------------------------- */

static uint32_t *node_slot(struct val *v, uint32_t block, const uint32_t *w, uint32_t len, uint64_t h)
{
	/* `w` and `len` are a key, compared with the stored keys. */
	uint32_t s = (uint32_t)(h >> 32) & (v->tcap - 1);
	while (v->table[s] != NONE32) {
		const struct node *x = &v->nodes.v[v->table[s]];
		if (x->hash == h && x->block == block && x->klen == len && memcmp(x->key, w, len * sizeof *w) == 0)
			break;
		s = (s + 1) & (v->tcap - 1);
	}
	return &v->table[s];
}

static void table_grow(struct val *v)
{
	free(v->table);
	v->tcap = v->tcap ? v->tcap * 2 : 1024;
	v->table = st_xmalloc(v->tcap * sizeof *v->table);
	memset(v->table, 0xff, v->tcap * sizeof *v->table);
	for (uint32_t k = 0; k < v->nodes.n; k++) {
		const struct node *x = &v->nodes.v[k];
		if (x->key)
			*node_slot(v, x->block, x->key, x->klen, x->hash) = k;
	}
}

static uint32_t *copy_words(const uint32_t *w, uint32_t len)
{
	uint32_t *copy = st_xmalloc((len ? len : 1) * sizeof *copy);
	memcpy(copy, w, len * sizeof *w);
	return copy;
}

/* Queues a (block, state) node unless the join block has seen an equivalent
 * state. */
static void add_node(struct val *v, uint32_t block, uint32_t parent, const uint32_t *w, uint32_t len)
{
	uint64_t h = 0;
	uint32_t *key = NULL, klen = 0;
	if (v->dedup_block[block]) {
		class_key(v, parent == NONE32 ? NONE32 : v->nodes.v[parent].block, w, len);
		klen = (uint32_t)v->kenc.n;
		h = hash_words(v->kenc.v, klen, block);
		if ((v->tcount + 1) * 2 > v->tcap)
			table_grow(v);
		uint32_t *slot = node_slot(v, block, v->kenc.v, klen, h);
		if (*slot != NONE32)
			return;
		if (v->nstates[block] >= v->state_bound) {
			v->inconclusive[block] = true;
			return;
		}
		v->nstates[block]++;
		v->tcount++;
		*slot = (uint32_t)v->nodes.n;
		key = copy_words(v->kenc.v, klen);
	}
	st_vec_push(&v->nodes, ((struct node){block, parent, copy_words(w, len), key, len, klen, h}));
}

static void process(struct val *v, uint32_t n)
{
	uint32_t b = v->nodes.v[n].block;
	decode(v, v->nodes.v[n].state, v->nodes.v[n].len);
	const struct st_block *blk = v->func->blocks.v[b];
	st_foreach_inst(blk, i) {
		check(v, n, i->id);
		apply(v, i->id);
	}
	free(v->nodes.v[n].state);
	v->nodes.v[n].state = NULL;
	encode(v, b);
	for (size_t s = 0; s < blk->succs.n; s++) {
		if (!blk->succs.v[s])
			continue;
		uint32_t to = blk->succs.v[s]->index;
		int32_t be = v->succ_back[b][s];
		if (be >= 0) {
			uint32_t *w = st_xmalloc(v->enc.n * sizeof *w);
			memcpy(w, v->enc.v, v->enc.n * sizeof *w);
			mark_back_edge(v, w, (uint32_t)v->enc.n, (uint32_t)be);
			add_node(v, to, n, w, (uint32_t)v->enc.n);
			free(w);
		} else {
			add_node(v, to, n, v->enc.v, (uint32_t)v->enc.n);
		}
	}
}

/* ---- Reporting ------------------------------------------------------------ */

static void format_path(const struct val *v, uint32_t node, struct st_buf *out)
{
	ST_VEC(uint32_t) path = {0};
	for (uint32_t n = node; n != NONE32; n = v->nodes.v[n].parent)
		st_vec_push(&path, v->nodes.v[n].block);
	/* Long paths keep their head and tail; the middle is counted. */
	size_t len = path.n, head = len > 32 ? 8 : len, tail = len > 32 ? 16 : 0;
	for (size_t k = 0; k < head; k++)
		st_buf_printf(out, "%s^%s", k ? " -> " : "", v->func->blocks.v[path.v[len - 1 - k]]->label);
	if (tail) {
		st_buf_printf(out, " -> ... (%zu blocks) ...", len - head - tail);
		for (size_t k = tail; k-- > 0;)
			st_buf_printf(out, " -> ^%s", v->func->blocks.v[path.v[k]]->label);
	}
	st_vec_free(&path);
}

static void format_loc(struct st_buf *out, struct st_loc loc)
{
	if (loc.line)
		st_buf_printf(out, "%s:%u:%u", loc.file ? loc.file : "<input>", loc.line, loc.col);
	else
		st_buf_puts(out, "<unknown location>");
}

static int cmp_viol(const void *a, const void *b)
{
	const struct violation *x = a, *y = b;
	if (x->consumer != y->consumer)
		return x->consumer < y->consumer ? -1 : 1;
	return (x->producer > y->producer) - (x->producer < y->producer);
}

/* Returns whether the report is an error. */
static bool report(struct val *v, const struct violation *x)
{
	const struct fact *c = &v->facts.v[x->consumer], *p = &v->facts.v[x->producer];
	struct st_buf msg = {0};
	bool error = !x->carried || v->strict;
	if (x->carried) {
		const struct back_edge *be = &v->back_edges.v[x->carried - 1];
		st_buf_printf(&msg, "loop-carried tensor dependency across back edge ^%s -> ^%s: ",
		              v->func->blocks.v[be->from]->label, v->func->blocks.v[be->to]->label);
	}
	st_buf_printf(&msg, "missing %s %d before '%s': ", st_counter_wait_mnemonic(x->counter), x->needed,
	              c->inst->name);
	char reg[64];
	switch (x->rule) {
	case RULE_RAW:
		if (x->opnd != NONE32)
			st_reg_format(c->inst->srcs[x->opnd].reg, reg, sizeof reg);
		else
			st_reg_format((struct st_reg){.index = (uint32_t)x->key, .count = 1, .cls = ST_REG_LDS}, reg, sizeof reg);
		st_buf_printf(&msg, "RAW dependency through %s", reg);
		break;
	case RULE_ASYNC_RAW: st_buf_puts(&msg, "RAW dependency through LDS"); break;
	case RULE_WAR: st_buf_puts(&msg, "WAR-on-LDS dependency"); break;
	case RULE_WAW: st_buf_puts(&msg, "WAW-on-LDS dependency"); break;
	case RULE_WAW_REG: {
		/* The consumer's destination holding the register. */
		struct st_reg key = {.index = (uint32_t)x->key, .count = 1, .cls = (uint8_t)(x->key >> 32)};
		st_reg_format(key, reg, sizeof reg);
		for (uint32_t k = 0; k < c->inst->ndsts; k++) {
			const struct st_operand *d = &c->inst->dsts[k];
			if (d->kind == ST_OPND_REG && st_reg_overlaps(d->reg, key)) {
				st_reg_format(d->reg, reg, sizeof reg);
				break;
			}
		}
		st_buf_printf(&msg, "WAW dependency through %s", reg);
		break;
	}
	case RULE_BARRIER: st_buf_puts(&msg, "barrier ordering dependency"); break;
	case RULE_CONSERVATIVE: st_buf_printf(&msg, "conservative dependency (%s)", x->why); break;
	}
	st_buf_printf(&msg, " on '%s' (", p->inst->name);
	format_loc(&msg, p->inst->loc);
	st_buf_printf(&msg, ")%s still in flight; path: ", x->carried ? " from an earlier iteration" : "");
	format_path(v, x->node, &msg);
	st_diag_emit(v->ctx->diag, error ? ST_SEV_ERROR : ST_SEV_WARNING, c->inst->loc, "%s", st_buf_cstr(&msg));
	st_buf_free(&msg);
	return error;
}

static void val_free(struct val *v)
{
	for (size_t k = 0; k < v->nodes.n; k++) {
		free(v->nodes.v[k].state);
		free(v->nodes.v[k].key);
	}
	st_vec_free(&v->nodes);
	for (uint32_t b = 0; b < v->nblocks; b++) {
		if (v->succ_back)
			free(v->succ_back[b]);
		if (v->loops_of)
			st_vec_free(&v->loops_of[b]);
	}
	free(v->succ_back);
	free(v->loops_of);
	free(v->rpo_num);
	free(v->idom);
	free(v->dedup_block);
	free(v->nstates);
	free(v->inconclusive);
	free(v->table);
	st_vec_free(&v->back_edges);
	st_vec_free(&v->facts);
	st_vec_free(&v->uses);
	st_vec_free(&v->defs);
	st_vec_free(&v->toks);
	st_vec_free(&v->wents);
	st_vec_free(&v->wkeys);
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		free(v->q[c].slot);
	free(v->okey);
	free(v->oval);
	free(v->owaw);
	free(v->ostamp);
	st_vec_free(&v->keyu);
	st_vec_free(&v->toku);
	free(v->live_out);
	free(v->depth_out);
	free(v->waw_out);
	st_vec_free(&v->enc);
	st_vec_free(&v->kenc);
	st_vec_free(&v->viols);
	free(v->vtable);
}

/* Validates one function; returns the number of errors reported. */
static size_t validate_function(struct val *v, const struct st_function *f)
{
	v->func = f;
	v->nblocks = (uint32_t)f->blocks.n;
	if (!v->nblocks)
		return 0;
	/* Facts and entries keep slices `vec.v + off`: keep those arrays non-NULL
	 * so the empty slice of an empty array is a defined pointer too. */
	st_vec_reserve(&v->defs, 1);
	st_vec_reserve(&v->toks, 1);
	st_vec_reserve(&v->wkeys, 1);
	for (uint32_t b = 0; b < v->nblocks; b++) {
		st_foreach_inst(f->blocks.v[b], i) {
			i->id = (uint32_t)v->facts.n;
			build_fact(v, i, b);
		}
	}
	compute_futures(v);
	build_loops(v);
	assign_token_classes(v);
	v->nstates = st_xcalloc(v->nblocks, sizeof *v->nstates);
	v->inconclusive = st_xcalloc(v->nblocks, sizeof *v->inconclusive);
	uint32_t ring = 2;
	while (ring <= v->max_in_flight)
		ring *= 2;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		v->q[c].slot = st_xmalloc(ring * sizeof *v->q[c].slot);
		v->q[c].mask = ring - 1;
	}

	owner_grow(v);
	uint32_t empty[ST_NUM_COUNTERS] = {0};
	add_node(v, 0, NONE32, empty, ST_NUM_COUNTERS);
	for (uint32_t n = 0; n < v->nodes.n; n++)
		process(v, n);

	size_t nerrors = 0, ncarried = 0;
	if (v->viols.n > 1)
		qsort(v->viols.v, v->viols.n, sizeof *v->viols.v, cmp_viol);
	for (size_t k = 0; k < v->viols.n; k++) {
		nerrors += report(v, &v->viols.v[k]);
		ncarried += v->viols.v[k].carried != 0;
	}
	for (uint32_t b = 0; b < v->nblocks; b++) {
		if (!v->inconclusive[b])
			continue;
		const struct st_block *blk = f->blocks.v[b];
		st_diag_emit(v->ctx->diag, v->strict ? ST_SEV_ERROR : ST_SEV_WARNING, blk->loc,
		             "inconclusive: more than %u distinct in-flight states reach ^%s; waits on paths "
		             "through it are not proven (raise stateBound)",
		             v->state_bound, blk->label);
		nerrors += v->strict;
		st_pass_stat_add(v->ctx, "inconclusive-blocks", 1);
	}
	st_pass_stat_add(v->ctx, "states-explored", (int64_t)v->nodes.n);
	st_pass_stat_add(v->ctx, "dependency-checks", (int64_t)v->nchecked);
	st_pass_stat_add(v->ctx, "unsatisfied-dependencies", (int64_t)(v->viols.n - ncarried));
	st_pass_stat_add(v->ctx, "loop-carried-tensor-dependencies", (int64_t)ncarried);
	return nerrors;
}

/* The pass manager fills unset options with their schema defaults. */
static int64_t int_option(const struct st_pass_ctx *ctx, int k, int64_t dflt)
{
	return ctx->opts ? ctx->opts[k].i : dflt;
}

static bool run(struct st_pass_ctx *ctx)
{
	int64_t bound = int_option(ctx, OPT_STATE_BOUND, WV_DEFAULT_STATE_BOUND);
	int64_t cap = int_option(ctx, OPT_MAX_IN_FLIGHT, WV_DEFAULT_MAX_IN_FLIGHT);
	struct st_loc noloc = {0};
	if (bound < 1 || bound > INT32_MAX) {
		st_error(ctx->diag, noloc, "WaitCntValidationCheckPass: stateBound must be at least 1");
		return false;
	}
	if (cap < 1 || cap > WV_MAX_IN_FLIGHT_LIMIT) {
		st_error(ctx->diag, noloc, "WaitCntValidationCheckPass: maxInFlight must be in 1..%d",
		         WV_MAX_IN_FLIGHT_LIMIT);
		return false;
	}
	size_t nerrors = 0;
	for (size_t fi = 0; fi < ctx->module->funcs.n; fi++) {
		struct val v = {
			.ctx = ctx,
			.strict = ctx->opts && ctx->opts[OPT_STRICT].flag,
			.stores_on_loadcnt = ctx->opts && ctx->opts[OPT_STORES_ON_LOADCNT].flag,
			.num_waves = ctx->config ? ctx->config->num_waves : 0,
			.state_bound = (uint32_t)bound,
			.max_in_flight = (uint32_t)cap,
		};
		nerrors += validate_function(&v, ctx->module->funcs.v[fi]);
		val_free(&v);
	}
	return nerrors == 0;
}

const struct st_pass_info st_pass_waitcnt_validation = {
	.name = "WaitCntValidationCheckPass",
	.summary = "prove every dependency is retired by the waits on every path (counterexample on failure)",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.run = run,
};
