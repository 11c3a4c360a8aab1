// A callable function (no .amdhsa_kernel descriptor) starts, and every
// function resumes after a call (s_swap_pc_i64, s_swappc_b64, s_call_*), with
// one unknown op in flight on each counter whose ops write registers (DS,
// LOAD, KM), and it may write any register: the first instruction that reads
// or writes a register waits for 0 on the three. A kernel starts with nothing
// in flight. The validator checks the result.
// RUN: %stinkytofu-opt %s --StinkyWaitCntInsertionPass --verify-waits --emit-asm 2>/dev/null | FileCheck %s
// CHECK:      {{^}}callee:
// CHECK-NEXT: {{^}}	s_wait_loadcnt_dscnt 0x0
// CHECK-NEXT: {{^}}	s_wait_kmcnt 0x0
// CHECK-NEXT: {{^}}	v_mov_b32_e32 v3, 0
// CHECK-NEXT: {{^}}	v_add_nc_u32_e32 v0, v2, v3
// CHECK:      {{^}}kern:
// CHECK-NEXT: {{^}}	global_load_b32 v5, v4, s[12:13]
// CHECK-NEXT: {{^}}	s_swap_pc_i64 s[30:31], s[2:3]
// CHECK-NEXT: {{^}}	s_wait_loadcnt_dscnt 0x0
// CHECK-NEXT: {{^}}	s_wait_kmcnt 0x0
// CHECK-NEXT: {{^}}	v_add_nc_u32_e32 v3, v0, v5
	.text
	.globl	callee
	.type	callee,@function
callee:
	v_mov_b32_e32 v3, 0
	v_add_nc_u32_e32 v0, v2, v3
	s_set_pc_i64 s[30:31]
	.size	callee, .-callee
	.globl	kern
	.type	kern,@function
kern:
	global_load_b32 v5, v4, s[12:13]
	s_swap_pc_i64 s[30:31], s[2:3]
	v_add_nc_u32_e32 v3, v0, v5
	s_endpgm
	.size	kern, .-kern
	.amdhsa_kernel kern
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 16
	.end_amdhsa_kernel
