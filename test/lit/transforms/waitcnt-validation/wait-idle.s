// s_wait_idle waits until every counter is idle: the validator credits it as
// a wait of 0 on each counter of counters.def, so nothing issued before it is
// in flight after it. Without the s_wait_idle every use below is a violation.
// RUN: %stinkytofu-opt %s --WaitCntValidationCheckPass -o /dev/null 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error:
// RUN: sed 's/^	s_wait_idle$/	s_nop 0/' %s > %t.s
// RUN: not %stinkytofu-opt %t.s --WaitCntValidationCheckPass -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOIDLE
// NOIDLE-DAG: error: missing s_wait_dscnt 0 before 'v_add_nc_u32_e32': RAW dependency through v1 on 'ds_load_b32'
// NOIDLE-DAG: error: missing s_wait_loadcnt 0 before 'v_add_nc_u32_e32': RAW dependency through v2 on 'global_load_b32'
// NOIDLE-DAG: error: missing s_wait_kmcnt 0 before 's_add_co_u32': RAW dependency through s4 on 's_load_b32'
	.text
	.globl	kern
	.type	kern,@function
kern:
	ds_load_b32 v1, v0
	global_load_b32 v2, v0, s[0:1]
	s_load_b32 s4, s[0:1], 0x0
	global_store_b32 v0, v3, s[0:1]
	s_wait_idle
	v_add_nc_u32_e32 v5, v1, v2
	s_add_co_u32 s5, s4, 1
	v_mov_b32_e32 v3, 0
	s_endpgm
	.size	kern, .-kern
	.amdhsa_kernel kern
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 16
	.end_amdhsa_kernel
