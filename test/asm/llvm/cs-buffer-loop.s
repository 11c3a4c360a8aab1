	.section	.AMDGPU.config,"",@progbits
	.long	47176
	.long	3222208512
	.long	47180
	.long	896
	.long	47200
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	cs_buffer_loop                  ; -- Begin function cs_buffer_loop
	.p2align	8
	.type	cs_buffer_loop,@function
cs_buffer_loop:                         ; @cs_buffer_loop
; %bb.0:                                ; %entry
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	v_dual_mov_b32 v1, 0 :: v_dual_lshlrev_b32 v0, 2, v0
	s_cmp_lt_i32 s8, 1
	s_cbranch_scc1 .LBB0_3
; %bb.1:                                ; %loop.preheader
	s_delay_alu instid0(VALU_DEP_1)
	v_mov_b32_e32 v2, v0
.LBB0_2:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	buffer_load_b32 v3, v2, s[0:3], null offen
	s_wait_xcnt 0x0
	v_add_nc_u32_e32 v2, 0x400, v2
	s_add_co_i32 s8, s8, -1
	s_delay_alu instid0(SALU_CYCLE_1)
	s_cmp_lg_u32 s8, 0
	s_wait_loadcnt 0x0
	v_add_f32_e32 v1, v1, v3
	s_cbranch_scc1 .LBB0_2
.LBB0_3:                                ; %exit
	buffer_store_b32 v1, v0, s[4:7], null offen
	s_endpgm
.Lfunc_end0:
	.size	cs_buffer_loop, .Lfunc_end0-cs_buffer_loop
                                        ; -- End function
	.set cs_buffer_loop.num_vgpr, 4
	.set cs_buffer_loop.num_agpr, 0
	.set cs_buffer_loop.numbered_sgpr, 9
	.set cs_buffer_loop.num_named_barrier, 0
	.set cs_buffer_loop.private_seg_size, 0
	.set cs_buffer_loop.uses_vcc, 0
	.set cs_buffer_loop.uses_flat_scratch, 0
	.set cs_buffer_loop.has_dyn_sized_stack, 0
	.set cs_buffer_loop.has_recursion, 0
	.set cs_buffer_loop.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 96
; TotalNumSgprs: 9
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 9
; NumVGPRsForWavesPerEU: 4
; NamedBarCnt: 0
; Occupancy: 16
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.section	.AMDGPU.csdata,"",@progbits
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-unknown-unknown--gfx1250"
