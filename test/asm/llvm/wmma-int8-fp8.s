	.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
	.amdhsa_code_object_version 6
	.text
	.globl	wmma_int8_fp8                   ; -- Begin function wmma_int8_fp8
	.p2align	8
	.type	wmma_int8_fp8,@function
wmma_int8_fp8:                          ; @wmma_int8_fp8
; %bb.0:                                ; %entry
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	s_clause 0x1
	s_load_b32 s0, s[4:5], 0x20
	s_load_b256 s[8:15], s[4:5], 0x0
	v_and_b32_e32 v0, 0x3ff, v0
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_dual_mov_b32 v31, 0 :: v_dual_lshlrev_b32 v32, 5, v0
	v_dual_mov_b32 v30, v31 :: v_dual_mov_b32 v29, v31
	v_dual_mov_b32 v28, v31 :: v_dual_mov_b32 v27, v31
	v_dual_mov_b32 v26, v31 :: v_dual_mov_b32 v25, v31
	v_dual_mov_b32 v24, v31 :: v_dual_mov_b32 v23, v31
	v_dual_mov_b32 v22, v31 :: v_dual_mov_b32 v21, v31
	v_dual_mov_b32 v20, v31 :: v_dual_mov_b32 v19, v31
	v_dual_mov_b32 v18, v31 :: v_dual_mov_b32 v17, v31
	v_mov_b32_e32 v16, v31
	s_wait_kmcnt 0x0
	s_cmp_lt_i32 s0, 1
	s_cbranch_scc1 .LBB0_3
; %bb.1:                                ; %loop.preheader
	s_load_b32 s1, s[10:11], 0x0
	v_dual_mov_b32 v17, 0 :: v_dual_lshlrev_b32 v16, 6, v0
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_mov_b32_e32 v33, v17
	v_add_nc_u64_e32 v[34:35], s[8:9], v[16:17]
	v_dual_mov_b32 v16, v17 :: v_dual_mov_b32 v18, v17
	v_mov_b32_e32 v19, v17
	s_delay_alu instid0(VALU_DEP_4)
	v_add_nc_u64_e32 v[36:37], s[8:9], v[32:33]
	v_dual_mov_b32 v20, v17 :: v_dual_mov_b32 v21, v17
	v_dual_mov_b32 v22, v17 :: v_dual_mov_b32 v23, v17
	v_dual_mov_b32 v24, v17 :: v_dual_mov_b32 v25, v17
	v_dual_mov_b32 v26, v17 :: v_dual_mov_b32 v27, v17
	v_dual_mov_b32 v28, v17 :: v_dual_mov_b32 v29, v17
	v_dual_mov_b32 v30, v17 :: v_dual_mov_b32 v31, v17
.LBB0_2:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	s_clause 0x3
	global_load_b128 v[42:45], v[36:37], off offset:2064
	global_load_b128 v[38:41], v[36:37], off offset:2048
	global_load_b128 v[50:53], v[36:37], off offset:16
	global_load_b128 v[46:49], v[36:37], off
	s_clause 0x3
	global_load_b128 v[12:15], v[34:35], off offset:48
	global_load_b128 v[8:11], v[34:35], off offset:32
	global_load_b128 v[4:7], v[34:35], off offset:16
	global_load_b128 v[0:3], v[34:35], off
	s_wait_xcnt 0x0
	v_add_nc_u64_e32 v[34:35], 0x2000, v[34:35]
	v_add_nc_u64_e32 v[36:37], 0x1000, v[36:37]
	s_add_co_i32 s0, s0, -1
	s_wait_loadcnt 0x4
	v_wmma_f32_16x16x64_fp8_fp8 v[16:23], v[46:53], v[38:45], v[16:23]
	s_wait_kmcnt 0x0
	v_nop
	v_nop
	v_nop
	v_nop
	v_mov_b32_e32 v38, s1
	s_cmp_lg_u32 s0, 0
	s_delay_alu instid0(VALU_DEP_1)
	v_wmma_i32_16x16x64_iu8 v[24:31], v[46:53], v[38:45], v[24:31]
	s_wait_loadcnt 0x0
	v_wmma_f32_16x16x128_fp8_fp8 v[16:23], v[0:15], v[0:15], v[16:23]
	s_cbranch_scc1 .LBB0_2
.LBB0_3:                                ; %exit
	s_clause 0x3
	global_store_b128 v32, v[28:31], s[12:13] offset:16
	global_store_b128 v32, v[24:27], s[12:13]
	global_store_b128 v32, v[20:23], s[14:15] offset:16
	global_store_b128 v32, v[16:19], s[14:15]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel wmma_int8_fp8
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 296
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 54
		.amdhsa_next_free_sgpr 16
		.amdhsa_named_barrier_count 0
		.amdhsa_reserve_vcc 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_fp16_overflow 0
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 1
		.amdhsa_inst_pref_size 4
		.amdhsa_round_robin_scheduling 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	wmma_int8_fp8, .Lfunc_end0-wmma_int8_fp8
                                        ; -- End function
	.set wmma_int8_fp8.num_vgpr, 54
	.set wmma_int8_fp8.num_agpr, 0
	.set wmma_int8_fp8.numbered_sgpr, 16
	.set wmma_int8_fp8.num_named_barrier, 0
	.set wmma_int8_fp8.private_seg_size, 0
	.set wmma_int8_fp8.uses_vcc, 0
	.set wmma_int8_fp8.uses_flat_scratch, 0
	.set wmma_int8_fp8.has_dyn_sized_stack, 0
	.set wmma_int8_fp8.has_recursion, 0
	.set wmma_int8_fp8.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 472
; TotalNumSgprs: 16
; NumVgprs: 54
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 3
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 54
; NamedBarCnt: 0
; Occupancy: 16
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
	.text
	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           a
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  constant
        .name:           scale
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           oi
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           of
        .offset:         24
        .size:           8
        .value_kind:     global_buffer
      - .name:           n
        .offset:         32
        .size:           4
        .value_kind:     by_value
      - .offset:         40
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         44
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         48
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         52
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         54
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         56
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         58
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         60
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         62
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         88
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         96
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         104
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         120
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         128
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         136
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         144
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         152
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         240
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 296
    .max_flat_workgroup_size: 1024
    .name:           wmma_int8_fp8
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         wmma_int8_fp8.kd
    .uses_dynamic_stack: false
    .vgpr_count:     54
    .vgpr_spill_count: 0
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1250
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
