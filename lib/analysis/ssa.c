/* SSA def-use chains: the seed's buildUseDefChain and removePHIs.
 *
 * A key is one DWORD register (class, index): `v[0:3]` is four keys, so a use
 * of v[2:5] can reach several producers and a partial overwrite kills only the
 * keys it writes. With include_pseudo, LDS<n> memory-token pseudo-registers
 * are keys too; without it they are ignored.
 *
 * Construction is Cytron et al. with pruning by liveness, in near-linear time:
 *
 *   collect   one walk over the reachable blocks: per key, the blocks that
 *             define it and the blocks with an upward-exposed use (sparse
 *             (key, block) pairs, bucketed by key: no key x block table)
 *   place     per key: live-in blocks by a backward walk from the upward-
 *             exposed uses, then a PHI at each block of the iterated
 *             dominance frontier of the defining blocks where the key is
 *             live-in ("pruned SSA": no dead PHIs)
 *   rename    dominator-tree preorder walk with one current definition per
 *             key and an undo log (of a block's first write of each key)
 *             restoring it on the way back up; each use records the current
 *             definition, each edge fills the successor's PHI incoming slot
 *   link      PHI sources from their incoming values, then every producer's
 *             `users` by counting
 *
 * The chains of an instruction or PHI are its def-use record (`du`), carved
 * from the function's chain arena in blocks of RECORD_CHUNK as collect meets
 * the instructions, so the records lie in program order.
 *
 * Unreachable blocks get local chains only (a use sees an earlier definition
 * in the same block) and never feed a reachable block: code that cannot run
 * produces nothing. A PHI's incoming slot from an unreachable predecessor is
 * NULL. A PHI in the entry block implicitly has "undefined" as the value on
 * function entry, which has no slot (slots follow block->preds).
 *
 * A PHI whose incoming value is the PHI itself (a loop that carries the key
 * around unchanged) keeps that slot, but does not list itself among its own
 * sources or users: it adds no producer. PHI webs can still be cyclic (one
 * PHI feeding another around a loop); walks over sources must mark visited
 * PHIs. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/isa.h"
#include "stinkytofu/ssa.h"

#define NO_KEY UINT32_MAX

/* (class, index) -> dense key id: a direct table for the low indices every
 * kernel uses, open addressing beyond. */
enum { DIRECT_KEYS = 1024 };

enum { RECORD_CHUNK = 256 };

struct keymap {
	uint32_t *direct[ST_NUM_REGCLASSES]; /* index -> id + 1, allocated on first use */
	struct st_map hashed; /* (class << 32 | index) + 1 -> id */
	size_t n;             /* keys in all */
};

struct pair {
	uint32_t key, block;
};

ST_VEC_DECL(inst_list, struct st_inst *);

struct undo {
	uint32_t key;
	struct st_inst *old;
};

struct out_edge {
	uint32_t succ, slot; /* successor block, index in succ->preds */
};

struct builder {
	struct st_function *f;
	const struct st_cfg *cfg;
	bool include_pseudo;
	struct st_arena *arena;
	const char *phi_name;
	const struct st_isa_info *phi_isa;
	struct keymap map;
	ST_VEC(struct st_reg) key_reg; /* key id -> (class, index) */
	ST_VEC(uint32_t) def_stamp;    /* key id -> block + 1 (collect) / key + 1 (place) */
	ST_VEC(uint32_t) ue_stamp;
	ST_VEC(struct pair) defs, ues;
	ST_VEC(uint32_t) phi_key;      /* PHI id -> key id */
	ST_VEC(struct st_inst *) tmp;  /* sources being gathered */
	struct st_defuse *records;     /* the unused rest of the current chunk */
	size_t nrecords;
};

static uint32_t new_key(struct builder *bd, enum st_regclass cls, uint64_t index)
{
	st_vec_push(&bd->key_reg, ((struct st_reg){.index = (uint32_t)index, .count = 1, .cls = (uint8_t)cls}));
	st_vec_push(&bd->def_stamp, 0);
	st_vec_push(&bd->ue_stamp, 0);
	return (uint32_t)bd->map.n++;
}

static uint32_t new_key_id(struct builder *bd, enum st_regclass cls, uint64_t index)
{
	struct keymap *m = &bd->map;
	if (index < DIRECT_KEYS) {
		if (!m->direct[cls])
			m->direct[cls] = st_xcalloc(DIRECT_KEYS, sizeof *m->direct[cls]);
		uint32_t *slot = &m->direct[cls][index];
		if (!*slot)
			*slot = new_key(bd, cls, index) + 1;
		return *slot - 1;
	}
	bool added;
	uint64_t *id = st_map_slot(&m->hashed, ((uint64_t)cls << 32 | index) + 1, &added);
	if (added)
		*id = new_key(bd, cls, index);
	return (uint32_t)*id;
}

/* The key of (cls, index): a low index already seen is one load, inline,
 * since collect and rename ask this of every DWORD of every operand. */
static inline uint32_t key_id(struct builder *bd, enum st_regclass cls, uint64_t index)
{
	const uint32_t *direct = index < DIRECT_KEYS ? bd->map.direct[cls] : NULL;
	if (direct && direct[index])
		return direct[index] - 1;
	return new_key_id(bd, cls, index);
}

/* Whether a register operand takes part in the chains. */
static bool tracked(const struct builder *bd, const struct st_operand *op)
{
	return op->kind == ST_OPND_REG && op->reg.count && (bd->include_pseudo || op->reg.cls != ST_REG_LDS);
}

/* The key of DWORD c of register operand op. */
static uint32_t operand_key(struct builder *bd, const struct st_operand *op, uint32_t c)
{
	return key_id(bd, op->reg.cls, (uint64_t)op->reg.index + c);
}

/* A PHI's `du` is the first member of its struct st_phi_defuse. */
static struct st_phi_defuse *phi_record(struct st_inst *phi)
{
	return (struct st_phi_defuse *)phi->du;
}

static struct st_defuse *new_record(struct builder *bd)
{
	if (!bd->nrecords) {
		bd->records = st_arena_alloc(bd->arena, RECORD_CHUNK * sizeof *bd->records);
		bd->nrecords = RECORD_CHUNK;
	}
	bd->nrecords--;
	return bd->records++;
}

/* collect: per key, defining blocks and blocks with an upward-exposed use.
 * Every block is walked so every key has an id, and every instruction gets
 * its def-use record; only reachable blocks contribute pairs (unreachable
 * code feeds nothing). */
static void collect(struct builder *bd)
{
	for (size_t bi = 0; bi < bd->f->blocks.n; bi++) {
		const struct st_block *b = bd->f->blocks.v[bi];
		bool reachable = st_cfg_reachable(bd->cfg, b->index);
		uint32_t mark = b->index + 1;
		st_foreach_inst(b, in) {
			in->du = new_record(bd);
			for (uint32_t s = 0; s < in->nsrcs; s++) {
				if (!tracked(bd, &in->srcs[s]))
					continue;
				for (uint32_t c = 0; c < in->srcs[s].reg.count; c++) {
					uint32_t k = operand_key(bd, &in->srcs[s], c);
					if (reachable && bd->def_stamp.v[k] != mark && bd->ue_stamp.v[k] != mark) {
						bd->ue_stamp.v[k] = mark;
						st_vec_push(&bd->ues, ((struct pair){k, b->index}));
					}
				}
			}
			for (uint32_t d = 0; d < in->ndsts; d++) {
				if (!tracked(bd, &in->dsts[d]))
					continue;
				for (uint32_t c = 0; c < in->dsts[d].reg.count; c++) {
					uint32_t k = operand_key(bd, &in->dsts[d], c);
					if (reachable && bd->def_stamp.v[k] != mark) {
						bd->def_stamp.v[k] = mark;
						st_vec_push(&bd->defs, ((struct pair){k, b->index}));
					}
				}
			}
		}
	}
}

/* Counting sort of (key, block) pairs, stable: by key (the blocks of key k
 * are out[start[k] .. start[k+1])) or, with by_block, by block (the keys of
 * block b are out[start[b] .. start[b+1])). Returns start (nbuckets + 1
 * entries, allocated). */
static uint32_t *sort_pairs(const struct pair *p, size_t n, size_t nbuckets, bool by_block, uint32_t *out)
{
	uint32_t *start = st_xcalloc(nbuckets + 1, sizeof *start);
	for (size_t i = 0; i < n; i++)
		start[(by_block ? p[i].block : p[i].key) + 1]++;
	for (size_t b = 0; b < nbuckets; b++)
		start[b + 1] += start[b];
	uint32_t *fill = st_xmalloc((nbuckets ? nbuckets : 1) * sizeof *fill);
	memcpy(fill, start, nbuckets * sizeof *fill);
	for (size_t i = 0; i < n; i++)
		out[fill[by_block ? p[i].block : p[i].key]++] = by_block ? p[i].key : p[i].block;
	free(fill);
	return start;
}

/* Buckets (key, block) pairs by key: blocks of key k are
 * out[start[k] .. start[k+1]). */
static void bucket(const struct pair *p, size_t n, size_t nkeys, uint32_t **start_out, uint32_t **out)
{
	*out = st_xmalloc((n ? n : 1) * sizeof **out);
	*start_out = sort_pairs(p, n, nkeys, false, *out);
}

struct sorted_key {
	uint64_t reg; /* class << 32 | index */
	uint32_t key;
};

static int cmp_sorted_key(const void *a, const void *b)
{
	uint64_t x = ((const struct sorted_key *)a)->reg, y = ((const struct sorted_key *)b)->reg;
	return (x > y) - (x < y);
}

/* Materialises the placed PHIs, given as (key, block) pairs in key order:
 * bucketed by block (keeping key order inside a block) and laid out in one
 * array in block order, so the walks over a block's PHIs stay in cache.
 * A PHI's id is its position in that array. */
static void make_phis(struct builder *bd, const struct pair *placed, size_t n)
{
	struct st_function *f = bd->f;
	size_t nblocks = f->blocks.n;
	st_vec_reserve(&bd->phi_key, n);
	bd->phi_key.n = n;
	uint32_t *start = sort_pairs(placed, n, nblocks, true, bd->phi_key.v);

	size_t nslots = 0;
	for (size_t b = 0; b < nblocks; b++)
		nslots += (size_t)(start[b + 1] - start[b]) * f->blocks.v[b]->preds.n;
	struct st_inst *phis = n ? st_arena_alloc(bd->arena, n * sizeof *phis) : NULL;
	struct st_operand *dsts = n ? st_arena_alloc(bd->arena, n * sizeof *dsts) : NULL;
	struct st_phi_defuse *du = n ? st_arena_alloc(bd->arena, n * sizeof *du) : NULL;
	struct st_inst **slots = nslots ? st_arena_alloc(bd->arena, nslots * sizeof *slots) : NULL;
	for (size_t b = 0, id = 0; b < nblocks; b++) {
		struct st_block *blk = f->blocks.v[b];
		st_vec_reserve(&blk->phis, start[b + 1] - start[b]);
		for (; id < start[b + 1]; id++) {
			struct st_inst *phi = &phis[id];
			phi->kind = ST_ITEM_PHI;
			phi->name = bd->phi_name;
			phi->isa = bd->phi_isa;
			phi->block = blk;
			phi->loc = blk->loc;
			phi->du = &du[id].du;
			du[id].phi_key = bd->key_reg.v[bd->phi_key.v[id]];
			du[id].phi_incoming = slots;
			slots += blk->preds.n;
			phi->dsts = &dsts[id];
			phi->dsts[0] = st_reg_operand((enum st_regclass)du[id].phi_key.cls, du[id].phi_key.index, 1);
			phi->ndsts = 1;
			phi->id = (uint32_t)id;
			st_vec_push(&blk->phis, phi);
		}
	}
	f->nphis = (uint32_t)n;
	free(start);
}

/* place: pruned PHI placement, key by key in (class, index) order so each
 * block's PHIs come out sorted by register. Stamps hold key + 1, so the
 * per-block marks need no clearing between keys. */
static void place(struct builder *bd)
{
	size_t nkeys = bd->map.n, nblocks = bd->f->blocks.n;
	uint32_t *dstart, *dblocks, *ustart, *ublocks;
	bucket(bd->defs.v, bd->defs.n, nkeys, &dstart, &dblocks);
	bucket(bd->ues.v, bd->ues.n, nkeys, &ustart, &ublocks);
	struct sorted_key *order = st_xmalloc((nkeys ? nkeys : 1) * sizeof *order);
	for (uint32_t k = 0; k < nkeys; k++)
		order[k] = (struct sorted_key){(uint64_t)bd->key_reg.v[k].cls << 32 | bd->key_reg.v[k].index, k};
	qsort(order, nkeys, sizeof *order, cmp_sorted_key);

	uint32_t *defines = st_xcalloc(nblocks ? nblocks : 1, sizeof *defines);
	uint32_t *live = st_xcalloc(nblocks ? nblocks : 1, sizeof *live);
	uint32_t *onwork = st_xcalloc(nblocks ? nblocks : 1, sizeof *onwork);
	uint32_t *hasphi = st_xcalloc(nblocks ? nblocks : 1, sizeof *hasphi);
	/* Reachable predecessors as dense indices (CSR): the liveness walks
	 * below touch them once per key. */
	uint32_t *pstart = st_xcalloc(nblocks + 1, sizeof *pstart);
	for (size_t b = 0; b < nblocks; b++)
		for (size_t p = 0; p < bd->f->blocks.v[b]->preds.n; p++)
			if (st_cfg_reachable(bd->cfg, bd->f->blocks.v[b]->preds.v[p]->index))
				pstart[b + 1]++;
	for (size_t b = 0; b < nblocks; b++)
		pstart[b + 1] += pstart[b];
	uint32_t *preds = st_xmalloc((pstart[nblocks] ? pstart[nblocks] : 1) * sizeof *preds);
	for (size_t b = 0, n = 0; b < nblocks; b++)
		for (size_t p = 0; p < bd->f->blocks.v[b]->preds.n; p++)
			if (st_cfg_reachable(bd->cfg, bd->f->blocks.v[b]->preds.v[p]->index))
				preds[n++] = bd->f->blocks.v[b]->preds.v[p]->index;
	struct st_block_list work = {0};
	ST_VEC(struct pair) placed = {0};
	for (size_t oi = 0; oi < nkeys; oi++) {
		uint32_t k = order[oi].key, stamp = k + 1;
		if (dstart[k] == dstart[k + 1] || ustart[k] == ustart[k + 1])
			continue; /* never defined, or never used across blocks */
		for (uint32_t i = dstart[k]; i < dstart[k + 1]; i++)
			defines[dblocks[i]] = stamp;
		/* Live-in blocks: backward from upward-exposed uses, stopping at
		 * blocks that define the key. */
		st_vec_clear(&work);
		for (uint32_t i = ustart[k]; i < ustart[k + 1]; i++) {
			live[ublocks[i]] = stamp;
			st_vec_push(&work, ublocks[i]);
		}
		while (work.n) {
			uint32_t b = st_vec_pop(&work);
			for (uint32_t p = pstart[b]; p < pstart[b + 1]; p++) {
				uint32_t pi = preds[p];
				if (live[pi] == stamp || defines[pi] == stamp)
					continue;
				live[pi] = stamp;
				st_vec_push(&work, pi);
			}
		}
		/* Iterated dominance frontier of the defining blocks. */
		st_vec_clear(&work);
		for (uint32_t i = dstart[k]; i < dstart[k + 1]; i++) {
			onwork[dblocks[i]] = stamp;
			st_vec_push(&work, dblocks[i]);
		}
		while (work.n) {
			const struct st_block_list *df = &bd->cfg->frontier[st_vec_pop(&work)];
			for (size_t i = 0; i < df->n; i++) {
				uint32_t y = df->v[i];
				if (hasphi[y] == stamp)
					continue;
				hasphi[y] = stamp;
				if (live[y] == stamp)
					st_vec_push(&placed, ((struct pair){k, y}));
				if (onwork[y] != stamp) {
					onwork[y] = stamp;
					st_vec_push(&work, y);
				}
			}
		}
	}
	make_phis(bd, placed.v, placed.n);
	st_vec_free(&placed);
	st_vec_free(&work);
	free(preds);
	free(pstart);
	free(hasphi);
	free(onwork);
	free(live);
	free(defines);
	free(order);
	free(dstart);
	free(dblocks);
	free(ustart);
	free(ublocks);
}

static void add_source(struct builder *bd, struct st_inst *src)
{
	for (size_t i = 0; i < bd->tmp.n; i++)
		if (bd->tmp.v[i] == src)
			return;
	st_vec_push(&bd->tmp, src);
}

/* Stores the gathered sources and counts the consumer in each producer's
 * nusers (link_users then fills the users arrays). */
static void store_sources(struct builder *bd, struct st_inst *in)
{
	struct st_defuse *du = in->du;
	du->nsources = (uint32_t)bd->tmp.n;
	du->sources = NULL;
	if (bd->tmp.n) {
		du->sources = st_arena_alloc(bd->arena, bd->tmp.n * sizeof *du->sources);
		memcpy(du->sources, bd->tmp.v, bd->tmp.n * sizeof *du->sources);
		for (size_t s = 0; s < bd->tmp.n; s++)
			bd->tmp.v[s]->du->nusers++;
	}
	st_vec_clear(&bd->tmp);
}

struct renamer {
	struct st_inst **cur; /* key id -> current definition */
	ST_VEC(struct undo) log;
	/* key id -> the block visit that logged it last: only a block's first
	 * write of a key is logged (undo restores the value on entry, not the
	 * ones in between), so the log holds the keys a block writes, not
	 * every write of the subtree being walked. */
	uint32_t *logged;
	uint32_t visit;      /* the current rename_block call, from 1 */
	uint32_t *out_start; /* CSR of out_edge per block */
	struct out_edge *out;
};

static inline void set_def(struct renamer *r, uint32_t key, struct st_inst *def)
{
	if (r->logged[key] != r->visit) {
		r->logged[key] = r->visit;
		st_vec_push(&r->log, ((struct undo){key, r->cur[key]}));
	}
	r->cur[key] = def;
}

static void undo_to(struct renamer *r, size_t mark)
{
	while (r->log.n > mark) {
		struct undo u = st_vec_pop(&r->log);
		r->cur[u.key] = u.old;
	}
}

/* Renames one block: its PHIs define their keys, each instruction reads the
 * current definitions (before writing its own: `v0 = op v0` reads the old
 * v0), and, for a reachable block, each outgoing edge fills the successor
 * PHIs' slot for this edge. */
static void rename_block(struct builder *bd, struct renamer *r, struct st_block *b)
{
	r->visit++;
	for (size_t p = 0; p < b->phis.n; p++)
		set_def(r, bd->phi_key.v[b->phis.v[p]->id], b->phis.v[p]);
	st_foreach_inst(b, in) {
		/* The DWORDs of one operand mostly come from one producer: a
		 * repeat of the last one added is no new source. */
		struct st_inst *last = NULL;
		for (uint32_t s = 0; s < in->nsrcs; s++) {
			if (!tracked(bd, &in->srcs[s]))
				continue;
			for (uint32_t c = 0; c < in->srcs[s].reg.count; c++) {
				struct st_inst *def = r->cur[operand_key(bd, &in->srcs[s], c)];
				if (def && def != last) {
					add_source(bd, def);
					last = def;
				}
			}
		}
		store_sources(bd, in);
		for (uint32_t d = 0; d < in->ndsts; d++) {
			if (!tracked(bd, &in->dsts[d]))
				continue;
			for (uint32_t c = 0; c < in->dsts[d].reg.count; c++)
				set_def(r, operand_key(bd, &in->dsts[d], c), in);
		}
	}
	if (!st_cfg_reachable(bd->cfg, b->index))
		return;
	for (uint32_t e = r->out_start[b->index]; e < r->out_start[b->index + 1]; e++) {
		const struct st_block *s = bd->f->blocks.v[r->out[e].succ];
		for (size_t p = 0; p < s->phis.n; p++) {
			struct st_inst *phi = s->phis.v[p];
			phi_record(phi)->phi_incoming[r->out[e].slot] = r->cur[bd->phi_key.v[phi->id]];
		}
	}
}

static void rename_all(struct builder *bd)
{
	const struct st_cfg *cfg = bd->cfg;
	size_t nblocks = bd->f->blocks.n;
	struct renamer r = {0};
	r.cur = st_xcalloc(bd->map.n ? bd->map.n : 1, sizeof *r.cur);
	r.logged = st_xcalloc(bd->map.n ? bd->map.n : 1, sizeof *r.logged);
	/* Outgoing edges with their slot in the successor's preds. */
	r.out_start = st_xcalloc(nblocks + 1, sizeof *r.out_start);
	size_t nedges = 0;
	for (size_t s = 0; s < nblocks; s++)
		for (size_t j = 0; j < bd->f->blocks.v[s]->preds.n; j++) {
			r.out_start[bd->f->blocks.v[s]->preds.v[j]->index + 1]++;
			nedges++;
		}
	for (size_t b = 0; b < nblocks; b++)
		r.out_start[b + 1] += r.out_start[b];
	r.out = st_xmalloc((nedges ? nedges : 1) * sizeof *r.out);
	uint32_t *fill = st_xmalloc((nblocks ? nblocks : 1) * sizeof *fill);
	memcpy(fill, r.out_start, nblocks * sizeof *fill);
	for (size_t s = 0; s < nblocks; s++)
		for (size_t j = 0; j < bd->f->blocks.v[s]->preds.n; j++)
			r.out[fill[bd->f->blocks.v[s]->preds.v[j]->index]++] = (struct out_edge){(uint32_t)s, (uint32_t)j};
	free(fill);

	/* Dominator-tree preorder walk; a frame's mark is the undo-log length on
	 * entry, restored when the subtree is done. */
	struct frame {
		uint32_t block, next;
		size_t mark;
	} *stack = st_xmalloc((nblocks ? nblocks : 1) * sizeof *stack);
	size_t sp = 0;
	if (cfg->nreachable) {
		uint32_t entry = cfg->rpo[0]->index;
		stack[sp++] = (struct frame){entry, cfg->dom_child_start[entry], 0};
		rename_block(bd, &r, bd->f->blocks.v[entry]);
	}
	while (sp) {
		struct frame *top = &stack[sp - 1];
		if (top->next < cfg->dom_child_start[top->block + 1]) {
			uint32_t c = cfg->dom_child[top->next++];
			stack[sp++] = (struct frame){c, cfg->dom_child_start[c], r.log.n};
			rename_block(bd, &r, bd->f->blocks.v[c]);
			continue;
		}
		undo_to(&r, top->mark);
		sp--;
	}
	for (size_t i = cfg->nreachable; i < cfg->nblocks; i++) {
		rename_block(bd, &r, cfg->rpo[i]);
		undo_to(&r, 0);
	}
	free(stack);
	free(r.out);
	free(r.out_start);
	st_vec_free(&r.log);
	free(r.logged);
	free(r.cur);
}

/* Fills every producer's `users`. Each nusers already holds the final count
 * (store_sources counted it), so the first consumer to reach a producer
 * carves an exactly sized array and resets nusers to fill it. Sources are
 * distinct per consumer, so each (producer, consumer) pair is listed once. */
static void link_one(struct st_inst *in, struct st_arena *arena)
{
	if (!in->du)
		return; /* created after the build */
	for (uint32_t s = 0; s < in->du->nsources; s++) {
		struct st_defuse *src = in->du->sources[s]->du;
		if (!src->users) {
			src->users = st_arena_alloc(arena, src->nusers * sizeof *src->users);
			src->nusers = 0;
		}
		src->users[src->nusers++] = in;
	}
}

static void link_users(struct st_function *f, struct st_arena *arena)
{
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		struct st_block *b = f->blocks.v[bi];
		for (size_t p = 0; p < b->phis.n; p++)
			link_one(b->phis.v[p], arena);
		st_foreach_inst(b, in) link_one(in, arena);
	}
}

static void reset_users(struct st_inst *in)
{
	if (in->du) {
		in->du->users = NULL;
		in->du->nusers = 0;
	}
}

static void count_sources(struct st_inst *in)
{
	if (in->du)
		for (uint32_t s = 0; s < in->du->nsources; s++)
			in->du->sources[s]->du->nusers++;
}

/* Counts users ahead of link_users when the sources were not stored by
 * store_sources (after st_remove_phis_in rewrote them). */
static void count_users(struct st_function *f)
{
	for (int step = 0; step < 2; step++)
		for (size_t bi = 0; bi < f->blocks.n; bi++) {
			struct st_block *b = f->blocks.v[bi];
			void (*fn)(struct st_inst *) = step ? count_sources : reset_users;
			for (size_t p = 0; p < b->phis.n; p++)
				fn(b->phis.v[p]);
			st_foreach_inst(b, in) fn(in);
		}
}

/* PHI sources: the distinct incoming values. */
static void phi_sources(struct builder *bd)
{
	for (size_t bi = 0; bi < bd->f->blocks.n; bi++) {
		struct st_block *b = bd->f->blocks.v[bi];
		for (size_t p = 0; p < b->phis.n; p++) {
			struct st_inst *phi = b->phis.v[p];
			struct st_inst **incoming = phi_record(phi)->phi_incoming;
			for (size_t j = 0; j < b->preds.n; j++)
				if (incoming[j] && incoming[j] != phi)
					add_source(bd, incoming[j]);
			store_sources(bd, phi);
		}
	}
}

static void clear_chains(struct st_function *f)
{
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		struct st_block *b = f->blocks.v[bi];
		st_vec_clear(&b->phis);
		st_foreach_item(b, in) in->du = NULL;
	}
	st_arena_free(f->chains);
	f->chains = NULL;
	f->nphis = 0;
}

void st_build_use_def_chain(struct st_function *f, const struct st_cfg *cfg, bool clear_existing,
                            bool include_pseudo)
{
	st_assert(cfg->func == f && cfg->nblocks == f->blocks.n);
	/* Without chains there is nothing to clear: every `du` is NULL (or a
	 * stale one of an erased instruction), and collect gives every
	 * instruction its record; a walk writing each instruction is a cache
	 * miss per instruction on a large kernel. */
	if (clear_existing && f->chains)
		clear_chains(f);
	st_assert(!f->chains);
	struct builder bd = {.f = f, .cfg = cfg, .include_pseudo = include_pseudo};
	bd.arena = f->chains = st_arena_new();
	bd.phi_name = st_module_intern(f->module, "phi");
	bd.phi_isa = st_isa_lookup(""); /* the row for unknown mnemonics */
	collect(&bd);
	place(&bd);
	rename_all(&bd);
	phi_sources(&bd);
	link_users(f, bd.arena);
	st_map_free(&bd.map.hashed);
	for (int c = 0; c < ST_NUM_REGCLASSES; c++)
		free(bd.map.direct[c]);
	st_vec_free(&bd.key_reg);
	st_vec_free(&bd.def_stamp);
	st_vec_free(&bd.ue_stamp);
	st_vec_free(&bd.defs);
	st_vec_free(&bd.ues);
	st_vec_free(&bd.phi_key);
	st_vec_free(&bd.tmp);
}

void st_remove_phis(struct st_function *f)
{
	clear_chains(f);
}

/* Collects into `out` (deduplicated) the producers a removed PHI stands for:
 * its incoming values, followed through other removed PHIs. */
static void flatten(struct st_inst *phi, const bool *removed, uint32_t *visit, uint32_t stamp,
                    struct inst_list *out, struct inst_list *stack)
{
	st_vec_clear(out);
	st_vec_clear(stack);
	visit[phi->id] = stamp;
	st_vec_push(stack, phi);
	while (stack->n) {
		struct st_inst *p = st_vec_pop(stack);
		for (uint32_t s = 0; s < p->du->nsources; s++) {
			struct st_inst *src = p->du->sources[s];
			if (src->kind == ST_ITEM_PHI && removed[src->id]) {
				if (visit[src->id] != stamp) {
					visit[src->id] = stamp;
					st_vec_push(stack, src);
				}
				continue;
			}
			if (src->kind == ST_ITEM_PHI) {
				if (visit[src->id] == stamp)
					continue;
				visit[src->id] = stamp;
			} else {
				size_t i = 0;
				while (i < out->n && out->v[i] != src)
					i++;
				if (i < out->n)
					continue;
			}
			st_vec_push(out, src);
		}
	}
}

void st_remove_phis_in(struct st_function *f, const bool *blocks)
{
	if (!f->chains)
		return;
	if (!blocks) {
		st_remove_phis(f);
		return;
	}
	uint32_t nphis = f->nphis;
	struct st_inst **phis = st_xmalloc((nphis ? nphis : 1) * sizeof *phis);
	bool *removed = st_xcalloc(nphis ? nphis : 1, sizeof *removed);
	ST_VEC(struct st_inst *) work = {0};
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		struct st_block *b = f->blocks.v[bi];
		bool process = blocks[bi];
		for (size_t p = 0; p < b->phis.n; p++) {
			phis[b->phis.v[p]->id] = b->phis.v[p];
			if (process) {
				removed[b->phis.v[p]->id] = true;
				st_vec_push(&work, b->phis.v[p]);
			}
		}
	}
	/* Close over PHI users: a surviving PHI cannot keep a removed one as an
	 * incoming value. */
	size_t nremoved = work.n;
	while (work.n) {
		struct st_inst *p = st_vec_pop(&work);
		for (uint32_t u = 0; u < p->du->nusers; u++) {
			struct st_inst *user = p->du->users[u];
			if (user->kind == ST_ITEM_PHI && !removed[user->id]) {
				removed[user->id] = true;
				nremoved++;
				st_vec_push(&work, user);
			}
		}
	}
	st_vec_free(&work);
	if (nremoved) {
		/* Flattened producer sets per removed PHI, memoized in the arena. */
		struct st_inst ***flat = st_xcalloc(nphis, sizeof *flat);
		uint32_t *nflat = st_xcalloc(nphis, sizeof *nflat);
		uint32_t *visit = st_xcalloc(nphis, sizeof *visit);
		struct inst_list out = {0}, stack = {0}, merged = {0};
		for (uint32_t id = 0; id < nphis; id++) {
			if (!removed[id])
				continue;
			flatten(phis[id], removed, visit, id + 1, &out, &stack);
			nflat[id] = (uint32_t)out.n;
			if (out.n) {
				flat[id] = st_arena_alloc(f->chains, out.n * sizeof *flat[id]);
				memcpy(flat[id], out.v, out.n * sizeof *flat[id]);
			}
		}
		/* Rewrite the sources of instructions reading a removed PHI (a
		 * surviving PHI never does, by the closure above). */
		for (size_t bi = 0; bi < f->blocks.n; bi++) {
			st_foreach_inst(f->blocks.v[bi], in) {
				struct st_defuse *du = in->du;
				if (!du)
					continue; /* created after the build */
				bool touched = false;
				for (uint32_t s = 0; s < du->nsources && !touched; s++)
					touched = du->sources[s]->kind == ST_ITEM_PHI && removed[du->sources[s]->id];
				if (!touched)
					continue;
				st_vec_clear(&merged);
				for (uint32_t s = 0; s < du->nsources; s++) {
					struct st_inst *src = du->sources[s];
					bool rm = src->kind == ST_ITEM_PHI && removed[src->id];
					struct st_inst **v = rm ? flat[src->id] : &du->sources[s];
					uint32_t n = rm ? nflat[src->id] : 1;
					for (uint32_t k = 0; k < n; k++) {
						size_t i = 0;
						while (i < merged.n && merged.v[i] != v[k])
							i++;
						if (i == merged.n)
							st_vec_push(&merged, v[k]);
					}
				}
				du->nsources = (uint32_t)merged.n;
				du->sources = NULL;
				if (merged.n) {
					du->sources = st_arena_alloc(f->chains, merged.n * sizeof *du->sources);
					memcpy(du->sources, merged.v, merged.n * sizeof *du->sources);
				}
			}
		}
		st_vec_free(&out);
		st_vec_free(&stack);
		st_vec_free(&merged);
		free(visit);
		free(nflat);
		free(flat);
		/* Drop removed PHIs from their blocks and renumber the survivors. */
		uint32_t next = 0;
		for (size_t bi = 0; bi < f->blocks.n; bi++) {
			struct st_block *b = f->blocks.v[bi];
			size_t keep = 0;
			for (size_t p = 0; p < b->phis.n; p++)
				if (!removed[b->phis.v[p]->id])
					b->phis.v[keep++] = b->phis.v[p];
			b->phis.n = keep;
			for (size_t p = 0; p < keep; p++)
				b->phis.v[p]->id = next++;
		}
		f->nphis = next;
		/* Users are rebuilt from the rewritten sources. */
		count_users(f);
		link_users(f, f->chains);
	}
	free(removed);
	free(phis);
}
