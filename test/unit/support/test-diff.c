/* Unit tests of the line diff (lib/support/diff.c): the edit script is
 * minimal (checked against a dynamic-programming LCS on random inputs) and
 * hunks match GNU `diff -u`. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/diff.h"

static size_t lcs(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	size_t *row = calloc(m + 1, sizeof *row), *prev = calloc(m + 1, sizeof *prev);
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++)
			row[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : (prev[j] > row[j - 1] ? prev[j] : row[j - 1]);
		size_t *t = prev;
		prev = row;
		row = t;
	}
	size_t r = prev[m];
	free(row);
	free(prev);
	return r;
}

START_TEST(minimal_on_random_inputs)
{
	unsigned seed = 12345;
	for (int iter = 0; iter < 2000; iter++) {
		uint32_t a[40], b[40];
		seed = seed * 1103515245u + 12345u;
		size_t n = (seed >> 16) % 40;
		seed = seed * 1103515245u + 12345u;
		size_t m = (seed >> 16) % 40;
		unsigned alpha = 1 + (unsigned)iter % 6;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			a[i] = (seed >> 16) % alpha;
		}
		for (size_t j = 0; j < m; j++) {
			seed = seed * 1103515245u + 12345u;
			b[j] = (seed >> 16) % alpha;
		}
		bool del[40], ins[40];
		size_t edits = st_diff_ids(a, n, b, m, del, ins);
		ck_assert_uint_eq(edits, n + m - 2 * lcs(a, n, b, m));
		/* The kept lines of both sides are the same sequence. */
		size_t i = 0, j = 0;
		for (;;) {
			while (i < n && del[i])
				i++;
			while (j < m && ins[j])
				j++;
			if (i == n || j == m)
				break;
			ck_assert_uint_eq(a[i], b[j]);
			i++, j++;
		}
		ck_assert(i == n && j == m);
	}
}
END_TEST

static char *udiff(const char *a, const char *b)
{
	struct st_buf out = {0};
	st_unified_diff(&out, a, strlen(a), b, strlen(b), "a", "b", 3);
	char *s = st_xstrdup(st_buf_cstr(&out));
	st_buf_free(&out);
	return s;
}

START_TEST(hunks_like_gnu_diff)
{
	char *s = udiff("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\n12\nY\n");
	ck_assert_str_eq(s, "--- a\n+++ b\n@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n"
	                    "@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n 12\n+Y\n");
	free(s);
	/* Changes six lines apart share one hunk. */
	s = udiff("1\n2\n3\n4\n5\n6\n7\n8\n", "1\nX\n3\n4\n5\n6\n7\nY\n");
	ck_assert_str_eq(s, "--- a\n+++ b\n@@ -1,8 +1,8 @@\n 1\n-2\n+X\n 3\n 4\n 5\n 6\n 7\n-8\n+Y\n");
	free(s);
	s = udiff("a\nb\n", "");
	ck_assert_str_eq(s, "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-a\n-b\n");
	free(s);
	s = udiff("", "a\nb\n");
	ck_assert_str_eq(s, "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n");
	free(s);
	s = udiff("same\n", "same\n");
	ck_assert_str_eq(s, "");
	free(s);
}
END_TEST

START_TEST(large_sparse_change_is_fast)
{
	/* 200k lines with a few scattered insertions: O((N+M)D) stays small. */
	struct st_buf a = {0}, b = {0};
	for (int i = 0; i < 200000; i++) {
		st_buf_printf(&a, "line %d\n", i);
		if (i % 40000 == 7)
			st_buf_printf(&b, "new %d\n", i);
		st_buf_printf(&b, "line %d\n", i);
	}
	struct st_buf out = {0};
	st_unified_diff(&out, a.data, a.len, b.data, b.len, "a", "b", 3);
	size_t plus = 0;
	for (size_t k = 0; k + 1 < out.len; k++)
		plus += out.data[k] == '\n' && out.data[k + 1] == '+';
	ck_assert_uint_eq(plus, 5 + 1); /* five insertions and the +++ header */
	st_buf_free(&a);
	st_buf_free(&b);
	st_buf_free(&out);
}
END_TEST

START_TEST(erasing_many_repeated_lines_is_fast)
{
	/* A quarter of 400k lines are one repeated line, all erased: the lines
	 * only one side has are set aside before the O((N+M)D) search, so this
	 * stays linear although D is 100k. */
	struct st_buf a = {0}, b = {0};
	for (int i = 0; i < 400000; i++) {
		if (i % 4 == 1) {
			st_buf_puts(&a, "wait\n");
			continue;
		}
		st_buf_printf(&a, "op %d\n", i % 1000);
		st_buf_printf(&b, "op %d\n", i % 1000);
	}
	struct st_buf out = {0};
	st_unified_diff(&out, a.data, a.len, b.data, b.len, "a", "b", 0);
	size_t minus = 0;
	for (size_t k = 0; k + 1 < out.len; k++)
		minus += out.data[k] == '\n' && out.data[k + 1] == '-';
	ck_assert_uint_eq(minus, 100000);
	st_buf_free(&a);
	st_buf_free(&b);
	st_buf_free(&out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("diff");
	tcase_add_test(tc, minimal_on_random_inputs);
	tcase_add_test(tc, hunks_like_gnu_diff);
	tcase_add_test(tc, large_sparse_change_is_fast);
	tcase_add_test(tc, erasing_many_repeated_lines_is_fast);
	tcase_set_timeout(tc, 20);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
