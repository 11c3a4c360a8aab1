// A cache invalidate (global_inv, ...) must follow the completion of every
// load still in flight (the acquire half of the memory model): the validator
// reports it, independently of the RAW dependency of the load's consumer.
// RUN: not %stinkytofu-opt %s --WaitCntValidationCheckPass -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: acquire.s:9:2: error: missing s_wait_loadcnt 0 before 'global_inv': conservative dependency (a cache invalidate must follow the completion of every load) on 'global_load_b32'
// CHECK: acquire.s:10:2: error: missing s_wait_loadcnt 0 before 'v_cmp_eq_u32_e32': RAW dependency through v2
// CHECK-NOT: error:
	global_load_b32 v2, v3, s[2:3] scope:SCOPE_DEV
	global_inv scope:SCOPE_DEV
	v_cmp_eq_u32_e32 vcc_lo, 0, v2
	s_wait_loadcnt 0x0
	global_wbinv scope:SCOPE_DEV
	s_endpgm
