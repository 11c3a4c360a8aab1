// llvm-objdump follows the VGPR MSB mode only linearly: after a branch it
// reads mode 0 and writes no notes, where the CFG says the mode is still
// 0x41. The notes there are not the hardware's and are not checked; the
// registers come from the CFG (v257, v258).
// REQUIRES: llvm-mc-gfx1250, llvm-objdump-gfx1250
// RUN: %llvm-mc -triple=amdgcn -mcpu=gfx1250 -filetype=obj %s -o %t.o
// RUN: %llvm-objdump -d --mcpu=gfx1250 %t.o > %t.lst
// RUN: FileCheck %s --check-prefix=DUMP < %t.lst
// DUMP: s_branch
// DUMP-NEXT: v_mov_b32_e32 v1, v2 //
// RUN: %stinkytofu-opt %t.lst | FileCheck %s
// CHECK: v257 = "st.v_mov_b32_e32"(v258)
// CHECK: v259 = "st.v_mov_b32_e32"(v260)
	.text
	.globl	k
	.type	k,@function
k:
	s_set_vgpr_msb 0x41
	s_cbranch_scc1 .L2
	s_branch .L3
.L2:
	v_mov_b32_e32 v1, v2
.L3:
	v_mov_b32_e32 v3, v4
	s_set_vgpr_msb 0x4100
	s_endpgm
	.size	k, .-k
