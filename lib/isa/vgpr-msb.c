/* VGPR MSB mode (gfx1250): which 256-register bank each VGPR operand of an
 * instruction is read from. `s_set_vgpr_msb IMM` sets two bits per operand
 * slot (bits 1:0 src0, 3:2 src1, 5:4 src2, 7:6 dst); an operand's real
 * register is its slot's bank * 256 + the number written. Which operand uses
 * which slot depends on the encoding family, and is the table below, derived
 * from llvm-mc-22 and llvm-objdump-22 (test/isa/check-vgpr-msb assembles a
 * line of every family after several modes and compares the registers
 * llvm-objdump names in its notes with ours). */
#include <string.h>

#include "stinkytofu/isa.h"

enum { D = ST_MSB_DST, S0 = ST_MSB_SRC0, S1 = ST_MSB_SRC1, S2 = ST_MSB_SRC2, NO = ST_MSB_NONE };

/* A family: the section of the known-mnemonic table and a mnemonic prefix
 * ("" for any), and the slot of the operands under each of the row's columns
 * (dst, src0, src1, src2, src3). First match wins. */
static const struct family {
	const char *section, *prefix;
	signed char slot[5];
} families[] = {
	/* The LDS address of an async load is encoded as its vdst. */
	{"VGLOBAL", "global_load_async_to_lds", {D, D, S0, NO, NO}},
	{"VGLOBAL", "cluster_load_async_to_lds", {D, D, S0, NO, NO}},
	{"VGLOBAL", "", {D, S0, S1, NO, NO}},  /* vdst, vaddr, vsrc (stores, atomics, async stores) */
	{"VFLAT", "", {D, S0, S1, NO, NO}},
	{"VSCRATCH", "", {D, S0, S1, NO, NO}},
	{"VBUFFER", "", {D, S0, NO, NO, NO}},  /* vdata is dst, stores included; vaddr */
	{"VDS", "", {D, S0, S1, S2, NO}},      /* vdst, addr, data0, data1 */
	{"VOP1", "", {D, S0, S1, S2, NO}},
	{"VOP2", "", {D, S0, S1, S2, NO}},
	{"VOP3", "", {D, S0, S1, S2, NO}},
	{"VOP3P", "", {D, S0, S1, S2, NO}},    /* WMMA and SWMMAC: A src0, B src1, C (or the index) src2 */
	{"VOPC", "", {D, S0, S1, S2, NO}},
	{"VOPDX", "", {D, S0, S1, S2, NO}},    /* each half of a dual-issue line on its own */
	{"VOPDY", "", {D, S0, S1, S2, NO}},
	{"VOPD", "", {D, S0, S1, S2, NO}},
	{"VTENSOR", "", {NO, NO, NO, NO, NO}}, /* SGPR operands only */
	{"", "", {D, S0, S1, S2, NO}},
};

static const struct family *family_of(const struct st_mnemonic *row)
{
	const struct family *f = families;
	for (; *f->section; f++)
		if (row && strcmp(row->section, f->section) == 0 && strncmp(row->name, f->prefix, strlen(f->prefix)) == 0)
			break;
	return f;
}

struct st_vgpr_msb_layout st_vgpr_msb_layout(const struct st_mnemonic *row, bool returning)
{
	/* Operands under the dst column: as many as it names, but none where
	 * the syntax leaves vdst out (v_cmpx_*, a non-returning atomic). */
	struct st_vgpr_msb_layout l = {row ? st_slot_count(row->dst) : 1, {0}};
	if (row) {
		struct st_roles roles = st_mnemonic_roles(row);
		if ((roles.flags & ST_ROLE_RET_BY_TH) && !(roles.flags & ST_ROLE_VDATA_FIRST) && !returning)
			l.ndst = 0;
		if (strcmp(row->section, "VOPC") == 0 && strncmp(row->name, "v_cmpx_", 7) == 0)
			l.ndst = 0;
	}
	memcpy(l.slot, family_of(row)->slot, sizeof l.slot);
	return l;
}

int st_vgpr_msb_slot(const struct st_mnemonic *row, bool returning, unsigned k)
{
	struct st_vgpr_msb_layout l = st_vgpr_msb_layout(row, returning);
	return st_vgpr_msb_layout_slot(&l, k);
}

uint32_t st_vgpr_msb_bank(unsigned mode, int slot)
{
	return slot == ST_MSB_NONE ? 0 : (mode >> (2 * slot)) & 3;
}
