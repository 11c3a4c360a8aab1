// amdgpuCallConvention in the validator: a call resumes with nothing in
// flight that writes registers (the callee drained it), and a return must
// leave nothing of that in flight, the unknown ops the function was called
// with included. The kernel reads v5 after the call without a wait, as llc
// writes it: accepted under the convention, reported without it. --verify-waits
// takes the convention from the pipeline's StinkyWaitCntInsertionPass.
// RUN: not %stinkytofu-opt %s --WaitCntValidationCheckPass=amdgpuCallConvention -o /dev/null 2>&1 | FileCheck %s --check-prefix=AMDGPU --implicit-check-not=error:
// RUN: not %stinkytofu-opt %s --WaitCntValidationCheckPass -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %stinkytofu-opt %s --StinkyWaitCntInsertionPass=amdgpuCallConvention --verify-waits -o /dev/null
// AMDGPU: amdgpu-call-convention.s:[[@LINE+10]]:2: error: missing s_wait_loadcnt 0 before 's_set_pc_i64': conservative dependency (a return leaves it in flight; the caller reads registers without waiting) on 'global_load_b32'
// AMDGPU: amdgpu-call-convention.s:[[@LINE+15]]:2: error: missing s_wait_dscnt 0 before 's_set_pc_i64': conservative dependency (the caller may have an op in flight that writes any register)
// DEFAULT: error: missing s_wait_dscnt 0 before 'v_add_nc_u32_e32': conservative dependency (the callee may return with an op in flight that writes any register)
	.text
	.globl	callee
	.type	callee,@function
callee:
	s_wait_loadcnt_dscnt 0x0
	s_wait_kmcnt 0x0
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
