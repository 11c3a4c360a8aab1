/* The semantic actions of the .stir grammar.
 *
 * The grammar (parser.y) recognises statements; this file gives them meaning:
 * it opens and closes functions and blocks, builds instructions from the
 * scratch operand/field vectors, resolves `Successors:` names when a function
 * ends, and reports every user error with its location. Nothing here is
 * allocated per token: IR nodes go to the module arena. */
#include <stdlib.h>
#include <string.h>

#include "parse/parse-internal.h"
#include "stinkytofu/verify.h"

static const char *entry_label = "entry";

/* ---- Values ---- */

static struct st_operand literal_operand(int kind, const struct st_tok *t, struct st_loc loc)
{
	struct st_operand op = {.kind = (enum st_operand_kind)kind, .col = st_operand_col(loc.col)};
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

/* ---- Operands ---- */

static bool all_digits(const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (s[k] < '0' || s[k] > '9')
			return false;
	return n > 0;
}

/* Decimal digits to an index, saturating just past ST_MAX_REG_INDEX. */
static uint64_t parse_index(const char *s, size_t n)
{
	uint64_t v = 0;
	for (size_t k = 0; k < n && v <= ST_MAX_REG_INDEX; k++)
		v = v * 10 + (uint64_t)(s[k] - '0');
	return v;
}

/* An identifier that is neither a register, a symbolic operand nor a label
 * reference: most likely a misspelt register, which read as a symbol would
 * hide its dependencies from every pass. */
static void unknown_operand(struct st_parser *p, const struct st_tok *id, struct st_loc loc)
{
	bool reg_like = false;
	for (uint32_t k = 0; k < id->n && !reg_like; k++)
		reg_like = id->s[k] >= '0' && id->s[k] <= '9';
	const char *what = reg_like ? "register" : "symbolic operand";
	char hint[64];
	if (st_operand_suggest(id->s, hint, sizeof hint))
		st_parse_error(p, loc, "unknown %s '%s'; did you mean '%s'?", what, id->s, hint);
	else
		st_parse_error(p, loc, "unknown %s '%s' (see the operands of docs/stir-format.md)", what, id->s);
}

/* The operand an identifier stands for; false if it is reported as bad. */
static bool ident_operand(struct st_parser *p, const struct st_tok *id, struct st_loc loc, struct st_operand *op)
{
	enum st_regclass cls;
	size_t k = st_regclass_match(id->s, id->n, &cls);
	if (k && all_digits(id->s + k, id->n - k)) {
		uint64_t index = parse_index(id->s + k, id->n - k);
		op->kind = ST_OPND_REG;
		op->reg = (struct st_reg){.index = (uint32_t)(index > ST_MAX_REG_INDEX ? 0 : index), .count = 1, .cls = (uint8_t)cls};
		if (index <= ST_MAX_REG_INDEX)
			return true;
		st_parse_error(p, loc, "register index in '%.*s' is out of range (at most %u)", (int)id->n, id->s,
		               ST_MAX_REG_INDEX);
		return false;
	}
	op->kind = id->n >= 6 && memcmp(id->s, "label_", 6) == 0 ? ST_OPND_LABEL : ST_OPND_SYMBOL;
	op->text = id->s;
	if (op->kind == ST_OPND_SYMBOL && !st_symbolic_operand(id->s, id->n)) {
		unknown_operand(p, id, loc);
		return false;
	}
	return true;
}

/* An identifier names the same operand wherever it stands, and a kernel
 * names a few hundred registers and symbols over and over: the operand of
 * an interned name is kept by its pointer, and only a name not seen (or
 * bad, which is reported every time) is matched against the register
 * classes and symbols. */
void st_parse_ident_operand(struct st_parser *p, const struct st_tok *id, struct st_loc loc)
{
	struct ident_memo *e = &p->ident_memo[st_ptr_slot(id->s, ST_PARSE_IDENT_MEMO)];
	struct st_operand op;
	if (e->s == id->s) {
		op = e->op;
	} else {
		op = (struct st_operand){0};
		if (ident_operand(p, id, loc, &op))
			*e = (struct ident_memo){id->s, op};
	}
	op.col = st_operand_col(loc.col);
	push_operand(p, op);
}

static bool check_index(struct st_parser *p, const struct st_tok *t, struct st_loc loc)
{
	if (t->i < 0) {
		st_parse_error(p, loc, "register index %lld is negative", (long long)t->i);
		return false;
	}
	if (t->i > (int64_t)ST_MAX_REG_INDEX) {
		st_parse_error(p, loc, "register index %lld is out of range (at most %u)", (long long)t->i, ST_MAX_REG_INDEX);
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
	struct st_operand op = {.kind = ST_OPND_REG, .col = st_operand_col(loc.col), .reg = {.count = 1, .cls = ST_REG_V}};
	p->wide_count = 0;
	enum st_regclass cls;
	if (st_regclass_match(cls_tok->s, cls_tok->n, &cls) != cls_tok->n) {
		/* The closest class: the suggestion for the class with an index. */
		char probe[48], hint[64];
		size_t hn = 0;
		if (cls_tok->n + 2 <= sizeof probe) {
			snprintf(probe, sizeof probe, "%.*s0", (int)cls_tok->n, cls_tok->s);
			if (st_operand_suggest(probe, hint, sizeof hint) && (hn = strlen(hint)) > 1 && hint[hn - 1] == '0')
				hint[--hn] = '\0';
			else
				hn = 0;
		}
		if (hn)
			st_parse_error(p, loc, "unknown register class '%.*s'; did you mean '%s'?", (int)cls_tok->n, cls_tok->s,
			               hint);
		else
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
	struct st_operand op = {.kind = ST_OPND_REG, .col = st_operand_col(loc.col)};
	op.reg = range(p, (enum st_regclass)t->kind, (uint32_t)t->i, (uint64_t)(t->hi - t->i) + 1);
	push_operand(p, op);
}

void st_parse_report_wide(struct st_parser *p, struct st_loc loc)
{
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
	op->col = st_operand_col(loc.col);
	st_parse_end_reg(p, loc);
}

void st_parse_hwreg(struct st_parser *p, const struct st_tok *fn, struct st_loc loc, int nargs,
                    const struct st_tok *id_tok, const struct st_tok *off, const struct st_tok *size)
{
	struct st_operand id = literal_operand(id_tok->kind, id_tok, loc);
	if (!st_tok_is(fn->s, fn->n, "hwreg"))
		st_parse_error(p, loc, "unknown operand function '%.*s' (only hwreg(...) is supported)", (int)fn->n,
		               fn->s);
	/* A symbolic or hex id prints back from its spelling. */
	int64_t args[3] = {id.ival, off ? off->i : 0, size ? size->i : 0};
	struct st_operand op = st_hwreg_operand(p->m, id.kind == ST_OPND_INT ? NULL : id.text, (uint32_t)nargs, args);
	op.col = st_operand_col(loc.col);
	push_operand(p, op);
}

/* ---- Structure ---- */

/* The block labelled `label` (interned) in the current function, or NULL. */
static struct st_block *labels_find(const struct st_map *labels, const char *label)
{
	const uint64_t *b = st_map_find(labels, st_ptr_key(label));
	return b ? (struct st_block *)(uintptr_t)*b : NULL;
}

static struct st_block *new_block(struct st_parser *p, const char *label, struct st_loc loc)
{
	struct st_block *prev = labels_find(&p->labels, label);
	struct st_block *b = st_block_new(p->func, label, loc);
	if (prev) {
		st_parse_error(p, loc, "duplicate block label '^%s'", label);
		st_note(p->diag, prev->loc, "'^%s' was first defined here", label);
	} else {
		st_map_put(&p->labels, st_ptr_key(b->label), st_ptr_key(b));
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
	st_map_clear(&p->labels);
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

/* The counts of struct st_inst are 16 bits: an instruction with more
 * operands in p->ops past `from` (its destinations, or its sources after
 * them) is an error at the first one too many (on the line of `at`). */
static bool too_many_operands(struct st_parser *p, size_t from, struct st_loc at)
{
	if (p->ops.n - from <= ST_MAX_OPERANDS)
		return false;
	at.col = p->ops.v[from + ST_MAX_OPERANDS].col;
	st_parse_error(p, at, "too many operands (at most %u)", ST_MAX_OPERANDS);
	st_vec_clear(&p->ops);
	return true;
}

/* The instruction read, built with its destinations and sources (p->ops). */
static struct st_inst *build_inst(struct st_parser *p, const char *name)
{
	size_t nd = p->cur_ndsts;
	struct st_inst *i = st_inst_new_operands(p->m, name, st_module_isa(p->m, name), p->cur_loc, p->ops.v,
	                                         (uint16_t)nd, p->ops.v + nd, (uint16_t)(p->ops.n - nd));
	st_vec_clear(&p->ops);
	return i;
}

void st_parse_begin_inst(struct st_parser *p, const struct st_tok *mnemonic, struct st_loc loc, struct st_loc mloc)
{
	const char *name = mnemonic->s;
	if (strncmp(name, "st.", 3) == 0)
		name += 3;
	p->cur_name = NULL;
	if (!*name) {
		st_parse_error(p, mloc, "empty operation name");
		st_vec_clear(&p->ops);
		return;
	}
	if (too_many_operands(p, 0, loc))
		return;
	/* What an instruction writes is a register (or a hardware register):
	 * a destination `off` or `7` would be a write no pass can see. */
	for (size_t k = 0; k < p->ops.n; k++) {
		const struct st_operand *op = &p->ops.v[k];
		if (op->kind == ST_OPND_REG || op->kind == ST_OPND_HWREG)
			continue;
		struct st_loc at = {loc.file, loc.line, op->col};
		if (op->kind == ST_OPND_SYMBOL || op->kind == ST_OPND_LABEL)
			st_parse_error(p, at, "destination '%s' is not a register", op->text);
		else
			st_parse_error(p, at, "destination #%zu is not a register", k + 1);
	}
	/* The scanner interned the string with its `st.`; the name without it is
	 * kept beside it in a memo by the interned pointer (a kernel has a few
	 * dozen mnemonics), and interned again only when its slot held another. */
	struct mnemonic_memo *e = &p->mnemonic_memo[st_ptr_slot(mnemonic->s, ST_PARSE_MNEMONIC_MEMO)];
	if (e->with != mnemonic->s)
		*e = (struct mnemonic_memo){mnemonic->s, st_intern(p->m->strings, name)};
	const char *interned = e->without;
	/* A VGPR written by an instruction whose destination slots are scalar
	 * (the one slot fact a .stir line's operands can be held to: it also
	 * names the registers assembly leaves implicit, never a VGPR). Only
	 * s_* rows have scalar destination slots, so no other name is looked up. */
	for (size_t k = 0; k < p->ops.n && name[0] == 's' && name[1] == '_'; k++) {
		const struct st_operand *op = &p->ops.v[k];
		if (op->kind == ST_OPND_REG && op->reg.cls == ST_REG_V &&
		    !st_mnemonic_writes_vgpr(st_module_mnemonic(p->m, interned))) {
			st_parse_error(p, (struct st_loc){loc.file, loc.line, op->col},
			               "destination #%zu of '%s' is a VGPR, but it writes scalar registers only", k + 1, name);
			break;
		}
	}
	p->cur_name = interned;
	p->cur_loc = loc;
	p->cur_ndsts = p->ops.n;
}

static void append_inst(struct st_parser *p, struct st_inst *i);

void st_parse_end_inst(struct st_parser *p, bool has_attrs)
{
	const char *name = p->cur_name;
	bool ok = name;
	p->cur_name = NULL;
	struct st_value dict = {0};
	if (has_attrs)
		dict = st_vec_pop(&p->vals);
	const struct st_value *attrs = has_attrs ? &dict : NULL;
	if (ok && attrs && attrs->nfields > ST_MAX_OPERANDS) {
		st_parse_error(p, p->dict_store.v[attrs->i + ST_MAX_OPERANDS].loc, "too many attributes (at most %u)",
		               ST_MAX_OPERANDS);
		ok = false;
	}
	if (!ok || too_many_operands(p, p->cur_ndsts, p->cur_loc)) {
		st_vec_clear(&p->ops);
		st_vec_clear(&p->dict_store);
		st_vec_clear(&p->elem_store);
		return;
	}
	struct st_inst *i = build_inst(p, name);
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
		st_attrs_resolve(p, scratch, n);
		h = st_attrs_hash(scratch, n);
		sl = st_attrs_find(p, h, scratch, n);
	}
	size_t bad;
	if (sl) {
		i->attrs = st_attrs_share(p, sl);
		i->nattrs = (uint16_t)n;
		bad = st_verify_inst_operands(i, p->diag);
	} else {
		i->attrs = scratch;
		i->nattrs = (uint16_t)n;
		bad = st_verify_inst(i, p->diag);
		i->attrs = st_attrs_copy(p, scratch, n, true);
		if (!bad && n)
			sl = st_attrs_add(p, h, i->attrs, n);
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
	const char *name = p->cur_name;
	bool ok = name;
	p->cur_name = NULL;
	struct shared_list *sl = p->seen;
	p->seen = NULL;
	if (!ok || !sl || too_many_operands(p, p->cur_ndsts, p->cur_loc)) {
		st_vec_clear(&p->ops);
		return;
	}
	struct st_inst *i = build_inst(p, name);
	i->attrs = st_attrs_share(p, sl);
	i->nattrs = (uint16_t)sl->n;
	size_t bad = st_verify_inst_operands(i, p->diag);
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
	p->cur_name = NULL;
	p->wide_count = 0;
	p->succ_block = NULL;
}


void st_parse_finish(struct st_parser *p, uint32_t first_line)
{
	struct st_loc end = {p->file, p->line, p->col};
	if (p->mode == MODE_FUNCS && p->func) {
		st_parse_error(p, end, "missing '}' at end of file");
		st_note(p->diag, p->func->loc, "to close function '@%s' started here", p->func->name);
		finish_function(p);
	} else if (p->mode == MODE_FLAT) {
		finish_function(p);
	} else if (p->mode == MODE_UNKNOWN) {
		/* An empty file is an empty flat function. */
		start_flat(p, (struct st_loc){p->file, first_line ? first_line : 1, 1});
		new_block(p, st_module_intern(p->m, entry_label), p->func->loc);
		finish_function(p);
	}
}
