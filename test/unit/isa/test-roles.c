/* Unit tests of the operand roles (lib/isa/roles.c): for every row of the
 * known-mnemonic table the written operands are the row's destination slots,
 * except for the families docs/asm-input.md lists, each named here. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/isa.h"

/* The documented exceptions: a row of one of these writes other than its
 * DST column says. */
enum exception { NONE, VDATA_STORE, VDATA_ATOMIC, VMEM_ATOMIC, CMPK, SETREG, EXPORT, CMPX, SWAP, NEXCEPTIONS };

static const char *const exception_names[] = {"none", "VBUFFER/VIMAGE store", "VBUFFER/VIMAGE atomic",
                                              "FLAT/GLOBAL/SCRATCH atomic", "s_cmpk_*", "s_setreg*", "export",
                                              "v_cmpx_*", "swap"};

static enum exception classify(const struct st_mnemonic *m)
{
	const char *s = m->section, *n = m->name;
	bool vdata = !strcmp(s, "VBUFFER") || !strcmp(s, "VIMAGE") || !strcmp(s, "VSAMPLE");
	if (vdata && strstr(n, "_store"))
		return VDATA_STORE;
	if (vdata && strstr(n, "_atomic"))
		return VDATA_ATOMIC;
	if ((!strcmp(s, "VGLOBAL") || !strcmp(s, "VFLAT") || !strcmp(s, "VSCRATCH")) && strstr(n, "_atomic"))
		return VMEM_ATOMIC;
	if (!strncmp(n, "s_cmpk_", 7))
		return CMPK;
	if (!strncmp(n, "s_setreg", 8))
		return SETREG;
	if (!strcmp(s, "VEXPORT"))
		return EXPORT;
	if (!strncmp(n, "v_cmpx_", 7))
		return CMPX;
	if (!strcmp(n, "v_swap_b32") || !strcmp(n, "v_swap_b16") || !strcmp(n, "v_permlane16_swap_b32") ||
	    !strcmp(n, "v_permlane32_swap_b32"))
		return SWAP;
	return NONE;
}

START_TEST(roles_agree_with_the_table_row_by_row)
{
	size_t seen[NEXCEPTIONS] = {0};
	for (size_t k = 0; k < st_mnemonic_count(); k++) {
		const struct st_mnemonic *m = st_mnemonic_at(k);
		struct st_roles r = st_mnemonic_roles(m);
		unsigned slots = st_slot_count(m->dst);
		enum exception e = classify(m);
		seen[e]++;
		ck_assert_msg(!(r.flags & ST_ROLE_UNKNOWN), "%s", m->name);
		switch (e) {
		case NONE:
			ck_assert_msg(r.ndsts == slots, "%s writes %u operands, its row has %u", m->name, r.ndsts, slots);
			ck_assert_msg(!(r.flags & (ST_ROLE_RET_BY_TH | ST_ROLE_DSTS_READ)), "%s", m->name);
			break;
		case VDATA_STORE:
		case CMPK:
		case SETREG:
		case EXPORT:
			ck_assert_msg(r.ndsts == 0, "%s (%s) writes nothing", m->name, exception_names[e]);
			break;
		case CMPX:
			ck_assert_msg(r.ndsts == 0 && (r.flags & ST_ROLE_WRITES_EXEC), "%s writes exec only", m->name);
			break;
		case VDATA_ATOMIC:
			ck_assert_msg((r.flags & (ST_ROLE_RET_BY_TH | ST_ROLE_VDATA_FIRST | ST_ROLE_DSTS_READ)) ==
			                  (ST_ROLE_RET_BY_TH | ST_ROLE_VDATA_FIRST | ST_ROLE_DSTS_READ),
			              "%s", m->name);
			break;
		case VMEM_ATOMIC:
			ck_assert_msg((r.flags & ST_ROLE_RET_BY_TH) && !(r.flags & ST_ROLE_VDATA_FIRST), "%s", m->name);
			break;
		case SWAP:
			ck_assert_msg(r.ndsts == 2 && (r.flags & ST_ROLE_DSTS_READ), "%s", m->name);
			break;
		case NEXCEPTIONS:
			break;
		}
	}
	/* Every documented exception still names rows of the table. */
	for (int e = 1; e < NEXCEPTIONS; e++)
		ck_assert_msg(seen[e] > 0, "no row is a %s", exception_names[e]);
}
END_TEST

START_TEST(implicit_registers)
{
	struct {
		const char *name;
		unsigned flags;
	} cases[] = {
		{"s_cmp_eq_u32", ST_ROLE_WRITES_SCC},
		{"s_cmpk_eq_u32", ST_ROLE_WRITES_SCC},
		{"s_and_saveexec_b32", ST_ROLE_WRITES_EXEC | ST_ROLE_READS_EXEC},
		{"v_cmpx_eq_u32", ST_ROLE_WRITES_EXEC},
		{"s_cbranch_scc1", ST_ROLE_READS_SCC},
		{"s_cbranch_vccnz", ST_ROLE_READS_VCC},
		{"s_cbranch_execz", ST_ROLE_READS_EXEC},
		{"s_cselect_b32", ST_ROLE_READS_SCC},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const struct st_mnemonic *m = st_mnemonic_find(cases[k].name, strlen(cases[k].name));
		ck_assert_ptr_nonnull(m);
		ck_assert_msg((st_mnemonic_roles(m).flags & cases[k].flags) == cases[k].flags, "%s", cases[k].name);
	}
	ck_assert_uint_eq(st_mnemonic_roles(NULL).flags, ST_ROLE_UNKNOWN);
	ck_assert_uint_eq(st_slot_count(""), 0);
	ck_assert_uint_eq(st_slot_count("vdst,sdst"), 2);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("roles");
	TCase *tc = tcase_create("roles");
	tcase_add_test(tc, roles_agree_with_the_table_row_by_row);
	tcase_add_test(tc, implicit_registers);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
