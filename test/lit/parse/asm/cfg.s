// The CFG of a flat listing: a block at every label and after every
// terminator, fall-through into the next block unless the block ends in
// s_branch, s_endpgm or a return, branch targets by name whatever their
// spelling. A function with an .amdhsa_kernel descriptor is a kernel; the
// others are callable, and their final s_setpc_b64 is a return.
// RUN: %stinkytofu-opt %s | FileCheck %s
// RUN: %stinkytofu-opt %s --CFGBuilderPass | FileCheck %s
// RUN: %stinkytofu-opt %s --emit-asm | cmp %s -
// RUN: %stinkytofu-opt %s -o %t.stir && %stinkytofu-opt %t.stir --emit-asm | cmp %s -
// The CFG comes from the code, so the instruction-less block after s_endpgm
// (LLVM's end label) is not reported as unreachable.
// RUN: %stinkytofu-opt %s 2>&1 >/dev/null | FileCheck --allow-empty --check-prefix=QUIET %s
// QUIET-NOT: warning
	.text
	.globl	helper
	.type	helper,@function
helper:
	s_wait_loadcnt_dscnt 0x0
	v_add_nc_u32_e32 v0, 1, v0
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	helper, .Lfunc_end0-helper
	.globl	kern
	.type	kern,@function
kern:
	s_mov_b32 s0, 4
label_Loop:
	s_cmp_eq_u32 s0, 0
	s_cbranch_scc1 .LBB1_3
	s_sub_co_i32 s0, s0, 1
	s_branch label_Loop
.LBB1_3:
	s_cmp_lg_u32 s1, 0
	s_cbranch_scc0 plainName
	v_mov_b32_e32 v0, 0
plainName:
	s_endpgm
.Lfunc_end1:
	.size	kern, .Lfunc_end1-kern
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel kern
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 2
	.end_amdhsa_kernel
	.text

// Block labels that are no .stir names (.LBB1_3) are b+INDEX in the .stir view.
// CHECK-LABEL: {{^}}st.func @helper() {
// CHECK:       {{^}}  ^helper:
// CHECK:       {{^}}    "st.s_setpc_b64"(s[30:31])
// CHECK-NOT:   {{^}}    Successors
// CHECK:       {{^}}  ^b+1:
// CHECK-LABEL: {{^}}st.func @kern() {
// CHECK:       {{^}}  ^kern:
// CHECK:       {{^}}    Successors: ^label_Loop
// CHECK-NEXT:  {{^}}  ^label_Loop:
// CHECK:       {{^}}    "st.s_cbranch_scc1"(".LBB1_3", SCC0)
// CHECK-NEXT:  {{^}}    Successors: ^b+3, ^line+30
// CHECK-NEXT:  {{^}}  ^line+30:
// CHECK:       {{^}}    "st.s_branch"(label_Loop)
// CHECK-NEXT:  {{^}}    Successors: ^label_Loop
// CHECK-NEXT:  {{^}}  ^b+3:
// CHECK:       {{^}}    Successors: ^plainName, ^line+35
// CHECK-NEXT:  {{^}}  ^line+35:
// CHECK:       {{^}}    Successors: ^plainName
// CHECK-NEXT:  {{^}}  ^plainName:
// CHECK:       {{^}}    "st.s_endpgm"()
// CHECK-NEXT:  {{^}}  ^b+6:
