// Acquire ordering: after an acquire load LLVM's memory legalizer waits for it
// before the cache invalidate (global_inv, global_wbinv, buffer_gl0_inv,
// buffer_gl1_inv), so no stale line is read after it. Those waits are not
// register dependencies; once StinkyRemoveWaitCntPass has removed them, the
// inserter puts them back: an invalidate waits for every load (loadcnt 0).
// RUN: %stinkytofu-opt %s --StinkyRemoveWaitCntPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm | FileCheck %s
// CHECK:      {{^}}	global_load_b32 v2, v3, s[2:3] scope:SCOPE_DEV
// CHECK-NEXT: {{^}}	s_wait_loadcnt 0x0
// CHECK-NEXT: {{^}}	global_inv scope:SCOPE_DEV
// CHECK-NEXT: {{^}}	v_cmp_eq_u32_e32 vcc_lo, 0, v2
	global_load_b32 v2, v3, s[2:3] scope:SCOPE_DEV
	s_wait_loadcnt 0x0
	global_inv scope:SCOPE_DEV
	v_cmp_eq_u32_e32 vcc_lo, 0, v2
	s_endpgm
