/* Unit tests of st_lex_fast, the loop over flex's buffer that finds the
 * common tokens before the DFA runs: for every token class, and for every
 * .stir file of the repository, the tokens it makes (kind, location, text,
 * value), the diagnostics and the result must be exactly those of the flex
 * rules alone. Each input is also read in small chunks, so tokens end at
 * flex's buffer end, where st_lex_fast must leave them to the DFA. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parse/parse-internal.h"

struct token {
	int tok;
	bool fast;
	uint32_t line, col;
	char *text;  /* the matched bytes */
	char *value; /* the value's string, if it has one */
	struct st_tok val;
};

struct trace {
	ST_VEC(struct token) v;
	char *diags;
	bool ok;
};

/* The tokens whose semantic value the lexer writes. */
static bool has_value(int t)
{
	switch (t) {
	case IDENT: case BLOCK_REF: case FUNC_NAME: case BLOCK_DEF: case LABEL_DEF: case INT: case HEX: case FLOAT:
	case STRING: case BOOL: case REG_RANGE:
		return true;
	default:
		return false;
	}
}

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (n)
		memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static void on_token(void *ctx, int tok, bool fast, const ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text,
                     size_t n)
{
	struct trace *tr = ctx;
	struct token t = {.tok = tok, .fast = fast, .line = loc->line, .col = loc->col, .text = dup_n(text, n)};
	if (has_value(tok)) {
		t.val = val->tok;
		t.value = val->tok.s ? dup_n(val->tok.s, val->tok.n) : NULL;
		t.val.s = NULL;
	}
	st_vec_push(&tr->v, t);
}

struct chunked {
	const char *text;
	size_t len, pos, chunk;
	bool fail; /* the read after the last byte fails */
};

static ptrdiff_t read_chunk(void *ctx, char *buf, size_t max)
{
	struct chunked *in = ctx;
	size_t n = in->len - in->pos;
	if (!n && in->fail) {
		errno = EIO;
		return -1;
	}
	if (n > max)
		n = max;
	if (n > in->chunk)
		n = in->chunk;
	memcpy(buf, in->text + in->pos, n);
	in->pos += n;
	return (ptrdiff_t)n;
}

static struct trace lex(const char *text, size_t len, size_t chunk, bool fail, bool dfa_only)
{
	struct trace tr = {0};
	struct st_lex_probe probe = {.dfa_only = dfa_only, .token = on_token, .ctx = &tr};
	struct chunked in = {text, len, 0, chunk, fail};
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	struct st_module *m = st_parse_probed("t.stir", read_chunk, &in, &probe, &d);
	struct st_buf b = {0};
	for (size_t k = 0; k < d.diags.n; k++)
		st_buf_printf(&b, "%u:%u: %s\n", d.diags.v[k].loc.line, d.diags.v[k].loc.col, d.diags.v[k].msg);
	tr.diags = dup_n(b.data ? b.data : "", b.len);
	tr.ok = m != NULL;
	st_buf_free(&b);
	st_module_free(m);
	st_diag_fini(&d);
	return tr;
}

static void trace_free(struct trace *tr)
{
	for (size_t k = 0; k < tr->v.n; k++) {
		free(tr->v.v[k].text);
		free(tr->v.v[k].value);
	}
	st_vec_free(&tr->v);
	free(tr->diags);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The first token where the two traces differ, or -1. */
static long first_difference(const struct trace *a, const struct trace *b)
{
	size_t n = a->v.n < b->v.n ? a->v.n : b->v.n;
	for (size_t k = 0; k < n; k++) {
		const struct token *x = &a->v.v[k], *y = &b->v.v[k];
		if (x->tok != y->tok || x->line != y->line || x->col != y->col || strcmp(x->text, y->text) != 0 ||
		    !same_str(x->value, y->value) || x->val.n != y->val.n || x->val.kind != y->val.kind ||
		    x->val.i != y->val.i || memcmp(&x->val.hi, &y->val.hi, sizeof x->val.hi) != 0)
			return (long)k;
	}
	return a->v.n == b->v.n ? -1 : (long)n;
}

/* Lexes text with st_lex_fast in one piece and in chunks of several sizes,
 * against the flex rules alone, with the input ending normally or in a
 * failed read (which must be reported at the same place); returns the
 * one-piece trace. */
static struct trace lex_same(const char *name, const char *text, size_t len, bool fail)
{
	static const size_t chunks[] = {(size_t)-1, 1, 2, 3, 7, 64, 4093};
	struct trace dfa = lex(text, len, (size_t)-1, fail, true);
	for (size_t k = 0; k < dfa.v.n; k++)
		ck_assert_msg(!dfa.v.v[k].fast, "%s: a token from st_lex_fast with it turned off", name);
	struct trace first = {0};
	for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++) {
		struct trace fast = lex(text, len, chunks[c], fail, false);
		long at = first_difference(&fast, &dfa);
		if (at >= 0) {
			const struct token *t = (size_t)at < fast.v.n ? &fast.v.v[at] : NULL;
			ck_abort_msg("%s, chunks of %zu: token %ld differs from the flex rules' (%s '%s' at %u:%u)", name,
			             chunks[c], at, t ? (t->fast ? "fast" : "dfa") : "missing", t ? t->text : "",
			             t ? t->line : 0, t ? t->col : 0);
		}
		ck_assert_msg(strcmp(fast.diags, dfa.diags) == 0, "%s, chunks of %zu: diagnostics differ:\n%s---\n%s", name,
		              chunks[c], fast.diags, dfa.diags);
		ck_assert_msg(fast.ok == dfa.ok, "%s, chunks of %zu: results differ", name, chunks[c]);
		if (c == 0)
			first = fast;
		else
			trace_free(&fast);
	}
	trace_free(&dfa);
	return first;
}

static struct trace check_same(const char *name, const char *text, size_t len)
{
	struct trace first = lex_same(name, text, len, false);
	struct trace failed = lex_same(name, text, len, true);
	trace_free(&failed);
	return first;
}

static const char every_class[] =
	"# comment\n"
	"// comment\n"
	"/* block\n   comment */\n"
	"st.func @kernel() {\n"
	"^entry:\n"
	"  v[4:7] = \"st.global_load_b128\"(s[0:1], v2, off) { mod.memtoken = { tokens = [0, 1] } }\n"
	"  v8 = \"st.v_mov_b32\"(-v3, 7, -7, 0x1F, -0x2, 1.5, -2.25e+3, 3.) { name = \"a\\\"b\\\\c\", flag = true }\n"
	"  v8 = \"st.v_mov_b32\"(-v3, 7, -7, 0x1F, -0x2, 1.5, -2.25e+3, 3.) { name = \"a\\\"b\\\\c\", flag = true }\n"
	"  v9 = \"st.v_mov_b32\"(v8) { mod.memtoken = { tokens = [0, 1] } }   \t\n"
	"  v9 = \"st.v_mov_b32\"(v8) { mod.memtoken = { tokens = [0, 1] } }   \t\n"
	"  \"st.s_setreg_b32\"(hwreg(HW_REG_MODE, 0, 4), s2) {\n"
	"    a = false,\n"
	"    b = [ ],\n"
	"    c = { }\n"
	"  }\n"
	"  v[3:1] = \"st.v_mov_b32\"(v[1:0], vcc_lo, label_a)\n"
	"  \"st.s_cbranch_scc1\"() { target = ^loop }\n"
	"local :\n"
	"  Successors: ^loop, ^exit\n"
	"^loop :\n"
	"  \"st.s_nop\"(0)\n"
	"  Successors: ^exit\n"
	"^exit:\n"
	"  \"st.s_endpgm\"()\n"
	"}\n"
	"\"unterminated\n"
	"\"bad\" $ \x01 \n"
	"\"st.s_nop\"(99999999999999999999)\n"
	"\"st.s_nop\"(0x11111111111111111)\n";

/* The token classes st_lex_fast takes; each must come from it at least
 * once, so the comparison covers all of them. */
static const int fast_classes[] = {
	NEWLINE, STRING, '{', ATTRS_SEEN, '(', ')', ',', '=', '}', '[', ']', IDENT, REG_RANGE, BLOCK_REF, FUNC_NAME,
	KW_FUNC, BOOL,
};

START_TEST(every_token_class_as_flex_makes_it)
{
	struct trace tr = check_same("every class", every_class, sizeof every_class - 1);
	for (size_t c = 0; c < sizeof fast_classes / sizeof *fast_classes; c++) {
		bool seen = false;
		for (size_t k = 0; k < tr.v.n && !seen; k++)
			seen = tr.v.v[k].tok == fast_classes[c] && tr.v.v[k].fast;
		ck_assert_msg(seen, "token %d never came from st_lex_fast", fast_classes[c]);
	}
	trace_free(&tr);
}
END_TEST

/* Every byte in every place where st_lex_fast tests a class of bytes:
 * identifier start and rest, blanks, string contents, register indexes,
 * after a definition's blanks, and after an instruction's '{'. */
START_TEST(every_byte_in_every_class)
{
	static const char *const shapes[] = {
		"%cb = \"st.x\"(v1)\n", "\"st.x\"(a%cb)\n",  "\"st.x\"(v1 %c v2)\n", "\"s%ct\"()\n",
		"v[1%c2] = \"st.x\"()\n", "v[1:%c] = \"st.x\"()\n", "lab %c:\n", "\"st.x\"() {%c}\n",
		"\"st.x\"() { a = 1 }\n\"st.x\"() { a = 1 }%c\n", "\"st.x\"(v1)%c",
	};
	char text[64];
	for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
		/* The shape with its "%c" replaced by the byte (a NUL too). */
		const char *at = strstr(shapes[s], "%c");
		size_t pre = (size_t)(at - shapes[s]), post = strlen(at + 2);
		memcpy(text, shapes[s], pre);
		memcpy(text + pre + 1, at + 2, post);
		for (int c = 0; c < 256; c++) {
			text[pre] = (char)c;
			struct trace tr = check_same(shapes[s], text, pre + 1 + post);
			trace_free(&tr);
		}
	}
}
END_TEST

static void check_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	struct st_buf b = {0};
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		st_buf_putn(&b, chunk, n);
	fclose(f);
	struct trace tr = check_same(path, b.data ? b.data : "", b.len);
	trace_free(&tr);
	st_buf_free(&b);
}

static size_t walk(const char *dir)
{
	size_t files = 0;
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		size_t n = strlen(dir) + strlen(e->d_name) + 2;
		char *path = malloc(n);
		snprintf(path, n, "%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			files += walk(path);
		} else if (strlen(e->d_name) > 5 && strcmp(e->d_name + strlen(e->d_name) - 5, ".stir") == 0) {
			check_file(path);
			files++;
		}
		free(path);
	}
	closedir(d);
	return files;
}

START_TEST(every_stir_file_as_flex_reads_it)
{
	size_t files = walk(ST_SOURCE_ROOT "/test") + walk(ST_SOURCE_ROOT "/examples");
	ck_assert_uint_gt(files, 50);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("lex-fast");
	TCase *tc = tcase_create("lex-fast");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, every_token_class_as_flex_makes_it);
	tcase_add_test(tc, every_byte_in_every_class);
	tcase_add_test(tc, every_stir_file_as_flex_reads_it);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
