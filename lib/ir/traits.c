/* Instruction traits: what an instruction is (LDS reader, barrier, wait, ...)
 * from its ISA row and operands, what a wait in the input guarantees, and the
 * canonical wait the passes insert. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/ir.h"

enum st_counter st_inst_counter(const struct st_inst *i, bool stores_on_loadcnt)
{
	if (i->kind != ST_ITEM_INST)
		return ST_CNT_NONE;
	enum st_counter c = i->isa->counter;
	if (i->isa->flags & ST_ISA_RET_ATOMIC)
		c = i->ndsts ? ST_CNT_LOAD : ST_CNT_STORE;
	return st_counter_remap(c, stores_on_loadcnt);
}

/* The traits below ask each other through these static helpers, not
 * through the exported functions: gcc does not inline a function a shared
 * library exports (it could be interposed), and the wait pass asks some of
 * them of every instruction. */
static bool has(const struct st_inst *i, unsigned flag)
{
	return i->kind == ST_ITEM_INST && (i->isa->flags & flag);
}

bool st_inst_is_lds_reader(const struct st_inst *i) { return has(i, ST_ISA_LDS_READER); }
bool st_inst_is_lds_writer(const struct st_inst *i) { return has(i, ST_ISA_LDS_WRITER); }
bool st_inst_is_async_lds_reader(const struct st_inst *i) { return has(i, ST_ISA_ASYNC_LDS_READER); }
bool st_inst_is_async_lds_writer(const struct st_inst *i) { return has(i, ST_ISA_ASYNC_LDS_WRITER); }
bool st_inst_is_flat(const struct st_inst *i) { return has(i, ST_ISA_FLAT); }
bool st_inst_is_call(const struct st_inst *i) { return has(i, ST_ISA_CALL); }
bool st_inst_is_cache_inv(const struct st_inst *i) { return has(i, ST_ISA_CACHE_INV); }

bool st_inst_is_setpc(const struct st_inst *i)
{
	return i->kind == ST_ITEM_INST && (strncmp(i->name, "s_setpc", 7) == 0 || strncmp(i->name, "s_set_pc", 8) == 0);
}

bool st_inst_is_return(const struct st_inst *i)
{
	const struct st_block *b = i->block;
	return b && b->func && b->func->callable && !b->succs.n && st_inst_is_setpc(i) &&
	       st_block_terminator(b) == i;
}

bool st_function_is_entry_point(const struct st_function *f, bool has_descriptor)
{
	if (has_descriptor)
		return true;
	bool endpgm = false;
	const struct st_inst *last = NULL;
	for (size_t k = 0; k < f->blocks.n; k++)
		st_foreach_inst(f->blocks.v[k], i) {
			endpgm |= has(i, ST_ISA_ENDPGM);
			if (!has(i, ST_ISA_PADDING) || !last || !(st_inst_is_setpc(last) || has(last, ST_ISA_ENDPGM)))
				last = i; /* padding after the end is not the last instruction */
		}
	return endpgm && !st_inst_is_setpc(last);
}

static bool is_set_vgpr_msb(const struct st_inst *i) { return i->isa->flags & ST_ISA_SET_VGPR_MSB; }

/* `hwreg(ID, OFFSET, SIZE)` writes MODE bits 12..19: ID is HW_REG_MODE,
 * HW_REG_WAVE_MODE or 1; without OFFSET and SIZE the whole register. */
static bool writes_mode_msbs(const struct st_inst *i)
{
	if (!(i->isa->flags & ST_ISA_SETREG))
		return false;
	for (uint32_t k = 0; k < i->nsrcs; k++) {
		const struct st_operand *op = &i->srcs[k];
		if (op->kind == ST_OPND_HWREG) { /* .stir: the id's value, offset, size */
			int64_t off = op->hw->nargs > 1 ? op->hw->args[1] : 0, size = op->hw->nargs > 2 ? op->hw->args[2] : 32;
			return op->hw->args[0] == 1 && off < 20 && off + size > 12;
		}
		if (op->kind != ST_OPND_SYMBOL || strncmp(op->text, "hwreg(", 6) != 0)
			continue;
		const char *p = op->text + 6;
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, ", )");
		bool mode = (n == 11 && strncmp(p, "HW_REG_MODE", 11) == 0) ||
		            (n == 16 && strncmp(p, "HW_REG_WAVE_MODE", 16) == 0) || (n == 1 && *p == '1');
		if (!mode)
			return false;
		long off = 0, size = 32;
		const char *q = p + n;
		if (*q == ',') {
			off = strtol(q + 1, (char **)&q, 0);
			if (*q == ',')
				size = strtol(q + 1, (char **)&q, 0);
		}
		return off < 20 && off + size > 12;
	}
	return false;
}

int st_inst_vgpr_msb_effect(const struct st_inst *i)
{
	if (is_set_vgpr_msb(i)) {
		if (i->nsrcs && (i->srcs[0].kind == ST_OPND_INT || i->srcs[0].kind == ST_OPND_HEX))
			return (int)(i->srcs[0].ival & 0xff);
		return ST_MSB_UNKNOWN;
	}
	if (has(i, ST_ISA_CALL))
		return 0;
	if (writes_mode_msbs(i))
		return ST_MSB_UNKNOWN;
	return ST_MSB_KEEPS;
}

enum st_counter st_inst_second_counter(const struct st_inst *i)
{
	return has(i, ST_ISA_FLAT) ? ST_CNT_DS : ST_CNT_NONE;
}
bool st_inst_is_ds_write(const struct st_inst *i) { return has(i, ST_ISA_DS_WRITE); }
bool st_inst_is_tensor_load(const struct st_inst *i) { return has(i, ST_ISA_TENSOR_LOAD); }
bool st_inst_is_barrier(const struct st_inst *i) { return has(i, ST_ISA_BARRIER); }
bool st_inst_is_branch(const struct st_inst *i) { return has(i, ST_ISA_BRANCH); }
bool st_inst_is_cond_branch(const struct st_inst *i) { return has(i, ST_ISA_COND_BRANCH); }
bool st_inst_is_terminator(const struct st_inst *i) { return has(i, ST_ISA_BRANCH | ST_ISA_ENDPGM); }
bool st_inst_is_wmma(const struct st_inst *i) { return has(i, ST_ISA_WMMA); }
bool st_inst_is_wait(const struct st_inst *i) { return has(i, ST_ISA_WAIT); }
bool st_inst_is_xcnt_wait(const struct st_inst *i)
{
	return has(i, ST_ISA_WAIT) && i->isa->wait_form == ST_WAIT_SINGLE && i->isa->wait_counter == ST_CNT_XCNT;
}

static enum st_xcnt_kind xcnt_kind(const struct st_inst *i)
{
	if (i->kind != ST_ITEM_INST)
		return ST_XCNT_NONE;
	switch (i->isa->counter) {
	case ST_CNT_LOAD:
	case ST_CNT_STORE: return ST_XCNT_VMEM;
	case ST_CNT_KM: return ST_XCNT_SMEM;
	default: return has(i, ST_ISA_SMEM_XLATE) ? ST_XCNT_SMEM : ST_XCNT_NONE;
	}
}

enum st_xcnt_kind st_inst_xcnt_kind(const struct st_inst *i)
{
	return xcnt_kind(i);
}

bool st_inst_is_vmem_atomic(const struct st_inst *i) { return has(i, ST_ISA_RET_ATOMIC); }

static bool reg_is_exec(struct st_reg r)
{
	return r.cls == ST_REG_EXEC || r.cls == ST_REG_EXEC_LO || r.cls == ST_REG_EXEC_HI;
}

bool st_reg_is_exec(struct st_reg r)
{
	return reg_is_exec(r);
}

static bool regs_meet(struct st_reg a, struct st_reg b)
{
	if (a.cls == b.cls)
		return a.index < b.index + b.count && b.index < a.index + a.count;
	return reg_is_exec(a) && reg_is_exec(b);
}

bool st_inst_xcnt_holds(const struct st_inst *e, struct st_reg r, struct st_reg *held)
{
	if (r.cls == ST_REG_LDS)
		return false;
	for (uint32_t j = 0; j < e->nsrcs; j++) {
		const struct st_operand *op = &e->srcs[j];
		if (op->kind == ST_OPND_REG && op->reg.cls != ST_REG_LDS && regs_meet(op->reg, r)) {
			*held = op->reg;
			return xcnt_kind(e) != ST_XCNT_NONE;
		}
	}
	if (reg_is_exec(r) && xcnt_kind(e) == ST_XCNT_VMEM) {
		*held = (struct st_reg){.index = 0, .count = 1, .cls = ST_REG_EXEC_LO};
		return true;
	}
	return false;
}

const char *st_inst_xcnt_role(const struct st_inst *e, struct st_reg held)
{
	if (st_reg_is_exec(held))
		return "the EXEC mask";
	bool smem = st_inst_xcnt_kind(e) == ST_XCNT_SMEM, buffer = false, first_v = true;
	for (uint32_t j = 0; j < e->nsrcs; j++)
		buffer |= e->srcs[j].kind == ST_OPND_REG && e->srcs[j].reg.cls == ST_REG_S && e->srcs[j].reg.count == 4;
	for (uint32_t j = 0; j < e->nsrcs; j++) {
		const struct st_operand *op = &e->srcs[j];
		if (op->kind != ST_OPND_REG || op->reg.cls == ST_REG_LDS)
			continue;
		bool is = st_reg_equal(op->reg, held);
		if (smem && is)
			return j == 0 ? "the base" : "the offset";
		if (op->reg.cls == ST_REG_V || op->reg.cls == ST_REG_ACC) {
			/* A buffer op's data comes first (stores, atomics); a global,
			 * flat or scratch op's address does. */
			bool data_first = buffer && (e->isa->flags & (ST_ISA_STORE | ST_ISA_RET_ATOMIC));
			if (is)
				return first_v != data_first ? "the address" : "the data";
			first_v = false;
		} else if (is) {
			return buffer ? (op->reg.count == 4 ? "the resource" : "the offset") : "the base address";
		}
	}
	return "a source";
}

unsigned st_inst_bound_next(const struct st_inst *i)
{
	if (!has(i, ST_ISA_BINDS_NEXT))
		return 0;
	/* s_clause N: a group of N+1 (bits 5:0 of N); s_delay_alu: the next one. */
	for (uint32_t k = 0; k < i->nsrcs; k++)
		if (i->srcs[k].kind == ST_OPND_INT || i->srcs[k].kind == ST_OPND_HEX)
			return (unsigned)(i->srcs[k].ival & 0x3f) + 1;
	return 1;
}

static bool lds_fence(const struct st_inst *i)
{
	if (!has(i, ST_ISA_BARRIER))
		return false;
	if (!(i->isa->flags & ST_ISA_SPLIT_BARRIER))
		return true;
	/* The barrier id is the first integer source; -1 is the workgroup barrier. */
	for (uint32_t k = 0; k < i->nsrcs; k++)
		if (i->srcs[k].kind == ST_OPND_INT || i->srcs[k].kind == ST_OPND_HEX)
			return i->srcs[k].ival == -1;
	return false;
}

bool st_inst_is_lds_fence(const struct st_inst *i)
{
	return lds_fence(i);
}

/* The instruction's wait modifier of kind `kind`, under any of its spellings
 * (the canonical one looked for first, as it is the common one). */
static const struct st_attr *wait_modifier(const struct st_inst *i, const char *kind)
{
	const struct st_attr *mod = st_inst_attr(i, kind);
	for (uint32_t k = 0; !mod && k < i->nattrs; k++) {
		const char *canon = st_wait_modifier_kind(i->attrs[k].name);
		if (canon && strcmp(canon, kind) == 0)
			mod = &i->attrs[k];
	}
	return mod;
}

/* A wait's first integer operand, as the 16 bits the hardware reads
 * (llvm-mc takes -32768 to 0xffff), or -1. */
static int64_t wait_operand(const struct st_inst *i)
{
	for (uint32_t k = 0; k < i->nsrcs; k++)
		if (i->srcs[k].kind == ST_OPND_INT || i->srcs[k].kind == ST_OPND_HEX)
			return i->srcs[k].ival & 0xffff;
	return -1;
}

/* The count of a wait without an operand: modifier `kind`.`field` (with
 * `alt` accepted as a synonym), at most 0xffff. Returns -1 when absent. */
static int64_t wait_modifier_count(const struct st_inst *i, const char *kind, const char *field, const char *alt)
{
	const struct st_attr *mod = kind ? wait_modifier(i, kind) : NULL;
	if (!mod)
		return -1;
	const struct st_attr *f = st_dict_field(&mod->value, field);
	if ((!f || f->value.i < 0) && alt)
		f = st_dict_field(&mod->value, alt);
	if (!f || (f->value.kind != ST_VAL_INT && f->value.kind != ST_VAL_HEX))
		return -1;
	return f->value.i > 0xffff ? 0xffff : f->value.i;
}

/* A count as the wait passes read it. One beyond the counter's field (an
 * assembly input may have one: llvm-mc encodes any 16 bits) is read as the
 * field's maximum, a wait for nothing: whether the hardware drops the high
 * bits or saturates, it waits at least that little (docs/asm-input.md). */
static int field_count(int64_t n, enum st_counter c)
{
	return n > st_counter_max(c) ? st_counter_max(c) : (int)n;
}

bool st_wait_counts(const struct st_inst *i, int counts[ST_NUM_COUNTERS])
{
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		counts[c] = -1;
	if (!has(i, ST_ISA_WAIT))
		return false;
	const struct st_isa_info *e = i->isa;
	if (e->wait_form == ST_WAIT_IDLE) {
		/* Every row of counters.def, a row added later included. */
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			counts[c] = 0;
		return true;
	}
	if (e->wait_form == ST_WAIT_SINGLE) {
		const struct st_counter_info *ci = st_counter_info(e->wait_counter);
		const char *alt = st_counter_in_swaitcnt(e->wait_counter) ? st_swaitcnt_field(e->wait_counter, ci->mod_field) : NULL;
		int64_t n = wait_operand(i);
		if (n >= 0) {
			counts[e->wait_counter] = field_count(n, e->wait_counter);
			return true;
		}
		n = wait_modifier_count(i, ci->mod_kind, ci->mod_field, alt);
		/* A counter with a kind of its own may also have a field in the
		 * shared modifier (storecnt: vscnt), which the C++ tool writes too. */
		const char *shared = st_counter_in_swaitcnt(e->wait_counter) ? NULL : st_swaitcnt_field(e->wait_counter, NULL);
		if (n < 0 && shared)
			n = wait_modifier_count(i, st_counter_info(ST_CNT_DS)->mod_kind, shared, NULL);
		if (n < 0)
			return false;
		counts[e->wait_counter] = (int)n;
		return true;
	}
	if (e->wait_form == ST_WAIT_PACKED_DS) {
		int64_t n = wait_operand(i);
		if (n >= 0) {
			counts[e->wait_counter] = field_count(n >> 8, e->wait_counter);
			counts[ST_CNT_DS] = field_count(n & 0xff, ST_CNT_DS);
			return true;
		}
		/* No immediate: the modifier's fields, as the C++ tool writes them. */
		const struct st_attr *mod = wait_modifier(i, st_counter_info(ST_CNT_DS)->mod_kind);
		const char *memfield = st_swaitcnt_field(e->wait_counter, NULL);
		const char *dsfield = st_swaitcnt_field(ST_CNT_DS, NULL);
		const struct st_attr *fm = mod ? st_dict_field(&mod->value, memfield) : NULL;
		const struct st_attr *fd = mod ? st_dict_field(&mod->value, dsfield) : NULL;
		if (fd && fd->value.i < 0)
			fd = st_dict_field(&mod->value, st_swaitcnt_field(ST_CNT_DS, dsfield));
		if (fm && fm->value.i >= 0)
			counts[e->wait_counter] = fm->value.i > 0xffff ? 0xffff : (int)fm->value.i; /* checked by the verifier */
		if (fd && fd->value.i >= 0)
			counts[ST_CNT_DS] = fd->value.i > 0xffff ? 0xffff : (int)fd->value.i;
		return counts[e->wait_counter] >= 0 || counts[ST_CNT_DS] >= 0;
	}
	return false;
}

struct st_inst *st_wait_new_packed(struct st_module *m, enum st_counter mem, int mem_count, int ds_count,
                                   struct st_loc loc)
{
	st_assert(mem == ST_CNT_LOAD || mem == ST_CNT_STORE);
	if (mem_count > st_counter_max(mem))
		mem_count = st_counter_max(mem);
	if (ds_count > st_counter_max(ST_CNT_DS))
		ds_count = st_counter_max(ST_CNT_DS);
	char name[64];
	snprintf(name, sizeof name, "%s_%s", st_counter_wait_mnemonic(mem), st_counter_name(ST_CNT_DS));
	struct st_inst *w = st_inst_new(m, name, loc);
	st_assert(w->isa->wait_form == ST_WAIT_PACKED_DS && w->isa->wait_counter == mem);
	w->created = true;
	st_inst_add_src(m, w, st_int_operand(mem_count << 8 | ds_count));
	int n;
	const char *const *names = st_swaitcnt_fields(&n);
	const char *memfield = st_swaitcnt_field(mem, NULL), *dsfield = st_counter_info(ST_CNT_DS)->mod_field;
	struct st_value vals[8];
	st_assert(n <= 8);
	for (int k = 0; k < n; k++)
		vals[k] = st_int_value(strcmp(names[k], memfield) == 0 ? mem_count
		                       : strcmp(names[k], dsfield) == 0 ? ds_count
		                                                          : -1);
	struct st_attr a = {.name = "mod.swaitcnt", .loc = loc};
	a.value = st_dict_value(m, (size_t)n, names, vals);
	st_inst_add_attr(m, w, a);
	return w;
}

struct st_inst *st_wait_new(struct st_module *m, enum st_counter c, int count, struct st_loc loc)
{
	st_assert(c < ST_NUM_COUNTERS);
	const struct st_counter_info *ci = st_counter_info(c);
	if (count > ci->max)
		count = ci->max;
	struct st_inst *w = st_inst_new(m, ci->wait_mnemonic, loc);
	w->created = true;
	st_inst_add_src(m, w, st_int_operand(count));
	struct st_attr a = {.name = ci->mod_kind, .loc = loc};
	if (st_counter_in_swaitcnt(c)) {
		/* Every field of the shared modifier, -1 but the counter's own. */
		int n;
		const char *const *names = st_swaitcnt_fields(&n);
		struct st_value vals[8];
		st_assert(n <= 8);
		for (int k = 0; k < n; k++)
			vals[k] = st_int_value(strcmp(names[k], ci->mod_field) == 0 ? count : -1);
		a.value = st_dict_value(m, (size_t)n, names, vals);
	} else {
		struct st_value v = st_int_value(count);
		a.value = st_dict_value(m, 1, &ci->mod_field, &v);
	}
	st_inst_add_attr(m, w, a);
	return w;
}

struct st_inst *st_wait_new_like(struct st_module *m, struct st_inst *proto, struct st_loc loc)
{
	st_assert(proto->created && st_inst_is_wait(proto) && proto->nsrcs == 1);
	struct st_inst *w = st_inst_new(m, proto->name, loc);
	w->created = true;
	st_inst_add_src(m, w, proto->srcs[0]);
	proto->lgcapattrs = 0; /* exactly full: an addition copies the list */
	w->attrs = proto->attrs;
	w->nattrs = proto->nattrs;
	w->lgcapattrs = 0;
	return w;
}

static bool lds_token_operands(const struct st_inst *i, bool *to_dsts, bool *to_srcs)
{
	bool fence = lds_fence(i), writer = has(i, ST_ISA_LDS_WRITER);
	*to_dsts = fence || writer;
	*to_srcs = fence || (!writer && has(i, ST_ISA_LDS_READER | ST_ISA_ASYNC_LDS_READER));
	return *to_dsts || *to_srcs;
}

bool st_inst_lds_token_operands(const struct st_inst *i, bool *to_dsts, bool *to_srcs)
{
	return lds_token_operands(i, to_dsts, to_srcs);
}

/* LDS<token> among ops[0..n): an LDS register range holding it. */
static bool have_lds(const struct st_operand *ops, uint32_t n, uint32_t token)
{
	for (uint32_t k = 0; k < n; k++)
		if (ops[k].kind == ST_OPND_REG && ops[k].reg.cls == ST_REG_LDS && ops[k].reg.index <= token &&
		    token - ops[k].reg.index < ops[k].reg.count)
			return true;
	return false;
}

bool st_operands_have_lds(const struct st_operand *ops, uint32_t n, uint32_t token)
{
	return have_lds(ops, n, token);
}

static bool lds_token_missing(const struct st_inst *i, struct st_memtoken_cache *c, uint32_t *token)
{
	bool to_dsts, to_srcs;
	if (!lds_token_operands(i, &to_dsts, &to_srcs))
		return false;
	/* The ids as st_inst_memtoken_ids reads them, without collecting them:
	 * the wait pass asks this of every instruction. */
	const struct st_value *tokens;
	int n = c ? st_inst_memtokens_cached(c, i, &tokens) : st_inst_memtokens(i, &tokens);
	for (int k = 0; k < n; k++) {
		uint32_t t;
		if (!st_memtoken_id(&tokens[k], &t))
			continue;
		if ((to_dsts && !have_lds(i->dsts, i->ndsts, t)) || (to_srcs && !have_lds(i->srcs, i->nsrcs, t))) {
			*token = t;
			return true;
		}
	}
	return false;
}

bool st_inst_lds_token_missing(const struct st_inst *i, uint32_t *token)
{
	return lds_token_missing(i, NULL, token);
}

bool st_inst_lds_token_missing_cached(struct st_memtoken_cache *c, const struct st_inst *i, uint32_t *token)
{
	return lds_token_missing(i, c, token);
}
