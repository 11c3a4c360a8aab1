/* Unit tests of lib/analysis/ssa.c: def-use chains over DWORD register keys
 * and LDS pseudo-registers, PHI placement and alignment, unreachable code,
 * rebuilding, PHI removal (whole function and --process-blocks), and a
 * random cross-check against classic reaching definitions. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg-builder.h"
#include "stinkytofu/pass.h"
#include "stinkytofu/ssa.h"

/* "v5", "v[0:3]", "s4", "LDS1" -> operand. */
static struct st_operand reg(const char *spec)
{
	enum st_regclass cls;
	size_t n = st_regclass_match(spec, strlen(spec), &cls);
	ck_assert_uint_gt(n, 0);
	unsigned lo, hi;
	if (sscanf(spec + n, "[%u:%u]", &lo, &hi) == 2)
		return st_reg_operand(cls, lo, hi - lo + 1);
	ck_assert_int_eq(sscanf(spec + n, "%u", &lo), 1);
	return st_reg_operand(cls, lo, 1);
}

static unsigned next_line;

/* Appends `dsts = name(srcs)`; dsts and srcs are space-separated register
 * lists ("" for none). Each instruction gets its own line number. */
static struct st_inst *add(struct st_block *b, const char *name, const char *dsts, const char *srcs)
{
	struct st_module *m = b->func->module;
	struct st_inst *in = st_inst_new(m, name, (struct st_loc){m->filename, ++next_line, 5});
	char buf[256];
	for (int pass = 0; pass < 2; pass++) {
		snprintf(buf, sizeof buf, "%s", pass ? srcs : dsts);
		for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
			if (pass)
				st_inst_add_src(m, in, reg(t));
			else
				st_inst_add_dst(m, in, reg(t));
		}
	}
	st_block_append(b, in);
	return in;
}

static struct st_block *B(struct st_function *f, const char *label)
{
	return f->blocks.v[blk(f, label)];
}

static void build(struct st_function *f, bool pseudo)
{
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	st_build_use_def_chain(f, &cfg, true, pseudo);
	st_cfg_free(&cfg);
}

/* The chains through the accessors of ssa.h, checked against their bounds. */
static uint32_t nsources(const struct st_inst *in)
{
	uint32_t n;
	st_inst_sources(in, &n);
	return n;
}

static struct st_inst *source(const struct st_inst *in, uint32_t k)
{
	uint32_t n;
	struct st_inst *const *v = st_inst_sources(in, &n);
	ck_assert_uint_lt(k, n);
	return v[k];
}

static uint32_t nusers(const struct st_inst *in)
{
	uint32_t n;
	st_inst_users(in, &n);
	return n;
}

static struct st_inst *user_of(const struct st_inst *in, uint32_t k)
{
	uint32_t n;
	struct st_inst *const *v = st_inst_users(in, &n);
	ck_assert_uint_lt(k, n);
	return v[k];
}

static struct st_inst *incoming(const struct st_inst *phi, size_t j)
{
	ck_assert_uint_lt(j, phi->block->preds.n);
	return st_phi_incoming(phi)[j];
}

static bool has_source(const struct st_inst *in, const struct st_inst *src)
{
	for (uint32_t i = 0; i < nsources(in); i++)
		if (source(in, i) == src)
			return true;
	return false;
}

static bool has_user(const struct st_inst *in, const struct st_inst *user)
{
	for (uint32_t i = 0; i < nusers(in); i++)
		if (user_of(in, i) == user)
			return true;
	return false;
}

/* Every source lists its consumer as a user and vice versa, each once. */
static void check_symmetric(const struct st_function *f)
{
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		for (size_t p = 0; p <= b->phis.n; p++) {
			for (const struct st_inst *in = p < b->phis.n ? b->phis.v[p] : b->first; in;
			     in = p < b->phis.n ? NULL : in->next) {
				for (uint32_t s = 0; s < nsources(in); s++) {
					ck_assert(has_user(source(in, s), in));
					for (uint32_t t = s + 1; t < nsources(in); t++)
						ck_assert_ptr_ne(source(in, s), source(in, t));
				}
				for (uint32_t u = 0; u < nusers(in); u++) {
					ck_assert(has_source(user_of(in, u), in));
					for (uint32_t t = u + 1; t < nusers(in); t++)
						ck_assert_ptr_ne(user_of(in, u), user_of(in, t));
				}
			}
		}
	}
}

START_TEST(straight_line_and_partial_overlap)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry");
	struct st_block *e = B(f, "entry");
	struct st_inst *a = add(e, "v_mov", "v[0:3]", "");
	struct st_inst *b = add(e, "v_mov", "v[2:3]", "");
	struct st_inst *c = add(e, "v_use", "", "v[1:2]");
	struct st_inst *d = add(e, "v_use", "", "v[2:5]");
	struct st_inst *x = add(e, "v_add", "v0", "v0 v0");
	struct st_inst *y = add(e, "v_use", "", "v[0:3]");
	build(f, false);
	ck_assert_uint_eq(nsources(c), 2);
	ck_assert_ptr_eq(source(c, 0), a); /* v1 */
	ck_assert_ptr_eq(source(c, 1), b); /* v2: the partial overwrite */
	ck_assert_uint_eq(nsources(d), 1);  /* v4, v5 have no producer */
	ck_assert_ptr_eq(source(d, 0), b);
	ck_assert_uint_eq(nsources(x), 1);  /* reads the old v0 */
	ck_assert_ptr_eq(source(x, 0), a);
	ck_assert_uint_eq(nsources(y), 3);
	ck_assert_ptr_eq(source(y, 0), x);
	ck_assert_ptr_eq(source(y, 1), a);
	ck_assert_ptr_eq(source(y, 2), b);
	ck_assert_uint_eq(nusers(a), 3); /* c, x, y */
	ck_assert_uint_eq(e->phis.n, 0);
	check_symmetric(f);
	st_remove_phis(f);
	ck_assert_ptr_null(c->du);
	ck_assert_uint_eq(nsources(c), 0);
	ck_assert_ptr_null(f->chains);
	st_module_free(m);
}
END_TEST

/* The chains live in side records: none before the build, one per
 * instruction (unreachable ones too) and PHI after it, none on instructions
 * created later, and none again once the PHIs are removed. */
static void check_records(const struct st_function *f, bool chains)
{
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		st_foreach_inst(b, in) ck_assert(chains ? in->du != NULL : in->du == NULL);
		for (size_t p = 0; p < b->phis.n; p++)
			ck_assert_ptr_nonnull(b->phis.v[p]->du);
	}
}

START_TEST(chains_live_in_side_records)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->a,b; a->c; b->c; c; dead->c");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v0", "");
	add(B(f, "a"), "v_mov", "v0", "");
	struct st_inst *u = add(B(f, "c"), "v_use", "", "v0");
	add(B(f, "dead"), "v_mov", "v0", "");
	check_records(f, false);
	ck_assert_uint_eq(nsources(u), 0);
	ck_assert_uint_eq(nusers(x), 0);
	build(f, false);
	check_records(f, true);
	ck_assert_uint_eq(B(f, "c")->phis.n, 1);
	ck_assert_uint_eq(nsources(u), 1);
	/* An instruction created after the build has no chains. */
	struct st_inst *late = st_inst_new(m, "v_use", (struct st_loc){m->filename, 99, 1});
	st_inst_add_src(m, late, reg("v0"));
	st_inst_insert_before(u, late);
	ck_assert_ptr_null(late->du);
	ck_assert_uint_eq(nsources(late), 0);
	/* A rebuild with clear_existing gives it one. */
	build(f, false);
	check_records(f, true);
	ck_assert_uint_eq(nsources(late), 1);
	st_remove_phis(f);
	check_records(f, false);
	ck_assert_uint_eq(nsources(u), 0);
	ck_assert_uint_eq(nusers(x), 0);
	st_module_free(m);
}
END_TEST

/* Indices beyond the direct key table go through the hashed key map. */
START_TEST(high_register_indices)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->l; l->l,exit; exit");
	struct st_inst *a = add(B(f, "entry"), "v_mov", "v[1022:1025]", "");
	struct st_inst *b = add(B(f, "entry"), "s_mov", "s[2147483640:2147483646]", "");
	struct st_inst *c = add(B(f, "l"), "v_add", "v1025", "v[1024:1025] s2147483646");
	struct st_inst *u = add(B(f, "exit"), "v_use", "", "v[1024:1025] v1022");
	build(f, false);
	ck_assert_uint_eq(B(f, "l")->phis.n, 1);
	struct st_inst *phi = B(f, "l")->phis.v[0];
	ck_assert_uint_eq(st_phi_key(phi).index, 1025);
	ck_assert_uint_eq(nsources(c), 3);
	ck_assert_ptr_eq(source(c, 0), a);
	ck_assert_ptr_eq(source(c, 1), phi);
	ck_assert_ptr_eq(source(c, 2), b);
	ck_assert_ptr_eq(incoming(phi, 1), c);
	ck_assert_uint_eq(nsources(u), 2);
	ck_assert_ptr_eq(source(u, 0), a);
	ck_assert_ptr_eq(source(u, 1), c);
	check_symmetric(f);
	st_module_free(m);
}
END_TEST

START_TEST(diamond_phi)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->a,b; a->c; b->c; c");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v[0:1]", "");
	struct st_inst *y = add(B(f, "a"), "v_mov", "v0", "");
	struct st_inst *u = add(B(f, "c"), "v_use", "", "v[0:1]");
	build(f, false);
	struct st_block *c = B(f, "c");
	ck_assert_uint_eq(c->phis.n, 1); /* v0 only: v1 is not redefined */
	struct st_inst *phi = c->phis.v[0];
	ck_assert_int_eq(phi->kind, ST_ITEM_PHI);
	ck_assert_ptr_eq(phi->block, c);
	ck_assert_int_eq(st_phi_key(phi).cls, ST_REG_V);
	ck_assert_uint_eq(st_phi_key(phi).index, 0);
	ck_assert_uint_eq(st_phi_key(phi).count, 1);
	ck_assert_uint_eq(phi->id, 0);
	ck_assert_uint_eq(f->nphis, 1);
	/* Slots follow c->preds: a, then b. */
	ck_assert_ptr_eq(c->preds.v[0], B(f, "a"));
	ck_assert_ptr_eq(incoming(phi, 0), y);
	ck_assert_ptr_eq(incoming(phi, 1), x);
	ck_assert_uint_eq(nsources(phi), 2);
	ck_assert_uint_eq(nsources(u), 2);
	ck_assert_ptr_eq(source(u, 0), phi);
	ck_assert_ptr_eq(source(u, 1), x);
	ck_assert(has_user(x, phi));
	ck_assert(has_user(x, u));
	ck_assert(has_user(y, phi));
	ck_assert(!has_user(y, u));
	/* PHIs never enter the item list. */
	for (struct st_inst *in = c->first; in; in = in->next)
		ck_assert_int_eq(in->kind, ST_ITEM_INST);
	check_symmetric(f);
	st_module_free(m); /* safe without st_remove_phis */
}
END_TEST

START_TEST(pruned_no_dead_phi)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->a,b; a->c; b->c; c->d; d");
	add(B(f, "entry"), "v_mov", "v0", "");
	add(B(f, "a"), "v_mov", "v0", "");
	add(B(f, "c"), "v_mov", "v0", ""); /* kills before any use */
	add(B(f, "d"), "v_use", "", "v0");
	build(f, false);
	ck_assert_uint_eq(B(f, "c")->phis.n, 0);
	ck_assert_uint_eq(f->nphis, 0);
	st_module_free(m);
}
END_TEST

START_TEST(undefined_path_null_slot)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->a,b; a->c; b->c; c");
	struct st_inst *y = add(B(f, "a"), "v_mov", "v3", "");
	struct st_inst *u = add(B(f, "c"), "v_use", "", "v3");
	build(f, false);
	struct st_inst *phi = B(f, "c")->phis.v[0];
	ck_assert_ptr_eq(incoming(phi, 0), y);
	ck_assert_ptr_null(incoming(phi, 1));
	ck_assert_uint_eq(nsources(phi), 1);
	ck_assert_ptr_eq(source(u, 0), phi);
	st_module_free(m);
}
END_TEST

START_TEST(self_loop_phi)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->l; l->l,exit; exit");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v0", "");
	struct st_inst *inc = add(B(f, "l"), "v_add", "v0", "v0");
	struct st_inst *u = add(B(f, "exit"), "v_use", "", "v0");
	build(f, false);
	struct st_block *l = B(f, "l");
	ck_assert_uint_eq(l->phis.n, 1);
	struct st_inst *phi = l->phis.v[0];
	ck_assert_ptr_eq(l->preds.v[0], B(f, "entry"));
	ck_assert_ptr_eq(incoming(phi, 0), x);
	ck_assert_ptr_eq(incoming(phi, 1), inc);
	ck_assert_uint_eq(nsources(inc), 1);
	ck_assert_ptr_eq(source(inc, 0), phi);
	ck_assert_uint_eq(nsources(u), 1);
	ck_assert_ptr_eq(source(u, 0), inc);
	ck_assert(has_user(inc, phi));
	check_symmetric(f);
	st_module_free(m);
}
END_TEST

START_TEST(phi_carried_unchanged_is_not_its_own_source)
{
	struct st_module *m = st_module_new("t.stir");
	/* h's self-loop carries its own PHI around unchanged. */
	struct st_function *f = build_cfg(m, "entry->p,q; p->h; q->h; h->h,exit; exit");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v0", "");
	struct st_inst *y = add(B(f, "p"), "v_mov", "v0", "");
	struct st_inst *u = add(B(f, "h"), "v_use", "", "v0");
	build(f, false);
	struct st_block *h = B(f, "h");
	ck_assert_uint_eq(h->phis.n, 1);
	struct st_inst *phi = h->phis.v[0];
	ck_assert_ptr_eq(incoming(phi, 0), y);
	ck_assert_ptr_eq(incoming(phi, 1), x);
	ck_assert_ptr_eq(incoming(phi, 2), phi);
	ck_assert_uint_eq(nsources(phi), 2);
	ck_assert(!has_source(phi, phi));
	ck_assert(!has_user(phi, phi));
	ck_assert_uint_eq(nsources(u), 1);
	ck_assert_ptr_eq(source(u, 0), phi);
	check_symmetric(f);
	st_module_free(m);
}
END_TEST

START_TEST(cyclic_phi_web)
{
	struct st_module *m = st_module_new("t.stir");
	/* h merges entry and the latch; the latch path through `skip` carries h's
	 * PHI around unchanged, so the PHI at `latch` has h's PHI as an incoming
	 * value, and h's PHI receives the latch PHI. */
	struct st_function *f = build_cfg(m, "entry->h; h->set,skip; set->latch; skip->latch; latch->h,exit; exit");
	add(B(f, "entry"), "v_mov", "v0", "");
	struct st_inst *s = add(B(f, "set"), "v_mov", "v0", "");
	add(B(f, "latch"), "v_use", "", "v0");
	build(f, false);
	struct st_inst *ph = B(f, "h")->phis.v[0], *pl = B(f, "latch")->phis.v[0];
	ck_assert_ptr_eq(incoming(pl, 0), s);
	ck_assert_ptr_eq(incoming(pl, 1), ph);
	ck_assert_ptr_eq(incoming(ph, 1), pl);
	ck_assert(has_source(ph, pl) && has_source(pl, ph)); /* a cyclic PHI web */
	check_symmetric(f);
	st_module_free(m);
}
END_TEST

START_TEST(pseudo_registers)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->a,b; a->c; b->c; c");
	struct st_inst *t = add(B(f, "entry"), "tensor_load_to_lds", "LDS0", "s[0:3]");
	struct st_inst *w = add(B(f, "a"), "ds_store_b32", "LDS0", "v1 v2");
	struct st_inst *r = add(B(f, "c"), "ds_load_b128", "v[4:7]", "v8 LDS0");
	build(f, false);
	ck_assert_uint_eq(nsources(r), 0);
	ck_assert_uint_eq(B(f, "c")->phis.n, 0);
	ck_assert_uint_eq(nusers(t), 0);
	build(f, true);
	ck_assert_uint_eq(B(f, "c")->phis.n, 1);
	struct st_inst *phi = B(f, "c")->phis.v[0];
	ck_assert_int_eq(st_phi_key(phi).cls, ST_REG_LDS);
	ck_assert_ptr_eq(incoming(phi, 0), w);
	ck_assert_ptr_eq(incoming(phi, 1), t);
	ck_assert_uint_eq(nsources(r), 1);
	ck_assert_ptr_eq(source(r, 0), phi);
	check_symmetric(f);
	st_module_free(m);
}
END_TEST

START_TEST(unreachable_code_is_local)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->j; u->j; j; dead");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v0", "");
	add(B(f, "u"), "v_mov", "v1", "");
	struct st_inst *du = add(B(f, "u"), "v_use", "", "v0");
	struct st_inst *uj = add(B(f, "j"), "v_use", "", "v0 v1");
	struct st_inst *dd = add(B(f, "dead"), "v_mov", "v2", "v0");
	struct st_inst *dd2 = add(B(f, "dead"), "v_use", "", "v2");
	build(f, false);
	ck_assert_uint_eq(nsources(du), 0);  /* entry's v0 does not reach u */
	ck_assert_uint_eq(nsources(uj), 1);  /* u's v1 does not reach j */
	ck_assert_ptr_eq(source(uj, 0), x);
	ck_assert_uint_eq(B(f, "j")->phis.n, 0);
	ck_assert_uint_eq(nsources(dd), 0);
	ck_assert_uint_eq(nsources(dd2), 1);
	ck_assert_ptr_eq(source(dd2, 0), dd);
	st_module_free(m);
}
END_TEST

START_TEST(unreachable_pred_gets_null_slot)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->a,j; a->j; u->j; j");
	add(B(f, "a"), "v_mov", "v0", "");
	add(B(f, "u"), "v_mov", "v0", "");
	add(B(f, "j"), "v_use", "", "v0");
	build(f, false);
	struct st_block *j = B(f, "j");
	ck_assert_uint_eq(j->phis.n, 1);
	ck_assert_ptr_eq(j->preds.v[2], B(f, "u"));
	ck_assert_ptr_null(incoming(j->phis.v[0], 2));
	ck_assert_ptr_null(incoming(j->phis.v[0], 0)); /* from entry: undefined */
	st_module_free(m);
}
END_TEST

START_TEST(rebuild_after_edit)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = build_cfg(m, "entry->a,b; a->c; b->c; c");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v0", "");
	struct st_inst *y = add(B(f, "a"), "v_mov", "v0", "");
	struct st_inst *u = add(B(f, "c"), "v_use", "", "v0");
	build(f, false);
	ck_assert_uint_eq(B(f, "c")->phis.n, 1);
	st_inst_erase(y);
	build(f, false); /* clear_existing drops the old PHI and chains */
	ck_assert_uint_eq(B(f, "c")->phis.n, 0);
	ck_assert_uint_eq(nsources(u), 1);
	ck_assert_ptr_eq(source(u, 0), x);
	ck_assert_uint_eq(nusers(x), 1);
	st_remove_phis(f);
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	st_build_use_def_chain(f, &cfg, false, false); /* fine: no chains left */
	st_cfg_free(&cfg);
	ck_assert_ptr_eq(source(u, 0), x);
	st_module_free(m);
}
END_TEST

START_TEST(identical_successor_twice)
{
	struct st_module *m = st_module_new("t.stir");
	/* a lists j twice: j has two slots for the same predecessor. */
	struct st_function *f = build_cfg(m, "entry->a,j; a->j,j; j");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v0", "");
	struct st_inst *y = add(B(f, "a"), "v_mov", "v0", "");
	struct st_inst *u = add(B(f, "j"), "v_use", "", "v0");
	build(f, false);
	struct st_block *j = B(f, "j");
	ck_assert_uint_eq(j->preds.n, 3);
	ck_assert_uint_eq(j->phis.n, 1);
	ck_assert_ptr_eq(incoming(j->phis.v[0], 0), x);
	ck_assert_ptr_eq(incoming(j->phis.v[0], 1), y);
	ck_assert_ptr_eq(incoming(j->phis.v[0], 2), y);
	ck_assert_uint_eq(nsources(j->phis.v[0]), 2);
	ck_assert_uint_eq(nusers(y), 1);
	ck_assert_ptr_eq(source(u, 0), j->phis.v[0]);
	st_module_free(m);
}
END_TEST

static const char *const only_c[] = {"c"};

START_TEST(remove_phis_in_processed_blocks)
{
	struct st_module *m = st_module_new("t.stir");
	/* PHIs at c (processed) and at e (skipped, fed by c's PHI) and at g
	 * (skipped, independent). */
	struct st_function *f = build_cfg(m, "entry->a,b,g1; a->c; b->c; c->d,e; d->e; e->g; g1->g; g");
	struct st_inst *x = add(B(f, "entry"), "v_mov", "v0 v1", "");
	struct st_inst *y = add(B(f, "a"), "v_mov", "v0", "");
	struct st_inst *uc = add(B(f, "c"), "v_use", "", "v0");
	struct st_inst *z = add(B(f, "d"), "v_mov", "v0", "");
	struct st_inst *ue = add(B(f, "e"), "v_use", "", "v0");
	struct st_inst *w = add(B(f, "g1"), "v_mov", "v1", "");
	struct st_inst *ug = add(B(f, "g"), "v_use", "", "v1");
	build(f, false);
	ck_assert_uint_eq(B(f, "c")->phis.n, 1);
	ck_assert_uint_eq(B(f, "e")->phis.n, 1);
	ck_assert_uint_eq(B(f, "g")->phis.n, 1); /* v1 only: v0 is dead in g (pruned) */
	struct st_pass_ctx ctx = {0};
	ctx.process_blocks = only_c;
	ctx.nprocess_blocks = 1;
	bool *mask = st_pass_block_mask(&ctx, f);
	st_remove_phis_in(f, mask);
	free(mask);
	ck_assert_uint_eq(B(f, "c")->phis.n, 0);
	ck_assert_uint_eq(B(f, "e")->phis.n, 0); /* its incoming was c's PHI */
	ck_assert_uint_eq(nsources(uc), 2);
	ck_assert(has_source(uc, y) && has_source(uc, x));
	ck_assert_uint_eq(nsources(ue), 3);
	ck_assert(has_source(ue, y) && has_source(ue, x) && has_source(ue, z));
	ck_assert(has_user(x, ue) && has_user(z, ue));
	/* g's PHIs survive, renumbered densely. */
	ck_assert_uint_eq(f->nphis, B(f, "g")->phis.n);
	for (size_t p = 0; p < B(f, "g")->phis.n; p++)
		ck_assert_uint_eq(B(f, "g")->phis.v[p]->id, p);
	ck_assert(has_source(ug, B(f, "g")->phis.v[B(f, "g")->phis.n - 1]));
	(void)w;
	check_symmetric(f);
	/* With every PHI gone, all chains are dropped. */
	st_remove_phis_in(f, NULL);
	ck_assert_uint_eq(nsources(ue), 0);
	ck_assert_ptr_null(f->chains);
	st_module_free(m);
}
END_TEST

/* Random CFGs and instructions over a few keys: the producers reaching each
 * use through the chains (PHIs followed) must be exactly the classic reaching
 * definitions of the keys it reads; in unreachable blocks, only earlier
 * definitions in the same block. */
enum { RMAXB = 9, RMAXI = 4, RKEYS = 6 };

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 16;
}

struct rinst {
	struct st_inst *in;
	uint32_t block;
	uint8_t def_lo, def_n, use_lo, use_n;
};

static void flatten_sources(const struct st_inst *in, uint64_t *mask, const struct rinst *ri, size_t ni)
{
	const struct st_inst *stack[512];
	const struct st_inst *seen[512];
	size_t sp = 0, nseen = 0;
	for (uint32_t s = 0; s < nsources(in); s++)
		stack[sp++] = source(in, s);
	while (sp) {
		const struct st_inst *p = stack[--sp];
		if (p->kind != ST_ITEM_PHI) {
			for (size_t i = 0; i < ni; i++)
				if (ri[i].in == p)
					*mask |= 1ull << i;
			continue;
		}
		bool dup = false;
		for (size_t k = 0; k < nseen && !dup; k++)
			dup = seen[k] == p;
		if (dup)
			continue;
		seen[nseen++] = p;
		for (size_t j = 0; j < p->block->preds.n; j++)
			if (incoming(p, j))
				stack[sp++] = incoming(p, j);
	}
}

START_TEST(random_matches_reaching_definitions)
{
	uint32_t seed = 777;
	for (int round = 0; round < 800; round++) {
		uint32_t nb = 1 + lcg(&seed) % RMAXB;
		struct st_module *m = st_module_new("t.stir");
		struct st_function *f = st_function_new(m, "f", (struct st_loc){0});
		for (uint32_t i = 0; i < nb; i++) {
			char name[16];
			snprintf(name, sizeof name, "b%u", i);
			st_block_new(f, name, (struct st_loc){0});
		}
		for (uint32_t i = 0; i < nb; i++)
			for (uint32_t e = lcg(&seed) % 3; e > 0; e--)
				st_block_add_succ(f->blocks.v[i], f->blocks.v[lcg(&seed) % nb], (struct st_loc){0});
		st_function_compute_preds(f);
		struct rinst ri[RMAXB * RMAXI];
		size_t ni = 0;
		for (uint32_t b = 0; b < nb; b++)
			for (uint32_t k = lcg(&seed) % (RMAXI + 1); k > 0; k--) {
				struct rinst r = {.block = b};
				r.use_n = (uint8_t)(lcg(&seed) % 3);
				r.use_lo = (uint8_t)(lcg(&seed) % (RKEYS - 1));
				r.def_n = (uint8_t)(lcg(&seed) % 3);
				r.def_lo = (uint8_t)(lcg(&seed) % (RKEYS - 1));
				r.in = st_inst_new(m, "op", (struct st_loc){0});
				if (r.def_n)
					st_inst_add_dst(m, r.in, st_reg_operand(ST_REG_V, r.def_lo, r.def_n));
				if (r.use_n)
					st_inst_add_src(m, r.in, st_reg_operand(ST_REG_V, r.use_lo, r.use_n));
				st_block_append(f->blocks.v[b], r.in);
				ri[ni++] = r;
			}
		struct st_cfg cfg;
		st_cfg_build(&cfg, f);
		st_build_use_def_chain(f, &cfg, true, false);
		check_symmetric(f);

		/* Reaching definitions: per block and key, a mask of instructions. */
		uint64_t in_rd[RMAXB][RKEYS] = {{0}}, out_rd[RMAXB][RKEYS] = {{0}};
		for (bool changed = true; changed;) {
			changed = false;
			for (uint32_t b = 0; b < nb; b++) {
				if (!st_cfg_reachable(&cfg, b))
					continue;
				uint64_t cur[RKEYS] = {0};
				for (size_t p = 0; p < f->blocks.v[b]->preds.n; p++) {
					uint32_t pi = f->blocks.v[b]->preds.v[p]->index;
					if (st_cfg_reachable(&cfg, pi))
						for (int k = 0; k < RKEYS; k++)
							cur[k] |= out_rd[pi][k];
				}
				memcpy(in_rd[b], cur, sizeof cur);
				for (size_t i = 0; i < ni; i++)
					if (ri[i].block == b)
						for (int k = ri[i].def_lo; k < ri[i].def_lo + ri[i].def_n; k++)
							cur[k] = 1ull << i;
				if (memcmp(cur, out_rd[b], sizeof cur)) {
					memcpy(out_rd[b], cur, sizeof cur);
					changed = true;
				}
			}
		}
		for (uint32_t b = 0; b < nb; b++) {
			uint64_t cur[RKEYS] = {0};
			if (st_cfg_reachable(&cfg, b))
				memcpy(cur, in_rd[b], sizeof cur);
			for (size_t i = 0; i < ni; i++) {
				if (ri[i].block != b)
					continue;
				uint64_t want = 0, got = 0;
				for (int k = ri[i].use_lo; k < ri[i].use_lo + ri[i].use_n; k++)
					want |= cur[k];
				flatten_sources(ri[i].in, &got, ri, ni);
				ck_assert_msg(got == want, "round %d inst %zu: got %#llx want %#llx", round, i,
				              (unsigned long long)got, (unsigned long long)want);
				for (int k = ri[i].def_lo; k < ri[i].def_lo + ri[i].def_n; k++)
					cur[k] = 1ull << i;
			}
		}
		/* Removing the PHIs of a subset of blocks keeps the same meaning. */
		const char *some[RMAXB];
		size_t nsome = 0;
		for (uint32_t b = 0; b < nb; b++)
			if (lcg(&seed) % 2)
				some[nsome++] = f->blocks.v[b]->label;
		uint64_t before[RMAXB * RMAXI];
		for (size_t i = 0; i < ni; i++) {
			before[i] = 0;
			flatten_sources(ri[i].in, &before[i], ri, ni);
		}
		struct st_pass_ctx ctx = {0};
		ctx.process_blocks = some;
		ctx.nprocess_blocks = nsome;
		bool *mask = st_pass_block_mask(&ctx, f);
		st_remove_phis_in(f, mask);
		free(mask);
		check_symmetric(f);
		uint32_t nphis = 0;
		for (uint32_t b = 0; b < nb; b++) {
			for (size_t p = 0; p < f->blocks.v[b]->phis.n; p++) {
				ck_assert(!st_pass_should_process_block(&ctx, f->blocks.v[b]));
				ck_assert_uint_eq(f->blocks.v[b]->phis.v[p]->id, nphis++);
			}
		}
		ck_assert_uint_eq(nphis, f->nphis);
		for (size_t i = 0; i < ni; i++) {
			uint64_t after = 0;
			flatten_sources(ri[i].in, &after, ri, ni);
			ck_assert_msg(after == before[i], "round %d inst %zu after removal", round, i);
		}
		st_cfg_free(&cfg);
		st_module_free(m);
	}
}
END_TEST

static Suite *ssa_suite(void)
{
	Suite *s = suite_create("ssa");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, straight_line_and_partial_overlap);
	tcase_add_test(tc, chains_live_in_side_records);
	tcase_add_test(tc, high_register_indices);
	tcase_add_test(tc, diamond_phi);
	tcase_add_test(tc, pruned_no_dead_phi);
	tcase_add_test(tc, undefined_path_null_slot);
	tcase_add_test(tc, self_loop_phi);
	tcase_add_test(tc, phi_carried_unchanged_is_not_its_own_source);
	tcase_add_test(tc, cyclic_phi_web);
	tcase_add_test(tc, pseudo_registers);
	tcase_add_test(tc, unreachable_code_is_local);
	tcase_add_test(tc, unreachable_pred_gets_null_slot);
	tcase_add_test(tc, rebuild_after_edit);
	tcase_add_test(tc, identical_successor_twice);
	tcase_add_test(tc, remove_phis_in_processed_blocks);
	tcase_add_test(tc, random_matches_reaching_definitions);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ssa_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
