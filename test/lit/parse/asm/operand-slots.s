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
// Address widths: flat's 64-bit vaddr has no saddr, its 32-bit one an SGPR
// saddr; global's likewise with saddr 'off'; scratch's is 32 bits. An
// atomic's data has its type's width (twice that for cmpswap); s_load's
// sbase is an SGPR pair, s_buffer_load's four.
// expected-error@+1 {{operand #2 of 'flat_load_b32' is its vaddr: an address with no saddr is a VGPR pair (64 bits)}}
	flat_load_b32 v3, v2
// expected-error@+1 {{operand #2 of 'global_load_b32' is its vaddr: an address with an SGPR saddr is one VGPR (32 bits)}}
	global_load_b32 v3, v[2:3], s[0:1]
// expected-error@+1 {{operand #2 of 'global_load_b32' is its vaddr: an address with saddr 'off' is a VGPR pair (64 bits)}}
	global_load_b32 v3, v2, off
// expected-error@+1 {{operand #2 of 'scratch_load_b32' is its vaddr: a scratch address is one VGPR (32 bits)}}
	scratch_load_b32 v3, v[2:3], off
// expected-error@+1 {{operand #2 of 'global_atomic_cmpswap_b32' is its data: 2 VGPRs}}
	global_atomic_cmpswap_b32 v0, v0, s[2:3] th:TH_ATOMIC_RETURN
// expected-error@+1 {{operand #2 of 's_load_b64' is its sbase: 2 SGPRs}}
	s_load_b64 s[0:1], s2, 0
// expected-error@+1 {{operand #2 of 's_buffer_load_b32' is its sbase: 4 SGPRs}}
	s_buffer_load_b32 s0, s[4:5], 0

// -----
// Counts that depend on the form: a flat atomic without return has no vdst;
// tensor_load_to_lds has two groups or four; an e32 line's vsrc1 is a VGPR;
// s_load without its soffset takes its offset as the third operand.
// expected-error@+1 {{'flat_atomic_or_b32' takes at most 3 operands, not 4}}
	flat_atomic_or_b32 v0, v0, s[2:3], s[2:3]
// expected-error@+1 {{operand #2 of 'flat_atomic_or_b32' is its vsrc, which must be a VGPR}}
	flat_atomic_or_b32 v0, s[2:3]
// expected-error@+1 {{'tensor_load_to_lds' takes 2 or 4 operands, not 3}}
	tensor_load_to_lds s[0:3], s[4:11], s[4:7]
// expected-error@+1 {{operand #2 of 'v_cmp_eq_u32_e32' is its vsrc1, which must be a VGPR}}
	v_cmp_eq_u32_e32 vcc_lo, 0
// expected-error@+1 {{'s_load_b64' without its soffset takes no offset: modifier (the offset is then its third operand)}}
	s_load_b64 s[6:7], s[2:3] offset:0x10

// -----
// Each half of a dual-issue line has its own row's count.
// expected-error@+1 {{'v_dual_mov_b32' takes 2 operands, not 1}}
	v_dual_mov_b32 v0 :: v_dual_mov_b32 v1, v2
// expected-error@+1 {{'v_dual_sub_nc_u32' takes 3 operands, not 4}}
	v_dual_mov_b32 v1, v2 :: v_dual_sub_nc_u32 v0, v4, v8, v9

// -----
// The one row that gives no count, a dual-issue pair's own name (llvm-mc
// knows only the halves), is warned about once per mnemonic.
// expected-warning@+1 {{the table gives no operand count for 'v_dual_add_f32_x_add_f32', the name of a dual-issue pair (assembly writes its two halves, 'v_dual_X ... :: v_dual_Y ...'): its operands are not checked}}
	v_dual_add_f32_x_add_f32 v0, v1, v2, v3, v4, v5
	v_dual_add_f32_x_add_f32 v0, v1, v2, v3, v4, v5

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
// With th:TH_ATOMIC_RETURN llvm-mc takes either form of a flat or global
// atomic: vdst, a 64-bit vaddr and vdata, or vaddr, vdata and an SGPR saddr.
	flat_atomic_add_u32 v0, v2, s[0:1] th:TH_ATOMIC_RETURN
	flat_atomic_add_u32 v0, v[2:3], v1 th:TH_ATOMIC_RETURN
	global_atomic_cmpswap_b32 v0, v[0:1], s[2:3]
	v_dual_cndmask_b32 v1, v2, v3 :: v_dual_mov_b32 v4, v5
	v_dual_cndmask_b32 v1, v2, v3, vcc_lo :: v_dual_mov_b32 v4, v5
	s_load_b64 s[0:1], vcc, 0x0
	s_load_b64 s[6:7], s[2:3], 0x0 scale_offset
	v_cmp_eq_u32_e32 vcc_lo, s0, v1
