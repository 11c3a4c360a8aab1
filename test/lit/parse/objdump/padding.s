// In a code object the assembler pads a function with s_nop up to the next
// one's alignment. In the listing the padding is no code: `callee`'s
// s_set_pc_i64 is still its return (no "may jump to any label" remark), and
// `kern`, after the padding, starts a function of its own (an entry point).
// REQUIRES: llvm-mc-gfx1250, llvm-objdump-gfx1250
// RUN: %llvm-mc -triple=amdgcn -mcpu=gfx1250 -filetype=obj %s -o %t.o
// RUN: %llvm-objdump -d --mcpu=gfx1250 %t.o > %t.lst
// RUN: FileCheck %s --check-prefix=DUMP < %t.lst
// DUMP: s_set_pc_i64 s[30:31]
// DUMP-NEXT: s_nop 0
// RUN: %stinkytofu-opt %t.lst --remarks --verify-waits --emit-asm 2>&1 | FileCheck %s --implicit-check-not=remark:
// CHECK: .globl callee
// CHECK: .globl kern
// CHECK: kern:
	.text
	.globl	callee
	.p2align	8
	.type	callee,@function
callee:
	s_wait_loadcnt_dscnt 0x0
	s_wait_kmcnt 0x0
	v_mov_b32_e32 v3, v0
	s_set_pc_i64 s[30:31]
	.size	callee, .-callee
	.globl	kern
	.p2align	8
	.type	kern,@function
kern:
	v_mov_b32_e32 v1, v2
	s_endpgm
	.size	kern, .-kern
