// llvm-objdump listings as input: the object of this kernel, listed by
// `llvm-objdump -d --mcpu=gfx1250`, is read from standard input (known by its
// `file format elf64-amdgpu` header). Its function is an entry point (it
// ends in s_endpgm); the loop's branch offset becomes a label; the
// diagnostics quote the listing's line, whose address reads `kern+0xOFF`.
// REQUIRES: llvm-mc-gfx1250, llvm-objdump-gfx1250
// RUN: %llvm-mc -triple=amdgcn -mcpu=gfx1250 -filetype=obj %s -o %t.o
// RUN: %llvm-objdump -d --mcpu=gfx1250 %t.o > %t.lst
// RUN: not %stinkytofu-opt - --verify-waits -o /dev/null < %t.lst 2>&1 | FileCheck %s --check-prefix=VALID
// VALID: <stdin>:9:2: error: missing s_wait_loadcnt 0 before 'global_load_b32': WAW dependency through v448 on 'global_load_b32'
// VALID-NEXT: global_load_b32 v192 /*v448*/, v0, s[0:1] // kern+0x8: {{[0-9A-F ]+$}}
// VALID: <stdin>:15:2: error: missing s_wait_loadcnt 0 before 'v_mov_b32_e32': RAW dependency through v448 on 'global_load_b32' (<stdin>:9:2)
// VALID-NEXT: v_mov_b32_e32 v3, v192 /*v448*/ // kern+0x28: {{[0-9A-F ]+$}}
// RUN: %stinkytofu-opt --input-format=objdump %t.lst --emit-asm | FileCheck %s --check-prefix=ASM
// ASM: .globl kern
// ASM: kern:
// ASM: .Lkern$4: s_set_vgpr_msb 64 // kern+0x4: BF860040
// ASM: s_cbranch_scc1 .Lkern$4 // kern+0x{{[0-9a-f]+}}: {{[0-9A-F]+}} <kern+0x4>
// The re-waited listing assembles to the kernel with the wait.
// RUN: %stinkytofu-opt %t.lst --StinkyRemoveWaitCntPass --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits --emit-asm -o %t.out.s
// RUN: %llvm-mc -triple=amdgcn -mcpu=gfx1250 -filetype=obj %t.out.s -o %t.out.o
// RUN: %llvm-objdump -d --mcpu=gfx1250 %t.out.o | FileCheck %s --check-prefix=WAITED
// WAITED: s_set_vgpr_msb 1
// WAITED-NEXT: s_wait_loadcnt 0x0
// WAITED-NEXT: v_mov_b32_e32 v3, v192 /*v448*/
// A note that disagrees with the VGPR MSB mode is an error: the model would be wrong.
// RUN: sed 's|v192 /\*v448\*/, v0|v192 /*v704*/, v0|' %t.lst > %t.bad.lst
// RUN: not %stinkytofu-opt %t.bad.lst -o %t.bad.stir 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: not test -e %t.bad.stir
// NOTE: error: llvm-objdump's notes name v[704:704] here, which the VGPR MSB mode does not give any operand of 'global_load_b32': the mode model is wrong here
	.text
	.globl	kern
	.type	kern,@function
kern:
	s_mov_b32 s2, 4
.LBB0_1:
	s_set_vgpr_msb 0x40
	global_load_b32 v192, v0, s[0:1]
	s_set_vgpr_msb 0x4000
	s_add_co_i32 s2, s2, -1
	s_cmp_lg_u32 s2, 0
	s_cbranch_scc1 .LBB0_1
	s_set_vgpr_msb 1
	v_mov_b32_e32 v3, v192
	s_set_vgpr_msb 0x100
	s_endpgm
	.size	kern, .-kern
