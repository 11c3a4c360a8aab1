// The input format comes from the extension (.s, .asm: assembly); standard
// input and other names are .stir unless --input-format says otherwise.
// RUN: %stinkytofu-opt --input-format=asm --emit-asm < %s | cmp %s -
// RUN: cp %s %t.asm && %stinkytofu-opt %t.asm --emit-asm --preserve-symbolic-regs | cmp %s -
// RUN: not %stinkytofu-opt %s --input-format=stir 2>&1 | FileCheck --check-prefix=STIR %s
// RUN: not %stinkytofu-opt %s --input-format=gas 2>&1 | FileCheck --check-prefix=BAD %s
// STIR: input-format.s:9:8: error:
// BAD: error: --input-format must be 'asm', 'stir' or 'objdump', got 'gas'
	s_nop 0
	s_endpgm
