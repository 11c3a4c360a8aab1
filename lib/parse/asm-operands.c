/* One instruction line of an assembly input: the mnemonic, the operands
 * (registers, with TensileLite expressions in their brackets, immediates,
 * symbols, labels), the modifiers after them, and which operands the
 * instruction writes and reads (the roles of lib/isa/roles.c). The line's
 * text itself is kept by the module, so nothing here needs to print back. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "asm-internal.h"

/* ---- Expressions: integer arithmetic over .set symbols ---- */

struct expr {
	struct asm_reader *r;
	const char *p, *end;
	const char *undefined;
	bool ok;
};

#define BYTE_CLASS(c)                                                                                              \
	(uint8_t)((((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') || (c) == '_' || (c) == '.' || (c) == '$'     \
	                   ? ASM_IDENT_START                                                                               \
	                   : 0) |                                                                                          \
	          ((c) >= '0' && (c) <= '9' ? ASM_DIGIT : 0) |                                                             \
	          ((c) == '(' || (c) == ')' || (c) == '[' || (c) == ']' || (c) == ',' || (c) == ':' || (c) == ' ' ||       \
	                           (c) == '\t'                                                                             \
	                   ? ASM_SPLIT                                                                                     \
	                   : 0) |                                                                                          \
	          ((c) == '+' || (c) == '-' || (c) == '*' || (c) == '/' || (c) == '%' || (c) == '&' || (c) == '|' ||       \
	                           (c) == '^' || (c) == '~' || (c) == '<' || (c) == '>' || (c) == '!'                      \
	                   ? ASM_OPERATOR                                                                                  \
	                   : 0))
#define BYTE_CLASS4(c) BYTE_CLASS(c), BYTE_CLASS((c) + 1), BYTE_CLASS((c) + 2), BYTE_CLASS((c) + 3)
#define BYTE_CLASS16(c) BYTE_CLASS4(c), BYTE_CLASS4((c) + 4), BYTE_CLASS4((c) + 8), BYTE_CLASS4((c) + 12)
#define BYTE_CLASS64(c) BYTE_CLASS16(c), BYTE_CLASS16((c) + 16), BYTE_CLASS16((c) + 32), BYTE_CLASS16((c) + 48)
const uint8_t asm_byte_class[256] = {BYTE_CLASS64(0), BYTE_CLASS64(64), BYTE_CLASS64(128), BYTE_CLASS64(192)};

static void skip_blanks(struct expr *e)
{
	while (e->p < e->end && (*e->p == ' ' || *e->p == '\t'))
		e->p++;
}

#define eat(e, op) eat_n((e), (op), sizeof(op) - 1)

static bool eat_n(struct expr *e, const char *op, size_t n)
{
	skip_blanks(e);
	if ((size_t)(e->end - e->p) < n || memcmp(e->p, op, n) != 0)
		return false;
	/* `<` is not `<<`, `|` is not `||`: the longer operator is another one. */
	if (n == 1 && e->p + 1 < e->end && e->p[1] == op[0] && (op[0] == '<' || op[0] == '>' || op[0] == '|' ||
	                                                        op[0] == '&'))
		return false;
	e->p += n;
	return true;
}

static int64_t expr_or(struct expr *e);

static int64_t primary(struct expr *e)
{
	skip_blanks(e);
	if (e->p >= e->end) {
		e->ok = false;
		return 0;
	}
	if (eat(e, "(")) {
		int64_t v = expr_or(e);
		if (!eat(e, ")"))
			e->ok = false;
		return v;
	}
	if (eat(e, "-"))
		return (int64_t)(0 - (uint64_t)primary(e));
	if (eat(e, "~"))
		return ~primary(e);
	if (eat(e, "!"))
		return !primary(e);
	if (eat(e, "+"))
		return primary(e);
	if (isdigit((unsigned char)*e->p)) {
		uint64_t v = 0;
		int base = 10;
		if (e->p + 1 < e->end && e->p[0] == '0' && (e->p[1] == 'x' || e->p[1] == 'X')) {
			base = 16;
			e->p += 2;
		}
		const char *digits = e->p;
		for (; e->p < e->end && isxdigit((unsigned char)*e->p); e->p++) {
			int d = isdigit((unsigned char)*e->p) ? *e->p - '0' : (tolower((unsigned char)*e->p) - 'a' + 10);
			if (d >= base)
				break;
			v = v * (uint64_t)base + (uint64_t)d;
		}
		if (e->p == digits || (e->p < e->end && asm_ident_char(*e->p)))
			e->ok = false; /* 1.5, 12abc, 0x: not an integer */
		return (int64_t)v;
	}
	if (asm_ident_start(*e->p)) {
		const char *s = e->p;
		while (e->p < e->end && asm_ident_char(*e->p))
			e->p++;
		const char *name = st_internn(e->r->m->strings, s, (size_t)(e->p - s));
		uint64_t v;
		if (asm_map_get(&e->r->syms, name, &v))
			return (int64_t)v;
		if (!e->undefined)
			e->undefined = name;
		e->ok = false;
		return 0;
	}
	e->ok = false;
	return 0;
}

static int64_t expr_mul(struct expr *e)
{
	int64_t v = primary(e);
	for (;;) {
		if (eat(e, "*")) {
			v = (int64_t)((uint64_t)v * (uint64_t)primary(e));
		} else if (eat(e, "/") || eat(e, "%")) {
			bool div = e->p[-1] == '/';
			int64_t d = primary(e);
			if (d == 0 || (v == INT64_MIN && d == -1)) {
				e->ok = false;
				return 0;
			}
			v = div ? v / d : v % d;
		} else {
			return v;
		}
	}
}

static int64_t expr_add(struct expr *e)
{
	int64_t v = expr_mul(e);
	for (;;) {
		if (eat(e, "+"))
			v = (int64_t)((uint64_t)v + (uint64_t)expr_mul(e));
		else if (eat(e, "-"))
			v = (int64_t)((uint64_t)v - (uint64_t)expr_mul(e));
		else
			return v;
	}
}

static int64_t expr_shift(struct expr *e)
{
	int64_t v = expr_add(e);
	for (;;) {
		bool left = eat(e, "<<");
		if (!left && !eat(e, ">>"))
			return v;
		int64_t n = expr_add(e);
		if (n < 0 || n > 63) {
			e->ok = false;
			return 0;
		}
		v = left ? (int64_t)((uint64_t)v << n) : v >> n;
	}
}

static int64_t expr_and(struct expr *e)
{
	int64_t v = expr_shift(e);
	while (eat(e, "&"))
		v &= expr_shift(e);
	return v;
}

static int64_t expr_xor(struct expr *e)
{
	int64_t v = expr_and(e);
	while (eat(e, "^"))
		v ^= expr_and(e);
	return v;
}

static int64_t expr_or(struct expr *e)
{
	int64_t v = expr_xor(e);
	while (eat(e, "|"))
		v |= expr_xor(e);
	return v;
}

bool asm_eval(struct asm_reader *r, const char *s, size_t n, int64_t *val, const char **undefined)
{
	struct expr e = {r, s, s + n, NULL, true};
	int64_t v = expr_or(&e);
	skip_blanks(&e);
	if (e.p != e.end)
		e.ok = false;
	if (undefined)
		*undefined = e.undefined;
	if (e.ok)
		*val = v;
	return e.ok;
}

/* A plain decimal s[0..n) (at most 18 digits, so no overflow): the common case
 * of register indices and immediates, without the expression machinery. */
static bool plain_decimal(const char *s, size_t n, int64_t *v)
{
	bool neg = n && *s == '-';
	size_t k = neg;
	if (k == n || n - k > 18)
		return false;
	int64_t x = 0;
	for (; k < n; k++) {
		if (s[k] < '0' || s[k] > '9')
			return false;
		x = x * 10 + (s[k] - '0');
	}
	*v = neg ? -x : x;
	return true;
}

/* ---- Operands ---- */

static bool operator_char(char c) { return asm_byte_class[(unsigned char)c] & ASM_OPERATOR; }

/* The assembly spellings of the register classes (regclass.def's
 * ST_REGASM, the table st_regclass_asm reads), with their lengths. */
static const struct {
	const char *spelling;
	uint8_t len, form; /* enum st_regasm_form */
} regasm[] = {
#define ST_REGASM(e, sp, form) [ST_REG_##e] = {sp, sizeof sp - 1, ST_REGASM_##form},
#include "stinkytofu/regclass.def"
};

/* The value of the decimal s[0..n) of 1 to 18 digits, or -1 when it is none. */
static inline int64_t digits_value(const char *s, size_t n)
{
	if (!n || n > 18)
		return -1;
	int64_t x = 0;
	for (size_t k = 0; k < n; k++) {
		unsigned d = (unsigned)(unsigned char)s[k] - '0';
		if (d > 9)
			return -1;
		x = x * 10 + d;
	}
	return x;
}

/* `lo:hi` or `lo` at p (before end), each of 1 to 9 digits: the common
 * register index, read in one pass. Returns where it stops (after the last
 * digit read), or NULL when p holds no digit; `:` is read only with range. */
static inline const char *index_range(const char *p, const char *end, bool range, int64_t *lo, int64_t *hi)
{
	const char *q = p, *stop = end - p > 9 ? p + 9 : end;
	int64_t x = 0;
	while (q < stop && (unsigned)(*q - '0') <= 9)
		x = x * 10 + (*q++ - '0');
	if (q == p)
		return NULL;
	*lo = *hi = x;
	if (!range || q == end || *q != ':')
		return q;
	p = ++q;
	stop = end - p > 9 ? p + 9 : end;
	x = 0;
	while (q < stop && (unsigned)(*q - '0') <= 9)
		x = x * 10 + (*q++ - '0');
	*hi = x;
	return q != p ? q : NULL;
}

/* The register class spelled s[0..k), or -1. Every spelling is lower-case
 * letters and '_' (regclass.def), so the class of a register is the one
 * spelled by its longest such prefix: an index starts with a digit or '['. */
static inline int regclass_named(const char *s, size_t k)
{
	for (int c = 0; c < ST_NUM_REGCLASSES; c++)
		if (regasm[c].len == k && *regasm[c].spelling == *s && regasm[c].form != ST_REGASM_PSEUDO &&
		    (k == 1 || memcmp(s + 1, regasm[c].spelling + 1, k - 1) == 0))
			return c;
	return -1;
}

/* A register spelled s[0..n): `v5`, `s[4:5]`, `v[vgprA+2:vgprA+5]`,
 * `ttmp[0:1]`, `m0`, `vcc_lo`, `exec`, `scc`. Returns 1 with *reg, 0 when
 * the text is no register, -1 after an error. */
static int parse_reg(struct asm_reader *r, const char *s, size_t n, uint32_t col, struct st_reg *reg)
{
	if (!n || *s < 'a' || *s > 'z')
		return 0; /* every register spelling is lower case: skip the table */
	size_t k = 1;
	while (k < n && ((s[k] >= 'a' && s[k] <= 'z') || s[k] == '_'))
		k++;
	int c = regclass_named(s, k);
	if (c < 0)
		return 0;
	if (regasm[c].form != ST_REGASM_INDEXED) {
		if (n != k)
			return 0;
		*reg = (struct st_reg){.index = 0, .count = 1, .cls = (uint8_t)c};
		return 1;
	}
	if (n == k)
		return 0;
	int64_t lo, hi;
	if (s[k] >= '0' && s[k] <= '9') {
		if ((lo = digits_value(s + k, n - k)) < 0)
			return 0; /* v5x: a symbol */
		hi = lo;
	} else if (s[k] == '[' && s[n - 1] == ']' && index_range(s + k + 1, s + n - 1, true, &lo, &hi) == s + n - 1) {
		/* v[0:3] */
	} else if (s[k] == '[' && s[n - 1] == ']') {
		const char *in = s + k + 1, *inend = s + n - 1;
		const char *colon = memchr(in, ':', (size_t)(inend - in));
		const char *und = NULL;
		size_t nlo = (size_t)((colon ? colon : inend) - in);
		bool ok = (lo = digits_value(in, nlo)) >= 0 || plain_decimal(in, nlo, &lo) || asm_eval(r, in, nlo, &lo, &und);
		hi = lo;
		if (ok && colon) {
			size_t nhi = (size_t)(inend - colon - 1);
			ok = (hi = digits_value(colon + 1, nhi)) >= 0 || plain_decimal(colon + 1, nhi, &hi) ||
			     asm_eval(r, colon + 1, nhi, &hi, &und);
		}
		if (!ok) {
			if (und)
				asm_error(r, col, "undefined symbol '%s' in register '%.*s'", und, (int)n, s);
			else
				asm_error(r, col, "malformed register '%.*s'", (int)n, s);
			return -1;
		}
	} else {
		return 0;
	}
	if (lo < 0 || hi < lo || hi - lo >= (int64_t)ST_REG_MAX_COUNT || hi > 2147483647) {
		asm_error(r, col, "register range '%.*s' is %s", (int)n, s,
		          lo < 0 ? "negative" : hi < lo ? "empty (it ends before it starts)" : "out of range");
		return -1;
	}
	*reg = (struct st_reg){.index = (uint32_t)lo, .count = (uint16_t)(hi - lo + 1), .cls = (uint8_t)c};
	return 1;
}

/* The register inside source modifiers: -v0, |v0|, -|v0|, neg(v0), abs(v0), sext(v0). */
static void strip_source_modifiers(const char **s, size_t *n, bool *neg)
{
	for (bool again = true; again && *n;) {
		again = false;
		if (**s == '-') {
			*neg = true;
			(*s)++, (*n)--;
			again = true;
		} else if (*n >= 2 && **s == '|' && (*s)[*n - 1] == '|') {
			(*s)++, *n -= 2;
			again = true;
		} else if ((*s)[*n - 1] == ')') {
			static const struct {
				const char *fn;
				size_t len;
			} fns[] = {{"neg(", 4}, {"abs(", 4}, {"sext(", 5}};
			for (size_t k = 0; k < 3; k++) {
				size_t l = fns[k].len;
				if (*n > l && **s == fns[k].fn[0] && memcmp(*s, fns[k].fn, l) == 0) {
					*neg |= k == 0;
					*s += l, *n -= l + 1;
					again = true;
					break;
				}
			}
		}
	}
}

static bool is_decimal(const char *s, size_t n)
{
	size_t k = n && *s == '-';
	if (k == n)
		return false;
	for (; k < n; k++)
		if (!isdigit((unsigned char)s[k]))
			return false;
	return true;
}

static bool is_float(const char *s, size_t n)
{
	size_t k = n && *s == '-';
	bool digit = false, dot = false;
	for (; k < n; k++) {
		if (isdigit((unsigned char)s[k]))
			digit = true;
		else if (s[k] == '.' && !dot)
			dot = true;
		else if ((s[k] == 'e' || s[k] == 'E') && digit && dot)
			return k + 1 < n; /* 1.5e3 */
		else
			return false;
	}
	return digit && dot;
}

/* A register name and index with a stray or missing bracket (`v3]`,
 * `s[0:1`): no symbol or expression is spelt so. */
static bool looks_like_register(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && *s >= 'a' && s[k] >= 'a' && s[k] <= 'z')
		k++;
	if (!k || k == n || (s[k] != '[' && !isdigit((unsigned char)s[k])))
		return false;
	return memchr(s, '[', n) || memchr(s, ']', n);
}

/* One operand's text s[0..n) at column col. */
static bool parse_operand(struct asm_reader *r, const char *s, size_t n, uint32_t col, bool target,
                          struct st_operand *op)
{
	struct st_module *m = r->m;
	*op = (struct st_operand){.kind = ST_OPND_SYMBOL, .col = st_operand_col(col)};
	if (target && n && asm_ident_start(*s)) {
		size_t k = 0;
		while (k < n && asm_ident_char(s[k]))
			k++;
		if (k == n) {
			op->kind = ST_OPND_LABEL;
			op->text = st_internn(m->strings, s, n);
			return true;
		}
	}
	const char *rs = s;
	size_t rn = n;
	bool neg = false;
	if (n && (*s == '-' || *s == '|' || s[n - 1] == ')')) /* what strip_source_modifiers looks for */
		strip_source_modifiers(&rs, &rn, &neg);
	struct st_reg reg;
	int got = parse_reg(r, rs, rn, col, &reg);
	if (got < 0)
		return false;
	if (!got && looks_like_register(rs, rn)) {
		asm_error(r, col, "malformed register '%.*s'", (int)n, s);
		return false;
	}
	if (got > 0) {
		reg.neg = neg;
		op->kind = ST_OPND_REG;
		op->reg = reg;
		return true;
	}
	int64_t v;
	if (plain_decimal(s, n, &v) || (is_decimal(s, n) && asm_eval(r, s, n, &v, NULL))) {
		op->kind = ST_OPND_INT;
		op->ival = v;
		return true;
	}
	op->text = st_internn(m->strings, s, n);
	if (n > 2 && n <= 18 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		uint64_t x = 0;
		size_t k = 2;
		for (; k < n && isxdigit((unsigned char)s[k]); k++)
			x = x * 16 + (uint64_t)(isdigit((unsigned char)s[k]) ? s[k] - '0' : (tolower((unsigned char)s[k]) - 'a' + 10));
		if (k == n) { /* 0x1f: the common hex immediate */
			op->kind = ST_OPND_HEX;
			op->ival = (int64_t)x;
			return true;
		}
	}
	size_t id = 0;
	while (id < n && asm_ident_char(s[id]))
		id++;
	if (id == n && asm_ident_start(*s)) { /* one name: a symbol's value, or a symbol (off, null) */
		uint64_t sv;
		if (asm_map_get(&r->syms, op->text, &sv)) {
			op->kind = ST_OPND_HEX;
			op->ival = (int64_t)sv;
		}
		return true;
	}
	if (is_float(s, n)) {
		op->kind = ST_OPND_FLOAT;
		return true;
	}
	/* MT0/2, NumPersistIters-1: the value for the analyses, the spelling kept. */
	if (asm_eval(r, s, n, &v, NULL)) {
		op->kind = ST_OPND_HEX;
		op->ival = v;
	}
	return true;
}

/* ---- Splitting an instruction's text ---- */

/* An instruction's text after its mnemonic is its operands, separated by
 * commas, then its modifiers, separated by blanks. An operand may hold
 * blanks around an operator (`instid0(X) | instskip(Y)`, `MT0 / 2`) and
 * commas inside brackets or parentheses. The operands are read as they are
 * split (read_half). */

/* Where the operand whose text starts at text[p] (no blank) ends: at the
 * first comma outside brackets and parentheses, or at the first blank that
 * no operator joins to what follows, or at end (blanks before a comma
 * included: the caller trims them). *modifier says whether a ':' outside
 * brackets came first: `offset:16`, `th:TH_LOAD_NT` are modifiers. */
static size_t piece_end(const char *text, size_t p, size_t end, bool *modifier)
{
	int depth = 0;
	for (; p < end; p++) {
		char c = text[p];
		if (!(asm_byte_class[(unsigned char)c] & ASM_SPLIT))
			continue;
		if (c == '(' || c == '[')
			depth++;
		else if ((c == ')' || c == ']') && depth > 0)
			depth--;
		else if (depth == 0 && c == ',')
			break;
		else if (depth == 0 && c == ':')
			*modifier = true;
		else if (depth == 0 && (c == ' ' || c == '\t')) {
			/* A blank ends the operand unless an operator joins the two sides. */
			size_t q = p;
			while (q < end && (text[q] == ' ' || text[q] == '\t'))
				q++;
			bool joins = q < end && (operator_char(text[q]) || operator_char(text[p - 1]));
			if (q < end && text[q] == ',')
				joins = true;
			if (!joins)
				break;
			p = q - 1;
		}
	}
	return p;
}

/* Whether the operand text that runs to text[q] ends there, as piece_end
 * would find, when text[..q) holds nothing piece_end stops at (no blank,
 * comma or ':', only a closed bracket) and its last byte is no operator:
 * at the end, a comma, or a blank no operator joins to what follows. *next
 * is where the next operand is looked for (after the comma: *comma) or
 * where the modifiers start. */
static inline bool ends_piece(const char *text, size_t q, size_t end, size_t *next, bool *comma)
{
	*comma = false;
	*next = q;
	if (q == end)
		return true;
	if (text[q] == ',') {
		*comma = true;
		*next = q + 1;
		return true;
	}
	if (text[q] != ' ' && text[q] != '\t')
		return false;
	size_t b = q + 1;
	while (b < end && (text[b] == ' ' || text[b] == '\t'))
		b++;
	if (b < end && text[b] == ',') {
		*comma = true;
		*next = b + 1;
		return true;
	}
	return b == end || !operator_char(text[b]);
}

/* The common operand, a run of bytes that neither split nor nest, maybe
 * with one bracket of them and ':' after it (`-1`, `0x40`, `off`,
 * `s[sgprA:sgprA+1]`), ending as ends_piece says: then its text ends at
 * *pe without piece_end's scan. False when the text is not so. */
static bool plain_piece(const char *text, size_t s, size_t end, size_t *pe, size_t *next, bool *comma)
{
	size_t q = s;
	while (q < end && !(asm_byte_class[(unsigned char)text[q]] & ASM_SPLIT))
		q++;
	if (q < end && text[q] == '[') {
		for (q++; q < end && (!(asm_byte_class[(unsigned char)text[q]] & ASM_SPLIT) || text[q] == ':'); q++)
			;
		if (q >= end || text[q] != ']')
			return false;
		q++;
	}
	*pe = q;
	return (q == s || !operator_char(text[q - 1]) || q == end || text[q] == ',') && ends_piece(text, q, end, next, comma);
}

/* The register at text[s] in its common spellings, a class and a decimal
 * index or a bracket of decimals (`v5`, `s[4:5]`, `vcc_lo`), when what
 * follows ends the operand (ends_piece): what parse_operand reads from that
 * text (parse_reg), read with the operand's extent. False for anything
 * else, a register out of range included. */
static bool plain_register(const char *text, size_t s, size_t end, struct st_reg *reg, size_t *pe, size_t *next,
                           bool *comma)
{
	size_t k = s;
	while (k < end && ((text[k] >= 'a' && text[k] <= 'z') || text[k] == '_'))
		k++;
	if (k == s)
		return false;
	int c = regclass_named(text + s, k - s);
	if (c < 0)
		return false;
	int64_t lo = 0, hi = 0;
	const char *q = text + k;
	if (regasm[c].form == ST_REGASM_INDEXED) {
		if (k < end && text[k] == '[') {
			q = index_range(text + k + 1, text + end, true, &lo, &hi);
			if (!q || q == text + end || *q != ']')
				return false;
			q++;
		} else if (!(q = index_range(text + k, text + end, false, &lo, &hi))) {
			return false;
		}
		if (hi < lo || hi - lo >= (int64_t)ST_REG_MAX_COUNT)
			return false;
	}
	*pe = (size_t)(q - text);
	if (!ends_piece(text, *pe, end, next, comma))
		return false;
	*reg = (struct st_reg){.index = (uint32_t)lo, .count = (uint16_t)(hi - lo + 1), .cls = (uint8_t)c};
	return true;
}

/* A modifier `th:...RETURN...` marks a returning atomic. */
static bool has_return_modifier(const char *text, size_t start, size_t end)
{
	for (size_t p = start; p + 3 <= end; p++)
		if (memcmp(text + p, "th:", 3) == 0 && (p == start || text[p - 1] == ' ' || text[p - 1] == '\t')) {
			size_t q = p + 3;
			while (q < end && text[q] != ' ' && text[q] != '\t')
				q++;
			for (size_t k = p + 3; k + 6 <= q; k++)
				if (memcmp(text + k, "RETURN", 6) == 0)
					return true;
		}
	return false;
}

static struct st_operand implicit(enum st_regclass cls)
{
	return (struct st_operand){.kind = ST_OPND_REG, .reg = {.index = 0, .count = 1, .cls = (uint8_t)cls}};
}

/* One half of a line (the whole line, or one side of `::`): mnemonic and operands. */
struct half {
	const char *name; /* interned mnemonic */
	uint32_t col;
	const struct st_mnemonic *row;
	uint32_t info; /* its entry of the reader's rows (row_info) */
	size_t first, nops; /* in the operand scratch */
	bool returning;
};

static bool starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* What llvm-mc rejects is an error here too: a line with a number of
 * operands its row does not allow (st_mnemonic_operand_counts), a
 * destination slot holding a number, a memory instruction's VGPR slot
 * holding none or its scalar slot a VGPR (st_slot_kind), an e32 line's
 * vsrc1 that is no VGPR, and a flat, global or scratch address whose width
 * does not match its saddr. A line of a mnemonic the table does not know,
 * or whose count it cannot tell, is not checked. What a mnemonic's row says
 * (its roles, its slots) is worked out once per reader. */
/* An atomic's data VGPRs from its type suffix (_b32: 1, _u64: 2, twice
 * that for a compare-and-swap), 0 for the other types. */
static uint8_t atomic_data_width(const char *name)
{
	size_t n = strlen(name);
	if (n < 4 || !strchr("biuf", name[n - 3]) || name[n - 4] != '_')
		return 0;
	unsigned w = !strcmp(name + n - 2, "32") ? 1 : !strcmp(name + n - 2, "64") ? 2 : 0;
	return (uint8_t)(strstr(name, "_cmpswap") ? 2 * w : w);
}

/* The rows are found by the mnemonic's text, so a line's mnemonic is
 * interned and looked up in the ISA memo only the first time it is seen. */
static uint32_t name_hash(const char *s, size_t n)
{
	/* Its first and last eight bytes and its length: a hash, not an
	 * identity (the index compares the whole text on a match). */
	uint64_t first = 0, last = 0;
	if (n >= 8) {
		memcpy(&first, s, 8);
		memcpy(&last, s + n - 8, 8);
	} else {
		for (size_t k = 0; k < n; k++)
			first |= (uint64_t)(unsigned char)s[k] << (8 * k);
	}
	uint64_t h = st_hash64(first ^ (last * UINT64_C(0x9E3779B97F4A7C15)) ^ n);
	return (uint32_t)(h ^ (h >> 32));
}

struct row_key {
	const struct asm_row *rows;
	const char *s;
	size_t len;
};

static bool same_name(const void *cx, uint32_t idx)
{
	const struct row_key *k = cx;
	const struct asm_row *a = &k->rows[idx];
	return a->len == k->len && st_bytes_equal(a->name, k->s, k->len);
}

/* The entry of rows of the mnemonic s[0..n), worked out when it is new. */
static uint32_t row_info(struct asm_reader *r, const char *s, size_t n, uint32_t col)
{
	struct row_key key = {r->rows.v, s, n};
	/* Kernels repeat a mnemonic in runs (unrolled loads, wmma chains): the
	 * row of the line before is tried first. */
	if (r->rows.n && same_name(&key, r->last_row))
		return r->last_row;
	uint32_t hash = name_hash(s, n);
	uint32_t idx = st_index_get(&r->row_index, hash, same_name, &key);
	if (idx != ST_INDEX_NONE)
		return r->last_row = idx;
	const char *name = st_internn(r->m->strings, s, n);
	const struct st_mnemonic *mn = st_module_mnemonic(r->m, name);
	struct asm_row a = {.name = name, .len = (uint32_t)n, .row = mn, .roles = st_mnemonic_roles(mn),
	                    .isa = st_module_isa(r->m, name), .vaddr = ASM_MAX_SLOTS, .saddr = ASM_MAX_SLOTS};
	a.target = (a.isa->flags & ST_ISA_BRANCH) && strncmp(name, "s_setpc", 7) != 0 && strncmp(name, "s_set_pc", 8) != 0;
	bool e64 = n > 4 && strcmp(name + n - 4, "_e64") == 0;
	bool e32 = n > 4 && strcmp(name + n - 4, "_e32") == 0;
	if (mn) {
		a.counts[0] = st_mnemonic_operand_counts(mn, e64, false);
		a.counts[1] = st_mnemonic_operand_counts(mn, e64, true);
	}
	a.known = a.counts[0] != 0;
	a.msb[0] = st_vgpr_msb_layout(mn, false);
	a.msb[1] = st_vgpr_msb_layout(mn, true);
	if (mn && !a.known) /* once per mnemonic: the rows are worked out once */
		asm_warning(r, col,
		            "the table gives no operand count for '%s', the name of a dual-issue pair (assembly writes "
		            "its two halves, 'v_dual_X ... :: v_dual_Y ...'): its operands are not checked",
		            name);
	if (a.known) {
		struct st_roles roles = a.roles;
		const char *sec = mn->section;
		bool addr = !strcmp(sec, "VGLOBAL") || !strcmp(sec, "VFLAT") || !strcmp(sec, "VSCRATCH");
		bool vop = !strcmp(sec, "VOP1") || !strcmp(sec, "VOP2") || !strcmp(sec, "VOPC");
		unsigned ndst = st_slot_count(mn->dst);
		const char *cols[5] = {mn->dst, mn->src[0], mn->src[1], mn->src[2], mn->src[3]};
		for (int c = 0; c < 5; c++)
			for (const char *p = cols[c]; *p && a.nslots < ASM_MAX_SLOTS;) {
				enum st_slot_kind kind = st_slot_kind(mn, p);
				if (e32 && vop && starts_with(p, "vsrc"))
					kind = ST_SLOT_VGPR; /* the e32 encodings' second source */
				if (addr && starts_with(p, "vaddr"))
					a.vaddr = a.nslots;
				if (addr && starts_with(p, "saddr"))
					a.saddr = a.nslots;
				if (!strcmp(sec, "SMEM") && starts_with(p, "sbase")) {
					a.sbase = a.nslots;
					a.sbase_width = strstr(mn->canonical, "_buffer") ? 4 : 2;
				}
				a.names[a.nslots] = p;
				a.kinds[a.nslots++] = (uint8_t)kind;
				p += strcspn(p, ",");
				p += *p == ',';
			}
		if (!strcmp(sec, "VFLAT"))
			a.saddr = a.nslots; /* the saddr gfx1250 adds after the slots */
		/* Which slot a short line leaves out: the destination (an atomic
		 * without return, VOPC's e32 form), or the last ones (SMEM, flat's
		 * saddr, tensor groups). */
		bool last = !strcmp(sec, "SMEM") || !strcmp(sec, "VFLAT") || !strcmp(sec, "VTENSOR");
		a.ret_first = addr && (roles.flags & ST_ROLE_RET_BY_TH) && ndst;
		if (a.ret_first)
			a.vdata_width = atomic_data_width(mn->canonical);
		a.shift_first = ndst && sec[0] == 'V' && !last && !a.ret_first &&
		                 (a.counts[0] & ((1u << a.nslots) - 1)) != 0;
		for (unsigned k = 0; k < a.nslots; k++) {
			/* A written slot holds a register (s_setreg's first slot is
			 * a hardware register id, which roles do not count). */
			if (k < roles.ndsts && a.kinds[k] == ST_SLOT_ANY)
				a.kinds[k] = ASM_SLOT_REGISTER;
			if (a.kinds[k] != ST_SLOT_ANY)
				a.kmask |= (uint16_t)(1u << k);
		}
	}
	st_vec_push(&r->rows, a);
	key.rows = r->rows.v;
	return r->last_row = st_index_put(&r->row_index, hash, same_name, &key, (uint32_t)r->rows.n - 1);
}

static bool is_number(const struct st_operand *op)
{
	return op->kind == ST_OPND_INT || op->kind == ST_OPND_HEX || op->kind == ST_OPND_FLOAT;
}

static bool is_off(const struct st_operand *op)
{
	return op->kind == ST_OPND_SYMBOL && op->text && strcmp(op->text, "off") == 0;
}

/* Whether the modifiers text[start..end) hold the word `w` (`key:` starts one). */
static bool has_word(const char *text, size_t start, size_t end, const char *w)
{
	size_t n = strlen(w);
	bool key = w[n - 1] == ':';
	for (size_t p = start; p + n <= end; p++)
		if (memcmp(text + p, w, n) == 0 && (p == start || text[p - 1] == ' ' || text[p - 1] == '\t') &&
		    (key || p + n == end || text[p + n] == ' ' || text[p + n] == '\t'))
			return true;
	return false;
}

/* The numbers of operands `counts` allows, in words, for a line of n:
 * "3", "at most 4", "at least 2", "2 or 4". */
static void allowed_counts(uint32_t counts, size_t n, char *buf, size_t cap)
{
	unsigned lo = (unsigned)__builtin_ctz(counts), hi = 31 - (unsigned)__builtin_clz(counts);
	unsigned k = n > hi ? hi : lo;
	if (lo != hi && n > lo && n < hi)
		snprintf(buf, cap, "%u or %u operands", lo, hi);
	else
		snprintf(buf, cap, "%s%u operand%s", lo == hi ? "" : n > hi ? "at most " : "at least ", k, k == 1 ? "" : "s");
}

/* A flat, global or scratch address: 64 bits (v[0:1]) with no saddr (flat)
 * or saddr `off` (global), 32 bits with an SGPR saddr; scratch's is 32. */
static bool check_address(struct asm_reader *r, const struct half *h, const struct asm_row *a, unsigned skip)
{
	const struct st_operand *ops = r->ops.v + h->first;
	unsigned kv = a->vaddr - skip, ks = a->saddr - skip;
	if (a->vaddr >= ASM_MAX_SLOTS || kv >= h->nops || ops[kv].kind != ST_OPND_REG || ops[kv].reg.cls != ST_REG_V)
		return true;
	const struct st_operand *sa = ks < h->nops ? &ops[ks] : NULL;
	bool scratch = !strcmp(h->row->section, "VSCRATCH");
	unsigned want;
	const char *why;
	if (scratch) {
		want = 1, why = "a scratch address";
	} else if (!sa || is_off(sa)) {
		want = 2, why = sa ? "an address with saddr 'off'" : "an address with no saddr";
	} else if (sa->kind == ST_OPND_REG && sa->reg.cls != ST_REG_V) {
		want = 1, why = "an address with an SGPR saddr";
	} else {
		return true;
	}
	if (ops[kv].reg.count == want)
		return true;
	asm_error(r, ops[kv].col, "operand #%u of '%s' is its vaddr: %s is %s", kv + 1, h->name, why,
	          want == 1 ? "one VGPR (32 bits)" : "a VGPR pair (64 bits)");
	return false;
}

static bool check_slots(struct asm_reader *r, const struct half *h, const struct pieces *pieces, const char *code,
                        size_t mods, size_t end)
{
	const struct asm_row *a = &r->rows.v[h->info];
	if (!a->known)
		return true;
	uint32_t counts = a->counts[0] | (h->returning ? a->counts[1] : 0); /* th:*RETURN*: either form */
	if (h->nops > 31 || !(counts & (1u << h->nops))) {
		char allowed[48];
		allowed_counts(counts, h->nops, allowed, sizeof allowed);
		unsigned hi = 31 - (unsigned)__builtin_clz(counts);
		uint32_t col = h->nops > hi ? (uint32_t)pieces->v[hi].start + 1 : h->col;
		asm_error(r, col, "'%s' takes %s, not %zu", h->name, allowed, h->nops);
		return false;
	}
	const struct st_operand *ops = r->ops.v + h->first;
	unsigned skip = a->shift_first && h->nops < a->nslots ? a->nslots - (unsigned)h->nops : 0;
	if (a->ret_first) {
		/* With th:*RETURN* llvm-mc takes both forms: flat's three operands
		 * are vdst, vaddr, vdata, or vaddr, vdata and an SGPR saddr. */
		const struct st_operand *last = &ops[h->nops - 1];
		bool vdst = h->returning && (a->counts[1] & (1u << h->nops));
		if (vdst && (a->counts[0] & (1u << h->nops)))
			vdst = !(last->kind == ST_OPND_REG && last->reg.cls != ST_REG_V);
		skip = !vdst;
	}
	for (unsigned m = a->kmask >> skip; m; m &= m - 1) {
		unsigned k = (unsigned)__builtin_ctz(m);
		if (k >= h->nops)
			break;
		const struct st_operand *op = &ops[k];
		unsigned want = a->kinds[k + skip];
		bool vgpr = op->kind == ST_OPND_REG && op->reg.cls == ST_REG_V;
		const char *need = NULL;
		if (want == ASM_SLOT_REGISTER) {
			if (is_number(op)) {
				asm_error(r, op->col, "operand #%u of '%s' is a destination: a register, not a number", k + 1,
				          h->name);
				return false;
			}
		} else if (want == ST_SLOT_VGPR && !vgpr) {
			need = "a VGPR";
		} else if (want == ST_SLOT_VGPR_OR_OFF && !vgpr && !is_off(op)) {
			need = "a VGPR or 'off'";
		} else if (want == ST_SLOT_SCALAR && vgpr) {
			need = "no VGPR";
		} else if (want == ST_SLOT_SGPR && (vgpr || is_number(op))) {
			need = "a scalar register";
		}
		if (need) {
			const char *slot = a->names[k + skip];
			asm_error(r, op->col, "operand #%u of '%s' is its %.*s, which must be %s", k + 1, h->name,
			          (int)strcspn(slot, ",:"), slot, need);
			return false;
		}
	}
	const struct st_operand *sb = a->sbase_width && a->sbase < h->nops ? &ops[a->sbase] : NULL;
	if (sb && sb->kind == ST_OPND_REG && (sb->reg.cls == ST_REG_S || sb->reg.cls == ST_REG_TTMP) &&
	    sb->reg.count != a->sbase_width) {
		asm_error(r, sb->col, "operand #%u of '%s' is its sbase: %u SGPRs", a->sbase + 1, h->name, a->sbase_width);
		return false;
	}
	if (sb && h->nops == a->sbase + 1u && has_word(code, mods, end, "offset:")) {
		asm_error(r, h->col, "'%s' without its soffset takes no offset: modifier (the offset is then its third operand)",
		          h->name);
		return false;
	}
	unsigned kd = a->vaddr + 1 - skip; /* vsrc follows vaddr */
	if (a->vdata_width && kd < h->nops && ops[kd].kind == ST_OPND_REG && ops[kd].reg.count != a->vdata_width) {
		asm_error(r, ops[kd].col, "operand #%u of '%s' is its data: %u VGPR%s", kd + 1, h->name, a->vdata_width,
		          a->vdata_width == 1 ? "" : "s");
		return false;
	}
	return check_address(r, h, a, skip);
}

/* name_end is where the name at start ends when the caller has scanned it, else 0. */
static bool read_half(struct asm_reader *r, const char *code, size_t start, size_t name_end, size_t end,
                      struct half *h, struct pieces *pieces)
{
	size_t p = name_end ? name_end : start;
	while (p < end && (asm_ident_char(code[p])))
		p++;
	if (p == start || !asm_ident_start(code[start]) || (p < end && code[p] != ' ' && code[p] != '\t')) {
		asm_error(r, (uint32_t)start + 1, "expected an instruction, a label or a directive");
		return false;
	}
	h->col = (uint32_t)start + 1;
	h->info = row_info(r, code + start, p - start, h->col);
	const struct asm_row *row = &r->rows.v[h->info];
	h->name = row->name;
	h->row = row->row;
	bool target = row->target;
	bool ret_by_th = row->roles.flags & ST_ROLE_RET_BY_TH;
	pieces->n = 0;
	h->first = r->ops.n;
	/* Every operand but the last is followed by a comma and, when it is
	 * read, is not empty: at most one operand for every two bytes, and one. */
	size_t most = (end - p) / 2 + 1;
	st_vec_reserve(pieces, most);
	st_vec_reserve(&r->ops, r->ops.n + most);
	size_t mods = end; /* where the modifiers start */
	for (bool after_comma = false;;) {
		while (p < end && (code[p] == ' ' || code[p] == '\t'))
			p++;
		size_t s = p, e, next;
		bool comma, isreg = false;
		struct st_reg reg;
		if (p >= end) {
			if (!after_comma)
				break;
			s = e = next = end; /* `v_mov_b32 v0, v1,`: an empty last operand */
			comma = false;
		} else if (!(target && !pieces->n) && (isreg = plain_register(code, s, end, &reg, &e, &next, &comma))) {
			/* read with its extent */
		} else if (!plain_piece(code, s, end, &e, &next, &comma)) {
			bool modifier = false;
			next = piece_end(code, s, end, &modifier);
			if (modifier && !pieces->n) { /* `global_wb scope:SCOPE_SYS`: no operands */
				mods = s;
				break;
			}
			e = next;
			while (e > s && (code[e - 1] == ' ' || code[e - 1] == '\t'))
				e--;
			comma = next < end && code[next] == ',';
			next += comma;
		}
		pieces->v[pieces->n++] = (struct piece){s, e};
		if (e == s) {
			asm_error(r, (uint32_t)s + 1, "empty operand");
			return false;
		}
		struct st_operand *op = &r->ops.v[r->ops.n];
		uint32_t col = (uint32_t)s + 1;
		if (isreg)
			*op = (struct st_operand){.reg = reg, .kind = ST_OPND_REG, .col = st_operand_col(col)};
		else if (!parse_operand(r, code + s, e - s, col, target && pieces->n == 1, op))
			return false;
		r->ops.n++;
		if (!comma) {
			mods = next;
			break;
		}
		p = next;
		after_comma = true;
	}
	/* Only atomics ask whether they return (the modifiers of every
	 * memory line would be scanned for it otherwise). */
	h->returning = ret_by_th && has_return_modifier(code, mods, end);
	h->nops = r->ops.n - h->first;
	return check_slots(r, h, pieces, code, mods, end);
}

/* How many of a half's operands it writes. */
static size_t written(const struct half *h, struct st_roles roles)
{
	size_t n = roles.ndsts;
	if (roles.flags & ST_ROLE_RET_BY_TH)
		n = h->returning ? 1 : 0;
	return n < h->nops ? n : h->nops;
}

struct token_key {
	const struct asm_token_list *lists;
	const char *s;
	size_t len;
};

static bool same_token_list(const void *cx, uint32_t idx)
{
	const struct token_key *k = cx;
	const struct asm_token_list *t = &k->lists[idx];
	return t->len == k->len && st_bytes_equal(t->text, k->s, k->len);
}

/* `// st.token:N[,M]` -> mod.memtoken = { tokens = [N, M] }. Instructions
 * with the same list share one read-only attribute list, as the .stir
 * reader's repeated lists are (st_inst_add_attr copies before adding). */
static bool add_tokens(struct asm_reader *r, struct st_inst *i, const char *list, const char *end)
{
	const char *p = list;
	size_t n = 0;
	int64_t ids[16];
	while (p < end && *p >= '0' && *p <= '9' && n < 16) {
		int64_t v = 0;
		for (; p < end && *p >= '0' && *p <= '9' && v < (1 << 24); p++)
			v = v * 10 + (*p - '0');
		ids[n++] = v;
		if (p >= end || *p != ',')
			break;
		p++;
	}
	if (!n || p[-1] == ',' || (p < end && *p != ' ' && *p != '\t' && *p != '\r') ||
	    (p < end && *p >= '0' && *p <= '9')) {
		asm_error(r, i->loc.col, "malformed 'st.token:' comment (expected st.token:N or st.token:N,M,...)");
		return false;
	}
	size_t len = (size_t)(p - list);
	struct token_key key = {r->token_lists.v, list, len};
	/* The list of the instruction before is tried first, as a mnemonic's row is. */
	uint32_t idx = r->token_lists.n && same_token_list(&key, r->last_token_list) ? r->last_token_list : ST_INDEX_NONE;
	uint32_t hash = 0;
	if (idx == ST_INDEX_NONE)
		idx = st_index_get(&r->token_index, hash = name_hash(list, len), same_token_list, &key);
	if (idx == ST_INDEX_NONE) {
		struct st_value vals[16];
		for (size_t k = 0; k < n; k++)
			vals[k] = st_int_value(ids[k]);
		static const char *const field = "tokens";
		struct st_value arr = st_array_value(r->m, n, vals);
		struct st_attr *a = st_arena_alloc(r->m->arena, sizeof *a);
		*a = (struct st_attr){.name = st_intern(r->m->strings, "mod.memtoken"),
		                      .value = st_dict_value(r->m, 1, &field, &arr)};
		st_vec_push(&r->token_lists, ((struct asm_token_list){list, len, a}));
		key.lists = r->token_lists.v;
		idx = st_index_put(&r->token_index, hash, same_token_list, &key, (uint32_t)r->token_lists.n - 1);
	}
	r->last_token_list = idx;
	i->attrs = r->token_lists.v[idx].attr;
	i->nattrs = 1;
	i->lgcapattrs = 0; /* exactly full: an addition copies the list */
	return true;
}

/* A wait count llvm-mc encodes (16 bits) but the counter's field does not
 * hold: the passes read each field beyond its maximum as the maximum, a wait
 * for nothing, whether the hardware drops the high bits or saturates (the
 * verifier rejects what llvm-mc rejects). */
static void warn_wait_field(struct asm_reader *r, const struct st_inst *i)
{
	const struct st_isa_info *e = i->isa;
	if ((e->wait_form != ST_WAIT_SINGLE && e->wait_form != ST_WAIT_PACKED_DS) || i->nsrcs != 1)
		return;
	const struct st_operand *op = &i->srcs[0];
	if ((op->kind != ST_OPND_INT && op->kind != ST_OPND_HEX) || op->ival < -32768 || op->ival > 0xffff)
		return;
	int64_t n = op->ival & 0xffff;
	int max = st_counter_max(e->wait_counter), dsmax = st_counter_max(ST_CNT_DS);
	const char *cnt = st_counter_name(e->wait_counter);
	char as[32];
	if (op->kind == ST_OPND_HEX && op->text)
		snprintf(as, sizeof as, "%s", op->text);
	else
		snprintf(as, sizeof as, "%lld", (long long)op->ival);
	if (e->wait_form == ST_WAIT_SINGLE && n > max)
		asm_warning(r, op->col, "wait '%s' count %s does not fit the %s field (0 to %d): read as %d, a wait for nothing",
		            i->name, as, cnt, max, max);
	else if (e->wait_form == ST_WAIT_PACKED_DS && ((n >> 8) > max || (n & 0xff) > dsmax))
		asm_warning(r, op->col,
		            "wait '%s' count %s does not fit %s in bits 13:8 and dscnt in bits 5:0 (0 to 0x%x): "
		            "a field beyond its maximum is read as the maximum, a wait for nothing",
		            i->name, as, cnt, max << 8 | dsmax);
}

/* Where the first `::` of code[start..end) is, or end. With SSE2, sixteen
 * bytes are compared at a time, in steps of fifteen so that a pair across
 * two steps is within one; code is readable ASM_CODE_SLACK bytes past end. */
static size_t dual_split(const char *code, size_t start, size_t end)
{
#ifdef __SSE2__
	const __m128i colon = _mm_set1_epi8(':');
	for (size_t p = start; p + 1 < end; p += 15) {
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const void *)(code + p)), colon));
		unsigned pairs = m & (m >> 1) & 0x7fffu; /* bit i: code[p + i] and code[p + i + 1] are ':' */
		if (pairs) {
			size_t k = p + (size_t)__builtin_ctz(pairs);
			return k + 1 < end ? k : end;
		}
	}
#else
	for (const char *c = memchr(code + start, ':', end - start); c && c + 1 < code + end;
	     c = memchr(c + 1, ':', (size_t)(code + end - c - 1)))
		if (c[1] == ':')
			return (size_t)(c - code);
#endif
	return end;
}

struct st_inst *asm_instruction(struct asm_reader *r, const char *code, size_t start, size_t name_end, size_t end,
                                const char *st_token)
{
	struct pieces *pieces = &r->pieces;
	r->ops.n = 0;
	/* A dual-issue line: `v_dual_X ... :: v_dual_Y ...`. */
	size_t split = dual_split(code, start, end);
	struct half h[2];
	int nh = 1;
	bool ok = read_half(r, code, start, name_end, split, &h[0], pieces);
	if (ok && split < end) {
		size_t y = split + 2;
		while (y < end && (code[y] == ' ' || code[y] == '\t'))
			y++;
		ok = read_half(r, code, y, 0, end, &h[1], pieces);
		nh = 2;
		if (ok && !h[1].row) {
			const char *hint = st_mnemonic_suggest(h[1].name);
			asm_warning(r, h[1].col, "unknown mnemonic '%s': the wait passes see no counter for it%s%s%s",
			            h[1].name, hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
		}
	}
	if (!ok)
		return NULL;

	/* Each VGPR operand's MSB slot, for asm_resolve_vgpr_msb. */
	for (int k = 0; k < nh; k++) {
		const struct st_vgpr_msb_layout *layout = &r->rows.v[h[k].info].msb[h[k].returning];
		for (size_t j = 0; j < h[k].nops; j++) {
			struct st_operand *op = &r->ops.v[h[k].first + j];
			if (op->kind != ST_OPND_REG || op->reg.cls != ST_REG_V || op->reg.index + op->reg.count > 256)
				continue;
			int slot = st_vgpr_msb_layout_slot(layout, (unsigned)j);
			if (slot != ST_MSB_NONE)
				op->reg.index |= ASM_MSB_TAG | (uint32_t)slot << ASM_MSB_SLOT_SHIFT;
		}
	}
	struct st_module *m = r->m;
	struct st_loc loc = {r->file, r->line, h[0].col};
	/* Destinations: the written operands of each half (plus implicit
	 * registers); sources: the rest, and the written ones when read too. */
	const struct st_roles *roles0 = &r->rows.v[h[0].info].roles;
	const struct st_operand *dv, *sv;
	size_t nd = 0, ns = 0;
	if (nh == 1 && !(roles0->flags & (ST_ROLE_UNKNOWN | ST_ROLE_WRITES_SCC | ST_ROLE_WRITES_EXEC | ST_ROLE_READS_SCC |
	                                  ST_ROLE_READS_VCC | ST_ROLE_READS_EXEC))) {
		/* One half and no implicit register: both lists are runs of its operands. */
		nd = written(&h[0], *roles0);
		bool reread = (roles0->flags & ST_ROLE_DSTS_READ) || ((roles0->flags & ST_ROLE_VDATA_FIRST) && !nd);
		dv = r->ops.v;
		sv = r->ops.v + (reread ? 0 : nd);
		ns = h[0].nops - (reread ? 0 : nd);
	} else {
		struct asm_operands *dsts = &r->dsts, *srcs = &r->srcs;
		/* Room for every operand in each list, plus the implicit registers
		 * (two written, three read, a half), so the lists are written in place. */
		st_vec_reserve(dsts, r->ops.n + 2 * (size_t)nh);
		st_vec_reserve(srcs, r->ops.n + 3 * (size_t)nh);
		struct st_operand *d = dsts->v, *s = srcs->v;
		for (int k = 0; k < nh; k++) {
			struct st_roles roles = r->rows.v[h[k].info].roles;
			const struct st_operand *ops = r->ops.v + h[k].first;
			if (roles.flags & ST_ROLE_UNKNOWN) {
				for (size_t j = 0; j < h[k].nops; j++)
					if (ops[j].kind == ST_OPND_REG)
						d[nd++] = ops[j];
				for (size_t j = 0; j < h[k].nops; j++)
					s[ns++] = ops[j];
				continue;
			}
			size_t w = written(&h[k], roles);
			for (size_t j = 0; j < w; j++)
				d[nd++] = ops[j];
			bool reread = (roles.flags & ST_ROLE_DSTS_READ) || ((roles.flags & ST_ROLE_VDATA_FIRST) && !w);
			for (size_t j = reread ? 0 : w; j < h[k].nops; j++)
				s[ns++] = ops[j];
			if (roles.flags & ST_ROLE_WRITES_SCC)
				d[nd++] = implicit(ST_REG_SCC);
			if (roles.flags & ST_ROLE_WRITES_EXEC)
				d[nd++] = implicit(ST_REG_EXEC_LO);
			if (roles.flags & ST_ROLE_READS_SCC)
				s[ns++] = implicit(ST_REG_SCC);
			if (roles.flags & ST_ROLE_READS_VCC)
				s[ns++] = implicit(ST_REG_VCC_LO);
			if (roles.flags & ST_ROLE_READS_EXEC)
				s[ns++] = implicit(ST_REG_EXEC_LO);
		}
		dv = d;
		sv = s;
	}
	if (nd > ST_MAX_OPERANDS || ns > ST_MAX_OPERANDS) {
		asm_error(r, loc.col, "too many operands (at most %u)", (unsigned)ST_MAX_OPERANDS);
		return NULL;
	}
	/* The instruction and both lists in one block: each list is exactly
	 * full, so adding to either copies it first. */
	struct st_inst *i = st_inst_new_operands(m, h[0].name, r->rows.v[h[0].info].isa, loc, dv, (uint16_t)nd, sv,
	                                         (uint16_t)ns);
	if (st_token && !add_tokens(r, i, st_token, r->line_end))
		return NULL;
	warn_wait_field(r, i);
	return i;
}
