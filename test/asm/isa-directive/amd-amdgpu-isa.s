; A kernel that names its target the older way, .amd_amdgpu_isa, which
; llvm-mc accepts only for the triple amdgcn (not amdgcn-amd-amdhsa):
; utils/compare-llvm assembles each file with the triple it declares.
; A vector load whose address is overwritten at once (an XCNT hazard) and
; an EXEC write after a store.
	.text
	.amd_amdgpu_isa "amdgcn----gfx1250"
	.globl	isa_directive
isa_directive:
	global_load_b32 v1, v[2:3], off
	s_wait_xcnt 0x0
	v_mov_b32_e32 v2, 0
	s_wait_loadcnt 0x0
	global_store_b32 v[4:5], v1, off
	s_wait_xcnt 0x0
	s_mov_b32 exec_lo, s0
	s_endpgm
