/* Unit tests of the --emit-dot writer (lib/analysis/cfg-dot.c) on IR built
 * with the C API: DOT escaping, highlighted waits, and the edge styles of
 * loop back edges, irreducible cycles and unreachable cycles. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/cfg.h"

static const struct st_loc noloc;

static struct st_operand text_operand(struct st_module *m, enum st_operand_kind k, const char *s)
{
	struct st_operand op = {.kind = k, .text = st_module_intern(m, s)};
	return op;
}

static char *module_dot(struct st_module *m)
{
	for (size_t k = 0; k < m->funcs.n; k++)
		st_function_compute_preds(m->funcs.v[k]);
	struct st_buf b = {0};
	st_cfg_dot_module(&b, m);
	char *s = st_xstrdup(st_buf_cstr(&b));
	st_buf_free(&b);
	return s;
}

START_TEST(dot_escaping_and_edges)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", noloc);
	struct st_block *a = st_block_new(f, "a", noloc);
	struct st_block *b = st_block_new(f, "b", noloc);
	struct st_block *c = st_block_new(f, "c", noloc);
	st_block_add_succ(a, b, noloc);
	st_block_add_succ(b, b, noloc);
	st_block_add_succ(b, c, noloc);
	st_block_add_succ(c, a, noloc);
	struct st_inst *odd = st_inst_new(m, "s_nop", noloc);
	st_inst_add_src(m, odd, text_operand(m, ST_OPND_SYMBOL, "<&\"{|}'>"));
	st_block_append(a, odd);
	struct st_inst *w = st_wait_new(m, ST_CNT_TENSOR, 0, noloc);
	st_block_append(b, w);
	st_block_append(b, st_inst_new(m, "s_barrier", noloc));

	char *got = module_dot(m);
	ck_assert_ptr_nonnull(strstr(got, "digraph \"f\" {\n"));
	ck_assert_ptr_nonnull(strstr(got, "<TD ALIGN=\"LEFT\">s_nop &lt;&amp;&quot;{|}&#39;&gt;</TD>"));
	ck_assert_ptr_nonnull(strstr(got, "<B>^a</B>"));
	ck_assert_ptr_nonnull(strstr(got, "<FONT COLOR=\"#C00000\"><B>s_wait_tensorcnt 0</B></FONT>"));
	/* The split barrier is two rows. */
	ck_assert_ptr_nonnull(strstr(got, ">s_barrier_signal -1</TD></TR>\n<TR><TD ALIGN=\"LEFT\">s_barrier_wait -1</TD>"));
	ck_assert_ptr_nonnull(strstr(got, "  b0 -> b1;\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b1 -> b1 [style=dashed color=\"#1F5FBF\" constraint=false tailport=se headport=ne];\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b1 -> b2;\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b2 -> b0 [style=dashed color=\"#1F5FBF\" constraint=false tailport=se headport=ne];\n"));
	free(got);
	st_module_free(m);
}
END_TEST

/* A cycle that the entry does not reach is still broken by one retreating
 * edge, so dot can rank it. */
START_TEST(dot_unreachable_cycle)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "", noloc);
	st_block_new(f, "entry", noloc);
	struct st_block *x = st_block_new(f, "x", noloc);
	struct st_block *y = st_block_new(f, "y", noloc);
	st_block_add_succ(x, y, noloc);
	st_block_add_succ(y, x, noloc);
	char *got = module_dot(m);
	ck_assert_ptr_nonnull(strstr(got, "digraph \"stir\" {\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b1 -> b2;\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b2 -> b1 [style=dotted color=\"#B05F00\" constraint=false tailport=se headport=ne];\n"));
	free(got);
	st_module_free(m);
}
END_TEST

/* Two entries into one cycle: the retreating edge is not a loop back edge
 * (its target does not dominate its source) and is drawn dotted. */
START_TEST(dot_irreducible)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "g", noloc);
	struct st_block *e = st_block_new(f, "entry", noloc);
	struct st_block *x = st_block_new(f, "x", noloc);
	struct st_block *y = st_block_new(f, "y", noloc);
	st_block_add_succ(e, x, noloc);
	st_block_add_succ(e, y, noloc);
	st_block_add_succ(x, y, noloc);
	st_block_add_succ(y, x, noloc);
	char *got = module_dot(m);
	ck_assert_ptr_nonnull(strstr(got, "  b0 -> b1;\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b0 -> b2;\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b1 -> b2;\n"));
	ck_assert_ptr_nonnull(strstr(got, "  b2 -> b1 [style=dotted"));
	ck_assert_ptr_null(strstr(got, "dashed"));
	free(got);
	st_module_free(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("analysis-cfg-dot");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, dot_escaping_and_edges);
	tcase_add_test(tc, dot_unreachable_cycle);
	tcase_add_test(tc, dot_irreducible);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
