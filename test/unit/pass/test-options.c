/* Unit tests of pass option parsing and printing (lib/pass/options.c): the
 * option grammar, quoting, lists, defaults and every error path. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"

static bool run_nothing(struct st_pass_ctx *ctx)
{
	(void)ctx;
	return true;
}

enum { O_FAST, O_DEPTH, O_LABEL, O_BLOCKS, O_SLOW };

static const struct st_pass_option schema[] = {
	[O_FAST] = {"fast", ST_OPT_FLAG, "", "go fast", ST_OPT_ANY},
	[O_DEPTH] = {"depth", ST_OPT_INT, "3", "how deep", ST_OPT_ANY},
	[O_LABEL] = {"label", ST_OPT_STRING, "none", "a name", ST_OPT_ANY},
	[O_BLOCKS] = {"blocks", ST_OPT_LIST, "{entry,exit}", "some blocks", ST_OPT_ANY},
	[O_SLOW] = {"slow", ST_OPT_FLAG, "true", "go slow", ST_OPT_ANY},
};

static const struct st_pass_info testpass = {"TestPass", "a pass for tests", schema, 5, run_nothing};
static const struct st_pass_info bare = {"BarePass", "no options", NULL, 0, run_nothing};
static const struct st_pass_option ranged_schema[] = {
	{"width", ST_OPT_INT, "4", "between", ST_OPT_RANGE(1, 64)},
	{"low", ST_OPT_INT, "0", "at least", ST_OPT_RANGE(-2, INT64_MAX)},
	{"high", ST_OPT_INT, "0", "at most", ST_OPT_RANGE(INT64_MIN, 9)},
};
static const struct st_pass_info ranged = {"RangedPass", "ranged integers", ranged_schema, 3, run_nothing};

struct fixture {
	struct st_arena *a;
	struct st_diag_engine d;
	struct st_opt_value v[5];
};

static void setup(struct fixture *f)
{
	f->a = st_arena_new();
	st_diag_init(&f->d, NULL);
	f->d.collect = true;
}

static void teardown(struct fixture *f)
{
	st_diag_fini(&f->d);
	st_arena_free(f->a);
}

static bool parse(struct fixture *f, const struct st_pass_info *p, const char *text)
{
	return st_pass_parse_options(p, text, strlen(text), f->v, f->a, &f->d);
}

/* The one collected error, which must contain `want`. */
static void expect_error(struct fixture *f, const char *want)
{
	ck_assert_uint_ge(f->d.diags.n, 1);
	ck_assert_int_eq(f->d.diags.v[0].sev, ST_SEV_ERROR);
	ck_assert_msg(strstr(f->d.diags.v[0].msg, want), "'%s' lacks '%s'", f->d.diags.v[0].msg, want);
}

static char *print(const struct st_pass_info *p, const struct st_opt_value *v, char sep)
{
	struct st_buf b = {0};
	st_pass_print_options(&b, p, v, sep);
	char *s = st_xstrdup(st_buf_cstr(&b));
	st_buf_free(&b);
	return s;
}

START_TEST(defaults)
{
	struct fixture f;
	setup(&f);
	ck_assert(parse(&f, &testpass, ""));
	ck_assert(!f.v[O_FAST].set && !f.v[O_FAST].flag);
	ck_assert(f.v[O_SLOW].flag);
	ck_assert_int_eq(f.v[O_DEPTH].i, 3);
	ck_assert_str_eq(f.v[O_LABEL].s, "none");
	ck_assert_uint_eq(f.v[O_BLOCKS].nlist, 2);
	ck_assert_str_eq(f.v[O_BLOCKS].list[1], "exit");
	char *s = print(&testpass, f.v, ',');
	ck_assert_str_eq(s, ""); /* nothing was set */
	free(s);
	teardown(&f);
}
END_TEST

START_TEST(comma_and_blank_separated)
{
	struct fixture f;
	setup(&f);
	ck_assert(parse(&f, &testpass, "fast,depth=-7,label=x"));
	ck_assert(f.v[O_FAST].set && f.v[O_FAST].flag);
	ck_assert_int_eq(f.v[O_DEPTH].i, -7);
	ck_assert_str_eq(f.v[O_LABEL].s, "x");
	teardown(&f);
	setup(&f);
	ck_assert(parse(&f, &testpass, "  fast \t depth=0x1F slow=false "));
	ck_assert_int_eq(f.v[O_DEPTH].i, 31);
	ck_assert(f.v[O_SLOW].set && !f.v[O_SLOW].flag);
	teardown(&f);
}
END_TEST

START_TEST(flag_values)
{
	const char *yes[] = {"fast", "fast=true", "fast=1"};
	const char *no[] = {"fast=false", "fast=0"};
	for (size_t k = 0; k < 3; k++) {
		struct fixture f;
		setup(&f);
		ck_assert(parse(&f, &testpass, yes[k]));
		ck_assert(f.v[O_FAST].flag);
		teardown(&f);
	}
	for (size_t k = 0; k < 2; k++) {
		struct fixture f;
		setup(&f);
		ck_assert(parse(&f, &testpass, no[k]));
		ck_assert(f.v[O_FAST].set && !f.v[O_FAST].flag);
		teardown(&f);
	}
}
END_TEST

START_TEST(quoting)
{
	struct fixture f;
	setup(&f);
	ck_assert(parse(&f, &testpass, "label=\"a, b{c} \\\"q\\\" \\\\ =\",fast"));
	ck_assert_str_eq(f.v[O_LABEL].s, "a, b{c} \"q\" \\ =");
	ck_assert(f.v[O_FAST].flag);
	char *s = print(&testpass, f.v, ' ');
	ck_assert_str_eq(s, "fast label=\"a, b{c} \\\"q\\\" \\\\ =\"");
	free(s);
	teardown(&f);
	setup(&f);
	ck_assert(parse(&f, &testpass, "label=\"\""));
	ck_assert_str_eq(f.v[O_LABEL].s, "");
	s = print(&testpass, f.v, ',');
	ck_assert_str_eq(s, "label=\"\"");
	free(s);
	teardown(&f);
}
END_TEST

START_TEST(lists)
{
	struct fixture f;
	setup(&f);
	/* Braces make a list; the separators inside do not end the option. */
	ck_assert(parse(&f, &testpass, "blocks={a,b c},fast"));
	ck_assert_uint_eq(f.v[O_BLOCKS].nlist, 3);
	ck_assert_str_eq(f.v[O_BLOCKS].list[0], "a");
	ck_assert_str_eq(f.v[O_BLOCKS].list[2], "c");
	ck_assert(f.v[O_FAST].flag);
	teardown(&f);
	/* A bare or quoted value is a one-element list, commas and all. */
	setup(&f);
	ck_assert(parse(&f, &testpass, "blocks=\"a,b\""));
	ck_assert_uint_eq(f.v[O_BLOCKS].nlist, 1);
	ck_assert_str_eq(f.v[O_BLOCKS].list[0], "a,b");
	teardown(&f);
	setup(&f);
	ck_assert(parse(&f, &testpass, "blocks=loop"));
	ck_assert_uint_eq(f.v[O_BLOCKS].nlist, 1);
	teardown(&f);
	setup(&f);
	ck_assert(parse(&f, &testpass, "blocks={}"));
	ck_assert(f.v[O_BLOCKS].set);
	ck_assert_uint_eq(f.v[O_BLOCKS].nlist, 0);
	char *s = print(&testpass, f.v, ',');
	ck_assert_str_eq(s, "blocks={}");
	free(s);
	teardown(&f);
	setup(&f);
	ck_assert(parse(&f, &testpass, "blocks={ x , \"y}\" }"));
	s = print(&testpass, f.v, ',');
	ck_assert_str_eq(s, "blocks={x,\"y}\"}");
	free(s);
	teardown(&f);
}
END_TEST

START_TEST(print_parses_back)
{
	const char *inputs[] = {
		"fast,depth=12,label=\"has space\",blocks={a,\"b,c\"},slow=false",
		"depth=-1 blocks={}",
		"label=\"\\\\\"",
	};
	for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
		for (int sep = 0; sep < 2; sep++) {
			struct fixture f, g;
			setup(&f);
			setup(&g);
			ck_assert(parse(&f, &testpass, inputs[k]));
			char *s = print(&testpass, f.v, sep ? ' ' : ',');
			ck_assert_msg(parse(&g, &testpass, s), "printed '%s' does not parse", s);
			char *t = print(&testpass, g.v, sep ? ' ' : ',');
			ck_assert_str_eq(s, t);
			for (size_t o = 0; o < 5; o++)
				ck_assert_int_eq(f.v[o].set, g.v[o].set);
			free(s);
			free(t);
			teardown(&f);
			teardown(&g);
		}
	}
}
END_TEST

START_TEST(unknown_option_suggests)
{
	struct fixture f;
	setup(&f);
	ck_assert(!parse(&f, &testpass, "dpeth=2"));
	expect_error(&f, "unknown option 'dpeth' for pass 'TestPass'; did you mean 'depth'?");
	teardown(&f);
	setup(&f);
	ck_assert(!parse(&f, &testpass, "zzzzzzzz"));
	expect_error(&f, "(its options: fast, depth, label, blocks, slow)");
	teardown(&f);
	setup(&f);
	ck_assert(!parse(&f, &bare, "x"));
	expect_error(&f, "which takes no options");
	teardown(&f);
}
END_TEST

START_TEST(bad_values)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{"depth=abc", "option 'depth' of pass 'TestPass' expects an integer, got 'abc'"},
		{"depth=12x", "expects an integer, got '12x'"},
		{"depth=0x", "expects an integer, got '0x'"},
		{"depth=99999999999999999999", "expects an integer"},
		{"depth", "expects an integer value"},
		{"depth={1}", "expects an integer value"},
		{"fast=yes", "is a flag: expected true or false, got 'yes'"},
		{"label", "expects a string value"},
		{"label={a}", "expects a string value"},
		{"blocks", "expects a list value"},
		{"fast,fast", "option 'fast' of pass 'TestPass' is given twice"},
		{"label=\"abc", "unterminated quoted value"},
		{"blocks={a,b", "unterminated list"},
		{"blocks={a\"b\"}", "expected ',' or '}' in list"},
		{"label=", "expected a value"},
		{"=3", "expected an option name"},
		{"label=a\"b\"", "expected ',' or a blank between options"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct fixture f;
		setup(&f);
		ck_assert_msg(!parse(&f, &testpass, cases[k].text), "'%s' parsed", cases[k].text);
		expect_error(&f, cases[k].want);
		teardown(&f);
	}
}
END_TEST

/* Integers outside the schema's range are rejected with the range named;
 * the bounds themselves, and values of unranged options, are accepted. */
START_TEST(integer_ranges)
{
	static const struct {
		const char *text, *want; /* want NULL: accepted */
	} cases[] = {
		{"width=0", "option 'width' of pass 'RangedPass' must be in 1..64, got '0'"},
		{"width=65", "must be in 1..64, got '65'"},
		{"width=0x41", "must be in 1..64, got '0x41'"},
		{"width=-1", "must be in 1..64, got '-1'"},
		{"low=-3", "option 'low' of pass 'RangedPass' must be at least -2, got '-3'"},
		{"high=10", "option 'high' of pass 'RangedPass' must be at most 9, got '10'"},
		{"width=1", NULL},
		{"width=64,low=-2,high=9", NULL},
		{"low=9223372036854775807,high=-9223372036854775807", NULL},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct fixture f;
		setup(&f);
		bool ok = parse(&f, &ranged, cases[k].text);
		ck_assert_msg(ok == !cases[k].want, "'%s': %s", cases[k].text, ok ? "accepted" : "rejected");
		if (cases[k].want)
			expect_error(&f, cases[k].want);
		teardown(&f);
	}
	char text[64];
	ck_assert(st_opt_range_text(text, sizeof text, &ranged_schema[0]));
	ck_assert_str_eq(text, "in 1..64");
	ck_assert(!st_opt_range_text(text, sizeof text, &schema[O_DEPTH]));
	ck_assert(!st_opt_range_text(text, sizeof text, &schema[O_FAST]));
}
END_TEST

START_TEST(registered_defaults_parse)
{
	/* Every registered pass's schema is well formed: defaults parse (a bad
	 * one aborts) and option names are unique. */
	const struct st_pass_registry *r = st_builtin_passes();
	ck_assert_uint_ge(r->npasses, 1);
	for (size_t k = 0; k < r->npasses; k++) {
		const struct st_pass_info *p = r->passes[k];
		ck_assert(p->name && p->summary && p->run);
		struct st_arena *a = st_arena_new();
		struct st_diag_engine d;
		st_diag_init(&d, NULL);
		struct st_opt_value *v = st_arena_alloc(a, (p->noptions + 1) * sizeof *v);
		ck_assert(st_pass_parse_options(p, "", 0, v, a, &d));
		for (size_t i = 0; i < p->noptions; i++) {
			ck_assert(p->options[i].help && *p->options[i].help);
			for (size_t j = 0; j < i; j++)
				ck_assert_str_ne(p->options[i].name, p->options[j].name);
		}
		st_diag_fini(&d);
		st_arena_free(a);
		ck_assert_ptr_eq(st_pass_lookup(r, p->name), p);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pass-options");
	TCase *tc = tcase_create("options");
	tcase_add_test(tc, defaults);
	tcase_add_test(tc, comma_and_blank_separated);
	tcase_add_test(tc, flag_values);
	tcase_add_test(tc, quoting);
	tcase_add_test(tc, lists);
	tcase_add_test(tc, print_parses_back);
	tcase_add_test(tc, unknown_option_suggests);
	tcase_add_test(tc, bad_values);
	tcase_add_test(tc, integer_ranges);
	tcase_add_test(tc, registered_defaults_parse);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
