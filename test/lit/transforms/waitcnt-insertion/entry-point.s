// A function without an .amdhsa_kernel descriptor is an entry point when it
// ends the program (s_endpgm) and no path returns (its last instruction is no
// s_setpc), as graphics shaders are: it starts with nothing in flight, so its
// first register reads need no wait. `callee` ends in a return: it is
// callable, and its first register read drains every counter.
// RUN: %stinkytofu-opt %s --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm | FileCheck %s
// CHECK-LABEL: {{^}}shader:
// CHECK-NEXT: {{^}}	v_lshlrev_b32_e32 v0, 2, v0
// CHECK-NEXT: {{^}}	buffer_load_b32 v2, v0, s[0:3], null offen
// CHECK-NEXT: {{^}}	s_wait_loadcnt 0x0
// CHECK-NEXT: {{^}}	v_add_f32_e32 v1, v2, v1
// CHECK-LABEL: {{^}}late_exit:
// CHECK-NEXT: {{^}}	s_cmp_lt_i32 s8, 1
// CHECK-LABEL: {{^}}callee:
// CHECK-NEXT: {{^}}	s_wait_loadcnt_dscnt 0x0
// CHECK-NEXT: {{^}}	s_wait_kmcnt 0x0
// CHECK-NEXT: {{^}}	v_mov_b32_e32 v3, v0
	.text
	.globl	shader
	.type	shader,@function
shader:
	v_lshlrev_b32_e32 v0, 2, v0
	buffer_load_b32 v2, v0, s[0:3], null offen
	v_add_f32_e32 v1, v2, v1
	buffer_store_b32 v1, v0, s[4:7], null offen
	s_endpgm
	.size	shader, .-shader

// s_endpgm in the middle (a block laid out after it branches back): still
// an entry point.
	.globl	late_exit
	.type	late_exit,@function
late_exit:
	s_cmp_lt_i32 s8, 1
	s_cbranch_scc1 .LBB1_2
.LBB1_1:
	s_endpgm
.LBB1_2:
	v_mov_b32_e32 v1, v0
	s_branch .LBB1_1
	.size	late_exit, .-late_exit

	.globl	callee
	.type	callee,@function
callee:
	v_mov_b32_e32 v3, v0
	s_cbranch_execz .LBB2_1
	s_setpc_b64 s[30:31]
.LBB2_1:
	s_endpgm
	s_setpc_b64 s[30:31]
	.size	callee, .-callee
