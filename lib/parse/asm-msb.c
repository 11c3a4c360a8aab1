/* VGPR MSB mode of an assembly input: the mode at every instruction, by a
 * dataflow over the function's CFG, and the real register of every VGPR
 * operand (its slot's bank * 256 + the number written). The operand reader
 * leaves each VGPR operand's slot in its index (ASM_MSB_TAG); this stage,
 * run once the CFG is complete, replaces it by the real register.
 *
 * What sets the mode (docs/asm-input.md "VGPR MSB mode"):
 *   function entry            mode 0
 *   s_set_vgpr_msb IMM        IMM & 0xff (the high byte is the previous mode)
 *   a call                    mode 0: the callee is assumed to return in
 *                             mode 0 (docs/asm-input.md says why)
 *   s_setreg* of MODE bits 12..19 (where the hardware keeps the mode)
 *                             unknown: a VGPR operand before the next
 *                             s_set_vgpr_msb is an error
 *   a join of different modes unknown, likewise. */
#include <stdlib.h>
#include <string.h>

#include "asm-internal.h"

enum { UNSET = ST_MSB_KEEPS, UNKNOWN = ST_MSB_UNKNOWN }; /* besides the modes 0..255 */

/* How a block changes the mode: passes it through (`sets` false), or sets
 * it, last to `out`, with `why` the instruction that made it unknown. */
struct summary {
	bool sets;
	int out;
	const struct st_inst *why;
};

static int join(int a, int b)
{
	if (a == UNSET)
		return b;
	if (b == UNSET || a == b)
		return a;
	return UNKNOWN;
}

/* Replaces the slots of i's VGPR operands by real registers under `mode`;
 * false when an operand needs a mode that is unknown. */
static bool resolve_operands(struct st_operand *ops, uint32_t n, int mode)
{
	bool ok = true;
	for (uint32_t k = 0; k < n; k++) {
		struct st_reg *reg = &ops[k].reg;
		if (ops[k].kind != ST_OPND_REG || reg->cls != ST_REG_V || !(reg->index & ASM_MSB_TAG))
			continue;
		int slot = (int)((reg->index >> ASM_MSB_SLOT_SHIFT) & 3);
		uint32_t written = reg->index & 0xff;
		ok &= mode >= 0;
		reg->index = written + 256 * (mode >= 0 ? st_vgpr_msb_bank((unsigned)mode, slot) : 0);
	}
	return ok;
}

/* The operands of a function no instruction of which sets the mode: it is
 * 0 everywhere, so every VGPR is the number written. */
static void strip_slots(struct st_operand *ops, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++)
		if (ops[k].kind == ST_OPND_REG && ops[k].reg.cls == ST_REG_V && (ops[k].reg.index & ASM_MSB_TAG))
			ops[k].reg.index &= 0xff;
}

static void resolve_function(struct asm_reader *r, struct st_function *f, bool sets)
{
	size_t nb = f->blocks.n;
	if (!sets) {
		for (size_t b = 0; b < nb; b++)
			st_foreach_inst(f->blocks.v[b], i) {
				strip_slots(i->dsts, i->ndsts);
				strip_slots(i->srcs, i->nsrcs);
			}
		return;
	}
	struct summary *sum = st_xcalloc(nb, sizeof *sum);
	int *in = st_xmalloc(nb * sizeof *in);
	for (size_t b = 0; b < nb; b++) {
		in[b] = b == 0 ? 0 : UNSET;
		st_foreach_inst(f->blocks.v[b], i) {
			int e = st_inst_vgpr_msb_effect(i);
			if (e == UNSET)
				continue;
			sum[b] = (struct summary){true, e, e == UNKNOWN ? i : NULL};
		}
	}
	/* The fixed point over block entries (modes only grow towards UNKNOWN). */
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t b = 0; b < nb; b++) {
			struct st_block *blk = f->blocks.v[b];
			int out = sum[b].sets ? sum[b].out : in[b];
			if (out == UNSET)
				continue;
			for (size_t s = 0; s < blk->succs.n; s++) {
				uint32_t t = blk->succs.v[s]->index;
				int j = join(in[t], out);
				if (t != 0 && j != in[t]) {
					in[t] = j;
					changed = true;
				}
			}
		}
	}
	/* A block no edge reaches is read in mode 0, as llvm-objdump reads the
	 * code after an s_branch. */
	for (size_t b = 0; b < nb; b++) {
		struct st_block *blk = f->blocks.v[b];
		int mode = in[b] == UNSET ? 0 : in[b];
		bool joined = in[b] == UNKNOWN;
		const struct st_inst *why = NULL;
		bool reported = false;
		for (struct st_inst *i = blk->first; i; i = i->next) {
			if (i->kind != ST_ITEM_INST)
				continue;
			int e = sum[b].sets ? st_inst_vgpr_msb_effect(i) : UNSET; /* a block that sets it has one */
			if (e != UNSET) {
				mode = e;
				joined = false;
				why = i;
				reported = false;
				continue;
			}
			/* Both lists are resolved, whatever the first gives. */
			bool dsts_ok = resolve_operands(i->dsts, i->ndsts, mode);
			bool ok = resolve_operands(i->srcs, i->nsrcs, mode) && dsts_ok;
			if (ok || reported)
				continue;
			reported = true; /* once per block: the rest follow from it */
			if (joined)
				error_at(r, i->loc,
				         "the VGPR MSB mode is ambiguous here: the paths into this block leave different modes; "
				         "set it with s_set_vgpr_msb before the first VGPR operand of the block");
			else
				error_at(r, i->loc,
				         "the VGPR MSB mode is unknown here (after '%s' at line %u); set it with s_set_vgpr_msb",
				         why ? why->name : "?", why ? why->loc.line : 0);
		}
	}
	free(sum);
	free(in);
}

void asm_resolve_vgpr_msb(struct asm_reader *r)
{
	/* The reader notes the functions with an instruction that sets the mode
	 * (st_inst_vgpr_msb_effect); in the others it is 0 everywhere. */
	for (size_t k = 0; k < r->m->funcs.n; k++)
		resolve_function(r, r->m->funcs.v[k], k < r->sets_msb.n && r->sets_msb.v[k]);
}
