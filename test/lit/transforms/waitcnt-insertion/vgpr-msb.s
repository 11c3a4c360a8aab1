// The wait passes see real registers under the VGPR MSB mode. The load
// writes v448 (written v192, dst bank 1). The v_mov after it writes v192
// (mode 0): no WAW with the load, so no wait, where a v192 reading would
// invent one. The last v_mov reads v448 (written v192, src0 bank 1): a RAW on
// the load, where a v192 reading would see the v_mov's v192 and miss it.
// RUN: %stinkytofu-opt %s --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm | FileCheck %s
// CHECK-LABEL: {{^}}kern:
// CHECK-NEXT: {{^}}	s_set_vgpr_msb 0x40
// CHECK-NEXT: {{^}}	global_load_b32 v192, v0, s[0:1]
// CHECK-NEXT: {{^}}	s_set_vgpr_msb 0x4000
// CHECK-NEXT: {{^}}	v_mov_b32_e32 v192, 0
// CHECK-NEXT: {{^}}	v_add_f32_e32 v1, v192, v2
// CHECK-NEXT: {{^}}	s_set_vgpr_msb 1
// CHECK-NEXT: {{^}}	s_wait_loadcnt 0x0
// CHECK-NEXT: {{^}}	v_mov_b32_e32 v3, v192
// The validator, on the file as written, reports the missing wait on v448.
// RUN: not %stinkytofu-opt %s --WaitCntValidationCheckPass -o /dev/null 2>&1 | FileCheck %s --check-prefix=VALID --implicit-check-not=error:
// VALID: vgpr-msb.s:[[#@LINE+16]]:2: error: missing s_wait_loadcnt 0 before 'v_mov_b32_e32': RAW dependency through v448 on 'global_load_b32'
// The .stir print names the real registers.
// RUN: %stinkytofu-opt %s | FileCheck %s --check-prefix=STIR
// STIR: v448 = "st.global_load_b32"(v0, s[0:1])
// STIR: v192 = "st.v_mov_b32_e32"(0)
// STIR: v3 = "st.v_mov_b32_e32"(v448)
	.text
	.globl	kern
	.type	kern,@function
kern:
	s_set_vgpr_msb 0x40
	global_load_b32 v192, v0, s[0:1]
	s_set_vgpr_msb 0x4000
	v_mov_b32_e32 v192, 0
	v_add_f32_e32 v1, v192, v2
	s_set_vgpr_msb 1
	v_mov_b32_e32 v3, v192
	s_endpgm
	.size	kern, .-kern
