// The validator's entry rule is the inserter's (st_function_is_entry_point):
// a function without a descriptor that ends the program (s_endpgm) and never
// returns starts with nothing in flight, so `shader` reads its arguments
// without a wait. `callee`, which returns, reads v0 with the caller's ops
// possibly in flight.
// RUN: not %stinkytofu-opt %s --WaitCntValidationCheckPass -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: entry-point.s:[[@LINE+16]]:2: error: missing s_wait_dscnt 0 before 'v_mov_b32_e32': conservative dependency (the caller may have an op in flight that writes any register)
// CHECK: entry-point.s:[[@LINE+16]]:2: error: missing s_wait_dscnt 0 before 's_setpc_b64': conservative dependency
	.text
	.globl	shader
	.type	shader,@function
shader:
	v_lshlrev_b32_e32 v0, 2, v0
	buffer_load_b32 v2, v0, s[0:3], null offen
	s_wait_loadcnt 0x0
	v_add_f32_e32 v1, v2, v1
	buffer_store_b32 v1, v0, s[4:7], null offen
	s_endpgm
	.size	shader, .-shader
	.globl	callee
	.type	callee,@function
callee:
	v_mov_b32_e32 v3, v0
	s_setpc_b64 s[30:31]
	.size	callee, .-callee
