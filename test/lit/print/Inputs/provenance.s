	.text
	.globl	k
k:
	ds_load_b32 v0, v1	// the input's own comment stays
	v_add_f32 v2, v0, v0
	s_endpgm
