/* WaitCntValidationCheckPass: what may still matter at each block exit (live
 * keys, relevance depths of LDS anchors, registers a racing write may hit),
 * which lets the exploration forget ops that can no longer be a dependency. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

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

size_t st_wv_key_index(const struct validator *v, wv_key k)
{
	return universe_index(v->keyu.v, v->keyu.n, sizeof k, &k, st_wv_cmp_key);
}

static size_t token_index(const struct validator *v, uint32_t t)
{
	return universe_index(v->toku.v, v->toku.n, sizeof t, &t, st_wv_cmp_u32);
}

bool st_wv_tensor_raw(const struct validator *v, const struct fact *f)
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

/* Depth slots of one group: the fixed ones, the tokens, then with loop
 * annotations the ring-less slot and one per ring channel. */
static uint32_t slots_per_group(const struct validator *v)
{
	return SLOT_TOKENS + (uint32_t)v->toku.n + (v->annotated ? 1 + (uint32_t)v->chans.n : 0);
}

static uint32_t ringless_slot(const struct validator *v)
{
	return SLOT_TOKENS + (uint32_t)v->toku.n;
}

/* First depth slot of a group (v->nslots = NGROUPS * per). */
static uint32_t group_base(const struct validator *v, enum depth_group g)
{
	return (uint32_t)g * slots_per_group(v);
}

/* The depth slots of an op of fact f, or NONE32 for ops that matter only
 * through their registers. */
static uint32_t slot_base(const struct validator *v, const struct fact *f)
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
static void anchor_slots(const struct validator *v, const struct fact *f, enum depth_group g, bool by_token, uint16_t *r)
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

/* The slots the loop annotations of anchor f reach: a ring access the
 * ring-less slot and its channel in the group it scans, a loop-carried
 * annotation the slots of its tokens (every op without tokens too). */
static void annotation_slots(const struct validator *v, const struct fact *f, uint16_t *r)
{
	uint16_t cap = (uint16_t)v->max_in_flight;
	for (uint32_t x = 0; x < f->an->nacc; x++) {
		const struct st_ring_access *A = &f->an->acc[x];
		bool tensor = A->kind == ST_RING_PUBLISH || A->kind == ST_RING_READ;
		uint32_t base = group_base(v, tensor ? G_TENSOR : G_DS);
		r[base + ringless_slot(v)] = cap;
		r[base + ringless_slot(v) + 1 + st_wv_chan(v, A)] = cap;
	}
	for (int w = 0; w < 2; w++) {
		const struct st_loop_carried *lc = w ? &f->an->raw : &f->an->war;
		if (!lc->present)
			continue;
		uint32_t base = group_base(v, w ? G_TENSOR : G_DS);
		r[base + SLOT_ANY_ANCHOR] = cap;
		if (!lc->tagged) {
			r[base + SLOT_UNTAGGED_ANCHOR] = cap;
			continue;
		}
		for (uint32_t k = 0; k < lc->ntokens; k++) {
			uint32_t t = lc->tokens[k];
			/* A token no op carries needs no slot: nothing overlaps it. */
			if (v->toku.n && bsearch(&t, v->toku.v, v->toku.n, sizeof t, st_wv_cmp_u32))
				r[base + SLOT_TOKENS + token_index(v, t)] = cap;
		}
	}
}

/* The depth transfer of one instruction, backwards: r holds, per slot, the
 * depth below which an op in flight after the instruction may still meet a
 * matching anchor; on return, the same before it. */
static void depth_back(const struct validator *v, const struct fact *f, uint16_t *r)
{
	uint32_t per = slots_per_group(v);
	/* Its own issue: an op with d newer ops of its counter before it has
	 * d + 1 after (in every group of that counter). */
	for (int g = 0; g < NGROUPS; g++) {
		if (group_counter[g] != f->counter)
			continue;
		uint16_t *rg = r + group_base(v, (enum depth_group)g);
		for (uint32_t k = 0; k < per; k++)
			rg[k] = rg[k] ? (uint16_t)(rg[k] - 1) : 0;
	}
	/* Its checks see every op in flight before its issue (see check in explore.c). */
	bool ds_anchor = (f->roles & ROLE_LDS_FENCE) || ((f->roles & ROLE_WAR_ANCHOR) && !(f->roles & ROLE_DS_WRITE));
	if (ds_anchor)
		anchor_slots(v, f, G_DS, true, r);
	if (f->roles & (ROLE_LDS_FENCE | ROLE_WAR_ANCHOR)) {
		anchor_slots(v, f, G_ASYNC, true, r);
		anchor_slots(v, f, G_ASYNC_WRITER, true, r);
	}
	if (f->roles & ROLE_LDS_READ)
		anchor_slots(v, f, G_ASYNC_WRITER, true, r);
	bool traw = st_wv_tensor_raw(v, f);
	if ((f->roles & ROLE_TENSOR_WAW) && traw)
		anchor_slots(v, f, G_TENSOR, true, r);
	else if (f->roles & ROLE_TENSOR_ANCHOR)
		anchor_slots(v, f, G_TENSOR, false, r);
	/* Loop annotations match by ring slot or trip, not by token: every op
	 * of the counters they scan may matter. */
	if (f->an)
		annotation_slots(v, f, r);
	/* A descriptor write reaches tensor loads by register, not by token. */
	if (v->tensor_descriptor_war && !f->is_wait && st_wv_writes_sgpr(f)) {
		r[group_base(v, G_TENSOR) + SLOT_UNTAGGED_ANCHOR] = (uint16_t)v->max_in_flight;
		r[group_base(v, G_TENSOR) + SLOT_ANY_ANCHOR] = (uint16_t)v->max_in_flight;
	}
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
static void untagged_forward(const struct validator *v, struct fact *f, uint32_t d[2], bool record)
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
static void compute_untagged_fences(struct validator *v, const uint32_t *first)
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
void st_wv_compute_futures(struct validator *v)
{
	uint32_t nb = v->nblocks;
	for (size_t k = 0; k < v->defs.n; k++)
		st_vec_push(&v->keyu, v->defs.v[k]);
	for (size_t k = 0; k < v->uses.n; k++)
		st_vec_push(&v->keyu, v->uses.v[k].key);
	v->keyu.n = sort_unique(v->keyu.v, v->keyu.n, sizeof *v->keyu.v, st_wv_cmp_key);
	for (size_t k = 0; k < v->toks.n; k++)
		st_vec_push(&v->toku, v->toks.v[k]);
	v->toku.n = sort_unique(v->toku.v, v->toku.n, sizeof *v->toku.v, st_wv_cmp_u32);
	uint32_t nkw = v->nkw = (uint32_t)(v->keyu.n + 63) / 64 + 1;
	uint32_t ns = v->nslots = NGROUPS * slots_per_group(v);

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
			size_t x = st_wv_key_index(v, v->uses.v[f->use_off + k].key);
			if (!bit(bdef, x))
				setbit(bue, x);
		}
		for (uint32_t k = 0; k < f->ndef; k++)
			setbit(bdef, st_wv_key_index(v, v->defs.v[f->def_off + k]));
		for (int g = 0; g < NWAW; g++) {
			if ((!waw_races(f->counter, g) && !f->flat) || (waw_drained[b] >> g & 1))
				continue;
			uint64_t *wl = waw_local + ((size_t)b * NWAW + g) * nkw;
			for (uint32_t k = 0; k < f->ndef; k++)
				setbit(wl, st_wv_key_index(v, v->defs.v[f->def_off + k]));
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
	/* A flat op is an untagged LDS access while in flight: with one in the
	 * function, any fence may see one, and drains every DS op. */
	for (size_t k = 0; v->has_flat && k < v->facts.n; k++)
		if (v->facts.v[k].roles & ROLE_LDS_FENCE)
			v->facts.v[k].fence_untagged[0] = true;
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
bool st_wv_waw_matters(const struct validator *v, uint32_t b, uint32_t id, uint32_t newest)
{
	const struct fact *f = &v->facts.v[id];
	int g = waw_group(f->counter);
	if (g < 0)
		return false;
	const uint64_t *wo = v->waw_out + ((size_t)b * NWAW + g) * v->nkw;
	for (uint32_t k = 0; k < f->ndef; k++) {
		wv_key key = v->defs.v[f->def_off + k];
		if (key >> 32 != ST_REG_LDS && bit(wo, st_wv_key_index(v, key)) &&
		    (newest == NONE32 || st_wv_waw_writer(v, key, g) == newest))
			return true;
	}
	return false;
}

/* Can an ownerless in-flight op of fact `id`, with `newer` ops of its counter
 * issued after it, still become a dependency after block b? */
bool st_wv_may_matter(const struct validator *v, uint32_t b, uint32_t id, uint32_t newer)
{
	const struct fact *f = &v->facts.v[id];
	uint32_t base = slot_base(v, f);
	if (base == NONE32)
		return false;
	const uint16_t *d = v->depth_out + (size_t)b * v->nslots + base;
	if (v->annotated && (f->counter == ST_CNT_DS || f->counter == ST_CNT_TENSOR)) {
		/* Ring anchors reach ops by channel, and every op without a ring. */
		if (!f->an || !f->an->has_ring) {
			if (newer < d[ringless_slot(v)])
				return true;
		} else {
			for (uint32_t k = 0; k < f->an->nacc; k++)
				if (newer < d[ringless_slot(v) + 1 + st_wv_chan(v, &f->an->acc[k])])
					return true;
		}
	}
	if (!f->tagged)
		return newer < d[SLOT_ANY_ANCHOR];
	if (newer < d[SLOT_UNTAGGED_ANCHOR])
		return true;
	for (uint32_t k = 0; k < f->ntok; k++)
		if (newer < d[SLOT_TOKENS + token_index(v, v->toks.v[f->tok_off + k])])
			return true;
	return false;
}
