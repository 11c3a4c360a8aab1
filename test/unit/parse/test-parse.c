/* Unit tests of lib/parse (and the printer it pairs with): what st_parse
 * builds from small snippets (register spellings, operand kinds, literal
 * values, modifier dictionaries, labels, the CFG), its error reporting
 * (collected diagnostics, locations, first_line offsets, NULL on error), and
 * the round trip through st_print_module. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/parse.h"
#include "stinkytofu/print.h"
#include "parsed.h"

/* Passes compare mnemonics by pointer: every instruction's name is the
 * interned string without `st.`, however many share it and whichever of
 * `"st.x"` and `"x"` spells it. */
START_TEST(mnemonics_are_interned_without_the_prefix)
{
	struct parsed p;
	parse(&p, "\"st.s_nop\"(0)\n\"s_nop\"(1)\n\"st.s_nop\"(2)\n\"st.st.s_nop\"(3)\n");
	const char *want = st_intern(p.m->strings, "s_nop");
	for (int k = 0; k < 3; k++)
		ck_assert_ptr_eq(nth_inst(&p, k)->name, want);
	ck_assert_ptr_eq(nth_inst(&p, 3)->name, st_intern(p.m->strings, "st.s_nop"));
	done(&p);
}
END_TEST

START_TEST(register_spellings)
{
	struct parsed p;
	parse(&p, "v[0:3] = \"v_mov\"(s60, a7, AGPR[2:3], vcc_lo5, exec_hi0, LDS3, v[9], -v1, m0, SCC1, src_shared_base2)");
	struct st_inst *i = nth_inst(&p, 0);
	ck_assert_uint_eq(i->ndsts, 1);
	ck_assert_int_eq(i->dsts[0].reg.cls, ST_REG_V);
	ck_assert_uint_eq(i->dsts[0].reg.index, 0);
	ck_assert_uint_eq(i->dsts[0].reg.count, 4);
	static const struct { enum st_regclass cls; uint32_t index, count; bool neg; } want[] = {
		{ST_REG_S, 60, 1, false}, {ST_REG_ACC, 7, 1, false}, {ST_REG_ACC, 2, 2, false},
		{ST_REG_VCC_LO, 5, 1, false}, {ST_REG_EXEC_HI, 0, 1, false}, {ST_REG_LDS, 3, 1, false},
		{ST_REG_V, 9, 1, false}, {ST_REG_V, 1, 1, true}, {ST_REG_M, 0, 1, false},
		{ST_REG_SCC, 1, 1, false}, {ST_REG_SRC_SHARED_BASE, 2, 1, false},
	};
	ck_assert_uint_eq(i->nsrcs, sizeof want / sizeof want[0]);
	for (size_t k = 0; k < i->nsrcs; k++) {
		ck_assert_int_eq(i->srcs[k].kind, ST_OPND_REG);
		ck_assert_int_eq(i->srcs[k].reg.cls, want[k].cls);
		ck_assert_uint_eq(i->srcs[k].reg.index, want[k].index);
		ck_assert_uint_eq(i->srcs[k].reg.count, want[k].count);
		ck_assert_int_eq(i->srcs[k].reg.neg, want[k].neg);
	}
	done(&p);
}
END_TEST

START_TEST(symbols_labels_and_literals)
{
	struct parsed p;
	parse(&p, "\"st.x\"(vcc, exec_lo, off, label_Loop, -12, 0x1f, 2.5e1, \"a\\\"b\\\\c\", hwreg(HW_REG_MODE, 1, 4), hwreg(6))");
	struct st_inst *i = nth_inst(&p, 0);
	ck_assert_str_eq(i->name, "x");
	ck_assert_uint_eq(i->nsrcs, 10);
	ck_assert_int_eq(i->srcs[0].kind, ST_OPND_SYMBOL);
	ck_assert_str_eq(i->srcs[0].text, "vcc");
	ck_assert_int_eq(i->srcs[1].kind, ST_OPND_SYMBOL);
	ck_assert_int_eq(i->srcs[2].kind, ST_OPND_SYMBOL);
	ck_assert_int_eq(i->srcs[3].kind, ST_OPND_LABEL);
	ck_assert_str_eq(i->srcs[3].text, "label_Loop");
	ck_assert_int_eq(i->srcs[4].kind, ST_OPND_INT);
	ck_assert_int_eq(i->srcs[4].ival, -12);
	ck_assert_int_eq(i->srcs[5].kind, ST_OPND_HEX);
	ck_assert_int_eq(i->srcs[5].ival, 31);
	ck_assert_str_eq(i->srcs[5].text, "0x1f");
	ck_assert_int_eq(i->srcs[6].kind, ST_OPND_FLOAT);
	ck_assert_str_eq(i->srcs[6].text, "2.5e1");
	ck_assert_int_eq(i->srcs[7].kind, ST_OPND_STRING);
	ck_assert_str_eq(i->srcs[7].text, "a\"b\\c");
	ck_assert_int_eq(i->srcs[8].kind, ST_OPND_HWREG);
	ck_assert_str_eq(i->srcs[8].hw->name, "HW_REG_MODE");
	ck_assert_uint_eq(i->srcs[8].hw->nargs, 3);
	ck_assert_int_eq(i->srcs[8].hw->args[1], 1);
	ck_assert_int_eq(i->srcs[8].hw->args[2], 4);
	ck_assert_ptr_null(i->srcs[9].hw->name);
	ck_assert_int_eq(i->srcs[9].hw->args[0], 6);
	/* Interned: equal strings share one pointer. */
	ck_assert_ptr_eq(i->srcs[0].text, st_module_intern(p.m, "vcc"));
	/* Operands carry their columns. */
	ck_assert_uint_eq(st_operand_loc(i, &i->srcs[1]).line, 1);
	ck_assert_uint_eq(st_operand_loc(i, &i->srcs[1]).col, 13);
	done(&p);
}
END_TEST

START_TEST(modifier_dictionaries_keep_order_and_kinds)
{
	struct parsed p;
	parse(&p, "\"ds_load_b128\"(v8) { latencyCycles = 52, mod.ds = {\n gds = false, offset = 0x40, na = 1,\n name = x, f = -1.5, s = \"q\", a = [3, 0x4] }, mod.memtoken = { tokens = [0, 2] } }");
	struct st_inst *i = nth_inst(&p, 0);
	ck_assert_uint_eq(i->nattrs, 3);
	ck_assert_str_eq(i->attrs[0].name, "latencyCycles");
	ck_assert_int_eq(i->attrs[0].value.i, 52);
	const struct st_value *ds = &i->attrs[1].value;
	ck_assert_int_eq(ds->kind, ST_VAL_DICT);
	ck_assert_uint_eq(ds->nfields, 7);
	static const char *const order[] = {"gds", "offset", "na", "name", "f", "s", "a"};
	static const enum st_value_kind kinds[] = {ST_VAL_BOOL, ST_VAL_HEX, ST_VAL_INT, ST_VAL_NAME,
	                                           ST_VAL_FLOAT, ST_VAL_STRING, ST_VAL_ARRAY};
	for (size_t k = 0; k < 7; k++) {
		ck_assert_str_eq(ds->fields[k].name, order[k]);
		ck_assert_int_eq(ds->fields[k].value.kind, kinds[k]);
	}
	ck_assert_int_eq(st_dict_field(ds, "offset")->value.i, 64);
	ck_assert(st_dict_field(ds, "f")->value.f == -1.5);
	ck_assert_uint_eq(st_dict_field(ds, "a")->value.nelems, 2);
	ck_assert_uint_eq(st_dict_field(ds, "gds")->loc.line, 2);
	const struct st_value *toks;
	ck_assert_int_eq(st_inst_memtokens(i, &toks), 2);
	ck_assert_int_eq(toks[1].i, 2);
	done(&p);
}
END_TEST

START_TEST(blocks_labels_and_cfg)
{
	struct parsed p;
	parse(&p, "st.func @k() {\n^entry:\n  \"s_nop\"(0)\nlabel_A:\nSuccessors: ^loop, ^exit\n^loop:\nSuccessors: ^loop, ^exit\n^exit:\n}\nst.func @g() {\n}\n");
	ck_assert_ptr_nonnull(p.m);
	ck_assert(!p.m->flat);
	ck_assert_uint_eq(p.m->funcs.n, 2);
	struct st_function *f = p.m->funcs.v[0];
	ck_assert_str_eq(f->name, "k");
	ck_assert_uint_eq(f->blocks.n, 3);
	struct st_block *entry = f->blocks.v[0], *loop = f->blocks.v[1], *exit = f->blocks.v[2];
	ck_assert_int_eq(entry->last->kind, ST_ITEM_LABEL);
	ck_assert_str_eq(entry->last->name, "label_A");
	ck_assert_uint_eq(entry->succs.n, 2);
	ck_assert_ptr_eq(entry->succs.v[0], loop);
	ck_assert_uint_eq(entry->succ_locs.v[1].col, 20);
	ck_assert_uint_eq(loop->preds.n, 2);
	ck_assert_uint_eq(exit->preds.n, 2);
	ck_assert_ptr_null(exit->first);
	ck_assert_uint_eq(p.m->funcs.v[1]->blocks.n, 0);
	done(&p);
}
END_TEST

START_TEST(flat_files)
{
	struct parsed p;
	parse(&p, "\"s_nop\"(0)\n^b:\n\"s_endpgm\"()\n");
	ck_assert_ptr_nonnull(p.m);
	ck_assert(p.m->flat);
	ck_assert_uint_eq(p.m->funcs.n, 1);
	ck_assert_str_eq(p.m->funcs.v[0]->name, "");
	ck_assert_str_eq(p.m->funcs.v[0]->blocks.v[0]->label, "entry");
	ck_assert_str_eq(p.m->funcs.v[0]->blocks.v[1]->label, "b");
	done(&p);
	parse(&p, "# only a comment\n");
	ck_assert_ptr_nonnull(p.m);
	ck_assert(p.m->flat);
	ck_assert_uint_eq(p.m->funcs.v[0]->blocks.n, 1);
	done(&p);
}
END_TEST

START_TEST(errors_are_located_and_offset_by_first_line)
{
	struct parsed p;
	parse_at(&p, "\"s_nop\"(0)\n  \"s_nop\"(v[3:1])\n\"s_nop\"(q[0:1])\n", 40);
	ck_assert_ptr_null(p.m);
	ck_assert_uint_eq(p.diag.nerrors, 2);
	ck_assert_uint_eq(p.diag.diags.n, 2);
	ck_assert_uint_eq(p.diag.diags.v[0].loc.line, 41);
	ck_assert_uint_eq(p.diag.diags.v[0].loc.col, 11);
	ck_assert_str_eq(p.diag.diags.v[0].loc.file, "t.stir");
	ck_assert_uint_eq(p.diag.diags.v[1].loc.line, 42);
	ck_assert_ptr_nonnull(strstr(p.diag.diags.v[1].msg, "unknown register class 'q'"));
	done(&p);
}
END_TEST

START_TEST(binary_input_never_crashes)
{
	/* Every byte value, NULs included, in lines of every length. */
	char text[4096];
	unsigned seed = 12345;
	for (int round = 0; round < 200; round++) {
		size_t n = (size_t)(round * 20) % sizeof text;
		for (size_t k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			text[k] = (char)(seed >> 16);
		}
		struct st_diag_engine d;
		st_diag_init(&d, NULL);
		d.collect = true;
		struct st_module *m = st_parse("fuzz", text, n, 1, &d);
		ck_assert(m == NULL || d.nerrors == 0);
		st_module_free(m);
		st_diag_fini(&d);
	}
}
END_TEST

static char *print(const struct st_module *m)
{
	struct st_buf b = {0};
	st_print_module(&b, m);
	st_buf_cstr(&b);
	return b.data;
}

START_TEST(numbers_print_with_every_digit_count)
{
	struct parsed p;
	parse(&p, "v[2147483640:2147483647] = \"s_nop\"(0, 9, 10, 99, 100, -1, 1000000000, 9223372036854775807, "
	          "-9223372036854775808, v0, -v99, s[1023:1023], v[10:19]) { a = [0, -10, 9223372036854775807] }\n");
	char *text = print(p.m);
	ck_assert_ptr_nonnull(strstr(text, "v[2147483640:2147483647] = \"st.s_nop\"(0, 9, 10, 99, 100, -1, 1000000000, "
	                                   "9223372036854775807, -9223372036854775808, v0, -v99, s1023, v[10:19]) "
	                                   "{ a = [0,-10,9223372036854775807] }\n"));
	free(text);
	done(&p);
}
END_TEST

START_TEST(print_parse_is_a_fixpoint)
{
	static const char *const inputs[] = {
		"st.func @f() {\n^entry:\n  v[0:3], s1, = \"ds_load_b128\"(v8, LDS0,) { issueCycles = 4, mod.ds = { na = 1, gds = false }, mod.memtoken = { tokens = [0] } }\nlabel_x:\n  \"s_cbranch_scc1\"(\"lo\\\"op\", SCC0)\nSuccessors: ^entry\n}\n",
		"\"s_setreg_b32\"(hwreg(HW_REG_MODE, 0, 4), -v[2:3], 0X1F, 1.e5, off)\n^b:\n^c:\nSuccessors: ^b\n",
		"",
	};
	for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
		struct parsed a, b;
		parse(&a, inputs[k]);
		ck_assert_ptr_nonnull(a.m);
		char *once = print(a.m);
		parse(&b, once);
		ck_assert_ptr_nonnull(b.m);
		char *twice = print(b.m);
		ck_assert_str_eq(once, twice);
		free(once);
		free(twice);
		done(&a);
		done(&b);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("parse");
	TCase *tc = tcase_create("parse");
	tcase_add_test(tc, register_spellings);
	tcase_add_test(tc, symbols_labels_and_literals);
	tcase_add_test(tc, modifier_dictionaries_keep_order_and_kinds);
	tcase_add_test(tc, blocks_labels_and_cfg);
	tcase_add_test(tc, flat_files);
	tcase_add_test(tc, errors_are_located_and_offset_by_first_line);
	tcase_add_test(tc, binary_input_never_crashes);
	tcase_add_test(tc, print_parse_is_a_fixpoint);
	tcase_add_test(tc, mnemonics_are_interned_without_the_prefix);
	tcase_add_test(tc, numbers_print_with_every_digit_count);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
