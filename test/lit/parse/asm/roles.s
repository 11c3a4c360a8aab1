// Which operands each instruction writes and reads (docs/asm-input.md
// "Operand roles"): destinations before '=' in the .stir view, sources in
// the parentheses, implicit scc/vcc/exec where the hardware uses them.
// RUN: %stinkytofu-opt %s | FileCheck %s
// RUN: %stinkytofu-opt %s --emit-asm | cmp %s -
  global_atomic_add_u32 v1, v0, v2, s[0:1] th:TH_ATOMIC_RETURN
  global_atomic_add_u32 v0, v2, s[0:1] scope:SCOPE_DEV
  buffer_atomic_add_u32 v1, v0, s[0:3], null offen th:TH_ATOMIC_RETURN
  buffer_atomic_add_u32 v1, v0, s[0:3], null offen
  ds_add_rtn_u32 v1, v0, v2
  ds_add_u32 v0, v2
  v_add_co_u32 v0, vcc_lo, v1, v2
  v_mad_co_u64_u32 v[0:1], s0, v2, v3, v[4:5]
  v_swap_b32 v0, v1
  v_cmp_eq_u32_e32 vcc_lo, v0, v1
  v_cmpx_eq_u32_e32 v0, v1
  v_readlane_b32 s0, v1, 0
  s_cmp_eq_u32 s0, 0
  s_and_saveexec_b32 s4, vcc_lo
  global_store_b32 v0, v1, s[0:1]
  v_dual_mov_b32 v0, v1 :: v_dual_add_nc_u32 v2, v3, v4
  s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
  tensor_load_to_lds s[0:3], s[4:11]
  global_load_async_to_lds_b32 v1, v[2:3], off
  v_add_f32 v0, -|v1|, v2
  s_cbranch_vccnz .L1
.L1:
  s_endpgm

// CHECK: v1 = "st.global_atomic_add_u32"(v0, v2, s[0:1])
// CHECK-NEXT: "st.global_atomic_add_u32"(v0, v2, s[0:1])
// CHECK-NEXT: v1 = "st.buffer_atomic_add_u32"(v1, v0, s[0:3], null)
// CHECK-NEXT: "st.buffer_atomic_add_u32"(v1, v0, s[0:3], null)
// CHECK-NEXT: v1 = "st.ds_add_rtn_u32"(v0, v2)
// CHECK-NEXT: "st.ds_add_u32"(v0, v2)
// CHECK-NEXT: v0, vcc_lo0 = "st.v_add_co_u32"(v1, v2)
// CHECK-NEXT: v[0:1], s0 = "st.v_mad_co_u64_u32"(v2, v3, v[4:5])
// CHECK-NEXT: v0, v1 = "st.v_swap_b32"(v0, v1)
// CHECK-NEXT: vcc_lo0 = "st.v_cmp_eq_u32_e32"(v0, v1)
// CHECK-NEXT: exec_lo0 = "st.v_cmpx_eq_u32_e32"(v0, v1)
// CHECK-NEXT: s0 = "st.v_readlane_b32"(v1, 0)
// CHECK-NEXT: SCC0 = "st.s_cmp_eq_u32"(s0, 0)
// CHECK-NEXT: s4, SCC0, exec_lo0 = "st.s_and_saveexec_b32"(vcc_lo0, exec_lo0)
// CHECK-NEXT: "st.global_store_b32"(v0, v1, s[0:1])
// CHECK-NEXT: v0, v2 = "st.v_dual_mov_b32"(v1, v3, v4)
// CHECK-NEXT: "st.s_setreg_imm32_b32"("hwreg(HW_REG_WAVE_MODE, 25, 1)", 1)
// CHECK-NEXT: "st.tensor_load_to_lds"(s[0:3], s[4:11])
// CHECK-NEXT: "st.global_load_async_to_lds_b32"(v1, v[2:3], off)
// CHECK-NEXT: v0 = "st.v_add_f32"(-v1, v2)
// CHECK-NEXT: "st.s_cbranch_vccnz"(".L1", vcc_lo0)
// CHECK-NEXT: Successors: ^b+1
// CHECK: "st.s_endpgm"()
