/* Unit tests of the streaming reader: the scanner reads its input in chunks
 * and the text before the current token is overwritten at every refill, so
 * every token must carry its own copy of its text. Each input is parsed from
 * memory in one piece and again through a read function that returns 1 to 7
 * bytes at a time (tokens, long lines, attribute texts remembered for
 * ATTRS_SEEN and errors then straddle refills everywhere); the printed
 * modules and the printed diagnostics, with LINE:COL and quoted lines, must
 * be the same. A failed read is a located error. */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/parse.h"
#include "stinkytofu/print.h"

struct trickle {
	const char *text;
	size_t len, pos;
	unsigned seed;
	size_t fail_at; /* 0: never; else the read after this many bytes fails */
	bool whole;     /* each read returns all it may, as st_parse's do */
};

static ptrdiff_t trickle_read(void *ctx, char *buf, size_t max)
{
	struct trickle *t = ctx;
	if (t->fail_at && t->pos >= t->fail_at) {
		errno = EIO;
		return -1;
	}
	t->seed = t->seed * 1103515245u + 12345u;
	size_t n = t->whole ? max : 1 + (t->seed >> 16) % 7;
	if (n > max)
		n = max;
	if (n > t->len - t->pos)
		n = t->len - t->pos;
	if (t->fail_at && n > t->fail_at - t->pos)
		n = t->fail_at - t->pos;
	memcpy(buf, t->text + t->pos, n);
	t->pos += n;
	return (ptrdiff_t)n;
}

struct outcome {
	char *module; /* NULL when the parse failed */
	char *diags;
	size_t nerrors;
};

enum how { MEMORY, TRICKLE, FILE_STREAM, ONE_READ };

static struct outcome run(const char *text, size_t len, enum how how, size_t fail_at)
{
	struct outcome o = {0};
	size_t dlen;
	FILE *out = open_memstream(&o.diags, &dlen);
	ck_assert_ptr_nonnull(out);
	struct st_diag_engine d;
	st_diag_init(&d, out);
	st_diag_add_source(&d, "t.stir", text, len);
	struct st_module *m = NULL;
	if (how == MEMORY) {
		m = st_parse("t.stir", text, len, 1, &d);
	} else if (how == TRICKLE || how == ONE_READ) {
		struct trickle t = {text, len, 0, 1, fail_at, how == ONE_READ};
		m = st_parse_stream("t.stir", trickle_read, &t, 1, &d);
	} else {
		FILE *f = tmpfile();
		ck_assert_ptr_nonnull(f);
		ck_assert_uint_eq(fwrite(text, 1, len, f), len);
		rewind(f);
		m = st_parse_file("t.stir", f, &d);
		fclose(f);
	}
	o.nerrors = d.nerrors;
	if (m) {
		struct st_buf b = {0};
		st_print_module(&b, m);
		o.module = strdup(st_buf_cstr(&b));
		st_buf_free(&b);
		st_module_free(m);
	}
	st_diag_fini(&d);
	fclose(out);
	return o;
}

static void outcome_free(struct outcome *o)
{
	free(o->module);
	free(o->diags);
}

/* Parses `text` all three ways, checks they agree, returns the memory one. */
static struct outcome agree(const char *text, size_t len)
{
	struct outcome mem = run(text, len, MEMORY, 0);
	const enum how others[] = {TRICKLE, FILE_STREAM};
	for (size_t k = 0; k < 2; k++) {
		struct outcome o = run(text, len, others[k], 0);
		ck_assert_uint_eq(o.nerrors, mem.nerrors);
		ck_assert_str_eq(o.diags, mem.diags);
		if (mem.module)
			ck_assert_str_eq(o.module ? o.module : "(no module)", mem.module);
		else
			ck_assert_ptr_null(o.module);
		outcome_free(&o);
	}
	return mem;
}

/* A kernel with every kind of token, repeated one-line attribute texts (the
 * repeats are ATTRS_SEEN tokens), ones that do not qualify (a comment after
 * them, a line break inside), and a line of 120 KB, longer than the
 * scanner's 64 KiB buffer. */
static char *kernel(size_t *len)
{
	struct st_buf b = {0};
	st_buf_puts(&b, "// streamed\nst.func @k() {\n^entry:\n");
	for (int k = 0; k < 300; k++) {
		st_buf_printf(&b, "  v[%d:%d] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = { na = 1, offset = %d } }\n",
		              k % 64, k % 64 + 3, (k % 3) * 256);
		st_buf_printf(&b, "  s%d = \"st.s_mov_b32\"(0x%x) { note = \"a\\\"b\\\\c\", f = %d.5e1 }  \r\n", k % 100, k,
		              k % 5);
		st_buf_puts(&b, "  \"st.s_nop\"(0) { mod.note = { pad = [1, 2, 3] } } // not remembered\n");
		st_buf_puts(&b, "  \"st.s_setreg_b32\"(hwreg(HW_REG_MODE, 0, 4), s1) { x = {\n      y = true } }\n");
		if (k % 50 == 0) {
			st_buf_puts(&b, "  /* a comment\n     over lines */ label_");
			st_buf_printf(&b, "%d:\n", k);
		}
	}
	st_buf_puts(&b, "  v0 = \"st.v_add_f32\"(");
	for (int k = 0; k < 24000; k++)
		st_buf_printf(&b, "v%d, ", k % 256);
	st_buf_puts(&b, "v1) { mod.note = { pad = 1 } }\n  Successors: ^next\n^next:\n  \"st.s_endpgm\"()\n}\n");
	*len = b.len;
	return b.data;
}

START_TEST(streamed_kernel_reads_like_memory)
{
	size_t len;
	char *text = kernel(&len);
	struct outcome o = agree(text, len);
	ck_assert_ptr_nonnull(o.module);
	ck_assert_uint_eq(o.nerrors, 0);
	ck_assert_ptr_nonnull(strstr(o.module, "{ note = \"a\\\"b\\\\c\", f = 4.5e1 }"));
	ck_assert_ptr_nonnull(strstr(o.module, "v255, v0, v1, "));
	outcome_free(&o);
	free(text);
}
END_TEST

/* Errors of every kind, also after and inside attribute texts seen before
 * and at column 96,000 of a long line. */
START_TEST(streamed_errors_read_like_memory)
{
	struct st_buf b = {0};
	const char *attrs = "{ issueCycles = 4, mod.ds = { na = 1, offset = 0 } }";
	for (int k = 0; k < 40; k++) {
		st_buf_printf(&b, "v1 = \"st.ds_load_b128\"(v8) %s\n", attrs);
		switch (k % 10) {
		case 0: st_buf_puts(&b, "\"st.s_nop\"(0) { a = b[1] }\n"); break;
		case 1: st_buf_printf(&b, "v1 = \"st.ds_load_b128\"(v8 v9) %s\n", attrs); break;
		case 2: st_buf_printf(&b, "v1 = \"st.ds_load_b128\"(v8) %s junk\n", attrs); break;
		case 3: st_buf_puts(&b, "v1 = \"st.v_mov_b32\"(q[0:1]) $\n"); break;
		case 4: st_buf_puts(&b, "\"st.s_nop\"(\"unterminated)\n"); break;
		case 5: st_buf_puts(&b, "\"st.s_nop\"(0)"), st_buf_putn(&b, "\0", 1), st_buf_puts(&b, "\n"); break;
		case 6: st_buf_puts(&b, "\"st.s_nop\"(99999999999999999999) { a = 0x1ffffffffffffffff }\n"); break;
		case 7: st_buf_printf(&b, "v1 = \"st.ds_load_b128\"(v8) %s\n", "{ mod.ds = { na = -5 } }"); break;
		case 8: st_buf_puts(&b, "^b:\n^b:\n"); break;
		case 9: st_buf_puts(&b, "v0 = \"st.v_mov_b32\"(v[3:1]) { x = { y = [1, { }] } }\n"); break;
		}
	}
	st_buf_puts(&b, "v0 = \"st.v_add_f32\"(");
	for (int k = 0; k < 24000; k++)
		st_buf_puts(&b, "v1, ");
	st_buf_puts(&b, "q[0:1])\n\"st.s_nop\"(0) /* unterminated");
	struct outcome o = agree(b.data, b.len);
	ck_assert_ptr_null(o.module);
	ck_assert_uint_gt(o.nerrors, 20);
	/* b[1] is read as far as ']' and given back after 'b'. */
	ck_assert_ptr_nonnull(strstr(o.diags, "t.stir:2:22: error: unexpected '['"));
	ck_assert_ptr_nonnull(strstr(o.diags, "t.stir:4:27: error: unexpected 'v9', expected ')' or ','\n"
	                                      "v1 = \"st.ds_load_b128\"(v8 v9) { issueCycles"));
	ck_assert_ptr_nonnull(strstr(o.diags, "t.stir:6:81: error: unexpected 'junk'"));
	ck_assert_ptr_nonnull(strstr(o.diags, "t.stir:12:14: error: NUL byte in input\n"));
	ck_assert_ptr_nonnull(strstr(o.diags, ":96021: error: unknown register class 'q'; did you mean 'v'?\n"));
	ck_assert_ptr_nonnull(strstr(o.diags, ":15: error: unterminated '/*' comment\n\"st.s_nop\"(0) /* unterminated\n"));
	outcome_free(&o);
	st_buf_free(&b);
}
END_TEST

/* Every prefix of a small kernel: whatever token the input ends in. */
START_TEST(streamed_prefixes_read_like_memory)
{
	const char *text = "st.func @f() {\n^a:\n  v[0:3] = \"st.x\"(s1, -v2, 0x1f, 2.5e3, \"s\\\"t\", hwreg(HW_REG_MODE, 0, 4))"
	                   " { k = { n = 1, m = [1, 2] } }\n  v1 = \"st.x\"() { k = { n = 1, m = [1, 2] } } # c\n"
	                   "  Successors: ^a\n}\n";
	for (size_t n = 0; n <= strlen(text); n++) {
		struct outcome o = agree(text, n);
		outcome_free(&o);
	}
}
END_TEST

START_TEST(read_error_is_located_where_the_text_ends)
{
	const char *text = "\"st.s_nop\"(0)\n\"st.s_nop\"(1)\n\"st.s_nop\"(2)\n";
	struct outcome o = run(text, strlen(text), TRICKLE, 20);
	ck_assert_ptr_null(o.module);
	ck_assert_uint_eq(o.nerrors, 1);
	ck_assert_str_eq(o.diags, "t.stir:2:7: error: cannot read 't.stir': Input/output error\n"
	                          "\"st.s_nop\"(1)\n"
	                          "      ^\n");
	outcome_free(&o);
	/* Just after a line break. */
	o = run(text, strlen(text), TRICKLE, 14);
	ck_assert_str_eq(o.diags, "t.stir:2:1: error: cannot read 't.stir': Input/output error\n"
	                          "\"st.s_nop\"(1)\n"
	                          "^\n");
	outcome_free(&o);
}
END_TEST

/* A read failing just after a string: the scanner looks at the byte after
 * a token to see that it ends, so the read fails while the string is being
 * read, whether the text came in one read or a byte at a time, and the
 * string's own error (here: a string where '=' must follow) is not
 * reported. When the text came in one read, the string's end was found in
 * the buffer without reading on, and its error came first. */
START_TEST(read_error_after_a_string_is_reported_alike)
{
	const char *text = "\"st.s_nop\"(0)\nv0 \"ab\"\n\"st.s_nop\"(1)\n";
	const char *want = "t.stir:2:8: error: cannot read 't.stir': Input/output error\n"
	                   "v0 \"ab\"\n"
	                   "       ^\n";
	for (int k = 0; k < 2; k++) {
		struct outcome o = run(text, strlen(text), k ? ONE_READ : TRICKLE, 21);
		ck_assert_ptr_null(o.module);
		ck_assert_str_eq(o.diags, want);
		outcome_free(&o);
	}
}
END_TEST

static Suite *stream_suite(void)
{
	Suite *s = suite_create("parse-stream");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, streamed_kernel_reads_like_memory);
	tcase_add_test(tc, streamed_errors_read_like_memory);
	tcase_add_test(tc, streamed_prefixes_read_like_memory);
	tcase_add_test(tc, read_error_is_located_where_the_text_ends);
	tcase_add_test(tc, read_error_after_a_string_is_reported_alike);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(stream_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
