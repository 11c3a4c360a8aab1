/* Unit tests of the --emit-asm writer on IR built with the C API: operand
 * order, hidden operands, modifiers, label resolution and the waits the tool
 * creates. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/print.h"
#include "stinkytofu/isa.h"

static const struct st_loc noloc;

static struct st_operand reg(enum st_regclass c, uint32_t i, uint32_t n)
{
	return st_reg_operand(c, i, n);
}

static struct st_operand text_operand(struct st_module *m, enum st_operand_kind k, const char *s)
{
	struct st_operand op = {.kind = k, .text = st_module_intern(m, s)};
	return op;
}

static struct st_operand hex(struct st_module *m, const char *s)
{
	struct st_operand op = {.kind = ST_OPND_HEX, .text = st_module_intern(m, s), .ival = strtol(s, NULL, 16)};
	return op;
}

static void add_mod(struct st_module *m, struct st_inst *i, const char *kind, size_t n, const char *const names[],
                    const struct st_value vals[])
{
	struct st_attr a = {.name = st_module_intern(m, kind), .value = st_dict_value(m, n, names, vals)};
	st_inst_add_attr(m, i, a);
}

static struct st_value name_value(struct st_module *m, const char *s)
{
	struct st_value v = {.kind = ST_VAL_NAME, .text = st_module_intern(m, s)};
	return v;
}

/* The assembly of one instruction, as a fresh string. */
static char *asm_of(const struct st_inst *i)
{
	struct st_buf b = {0};
	st_print_asm_inst(&b, i);
	char *s = st_xstrdup(st_buf_cstr(&b));
	st_buf_free(&b);
	return s;
}

#define ck_asm(inst, want)                                                     \
	do {                                                                       \
		char *got_ = asm_of(inst);                                             \
		ck_assert_str_eq(got_, want);                                          \
		free(got_);                                                            \
	} while (0)

START_TEST(created_waits)
{
	struct st_module *m = st_module_new("t.stir");
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		/* Clamped to the counter's field: 63, or 31 for the 5-bit kmcnt. */
		int max = c == ST_CNT_KM ? 31 : 63;
		const int counts[] = {0, 2, max, 100};
		const int want[] = {0, 2, max, max};
		for (int k = 0; k < 4; k++) {
			struct st_inst *w = st_wait_new(m, (enum st_counter)c, counts[k], noloc);
			char expect[64];
			snprintf(expect, sizeof expect, "%s %d", st_counter_wait_mnemonic((enum st_counter)c), want[k]);
			ck_asm(w, expect);
		}
	}
	st_module_free(m);
}
END_TEST

START_TEST(wait_count_from_modifier)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_inst *w = st_inst_new(m, "s_wait_dscnt", noloc);
	static const char *const names[] = {"vlcnt", "vscnt", "dlcnt", "dscnt", "kmcnt"};
	struct st_value vals[] = {st_int_value(-1), st_int_value(-1), st_int_value(5), st_int_value(-1), st_int_value(-1)};
	add_mod(m, w, "mod.swaitcnt", 5, names, vals);
	ck_asm(w, "s_wait_dscnt 5");

	struct st_inst *p = st_inst_new(m, "s_wait_loadcnt_dscnt", noloc);
	struct st_value pv[] = {st_int_value(3), st_int_value(-1), st_int_value(2), st_int_value(-1), st_int_value(-1)};
	add_mod(m, p, "mod.swaitcnt", 5, names, pv);
	ck_asm(p, "s_wait_loadcnt_dscnt 0x302");

	struct st_inst *q = st_inst_new(m, "s_wait_storecnt_dscnt", noloc);
	st_inst_add_src(m, q, hex(m, "0x3f00"));
	ck_asm(q, "s_wait_storecnt_dscnt 0x3f00");
	st_module_free(m);
}
END_TEST

START_TEST(hidden_operands)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_inst *cmp = st_inst_new(m, "s_cmp_eq_u32", noloc);
	st_inst_add_dst(m, cmp, reg(ST_REG_SCC, 0, 1));
	st_inst_add_src(m, cmp, reg(ST_REG_S, 60, 1));
	st_inst_add_src(m, cmp, hex(m, "0x1"));
	ck_asm(cmp, "s_cmp_eq_u32 s60, 0x1");

	struct st_inst *tl = st_inst_new(m, "tensor_load_to_lds", noloc);
	st_inst_add_dst(m, tl, reg(ST_REG_LDS, 0, 1));
	st_inst_add_dst(m, tl, reg(ST_REG_LDS, 1, 1));
	st_inst_add_src(m, tl, reg(ST_REG_S, 0, 4));
	st_inst_add_src(m, tl, reg(ST_REG_S, 4, 8));
	ck_asm(tl, "tensor_load_to_lds s[0:3], s[4:11]");

	struct st_inst *cnd = st_inst_new(m, "v_cndmask_b32", noloc);
	st_inst_add_dst(m, cnd, reg(ST_REG_V, 0, 1));
	st_inst_add_src(m, cnd, reg(ST_REG_V, 1, 1));
	st_inst_add_src(m, cnd, reg(ST_REG_V, 2, 1));
	st_inst_add_src(m, cnd, text_operand(m, ST_OPND_SYMBOL, "vcc_lo"));
	st_inst_add_src(m, cnd, reg(ST_REG_VCC_LO, 0, 1));
	st_inst_add_src(m, cnd, reg(ST_REG_EXEC_LO, 0, 1));
	ck_asm(cnd, "v_cndmask_b32 v0, v1, v2, vcc_lo");

	struct st_inst *mov = st_inst_new(m, "s_mov_b64", noloc);
	st_inst_add_dst(m, mov, reg(ST_REG_S, 0, 2));
	st_inst_add_src(m, mov, reg(ST_REG_SRC_SHARED_BASE, 0, 1));
	ck_asm(mov, "s_mov_b64 s[0:1], src_shared_base");

	struct st_inst *acc = st_inst_new(m, "v_accvgpr_read_b32", noloc);
	st_inst_add_dst(m, acc, reg(ST_REG_V, 0, 1));
	st_inst_add_src(m, acc, reg(ST_REG_ACC, 4, 4));
	ck_asm(acc, "v_accvgpr_read_b32 v0, a[4:7]");
	st_module_free(m);
}
END_TEST

START_TEST(memory_modifiers)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_inst *ds = st_inst_new(m, "ds_load_b128", noloc);
	st_inst_add_dst(m, ds, reg(ST_REG_V, 0, 4));
	st_inst_add_src(m, ds, reg(ST_REG_V, 8, 1));
	st_inst_add_src(m, ds, reg(ST_REG_LDS, 0, 1));
	static const char *const dsn[] = {"na", "offset", "gds"};
	struct st_value dsv[] = {st_int_value(1), st_int_value(16), st_bool_value(false)};
	add_mod(m, ds, "mod.ds", 3, dsn, dsv);
	ck_asm(ds, "ds_load_b128 v[0:3], v8 offset:16");

	/* Rendered in LLVM's order whatever the dictionary order. */
	struct st_inst *buf = st_inst_new(m, "buffer_load_b128", noloc);
	st_inst_add_dst(m, buf, reg(ST_REG_V, 0, 4));
	st_inst_add_src(m, buf, reg(ST_REG_V, 4, 1));
	st_inst_add_src(m, buf, reg(ST_REG_S, 0, 4));
	st_inst_add_src(m, buf, text_operand(m, ST_OPND_SYMBOL, "null"));
	static const char *const bn[] = {"offset12", "glc", "offen", "isStore"};
	struct st_value bv[] = {st_int_value(32), st_bool_value(false), st_bool_value(true), st_bool_value(false)};
	add_mod(m, buf, "mod.mubuf", 4, bn, bv);
	ck_asm(buf, "buffer_load_b128 v[0:3], v4, s[0:3], null offen offset:32");

	struct st_inst *g = st_inst_new(m, "global_load_b128", noloc);
	st_inst_add_dst(m, g, reg(ST_REG_V, 0, 4));
	st_inst_add_src(m, g, reg(ST_REG_V, 4, 1));
	st_inst_add_src(m, g, reg(ST_REG_S, 0, 2));
	static const char *const gn[] = {"offset12", "th", "glc"};
	struct st_value gv[] = {st_int_value(64), name_value(m, "TH_LOAD_NT"), st_bool_value(true)};
	add_mod(m, g, "mod.global", 3, gn, gv);
	/* gfx1250 has no glc bit: kept visible, not dropped. */
	ck_asm(g, "global_load_b128 v[0:3], v4, s[0:1] offset:64 th:TH_LOAD_NT ; not rendered: mod.global.glc = true");

	struct st_inst *w = st_inst_new(m, "v_wmma_f32_16x16x32_bf16", noloc);
	st_inst_add_dst(m, w, reg(ST_REG_V, 16, 8));
	st_inst_add_src(m, w, reg(ST_REG_V, 0, 8));
	st_inst_add_src(m, w, reg(ST_REG_V, 24, 8));
	st_inst_add_src(m, w, reg(ST_REG_V, 16, 8));
	static const char *const wn[] = {"poolIndex"};
	struct st_value wv[] = {st_int_value(3)};
	add_mod(m, w, "mod.wmma_pool", 1, wn, wv);
	static const char *const tn[] = {"tokens"};
	struct st_value tok[] = {st_int_value(0)};
	struct st_value tv[] = {st_array_value(m, 1, tok)};
	add_mod(m, w, "mod.memtoken", 1, tn, tv);
	ck_asm(w, "v_wmma_f32_16x16x32_bf16 v[16:23], v[0:7], v[24:31], v[16:23]");
	st_module_free(m);
}
END_TEST

START_TEST(integers)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_inst *i = st_inst_new(m, "s_nop", noloc);
	st_inst_add_src(m, i, st_int_operand(0));
	st_inst_add_src(m, i, st_int_operand(-7));
	st_inst_add_src(m, i, st_int_operand(INT64_MIN));
	st_inst_add_src(m, i, st_int_operand(INT64_MAX));
	st_inst_add_src(m, i, reg(ST_REG_V, 4294967290u, 6));
	ck_asm(i, "s_nop 0, -7, -9223372036854775808, 9223372036854775807, v[4294967290:4294967295]");
	st_module_free(m);
}
END_TEST

START_TEST(barrier_split)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_inst *b = st_inst_new(m, "s_barrier", noloc);
	st_inst_add_dst(m, b, reg(ST_REG_LDS, 0, 1));
	st_inst_add_src(m, b, reg(ST_REG_LDS, 0, 1));
	ck_asm(b, "s_barrier_signal -1\ns_barrier_wait -1");
	struct st_inst *s = st_inst_new(m, "s_barrier_signal", noloc);
	st_inst_add_src(m, s, st_int_operand(-3));
	ck_asm(s, "s_barrier_signal -3");
	st_module_free(m);
}
END_TEST

static char *function_asm(const struct st_function *f)
{
	struct st_buf b = {0};
	st_print_asm_function(&b, f);
	char *s = st_xstrdup(st_buf_cstr(&b));
	st_buf_free(&b);
	return s;
}

START_TEST(labels_and_targets)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "k+1", noloc);
	struct st_block *entry = st_block_new(f, "entry", noloc);
	struct st_block *loop = st_block_new(f, "loop", noloc);
	struct st_block *exit = st_block_new(f, "exit", noloc);
	st_block_add_succ(entry, loop, noloc);
	st_block_add_succ(loop, loop, noloc);
	st_block_add_succ(loop, exit, noloc);
	st_block_append(loop, st_label_new(m, "label_Inner", noloc));
	struct st_inst *br = st_inst_new(m, "s_cbranch_scc1", noloc);
	st_inst_add_src(m, br, text_operand(m, ST_OPND_STRING, "loop"));
	st_inst_add_src(m, br, reg(ST_REG_SCC, 0, 1));
	st_block_append(loop, br);
	struct st_inst *br2 = st_inst_new(m, "s_branch", noloc);
	st_inst_add_src(m, br2, text_operand(m, ST_OPND_LABEL, "label_Inner"));
	st_block_append(loop, br2);
	struct st_inst *br3 = st_inst_new(m, "s_branch", noloc);
	st_inst_add_src(m, br3, text_operand(m, ST_OPND_STRING, "elsewhere"));
	st_block_append(loop, br3);
	st_block_append(exit, st_inst_new(m, "s_endpgm", noloc));

	char *got = function_asm(f);
	ck_assert_str_eq(got, "\"k+1\":\n"
	                      "\".Lk+1$entry\":\t; ^entry\n"
	                      "\t; Successors: ^loop\n"
	                      "\".Lk+1$loop\":\t; ^loop\n"
	                      "label_Inner:\n"
	                      "\ts_cbranch_scc1 \".Lk+1$loop\"\n"
	                      "\ts_branch label_Inner\n"
	                      "\ts_branch elsewhere\n"
	                      "\t; Successors: ^loop, ^exit\n"
	                      "\".Lk+1$exit\":\t; ^exit\n"
	                      "\ts_endpgm\n");
	free(got);

	/* A file without st.func: block labels are just .L<label>. */
	struct st_module *flat = st_module_new("flat.stir");
	struct st_function *ff = st_function_new(flat, "", noloc);
	struct st_block *fb = st_block_new(ff, "entry", noloc);
	struct st_inst *self = st_inst_new(flat, "s_branch", noloc);
	st_inst_add_src(flat, self, text_operand(flat, ST_OPND_STRING, "entry"));
	st_block_append(fb, self);
	got = function_asm(ff);
	ck_assert_str_eq(got, ".Lentry:\t; ^entry\n\ts_branch .Lentry\n");
	free(got);
	st_module_free(flat);
	st_module_free(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("print-asm");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, created_waits);
	tcase_add_test(tc, wait_count_from_modifier);
	tcase_add_test(tc, hidden_operands);
	tcase_add_test(tc, memory_modifiers);
	tcase_add_test(tc, integers);
	tcase_add_test(tc, barrier_split);
	tcase_add_test(tc, labels_and_targets);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
