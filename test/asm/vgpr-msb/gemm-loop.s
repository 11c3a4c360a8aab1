; A GEMM main loop over VGPRs above v255, in LLVM's style: the A tile in
; v[256:263] (bank 1), the B tile in v[768:775] (bank 3), the accumulator in
; v[512:519] (bank 2). Each operand names the low 8 bits; s_set_vgpr_msb
; selects the bank of each slot (src0, src1, src2, dst). The loop header sets
; the mode first: the preheader and the back edge leave different modes.
	.text
	.globl	gemm_loop
	.p2align	8
	.type	gemm_loop,@function
gemm_loop:
	s_load_b128 s[0:3], s[4:5], 0x0
	s_load_b32 s6, s[4:5], 0x10
	v_lshlrev_b32_e32 v8, 5, v0
	s_set_vgpr_msb 0x80                     ; dst: bank 2
	v_dual_mov_b32 v0, 0 :: v_dual_mov_b32 v1, 0   ; v512, v513
	v_dual_mov_b32 v2, 0 :: v_dual_mov_b32 v3, 0
	v_dual_mov_b32 v4, 0 :: v_dual_mov_b32 v5, 0
	v_dual_mov_b32 v6, 0 :: v_dual_mov_b32 v7, 0
	s_wait_kmcnt 0x0
.LBB0_1:                                ; the main loop
	s_set_vgpr_msb 0x8040                   ; dst: bank 1 (A)
	global_load_b128 v[0:3], v8, s[0:1]     ; v[256:259]
	global_load_b128 v[4:7], v8, s[0:1] offset:16
	s_set_vgpr_msb 0x40c0                   ; dst: bank 3 (B)
	global_load_b128 v[0:3], v8, s[2:3]     ; v[768:771]
	global_load_b128 v[4:7], v8, s[2:3] offset:16
	s_wait_loadcnt 0x0
	s_set_vgpr_msb 0xc0ad                   ; dst 2, src2 2, src1 3, src0 1
	v_wmma_f32_16x16x32_f16 v[0:7], v[0:7], v[0:7], v[0:7]
	s_set_vgpr_msb 0xad41                   ; dst 1, src0 1
	v_dual_mov_b32 v10, v0 :: v_dual_mov_b32 v11, v1   ; v266 = v256, v267 = v257
	s_set_vgpr_msb 0x4100
	v_add_nc_u32_e32 v8, 64, v8
	s_add_co_i32 s6, s6, -1
	s_cmp_lg_u32 s6, 0
	s_cbranch_scc1 .LBB0_1
; %bb.2:
	s_set_vgpr_msb 0x08                     ; src1: bank 2 (the data stored)
	global_store_b128 v8, v[0:3], s[0:1]    ; v[512:515]
	global_store_b128 v8, v[4:7], s[0:1] offset:16
	s_set_vgpr_msb 0x0800
	s_endpgm
.Lfunc_end0:
	.size	gemm_loop, .Lfunc_end0-gemm_loop
