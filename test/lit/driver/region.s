// --from-label A --to-label B: the passes change only the items from label A
// up to label B; the analyses see the whole function. The load of v2 issued
// before the region is still in flight inside it, so the wait before its use
// counts it, and the wait before the region is credited. Every line outside
// the region prints unchanged, although StinkyRemoveWaitCntPass runs.
// RUN: %stinkytofu-opt %s --from-label=region_begin --to-label region_end --StinkyRemoveWaitCntPass --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm -o %t.s
// RUN: sed -n '1,/^region_begin:/p' %s > %t.before.in
// RUN: sed -n '1,/^region_begin:/p' %t.s > %t.before.out
// RUN: diff %t.before.in %t.before.out
// RUN: sed -n '/^region_end:/,$p' %s > %t.after.in
// RUN: sed -n '/^region_end:/,$p' %t.s > %t.after.out
// RUN: diff %t.after.in %t.after.out
// RUN: FileCheck %s < %t.s
// RUN: not %stinkytofu-opt %s --from-label=region_begn --StinkyWaitCntInsertionPass 2>&1 | FileCheck --check-prefix=TYPO %s
// RUN: not %stinkytofu-opt %s --from-label=region_end --to-label=region_begin 2>&1 | FileCheck --check-prefix=ORDER %s
// RUN: not %stinkytofu-opt %s --from-label=region_begin --process-blocks=region_begin 2>&1 | FileCheck --check-prefix=BOTH %s
// TYPO: error: --from-label: no block is labelled 'region_begn'; did you mean 'region_begin'?
// ORDER: error: --to-label 'region_begin' does not come after --from-label 'region_end' in one function
// BOTH: error: --from-label/--to-label and --process-blocks both choose the blocks to change; give one
	global_load_b32 v1, v0, s[0:1]
	global_load_b32 v2, v0, s[0:1] offset:4
	s_wait_loadcnt 0x1
	v_add_f32_e32 v3, v1, v1
region_begin:
	global_load_b32 v4, v0, s[0:1] offset:8
	s_wait_loadcnt 0x0
	v_add_f32_e32 v5, v2, v2
	v_add_f32_e32 v6, v4, v4
region_end:
	s_wait_loadcnt 0x0
	global_store_b32 v0, v6, s[0:1]
	s_endpgm

// CHECK:      {{^}}region_begin:
// CHECK-NEXT:   global_load_b32 v4, v0, s[0:1] offset:8
// CHECK-NEXT:   s_wait_loadcnt 0x1
// CHECK-NEXT:   v_add_f32_e32 v5, v2, v2
// CHECK-NEXT:   s_wait_loadcnt 0x0
// CHECK-NEXT:   v_add_f32_e32 v6, v4, v4
// CHECK-NEXT: {{^}}region_end:
