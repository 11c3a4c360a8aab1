	.section	.AMDGPU.config,"",@progbits
	.long	45096
	.long	0
	.long	165608
	.long	0
	.long	45100
	.long	0
	.long	165580
	.long	3
	.long	165584
	.long	3
	.long	4
	.long	0
	.long	8
	.long	0
	.text
	.globl	ps_diamond                      ; -- Begin function ps_diamond
	.p2align	8
	.type	ps_diamond,@function
ps_diamond:                             ; @ps_diamond
; %bb.0:                                ; %entry
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	v_lshlrev_b32_e32 v0, 2, v0
	v_cmp_lt_i32_e32 vcc_lo, 15, v1
                                        ; implicit-def: $vgpr1
	s_and_saveexec_b32 s8, vcc_lo
	s_delay_alu instid0(SALU_CYCLE_1)
	s_xor_b32 s8, exec_lo, s8
	s_cbranch_execz .LBB0_2
; %bb.1:                                ; %else
	v_add_nc_u32_e32 v1, 0x400, v0
	v_add_nc_u32_e32 v2, 0x800, v0
	s_clause 0x1
	buffer_load_b32 v3, v1, s[0:3], null offen
	buffer_load_b32 v4, v2, s[0:3], null offen
	s_wait_loadcnt 0x0
	v_mul_f32_e32 v1, v3, v4
.LBB0_2:                                ; %Flow
	s_and_not1_saveexec_b32 s8, s8
	s_cbranch_execz .LBB0_4
; %bb.3:                                ; %then
	buffer_load_b32 v1, v0, s[0:3], null offen
.LBB0_4:                                ; %join
	s_wait_xcnt 0x0
	s_or_b32 exec_lo, exec_lo, s8
	s_wait_loadcnt 0x0
	buffer_store_b32 v1, v0, s[4:7], null offen
	s_endpgm
.Lfunc_end0:
	.size	ps_diamond, .Lfunc_end0-ps_diamond
                                        ; -- End function
	.set ps_diamond.num_vgpr, 5
	.set ps_diamond.num_agpr, 0
	.set ps_diamond.numbered_sgpr, 9
	.set ps_diamond.num_named_barrier, 0
	.set ps_diamond.private_seg_size, 0
	.set ps_diamond.uses_vcc, 1
	.set ps_diamond.uses_flat_scratch, 0
	.set ps_diamond.has_dyn_sized_stack, 0
	.set ps_diamond.has_recursion, 0
	.set ps_diamond.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 132
; TotalNumSgprs: 11
; NumVgprs: 5
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 0
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 11
; NumVGPRsForWavesPerEU: 5
; NamedBarCnt: 0
; Occupancy: 16
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 0
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.section	.AMDGPU.csdata,"",@progbits
	.section	".note.GNU-stack","",@progbits
	.amd_amdgpu_isa "amdgcn-unknown-unknown--gfx1250"
