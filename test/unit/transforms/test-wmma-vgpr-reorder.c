/* Unit tests of the wmma VGPR reorder analysis: detectABIndices,
 * reorderContiguously, the built-in layers, injected custom layers, the
 * per-block results and the pass's remarks, on IR built through ir.h. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/pass.h"
#include "stinkytofu/wmma.h"

extern const struct st_pass_info st_pass_wmma_vgpr_reorder;

/* ---- building kernels ---- */

struct kernel {
	struct st_module *m;
	struct st_function *f;
	struct st_block *b;
	uint32_t line;
};

static void kernel_init(struct kernel *k)
{
	k->m = st_module_new("k.stir");
	k->f = st_function_new(k->m, "k", (struct st_loc){k->m->filename, 1, 1});
	k->b = st_block_new(k->f, "loop", (struct st_loc){k->m->filename, 2, 1});
	k->line = 3;
}

static struct st_operand vreg(uint32_t first, uint32_t count)
{
	return st_reg_operand(ST_REG_V, first, count);
}

/* c = wmma(src0, src1, c), tagged with pool `pool` unless pool < 0. */
static struct st_inst *wmma(struct kernel *k, int pool, uint32_t src0, uint32_t src1, uint32_t c)
{
	struct st_inst *i = st_inst_new(k->m, "v_wmma_f32_16x16x32_bf16", (struct st_loc){k->m->filename, k->line++, 3});
	st_inst_add_dst(k->m, i, vreg(c, 8));
	st_inst_add_src(k->m, i, vreg(src0, 8));
	st_inst_add_src(k->m, i, vreg(src1, 8));
	st_inst_add_src(k->m, i, vreg(c, 8));
	if (pool >= 0) {
		const char *names[] = {"poolIndex"};
		struct st_value vals[] = {st_int_value(pool)};
		st_inst_add_attr(k->m, i, (struct st_attr){"mod.wmma_pool", {0}, st_dict_value(k->m, 1, names, vals)});
	}
	st_block_append(k->b, i);
	return i;
}

static struct st_inst *plain(struct kernel *k, const char *mnemonic)
{
	struct st_inst *i = st_inst_new(k->m, mnemonic, (struct st_loc){k->m->filename, k->line++, 3});
	st_block_append(k->b, i);
	return i;
}

/* The seed's double-buffered loop: A (src0) is the outer dimension, so
 * v[0:7] is read at 0 and 2. Pool 1 uses A v[32:39], v[40:47]; both pools
 * share B v[16:23], v[24:31] and accumulate into the same C tiles. */
static void seed_kernel(struct kernel *k)
{
	kernel_init(k);
	for (int p = 0; p < 2; p++) {
		uint32_t a0 = p ? 32 : 0, a1 = p ? 40 : 8;
		wmma(k, p, a0, 16, 64);
		wmma(k, p, a1, 16, 72);
		wmma(k, p, a0, 24, 80);
		wmma(k, p, a1, 24, 88);
	}
}

static struct st_reg_group vg(uint32_t first, uint32_t count)
{
	return (struct st_reg_group){ST_REG_V, first, count};
}

static void expect_order(const struct st_wmma_reorder_result *r, const uint32_t *want, size_t n)
{
	ck_assert_uint_eq(r->order_index.n, n);
	ck_assert_uint_eq(r->order.n, n);
	for (size_t k = 0; k < n; k++) {
		ck_assert_uint_eq(r->order_index.v[k], want[k]);
		ck_assert_ptr_eq(r->order.v[k], r->nodes.v[want[k]].inst);
	}
}

static void expect_alias(const struct st_wmma_alias *x, uint32_t from, uint32_t to, uint32_t count)
{
	ck_assert(st_reg_group_equal(x->from, vg(from, count)));
	ck_assert(st_reg_group_equal(x->to, vg(to, count)));
}

/* ---- detectABIndices ---- */

static struct st_wmma_node node(uint32_t index, uint32_t pool, uint32_t src0, uint32_t src1)
{
	return (struct st_wmma_node){.index = index, .pool = pool, .a = vg(src0, 8), .b = vg(src1, 8)};
}

START_TEST(detect_src0_varying)
{
	struct st_wmma_node seq[] = {node(0, 0, 0, 16), node(1, 0, 8, 16), node(2, 1, 32, 16), node(3, 1, 40, 16)};
	ck_assert_uint_eq(st_wmma_detect_ab_indices(seq, 4), 0);
	for (size_t k = 0; k < 4; k++) {
		ck_assert_uint_eq(seq[k].a_operand, 0);
		ck_assert_uint_eq(seq[k].b_operand, 1);
		ck_assert(st_reg_group_equal(seq[k].b, vg(16, 8)));
	}
	ck_assert(st_reg_group_equal(seq[2].a, vg(32, 8)));
}
END_TEST

START_TEST(detect_src0_shared)
{
	/* v[16:23] is src0 of both pools: src1 varies and becomes A. */
	struct st_wmma_node seq[] = {node(0, 0, 16, 0), node(1, 0, 24, 8), node(2, 1, 24, 32), node(3, 1, 40, 40)};
	ck_assert_uint_eq(st_wmma_detect_ab_indices(seq, 4), 1);
	for (size_t k = 0; k < 4; k++) {
		ck_assert_uint_eq(seq[k].a_operand, 1);
		ck_assert_uint_eq(seq[k].b_operand, 0);
	}
	ck_assert(st_reg_group_equal(seq[0].a, vg(0, 8)));
	ck_assert(st_reg_group_equal(seq[0].b, vg(16, 8)));
	ck_assert(st_reg_group_equal(seq[3].a, vg(40, 8)));
	ck_assert(st_reg_group_equal(seq[3].b, vg(40, 8)));
}
END_TEST

START_TEST(detect_repeat_within_one_pool_is_not_shared)
{
	/* Repeating a src0 group inside one pool says nothing about sharing. */
	struct st_wmma_node seq[] = {node(0, 0, 0, 16), node(1, 0, 0, 24), node(2, 1, 32, 16), node(3, 1, 32, 24)};
	ck_assert_uint_eq(st_wmma_detect_ab_indices(seq, 4), 0);
	ck_assert(st_reg_group_equal(seq[1].a, vg(0, 8)));
}
END_TEST

/* ---- reorderContiguously ---- */

START_TEST(reorder_contiguously_stable)
{
	/* A pattern X Y X Z Y X -> X X X Y Y Z, each group in original order. */
	uint32_t as[] = {0, 8, 0, 16, 8, 0};
	struct st_wmma_node seq[6];
	const struct st_wmma_node *pool[6], *out[6];
	for (uint32_t k = 0; k < 6; k++) {
		seq[k] = node(k, 0, as[k], 100 + k);
		pool[k] = &seq[k];
	}
	st_wmma_reorder_contiguously(pool, 6, out);
	uint32_t want[] = {0, 2, 5, 1, 4, 3};
	for (size_t k = 0; k < 6; k++)
		ck_assert_uint_eq(out[k]->index, want[k]);
}
END_TEST

START_TEST(reorder_contiguously_already_contiguous)
{
	struct st_wmma_node seq[] = {node(0, 0, 8, 1), node(1, 0, 8, 2), node(2, 0, 0, 1)};
	const struct st_wmma_node *pool[] = {&seq[0], &seq[1], &seq[2]}, *out[3];
	st_wmma_reorder_contiguously(pool, 3, out);
	for (size_t k = 0; k < 3; k++)
		ck_assert_ptr_eq(out[k], pool[k]);
}
END_TEST

/* ---- the liveness map ---- */

START_TEST(liveness_map_merges_to_union)
{
	struct st_wmma_liveness l = {0};
	st_wmma_liveness_add(&l, vg(8, 8), 5, 5);
	st_wmma_liveness_add(&l, vg(0, 8), 3, 4);
	st_wmma_liveness_add(&l, vg(8, 8), 1, 2);
	st_wmma_liveness_add(&l, vg(0, 4), 7, 7);
	st_wmma_liveness_finish(&l);
	ck_assert_uint_eq(l.intervals.n, 3);
	const struct st_wmma_interval *iv = st_wmma_liveness_find(&l, vg(8, 8));
	ck_assert_ptr_nonnull(iv);
	ck_assert_uint_eq(iv->first, 1);
	ck_assert_uint_eq(iv->last, 5);
	iv = st_wmma_liveness_find(&l, vg(0, 4));
	ck_assert_ptr_nonnull(iv);
	ck_assert_uint_eq(iv->first, 7);
	ck_assert_ptr_null(st_wmma_liveness_find(&l, vg(16, 8)));
	st_wmma_liveness_free(&l);
}
END_TEST

/* ---- the built-in layers end to end ---- */

START_TEST(seed_example)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	st_wmma_analysis_run(a, k.m);
	const struct st_wmma_reorder_result *r = st_wmma_reorder_result(a, k.b);
	ck_assert_ptr_nonnull(r);
	ck_assert(r->applicable);
	ck_assert_int_eq(r->reason, ST_WMMA_APPLICABLE);
	ck_assert_uint_eq(r->npools, 2);
	ck_assert_uint_eq(r->total_vgpr_saved, 16);
	uint32_t want[] = {0, 2, 1, 3, 4, 6, 5, 7};
	expect_order(r, want, 8);
	ck_assert_uint_eq(r->aliases.n, 2);
	expect_alias(&r->aliases.v[0], 32, 0, 8);
	expect_alias(&r->aliases.v[1], 40, 8, 8);
	ck_assert_uint_eq(r->aliases.v[0].from_pool, 1);
	ck_assert_uint_eq(r->aliases.v[0].to_pool, 0);
	ck_assert_uint_eq(r->replacements.n, 4);
	for (size_t j = 0; j < 4; j++) {
		const struct st_wmma_replacement *rep = &r->replacements.v[j];
		ck_assert_ptr_eq(rep->inst, r->nodes.v[4 + j].inst);
		ck_assert_uint_eq(rep->operand, 0);
		ck_assert(!rep->is_dst);
		uint32_t old = j % 2 ? 40 : 32;
		ck_assert_uint_eq(rep->old_reg.index, old);
		ck_assert_uint_eq(rep->new_reg.index, old - 32);
		ck_assert_uint_eq(rep->new_reg.count, 8);
	}
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

START_TEST(symmetric_src1_varying)
{
	/* Hardware B (src1) is pool-varying and outer; src0 is shared. */
	struct kernel k;
	kernel_init(&k);
	for (int p = 0; p < 2; p++) {
		uint32_t b0 = p ? 32 : 0, b1 = p ? 40 : 8;
		wmma(&k, p, 16, b0, 64);
		wmma(&k, p, 16, b1, 72);
		wmma(&k, p, 24, b0, 80);
		wmma(&k, p, 24, b1, 88);
	}
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k.b);
	ck_assert(r->applicable);
	ck_assert_uint_eq(r->nodes.v[0].a_operand, 1);
	ck_assert_uint_eq(r->total_vgpr_saved, 16);
	uint32_t want[] = {0, 2, 1, 3, 4, 6, 5, 7};
	expect_order(r, want, 8);
	expect_alias(&r->aliases.v[0], 32, 0, 8);
	expect_alias(&r->aliases.v[1], 40, 8, 8);
	ck_assert_uint_eq(r->replacements.n, 4);
	for (size_t j = 0; j < 4; j++)
		ck_assert_uint_eq(r->replacements.v[j].operand, 1);
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

START_TEST(three_pools)
{
	struct kernel k;
	kernel_init(&k);
	for (int p = 0; p < 3; p++) {
		uint32_t a0 = 32 * (uint32_t)p, a1 = a0 + 8;
		wmma(&k, p, a0, 200, 128);
		wmma(&k, p, a1, 200, 136);
		wmma(&k, p, a0, 208, 144);
		wmma(&k, p, a1, 208, 152);
	}
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k.b);
	ck_assert(r->applicable);
	ck_assert_uint_eq(r->npools, 3);
	ck_assert_uint_eq(r->total_vgpr_saved, 32);
	ck_assert_uint_eq(r->aliases.n, 4);
	expect_alias(&r->aliases.v[0], 32, 0, 8);
	expect_alias(&r->aliases.v[1], 40, 8, 8);
	expect_alias(&r->aliases.v[2], 64, 0, 8);
	expect_alias(&r->aliases.v[3], 72, 8, 8);
	ck_assert_uint_eq(r->aliases.v[2].from_pool, 2);
	ck_assert_uint_eq(r->replacements.n, 8);
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

START_TEST(pools_sorted_by_index_not_by_position)
{
	/* Pool 1 comes first in the block: aliases still go onto pool 0. */
	struct kernel k;
	kernel_init(&k);
	for (int p = 1; p >= 0; p--) {
		uint32_t a0 = p ? 32 : 0, a1 = p ? 40 : 8;
		wmma(&k, p, a0, 16, 64);
		wmma(&k, p, a1, 16, 72);
		wmma(&k, p, a0, 24, 80);
		wmma(&k, p, a1, 24, 88);
	}
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k.b);
	ck_assert(r->applicable);
	expect_alias(&r->aliases.v[0], 32, 0, 8);
	uint32_t want[] = {0, 2, 1, 3, 4, 6, 5, 7};
	expect_order(r, want, 8);
	ck_assert_ptr_eq(r->replacements.v[0].inst, r->nodes.v[0].inst);
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

static enum st_wmma_reason reason_of(struct kernel *k)
{
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k->b);
	enum st_wmma_reason why = r->reason;
	ck_assert(r->applicable == (why == ST_WMMA_APPLICABLE));
	if (!r->applicable) {
		ck_assert_uint_eq(r->order.n, 0);
		ck_assert_uint_eq(r->aliases.n, 0);
		ck_assert_uint_eq(r->replacements.n, 0);
		ck_assert_uint_eq(r->total_vgpr_saved, 0);
	}
	st_wmma_analysis_free(a);
	st_module_free(k->m);
	return why;
}

START_TEST(bail_untagged)
{
	struct kernel k;
	seed_kernel(&k);
	wmma(&k, -1, 0, 16, 64);
	ck_assert_int_eq(reason_of(&k), ST_WMMA_UNTAGGED);
}
END_TEST

START_TEST(bail_bad_pool_index_is_untagged)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_inst *i = wmma(&k, -1, 0, 16, 64);
	const char *names[] = {"poolIndex"};
	struct st_value vals[] = {st_int_value(-3)};
	st_inst_add_attr(k.m, i, (struct st_attr){"mod.wmma_pool", {0}, st_dict_value(k.m, 1, names, vals)});
	ck_assert_int_eq(reason_of(&k), ST_WMMA_UNTAGGED);
}
END_TEST

START_TEST(pool_without_index_is_pool_0)
{
	/* WmmaPoolData's poolIndex defaults to 0. */
	struct kernel k;
	kernel_init(&k);
	wmma(&k, 0, 0, 16, 64);
	wmma(&k, 0, 8, 16, 72);
	struct st_inst *i = wmma(&k, -1, 0, 24, 80);
	st_inst_add_attr(k.m, i, (struct st_attr){"mod.wmma_pool", {0}, st_dict_value(k.m, 0, NULL, NULL)});
	ck_assert_int_eq(reason_of(&k), ST_WMMA_ONE_POOL);
}
END_TEST

START_TEST(bail_malformed)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_inst *i = plain(&k, "v_wmma_f32_16x16x32_f16");
	st_inst_add_src(k.m, i, vreg(0, 8));
	st_inst_add_src(k.m, i, st_int_operand(1));
	const char *names[] = {"poolIndex"};
	struct st_value vals[] = {st_int_value(0)};
	st_inst_add_attr(k.m, i, (struct st_attr){"mod.wmma_pool", {0}, st_dict_value(k.m, 1, names, vals)});
	ck_assert_int_eq(reason_of(&k), ST_WMMA_MALFORMED);
}
END_TEST

START_TEST(bail_one_pool)
{
	struct kernel k;
	kernel_init(&k);
	wmma(&k, 3, 0, 16, 64);
	wmma(&k, 3, 8, 16, 72);
	wmma(&k, 3, 0, 24, 80);
	ck_assert_int_eq(reason_of(&k), ST_WMMA_ONE_POOL);
}
END_TEST

START_TEST(bail_no_inflation)
{
	/* B is already the outer dimension: every A interval spans 2 = #B. */
	struct kernel k;
	kernel_init(&k);
	for (int p = 0; p < 2; p++) {
		uint32_t a0 = p ? 32 : 0, a1 = p ? 40 : 8;
		wmma(&k, p, a0, 16, 64);
		wmma(&k, p, a0, 24, 72);
		wmma(&k, p, a1, 16, 80);
		wmma(&k, p, a1, 24, 88);
	}
	ck_assert_int_eq(reason_of(&k), ST_WMMA_NO_INFLATION);
}
END_TEST

START_TEST(bail_no_size_match)
{
	struct kernel k;
	kernel_init(&k);
	for (int p = 0; p < 2; p++) {
		uint32_t a0 = p ? 32 : 0, a1 = p ? 40 : 8;
		struct st_inst *w[4] = {wmma(&k, p, a0, 16, 64), wmma(&k, p, a1, 16, 72), wmma(&k, p, a0, 24, 80),
		                        wmma(&k, p, a1, 24, 88)};
		if (p)
			for (int j = 0; j < 4; j++)
				w[j]->srcs[0].reg.count = 4;
	}
	ck_assert_int_eq(reason_of(&k), ST_WMMA_NO_SIZE_MATCH);
}
END_TEST

START_TEST(bail_every_pair_overlaps)
{
	/* The pools are interleaved and keep their slots, so pool 1's A groups
	 * stay live while pool 0's are. */
	struct kernel k;
	kernel_init(&k);
	uint32_t as[] = {0, 8, 0, 8};
	uint32_t bs[] = {16, 16, 24, 24};
	for (int j = 0; j < 4; j++) {
		wmma(&k, 0, as[j], bs[j], 64 + 8 * (uint32_t)j);
		wmma(&k, 1, as[j] + 32, bs[j], 64 + 8 * (uint32_t)j);
	}
	ck_assert_int_eq(reason_of(&k), ST_WMMA_ALL_OVERLAP);
}
END_TEST

START_TEST(no_wmma_block)
{
	struct kernel k;
	kernel_init(&k);
	plain(&k, "s_nop");
	ck_assert_int_eq(reason_of(&k), ST_WMMA_NO_WMMA);
}
END_TEST

START_TEST(replacements_cover_loads)
{
	/* The loads filling pool 1's A registers must be renamed too. */
	struct kernel k;
	kernel_init(&k);
	struct st_inst *ld = plain(&k, "ds_load_b128");
	st_inst_add_dst(k.m, ld, vreg(36, 4));
	st_inst_add_src(k.m, ld, vreg(200, 1));
	for (int p = 0; p < 2; p++) {
		uint32_t a0 = p ? 32 : 0, a1 = p ? 40 : 8;
		wmma(&k, p, a0, 16, 64);
		wmma(&k, p, a1, 16, 72);
		wmma(&k, p, a0, 24, 80);
		wmma(&k, p, a1, 24, 88);
	}
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k.b);
	ck_assert(r->applicable);
	ck_assert_uint_eq(r->replacements.n, 5);
	const struct st_wmma_replacement *rep = &r->replacements.v[0];
	ck_assert_ptr_eq(rep->inst, ld);
	ck_assert(rep->is_dst);
	ck_assert_uint_eq(rep->operand, 0);
	ck_assert_uint_eq(rep->old_reg.index, 36);
	ck_assert_uint_eq(rep->new_reg.index, 4);
	ck_assert_uint_eq(rep->new_reg.count, 4);
	/* Read-only: the load is untouched. */
	ck_assert_uint_eq(ld->dsts[0].reg.index, 36);
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

START_TEST(straddling_operand_drops_alias)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_inst *ld = plain(&k, "global_load_b128");
	st_inst_add_dst(k.m, ld, vreg(38, 4)); /* v[38:41] spans both pool-1 A groups */
	ck_assert_int_eq(reason_of(&k), ST_WMMA_STRADDLED);

	seed_kernel(&k);
	ld = plain(&k, "global_load_b128");
	st_inst_add_dst(k.m, ld, vreg(44, 8)); /* v[44:51] straddles only v[40:47] */
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k.b);
	ck_assert(r->applicable);
	ck_assert_uint_eq(r->aliases.n, 1);
	expect_alias(&r->aliases.v[0], 32, 0, 8);
	ck_assert_uint_eq(r->total_vgpr_saved, 8);
	ck_assert_uint_eq(r->replacements.n, 2);
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

START_TEST(blocks_are_independent)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_block *loop = k.b;
	k.b = st_block_new(k.f, "tail", (struct st_loc){k.m->filename, 40, 1});
	wmma(&k, 0, 0, 16, 64);
	wmma(&k, 0, 0, 24, 72);
	struct st_block *empty = st_block_new(k.f, "exit", (struct st_loc){k.m->filename, 50, 1});
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	st_wmma_analysis_run(a, k.m);
	ck_assert(st_wmma_reorder_result(a, loop)->applicable);
	ck_assert_int_eq(st_wmma_reorder_result(a, k.b)->reason, ST_WMMA_ONE_POOL);
	ck_assert_int_eq(st_wmma_reorder_result(a, empty)->reason, ST_WMMA_NO_WMMA);
	ck_assert_ptr_eq(st_wmma_reorder_result(a, loop)->block, loop);

	/* Re-running one block replaces its result only. */
	const struct st_wmma_reorder_result *before = st_wmma_reorder_result(a, k.b);
	wmma(&k, 1, 32, 16, 64);
	const struct st_wmma_reorder_result *again = st_wmma_analysis_run_block(a, k.b);
	ck_assert_ptr_eq(again, before);
	ck_assert_int_eq(again->reason, ST_WMMA_NO_INFLATION);
	ck_assert(st_wmma_reorder_result(a, loop)->applicable);
	st_wmma_analysis_free(a);

	struct st_wmma_analysis *fresh = st_wmma_analysis_new(NULL, NULL);
	ck_assert_ptr_null(st_wmma_reorder_result(fresh, loop));
	st_wmma_analysis_free(fresh);
	st_module_free(k.m);
}
END_TEST

START_TEST(many_blocks)
{
	/* Enough blocks to grow the result table several times. */
	struct kernel k;
	kernel_init(&k);
	for (int j = 0; j < 100; j++) {
		char label[16];
		snprintf(label, sizeof label, "b%d", j);
		k.b = st_block_new(k.f, label, (struct st_loc){k.m->filename, k.line++, 1});
		wmma(&k, j % 3, 0, 16, 64);
	}
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, NULL);
	st_wmma_analysis_run(a, k.m);
	st_wmma_analysis_run(a, k.m);
	for (size_t j = 0; j < k.f->blocks.n; j++) {
		const struct st_wmma_reorder_result *r = st_wmma_reorder_result(a, k.f->blocks.v[j]);
		ck_assert_ptr_nonnull(r);
		ck_assert_ptr_eq(r->block, k.f->blocks.v[j]);
		ck_assert_int_eq(r->reason, j == 0 ? ST_WMMA_NO_WMMA : ST_WMMA_ONE_POOL);
	}
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

/* ---- injected layers ---- */

struct spy_liveness {
	int calls;
	size_t nseq;
	const struct st_block *block;
};

/* Claims every group is live at one point only: nothing is inflated. */
static void point_liveness(void *ctx, const struct st_block *block, const struct st_wmma_node *seq, size_t nseq,
                           struct st_wmma_liveness *out)
{
	struct spy_liveness *spy = ctx;
	spy->calls++;
	spy->nseq = nseq;
	spy->block = block;
	ck_assert_uint_eq(out->intervals.n, 0);
	for (size_t k = 0; k < nseq; k++) {
		st_wmma_liveness_add(out, seq[k].a, (uint32_t)k, (uint32_t)k);
		st_wmma_liveness_add(out, seq[k].b, (uint32_t)k, (uint32_t)k);
	}
	/* Fold every group onto its last read. */
	for (size_t k = 0; k < out->intervals.n; k++)
		out->intervals.v[k].first = out->intervals.v[k].last = (uint32_t)nseq - 1;
}

START_TEST(custom_liveness_is_used)
{
	struct kernel k;
	seed_kernel(&k);
	struct spy_liveness spy = {0};
	struct st_wmma_liveness_backend lb = {"PointLiveness", &spy, point_liveness};
	struct st_wmma_analysis *a = st_wmma_analysis_new(&lb, NULL);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k.b);
	ck_assert_int_eq(spy.calls, 1);
	ck_assert_uint_eq(spy.nseq, 8);
	ck_assert_ptr_eq(spy.block, k.b);
	/* The built-in liveness would have found inflation. */
	ck_assert_int_eq(r->reason, ST_WMMA_NO_INFLATION);
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

struct spy_algorithm {
	int calls;
	size_t npools;
	uint32_t pool_index[4];
	size_t pool_size[4];
	bool saw_interval;
};

/* Reverses the sequence and aliases pool 1's first A group onto v[100:107]. */
static enum st_wmma_reason reverse_algorithm(void *ctx, const struct st_wmma_pool *pools, size_t npools,
                                             const struct st_wmma_liveness *liveness, struct st_wmma_solution *out)
{
	struct spy_algorithm *spy = ctx;
	spy->calls++;
	spy->npools = npools;
	size_t n = 0;
	for (size_t p = 0; p < npools && p < 4; p++) {
		spy->pool_index[p] = pools[p].pool_index;
		spy->pool_size[p] = pools[p].n;
		n += pools[p].n;
	}
	const struct st_wmma_interval *iv = st_wmma_liveness_find(liveness, pools[0].nodes[0]->a);
	spy->saw_interval = iv && iv->first == 0 && iv->last == 2;
	for (size_t p = npools; p-- > 0;)
		for (size_t k = pools[p].n; k-- > 0;)
			st_vec_push(&out->order, pools[p].nodes[k]);
	ck_assert_uint_eq(out->order.n, n);
	struct st_wmma_alias x = {pools[1].nodes[0]->a, vg(100, 8), pools[1].pool_index, 99};
	st_vec_push(&out->aliases, x);
	return ST_WMMA_APPLICABLE;
}

START_TEST(custom_algorithm_is_used)
{
	struct kernel k;
	seed_kernel(&k);
	struct spy_algorithm spy = {0};
	struct st_wmma_reorder_algorithm alg = {"Reverse", &spy, reverse_algorithm};
	struct st_wmma_analysis *a = st_wmma_analysis_new(NULL, &alg);
	const struct st_wmma_reorder_result *r = st_wmma_analysis_run_block(a, k.b);
	ck_assert_int_eq(spy.calls, 1);
	ck_assert_uint_eq(spy.npools, 2);
	ck_assert_uint_eq(spy.pool_index[0], 0);
	ck_assert_uint_eq(spy.pool_index[1], 1);
	ck_assert_uint_eq(spy.pool_size[0], 4);
	ck_assert_uint_eq(spy.pool_size[1], 4);
	ck_assert(spy.saw_interval); /* the built-in liveness fed it */
	ck_assert(r->applicable);
	uint32_t want[] = {7, 6, 5, 4, 3, 2, 1, 0};
	expect_order(r, want, 8);
	ck_assert_uint_eq(r->aliases.n, 1);
	expect_alias(&r->aliases.v[0], 32, 100, 8);
	ck_assert_uint_eq(r->aliases.v[0].to_pool, 99);
	ck_assert_uint_eq(r->total_vgpr_saved, 8);
	ck_assert_uint_eq(r->replacements.n, 2);
	ck_assert_uint_eq(r->replacements.v[0].new_reg.index, 100);
	st_wmma_analysis_free(a);
	st_module_free(k.m);
}
END_TEST

static enum st_wmma_reason declining_algorithm(void *ctx, const struct st_wmma_pool *pools, size_t npools,
                                               const struct st_wmma_liveness *liveness, struct st_wmma_solution *out)
{
	(void)pools;
	(void)npools;
	(void)liveness;
	(void)out;
	++*(int *)ctx;
	return ST_WMMA_DECLINED;
}

START_TEST(null_selects_builtins)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_wmma_analysis *builtin = st_wmma_analysis_new(&st_wmma_interval_liveness, &st_wmma_pool_varying_algorithm);
	struct st_wmma_analysis *dflt = st_wmma_analysis_new(NULL, NULL);
	const struct st_wmma_reorder_result *x = st_wmma_analysis_run_block(builtin, k.b);
	const struct st_wmma_reorder_result *y = st_wmma_analysis_run_block(dflt, k.b);
	ck_assert(x->applicable && y->applicable);
	ck_assert_uint_eq(x->total_vgpr_saved, y->total_vgpr_saved);
	ck_assert_mem_eq(x->order_index.v, y->order_index.v, 8 * sizeof *x->order_index.v);

	/* Only the NULL layer is defaulted. */
	int declined = 0;
	struct st_wmma_reorder_algorithm alg = {"Declines", &declined, declining_algorithm};
	struct st_wmma_analysis *mixed = st_wmma_analysis_new(NULL, &alg);
	ck_assert_int_eq(st_wmma_analysis_run_block(mixed, k.b)->reason, ST_WMMA_DECLINED);
	ck_assert_int_eq(declined, 1);
	st_wmma_analysis_free(mixed);
	st_wmma_analysis_free(builtin);
	st_wmma_analysis_free(dflt);
	st_module_free(k.m);
}
END_TEST

/* ---- the pass ---- */

static void run_pass(struct kernel *k, struct st_diag_engine *d, struct st_pass_ctx *ctx)
{
	st_diag_init(d, NULL);
	d->collect = true;
	memset(ctx, 0, sizeof *ctx);
	ctx->module = k->m;
	ctx->diag = d;
	ctx->pass = &st_pass_wmma_vgpr_reorder;
	ck_assert(st_pass_wmma_vgpr_reorder.run(ctx));
}

static int64_t stat_value(const struct st_pass_ctx *ctx, const char *name)
{
	for (size_t k = 0; k < ctx->stats.n; k++)
		if (strcmp(ctx->stats.v[k].name, name) == 0)
			return ctx->stats.v[k].value;
	return -1;
}

START_TEST(pass_remarks_and_results)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_block *loop = k.b;
	k.b = st_block_new(k.f, "tail", (struct st_loc){k.m->filename, 40, 1});
	plain(&k, "s_nop");
	wmma(&k, -1, 0, 16, 64);
	k.b = st_block_new(k.f, "exit", (struct st_loc){k.m->filename, 50, 1});
	plain(&k, "s_endpgm");
	struct st_diag_engine d;
	struct st_pass_ctx ctx;
	run_pass(&k, &d, &ctx);
	ck_assert(!ctx.changed);
	ck_assert_uint_eq(d.diags.n, 2);
	ck_assert_int_eq(d.diags.v[0].sev, ST_SEV_REMARK);
	ck_assert_uint_eq(d.diags.v[0].loc.line, 3);
	ck_assert_uint_eq(d.diags.v[0].loc.col, 3);
	ck_assert_str_eq(d.diags.v[0].msg, "StinkyWmmaVgprReorderPass: ^loop: 16 VGPRs saveable (2 aliases: "
	                                   "v[32:39]->v[0:7], v[40:47]->v[8:15]); order: 0 2 1 3 4 6 5 7; 4 replacements");
	ck_assert_uint_eq(d.diags.v[1].loc.line, 12); /* the first wmma, not the s_nop */
	ck_assert_str_eq(d.diags.v[1].msg, "StinkyWmmaVgprReorderPass: ^tail: not applicable: untagged wmma");
	ck_assert_int_eq(stat_value(&ctx, "blocks analysed"), 2);
	ck_assert_int_eq(stat_value(&ctx, "blocks applicable"), 1);
	ck_assert_int_eq(stat_value(&ctx, "VGPRs saveable"), 16);

	/* The results stay on the module for later queries. */
	struct st_wmma_analysis *a = st_wmma_module_analysis(k.m);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(st_wmma_reorder_result(a, loop)->total_vgpr_saved, 16);
	st_vec_free(&ctx.stats);
	st_diag_fini(&d);
	st_module_free(k.m);
}
END_TEST

START_TEST(pass_uses_attached_analysis)
{
	struct kernel k;
	seed_kernel(&k);
	struct spy_liveness spy = {0};
	struct st_wmma_liveness_backend lb = {"PointLiveness", &spy, point_liveness};
	struct st_wmma_analysis *a = st_wmma_analysis_new(&lb, NULL);
	st_wmma_analysis_attach(k.m, a);
	struct st_diag_engine d;
	struct st_pass_ctx ctx;
	run_pass(&k, &d, &ctx);
	ck_assert_int_eq(spy.calls, 1);
	ck_assert_ptr_eq(st_wmma_module_analysis(k.m), a);
	ck_assert_uint_eq(d.diags.n, 1);
	ck_assert_str_eq(d.diags.v[0].msg, "StinkyWmmaVgprReorderPass: ^loop: not applicable: no inflation");
	/* Running again re-analyses with the same layers. */
	st_vec_free(&ctx.stats);
	st_diag_fini(&d);
	run_pass(&k, &d, &ctx);
	ck_assert_int_eq(spy.calls, 2);
	st_vec_free(&ctx.stats);
	st_diag_fini(&d);
	st_module_free(k.m); /* frees the attached analysis */
}
END_TEST

START_TEST(pass_singular_wording)
{
	struct kernel k;
	seed_kernel(&k);
	struct st_inst *ld = plain(&k, "global_load_b128");
	st_inst_add_dst(k.m, ld, vreg(44, 8));
	struct st_diag_engine d;
	struct st_pass_ctx ctx;
	run_pass(&k, &d, &ctx);
	ck_assert_str_eq(d.diags.v[0].msg, "StinkyWmmaVgprReorderPass: ^loop: 8 VGPRs saveable (1 alias: "
	                                   "v[32:39]->v[0:7]); order: 0 2 1 3 4 6 5 7; 2 replacements");
	st_vec_free(&ctx.stats);
	st_diag_fini(&d);
	st_module_free(k.m);
}
END_TEST

/* ---- module attachments ---- */

static void count_fini(void *p)
{
	++*(int *)p;
}

START_TEST(module_attachments)
{
	struct st_module *m = st_module_new("x.stir");
	int key1, key2, freed1 = 0, freed2 = 0, freed3 = 0;
	ck_assert_ptr_null(st_module_attachment(m, &key1));
	st_module_attach(m, &key1, &freed1, count_fini);
	st_module_attach(m, &key2, &freed2, count_fini);
	ck_assert_ptr_eq(st_module_attachment(m, &key1), &freed1);
	st_module_attach(m, &key1, &freed3, count_fini); /* replaces: old one released */
	ck_assert_int_eq(freed1, 1);
	ck_assert_ptr_eq(st_module_attachment(m, &key1), &freed3);
	st_module_attach(m, &key2, NULL, NULL); /* detaches */
	ck_assert_int_eq(freed2, 1);
	ck_assert_ptr_null(st_module_attachment(m, &key2));
	st_module_free(m);
	ck_assert_int_eq(freed3, 1);
	ck_assert_int_eq(freed1, 1);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("wmma-vgpr-reorder");
	TCase *t = tcase_create("building-blocks");
	tcase_add_test(t, detect_src0_varying);
	tcase_add_test(t, detect_src0_shared);
	tcase_add_test(t, detect_repeat_within_one_pool_is_not_shared);
	tcase_add_test(t, reorder_contiguously_stable);
	tcase_add_test(t, reorder_contiguously_already_contiguous);
	tcase_add_test(t, liveness_map_merges_to_union);
	tcase_add_test(t, module_attachments);
	suite_add_tcase(s, t);
	t = tcase_create("analysis");
	tcase_add_test(t, seed_example);
	tcase_add_test(t, symmetric_src1_varying);
	tcase_add_test(t, three_pools);
	tcase_add_test(t, pools_sorted_by_index_not_by_position);
	tcase_add_test(t, bail_untagged);
	tcase_add_test(t, bail_bad_pool_index_is_untagged);
	tcase_add_test(t, pool_without_index_is_pool_0);
	tcase_add_test(t, bail_malformed);
	tcase_add_test(t, bail_one_pool);
	tcase_add_test(t, bail_no_inflation);
	tcase_add_test(t, bail_no_size_match);
	tcase_add_test(t, bail_every_pair_overlaps);
	tcase_add_test(t, no_wmma_block);
	tcase_add_test(t, replacements_cover_loads);
	tcase_add_test(t, straddling_operand_drops_alias);
	tcase_add_test(t, blocks_are_independent);
	tcase_add_test(t, many_blocks);
	suite_add_tcase(s, t);
	t = tcase_create("layers");
	tcase_add_test(t, custom_liveness_is_used);
	tcase_add_test(t, custom_algorithm_is_used);
	tcase_add_test(t, null_selects_builtins);
	suite_add_tcase(s, t);
	t = tcase_create("pass");
	tcase_add_test(t, pass_remarks_and_results);
	tcase_add_test(t, pass_uses_attached_analysis);
	tcase_add_test(t, pass_singular_wording);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
