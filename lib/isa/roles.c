/* Operand roles by instruction family: the destination slots of the
 * known-mnemonic table are what an instruction writes, except where the
 * syntax reference puts a read operand under DST or the hardware writes a
 * register the syntax does not name (docs/asm-input.md "Operand roles"). */
#include <string.h>

#include "stinkytofu/isa.h"

unsigned st_slot_count(const char *slots)
{
	if (!*slots)
		return 0;
	unsigned n = 1;
	for (const char *p = slots; *p; p++)
		n += *p == ',';
	return n;
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool section_is(const struct st_mnemonic *row, const char *section)
{
	return strcmp(row->section, section) == 0;
}

/* The exchanges: both operands are written and read. */
static const char *const swaps[] = {"v_swap_b32", "v_swap_b16", "v_permlane16_swap_b32", "v_permlane32_swap_b32"};

struct st_roles st_mnemonic_roles(const struct st_mnemonic *row)
{
	if (!row)
		return (struct st_roles){0, ST_ROLE_UNKNOWN};
	const char *n = row->canonical;
	struct st_roles r = {st_slot_count(row->dst), 0};
	bool vdata = section_is(row, "VBUFFER") || section_is(row, "VIMAGE") || section_is(row, "VSAMPLE");
	bool vmem = section_is(row, "VGLOBAL") || section_is(row, "VFLAT") || section_is(row, "VSCRATCH");
	if (vdata && strstr(n, "_store")) {
		r.ndsts = 0; /* vdata under DST is the data stored */
	} else if (vdata && strstr(n, "_atomic")) {
		r.flags |= ST_ROLE_RET_BY_TH | ST_ROLE_DSTS_READ | ST_ROLE_VDATA_FIRST;
	} else if (vmem && strstr(n, "_atomic")) {
		r.flags |= ST_ROLE_RET_BY_TH; /* vdst is written only by the returning form */
	} else if (section_is(row, "SOPK") && starts(n, "s_cmpk_")) {
		r.ndsts = 0; /* the compared sdst is read */
		r.flags |= ST_ROLE_WRITES_SCC;
	} else if (starts(n, "s_setreg")) {
		r.ndsts = 0; /* simm16 names the hardware register, not an SGPR */
	} else if (section_is(row, "VEXPORT")) {
		r.ndsts = 0; /* tgt is the export target */
	} else if (section_is(row, "VOPC") && starts(n, "v_cmpx_")) {
		r.ndsts = 0; /* writes exec, names no destination */
		r.flags |= ST_ROLE_WRITES_EXEC;
	} else if (section_is(row, "SOPC")) {
		r.flags |= ST_ROLE_WRITES_SCC;
	}
	for (size_t k = 0; k < sizeof swaps / sizeof swaps[0]; k++)
		if (strcmp(n, swaps[k]) == 0)
			r = (struct st_roles){2, ST_ROLE_DSTS_READ};
	if (strstr(n, "_saveexec_") || strstr(n, "_wrexec_"))
		r.flags |= ST_ROLE_WRITES_EXEC | ST_ROLE_READS_EXEC | ST_ROLE_WRITES_SCC;
	if (starts(n, "s_cbranch_scc"))
		r.flags |= ST_ROLE_READS_SCC;
	else if (starts(n, "s_cbranch_vcc"))
		r.flags |= ST_ROLE_READS_VCC;
	else if (starts(n, "s_cbranch_exec"))
		r.flags |= ST_ROLE_READS_EXEC;
	else if (starts(n, "s_cselect_") || starts(n, "s_cmov") || starts(n, "s_add_co_ci") ||
	         starts(n, "s_sub_co_ci") || starts(n, "s_addc_") || starts(n, "s_subb_"))
		r.flags |= ST_ROLE_READS_SCC;
	return r;
}

static uint32_t from_to(unsigned min, unsigned max)
{
	return min > max || max > 31 ? 0 : (uint32_t)((2ull << max) - (1ull << min));
}

/* The operand counts llvm-mc accepts for a row, as a mask (bit n: n
 * operands): its slots, less the ones the syntax may leave out, more the
 * ones gfx1250 adds to the reference's GFX12 rows. An atomic of the global,
 * flat and scratch sections names its destination exactly when it returns.
 * Checked against llvm-mc-22 by test/asm/check-operand-mutants. */
uint32_t st_mnemonic_operand_counts(const struct st_mnemonic *row, bool e64, bool returning)
{
	if (!row || section_is(row, "VOPD"))
		return 0; /* a whole dual-issue pair: a line names its two halves */
	unsigned n = st_slot_count(row->dst);
	for (int k = 0; k < 4; k++)
		n += st_slot_count(row->src[k]);
	unsigned min = n, max = n;
	struct st_roles roles = st_mnemonic_roles(row);
	if ((roles.flags & ST_ROLE_RET_BY_TH) && !(roles.flags & ST_ROLE_VDATA_FIRST) && n && !returning)
		min = max = n - 1; /* an atomic without return names no destination */
	if (section_is(row, "SMEM") && *row->src[1])
		min--; /* soffset may be left out */
	if (section_is(row, "VOPC") && starts(row->canonical, "v_cmpx_"))
		min = max = n - 1; /* writes exec, which no form names */
	else if (section_is(row, "VOPC") && *row->dst && !e64)
		min--; /* the e32 form writes vcc_lo unnamed */
	if ((section_is(row, "VOPDX") || section_is(row, "VOPDY")) && strstr(row->src[2], "vcc"))
		min--; /* v_dual_cndmask_b32 may leave vcc_lo out */
	if (section_is(row, "VFLAT"))
		max++; /* gfx1250 flat has an saddr */
	if (strcmp(row->canonical, "s_endpgm") == 0)
		max = 1; /* an optional immediate the reference lists no slot for */
	if (section_is(row, "VTENSOR") && n > 2)
		return from_to(2, 2) | from_to(n, n); /* s[0:3], s[4:11], and the last two groups or neither */
	return from_to(min, max);
}

/* The scalar destination lists (sdst, sdata, simm16) name no VGPR; no
 * list mixes a scalar first with a vector slot. */
bool st_mnemonic_writes_vgpr(const struct st_mnemonic *row)
{
	return !row || *row->dst != 's';
}

/* Slots of the memory sections whose operand is always a VGPR, a scalar
 * register (the base, data, address and resource), or never a VGPR (the
 * scalar offset). */
enum st_slot_kind st_slot_kind(const struct st_mnemonic *row, const char *slot)
{
	static const char *const mem[] = {"VDS", "VGLOBAL", "VFLAT", "VSCRATCH", "VBUFFER", "SMEM"};
	bool is_mem = false;
	for (size_t k = 0; k < sizeof mem / sizeof mem[0]; k++)
		is_mem |= section_is(row, mem[k]);
	if (!is_mem)
		return starts(slot, "sdst") ? ST_SLOT_SCALAR : ST_SLOT_ANY;
	if (starts(slot, "vdst") || starts(slot, "vdata") || starts(slot, "vsrc") || strcmp(slot, "addr") == 0 ||
	    starts(slot, "data"))
		return ST_SLOT_VGPR;
	if (starts(slot, "vaddr"))
		return section_is(row, "VBUFFER") || section_is(row, "VSCRATCH") ? ST_SLOT_VGPR_OR_OFF : ST_SLOT_VGPR;
	if (starts(slot, "soffset"))
		return ST_SLOT_SCALAR; /* an SGPR, null or an immediate */
	if (starts(slot, "s") || strcmp(slot, "rsrc") == 0)
		return ST_SLOT_SGPR; /* sbase, sdata, saddr (or off), rsrc, samp */
	return ST_SLOT_ANY;
}
