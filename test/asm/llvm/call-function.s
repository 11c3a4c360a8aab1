	.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
	.amdhsa_code_object_version 6
	.text
	.p2align	2                               ; -- Begin function gather
	.type	gather,@function
gather:                                 ; @gather
; %bb.0:                                ; %entry
	s_wait_loadcnt_dscnt 0x0
	s_wait_kmcnt 0x0
	v_mov_b32_e32 v3, 0
	s_delay_alu instid0(VALU_DEP_1)
	v_lshl_add_u64 v[0:1], v[2:3], 2, v[0:1]
	s_clause 0x1
	global_load_b32 v2, v[0:1], off
	global_load_b32 v3, v[0:1], off offset:256
	s_wait_loadcnt 0x0
	s_wait_xcnt 0x0
	v_add_nc_u32_e32 v0, v2, v3
	s_set_pc_i64 s[30:31]
.Lfunc_end0:
	.size	gather, .Lfunc_end0-gather
                                        ; -- End function
	.set .Lgather.num_vgpr, 4
	.set .Lgather.num_agpr, 0
	.set .Lgather.numbered_sgpr, 32
	.set .Lgather.num_named_barrier, 0
	.set .Lgather.private_seg_size, 0
	.set .Lgather.uses_vcc, 0
	.set .Lgather.uses_flat_scratch, 0
	.set .Lgather.has_dyn_sized_stack, 0
	.set .Lgather.has_recursion, 0
	.set .Lgather.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 68
; TotalNumSgprs: 32
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
	.text
	.p2align	2                               ; -- Begin function scatter
	.type	scatter,@function
scatter:                                ; @scatter
; %bb.0:                                ; %entry
	s_wait_loadcnt_dscnt 0x0
	s_wait_kmcnt 0x0
	v_dual_mov_b32 v4, v3 :: v_dual_mov_b32 v3, 0
	s_delay_alu instid0(VALU_DEP_1)
	v_lshl_add_u64 v[0:1], v[2:3], 2, v[0:1]
	global_store_b32 v[0:1], v4, off
	s_set_pc_i64 s[30:31]
.Lfunc_end1:
	.size	scatter, .Lfunc_end1-scatter
                                        ; -- End function
	.set .Lscatter.num_vgpr, 5
	.set .Lscatter.num_agpr, 0
	.set .Lscatter.numbered_sgpr, 32
	.set .Lscatter.num_named_barrier, 0
	.set .Lscatter.private_seg_size, 0
	.set .Lscatter.uses_vcc, 0
	.set .Lscatter.uses_flat_scratch, 0
	.set .Lscatter.has_dyn_sized_stack, 0
	.set .Lscatter.has_recursion, 0
	.set .Lscatter.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 44
; TotalNumSgprs: 32
; NumVgprs: 5
; ScratchSize: 0
; MemoryBound: 0
	.text
	.globl	call_function                   ; -- Begin function call_function
	.p2align	8
	.type	call_function,@function
call_function:                          ; @call_function
; %bb.0:                                ; %entry
	s_mov_b32 s32, 0
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	s_load_b128 s[12:15], s[4:5], 0x0
	v_mov_b32_e32 v31, v0
	s_mov_b64 s[10:11], s[6:7]
	s_mov_b64 s[6:7], s[2:3]
	s_add_nc_u64 s[8:9], s[4:5], 16
	s_get_pc_i64 s[2:3]
	s_add_nc_u64 s[2:3], s[2:3], gather@rel64+4
	s_wait_xcnt 0x0
	s_mov_b64 s[4:5], s[0:1]
	s_wait_kmcnt 0x0
	v_mov_b32_e32 v0, s12
	v_and_b32_e32 v4, 0x3ff, v31
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v1, s13 :: v_dual_mov_b32 v2, v4
	global_load_b32 v5, v4, s[12:13] scale_offset
	s_swap_pc_i64 s[30:31], s[2:3]
	v_dual_mov_b32 v0, s14 :: v_dual_add_nc_u32 v3, v0, v5
	v_dual_mov_b32 v1, s15 :: v_dual_mov_b32 v2, v4
	s_get_pc_i64 s[2:3]
	s_add_nc_u64 s[2:3], s[2:3], scatter@rel64+4
	s_delay_alu instid0(SALU_CYCLE_1)
	s_swap_pc_i64 s[30:31], s[2:3]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel call_function
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 32
		.amdhsa_next_free_sgpr 33
		.amdhsa_named_barrier_count 0
		.amdhsa_reserve_vcc 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_fp16_overflow 0
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 1
		.amdhsa_inst_pref_size 2
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
.Lfunc_end2:
	.size	call_function, .Lfunc_end2-call_function
                                        ; -- End function
	.set call_function.num_vgpr, max(32, .Lgather.num_vgpr, .Lscatter.num_vgpr)
	.set call_function.num_agpr, max(0, .Lgather.num_agpr, .Lscatter.num_agpr)
	.set call_function.numbered_sgpr, max(33, .Lgather.numbered_sgpr, .Lscatter.numbered_sgpr)
	.set call_function.num_named_barrier, max(0, .Lgather.num_named_barrier, .Lscatter.num_named_barrier)
	.set call_function.private_seg_size, 0+max(.Lgather.private_seg_size, .Lscatter.private_seg_size)
	.set call_function.uses_vcc, or(0, .Lgather.uses_vcc, .Lscatter.uses_vcc)
	.set call_function.uses_flat_scratch, or(0, .Lgather.uses_flat_scratch, .Lscatter.uses_flat_scratch)
	.set call_function.has_dyn_sized_stack, or(0, .Lgather.has_dyn_sized_stack, .Lscatter.has_dyn_sized_stack)
	.set call_function.has_recursion, or(1, .Lgather.has_recursion, .Lscatter.has_recursion)
	.set call_function.has_indirect_call, or(0, .Lgather.has_indirect_call, .Lscatter.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 148
; TotalNumSgprs: 33
; NumVgprs: 32
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 33
; NumVGPRsForWavesPerEU: 32
; NamedBarCnt: 0
; Occupancy: 16
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
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
	.set amdgpu.max_num_vgpr, 5
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 32
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           in
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .name:           out
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         20
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         30
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         32
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         34
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         36
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         38
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         80
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         96
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         104
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         112
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         120
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         128
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         216
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .max_flat_workgroup_size: 1024
    .name:           call_function
    .private_segment_fixed_size: 0
    .sgpr_count:     33
    .sgpr_spill_count: 0
    .symbol:         call_function.kd
    .uses_dynamic_stack: true
    .vgpr_count:     32
    .vgpr_spill_count: 0
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1250
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
