// The VGPR MSB mode is a dataflow over the CFG: a VGPR operand where the
// paths into a block leave different modes, or after an s_setreg of MODE's
// mode bits, has no known register (reported once per block and mode; exit
// status 1, no output). .LBB0_5 joins the same two paths but sets the mode
// before its first VGPR operand: no error.
// RUN: %stinkytofu-opt %s --verify-diagnostics
// RUN: rm -f %t
// RUN: not %stinkytofu-opt %s -o %t 2>/dev/null
// RUN: not test -e %t
	.text
	.globl	kern
	.type	kern,@function
kern:
	s_cmp_eq_u32 s0, 0
	s_cbranch_scc1 .LBB0_2
	s_set_vgpr_msb 0x41
	v_mov_b32_e32 v1, v2
	s_branch .LBB0_3
.LBB0_2:
	s_set_vgpr_msb 0x4100
	v_mov_b32_e32 v1, v2
	s_set_vgpr_msb 0x0
	s_branch .LBB0_4
.LBB0_3:
	s_set_vgpr_msb 0x4141
.LBB0_4:
	// expected-error@+1 {{the VGPR MSB mode is ambiguous here: the paths into this block leave different modes; set it with s_set_vgpr_msb before the first VGPR operand of the block}}
	v_mov_b32_e32 v3, v4
	v_mov_b32_e32 v5, v6
	s_set_vgpr_msb 0
	v_mov_b32_e32 v5, v6
	s_setreg_b32 hwreg(HW_REG_MODE, 0, 32), s1
	// expected-error@+1 {{the VGPR MSB mode is unknown here (after 's_setreg_b32' at line 32); set it with s_set_vgpr_msb}}
	v_mov_b32_e32 v5, v6
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	s_cbranch_scc1 .LBB0_5
	s_set_vgpr_msb 0x41
.LBB0_5:
	s_set_vgpr_msb 0
	v_mov_b32_e32 v5, v6
	s_endpgm
	.size	kern, .-kern
