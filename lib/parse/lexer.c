/* The .stir scanner: a hand-written, table-driven scanner over the caller's
 * buffer (docs/stir-format.md, "Lexical rules").
 *
 * It reads the input in place and never past `end`, so st_parse needs no
 * NUL-terminated copy of a file that may be hundreds of megabytes. Tokens
 * are slices of the input (never copied, never malloc'd); numbers are
 * converted by the st_lex_* helpers in parse.c, which also report lexical
 * errors (at most one per line) and return LEX_ERROR for the parser to
 * recover from without a second message. Where rules overlap the longest
 * match wins, as in a flex scanner: `0x1F` is one hex literal, `1.5e3` one
 * float, `foo :` a definition and `v[0:3]` an identifier followed by
 * punctuation. Newlines are tokens: they end statements. */
#include <string.h>

#include "parse/parse-internal.h"

enum {
	C_OTHER,  /* a byte no token starts with */
	C_BLANK,  /* space, \t, \r, \f, \v */
	C_NL,     /* \n */
	C_IDSTART, /* [A-Za-z_^@] */
	C_DIGIT,  /* [0-9] */
	C_PUNCT,  /* ( ) { } [ ] , = : */
	C_MINUS,  /* - */
	C_QUOTE,  /* " */
	C_HASH,   /* # */
	C_SLASH,  /* / */
	C_NUL,    /* \0 */
};

/* What each byte can start. */
static const unsigned char byte_class[256] = {
	[0] = C_NUL, ['\t'] = C_BLANK, ['\n'] = C_NL, ['\v'] = C_BLANK, ['\f'] = C_BLANK, ['\r'] = C_BLANK,
	[' '] = C_BLANK, ['"'] = C_QUOTE, ['#'] = C_HASH, ['('] = C_PUNCT, [')'] = C_PUNCT, [','] = C_PUNCT,
	['-'] = C_MINUS, ['/'] = C_SLASH, ['0'] = C_DIGIT, ['1'] = C_DIGIT, ['2'] = C_DIGIT, ['3'] = C_DIGIT,
	['4'] = C_DIGIT, ['5'] = C_DIGIT, ['6'] = C_DIGIT, ['7'] = C_DIGIT, ['8'] = C_DIGIT, ['9'] = C_DIGIT,
	[':'] = C_PUNCT, ['='] = C_PUNCT, ['@'] = C_IDSTART, ['['] = C_PUNCT, [']'] = C_PUNCT,
	['^'] = C_IDSTART, ['_'] = C_IDSTART, ['{'] = C_PUNCT, ['}'] = C_PUNCT,
	['A'] = C_IDSTART, ['B'] = C_IDSTART, ['C'] = C_IDSTART, ['D'] = C_IDSTART, ['E'] = C_IDSTART,
	['F'] = C_IDSTART, ['G'] = C_IDSTART, ['H'] = C_IDSTART, ['I'] = C_IDSTART, ['J'] = C_IDSTART,
	['K'] = C_IDSTART, ['L'] = C_IDSTART, ['M'] = C_IDSTART, ['N'] = C_IDSTART, ['O'] = C_IDSTART,
	['P'] = C_IDSTART, ['Q'] = C_IDSTART, ['R'] = C_IDSTART, ['S'] = C_IDSTART, ['T'] = C_IDSTART,
	['U'] = C_IDSTART, ['V'] = C_IDSTART, ['W'] = C_IDSTART, ['X'] = C_IDSTART, ['Y'] = C_IDSTART,
	['Z'] = C_IDSTART, ['a'] = C_IDSTART, ['b'] = C_IDSTART, ['c'] = C_IDSTART, ['d'] = C_IDSTART,
	['e'] = C_IDSTART, ['f'] = C_IDSTART, ['g'] = C_IDSTART, ['h'] = C_IDSTART, ['i'] = C_IDSTART,
	['j'] = C_IDSTART, ['k'] = C_IDSTART, ['l'] = C_IDSTART, ['m'] = C_IDSTART, ['n'] = C_IDSTART,
	['o'] = C_IDSTART, ['p'] = C_IDSTART, ['q'] = C_IDSTART, ['r'] = C_IDSTART, ['s'] = C_IDSTART,
	['t'] = C_IDSTART, ['u'] = C_IDSTART, ['v'] = C_IDSTART, ['w'] = C_IDSTART, ['x'] = C_IDSTART,
	['y'] = C_IDSTART, ['z'] = C_IDSTART,
};

static bool is_idchar(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
	       c == '+';
}

static bool is_digit(const char *s, const char *end)
{
	return s < end && *s >= '0' && *s <= '9';
}

static bool is_hexdigit(const char *s, const char *end)
{
	return s < end && ((*s >= '0' && *s <= '9') || ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'f'));
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* A token of n bytes at s: its location, and the last token for messages. */
static void take(struct st_parser *p, ST_YYLTYPE *loc, const char *s, size_t n)
{
	loc->file = p->file;
	loc->line = p->line;
	loc->col = (uint32_t)(s - p->line_start) + 1;
	p->tok_s = s;
	p->tok_n = n;
	p->pos = s + n;
}

/* A number: -?[0-9]+, -?0[xX][0-9a-fA-F]+ or -?[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?
 * at s, whose digits start at d. */
static int number(struct st_parser *p, ST_YYSTYPE *val, ST_YYLTYPE *loc, const char *s, const char *d)
{
	const char *end = p->end, *t = d;
	if (*t == '0' && t + 1 < end && (t[1] | 0x20) == 'x' && is_hexdigit(t + 2, end)) {
		for (t += 2; is_hexdigit(t, end); t++)
			;
		take(p, loc, s, (size_t)(t - s));
		return st_lex_hex(p, val, loc, s, (size_t)(t - s));
	}
	while (is_digit(t, end))
		t++;
	if (t < end && *t == '.') {
		for (t++; is_digit(t, end); t++)
			;
		if (t < end && (*t | 0x20) == 'e') {
			const char *e = t + 1;
			if (e < end && (*e == '+' || *e == '-'))
				e++;
			if (is_digit(e, end)) {
				for (t = e; is_digit(t, end); t++)
					;
			}
		}
		take(p, loc, s, (size_t)(t - s));
		return st_lex_float(val, s, (size_t)(t - s));
	}
	take(p, loc, s, (size_t)(t - s));
	return st_lex_int(p, val, loc, s, (size_t)(t - s));
}

/* A string: "([^"\\\n]|\\[^\n])*" or, unterminated, the same up to the end
 * of the line (with a trailing lone backslash). */
static int string(struct st_parser *p, ST_YYSTYPE *val, ST_YYLTYPE *loc, const char *s)
{
	const char *end = p->end, *t = s + 1;
	while (t < end) {
		char c = *t;
		if (c == '"') {
			take(p, loc, s, (size_t)(t + 1 - s));
			return st_lex_string(p, val, loc, s, (size_t)(t + 1 - s));
		}
		if (c == '\n')
			break;
		if (c == '\\') {
			if (t + 1 == end || t[1] == '\n') {
				t++;
				break;
			}
			t++;
		}
		t++;
	}
	take(p, loc, s, (size_t)(t - s));
	st_lex_error(p, *loc, "unterminated string");
	return LEX_ERROR;
}

/* A block comment from s (at its opening slash-star): consumed whole,
 * newlines counted. It stands for a NEWLINE when it spans lines, located at
 * its closing star-slash. False when the input ends inside it (reported). */
static bool block_comment(struct st_parser *p, ST_YYLTYPE *loc, const char *s, bool *newline)
{
	const char *end = p->end, *t = s + 2;
	take(p, loc, s, 2);
	struct st_loc start = *loc;
	*newline = false;
	for (; t < end; t++) {
		if (*t == '\n') {
			st_lex_newline(p, t);
			*newline = true;
		} else if (*t == '*' && t + 1 < end && t[1] == '/') {
			take(p, loc, t, 2);
			return true;
		}
	}
	p->pos = end;
	st_lex_error(p, start, "unterminated '/*' comment");
	return false;
}

int st_yylex_raw(ST_YYSTYPE *val, ST_YYLTYPE *loc, void *scanner)
{
	struct st_parser *p = scanner;
	const char *s = p->pos, *end = p->end;
	for (;;) {
		if (s >= end) {
			p->pos = end;
			return st_lex_eof(p, loc);
		}
		unsigned char c = (unsigned char)*s;
		switch (byte_class[c]) {
		case C_BLANK:
			s++;
			continue;
		case C_NL:
			take(p, loc, s, 1);
			st_lex_newline(p, s);
			return NEWLINE;
		case C_IDSTART: {
			const char *t = s + 1;
			while (t < end && is_idchar((unsigned char)*t))
				t++;
			/* {ID}{BLANK}*":" is a definition (label, block, Successors). */
			const char *u = t;
			while (u < end && is_blank(*u))
				u++;
			if (u < end && *u == ':') {
				take(p, loc, s, (size_t)(u + 1 - s));
				return st_lex_definition(p, val, s, (size_t)(u + 1 - s));
			}
			take(p, loc, s, (size_t)(t - s));
			return st_lex_ident(p, val, s, (size_t)(t - s));
		}
		case C_DIGIT:
			return number(p, val, loc, s, s);
		case C_MINUS:
			if (is_digit(s + 1, end))
				return number(p, val, loc, s, s + 1);
			take(p, loc, s, 1);
			return '-';
		case C_PUNCT:
			take(p, loc, s, 1);
			return c;
		case C_QUOTE:
			return string(p, val, loc, s);
		case C_HASH:
			s = memchr(s, '\n', (size_t)(end - s));
			if (!s)
				s = end;
			continue;
		case C_SLASH:
			if (s + 1 < end && s[1] == '/') {
				s = memchr(s, '\n', (size_t)(end - s));
				if (!s)
					s = end;
				continue;
			}
			if (s + 1 < end && s[1] == '*') {
				bool newline;
				if (!block_comment(p, loc, s, &newline))
					return st_lex_eof(p, loc);
				if (newline)
					return NEWLINE;
				s = p->pos;
				continue;
			}
			break;
		case C_NUL:
			take(p, loc, s, 1);
			st_lex_error(p, *loc, "NUL byte in input");
			return LEX_ERROR;
		default:
			break;
		}
		take(p, loc, s, 1);
		st_lex_bad_char(p, *loc, c);
		return LEX_ERROR;
	}
}
