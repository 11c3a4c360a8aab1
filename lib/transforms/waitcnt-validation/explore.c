/* WaitCntValidationCheckPass: the check of every dependency of an instruction
 * against the in-flight state, and the worklist exploration of (block, state)
 * nodes. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

struct viol_key {
	const struct violation *viols;
	uint32_t consumer, producer;
};

static bool same_viol(const void *cx, uint32_t idx)
{
	const struct viol_key *k = cx;
	return k->viols[idx].consumer == k->consumer && k->viols[idx].producer == k->producer;
}

/* Producer entry w is in flight at consumer `consumer`, which depends on it
 * (`slot`: the ring slot of a ring rule, or -1). */
void st_wv_violation(struct validator *v, uint32_t node, uint32_t consumer, uint32_t w, enum rule rule,
                     const struct use *u, const char *why, int32_t slot)
{
	const struct went *e = &v->wents.v[w];
	st_assert(e->inst != ANON);
	const struct queue *q = &v->q[e->counter];
	uint32_t pos = 0;
	while (pos < q->n && st_wv_qat(q, pos) != w)
		pos++;
	st_assert(pos < q->n);
	/* The wait that retires it: the ordered ops newer than it may stay in
	 * flight (flat ones may have completed in any order). */
	uint32_t newer = 0;
	for (uint32_t k = pos + 1; k < q->n; k++)
		newer += !(v->wents.v[st_wv_qat(q, k)].mark & WV_FLAT);
	/* A flat op waits for DS when its own counter has drained, or when only
	 * its LDS access matters (the rules other than RAW and WAW on registers). */
	bool lds_side = rule != RULE_RAW && rule != RULE_WAW_REG;
	enum st_counter counter = (e->mark & WV_FLAT) && ((e->mark & WV_MEM_DONE) || lds_side) ? ST_CNT_DS : e->counter;
	struct violation x = {
		.consumer = consumer,
		.producer = e->inst,
		.node = node,
		.counter = counter,
		.rule = rule,
		.opnd = u ? u->opnd : NONE32,
		.key = u ? u->key : 0,
		.needed = !st_counter_in_order(e->counter) || (e->mark & WV_FLAT) ? 0 : (int)newer,
		/* The generator asserted what the annotations state: never a warning. */
		.carried = e->counter == ST_CNT_TENSOR && rule < RULE_RING ? e->mark : 0,
		.why = why,
		.trips = e->trips,
		.slot = slot,
	};
	struct viol_key key = {v->viols.v, consumer, e->inst};
	uint64_t h = ((uint64_t)consumer << 32 | e->inst) * 0x9e3779b97f4a7c15u;
	uint32_t next = (uint32_t)v->viols.n;
	uint32_t idx = st_index_put(&v->viol_index, (uint32_t)(h >> 32), same_viol, &key, next);
	if (idx == next) {
		st_vec_push(&v->viols, x);
	} else if (v->viols.v[idx].carried && !x.carried) {
		/* A path where the dependency is not loop-carried makes it an error. */
		v->viols.v[idx] = x;
	}
}

/* ---- Transfer ------------------------------------------------------------ */

/* The counters whose ops access LDS without a register result to wait on. */
static const enum st_counter lds_counters[2] = {ST_CNT_DS, ST_CNT_ASYNC};

/* The entries in flight on LDS counter c, into v->ldsq: the queue's, and for
 * DS the flat ops whose DS side has not drained (they may access LDS). */
struct went_list {
	const uint32_t *v;
	size_t n;
};

static struct went_list lds_in_flight(struct validator *v, enum st_counter c)
{
	st_vec_clear(&v->ldsq);
	const struct queue *q = &v->q[c];
	for (uint32_t k = 0; k < q->n; k++)
		st_vec_push(&v->ldsq, st_wv_qat(q, k));
	for (int m = 0; c == ST_CNT_DS && v->has_flat && m < ST_NUM_COUNTERS; m++)
		for (uint32_t k = 0; m != ST_CNT_DS && k < v->q[m].n; k++) {
			uint32_t w = st_wv_qat(&v->q[m], k);
			if ((v->wents.v[w].mark & (WV_FLAT | WV_DS_DONE)) == WV_FLAT)
				st_vec_push(&v->ldsq, w);
		}
	return (struct went_list){v->ldsq.v, v->ldsq.n};
}

static const struct fact *went_fact(const struct validator *v, uint32_t w)
{
	uint32_t inst = v->wents.v[w].inst;
	return inst == ANON ? NULL : &v->facts.v[inst];
}

/* Every dependency of instruction `id` must be retired in the current state. */
/* An unknown op (WV_ANYREG) in flight may write any register: an instruction
 * that reads or writes one depends on it. */
static void check_unknown_ops(struct validator *v, uint32_t node, uint32_t id)
{
	const struct fact *f = &v->facts.v[id];
	bool regs = false;
	for (uint32_t k = 0; k < f->nuse && !regs; k++)
		regs = v->uses.v[f->use_off + k].key >> 32 != ST_REG_LDS;
	for (uint32_t k = 0; k < f->ndef && !regs; k++)
		regs = v->defs.v[f->def_off + k] >> 32 != ST_REG_LDS;
	if (!regs)
		return;
	for (int g = 0; g < NWAW; g++) {
		const struct queue *q = &v->q[waw_counters[g]];
		for (uint32_t k = 0; k < q->n; k++) {
			uint32_t w = st_wv_qat(q, k);
			if (!(v->wents.v[w].mark & WV_ANYREG))
				continue;
			v->nchecked++;
			st_wv_violation(v, node, id, w, RULE_CONSERVATIVE, NULL,
			                st_inst_is_call(v->facts.v[v->wents.v[w].inst].inst)
			                    ? "the callee may return with an op in flight that writes any register"
			                    : "the caller may have an op in flight that writes any register",
			                -1);
		}
	}
}

/* The unknown ops of a callable function's entry or of a call's return. */
static void issue_unknown_ops(struct validator *v, uint32_t inst)
{
	for (int g = 0; g < NWAW; g++)
		st_wv_issue(v, waw_counters[g], st_wv_new_went(v, inst, WV_ANYREG, waw_counters[g], NULL, 0));
}

/* amdgpuCallConvention: the caller reads what the callee wrote without
 * waiting, so nothing that writes registers may be in flight at a return. */
static void check_return(struct validator *v, uint32_t node, uint32_t id)
{
	for (int g = 0; g < NWAW; g++) {
		const struct queue *q = &v->q[waw_counters[g]];
		for (uint32_t k = 0; k < q->n; k++) {
			v->nchecked++;
			st_wv_violation(v, node, id, st_wv_qat(q, k), RULE_CONSERVATIVE, NULL,
			                "a return leaves it in flight; the caller reads registers without waiting", -1);
		}
	}
}

static void check(struct validator *v, uint32_t node, uint32_t id)
{
	const struct fact *f = &v->facts.v[id];
	if (v->unknown_ops)
		check_unknown_ops(v, node, id);
	if (v->amdgpu_calls && st_inst_is_return(f->inst))
		check_return(v, node, id);
	if (st_inst_is_cache_inv(f->inst)) {
		/* Acquire ordering: the invalidate must follow every load's completion. */
		const struct queue *q = &v->q[ST_CNT_LOAD];
		for (uint32_t k = 0; k < q->n; k++) {
			v->nchecked++;
			if (v->wents.v[st_wv_qat(q, k)].inst != ANON)
				st_wv_violation(v, node, id, st_wv_qat(q, k), RULE_CONSERVATIVE, NULL,
				                "a cache invalidate must follow the completion of every load", -1);
		}
	}
	bool traw = st_wv_tensor_raw(v, f);
	unsigned replaced = st_wv_ring_replaces(v, f);
	for (uint32_t k = 0; k < f->nuse; k++) {
		const struct use *u = &v->uses.v[f->use_off + k];
		uint32_t w = st_wv_owner(v, u->key);
		v->nchecked++;
		if (w == NONE32)
			continue;
		if (v->wents.v[w].counter == ST_CNT_TENSOR && (!traw || (replaced & WV_RING_TENSOR_RAW)))
			continue;
		st_wv_violation(v, node, id, w, RULE_RAW, u, NULL, -1);
	}
	/* WAW on registers: an in-flight load of another counter (or any
	 * scalar load) would land after this write. The newest such load per
	 * counter decides; older ones of an in-order counter retire first. */
	for (uint32_t k = 0; k < f->ndef; k++) {
		wv_key key = v->defs.v[f->def_off + k];
		if (key >> 32 == ST_REG_LDS)
			continue;
		for (int g = 0; g < NWAW; g++) {
			uint32_t w = st_wv_waw_writer(v, key, g);
			/* Flat ops land out of order with the loads of their counter. */
			if (!waw_races(f->counter, g) && !f->flat && (w == NONE32 || !(v->wents.v[w].mark & WV_FLAT)))
				continue;
			v->nchecked++;
			if (w != NONE32) {
				struct use u = {key, NONE32};
				st_wv_violation(v, node, id, w, RULE_WAW_REG, &u, NULL, -1);
			}
		}
	}
	if (f->roles & ROLE_WAR_ANCHOR) {
		/* WAR-on-LDS; DS pairs on the same pipeline are ordered by the FIFO
		 * (flat ops are not DS ops: a DS writer still waits for them). */
		for (int k0 = (replaced & WV_RING_DS) ? 1 : 0; k0 < 2; k0++) {
			struct went_list in = lds_in_flight(v, lds_counters[k0]);
			for (size_t k = 0; k < in.n; k++) {
				const struct fact *p = went_fact(v, in.v[k]);
				if (!p || ((f->roles & ROLE_DS_WRITE) && p->counter == ST_CNT_DS))
					continue;
				v->nchecked++;
				if (!st_wv_tokens_overlap(v, f, p))
					continue;
				bool cons = !f->tagged || !p->tagged;
				st_wv_violation(v, node, id, in.v[k], cons ? RULE_CONSERVATIVE : RULE_WAR, NULL,
				                !f->tagged ? "untagged LDS writer" : cons ? "untagged LDS access in flight" : NULL, -1);
			}
		}
	}
	if (f->roles & ROLE_LDS_FENCE) {
		/* Barrier ordering, and the conservative fallback: an untagged barrier
		 * or any untagged op in flight drains the whole counter. */
		for (int k0 = 0; k0 < 2; k0++) {
			struct went_list in = lds_in_flight(v, lds_counters[k0]);
			bool any_untagged = false;
			for (size_t k = 0; k < in.n; k++) {
				const struct fact *p = went_fact(v, in.v[k]);
				any_untagged |= p && !p->tagged;
			}
			for (size_t k = 0; k < in.n; k++) {
				const struct fact *p = went_fact(v, in.v[k]);
				if (!p)
					continue;
				v->nchecked++;
				if (!f->tagged)
					st_wv_violation(v, node, id, in.v[k], RULE_CONSERVATIVE, NULL, "untagged barrier", -1);
				else if (any_untagged)
					st_wv_violation(v, node, id, in.v[k], RULE_CONSERVATIVE, NULL, "untagged LDS access in flight", -1);
				else if (st_wv_tokens_overlap(v, f, p) && !(k0 == 0 && (replaced & WV_RING_DS)))
					st_wv_violation(v, node, id, in.v[k], RULE_BARRIER, NULL, NULL, -1);
			}
		}
	}
	if (f->roles & ROLE_LDS_READ) {
		/* An LDS read of data an async load may still be writing. */
		struct wv_scan s = {.q = &v->q[ST_CNT_ASYNC]};
		for (const struct fact *p; (p = st_wv_scan_next(v, &s));)
			if ((p->roles & ROLE_ASYNC_WRITER) && st_wv_tokens_overlap(v, f, p))
				st_wv_violation(v, node, id, s.w, f->tagged && p->tagged ? RULE_ASYNC_RAW : RULE_CONSERVATIVE,
				          NULL, !f->tagged ? "untagged LDS reader" : "untagged async LDS write in flight", -1);
	}
	if ((f->roles & ROLE_TENSOR_WAW) && traw) {
		/* A write over LDS a tensor load may still be filling. */
		struct wv_scan s = {.q = &v->q[ST_CNT_TENSOR]};
		for (const struct fact *p; (p = st_wv_scan_next(v, &s));)
			if (st_wv_tokens_overlap(v, f, p))
				st_wv_violation(v, node, id, s.w, f->tagged && p->tagged ? RULE_WAW : RULE_CONSERVATIVE, NULL,
				          !f->tagged ? "untagged LDS writer" : "untagged tensor load in flight", -1);
	}
	if (f->roles & ROLE_TENSOR_ANCHOR) {
		/* Untagged tensor loads (or an untagged anchor) may touch any LDS.
		 * As in the seed, only RAW is gated by the tensor policy: these
		 * conservative rules hold at every tensor anchor. */
		struct wv_scan s = {.q = &v->q[ST_CNT_TENSOR]};
		for (const struct fact *p; (p = st_wv_scan_next(v, &s));)
			if (!f->tagged || !p->tagged)
				st_wv_violation(v, node, id, s.w, RULE_CONSERVATIVE, NULL,
				          !f->tagged ? "untagged tensor anchor" : "untagged tensor load in flight", -1);
	}
	if (f->an)
		st_wv_check_annotations(v, node, id);
	if (v->tensor_descriptor_war && !f->is_wait && st_wv_writes_sgpr(f))
		st_wv_check_descriptor_war(v, node, id);
}

/* A wait n on counter c, on a queue holding flat ops: a flat op is never
 * retired by a non-zero wait, and a wait of 0 only completes its side
 * (WV_MEM_DONE); an ordered op is retired when more than n ordered ops
 * (itself included) are in flight from it on, since flat ops may have
 * completed in any order. A wait of 0 on DS completes the DS side of every
 * flat op. Retired entries leave the queue wherever they are. */
static void retire_with_flats(struct validator *v, enum st_counter c, int n)
{
	for (int m = 0; c == ST_CNT_DS && n == 0 && m < ST_NUM_COUNTERS; m++)
		for (uint32_t k = 0; k < v->q[m].n; k++) {
			struct went *e = &v->wents.v[st_wv_qat(&v->q[m], k)];
			if (e->mark & WV_FLAT)
				e->mark |= WV_DS_DONE;
		}
	for (int m = 0; m < ST_NUM_COUNTERS; m++) {
		struct queue *q = &v->q[m];
		uint32_t ordered = 0, kept = 0;
		/* Newest first: `ordered` counts the ordered entries from k on. */
		uint32_t *keep = st_xmalloc((q->n ? q->n : 1) * sizeof *keep);
		for (uint32_t k = q->n; k-- > 0;) {
			uint32_t w = st_wv_qat(q, k);
			struct went *e = &v->wents.v[w];
			bool retire;
			if (e->mark & WV_FLAT) {
				if (m == (int)c && n == 0)
					e->mark |= WV_MEM_DONE;
				retire = (e->mark & (WV_DS_DONE | WV_MEM_DONE)) == (WV_DS_DONE | WV_MEM_DONE);
			} else {
				ordered++;
				retire = m == (int)c && ordered > (uint32_t)n;
			}
			if (retire)
				e->live = false;
			else
				keep[kept++] = w;
		}
		for (uint32_t k = 0; k < kept; k++)
			q->slot[(q->head + k) & q->mask] = keep[kept - 1 - k];
		q->n = kept;
		free(keep);
	}
}

/* A wait for at most n ops on counter c. */
static void apply_wait(struct validator *v, enum st_counter c, int n)
{
	struct queue *q = &v->q[c];
	if (!st_counter_in_order(c)) {
		/* Out of order: only a wait of 0 says which ops are done. */
		if (n == 0)
			st_wv_retire_oldest(v, q, q->n);
	} else if (v->has_flat) {
		retire_with_flats(v, c, n);
	} else if ((uint32_t)n < q->n) {
		st_wv_retire_oldest(v, q, q->n - (uint32_t)n);
	}
}

static void apply(struct validator *v, uint32_t id)
{
	const struct fact *f = &v->facts.v[id];
	if (f->is_wait)
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			if (f->waits[c] >= 0)
				apply_wait(v, (enum st_counter)c, f->waits[c]);
	const wv_key *defs = v->defs.v + f->def_off;
	for (uint32_t k = 0; k < f->ndef; k++)
		st_wv_disown(v, defs[k]);
	if (f->counter != ST_CNT_NONE) {
		uint32_t w = st_wv_new_went(v, id, f->flat ? WV_FLAT : 0, f->counter, defs, f->ndef);
		st_wv_issue(v, f->counter, w);
		st_wv_note_writes(v, id, w);
	}
	if (v->unknown_ops && st_inst_is_call(f->inst)) {
		/* amdgpuCallConvention: the callee waited for every op that
		 * writes registers. Else it may return with ops of its own. */
		for (int g = 0; g < NWAW && v->amdgpu_calls; g++)
			apply_wait(v, waw_counters[g], 0);
		if (!v->amdgpu_calls)
			issue_unknown_ops(v, id);
	}
}

/* ---- Exploration ---------------------------------------------------------- */

struct node_key {
	const struct node *nodes;
	uint32_t block, len;
	const uint32_t *w;
	uint64_t hash;
};

static bool same_node(const void *cx, uint32_t idx)
{
	const struct node_key *k = cx;
	const struct node *x = &k->nodes[idx];
	return x->hash == k->hash && x->block == k->block && x->klen == k->len &&
	       memcmp(x->key, k->w, k->len * sizeof *k->w) == 0;
}

static uint32_t *copy_words(const uint32_t *w, uint32_t len)
{
	uint32_t *copy = st_xmalloc((len ? len : 1) * sizeof *copy);
	memcpy(copy, w, len * sizeof *w);
	return copy;
}

/* Queues a (block, state) node unless the join block has seen an equivalent
 * state. */
void st_wv_add_node(struct validator *v, uint32_t block, uint32_t parent, const uint32_t *w, uint32_t len)
{
	uint64_t h = 0;
	uint32_t *key = NULL, klen = 0;
	if (v->dedup_block[block]) {
		st_wv_class_key(v, parent == NONE32 ? NONE32 : v->nodes.v[parent].block, w, len);
		klen = (uint32_t)v->kenc.n;
		h = st_wv_hash_words(v->kenc.v, klen, block);
		struct node_key nk = {v->nodes.v, block, klen, v->kenc.v, h};
		if (st_index_get(&v->node_index, (uint32_t)(h >> 32), same_node, &nk) != NONE32)
			return;
		if (v->nstates[block] >= v->state_bound) {
			v->inconclusive[block] = true;
			return;
		}
		v->nstates[block]++;
		st_index_put(&v->node_index, (uint32_t)(h >> 32), same_node, &nk, (uint32_t)v->nodes.n);
		key = copy_words(v->kenc.v, klen);
	}
	st_vec_push(&v->nodes, ((struct node){block, parent, copy_words(w, len), key, len, klen, h}));
}

void st_wv_process(struct validator *v, uint32_t n)
{
	uint32_t b = v->nodes.v[n].block;
	st_wv_decode(v, v->nodes.v[n].state, v->nodes.v[n].len);
	const struct st_block *blk = v->func->blocks.v[b];
	/* A callable function is entered with ops of the caller in flight. */
	if (n == 0 && v->func->callable && blk->first) {
		st_foreach_inst(blk, i) {
			issue_unknown_ops(v, i->id);
			break;
		}
	}
	st_foreach_inst(blk, i) {
		check(v, n, i->id);
		apply(v, i->id);
	}
	free(v->nodes.v[n].state);
	v->nodes.v[n].state = NULL;
	st_wv_encode(v, b);
	for (size_t s = 0; s < blk->succs.n; s++) {
		if (!blk->succs.v[s])
			continue;
		uint32_t to = blk->succs.v[s]->index;
		int32_t be = v->succ_back[b][s];
		bool trip = v->annotated && v->rpo_num[to] <= v->rpo_num[b];
		if (be >= 0 || trip) {
			uint32_t *w = st_xmalloc(v->enc.n * sizeof *w);
			memcpy(w, v->enc.v, v->enc.n * sizeof *w);
			if (be >= 0)
				st_wv_mark_back_edge(v, w, (uint32_t)v->enc.n, (uint32_t)be);
			if (trip)
				st_wv_cross_trip(v, w, (uint32_t)v->enc.n, b);
			st_wv_add_node(v, to, n, w, (uint32_t)v->enc.n);
			free(w);
		} else {
			st_wv_add_node(v, to, n, v->enc.v, (uint32_t)v->enc.n);
		}
	}
}
