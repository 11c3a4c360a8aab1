/* Unit tests of the pass manager (lib/pass/manager.c): pass order, the
 * instrumentation around each pass (dumps, change detection, diffs, the
 * verifier hook), failure reporting, statistics and the timing table. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"

static const struct st_loc noloc;

static struct st_block *entry_block(struct st_module *m) { return m->funcs.v[0]->blocks.v[0]; }

static bool append_named(struct st_pass_ctx *ctx, const char *name)
{
	st_block_append(entry_block(ctx->module), st_inst_new(ctx->module, name, noloc));
	st_pass_stat_add(ctx, "appended", 1);
	ctx->changed = true;
	return true;
}
static bool add_a(struct st_pass_ctx *ctx) { return append_named(ctx, "a"); }
static bool add_bad(struct st_pass_ctx *ctx) { return append_named(ctx, "bad"); }
static bool noop(struct st_pass_ctx *ctx) { (void)ctx; return true; }
static bool fail_silent(struct st_pass_ctx *ctx) { (void)ctx; return false; }
static bool fail_loud(struct st_pass_ctx *ctx)
{
	st_error(ctx->diag, noloc, "the sky is falling");
	return false;
}
static bool error_but_true(struct st_pass_ctx *ctx)
{
	st_error(ctx->diag, noloc, "oops");
	return true;
}
static bool count_blocks(struct st_pass_ctx *ctx)
{
	struct st_function *f = ctx->module->funcs.v[0];
	for (size_t k = 0; k < f->blocks.n; k++)
		if (st_pass_should_process_block(ctx, f->blocks.v[k]))
			st_pass_stat_add(ctx, "processable", 1);
	return true;
}

static const struct st_pass_option depth_opt[] = {{"depth", ST_OPT_INT, "1", "a number", ST_OPT_ANY}};
static const struct st_pass_info pass_a = {"AddA", "appends a", depth_opt, 1, add_a};
static const struct st_pass_info pass_bad = {"AddBad", "appends bad", NULL, 0, add_bad};
static const struct st_pass_info pass_noop = {"Noop", "nothing", NULL, 0, noop};
static const struct st_pass_info pass_fail_silent = {"FailSilent", "fails", NULL, 0, fail_silent};
static const struct st_pass_info pass_fail_loud = {"FailLoud", "fails", NULL, 0, fail_loud};
static const struct st_pass_info pass_error_true = {"ErrorTrue", "errs", NULL, 0, error_but_true};
static const struct st_pass_info pass_count = {"CountBlocks", "counts", NULL, 0, count_blocks};

/* A printer showing one mnemonic per line. */
static void print_names(struct st_buf *out, const struct st_module *m)
{
	st_foreach_item(entry_block((struct st_module *)m), i)
		st_buf_printf(out, "%s\n", i->name);
}

static size_t verify_no_bad(const struct st_module *m, struct st_diag_engine *d)
{
	size_t n = 0;
	st_foreach_item(entry_block((struct st_module *)m), i)
		if (strcmp(i->name, "bad") == 0) {
			st_error(d, i->loc, "bad instruction");
			n++;
		}
	return n;
}

struct fixture {
	struct st_module *m;
	struct st_pipeline p;
	struct st_diag_engine d;
	struct st_pm_options o;
	struct st_kernel_config cfg;
	FILE *dump;
};

static void setup(struct fixture *f)
{
	f->m = st_module_new("t.stir");
	struct st_function *fn = st_function_new(f->m, "f", noloc);
	struct st_block *b = st_block_new(fn, "entry", noloc);
	st_block_new(fn, "loop", noloc);
	st_block_new(fn, "exit", noloc);
	st_block_append(b, st_inst_new(f->m, "start", noloc));
	st_pipeline_init(&f->p, st_builtin_passes());
	st_diag_init(&f->d, NULL);
	f->d.collect = true;
	memset(&f->o, 0, sizeof f->o);
	f->dump = tmpfile();
	f->o.dump = f->dump;
	f->o.print = print_names;
	f->cfg = (struct st_kernel_config){"gfx1250", 0};
}

static void add(struct fixture *f, const struct st_pass_info *p)
{
	ck_assert(st_pipeline_add(&f->p, p, NULL, &f->d));
}

static char *dumped(struct fixture *f)
{
	long n = ftell(f->dump);
	char *s = st_xmalloc((size_t)n + 1);
	rewind(f->dump);
	size_t got = fread(s, 1, (size_t)n, f->dump);
	s[got] = 0;
	return s;
}

static void teardown(struct fixture *f)
{
	fclose(f->dump);
	st_pipeline_fini(&f->p);
	st_diag_fini(&f->d);
	st_module_free(f->m);
}

static bool run(struct fixture *f, struct st_pass_manager *pm)
{
	st_pm_init(pm, &f->p, &f->o, &f->cfg);
	return st_pm_run(pm, f->m, &f->d);
}

START_TEST(runs_in_order_and_dumps)
{
	struct fixture f;
	setup(&f);
	add(&f, &pass_a);
	add(&f, &pass_noop);
	add(&f, &pass_bad);
	f.o.print_before_all = true;
	f.o.print_after_all = true;
	struct st_pass_manager pm;
	ck_assert(run(&f, &pm));
	char *s = dumped(&f);
	ck_assert_str_eq(s, "// -----// IR Dump Before AddA //----- //\nstart\n"
	                    "// -----// IR Dump After AddA //----- //\nstart\na\n"
	                    "// -----// IR Dump Before Noop //----- //\nstart\na\n"
	                    "// -----// IR Dump After Noop //----- //\nstart\na\n"
	                    "// -----// IR Dump Before AddBad //----- //\nstart\na\n"
	                    "// -----// IR Dump After AddBad //----- //\nstart\na\nbad\n");
	free(s);
	st_pm_fini(&pm);
	teardown(&f);
}
END_TEST

START_TEST(named_dumps)
{
	struct fixture f;
	setup(&f);
	add(&f, &pass_a);
	add(&f, &pass_noop);
	add(&f, &pass_a);
	const struct st_pass_info *before[] = {&pass_noop}, *after[] = {&pass_a};
	f.o.print_before = before;
	f.o.nprint_before = 1;
	f.o.print_after = after;
	f.o.nprint_after = 1;
	struct st_pass_manager pm;
	ck_assert(run(&f, &pm));
	char *s = dumped(&f);
	ck_assert_str_eq(s, "// -----// IR Dump After AddA //----- //\nstart\na\n"
	                    "// -----// IR Dump Before Noop //----- //\nstart\na\n"
	                    "// -----// IR Dump After AddA //----- //\nstart\na\na\n");
	free(s);
	st_pm_fini(&pm);
	teardown(&f);
}
END_TEST

START_TEST(after_change_only)
{
	struct fixture f;
	setup(&f);
	add(&f, &pass_noop);
	add(&f, &pass_a);
	add(&f, &pass_noop);
	f.o.print_after_change = true;
	struct st_pass_manager pm;
	ck_assert(run(&f, &pm));
	char *s = dumped(&f);
	ck_assert_str_eq(s, "// -----// IR Dump After AddA //----- //\nstart\na\n");
	free(s);
	st_pm_fini(&pm);
	teardown(&f);
}
END_TEST

START_TEST(changed_diff)
{
	struct fixture f;
	setup(&f);
	add(&f, &pass_noop);
	add(&f, &pass_a);
	f.o.print_changed = ST_PRINT_CHANGED_DIFF;
	struct st_pass_manager pm;
	ck_assert(run(&f, &pm));
	char *s = dumped(&f);
	ck_assert_str_eq(s, "// -----// IR Dump After AddA //----- //\n"
	                    "--- before AddA\n+++ after AddA\n@@ -1 +1,2 @@\n start\n+a\n");
	free(s);
	st_pm_fini(&pm);
	teardown(&f);
}
END_TEST

START_TEST(verifier_names_the_pass)
{
	struct fixture f;
	setup(&f);
	add(&f, &pass_a);
	add(&f, &pass_bad);
	add(&f, &pass_a);
	f.o.verify = verify_no_bad;
	struct st_pass_manager pm;
	ck_assert(!run(&f, &pm));
	ck_assert_uint_eq(f.d.diags.n, 2);
	ck_assert_str_eq(f.d.diags.v[0].msg, "bad instruction");
	ck_assert_str_eq(f.d.diags.v[1].msg, "the IR is invalid after pass 'AddBad'");
	/* The pipeline stopped: the last AddA did not run. */
	ck_assert_uint_eq(st_block_num_insts(entry_block(f.m)), 3);
	st_pm_fini(&pm);
	teardown(&f);
}
END_TEST

START_TEST(failures_name_the_pass)
{
	const struct st_pass_info *passes[] = {&pass_fail_silent, &pass_fail_loud, &pass_error_true};
	const char *first[] = {"pass 'FailSilent' failed", "the sky is falling", "oops"};
	const char *second[] = {NULL, NULL, "pass 'ErrorTrue' reported errors"};
	for (size_t k = 0; k < 3; k++) {
		struct fixture f;
		setup(&f);
		add(&f, passes[k]);
		add(&f, &pass_a);
		f.o.print_after_all = true;
		struct st_pass_manager pm;
		ck_assert(!run(&f, &pm));
		ck_assert_uint_eq(f.d.diags.n, second[k] ? 2 : 1);
		ck_assert_str_eq(f.d.diags.v[0].msg, first[k]);
		if (second[k])
			ck_assert_str_eq(f.d.diags.v[1].msg, second[k]);
		ck_assert_uint_eq(st_block_num_insts(entry_block(f.m)), 1);
		char *s = dumped(&f);
		ck_assert_msg(strstr(s, " Failed //----- //"), "%s", s);
		free(s);
		st_pm_fini(&pm);
		teardown(&f);
	}
}
END_TEST

START_TEST(statistics_accumulate)
{
	struct fixture f;
	setup(&f);
	add(&f, &pass_a);
	add(&f, &pass_count);
	const char *only[] = {"loop", "exit"};
	f.o.statistics = true;
	struct st_pass_manager pm;
	st_pm_init(&pm, &f.p, &f.o, &f.cfg);
	pm.process_blocks = only;
	pm.nprocess_blocks = 2;
	ck_assert(st_pm_run(&pm, f.m, &f.d));
	ck_assert(st_pm_run(&pm, f.m, &f.d));
	FILE *out = tmpfile();
	st_pm_report(&pm, out);
	long n = ftell(out);
	char *s = st_xmalloc((size_t)n + 1);
	rewind(out);
	s[fread(s, 1, (size_t)n, out)] = 0;
	fclose(out);
	ck_assert_msg(strstr(s, "... Pass statistics report ...\n"), "%s", s);
	ck_assert_msg(strstr(s, "\nAddA\n  (S) 2 appended\nCountBlocks\n  (S) 4 processable\n"), "%s", s);
	ck_assert(!strstr(s, "Execution time"));
	free(s);
	st_pm_fini(&pm);
	teardown(&f);
}
END_TEST

START_TEST(time_table)
{
	struct fixture f;
	setup(&f);
	add(&f, &pass_a);
	add(&f, &pass_noop);
	f.o.time_passes = true;
	f.o.verify = verify_no_bad;
	struct st_pass_manager pm;
	st_pm_init(&pm, &f.p, &f.o, &f.cfg);
	st_pm_add_time(&pm, "Parser", 0.5);
	ck_assert(st_pm_run(&pm, f.m, &f.d));
	st_pm_add_time(&pm, "Output", 0.25);
	st_pm_add_time(&pm, "Parser", 0.5);
	FILE *out = tmpfile();
	st_pm_report(&pm, out);
	long n = ftell(out);
	char *s = st_xmalloc((size_t)n + 1);
	rewind(out);
	s[fread(s, 1, (size_t)n, out)] = 0;
	fclose(out);
	const char *parser = strstr(s, "    1.0000 ("), *a = strstr(s, "AddA\n"), *noop_row = strstr(s, "Noop\n");
	const char *ver = strstr(s, "Verifier\n"), *output = strstr(s, "    0.2500 ("), *total = strstr(s, "(100.0%)  Total\n");
	ck_assert_msg(parser && a && noop_row && ver && output && total, "%s", s);
	ck_assert(parser < a && a < noop_row && noop_row < ver && ver < output && output < total);
	ck_assert(strstr(s, "  ----Wall Time----  ----Name----\n"));
	free(s);
	st_pm_fini(&pm);
	teardown(&f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pass-manager");
	TCase *tc = tcase_create("manager");
	tcase_add_test(tc, runs_in_order_and_dumps);
	tcase_add_test(tc, named_dumps);
	tcase_add_test(tc, after_change_only);
	tcase_add_test(tc, changed_diff);
	tcase_add_test(tc, verifier_names_the_pass);
	tcase_add_test(tc, failures_name_the_pass);
	tcase_add_test(tc, statistics_accumulate);
	tcase_add_test(tc, time_table);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
