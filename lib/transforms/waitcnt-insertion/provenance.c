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
 * adds `; covers loop-carried WAR on LDS<t> (d trip back)`. */
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
		if (t)
			st_buf_printf(b, "frame k-%u", t);
		else
			st_buf_puts(b, "frame k");
	}
	if (ring) {
		uint32_t k = r->from.access >= 0 ? (uint32_t)r->from.access : 0;
		int64_t slot = r->from.known_var ? st_wc_var_slot(l, p->id, k, r->from.var)
		                                 : st_ring_mod(l->of[p->id].acc[k].slot, l->of[p->id].acc[k].ring);
		st_buf_printf(b, "%sring slot %lld", frame ? ", " : "", (long long)slot);
	}
	st_buf_putc(b, ')');
}

/* Appends `item` unless the text already lists it. */
static void add_item(struct st_buf *text, size_t *nitems, const char *item)
{
	size_t n = strlen(item);
	const char *s = st_buf_cstr(text) + 7; /* after "drains " */
	for (const char *at = strstr(s, item); at; at = strstr(at + 1, item))
		if ((at == s || (at >= s + 2 && at[-2] == ';')) && (at[n] == ';' || at[n] == 0))
			return;
	if ((*nitems)++)
		st_buf_puts(text, "; ");
	st_buf_puts(text, item);
}

void st_wc_provenance(struct wc_dataflow *df, struct st_inst *wait, const struct st_inst *anchor,
                      const struct st_block *drain, enum st_counter c, const struct wc_reason *r, size_t n)
{
	struct st_module *m = df->func->module;
	struct st_buf text = {0}, item = {0};
	st_buf_puts(&text, "drains ");
	size_t nitems = 0;
	bool war = false;
	for (size_t k = 0; k < n; k++) {
		if (r[k].counter != c || (anchor && r[k].anchor != anchor) || (drain && r[k].drain != drain))
			continue;
		war |= r[k].rule == WC_RULE_LOOP_WAR;
		if (!r[k].producer) {
			add_item(&text, &nitems, "ops the analysis does not name");
			continue;
		}
		const struct st_inst *p = r[k].producer;
		const struct wc_tokens *t = p->id < df->ninst && df->insts[p->id] == p ? st_wc_tokens_of(df, p) : NULL;
		uint32_t nt = t && t->tagged ? t->n : 0;
		for (uint32_t j = 0; j < (nt ? nt : 1); j++) {
			item.len = 0;
			if (nt)
				st_buf_printf(&item, "token LDS%u", t->ids[j]);
			else
				st_buf_puts(&item, p->name);
			if (is_local(df, &r[k], anchor, drain))
				st_buf_puts(&item, " from local");
			else if (r[k].from.pred && r[k].from.pred != drain)
				st_buf_printf(&item, " from ^%s", r[k].from.pred->label);
			else /* a tail drain's reasons name the edge into the join: the drain is on it */
				st_buf_printf(&item, " from ^%s", p->block->label);
			put_frame(&item, df, &r[k]);
			add_item(&text, &nitems, st_buf_cstr(&item));
		}
	}
	if (!nitems)
		st_buf_puts(&text, "nothing the analysis can name");
	const struct st_loop_annots *a =
	    anchor && df->loops.any && anchor->id < df->nitems && df->insts[anchor->id] == anchor ? &df->loops.of[anchor->id]
	                                                                                         : NULL;
	if (war && a && a->war.present) {
		if (!a->war.tagged)
			st_buf_printf(&text, "; covers loop-carried WAR on any LDS (%lld trip back)", (long long)a->war.distance);
		for (uint32_t j = 0; j < a->war.ntokens; j++)
			st_buf_printf(&text, "; covers loop-carried WAR on LDS%u (%lld trip back)", a->war.tokens[j],
			              (long long)a->war.distance);
	}
	const char *name = "text";
	struct st_value v = {.kind = ST_VAL_STRING, .text = st_arena_strndup(m->arena, st_buf_cstr(&text), text.len)};
	struct st_attr attr = {.name = st_intern(m->strings, "mod.wait_provenance"), .loc = wait->loc};
	attr.value = st_dict_value(m, 1, &name, &v);
	st_inst_add_attr(m, wait, attr);
	st_buf_free(&text);
	st_buf_free(&item);
}
