/* Unit tests of the known-mnemonic table (lib/isa/mnemonic.c): it holds every
 * row of the instruction tables it is generated from, with the same slots,
 * sorted; lookups strip encoding suffixes; suggestions are near misses. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/isa.h"

static char **tables;
static int ntables;

/* Splits a TSV line in place into its 8 columns; false when it has another count. */
static bool split_row(char *line, char *cols[8])
{
	int n = 0;
	for (char *p = line;; p++) {
		if (n == 8)
			return false;
		cols[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p = '\0';
	}
	return n == 8;
}

static const char *alias_table;

START_TEST(every_row_of_the_tables_is_in_the_table)
{
	size_t rows = 0, nnames = 0;
	char **names = NULL;
	for (int t = 0; t < ntables; t++) {
		FILE *f = fopen(tables[t], "r");
		ck_assert_msg(f != NULL, "cannot open %s", tables[t]);
		char line[1024];
		bool header = true;
		while (fgets(line, sizeof line, f)) {
			line[strcspn(line, "\n")] = '\0';
			char *c[8];
			ck_assert_msg(split_row(line, c), "%s: malformed row", tables[t]);
			if (header) {
				header = false;
				continue;
			}
			const struct st_mnemonic *m = st_mnemonic_find(c[1], strlen(c[1]));
			ck_assert_msg(m != NULL, "%s is missing", c[1]);
			ck_assert_str_eq(m->name, c[1]);
			names = realloc(names, (nnames + 1) * sizeof *names);
			names[nnames++] = strdup(c[1]);
			rows++;
			/* A gfx12 name gfx1250 renamed has the row of the new name
			 * (checked with the aliases). */
			if (strcmp(m->canonical, m->name) != 0)
				continue;
			ck_assert_str_eq(m->section, c[0]);
			ck_assert_str_eq(m->dst, c[2]);
			for (int k = 0; k < 4; k++)
				ck_assert_str_eq(m->src[k], c[3 + k]);
			ck_assert_str_eq(m->modifiers, c[7]);
		}
		fclose(f);
	}
	/* Every alias has the slots of the canonical row it names. */
	FILE *f = fopen(alias_table, "r");
	ck_assert_msg(f != NULL, "cannot open %s", alias_table);
	char line[1024];
	size_t naliases = 0, new_names = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		char *alias = line, *canon = strchr(line, '\t');
		ck_assert_ptr_nonnull(canon);
		*canon++ = '\0';
		canon[strcspn(canon, "\t")] = '\0';
		if (naliases++ == 0)
			continue;
		const struct st_mnemonic *a = st_mnemonic_find(alias, strlen(alias));
		const struct st_mnemonic *c = st_mnemonic_find(canon, strlen(canon));
		ck_assert_msg(a && c, "%s or %s is missing", alias, canon);
		ck_assert_str_eq(a->name, alias);
		ck_assert_str_eq(a->canonical, canon);
		ck_assert_str_eq(c->canonical, canon);
		ck_assert_str_eq(a->section, c->section);
		ck_assert_str_eq(a->dst, c->dst);
		for (int k = 0; k < 4; k++)
			ck_assert_str_eq(a->src[k], c->src[k]);
		ck_assert_str_eq(a->modifiers, c->modifiers);
		bool listed = false;
		for (size_t k = 0; k < nnames && !listed; k++)
			listed = strcmp(names[k], alias) == 0;
		new_names += !listed;
	}
	fclose(f);
	for (size_t k = 0; k < nnames; k++)
		free(names[k]);
	free(names);
	/* 1637 rows of LLVM's GFX12 reference, what gfx1250 adds and the
	 * aliases no table lists (the transposing loads' spellings), nothing else. */
	ck_assert_uint_eq(st_mnemonic_count(), rows + new_names);
	ck_assert_uint_ge(rows, 1637);
}
END_TEST

START_TEST(rows_are_sorted_and_unique)
{
	for (size_t k = 1; k < st_mnemonic_count(); k++)
		ck_assert_int_lt(strcmp(st_mnemonic_at(k - 1)->name, st_mnemonic_at(k)->name), 0);
	ck_assert_ptr_null(st_mnemonic_at(st_mnemonic_count()));
}
END_TEST

START_TEST(lookup_strips_encoding_suffixes)
{
	static const char *const forms[][2] = {
		{"v_mov_b32_e32", "v_mov_b32"},         {"v_cmp_eq_f32_e64", "v_cmp_eq_f32"},
		{"v_add_f32_dpp", "v_add_f32"},         {"v_add_f32_e64_dpp", "v_add_f32"},
		{"v_mov_b32_sdwa", "v_mov_b32"},        {"global_load_b128", "global_load_b128"},
		{"tensor_load_to_lds", "tensor_load_to_lds"}, {"s_wait_tensorcnt", "s_wait_tensorcnt"},
		{"global_load_async_to_lds_b128", "global_load_async_to_lds_b128"},
	};
	for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
		const struct st_mnemonic *m = st_mnemonic_find(forms[k][0], strlen(forms[k][0]));
		ck_assert_msg(m != NULL, "%s not found", forms[k][0]);
		ck_assert_str_eq(m->name, forms[k][1]);
	}
	/* A length, not a terminator: the reader looks up a token in its line. */
	ck_assert_str_eq(st_mnemonic_find("s_nop 0", 5)->name, "s_nop");
	ck_assert_ptr_null(st_mnemonic_find("global_laod_b128", 16));
	ck_assert_ptr_null(st_mnemonic_find("_e32", 4));
	ck_assert_ptr_null(st_mnemonic_find("", 0));
	ck_assert_uint_eq(st_mnemonic_base_len("v_mov_b32_e32", 13), 9);
	ck_assert_uint_eq(st_mnemonic_base_len("frob_e32", 8), 4);
}
END_TEST

START_TEST(suggestions_are_near_misses)
{
	ck_assert_str_eq(st_mnemonic_suggest("global_laod_b128"), "global_load_b128");
	ck_assert_str_eq(st_mnemonic_suggest("s_wait_loadcnt_dscn"), "s_wait_loadcnt_dscnt");
	ck_assert_ptr_null(st_mnemonic_suggest("frobnicate"));
}
END_TEST

/* The assembler's DS atomics get the DS atomic traits of isa.def, as the
 * .stir spelling ds_atomic_* does. */
START_TEST(assembler_ds_atomics_are_lds_atomics)
{
	static const char *const names[] = {"ds_add_u32", "ds_add_rtn_u32", "ds_max_num_f32", "ds_cmpstore_rtn_b32",
	                                    "ds_atomic_add_u32"};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		const struct st_isa_info *e = st_isa_lookup(names[k]);
		ck_assert_msg((e->flags & (ST_ISA_DS_ATOMIC | ST_ISA_LDS_READER)) == (ST_ISA_DS_ATOMIC | ST_ISA_LDS_READER),
		              "%s", names[k]);
		ck_assert_int_eq(e->counter, ST_CNT_DS);
	}
	ck_assert_int_eq(st_isa_lookup("ds_swizzle_b32")->flags & ST_ISA_DS_ATOMIC, 0);
}
END_TEST

int main(int argc, char **argv)
{
	/* The instruction tables, then the alias table. */
	tables = argv + 1;
	ntables = argc - 2;
	alias_table = argv[argc - 1];
	Suite *s = suite_create("mnemonic");
	TCase *tc = tcase_create("mnemonic");
	tcase_add_test(tc, every_row_of_the_tables_is_in_the_table);
	tcase_add_test(tc, rows_are_sorted_and_unique);
	tcase_add_test(tc, lookup_strips_encoding_suffixes);
	tcase_add_test(tc, suggestions_are_near_misses);
	tcase_add_test(tc, assembler_ds_atomics_are_lds_atomics);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
