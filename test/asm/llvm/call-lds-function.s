	.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
	.amdhsa_code_object_version 6
	.text
	.p2align	2                               ; -- Begin function reduce_lds
	.type	reduce_lds,@function
reduce_lds:                             ; @reduce_lds
; %bb.0:                                ; %entry
	s_wait_loadcnt_dscnt 0x0
	s_wait_kmcnt 0x0
	v_dual_mov_b32 v2, v0 :: v_dual_mov_b32 v0, 0
	s_mov_b32 s0, exec_lo
	v_cmpx_lt_i32_e32 0, v1
	s_cbranch_execz .LBB0_4
; %bb.1:                                ; %loop.preheader
	v_mov_b32_e32 v0, 0
	s_mov_b32 s1, 0
.LBB0_2:                                ; %loop
                                        ; =>This Inner Loop Header: Depth=1
	v_and_b32_e32 v3, 0x7f, v2
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_dual_add_nc_u32 v1, -1, v1 :: v_dual_lshlrev_b32 v3, 2, v3
	v_cmp_eq_u32_e32 vcc_lo, 0, v1
	ds_load_b32 v3, v3
	v_add_nc_u32_e32 v2, 1, v2
	s_or_b32 s1, vcc_lo, s1
	s_wait_dscnt 0x0
	v_add_nc_u32_e32 v0, v0, v3
	s_and_not1_b32 exec_lo, exec_lo, s1
	s_cbranch_execnz .LBB0_2
; %bb.3:                                ; %Flow
	s_or_b32 exec_lo, exec_lo, s1
.LBB0_4:                                ; %Flow3
	s_delay_alu instid0(SALU_CYCLE_1)
	s_or_b32 exec_lo, exec_lo, s0
	s_set_pc_i64 s[30:31]
.Lfunc_end0:
	.size	reduce_lds, .Lfunc_end0-reduce_lds
                                        ; -- End function
	.set .Lreduce_lds.num_vgpr, 4
	.set .Lreduce_lds.num_agpr, 0
	.set .Lreduce_lds.numbered_sgpr, 32
	.set .Lreduce_lds.num_named_barrier, 0
	.set .Lreduce_lds.private_seg_size, 0
	.set .Lreduce_lds.uses_vcc, 1
	.set .Lreduce_lds.uses_flat_scratch, 0
	.set .Lreduce_lds.has_dyn_sized_stack, 0
	.set .Lreduce_lds.has_recursion, 0
	.set .Lreduce_lds.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 116
; TotalNumSgprs: 34
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
	.text
	.globl	call_lds_function               ; -- Begin function call_lds_function
	.p2align	8
	.type	call_lds_function,@function
call_lds_function:                      ; @call_lds_function
; %bb.0:                                ; %entry
	s_mov_b32 s32, 0
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	s_clause 0x1
	s_load_b128 s[12:15], s[4:5], 0x0
	s_load_b32 s16, s[4:5], 0x10
	v_mov_b32_e32 v31, v0
	s_mov_b64 s[10:11], s[6:7]
	s_mov_b64 s[6:7], s[2:3]
	s_add_nc_u64 s[8:9], s[4:5], 24
	s_wait_xcnt 0x0
	s_mov_b64 s[4:5], s[0:1]
	v_and_b32_e32 v0, 0x7f, v31
	s_mov_b64 s[2:3], s[0:1]
	s_delay_alu instid0(VALU_DEP_1)
	v_lshlrev_b32_e32 v2, 2, v0
	v_and_b32_e32 v5, 0x3ff, v31
	s_wait_kmcnt 0x0
	global_load_b32 v1, v5, s[12:13] scale_offset
	s_wait_xcnt 0x0
	s_get_pc_i64 s[12:13]
	s_add_nc_u64 s[12:13], s[12:13], reduce_lds@rel64+4
	s_wait_loadcnt 0x0
	ds_store_b32 v2, v1
	v_mov_b32_e32 v1, s16
	s_wait_dscnt 0x0
	s_barrier_signal -1
	s_barrier_wait -1
	s_swap_pc_i64 s[30:31], s[12:13]
	v_dual_mov_b32 v4, v0 :: v_dual_mov_b32 v1, s16
	s_mov_b64 s[4:5], s[2:3]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_lshl_add_u32 v0, v4, 1, v4
	s_swap_pc_i64 s[30:31], s[12:13]
	v_add_nc_u32_e32 v0, v4, v0
	global_store_b32 v5, v0, s[14:15] scale_offset
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel call_lds_function
		.amdhsa_group_segment_fixed_size 512
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_reserve_vcc 1
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
.Lfunc_end1:
	.size	call_lds_function, .Lfunc_end1-call_lds_function
                                        ; -- End function
	.set call_lds_function.num_vgpr, max(32, .Lreduce_lds.num_vgpr)
	.set call_lds_function.num_agpr, max(0, .Lreduce_lds.num_agpr)
	.set call_lds_function.numbered_sgpr, max(33, .Lreduce_lds.numbered_sgpr)
	.set call_lds_function.num_named_barrier, max(0, .Lreduce_lds.num_named_barrier)
	.set call_lds_function.private_seg_size, 0+max(.Lreduce_lds.private_seg_size)
	.set call_lds_function.uses_vcc, or(1, .Lreduce_lds.uses_vcc)
	.set call_lds_function.uses_flat_scratch, or(0, .Lreduce_lds.uses_flat_scratch)
	.set call_lds_function.has_dyn_sized_stack, or(0, .Lreduce_lds.has_dyn_sized_stack)
	.set call_lds_function.has_recursion, or(1, .Lreduce_lds.has_recursion)
	.set call_lds_function.has_indirect_call, or(0, .Lreduce_lds.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 200
; TotalNumSgprs: 35
; NumVgprs: 32
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 512 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 35
; NumVGPRsForWavesPerEU: 32
; NamedBarCnt: 0
; Occupancy: 16
; WaveLimiterHint : 0
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
	.set amdgpu.max_num_vgpr, 4
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
      - .name:           n
        .offset:         16
        .size:           4
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         104
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         112
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         120
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         128
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         136
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         224
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 512
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           call_lds_function
    .private_segment_fixed_size: 0
    .sgpr_count:     35
    .sgpr_spill_count: 0
    .symbol:         call_lds_function.kd
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
