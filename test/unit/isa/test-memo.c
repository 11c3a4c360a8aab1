/* Unit tests of the per-module ISA memo (st_module_isa): it must answer
 * exactly what the table scan (st_isa_lookup) answers, for every mnemonic,
 * including after the memo has grown and for labels and unknown names. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "stinkytofu/ir.h"
#include "stinkytofu/isa.h"

static const struct st_loc noloc;

START_TEST(memo_agrees_with_the_table)
{
	static const char *const names[] = {
		"s_wait_dscnt", "s_wait_loadcnt_dscnt", "s_waitcnt_vmcnt", "s_wait_xcnt", "ds_load_b128",
		"ds_store_b64", "ds_atomic_add_u32", "ds_swizzle_b32", "tensor_load_to_lds", "global_load_b128",
		"global_store_b128", "global_atomic_add_u32", "s_load_b64", "s_barrier", "s_barrier_signal",
		"s_cbranch_scc1", "s_endpgm", "v_wmma_f32_16x16x32_bf16", "v_add_f32", "", "phi",
	};
	struct st_module *m = st_module_new("t.stir");
	/* Twice: the first pass fills the memo, the second reads it back. */
	for (int round = 0; round < 2; round++) {
		for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
			const char *s = st_module_intern(m, names[k]);
			ck_assert_ptr_eq(st_module_isa(m, s), st_isa_lookup(names[k]));
			struct st_inst *i = st_inst_new(m, names[k], noloc);
			ck_assert_ptr_eq(i->isa, st_isa_lookup(names[k]));
		}
	}
	/* Enough distinct names to grow the table several times. */
	char buf[64];
	for (int k = 0; k < 5000; k++) {
		snprintf(buf, sizeof buf, k % 2 ? "ds_load_x%d" : "v_op_%d", k);
		ck_assert_ptr_eq(st_module_isa(m, st_module_intern(m, buf)), st_isa_lookup(buf));
	}
	for (int k = 0; k < 5000; k += 7) {
		snprintf(buf, sizeof buf, k % 2 ? "ds_load_x%d" : "v_op_%d", k);
		ck_assert_ptr_eq(st_inst_new(m, buf, noloc)->isa, st_isa_lookup(buf));
	}
	/* A label gets the unknown-mnemonic row whatever its name. */
	ck_assert_ptr_eq(st_label_new(m, "s_endpgm", noloc)->isa, st_isa_lookup(""));
	st_module_free(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("isa-memo");
	TCase *tc = tcase_create("isa-memo");
	tcase_add_test(tc, memo_agrees_with_the_table);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
