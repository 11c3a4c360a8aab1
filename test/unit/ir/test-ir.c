/* Unit tests of lib/ir and lib/isa through the C API: the editing API
 * (append, insert before/after, erase, operands, attributes), CFG edges and
 * predecessors, register helpers, value builders, the verifier on IR that
 * passes could break, and the ISA table's classification of mnemonics. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/isa.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

static const struct st_loc noloc;

static struct st_module *one_block(struct st_block **b)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", noloc);
	*b = st_block_new(f, "entry", noloc);
	return m;
}

/* The block's item names in order, space-separated. */
static const char *names(const struct st_block *b, char *out, size_t size)
{
	out[0] = '\0';
	st_foreach_item(b, i) {
		if (out[0])
			strncat(out, " ", size - strlen(out) - 1);
		strncat(out, i->name, size - strlen(out) - 1);
	}
	return out;
}

START_TEST(insert_and_erase_keep_the_list_linked)
{
	struct st_block *b;
	struct st_module *m = one_block(&b);
	char buf[256];
	struct st_inst *x = st_inst_new(m, "x", noloc), *y = st_inst_new(m, "y", noloc);
	st_block_append(b, x);
	st_block_append(b, y);
	st_inst_insert_before(x, st_inst_new(m, "first", noloc));
	st_inst_insert_after(y, st_inst_new(m, "last", noloc));
	st_inst_insert_after(x, st_inst_new(m, "mid", noloc));
	st_inst_insert_before(y, st_label_new(m, "label_L", noloc));
	ck_assert_str_eq(names(b, buf, sizeof buf), "first x mid label_L y last");
	ck_assert_uint_eq(st_block_num_insts(b), 5); /* the label is not an instruction */
	ck_assert_str_eq(b->first->name, "first");
	ck_assert_str_eq(b->last->name, "last");
	st_inst_erase(b->first);
	st_inst_erase(b->last);
	st_inst_erase(x);
	ck_assert_ptr_null(x->block);
	ck_assert_str_eq(names(b, buf, sizeof buf), "mid label_L y");
	ck_assert_ptr_null(b->first->prev);
	ck_assert_ptr_null(b->last->next);
	st_inst_erase(x); /* erasing a detached item is a no-op */
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	ck_assert_uint_eq(st_verify_module(m, &d), 0);
	st_diag_fini(&d);
	st_module_free(m);
}
END_TEST

START_TEST(operands_and_attributes_are_added_in_order)
{
	struct st_block *b;
	struct st_module *m = one_block(&b);
	struct st_inst *i = st_inst_new(m, "v_add_u32", noloc);
	for (uint32_t k = 0; k < 9; k++)
		st_inst_add_src(m, i, st_reg_operand(ST_REG_V, k, 1));
	st_inst_add_dst(m, i, st_reg_operand(ST_REG_V, 20, 4));
	st_inst_add_src(m, i, st_int_operand(-3));
	st_inst_add_attr(m, i, (struct st_attr){.name = "issueCycles", .value = st_int_value(4)});
	struct st_value tok = st_int_value(1);
	struct st_value arr = st_array_value(m, 1, &tok);
	const char *tokens = "tokens";
	st_inst_add_attr(m, i, (struct st_attr){.name = "mod.memtoken", .value = st_dict_value(m, 1, &tokens, &arr)});
	st_block_append(b, i);
	ck_assert_uint_eq(i->nsrcs, 10);
	ck_assert_uint_eq(i->srcs[8].reg.index, 8);
	ck_assert_int_eq(i->srcs[9].ival, -3);
	ck_assert_ptr_nonnull(st_inst_attr(i, "issueCycles"));
	ck_assert_ptr_null(st_inst_attr(i, "latencyCycles"));
	const struct st_value *toks;
	ck_assert_int_eq(st_inst_memtokens(i, &toks), 1);
	ck_assert_int_eq(toks[0].i, 1);
	struct st_buf out = {0};
	st_print_inst(&out, i);
	ck_assert_str_eq(st_buf_cstr(&out), "v[20:23] = \"st.v_add_u32\"(v0, v1, v2, v3, v4, v5, v6, v7, v8, -3) "
	                                    "{ issueCycles = 4, mod.memtoken = { tokens = [1] } }");
	st_buf_free(&out);
	st_module_free(m);
}
END_TEST

/* st_inst_memtoken_ids: the ids in the order written, elements that are no
 * token id skipped (the verifier reports them), -1 for an untagged op. */
START_TEST(memtoken_ids_are_decoded_in_one_place)
{
	struct st_block *b;
	struct st_module *m = one_block(&b);
	struct st_inst *i = st_inst_new(m, "ds_load_b32", noloc);
	struct st_value elems[] = {st_int_value(7), st_int_value(-1), st_int_value(0), st_int_value(2147483648LL),
	                           st_int_value(2147483647LL), st_bool_value(true)};
	elems[2].kind = ST_VAL_HEX;
	struct st_value arr = st_array_value(m, 6, elems);
	const char *tokens = "tokens";
	struct st_u32vec ids = {0};
	ck_assert_int_eq(st_inst_memtoken_ids(i, &ids), -1);
	ck_assert_uint_eq(ids.n, 0);
	st_inst_add_attr(m, i, (struct st_attr){.name = "mod.memtoken", .value = st_dict_value(m, 1, &tokens, &arr)});
	st_vec_push(&ids, 99u); /* appended after what is there */
	ck_assert_int_eq(st_inst_memtoken_ids(i, &ids), 3);
	ck_assert_uint_eq(ids.n, 4);
	ck_assert_uint_eq(ids.v[1], 7);
	ck_assert_uint_eq(ids.v[2], 0);
	ck_assert_uint_eq(ids.v[3], ST_MAX_REG_INDEX);
	st_vec_free(&ids);
	st_module_free(m);
}
END_TEST

/* Arrays the parser leaves exactly full (or shares) are copied, not written
 * past, by the first addition; an instruction holds up to ST_MAX_OPERANDS. */
START_TEST(full_arrays_are_copied_when_grown)
{
	struct st_block *b;
	struct st_module *m = one_block(&b);
	struct st_inst *i = st_inst_new(m, "v_add_u32", noloc);
	struct st_operand parsed[3] = {st_int_operand(1), st_int_operand(2), st_int_operand(3)};
	i->srcs = parsed;
	i->nsrcs = 3;
	st_inst_add_src(m, i, st_int_operand(4));
	ck_assert_ptr_ne(i->srcs, parsed);
	ck_assert_int_eq(parsed[2].ival, 3);
	for (uint32_t k = 4; k < ST_MAX_OPERANDS; k++)
		st_inst_add_src(m, i, st_int_operand(k + 1));
	ck_assert_uint_eq(i->nsrcs, ST_MAX_OPERANDS);
	for (uint32_t k = 0; k < ST_MAX_OPERANDS; k++)
		ck_assert_int_eq(i->srcs[k].ival, k + 1);
	struct st_attr shared[1] = {{.name = "issueCycles", .value = st_int_value(4)}};
	i->attrs = shared;
	i->nattrs = 1;
	st_inst_add_attr(m, i, (struct st_attr){.name = "latencyCycles", .value = st_int_value(8)});
	ck_assert_ptr_ne(i->attrs, shared);
	ck_assert_int_eq(st_inst_attr(i, "issueCycles")->value.i, 4);
	ck_assert_int_eq(st_inst_attr(i, "latencyCycles")->value.i, 8);
	st_module_free(m);
}
END_TEST

START_TEST(successors_give_predecessors)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", noloc);
	struct st_block *a = st_block_new(f, "a", noloc), *l = st_block_new(f, "loop", noloc),
	                *e = st_block_new(f, "exit", noloc);
	st_block_add_succ(a, l, noloc);
	st_block_add_succ(l, l, noloc);
	st_block_add_succ(l, e, noloc);
	st_function_compute_preds(f);
	ck_assert_uint_eq(a->preds.n, 0);
	ck_assert_uint_eq(l->preds.n, 2);
	ck_assert_ptr_eq(l->preds.v[0], a);
	ck_assert_ptr_eq(l->preds.v[1], l);
	ck_assert_ptr_eq(e->preds.v[0], l);
	ck_assert_ptr_eq(st_function_find_block(f, "exit"), e);
	ck_assert_ptr_null(st_function_find_block(f, "nope"));
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	ck_assert_uint_eq(st_verify_module(m, &d), 0);
	/* A pass that adds an edge without recomputing predecessors is caught. */
	st_block_add_succ(a, e, noloc);
	ck_assert_uint_eq(st_verify_module(m, &d), 1);
	ck_assert_str_eq(d.diags.v[0].msg, "predecessors of '^exit' do not match the successor lists");
	st_function_compute_preds(f);
	ck_assert_uint_eq(st_verify_module(m, &d), 0);
	st_diag_fini(&d);
	st_module_free(m);
}
END_TEST

START_TEST(verifier_reports_broken_ir)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", noloc);
	struct st_block *b = st_block_new(f, "entry", noloc);
	st_block_new(f, "entry", noloc); /* duplicate label */
	struct st_inst *i = st_inst_new(m, "v_mov_b32", (struct st_loc){"t.stir", 3, 5});
	st_inst_add_dst(m, i, st_reg_operand(ST_REG_V, 2147483647u, 2)); /* runs past 2^31-1 */
	struct st_operand empty = st_reg_operand(ST_REG_V, 0, 1);
	empty.reg.count = 0; /* an empty range, as a buggy pass could leave it */
	st_inst_add_src(m, i, empty);
	const char *f1 = "dlcnt";
	struct st_value bad = {.kind = ST_VAL_STRING, .text = "x"};
	st_inst_add_attr(m, i, (struct st_attr){.name = "mod.swaitcnt", .value = st_dict_value(m, 1, &f1, &bad)});
	st_block_append(b, i);
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	ck_assert_uint_eq(st_verify_module(m, &d), 4);
	ck_assert_uint_eq(d.nerrors, 4);
	/* Each message says what is wrong, not only that something is. */
	ck_assert_str_eq(d.diags.v[0].msg, "duplicate block label '^entry'");
	ck_assert_str_eq(d.diags.v[1].msg, "invalid register (class 0, index 2147483647, count 2)");
	ck_assert_str_eq(d.diags.v[2].msg, "invalid register (class 0, index 0, count 0)");
	ck_assert_str_eq(d.diags.v[3].msg, "mod.swaitcnt field 'dlcnt' must be an integer >= -1");
	/* Instruction-level errors without their own location use the instruction's. */
	bool located = false;
	for (size_t k = 0; k < d.diags.n; k++)
		located |= d.diags.v[k].loc.line == 3 && d.diags.v[k].loc.col == 5;
	ck_assert(located);
	st_diag_fini(&d);
	st_module_free(m);
}
END_TEST

START_TEST(read_module_verified_in_one_walk)
{
	/* st_verify_read_module is st_verify_module, then (with no error) the
	 * unknown-mnemonic warnings in program order; with insts_checked it
	 * leaves the instructions to the reader's checks. */
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", noloc);
	struct st_block *b = st_block_new(f, "entry", noloc);
	struct st_inst *bad = st_inst_new(m, "v_mov_b32", (struct st_loc){"t.stir", 2, 5});
	struct st_operand empty = st_reg_operand(ST_REG_V, 0, 1);
	empty.reg.count = 0;
	st_inst_add_dst(m, bad, empty);
	st_block_append(b, st_inst_new(m, "v_no_such_op", (struct st_loc){"t.stir", 1, 5}));
	st_block_append(b, bad);
	st_block_append(b, st_inst_new(m, "v_no_such_op", (struct st_loc){"t.stir", 3, 5}));
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	d.collect = true;
	ck_assert_uint_eq(st_verify_read_module(m, false, true, &d), 1);
	ck_assert_uint_eq(d.nerrors, 1);
	ck_assert_uint_eq(d.nwarnings, 0); /* no warning after an error */
	ck_assert_str_eq(d.diags.v[0].msg, "invalid register (class 0, index 0, count 0)");
	st_diag_fini(&d);
	st_diag_init(&d, NULL);
	d.collect = true;
	ck_assert_uint_eq(st_verify_read_module(m, true, true, &d), 0);
	ck_assert_uint_eq(d.nwarnings, 2);
	ck_assert_uint_eq(d.diags.v[0].loc.line, 1);
	ck_assert_uint_eq(d.diags.v[1].loc.line, 3);
	ck_assert_ptr_nonnull(strstr(d.diags.v[0].msg, "unknown mnemonic 'v_no_such_op'"));
	st_diag_fini(&d);
	st_diag_init(&d, NULL);
	d.collect = true;
	ck_assert_uint_eq(st_verify_read_module(m, true, false, &d), 0);
	ck_assert_uint_eq(d.diags.n, 0);
	st_diag_fini(&d);
	st_module_free(m);
}
END_TEST

START_TEST(registers_compare_and_format)
{
	struct st_reg v03 = {.index = 0, .count = 4, .cls = ST_REG_V}, v3 = {.index = 3, .count = 1, .cls = ST_REG_V};
	struct st_reg v4 = {.index = 4, .count = 1, .cls = ST_REG_V};
	struct st_reg s3 = {.index = 3, .count = 1, .cls = ST_REG_S};
	ck_assert(st_reg_overlaps(v03, v3));
	ck_assert(!st_reg_overlaps(v03, v4));
	ck_assert(!st_reg_overlaps(v3, s3));
	ck_assert(st_reg_equal(v3, v3));
	ck_assert(!st_reg_equal(v3, (struct st_reg){.index = 3, .count = 1, .cls = ST_REG_V, .neg = true}));
	char buf[32];
	st_reg_format(v03, buf, sizeof buf);
	ck_assert_str_eq(buf, "v[0:3]");
	st_reg_format((struct st_reg){.index = 5, .count = 1, .cls = ST_REG_ACC, .neg = true}, buf, sizeof buf);
	ck_assert_str_eq(buf, "-acc5");
	st_reg_format((struct st_reg){.index = 1, .count = 1, .cls = ST_REG_LDS}, buf, sizeof buf);
	ck_assert_str_eq(buf, "LDS1");
	enum st_regclass c;
	ck_assert_uint_eq(st_regclass_match("exec_lo12", 9, &c), 7);
	ck_assert_int_eq(c, ST_REG_EXEC_LO);
	ck_assert_uint_eq(st_regclass_match("AGPR0", 5, &c), 4);
	ck_assert_int_eq(c, ST_REG_ACC);
	ck_assert_uint_eq(st_regclass_match("q0", 2, &c), 0);
	ck_assert_uint_eq(st_regclass_match("vcc_hi", 6, &c), 6);
	ck_assert_int_eq(c, ST_REG_VCC_HI);
	ck_assert_uint_eq(st_regclass_match("vcc", 3, &c), 3);
	ck_assert_int_eq(c, ST_REG_VCC);
	ck_assert_uint_eq(st_regclass_match("v1023", 5, &c), 1);
	ck_assert_int_eq(c, ST_REG_V);
	ck_assert_uint_eq(st_regclass_match("src_shared_base", 15, &c), 15);
	ck_assert_int_eq(c, ST_REG_SRC_SHARED_BASE);
}
END_TEST

START_TEST(printer_formats_every_register)
{
	/* The printer formats registers in place: the widest it can be asked
	 * for, on a module no verifier has seen, fits the room it takes. */
	struct st_module *m = st_module_new("t.stir");
	struct st_inst *i = st_inst_new(m, "v_mov_b32", noloc);
	struct st_operand empty = st_reg_operand(ST_REG_SRC_SHARED_BASE, 0, 1);
	empty.reg.count = 0;
	empty.reg.neg = true;
	st_inst_add_dst(m, i, empty);
	st_inst_add_src(m, i, st_reg_operand(ST_REG_V, 4294967295u, 1));
	st_inst_add_src(m, i, st_reg_operand(ST_REG_ACC, 1000, 4));
	st_inst_add_src(m, i, st_reg_operand(ST_REG_S, 99, 1));
	st_inst_add_src(m, i, st_int_operand(INT64_MIN));
	struct st_buf b = {0};
	st_print_inst(&b, i);
	ck_assert_str_eq(st_buf_cstr(&b), "-src_shared_base[0:18446744073709551615] = \"st.v_mov_b32\"(v4294967295, "
	                                  "acc[1000:1003], s99, -9223372036854775808)");
	st_buf_free(&b);
	st_module_free(m);
}
END_TEST

static const struct st_isa_info *isa(const char *mnemonic)
{
	return st_isa_lookup(mnemonic);
}

START_TEST(isa_table_classifies_mnemonics)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_inst *i;
	/* Waits: single counters, packed, untracked. */
	ck_assert_int_eq(isa("s_wait_dscnt")->wait_counter, ST_CNT_DS);
	ck_assert_int_eq(isa("s_wait_loadcnt")->wait_counter, ST_CNT_LOAD);
	ck_assert_int_eq(isa("s_wait_tensorcnt")->wait_counter, ST_CNT_TENSOR);
	ck_assert_int_eq(isa("s_wait_loadcnt_dscnt")->wait_form, ST_WAIT_PACKED_DS);
	ck_assert_int_eq(isa("s_waitcnt")->wait_form, ST_WAIT_UNTRACKED);
	ck_assert_int_eq(isa("s_wait_xcnt")->wait_counter, ST_CNT_XCNT);
	/* LDS readers/writers and their counters. */
	i = st_inst_new(m, "ds_load_b128", noloc);
	ck_assert(st_inst_is_lds_reader(i) && !st_inst_is_lds_writer(i));
	ck_assert_int_eq(st_inst_counter(i, false), ST_CNT_DS);
	i = st_inst_new(m, "ds_read_b64", noloc);
	ck_assert(st_inst_is_lds_reader(i));
	i = st_inst_new(m, "ds_store_b32", noloc);
	ck_assert(st_inst_is_lds_writer(i) && st_inst_is_ds_write(i));
	i = st_inst_new(m, "ds_atomic_add_u32", noloc);
	ck_assert(st_inst_is_lds_reader(i));
	i = st_inst_new(m, "tensor_load_to_lds", noloc);
	ck_assert(st_inst_is_lds_writer(i) && st_inst_is_tensor_load(i));
	ck_assert_int_eq(st_inst_counter(i, false), ST_CNT_TENSOR);
	i = st_inst_new(m, "global_store_async_from_lds_b128", noloc);
	ck_assert(st_inst_is_async_lds_reader(i));
	ck_assert_int_eq(st_inst_counter(i, false), ST_CNT_ASYNC);
	/* Vector and scalar memory. */
	ck_assert_int_eq(st_inst_counter(st_inst_new(m, "global_load_b128", noloc), false), ST_CNT_LOAD);
	ck_assert_int_eq(st_inst_counter(st_inst_new(m, "buffer_load_b128", noloc), false), ST_CNT_LOAD);
	i = st_inst_new(m, "global_store_b128", noloc);
	ck_assert_int_eq(st_inst_counter(i, false), ST_CNT_STORE);
	ck_assert_int_eq(st_inst_counter(i, true), ST_CNT_LOAD); /* storesOnLoadcnt */
	i = st_inst_new(m, "global_atomic_add_u32", noloc);
	ck_assert_int_eq(st_inst_counter(i, false), ST_CNT_STORE); /* no destination */
	st_inst_add_dst(m, i, st_reg_operand(ST_REG_V, 0, 1));
	ck_assert_int_eq(st_inst_counter(i, false), ST_CNT_LOAD); /* returns a value */
	ck_assert_int_eq(st_inst_counter(st_inst_new(m, "s_load_b64", noloc), false), ST_CNT_KM);
	/* Barriers: s_barrier fences LDS; split barriers only with id -1. */
	i = st_inst_new(m, "s_barrier", noloc);
	ck_assert(st_inst_is_barrier(i) && st_inst_is_lds_fence(i));
	i = st_inst_new(m, "s_barrier_signal", noloc);
	st_inst_add_src(m, i, st_int_operand(-1));
	ck_assert(st_inst_is_lds_fence(i));
	i = st_inst_new(m, "s_barrier_wait", noloc);
	st_inst_add_src(m, i, st_int_operand(1));
	ck_assert(st_inst_is_barrier(i) && !st_inst_is_lds_fence(i));
	/* Control flow and matrix ops. */
	ck_assert(st_inst_is_branch(st_inst_new(m, "s_cbranch_scc1", noloc)));
	ck_assert(st_inst_is_branch(st_inst_new(m, "s_branch", noloc)));
	i = st_inst_new(m, "s_endpgm", noloc);
	ck_assert(st_inst_is_terminator(i) && !st_inst_is_branch(i));
	ck_assert(st_inst_is_wmma(st_inst_new(m, "v_wmma_f32_16x16x32_bf16", noloc)));
	/* Unknown mnemonics and labels have no traits. */
	i = st_inst_new(m, "v_mov_b32", noloc);
	ck_assert(!st_inst_is_wmma(i) && !st_inst_is_wait(i) && st_inst_counter(i, false) == ST_CNT_NONE);
	i = st_label_new(m, "s_endpgm", noloc);
	ck_assert(!st_inst_is_terminator(i));
	st_module_free(m);
}
END_TEST

START_TEST(terminator_is_the_last_branch_or_endpgm)
{
	struct st_block *b;
	struct st_module *m = one_block(&b);
	ck_assert_ptr_null(st_block_terminator(b));
	st_block_append(b, st_inst_new(m, "s_cbranch_scc1", noloc));
	ck_assert_ptr_eq(st_block_terminator(b), b->last);
	st_block_append(b, st_inst_new(m, "s_nop", noloc));
	ck_assert_ptr_null(st_block_terminator(b));
	st_module_free(m);
}
END_TEST

START_TEST(created_waits_are_canonical)
{
	struct st_block *b;
	struct st_module *m = one_block(&b);
	struct st_inst *w = st_wait_new(m, ST_CNT_DS, 2, noloc);
	struct st_buf out = {0};
	st_print_inst(&out, w);
	ck_assert_str_eq(st_buf_cstr(&out), "\"st.s_wait_dscnt\"(2) { mod.swaitcnt = { vlcnt = -1, vscnt = -1, "
	                                    "dlcnt = 2, dscnt = -1, kmcnt = -1 } }");
	struct st_diag_engine d;
	st_diag_init(&d, NULL);
	ck_assert_uint_eq(st_verify_inst(w, &d), 0);
	st_diag_fini(&d);
	st_buf_free(&out);
	st_module_free(m);
}
END_TEST

START_TEST(equal_waits_share_their_attribute_list)
{
	struct st_block *b;
	struct st_module *m = one_block(&b);
	struct st_inst *w = st_wait_new(m, ST_CNT_DS, 2, noloc);
	struct st_inst *x = st_wait_new_like(m, w, noloc);
	ck_assert_ptr_ne(x, w);
	ck_assert_str_eq(x->name, w->name);
	ck_assert(x->created);
	ck_assert_uint_eq(x->nsrcs, 1);
	ck_assert_int_eq(x->srcs[0].ival, 2);
	ck_assert_ptr_eq(x->attrs, w->attrs);
	ck_assert_uint_eq(x->nattrs, w->nattrs);
	struct st_buf a = {0}, c = {0};
	st_print_inst(&a, w);
	st_print_inst(&c, x);
	ck_assert_str_eq(st_buf_cstr(&a), st_buf_cstr(&c));
	/* An addition to either copies the list: the other keeps its own. */
	st_inst_add_attr(m, x, (struct st_attr){.name = "issueCycles", .value = st_int_value(4)});
	ck_assert_ptr_ne(x->attrs, w->attrs);
	ck_assert_uint_eq(w->nattrs, 1);
	ck_assert_uint_eq(x->nattrs, 2);
	st_inst_add_attr(m, w, (struct st_attr){.name = "latencyCycles", .value = st_int_value(9)});
	ck_assert_str_eq(x->attrs[1].name, "issueCycles");
	a.len = 0;
	st_print_inst(&a, w);
	ck_assert_ptr_nonnull(strstr(st_buf_cstr(&a), "latencyCycles = 9"));
	ck_assert_ptr_null(strstr(st_buf_cstr(&a), "issueCycles"));
	st_buf_free(&a);
	st_buf_free(&c);
	st_module_free(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ir");
	TCase *tc = tcase_create("ir");
	tcase_add_test(tc, insert_and_erase_keep_the_list_linked);
	tcase_add_test(tc, operands_and_attributes_are_added_in_order);
	tcase_add_test(tc, memtoken_ids_are_decoded_in_one_place);
	tcase_add_test(tc, full_arrays_are_copied_when_grown);
	tcase_add_test(tc, successors_give_predecessors);
	tcase_add_test(tc, verifier_reports_broken_ir);
	tcase_add_test(tc, read_module_verified_in_one_walk);
	tcase_add_test(tc, registers_compare_and_format);
	tcase_add_test(tc, printer_formats_every_register);
	tcase_add_test(tc, isa_table_classifies_mnemonics);
	tcase_add_test(tc, terminator_is_the_last_branch_or_endpgm);
	tcase_add_test(tc, created_waits_are_canonical);
	tcase_add_test(tc, equal_waits_share_their_attribute_list);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
