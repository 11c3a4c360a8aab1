/* Unit tests of input bounds: st_parse gets the caller's bytes without a
 * terminating NUL, so every token that can end the input (number, float,
 * string, comment, identifier, definition) must stop at the end of the buffer. Each input is copied into a heap block
 * of exactly its length, so the ASan build catches a read past it; the plain
 * build checks the values. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/parse.h"

struct result {
	struct st_module *m;
	size_t nerrors;
	uint32_t last_line, last_col;
};

static struct result parse_exact(const char *text)
{
	size_t n = strlen(text);
	char *exact = malloc(n ? n : 1);
	memcpy(exact, text, n);
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	struct result r = {st_parse("t.stir", exact, n, 1, &d), d.nerrors, 0, 0};
	if (d.diags.n) {
		r.last_line = d.diags.v[d.diags.n - 1].loc.line;
		r.last_col = d.diags.v[d.diags.n - 1].loc.col;
	}
	st_diag_fini(&d);
	free(exact);
	return r;
}

START_TEST(tokens_at_the_end_of_the_buffer)
{
	static const char *const good[] = {
		"\"st.s_nop\"(7)",       "\"st.s_nop\"(0x7)",    "\"st.s_nop\"(-7)", "\"st.s_nop\"()",
		"\"st.s_nop\"() # note", "\"st.s_nop\"() // x", "\"st.s_nop\"() /* x */", "\"st.s_nop\"()\n",
		"^entry:",               "^entry :",            "lbl:",             "\"st.s_nop\"(v[0:3])",
		"\"st.x\"() { f = 2.5 }", "\"st.x\"() { f = 2.5e3 }", "\"st.x\"() { s = \"a\\\"b\" }", "",
	};
	for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
		struct result r = parse_exact(good[k]);
		ck_assert_msg(r.m != NULL, "%s", good[k]);
		st_module_free(r.m);
	}
	/* A float last in its dictionary converts from its own bytes only. */
	struct result r = parse_exact("\"st.x\"() { f = 2.5e3 }");
	ck_assert_ptr_nonnull(r.m);
	ck_assert(r.m->funcs.v[0]->blocks.v[0]->first->attrs[0].value.f == 2500.0);
	st_module_free(r.m);
	r = parse_exact("\"st.x\"() { f = 1.5 }\n\"st.y\"() { g = 7.25 }");
	ck_assert_ptr_nonnull(r.m);
	ck_assert(r.m->funcs.v[0]->blocks.v[0]->last->attrs[0].value.f == 7.25);
	st_module_free(r.m);
}
END_TEST

START_TEST(errors_at_the_end_of_the_buffer)
{
	static const struct {
		const char *text;
		uint32_t line, col; /* of the last diagnostic */
	} bad[] = {
		{"\"st.x\"(\"abc", 1, 8},       /* unterminated string */
		{"\"st.x\"(\"abc\\", 1, 8},    /* ... ending in a backslash */
		{"\"st.x\"() /* open", 1, 10},  /* unterminated comment */
		{"\"st.x\"() /* open\n", 1, 10},
		{"\"st.x\"(1.5", 1, 11},        /* the operand list is cut short */
		{"\"st.x\"(1.5e", 1, 11},
		{"\"st.x\"(0x", 1, 9},          /* 0 then x: no comma between */
		{"\"st.x\"(-", 1, 9},
		{"\"st.x\"(v", 1, 9},
		{"\"st.x\"() \x01", 1, 10},    /* a bad byte, last */
		{"\"st.x\"() \x7f", 1, 10},
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		struct result r = parse_exact(bad[k].text);
		ck_assert_msg(r.m == NULL && r.nerrors > 0, "%s", bad[k].text);
		ck_assert_msg(r.last_line == bad[k].line && r.last_col == bad[k].col, "%s: %u:%u", bad[k].text,
		              r.last_line, r.last_col);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("scanner-bounds");
	TCase *tc = tcase_create("scanner-bounds");
	tcase_add_test(tc, tokens_at_the_end_of_the_buffer);
	tcase_add_test(tc, errors_at_the_end_of_the_buffer);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
