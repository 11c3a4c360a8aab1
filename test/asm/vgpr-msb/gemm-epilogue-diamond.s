; A GEMM epilogue over VGPRs above v255: two chained WMMAs accumulate in
; v[896:903] (bank 3), a divergent diamond scales the result with VOPD
; multiplies on one side only, and the join sets the mode again (its two
; predecessors leave different modes) before it stores.
	.text
	.globl	gemm_epilogue
	.p2align	8
	.type	gemm_epilogue,@function
gemm_epilogue:
	s_load_b128 s[0:3], s[4:5], 0x0
	v_lshlrev_b32_e32 v20, 5, v0
	s_wait_kmcnt 0x0
	s_set_vgpr_msb 0x40                     ; dst: bank 1
	global_load_b128 v[0:3], v20, s[0:1]    ; v[256:259]
	global_load_b128 v[4:7], v20, s[0:1] offset:16
	global_load_b128 v[8:11], v20, s[2:3]   ; v[264:267]
	global_load_b128 v[12:15], v20, s[2:3] offset:16
	s_set_vgpr_msb 0x40c0                   ; dst: bank 3
	v_dual_mov_b32 v128, 0 :: v_dual_mov_b32 v129, 0   ; v896, v897
	v_dual_mov_b32 v130, 0 :: v_dual_mov_b32 v131, 0
	v_dual_mov_b32 v132, 0 :: v_dual_mov_b32 v133, 0
	v_dual_mov_b32 v134, 0 :: v_dual_mov_b32 v135, 0
	s_set_vgpr_msb 0xc0f5                   ; dst 3, src2 3, src1 1, src0 1
	s_wait_loadcnt 0x0
	v_wmma_f32_16x16x32_bf16 v[128:135], v[0:7], v[8:15], v[128:135]
	v_wmma_f32_16x16x32_bf16 v[128:135], v[8:15], v[0:7], v[128:135]
	s_set_vgpr_msb 0xf500
	v_cmp_gt_u32_e32 vcc_lo, 32, v0
	s_and_saveexec_b32 s6, vcc_lo
	s_cbranch_execz .LBB0_2
; %bb.1:                                ; scale by v[264:265] on this side
	s_set_vgpr_msb 0x00c7                   ; dst 3, src1 1, src0 3
	v_dual_mul_f32 v128, v128, v8 :: v_dual_mul_f32 v129, v129, v9
	v_dual_mul_f32 v130, v130, v8 :: v_dual_mul_f32 v131, v131, v9
.LBB0_2:
	s_or_b32 exec_lo, exec_lo, s6
	s_set_vgpr_msb 0x0c                     ; src1: bank 3 (the data stored)
	global_store_b128 v20, v[128:131], s[0:1]   ; v[896:899]
	global_store_b128 v20, v[132:135], s[0:1] offset:16
	s_set_vgpr_msb 0x0c00
	s_endpgm
.Lfunc_end0:
	.size	gemm_epilogue, .Lfunc_end0-gemm_epilogue
