// combineWaits is on by default for assembly input: the DS and LOAD waits
// of one consumer are one s_wait_loadcnt_dscnt, as llc writes them, and the
// result assembles; combineWaits=false writes two.
// RUN: %stinkytofu-opt %s --StinkyWaitCntInsertionPass --verify-waits --emit-asm | FileCheck %s
// RUN: %stinkytofu-opt %s --StinkyWaitCntInsertionPass=combineWaits=false --emit-asm | FileCheck %s --check-prefix=OFF
// CHECK:      {{^}}	ds_load_b32 v5, v9
// CHECK-NEXT: s_wait_loadcnt_dscnt 0x1
// CHECK-NEXT: v_add_f32_e32 v6, v0, v4
// OFF:      {{^}}	ds_load_b32 v5, v9
// OFF-NEXT: s_wait_dscnt 0x1
// OFF-NEXT: s_wait_loadcnt 0x0
// OFF-NEXT: v_add_f32_e32 v6, v0, v4
	global_load_b64 v[0:1], v[20:21], off
	ds_load_b32 v4, v9
	ds_load_b32 v5, v9
	v_add_f32_e32 v6, v0, v4
	s_endpgm
