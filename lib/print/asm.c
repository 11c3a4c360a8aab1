/* --emit-asm: the IR as gfx1250 assembly in LLVM's AMDGPU syntax.
 *
 * An instruction prints as its mnemonic, its destinations then its sources
 * (the order assembly uses), then the hardware modifiers that have assembly
 * syntax. Operands the assembly never writes are left out: the LDS<n>
 * memory-token pseudo-registers and implicit SCC/vcc/exec dependencies (the
 * ST_REGASM column of regclass.def). Modifier fields that change the
 * instruction but have no gfx1250 spelling are kept in a trailing comment, so
 * nothing is dropped silently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/print.h"
#include "stinkytofu/isa.h"

/* How a modifier field is written. Rows of one kind are in the order LLVM
 * prints them (idxen offen offset th scope), which is the order we render in,
 * whatever the order of the fields in the dictionary. */
enum field_syntax {
	F_OFFSET,  /* `NAME:N` when N is not 0 */
	F_FLAG,    /* `NAME` when true */
	F_KEYWORD, /* `NAME:VALUE` with a symbolic value (th:TH_LOAD_NT) */
	F_IGNORE,  /* bookkeeping with no encoding (na, isStore) */
};

struct field_rule {
	const char *field;  /* "offset12"; NULL ends a kind's rules */
	const char *syntax; /* "offset" */
	enum field_syntax how;
};

static const struct hw_kind {
	const char *kind; /* "mod.ds" */
	struct field_rule rules[8];
} hw_kinds[] = {
	{"mod.ds",
	 {{"na", "", F_IGNORE},
	  {"offset", "offset", F_OFFSET},
	  {"offset0", "offset0", F_OFFSET},
	  {"offset1", "offset1", F_OFFSET},
	  {"gds", "gds", F_FLAG}}},
	{"mod.mubuf",
	 {{"idxen", "idxen", F_FLAG},
	  {"offen", "offen", F_FLAG},
	  {"offset12", "offset", F_OFFSET},
	  {"offset", "offset", F_OFFSET},
	  {"th", "th", F_KEYWORD},
	  {"scope", "scope", F_KEYWORD},
	  {"isStore", "", F_IGNORE}}},
	{"mod.global",
	 {{"offset12", "offset", F_OFFSET},
	  {"offset", "offset", F_OFFSET},
	  {"th", "th", F_KEYWORD},
	  {"scope", "scope", F_KEYWORD},
	  {"isStore", "", F_IGNORE}}},
	{"mod.flat",
	 {{"offset12", "offset", F_OFFSET},
	  {"offset", "offset", F_OFFSET},
	  {"th", "th", F_KEYWORD},
	  {"scope", "scope", F_KEYWORD},
	  {"isStore", "", F_IGNORE}}},
	{"mod.smem", {{"offset", "offset", F_OFFSET}, {"th", "th", F_KEYWORD}, {"scope", "scope", F_KEYWORD}}},
};

/* Modifier kinds that are the tool's own bookkeeping, not hardware syntax:
 * the wait counts are the wait's operand (every wait modifier is, see
 * is_bookkeeping), tokens are the LDS<n> operands. */
static const char *const bookkeeping_kinds[] = {
	"mod.memtoken", "mod.wmma_pool", "mod.wait_reason", "mod.wait_provenance", "mod.lds_ring",
	"mod.loopcarriedwar", "mod.loopcarriedraw",
};

/* Assembler labels of one function, keyed by the interned name the IR uses. */
struct asm_ctx {
	bool comments;          /* st_asm_options.comments */
	struct st_arena *arena; /* the label spellings */
	struct st_map blocks;   /* block label -> assembler label */
	struct st_map labels;   /* in-block label -> assembler label */
	bool vgpr_low;          /* VGPRs are written as their low 8 bits (the mode gives the bank) */
};

/* Symbol tables map interned names to assembler labels. The first
 * definition of a name wins, as it does for the branch resolution of the
 * .stir tools. */
static void symtab_put(struct st_map *t, const char *key, const char *val)
{
	bool added;
	uint64_t *v = st_map_slot(t, st_ptr_key(key), &added);
	if (added)
		*v = st_ptr_key(val);
}

static const char *symtab_get(const struct st_map *t, const char *key)
{
	const uint64_t *v = key ? st_map_find(t, st_ptr_key(key)) : NULL;
	return v ? (const char *)(uintptr_t)*v : NULL;
}

static bool symbol_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '.' || c == '$';
}

/* A symbol as the assembler reads it: quoted when it holds a character an
 * identifier cannot (`+` is legal in .stir names), so no two names collide. */
static void put_symbol(struct st_buf *out, const char *s)
{
	bool plain = *s && !(*s >= '0' && *s <= '9');
	for (const char *p = s; *p && plain; p++)
		plain = symbol_char(*p);
	if (plain) {
		st_buf_puts(out, s);
		return;
	}
	st_buf_put_quoted(out, s);
}

/* `.L<func>$<block>`: `.L` keeps block labels out of the symbol table and
 * apart from in-block labels (which cannot start with '.'), and '$' cannot
 * occur in a .stir name, so labels of different functions never collide. */
static const char *block_symbol(struct asm_ctx *cx, const struct st_block *b)
{
	const char *fn = b->func->name;
	char *s = st_xasprintf(".L%s%s%s", fn, *fn ? "$" : "", b->label);
	const char *r = st_arena_strndup(cx->arena, s, strlen(s));
	free(s);
	return r;
}

/* Decimal integers without printf: operands are most of the output of a
 * large kernel, and the generic formatter dominated its cost. */
static void put_int(struct st_buf *out, int64_t v)
{
	char tmp[24];
	size_t n = sizeof tmp;
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	do
		tmp[--n] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		tmp[--n] = '-';
	st_buf_putn(out, tmp + n, sizeof tmp - n);
}

static void put_reg(struct st_buf *out, struct st_reg r)
{
	enum st_regasm_form form;
	const char *sp = st_regclass_asm((enum st_regclass)r.cls, &form);
	if (r.neg)
		st_buf_putc(out, '-');
	st_buf_puts(out, sp);
	if (form == ST_REGASM_NAMED)
		return;
	if (r.count == 1) {
		put_int(out, r.index);
	} else {
		st_buf_putc(out, '[');
		put_int(out, r.index);
		st_buf_putc(out, ':');
		put_int(out, (int64_t)r.index + r.count - 1);
		st_buf_putc(out, ']');
	}
}

static bool operand_hidden(const struct st_operand *op)
{
	if (op->kind != ST_OPND_REG)
		return false;
	enum st_regasm_form f;
	(void)st_regclass_asm((enum st_regclass)op->reg.cls, &f);
	return f == ST_REGASM_IMPLICIT || f == ST_REGASM_PSEUDO;
}

/* A string or label operand names a branch target: the block or in-block
 * label of that name when the function has one, else the name as written. */
static void put_target(struct st_buf *out, const struct asm_ctx *cx, const struct st_operand *op)
{
	const char *sym = NULL;
	if (cx) {
		const struct st_map *first = op->kind == ST_OPND_LABEL ? &cx->labels : &cx->blocks;
		const struct st_map *second = op->kind == ST_OPND_LABEL ? &cx->blocks : &cx->labels;
		sym = symtab_get(first, op->text);
		if (!sym)
			sym = symtab_get(second, op->text);
	}
	put_symbol(out, sym ? sym : op->text);
}

static void put_operand(struct st_buf *out, const struct asm_ctx *cx, const struct st_operand *op)
{
	switch (op->kind) {
	case ST_OPND_REG:
		if (cx && cx->vgpr_low && op->reg.cls == ST_REG_V) {
			struct st_reg low = op->reg;
			low.index %= 256;
			put_reg(out, low);
			break;
		}
		put_reg(out, op->reg);
		break;
	case ST_OPND_INT:
		put_int(out, op->ival);
		break;
	case ST_OPND_HEX:
	case ST_OPND_FLOAT:
	case ST_OPND_SYMBOL:
		st_buf_puts(out, op->text);
		break;
	case ST_OPND_STRING:
	case ST_OPND_LABEL:
		put_target(out, cx, op);
		break;
	case ST_OPND_HWREG:
		st_buf_puts(out, "hwreg(");
		for (unsigned k = 0; k < op->hw->nargs && k < 3; k++) {
			if (k)
				st_buf_puts(out, ", ");
			if (k == 0 && op->hw->name)
				st_buf_puts(out, op->hw->name);
			else
				put_int(out, op->hw->args[k]);
		}
		st_buf_putc(out, ')');
		break;
	}
}

static bool value_is_zero(const struct st_value *v)
{
	switch (v->kind) {
	case ST_VAL_INT:
	case ST_VAL_HEX:
	case ST_VAL_BOOL:
		return v->i == 0;
	case ST_VAL_FLOAT:
		return v->f == 0;
	case ST_VAL_STRING:
	case ST_VAL_NAME:
		return !v->text || !*v->text;
	case ST_VAL_ARRAY:
		return v->nelems == 0;
	case ST_VAL_DICT:
		return v->nfields == 0;
	}
	return false;
}

static void put_value(struct st_buf *out, const struct st_value *v)
{
	switch (v->kind) {
	case ST_VAL_INT:
		put_int(out, v->i);
		break;
	case ST_VAL_BOOL:
		st_buf_puts(out, v->i ? "true" : "false");
		break;
	case ST_VAL_HEX:
	case ST_VAL_FLOAT:
	case ST_VAL_STRING:
	case ST_VAL_NAME:
		st_buf_puts(out, v->text ? v->text : "");
		break;
	case ST_VAL_ARRAY:
		st_buf_putc(out, '[');
		for (uint32_t k = 0; k < v->nelems; k++) {
			if (k)
				st_buf_putc(out, ',');
			put_value(out, &v->elems[k]);
		}
		st_buf_putc(out, ']');
		break;
	case ST_VAL_DICT:
		st_buf_puts(out, "{...}");
		break;
	}
}

static bool is_bookkeeping(const char *kind)
{
	if (st_wait_modifier_kind(kind))
		return true;
	for (size_t k = 0; k < sizeof bookkeeping_kinds / sizeof bookkeeping_kinds[0]; k++)
		if (strcmp(kind, bookkeeping_kinds[k]) == 0)
			return true;
	return false;
}

static const struct hw_kind *find_kind(const char *kind)
{
	for (size_t k = 0; k < sizeof hw_kinds / sizeof hw_kinds[0]; k++)
		if (strcmp(hw_kinds[k].kind, kind) == 0)
			return &hw_kinds[k];
	return NULL;
}

/* The rule of a field when it takes a value of the field's type. */
static const struct field_rule *find_rule(const struct hw_kind *k, const struct st_attr *f)
{
	for (const struct field_rule *r = k->rules; r->field; r++) {
		if (strcmp(r->field, f->name) != 0)
			continue;
		enum st_value_kind vk = f->value.kind;
		switch (r->how) {
		case F_IGNORE:
			return r;
		case F_FLAG:
			return vk == ST_VAL_BOOL ? r : NULL;
		case F_OFFSET:
			return vk == ST_VAL_INT || vk == ST_VAL_HEX ? r : NULL;
		case F_KEYWORD:
			return vk == ST_VAL_NAME || vk == ST_VAL_STRING ? r : NULL;
		}
	}
	return NULL;
}

/* Modifier syntax after the operands, in the order of the kind's rules. */
static void put_modifiers(struct st_buf *out, const struct st_inst *i)
{
	for (uint32_t a = 0; a < i->nattrs; a++) {
		const struct st_attr *mod = &i->attrs[a];
		const struct hw_kind *k = mod->value.kind == ST_VAL_DICT ? find_kind(mod->name) : NULL;
		if (!k)
			continue;
		for (const struct field_rule *r = k->rules; r->field; r++) {
			const struct st_attr *f = st_dict_field(&mod->value, r->field);
			if (!f || value_is_zero(&f->value) || find_rule(k, f) != r || r->how == F_IGNORE)
				continue;
			st_buf_putc(out, ' ');
			st_buf_puts(out, r->syntax);
			if (r->how != F_FLAG) {
				st_buf_putc(out, ':');
				put_value(out, &f->value);
			}
		}
	}
}

/* Hardware modifier fields with a non-default value that the assembly cannot
 * say (gfx9-style glc/slc, op_sel of mod.vop3, ...), as `; kind.field = v`. */
static void put_unrendered(struct st_buf *out, const struct st_inst *i)
{
	bool any = false;
	for (uint32_t a = 0; a < i->nattrs; a++) {
		const struct st_attr *at = &i->attrs[a];
		if (at->value.kind != ST_VAL_DICT || strncmp(at->name, "mod.", 4) != 0 || is_bookkeeping(at->name))
			continue;
		const struct hw_kind *kind = find_kind(at->name);
		for (uint32_t k = 0; k < at->value.nfields; k++) {
			const struct st_attr *f = &at->value.fields[k];
			if (value_is_zero(&f->value) || (kind && find_rule(kind, f)))
				continue;
			st_buf_puts(out, any ? ", " : " ; not rendered: ");
			any = true;
			st_buf_printf(out, "%s.%s = ", at->name, f->name);
			put_value(out, &f->value);
		}
	}
}

/* A wait written without its count operand takes it from its modifier. */
static bool put_wait_count(struct st_buf *out, const struct st_inst *i)
{
	int counts[ST_NUM_COUNTERS];
	if (i->nsrcs || !st_wait_counts(i, counts))
		return false;
	const struct st_isa_info *e = i->isa;
	if (e->wait_form == ST_WAIT_IDLE)
		return true; /* s_wait_idle has no operand */
	if (e->wait_form == ST_WAIT_SINGLE) {
		st_buf_printf(out, " %d", counts[e->wait_counter]);
		return true;
	}
	/* PACKED_DS: MEM in bits 13:8, DS in bits 5:0; a counter the modifier
	 * leaves unused waits for nothing, the field's maximum. */
	int mem = counts[e->wait_counter] < 0 ? st_counter_max(e->wait_counter) : counts[e->wait_counter];
	int ds = counts[ST_CNT_DS] < 0 ? st_counter_max(ST_CNT_DS) : counts[ST_CNT_DS];
	st_buf_printf(out, " 0x%x", (unsigned)(mem << 8 | ds));
	return true;
}

/* `newline` separates the lines of an instruction written as several. */
static void put_inst(struct st_buf *out, const struct asm_ctx *cx, const struct st_inst *i, const char *newline)
{
	/* gfx12 has no s_barrier: it is the split pair on barrier -1. */
	if (st_inst_is_barrier(i) && !(i->isa->flags & ST_ISA_SPLIT_BARRIER)) {
		st_buf_puts(out, "s_barrier_signal -1");
		st_buf_puts(out, newline);
		st_buf_puts(out, "s_barrier_wait -1");
		put_unrendered(out, i);
		return;
	}
	st_buf_puts(out, i->name);
	bool first = true;
	for (uint32_t k = 0; k < i->ndsts + i->nsrcs; k++) {
		const struct st_operand *op = k < i->ndsts ? &i->dsts[k] : &i->srcs[k - i->ndsts];
		if (operand_hidden(op))
			continue;
		st_buf_puts(out, first ? " " : ", ");
		first = false;
		put_operand(out, cx, op);
	}
	if (st_inst_is_wait(i))
		put_wait_count(out, i);
	put_modifiers(out, i);
	put_unrendered(out, i);
	const char *why = cx && cx->comments ? st_wait_provenance(i) : NULL;
	if (why)
		st_buf_printf(out, "\t// %s", why);
}

const char *st_wait_provenance(const struct st_inst *i)
{
	const struct st_attr *a = st_inst_attr(i, "mod.wait_provenance");
	const struct st_attr *t = a ? st_dict_field(&a->value, "text") : NULL;
	return t && t->value.kind == ST_VAL_STRING ? t->value.text : NULL;
}

void st_print_asm_inst(struct st_buf *out, const struct st_inst *i)
{
	if (i->kind == ST_ITEM_LABEL) {
		put_symbol(out, i->name);
		st_buf_putc(out, ':');
		return;
	}
	put_inst(out, NULL, i, "\n");
}

/* ---- VGPR MSB mode: the s_set_vgpr_msb instructions a .stir kernel needs ----
 * A VGPR above v255 is written as its low 8 bits in the bank its operand
 * slot has in the mode (docs/asm-input.md "VGPR MSB mode"). The mode at each
 * instruction is a dataflow from mode 0 at the function entry; an instruction
 * whose operands the mode would misread gets an s_set_vgpr_msb before it,
 * which changes only the slots it needs. */

/* The bank each slot must have for i's VGPR operands (-1: any); false when
 * no mode can encode them (a register above v1023, a range across a bank
 * boundary, two operands of one slot in different banks): i is then written with its real registers,
 * which llvm-mc rejects rather than misreads. */
static bool msb_needs(const struct st_inst *i, int need[4])
{
	for (int s = 0; s < 4; s++)
		need[s] = -1;
	struct st_vgpr_msb_layout layout =
	        st_vgpr_msb_layout(st_mnemonic_find(i->name, strlen(i->name)), i->ndsts > 0);
	unsigned k = 0;
	for (uint32_t j = 0; j < i->ndsts + i->nsrcs; j++) {
		const struct st_operand *op = j < i->ndsts ? &i->dsts[j] : &i->srcs[j - i->ndsts];
		if (operand_hidden(op))
			continue;
		unsigned pos = k++;
		if (op->kind != ST_OPND_REG || op->reg.cls != ST_REG_V)
			continue;
		uint32_t bank = op->reg.index / 256;
		if (bank > 3 || (op->reg.index + op->reg.count - 1) / 256 != bank)
			return false; /* above v1023, or across a bank boundary */
		int slot = st_vgpr_msb_layout_slot(&layout, pos);
		if (slot == ST_MSB_NONE ? bank != 0 : need[slot] >= 0 && need[slot] != (int)bank)
			return false;
		if (slot != ST_MSB_NONE)
			need[slot] = (int)bank;
	}
	return true;
}

/* The mode after i from `mode` (ST_MSB_UNKNOWN included); *set is the mode
 * to set before i, or -1; *low whether i's VGPRs are written low. */
static int msb_step(const struct st_inst *i, int mode, int *set, bool *low)
{
	*set = -1;
	*low = false;
	int e = st_inst_vgpr_msb_effect(i);
	if (e != ST_MSB_KEEPS) {
		if (st_inst_is_call(i) && mode != 0)
			*set = 0; /* the callee starts in mode 0 */
		return e;
	}
	int need[4];
	if (!msb_needs(i, need))
		return mode;
	*low = true;
	bool fits = mode >= 0;
	for (int s = 0; s < 4; s++)
		fits &= need[s] < 0 || (int)st_vgpr_msb_bank((unsigned)mode, s) == need[s];
	if (fits)
		return mode;
	int m = 0;
	for (int s = 0; s < 4; s++)
		m |= (need[s] >= 0 ? need[s] : mode >= 0 ? (int)st_vgpr_msb_bank((unsigned)mode, s) : 0) << (2 * s);
	*set = m;
	return m;
}

static int msb_block(const struct st_block *b, int mode)
{
	int set;
	bool low;
	st_foreach_inst(b, i) mode = msb_step(i, mode, &set, &low);
	return mode;
}

/* The mode at each block's entry (ST_MSB_KEEPS: unreached; ST_MSB_UNKNOWN:
 * paths disagree), from mode 0 at the function's entry. */
static int *msb_entries(const struct st_function *f)
{
	int *in = st_xmalloc((f->blocks.n + 1) * sizeof *in);
	for (size_t b = 0; b < f->blocks.n; b++)
		in[b] = b == 0 ? 0 : ST_MSB_KEEPS;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t b = 0; b < f->blocks.n; b++) {
			if (in[b] == ST_MSB_KEEPS)
				continue;
			int out = msb_block(f->blocks.v[b], in[b]);
			const struct st_block *blk = f->blocks.v[b];
			for (size_t s = 0; s < blk->succs.n; s++) {
				uint32_t t = blk->succs.v[s]->index;
				int j = in[t] == ST_MSB_KEEPS || in[t] == out ? out : ST_MSB_UNKNOWN;
				if (t != 0 && j != in[t]) {
					in[t] = j;
					changed = true;
				}
			}
		}
	}
	return in;
}

static void print_function(struct st_buf *out, const struct st_function *f, const struct st_asm_options *o)
{
	struct asm_ctx cx = {.comments = o && o->comments, .arena = st_arena_new()};
	const char **bsym = st_xcalloc(f->blocks.n + 1, sizeof *bsym);
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		bsym[bi] = block_symbol(&cx, f->blocks.v[bi]);
		symtab_put(&cx.blocks, f->blocks.v[bi]->label, bsym[bi]);
		st_foreach_item (f->blocks.v[bi], it)
			if (it->kind == ST_ITEM_LABEL)
				symtab_put(&cx.labels, it->name, it->name);
	}

	if (*f->name) {
		put_symbol(out, f->name);
		st_buf_puts(out, ":\n");
	}
	int *msb_in = msb_entries(f);
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		int mode = msb_in[bi] == ST_MSB_KEEPS ? ST_MSB_UNKNOWN : msb_in[bi];
		put_symbol(out, bsym[bi]);
		st_buf_printf(out, ":\t; ^%s\n", b->label);
		st_foreach_item (b, it) {
			if (it->kind == ST_ITEM_LABEL) {
				put_symbol(out, it->name);
				st_buf_puts(out, ":\n");
				continue;
			}
			if (it->kind != ST_ITEM_INST)
				continue;
			int set, prev = mode;
			mode = msb_step(it, mode, &set, &cx.vgpr_low);
			if (set >= 0)
				st_buf_printf(out, "\ts_set_vgpr_msb 0x%x\n", (unsigned)((prev >= 0 ? prev << 8 : 0) | set));
			st_buf_putc(out, '\t');
			put_inst(out, &cx, it, "\n\t");
			cx.vgpr_low = false;
			st_buf_putc(out, '\n');
		}
		if (b->succs.n) {
			st_buf_puts(out, "\t; Successors: ");
			for (size_t s = 0; s < b->succs.n; s++)
				st_buf_printf(out, "%s^%s", s ? ", " : "", b->succs.v[s]->label);
			st_buf_putc(out, '\n');
		}
	}
	free(bsym);
	free(msb_in);
	st_map_free(&cx.blocks);
	st_map_free(&cx.labels);
	st_arena_free(cx.arena);
}

void st_print_asm_function(struct st_buf *out, const struct st_function *f)
{
	print_function(out, f, NULL);
}

void st_print_asm_module_with(struct st_buf *out, const struct st_module *m, const struct st_asm_options *o)
{
	if (m->asm_source) {
		st_print_asm_source(out, m, o);
		return;
	}
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		if (fi)
			st_buf_putc(out, '\n');
		print_function(out, m->funcs.v[fi], o);
	}
}

void st_print_asm_module(struct st_buf *out, const struct st_module *m)
{
	st_print_asm_module_with(out, m, NULL);
}
