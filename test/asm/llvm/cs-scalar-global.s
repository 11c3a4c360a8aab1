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
	.globl	cs_scalar_global                ; -- Begin function cs_scalar_global
	.p2align	8
	.type	cs_scalar_global,@function
cs_scalar_global:                       ; @cs_scalar_global
; %bb.0:                                ; %entry
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	s_buffer_load_b64 s[8:9], s[0:3], 0x0
	s_wait_kmcnt 0x0
	v_add_nc_u32_e32 v1, s8, v0
	global_load_b32 v1, v1, s[4:5] scale_offset
	s_wait_loadcnt 0x0
	v_mul_lo_u32 v1, v1, s9
	global_store_b32 v0, v1, s[6:7] scale_offset
	s_endpgm
.Lfunc_end0:
	.size	cs_scalar_global, .Lfunc_end0-cs_scalar_global
                                        ; -- End function
	.set cs_scalar_global.num_vgpr, 2
	.set cs_scalar_global.num_agpr, 0
	.set cs_scalar_global.numbered_sgpr, 10
	.set cs_scalar_global.num_named_barrier, 0
	.set cs_scalar_global.private_seg_size, 0
	.set cs_scalar_global.uses_vcc, 0
	.set cs_scalar_global.uses_flat_scratch, 0
	.set cs_scalar_global.has_dyn_sized_stack, 0
	.set cs_scalar_global.has_recursion, 0
	.set cs_scalar_global.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 64
; TotalNumSgprs: 10
; NumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 2
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
