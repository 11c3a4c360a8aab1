/* One instruction line of an assembly input: the mnemonic, the operands
 * (registers, with TensileLite expressions in their brackets, immediates,
 * symbols, labels), the modifiers after them, and which operands the
 * instruction writes and reads (the roles of lib/isa/roles.c). The line's
 * text itself is kept by the module, so nothing here needs to print back. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm-internal.h"

/* ---- Expressions: integer arithmetic over .set symbols ---- */

struct expr {
	struct asm_reader *r;
	const char *p, *end;
	const char *undefined;
	bool ok;
};

static inline bool ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
}

static inline bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

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
		if (e->p == digits || (e->p < e->end && ident_char(*e->p)))
			e->ok = false; /* 1.5, 12abc, 0x: not an integer */
		return (int64_t)v;
	}
	if (ident_start(*e->p)) {
		const char *s = e->p;
		while (e->p < e->end && ident_char(*e->p))
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

static bool operator_char(char c) { return strchr("+-*/%&|^~<>!", c) != NULL; }

/* A register spelled s[0..n): `v5`, `s[4:5]`, `v[vgprA+2:vgprA+5]`,
 * `ttmp[0:1]`, `m0`, `vcc_lo`, `exec`, `scc`. Returns 1 with *reg, 0 when
 * the text is no register, -1 after an error. */
static int parse_reg(struct asm_reader *r, const char *s, size_t n, uint32_t col, struct st_reg *reg)
{
	if (!n || *s < 'a' || *s > 'z')
		return 0; /* every register spelling is lower case: skip the table */
	for (int c = 0; c < ST_NUM_REGCLASSES; c++) {
		enum st_regasm_form form;
		const char *sp = st_regclass_asm((enum st_regclass)c, &form);
		if (*sp != *s || form == ST_REGASM_PSEUDO)
			continue;
		size_t k = strlen(sp);
		if (n < k || memcmp(s, sp, k) != 0)
			continue;
		if (form != ST_REGASM_INDEXED) {
			if (n != k)
				continue;
			*reg = (struct st_reg){.index = 0, .count = 1, .cls = (uint8_t)c};
			return 1;
		}
		if (n == k)
			continue;
		int64_t lo, hi;
		if (isdigit((unsigned char)s[k])) {
			for (size_t j = k; j < n; j++)
				if (!isdigit((unsigned char)s[j]))
					goto next; /* v5x, s_mov: a symbol */
			if (!plain_decimal(s + k, n - k, &lo))
				goto next;
			hi = lo;
		} else if (s[k] == '[' && s[n - 1] == ']') {
			const char *in = s + k + 1, *inend = s + n - 1;
			const char *colon = memchr(in, ':', (size_t)(inend - in));
			const char *und = NULL;
			size_t nlo = (size_t)((colon ? colon : inend) - in);
			bool ok = plain_decimal(in, nlo, &lo) || asm_eval(r, in, nlo, &lo, &und);
			hi = lo;
			if (ok && colon) {
				size_t nhi = (size_t)(inend - colon - 1);
				ok = plain_decimal(colon + 1, nhi, &hi) || asm_eval(r, colon + 1, nhi, &hi, &und);
			}
			if (!ok) {
				if (und)
					asm_error(r, col, "undefined symbol '%s' in register '%.*s'", und, (int)n, s);
				else
					asm_error(r, col, "malformed register '%.*s'", (int)n, s);
				return -1;
			}
		} else {
			continue;
		}
		if (lo < 0 || hi < lo || hi - lo >= (int64_t)ST_REG_MAX_COUNT || hi > 2147483647) {
			asm_error(r, col, "register range '%.*s' is %s", (int)n, s,
			          lo < 0 ? "negative" : hi < lo ? "empty (it ends before it starts)" : "out of range");
			return -1;
		}
		*reg = (struct st_reg){.index = (uint32_t)lo, .count = (uint16_t)(hi - lo + 1), .cls = (uint8_t)c};
		return 1;
	next:;
	}
	return 0;
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
		} else {
			static const char *const fns[] = {"neg(", "abs(", "sext("};
			for (size_t k = 0; k < 3; k++) {
				size_t l = strlen(fns[k]);
				if (*n > l && memcmp(*s, fns[k], l) == 0 && (*s)[*n - 1] == ')') {
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

/* One operand's text s[0..n) at column col. */
static bool parse_operand(struct asm_reader *r, const char *s, size_t n, uint32_t col, bool target,
                          struct st_operand *op)
{
	struct st_module *m = r->m;
	*op = (struct st_operand){.kind = ST_OPND_SYMBOL, .col = col};
	if (target && n && ident_start(*s)) {
		size_t k = 0;
		while (k < n && ident_char(s[k]))
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
	strip_source_modifiers(&rs, &rn, &neg);
	struct st_reg reg;
	int got = parse_reg(r, rs, rn, col, &reg);
	if (got < 0)
		return false;
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
	while (id < n && ident_char(s[id]))
		id++;
	if (id == n && ident_start(*s)) { /* one name: a symbol's value, or a symbol (off, null) */
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

/* Top-level pieces of text[start..end): operands separated by commas, then
 * modifiers separated by blanks. An operand may hold blanks around an
 * operator (`instid0(X) | instskip(Y)`, `MT0 / 2`) and commas inside
 * brackets or parentheses. Fills r->ops with the operands' texts as
 * (col, end) pairs and returns where the modifiers start. */

static size_t split_operands(const char *text, size_t start, size_t end, struct pieces *out)
{
	size_t p = start;
	bool first = true, after_comma = false;
	while (p < end) {
		while (p < end && (text[p] == ' ' || text[p] == '\t'))
			p++;
		if (p >= end)
			break;
		size_t s = p;
		int depth = 0;
		bool modifier = false;
		for (; p < end; p++) {
			char c = text[p];
			if (c == '(' || c == '[')
				depth++;
			else if ((c == ')' || c == ']') && depth > 0)
				depth--;
			else if (depth == 0 && c == ',')
				break;
			else if (depth == 0 && c == ':')
				modifier = true; /* offset:16, th:TH_LOAD_NT */
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
		if (modifier && first)
			return s; /* `global_wb scope:SCOPE_SYS`: no operands */
		size_t e = p;
		while (e > s && (text[e - 1] == ' ' || text[e - 1] == '\t'))
			e--;
		st_vec_push(out, ((struct piece){s, e}));
		first = after_comma = false;
		if (p < end && text[p] == ',') {
			p++;
			after_comma = true;
			continue;
		}
		return p; /* the first blank-separated word after the operands: modifiers */
	}
	if (after_comma) /* `v_mov_b32 v0, v1,`: an empty last operand */
		st_vec_push(out, ((struct piece){end, end}));
	return end;
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

static struct st_operand *copy_ops(struct st_module *m, const struct st_operand *ops, size_t n)
{
	if (!n)
		return NULL;
	struct st_operand *c = st_arena_alloc(m->arena, n * sizeof *c);
	memcpy(c, ops, n * sizeof *c);
	return c;
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
	size_t first, nops; /* in the operand scratch */
	bool returning;
};

static bool read_half(struct asm_reader *r, const char *code, size_t start, size_t end, struct half *h,
                      struct pieces *pieces)
{
	size_t p = start;
	while (p < end && (ident_char(code[p])))
		p++;
	if (p == start || !ident_start(code[start]) || (p < end && code[p] != ' ' && code[p] != '\t')) {
		asm_error(r, (uint32_t)start + 1, "expected an instruction, a label or a directive");
		return false;
	}
	h->name = st_internn(r->m->strings, code + start, p - start);
	h->col = (uint32_t)start + 1;
	h->row = st_module_mnemonic(r->m, h->name);
	pieces->n = 0;
	size_t mods = split_operands(code, p, end, pieces);
	h->returning = has_return_modifier(code, mods, end);
	h->first = r->ops.n;
	const struct st_isa_info *isa = st_module_isa(r->m, h->name);
	bool target = (isa->flags & ST_ISA_BRANCH) && strncmp(h->name, "s_setpc", 7) != 0 &&
	              strncmp(h->name, "s_set_pc", 8) != 0;
	for (size_t k = 0; k < pieces->n; k++) {
		struct st_operand op;
		const struct piece *pc = &pieces->v[k];
		if (pc->end == pc->start) {
			asm_error(r, (uint32_t)pc->start + 1, "empty operand");
			return false;
		}
		if (!parse_operand(r, code + pc->start, pc->end - pc->start, (uint32_t)pc->start + 1, target && k == 0, &op))
			return false;
		st_vec_push(&r->ops, op);
	}
	h->nops = r->ops.n - h->first;
	return true;
}

/* The roles of a mnemonic, worked out once per reader. */
static struct st_roles roles_of(struct asm_reader *r, const struct half *h)
{
	uint64_t v;
	if (asm_map_get(&r->roles, h->name, &v))
		return (struct st_roles){(unsigned)(v & 0xff), (unsigned)(v >> 8)};
	struct st_roles roles = st_mnemonic_roles(h->row);
	st_assert(roles.ndsts <= 0xff);
	asm_map_put(&r->roles, h->name, roles.ndsts | (uint64_t)roles.flags << 8);
	return roles;
}

/* The VGPR MSB layout of a mnemonic, worked out once per reader and form
 * (returning or not): ndst in bits 7:0, then each slot + 1 in 4 bits. */
static struct st_vgpr_msb_layout msb_layout_of(struct asm_reader *r, const struct half *h)
{
	uint64_t v;
	struct st_vgpr_msb_layout l;
	unsigned shift = h->returning ? 32 : 0;
	if (asm_map_get(&r->msb_layouts, h->name, &v) && (v >> shift & 0xffffffffu)) {
		v >>= shift;
		l.ndst = (unsigned)(v & 0xff) - 1;
		for (int c = 0; c < 5; c++)
			l.slot[c] = (signed char)((int)(v >> (8 + 4 * c) & 0xf) - 1);
		return l;
	}
	l = st_vgpr_msb_layout(h->row, h->returning);
	uint64_t packed = (uint64_t)(l.ndst + 1);
	for (int c = 0; c < 5; c++)
		packed |= (uint64_t)(l.slot[c] + 1) << (8 + 4 * c);
	uint64_t old = 0;
	asm_map_get(&r->msb_layouts, h->name, &old);
	asm_map_put(&r->msb_layouts, h->name, (old & ~(0xffffffffull << shift)) | packed << shift);
	return l;
}

/* How many of a half's operands it writes. */
static size_t written(const struct half *h, struct st_roles roles)
{
	size_t n = roles.ndsts;
	if (roles.flags & ST_ROLE_RET_BY_TH)
		n = h->returning ? 1 : 0;
	return n < h->nops ? n : h->nops;
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
	const char *key = st_internn(r->m->strings, list, (size_t)(p - list));
	uint64_t shared;
	if (!asm_map_get(&r->token_attrs, key, &shared)) {
		struct st_value vals[16];
		for (size_t k = 0; k < n; k++)
			vals[k] = st_int_value(ids[k]);
		static const char *const field = "tokens";
		struct st_value arr = st_array_value(r->m, n, vals);
		struct st_attr *a = st_arena_alloc(r->m->arena, sizeof *a);
		*a = (struct st_attr){.name = st_intern(r->m->strings, "mod.memtoken"),
		                      .value = st_dict_value(r->m, 1, &field, &arr)};
		shared = (uint64_t)(uintptr_t)a;
		asm_map_put(&r->token_attrs, key, shared);
	}
	i->attrs = (struct st_attr *)(uintptr_t)shared;
	i->nattrs = 1;
	i->lgcapattrs = 0; /* exactly full: an addition copies the list */
	return true;
}

struct st_inst *asm_instruction(struct asm_reader *r, const char *code, size_t start, size_t end,
                                const char *st_token)
{
	struct pieces *pieces = &r->pieces;
	r->ops.n = 0;
	/* A dual-issue line: `v_dual_X ... :: v_dual_Y ...`. */
	size_t split = end;
	for (const char *c = memchr(code + start, ':', end - start); c && c + 1 < code + end;
	     c = memchr(c + 1, ':', (size_t)(code + end - c - 1)))
		if (c[1] == ':') {
			split = (size_t)(c - code);
			break;
		}
	struct half h[2];
	int nh = 1;
	bool ok = read_half(r, code, start, split, &h[0], pieces);
	if (ok && split < end) {
		size_t y = split + 2;
		while (y < end && (code[y] == ' ' || code[y] == '\t'))
			y++;
		ok = read_half(r, code, y, end, &h[1], pieces);
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
		struct st_vgpr_msb_layout layout = msb_layout_of(r, &h[k]);
		for (size_t j = 0; j < h[k].nops; j++) {
			struct st_operand *op = &r->ops.v[h[k].first + j];
			if (op->kind != ST_OPND_REG || op->reg.cls != ST_REG_V || op->reg.index + op->reg.count > 256)
				continue;
			int slot = st_vgpr_msb_layout_slot(&layout, (unsigned)j);
			if (slot != ST_MSB_NONE)
				op->reg.index |= ASM_MSB_TAG | (uint32_t)slot << ASM_MSB_SLOT_SHIFT;
		}
	}
	struct st_module *m = r->m;
	struct st_loc loc = {r->file, r->line, h[0].col};
	struct st_inst *i = st_inst_new(m, h[0].name, loc);
	/* Destinations: the written operands of each half (plus implicit
	 * registers); sources: the rest, and the written ones when read too. */
	struct asm_operands *dsts = &r->dsts, *srcs = &r->srcs;
	dsts->n = srcs->n = 0;
	for (int k = 0; k < nh; k++) {
		struct st_roles roles = roles_of(r, &h[k]);
		const struct st_operand *ops = r->ops.v + h[k].first;
		if (roles.flags & ST_ROLE_UNKNOWN) {
			for (size_t j = 0; j < h[k].nops; j++)
				if (ops[j].kind == ST_OPND_REG)
					st_vec_push(dsts, ops[j]);
			for (size_t j = 0; j < h[k].nops; j++)
				st_vec_push(srcs, ops[j]);
			continue;
		}
		size_t w = written(&h[k], roles);
		for (size_t j = 0; j < w; j++)
			st_vec_push(dsts, ops[j]);
		bool reread = (roles.flags & ST_ROLE_DSTS_READ) || ((roles.flags & ST_ROLE_VDATA_FIRST) && !w);
		for (size_t j = reread ? 0 : w; j < h[k].nops; j++)
			st_vec_push(srcs, ops[j]);
		if (roles.flags & ST_ROLE_WRITES_SCC)
			st_vec_push(dsts, implicit(ST_REG_SCC));
		if (roles.flags & ST_ROLE_WRITES_EXEC)
			st_vec_push(dsts, implicit(ST_REG_EXEC_LO));
		if (roles.flags & ST_ROLE_READS_SCC)
			st_vec_push(srcs, implicit(ST_REG_SCC));
		if (roles.flags & ST_ROLE_READS_VCC)
			st_vec_push(srcs, implicit(ST_REG_VCC_LO));
		if (roles.flags & ST_ROLE_READS_EXEC)
			st_vec_push(srcs, implicit(ST_REG_EXEC_LO));
	}
	if (dsts->n > ST_MAX_OPERANDS || srcs->n > ST_MAX_OPERANDS) {
		asm_error(r, loc.col, "too many operands (at most %u)", (unsigned)ST_MAX_OPERANDS);
		return NULL;
	}
	i->dsts = copy_ops(m, dsts->v, dsts->n);
	i->ndsts = (uint16_t)dsts->n;
	i->srcs = copy_ops(m, srcs->v, srcs->n);
	i->nsrcs = (uint16_t)srcs->n;
	if (st_token && !add_tokens(r, i, st_token, r->line_end))
		return NULL;
	return i;
}
