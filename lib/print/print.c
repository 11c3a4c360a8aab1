/* The canonical .stir printer (docs/stir-format.md, "Canonical printed form").
 *
 * Every construct the parser accepts prints in exactly one way, and that way
 * parses back to the same IR, which is what makes print∘parse a fixpoint after
 * one round. Output goes straight into an st_buf; numbers are formatted by
 * hand because printf dominates the cost of printing large kernels. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/print.h"

/* "00" to "99": a number is written two digits at a time. */
static const char digit_pairs[200] = "00010203040506070809"
                                     "10111213141516171819"
                                     "20212223242526272829"
                                     "30313233343536373839"
                                     "40414243444546474849"
                                     "50515253545556575859"
                                     "60616263646566676869"
                                     "70717273747576777879"
                                     "80818283848586878889"
                                     "90919293949596979899";

/* The decimal digits of v at `to` (at most 20); returns the end. Counted
 * first (by compares: a register index is one to four digits) and written
 * in place from the end, two at a time. */
static char *fmt_u64(char *to, uint64_t v)
{
	if (v < 10) {
		*to = (char)('0' + v);
		return to + 1;
	}
	size_t n = 2;
	for (uint64_t p = 100; n < 20 && v >= p; p *= 10)
		n++;
	char *e = to + n;
	for (; v >= 100; v /= 100) {
		e -= 2;
		memcpy(e, digit_pairs + 2 * (v % 100), 2);
	}
	if (v >= 10)
		memcpy(e - 2, digit_pairs + 2 * v, 2);
	else
		e[-1] = (char)('0' + v);
	return to + n;
}

/* fmt_u64 inline for the indices of registers, which are mostly below 1000. */
static inline char *fmt_index(char *to, uint32_t v)
{
	if (v < 10) {
		*to = (char)('0' + v);
		return to + 1;
	}
	if (v < 100) {
		memcpy(to, digit_pairs + 2 * v, 2);
		return to + 2;
	}
	if (v < 1000) {
		*to = (char)('0' + v / 100);
		memcpy(to + 1, digit_pairs + 2 * (v % 100), 2);
		return to + 3;
	}
	return fmt_u64(to, v);
}

/* Writes s, n bytes known at the call, at the end of the buffer: the room
 * check is inline and the copy a few moves. */
static inline void put_lit(struct st_buf *out, const char *s, size_t n)
{
	memcpy(st_buf_room(out, n), s, n);
	out->len += n;
}

static void put_i64(struct st_buf *out, int64_t v)
{
	char *d = st_buf_room(out, 21), *e = d;
	if (v < 0) {
		*e++ = '-';
		e = fmt_u64(e, 0 - (uint64_t)v);
	} else {
		e = fmt_u64(e, (uint64_t)v);
	}
	out->len += (size_t)(e - d);
}

/* The class names as the printer copies them: 16 bytes each, whatever
 * their length, so a copy is two moves; the last row is an invalid class's. */
static const struct {
	char text[16];
	uint8_t len;
} regclass_text[ST_NUM_REGCLASSES + 1] = {
#define ST_REGCLASS(e, name) [ST_REG_##e] = {name, sizeof name - 1},
#include "stinkytofu/regclass.def"
	[ST_NUM_REGCLASSES] = {"?", 1},
};
_Static_assert(sizeof "src_shared_base" <= 16, "a class name fits its 16 bytes");

/* Room a register takes at most: '-', a name of up to 16 bytes as copied,
 * '[', a first index of 10 digits, ':', a last one of up to 20 (an empty
 * range at 0, which only an unverified module has, ends at 2^64 - 1) and
 * ']'. */
enum { REG_ROOM = 1 + 16 + 1 + 10 + 1 + 20 + 1 };

/* A register at `e` (REG_ROOM bytes free); returns the end. */
static inline char *fmt_reg(char *e, struct st_reg r)
{
	if (r.neg)
		*e++ = '-';
	unsigned c = r.cls < ST_NUM_REGCLASSES ? r.cls : ST_NUM_REGCLASSES;
	memcpy(e, regclass_text[c].text, 16);
	e += regclass_text[c].len;
	if (r.count == 1)
		return fmt_index(e, r.index);
	*e++ = '[';
	e = fmt_index(e, r.index);
	*e++ = ':';
	/* The verifier keeps the last index within 32 bits; printing an
	 * unverified module must not wrap. */
	uint64_t last = (uint64_t)r.index + r.count - 1;
	e = last <= UINT32_MAX ? fmt_index(e, (uint32_t)last) : fmt_u64(e, last);
	*e++ = ']';
	return e;
}

/* A register is formatted in place at the end of the buffer: kernels
 * are mostly registers. */
static void put_reg(struct st_buf *out, struct st_reg r)
{
	char *d = st_buf_room(out, REG_ROOM);
	out->len += (size_t)(fmt_reg(d, r) - d);
}

void st_print_operand(struct st_buf *out, const struct st_operand *op)
{
	switch (op->kind) {
	case ST_OPND_REG:
		put_reg(out, op->reg);
		return;
	case ST_OPND_INT:
		put_i64(out, op->ival);
		return;
	case ST_OPND_FLOAT:
		st_buf_puts(out, op->text);
		return;
	case ST_OPND_HEX:
	case ST_OPND_SYMBOL:
	case ST_OPND_LABEL:
		/* What an assembly input spells that .stir has no token for (.LBB0_3,
		 * hwreg(...), MT0*4) is written as a string. */
		if (op->kind == ST_OPND_HEX      ? st_stir_hex_ok(op->text)
		    : op->kind == ST_OPND_SYMBOL ? st_symbolic_operand(op->text, strlen(op->text))
		                                 : strncmp(op->text, "label_", 6) == 0 && st_stir_name_ok(op->text))
			st_buf_puts(out, op->text);
		else
			st_buf_put_quoted(out, op->text);
		return;
	case ST_OPND_STRING:
		st_buf_put_quoted(out, op->text);
		return;
	case ST_OPND_HWREG:
		st_buf_puts(out, "hwreg(");
		if (op->hw->name)
			st_buf_puts(out, op->hw->name);
		else
			put_i64(out, op->hw->args[0]);
		for (unsigned k = 1; k < op->hw->nargs && k < 3; k++) {
			st_buf_puts(out, ", ");
			put_i64(out, op->hw->args[k]);
		}
		st_buf_putc(out, ')');
		return;
	}
	st_unreachable("bad operand kind");
}

static void put_attrs(struct st_buf *out, const struct st_attr *attrs, uint32_t n)
{
	if (!n) {
		st_buf_puts(out, "{}");
		return;
	}
	st_buf_puts(out, "{ ");
	for (uint32_t k = 0; k < n; k++) {
		if (k)
			st_buf_puts(out, ", ");
		st_buf_puts(out, attrs[k].name);
		st_buf_puts(out, " = ");
		st_print_value(out, &attrs[k].value);
	}
	st_buf_puts(out, " }");
}

void st_print_value(struct st_buf *out, const struct st_value *v)
{
	switch (v->kind) {
	case ST_VAL_INT:
		put_i64(out, v->i);
		return;
	case ST_VAL_HEX:
	case ST_VAL_FLOAT:
	case ST_VAL_NAME:
		st_buf_puts(out, v->text);
		return;
	case ST_VAL_STRING:
		st_buf_put_quoted(out, v->text);
		return;
	case ST_VAL_BOOL:
		st_buf_puts(out, v->i ? "true" : "false");
		return;
	case ST_VAL_ARRAY:
		st_buf_putc(out, '[');
		for (uint32_t k = 0; k < v->nelems; k++) {
			if (k)
				st_buf_putc(out, ',');
			st_print_value(out, &v->elems[k]);
		}
		st_buf_putc(out, ']');
		return;
	case ST_VAL_DICT:
		put_attrs(out, v->fields, v->nfields);
		return;
	}
	st_unreachable("bad value kind");
}

/* The operands, ", " between them; a register, the common case, is
 * written with its separator in one room check. */
static void put_operands(struct st_buf *out, const struct st_operand *ops, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++) {
		const struct st_operand *op = &ops[k];
		if (op->kind == ST_OPND_REG) {
			char *d = st_buf_room(out, 2 + REG_ROOM), *e = d;
			if (k) {
				e[0] = ',';
				e[1] = ' ';
				e += 2;
			}
			out->len += (size_t)(fmt_reg(e, op->reg) - d);
			continue;
		}
		if (k)
			put_lit(out, ", ", 2);
		st_print_operand(out, op);
	}
}

/* "st.<mnemonic>", quoted. */
static void put_mnemonic(struct st_buf *out, const char *name)
{
	/* Mnemonics are the parser's unescaped strings: escape them back. */
	if (!name[strcspn(name, "\"\\")]) {
		st_buf_puts(out, "\"st.");
		st_buf_puts(out, name);
		st_buf_putc(out, '"');
	} else {
		struct st_buf tmp = {0};
		st_buf_puts(&tmp, "st.");
		st_buf_puts(&tmp, name);
		st_buf_put_quoted(out, st_buf_cstr(&tmp));
		st_buf_free(&tmp);
	}
}

/* Printed text by object, for what instructions share: interned mnemonics
 * and the attribute lists the parser shares (ir.h). A kernel has a few
 * hundred of each and prints them hundreds of thousands of times. The text
 * kept is capped, so a kernel whose lists are all distinct costs no more. */
struct memo_entry {
	const void *key;
	uint32_t n, len;
	size_t off;
};

/* The keys printed last, direct-mapped by address: an instruction's
 * mnemonic and list are mostly among those of the instructions before it,
 * found by one compare instead of a hash and a probe of the index. */
enum { MEMO_RECENT = 64 };

struct print_memo {
	struct st_index index;
	ST_VEC(struct memo_entry) entries;
	struct st_buf text;
	struct {
		const void *key;
		uint32_t n, idx;
	} recent[MEMO_RECENT];
	bool debuginfo; /* locations as trailing comments */
};

enum { MEMO_MAX_TEXT = 4 << 20 };

struct memo_key {
	const struct memo_entry *entries;
	const void *key;
	uint32_t n;
};

static bool same_memo(const void *cx, uint32_t idx)
{
	const struct memo_key *k = cx;
	return k->entries[idx].key == k->key && k->entries[idx].n == k->n;
}

static inline void memo_copy(struct st_buf *out, const struct print_memo *pm, uint32_t idx)
{
	const struct memo_entry *e = &pm->entries.v[idx];
	memcpy(st_buf_room(out, e->len), pm->text.data + e->off, e->len);
	out->len += e->len;
}

/* put_memo for a key not printed recently: looked up in the index, and
 * rendered into the memo the first time. */
static void put_memo_lookup(struct st_buf *out, struct print_memo *pm, const void *key, uint32_t n,
                            void (*render)(struct st_buf *, const void *, uint32_t))
{
	struct memo_key mk = {pm->entries.v, key, n};
	uint32_t h = (uint32_t)st_hash64((uint64_t)(uintptr_t)key ^ n);
	uint32_t idx = st_index_get(&pm->index, h, same_memo, &mk);
	if (idx == ST_INDEX_NONE) {
		if (pm->text.len > MEMO_MAX_TEXT) {
			render(out, key, n);
			return;
		}
		size_t off = pm->text.len;
		render(&pm->text, key, n);
		idx = st_index_put(&pm->index, h, same_memo, &mk, (uint32_t)pm->entries.n);
		st_vec_push(&pm->entries, ((struct memo_entry){key, n, (uint32_t)(pm->text.len - off), off}));
	}
	size_t r = st_ptr_slot(key, MEMO_RECENT);
	pm->recent[r].key = key;
	pm->recent[r].n = n;
	pm->recent[r].idx = idx;
	memo_copy(out, pm, idx);
}

/* Appends the text for (key, n): a recent key's inline. */
static inline void put_memo(struct st_buf *out, struct print_memo *pm, const void *key, uint32_t n,
                            void (*render)(struct st_buf *, const void *, uint32_t))
{
	size_t r = st_ptr_slot(key, MEMO_RECENT);
	if (pm->recent[r].key == key && pm->recent[r].n == n)
		memo_copy(out, pm, pm->recent[r].idx);
	else
		put_memo_lookup(out, pm, key, n, render);
}

static void render_mnemonic(struct st_buf *out, const void *name, uint32_t n)
{
	(void)n;
	put_mnemonic(out, name);
}

static void render_attrs(struct st_buf *out, const void *attrs, uint32_t n)
{
	st_buf_putc(out, ' ');
	put_attrs(out, attrs, n);
}

bool st_stir_name_ok(const char *s)
{
	bool ok = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_' || *s == '^' || *s == '@';
	for (const char *p = s + 1; ok && *p; p++)
		ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
		     *p == '.' || *p == '+';
	return ok;
}

bool st_stir_hex_ok(const char *s)
{
	s += *s == '-';
	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
		return false;
	for (const char *p = s + 2; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F')))
			return false;
	return true;
}

/* A block label as .stir spells it: an assembler label that is no .stir name
 * (.LBB0_3) becomes b+INDEX ('+' is in no assembler label). */
static void put_block_label(struct st_buf *out, const struct st_block *b)
{
	if (st_stir_name_ok(b->label)) {
		st_buf_puts(out, b->label);
		return;
	}
	st_buf_printf(out, "b+%u", (unsigned)b->index);
}

/* The source line of an item of an assembly input, quoted, without its line end. */
static void put_asm_text(struct st_buf *out, const struct st_asm_source *src, const struct st_inst *i)
{
	size_t n;
	const char *s = st_asm_line(src, i->loc.line, &n);
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	char *copy = st_xstrndup(s, n);
	st_buf_put_quoted(out, copy);
	free(copy);
}

static void print_inst(struct st_buf *out, const struct st_inst *i, struct print_memo *pm)
{
	if (i->kind == ST_ITEM_LABEL) {
		st_buf_puts(out, i->name);
		st_buf_putc(out, ':');
		return;
	}
	if (i->ndsts) {
		put_operands(out, i->dsts, i->ndsts);
		put_lit(out, " = ", 3);
	}
	if (pm)
		put_memo(out, pm, i->name, 0, render_mnemonic);
	else
		put_mnemonic(out, i->name);
	put_lit(out, "(", 1);
	put_operands(out, i->srcs, i->nsrcs);
	put_lit(out, ")", 1);
	if (!i->nattrs)
		return;
	if (pm)
		put_memo(out, pm, i->attrs, i->nattrs, render_attrs);
	else
		render_attrs(out, i->attrs, i->nattrs);
}

void st_print_inst(struct st_buf *out, const struct st_inst *i)
{
	print_inst(out, i, NULL);
}

static void put_loc(struct st_buf *out, struct st_loc loc)
{
	if (!loc.line) {
		st_buf_puts(out, " // unknown");
		return;
	}
	st_buf_printf(out, " // %s:%u:%u", loc.file ? loc.file : "<input>", loc.line, loc.col);
}

static void print_blocks(struct st_buf *out, const struct st_function *f, struct print_memo *pm)
{
	bool from_asm = f->module->asm_source != NULL;
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		st_buf_puts(out, "  ^");
		put_block_label(out, b);
		st_buf_puts(out, ":\n");
		st_foreach_item(b, i) {
			if (i->kind == ST_ITEM_PHI)
				continue;
			put_lit(out, "    ", 4);
			if (from_asm && !i->created && i->kind != ST_ITEM_INST) {
				/* A label or verbatim line of an assembly input, with its text. */
				st_buf_puts(out, i->kind == ST_ITEM_LABEL ? "\"st.asm.label\"()" : "\"st.asm.verbatim\"()");
				st_buf_puts(out, " { asm = ");
				put_asm_text(out, f->module->asm_source, i);
				st_buf_puts(out, " }\n");
				continue;
			}
			print_inst(out, i, pm);
			if (from_asm && !i->created) {
				/* The instruction's line, so --emit-asm prints it as it was. */
				if (i->nattrs)
					out->len -= 2; /* reopen the attribute list: " }" */
				st_buf_puts(out, i->nattrs ? ", asm = " : " { asm = ");
				put_asm_text(out, f->module->asm_source, i);
				st_buf_puts(out, " }");
			}
			if (pm && pm->debuginfo)
				put_loc(out, i->loc);
			put_lit(out, "\n", 1);
		}
		if (b->succs.n) {
			st_buf_puts(out, "    Successors: ");
			for (size_t s = 0; s < b->succs.n; s++) {
				if (s)
					st_buf_puts(out, ", ");
				st_buf_putc(out, '^');
				put_block_label(out, b->succs.v[s]);
			}
			st_buf_putc(out, '\n');
		}
	}
}

static void print_function(struct st_buf *out, const struct st_function *f, struct print_memo *pm)
{
	st_buf_puts(out, "st.func @");
	st_buf_puts(out, f->name);
	st_buf_puts(out, "() {\n");
	print_blocks(out, f, pm);
	st_buf_puts(out, "}\n");
}

static void memo_free(struct print_memo *pm)
{
	st_index_free(&pm->index);
	st_vec_free(&pm->entries);
	st_buf_free(&pm->text);
}

void st_print_function(struct st_buf *out, const struct st_function *f)
{
	struct print_memo pm = {0};
	print_function(out, f, &pm);
	memo_free(&pm);
}

static void print_module(struct st_buf *out, const struct st_module *m, bool debuginfo)
{
	struct print_memo pm = {.debuginfo = debuginfo};
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		if (m->flat)
			print_blocks(out, m->funcs.v[fi], &pm);
		else
			print_function(out, m->funcs.v[fi], &pm);
	}
	memo_free(&pm);
}

void st_print_module(struct st_buf *out, const struct st_module *m)
{
	print_module(out, m, false);
}

void st_print_module_debuginfo(struct st_buf *out, const struct st_module *m)
{
	print_module(out, m, true);
}
