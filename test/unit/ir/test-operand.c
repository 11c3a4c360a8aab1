/* Unit tests of the compact operand (ir.h): an operand keeps only its column,
 * and st_operand_loc rebuilds its location from its instruction's, so every
 * diagnostic about an operand still names LINE:COL of the operand (or the
 * instruction's location for operands a pass made); hwreg operands live
 * behind a pointer and print back as written with 1, 2 or 3 arguments. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/parse.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"
#include "parsed.h"

START_TEST(verifier_names_the_operand_column)
{
	/* The register is the third operand of the second line's wait; the
	 * reader verifies each instruction as it ends. */
	static const char *const text = "\"s_nop\"(0)\n    \"s_wait_dscnt\"(0, 1, v3)\n";
	struct parsed p;
	parse(&p, text);
	ck_assert_ptr_null(p.m);
	ck_assert_uint_eq(p.diag.nerrors, 1);
	ck_assert_str_eq(p.diag.diags.v[0].loc.file, "t.stir");
	ck_assert_uint_eq(p.diag.diags.v[0].loc.line, 2);
	ck_assert_uint_eq(p.diag.diags.v[0].loc.col, 26);
	ck_assert_ptr_nonnull(strstr(p.diag.diags.v[0].msg, "takes immediate counts"));
	done(&p);

	/* The same operand turned into a register after reading keeps its
	 * column, and st_verify_module reports it there. */
	parse(&p, "\"s_nop\"(0)\n    \"s_wait_event\"(0, 1, 3)\n");
	ck_assert_uint_eq(p.diag.nerrors, 0);
	struct st_inst *i = nth_inst(&p, 1);
	struct st_loc at = st_operand_loc(i, &i->srcs[2]);
	ck_assert_str_eq(at.file, "t.stir");
	ck_assert_uint_eq(at.line, 2);
	ck_assert_uint_eq(at.col, 26);
	uint32_t col = i->srcs[2].col;
	i->srcs[2] = st_reg_operand(ST_REG_V, 3, 1);
	i->srcs[2].col = col;
	ck_assert_uint_eq(st_verify_module(p.m, &p.diag), 1);
	ck_assert_str_eq(p.diag.diags.v[0].msg, "wait 's_wait_event' takes immediate counts, not registers");
	ck_assert_uint_eq(p.diag.diags.v[0].loc.line, 2);
	ck_assert_uint_eq(p.diag.diags.v[0].loc.col, 26);
	done(&p);
}
END_TEST

START_TEST(negated_register_is_located_at_its_sign)
{
	struct parsed p;
	parse(&p, "v1 = \"v_add_f32\"(v0, -v[2:3])\n");
	struct st_inst *i = nth_inst(&p, 0);
	ck_assert_uint_eq(st_operand_loc(i, &i->dsts[0]).col, 1);
	ck_assert_uint_eq(st_operand_loc(i, &i->srcs[0]).col, 18);
	ck_assert_uint_eq(st_operand_loc(i, &i->srcs[1]).col, 22);
	done(&p);
	/* A range wider than a register file is the reader's error, at the
	 * operand (its sign when negated); the range is not kept. */
	parse(&p, "\"v_add_f32\"(v0, -v[0:1024], s[8:4099])\n");
	ck_assert_ptr_null(p.m);
	ck_assert_uint_eq(p.diag.nerrors, 2);
	ck_assert_uint_eq(p.diag.diags.v[0].loc.col, 17);
	ck_assert_str_eq(p.diag.diags.v[0].msg, "register range v[0:1024] spans 1025 registers (at most 1024)");
	ck_assert_uint_eq(p.diag.diags.v[1].loc.col, 29);
	ck_assert_str_eq(p.diag.diags.v[1].msg, "register range s[8:4099] spans 4092 registers (at most 1024)");
	done(&p);
}
END_TEST

START_TEST(pass_made_operand_reports_its_instruction)
{
	struct parsed p;
	parse(&p, "  \"s_wait_dscnt\"(0)\n");
	struct st_inst *i = nth_inst(&p, 0);
	st_inst_add_src(p.m, i, st_reg_operand(ST_REG_V, 7, 2));
	struct st_loc at = st_operand_loc(i, &i->srcs[1]);
	ck_assert_uint_eq(at.line, i->loc.line);
	ck_assert_uint_eq(at.col, i->loc.col);
	ck_assert_uint_eq(at.col, 3);
	ck_assert_uint_eq(st_verify_module(p.m, &p.diag), 1);
	ck_assert_str_eq(p.diag.diags.v[0].msg, "wait 's_wait_dscnt' takes immediate counts, not registers");
	ck_assert_uint_eq(p.diag.diags.v[0].loc.line, 1);
	ck_assert_uint_eq(p.diag.diags.v[0].loc.col, 3);
	done(&p);
}
END_TEST

static void check_prints(const struct st_operand *op, const char *want)
{
	struct st_buf b = {0};
	st_print_operand(&b, op);
	st_buf_cstr(&b);
	ck_assert_str_eq(b.data, want);
	st_buf_free(&b);
}

START_TEST(hwreg_round_trips_with_one_two_and_three_arguments)
{
	static const char *const spell[] = {"hwreg(5)", "hwreg(HW_REG_MODE, 1)", "hwreg(0x1F, 2, 3)"};
	struct parsed p;
	parse(&p, "\"s_setreg_b32\"(hwreg(5), hwreg(HW_REG_MODE, 1), hwreg(0x1F, 2, 3))\n");
	ck_assert_uint_eq(p.diag.nerrors, 0);
	struct st_inst *i = nth_inst(&p, 0);
	ck_assert_uint_eq(i->nsrcs, 3);
	for (uint32_t k = 0; k < 3; k++) {
		ck_assert_int_eq(i->srcs[k].kind, ST_OPND_HWREG);
		ck_assert_uint_eq(i->srcs[k].hw->nargs, k + 1);
		check_prints(&i->srcs[k], spell[k]);
	}
	ck_assert_ptr_null(i->srcs[0].hw->name);
	ck_assert_int_eq(i->srcs[0].hw->args[0], 5);
	ck_assert_str_eq(i->srcs[1].hw->name, "HW_REG_MODE");
	ck_assert_int_eq(i->srcs[1].hw->args[1], 1);
	ck_assert_str_eq(i->srcs[2].hw->name, "0x1F");
	ck_assert_int_eq(i->srcs[2].hw->args[0], 31);
	ck_assert_int_eq(i->srcs[2].hw->args[2], 3);
	ck_assert_uint_eq(st_operand_loc(i, &i->srcs[1]).col, 26);

	/* Built by a pass: the arguments are copied, the name interned. */
	int64_t args[3] = {6, 0, 32};
	struct st_operand op = st_hwreg_operand(p.m, "HW_REG_TRAPSTS", 3, args);
	args[2] = 1;
	check_prints(&op, "hwreg(HW_REG_TRAPSTS, 0, 32)");
	ck_assert_ptr_eq(op.hw->name, st_module_intern(p.m, "HW_REG_TRAPSTS"));
	ck_assert_uint_eq(op.col, 0);
	op = st_hwreg_operand(p.m, NULL, 2, args);
	check_prints(&op, "hwreg(6, 0)");
	done(&p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("operand");
	TCase *tc = tcase_create("operand");
	tcase_add_test(tc, verifier_names_the_operand_column);
	tcase_add_test(tc, negated_register_is_located_at_its_sign);
	tcase_add_test(tc, pass_made_operand_reports_its_instruction);
	tcase_add_test(tc, hwreg_round_trips_with_one_two_and_three_arguments);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
