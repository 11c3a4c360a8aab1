/* Unit tests of lib/analysis/cfg.c: RPO, dominators, frontiers, back edges
 * and natural loops on hand-built CFGs (including irreducible ones and
 * unreachable blocks), cross-checked against a brute-force oracle on random
 * CFGs. */
#include <check.h>
#include <stdlib.h>

#include "cfg-builder.h"
#include "stinkytofu/cfg.h"

struct fixture {
	struct st_module *m;
	struct st_function *f;
	struct st_cfg cfg;
};

static void setup_cfg(struct fixture *x, const char *spec)
{
	x->m = st_module_new("t.stir");
	x->f = build_cfg(x->m, spec);
	st_cfg_build(&x->cfg, x->f);
}

static void teardown_cfg(struct fixture *x)
{
	st_cfg_free(&x->cfg);
	st_module_free(x->m);
}

/* The frontier of `b` as a sorted, comma-separated label list. */
static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static const char *df(struct fixture *x, const char *label, char *buf, size_t size)
{
	const struct st_block_list *l = &x->cfg.frontier[blk(x->f, label)];
	uint32_t *v = st_xmalloc((l->n ? l->n : 1) * sizeof *v);
	for (size_t i = 0; i < l->n; i++)
		v[i] = l->v[i];
	qsort(v, l->n, sizeof *v, cmp_u32);
	buf[0] = '\0';
	size_t len = 0;
	for (size_t i = 0; i < l->n; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "," : "", x->f->blocks.v[v[i]]->label);
	free(v);
	return buf;
}

static int32_t idom(struct fixture *x, const char *label)
{
	return x->cfg.idom[blk(x->f, label)];
}

START_TEST(diamond)
{
	struct fixture x;
	char buf[256];
	setup_cfg(&x, "entry->a,b; a->c; b->c; c");
	ck_assert_uint_eq(x.cfg.nreachable, 4);
	ck_assert_str_eq(x.cfg.rpo[0]->label, "entry");
	ck_assert_str_eq(x.cfg.rpo[3]->label, "c");
	ck_assert_int_eq(idom(&x, "entry"), -1);
	ck_assert_int_eq(idom(&x, "a"), (int32_t)blk(x.f, "entry"));
	ck_assert_int_eq(idom(&x, "b"), (int32_t)blk(x.f, "entry"));
	ck_assert_int_eq(idom(&x, "c"), (int32_t)blk(x.f, "entry"));
	ck_assert_str_eq(df(&x, "a", buf, sizeof buf), "c");
	ck_assert_str_eq(df(&x, "b", buf, sizeof buf), "c");
	ck_assert_str_eq(df(&x, "c", buf, sizeof buf), "");
	ck_assert_str_eq(df(&x, "entry", buf, sizeof buf), "");
	ck_assert_uint_eq(x.cfg.back_edges.n, 0);
	ck_assert(!x.cfg.irreducible);
	ck_assert(st_cfg_dominates(&x.cfg, blk(x.f, "entry"), blk(x.f, "c")));
	ck_assert(st_cfg_dominates(&x.cfg, blk(x.f, "c"), blk(x.f, "c")));
	ck_assert(!st_cfg_dominates(&x.cfg, blk(x.f, "a"), blk(x.f, "c")));
	teardown_cfg(&x);
}
END_TEST

START_TEST(rpo_orders_predecessors_first)
{
	struct fixture x;
	/* Listing order differs from RPO: the join comes before its preds. */
	setup_cfg(&x, "entry->b; j->exit; b->c,j; c->j; exit");
	for (size_t i = 0; i < x.cfg.nreachable; i++)
		ck_assert_uint_eq(x.cfg.rpo_index[x.cfg.rpo[i]->index], i);
	/* In an acyclic CFG every edge goes forward in RPO. */
	for (size_t b = 0; b < x.f->blocks.n; b++)
		for (size_t s = 0; s < x.f->blocks.v[b]->succs.n; s++)
			ck_assert_uint_lt(x.cfg.rpo_index[b], x.cfg.rpo_index[x.f->blocks.v[b]->succs.v[s]->index]);
	ck_assert_int_eq(idom(&x, "j"), (int32_t)blk(x.f, "b"));
	ck_assert_int_eq(idom(&x, "exit"), (int32_t)blk(x.f, "j"));
	teardown_cfg(&x);
}
END_TEST

START_TEST(two_block_loop)
{
	struct fixture x;
	char buf[256];
	setup_cfg(&x, "entry->h; h->body,exit; body->h; exit");
	ck_assert_str_eq(df(&x, "body", buf, sizeof buf), "h");
	ck_assert_str_eq(df(&x, "h", buf, sizeof buf), "h");
	ck_assert_str_eq(df(&x, "exit", buf, sizeof buf), "");
	ck_assert_uint_eq(x.cfg.back_edges.n, 1);
	ck_assert_uint_eq(x.cfg.back_edges.v[0].from, blk(x.f, "body"));
	ck_assert_uint_eq(x.cfg.back_edges.v[0].to, blk(x.f, "h"));
	ck_assert(!x.cfg.irreducible);
	struct st_block_list body = {0};
	st_cfg_natural_loop(&x.cfg, x.cfg.back_edges.v[0], &body);
	ck_assert_uint_eq(body.n, 2);
	ck_assert_uint_eq(body.v[0], blk(x.f, "h"));
	ck_assert_uint_eq(body.v[1], blk(x.f, "body"));
	st_vec_free(&body);
	teardown_cfg(&x);
}
END_TEST

START_TEST(self_loop)
{
	struct fixture x;
	char buf[256];
	setup_cfg(&x, "entry->l; l->l,exit; exit");
	ck_assert_str_eq(df(&x, "l", buf, sizeof buf), "l");
	ck_assert_int_eq(idom(&x, "l"), (int32_t)blk(x.f, "entry"));
	ck_assert_int_eq(idom(&x, "exit"), (int32_t)blk(x.f, "l"));
	ck_assert_uint_eq(x.cfg.back_edges.n, 1);
	ck_assert_uint_eq(x.cfg.back_edges.v[0].from, blk(x.f, "l"));
	ck_assert_uint_eq(x.cfg.back_edges.v[0].to, blk(x.f, "l"));
	struct st_block_list body = {0};
	st_cfg_natural_loop(&x.cfg, x.cfg.back_edges.v[0], &body);
	ck_assert_uint_eq(body.n, 1);
	ck_assert_uint_eq(body.v[0], blk(x.f, "l"));
	st_vec_free(&body);
	teardown_cfg(&x);
}
END_TEST

START_TEST(nested_loops)
{
	struct fixture x;
	char buf[256];
	setup_cfg(&x, "entry->h1; h1->h2,exit; h2->b; b->h2,l1; l1->h1; exit");
	ck_assert_uint_eq(x.cfg.back_edges.n, 2);
	ck_assert(!x.cfg.irreducible);
	ck_assert_str_eq(df(&x, "b", buf, sizeof buf), "h1,h2");
	ck_assert_str_eq(df(&x, "h2", buf, sizeof buf), "h1,h2");
	ck_assert_str_eq(df(&x, "l1", buf, sizeof buf), "h1");
	ck_assert_str_eq(df(&x, "h1", buf, sizeof buf), "h1");
	struct st_block_list body = {0};
	for (size_t e = 0; e < x.cfg.back_edges.n; e++) {
		st_cfg_natural_loop(&x.cfg, x.cfg.back_edges.v[e], &body);
		if (x.cfg.back_edges.v[e].to == blk(x.f, "h1")) {
			ck_assert_uint_eq(body.n, 4); /* h1, h2, b, l1 */
			ck_assert_uint_eq(body.v[0], blk(x.f, "h1"));
		} else {
			ck_assert_uint_eq(body.n, 2); /* h2, b */
			ck_assert_uint_eq(body.v[0], blk(x.f, "h2"));
			ck_assert_uint_eq(body.v[1], blk(x.f, "b"));
		}
	}
	st_vec_free(&body);
	teardown_cfg(&x);
}
END_TEST

START_TEST(irreducible)
{
	struct fixture x;
	char buf[256];
	/* Two entries into the a<->b cycle: neither header dominates the other. */
	setup_cfg(&x, "entry->a,b; a->b,exit; b->a; exit");
	ck_assert(x.cfg.irreducible);
	ck_assert_uint_eq(x.cfg.back_edges.n, 0);
	ck_assert_int_eq(idom(&x, "a"), (int32_t)blk(x.f, "entry"));
	ck_assert_int_eq(idom(&x, "b"), (int32_t)blk(x.f, "entry"));
	ck_assert_int_eq(idom(&x, "exit"), (int32_t)blk(x.f, "a"));
	ck_assert_str_eq(df(&x, "a", buf, sizeof buf), "b");
	ck_assert_str_eq(df(&x, "b", buf, sizeof buf), "a");
	teardown_cfg(&x);
}
END_TEST

START_TEST(unreachable_blocks)
{
	struct fixture x;
	char buf[256];
	/* u and dead are unreachable; u branches into the reachable a. */
	setup_cfg(&x, "entry->a; u->a; a->exit; dead->dead,u; exit");
	ck_assert_uint_eq(x.cfg.nreachable, 3);
	ck_assert_uint_eq(x.cfg.nblocks, 5);
	/* Unreachable blocks follow the reachable prefix, in block order. */
	ck_assert_str_eq(x.cfg.rpo[3]->label, "u");
	ck_assert_str_eq(x.cfg.rpo[4]->label, "dead");
	ck_assert(!st_cfg_reachable(&x.cfg, blk(x.f, "u")));
	ck_assert(st_cfg_reachable(&x.cfg, blk(x.f, "a")));
	ck_assert_int_eq(idom(&x, "u"), -1);
	ck_assert_int_eq(idom(&x, "dead"), -1);
	/* The edge from u does not make a a join. */
	ck_assert_int_eq(idom(&x, "a"), (int32_t)blk(x.f, "entry"));
	ck_assert_str_eq(df(&x, "u", buf, sizeof buf), "");
	ck_assert_str_eq(df(&x, "dead", buf, sizeof buf), "");
	ck_assert_str_eq(df(&x, "entry", buf, sizeof buf), "");
	ck_assert(!st_cfg_dominates(&x.cfg, blk(x.f, "u"), blk(x.f, "a")));
	ck_assert(!st_cfg_dominates(&x.cfg, blk(x.f, "entry"), blk(x.f, "u")));
	ck_assert_uint_eq(x.cfg.back_edges.n, 0); /* dead->dead is not analysed */
	struct st_block_list body = {0};
	st_cfg_natural_loop(&x.cfg, (struct st_edge){blk(x.f, "dead"), blk(x.f, "dead")}, &body);
	ck_assert_uint_eq(body.n, 0);
	st_vec_free(&body);
	teardown_cfg(&x);
}
END_TEST

START_TEST(loop_back_to_entry)
{
	struct fixture x;
	char buf[256];
	/* The entry has an implicit predecessor, so one back edge makes it a join. */
	setup_cfg(&x, "entry->a; a->entry,exit; exit");
	ck_assert_str_eq(df(&x, "a", buf, sizeof buf), "entry");
	ck_assert_str_eq(df(&x, "entry", buf, sizeof buf), "entry");
	ck_assert_uint_eq(x.cfg.back_edges.n, 1);
	ck_assert_int_eq(idom(&x, "entry"), -1);
	teardown_cfg(&x);
}
END_TEST

START_TEST(duplicate_edges)
{
	struct fixture x;
	char buf[256];
	setup_cfg(&x, "entry->a,a; a->b,b,a; b");
	ck_assert_uint_eq(x.f->blocks.v[blk(x.f, "a")]->preds.n, 3);
	ck_assert_str_eq(df(&x, "a", buf, sizeof buf), "a");
	ck_assert_int_eq(idom(&x, "b"), (int32_t)blk(x.f, "a"));
	ck_assert_uint_eq(x.cfg.back_edges.n, 1);
	teardown_cfg(&x);
}
END_TEST

START_TEST(empty_function)
{
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", (struct st_loc){0});
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	ck_assert_uint_eq(cfg.nblocks, 0);
	ck_assert_uint_eq(cfg.nreachable, 0);
	st_cfg_free(&cfg);
	st_module_free(m);
}
END_TEST

/* A chain of 200000 blocks with a loop around it: recursion would overflow. */
START_TEST(long_chain_no_recursion)
{
	enum { N = 200000 };
	struct st_module *m = st_module_new("t.stir");
	struct st_function *f = st_function_new(m, "f", (struct st_loc){0});
	for (int i = 0; i < N; i++) {
		char name[32];
		snprintf(name, sizeof name, "b%d", i);
		st_block_new(f, name, (struct st_loc){0});
	}
	for (int i = 0; i + 1 < N; i++)
		st_block_add_succ(f->blocks.v[i], f->blocks.v[i + 1], (struct st_loc){0});
	st_block_add_succ(f->blocks.v[N - 1], f->blocks.v[1], (struct st_loc){0});
	st_function_compute_preds(f);
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	ck_assert_uint_eq(cfg.nreachable, N);
	for (uint32_t i = 0; i < N; i++)
		ck_assert_uint_eq(cfg.rpo[i]->index, i);
	ck_assert_int_eq(cfg.idom[N - 1], N - 2);
	ck_assert(st_cfg_dominates(&cfg, 1, N - 1));
	ck_assert(!st_cfg_dominates(&cfg, N - 1, 1));
	ck_assert_uint_eq(cfg.back_edges.n, 1);
	ck_assert_uint_eq(cfg.frontier[N - 1].n, 1);
	ck_assert_uint_eq(cfg.frontier[N - 1].v[0], 1);
	struct st_block_list body = {0};
	st_cfg_natural_loop(&cfg, cfg.back_edges.v[0], &body);
	ck_assert_uint_eq(body.n, N - 1);
	st_vec_free(&body);
	st_cfg_free(&cfg);
	st_module_free(m);
}
END_TEST

/* Brute-force oracle: dominator sets by the textbook iterative dataflow over
 * bitmasks, DF(x) = { y : x dominates a predecessor of y, x does not strictly
 * dominate y }. */
enum { MAXN = 14 };

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 16;
}

START_TEST(random_cfgs_match_oracle)
{
	uint32_t seed = 12345;
	for (int round = 0; round < 600; round++) {
		uint32_t n = 1 + lcg(&seed) % MAXN;
		struct st_module *m = st_module_new("t.stir");
		struct st_function *f = st_function_new(m, "f", (struct st_loc){0});
		for (uint32_t i = 0; i < n; i++) {
			char name[16];
			snprintf(name, sizeof name, "b%u", i);
			st_block_new(f, name, (struct st_loc){0});
		}
		for (uint32_t i = 0; i < n; i++) {
			uint32_t k = lcg(&seed) % 3;
			for (uint32_t e = 0; e < k; e++)
				st_block_add_succ(f->blocks.v[i], f->blocks.v[lcg(&seed) % n], (struct st_loc){0});
		}
		st_function_compute_preds(f);
		struct st_cfg cfg;
		st_cfg_build(&cfg, f);

		/* Reachability and dominators by brute force. */
		uint32_t reach = 1, prev = 0;
		while (reach != prev) {
			prev = reach;
			for (uint32_t b = 0; b < n; b++)
				if (reach >> b & 1)
					for (size_t s = 0; s < f->blocks.v[b]->succs.n; s++)
						reach |= 1u << f->blocks.v[b]->succs.v[s]->index;
		}
		uint32_t dom[MAXN];
		for (uint32_t b = 0; b < n; b++)
			dom[b] = b == 0 ? 1u : reach;
		for (bool changed = true; changed;) {
			changed = false;
			for (uint32_t b = 1; b < n; b++) {
				if (!(reach >> b & 1))
					continue;
				uint32_t d = reach;
				for (size_t p = 0; p < f->blocks.v[b]->preds.n; p++) {
					uint32_t pi = f->blocks.v[b]->preds.v[p]->index;
					if (reach >> pi & 1)
						d &= dom[pi];
				}
				d |= 1u << b;
				if (d != dom[b]) {
					dom[b] = d;
					changed = true;
				}
			}
		}
		for (uint32_t b = 0; b < n; b++) {
			bool r = reach >> b & 1;
			ck_assert_int_eq(st_cfg_reachable(&cfg, b), r);
			for (uint32_t a = 0; a < n; a++)
				ck_assert_int_eq(st_cfg_dominates(&cfg, a, b), r && (reach >> a & 1) && (dom[b] >> a & 1));
			/* idom: the strict dominator dominated by every other one. */
			int32_t want = -1;
			if (r && b != 0)
				for (uint32_t a = 0; a < n; a++)
					if (a != b && (dom[b] >> a & 1) && (dom[a] | 1u << b) == dom[b])
						want = (int32_t)a;
			ck_assert_int_eq(cfg.idom[b], want);
		}
		for (uint32_t x = 0; x < n; x++) {
			uint32_t want = 0, got = 0;
			if (reach >> x & 1)
				for (uint32_t y = 0; y < n; y++) {
					if (!(reach >> y & 1))
						continue;
					bool strict = (dom[y] >> x & 1) && x != y;
					for (size_t p = 0; p < f->blocks.v[y]->preds.n; p++) {
						uint32_t pi = f->blocks.v[y]->preds.v[p]->index;
						if ((reach >> pi & 1) && (dom[pi] >> x & 1) && !strict)
							want |= 1u << y;
					}
					/* The entry's implicit predecessor is dominated by no block. */
				}
			for (size_t k = 0; k < cfg.frontier[x].n; k++) {
				ck_assert_msg(!(got >> cfg.frontier[x].v[k] & 1), "duplicate frontier entry");
				got |= 1u << cfg.frontier[x].v[k];
			}
			ck_assert_msg(got == want, "round %d block %u: DF %#x, want %#x", round, x, got, want);
		}
		/* Back edges are exactly the edges whose target dominates the source;
		 * irreducible exactly when some cycle avoids every such target. */
		size_t nback = 0;
		for (uint32_t b = 0; b < n; b++)
			if (reach >> b & 1)
				for (size_t s = 0; s < f->blocks.v[b]->succs.n; s++)
					if (dom[b] >> f->blocks.v[b]->succs.v[s]->index & 1)
						nback++;
		ck_assert_uint_eq(cfg.back_edges.n, nback);
		/* Reducible iff removing back edges leaves the reachable graph acyclic. */
		uint32_t indeg[MAXN] = {0}, queue[MAXN], qn = 0, seen = 0;
		for (uint32_t b = 0; b < n; b++)
			if (reach >> b & 1)
				for (size_t s = 0; s < f->blocks.v[b]->succs.n; s++) {
					uint32_t t = f->blocks.v[b]->succs.v[s]->index;
					if (!(dom[b] >> t & 1))
						indeg[t]++;
				}
		for (uint32_t b = 0; b < n; b++)
			if ((reach >> b & 1) && !indeg[b])
				queue[qn++] = b;
		for (uint32_t qi = 0; qi < qn; qi++) {
			uint32_t b = queue[qi];
			seen++;
			for (size_t s = 0; s < f->blocks.v[b]->succs.n; s++) {
				uint32_t t = f->blocks.v[b]->succs.v[s]->index;
				if (!(dom[b] >> t & 1) && --indeg[t] == 0)
					queue[qn++] = t;
			}
		}
		ck_assert_int_eq(cfg.irreducible, seen != (uint32_t)__builtin_popcount(reach));
		st_cfg_free(&cfg);
		st_module_free(m);
	}
}
END_TEST

static Suite *cfg_suite(void)
{
	Suite *s = suite_create("cfg");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, diamond);
	tcase_add_test(tc, rpo_orders_predecessors_first);
	tcase_add_test(tc, two_block_loop);
	tcase_add_test(tc, self_loop);
	tcase_add_test(tc, nested_loops);
	tcase_add_test(tc, irreducible);
	tcase_add_test(tc, unreachable_blocks);
	tcase_add_test(tc, loop_back_to_entry);
	tcase_add_test(tc, duplicate_edges);
	tcase_add_test(tc, empty_function);
	tcase_add_test(tc, long_chain_no_recursion);
	tcase_add_test(tc, random_cfgs_match_oracle);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(cfg_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
