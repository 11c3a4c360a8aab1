/* Unit tests of StinkyBuildImplicitDependencyPass and PrintDefUsePass through
 * the pass manager: which operands each kind of LDS operation gets,
 * idempotence and the changed flag, --process-blocks, the mixed-tagging
 * error, and the def-use edges the tokens create. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/parse.h"
#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"
#include "stinkytofu/print.h"
#include "stinkytofu/ssa.h"

struct run {
	bool ok;
	bool changed;
	char *out;
	struct st_diag_engine d;
};

/* Parses `text`, runs `passes` (comma-separated pipeline) `times` times and
 * prints the result. Diagnostics are collected in r->d. */
static void run_passes(struct run *r, const char *text, const char *pipeline, int times,
                       const char *const *only, size_t nonly)
{
	st_diag_init(&r->d, NULL);
	r->d.collect = true;
	struct st_module *m = st_parse("t.stir", text, strlen(text), 1, &r->d);
	ck_assert_ptr_nonnull(m);
	struct st_pipeline p;
	st_pipeline_init(&p, st_builtin_passes());
	ck_assert(st_pipeline_parse(&p, pipeline, &r->d));
	struct st_pm_options o = {0};
	o.statistics = true;
	struct st_kernel_config cfg = {"gfx1250", 0};
	struct st_pass_manager pm;
	st_pm_init(&pm, &p, &o, &cfg);
	pm.process_blocks = only;
	pm.nprocess_blocks = nonly;
	r->ok = true;
	for (int k = 0; k < times; k++) {
		struct st_buf before = {0};
		st_print_module(&before, m);
		r->ok = st_pm_run(&pm, m, &r->d);
		struct st_buf after = {0};
		st_print_module(&after, m);
		r->changed = strcmp(st_buf_cstr(&before), st_buf_cstr(&after)) != 0;
		st_buf_free(&before);
		st_buf_free(&after);
		if (!r->ok)
			break;
	}
	struct st_buf out = {0};
	st_print_module(&out, m);
	r->out = st_xstrdup(st_buf_cstr(&out));
	st_buf_free(&out);
	st_pm_fini(&pm);
	st_pipeline_fini(&p);
	st_module_free(m);
}

static void run_fini(struct run *r)
{
	free(r->out);
	st_diag_fini(&r->d);
}

static const char *const kernel =
	"st.func @k() {\n"
	"^entry:\n"
	"  \"st.tensor_load_to_lds\"(s[0:3], s[4:11]) { mod.memtoken = { tokens = [0, 1] } }\n"
	"  \"st.s_barrier\"() { mod.memtoken = { tokens = [0] } }\n"
	"  \"st.s_barrier_signal\"(-1) { mod.memtoken = { tokens = [1] } }\n"
	"  \"st.s_barrier_wait\"(-3) { mod.memtoken = { tokens = [1] } }\n"
	"  v[0:3] = \"st.ds_load_b128\"(v8) { mod.memtoken = { tokens = [0] } }\n"
	"  \"st.ds_store_b64\"(v9, v[0:1]) { mod.memtoken = { tokens = [1, 1] } }\n"
	"  v5 = \"st.ds_atomic_add_rtn_u32\"(v9, v1) { mod.memtoken = { tokens = [2] } }\n"
	"  \"st.global_store_async_from_lds_b128\"(v1, v2) { mod.memtoken = { tokens = [1] } }\n"
	"  \"st.s_endpgm\"()\n"
	"}\n";

static const char *const kernel_tagged =
	"st.func @k() {\n"
	"  ^entry:\n"
	"    LDS0, LDS1 = \"st.tensor_load_to_lds\"(s[0:3], s[4:11]) { mod.memtoken = { tokens = [0,1] } }\n"
	"    LDS0 = \"st.s_barrier\"(LDS0) { mod.memtoken = { tokens = [0] } }\n"
	"    LDS1 = \"st.s_barrier_signal\"(-1, LDS1) { mod.memtoken = { tokens = [1] } }\n"
	"    \"st.s_barrier_wait\"(-3) { mod.memtoken = { tokens = [1] } }\n"
	"    v[0:3] = \"st.ds_load_b128\"(v8, LDS0) { mod.memtoken = { tokens = [0] } }\n"
	"    LDS1 = \"st.ds_store_b64\"(v9, v[0:1]) { mod.memtoken = { tokens = [1,1] } }\n"
	"    v5 = \"st.ds_atomic_add_rtn_u32\"(v9, v1, LDS2) { mod.memtoken = { tokens = [2] } }\n"
	"    \"st.global_store_async_from_lds_b128\"(v1, v2, LDS1) { mod.memtoken = { tokens = [1] } }\n"
	"    \"st.s_endpgm\"()\n"
	"}\n";

START_TEST(operands_per_kind)
{
	struct run r;
	run_passes(&r, kernel, "StinkyBuildImplicitDependencyPass", 1, NULL, 0);
	ck_assert(r.ok);
	ck_assert(r.changed);
	ck_assert_str_eq(r.out, kernel_tagged);
	run_fini(&r);
}
END_TEST

START_TEST(idempotent)
{
	struct run r;
	run_passes(&r, kernel, "StinkyBuildImplicitDependencyPass", 2, NULL, 0);
	ck_assert(r.ok);
	ck_assert(!r.changed); /* the second run changed nothing */
	ck_assert_str_eq(r.out, kernel_tagged);
	run_fini(&r);
	/* Already-present operands are not duplicated either. */
	run_passes(&r, kernel_tagged, "StinkyBuildImplicitDependencyPass", 1, NULL, 0);
	ck_assert(!r.changed);
	ck_assert_str_eq(r.out, kernel_tagged);
	run_fini(&r);
}
END_TEST

static const char *const two_blocks =
	"st.func @k() {\n"
	"^entry:\n"
	"  \"st.tensor_load_to_lds\"(s[0:3]) { mod.memtoken = { tokens = [3] } }\n"
	"  Successors: ^next\n"
	"^next:\n"
	"  v[0:1] = \"st.ds_load_b64\"(v8) { mod.memtoken = { tokens = [3] } }\n"
	"}\n";

static const char *const only_next[] = {"next"};

START_TEST(process_blocks)
{
	struct run r;
	run_passes(&r, two_blocks, "StinkyBuildImplicitDependencyPass", 1, only_next, 1);
	ck_assert(r.ok);
	ck_assert_ptr_nonnull(strstr(r.out, "\"st.tensor_load_to_lds\"(s[0:3]) {"));
	ck_assert_ptr_nonnull(strstr(r.out, "\"st.ds_load_b64\"(v8, LDS3)"));
	run_fini(&r);
}
END_TEST

START_TEST(mixed_tagging_is_an_error)
{
	static const char *const mixed =
		"st.func @k() {\n"
		"^entry:\n"
		"  \"st.tensor_load_to_lds\"(s[0:3]) { mod.memtoken = { tokens = [0] } }\n"
		"  \"st.s_barrier\"()\n"
		"  v[0:1] = \"st.ds_load_b64\"(v8)\n"
		"  Successors: ^ok\n"
		"^ok:\n"
		"  v[0:1] = \"st.ds_load_b64\"(v8)\n"
		"}\n";
	struct run r;
	run_passes(&r, mixed, "StinkyBuildImplicitDependencyPass", 1, NULL, 0);
	ck_assert(!r.ok);
	ck_assert(!r.changed); /* nothing is tagged when the input is rejected */
	ck_assert_uint_eq(r.d.nerrors, 1);
	const struct st_diag *e = NULL, *n = NULL;
	for (size_t k = 0; k < r.d.diags.n; k++) {
		if (r.d.diags.v[k].sev == ST_SEV_ERROR && !e)
			e = &r.d.diags.v[k];
		if (r.d.diags.v[k].sev == ST_SEV_NOTE && !n)
			n = &r.d.diags.v[k];
	}
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->loc.line, 5);
	ck_assert_str_eq(e->msg, "'ds_load_b64' has no mod.memtoken but 'tensor_load_to_lds' earlier in ^entry has "
	                         "one; LDS operations in one block must be all tagged or all untagged");
	ck_assert_ptr_nonnull(n);
	ck_assert_uint_eq(n->loc.line, 3);
	run_fini(&r);
}
END_TEST

/* The tokens become def-use edges: the ds_load's sources name the tensor
 * load through a PHI at the join, the fence barrier in between redefines. */
START_TEST(tokens_become_def_use_edges)
{
	static const char *const text =
		"st.func @k() {\n"
		"^entry:\n"
		"  \"st.tensor_load_to_lds\"(s[0:3]) { mod.memtoken = { tokens = [0] } }\n"
		"  Successors: ^a, ^b\n"
		"^a:\n"
		"  \"st.s_barrier\"() { mod.memtoken = { tokens = [0] } }\n"
		"  Successors: ^j\n"
		"^b:\n"
		"  Successors: ^j\n"
		"^j:\n"
		"  v[0:1] = \"st.ds_load_b64\"(v8) { mod.memtoken = { tokens = [0] } }\n"
		"}\n";
	struct run r;
	run_passes(&r, text, "StinkyBuildImplicitDependencyPass,PrintDefUsePass{includePseudo}", 1, NULL, 0);
	ck_assert(r.ok);
	const char *want[] = {
		"s_barrier sources: [tensor_load_to_lds at 3:3]",
		"phi ^j(LDS0) incoming: [s_barrier at 6:3 from ^a, tensor_load_to_lds at 3:3 from ^b]",
		"ds_load_b64 sources: [phi ^j(LDS0)]",
	};
	size_t nremarks = 0;
	for (size_t k = 0; k < r.d.diags.n; k++)
		if (r.d.diags.v[k].sev == ST_SEV_REMARK)
			ck_assert_str_eq(r.d.diags.v[k].msg, want[nremarks++]);
	ck_assert_uint_eq(nremarks, 3);
	run_fini(&r);
	/* Without includePseudo the tokens are not chained. */
	run_passes(&r, text, "StinkyBuildImplicitDependencyPass,PrintDefUsePass", 1, NULL, 0);
	for (size_t k = 0; k < r.d.diags.n; k++)
		ck_assert_int_ne(r.d.diags.v[k].sev, ST_SEV_REMARK);
	run_fini(&r);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("implicit-dependency");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, operands_per_kind);
	tcase_add_test(tc, idempotent);
	tcase_add_test(tc, process_blocks);
	tcase_add_test(tc, mixed_tagging_is_an_error);
	tcase_add_test(tc, tokens_become_def_use_edges);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
