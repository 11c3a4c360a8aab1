	.section	.AMDGPU.config,"",@progbits
	.long	47176
	.long	3222208512
	.long	47180
	.long	33664
	.long	47200
	.long	0
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	cs_lds_barrier                  ; -- Begin function cs_lds_barrier
	.p2align	8
	.type	cs_lds_barrier,@function
cs_lds_barrier:                         ; @cs_lds_barrier
; %bb.0:                                ; %entry
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	v_dual_lshlrev_b32 v1, 2, v0 :: v_dual_bitop2_b32 v0, 1, v0 bitop3:0x14
	buffer_load_b32 v2, v1, s[0:3], null offen
	v_lshlrev_b32_e32 v0, 2, v0
	s_wait_loadcnt 0x0
	ds_store_b32 v1, v2
	s_wait_dscnt 0x0
	s_barrier_signal -1
	s_barrier_wait -1
	ds_load_b32 v0, v0
	s_wait_dscnt 0x0
	v_add_f32_e32 v0, v2, v0
	buffer_store_b32 v0, v1, s[4:7], null offen
	s_endpgm
.Lfunc_end0:
	.size	cs_lds_barrier, .Lfunc_end0-cs_lds_barrier
                                        ; -- End function
	.set cs_lds_barrier.num_vgpr, 3
	.set cs_lds_barrier.num_agpr, 0
	.set cs_lds_barrier.numbered_sgpr, 8
	.set cs_lds_barrier.num_named_barrier, 0
	.set cs_lds_barrier.private_seg_size, 0
	.set cs_lds_barrier.uses_vcc, 0
	.set cs_lds_barrier.uses_flat_scratch, 0
	.set cs_lds_barrier.has_dyn_sized_stack, 0
	.set cs_lds_barrier.has_recursion, 0
	.set cs_lds_barrier.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 92
; TotalNumSgprs: 8
; NumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 1024 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 8
; NumVGPRsForWavesPerEU: 3
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
	.amdgpu_lds tile, 1024, 16
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-unknown-unknown--gfx1250"
