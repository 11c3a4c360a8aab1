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

struct list_key {
	struct shared_list *const *lists;
	const struct st_attr *a;
	uint32_t n;
};

static bool same_list(const void *cx, uint32_t idx)
{
	const struct list_key *k = cx;
	return k->lists[idx]->n == k->n && same_attrs(k->lists[idx]->attrs, k->a, k->n);
}

struct shared_list *st_attrs_find(struct st_parser *p, uint64_t h, const struct st_attr *a, uint32_t n)
{
	struct list_key key = {p->lists, a, n};
	uint32_t idx = st_index_get(&p->attr_lists, (uint32_t)h, same_list, &key);
	return idx == ST_INDEX_NONE ? NULL : p->lists[idx];
}

struct shared_list *st_attrs_add(struct st_parser *p, uint64_t h, struct st_attr *a, uint32_t n)
{
	struct shared_list *sl = st_xmalloc(sizeof *sl);
	*sl = (struct shared_list){a, n, true};
	if (p->nlists % 64 == 0)
		p->lists = st_xrealloc(p->lists, (p->nlists + 64) * sizeof *p->lists);
	p->lists[p->nlists++] = sl;
	struct list_key key = {p->lists, a, n};
	st_index_put(&p->attr_lists, (uint32_t)h, same_list, &key, (uint32_t)p->nlists - 1);
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

struct text_key {
	const struct attr_text *seen;
	const char *s;
	size_t n;
};

static bool same_text(const void *cx, uint32_t idx)
{
	const struct text_key *k = cx;
	return k->seen[idx].n == k->n && memcmp(k->seen[idx].s, k->s, k->n) == 0;
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
	struct text_key key = {p->texts_seen.v, text, p->cand.len};
	uint32_t next = (uint32_t)p->texts_seen.n;
	if (st_index_put(&p->attr_texts, (uint32_t)hash_text(text, p->cand.len), same_text, &key, next) == next)
		st_vec_push(&p->texts_seen, ((struct attr_text){text, p->cand.len, sl}));
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
		struct text_key key = {p->texts_seen.v, text, n};
		uint32_t idx = st_index_get(&p->attr_texts, (uint32_t)hash_text(text, n), same_text, &key);
		if (idx != ST_INDEX_NONE) {
			p->seen = p->texts_seen.v[idx].sl;
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
