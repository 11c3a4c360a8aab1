// Every mistake the assembly reader finds is a located error (exit status 1,
// no output); unknown mnemonics are warnings; an s_setpc that is not a return
// is a remark.
// RUN: %stinkytofu-opt %s --split-input-file --verify-diagnostics --remarks
// RUN: not %stinkytofu-opt %s --split-input-file 2>/dev/null

.set vgprA, 4
// expected-error@+1 {{undefined symbol 'vgprB' in register 'v[vgprB:vgprB+1]'}}
  v_mov_b32 v[vgprB:vgprB+1], v[vgprA]
// expected-error@+1 {{malformed register 'v[vgprA:]'}}
  v_mov_b32 v[vgprA:], v1
// expected-error@+1 {{register range 'v[3:1]' is empty (it ends before it starts)}}
  v_mov_b32 v[3:1], v1
// expected-error@+1 {{register range 's[0:4000]' is out of range}}
  s_mov_b64 s[0:4000], 0
// expected-error@+1 {{malformed 'st.token:' comment (expected st.token:N or st.token:N,M,...)}}
  ds_load_b32 v1, v2 // st.token:x
// expected-error@+1 {{'s_branch' needs a label operand}}
  s_branch 4+4
// expected-error@+1 {{empty operand}}
  v_mov_b32 v0,, v1
// expected-error@+1 {{empty operand}}
  v_mov_b32 v0, v1,
// expected-error@+1 {{expected an instruction, a label or a directive}}
  123 abc
// expected-error@+1 {{expected an instruction, a label or a directive}}
  %foo v1
  s_endpgm

// -----
.globl f
.type f,@function
f:
// expected-error@+1 {{branch to 'label_Missing', which is not a label of function 'f'}}
  s_cbranch_scc0 label_Missing
label_A:
// expected-error@+1 {{duplicate label 'label_A'}}
label_A:
// expected-error@+1 {{duplicate label 'label_A'}}
label_A: s_nop 0
  s_endpgm
.Lend:
  .size f, .Lend-f

// -----
// A label of another function is not a branch target either.
.globl g
.type g,@function
g:
label_InG:
  s_endpgm
  .size g, 8
.globl h
.type h,@function
h:
// expected-error@+1 {{branch to 'label_InG', which is not a label of function 'h'}}
  s_branch label_InG

// -----
  s_nop 0
// expected-error@+1 {{unterminated '/*' comment}}
  /* this comment never ends
  s_endpgm

// -----
// expected-error@+1 {{unterminated .macro block (no .endm)}}
.macro NEVER_ENDS
  s_nop 0

// -----
// expected-warning@+1 {{unknown mnemonic 'global_laod_b32': the wait passes see no counter for it; did you mean 'global_load_b32'?}}
  global_laod_b32 v1, v0, s[0:1]
// expected-warning@+1 {{unknown mnemonic 'v_dual_mvo_b32': the wait passes see no counter for it; did you mean 'v_dual_mov_b32'?}}
  v_dual_mov_b32 v2, 1 :: v_dual_mvo_b32 v3, 2
.Lpost:
// expected-remark@+1 {{'s_set_pc_i64' may jump to any label: edges to every labelled block of the function}}
  s_set_pc_i64 s[0:1]

// -----
// A wait count llvm-mc rejects (more than 16 bits); one it encodes beyond the
// counter's field is a warning (wait-count-field.s).
// expected-error@+1 {{wait 's_wait_dscnt' takes one integer count from 0 to 63}}
  s_wait_dscnt 0x10000

// -----
// A file without function declarations is one function: a branch target
// must be one of its labels.
// expected-error@+1 {{branch to '.Lnowhere', which is not a label of this file}}
  s_branch .Lnowhere
