/* Unit tests of StinkyRemoveWaitCntPass: which waits go with each option,
 * --process-blocks, statistics and the changed flag. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"

static const struct st_loc noloc;

static const char *const waits[] = {
	"s_wait_dscnt", "s_wait_loadcnt", "s_wait_asynccnt", "s_wait_loadcnt_dscnt", "s_wait_tensorcnt",
	"s_wait_storecnt", "s_wait_storecnt_dscnt", "s_waitcnt", "s_wait_kmcnt", "s_wait_xcnt",
	"s_wait_expcnt", "v_add_u32",
};
enum { NWAITS = sizeof waits / sizeof waits[0] };

/* Two blocks, each holding every mnemonic above and an in-block label. */
static struct st_module *build(void)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", noloc);
	const char *labels[] = {"entry", "loop"};
	for (int k = 0; k < 2; k++) {
		struct st_block *b = st_block_new(f, labels[k], noloc);
		st_block_append(b, st_label_new(m, "label_x", noloc));
		for (size_t i = 0; i < NWAITS; i++)
			st_block_append(b, st_inst_new(m, waits[i], noloc));
	}
	return m;
}

static char *names(const struct st_block *b)
{
	struct st_buf s = {0};
	st_foreach_inst(b, i) st_buf_printf(&s, "%s ", i->name);
	char *r = st_xstrdup(st_buf_cstr(&s));
	st_buf_free(&s);
	return r;
}

static const char *const always_kept = "s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt ";

/* Runs the pass with `opts`, returns the survivors of block `blk`. */
static char *survivors(const char *opts, const char *const *only, size_t nonly, int blk, int64_t *erased)
{
	struct st_module *m = build();
	struct st_pipeline p;
	struct st_diag_engine d;
	st_pipeline_init(&p, st_builtin_passes());
	st_diag_init(&d, NULL);
	ck_assert(st_pipeline_add_named(&p, "StinkyRemoveWaitCntPass", opts, &d));
	struct st_pm_options o = {0};
	struct st_kernel_config cfg = {"gfx1250", 0};
	struct st_pass_manager pm;
	st_pm_init(&pm, &p, &o, &cfg);
	pm.process_blocks = only;
	pm.nprocess_blocks = nonly;
	ck_assert(st_pm_run(&pm, m, &d));
	*erased = -1;
	for (size_t k = 0; k < pm.stats[0].n; k++)
		if (strcmp(pm.stats[0].v[k].name, "erased-waits") == 0)
			*erased = pm.stats[0].v[k].value;
	char *r = names(m->funcs.v[0]->blocks.v[blk]);
	st_pm_fini(&pm);
	st_pipeline_fini(&p);
	st_diag_fini(&d);
	st_module_free(m);
	return r;
}

static void expect(const char *opts, const char *kept, int64_t erased_per_block)
{
	int64_t erased;
	char *s = survivors(opts, NULL, 0, 1, &erased);
	char *want = st_xasprintf("%s%s", kept, "s_wait_expcnt v_add_u32 ");
	ck_assert_str_eq(s, want);
	ck_assert_int_eq(erased, 2 * erased_per_block);
	free(s);
	free(want);
}

START_TEST(default_removes_recomputed_waits)
{
	expect(NULL, "s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt s_wait_kmcnt s_wait_xcnt ", 5);
}
END_TEST

START_TEST(keep_tensor)
{
	expect("keepTensor", "s_wait_tensorcnt s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt s_wait_kmcnt s_wait_xcnt ", 4);
}
END_TEST

START_TEST(remove_kmcnt_and_xcnt)
{
	expect("removeKmcnt", "s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt s_wait_xcnt ", 6);
	expect("removeXcnt", "s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt s_wait_kmcnt ", 6);
	expect("keepTensor,removeKmcnt,removeXcnt", "s_wait_tensorcnt s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt ", 6);
	expect("removeKmcnt removeXcnt", always_kept, 7);
}
END_TEST

START_TEST(process_blocks)
{
	const char *only[] = {"loop"};
	int64_t erased;
	char *entry = survivors(NULL, only, 1, 0, &erased);
	ck_assert_int_eq(erased, 5);
	ck_assert_str_eq(entry, ("s_wait_dscnt s_wait_loadcnt s_wait_asynccnt s_wait_loadcnt_dscnt s_wait_tensorcnt "
	                                        "s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt s_wait_kmcnt s_wait_xcnt "
	                                        "s_wait_expcnt v_add_u32 "));
	char *loop = survivors(NULL, only, 1, 1, &erased);
	ck_assert_str_eq(loop, "s_wait_storecnt s_wait_storecnt_dscnt s_waitcnt s_wait_kmcnt s_wait_xcnt s_wait_expcnt v_add_u32 ");
	free(entry);
	free(loop);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("remove-waitcnt");
	TCase *tc = tcase_create("remove-waitcnt");
	tcase_add_test(tc, default_removes_recomputed_waits);
	tcase_add_test(tc, keep_tensor);
	tcase_add_test(tc, remove_kmcnt_and_xcnt);
	tcase_add_test(tc, process_blocks);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
