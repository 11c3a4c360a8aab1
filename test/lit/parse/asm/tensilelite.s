// A kernel as TensileLite writes it: banner comments, .set symbols used in
// register brackets and immediates, a .macro block, the descriptor before the
// body, label_ branches and LDS token comments. With no passes it prints back
// byte for byte; the wait pipeline inserts the waits the loop needs, on lines
// of their own, indented like the instruction after them.
// RUN: %stinkytofu-opt %s --emit-asm -o %t.s && cmp %s %t.s
// RUN: %stinkytofu-opt %s --StinkyRemoveWaitCntPass --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm | FileCheck %s
// RUN: %stinkytofu-opt %s | FileCheck --check-prefix=IR %s
// RUN: %stinkytofu-opt %s -o %t.stir && %stinkytofu-opt %t.stir --emit-asm | cmp %s -
/******************************************/
/* Function Prefix                        */
/******************************************/
.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
.text
.protected Cijk_Test
.globl Cijk_Test
.p2align 8
.type Cijk_Test,@function
.section .rodata,#alloc
.p2align 6
.amdhsa_kernel Cijk_Test
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_next_free_vgpr 64 // vgprs
  .amdhsa_next_free_sgpr 32 ; sgprs
  .amdhsa_group_segment_fixed_size 8192
.end_amdhsa_kernel
.text
/* Num VGPR=64 */
.set vgprValuC, 0
.set vgprValuA, 16
.set vgprG2LA, 24
.set vgprLocalReadAddrA, 30
.set vgprLocalWriteAddrA, 31
.set sgprKernArgAddress, 0
.set sgprSrdA, 4
.set sgprLoopCounterL, 12
.set MT0, 64
DepthU = 32
.macro ADD_TILE dst, a
  v_add_f32 \dst, \a, \dst   // never read as an instruction
.endm
Cijk_Test:
  s_load_b128 s[sgprSrdA:sgprSrdA+3], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x0
  s_mov_b32 s[sgprLoopCounterL], DepthU/8          // loop count from the symbol
  v_lshlrev_b32 v[vgprLocalReadAddrA], 4, v0
  v_mov_b32 v[vgprLocalWriteAddrA], v[vgprLocalReadAddrA]
/* global read: the first tile */
  buffer_load_b128 v[vgprG2LA+0:vgprG2LA+3], v0, s[sgprSrdA:sgprSrdA+3], null offen offset:0
label_LoopBeginL:
  /* store the tile to LDS, read it back */
  ds_store_b128 v[vgprLocalWriteAddrA], v[vgprG2LA:vgprG2LA+3] offset:0 // st.token:0
  s_barrier_signal -1
  s_barrier_wait -1
  ds_load_b128 v[vgprValuA:vgprValuA+3], v[vgprLocalReadAddrA] offset:MT0*4 // st.token:0
  buffer_load_b128 v[vgprG2LA+0:vgprG2LA+3], v0, s[sgprSrdA:sgprSrdA+3], null offen offset:16
  v_add_f32 v[vgprValuC], v[vgprValuA], v[vgprValuC]
  s_sub_u32 s[sgprLoopCounterL], s[sgprLoopCounterL], 1
  s_cmp_eq_u32 s[sgprLoopCounterL], 0
  s_cbranch_scc0 label_LoopBeginL // back to the top
label_LoopEndL:
  global_store_b32 v0, v[vgprValuC], s[sgprSrdA:sgprSrdA+1]
  s_endpgm
.Lfunc_end0:
  .size Cijk_Test, .Lfunc_end0-Cijk_Test

// The loads' results wait where they are used: the scalar load before its
// first user, the buffer load before the LDS store of the loop (on entry and
// on the back edge), the LDS load before the add.
// CHECK:      Cijk_Test:
// CHECK-NEXT:   s_load_b128
// CHECK-NEXT:   s_mov_b32
// CHECK:        v_mov_b32 v[vgprLocalWriteAddrA], v[vgprLocalReadAddrA]
// CHECK:        s_wait_kmcnt 0x0
// CHECK-NEXT:   buffer_load_b128 v[vgprG2LA+0:vgprG2LA+3], v0, s[sgprSrdA:sgprSrdA+3], null offen offset:0
// CHECK:      label_LoopBeginL:
// CHECK-NEXT:   /* store the tile to LDS, read it back */
// CHECK-NEXT:   s_wait_loadcnt 0x0
// CHECK-NEXT:   ds_store_b128 v[vgprLocalWriteAddrA], v[vgprG2LA:vgprG2LA+3] offset:0 // st.token:0
// CHECK:        ds_load_b128
// CHECK-NEXT:   buffer_load_b128
// CHECK-NEXT:   s_wait_dscnt 0x0
// v_add_f32 overwrites v0 (vgprValuC), the address of the buffer load before it.
// CHECK-NEXT:   s_wait_xcnt 0x0
// CHECK-NEXT:   v_add_f32 v[vgprValuC], v[vgprValuA], v[vgprValuC]

// The IR sees the numbers: registers from the symbols, the token comment as
// mod.memtoken, and the macro body only as verbatim lines; every item keeps
// its line, so the .stir form prints back to this file.
// IR: {{^}}    "st.asm.verbatim"() { asm = "  v_add_f32 \\dst, \\a, \\dst   // never read as an instruction" }
// IR: {{^}}    "st.asm.label"() { asm = "Cijk_Test:" }
// IR: {{^}}    s[4:7] = "st.s_load_b128"(s[0:1], 0x0) { asm = "  s_load_b128 s[sgprSrdA:sgprSrdA+3], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x0" }
// IR: {{^}}    "st.ds_store_b128"(v31, v[24:27]) { mod.memtoken = { tokens = [0] }, asm = "  ds_store_b128
// IR: {{^}}    v[16:19] = "st.ds_load_b128"(v30) { mod.memtoken = { tokens = [0] }, asm = "  ds_load_b128
