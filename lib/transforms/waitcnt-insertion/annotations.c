/* The kernel generator's loop annotations in StinkyWaitCntInsertionPass
 * (docs/passes/waitcnt-insertion.md, "Loop annotations"):
 *
 *   variants      every in-flight op carries the trips (back-edge crossings)
 *                 since its issue and, per (frame, ring size) it accesses,
 *                 its ring delta; both are interned as one variant id on the
 *                 queue entry, so the same instruction issued on two trips
 *                 is two entries
 *   cross_trip    on a trip edge p -> b: trips + 1 (saturating), and each
 *                 delta decreased by the advances on p's terminator
 *   ring scans    Publish: TENSOR Writes; Protect: DS Reads; Read: TENSOR
 *                 Writes; Write: DS Reads, each aliasing the anchor access;
 *                 an op of the scanned counter without mod.lds_ring aliases
 *   loop-carried  loopcarriedwar: DS reads/atomics on overlapping tokens
 *                 with trips >= d; loopcarriedraw: tensor loads likewise
 *   descriptor    enableTensorDescriptorWar: a write of an SGPR an in-flight
 *                 tensor load still reads waits for that load
 *
 * Every rule only tightens a counter's requirement (st_wc_tighten takes the
 * minimum), so the newest qualifying op binds. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/annotations.h"
#include "waitcnt.h"

#define EMPTY UINT32_MAX /* no pair */

static uint64_t hash_words(const uint32_t *w, uint32_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15u;
	for (uint32_t k = 0; k < n; k++) {
		h ^= w[k];
		h *= 0x100000001b3u;
		h ^= h >> 29;
	}
	return h;
}

static uint32_t *var_words(const struct wc_loops *l, uint32_t var)
{
	return l->words.v + (size_t)var * l->width;
}

struct var_key {
	const struct wc_loops *l;
	const uint32_t *w;
};

static bool same_var(const void *cx, uint32_t idx)
{
	const struct var_key *k = cx;
	return memcmp(var_words(k->l, idx), k->w, k->l->width * sizeof *k->w) == 0;
}

/* The variant holding words w, created when new. */
static uint32_t intern(struct wc_loops *l, const uint32_t *w)
{
	struct var_key k = {l, w};
	uint32_t v = st_index_put(&l->vars, (uint32_t)hash_words(w, l->width), same_var, &k, l->nvars);
	if (v != l->nvars)
		return v;
	st_assert(l->nvars < UINT32_C(1) << 31); /* an origin keeps a variant in 31 bits */
	st_vec_reserve(&l->words, l->words.n + l->width);
	memcpy(l->words.v + l->words.n, w, l->width * sizeof *w);
	l->words.n += l->width;
	return l->nvars++;
}

static uint32_t pair_index(const struct wc_loops *l, int64_t frame, int64_t ring)
{
	for (uint32_t k = 0; k < l->npairs; k++)
		if (l->pairs[k].frame == frame && l->pairs[k].ring == ring)
			return k;
	return EMPTY;
}

uint32_t st_wc_var_trips(const struct wc_loops *l, uint32_t var)
{
	return l->any ? var_words(l, var)[0] : 0;
}

int64_t st_wc_var_slot(const struct wc_loops *l, uint32_t id, uint32_t k, uint32_t var)
{
	const struct st_ring_access *a = &l->of[id].acc[k];
	uint32_t p = pair_index(l, a->frame, a->ring);
	int64_t delta = l->any ? var_words(l, var)[1 + p] : 0;
	return st_ring_mod(delta + st_ring_mod(a->slot, a->ring), a->ring);
}

/* The instruction whose mod.lds_ring advances apply when control leaves b. */
static const struct st_inst *advancer(const struct st_block *b)
{
	for (const struct st_inst *i = b->last; i; i = i->prev)
		if (i->kind == ST_ITEM_INST)
			return i;
	return NULL;
}

bool st_wc_is_trip_edge(const struct wc_dataflow *df, const struct st_block *p, const struct st_block *b)
{
	const struct st_cfg *cfg = df->cfg;
	return st_cfg_reachable(cfg, p->index) && st_cfg_reachable(cfg, b->index) &&
	       cfg->rpo_index[b->index] <= cfg->rpo_index[p->index];
}


bool st_wc_loops_init(struct wc_dataflow *df)
{
	struct wc_loops *l = &df->loops;
	memset(l, 0, sizeof *l);
	if (!df->loops_annotated) /* found while the dataflow numbered the instructions */
		return true;
	struct st_diag_engine *diag = df->ctx ? df->ctx->diag : NULL;
	l->of = st_xcalloc(df->nitems ? df->nitems : 1, sizeof *l->of);
	bool ok = true;
	int64_t maxd = 1;
	for (uint32_t k = 0; k < df->nitems; k++) {
		const struct st_inst *i = df->insts[k];
		if (i->kind != ST_ITEM_INST || !i->nattrs || !st_inst_has_loop_annots(i))
			continue;
		if (!st_loop_annots_decode(i, &l->of[k], diag)) {
			ok = false;
			continue;
		}
		struct st_loop_annots *a = &l->of[k];
		for (int w = 0; w < 2; w++) {
			const struct st_loop_carried *c = w ? &a->raw : &a->war;
			if (c->present && c->distance > maxd)
				maxd = c->distance;
		}
		for (uint32_t x = 0; x < a->nacc; x++) {
			if (pair_index(l, a->acc[x].frame, a->acc[x].ring) != EMPTY)
				continue;
			l->pairs = st_xrealloc(l->pairs, (l->npairs + 1) * sizeof *l->pairs);
			l->pairs[l->npairs++] = (struct wc_ring_pair){a->acc[x].frame, a->acc[x].ring};
		}
	}
	if (!ok) {
		st_wc_loops_free(l, df->nitems);
		return false;
	}
	l->any = true;
	/* Trips matter up to the largest distance; one more keeps the frame of
	 * provenance exact for the ops a distance can reach. */
	l->tcap = maxd > 62 ? 64 : (uint32_t)maxd + 2;
	l->width = 1 + l->npairs;
	uint32_t *zero = st_xcalloc(l->width, sizeof *zero);
	intern(l, zero); /* variant 0 */
	free(zero);

	/* Loops that keep their tensor state: any block of the natural loop
	 * carries mod.lds_ring or mod.loopcarriedraw. */
	const struct st_cfg *cfg = df->cfg;
	bool *marked = st_xcalloc(df->func->blocks.n ? df->func->blocks.n : 1, sizeof *marked);
	for (uint32_t k = 0; k < df->nitems; k++)
		if (l->of[k].has_ring || l->of[k].raw.present)
			marked[df->insts[k]->block->index] = true;
	l->keep_tensor = st_xcalloc(cfg->back_edges.n ? cfg->back_edges.n : 1, sizeof *l->keep_tensor);
	struct st_block_list body = {0};
	for (size_t e = 0; e < cfg->back_edges.n; e++) {
		st_cfg_natural_loop(cfg, cfg->back_edges.v[e], &body);
		for (size_t k = 0; k < body.n && !l->keep_tensor[e]; k++)
			l->keep_tensor[e] = marked[body.v[k]];
	}
	st_vec_free(&body);
	free(marked);
	return true;
}

void st_wc_loops_free(struct wc_loops *l, uint32_t nitems)
{
	if (l->of)
		for (uint32_t k = 0; k < nitems; k++)
			st_loop_annots_free(&l->of[k]);
	free(l->of);
	free(l->pairs);
	st_index_free(&l->vars);
	free(l->keep_tensor);
	st_vec_free(&l->words);
	memset(l, 0, sizeof *l);
}

bool st_wc_keeps_tensor(const struct wc_dataflow *df, const struct st_block *p, const struct st_block *b)
{
	const struct st_cfg *cfg = df->cfg;
	if (!df->loops.any)
		return false;
	for (size_t e = 0; e < cfg->back_edges.n; e++)
		if (cfg->back_edges.v[e].from == p->index && cfg->back_edges.v[e].to == b->index)
			return df->loops.keep_tensor[e];
	return false;
}

void st_wc_cross_trip(struct wc_dataflow *df, struct wc_queue *q, const struct st_block *p)
{
	struct wc_loops *l = &df->loops;
	if (!l->any || !q->n)
		return;
	const struct st_inst *t = advancer(p);
	const struct st_loop_annots *ta = t && t->id < df->nitems && df->insts[t->id] == t ? &l->of[t->id] : NULL;
	uint32_t *w = st_xmalloc(l->width * sizeof *w);
	for (uint32_t k = 0; k < q->n; k++) {
		struct wc_entry *e = &q->ops[k];
		memcpy(w, var_words(l, e->var), l->width * sizeof *w);
		if (w[0] < l->tcap)
			w[0]++;
		const struct st_loop_annots *oa = e->id < df->nitems ? &l->of[e->id] : NULL;
		if (oa && oa->nacc && ta)
			for (uint32_t x = 0; x < ta->nadv; x++)
				for (uint32_t pi = 0; pi < l->npairs; pi++) {
					if (l->pairs[pi].frame != ta->adv[x].frame)
						continue;
					/* Only pairs the op accesses carry a delta. */
					bool uses = false;
					for (uint32_t y = 0; y < oa->nacc && !uses; y++)
						uses = oa->acc[y].frame == l->pairs[pi].frame && oa->acc[y].ring == l->pairs[pi].ring;
					if (uses)
						w[1 + pi] = (uint32_t)st_ring_mod((int64_t)w[1 + pi] - st_ring_mod(ta->adv[x].amount,
						                                                                    l->pairs[pi].ring),
						                                  l->pairs[pi].ring);
				}
		e->var = intern(l, w);
	}
	free(w);
	st_wc_queue_resort(q);
}

static bool has_kind(const struct st_loop_annots *a, enum st_ring_kind k)
{
	for (uint32_t x = 0; x < a->nacc; x++)
		if (a->acc[x].kind == k)
			return true;
	return false;
}

unsigned st_wc_ring_replaces(const struct wc_dataflow *df, const struct st_inst *inst)
{
	if (!df->loops.any || inst->id >= df->nitems || !df->loops.of[inst->id].has_ring)
		return 0;
	const struct st_loop_annots *a = &df->loops.of[inst->id];
	unsigned r = 0;
	if (has_kind(a, ST_RING_PUBLISH) || has_kind(a, ST_RING_PROTECT) || has_kind(a, ST_RING_READ))
		r |= WC_REPLACES_TENSOR_RAW;
	/* A barrier's DS scan is barrier ordering, which only Protect refines;
	 * an LDS writer's is WAR-on-LDS, which Protect and Write refine. */
	if (has_kind(a, ST_RING_PROTECT) || (!st_inst_is_lds_fence(inst) && has_kind(a, ST_RING_WRITE)))
		r |= WC_REPLACES_DS_ANTI;
	return r;
}

#define for_each_queue(s, only, c, q)                                                             \
	for (size_t qk_ = 0; qk_ < (s)->q[c].n; qk_++)                                               \
		for (const struct wc_queue *q = &(s)->q[c].v[qk_]; q; q = NULL)                           \
			if ((only) < 0 || (size_t)(only) == qk_)

static void add(struct wc_required *req, struct wc_why *why, enum st_counter c, const struct wc_queue *q,
                uint32_t k, enum wc_rule rule, int32_t access)
{
	struct wc_contrib x = {c, rule, q->ops[k].op, 0, {q->pred, q->ops[k].var, true, access}};
	st_wc_tighten(req, why, st_wc_queue_depth(q, k), x);
}

static void add_unknown(struct wc_required *req, struct wc_why *why, enum st_counter c, const struct wc_queue *q,
                        enum wc_rule rule)
{
	if (q->unk)
		st_wc_tighten(req, why, st_wc_queue_unk_depth(q), (struct wc_contrib){c, rule, NULL, 0, {q->pred, 0, false, -1}});
}

/* The ring scan of anchor access A on counter c for producer accesses of
 * kind pk. */
static void ring_scan(struct wc_dataflow *df, const struct st_ring_access *A, enum st_counter c, enum st_ring_kind pk,
                      const struct wc_state *s, int only, struct wc_required *req, struct wc_why *why)
{
	const struct wc_loops *l = &df->loops;
	for_each_queue(s, only, c, q) {
		for (uint32_t k = 0; k < q->n; k++) {
			uint32_t id = q->ops[k].id;
			const struct st_loop_annots *pa = id < df->nitems ? &l->of[id] : NULL;
			if (!pa || !pa->has_ring) {
				add(req, why, c, q, k, WC_RULE_RING, -1); /* cannot be proven disjoint */
				continue;
			}
			for (uint32_t x = 0; x < pa->nacc; x++) {
				const struct st_ring_access *P = &pa->acc[x];
				if (P->kind != pk || P->cls != A->cls || P->frame != A->frame || P->ring != A->ring)
					continue;
				if (st_wc_var_slot(l, id, x, q->ops[k].var) == st_ring_mod(A->slot, A->ring)) {
					add(req, why, c, q, k, WC_RULE_RING, (int32_t)x);
					break;
				}
			}
		}
		add_unknown(req, why, c, q, WC_RULE_RING);
	}
}

static bool carried_overlaps(const struct st_loop_carried *lc, const struct wc_tokens *t)
{
	if (!lc->tagged || !t->tagged)
		return true;
	struct wc_tokens a = {.tagged = true, .n = lc->ntokens, .ids = lc->tokens};
	for (uint32_t k = 0; k < lc->ntokens; k++)
		a.mask |= (uint64_t)1 << (lc->tokens[k] % 64);
	return st_wc_tokens_overlap(&a, t);
}

static void carried_scan(struct wc_dataflow *df, const struct st_loop_carried *lc, enum st_counter c, bool readers,
                         enum wc_rule rule, const struct wc_state *s, int only, struct wc_required *req,
                         struct wc_why *why)
{
	for_each_queue(s, only, c, q) {
		for (uint32_t k = 0; k < q->n; k++) {
			struct st_inst *op = q->ops[k].op;
			if (readers && !st_inst_is_lds_reader(op))
				continue;
			if (st_wc_var_trips(&df->loops, q->ops[k].var) < (uint64_t)lc->distance)
				continue;
			if (carried_overlaps(lc, st_wc_tokens_of(df, op)))
				add(req, why, c, q, k, rule, -1);
		}
		add_unknown(req, why, c, q, rule);
	}
}

/* Whether an in-flight tensor load still reads an SGPR `inst` writes. */
static bool writes_descriptor(const struct st_inst *inst, const struct st_inst *load)
{
	for (uint32_t x = 0; x < inst->ndsts; x++) {
		const struct st_operand *d = &inst->dsts[x];
		if (d->kind != ST_OPND_REG || d->reg.cls != ST_REG_S)
			continue;
		for (uint32_t y = 0; y < load->nsrcs; y++) {
			const struct st_operand *u = &load->srcs[y];
			if (u->kind == ST_OPND_REG && u->reg.cls == ST_REG_S && st_reg_overlaps(d->reg, u->reg))
				return true;
		}
	}
	return false;
}

void st_wc_annotation_waits(struct wc_dataflow *df, struct st_inst *inst, const struct wc_state *s, int only,
                            struct wc_required *req, struct wc_why *why)
{
	if (df->tensor_descriptor_war && inst->ndsts && !st_inst_is_wait(inst))
		for_each_queue(s, only, ST_CNT_TENSOR, q) {
			for (uint32_t k = 0; k < q->n; k++)
				if (writes_descriptor(inst, q->ops[k].op))
					add(req, why, ST_CNT_TENSOR, q, k, WC_RULE_DESC_WAR, -1);
		}
	if (!df->loops.any || inst->id >= df->nitems || !df->loops.of[inst->id].any)
		return;
	const struct st_loop_annots *a = &df->loops.of[inst->id];
	for (uint32_t x = 0; x < a->nacc; x++) {
		const struct st_ring_access *A = &a->acc[x];
		switch (A->kind) {
		case ST_RING_PUBLISH:
		case ST_RING_READ: ring_scan(df, A, ST_CNT_TENSOR, ST_RING_WRITE, s, only, req, why); break;
		case ST_RING_PROTECT:
		case ST_RING_WRITE: ring_scan(df, A, ST_CNT_DS, ST_RING_READ, s, only, req, why); break;
		case ST_NUM_RING_KINDS: break;
		}
	}
	if (a->war.present && st_wc_counter_of(df, inst) != ST_CNT_DS &&
	    (st_inst_is_lds_fence(inst) || st_inst_is_lds_writer(inst)))
		carried_scan(df, &a->war, ST_CNT_DS, true, WC_RULE_LOOP_WAR, s, only, req, why);
	if (a->raw.present && (st_inst_is_lds_fence(inst) || st_inst_is_lds_reader(inst)))
		carried_scan(df, &a->raw, ST_CNT_TENSOR, false, WC_RULE_LOOP_RAW, s, only, req, why);
}
