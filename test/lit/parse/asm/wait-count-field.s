// A wait count llvm-mc encodes (any 16 bits) but the counter's field does not
// hold loads with a warning; the passes read it as the field's maximum, a
// wait for nothing, so the load below still gets its wait before v1 is read.
// (.stir input keeps the strict range: parse/errors/wait-count.stir; what
// llvm-mc rejects, more than 16 bits, is an error: parse/asm/errors.s. The
// asm-files test assembles this file and its reprint.)
// RUN: %stinkytofu-opt %s --verify-diagnostics --emit-asm
// RUN: %stinkytofu-opt %s --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm 2>/dev/null | FileCheck %s
	ds_load_b32 v1, v2
// expected-warning@+1 {{wait 's_wait_dscnt' count 0x40 does not fit the dscnt field (0 to 63): read as 63, a wait for nothing}}
	s_wait_dscnt 0x40
	v_add_f32 v3, v1, v1
// expected-warning@+1 {{wait 's_wait_asynccnt' count 0x1234 does not fit the asynccnt field (0 to 63): read as 63}}
	s_wait_asynccnt 0x1234
// expected-warning@+1 {{wait 's_wait_kmcnt' count -1 does not fit the kmcnt field (0 to 31)}}
	s_wait_kmcnt -1
// expected-warning@+1 {{wait 's_wait_loadcnt_dscnt' count 0x4000 does not fit loadcnt in bits 13:8 and dscnt in bits 5:0 (0 to 0x3f3f)}}
	s_wait_loadcnt_dscnt 0x4000
	s_wait_dscnt 63
	s_endpgm
// CHECK:      ds_load_b32 v1, v2
// CHECK:      s_wait_dscnt 0x40
// CHECK-NEXT: s_wait_dscnt 0x0
// CHECK-NEXT: v_add_f32 v3, v1, v1

