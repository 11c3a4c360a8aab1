// Other spellings llvm-mc accepts are the instructions they name
// (lib/isa/gfx1250-aliases.tsv): a transposing load written
// ds_load_b64_tr_b8 counts on dscnt as ds_load_tr8_b64 does, and
// global_load_b128_tr_b16 on loadcnt, so their results get waits; the lines
// print back as written, and no mnemonic is unknown.
// RUN: %stinkytofu-opt %s --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits=strict --emit-asm 2>%t.err | FileCheck %s
// RUN: not grep -q "unknown mnemonic" %t.err
	ds_load_b64_tr_b8 v[0:1], v2
	global_load_b128_tr_b16 v[4:7], v[8:9], off
	ds_read_b32 v10, v2
	v_add_f32 v3, v0, v1
	v_add_f32 v11, v10, v10
	v_add_f32 v12, v4, v7
	buffer_store_dword v12, off, s[0:3], s4
	s_endpgm
// CHECK:      ds_load_b64_tr_b8 v[0:1], v2
// CHECK-NEXT: global_load_b128_tr_b16 v[4:7], v[8:9], off
// CHECK-NEXT: ds_read_b32 v10, v2
// CHECK-NEXT: s_wait_dscnt 0x1
// CHECK-NEXT: v_add_f32 v3, v0, v1
// CHECK-NEXT: s_wait_dscnt 0x0
// CHECK-NEXT: v_add_f32 v11, v10, v10
// CHECK-NEXT: s_wait_loadcnt 0x0
// CHECK-NEXT: v_add_f32 v12, v4, v7
// CHECK-NEXT: buffer_store_dword v12, off, s[0:3], s4
