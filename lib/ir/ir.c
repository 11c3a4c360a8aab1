/* IR construction, editing and queries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/ir.h"
#include "stinkytofu/isa.h"

static const char *const regclass_names[] = {
#define ST_REGCLASS(e, name) name,
#include "stinkytofu/regclass.def"
};

/* The first byte is kept beside the pointer: it rules out nearly every
 * spelling without loading the string. */
static const struct {
	const char *spelling;
	uint8_t len;
	char first;
	uint8_t cls; /* enum st_regclass */
} regspellings[] = {
#define ST_REGSPELLING(sp, e) {sp, sizeof sp - 1, sp[0], ST_REG_##e},
#include "stinkytofu/regclass.def"
};

static const char *const symbolic_operands[] = {
#define ST_SYMBOLIC(sp) sp,
#include "stinkytofu/regclass.def"
};

static const struct {
	const char *alias, *spelling;
} regaliases[] = {
#define ST_REGALIAS(a, sp) {a, sp},
#include "stinkytofu/regclass.def"
};

const char *st_regclass_name(enum st_regclass c)
{
	return c < ST_NUM_REGCLASSES ? regclass_names[c] : "?";
}

static const struct {
	const char *spelling;
	enum st_regasm_form form;
} regasm[] = {
#define ST_REGASM(e, sp, form) [ST_REG_##e] = {sp, ST_REGASM_##form},
#include "stinkytofu/regclass.def"
};

const char *st_regclass_asm(enum st_regclass c, enum st_regasm_form *form)
{
	*form = regasm[c].form;
	return regasm[c].spelling;
}

size_t st_regclass_match(const char *ident, size_t n, enum st_regclass *cls)
{
	if (!n)
		return 0;
	/* The loop is unrolled over the constant table, so each row's first byte
	 * and length are immediates: a row ruled out by its first byte costs a
	 * compare and a branch, and the first byte is loaded once. */
	const char c0 = ident[0];
	size_t best = 0;
	uint8_t found = 0;
#pragma GCC unroll 32
	for (size_t k = 0; k < sizeof regspellings / sizeof regspellings[0]; k++) {
		size_t len = regspellings[k].len;
		if (c0 != regspellings[k].first || len <= best || len > n ||
		    (len > 1 && memcmp(ident + 1, regspellings[k].spelling + 1, len - 1) != 0))
			continue;
		best = len;
		found = regspellings[k].cls;
	}
	if (best)
		*cls = (enum st_regclass)found;
	return best;
}

bool st_symbolic_operand(const char *ident, size_t n)
{
	for (size_t k = 0; k < sizeof symbolic_operands / sizeof *symbolic_operands; k++)
		if (ident[0] == symbolic_operands[k][0] && strlen(symbolic_operands[k]) == n &&
		    memcmp(ident, symbolic_operands[k], n) == 0)
			return true;
	return false;
}

/* Edit distance ignoring case: `V2` is one typo from nothing. */
static size_t distance_nocase(const char *a, const char *b)
{
	char la[64], lb[64];
	size_t k = 0;
	for (; a[k] && k + 1 < sizeof la; k++)
		la[k] = (char)(a[k] >= 'A' && a[k] <= 'Z' ? a[k] - 'A' + 'a' : a[k]);
	la[k] = '\0';
	for (k = 0; b[k] && k + 1 < sizeof lb; k++)
		lb[k] = (char)(b[k] >= 'A' && b[k] <= 'Z' ? b[k] - 'A' + 'a' : b[k]);
	lb[k] = '\0';
	return st_edit_distance(la, lb) + (strcmp(a, b) != 0 && strcmp(la, lb) == 0);
}

/* Candidate `prefix` + digits against ident, where `shown` is what to suggest. */
static void try_candidate(const char *ident, const char *prefix, const char *shown, const char *digits, size_t nd,
                          char *buf, size_t cap, size_t *best)
{
	char cand[64], sugg[64];
	snprintf(cand, sizeof cand, "%s%.*s", prefix, (int)nd, digits);
	snprintf(sugg, sizeof sugg, "%s%.*s", shown, (int)nd, digits);
	size_t d = distance_nocase(ident, cand);
	if (d < *best) {
		*best = d;
		snprintf(buf, cap, "%s", sugg);
	}
}

bool st_operand_suggest(const char *ident, char *buf, size_t cap)
{
	size_t n = strlen(ident);
	if (!n || n > 40)
		return false;
	/* The index a register typo most likely meant: the first run of digits. */
	const char *digits = ident;
	while (*digits && (*digits < '0' || *digits > '9'))
		digits++;
	size_t nd = 0;
	while (digits[nd] >= '0' && digits[nd] <= '9')
		nd++;
	size_t best = n <= 3 ? 2 : 3; /* near misses only */
	if (nd) {
		for (size_t k = 0; k < sizeof regspellings / sizeof *regspellings; k++)
			try_candidate(ident, regspellings[k].spelling, st_regclass_name(regspellings[k].cls), digits, nd, buf,
			              cap, &best);
		for (size_t k = 0; k < sizeof regaliases / sizeof *regaliases; k++)
			try_candidate(ident, regaliases[k].alias, regaliases[k].spelling, digits, nd, buf, cap, &best);
	}
	for (size_t k = 0; k < sizeof symbolic_operands / sizeof *symbolic_operands; k++)
		try_candidate(ident, symbolic_operands[k], symbolic_operands[k], "", 0, buf, cap, &best);
	return best < (n <= 3 ? 2 : 3);
}

/* Keyed by the interned pointer: a kernel uses a few hundred mnemonics,
 * looked up once per instruction. Each entry keeps the isa.def row and, once
 * asked for, the known-mnemonic row (NULL: unknown). */
struct memo_entry {
	const struct st_isa_info *row;
	const struct st_mnemonic *mnemonic; /* NULL when the table does not know it */
};

/* The mnemonics asked last, direct-mapped by their address: kernels repeat
 * a handful of instructions in runs and interleavings (unrolled loads, wmma
 * chains), and a reader or a walk over the instructions asks in program
 * order, so most questions are answered by one compare. */
enum { MEMO_RECENT = 64 };

struct st_isa_memo {
	struct st_map index; /* interned mnemonic -> entries index */
	ST_VEC(struct memo_entry) entries;
	struct {
		const char *name;
		uint32_t idx;
	} recent[MEMO_RECENT];
};

static void memo_free(struct st_isa_memo *memo)
{
	if (!memo)
		return;
	st_map_free(&memo->index);
	st_vec_free(&memo->entries);
	free(memo);
}

static struct memo_entry *memo_find(struct st_module *m, const char *interned, size_t r);

/* The entry of a mnemonic: the recent one inline, any other out of line. */
static inline struct memo_entry *memo_slot(struct st_module *m, const char *interned)
{
	struct st_isa_memo *memo = m->isa_memo;
	size_t r = st_ptr_slot(interned, MEMO_RECENT);
	if (memo && memo->recent[r].name == interned)
		return &memo->entries.v[memo->recent[r].idx];
	return memo_find(m, interned, r);
}

static struct memo_entry *memo_find(struct st_module *m, const char *interned, size_t r)
{
	struct st_isa_memo *memo = m->isa_memo;
	if (!memo)
		memo = m->isa_memo = st_xcalloc(1, sizeof *memo);
	bool added;
	uint64_t *k = st_map_slot(&memo->index, st_ptr_key(interned), &added);
	if (added) {
		/* An alias has the ISA facts of the instruction it names. */
		const struct st_mnemonic *mn = st_mnemonic_find(interned, strlen(interned));
		*k = memo->entries.n;
		st_vec_push(&memo->entries, ((struct memo_entry){.row = st_isa_lookup(mn ? mn->canonical : interned), .mnemonic = mn}));
	}
	memo->recent[r].name = interned;
	memo->recent[r].idx = (uint32_t)*k;
	return &memo->entries.v[*k];
}

const struct st_isa_info *st_module_isa(struct st_module *m, const char *interned)
{
	return memo_slot(m, interned)->row;
}

const struct st_mnemonic *st_module_mnemonic(struct st_module *m, const char *interned)
{
	return memo_slot(m, interned)->mnemonic;
}

struct st_module *st_module_new(const char *filename)
{
	struct st_arena *a = st_arena_new();
	struct st_module *m = st_arena_alloc(a, sizeof *m);
	m->arena = a;
	m->strings = st_interner_new(a);
	m->filename = st_intern(m->strings, filename ? filename : "<input>");
	return m;
}

void st_module_free(struct st_module *m)
{
	if (!m)
		return;
	for (size_t k = 0; k < m->attachments.n; k++)
		if (m->attachments.v[k].fini)
			m->attachments.v[k].fini(m->attachments.v[k].data);
	st_vec_free(&m->attachments);
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		struct st_function *f = m->funcs.v[fi];
		for (size_t bi = 0; bi < f->blocks.n; bi++) {
			struct st_block *b = f->blocks.v[bi];
			st_vec_free(&b->succs);
			st_vec_free(&b->succ_locs);
			st_vec_free(&b->preds);
			st_vec_free(&b->phis);
		}
		st_vec_free(&f->blocks);
		st_arena_free(f->chains);
	}
	st_vec_free(&m->funcs);
	memo_free(m->isa_memo);
	if (m->asm_source) {
		free(m->asm_source->line_start);
		free(m->asm_source->owned);
		free(m->asm_source);
	}
	struct st_arena *a = m->arena;
	st_interner_free(m->strings);
	st_arena_free(a);
}

const char *st_module_intern(struct st_module *m, const char *s)
{
	return st_intern(m->strings, s);
}

void st_module_attach(struct st_module *m, const void *key, void *data, void (*fini)(void *data))
{
	for (size_t k = 0; k < m->attachments.n; k++) {
		struct st_module_attachment *at = &m->attachments.v[k];
		if (at->key != key)
			continue;
		if (at->data != data && at->fini)
			at->fini(at->data);
		if (data) {
			at->data = data;
			at->fini = fini;
		} else {
			*at = st_vec_last(&m->attachments);
			m->attachments.n--;
		}
		return;
	}
	if (data)
		st_vec_push(&m->attachments, ((struct st_module_attachment){key, data, fini}));
}

void *st_module_attachment(const struct st_module *m, const void *key)
{
	for (size_t k = 0; k < m->attachments.n; k++)
		if (m->attachments.v[k].key == key)
			return m->attachments.v[k].data;
	return NULL;
}

struct st_function *st_function_new(struct st_module *m, const char *name, struct st_loc loc)
{
	struct st_function *f = st_arena_alloc(m->arena, sizeof *f);
	f->name = st_intern(m->strings, name);
	f->loc = loc;
	f->module = m;
	st_vec_push(&m->funcs, f);
	return f;
}

struct st_block *st_block_new(struct st_function *f, const char *label, struct st_loc loc)
{
	struct st_block *b = st_arena_alloc(f->module->arena, sizeof *b);
	b->label = st_intern(f->module->strings, label);
	b->loc = loc;
	b->func = f;
	b->index = (uint32_t)f->blocks.n;
	st_vec_push(&f->blocks, b);
	return b;
}

struct st_block *st_function_find_block(const struct st_function *f, const char *label)
{
	for (size_t i = 0; i < f->blocks.n; i++)
		if (strcmp(f->blocks.v[i]->label, label) == 0)
			return f->blocks.v[i];
	return NULL;
}

void st_block_add_succ(struct st_block *b, struct st_block *succ, struct st_loc loc)
{
	st_vec_push(&b->succs, succ);
	st_vec_push(&b->succ_locs, loc);
}

void st_function_compute_preds(struct st_function *f)
{
	for (size_t i = 0; i < f->blocks.n; i++)
		st_vec_clear(&f->blocks.v[i]->preds);
	for (size_t i = 0; i < f->blocks.n; i++) {
		struct st_block *b = f->blocks.v[i];
		for (size_t s = 0; s < b->succs.n; s++)
			if (b->succs.v[s])
				st_vec_push(&b->succs.v[s]->preds, b);
	}
}

struct st_inst *st_inst_new_operands(struct st_module *m, const char *interned, const struct st_isa_info *isa,
                                     struct st_loc loc, const struct st_operand *dsts, uint16_t ndsts,
                                     const struct st_operand *srcs, uint16_t nsrcs)
{
	_Static_assert(sizeof(struct st_inst) % _Alignof(struct st_operand) == 0, "operands follow the instruction");
	size_t nops = (size_t)ndsts + nsrcs;
	struct st_inst *i = st_arena_alloc(m->arena, sizeof *i + nops * sizeof(struct st_operand));
	struct st_operand *ops = (struct st_operand *)(i + 1);
	i->kind = ST_ITEM_INST;
	i->name = interned;
	i->isa = isa;
	i->loc = loc;
	if (ndsts) {
		memcpy(ops, dsts, ndsts * sizeof *ops);
		i->dsts = ops;
		i->ndsts = ndsts;
	}
	if (nsrcs) {
		memcpy(ops + ndsts, srcs, nsrcs * sizeof *ops);
		i->srcs = ops + ndsts;
		i->nsrcs = nsrcs;
	}
	return i;
}

struct st_inst *st_inst_new_interned(struct st_module *m, const char *interned, struct st_loc loc)
{
	return st_inst_new_operands(m, interned, st_module_isa(m, interned), loc, NULL, 0, NULL, 0);
}

struct st_inst *st_inst_new(struct st_module *m, const char *mnemonic, struct st_loc loc)
{
	return st_inst_new_interned(m, st_intern(m->strings, mnemonic), loc);
}

struct st_inst *st_label_new(struct st_module *m, const char *name, struct st_loc loc)
{
	struct st_inst *i = st_inst_new(m, name, loc);
	i->kind = ST_ITEM_LABEL;
	i->isa = st_module_isa(m, st_intern(m->strings, ""));
	return i;
}

/* The room of an array whose room code (struct st_inst) is `code`, not 0:
 * 1 << code slots, except that 4 bits spell 65,536 slots (room for
 * ST_MAX_OPERANDS) as 15, so no array has room for 32,768. */
static uint32_t st_inst_room(unsigned code)
{
	return code == 15 ? 65536u : 1u << code;
}

/* Makes room for one more element in an array of n elements whose room code
 * is `code`, and sets *next to the code of the array it returns: the next
 * power of two above n, so a full array doubles and an exactly full one
 * (parsed or shared) is copied into the smallest room that fits (passes
 * mostly add one operand, such as an LDS token); an empty one starts with 4. */
static void *grow(struct st_module *m, void *arr, uint16_t n, unsigned code, size_t size, unsigned *next)
{
	st_assert(n < ST_MAX_OPERANDS);
	*next = code;
	if (code && n < st_inst_room(code))
		return arr;
	unsigned lg = n ? 1 : 2;
	while ((1u << lg) <= n)
		lg++;
	if (lg == 15)
		lg = 16;
	void *na = st_arena_alloc(m->arena, ((size_t)1 << lg) * size);
	if (n)
		memcpy(na, arr, n * size);
	*next = lg == 16 ? 15 : lg;
	return na;
}

void st_inst_add_dst(struct st_module *m, struct st_inst *i, struct st_operand op)
{
	unsigned code;
	i->dsts = grow(m, i->dsts, i->ndsts, i->lgcapdsts, sizeof *i->dsts, &code);
	i->lgcapdsts = code & 15;
	i->dsts[i->ndsts++] = op;
}

void st_inst_add_src(struct st_module *m, struct st_inst *i, struct st_operand op)
{
	unsigned code;
	i->srcs = grow(m, i->srcs, i->nsrcs, i->lgcapsrcs, sizeof *i->srcs, &code);
	i->lgcapsrcs = code & 15;
	i->srcs[i->nsrcs++] = op;
}

void st_inst_add_attr(struct st_module *m, struct st_inst *i, struct st_attr attr)
{
	unsigned code;
	i->attrs = grow(m, i->attrs, i->nattrs, i->lgcapattrs, sizeof *i->attrs, &code);
	i->lgcapattrs = code & 15;
	attr.name = st_intern(m->strings, attr.name);
	i->attrs[i->nattrs++] = attr;
}

void st_block_append(struct st_block *b, struct st_inst *i)
{
	i->block = b;
	i->next = NULL;
	i->prev = b->last;
	if (b->last)
		b->last->next = i;
	else
		b->first = i;
	b->last = i;
}

void st_inst_insert_before(struct st_inst *pos, struct st_inst *i)
{
	struct st_block *b = pos->block;
	i->block = b;
	i->next = pos;
	i->prev = pos->prev;
	if (pos->prev)
		pos->prev->next = i;
	else
		b->first = i;
	pos->prev = i;
}

void st_inst_insert_after(struct st_inst *pos, struct st_inst *i)
{
	struct st_block *b = pos->block;
	i->block = b;
	i->prev = pos;
	i->next = pos->next;
	if (pos->next)
		pos->next->prev = i;
	else
		b->last = i;
	pos->next = i;
}

void st_inst_erase(struct st_inst *i)
{
	struct st_block *b = i->block;
	if (!b)
		return;
	if (i->prev)
		i->prev->next = i->next;
	else
		b->first = i->next;
	if (i->next)
		i->next->prev = i->prev;
	else
		b->last = i->prev;
	i->prev = i->next = NULL;
	i->block = NULL;
}

struct st_inst *st_block_terminator(const struct st_block *b)
{
	struct st_inst *last = b->last;
	if (last && last->kind == ST_ITEM_INST && st_inst_is_terminator(last))
		return last;
	return NULL;
}

size_t st_block_num_insts(const struct st_block *b)
{
	size_t n = 0;
	st_foreach_inst(b, i) n++;
	return n;
}

struct st_operand st_reg_operand(enum st_regclass cls, uint32_t index, uint32_t count)
{
	st_assert(count >= 1 && count <= ST_REG_MAX_COUNT);
	return (struct st_operand){.kind = ST_OPND_REG,
	                           .reg = {.index = index, .count = (uint16_t)count, .cls = (uint8_t)cls}};
}

struct st_operand st_int_operand(int64_t v)
{
	return (struct st_operand){.kind = ST_OPND_INT, .ival = v};
}

struct st_operand st_hwreg_operand(struct st_module *m, const char *name, uint32_t nargs, const int64_t args[])
{
	st_assert(nargs >= 1 && nargs <= 3);
	struct st_hwreg *hw = st_arena_alloc(m->arena, sizeof *hw);
	*hw = (struct st_hwreg){.name = name ? st_intern(m->strings, name) : NULL, .nargs = nargs};
	for (uint32_t k = 0; k < nargs; k++)
		hw->args[k] = args[k];
	return (struct st_operand){.kind = ST_OPND_HWREG, .hw = hw};
}

struct st_loc st_operand_loc(const struct st_inst *i, const struct st_operand *op)
{
	if (!op->col || !i->loc.line)
		return i->loc;
	return (struct st_loc){.file = i->loc.file, .line = i->loc.line, .col = op->col};
}

struct st_value st_int_value(int64_t v)
{
	return (struct st_value){.kind = ST_VAL_INT, .i = v};
}

struct st_value st_bool_value(bool v)
{
	return (struct st_value){.kind = ST_VAL_BOOL, .i = v};
}

struct st_value st_dict_value(struct st_module *m, size_t n, const char *const names[], const struct st_value vals[])
{
	struct st_value d = {.kind = ST_VAL_DICT, .nfields = (uint32_t)n};
	d.fields = st_arena_alloc(m->arena, (n ? n : 1) * sizeof *d.fields);
	for (size_t k = 0; k < n; k++) {
		d.fields[k].name = st_intern(m->strings, names[k]);
		d.fields[k].value = vals[k];
	}
	return d;
}

struct st_value st_array_value(struct st_module *m, size_t n, const struct st_value elems[])
{
	struct st_value a = {.kind = ST_VAL_ARRAY, .nelems = (uint32_t)n};
	a.elems = st_arena_alloc(m->arena, (n ? n : 1) * sizeof *a.elems);
	if (n)
		memcpy(a.elems, elems, n * sizeof *elems);
	return a;
}

/* Attribute and field names are compared at every lookup the passes make;
 * most differ in their first byte (issueCycles, latencyCycles, mod.*), which
 * costs no call. */
static inline bool same_name(const char *a, const char *b)
{
	return a[0] == b[0] && strcmp(a, b) == 0;
}

const struct st_attr *st_inst_attr(const struct st_inst *i, const char *name)
{
	for (uint32_t k = 0; k < i->nattrs; k++)
		if (same_name(i->attrs[k].name, name))
			return &i->attrs[k];
	return NULL;
}

const struct st_attr *st_dict_field(const struct st_value *dict, const char *name)
{
	if (!dict || dict->kind != ST_VAL_DICT)
		return NULL;
	for (uint32_t k = 0; k < dict->nfields; k++)
		if (same_name(dict->fields[k].name, name))
			return &dict->fields[k];
	return NULL;
}

int st_inst_memtokens(const struct st_inst *i, const struct st_value **tokens)
{
	const struct st_attr *mt = st_inst_attr(i, "mod.memtoken");
	if (!mt)
		return -1;
	const struct st_attr *f = st_dict_field(&mt->value, "tokens");
	if (!f || f->value.kind != ST_VAL_ARRAY) {
		*tokens = NULL;
		return 0;
	}
	*tokens = f->value.elems;
	return (int)f->value.nelems;
}

int st_inst_memtokens_cached(struct st_memtoken_cache *c, const struct st_inst *i, const struct st_value **tokens)
{
	if (!i->nattrs)
		return -1;
	size_t h = st_hash_ptr(i->attrs) & (ST_MEMTOKEN_CACHE - 1);
	if (c->attrs[h] != i->attrs || c->nattrs[h] != i->nattrs) {
		c->n[h] = st_inst_memtokens(i, &c->tokens[h]);
		c->attrs[h] = i->attrs;
		c->nattrs[h] = i->nattrs;
	}
	*tokens = c->tokens[h];
	return c->n[h];
}

bool st_memtoken_id(const struct st_value *v, uint32_t *id)
{
	if ((v->kind != ST_VAL_INT && v->kind != ST_VAL_HEX) || v->i < 0 || v->i > (int64_t)ST_MAX_REG_INDEX)
		return false;
	*id = (uint32_t)v->i;
	return true;
}

int st_inst_memtoken_ids(const struct st_inst *i, struct st_u32vec *ids)
{
	const struct st_value *tokens;
	int n = st_inst_memtokens(i, &tokens);
	int added = 0;
	for (int k = 0; k < n; k++) {
		uint32_t id;
		if (st_memtoken_id(&tokens[k], &id)) {
			st_vec_push(ids, id);
			added++;
		}
	}
	return n < 0 ? -1 : added;
}

bool st_reg_overlaps(struct st_reg a, struct st_reg b)
{
	return a.cls == b.cls && a.index < b.index + b.count && b.index < a.index + a.count;
}

bool st_reg_equal(struct st_reg a, struct st_reg b)
{
	return a.cls == b.cls && a.index == b.index && a.count == b.count && a.neg == b.neg;
}

void st_reg_format(struct st_reg r, char *buf, size_t size)
{
	const char *neg = r.neg ? "-" : "";
	if (r.count == 1)
		snprintf(buf, size, "%s%s%u", neg, st_regclass_name((enum st_regclass)r.cls), r.index);
	else
		snprintf(buf, size, "%s%s[%u:%u]", neg, st_regclass_name((enum st_regclass)r.cls), r.index,
		         r.index + r.count - 1u);
}

const char *st_asm_line(const struct st_asm_source *src, uint32_t line, size_t *len)
{
	uint32_t k = line - src->first_line;
	st_assert(line >= src->first_line && k < src->nlines);
	*len = src->line_start[k + 1] - src->line_start[k];
	return src->text + src->line_start[k];
}
