// amdgpuCallConvention: calls follow the convention LLVM's code relies on. A
// callable function drains, before it returns, every counter whose ops write
// registers (DS, LOAD, KM), the unknown ops it was called with included, so
// a call resumes with none of them in flight. By default (asm-input.md) a
// return drains nothing and the caller waits after the call instead.
// RUN: %stinkytofu-opt %s --StinkyWaitCntInsertionPass=amdgpuCallConvention --verify-waits --emit-asm 2>/dev/null | FileCheck %s --check-prefix=AMDGPU
// RUN: %stinkytofu-opt %s --StinkyWaitCntInsertionPass --verify-waits --emit-asm 2>/dev/null | FileCheck %s --check-prefix=DEFAULT
// RUN: %stinkytofu-opt %s --StinkyWaitCntInsertionPass=amdgpuCallConvention --remarks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// AMDGPU:      {{^}}callee:
// AMDGPU-NEXT: {{^}}	s_wait_loadcnt_dscnt 0x0
// AMDGPU-NEXT: {{^}}	s_wait_kmcnt 0x0
// AMDGPU-NEXT: {{^}}	global_load_b32 v0, v[2:3], off
// AMDGPU-NEXT: {{^}}	s_wait_loadcnt 0x0
// AMDGPU-NEXT: {{^}}	s_set_pc_i64 s[30:31]
// AMDGPU:      {{^}}idle:
// AMDGPU-NEXT: {{^}}	s_nop 0
// AMDGPU-NEXT: {{^}}	s_wait_loadcnt_dscnt 0x0
// AMDGPU-NEXT: {{^}}	s_wait_kmcnt 0x0
// AMDGPU-NEXT: {{^}}	s_set_pc_i64 s[30:31]
// AMDGPU:      {{^}}kern:
// AMDGPU-NEXT: {{^}}	global_load_b32 v5, v4, s[12:13]
// AMDGPU-NEXT: {{^}}	s_swap_pc_i64 s[30:31], s[2:3]
// AMDGPU-NEXT: {{^}}	v_add_nc_u32_e32 v3, v0, v5
// AMDGPU-NEXT: {{^}}	s_endpgm
// DEFAULT:      {{^}}callee:
// DEFAULT-NEXT: {{^}}	s_wait_loadcnt_dscnt 0x0
// DEFAULT-NEXT: {{^}}	s_wait_kmcnt 0x0
// DEFAULT-NEXT: {{^}}	global_load_b32 v0, v[2:3], off
// DEFAULT-NEXT: {{^}}	s_set_pc_i64 s[30:31]
// DEFAULT:      {{^}}kern:
// DEFAULT-NEXT: {{^}}	global_load_b32 v5, v4, s[12:13]
// DEFAULT-NEXT: {{^}}	s_swap_pc_i64 s[30:31], s[2:3]
// DEFAULT-NEXT: {{^}}	s_wait_loadcnt_dscnt 0x0
// DEFAULT-NEXT: {{^}}	s_wait_kmcnt 0x0
// DEFAULT-NEXT: {{^}}	v_add_nc_u32_e32 v3, v0, v5
// REMARK: amdgpu-call-convention.s:[[@LINE+6]]:2: remark: inserted s_wait_loadcnt 0 (loadcnt) before s_set_pc_i64: return on global_load_b32 at [[@LINE+5]]:2
	.text
	.globl	callee
	.type	callee,@function
callee:
	global_load_b32 v0, v[2:3], off
	s_set_pc_i64 s[30:31]
	.size	callee, .-callee
	.globl	idle
	.type	idle,@function
idle:
	s_nop 0
	s_set_pc_i64 s[30:31]
	.size	idle, .-idle
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
