// The validator's model of callable functions and calls, written apart from
// the inserter's: an unknown op that may write any register is in flight on
// DS, LOAD and KM when a callable function starts and when a call returns;
// an instruction reading or writing a register before the three are drained
// is reported. Waits of 0 on the three are enough; a kernel's own entry has
// nothing in flight.
// RUN: not %stinkytofu-opt %s --WaitCntValidationCheckPass -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: callable.s:17:2: error: missing s_wait_dscnt 0 before 'v_mov_b32_e32': conservative dependency (the caller may have an op in flight that writes any register)
// CHECK: callable.s:18:2: error: missing s_wait_dscnt 0 before 's_set_pc_i64': conservative dependency
// CHECK: callable.s:26:2: error: missing s_wait_loadcnt 1 before 'v_add_nc_u32_e32': RAW dependency through v5 on 'global_load_b32'
// CHECK: callable.s:26:2: error: missing s_wait_dscnt 0 before 'v_add_nc_u32_e32': conservative dependency (the callee may return with an op in flight that writes any register) on 's_swap_pc_i64'
// CHECK-NOT: error:
	.text
	.globl	callee
	.type	callee,@function
callee:
	v_mov_b32_e32 v3, 0
	s_set_pc_i64 s[30:31]
	.size	callee, .-callee
	.globl	kern
	.type	kern,@function
kern:
	v_mov_b32_e32 v4, 0
	global_load_b32 v5, v4, s[12:13]
	s_swap_pc_i64 s[30:31], s[2:3]
	v_add_nc_u32_e32 v3, v0, v5
	s_wait_loadcnt_dscnt 0x0
	s_wait_kmcnt 0x0
	v_add_nc_u32_e32 v6, v0, v5
	s_endpgm
	.size	kern, .-kern
	.amdhsa_kernel kern
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 16
	.end_amdhsa_kernel
