/* Analyze: the WaitDataflow forward fixed point over the full RPO
 * (mergeFromPredecessors is in merge.c).
 *
 *   mergeFromPredecessors   entry = one PerPredQueue per predecessor and
 *                           counter (the predecessor's exit queues, retagged)
 *   transferBlock           per instruction: credit input waits,
 *                           computeRequiredWaits, the emit decision
 *                           (needsNewWait), trimQueues, then the producer
 *   solve                   sweeps in RPO until no exit state changes; by
 *                           default CK_Tensor state does not cross loop back
 *                           edges (the design's sweep-0 freeze, see merge)
 *   materializePlan         one recording sweep over the converged states
 *
 * Dependencies (computeRequiredWaits), each gated as the design says:
 *   RAW          SSA sources, through PHIs (phiCurrentQueueWait), gated by
 *                the counter's rawNeedsWait policy
 *   WAR-on-LDS   an LDS writer waits for in-flight DS / ASYNC ops on an
 *                overlapping token (scanDsAntiDeps; same-pipeline pairs skip)
 *   barrier      an LDS-fence barrier waits for in-flight DS / ASYNC ops on
 *                an overlapping token
 *   fallbacks    untagged anchors or producers force the conservative waits
 *   WAW          a register write waits for in-flight loads of that register
 *                on another counter (or on out-of-order KM) */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/annotations.h"
#include "stinkytofu/ssa.h"
#include "waitcnt.h"

/* The traits of df->facts (waitcnt.h), taken in the numbering walk: the
 * solver's and XCNT's, so that XCNT needs no walk of its own over every
 * instruction. `counter` is st_inst_counter(i, false). */
static uint16_t facts_of(const struct st_inst *i, enum st_counter counter)
{
	if (i->kind != ST_ITEM_INST)
		return 0;
	bool call = st_inst_is_call(i);
	enum st_xcnt_kind xk = st_inst_xcnt_kind(i);
	unsigned xcnt = (unsigned)xk << WC_F_XCNT_SHIFT;
	if (call || st_inst_is_terminator(i))
		xcnt |= WC_F_XCNT_EXEMPT;
	if (xk == ST_XCNT_VMEM && st_inst_is_vmem_atomic(i))
		xcnt |= WC_F_XCNT_ATOMIC;
	if (xk == ST_XCNT_VMEM && counter == ST_CNT_STORE)
		xcnt |= WC_F_XCNT_STORE;
	return (uint16_t)((st_inst_is_lds_fence(i) ? WC_F_LDS_FENCE : 0) | (st_inst_is_lds_reader(i) ? WC_F_LDS_READER : 0) |
	                  (st_inst_is_async_lds_reader(i) ? WC_F_ASYNC_LDS_READER : 0) |
	                  (st_inst_is_lds_writer(i) ? WC_F_LDS_WRITER : 0) |
	                  (st_inst_is_async_lds_writer(i) ? WC_F_ASYNC_LDS_WRITER : 0) |
	                  (st_inst_is_ds_write(i) ? WC_F_DS_WRITE : 0) | (st_inst_is_wait(i) ? WC_F_WAIT : 0) |
	                  (st_inst_is_flat(i) ? WC_F_FLAT : 0) | (st_inst_is_cache_inv(i) ? WC_F_CACHE_INV : 0) |
	                  (call ? WC_F_CALL : 0) | xcnt);
}

/* rawNeedsWait defaults: every consumer drains; the built-in tensor policy
 * drains at LDS-fence barriers only (the pass refines it from NumWaves). */
static bool every_consumer(const struct wc_dataflow *df, const struct st_inst *i)
{
	(void)df;
	(void)i;
	return true;
}

static bool tensor_at_barriers(const struct wc_dataflow *df, const struct st_inst *i)
{
	(void)df;
	return st_inst_is_lds_fence(i);
}

/* The registers (LDS tokens aside) an instruction writes, as one bit per
 * bucket of four registers of a class: two instructions whose masks share no
 * bit write no common register, which rejects almost every pair the WAW scan
 * looks at without reading their operands. A range of more than 63 buckets
 * sets every bit. */
static uint64_t write_mask(const struct st_inst *i)
{
	uint64_t m = 0;
	for (uint32_t k = 0; k < i->ndsts; k++) {
		struct st_reg r = i->dsts[k].reg;
		if (i->dsts[k].kind != ST_OPND_REG || r.cls == ST_REG_LDS)
			continue;
		/* st_reg_overlaps lets an empty range overlap around its index. */
		uint64_t first = r.index >> 2, last = r.count ? ((uint64_t)r.index + r.count - 1) >> 2 : first;
		if (last - first >= 63)
			return UINT64_MAX;
		for (uint64_t b = first; b <= last; b++)
			m |= (uint64_t)1 << ((b + (uint64_t)r.cls * 17) & 63);
	}
	return m;
}

/* The token sets of one function as they are built: the distinct sets by
 * their contents, and the mod.memtoken ids of each distinct attribute list
 * (lists are shared between instructions, so most lookups of the attribute
 * by name are answered here). */
struct attr_tokens {
	int n; /* st_inst_memtoken_ids: -1 without mod.memtoken */
	uint32_t off;
	bool loops_checked; /* st_inst_has_loop_annots asked of an instruction with the list */
};
struct token_builder {
	struct wc_dataflow *df;
	struct st_index sets;
	struct st_map by_attrs;            /* (list, count) -> index into `lists` + 1 */
	ST_VEC(struct attr_tokens) lists;
	struct st_u32vec pool;             /* the lists' ids */
	struct st_u32vec ids;              /* the instruction's ids, being built */
	bool tagged;
};

static uint32_t hash_ids(bool tagged, const uint32_t *v, uint32_t n)
{
	uint64_t h = tagged;
	for (uint32_t k = 0; k < n; k++)
		h = st_hash64(h * 31 + v[k] + 1);
	return (uint32_t)(h ^ (h >> 32));
}

static bool same_set(const void *cx, uint32_t idx)
{
	const struct token_builder *tb = cx;
	const struct wc_tokens *t = &tb->df->token_sets.v[idx];
	return t->tagged == tb->tagged && t->n == tb->ids.n && (!t->n || !memcmp(t->ids, tb->ids.v, t->n * sizeof *t->ids));
}

/* The MemTokenData of an instruction: mod.memtoken ids and LDS<t> operands,
 * as the index of its set. */
static uint32_t token_set(struct token_builder *tb, const struct st_inst *i)
{
	tb->ids.n = 0;
	tb->tagged = false;
	if (i->nattrs) {
		bool added;
		uint64_t *slot = st_map_slot(&tb->by_attrs, st_ptr_key(i->attrs) | (uint64_t)i->nattrs << 48, &added);
		if (added) {
			uint32_t off = (uint32_t)tb->pool.n;
			int n = st_inst_memtoken_ids(i, &tb->pool);
			st_vec_push(&tb->lists, ((struct attr_tokens){n, off, false}));
			/* st_map_slot's pointer is valid until the next addition. */
			*slot = tb->lists.n;
		}
		struct attr_tokens *at = &tb->lists.v[*slot - 1];
		/* Whether the function has loop annotations (st_wc_loops_init),
		 * asked once per distinct list. */
		if (i->kind == ST_ITEM_INST && !at->loops_checked) {
			at->loops_checked = true;
			tb->df->loops_annotated |= st_inst_has_loop_annots(i);
		}
		if (at->n >= 0) {
			tb->tagged = true;
			/* An empty list (`tokens = []`) tags the instruction with no
			 * token; the pool may still be empty then. */
			if (at->n > 0) {
				st_vec_reserve(&tb->ids, (size_t)at->n);
				memcpy(tb->ids.v, tb->pool.v + at->off, (size_t)at->n * sizeof *tb->ids.v);
			}
			tb->ids.n = (size_t)at->n;
		}
	}
	for (int side = 0; side < 2; side++) {
		const struct st_operand *ops = side ? i->srcs : i->dsts;
		uint32_t nops = side ? i->nsrcs : i->ndsts;
		for (uint32_t k = 0; k < nops; k++) {
			if (ops[k].kind != ST_OPND_REG || ops[k].reg.cls != ST_REG_LDS)
				continue;
			tb->tagged = true;
			for (uint32_t r = 0; r < ops[k].reg.count; r++)
				st_vec_push(&tb->ids, ops[k].reg.index + r);
		}
	}
	if (!tb->tagged)
		return 0;
	tb->ids.n = st_wc_sort_unique(tb->ids.v, (uint32_t)tb->ids.n);
	struct wc_dataflow *df = tb->df;
	uint32_t h = hash_ids(true, tb->ids.v, (uint32_t)tb->ids.n);
	uint32_t idx = st_index_put(&tb->sets, h, same_set, tb, (uint32_t)df->token_sets.n);
	if (idx == df->token_sets.n) {
		struct wc_tokens t = {.tagged = true, .n = (uint32_t)tb->ids.n};
		t.ids = st_xmalloc((t.n ? t.n : 1) * sizeof *t.ids);
		if (t.n)
			memcpy(t.ids, tb->ids.v, t.n * sizeof *t.ids);
		for (uint32_t k = 0; k < t.n; k++)
			t.mask |= (uint64_t)1 << (t.ids[k] % 64);
		st_vec_push(&df->token_sets, t);
	}
	return idx;
}

static void release_solved(struct wc_dataflow *df);

void st_wc_dataflow_init(struct wc_dataflow *df, struct st_pass_ctx *ctx, struct st_function *f,
                      const struct st_cfg *cfg)
{
	memset(df, 0, sizeof *df);
	df->ctx = ctx;
	df->func = f;
	df->cfg = cfg;
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		df->raw_needs_wait[c] = every_consumer;
	df->raw_needs_wait[ST_CNT_TENSOR] = tensor_at_barriers;
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		df->regs_counters |= st_counter_writes_regs((enum st_counter)c) ? 1u << c : 0;

	/* Dense ids: block items first, then PHIs (whose own numbering belongs
	 * to the def-use analysis and is restored by st_wc_dataflow_free). One walk
	 * over the instruction lists numbers the items and takes their per-op
	 * facts, since each instruction is a cache miss on a large kernel. */
	ST_VEC(struct st_inst *) insts = {0};
	uint32_t nphis = 0;
	for (size_t b = 0; b < f->blocks.n; b++) {
		st_foreach_item(f->blocks.v[b], it) {
			it->id = (uint32_t)insts.n;
			st_vec_push(&insts, it);
		}
		nphis += (uint32_t)f->blocks.v[b]->phis.n;
	}
	uint32_t n = (uint32_t)insts.n;
	df->nitems = n;
	df->ninst = n + nphis;
	st_vec_reserve(&insts, df->ninst ? df->ninst : 1);
	df->insts = insts.v;
	df->saved_phi_ids = st_xmalloc((nphis ? nphis : 1) * sizeof *df->saved_phi_ids);
	uint32_t id = n, p = 0;
	for (size_t b = 0; b < f->blocks.n; b++)
		for (size_t k = 0; k < f->blocks.v[b]->phis.n; k++) {
			struct st_inst *phi = f->blocks.v[b]->phis.v[k];
			df->saved_phi_ids[p++] = phi->id;
			phi->id = id;
			df->insts[id++] = phi;
		}
	df->tokset = st_xmalloc((df->ninst ? df->ninst : 1) * sizeof *df->tokset);
	struct token_builder tb = {.df = df};
	st_vec_push(&df->token_sets, ((struct wc_tokens){0})); /* set 0: untagged */
	df->writes = st_xmalloc((df->ninst ? df->ninst : 1) * sizeof *df->writes);
	df->counter = st_xmalloc(df->ninst ? df->ninst : 1);
	df->facts = st_xmalloc((df->ninst ? df->ninst : 1) * sizeof *df->facts);
	for (uint32_t k = 0; k < df->ninst; k++) {
		df->writes[k] = write_mask(df->insts[k]);
		enum st_counter c = st_inst_counter(df->insts[k], false);
		df->counter[k] = (uint8_t)c;
		df->facts[k] = facts_of(df->insts[k], c);
		df->tokset[k] = token_set(&tb, df->insts[k]);
		df->has_flat |= (df->facts[k] & WC_F_FLAT) != 0;
		df->unknown_ops |= (df->facts[k] & WC_F_CALL) != 0;
		df->binds_next |= df->insts[k]->kind == ST_ITEM_INST && st_inst_bound_next(df->insts[k]);
	}
	st_index_free(&tb.sets);
	st_map_free(&tb.by_attrs);
	st_vec_free(&tb.lists);
	st_vec_free(&tb.pool);
	st_vec_free(&tb.ids);
	df->phis = st_xcalloc(nphis ? nphis : 1, sizeof *df->phis);
	df->phi_work.index = st_xcalloc(nphis ? nphis : 1, sizeof *df->phi_work.index);
	df->phi_work.low = st_xcalloc(nphis ? nphis : 1, sizeof *df->phi_work.low);
	df->phi_work.comp = st_xcalloc(nphis ? nphis : 1, sizeof *df->phi_work.comp);
	df->phi_work.on_stack = st_xcalloc(nphis ? nphis : 1, sizeof *df->phi_work.on_stack);
	size_t nb = f->blocks.n ? f->blocks.n : 1;
	df->unknown_ops |= f->callable;
	df->processable = st_xmalloc(nb * sizeof *df->processable);
	for (size_t b = 0; b < f->blocks.n; b++)
		df->processable[b] = !ctx || st_pass_should_process_block(ctx, f->blocks.v[b]);
	df->entry = st_xcalloc(nb, sizeof *df->entry);
	df->exit = st_xcalloc(nb, sizeof *df->exit);
}

void st_wc_dataflow_free(struct wc_dataflow *df)
{
	struct st_function *f = df->func;
	release_solved(df);
	uint32_t p = 0;
	for (size_t b = 0; b < f->blocks.n; b++)
		for (size_t k = 0; k < f->blocks.v[b]->phis.n; k++)
			f->blocks.v[b]->phis.v[k]->id = df->saved_phi_ids[p++];
	for (size_t k = 0; k < df->token_sets.n; k++)
		free(df->token_sets.v[k].ids);
	st_vec_free(&df->token_sets);
	for (size_t k = 0; k < df->phi_sets.n; k++) {
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			free(df->phi_sets.v[k][c].v);
		free(df->phi_sets.v[k]);
	}
	st_vec_free(&df->phi_sets);
	free(df->phi_work.index);
	free(df->phi_work.low);
	free(df->phi_work.comp);
	free(df->phi_work.on_stack);
	st_vec_free(&df->phi_work.stack);
	for (size_t b = 0; b < f->blocks.n; b++) {
		st_wc_state_free(&df->entry[b]);
		st_wc_state_free(&df->exit[b]);
	}
	free(df->entry);
	free(df->exit);
	free(df->processable);
	free(df->phis);
	free(df->drain_of);
	free(df->tokset);
	free(df->writes);
	free(df->counter);
	free(df->facts);
	free(df->saved_phi_ids);
	st_wc_loops_free(&df->loops, df->nitems);
	free(df->insts);
	memset(df, 0, sizeof *df);
}

void st_wc_dataflow_release_states(struct wc_dataflow *df)
{
	release_solved(df);
	for (size_t b = 0; b < df->func->blocks.n; b++) {
		st_wc_state_free(&df->entry[b]);
		st_wc_state_free(&df->exit[b]);
	}
}

void st_wc_dataflow_remove_phis(struct wc_dataflow *df)
{
	/* The PHIs' numbering is the def-use analysis's, restored here for
	 * nothing: they are gone. */
	for (uint32_t k = df->nitems; k < df->ninst; k++)
		df->insts[k] = NULL;
	st_remove_phis(df->func);
}

void st_wc_dataflow_set_raw_needs_wait(struct wc_dataflow *df, enum st_counter c, wc_raw_needs_wait_fn fn)
{
	df->raw_needs_wait[c] = fn;
}

void st_wc_dataflow_index_drains(struct wc_dataflow *df, const struct wc_plan *plan)
{
	size_t nb = df->func->blocks.n;
	if (!df->drain_of)
		df->drain_of = st_xmalloc((nb ? nb : 1) * sizeof *df->drain_of);
	for (size_t b = 0; b < nb; b++)
		df->drain_of[b] = NULL;
	for (size_t k = 0; plan && k < plan->drains.n; k++)
		df->drain_of[plan->drains.v[k].pred->index] = &plan->drains.v[k];
}

unsigned st_wc_dataflow_iteration_cap(const struct wc_dataflow *df)
{
	if (df->iteration_cap)
		return df->iteration_cap;
	size_t n2 = 2 * df->cfg->nblocks;
	size_t cap = n2 > WC_MAX_IN_FLIGHT + 8 ? n2 : WC_MAX_IN_FLIGHT + 8;
	return cap < 256 ? (unsigned)cap : 256;
}

/* classifyMemOp */
static inline enum st_counter counter_at(const struct wc_dataflow *df, uint32_t id)
{
	/* The option is set after the counters are taken. */
	return st_counter_remap((enum st_counter)df->counter[id], df->stores_on_loadcnt);
}

enum st_counter st_wc_counter_of(const struct wc_dataflow *df, const struct st_inst *i)
{
	st_assert(i->id < df->ninst);
	return counter_at(df, i->id);
}

static inline const struct wc_tokens *tokens_at(const struct wc_dataflow *df, uint32_t id)
{
	return &df->token_sets.v[df->tokset[id]];
}

const struct wc_tokens *st_wc_tokens_of(struct wc_dataflow *df, const struct st_inst *i)
{
	st_assert(i->id < df->ninst && df->insts[i->id] == i);
	return tokens_at(df, i->id);
}

/* Token overlap; an op without MemTokenData overlaps everything, since
 * disjointness cannot be proved. */
bool st_wc_tokens_overlap(const struct wc_tokens *a, const struct wc_tokens *b)
{
	if (!a->tagged || !b->tagged)
		return true;
	if (!(a->mask & b->mask))
		return false;
	uint32_t x = 0, y = 0;
	while (x < a->n && y < b->n) {
		if (a->ids[x] == b->ids[y])
			return true;
		if (a->ids[x] < b->ids[y])
			x++;
		else
			y++;
	}
	return false;
}

/* computeRequiredWaits */

struct reqctx {
	struct wc_dataflow *df;
	struct st_inst *inst;
	const struct wc_state *s;
	int only;
	struct wc_required *req;
	struct wc_why *why;
	unsigned replaces; /* WC_REPLACES_*: token rules a ring anchor replaces */
	const struct wc_tokens *ta; /* the anchor's tokens */
};

#define for_each_queue(rc, c, q)                                                                   \
	for (size_t qk_ = 0, qn_ = (rc)->s->q[c].n; qk_ < qn_; qk_++)                                 \
		for (const struct wc_queue *q = &(rc)->s->q[c].v[qk_]; q; q = NULL)                        \
			if ((rc)->only < 0 || (size_t)(rc)->only == qk_)

/* A flat producer found on counter c is complete only when both of its
 * counters are drained: for its registers (RAW, WAW) the other one waits for
 * it too (0), where it is still in flight. Its LDS access (the LDS rules)
 * is complete once DS drains. */
static void flat_other(struct reqctx *rc, enum st_counter c, enum wc_rule rule, struct st_inst *prod)
{
	if (!rc->df->has_flat || !prod || !(rc->df->facts[prod->id] & WC_F_FLAT) ||
	    (rule != WC_RULE_RAW && rule != WC_RULE_WAW_REG))
		return;
	enum st_counter other = c == st_inst_second_counter(prod) ? counter_at(rc->df, prod->id) : st_inst_second_counter(prod);
	for_each_queue(rc, other, q) {
		uint32_t d = st_wc_queue_count_from(q, prod);
		if (d)
			st_wc_tighten(rc->req, rc->why, d, (struct wc_contrib){other, rule, prod, 0, {q->pred, 0, false, -1}});
	}
}

/* A dependency on the op the analysis names `prod`, in queue q (or none). */
static void tighten_from(struct reqctx *rc, enum st_counter c, uint32_t depth, enum wc_rule rule, struct st_inst *prod,
                         const struct wc_queue *q)
{
	struct wc_contrib x = {c, rule, prod, 0, {q ? q->pred : NULL, 0, false, -1}};
	st_wc_tighten(rc->req, rc->why, depth, x);
	flat_other(rc, c, rule, prod);
}

static void tighten(struct reqctx *rc, enum st_counter c, uint32_t depth, enum wc_rule rule, struct st_inst *prod)
{
	tighten_from(rc, c, depth, rule, prod, NULL);
}

/* A dependency on entry k of queue q. */
static void tighten_entry(struct reqctx *rc, enum st_counter c, const struct wc_queue *q, uint32_t k, enum wc_rule rule)
{
	struct wc_contrib x = {c, rule, q->ops[k].op, 0, {q->pred, q->ops[k].var, true, -1}};
	st_wc_tighten(rc->req, rc->why, st_wc_queue_depth(q, k), x);
	flat_other(rc, c, rule, q->ops[k].op);
}

/* Whether the RAW contributions of counter c are gated off at rc->inst: by
 * rawNeedsWait, or by a ring anchor that replaces tensor RAW. */
static bool raw_gated(struct reqctx *rc, enum st_counter c)
{
	return !rc->df->raw_needs_wait[c](rc->df, rc->inst) || (c == ST_CNT_TENSOR && (rc->replaces & WC_REPLACES_TENSOR_RAW));
}

static void raw_direct(struct reqctx *rc, struct st_inst *src)
{
	enum st_counter c = counter_at(rc->df, src->id);
	if (c == ST_CNT_NONE || raw_gated(rc, c))
		return;
	uint32_t id = src->id;
	for_each_queue(rc, c, q) {
		/* Most sources are not in flight: outside the listed ids and
		 * without an unknown region, countFrom is 0 (no search). */
		if (!q->unk && (!q->n || id < q->ops[0].id || id > q->ops[q->n - 1].id))
			continue;
		bool unknown;
		int64_t k;
		uint32_t d = st_wc_queue_count_from_at(q, src, &unknown, &k);
		if (k >= 0)
			tighten_entry(rc, c, q, (uint32_t)k, WC_RULE_RAW);
		else if (d)
			tighten_from(rc, c, d, WC_RULE_RAW, unknown ? NULL : src, q);
	}
	/* A flat op drained on its own counter may still be in flight on DS. */
	enum st_counter c2 = rc->df->has_flat ? st_inst_second_counter(src) : ST_CNT_NONE;
	if (c2 != ST_CNT_NONE)
		for_each_queue(rc, c2, q) {
			uint32_t d = st_wc_queue_count_from(q, src);
			if (d)
				tighten_from(rc, c2, d, WC_RULE_RAW, src, q);
		}
}

/* Every op of `set` in queue q is a RAW dependency. */
static void scan_set(struct reqctx *rc, enum st_counter c, const struct wc_queue *q, const struct wc_idset *set)
{
	if (!set->n)
		return;
	for (uint32_t k = 0; k < q->n; k++)
		if (st_wc_idset_has(set, q->ops[k].id))
			tighten_entry(rc, c, q, k, WC_RULE_RAW);
	if (q->unk)
		tighten(rc, c, st_wc_queue_unk_depth(q), WC_RULE_RAW, NULL);
}

/* The ops slot `x` of a PHI stands for, on counter c. */
static struct wc_idset incoming_set(struct wc_dataflow *df, struct st_inst *x, enum st_counter c, uint32_t *one)
{
	struct wc_idset none = {NULL, 0};
	if (!x)
		return none;
	if (wc_is_phi(x))
		return st_wc_phi_summary_of(df, x)->all[c];
	if (st_wc_counter_of(df, x) != c)
		return none;
	*one = x->id;
	return (struct wc_idset){one, 1};
}

/* phiCurrentQueueWait: the PHI's producers scanned in the LIVE queues, so
 * ops issued since the join count. A PHI of the consumer's own block is
 * resolved per edge: the queue of predecessor P holds the paths through P,
 * on which the value is the one incoming from P. */
/* The PHI's producers of counter c, looked for in the queues of counter cq
 * (c itself, or DS for the flat ones among them). */
static void raw_phi_in(struct reqctx *rc, struct st_inst *phi, enum st_counter c, enum st_counter cq)
{
	struct wc_dataflow *df = rc->df;
	const struct wc_phi_summary *s = st_wc_phi_summary_of(df, phi);
	bool local = phi->block == rc->inst->block;
	for_each_queue(rc, cq, q) {
		if (!local) {
			scan_set(rc, cq, q, &s->all[c]);
			continue;
		}
		if (!q->pred) {
			/* The synthetic queue: on function entry the value is
			 * undefined and the queue holds only later ops, which
			 * cannot define it; in the all-zero fallback it is the
			 * unknown state. Scanning every producer covers both. */
			scan_set(rc, cq, q, &s->all[c]);
			continue;
		}
		const struct st_block *b = phi->block;
		for (size_t k = 0; k < b->preds.n; k++) {
			if (b->preds.v[k] != q->pred)
				continue;
			uint32_t one;
			struct wc_idset in = incoming_set(df, st_phi_incoming(phi)[k], c, &one);
			scan_set(rc, cq, q, &in);
		}
	}
}

static void raw_phi(struct reqctx *rc, struct st_inst *phi)
{
	const struct wc_phi_summary *s = st_wc_phi_summary_of(rc->df, phi);
	for (int ci = 0; ci < ST_NUM_COUNTERS; ci++) {
		enum st_counter c = (enum st_counter)ci;
		if (!s->all[c].n || raw_gated(rc, c))
			continue;
		raw_phi_in(rc, phi, c, c);
		/* Flat producers drained on their own counter may still be in
		 * flight on DS (only flat ops of c can be found there). */
		if (rc->df->has_flat && c != ST_CNT_DS)
			raw_phi_in(rc, phi, c, ST_CNT_DS);
	}
}

static struct st_inst *newest_in_flight(struct reqctx *rc, enum st_counter c)
{
	struct st_inst *best = NULL;
	uint32_t bd = 0;
	for_each_queue(rc, c, q) {
		uint32_t d;
		struct st_inst *op = st_wc_queue_newest(q, &d);
		if (op && (!best || d < bd)) {
			best = op;
			bd = d;
		}
	}
	return best;
}

static bool any_untagged_in_flight(struct reqctx *rc, enum st_counter c)
{
	for_each_queue(rc, c, q) {
		if (q->unk)
			return true;
		for (uint32_t k = 0; k < q->n; k++)
			if (!tokens_at(rc->df, q->ops[k].id)->tagged)
				return true;
	}
	return false;
}

/* scanDsAntiDeps and its ASYNC twin: in-flight ops of counter c whose
 * tokens overlap the anchor's. A nonzero `filter` keeps only the producers
 * with one of those facts. */
static void scan_anti(struct reqctx *rc, enum st_counter c, enum wc_rule rule, unsigned filter)
{
	const uint16_t *facts = rc->df->facts;
	const struct wc_tokens *ta = st_wc_tokens_of(rc->df, rc->inst);
	for_each_queue(rc, c, q) {
		for (uint32_t k = 0; k < q->n; k++) {
			struct st_inst *op = q->ops[k].op;
			if (filter && !(facts[q->ops[k].id] & filter))
				continue;
			if (!st_wc_tokens_overlap(ta, tokens_at(rc->df, q->ops[k].id)))
				continue;
			enum wc_rule r = rule;
			if (r == WC_RULE_WAR_LDS && (facts[q->ops[k].id] & (WC_F_LDS_WRITER | WC_F_ASYNC_LDS_WRITER)))
				r = WC_RULE_WAW_LDS;
			(void)op;
			tighten_entry(rc, c, q, k, r);
		}
		if (q->unk)
			tighten(rc, c, st_wc_queue_unk_depth(q), rule, NULL);
	}
}

/* Whether `a` writes a register (LDS tokens aside) that `b` also writes. */
static bool writes_overlap(const struct st_inst *a, const struct st_inst *b)
{
	for (uint32_t x = 0; x < a->ndsts; x++) {
		if (a->dsts[x].kind != ST_OPND_REG || a->dsts[x].reg.cls == ST_REG_LDS)
			continue;
		for (uint32_t y = 0; y < b->ndsts; y++)
			if (b->dsts[y].kind == ST_OPND_REG && st_reg_overlaps(a->dsts[x].reg, b->dsts[y].reg))
				return true;
	}
	return false;
}

/* WAW on registers: a load still in flight would land after this
 * instruction's write and clobber it. Only the loads of a REGS_IN_ORDER
 * counter (DS) land in issue order among themselves. */
static void scan_waw(struct reqctx *rc, enum st_counter ic)
{
	uint64_t mine = rc->df->writes[rc->inst->id];
	bool flat = rc->df->facts[rc->inst->id] & WC_F_FLAT;
	for (unsigned m = rc->df->regs_counters; m; m &= m - 1) {
		enum st_counter c = (enum st_counter)__builtin_ctz(m);
		/* One such counter lands in issue order, unless a flat op (out of
		 * order) is the writer or the load in flight. */
		bool ordered = c == ic && st_counter_regs_in_order(c) && !flat;
		if (ordered && !rc->req->flat[c])
			continue;
		for_each_queue(rc, c, q) {
			/* A scalar load may find its own previous issue (last loop
			 * iteration) still in flight: out of order (KM), it races too. */
			for (uint32_t e = 0; (q->writes & mine) && e < q->n; e++)
				if ((q->ops[e].writes & mine) && (!ordered || q->ops[e].flat) &&
				    writes_overlap(rc->inst, q->ops[e].op))
					tighten(rc, c, st_wc_queue_depth(q, e), WC_RULE_WAW_REG, q->ops[e].op);
			/* Unknown ops: everything in the all-zero fallback; beyond
			 * the cap they are long complete on the hardware. */
			uint32_t u = st_wc_queue_unk_depth(q);
			if (u && u <= WC_MAX_IN_FLIGHT && !ordered)
				tighten(rc, c, u, WC_RULE_WAW_REG, NULL);
		}
	}
}

/* A callable function starts, and every function resumes after a call, with
 * one unknown op in flight on each counter whose ops write registers, and it
 * may write any register (the unknown region at depth 1, see
 * st_wc_unknown_op): an instruction that reads or writes a register drains
 * it. Only in functions that are callable or call. */
static void scan_unknown_op(struct reqctx *rc)
{
	bool regs = false;
	for (uint32_t k = 0; k < rc->inst->nsrcs + rc->inst->ndsts && !regs; k++) {
		const struct st_operand *op = k < rc->inst->nsrcs ? &rc->inst->srcs[k] : &rc->inst->dsts[k - rc->inst->nsrcs];
		regs = op->kind == ST_OPND_REG && op->reg.cls != ST_REG_LDS;
	}
	if (!regs)
		return;
	for (int ci = 0; ci < ST_NUM_COUNTERS; ci++) {
		enum st_counter c = (enum st_counter)ci;
		if (!st_counter_writes_regs(c))
			continue;
		for_each_queue(rc, c, q) {
			uint32_t u = st_wc_queue_unk_depth(q);
			if (u && u <= WC_MAX_IN_FLIGHT)
				tighten_from(rc, c, u, WC_RULE_FALLBACK, NULL, q);
		}
	}
}

/* amdgpuCallConvention: the caller reads the registers the callee wrote
 * without waiting, so a return drains every counter whose ops write
 * registers, the unknown ops of the caller included. */
static void scan_return(struct reqctx *rc)
{
	for (int ci = 0; ci < ST_NUM_COUNTERS; ci++) {
		enum st_counter c = (enum st_counter)ci;
		if (!st_counter_writes_regs(c))
			continue;
		for_each_queue(rc, c, q) {
			uint32_t d, u = st_wc_queue_unk_depth(q);
			struct st_inst *op = st_wc_queue_newest(q, &d);
			if ((op && d <= WC_MAX_IN_FLIGHT) || (u && u <= WC_MAX_IN_FLIGHT))
				tighten_from(rc, c, 1, WC_RULE_RETURN, op, q);
		}
	}
}

void st_wc_unknown_op(struct wc_state *s)
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		for (size_t k = 0; st_counter_writes_regs((enum st_counter)c) && k < s->q[c].n; k++)
			st_wc_queue_set_unknown(&s->q[c].v[k]);
}

void st_wc_compute_required_waits(struct wc_dataflow *df, struct st_inst *inst, const struct wc_state *s,
                               int only, struct wc_required *req, struct wc_why *why)
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		req->cnt[c] = WC_UNUSED;
		req->beyond_cap[c] = false;
		req->flat[c] = false;
	}
	req->has_flat = df->has_flat;
	req->any = false;
	for (int c = 0; df->has_flat && c < ST_NUM_COUNTERS; c++)
		for (size_t k = 0; k < s->q[c].n; k++)
			req->flat[c] |= (only < 0 || (size_t)only == k) && s->q[c].v[k].flat;
	/* Without loop annotations no ring anchor replaces a rule. */
	const struct wc_tokens *ta = st_wc_tokens_of(df, inst);
	struct reqctx rc = {df, inst, s, only, req, why, df->loops.any ? st_wc_ring_replaces(df, inst) : 0, ta};

	/* 1. RAW from SSA sources, PHIs included. */
	uint32_t nsources;
	struct st_inst *const *sources = st_inst_sources(inst, &nsources);
	for (uint32_t k = 0; k < nsources; k++) {
		struct st_inst *src = sources[k];
		if (wc_is_phi(src))
			raw_phi(&rc, src);
		else
			raw_direct(&rc, src);
	}

	enum st_counter ic = counter_at(df, inst->id);
	unsigned facts = df->facts[inst->id];
	bool fence = facts & WC_F_LDS_FENCE;
	bool writer = facts & (WC_F_LDS_WRITER | WC_F_ASYNC_LDS_WRITER);
	bool reader = facts & (WC_F_LDS_READER | WC_F_ASYNC_LDS_READER);

	/* 2. Anti-dependencies: an LDS writer must not overwrite LDS that an
	 * in-flight op still reads (or writes); a barrier publishes LDS, so the
	 * DS and ASYNC ops on its tokens must be complete. Two DS ops are
	 * ordered by the DS FIFO (isOnSamePipeline). */
	if (fence || writer) {
		enum wc_rule rule = fence ? WC_RULE_BARRIER : WC_RULE_WAR_LDS;
		/* A ring anchor's DS scan replaces the token-based one. */
		if (ic != ST_CNT_DS && !(rc.replaces & WC_REPLACES_DS_ANTI))
			scan_anti(&rc, ST_CNT_DS, rule, 0);
		else if (ic == ST_CNT_DS && df->has_flat)
			scan_anti(&rc, ST_CNT_DS, rule, WC_F_FLAT); /* flat ops are not on the DS pipeline */
		scan_anti(&rc, ST_CNT_ASYNC, rule, 0);

		/* 4. Conservative fallbacks (DS rows). */
		bool ds_in_flight = st_wc_state_any_in_flight(s, ST_CNT_DS, only);
		if (writer && !ta->tagged && !(facts & WC_F_DS_WRITE) && ds_in_flight)
			tighten(&rc, ST_CNT_DS, 1, WC_RULE_FALLBACK, newest_in_flight(&rc, ST_CNT_DS));
		if (fence && ds_in_flight && (!ta->tagged || any_untagged_in_flight(&rc, ST_CNT_DS)))
			tighten(&rc, ST_CNT_DS, 1, WC_RULE_FALLBACK, newest_in_flight(&rc, ST_CNT_DS));
	}
	/* An LDS read of data an async load is still writing. */
	if (reader && df->raw_needs_wait[ST_CNT_ASYNC](df, inst))
		scan_anti(&rc, ST_CNT_ASYNC, WC_RULE_RAW, WC_F_ASYNC_LDS_WRITER);

	/* 3. Tensor anchors: untagged tensor loads in flight cannot be proved
	 * disjoint (the untagged scan); an untagged anchor waits for all. */
	bool tensor_anchor = fence || (facts & (WC_F_LDS_READER | WC_F_DS_WRITE));
	if (tensor_anchor) {
		if (!ta->tagged) {
			if (st_wc_state_any_in_flight(s, ST_CNT_TENSOR, only))
				tighten(&rc, ST_CNT_TENSOR, 1, WC_RULE_FALLBACK, newest_in_flight(&rc, ST_CNT_TENSOR));
		} else {
			for_each_queue(&rc, ST_CNT_TENSOR, q) {
				for (uint32_t k = 0; k < q->n; k++)
					if (!tokens_at(df, q->ops[k].id)->tagged)
						tighten(&rc, ST_CNT_TENSOR, st_wc_queue_depth(q, k), WC_RULE_FALLBACK, q->ops[k].op);
				if (q->unk)
					tighten(&rc, ST_CNT_TENSOR, st_wc_queue_unk_depth(q), WC_RULE_FALLBACK, NULL);
			}
		}
	}
	if (inst->ndsts)
		scan_waw(&rc, ic);
	if (df->unknown_ops)
		scan_unknown_op(&rc);
	if (df->amdgpu_calls && st_inst_is_return(inst))
		scan_return(&rc);
	/* Acquire ordering: a cache invalidate follows every load's completion. */
	if ((facts & WC_F_CACHE_INV) && st_wc_state_any_in_flight(s, ST_CNT_LOAD, only))
		tighten(&rc, ST_CNT_LOAD, 1, WC_RULE_ACQUIRE, newest_in_flight(&rc, ST_CNT_LOAD));

	/* A non-tensor LDS write over a region a tensor load is still filling,
	 * where the tensor policy makes this instruction an anchor (an untagged
	 * writer overlaps every tensor load). */
	if ((facts & (WC_F_DS_WRITE | WC_F_ASYNC_LDS_WRITER)) &&
	    df->raw_needs_wait[ST_CNT_TENSOR](df, inst))
		scan_anti(&rc, ST_CNT_TENSOR, WC_RULE_WAW_LDS, 0);

	/* The loop annotations and the descriptor WAR (annotations.c), only
	 * where there are any. */
	if (df->loops.any || df->tensor_descriptor_war)
		st_wc_annotation_waits(df, inst, s, only, req, why);
}

bool st_wc_credit_wait(const struct wc_dataflow *df, struct st_inst *inst, struct wc_state *s,
                    struct wc_emit emit[ST_NUM_COUNTERS])
{
	st_assert(inst->id < df->ninst);
	if (!(df->facts[inst->id] & WC_F_WAIT))
		return false;
	int counts[ST_NUM_COUNTERS];
	if (!st_wait_counts(inst, counts))
		return true; /* legacy s_waitcnt and friends: credits nothing */
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		if (counts[c] < 0)
			continue;
		/* With stores on LOAD_CNT nothing occupies STORE_CNT, so a
		 * storecnt wait trims an empty queue and says nothing about the
		 * (mixed) LOAD queue. */
		st_wc_state_trim(s, (enum st_counter)c, counts[c]);
		st_wc_emit_waited(&emit[c], counts[c]);
	}
	return true;
}

/* transferBlock */

/* What one transfer of a block records: its waits in program order, their
 * reasons, and the first anchor per counter whose wait drains ops beyond the
 * kMaxInFlight tracked ones. */
struct record {
	ST_VEC(struct wc_anchor) anchors;
	ST_VEC(struct wc_reason) reasons;
	struct st_inst *overflow_at[ST_NUM_COUNTERS];
	bool explain;
};

static void record_reset(struct record *rec)
{
	rec->anchors.n = 0;
	rec->reasons.n = 0;
	memset(rec->overflow_at, 0, sizeof rec->overflow_at);
}

static void record_free(struct record *rec)
{
	st_vec_free(&rec->anchors);
	st_vec_free(&rec->reasons);
}

/* Drops the solve's marks of needs and the entry states kept with them. */
static void release_solved(struct wc_dataflow *df)
{
	for (size_t b = 0; df->solved_entry && b < df->func->blocks.n; b++)
		st_wc_state_free(&df->solved_entry[b]);
	free(df->solved_entry);
	free(df->solved_needs);
	df->solved_entry = NULL;
	df->solved_needs = NULL;
}

/* Appends a block's record to the plan (blocks in RPO, as one recording
 * sweep visits them). */
static void record_append(struct wc_dataflow *df, struct wc_plan *out, const struct record *rec)
{
	st_vec_reserve(&out->anchors, out->anchors.n + rec->anchors.n);
	for (size_t k = 0; k < rec->anchors.n; k++) {
		out->slot[rec->anchors.v[k].inst->id] = (int32_t)out->anchors.n;
		out->anchors.v[out->anchors.n++] = rec->anchors.v[k];
	}
	st_vec_reserve(&out->reasons, out->reasons.n + rec->reasons.n);
	if (rec->reasons.n)
		memcpy(out->reasons.v + out->reasons.n, rec->reasons.v, rec->reasons.n * sizeof *rec->reasons.v);
	out->reasons.n += rec->reasons.n;
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		if (!df->overflow_at[c])
			df->overflow_at[c] = rec->overflow_at[c];
}

/* Field by field: the padding of a struct wc_origin built as a compound
 * literal is not initialised. */
static bool same_origin(const struct wc_origin *a, const struct wc_origin *b)
{
	return a->pred == b->pred && a->var == b->var && a->known_var == b->known_var && a->access == b->access;
}

static void record_reasons(struct record *out, struct st_inst *inst, enum st_counter c, const struct wc_why *why)
{
	for (size_t k = 0; k < why->n; k++) {
		if (why->v[k].counter != c)
			continue;
		bool dup = false;
		for (size_t j = 0; j < k && !dup; j++)
			dup = why->v[j].counter == c && why->v[j].rule == why->v[k].rule &&
			      why->v[j].producer == why->v[k].producer &&
			      same_origin(&why->v[j].from, &why->v[k].from);
		if (dup)
			continue;
		struct wc_reason r = {inst, NULL, c, why->v[k].rule, why->v[k].producer, why->v[k].from};
		st_vec_push(&out->reasons, r);
	}
}

/* transferBlock. In WC_SOLVE and WC_ZERO the waits are decided here; in
 * WC_SIMULATE the waits of `plan_in` are applied as they stand (a monotone
 * transfer: its fixed point is the least one); WC_REFINE walks like
 * WC_SIMULATE and records mergePlanAndComputed at every instruction. */
static void transfer_block(struct wc_dataflow *df, struct st_block *b, struct wc_state *st, enum wc_mode mode,
                           const struct wc_plan *plan_in, struct record *rec, bool solved_states)
{
	struct wc_emit emit[ST_NUM_COUNTERS];
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		st_wc_emit_reset(&emit[c]);
	/* Blocks --process-blocks leaves alone get no waits, so the analysis
	 * must not pretend they drain anything. */
	bool plan_here = df->processable[b->index];
	bool follow_plan = mode == WC_SIMULATE || mode == WC_REFINE;
	struct wc_why why = {0};
	if (rec)
		record_reset(rec);
	st_foreach_inst(b, i) {
		if ((df->facts[i->id] & WC_F_WAIT) && st_wc_credit_wait(df, i, st, emit))
			continue;
		if (plan_here) {
			const struct wc_anchor *pa = NULL;
			if (follow_plan && plan_in->slot[i->id] >= 0)
				pa = &plan_in->anchors.v[plan_in->slot[i->id]];
			struct wc_required req;
			bool explain = rec && rec->explain;
			/* A counter neither planned nor needed here does nothing
			 * below: most instructions have none. */
			bool any = pa != NULL;
			/* From the solve's states (solved_states), only where the solve
			 * found a need (waitcnt.h, record_needs). */
			bool needs = mode != WC_SIMULATE &&
			             (!solved_states || (df->solved_needs[i->id / 64] >> (i->id % 64) & 1));
			if (needs) {
				why.n = 0;
				st_wc_compute_required_waits(df, i, st, -1, &req, explain ? &why : NULL);
				any |= req.any;
			} else if (mode != WC_SIMULATE) {
				for (int c = 0; c < ST_NUM_COUNTERS; c++)
					req.cnt[c] = WC_UNUSED;
			}
			if (mode == WC_SOLVE && df->solved_needs) {
				uint64_t bit = (uint64_t)1 << (i->id % 64);
				if (req.any)
					df->solved_needs[i->id / 64] |= bit;
				else
					df->solved_needs[i->id / 64] &= ~bit;
			}
			struct wc_anchor *a = NULL;
			for (int ci = 0; any && ci < ST_NUM_COUNTERS; ci++) {
				enum st_counter c = (enum st_counter)ci;
				int planned = pa ? pa->spec.cnt[c] : WC_UNUSED;
				int want = mode == WC_SIMULATE ? WC_UNUSED : req.cnt[c];
				if (mode == WC_ZERO && want != WC_UNUSED)
					want = 0;
				/* mergePlanAndComputed: the stricter of planned and
				 * recomputed; a planned wait nothing needs is dropped. */
				bool kept_plan = false;
				if (mode == WC_REFINE && want != WC_UNUSED && planned != WC_UNUSED && planned <= want) {
					want = planned;
					kept_plan = true;
				}
				/* With loop annotations, whether a wait is needed can depend on
				 * a later wait (an op circulating around the loop aliases a slot
				 * only when nothing drains it), and dropping two such waits at
				 * once makes both needed again: drop one per counter and round. */
				if (mode == WC_REFINE && rec && df->loops.any && want == WC_UNUSED && planned != WC_UNUSED) {
					if (df->refine_dropped[c]) {
						want = planned;
						kept_plan = true;
					}
					df->refine_dropped[c] = true;
				}
				/* The state follows the plan being simulated. */
				int trim = follow_plan ? planned : want;
				if (trim != WC_UNUSED && (follow_plan || st_wc_emit_needs_new_wait(&emit[c], trim))) {
					st_wc_state_trim(st, c, trim);
					st_wc_emit_waited(&emit[c], trim);
				} else if (!follow_plan) {
					continue; /* elided: an earlier wait covers it */
				}
				if (!rec || want == WC_UNUSED)
					continue;
				if (req.beyond_cap[c] && mode != WC_ZERO && !rec->overflow_at[c])
					rec->overflow_at[c] = i;
				if (!a) {
					struct wc_anchor fresh = {.inst = i};
					st_wc_spec_clear(&fresh.spec);
					for (int x = 0; x < ST_NUM_COUNTERS; x++)
						fresh.relaxed_from[x] = WC_UNUSED;
					st_vec_push(&rec->anchors, fresh);
					a = &st_vec_last(&rec->anchors);
				}
				a->spec.cnt[c] = want;
				if (kept_plan && (pa->relaxed & (1u << c))) {
					a->relaxed |= 1u << c;
					a->relaxed_from[c] = pa->relaxed_from[c];
				}
				if (explain)
					record_reasons(rec, i, c, &why);
			}
		}
		st_wc_issue(df, st, i, emit);
	}
	free(why.v);
}

void st_wc_issue(const struct wc_dataflow *df, struct wc_state *s, struct st_inst *i, struct wc_emit emit[ST_NUM_COUNTERS])
{
	if (df->unknown_ops && st_inst_is_call(i)) {
		/* amdgpuCallConvention: the callee waited for everything that
		 * writes registers before it returned, ours and its own. Else it
		 * may return with ops of its own in flight. */
		if (!df->amdgpu_calls)
			st_wc_unknown_op(s);
		for (int c = 0; c < ST_NUM_COUNTERS; c++) {
			if (!st_counter_writes_regs((enum st_counter)c))
				continue;
			if (df->amdgpu_calls)
				st_wc_state_trim(s, (enum st_counter)c, 0);
			if (emit && df->amdgpu_calls)
				st_wc_emit_waited(&emit[c], 0);
			else if (emit)
				st_wc_emit_issued(&emit[c]);
		}
	}
	enum st_counter c = counter_at(df, i->id);
	bool flat = df->facts[i->id] & WC_F_FLAT;
	if (c != ST_CNT_NONE) {
		st_wc_state_append_id(s, c, i, i->id, df->writes[i->id], flat);
		if (emit)
			st_wc_emit_issued(&emit[c]);
	}
	c = flat ? st_inst_second_counter(i) : ST_CNT_NONE;
	if (c != ST_CNT_NONE) {
		st_wc_state_append_id(s, c, i, i->id, df->writes[i->id], flat);
		if (emit)
			st_wc_emit_issued(&emit[c]);
	}
}

/* solve */

bool st_wc_solve(struct wc_dataflow *df, enum wc_mode mode, const struct wc_plan *plan_in, struct wc_plan *out,
                 bool explain)
{
	const struct st_cfg *cfg = df->cfg;
	size_t nb = df->func->blocks.n;
	/* The simulation right after the solve that marked the needs keeps that
	 * solve's entry states for the refining sweep; any other solve makes
	 * the marks stale. */
	if (mode == WC_SIMULATE && df->solved_needs && !df->solved_entry) {
		df->solved_entry = df->entry;
		df->entry = st_xcalloc(nb ? nb : 1, sizeof *df->entry);
	} else {
		release_solved(df);
	}
	if (mode == WC_SOLVE && out && df->record_needs && !df->loops.any)
		df->solved_needs = st_xcalloc(df->ninst / 64 + 1, sizeof *df->solved_needs);
	for (size_t b = 0; b < nb; b++) {
		st_wc_state_free(&df->entry[b]);
		st_wc_state_free(&df->exit[b]);
	}
	const struct wc_plan *drains = mode == WC_SIMULATE || mode == WC_REFINE ? plan_in : NULL;
	st_wc_dataflow_index_drains(df, drains);
	unsigned cap = st_wc_dataflow_iteration_cap(df);
	struct wc_state in = {0}, st = {0};
	/* A block is revisited only when a predecessor's exit changed. */
	bool *dirty = st_xmalloc((nb ? nb : 1) * sizeof *dirty);
	for (size_t b = 0; b < nb; b++)
		dirty[b] = true;
	df->converged = false;
	df->sweeps = 0;
	bool accumulate = df->loops.any && (mode == WC_SOLVE || mode == WC_ZERO);
	/* Each block's last transfer ran from its final entry state: what it
	 * records is what a recording sweep over the converged states would. */
	struct record *recs = out ? st_xcalloc(nb ? nb : 1, sizeof *recs) : NULL;
	for (size_t b = 0; recs && b < nb; b++)
		recs[b].explain = explain;
	for (unsigned sweep = 0; sweep < cap; sweep++) {
		bool changed = false;
		for (size_t r = 0; r < cfg->nblocks; r++) {
			struct st_block *b = cfg->rpo[r];
			if (!dirty[b->index])
				continue;
			dirty[b->index] = false;
			st_wc_merge_from_predecessors(df, b, df->exit, drains, &in);
			/* Where the waits follow the state (solve), an op that stays in
			 * flight over many trips keeps changing its variant, so the
			 * states could cycle: with loop annotations each entry state
			 * keeps what it held before, and the states only grow. */
			if (sweep > 0 && accumulate)
				for (int c = 0; c < ST_NUM_COUNTERS; c++)
					for (size_t k = 0; k < in.q[c].n && k < df->entry[b->index].q[c].n; k++)
						st_wc_queue_merge(&in.q[c].v[k], &df->entry[b->index].q[c].v[k]);
			if (sweep > 0 && st_wc_state_equal(&in, &df->entry[b->index]))
				continue; /* same entry, same exit */
			st_wc_state_copy(&df->entry[b->index], &in);
			st_wc_state_copy(&st, &in);
			transfer_block(df, b, &st, mode, plan_in, recs ? &recs[b->index] : NULL, false);
			if (sweep == 0 || !st_wc_state_equal(&st, &df->exit[b->index])) {
				changed = true;
				st_wc_state_copy(&df->exit[b->index], &st);
				for (size_t k = 0; k < b->succs.n; k++)
					dirty[b->succs.v[k]->index] = true;
			}
		}
		df->sweeps = sweep + 1;
		if (sweep > 0 && !changed) {
			df->converged = true;
			break;
		}
	}
	st_wc_state_free(&in);
	st_wc_state_free(&st);
	free(dirty);
	if (recs && df->converged) {
		st_wc_plan_free(out);
		st_wc_plan_init(out, df->ninst);
		memset(df->overflow_at, 0, sizeof df->overflow_at);
		for (size_t r = 0; r < cfg->nblocks; r++) {
			struct record *rec = &recs[cfg->rpo[r]->index];
			record_append(df, out, rec);
			record_free(rec);
		}
	}
	for (size_t b = 0; recs && b < nb; b++)
		record_free(&recs[b]);
	free(recs);
	if (!df->converged)
		release_solved(df);
	return df->converged;
}

/* materializePlan: the waits of the converged solution, in RPO and program
 * order, with the reasons when explaining. */
void st_wc_materialize_plan(struct wc_dataflow *df, enum wc_mode mode, const struct wc_plan *plan_in,
                         struct wc_plan *out, bool explain)
{
	st_wc_plan_free(out);
	st_wc_plan_init(out, df->ninst);
	memset(df->overflow_at, 0, sizeof df->overflow_at);
	memset(df->refine_dropped, 0, sizeof df->refine_dropped);
	struct record rec = {.explain = explain};
	struct wc_state st = {0};
	/* The blocks whose states are the solve's (waitcnt.h, record_needs):
	 * entered in the same state, with the solve's own waits. */
	bool marked = mode == WC_REFINE && df->solved_needs && df->solved_entry;
	bool *relaxed = NULL;
	if (marked) {
		relaxed = st_xcalloc(df->func->blocks.n ? df->func->blocks.n : 1, sizeof *relaxed);
		for (size_t k = 0; k < plan_in->anchors.n; k++)
			if (plan_in->anchors.v[k].relaxed)
				relaxed[plan_in->anchors.v[k].inst->block->index] = true;
	}
	for (size_t r = 0; r < df->cfg->nblocks; r++) {
		struct st_block *b = df->cfg->rpo[r];
		bool solved = marked && !relaxed[b->index] && st_wc_state_equal(&df->entry[b->index], &df->solved_entry[b->index]);
		st_wc_state_copy(&st, &df->entry[b->index]);
		transfer_block(df, b, &st, mode, plan_in, &rec, solved);
		record_append(df, out, &rec);
	}
	free(relaxed);
	if (mode == WC_REFINE)
		release_solved(df);
	record_free(&rec);
	st_wc_state_free(&st);
	if (mode == WC_REFINE) {
		for (size_t k = 0; k < plan_in->drains.n; k++)
			st_vec_push(&out->drains, plan_in->drains.v[k]);
		for (size_t k = 0; k < plan_in->reasons.n; k++)
			if (plan_in->reasons.v[k].drain)
				st_vec_push(&out->reasons, plan_in->reasons.v[k]);
	}
}

void st_wc_zero_plan(struct wc_dataflow *df, struct wc_plan *out, bool explain)
{
	st_wc_plan_free(out);
	st_wc_plan_init(out, df->ninst);
	out->cap_hit = true;
	memset(df->overflow_at, 0, sizeof df->overflow_at);
	struct record rec = {.explain = explain};
	struct wc_state st = {0};
	for (size_t r = 0; r < df->cfg->nblocks; r++) {
		struct st_block *b = df->cfg->rpo[r];
		st_wc_state_free(&st);
		/* Nothing is in flight on function entry; anything may be after
		 * any edge. */
		bool has_preds = b->preds.n > 0;
		for (int c = 0; c < ST_NUM_COUNTERS; c++) {
			struct wc_queue *q = st_wc_qvec_push(&st.q[c], NULL);
			if (has_preds)
				st_wc_queue_set_unknown(q);
		}
		transfer_block(df, b, &st, WC_ZERO, NULL, &rec, false);
		record_append(df, out, &rec);
	}
	record_free(&rec);
	st_wc_state_free(&st);
	memset(df->overflow_at, 0, sizeof df->overflow_at);
}
