/* Unit tests of source lines in diagnostics (lib/support/diag.c): lines are
 * found through an index, so tens of thousands of diagnostics in any order
 * quote the right lines in one pass over the text; a part of a file starting
 * at a later line is quoted by the file's line numbers; a file registered by
 * name is read back when a line is first quoted, and a file that cannot be
 * read gives diagnostics without the line. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stinkytofu/diag.h"

enum { NLINES = 60000 };

struct capture {
	char *text;
	size_t len;
	FILE *f;
};

static void capture_open(struct capture *c, struct st_diag_engine *d)
{
	c->f = open_memstream(&c->text, &c->len);
	ck_assert_ptr_nonnull(c->f);
	st_diag_init(d, c->f);
}

static void capture_close(struct capture *c, struct st_diag_engine *d)
{
	st_diag_fini(d);
	fclose(c->f);
}

/* Line k (1-based) of the test text: distinct, of varying length. */
static void put_line(struct st_buf *b, unsigned k)
{
	st_buf_printf(b, "line %u%.*s", k, (int)(k % 13), "-------------");
}

/* Every line gets an error, last line first: quadratic if each diagnostic
 * looked for its line from the top (the timeout catches that). */
START_TEST(many_diagnostics_quote_their_lines)
{
	struct st_buf text = {0}, want = {0};
	/* Odd lines end in CR LF, shown without the CR. */
	for (unsigned k = 1; k <= NLINES; k++) {
		put_line(&text, k);
		st_buf_puts(&text, k % 2 ? "\r\n" : "\n");
	}
	struct st_diag_engine d;
	struct capture c;
	capture_open(&c, &d);
	st_diag_add_source(&d, "t.stir", text.data, text.len);
	for (unsigned k = NLINES; k >= 1; k--) {
		st_error(&d, ((struct st_loc){"t.stir", k, 6}), "at %u", k);
		st_buf_printf(&want, "t.stir:%u:6: error: at %u\n", k, k);
		put_line(&want, k);
		st_buf_puts(&want, "\n     ^\n");
	}
	capture_close(&c, &d);
	ck_assert_uint_eq(c.len, want.len);
	ck_assert(memcmp(c.text, want.data, want.len) == 0);
	free(c.text);
	st_buf_free(&text);
	st_buf_free(&want);
}
END_TEST

START_TEST(lines_past_the_end_and_parts_of_files)
{
	static const char text[] = "first\nsecond\n";
	struct st_diag_engine d;
	struct capture c;
	capture_open(&c, &d);
	st_diag_add_source(&d, "a.stir", text, strlen(text));
	st_diag_add_source_at(&d, "b.stir", text, strlen(text), 100);
	st_error(&d, ((struct st_loc){"a.stir", 3, 1}), "past the end");
	st_error(&d, ((struct st_loc){"a.stir", 2, 3}), "second");
	st_error(&d, ((struct st_loc){"b.stir", 101, 2}), "part");
	st_error(&d, ((struct st_loc){"b.stir", 99, 1}), "before the part");
	st_error(&d, ((struct st_loc){"a.stir", 1, 1}), "first");
	capture_close(&c, &d);
	ck_assert_str_eq(c.text, "a.stir:3:1: error: past the end\n"
	                         "a.stir:2:3: error: second\nsecond\n  ^\n"
	                         "b.stir:101:2: error: part\nsecond\n ^\n"
	                         "b.stir:99:1: error: before the part\n"
	                         "a.stir:1:1: error: first\nfirst\n^\n");
	free(c.text);
}
END_TEST

START_TEST(files_are_read_back_on_demand)
{
	char path[] = "/tmp/stinkytofu-diag-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	static const char text[] = "one\n\ttwo\nthree";
	ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
	close(fd);

	struct st_diag_engine d;
	struct capture c;
	capture_open(&c, &d);
	st_diag_add_file(&d, path);
	st_diag_add_file(&d, "/nonexistent/dir/x.stir");
	st_note(&d, ((struct st_loc){path, 0, 0}), "no line: the file is not read");
	ck_assert_ptr_null(d.sources.v[0].text);
	st_error(&d, ((struct st_loc){path, 3, 2}), "three");
	st_error(&d, ((struct st_loc){path, 2, 3}), "two");
	st_error(&d, ((struct st_loc){"/nonexistent/dir/x.stir", 1, 1}), "unreadable");
	st_error(&d, ((struct st_loc){"/nonexistent/dir/x.stir", 2, 1}), "still unreadable");
	ck_assert(d.sources.v[1].unreadable);
	capture_close(&c, &d);
	unlink(path);

	struct st_buf want = {0};
	st_buf_printf(&want, "%s: note: no line: the file is not read\n", path);
	st_buf_printf(&want, "%s:3:2: error: three\nthree\n ^\n", path);
	st_buf_printf(&want, "%s:2:3: error: two\n\ttwo\n\t ^\n", path);
	st_buf_puts(&want, "/nonexistent/dir/x.stir:1:1: error: unreadable\n"
	                   "/nonexistent/dir/x.stir:2:1: error: still unreadable\n");
	ck_assert_str_eq(c.text, st_buf_cstr(&want));
	st_buf_free(&want);
	free(c.text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("diag-lines");
	TCase *tc = tcase_create("diag-lines");
	tcase_set_timeout(tc, 10);
	tcase_add_test(tc, many_diagnostics_quote_their_lines);
	tcase_add_test(tc, lines_past_the_end_and_parts_of_files);
	tcase_add_test(tc, files_are_read_back_on_demand);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
