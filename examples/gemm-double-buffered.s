/******************************************/
/* A double-buffered GEMM main loop for   */
/* gfx1250, as a kernel generator emits   */
/* it before scheduling: no waits yet     */
/* (StinkyWaitCntInsertionPass adds them) */
/******************************************/
// The assembly twin of examples/gemm-double-buffered.stir. Two LDS buffers
// are filled by tensor_load_to_lds: buffer 0 at LDS offset 0 (memory token 0)
// and buffer 1 at 0x4000 (token 1). Each loop iteration computes one K step
// of a 32x32 f32 tile from buffer 0, refills buffer 0, then does the same
// with buffer 1. `// st.token:N` says which buffer an LDS access or a
// barrier is about, so a barrier waits only for its own buffer's tensor load.
//
// Kernel arguments, at s[0:1]: 0x00 C/D pointer, 0x08 number of K steps,
// 0x10 bias buffer resource, 0x20/0x40 tensor descriptor groups 0/1 of
// buffer 0, 0x60/0x80 those of buffer 1.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
.text
.protected gemm_bf16_32x32_double_buffered
.globl gemm_bf16_32x32_double_buffered
.p2align 8
.type gemm_bf16_32x32_double_buffered,@function
.section .rodata,#alloc
.p2align 6
.amdhsa_kernel gemm_bf16_32x32_double_buffered
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_next_free_vgpr 204
  .amdhsa_next_free_sgpr 64
  .amdhsa_group_segment_fixed_size 32768
.end_amdhsa_kernel
.text

/******************************************/
/* Registers                              */
/******************************************/
.set vgprValuA_X0, 0            // A fragments of pool 0
.set vgprValuA_X1, 32           // A fragments of pool 1
.set vgprValuB, 64              // B fragments, both pools
.set vgprValuC, 128             // four 16x16 f32 accumulators
.set vgprGlobalC, 160           // C tile read for the epilogue
.set vgprBias, 164
.set vgprLdsOffset, 200         // LDS byte offset of the lane
.set vgprAddrC, 202             // C address of the lane
.set sgprKernArgAddress, 0
.set sgprAddressC, 2
.set sgprSrdBias, 8
.set sgprTensorDesc0, 20        // groups 0 and 1 of buffer 0: s[20:23], s[24:31]
.set sgprTensorDesc1, 32        // groups 0 and 1 of buffer 1: s[32:35], s[36:43]
.set sgprLoopCounterK, 60
.set sgprNumK, 61
.set LdsBuffer1, 0x4000

gemm_bf16_32x32_double_buffered:
  s_load_b64 s[sgprAddressC:sgprAddressC+1], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x0
  s_load_b32 s[sgprNumK], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x8
  s_load_b128 s[sgprSrdBias:sgprSrdBias+3], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x10
  s_load_b128 s[sgprTensorDesc0:sgprTensorDesc0+3], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x20
  s_load_b256 s[sgprTensorDesc0+4:sgprTensorDesc0+11], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x40
  s_load_b128 s[sgprTensorDesc1:sgprTensorDesc1+3], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x60
  s_load_b256 s[sgprTensorDesc1+4:sgprTensorDesc1+11], s[sgprKernArgAddress:sgprKernArgAddress+1], 0x80
  v_lshlrev_b32 v[vgprLdsOffset], 4, v0                  // 16 bytes per lane
  v_mov_b32 v[vgprLdsOffset+1], 0
  v_lshl_add_u64 v[vgprAddrC:vgprAddrC+1], v[vgprLdsOffset:vgprLdsOffset+1], 0, s[sgprAddressC:sgprAddressC+1]
  global_load_b128 v[vgprGlobalC:vgprGlobalC+3], v[vgprAddrC:vgprAddrC+1], off
  buffer_load_b128 v[vgprBias:vgprBias+3], v[vgprLdsOffset], s[sgprSrdBias:sgprSrdBias+3], null offen offset:0
  /* Fill both LDS buffers before the first iteration. */
  tensor_load_to_lds s[sgprTensorDesc0:sgprTensorDesc0+3], s[sgprTensorDesc0+4:sgprTensorDesc0+11] // st.token:0
  tensor_load_to_lds s[sgprTensorDesc1:sgprTensorDesc1+3], s[sgprTensorDesc1+4:sgprTensorDesc1+11] // st.token:1
  s_mov_b32 s[sgprLoopCounterK], 0
  v_mov_b64 v[vgprValuC+0:vgprValuC+1], 0
  v_mov_b64 v[vgprValuC+2:vgprValuC+3], 0
  v_mov_b64 v[vgprValuC+4:vgprValuC+5], 0
  v_mov_b64 v[vgprValuC+6:vgprValuC+7], 0
  v_mov_b64 v[vgprValuC+8:vgprValuC+9], 0
  v_mov_b64 v[vgprValuC+10:vgprValuC+11], 0
  v_mov_b64 v[vgprValuC+12:vgprValuC+13], 0
  v_mov_b64 v[vgprValuC+14:vgprValuC+15], 0
  v_mov_b64 v[vgprValuC+16:vgprValuC+17], 0
  v_mov_b64 v[vgprValuC+18:vgprValuC+19], 0
  v_mov_b64 v[vgprValuC+20:vgprValuC+21], 0
  v_mov_b64 v[vgprValuC+22:vgprValuC+23], 0
  v_mov_b64 v[vgprValuC+24:vgprValuC+25], 0
  v_mov_b64 v[vgprValuC+26:vgprValuC+27], 0
  v_mov_b64 v[vgprValuC+28:vgprValuC+29], 0
  v_mov_b64 v[vgprValuC+30:vgprValuC+31], 0
  s_cmp_eq_u32 s[sgprNumK], 0                            // no K steps: skip the loop
  s_cbranch_scc1 label_Epilogue

/******************************************/
/* Main loop                              */
/******************************************/
label_LoopBeginK:
  /* Pool 0: once every wave sees buffer 0, read A and B and multiply. */
  s_barrier_signal -1 // st.token:0
  s_barrier_wait -1 // st.token:0
  ds_load_b128 v[vgprValuA_X0+0:vgprValuA_X0+3], v[vgprLdsOffset] offset:0 // st.token:0
  ds_load_b128 v[vgprValuA_X0+4:vgprValuA_X0+7], v[vgprLdsOffset] offset:512 // st.token:0
  ds_load_b128 v[vgprValuA_X0+8:vgprValuA_X0+11], v[vgprLdsOffset] offset:2048 // st.token:0
  ds_load_b128 v[vgprValuA_X0+12:vgprValuA_X0+15], v[vgprLdsOffset] offset:2560 // st.token:0
  ds_load_b128 v[vgprValuB+0:vgprValuB+3], v[vgprLdsOffset] offset:4096 // st.token:0
  ds_load_b128 v[vgprValuB+4:vgprValuB+7], v[vgprLdsOffset] offset:4608 // st.token:0
  ds_load_b128 v[vgprValuB+8:vgprValuB+11], v[vgprLdsOffset] offset:6144 // st.token:0
  ds_load_b128 v[vgprValuB+12:vgprValuB+15], v[vgprLdsOffset] offset:6656 // st.token:0
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+0:vgprValuC+7], v[vgprValuA_X0+0:vgprValuA_X0+7], v[vgprValuB+0:vgprValuB+7], v[vgprValuC+0:vgprValuC+7]
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+8:vgprValuC+15], v[vgprValuA_X0+8:vgprValuA_X0+15], v[vgprValuB+0:vgprValuB+7], v[vgprValuC+8:vgprValuC+15]
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+16:vgprValuC+23], v[vgprValuA_X0+0:vgprValuA_X0+7], v[vgprValuB+8:vgprValuB+15], v[vgprValuC+16:vgprValuC+23]
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+24:vgprValuC+31], v[vgprValuA_X0+8:vgprValuA_X0+15], v[vgprValuB+8:vgprValuB+15], v[vgprValuC+24:vgprValuC+31]
  /* Every wave is done reading buffer 0: refill it with the next K slice. */
  s_barrier_signal -1 // st.token:0
  s_barrier_wait -1 // st.token:0
  s_add_co_u32 s[sgprTensorDesc0+1], s[sgprTensorDesc0+1], 0x40
  s_add_co_ci_u32 s[sgprTensorDesc0+2], s[sgprTensorDesc0+2], 0
  tensor_load_to_lds s[sgprTensorDesc0:sgprTensorDesc0+3], s[sgprTensorDesc0+4:sgprTensorDesc0+11] // st.token:0
  /* Pool 1: once every wave sees buffer 1, read A and B and multiply. */
  s_barrier_signal -1 // st.token:1
  s_barrier_wait -1 // st.token:1
  ds_load_b128 v[vgprValuA_X1+0:vgprValuA_X1+3], v[vgprLdsOffset] offset:LdsBuffer1+0 // st.token:1
  ds_load_b128 v[vgprValuA_X1+4:vgprValuA_X1+7], v[vgprLdsOffset] offset:LdsBuffer1+512 // st.token:1
  ds_load_b128 v[vgprValuA_X1+8:vgprValuA_X1+11], v[vgprLdsOffset] offset:LdsBuffer1+2048 // st.token:1
  ds_load_b128 v[vgprValuA_X1+12:vgprValuA_X1+15], v[vgprLdsOffset] offset:LdsBuffer1+2560 // st.token:1
  ds_load_b128 v[vgprValuB+0:vgprValuB+3], v[vgprLdsOffset] offset:LdsBuffer1+4096 // st.token:1
  ds_load_b128 v[vgprValuB+4:vgprValuB+7], v[vgprLdsOffset] offset:LdsBuffer1+4608 // st.token:1
  ds_load_b128 v[vgprValuB+8:vgprValuB+11], v[vgprLdsOffset] offset:LdsBuffer1+6144 // st.token:1
  ds_load_b128 v[vgprValuB+12:vgprValuB+15], v[vgprLdsOffset] offset:LdsBuffer1+6656 // st.token:1
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+0:vgprValuC+7], v[vgprValuA_X1+0:vgprValuA_X1+7], v[vgprValuB+0:vgprValuB+7], v[vgprValuC+0:vgprValuC+7]
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+8:vgprValuC+15], v[vgprValuA_X1+8:vgprValuA_X1+15], v[vgprValuB+0:vgprValuB+7], v[vgprValuC+8:vgprValuC+15]
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+16:vgprValuC+23], v[vgprValuA_X1+0:vgprValuA_X1+7], v[vgprValuB+8:vgprValuB+15], v[vgprValuC+16:vgprValuC+23]
  v_wmma_f32_16x16x32_bf16 v[vgprValuC+24:vgprValuC+31], v[vgprValuA_X1+8:vgprValuA_X1+15], v[vgprValuB+8:vgprValuB+15], v[vgprValuC+24:vgprValuC+31]
  /* Every wave is done reading buffer 1: refill it with the next K slice. */
  s_barrier_signal -1 // st.token:1
  s_barrier_wait -1 // st.token:1
  s_add_co_u32 s[sgprTensorDesc1+1], s[sgprTensorDesc1+1], 0x40
  s_add_co_ci_u32 s[sgprTensorDesc1+2], s[sgprTensorDesc1+2], 0
  tensor_load_to_lds s[sgprTensorDesc1:sgprTensorDesc1+3], s[sgprTensorDesc1+4:sgprTensorDesc1+11] // st.token:1
  /* Next K step; back to the top while steps remain. */
  s_add_co_u32 s[sgprLoopCounterK], s[sgprLoopCounterK], 1
  s_cmp_lt_u32 s[sgprLoopCounterK], s[sgprNumK]
  s_cbranch_scc1 label_LoopBeginK

/******************************************/
/* Epilogue: add C and the bias, store    */
/******************************************/
label_Epilogue:
  v_pk_add_f32 v[vgprValuC+0:vgprValuC+1], v[vgprValuC+0:vgprValuC+1], v[vgprGlobalC:vgprGlobalC+1]
  v_pk_add_f32 v[vgprValuC+2:vgprValuC+3], v[vgprValuC+2:vgprValuC+3], v[vgprBias:vgprBias+1]
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+0:vgprValuC+3], off offset:0
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+4:vgprValuC+7], off offset:16
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+8:vgprValuC+11], off offset:32
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+12:vgprValuC+15], off offset:48
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+16:vgprValuC+19], off offset:64
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+20:vgprValuC+23], off offset:80
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+24:vgprValuC+27], off offset:96
  global_store_b128 v[vgprAddrC:vgprAddrC+1], v[vgprValuC+28:vgprValuC+31], off offset:112
  s_endpgm
.Lfunc_end0:
  .size gemm_bf16_32x32_double_buffered, .Lfunc_end0-gemm_bf16_32x32_double_buffered
