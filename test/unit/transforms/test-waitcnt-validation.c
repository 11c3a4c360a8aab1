/* Unit tests of WaitCntValidationCheckPass through the C API: the pass result
 * and its diagnostics for each option (strict, stateBound, storesOnLoadcnt,
 * maxInFlight), the kernel configuration (NumWaves) and several functions in
 * one module. The rules themselves are covered by the lit tests in
 * test/lit/transforms/waitcnt-validation/. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/parse.h"
#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"

struct result {
	bool ok;
	size_t nerrors, nwarnings;
	char *text; /* every diagnostic, one per line: "SEV LINE: MSG" */
};

static struct result validate(const char *src, const char *opts, int num_waves)
{
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	struct st_module *m = st_parse("t.stir", src, strlen(src), 1, &d);
	ck_assert_msg(m, "test input does not parse");
	struct st_pipeline p;
	st_pipeline_init(&p, st_builtin_passes());
	ck_assert(st_pipeline_add_named(&p, "WaitCntValidationCheckPass", opts, &d));
	struct st_pm_options o = {0};
	struct st_kernel_config cfg = {"gfx1250", num_waves};
	struct st_pass_manager pm;
	st_pm_init(&pm, &p, &o, &cfg);
	struct result r = {0};
	r.ok = st_pm_run(&pm, m, &d);
	struct st_buf b = {0};
	for (size_t k = 0; k < d.diags.n; k++) {
		const struct st_diag *g = &d.diags.v[k];
		st_buf_printf(&b, "%s %u: %s\n", st_severity_name(g->sev), g->loc.line, g->msg);
		r.nerrors += g->sev == ST_SEV_ERROR;
		r.nwarnings += g->sev == ST_SEV_WARNING;
	}
	r.text = st_xstrdup(st_buf_cstr(&b));
	st_buf_free(&b);
	st_pm_fini(&pm);
	st_pipeline_fini(&p);
	st_module_free(m);
	st_diag_fini(&d);
	return r;
}

/* Whether the pass manager accepts these options (ranges are in the schema,
 * the lit test transforms/waitcnt-validation/option-ranges.stir checks the
 * messages). */
static bool schema_accepts(const char *opts)
{
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	struct st_pipeline p;
	st_pipeline_init(&p, st_builtin_passes());
	bool ok = st_pipeline_add_named(&p, "WaitCntValidationCheckPass", opts, &d);
	st_pipeline_fini(&p);
	st_diag_fini(&d);
	return ok;
}

#define ck_assert_contains(hay, needle) ck_assert_msg(strstr((hay), (needle)), "missing '%s' in:\n%s", (needle), (hay))

static const char raw_kernel[] =
	"st.func @f() {\n"
	"  ^entry:\n"
	"    v[0:3] = \"st.ds_load_b128\"(v8)\n"
	"    v[4:7] = \"st.ds_load_b128\"(v9)\n"
	"    \"st.s_wait_dscnt\"(1)\n"
	"    v[16:23] = \"st.v_wmma_f32_16x16x32_bf16\"(v[0:3], v[0:3], v[16:23])\n"
	"    v[24:31] = \"st.v_wmma_f32_16x16x32_bf16\"(v[4:7], v[4:7], v[24:31])\n"
	"    \"st.s_endpgm\"()\n"
	"}\n";

START_TEST(reports_one_counterexample_per_pair)
{
	struct result r = validate(raw_kernel, NULL, 0);
	ck_assert(!r.ok);
	ck_assert_uint_eq(r.nerrors, 1);
	ck_assert_contains(r.text, "error 7: missing s_wait_dscnt 0 before 'v_wmma_f32_16x16x32_bf16': RAW dependency "
	                           "through v[4:7] on 'ds_load_b128' (t.stir:4:5) still in flight; path: ^entry");
	free(r.text);
}
END_TEST

static const char carried_kernel[] =
	"st.func @f() {\n"
	"  ^entry:\n"
	"    Successors: ^loop\n"
	"  ^loop:\n"
	"    \"st.s_barrier\"() { mod.memtoken = { tokens = [0] } }\n"
	"    \"st.tensor_load_to_lds\"(s[0:3], s[4:11]) { mod.memtoken = { tokens = [0] } }\n"
	"    Successors: ^loop, ^exit\n"
	"  ^exit:\n"
	"    \"st.s_endpgm\"()\n"
	"}\n";

START_TEST(loop_carried_is_a_warning_unless_strict)
{
	struct result r = validate(carried_kernel, NULL, 0);
	ck_assert(r.ok);
	ck_assert_uint_eq(r.nerrors, 0);
	ck_assert_uint_eq(r.nwarnings, 1);
	ck_assert_contains(r.text, "warning 5: loop-carried tensor dependency across back edge ^loop -> ^loop: "
	                           "missing s_wait_tensorcnt 0 before 's_barrier'");
	ck_assert_contains(r.text, "from an earlier iteration still in flight; path: ^entry -> ^loop -> ^loop");
	free(r.text);
	r = validate(carried_kernel, "strict", 0);
	ck_assert(!r.ok);
	ck_assert_uint_eq(r.nerrors, 1);
	ck_assert_uint_eq(r.nwarnings, 0);
	free(r.text);
}
END_TEST

START_TEST(state_bound_makes_a_result_inconclusive)
{
	/* Each iteration leaves one more ds_load in flight, which the barrier
	 * after the loop orders: 1, 2, 3, ... states reach ^loop. The missing
	 * wait is found on the first path either way. */
	static const char src[] =
		"st.func @f() {\n"
		"  ^entry:\n"
		"    Successors: ^loop\n"
		"  ^loop:\n"
		"    v[0:3] = \"st.ds_load_b128\"(v8) { mod.memtoken = { tokens = [0] } }\n"
		"    Successors: ^loop, ^exit\n"
		"  ^exit:\n"
		"    \"st.s_barrier\"() { mod.memtoken = { tokens = [0] } }\n"
		"    \"st.s_endpgm\"()\n"
		"}\n";
	struct result r = validate(src, "stateBound=3", 0);
	ck_assert_uint_eq(r.nerrors, 1);
	ck_assert_uint_eq(r.nwarnings, 1);
	ck_assert_contains(r.text, "error 8: missing s_wait_dscnt 0 before 's_barrier'");
	ck_assert_contains(r.text, "warning 4: inconclusive: more than 3 distinct in-flight states reach ^loop");
	free(r.text);
	r = validate(src, "stateBound=3,strict", 0);
	ck_assert_uint_eq(r.nerrors, 2);
	free(r.text);
	/* The default bound is far above the 65 states this loop has. */
	r = validate(src, NULL, 0);
	ck_assert_uint_eq(r.nerrors, 1);
	ck_assert_uint_eq(r.nwarnings, 0);
	free(r.text);
	ck_assert(!schema_accepts("stateBound=0"));
	ck_assert(schema_accepts("stateBound=1"));
}
END_TEST

START_TEST(stores_on_loadcnt_moves_stores_to_the_load_queue)
{
	static const char src[] =
		"st.func @f() {\n"
		"  ^entry:\n"
		"    v[0:3] = \"st.global_load_b128\"(v[8:9], off)\n"
		"    \"st.global_store_b128\"(v[8:9], v[4:7], off)\n"
		"    \"st.s_wait_loadcnt\"(1)\n"
		"    v10 = \"st.v_add_f32\"(v0, v1)\n"
		"    \"st.s_endpgm\"()\n"
		"}\n";
	struct result r = validate(src, NULL, 0);
	ck_assert(!r.ok);
	ck_assert_contains(r.text, "missing s_wait_loadcnt 0 before 'v_add_f32'");
	free(r.text);
	r = validate(src, "storesOnLoadcnt", 0);
	ck_assert(r.ok);
	ck_assert_uint_eq(r.nerrors + r.nwarnings, 0);
	free(r.text);
}
END_TEST

START_TEST(max_in_flight_retires_the_oldest)
{
	static const char src[] =
		"st.func @f() {\n"
		"  ^entry:\n"
		"    v[0:3] = \"st.ds_load_b128\"(v8)\n"
		"    v[4:7] = \"st.ds_load_b128\"(v8)\n"
		"    v[8:11] = \"st.ds_load_b128\"(v8)\n"
		"    v12 = \"st.v_add_f32\"(v0, v1)\n"
		"    \"st.s_endpgm\"()\n"
		"}\n";
	struct result r = validate(src, NULL, 0);
	ck_assert(!r.ok);
	ck_assert_contains(r.text, "missing s_wait_dscnt 2 before 'v_add_f32'");
	free(r.text);
	r = validate(src, "maxInFlight=2", 0);
	ck_assert(r.ok);
	free(r.text);
	ck_assert(!schema_accepts("maxInFlight=0"));
	ck_assert(!schema_accepts("maxInFlight=4097"));
	ck_assert(schema_accepts("maxInFlight=4096"));
}
END_TEST

START_TEST(single_wave_drains_tensor_at_every_consumer)
{
	static const char src[] =
		"st.func @f() {\n"
		"  ^entry:\n"
		"    \"st.tensor_load_to_lds\"(s[0:3], s[4:11]) { mod.memtoken = { tokens = [1] } }\n"
		"    v[0:3] = \"st.ds_load_b128\"(v8) { mod.memtoken = { tokens = [1] } }\n"
		"    \"st.s_endpgm\"()\n"
		"}\n";
	struct result r = validate(src, NULL, 0);
	ck_assert(r.ok);
	ck_assert_uint_eq(r.nerrors + r.nwarnings, 0);
	free(r.text);
	r = validate(src, NULL, 1);
	ck_assert(!r.ok);
	ck_assert_contains(r.text, "error 4: missing s_wait_tensorcnt 0 before 'ds_load_b128': RAW dependency through "
	                           "LDS1 on 'tensor_load_to_lds' (t.stir:3:5)");
	free(r.text);
}
END_TEST

START_TEST(every_function_is_checked)
{
	static const char src[] =
		"st.func @good() {\n"
		"  ^entry:\n"
		"    s[0:1] = \"st.s_load_b64\"(s[2:3], 0x0)\n"
		"    \"st.s_wait_kmcnt\"(0)\n"
		"    s4 = \"st.s_add_u32\"(s0, s1)\n"
		"}\n"
		"st.func @bad() {\n"
		"  ^entry:\n"
		"    s[0:1] = \"st.s_load_b64\"(s[2:3], 0x0)\n"
		"    s[6:7] = \"st.s_load_b64\"(s[2:3], 0x8)\n"
		"    \"st.s_wait_kmcnt\"(1)\n"
		"    s4 = \"st.s_add_u32\"(s6, s7)\n"
		"}\n";
	struct result r = validate(src, NULL, 0);
	ck_assert(!r.ok);
	ck_assert_uint_eq(r.nerrors, 1);
	/* KM returns out of order: kmcnt 1 proves nothing, 0 is needed. */
	ck_assert_contains(r.text, "error 12: missing s_wait_kmcnt 0 before 's_add_u32'");
	free(r.text);
}
END_TEST

START_TEST(owner_table_growth_keeps_every_key)
{
	/* 60 loads of 4 registers each, every register read once without a
	 * wait: 240 keys pass the owner table's growth points, and each must
	 * still report its own violation. */
	struct st_buf b = {0};
	st_buf_puts(&b, "st.func @f() {\n  ^entry:\n");
	for (int i = 0; i < 60; i++)
		st_buf_printf(&b, "    v[%d:%d] = \"st.ds_load_b128\"(v250)\n", 4 * i, 4 * i + 3);
	for (int i = 0; i < 240; i++)
		st_buf_printf(&b, "    v251 = \"st.v_add_f32\"(v%d, v%d)\n", i, i);
	st_buf_puts(&b, "    \"st.s_endpgm\"()\n}\n");
	struct result r = validate(st_buf_cstr(&b), NULL, 0);
	ck_assert(!r.ok);
	ck_assert_uint_eq(r.nerrors, 240);
	free(r.text);
	st_buf_free(&b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("waitcnt-validation");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, reports_one_counterexample_per_pair);
	tcase_add_test(tc, loop_carried_is_a_warning_unless_strict);
	tcase_add_test(tc, state_bound_makes_a_result_inconclusive);
	tcase_add_test(tc, stores_on_loadcnt_moves_stores_to_the_load_queue);
	tcase_add_test(tc, max_in_flight_retires_the_oldest);
	tcase_add_test(tc, single_wave_drains_tensor_at_every_consumer);
	tcase_add_test(tc, every_function_is_checked);
	tcase_add_test(tc, owner_table_growth_keeps_every_key);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
