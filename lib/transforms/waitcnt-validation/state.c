/* WaitCntValidationCheckPass: the in-flight state of one path (queues, key
 * owners), its encoding and the dedup key of join blocks. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

uint64_t st_wv_hash_words(const uint32_t *w, uint32_t n, uint64_t seed)
{
	uint64_t h = seed ^ 0x9e3779b97f4a7c15u;
	for (uint32_t k = 0; k < n; k++) {
		h ^= w[k];
		h *= 0x100000001b3u;
		h ^= h >> 29;
	}
	return h;
}

struct owner_key {
	const struct owner *owners;
	wv_key k;
};

static bool same_key(const void *cx, uint32_t idx)
{
	const struct owner_key *ok = cx;
	return ok->owners[idx].key == ok->k;
}

static uint32_t key_hash(wv_key k)
{
	return (uint32_t)((k * 0x9e3779b97f4a7c15u) >> 32);
}

/* The owner entry of key k, or NULL. */
static inline const struct owner *find_owner(const struct validator *v, wv_key k)
{
	struct owner_key ok = {v->owners.v, k};
	uint32_t idx = st_index_get(&v->owner_index, key_hash(k), same_key, &ok);
	return idx == NONE32 ? NULL : &v->owners.v[idx];
}

/* The live entry owning key k, or NONE32. */
uint32_t st_wv_owner(const struct validator *v, wv_key k)
{
	const struct owner *o = find_owner(v, k);
	if (!o)
		return NONE32;
	uint32_t w = o->val;
	return w != NONE32 && v->wents.v[w].live ? w : NONE32;
}

/* The owner entry of key k, created empty if needed; valid until the next
 * one is created. */
static struct owner *owner_new(struct validator *v, wv_key k)
{
	struct owner_key ok = {v->owners.v, k};
	uint32_t next = (uint32_t)v->owners.n;
	uint32_t idx = st_index_put(&v->owner_index, key_hash(k), same_key, &ok, next);
	if (idx == next) {
		struct owner o = {.key = k, .val = NONE32};
		for (int g = 0; g < NWAW; g++)
			o.waw[g] = NONE32;
		st_vec_push(&v->owners, o);
	}
	return &v->owners.v[idx];
}

static void set_owner(struct validator *v, wv_key k, uint32_t w)
{
	owner_new(v, k)->val = w;
}

/* The newest in-flight op of WAW group g that writes register key k. */
uint32_t st_wv_waw_writer(const struct validator *v, wv_key k, int g)
{
	const struct owner *o = find_owner(v, k);
	if (!o)
		return NONE32;
	uint32_t w = o->waw[g];
	return w != NONE32 && v->wents.v[w].live ? w : NONE32;
}

/* Entry w (a load of WAW group g, fact `id`) is the newest to write its
 * registers. */
void st_wv_note_writes(struct validator *v, uint32_t id, uint32_t w)
{
	const struct fact *f = &v->facts.v[id];
	int g = waw_group(f->counter);
	if (g < 0)
		return;
	for (uint32_t k = 0; k < f->ndef; k++) {
		wv_key key = v->defs.v[f->def_off + k];
		if (key >> 32 != ST_REG_LDS) {
			owner_new(v, key)->waw[g] = w;
		}
	}
}

/* Key k gets a new definition: its previous producer no longer owns it. */
void st_wv_disown(struct validator *v, wv_key k)
{
	uint32_t w = st_wv_owner(v, k);
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

uint32_t st_wv_qat(const struct queue *q, uint32_t k)
{
	return q->slot[(q->head + k) & q->mask];
}

const struct fact *st_wv_scan_next(struct validator *v, struct wv_scan *s)
{
	while (s->k < s->q->n) {
		uint32_t w = st_wv_qat(s->q, s->k++);
		uint32_t inst = v->wents.v[w].inst;
		if (inst != ANON) {
			s->w = w;
			v->nchecked++;
			return &v->facts.v[inst];
		}
	}
	return NULL;
}

void st_wv_retire_oldest(struct validator *v, struct queue *q, uint32_t count)
{
	for (uint32_t k = 0; k < count && q->n; k++) {
		v->wents.v[q->slot[q->head]].live = false;
		q->head = (q->head + 1) & q->mask;
		q->n--;
	}
}

uint32_t st_wv_new_went(struct validator *v, uint32_t inst, uint32_t mark, enum st_counter c, const wv_key *keys,
                     uint32_t nkeys)
{
	struct went e = {inst, mark, c, true, (uint32_t)v->wkeys.n, nkeys, 0, (uint32_t)v->wring.n};
	for (uint32_t j = 0; j < nkeys; j++)
		st_vec_push(&v->wkeys, keys[j]);
	/* At issue every ring access is in its own slot. */
	uint32_t nr = st_wv_nring(v, inst);
	for (uint32_t j = 0; j < nr; j++) {
		const struct st_ring_access *a = &v->facts.v[inst].an->acc[j];
		st_vec_push(&v->wring, (uint32_t)st_ring_mod(a->slot, a->ring));
	}
	uint32_t w = (uint32_t)v->wents.n;
	st_vec_push(&v->wents, e);
	for (uint32_t j = 0; j < nkeys; j++)
		set_owner(v, keys[j], w);
	return w;
}

void st_wv_issue(struct validator *v, enum st_counter c, uint32_t w)
{
	struct queue *q = &v->q[c];
	if (q->n >= v->max_in_flight)
		st_wv_retire_oldest(v, q, q->n - v->max_in_flight + 1);
	q->slot[(q->head + q->n) & q->mask] = w;
	q->n++;
}

static void reset_state(struct validator *v)
{
	st_vec_clear(&v->wents);
	st_vec_clear(&v->wkeys);
	st_vec_clear(&v->wring);
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		v->q[c].head = v->q[c].n = 0;
	st_vec_clear(&v->owners);
	st_index_clear(&v->owner_index);
}

/* Encoding, per counter: n, then per entry: inst, mark, trips, nkeys, keys (2
 * words each, sorted), then the current slot of each ring access of its fact
 * (st_wv_nring words). Equal states encode to equal words.
 *
 * Whether an entry retires depends only on the entries newer than it: a wait
 * N retires it once N or more are newer, and the in-flight cap once
 * maxInFlight are newer (older entries always go first). So anonymous entries
 * older than every other entry of their counter are dropped. */
void st_wv_decode(struct validator *v, const uint32_t *w, uint32_t len)
{
	reset_state(v);
	uint32_t p = 0;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		st_assert(p < len);
		uint32_t n = w[p++];
		for (uint32_t k = 0; k < n; k++) {
			uint32_t inst = w[p], mark = w[p + 1], trips = w[p + 2], nkeys = w[p + 3];
			p += 4;
			uint32_t e = st_wv_new_went(v, inst, mark, (enum st_counter)c, NULL, 0);
			v->wents.v[e].nkeys = nkeys;
			v->wents.v[e].trips = trips;
			if (inst != ANON)
				st_wv_note_writes(v, inst, e);
			for (uint32_t j = 0; j < nkeys; j++, p += 2) {
				wv_key key = (uint64_t)w[p] << 32 | w[p + 1];
				st_vec_push(&v->wkeys, key);
				set_owner(v, key, e);
			}
			uint32_t nr = st_wv_nring(v, inst);
			for (uint32_t j = 0; j < nr; j++)
				v->wring.v[v->wents.v[e].ring_off + j] = w[p++];
			st_wv_issue(v, (enum st_counter)c, e);
		}
	}
}

/* Encodes the state at the exit of block b: dead keys are dropped, ops that
 * can no longer matter become anonymous. */
void st_wv_encode(struct validator *v, uint32_t b)
{
	const uint64_t *live = v->live_out + (size_t)b * v->nkw;
	st_vec_clear(&v->enc);
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		const struct queue *q = &v->q[c];
		/* Drop dead keys in place; the working state is discarded anyway. */
		for (uint32_t k = 0; k < q->n; k++) {
			struct went *e = &v->wents.v[st_wv_qat(q, k)];
			wv_key *keys = v->wkeys.v + e->key_off;
			uint32_t nlive = 0;
			for (uint32_t j = 0; j < e->nkeys; j++)
				if (bit(live, st_wv_key_index(v, keys[j])))
					keys[nlive++] = keys[j];
			e->nkeys = nlive;
			if (!nlive && e->inst != ANON && !(e->mark & (WV_FLAT | WV_ANYREG)) && !st_wv_may_matter(v, b, e->inst, q->n - k - 1) &&
			    !st_wv_waw_matters(v, b, e->inst, st_wv_qat(q, k))) {
				e->inst = ANON;
				e->mark = 0;
				e->trips = 0;
			}
		}
		uint32_t first = 0;
		while (first < q->n && v->wents.v[st_wv_qat(q, first)].inst == ANON)
			first++;
		st_vec_push(&v->enc, q->n - first);
		for (uint32_t k = first; k < q->n; k++) {
			struct went *e = &v->wents.v[st_wv_qat(q, k)];
			wv_key *keys = v->wkeys.v + e->key_off;
			st_vec_push(&v->enc, e->inst);
			st_vec_push(&v->enc, e->mark);
			st_vec_push(&v->enc, e->trips);
			st_vec_push(&v->enc, e->nkeys);
			if (e->nkeys > 1)
				qsort(keys, e->nkeys, sizeof *keys, st_wv_cmp_key);
			for (uint32_t j = 0; j < e->nkeys; j++) {
				st_vec_push(&v->enc, (uint32_t)(keys[j] >> 32));
				st_vec_push(&v->enc, (uint32_t)keys[j]);
			}
			uint32_t nr = st_wv_nring(v, e->inst);
			for (uint32_t j = 0; j < nr; j++)
				st_vec_push(&v->enc, v->wring.v[e->ring_off + j]);
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
void st_wv_class_key(struct validator *v, uint32_t from, const uint32_t *w, uint32_t len)
{
	st_vec_clear(&v->kenc);
	uint32_t p = 0;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		uint32_t n = w[p++];
		size_t count_at = v->kenc.n;
		st_vec_push(&v->kenc, 0);
		/* Annotation rules need every tensor load's position: no split. */
		bool split = c == ST_CNT_TENSOR && !v->strict && !v->annotated;
		uint32_t kept = 0;
		struct st_u32vec carried = {0};
		for (uint32_t k = 0; k < n; k++) {
			uint32_t inst = w[p], mark = w[p + 1], trips = w[p + 2], nkeys = w[p + 3];
			const uint32_t *keys = w + p + 4;
			uint32_t nr = st_wv_nring(v, inst);
			const uint32_t *ring = keys + 2 * nkeys;
			p += 4 + 2 * nkeys + nr;
			if (inst == ANON && !kept && !split)
				continue;
			/* A load a racing write may still hit keeps its registers. */
			if (inst != ANON && nkeys == 0 && (c == ST_CNT_DS || c == ST_CNT_ASYNC || c == ST_CNT_TENSOR) &&
			    !(from != NONE32 && st_wv_waw_matters(v, from, inst, NONE32)))
				inst = v->facts.v[inst].tclass;
			if (split && (inst == ANON || mark)) {
				if (inst != ANON)
					st_vec_push(&carried, inst);
				continue;
			}
			st_vec_push(&v->kenc, inst);
			st_vec_push(&v->kenc, split ? n - k - 1 : c == ST_CNT_TENSOR ? mark != 0 : mark);
			st_vec_push(&v->kenc, trips);
			st_vec_push(&v->kenc, nkeys);
			for (uint32_t j = 0; j < 2 * nkeys; j++)
				st_vec_push(&v->kenc, keys[j]);
			for (uint32_t j = 0; j < nr; j++)
				st_vec_push(&v->kenc, ring[j]);
			kept++;
		}
		v->kenc.v[count_at] = kept;
		if (split) {
			if (carried.n > 1)
				qsort(carried.v, carried.n, sizeof *carried.v, st_wv_cmp_u32);
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
void st_wv_mark_back_edge(const struct validator *v, uint32_t *w, uint32_t len, uint32_t be)
{
	uint32_t p = 0, loop = v->back_edges.v[be].loop;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		uint32_t n = w[p++];
		for (uint32_t k = 0; k < n; k++) {
			uint32_t inst = w[p], nkeys = w[p + 3];
			if (c == ST_CNT_TENSOR && inst != ANON && w[p + 1] == 0 &&
			    st_wv_block_in_loop(v, v->facts.v[inst].block, loop))
				w[p + 1] = be + 1;
			p += 4 + 2 * nkeys + st_wv_nring(v, inst);
		}
	}
	st_assert(p == len);
}

/* Crossing a trip edge (to a block no later in RPO) out of block `from`:
 * every in-flight op makes one more trip, and the advances on the last
 * instruction of `from` move its ring accesses on those frames back. */
void st_wv_cross_trip(const struct validator *v, uint32_t *w, uint32_t len, uint32_t from)
{
	const struct st_loop_annots *adv = NULL;
	for (size_t id = v->facts.n; id-- > 0;) {
		if (v->facts.v[id].block == from) {
			adv = v->facts.v[id].an;
			break;
		}
	}
	uint32_t p = 0;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		uint32_t n = w[p++];
		for (uint32_t k = 0; k < n; k++) {
			uint32_t inst = w[p], nkeys = w[p + 3];
			if (inst != ANON && w[p + 2] < v->trip_cap)
				w[p + 2]++;
			uint32_t *ring = w + p + 4 + 2 * nkeys, nr = st_wv_nring(v, inst);
			for (uint32_t j = 0; j < nr && adv; j++) {
				const struct st_ring_access *a = &v->facts.v[inst].an->acc[j];
				for (uint32_t x = 0; x < adv->nadv; x++)
					if (adv->adv[x].frame == a->frame)
						ring[j] = (uint32_t)st_ring_mod((int64_t)ring[j] - st_ring_mod(adv->adv[x].amount, a->ring),
						                                a->ring);
			}
			p += 4 + 2 * nkeys + nr;
		}
	}
	st_assert(p == len);
}
