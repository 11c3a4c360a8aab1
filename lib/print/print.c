/* The canonical .stir printer (docs/stir-format.md, "Canonical printed form").
 *
 * Every construct the parser accepts prints in exactly one way, and that way
 * parses back to the same IR, which is what makes print∘parse a fixpoint after
 * one round. Output goes straight into an st_buf; numbers are formatted by
 * hand because printf dominates the cost of printing large kernels. */
#include <string.h>

#include "stinkytofu/print.h"

static void put_u64(struct st_buf *out, uint64_t v)
{
	char tmp[24];
	size_t n = sizeof tmp;
	do {
		tmp[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	st_buf_putn(out, tmp + n, sizeof tmp - n);
}

static void put_i64(struct st_buf *out, int64_t v)
{
	if (v < 0) {
		st_buf_putc(out, '-');
		put_u64(out, 0 - (uint64_t)v);
	} else {
		put_u64(out, (uint64_t)v);
	}
}

static void put_string(struct st_buf *out, const char *s)
{
	st_buf_putc(out, '"');
	for (const char *run = s;; s++) {
		if (*s == '"' || *s == '\\' || !*s) {
			st_buf_putn(out, run, (size_t)(s - run));
			if (!*s)
				break;
			st_buf_putc(out, '\\');
			run = s;
		}
	}
	st_buf_putc(out, '"');
}

static void put_reg(struct st_buf *out, struct st_reg r)
{
	if (r.neg)
		st_buf_putc(out, '-');
	st_buf_puts(out, st_regclass_name(r.cls));
	if (r.count == 1) {
		put_u64(out, r.index);
		return;
	}
	st_buf_putc(out, '[');
	put_u64(out, r.index);
	st_buf_putc(out, ':');
	put_u64(out, (uint64_t)r.index + r.count - 1);
	st_buf_putc(out, ']');
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
	case ST_OPND_HEX:
	case ST_OPND_FLOAT:
	case ST_OPND_SYMBOL:
	case ST_OPND_LABEL:
		st_buf_puts(out, op->text);
		return;
	case ST_OPND_STRING:
		put_string(out, op->text);
		return;
	case ST_OPND_HWREG:
		st_buf_puts(out, "hwreg(");
		if (op->text)
			st_buf_puts(out, op->text);
		else
			put_i64(out, op->hw[0]);
		for (unsigned k = 1; k < op->nhw && k < 3; k++) {
			st_buf_puts(out, ", ");
			put_i64(out, op->hw[k]);
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
		put_string(out, v->text);
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

static void put_operands(struct st_buf *out, const struct st_operand *ops, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++) {
		if (k)
			st_buf_puts(out, ", ");
		st_print_operand(out, &ops[k]);
	}
}

void st_print_inst(struct st_buf *out, const struct st_inst *i)
{
	if (i->kind == ST_ITEM_LABEL) {
		st_buf_puts(out, i->name);
		st_buf_putc(out, ':');
		return;
	}
	if (i->ndsts) {
		put_operands(out, i->dsts, i->ndsts);
		st_buf_puts(out, " = ");
	}
	/* Mnemonics are the parser's unescaped strings: escape them back. */
	if (!i->name[strcspn(i->name, "\"\\")]) {
		st_buf_puts(out, "\"st.");
		st_buf_puts(out, i->name);
		st_buf_putc(out, '"');
	} else {
		struct st_buf tmp = {0};
		st_buf_puts(&tmp, "st.");
		st_buf_puts(&tmp, i->name);
		put_string(out, st_buf_cstr(&tmp));
		st_buf_free(&tmp);
	}
	st_buf_putc(out, '(');
	put_operands(out, i->srcs, i->nsrcs);
	st_buf_putc(out, ')');
	if (i->nattrs) {
		st_buf_putc(out, ' ');
		put_attrs(out, i->attrs, i->nattrs);
	}
}

static void print_blocks(struct st_buf *out, const struct st_function *f)
{
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		st_buf_puts(out, "  ^");
		st_buf_puts(out, b->label);
		st_buf_puts(out, ":\n");
		st_foreach_item(b, i) {
			if (i->kind == ST_ITEM_PHI)
				continue;
			st_buf_puts(out, "    ");
			st_print_inst(out, i);
			st_buf_putc(out, '\n');
		}
		if (b->succs.n) {
			st_buf_puts(out, "    Successors: ");
			for (size_t s = 0; s < b->succs.n; s++) {
				if (s)
					st_buf_puts(out, ", ");
				st_buf_putc(out, '^');
				st_buf_puts(out, b->succs.v[s]->label);
			}
			st_buf_putc(out, '\n');
		}
	}
}

void st_print_function(struct st_buf *out, const struct st_function *f)
{
	st_buf_puts(out, "st.func @");
	st_buf_puts(out, f->name);
	st_buf_puts(out, "() {\n");
	print_blocks(out, f);
	st_buf_puts(out, "}\n");
}

void st_print_module(struct st_buf *out, const struct st_module *m)
{
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		if (m->flat)
			print_blocks(out, m->funcs.v[fi]);
		else
			st_print_function(out, m->funcs.v[fi]);
	}
}
