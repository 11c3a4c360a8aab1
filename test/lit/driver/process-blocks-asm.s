// --process-blocks works on assembly too: blocks are named by their labels,
// and only the named ones change (here the loop body gets its wait, the
// block after it keeps LLVM's).
// RUN: %stinkytofu-opt %s --process-blocks=label_Loop --StinkyRemoveWaitCntPass --StinkyWaitCntInsertionPass --emit-asm | FileCheck %s
	global_load_b32 v1, v0, s[0:1]
label_Loop:
	global_load_b32 v2, v0, s[0:1] offset:4
	s_wait_loadcnt 0x0
	v_add_f32_e32 v3, v2, v1
	s_cbranch_scc1 label_Loop
label_Tail:
	s_wait_loadcnt 0x0
	global_store_b32 v0, v3, s[0:1]
	s_endpgm

// CHECK-LABEL: {{^}}label_Loop:
// CHECK-NEXT:    global_load_b32 v2, v0, s[0:1] offset:4
// CHECK-NEXT:    s_wait_loadcnt 0x0
// CHECK-NEXT:    v_add_f32_e32 v3, v2, v1
// CHECK-LABEL: {{^}}label_Tail:
// CHECK-NEXT:    s_wait_loadcnt 0x0
// CHECK-NEXT:    global_store_b32
