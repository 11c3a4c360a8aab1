/* Attribute lists shared between the instructions of a module.
 *
 * Kernels repeat a few hundred distinct attribute lists over hundreds of
 * thousands of instructions (`mod.ds = { na = 1, offset = 0, gds = false }`),
 * so equal lists are stored once. The first instruction with a list keeps a
 * copy with exact locations; the repeats share one copy without locations
 * (loc.line 0: diagnostics use the instruction's). A list is shared only
 * once it verified; parse-time errors are reported on the statement's own
 * scratch copy, so they are always exactly located. A one-line dictionary
 * read before is also found by its text, so it is one ATTRS_SEEN token. */
#include <stdlib.h>
#include <string.h>

#include "parse/parse-internal.h"

/* Points the statement's closed dictionaries and arrays at their storage
 * once it can no longer move. */
void st_attrs_resolve(struct st_parser *p, struct st_attr *fields, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++) {
		struct st_value *v = &fields[k].value;
		if (v->kind == ST_VAL_DICT) {
			v->fields = v->nfields ? p->dict_store.v + v->i : NULL;
			v->i = 0;
			st_attrs_resolve(p, v->fields, v->nfields);
		} else if (v->kind == ST_VAL_ARRAY) {
			v->elems = v->nelems ? p->elem_store.v + v->i : NULL;
			v->i = 0;
		}
	}
}

static uint64_t mix(uint64_t h, uint64_t x)
{
	return (h ^ x) * 0x100000001B3ull;
}

/* Names and texts are interned, so pointers stand for the strings. */
static uint64_t hash_value(const struct st_value *v)
{
	uint64_t h = mix(0xcbf29ce484222325ull, (uint64_t)v->kind);
	uint64_t fbits;
	memcpy(&fbits, &v->f, sizeof fbits);
	h = mix(mix(mix(h, (uint64_t)v->i), fbits), (uint64_t)(uintptr_t)v->text);
	if (v->kind == ST_VAL_ARRAY)
		for (uint32_t k = 0; k < v->nelems; k++)
			h = mix(h, hash_value(&v->elems[k]));
	if (v->kind == ST_VAL_DICT)
		h = mix(h, st_attrs_hash(v->fields, v->nfields));
	return mix(h, v->nelems * 31u + v->nfields);
}

uint64_t st_attrs_hash(const struct st_attr *a, uint32_t n)
{
	uint64_t h = mix(0x84222325cbf29ce4ull, n);
	for (uint32_t k = 0; k < n; k++)
		h = mix(mix(h, (uint64_t)(uintptr_t)a[k].name), hash_value(&a[k].value));
	return h;
}

static bool same_attrs(const struct st_attr *a, const struct st_attr *b, uint32_t n);

static bool same_value(const struct st_value *a, const struct st_value *b)
{
	if (a->kind != b->kind || a->i != b->i || memcmp(&a->f, &b->f, sizeof a->f) != 0 || a->text != b->text ||
	    a->nelems != b->nelems || a->nfields != b->nfields)
		return false;
	for (uint32_t k = 0; k < a->nelems; k++)
		if (!same_value(&a->elems[k], &b->elems[k]))
			return false;
	return same_attrs(a->fields, b->fields, a->nfields);
}

static bool same_attrs(const struct st_attr *a, const struct st_attr *b, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++)
		if (a[k].name != b[k].name || !same_value(&a[k].value, &b[k].value))
			return false;
	return true;
}

/* A deep copy into the module arena; `keep_locs` false for shared lists. */
struct st_attr *st_attrs_copy(struct st_parser *p, const struct st_attr *src, uint32_t n, bool keep_locs)
{
	if (!n)
		return NULL;
	struct st_attr *a = st_arena_alloc(p->m->arena, n * sizeof *a);
	memcpy(a, src, n * sizeof *a);
	for (uint32_t k = 0; k < n; k++) {
		struct st_value *v = &a[k].value;
		if (!keep_locs)
			a[k].loc = (struct st_loc){0};
		if (v->kind == ST_VAL_ARRAY && v->nelems) {
			struct st_value *e = st_arena_alloc(p->m->arena, v->nelems * sizeof *e);
			memcpy(e, v->elems, v->nelems * sizeof *e);
			v->elems = e;
		} else if (v->kind == ST_VAL_DICT) {
			v->fields = st_attrs_copy(p, v->fields, v->nfields, keep_locs);
		}
	}
	return a;
}

static struct attr_list_slot *find_attr_list(struct attr_list_set *s, uint64_t h, const struct st_attr *a,
                                             uint32_t n)
{
	for (size_t j = h & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
		struct attr_list_slot *e = &s->slots[j];
		if (!e->sl || (e->hash == h && e->sl->n == n && same_attrs(e->sl->attrs, a, n)))
			return e;
	}
}

struct shared_list *st_attrs_find(struct st_parser *p, uint64_t h, const struct st_attr *a, uint32_t n)
{
	return p->attr_lists.cap ? find_attr_list(&p->attr_lists, h, a, n)->sl : NULL;
}

struct shared_list *st_attrs_add(struct st_parser *p, uint64_t h, struct st_attr *a, uint32_t n)
{
	struct attr_list_set *s = &p->attr_lists;
	if ((s->n + 1) * 2 > s->cap) {
		struct attr_list_set g = {.cap = s->cap ? s->cap * 2 : 256};
		g.slots = st_xcalloc(g.cap, sizeof *g.slots);
		for (size_t k = 0; k < s->cap; k++)
			if (s->slots[k].sl)
				*find_attr_list(&g, s->slots[k].hash, s->slots[k].sl->attrs, s->slots[k].sl->n) = s->slots[k];
		g.n = s->n;
		free(s->slots);
		*s = g;
	}
	struct shared_list *sl = st_xmalloc(sizeof *sl);
	*sl = (struct shared_list){a, n, true};
	if (p->nlists % 64 == 0)
		p->lists = st_xrealloc(p->lists, (p->nlists + 64) * sizeof *p->lists);
	p->lists[p->nlists++] = sl;
	*find_attr_list(s, h, a, n) = (struct attr_list_slot){h, sl};
	s->n++;
	return sl;
}

/* The list for one more instruction: the first one's located copy becomes
 * the first instruction's own, and the others share a copy without locations. */
struct st_attr *st_attrs_share(struct st_parser *p, struct shared_list *sl)
{
	if (sl->located) {
		sl->attrs = st_attrs_copy(p, sl->attrs, sl->n, false);
		sl->located = false;
	}
	return sl->attrs;
}

/* Dictionary texts: 8 bytes at a time, then the tail. */
static uint64_t hash_text(const char *s, size_t n)
{
	uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
	size_t k = 0;
	for (; k + 8 <= n; k += 8) {
		uint64_t w;
		memcpy(&w, s + k, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	for (; k < n; k++)
		h = (h ^ (unsigned char)s[k]) * 0x100000001B3ull;
	return h ^ (h >> 29);
}

static struct attr_text_slot *find_attr_text(struct attr_text_set *s, uint64_t h, const char *text, size_t n)
{
	for (size_t j = h & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
		struct attr_text_slot *e = &s->slots[j];
		if (!e->sl || (e->hash == h && e->n == n && memcmp(e->s, text, n) == 0))
			return e;
	}
}

static void add_attr_text(struct attr_text_set *s, uint64_t h, const char *text, size_t n, struct shared_list *sl)
{
	if ((s->n + 1) * 2 > s->cap) {
		struct attr_text_set g = {.cap = s->cap ? s->cap * 2 : 256};
		g.slots = st_xcalloc(g.cap, sizeof *g.slots);
		for (size_t k = 0; k < s->cap; k++)
			if (s->slots[k].sl)
				*find_attr_text(&g, s->slots[k].hash, s->slots[k].s, s->slots[k].n) = s->slots[k];
		g.n = s->n;
		free(s->slots);
		*s = g;
	}
	struct attr_text_slot *e = find_attr_text(s, h, text, n);
	if (e->sl)
		return;
	*e = (struct attr_text_slot){h, text, n, sl};
	s->n++;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* At the newline that ends an instruction whose attributes `{ ... }` were
 * one line followed by nothing but blanks: remember their text. The line
 * after the '{' was copied when it was read (st_lex_brace); it is the
 * dictionary's text exactly when it ends where the dictionary closes. */
void st_attrs_remember_text(struct st_parser *p)
{
	struct shared_list *sl = p->ended;
	p->ended = NULL;
	if (!sl || !p->dict_close_line || p->dict_open_line != p->dict_close_line || p->cand_line != p->dict_open_line ||
	    p->cand_col != p->dict_open_col || p->cand.len != p->dict_close_col - p->dict_open_col)
		return;
	const char *text = st_arena_strndup(p->texts, p->cand.data, p->cand.len);
	add_attr_text(&p->attr_texts, hash_text(text, p->cand.len), text, p->cand.len, sl);
}

int st_lex_brace(struct st_parser *p, const ST_YYLTYPE *loc, const char *text, size_t n)
{
	p->tok_n = 1;
	/* Only where an instruction's attributes start: after its operand list
	 * or mnemonic, outside any dictionary. */
	if (p->depth || p->func_header || (p->prev_tok != ')' && p->prev_tok != STRING))
		return 1;
	while (n > 1 && is_blank(text[n - 1]))
		n--;
	if (p->attr_texts.n) {
		struct attr_text_slot *e = find_attr_text(&p->attr_texts, hash_text(text, n), text, n);
		if (e->sl) {
			p->seen = e->sl;
			return (int)n;
		}
	}
	/* A candidate for remember_attr_text: after this token the line is
	 * read on and may be overwritten. */
	p->cand.len = 0;
	st_buf_putn(&p->cand, text, n);
	p->cand_line = loc->line;
	p->cand_col = loc->col;
	return 1;
}
