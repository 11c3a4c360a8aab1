/******************************************/
/* A TensileLite-style GEMM tile over     */
/* VGPRs above v255: global -> LDS -> WMMA */
/******************************************/
.set vgprG2LA, 0            // bank 1: v[256:263], the global read of A
.set vgprValuA, 16          // bank 1: v[272:279]
.set vgprValuB, 32          // bank 3: v[800:807]
.set vgprAcc, 64            // bank 2: v[576:583]
.set vgprLocalWriteAddrA, 8 // bank 0
.set vgprLocalReadAddrA, 9  // bank 0
.set vgprGlobalReadOffsetA, 10
.set MsbG2L, 0x40           // dst bank 1
	.text
	.globl	gemm_lds_tensile
	.p2align	8
	.type	gemm_lds_tensile,@function
gemm_lds_tensile:
	s_load_b64 s[0:1], s[4:5], 0x0
	v_lshlrev_b32_e32 v[vgprGlobalReadOffsetA], 4, v0
	v_lshlrev_b32_e32 v[vgprLocalWriteAddrA], 5, v0
	v_lshlrev_b32_e32 v[vgprLocalReadAddrA], 5, v0
	s_wait_kmcnt 0x0
	s_set_vgpr_msb MsbG2L
	global_load_b128 v[vgprG2LA+0:vgprG2LA+3], v[vgprGlobalReadOffsetA], s[0:1]
	global_load_b128 v[vgprG2LA+4:vgprG2LA+7], v[vgprGlobalReadOffsetA], s[0:1] offset:16
	s_set_vgpr_msb 0x4004       // src1 bank 1: the data of the LDS store
	s_wait_loadcnt 0x1
	ds_store_b128 v[vgprLocalWriteAddrA], v[vgprG2LA+0:vgprG2LA+3]
	s_wait_loadcnt 0x0
	ds_store_b128 v[vgprLocalWriteAddrA], v[vgprG2LA+4:vgprG2LA+7] offset:16
	s_wait_dscnt 0x0
	s_barrier_signal -1
	s_barrier_wait -1
	s_set_vgpr_msb 0x0440       // dst bank 1
	ds_load_b128 v[vgprValuA+0:vgprValuA+3], v[vgprLocalReadAddrA]
	ds_load_b128 v[vgprValuA+4:vgprValuA+7], v[vgprLocalReadAddrA] offset:16
	s_set_vgpr_msb 0x40c0       // dst bank 3
	ds_load_b128 v[vgprValuB+0:vgprValuB+3], v[vgprLocalReadAddrA] offset:512
	ds_load_b128 v[vgprValuB+4:vgprValuB+7], v[vgprLocalReadAddrA] offset:528
	s_set_vgpr_msb 0xc080       // dst bank 2: clear the accumulator
	v_dual_mov_b32 v[vgprAcc+0], 0 :: v_dual_mov_b32 v[vgprAcc+1], 0
	v_dual_mov_b32 v[vgprAcc+2], 0 :: v_dual_mov_b32 v[vgprAcc+3], 0
	v_dual_mov_b32 v[vgprAcc+4], 0 :: v_dual_mov_b32 v[vgprAcc+5], 0
	v_dual_mov_b32 v[vgprAcc+6], 0 :: v_dual_mov_b32 v[vgprAcc+7], 0
	s_wait_dscnt 0x0
	s_set_vgpr_msb 0x80ad       // dst 2, src2 2, src1 3, src0 1
	v_wmma_f32_16x16x32_f16 v[vgprAcc+0:vgprAcc+7], v[vgprValuA+0:vgprValuA+7], v[vgprValuB+0:vgprValuB+7], v[vgprAcc+0:vgprAcc+7]
	s_set_vgpr_msb 0xad08       // src1 bank 2: store the accumulator
	global_store_b128 v[vgprGlobalReadOffsetA], v[vgprAcc+0:vgprAcc+3], s[0:1]
	global_store_b128 v[vgprGlobalReadOffsetA], v[vgprAcc+4:vgprAcc+7], s[0:1] offset:16
	s_set_vgpr_msb 0x0800
	s_endpgm
.Lfunc_end0:
	.size	gemm_lds_tensile, .Lfunc_end0-gemm_lds_tensile
