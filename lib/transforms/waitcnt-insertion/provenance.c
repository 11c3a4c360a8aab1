/* The provenance of an inserted wait: `mod.wait_provenance = { text = ... }`
 * on every wait the pass inserts, the same text as a trailing comment with
 * --emit-asm --preserve-comments (docs/passes/waitcnt-insertion.md):
 *
 *   drains token LDS0 from ^loop (frame k-1, ring slot 2); token LDS1 from local
 *
 * One item per LDS token of each op the wait retires (an op without tokens is
 * named by its mnemonic): `from local` when the op was issued in the
 * anchor's block on this trip, else the predecessor its queue entered
 * through; the frame when the trips are known (loop annotations), the ring
 * slot when the op has ring accesses. A wait that a loopcarriedwar asked for
 * adds `; covers loop-carried WAR on LDS<t> (d trip back)`.
 *
 * A large kernel inserts tens of thousands of waits and most of them repeat
 * a few texts: each text is interned, and waits equal in mnemonic, count and
 * provenance share one attribute list (as the parser shares repeated lists),
 * so the verifier checks it and the printer renders it once. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/annotations.h"
#include "waitcnt.h"

static bool is_local(const struct wc_dataflow *df, const struct wc_reason *r, const struct st_inst *anchor,
                     const struct st_block *drain)
{
	const struct st_inst *p = r->producer;
	if (r->from.known_var && df->loops.any && st_wc_var_trips(&df->loops, r->from.var) != 0)
		return false;
	if (drain)
		return p->block == drain;
	/* Block items are numbered in order: an op before the anchor in its block
	 * was issued on this visit (an older issue is an earlier trip's). */
	return p->block == anchor->block && p->id < anchor->id && p->id < df->nitems && df->insts[p->id] == p;
}

/* Decimal digits of v, appended. */
static void put_u64(struct st_buf *b, uint64_t v)
{
	char d[20];
	int n = 0;
	do
		d[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n)
		st_buf_putc(b, d[--n]);
}

static void put_i64(struct st_buf *b, int64_t v)
{
	if (v < 0)
		st_buf_putc(b, '-');
	put_u64(b, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
}

/* ` (frame k-N, ring slot S)`, the parts that are known. */
static void put_frame(struct st_buf *b, const struct wc_dataflow *df, const struct wc_reason *r)
{
	const struct wc_loops *l = &df->loops;
	bool frame = l->any && r->from.known_var && st_wc_var_trips(l, r->from.var) < l->tcap;
	const struct st_inst *p = r->producer;
	bool ring = l->any && p->id < df->nitems && df->insts[p->id] == p && l->of[p->id].nacc;
	if (!frame && !ring)
		return;
	st_buf_puts(b, " (");
	if (frame) {
		uint32_t t = st_wc_var_trips(l, r->from.var);
		st_buf_puts(b, "frame k");
		if (t) {
			st_buf_putc(b, '-');
			put_u64(b, t);
		}
	}
	if (ring) {
		uint32_t k = r->from.access >= 0 ? (uint32_t)r->from.access : 0;
		int64_t slot = r->from.known_var ? st_wc_var_slot(l, p->id, k, r->from.var)
		                                 : st_ring_mod(l->of[p->id].acc[k].slot, l->of[p->id].acc[k].ring);
		st_buf_puts(b, frame ? ", ring slot " : "ring slot ");
		put_i64(b, slot);
	}
	st_buf_putc(b, ')');
}

/* Appends the item in p->item unless the text already lists it (an item
 * holds no ';', so the items are exactly the text's `; `-separated parts). */
static void add_item(struct wc_provenance *p)
{
	for (size_t k = 0; k < p->items.n; k++)
		if (p->items.v[k].len == p->item.len && memcmp(p->text.data + p->items.v[k].off, p->item.data, p->item.len) == 0)
			return;
	if (p->items.n)
		st_buf_puts(&p->text, "; ");
	struct wc_span at = {p->text.len, p->item.len};
	st_vec_push(&p->items, at);
	st_buf_putn(&p->text, p->item.data, p->item.len);
}

static void put_war(struct st_buf *b, const char *on, int64_t distance)
{
	st_buf_puts(b, "; covers loop-carried WAR on ");
	st_buf_puts(b, on);
	st_buf_puts(b, " (");
	put_i64(b, distance);
	st_buf_puts(b, " trip back)");
}

const char *st_wc_provenance(struct wc_dataflow *df, struct wc_provenance *pv, const struct st_inst *anchor,
                             const struct st_block *drain, enum st_counter c, const struct wc_reason *r, size_t n)
{
	struct st_module *m = df->func->module;
	struct st_buf *text = &pv->text, *item = &pv->item;
	text->len = 0;
	st_vec_clear(&pv->items);
	if (c == ST_CNT_XCNT) {
		/* A translation holds a register, it drains nothing. */
		for (size_t k = 0; k < n; k++) {
			if (r[k].counter != c || (anchor && r[k].anchor != anchor))
				continue;
			item->len = 0;
			st_wc_xcnt_describe(item, &r[k]);
			add_item(pv);
		}
		return st_internn(m->strings, text->data, text->len);
	}
	st_buf_puts(text, "drains ");
	bool war = false;
	for (size_t k = 0; k < n; k++) {
		if (r[k].counter != c || (anchor && r[k].anchor != anchor) || (drain && r[k].drain != drain))
			continue;
		war |= r[k].rule == WC_RULE_LOOP_WAR;
		item->len = 0;
		if (!r[k].producer) {
			st_buf_puts(item, "ops the analysis does not name");
			add_item(pv);
			continue;
		}
		const struct st_inst *p = r[k].producer;
		const struct wc_tokens *t = p->id < df->ninst && df->insts[p->id] == p ? st_wc_tokens_of(df, p) : NULL;
		uint32_t nt = t && t->tagged ? t->n : 0;
		for (uint32_t j = 0; j < (nt ? nt : 1); j++) {
			item->len = 0;
			if (nt) {
				st_buf_puts(item, "token LDS");
				put_u64(item, t->ids[j]);
			} else {
				st_buf_puts(item, p->name);
			}
			if (is_local(df, &r[k], anchor, drain)) {
				st_buf_puts(item, " from local");
			} else {
				/* a tail drain's reasons name the edge into the join: the drain is on it */
				const struct st_block *from = r[k].from.pred && r[k].from.pred != drain ? r[k].from.pred : p->block;
				st_buf_puts(item, " from ^");
				st_buf_puts(item, from->label);
			}
			put_frame(item, df, &r[k]);
			add_item(pv);
		}
	}
	if (!pv->items.n)
		st_buf_puts(text, "nothing the analysis can name");
	const struct st_loop_annots *a =
	    anchor && df->loops.any && anchor->id < df->nitems && df->insts[anchor->id] == anchor ? &df->loops.of[anchor->id]
	                                                                                         : NULL;
	if (war && a && a->war.present) {
		if (!a->war.tagged)
			put_war(text, "any LDS", a->war.distance);
		for (uint32_t j = 0; j < a->war.ntokens; j++) {
			item->len = 0;
			st_buf_puts(item, "LDS");
			put_u64(item, a->war.tokens[j]);
			put_war(text, st_buf_cstr(item), a->war.distance);
		}
	}
	return st_internn(m->strings, text->data, text->len);
}

const char *st_wc_provenance_packed(struct wc_dataflow *df, struct wc_provenance *pv, enum st_counter mem,
                                    const char *ds_text, const char *mem_text)
{
	struct st_buf *text = &pv->text;
	text->len = 0;
	st_buf_puts(text, st_counter_name(ST_CNT_DS));
	st_buf_puts(text, ": ");
	st_buf_puts(text, ds_text);
	st_buf_puts(text, "; ");
	st_buf_puts(text, st_counter_name(mem));
	st_buf_puts(text, ": ");
	st_buf_puts(text, mem_text);
	return st_internn(df->func->module->strings, text->data, text->len);
}

/* A wait's identity for sharing: its form (counter, or 16 + memory counter
 * when packed with DS), its count operand and its provenance text. */
struct proto_key {
	const struct wc_provenance *pv;
	unsigned form;
	int64_t count;
	const char *text;
};

static bool same_proto(const void *cx, uint32_t idx)
{
	const struct proto_key *k = cx;
	const struct wc_wait_proto *w = &k->pv->protos.v[idx];
	return w->form == k->form && w->count == k->count && w->text == k->text;
}

struct st_inst *st_wc_new_wait(struct wc_dataflow *df, struct wc_provenance *pv, enum st_counter c,
                               enum st_counter packed_with, const int *v, const char *text, struct st_loc loc)
{
	struct st_module *m = df->func->module;
	bool packed = packed_with != ST_CNT_NONE;
	struct proto_key k = {pv, packed ? 16u + (unsigned)packed_with : (unsigned)c,
	                      packed ? (int64_t)v[packed_with] << 8 | v[ST_CNT_DS] : v[c], text};
	uint32_t hash = (uint32_t)st_hash64(st_ptr_key(text) ^ st_hash64((uint64_t)k.form << 32 ^ (uint64_t)k.count));
	uint32_t at = st_index_put(&pv->proto_of, hash, same_proto, &k, (uint32_t)pv->protos.n);
	if (at != pv->protos.n)
		return st_wait_new_like(m, pv->protos.v[at].wait, loc);
	struct st_inst *w = packed ? st_wait_new_packed(m, packed_with, v[packed_with], v[ST_CNT_DS], loc)
	                           : st_wait_new(m, c, v[c], loc);
	const char *name = "text";
	struct st_value val = {.kind = ST_VAL_STRING, .text = text};
	struct st_attr attr = {.name = st_intern(m->strings, "mod.wait_provenance"), .loc = loc};
	attr.value = st_dict_value(m, 1, &name, &val);
	st_inst_add_attr(m, w, attr);
	struct wc_wait_proto proto = {k.form, k.count, text, w};
	st_vec_push(&pv->protos, proto);
	return w;
}

void st_wc_provenance_free(struct wc_provenance *pv)
{
	st_buf_free(&pv->text);
	st_buf_free(&pv->item);
	st_vec_free(&pv->items);
	st_vec_free(&pv->protos);
	st_index_free(&pv->proto_of);
}
