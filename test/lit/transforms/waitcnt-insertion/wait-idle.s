// s_wait_idle waits until every counter is idle: the inserter credits it as a
// wait of 0 on each counter of counters.def and adds nothing after it, and
// StinkyRemoveWaitCntPass keeps it (it is the kernel's own drain).
// RUN: %stinkytofu-opt %s --StinkyRemoveWaitCntPass --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm | FileCheck %s
// CHECK-LABEL: kern:
// CHECK-NEXT: ds_load_b32 v1, v0
// CHECK-NEXT: global_load_b32 v2, v0, s[0:1]
// CHECK-NEXT: s_load_b32 s4, s[0:1], 0x0
// CHECK-NEXT: s_wait_dscnt 0x0
// CHECK-NEXT: tensor_load_to_lds s[8:11], s[12:19]
// CHECK-NEXT: s_wait_idle
// CHECK-NEXT: v_add_nc_u32_e32 v5, v1, v2
// CHECK-NEXT: s_add_co_u32 s5, s4, 1
// CHECK-NEXT: ds_load_b32 v6, v0
// CHECK-NEXT: s_endpgm
// (The dscnt wait before the untagged tensor load is its LDS WAR.) Without the
// s_wait_idle the same kernel gets a wait for each counter still in flight.
// RUN: sed 's/^	s_wait_idle$/	s_nop 0/' %s > %t.s
// RUN: %stinkytofu-opt %t.s --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --emit-asm | FileCheck %s --check-prefix=NOIDLE
// NOIDLE-LABEL: {{^}}kern:
// NOIDLE: {{^}}	s_nop 0
// NOIDLE-NEXT: s_wait_loadcnt 0x0
// NOIDLE-NEXT: v_add_nc_u32_e32 v5, v1, v2
// NOIDLE-NEXT: s_wait_kmcnt 0x0
// NOIDLE-NEXT: s_add_co_u32 s5, s4, 1
// NOIDLE-NEXT: s_wait_tensorcnt 0x0
// NOIDLE-NEXT: ds_load_b32 v6, v0
	.text
	.globl	kern
	.type	kern,@function
kern:
	ds_load_b32 v1, v0
	global_load_b32 v2, v0, s[0:1]
	s_load_b32 s4, s[0:1], 0x0
	tensor_load_to_lds s[8:11], s[12:19]
	s_wait_idle
	v_add_nc_u32_e32 v5, v1, v2
	s_add_co_u32 s5, s4, 1
	ds_load_b32 v6, v0
	s_endpgm
	.size	kern, .-kern
	.amdhsa_kernel kern
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 24
	.end_amdhsa_kernel
