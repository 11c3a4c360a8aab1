/* Unit tests of the driver library (lib/driver): --help is generated from
 * the registry (every pass and option, with type and default), argument
 * parsing fills the options, and expected-diagnostic matching. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/driver.h"
#include "stinkytofu/passes.h"

static char *capture(void (*print)(FILE *))
{
	FILE *f = tmpfile();
	print(f);
	long n = ftell(f);
	char *s = st_xmalloc((size_t)n + 1);
	rewind(f);
	s[fread(s, 1, (size_t)n, f)] = 0;
	fclose(f);
	return s;
}

START_TEST(help_lists_every_registered_pass_and_option)
{
	char *help = capture(st_driver_print_help), *list = capture(st_driver_list_passes);
	const struct st_pass_registry *r = st_builtin_passes();
	for (size_t i = 0; i < r->npasses; i++) {
		const struct st_pass_info *p = r->passes[i];
		char *flag = st_xasprintf("  --%s\n      %s\n", p->name, p->summary);
		ck_assert_msg(strstr(help, flag), "--help lacks %s", p->name);
		const char *at = strstr(help, flag);
		for (size_t k = 0; k < p->noptions; k++) {
			const struct st_pass_option *o = &p->options[k];
			char *row = st_xasprintf("%-24s %-8s (default: ", o->name, st_opt_type_name(o->type));
			const char *r = strstr(at, row);
			ck_assert_msg(r, "--help lacks option %s of %s", o->name, p->name);
			ck_assert(strstr(r, o->help));
			free(row);
		}
		char *line = st_xasprintf("%s ", p->name);
		ck_assert_msg(strstr(list, line), "--list-passes lacks %s", p->name);
		free(line);
		free(flag);
	}
	free(help);
	free(list);
}
END_TEST

static int parse(struct st_driver_options *o, const char *const *args, int n)
{
	char *argv[32];
	argv[0] = (char *)"stinkytofu-opt";
	for (int i = 0; i < n; i++)
		argv[i + 1] = (char *)args[i];
	FILE *err = tmpfile();
	int rc = st_driver_parse_args(o, n + 1, argv, err);
	fclose(err);
	return rc;
}

START_TEST(arguments_fill_options)
{
	struct st_driver_options o;
	st_driver_options_init(&o);
	const char *args[] = {"--arch", "gfx1250", "-o", "out.stir", "k.stir", "--NumWaves=1", "--no-verify-each",
	                      "--StinkyRemoveWaitCntPass=keepTensor", "--print-after=StinkyRemoveWaitCntPass",
	                      "-print-changed=diff", "--process-blocks=^a,b", "--time-passes=true",
	                      "--StinkyIRVerifierPass"};
	ck_assert_int_eq(parse(&o, args, 13), ST_EXIT_OK);
	ck_assert_str_eq(o.input, "k.stir");
	ck_assert_str_eq(o.output, "out.stir");
	ck_assert_int_eq(o.config.num_waves, 1);
	ck_assert(!o.verify_each);
	ck_assert(o.pm.time_passes);
	ck_assert_int_eq(o.pm.print_changed, ST_PRINT_CHANGED_DIFF);
	ck_assert_uint_eq(o.pipeline.entries.n, 2);
	ck_assert_str_eq(o.pipeline.entries.v[1].pass->name, "StinkyIRVerifierPass");
	ck_assert(o.pipeline.entries.v[0].opts[0].flag);
	ck_assert_uint_eq(o.pm.nprint_after, 1);
	ck_assert_uint_eq(o.process_blocks.n, 2);
	ck_assert_str_eq(o.process_blocks.v[0], "a");
	ck_assert_str_eq(o.process_blocks.v[1], "b");
	st_driver_options_fini(&o);
}
END_TEST

START_TEST(usage_errors)
{
	static const char *const cases[][2] = {
		{"--StinkyRemoveWaitCntPas", NULL},
		{"--StinkyRemoveWaitCntPass=nope", NULL},
		{"--time-passes=maybe", NULL},
		{"--no-o", NULL},
		{"--no-NumWaves=3", NULL},
		{"-o", NULL},
		{"--pass-pipeline=StinkyIRVerifierPass", "--StinkyIRVerifierPass"},
		{"--pass-pipeline=A", "--pass-pipeline=B"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct st_driver_options o;
		st_driver_options_init(&o);
		ck_assert_msg(parse(&o, (const char *const *)cases[k], cases[k][1] ? 2 : 1) == ST_EXIT_USAGE, "%s accepted",
		              cases[k][0]);
		st_driver_options_fini(&o);
	}
}
END_TEST

/* Matching of collected diagnostics against annotations. */
static bool check(const char *text, const struct st_diag *diags, size_t n, bool remarks, size_t *nreports)
{
	struct st_diag_engine collected, report;
	st_diag_init(&collected, NULL);
	collected.collect = true;
	for (size_t i = 0; i < n; i++)
		st_diag_emit(&collected, diags[i].sev, diags[i].loc, "%s", diags[i].msg);
	st_diag_init(&report, NULL);
	report.collect = true;
	bool ok = st_verify_expected_diagnostics(&collected, "f.stir", text, strlen(text), 10, remarks, &report);
	*nreports = report.diags.n;
	st_diag_fini(&collected);
	st_diag_fini(&report);
	return ok;
}

/* The first report for an input without diagnostics. */
static char *first_report(const char *text)
{
	struct st_diag_engine collected, report;
	st_diag_init(&collected, NULL);
	st_diag_init(&report, NULL);
	report.collect = true;
	ck_assert(!st_verify_expected_diagnostics(&collected, "f.stir", text, strlen(text), 1, false, &report));
	char *msg = st_xstrdup(report.diags.v[0].msg);
	st_diag_fini(&collected);
	st_diag_fini(&report);
	return msg;
}

START_TEST(expected_diagnostics)
{
	/* Lines start at 10 (a chunk of a split file). */
	const char *text = "a # expected-error {{boom}}\n"         /* 10 */
	                   "# expected-warning@+2 {{warn}}\n"      /* 11 */
	                   "# expected-note@below {{n1}}\n"        /* 12 */
	                   "b\n"                                   /* 13 */
	                   "# expected-remark@above {{r}} expected-remark@-3 {{q}}\n"; /* 14 */
	struct st_diag good[] = {
		{ST_SEV_ERROR, {"f.stir", 10, 1}, (char *)"big boom here"},
		{ST_SEV_WARNING, {"f.stir", 13, 1}, (char *)"warn"},
		{ST_SEV_NOTE, {"f.stir", 13, 1}, (char *)"n1"},
		{ST_SEV_REMARK, {"f.stir", 13, 1}, (char *)"r"},
		{ST_SEV_REMARK, {"f.stir", 11, 1}, (char *)"q"},
	};
	size_t nrep;
	ck_assert(check(text, good, 5, true, &nrep));
	ck_assert_uint_eq(nrep, 0);
	/* Without --remarks, remark annotations are unmatched. */
	ck_assert(!check(text, good, 5, false, &nrep));
	ck_assert_uint_eq(nrep, 2);
	/* Wrong severity: one unexpected, one missing. */
	struct st_diag bad[5];
	memcpy(bad, good, sizeof bad);
	bad[0].sev = ST_SEV_WARNING;
	ck_assert(!check(text, bad, 5, true, &nrep));
	ck_assert_uint_eq(nrep, 2);
	/* Wrong line, and an unlocated diagnostic. */
	memcpy(bad, good, sizeof bad);
	bad[1].loc.line = 12;
	bad[2].loc = (struct st_loc){0};
	ck_assert(!check(text, bad, 5, true, &nrep));
	ck_assert_uint_eq(nrep, 4);
	/* Malformed annotations are errors; prose mentioning expected-* is not. */
	ck_assert(!check("# expected-error no braces\n", NULL, 0, true, &nrep));
	ck_assert(!check("# expected-error@sideways {{x}}\n", NULL, 0, true, &nrep));
	ck_assert(!check("x\n# expected-error@below {{x}}\n", NULL, 0, true, &nrep));
	const char *bad_offsets[] = {"# expected-error@+99999999999 {{x}}\n", "# expected-error@-1 {{x}}\n",
	                             "# expected-error@+ {{x}}\n"};
	for (size_t k = 0; k < 3; k++) {
		char *msg = first_report(bad_offsets[k]);
		ck_assert_msg(strstr(msg, "bad line offset"), "%s", msg);
		free(msg);
	}
	ck_assert(check("# matches expected-* annotations\n", NULL, 0, true, &nrep));
	/* Text in a string is not a comment. */
	ck_assert(check("\"# expected-error {{x}}\"\n", NULL, 0, true, &nrep));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("driver");
	TCase *tc = tcase_create("driver");
	tcase_add_test(tc, help_lists_every_registered_pass_and_option);
	tcase_add_test(tc, arguments_fill_options);
	tcase_add_test(tc, usage_errors);
	tcase_add_test(tc, expected_diagnostics);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
