// A wait never splits an s_delay_alu from the instruction it describes or an
// s_clause from its group: it goes before them. Moved above a clause member
// of its own counter, its count drops by one, so it still waits for the same
// load (the validator checks the result).
// RUN: %stinkytofu-opt %s --StinkyRemoveWaitCntPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm | FileCheck %s
	global_load_b32 v1, v0, s[0:1]
	global_load_b32 v2, v0, s[0:1] offset:4
	s_delay_alu instid0(VALU_DEP_1)
	v_add_f32_e32 v3, v1, v1
	s_clause 0x1
	global_load_b32 v4, v0, s[0:1] offset:8
	global_load_b32 v5, v2, s[0:1]
	s_endpgm

// CHECK:      global_load_b32 v2, v0, s[0:1] offset:4
// CHECK-NEXT: s_wait_loadcnt 0x1
// CHECK-NEXT: s_delay_alu instid0(VALU_DEP_1)
// CHECK-NEXT: v_add_f32_e32 v3, v1, v1
// CHECK-NEXT: s_wait_loadcnt 0x0
// CHECK-NEXT: s_clause 0x1
// CHECK-NEXT: global_load_b32 v4, v0, s[0:1] offset:8
// CHECK-NEXT: global_load_b32 v5, v2, s[0:1]
