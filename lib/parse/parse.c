/* st_parse and the semantic actions of the .stir grammar.
 *
 * The grammar (parser.y) recognises statements; this file gives them meaning:
 * it opens and closes functions and blocks, builds instructions from the
 * scratch operand/field vectors, resolves `Successors:` names when a function
 * ends, and reports every user error with its location. Nothing here is
 * allocated per token: names and spellings are interned as they are lexed
 * (the input is read in chunks and does not stay) and IR nodes go to the
 * module arena. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parse-internal.h"
#include "parse/lexer.h"
#include "stinkytofu/parse.h"
#include "stinkytofu/verify.h"

/* Past this many errors the input is probably not .stir at all. */
enum { MAX_ERRORS = 100 };
#define MAX_REG_INDEX 2147483647u

static const char *entry_label = "entry";

/* ---- Diagnostics ---- */

static void verror(struct st_parser *p, struct st_loc loc, const char *fmt, va_list ap)
{
	if (p->too_many_errors)
		return;
	st_diag_vemit(p->diag, ST_SEV_ERROR, loc, fmt, ap);
	p->last_error_line = loc.line;
	if (++p->nerrors >= MAX_ERRORS) {
		p->too_many_errors = true;
		st_diag_emit(p->diag, ST_SEV_NOTE, (struct st_loc){p->file, 0, 0}, "too many errors, stopping");
	}
}

void st_parse_error(struct st_parser *p, struct st_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror(p, loc, fmt, ap);
	va_end(ap);
}

/* One lexical error per line: the rest of a line of garbage says nothing new. */
void st_lex_error(struct st_parser *p, struct st_loc loc, const char *fmt, ...)
{
	if (p->last_error_line == loc.line)
		return;
	va_list ap;
	va_start(ap, fmt);
	verror(p, loc, fmt, ap);
	va_end(ap);
}

void st_lex_bad_char(struct st_parser *p, struct st_loc loc, unsigned char c)
{
	if (c >= 0x21 && c < 0x7f)
		st_lex_error(p, loc, "unexpected character '%c'", c);
	else
		st_lex_error(p, loc, "unexpected byte 0x%02x", c);
}

/* Appends `s` (n bytes) quoted for a message, shortened if long. */
static void put_quoted_excerpt(struct st_buf *b, const char *s, size_t n)
{
	enum { MAX_SHOWN = 40 };
	st_buf_putc(b, '\'');
	for (size_t k = 0; k < n && k < MAX_SHOWN; k++) {
		unsigned char c = (unsigned char)s[k];
		if (c >= 0x20 && c < 0x7f)
			st_buf_putc(b, (char)c);
		else
			st_buf_printf(b, "\\x%02x", c);
	}
	if (n > MAX_SHOWN)
		st_buf_puts(b, "...");
	st_buf_putc(b, '\'');
}

/* Bison quotes string aliases ("\"identifier\""); messages show them bare. */
static void put_token_name(struct st_buf *b, const char *name)
{
	size_t n = strlen(name);
	if (n >= 2 && name[0] == '"' && name[n - 1] == '"')
		st_buf_putn(b, name + 1, n - 2);
	else
		st_buf_puts(b, name);
}

void st_parse_syntax_error(struct st_parser *p, struct st_loc loc, const char *unexpected,
                           const char *const *expected, int nexpected)
{
	struct st_buf b = {0};
	st_buf_puts(&b, "unexpected ");
	if (unexpected)
		st_buf_puts(&b, unexpected);
	else /* The lookahead is the last token lexed: yytext still holds it. */
		put_quoted_excerpt(&b, st_yyget_text(p->scanner), p->tok_n);
	for (int k = 0; k < nexpected; k++) {
		st_buf_puts(&b, k == 0 ? ", expected " : k == nexpected - 1 ? " or " : ", ");
		put_token_name(&b, expected[k]);
	}
	st_parse_error(p, loc, "%s", st_buf_cstr(&b));
	st_buf_free(&b);
}

/* ---- Scanner helpers ---- */

void st_lex_newline(struct st_parser *p)
{
	p->line++;
	p->col = 1;
}

int st_lex_read(struct st_parser *p, const char *unmatched, char *buf, size_t max)
{
	if (p->read_failed)
		return 0;
	errno = 0;
	ptrdiff_t n = p->read(p->read_ctx, buf, max);
	if (n >= 0) {
		st_assert((size_t)n <= max);
		return (int)n;
	}
	/* Input cut short: say so where it stops, and nothing after (the cut
	 * token, statement and function would only repeat it). */
	int err = errno ? errno : EIO;
	struct st_loc at = {p->file, p->line, p->col};
	for (const char *c = unmatched; c < buf; c++) {
		if (*c == '\n') {
			at.line++;
			at.col = 1;
		} else {
			at.col++;
		}
	}
	st_parse_error(p, at, "cannot read '%s': %s", p->file, strerror(err));
	p->too_many_errors = true;
	p->read_failed = true;
	return 0;
}

/* The input ends with one NEWLINE (so the last statement needs none) and
 * then end of file. */
int st_lex_eof(struct st_parser *p, ST_YYLTYPE *loc)
{
	loc->file = p->file;
	loc->line = p->line;
	loc->col = p->col;
	p->tok_n = 0;
	if (p->eof_state == 0) {
		p->eof_state = 1;
		return NEWLINE;
	}
	p->eof_state = 2;
	return 0;
}

static void remember_attr_text(struct st_parser *p);

int st_yylex(ST_YYSTYPE *val, ST_YYLTYPE *loc, void *scanner)
{
	struct st_parser *p = st_yyget_extra(scanner);
	int t = st_lex_fast(scanner, val, loc);
	if (!t)
		t = st_yylex_raw(val, loc, scanner);
	if (t == NEWLINE) {
		if (p->ended && p->prev_tok == '}')
			remember_attr_text(p);
		p->ended = NULL;
		p->line_first = true;
		p->prev2_tok = p->prev_tok;
		p->prev_tok = NEWLINE;
		return p->depth && !p->eof_state ? DICT_NL : NEWLINE;
	}
	if (p->line_first) {
		p->line_first = false;
		/* These never continue a dictionary: an unclosed '{' above was an
		 * error, and this line starts afresh. */
		if (t == STRING || t == BLOCK_DEF || t == LABEL_DEF || t == SUCCESSORS || t == KW_FUNC)
			p->depth = 0;
		if (!p->depth)
			p->func_header = t == KW_FUNC;
	}
	if (t == '{') {
		if (p->func_header) {
			p->func_header = false;
		} else if (p->depth++ == 0) {
			p->dict_open_line = loc->line;
			p->dict_open_col = loc->col;
			p->dict_close_line = 0;
		}
	} else if (t == '}' && p->depth) {
		if (--p->depth == 0) {
			p->dict_close_line = loc->line;
			p->dict_close_col = loc->col + 1;
		}
	}
	p->prev2_tok = p->prev_tok;
	p->prev_tok = t;
	st_lex_expect_attrs(scanner, !p->depth && !p->func_header && (t == ')' || t == STRING));
	return t;
}

/* The token's text as the module keeps it: interned. A token's value is
 * written whole, once: the parser copies it in 16-byte moves, and a store
 * of one field after it would stall that copy. */
static void tok_intern(struct st_parser *p, ST_YYSTYPE *val, const char *s, size_t n)
{
	val->tok = (struct st_tok){.s = st_internn(p->m->strings, s, n), .n = (uint32_t)n};
}

int st_lex_definition(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n)
{
	n--; /* the ':' */
	while (n && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\r' ||
	             text[n - 1] == '\f' || text[n - 1] == '\v'))
		n--;
	if (text[0] == '^') {
		tok_intern(p, val, text + 1, n - 1);
		return BLOCK_DEF;
	}
	if (n == 10 && memcmp(text, "Successors", 10) == 0) {
		val->tok = (struct st_tok){0};
		return SUCCESSORS;
	}
	tok_intern(p, val, text, n);
	return LABEL_DEF;
}

static bool tok_is(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && memcmp(s, word, n) == 0;
}

int st_lex_ident(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n)
{
	switch (text[0]) {
	case '^':
		tok_intern(p, val, text + 1, n - 1);
		return BLOCK_REF;
	case '@':
		tok_intern(p, val, text + 1, n - 1);
		return FUNC_NAME;
	case 's':
		if (tok_is(text, n, "st.func")) {
			val->tok = (struct st_tok){0};
			return KW_FUNC;
		}
		break;
	case 't':
		if (tok_is(text, n, "true")) {
			val->tok = (struct st_tok){.i = 1};
			return BOOL;
		}
		break;
	case 'f':
		if (tok_is(text, n, "false")) {
			val->tok = (struct st_tok){0};
			return BOOL;
		}
		break;
	}
	val->tok = (struct st_tok){.s = st_internn(p->m->strings, text, n), .n = (uint32_t)n, .kind = ST_OPND_SYMBOL};
	return IDENT;
}

int st_lex_int(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n)
{
	bool neg = text[0] == '-';
	uint64_t v = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (size_t k = neg; k < n; k++) {
		unsigned d = (unsigned)(text[k] - '0');
		if (v > (limit - d) / 10) {
			st_lex_error(p, *loc, "integer literal out of range");
			return LEX_ERROR;
		}
		v = v * 10 + d;
	}
	val->tok = (struct st_tok){.kind = ST_OPND_INT, .i = neg ? (int64_t)(0 - v) : (int64_t)v};
	return INT;
}

int st_lex_hex(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n)
{
	bool neg = text[0] == '-';
	uint64_t v = 0;
	for (size_t k = neg + 2; k < n; k++) {
		char c = text[k];
		unsigned d = c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
		if (v >> 60) {
			st_lex_error(p, *loc, "hex literal out of range");
			return LEX_ERROR;
		}
		v = v << 4 | d;
	}
	/* The spelling is what prints; the value wraps like a 64-bit register. */
	val->tok = (struct st_tok){.s = st_internn(p->m->strings, text, n), .n = (uint32_t)n, .kind = ST_OPND_HEX,
	                           .i = (int64_t)(neg ? 0 - v : v)};
	return HEX;
}

int st_lex_float(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n)
{
	val->tok = (struct st_tok){.s = st_internn(p->m->strings, text, n), .n = (uint32_t)n, .f = strtod(text, NULL)};
	return FLOAT;
}

int st_lex_plain_string(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n)
{
	tok_intern(p, val, text + 1, n - 2);
	return STRING;
}

int st_lex_string(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n)
{
	const char *s = text + 1;
	size_t len = n - 2;
	if (memchr(s, '\0', len)) {
		st_lex_error(p, *loc, "NUL byte in string");
		return LEX_ERROR;
	}
	if (!memchr(s, '\\', len)) {
		tok_intern(p, val, s, len);
		return STRING;
	}
	/* Contents with \" and \\ resolved; any other backslash is kept. */
	p->sbuf.len = 0;
	for (size_t k = 0; k < len; k++) {
		char c = s[k];
		if (c == '\\' && k + 1 < len && (s[k + 1] == '"' || s[k + 1] == '\\'))
			c = s[++k];
		st_buf_putc(&p->sbuf, c);
	}
	tok_intern(p, val, p->sbuf.data ? p->sbuf.data : "", p->sbuf.len);
	return STRING;
}

/* ---- Values ---- */

static struct st_operand literal_operand(int kind, const struct st_tok *t, struct st_loc loc)
{
	struct st_operand op = {.kind = (enum st_operand_kind)kind, .col = loc.col};
	switch (op.kind) {
	case ST_OPND_INT:
		op.ival = t->i;
		break;
	case ST_OPND_HEX:
		op.ival = t->i;
		op.text = t->s;
		break;
	case ST_OPND_FLOAT:
	case ST_OPND_SYMBOL:
	case ST_OPND_STRING:
		op.text = t->s;
		break;
	default:
		st_unreachable("bad literal operand kind");
	}
	return op;
}

static void push_operand(struct st_parser *p, struct st_operand op)
{
	st_vec_push(&p->ops, op);
}

void st_parse_literal(struct st_parser *p, int kind, const struct st_tok *t, struct st_loc loc)
{
	push_operand(p, literal_operand(kind, t, loc));
}

void st_parse_scalar(struct st_parser *p, int kind, const struct st_tok *t)
{
	struct st_value v = {.kind = (enum st_value_kind)kind};
	switch (v.kind) {
	case ST_VAL_INT:
	case ST_VAL_BOOL:
		v.i = t->i;
		break;
	case ST_VAL_HEX:
		v.i = t->i;
		v.text = t->s;
		break;
	case ST_VAL_FLOAT:
		v.f = t->f;
		v.text = t->s;
		break;
	case ST_VAL_STRING:
	case ST_VAL_NAME:
		v.text = t->s;
		break;
	default:
		st_unreachable("bad scalar kind");
	}
	st_vec_push(&p->vals, v);
}

void st_parse_push_field(struct st_parser *p, const struct st_tok *name, struct st_loc loc)
{
	struct st_attr a = {.name = name->s, .loc = loc, .value = st_vec_pop(&p->vals)};
	st_vec_push(&p->fields, a);
}

void st_parse_close_dict(struct st_parser *p, size_t mark)
{
	struct st_value d = {.kind = ST_VAL_DICT, .nfields = (uint32_t)(p->fields.n - mark)};
	d.i = (int64_t)p->dict_store.n;
	st_vec_reserve(&p->dict_store, p->dict_store.n + d.nfields);
	if (d.nfields)
		memcpy(p->dict_store.v + p->dict_store.n, p->fields.v + mark, d.nfields * sizeof *d.fields);
	p->dict_store.n += d.nfields;
	p->fields.n = mark;
	st_vec_push(&p->vals, d);
}

void st_parse_mark(size_t *val, size_t mark)
{
	*val = mark;
}

void st_parse_push_elem(struct st_parser *p)
{
	st_vec_push(&p->elems, st_vec_pop(&p->vals));
}

void st_parse_close_array(struct st_parser *p, size_t mark)
{
	struct st_value a = {.kind = ST_VAL_ARRAY, .nelems = (uint32_t)(p->elems.n - mark)};
	a.i = (int64_t)p->elem_store.n;
	st_vec_reserve(&p->elem_store, p->elem_store.n + a.nelems);
	if (a.nelems)
		memcpy(p->elem_store.v + p->elem_store.n, p->elems.v + mark, a.nelems * sizeof *a.elems);
	p->elem_store.n += a.nelems;
	p->elems.n = mark;
	st_vec_push(&p->vals, a);
}

/* ---- Shared attribute lists ----
 *
 * Kernels repeat a few hundred distinct attribute lists over hundreds of
 * thousands of instructions (`mod.ds = { na = 1, offset = 0, gds = false }`),
 * so equal lists are stored once. The first instruction with a list keeps a
 * copy with exact locations; the repeats share one copy without locations
 * (loc.line 0: diagnostics use the instruction's). A list is shared only
 * once it verified; parse-time errors are reported on the statement's own
 * scratch copy, so they are always exactly located. */

/* Points the statement's closed dictionaries and arrays at their storage
 * once it can no longer move. */
static void resolve_scratch(struct st_parser *p, struct st_attr *fields, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++) {
		struct st_value *v = &fields[k].value;
		if (v->kind == ST_VAL_DICT) {
			v->fields = v->nfields ? p->dict_store.v + v->i : NULL;
			v->i = 0;
			resolve_scratch(p, v->fields, v->nfields);
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

static uint64_t hash_attrs(const struct st_attr *a, uint32_t n);

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
		h = mix(h, hash_attrs(v->fields, v->nfields));
	return mix(h, v->nelems * 31u + v->nfields);
}

static uint64_t hash_attrs(const struct st_attr *a, uint32_t n)
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
static struct st_attr *copy_attrs(struct st_parser *p, const struct st_attr *src, uint32_t n, bool keep_locs)
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
			v->fields = copy_attrs(p, v->fields, v->nfields, keep_locs);
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

static struct shared_list *add_attr_list(struct st_parser *p, uint64_t h, struct st_attr *a, uint32_t n)
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
static struct st_attr *share(struct st_parser *p, struct shared_list *sl)
{
	if (sl->located) {
		sl->attrs = copy_attrs(p, sl->attrs, sl->n, false);
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
static void remember_attr_text(struct st_parser *p)
{
	struct shared_list *sl = p->ended;
	p->ended = NULL;
	if (!sl || !p->dict_close_line || p->dict_open_line != p->dict_close_line || p->cand_line != p->dict_open_line ||
	    p->cand_col != p->dict_open_col || p->cand.len != p->dict_close_col - p->dict_open_col)
		return;
	const char *text = st_arena_strndup(p->texts, p->cand.data, p->cand.len);
	add_attr_text(&p->attr_texts, hash_text(text, p->cand.len), text, p->cand.len, sl);
}

size_t st_lex_reg_range(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n)
{
	size_t idn = 0;
	while (text[idn] != '[') /* the rule put one there: a loop beats a call for a few bytes */
		idn++;
	/* Where a register operand may stand: first on the line, after ',',
	 * '-' or an operand list's '(' (not hwreg's), outside dictionaries. */
	int t = p->prev_tok, t2 = p->prev2_tok;
	bool operand = t == NEWLINE || t == ',' || t == '-' || (t == '(' && t2 == STRING);
	enum st_regclass cls;
	if (!operand || p->depth || st_regclass_match(text, idn, &cls) != idn) {
		p->tok_n = idn;
		return idn;
	}
	uint64_t lo = 0, hi;
	size_t k = idn + 1;
	for (; text[k] != ':' && text[k] != ']'; k++)
		lo = lo * 10 + (uint64_t)(text[k] - '0');
	hi = lo;
	if (text[k] == ':')
		for (hi = 0, k++; text[k] != ']'; k++)
			hi = hi * 10 + (uint64_t)(text[k] - '0');
	if (hi < lo) {
		p->tok_n = idn;
		return idn;
	}
	val->tok = (struct st_tok){.s = text, .n = (uint32_t)idn, .kind = (uint8_t)cls, .i = (int64_t)lo, .hi = (int64_t)hi};
	/* Messages quote the class, as they did token by token. */
	p->tok_n = idn;
	return n;
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

/* ---- Operands ---- */

static bool all_digits(const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (s[k] < '0' || s[k] > '9')
			return false;
	return n > 0;
}

/* Decimal digits to an index, saturating just past MAX_REG_INDEX. */
static uint64_t parse_index(const char *s, size_t n)
{
	uint64_t v = 0;
	for (size_t k = 0; k < n && v <= MAX_REG_INDEX; k++)
		v = v * 10 + (uint64_t)(s[k] - '0');
	return v;
}

static struct st_operand ident_operand(struct st_parser *p, const struct st_tok *id, struct st_loc loc)
{
	struct st_operand op = {.col = loc.col};
	enum st_regclass cls;
	size_t k = st_regclass_match(id->s, id->n, &cls);
	if (k && all_digits(id->s + k, id->n - k)) {
		uint64_t index = parse_index(id->s + k, id->n - k);
		if (index > MAX_REG_INDEX)
			st_parse_error(p, loc, "register index in '%.*s' is out of range (at most %u)", (int)id->n, id->s,
			               MAX_REG_INDEX);
		op.kind = ST_OPND_REG;
		op.reg = (struct st_reg){.index = (uint32_t)(index > MAX_REG_INDEX ? 0 : index), .count = 1, .cls = (uint8_t)cls};
		return op;
	}
	op.kind = id->n >= 6 && memcmp(id->s, "label_", 6) == 0 ? ST_OPND_LABEL : ST_OPND_SYMBOL;
	op.text = id->s;
	return op;
}

void st_parse_ident_operand(struct st_parser *p, const struct st_tok *id, struct st_loc loc)
{
	push_operand(p, ident_operand(p, id, loc));
}

static bool check_index(struct st_parser *p, const struct st_tok *t, struct st_loc loc)
{
	if (t->i < 0) {
		st_parse_error(p, loc, "register index %lld is negative", (long long)t->i);
		return false;
	}
	if (t->i > (int64_t)MAX_REG_INDEX) {
		st_parse_error(p, loc, "register index %lld is out of range (at most %u)", (long long)t->i, MAX_REG_INDEX);
		return false;
	}
	return true;
}

/* A register range of `count` registers from `index`. One wider than a
 * register file (ST_REG_MAX_COUNT) is kept one register wide and its width
 * in p->wide_count, reported by end_reg once the operand is complete, at
 * its '-' if negated. */
static struct st_reg range(struct st_parser *p, enum st_regclass cls, uint32_t index, uint64_t count)
{
	p->wide_count = count > ST_REG_MAX_COUNT ? count : 0;
	return (struct st_reg){.index = index, .count = (uint16_t)(p->wide_count ? 1 : count), .cls = (uint8_t)cls};
}

static struct st_operand reg_range(struct st_parser *p, const struct st_tok *cls_tok, struct st_loc loc,
                                   const struct st_tok *lo, struct st_loc lo_loc, const struct st_tok *hi,
                                   struct st_loc hi_loc)
{
	struct st_operand op = {.kind = ST_OPND_REG, .col = loc.col, .reg = {.count = 1, .cls = ST_REG_V}};
	p->wide_count = 0;
	enum st_regclass cls;
	if (st_regclass_match(cls_tok->s, cls_tok->n, &cls) != cls_tok->n) {
		st_parse_error(p, loc, "unknown register class '%.*s'", (int)cls_tok->n, cls_tok->s);
		return op;
	}
	op.reg.cls = (uint8_t)cls;
	if (!check_index(p, lo, lo_loc) || (hi != lo && !check_index(p, hi, hi_loc)))
		return op;
	if (hi->i < lo->i) {
		st_parse_error(p, loc, "register range %.*s[%lld:%lld] ends before it starts", (int)cls_tok->n,
		               cls_tok->s, (long long)lo->i, (long long)hi->i);
		return op;
	}
	op.reg = range(p, cls, (uint32_t)lo->i, (uint64_t)(hi->i - lo->i) + 1);
	return op;
}

void st_parse_reg_range(struct st_parser *p, const struct st_tok *cls_tok, struct st_loc loc, const struct st_tok *lo,
                        struct st_loc lo_loc, const struct st_tok *hi, struct st_loc hi_loc)
{
	push_operand(p, reg_range(p, cls_tok, loc, lo, lo_loc, hi, hi_loc));
}

void st_parse_reg_token(struct st_parser *p, const struct st_tok *t, struct st_loc loc)
{
	struct st_operand op = {.kind = ST_OPND_REG, .col = loc.col};
	op.reg = range(p, (enum st_regclass)t->kind, (uint32_t)t->i, (uint64_t)(t->hi - t->i) + 1);
	push_operand(p, op);
}

void st_parse_end_reg(struct st_parser *p, struct st_loc loc)
{
	if (!p->wide_count)
		return;
	const struct st_reg *r = &st_vec_last(&p->ops).reg;
	st_parse_error(p, loc, "register range %s[%u:%llu] spans %llu registers (at most %u)",
	               st_regclass_name((enum st_regclass)r->cls), r->index,
	               (unsigned long long)(r->index + p->wide_count - 1), (unsigned long long)p->wide_count,
	               ST_REG_MAX_COUNT);
	p->wide_count = 0;
}

void st_parse_negate(struct st_parser *p, struct st_loc loc)
{
	struct st_operand *op = &st_vec_last(&p->ops);
	if (op->kind != ST_OPND_REG)
		st_parse_error(p, loc, "only registers can be negated");
	op->reg.neg = true;
	op->col = loc.col;
	st_parse_end_reg(p, loc);
}

void st_parse_hwreg(struct st_parser *p, const struct st_tok *fn, struct st_loc loc, int nargs,
                    const struct st_tok *id_tok, const struct st_tok *off, const struct st_tok *size)
{
	struct st_operand id = literal_operand(id_tok->kind, id_tok, loc);
	if (!tok_is(fn->s, fn->n, "hwreg"))
		st_parse_error(p, loc, "unknown operand function '%.*s' (only hwreg(...) is supported)", (int)fn->n,
		               fn->s);
	/* A symbolic or hex id prints back from its spelling. */
	int64_t args[3] = {id.ival, off ? off->i : 0, size ? size->i : 0};
	struct st_operand op = st_hwreg_operand(p->m, id.kind == ST_OPND_INT ? NULL : id.text, (uint32_t)nargs, args);
	op.col = loc.col;
	push_operand(p, op);
}

/* ---- Structure ---- */

static struct st_block *labels_find(const struct label_map *lm, const char *label)
{
	if (!lm->cap)
		return NULL;
	for (size_t j = st_hash_ptr(label) & (lm->cap - 1); lm->slots[j]; j = (j + 1) & (lm->cap - 1))
		if (lm->slots[j]->label == label)
			return lm->slots[j];
	return NULL;
}

static void labels_insert(struct label_map *lm, struct st_block *b)
{
	if ((lm->n + 1) * 2 > lm->cap) {
		size_t ncap = lm->cap ? lm->cap * 2 : 64;
		struct st_block **slots = st_xcalloc(ncap, sizeof *slots);
		for (size_t i = 0; i < lm->cap; i++) {
			if (!lm->slots[i])
				continue;
			size_t j = st_hash_ptr(lm->slots[i]->label) & (ncap - 1);
			while (slots[j])
				j = (j + 1) & (ncap - 1);
			slots[j] = lm->slots[i];
		}
		free(lm->slots);
		lm->slots = slots;
		lm->cap = ncap;
	}
	size_t j = st_hash_ptr(b->label) & (lm->cap - 1);
	while (lm->slots[j])
		j = (j + 1) & (lm->cap - 1);
	lm->slots[j] = b;
	lm->n++;
}

static void labels_clear(struct label_map *lm)
{
	/* A big table left by one huge function is not worth clearing for the
	 * many small ones that may follow. */
	if (lm->cap > 4096 || lm->cap > 16 * lm->n) {
		free(lm->slots);
		*lm = (struct label_map){0};
	} else if (lm->cap) {
		memset(lm->slots, 0, lm->cap * sizeof *lm->slots);
		lm->n = 0;
	}
}

static struct st_block *new_block(struct st_parser *p, const char *label, struct st_loc loc)
{
	struct st_block *prev = labels_find(&p->labels, label);
	struct st_block *b = st_block_new(p->func, label, loc);
	if (prev) {
		st_parse_error(p, loc, "duplicate block label '^%s'", label);
		st_note(p->diag, prev->loc, "'^%s' was first defined here", label);
	} else {
		labels_insert(&p->labels, b);
	}
	p->block = b;
	p->block_closed = false;
	return b;
}

/* Resolves the function's `Successors:` names now that all its blocks exist. */
static void finish_function(struct st_parser *p)
{
	for (size_t k = 0; k < p->pending.n; k++) {
		struct pending_succ *ps = &p->pending.v[k];
		struct st_block *to = labels_find(&p->labels, ps->name);
		if (to)
			st_block_add_succ(ps->from, to, ps->loc);
		else
			st_parse_error(p, ps->loc, "'Successors:' of '^%s' names unknown block '^%s'", ps->from->label,
			               ps->name);
	}
	st_vec_clear(&p->pending);
	labels_clear(&p->labels);
	p->func = NULL;
	p->block = NULL;
	p->block_closed = false;
}

static void start_flat(struct st_parser *p, struct st_loc loc)
{
	p->mode = MODE_FLAT;
	p->m->flat = true;
	p->func = st_function_new(p->m, "", loc);
}

/* The block the next item goes to: instructions before any label open an
 * implicit ^entry (and, outside st.func, the flat file's one function). */
static struct st_block *current_block(struct st_parser *p, struct st_loc loc, const char *what)
{
	if (!p->func) {
		if (p->mode == MODE_FUNCS) {
			st_parse_error(p, loc, "%s outside of a function", what);
			return NULL;
		}
		start_flat(p, loc);
	}
	if (!p->block)
		new_block(p, st_module_intern(p->m, entry_label), loc);
	return p->block;
}

void st_parse_begin_function(struct st_parser *p, const struct st_tok *name, struct st_loc loc)
{
	if (p->mode == MODE_FLAT) {
		st_parse_error(p, loc, "'st.func' after instructions outside of any function");
		finish_function(p);
	} else if (p->func) {
		st_parse_error(p, loc, "missing '}' before 'st.func'");
		st_note(p->diag, p->func->loc, "to close function '@%s' started here", p->func->name);
		finish_function(p);
	}
	p->mode = MODE_FUNCS;
	p->func = st_function_new(p->m, name->s, loc);
	p->block = NULL;
	p->block_closed = false;
}

void st_parse_end_function(struct st_parser *p, struct st_loc loc)
{
	if (p->mode != MODE_FUNCS || !p->func) {
		st_parse_error(p, loc, "unexpected '}' outside of a function");
		return;
	}
	finish_function(p);
}

void st_parse_begin_block(struct st_parser *p, const struct st_tok *name, struct st_loc loc)
{
	if (!p->func) {
		if (p->mode == MODE_FUNCS) {
			st_parse_error(p, loc, "block label outside of a function");
			return;
		}
		start_flat(p, loc);
	}
	if (name->n == 0) {
		st_parse_error(p, loc, "empty block label");
		return;
	}
	new_block(p, name->s, loc);
}

void st_parse_label(struct st_parser *p, const struct st_tok *name, struct st_loc loc)
{
	struct st_block *b = current_block(p, loc, "label");
	if (!b)
		return;
	if (p->block_closed) {
		st_parse_error(p, loc, "label after 'Successors:' in block '^%s'", b->label);
		return;
	}
	st_block_append(b, st_label_new(p->m, name->s, loc));
}

void st_parse_begin_successors(struct st_parser *p, struct st_loc loc)
{
	p->succ_block = NULL;
	struct st_block *b = current_block(p, loc, "'Successors:'");
	if (!b)
		return;
	if (p->block_closed) {
		st_parse_error(p, loc, "second 'Successors:' line in block '^%s'", b->label);
		return;
	}
	p->block_closed = true;
	p->succ_block = b;
}

void st_parse_successor(struct st_parser *p, const struct st_tok *name, struct st_loc loc)
{
	if (name->n == 0) {
		st_parse_error(p, loc, "empty block name");
		return;
	}
	if (!p->succ_block)
		return;
	struct pending_succ ps = {p->succ_block, name->s, loc};
	st_vec_push(&p->pending, ps);
}

static struct st_operand *copy_operands(struct st_parser *p, const struct st_operand *ops, size_t n)
{
	if (!n)
		return NULL;
	struct st_operand *a = st_arena_alloc(p->m->arena, n * sizeof *a);
	memcpy(a, ops, n * sizeof *a);
	return a;
}

/* The counts of struct st_inst are 16 bits: an instruction with more operands
 * is an error at the first one too many (on the line of `at`). */
static bool too_many_operands(struct st_parser *p, struct st_loc at)
{
	if (p->ops.n <= ST_MAX_OPERANDS)
		return false;
	at.col = p->ops.v[ST_MAX_OPERANDS].col;
	st_parse_error(p, at, "too many operands (at most %u)", ST_MAX_OPERANDS);
	st_vec_clear(&p->ops);
	return true;
}

void st_parse_begin_inst(struct st_parser *p, const struct st_tok *mnemonic, struct st_loc loc, struct st_loc mloc)
{
	const char *name = mnemonic->s;
	if (strncmp(name, "st.", 3) == 0)
		name += 3;
	if (!*name) {
		st_parse_error(p, mloc, "empty operation name");
		p->cur = NULL;
		st_vec_clear(&p->ops);
		return;
	}
	if (too_many_operands(p, loc)) {
		p->cur = NULL;
		return;
	}
	struct st_inst *i = st_inst_new(p->m, name, loc);
	i->dsts = copy_operands(p, p->ops.v, p->ops.n);
	i->ndsts = (uint16_t)p->ops.n;
	st_vec_clear(&p->ops);
	p->cur = i;
}

/* st_verify_inst without the attributes (a shared list verified once). */
static size_t verify_operands(struct st_parser *p, struct st_inst *i)
{
	uint32_t n = i->nattrs;
	i->nattrs = 0;
	size_t bad = st_verify_inst(i, p->diag);
	i->nattrs = n;
	return bad;
}

static void append_inst(struct st_parser *p, struct st_inst *i);

void st_parse_end_inst(struct st_parser *p, bool has_attrs)
{
	struct st_inst *i = p->cur;
	p->cur = NULL;
	struct st_value dict = {0};
	if (has_attrs)
		dict = st_vec_pop(&p->vals);
	const struct st_value *attrs = has_attrs ? &dict : NULL;
	if (i && attrs && attrs->nfields > ST_MAX_OPERANDS) {
		st_parse_error(p, p->dict_store.v[attrs->i + ST_MAX_OPERANDS].loc, "too many attributes (at most %u)",
		               ST_MAX_OPERANDS);
		i = NULL;
	}
	if (!i || too_many_operands(p, i->loc)) {
		st_vec_clear(&p->ops);
		st_vec_clear(&p->dict_store);
		st_vec_clear(&p->elem_store);
		return;
	}
	i->srcs = copy_operands(p, p->ops.v, p->ops.n);
	i->nsrcs = (uint16_t)p->ops.n;
	st_vec_clear(&p->ops);
	/* A list seen before is taken as it is (it verified then); a new one is
	 * verified on the scratch copy, whose locations are exact, and shared
	 * from then on if it is good. */
	struct st_attr *scratch = NULL;
	uint32_t n = 0;
	struct shared_list *sl = NULL;
	uint64_t h = 0;
	if (attrs && attrs->nfields) {
		scratch = p->dict_store.v + attrs->i;
		n = attrs->nfields;
		resolve_scratch(p, scratch, n);
		h = hash_attrs(scratch, n);
		if (p->attr_lists.cap)
			sl = find_attr_list(&p->attr_lists, h, scratch, n)->sl;
	}
	size_t bad;
	if (sl) {
		i->attrs = share(p, sl);
		i->nattrs = (uint16_t)n;
		bad = verify_operands(p, i);
	} else {
		i->attrs = scratch;
		i->nattrs = (uint16_t)n;
		bad = st_verify_inst(i, p->diag);
		i->attrs = copy_attrs(p, scratch, n, true);
		if (!bad && n)
			sl = add_attr_list(p, h, i->attrs, n);
	}
	if (bad) {
		p->nerrors += bad;
		p->last_error_line = i->loc.line;
	} else {
		p->ended = sl;
	}
	st_vec_clear(&p->dict_store);
	st_vec_clear(&p->elem_store);
	append_inst(p, i);
}

/* The list an ATTRS_SEEN token stands for verified when it was first seen;
 * only the operands are left to check. */
void st_parse_end_inst_seen(struct st_parser *p)
{
	struct st_inst *i = p->cur;
	p->cur = NULL;
	struct shared_list *sl = p->seen;
	p->seen = NULL;
	if (!i || !sl || too_many_operands(p, i->loc)) {
		st_vec_clear(&p->ops);
		return;
	}
	i->srcs = copy_operands(p, p->ops.v, p->ops.n);
	i->nsrcs = (uint16_t)p->ops.n;
	st_vec_clear(&p->ops);
	i->attrs = share(p, sl);
	i->nattrs = (uint16_t)sl->n;
	size_t bad = verify_operands(p, i);
	if (bad) {
		p->nerrors += bad;
		p->last_error_line = i->loc.line;
	}
	append_inst(p, i);
}

static void append_inst(struct st_parser *p, struct st_inst *i)
{
	struct st_block *b = current_block(p, i->loc, "instruction");
	if (!b)
		return;
	if (p->block_closed) {
		st_parse_error(p, i->loc, "instruction after 'Successors:' in block '^%s'", b->label);
		return;
	}
	st_block_append(b, i);
}

void st_parse_recover(struct st_parser *p)
{
	st_vec_clear(&p->ops);
	st_vec_clear(&p->fields);
	st_vec_clear(&p->elems);
	st_vec_clear(&p->vals);
	st_vec_clear(&p->dict_store);
	st_vec_clear(&p->elem_store);
	p->cur = NULL;
	p->wide_count = 0;
	p->succ_block = NULL;
}

/* ---- Entry points ---- */

struct st_module *st_parse_stream(const char *filename, st_parse_read_fn *read, void *ctx, uint32_t first_line,
                                  struct st_diag_engine *diag)
{
	struct st_parser p = {0};
	p.m = st_module_new(filename);
	/* Locations borrow the caller's name, which outlives collected diagnostics
	 * even when the module is freed on error. */
	p.file = filename ? filename : "<input>";
	p.diag = diag;
	p.read = read;
	p.read_ctx = ctx;
	p.line = first_line ? first_line : 1;
	p.col = 1;
	p.line_first = true;
	p.texts = st_arena_new();

	yyscan_t scanner;
	if (st_yylex_init_extra(&p, &scanner) != 0)
		st_out_of_memory();
	p.scanner = scanner;
	/* 2: the parser's stack is full, input nested too deeply; st_yyerror
	 * reported it where it happened. Parsing stopped there. */
	int rc = st_yyparse(&p, scanner);
	if (!p.too_many_errors && rc != 2) {
		struct st_loc end = {p.file, p.line, p.col};
		if (p.mode == MODE_FUNCS && p.func) {
			st_parse_error(&p, end, "missing '}' at end of file");
			st_note(diag, p.func->loc, "to close function '@%s' started here", p.func->name);
			finish_function(&p);
		} else if (p.mode == MODE_FLAT) {
			finish_function(&p);
		} else if (p.mode == MODE_UNKNOWN) {
			/* An empty file is an empty flat function. */
			start_flat(&p, (struct st_loc){p.file, first_line ? first_line : 1, 1});
			new_block(&p, st_module_intern(p.m, entry_label), p.func->loc);
			finish_function(&p);
		}
	}

	st_yylex_destroy(scanner);
	st_arena_free(p.texts);
	st_buf_free(&p.cand);
	st_vec_free(&p.ops);
	st_vec_free(&p.fields);
	st_vec_free(&p.elems);
	st_vec_free(&p.vals);
	st_vec_free(&p.dict_store);
	st_vec_free(&p.elem_store);
	free(p.attr_lists.slots);
	free(p.attr_texts.slots);
	for (size_t k = 0; k < p.nlists; k++)
		free(p.lists[k]);
	free(p.lists);
	st_vec_free(&p.pending);
	free(p.labels.slots);
	st_buf_free(&p.sbuf);

	if (rc != 0 || p.nerrors) {
		st_module_free(p.m);
		return NULL;
	}
	for (size_t k = 0; k < p.m->funcs.n; k++)
		st_function_compute_preds(p.m->funcs.v[k]);
	return p.m;
}

struct memory_input {
	const char *text;
	size_t len, pos;
};

static ptrdiff_t read_memory(void *ctx, char *buf, size_t max)
{
	struct memory_input *in = ctx;
	size_t n = in->len - in->pos < max ? in->len - in->pos : max;
	if (n)
		memcpy(buf, in->text + in->pos, n);
	in->pos += n;
	return (ptrdiff_t)n;
}

struct st_module *st_parse(const char *filename, const char *text, size_t len, uint32_t first_line,
                           struct st_diag_engine *diag)
{
	struct memory_input in = {text, len, 0};
	return st_parse_stream(filename, read_memory, &in, first_line, diag);
}

static ptrdiff_t read_file(void *ctx, char *buf, size_t max)
{
	FILE *f = ctx;
	size_t n = fread(buf, 1, max, f);
	/* A short read that hit an error: what was read first, the error next. */
	if (n == 0 && ferror(f))
		return -1;
	return (ptrdiff_t)n;
}

struct st_module *st_parse_file(const char *filename, FILE *f, struct st_diag_engine *diag)
{
	return st_parse_stream(filename, read_file, f, 1, diag);
}
