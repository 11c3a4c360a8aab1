/* The .stir scanner's helpers: lexical diagnostics and token values.
 *
 * lexer.l's actions call these to turn a match into a token: names and
 * spellings are interned as they are lexed (the input is read in chunks and
 * does not stay), numbers are converted, and errors are reported at most
 * once per line. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parse-internal.h"
#include "parse/lexer.h"

/* Past this many errors the input is probably not .stir at all. */
enum { MAX_ERRORS = 100 };

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
	bool shown = !p->too_many_errors;
	st_parse_error(p, loc, "%s", st_buf_cstr(&b));
	st_buf_free(&b);
	/* Reported at the next line, an unclosed '{' needs pointing at. */
	struct st_loc open = {p->file, p->unclosed_line, p->unclosed_col};
	if (!open.line && p->depth)
		open = (struct st_loc){p->file, p->dict_open_line, p->dict_open_col};
	if (shown && open.line && open.line != loc.line)
		st_note(p->diag, open, "the '{' opened here is not closed");
	p->unclosed_line = 0;
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

/* s[0..n) interned. A kernel spells a few hundred names and mnemonics over
 * and over, so the string interned last in each slot of a small memo (by
 * its length and three of its bytes) is compared first, and only a string
 * not there is hashed and looked up in the module's interner. */
static const char *lex_intern(struct st_parser *p, const char *s, size_t n)
{
	if (!n)
		return st_internn(p->m->strings, s, n);
	size_t slot = (n * 31 + (unsigned char)s[n - 1] * 7u + (unsigned char)s[n / 2] * 3u + (unsigned char)s[n / 4]) %
	              ST_PARSE_STR_MEMO;
	struct str_memo *e = &p->str_memo[slot];
	if (e->n == n && e->s && memcmp(e->s, s, n) == 0)
		return e->s;
	const char *r = st_internn(p->m->strings, s, n);
	*e = (struct str_memo){r, n};
	return r;
}

/* The token's text as the module keeps it: interned. A token's value is
 * written whole, once: the parser copies it in 16-byte moves, and a store
 * of one field after it would stall that copy. */
static void tok_intern(struct st_parser *p, ST_YYSTYPE *val, const char *s, size_t n)
{
	val->tok = (struct st_tok){.s = lex_intern(p, s, n), .n = (uint32_t)n};
}

int st_lex_definition(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n)
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
	/* A misspelt `Successors:` would be an in-block label, and its list
	 * "unexpected"; no label is named so close to it. */
	if (n >= 8 && n <= 12 && n < 64 && text[0] != '^') {
		char name[64];
		memcpy(name, text, n);
		name[n] = '\0';
		for (size_t k = 0; k < n; k++)
			name[k] = (char)(name[k] >= 'A' && name[k] <= 'Z' ? name[k] - 'A' + 'a' : name[k]);
		if (st_edit_distance(name, "successors") <= 2) {
			st_lex_error(p, st_parse_loc(p, *loc), "unknown keyword '%.*s:'; did you mean 'Successors:'?", (int)n, text);
			return LEX_ERROR;
		}
	}
	tok_intern(p, val, text, n);
	return LABEL_DEF;
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
		if (st_tok_is(text, n, "st.func")) {
			val->tok = (struct st_tok){0};
			return KW_FUNC;
		}
		break;
	case 't':
		if (st_tok_is(text, n, "true")) {
			val->tok = (struct st_tok){.i = 1};
			return BOOL;
		}
		break;
	case 'f':
		if (st_tok_is(text, n, "false")) {
			val->tok = (struct st_tok){0};
			return BOOL;
		}
		break;
	}
	val->tok = (struct st_tok){.s = lex_intern(p, text, n), .n = (uint32_t)n, .kind = ST_OPND_SYMBOL};
	return IDENT;
}

int st_lex_int(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n)
{
	bool neg = text[0] == '-';
	uint64_t v = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (size_t k = neg; k < n; k++) {
		unsigned d = (unsigned)(text[k] - '0');
		if (v > (limit - d) / 10) {
			st_lex_error(p, st_parse_loc(p, *loc), "integer literal out of range");
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
			st_lex_error(p, st_parse_loc(p, *loc), "hex literal out of range");
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
		st_lex_error(p, st_parse_loc(p, *loc), "NUL byte in string");
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

/* Whether text[0..n) spells a register class whole; p->class_memo[text[0]]
 * then holds it. A kernel spells a handful of classes, so the spelling
 * matched last with each first byte is kept and compared before the table
 * of every spelling is searched. */
static bool range_class(struct st_parser *p, const char *text, size_t n)
{
	struct class_memo *e = &p->class_memo[(unsigned char)text[0]];
	if (e->len == n) {
		size_t k = 1;
		while (k < n && text[k] == e->spelling[k])
			k++;
		if (k == n)
			return true;
	}
	enum st_regclass cls;
	if (st_regclass_match(text, n, &cls) != n)
		return false;
	if (n <= sizeof e->spelling) {
		e->len = (uint8_t)n;
		e->cls = (uint8_t)cls;
		memcpy(e->spelling, text, n);
	}
	return true;
}

size_t st_lex_reg_range_of(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t idn, uint64_t lo,
                           uint64_t hi, size_t n)
{
	/* Where a register operand may stand: first on the line, after ',',
	 * '-' or an operand list's '(' (not hwreg's), outside dictionaries. */
	int t = p->prev_tok, t2 = p->prev2_tok;
	bool operand = t == NEWLINE || t == ',' || t == '-' || (t == '(' && t2 == STRING);
	/* Messages quote the class, as they did token by token. */
	p->tok_n = idn;
	if (!operand || p->depth || !range_class(p, text, idn) || hi < lo)
		return idn;
	enum st_regclass cls = (enum st_regclass)p->class_memo[(unsigned char)text[0]].cls;
	val->tok = (struct st_tok){.s = text, .n = (uint32_t)idn, .kind = (uint8_t)cls, .i = (int64_t)lo, .hi = (int64_t)hi};
	return n;
}

size_t st_lex_reg_range(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n)
{
	size_t idn = 0;
	while (text[idn] != '[') /* the rule put one there: a loop beats a call for a few bytes */
		idn++;
	uint64_t lo = 0, hi;
	size_t k = idn + 1;
	for (; text[k] != ':' && text[k] != ']'; k++)
		lo = lo * 10 + (uint64_t)(text[k] - '0');
	hi = lo;
	if (text[k] == ':')
		for (hi = 0, k++; text[k] != ']'; k++)
			hi = hi * 10 + (uint64_t)(text[k] - '0');
	return st_lex_reg_range_of(p, val, text, idn, lo, hi, n);
}
