// What llvm-mc-22 rejects for an instruction's operands is a located error:
// too many or too few operands for the row's slots, a number where the
// instruction writes a register, a VGPR where a memory instruction takes a
// scalar operand (or the other way round), a malformed register. One case
// per shape; test/asm/check-operand-mutants measures the check against
// llvm-mc on mutants of every .s line under test/.
// RUN: %stinkytofu-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{'v_add_f32' takes 3 operands, not 4}}
	v_add_f32 v0, v1, v2, v3
// expected-error@+1 {{'v_add_f32' takes 3 operands, not 2}}
	v_add_f32 v0, v1
// expected-error@+1 {{'s_nop' takes 1 operand, not 0}}
	s_nop
// expected-error@+1 {{'s_load_b32' takes at least 2 operands, not 1}}
	s_load_b32 s0
// expected-error@+1 {{'global_load_b32' takes 3 operands, not 4}}
	global_load_b32 v0, v1, s[0:1], s[0:1]
// expected-error@+1 {{'global_atomic_add_u32' takes at most 4 operands, not 5}}
	global_atomic_add_u32 v0, v1, v2, s[0:1], s2 th:TH_ATOMIC_RETURN

// -----
// expected-error@+1 {{operand #1 of 'v_mov_b32' is a destination: a register, not a number}}
	v_mov_b32 0, v1
// expected-error@+1 {{operand #1 of 'ds_load_b32' is its vdst, which must be a VGPR}}
	ds_load_b32 s0, v1
// expected-error@+1 {{operand #2 of 'global_load_b32' is its vaddr, which must be a VGPR}}
	global_load_b32 v0, s1, s[0:1]
// expected-error@+1 {{operand #2 of 's_load_b32' is its sbase, which must be a scalar register}}
	s_load_b32 s0, v[4:5], 0x0
// expected-error@+1 {{operand #3 of 'buffer_load_b32' is its rsrc, which must be a scalar register}}
	buffer_load_b32 v0, off, v[0:3], s4
// expected-error@+1 {{operand #2 of 's_load_b32' is its sbase, which must be a scalar register}}
	s_load_b32 s0, 0x0, 0x0
// expected-error@+1 {{operand #3 of 's_load_b32' is its soffset, which must be no VGPR}}
	s_load_b32 s0, s[4:5], v0
// v_cmpx_* writes exec, which no form of it names.
// expected-error@+1 {{'v_cmpx_eq_u32_e32' takes 2 operands, not 3}}
	v_cmpx_eq_u32_e32 vcc_lo, v0, v1

// -----
// expected-error@+1 {{malformed register 'v3]'}}
	v_mov_b32 v0, v3]
// expected-error@+1 {{malformed register 's[2:3'}}
	s_mov_b64 s[0:1], s[2:3

// -----
// What the syntax may leave out is not an error: an atomic without return
// names no destination, s_load its soffset, VOPC's e32 form its vcc_lo,
// gfx1250 flat an saddr, tensor_load_to_lds its last two groups; s_endpgm
// takes an immediate the reference lists no slot for.
	global_atomic_add_u32 v1, v2, s[0:1]
	s_load_b32 s0, s[4:5]
	v_cmp_eq_u32_e32 v0, v1
	v_cmpx_eq_u32_e64 v0, v1
	flat_load_b32 v3, v2, s[2:3] offset:4096
	tensor_load_to_lds s[0:3], s[4:11]
	tensor_save s[0:1]
	s_endpgm 3
