/* Unit tests of attribute-list sharing in lib/parse: instructions that repeat
 * an attribute list share one copy (it is what keeps a kernel of 200,000
 * instructions small), the first keeps its exact locations, repeats carry
 * none, different lists stay apart, and adding an attribute to one sharer
 * leaves the others alone. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/parse.h"
#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

static struct st_inst *nth(struct st_module *m, int n)
{
	struct st_inst *i = m->funcs.v[0]->blocks.v[0]->first;
	while (n--)
		i = i->next;
	return i;
}

static const char kernel[] =
	"v[0:3] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = { na = 1, offset = 0 }, mod.memtoken = { tokens = [0] } }\n"
	"v[4:7] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = { na = 1, offset = 0 }, mod.memtoken = { tokens = [0] } }\n"
	"v[8:11] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = {\n  na = 1, offset = 0 }, mod.memtoken = { tokens = [0] } }\n"
	"v[12:15] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = { na = 1, offset = 512 }, mod.memtoken = { tokens = [0] } }\n"
	"v[16:19] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = { na = 1, offset = 0 }, mod.memtoken = { tokens = [1] } }\n"
	"v[20:23] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = { na = 1, offset = 0 }, mod.memtoken = { tokens = [0] } }\n";

START_TEST(repeated_attribute_lists_are_shared)
{
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	struct st_module *m = st_parse("t.stir", kernel, strlen(kernel), 1, &d);
	ck_assert_ptr_nonnull(m);
	struct st_inst *a = nth(m, 0), *b = nth(m, 1), *c = nth(m, 2), *x = nth(m, 3), *y = nth(m, 4), *z = nth(m, 5);
	/* The first keeps its own located copy; the repeats (a line break
	 * inside the dictionary changes nothing) share one without locations. */
	ck_assert_ptr_ne(a->attrs, b->attrs);
	ck_assert_ptr_eq(b->attrs, c->attrs);
	ck_assert_ptr_eq(b->attrs, z->attrs);
	ck_assert_uint_eq(a->attrs[1].loc.line, 1);
	ck_assert_uint_eq(a->attrs[1].loc.col, 51);
	ck_assert_uint_eq(st_dict_field(&a->attrs[1].value, "offset")->loc.line, 1);
	ck_assert_uint_eq(b->attrs[1].loc.line, 0);
	ck_assert_uint_eq(st_dict_field(&c->attrs[1].value, "offset")->loc.line, 0);
	/* A different offset or token is a different list. */
	ck_assert_ptr_ne(x->attrs, b->attrs);
	ck_assert_ptr_ne(y->attrs, b->attrs);
	ck_assert_int_eq(st_dict_field(&x->attrs[1].value, "offset")->value.i, 512);
	const struct st_value *toks;
	ck_assert_int_eq(st_inst_memtokens(y, &toks), 1);
	ck_assert_int_eq(toks[0].i, 1);
	ck_assert_int_eq(st_inst_memtokens(z, &toks), 1);
	ck_assert_int_eq(toks[0].i, 0);

	/* Editing one sharer copies its list first. */
	st_inst_add_attr(m, c, (struct st_attr){.name = "latencyCycles", .value = st_int_value(52)});
	ck_assert_uint_eq(c->nattrs, 4);
	ck_assert_uint_eq(b->nattrs, 3);
	ck_assert_ptr_null(st_inst_attr(b, "latencyCycles"));
	ck_assert_ptr_nonnull(st_inst_attr(c, "latencyCycles"));

	/* Sharing is invisible in the printed form. */
	struct st_buf out = {0};
	st_print_inst(&out, z);
	ck_assert_str_eq(st_buf_cstr(&out), "v[20:23] = \"st.ds_load_b128\"(v8) { issueCycles = 4, mod.ds = { na = 1, "
	                                    "offset = 0 }, mod.memtoken = { tokens = [0] } }");
	st_buf_free(&out);
	ck_assert_uint_eq(d.nerrors, 0);
	st_module_free(m);
	st_diag_fini(&d);
}
END_TEST

START_TEST(repeated_bad_lists_are_reported_on_every_line)
{
	static const char bad[] = "\"st.s_wait_dscnt\"(2) { mod.swaitcnt = { dlcnnt = 2 } }\n"
	                          "\"st.s_wait_dscnt\"(2) { mod.swaitcnt = { dlcnnt = 2 } }\n";
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	ck_assert_ptr_null(st_parse("t.stir", bad, strlen(bad), 1, &d));
	ck_assert_uint_eq(d.diags.n, 2);
	for (uint32_t k = 0; k < 2; k++) {
		ck_assert_uint_eq(d.diags.v[k].loc.line, k + 1);
		ck_assert_uint_eq(d.diags.v[k].loc.col, 41);
	}
	st_diag_fini(&d);
}
END_TEST

/* LDS<t> operands take the memtoken attribute's location, or the
 * instruction's when the list is a shared repeat. */
START_TEST(token_operands_of_repeats_are_located)
{
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	struct st_module *m = st_parse("t.stir", kernel, strlen(kernel), 1, &d);
	ck_assert_ptr_nonnull(m);
	struct st_pipeline p;
	st_pipeline_init(&p, st_builtin_passes());
	ck_assert(st_pipeline_parse(&p, "StinkyBuildImplicitDependencyPass", &d));
	struct st_pm_options o = {0};
	struct st_kernel_config cfg = {"gfx1250", 0};
	struct st_pass_manager pm;
	st_pm_init(&pm, &p, &o, &cfg);
	ck_assert(st_pm_run(&pm, m, &d));
	for (int k = 0; k < 6; k++) {
		struct st_inst *i = nth(m, k);
		const struct st_operand *lds = &i->srcs[i->nsrcs - 1];
		ck_assert_int_eq(lds->reg.cls, ST_REG_LDS);
		ck_assert_uint_eq(st_operand_loc(i, lds).line, k < 3 ? (uint32_t)k + 1 : (uint32_t)k + 2);
	}
	/* The first instruction's token operand points at its mod.memtoken. */
	ck_assert_uint_eq(st_operand_loc(nth(m, 0), &nth(m, 0)->srcs[1]).col, 84);
	st_pm_fini(&pm);
	st_pipeline_fini(&p);
	st_module_free(m);
	st_diag_fini(&d);
}
END_TEST

/* The verifier checks each shared list once per run, and still reports
 * every instruction whose own list is bad. */
START_TEST(verifier_checks_lists_once_and_reports_each_bad_one)
{
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	struct st_module *m = st_parse("t.stir", kernel, strlen(kernel), 1, &d);
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(st_verify_module(m, &d), 0);
	ck_assert_uint_eq(st_verify_module(m, &d), 0);
	/* Two instructions get their own bad lists (add_attr copies a shared list). */
	struct st_attr bad = {.name = "issueCycles", .value = st_int_value(-5)};
	st_inst_add_attr(m, nth(m, 1), bad);
	st_inst_add_attr(m, nth(m, 2), bad);
	ck_assert_uint_eq(st_verify_module(m, &d), 2);
	ck_assert_str_eq(d.diags.v[d.diags.n - 2].msg, "'issueCycles' must be an integer >= -1");
	ck_assert_str_eq(d.diags.v[d.diags.n - 1].msg, "'issueCycles' must be an integer >= -1");
	ck_assert_uint_eq(d.diags.v[d.diags.n - 2].loc.line, 2);
	ck_assert_uint_eq(d.diags.v[d.diags.n - 1].loc.line, 3);
	st_module_free(m);
	st_diag_fini(&d);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("shared-attrs");
	TCase *tc = tcase_create("shared-attrs");
	tcase_add_test(tc, repeated_attribute_lists_are_shared);
	tcase_add_test(tc, repeated_bad_lists_are_reported_on_every_line);
	tcase_add_test(tc, token_operands_of_repeats_are_located);
	tcase_add_test(tc, verifier_checks_lists_once_and_reports_each_bad_one);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
