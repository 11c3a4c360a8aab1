/* Unit tests of pipeline strings (lib/pass/pipeline.c): parsing, the
 * equivalence with pass flags, canonical printing that parses back, and
 * error messages with suggestions. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"

#define RW "StinkyRemoveWaitCntPass"

struct fixture {
	struct st_pipeline p;
	struct st_diag_engine d;
};

static void setup(struct fixture *f)
{
	st_pipeline_init(&f->p, st_builtin_passes());
	st_diag_init(&f->d, NULL);
	f->d.collect = true;
}

static void teardown(struct fixture *f)
{
	st_pipeline_fini(&f->p);
	st_diag_fini(&f->d);
}

static char *printed(const struct st_pipeline *p)
{
	struct st_buf b = {0};
	st_pipeline_print(&b, p);
	char *s = st_xstrdup(st_buf_cstr(&b));
	st_buf_free(&b);
	return s;
}

static void expect_error(struct fixture *f, const char *want)
{
	ck_assert_uint_ge(f->d.diags.n, 1);
	ck_assert_msg(strstr(f->d.diags.v[0].msg, want), "'%s' lacks '%s'", f->d.diags.v[0].msg, want);
}

START_TEST(parse_and_print)
{
	struct fixture f;
	setup(&f);
	ck_assert(st_pipeline_parse(&f.p, "  " RW "{keepTensor  removeXcnt} ,\n" RW " , " RW "{}", &f.d));
	ck_assert_uint_eq(f.p.entries.n, 3);
	ck_assert_str_eq(f.p.entries.v[0].pass->name, RW);
	ck_assert(f.p.entries.v[0].opts[0].flag);
	ck_assert(!f.p.entries.v[0].opts[1].flag);
	ck_assert(f.p.entries.v[0].opts[2].flag);
	ck_assert(!f.p.entries.v[1].opts[0].set);
	char *s = printed(&f.p);
	ck_assert_str_eq(s, RW "{keepTensor removeXcnt}," RW "," RW);
	teardown(&f);
	/* The canonical form parses back to itself. */
	setup(&f);
	ck_assert(st_pipeline_parse(&f.p, s, &f.d));
	char *t = printed(&f.p);
	ck_assert_str_eq(s, t);
	free(s);
	free(t);
	teardown(&f);
}
END_TEST

START_TEST(flags_equal_pipeline)
{
	struct fixture f, g;
	setup(&f);
	setup(&g);
	ck_assert(st_pipeline_add_named(&f.p, RW, "removeKmcnt,keepTensor=false", &f.d));
	ck_assert(st_pipeline_add_named(&f.p, RW, NULL, &f.d));
	ck_assert(st_pipeline_parse(&g.p, RW "{removeKmcnt keepTensor=false}," RW, &g.d));
	char *a = printed(&f.p), *b = printed(&g.p);
	ck_assert_str_eq(a, b);
	ck_assert_str_eq(a, RW "{keepTensor=false removeKmcnt}," RW);
	free(a);
	free(b);
	teardown(&f);
	teardown(&g);
}
END_TEST

START_TEST(empty_pipeline)
{
	struct fixture f;
	setup(&f);
	ck_assert(st_pipeline_parse(&f.p, " \t", &f.d));
	ck_assert_uint_eq(f.p.entries.n, 0);
	char *s = printed(&f.p);
	ck_assert_str_eq(s, "");
	free(s);
	teardown(&f);
}
END_TEST

START_TEST(unknown_pass)
{
	struct fixture f;
	setup(&f);
	ck_assert(!st_pipeline_parse(&f.p, "StinkyRemoveWaitcntPas", &f.d));
	expect_error(&f, "unknown pass 'StinkyRemoveWaitcntPas'; did you mean '" RW "'?");
	teardown(&f);
	setup(&f);
	ck_assert(!st_pipeline_add_named(&f.p, "Qq", NULL, &f.d));
	expect_error(&f, "unknown pass 'Qq' (--list-passes shows the registered passes)");
	teardown(&f);
}
END_TEST

START_TEST(syntax_errors)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{RW ",,", "at column 25: expected a pass name"},
		{",", "at column 1: expected a pass name"},
		{RW ",", "at column 25: expected a pass name"},
		{RW " " RW, "at column 25: expected ',' between passes"},
		{RW "{keepTensor", "at column 24: unterminated pass options: expected '}'"},
		{RW "{keepTensor=\"}", "unterminated pass options"},
		{RW "{keepTensor}}", "expected ',' between passes"},
		{RW "{keepTensr}", "unknown option 'keepTensr' for pass '" RW "'; did you mean 'keepTensor'?"},
		/* A quoted '}' does not close the options. */
		{RW "{keepTensor=\"}\"}", "is a flag: expected true or false, got '}'"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct fixture f;
		setup(&f);
		ck_assert_msg(!st_pipeline_parse(&f.p, cases[k].text, &f.d), "'%s' parsed", cases[k].text);
		expect_error(&f, cases[k].want);
		teardown(&f);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pass-pipeline");
	TCase *tc = tcase_create("pipeline");
	tcase_add_test(tc, parse_and_print);
	tcase_add_test(tc, flags_equal_pipeline);
	tcase_add_test(tc, empty_pipeline);
	tcase_add_test(tc, unknown_pass);
	tcase_add_test(tc, syntax_errors);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
