/* The IR verifier: the structural invariants of docs/stir-format.md that the
 * parser establishes and every pass must keep (unique labels, a CFG whose
 * predecessor lists mirror its successor lists, sane register ranges, and
 * well-formed interpreted modifiers). Errors are located at the offending
 * instruction, operand, attribute or block. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/annotations.h"
#include "stinkytofu/isa.h"
#include "stinkytofu/verify.h"


struct mod_schema;
/* Checks the value of one known field (a dictionary entry). */
typedef size_t check_field_fn(const struct st_inst *i, const struct st_attr *fld, const struct mod_schema *s,
                              struct st_diag_engine *diag);

/* Modifier kinds the tool interprets, with their fields. Every one rejects
 * unknown fields: a misspelt wait count would silently mean "no wait", a
 * misspelt token list "tagged with no tokens"; `required` names the field
 * the kind means nothing without. min is the smallest accepted integer
 * value of each field (check_int). */
struct mod_schema {
	const char *kind;
	int64_t min;
	const char *required;
	check_field_fn *check;
	const char *const *fields;
	int nfields;
};

static check_field_fn check_int, check_tokens;

/* The wait modifiers (mod.swaitcnt, mod.swaittensorcnt, ...) come from the
 * counter table (wait_schema, -1 = unused); the others are listed here. */
static const char *const pool_fields[] = {"poolIndex"}, *const token_fields[] = {"tokens"};
static const struct mod_schema mod_schemas[] = {
	{"mod.wmma_pool", 0, "poolIndex", check_int, pool_fields, 1},
	{"mod.memtoken", 0, "tokens", check_tokens, token_fields, 1},
};

static struct st_loc at(struct st_loc loc, const struct st_inst *i)
{
	return loc.line ? loc : i->loc;
}

static bool is_int(const struct st_value *v)
{
	return v->kind == ST_VAL_INT || v->kind == ST_VAL_HEX;
}

static const char *closest_field(const struct mod_schema *s, const char *name)
{
	const char *best = NULL;
	size_t bestd = 3; /* suggest only near misses */
	for (int k = 0; k < s->nfields; k++) {
		size_t d = st_edit_distance(name, s->fields[k]);
		if (d < bestd) {
			bestd = d;
			best = s->fields[k];
		}
	}
	return best;
}

static size_t check_int(const struct st_inst *i, const struct st_attr *fld, const struct mod_schema *s,
                        struct st_diag_engine *diag)
{
	if (is_int(&fld->value) && fld->value.i >= s->min)
		return 0;
	st_error(diag, at(fld->loc, i), "%s field '%s' must be an integer >= %lld", s->kind, fld->name, (long long)s->min);
	return 1;
}

static size_t check_tokens(const struct st_inst *i, const struct st_attr *f, const struct mod_schema *s,
                           struct st_diag_engine *diag)
{
	(void)s;
	if (f->value.kind != ST_VAL_ARRAY) {
		st_error(diag, at(f->loc, i), "mod.memtoken 'tokens' must be an array of token ids");
		return 1;
	}
	for (uint32_t k = 0; k < f->value.nelems; k++) {
		uint32_t id;
		if (!st_memtoken_id(&f->value.elems[k], &id)) {
			st_error(diag, at(f->loc, i), "mod.memtoken token id #%u must be a non-negative integer", k + 1);
			return 1;
		}
	}
	return 0;
}

static size_t check_schema(const struct st_inst *i, const struct st_attr *a, const struct mod_schema *s,
                           struct st_diag_engine *diag)
{
	size_t nerr = 0;
	bool have_required = !s->required;
	for (uint32_t f = 0; f < a->value.nfields; f++) {
		const struct st_attr *fld = &a->value.fields[f];
		bool known = false;
		for (int k = 0; k < s->nfields; k++)
			known |= strcmp(fld->name, s->fields[k]) == 0;
		if (!known) {
			const char *hint = closest_field(s, fld->name);
			st_error(diag, at(fld->loc, i), "unknown field '%s' in %s%s%s%s", fld->name, s->kind,
			         hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
			nerr++;
			continue;
		}
		have_required |= strcmp(fld->name, s->required ? s->required : "") == 0;
		nerr += s->check(i, fld, s, diag);
	}
	if (!have_required && !nerr) {
		st_error(diag, at(a->loc, i), "%s needs its field '%s'", s->kind, s->required);
		nerr++;
	}
	return nerr;
}

/* The loop annotations: decoded one at a time, so each problem is reported
 * once, at its field. */
static size_t check_loop_annot(const struct st_inst *i, const struct st_attr *a, struct st_diag_engine *diag)
{
	struct st_inst one = *i;
	one.attrs = (struct st_attr *)a;
	one.nattrs = 1;
	struct st_loop_annots x;
	size_t before = diag->nerrors;
	if (st_loop_annots_decode(&one, &x, diag)) {
		st_loop_annots_free(&x);
		return 0;
	}
	return diag->nerrors > before ? diag->nerrors - before : 1;
}

static size_t check_attr(const struct st_inst *i, const struct st_attr *a, struct st_diag_engine *diag)
{
	if (strcmp(a->name, "issueCycles") == 0 || strcmp(a->name, "latencyCycles") == 0) {
		if (a->value.kind != ST_VAL_INT || a->value.i < -1) {
			st_error(diag, at(a->loc, i), "'%s' must be an integer >= -1", a->name);
			return 1;
		}
		return 0;
	}
	if (strncmp(a->name, "mod.", 4) != 0)
		return 0;
	if (a->value.kind != ST_VAL_DICT) {
		st_error(diag, at(a->loc, i), "modifier '%s' must be a dictionary { field = value, ... }", a->name);
		return 1;
	}
	if (strcmp(a->name, "mod.lds_ring") == 0 || strcmp(a->name, "mod.loopcarriedwar") == 0 ||
	    strcmp(a->name, "mod.loopcarriedraw") == 0)
		return check_loop_annot(i, a, diag);
	struct mod_schema wait = {a->name, -1, NULL, check_int, NULL, 0};
	wait.nfields = st_wait_modifier_fields(a->name, &wait.fields);
	if (wait.nfields)
		return check_schema(i, a, &wait, diag);
	for (size_t k = 0; k < sizeof mod_schemas / sizeof mod_schemas[0]; k++)
		if (strcmp(a->name, mod_schemas[k].kind) == 0)
			return check_schema(i, a, &mod_schemas[k], diag);
	return 0;
}

/* Whether a register is well formed and no wider than a register file: the
 * test every register operand passes, inlined; report_register says why not. */
static inline bool good_register(struct st_reg r)
{
	/* count in 1..ST_REG_MAX_COUNT, and the last register at most
	 * ST_MAX_REG_INDEX (so the first is too): three compares. */
	return r.cls < ST_NUM_REGCLASSES && r.count - 1u < ST_REG_MAX_COUNT &&
	       (uint64_t)r.index + r.count <= (uint64_t)ST_MAX_REG_INDEX + 1;
}

static size_t report_register(const struct st_inst *i, const struct st_operand *op, struct st_diag_engine *diag)
{
	const struct st_reg *r = &op->reg;
	if (r->cls >= ST_NUM_REGCLASSES || r->count == 0 || r->index > ST_MAX_REG_INDEX ||
	    r->count - 1u > ST_MAX_REG_INDEX - r->index) {
		st_error(diag, st_operand_loc(i, op), "invalid register (class %d, index %u, count %u)", (int)r->cls,
		         r->index, (unsigned)r->count);
		return 1;
	}
	/* Passes work per register, so a range of millions would take minutes;
	 * the reader rejects them, a pass must not build one. */
	if (r->count > ST_REG_MAX_COUNT) {
		st_error(diag, st_operand_loc(i, op), "register range %s[%u:%u] spans %u registers (at most %u)",
		         st_regclass_name((enum st_regclass)r->cls), r->index, r->index + r->count - 1u,
		         (unsigned)r->count, ST_REG_MAX_COUNT);
		return 1;
	}
	return 0;
}

static inline size_t check_operand(const struct st_inst *i, const struct st_operand *op, struct st_diag_engine *diag)
{
	if (op->kind != ST_OPND_REG || good_register(op->reg))
		return 0;
	return report_register(i, op, diag);
}

/* Whether a wait read from assembly (a .s file, or the .stir form of one,
 * whose lines keep their `asm` text) has a count llvm-mc encodes: any 16
 * bits, signed or not. */
static bool asm_wait_count(const struct st_inst *i, int64_t n)
{
	if (n < -32768 || n > 0xffff)
		return false;
	const struct st_module *m = i->block && i->block->func ? i->block->func->module : NULL;
	return (m && m->asm_source) || st_inst_attr(i, "asm");
}

/* A tracked wait's count: one integer operand in the counter's hardware
 * range, or none and the modifier field. A count the passes would read
 * differently from the hardware (a string, a symbol, a second operand,
 * bits the counter does not have) would silently weaken the wait. */
static size_t check_wait_count(const struct st_inst *i, struct st_diag_engine *diag)
{
	const struct st_isa_info *e = i->isa;
	if (e->wait_form != ST_WAIT_SINGLE && e->wait_form != ST_WAIT_PACKED_DS)
		return 0;
	if (i->nsrcs > 1) {
		st_error(diag, st_operand_loc(i, &i->srcs[1]), "wait '%s' takes one count, not %u operands", i->name,
		         (unsigned)i->nsrcs);
		return 1;
	}
	if (i->nsrcs == 0) {
		int counts[ST_NUM_COUNTERS];
		if (st_wait_counts(i, counts)) {
			/* A modifier's count fits the hardware field as an operand must. */
			for (int c = 0; c < ST_NUM_COUNTERS; c++) {
				if (counts[c] > st_counter_max((enum st_counter)c)) {
					st_error(diag, i->loc, "wait '%s' has %s count %d in its modifier; it must be from 0 to %d",
					         i->name, st_counter_name((enum st_counter)c), counts[c],
					         st_counter_max((enum st_counter)c));
					return 1;
				}
			}
			return 0;
		}
		if (e->wait_form == ST_WAIT_SINGLE)
			st_error(diag, i->loc, "wait '%s' has no count: give one integer operand (or the modifier field '%s')",
			         i->name, st_counter_info(e->wait_counter)->mod_field);
		else
			st_error(diag, i->loc, "wait '%s' has no count: give one integer operand (or mod.swaitcnt fields)",
			         i->name);
		return 1;
	}
	const struct st_operand *op = &i->srcs[0];
	bool is_int = op->kind == ST_OPND_INT || op->kind == ST_OPND_HEX;
	int max = st_counter_max(e->wait_counter);
	/* Two counts when packed: the memory counter in bits 13:8, DS in bits 5:0. */
	int64_t packed = (int64_t)max << 8 | st_counter_max(ST_CNT_DS);
	bool in_field = is_int && op->ival >= 0 &&
	                (e->wait_form == ST_WAIT_SINGLE ? op->ival <= max : !(op->ival & ~packed));
	/* Assembly takes what llvm-mc encodes, 16 bits; the reader warned about
	 * a count beyond the field and the passes read it as the field's maximum. */
	if (in_field || (is_int && asm_wait_count(i, op->ival)))
		return 0;
	if (e->wait_form == ST_WAIT_SINGLE) {
		st_error(diag, st_operand_loc(i, op), "wait '%s' takes one integer count from 0 to %d", i->name, max);
		return 1;
	}
	st_error(diag, st_operand_loc(i, op),
	         "wait '%s' takes one packed count: %s in bits 13:8 and dscnt in bits 5:0 (0 to 0x%llx)", i->name,
	         st_counter_name(e->wait_counter), (long long)packed);
	return 1;
}

/* Waits take immediate counts only; the hardware encodes no register. A
 * register on one is a generator bug, and it would leave the wait passes to
 * guess whether the wait is a consumer of that register. */
static size_t check_wait(const struct st_inst *i, struct st_diag_engine *diag)
{
	size_t nerr = 0;
	for (uint32_t k = 0; k < i->ndsts; k++, nerr++)
		st_error(diag, st_operand_loc(i, &i->dsts[k]), "wait '%s' cannot define a register", i->name);
	for (uint32_t k = 0; k < i->nsrcs; k++) {
		if (i->srcs[k].kind == ST_OPND_REG) {
			st_error(diag, st_operand_loc(i, &i->srcs[k]), "wait '%s' takes immediate counts, not registers", i->name);
			nerr++;
		}
	}
	return nerr ? nerr : check_wait_count(i, diag);
}

/* Whether every register of ops[0..n) is good (good_register). */
static inline bool good_operands(const struct st_operand *ops, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++)
		if (ops[k].kind == ST_OPND_REG && !good_register(ops[k].reg))
			return false;
	return true;
}

/* `good` holds the attribute lists already found good in this run (as
 * st_map keys; the values are unused). Instructions share the lists the
 * parser read (ir.h), so a kernel of 200,000 instructions has a few hundred
 * lists to check, not 400,000 attributes, after every pass. With `good` NULL
 * every attribute list is checked and none remembered. */
static size_t check_inst_all(const struct st_inst *i, struct st_map *good, bool attrs, struct st_diag_engine *diag)
{
	size_t nerr = 0;
	for (uint32_t k = 0; k < i->ndsts; k++)
		nerr += check_operand(i, &i->dsts[k], diag);
	for (uint32_t k = 0; k < i->nsrcs; k++)
		nerr += check_operand(i, &i->srcs[k], diag);
	/* st_inst_is_wait, inline: check_inst sees instructions only. */
	if (i->isa->flags & ST_ISA_WAIT)
		nerr += check_wait(i, diag);
	if (!attrs || !i->nattrs || (good && st_map_find(good, st_ptr_key(i->attrs))))
		return nerr;
	size_t bad = 0;
	for (uint32_t k = 0; k < i->nattrs; k++)
		bad += check_attr(i, &i->attrs[k], diag);
	if (!bad && good)
		st_map_put(good, st_ptr_key(i->attrs), 1);
	return nerr + bad;
}

/* The usual instruction, good registers, no wait and an attribute list
 * known good, is found so inline; any other goes through every check. */
static inline size_t check_inst(const struct st_inst *i, struct st_map *good, bool attrs, struct st_diag_engine *diag)
{
	if (good_operands(i->dsts, i->ndsts) && good_operands(i->srcs, i->nsrcs) && !(i->isa->flags & ST_ISA_WAIT) &&
	    (!attrs || !i->nattrs || (good && st_map_find(good, st_ptr_key(i->attrs)))))
		return 0;
	return check_inst_all(i, good, attrs, diag);
}

size_t st_verify_inst(const struct st_inst *i, struct st_diag_engine *diag)
{
	return check_inst(i, NULL, true, diag);
}

size_t st_verify_inst_operands(const struct st_inst *i, struct st_diag_engine *diag)
{
	return check_inst(i, NULL, false, diag);
}

static int cmp_label(const void *a, const void *b)
{
	const char *x = (*(struct st_block *const *)a)->label, *y = (*(struct st_block *const *)b)->label;
	int c = strcmp(x, y);
	if (c)
		return c;
	/* Keep definition order among duplicates so the report names the second. */
	uint32_t ix = (*(struct st_block *const *)a)->index, iy = (*(struct st_block *const *)b)->index;
	return (ix > iy) - (ix < iy);
}

static size_t check_labels(const struct st_function *f, struct st_diag_engine *diag)
{
	size_t nerr = 0, n = f->blocks.n;
	if (n < 2)
		return 0;
	struct st_block **sorted = st_xmalloc(n * sizeof *sorted);
	memcpy(sorted, f->blocks.v, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, cmp_label);
	for (size_t k = 1; k < n; k++) {
		if (strcmp(sorted[k - 1]->label, sorted[k]->label) == 0) {
			st_error(diag, sorted[k]->loc, "duplicate block label '^%s'", sorted[k]->label);
			nerr++;
		}
	}
	free(sorted);
	return nerr;
}

static bool lists_succ(const struct st_block *from, const struct st_block *to)
{
	for (size_t s = 0; s < from->succs.n; s++)
		if (from->succs.v[s] == to)
			return true;
	return false;
}

static size_t check_cfg(const struct st_function *f, struct st_diag_engine *diag)
{
	size_t nerr = 0, n = f->blocks.n;
	size_t *mentions = st_xcalloc(n ? n : 1, sizeof *mentions);
	for (size_t bi = 0; bi < n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		for (size_t s = 0; s < b->succs.n; s++) {
			const struct st_block *to = b->succs.v[s];
			struct st_loc loc = s < b->succ_locs.n && b->succ_locs.v[s].line ? b->succ_locs.v[s] : b->loc;
			if (!to || to->func != f || to->index >= n || f->blocks.v[to->index] != to) {
				st_error(diag, loc, "successor #%zu of '^%s' is not a block of this function", s + 1, b->label);
				nerr++;
				continue;
			}
			mentions[to->index]++;
		}
	}
	for (size_t bi = 0; bi < n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		bool ok = b->preds.n == mentions[bi];
		for (size_t k = 0; ok && k < b->preds.n; k++) {
			const struct st_block *pred = b->preds.v[k];
			ok = pred && pred->func == f && lists_succ(pred, b);
		}
		if (!ok) {
			st_error(diag, b->loc, "predecessors of '^%s' do not match the successor lists", b->label);
			nerr++;
		}
	}
	free(mentions);
	return nerr;
}

ST_VEC_DECL(inst_vec, const struct st_inst *);

/* One walk's state: the attribute lists found good, whether instructions
 * are checked, and the instructions whose mnemonic is unknown (collected
 * when `unknown` is set, warned about once the walk found no error). */
struct walk {
	struct st_map good;
	bool insts;
	struct st_module *m;
	struct inst_vec *unknown;
	const char *known; /* a mnemonic found known last */
};

static size_t check_block(const struct st_function *f, size_t bi, struct walk *w, struct st_diag_engine *diag)
{
	const struct st_block *b = f->blocks.v[bi];
	size_t nerr = 0;
	if (b->func != f || b->index != bi) {
		st_error(diag, b->loc, "block '^%s' has a stale function or index", b->label);
		nerr++;
	}
	const struct st_inst *prev = NULL;
	for (const struct st_inst *i = b->first; i; prev = i, i = i->next) {
		if (i->block != b || i->prev != prev) {
			st_error(diag, i->loc, "instruction list of '^%s' is corrupt", b->label);
			return nerr + 1;
		}
		if (i->kind == ST_ITEM_PHI) {
			st_error(diag, i->loc, "analysis PHI in the instruction list of '^%s'", b->label);
			nerr++;
		} else if (i->kind == ST_ITEM_INST) {
			if (w->insts)
				nerr += check_inst(i, &w->good, true, diag);
			/* The mnemonic found known last is asked no more: kernels
			 * repeat one in runs. */
			if (w->unknown && !i->created && i->name != w->known) {
				if (st_module_mnemonic(w->m, i->name))
					w->known = i->name;
				else
					st_vec_push(w->unknown, i);
			}
		}
	}
	if (b->last != prev) {
		st_error(diag, b->loc, "instruction list of '^%s' is corrupt", b->label);
		nerr++;
	}
	return nerr;
}

static size_t verify_module(const struct st_module *m, struct walk *w, struct st_diag_engine *diag)
{
	size_t nerr = 0;
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		const struct st_function *f = m->funcs.v[fi];
		nerr += check_labels(f, diag);
		for (size_t bi = 0; bi < f->blocks.n; bi++)
			nerr += check_block(f, bi, w, diag);
		nerr += check_cfg(f, diag);
	}
	st_map_free(&w->good);
	return nerr;
}

size_t st_verify_module(const struct st_module *m, struct st_diag_engine *diag)
{
	struct walk w = {.insts = true};
	return verify_module(m, &w, diag);
}

static void warn_unknown(const struct st_inst *i, struct st_diag_engine *diag)
{
	const char *hint = st_mnemonic_suggest(i->name);
	st_warning(diag, i->loc, "unknown mnemonic '%s': the wait passes see no counter for it%s%s%s", i->name,
	           hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
}

size_t st_verify_read_module(struct st_module *m, bool insts_checked, bool warn_unknown_mnemonics,
                             struct st_diag_engine *diag)
{
	struct inst_vec unknown = {0};
	struct walk w = {.insts = !insts_checked, .m = m, .unknown = warn_unknown_mnemonics ? &unknown : NULL};
	size_t nerr = verify_module(m, &w, diag);
	for (size_t k = 0; !nerr && k < unknown.n; k++)
		warn_unknown(unknown.v[k], diag);
	st_vec_free(&unknown);
	return nerr;
}

