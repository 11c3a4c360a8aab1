/* WaitCntValidationCheckPass: the path-independent facts of each instruction
 * (counter, used and defined keys, token set, roles) and the token classes. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

int st_wv_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

int st_wv_cmp_key(const void *a, const void *b)
{
	wv_key x = *(const wv_key *)a, y = *(const wv_key *)b;
	return (x > y) - (x < y);
}

static bool has_def(const struct validator *v, uint32_t off, wv_key k)
{
	for (uint32_t j = off; j < v->defs.n; j++)
		if (v->defs.v[j] == k)
			return true;
	return false;
}

static bool has_use(const struct validator *v, uint32_t off, wv_key k)
{
	for (uint32_t j = off; j < v->uses.n; j++)
		if (v->uses.v[j].key == k)
			return true;
	return false;
}

/* The token roles of mod.memtoken mirror StinkyBuildImplicitDependencyPass, so
 * a kernel is checked the same way before and after LDS<t> operands exist. */
void st_wv_build_fact(struct validator *v, const struct st_inst *i, uint32_t block)
{
	struct fact f = {.inst = i, .block = block};
	f.counter = st_inst_counter(i, v->stores_on_loadcnt);
	f.flat = st_inst_second_counter(i) == ST_CNT_DS;
	v->has_flat |= f.flat;
	v->unknown_ops |= st_inst_is_call(i);
	bool fence = st_inst_is_lds_fence(i);
	bool reader = st_inst_is_lds_reader(i);
	bool writer = st_inst_is_lds_writer(i);
	if (fence)
		f.roles |= ROLE_LDS_FENCE | ROLE_TENSOR_ANCHOR;
	if (writer)
		f.roles |= ROLE_WAR_ANCHOR;
	if (st_inst_is_ds_write(i))
		f.roles |= ROLE_DS_WRITE | ROLE_TENSOR_ANCHOR;
	if (reader)
		f.roles |= ROLE_TENSOR_ANCHOR;
	if (st_inst_is_async_lds_writer(i))
		f.roles |= ROLE_ASYNC_WRITER | ROLE_WAR_ANCHOR | ROLE_TENSOR_WAW;
	if (reader || st_inst_is_async_lds_reader(i))
		f.roles |= ROLE_LDS_READ;
	if (f.roles & ROLE_DS_WRITE)
		f.roles |= ROLE_TENSOR_WAW;
	f.is_wait = st_wait_counts(i, f.waits);

	struct st_u32vec memtok = {0};
	f.tagged = st_inst_memtoken_ids(i, &memtok) >= 0;

	f.use_off = (uint32_t)v->uses.n;
	for (uint32_t k = 0; k < i->nsrcs; k++) {
		const struct st_operand *op = &i->srcs[k];
		if (op->kind != ST_OPND_REG)
			continue;
		for (uint32_t r = 0; r < op->reg.count; r++) {
			wv_key key = mkkey(op->reg.cls, op->reg.index + r);
			if (!has_use(v, f.use_off, key))
				st_vec_push(&v->uses, ((struct use){key, k}));
		}
	}
	if (reader || fence || st_inst_is_async_lds_reader(i))
		for (size_t k = 0; k < memtok.n; k++)
			if (!has_use(v, f.use_off, mkkey(ST_REG_LDS, memtok.v[k])))
				st_vec_push(&v->uses, ((struct use){mkkey(ST_REG_LDS, memtok.v[k]), NONE32}));
	f.nuse = (uint32_t)v->uses.n - f.use_off;

	f.def_off = (uint32_t)v->defs.n;
	for (uint32_t k = 0; k < i->ndsts; k++) {
		const struct st_operand *op = &i->dsts[k];
		if (op->kind != ST_OPND_REG)
			continue;
		for (uint32_t r = 0; r < op->reg.count; r++) {
			wv_key key = mkkey(op->reg.cls, op->reg.index + r);
			if (!has_def(v, f.def_off, key))
				st_vec_push(&v->defs, key);
		}
	}
	if (writer || fence)
		for (size_t k = 0; k < memtok.n; k++)
			if (!has_def(v, f.def_off, mkkey(ST_REG_LDS, memtok.v[k])))
				st_vec_push(&v->defs, mkkey(ST_REG_LDS, memtok.v[k]));
	f.ndef = (uint32_t)v->defs.n - f.def_off;

	/* The token set: mod.memtoken ids and every LDS<t> operand. */
	for (int side = 0; side < 2; side++) {
		const struct st_operand *ops = side ? i->dsts : i->srcs;
		uint32_t n = side ? i->ndsts : i->nsrcs;
		for (uint32_t k = 0; k < n; k++) {
			if (ops[k].kind != ST_OPND_REG || ops[k].reg.cls != ST_REG_LDS)
				continue;
			f.tagged = true;
			for (uint32_t r = 0; r < ops[k].reg.count; r++)
				st_vec_push(&memtok, ops[k].reg.index + r);
		}
	}
	if (memtok.n > 1) /* qsort needs a non-null array even for no elements */
		qsort(memtok.v, memtok.n, sizeof *memtok.v, st_wv_cmp_u32);
	f.tok_off = (uint32_t)v->toks.n;
	for (size_t k = 0; k < memtok.n; k++)
		if (k == 0 || memtok.v[k] != memtok.v[k - 1])
			st_vec_push(&v->toks, memtok.v[k]);
	f.ntok = (uint32_t)v->toks.n - f.tok_off;
	st_vec_free(&memtok);
	st_vec_push(&v->facts, f);
}

/* Untagged accesses overlap everything: disjointness cannot be proved. */
bool st_wv_tokens_overlap(const struct validator *v, const struct fact *a, const struct fact *b)
{
	if (!a->tagged || !b->tagged)
		return true;
	const uint32_t *x = v->toks.v + a->tok_off, *y = v->toks.v + b->tok_off;
	uint32_t i = 0, j = 0;
	while (i < a->ntok && j < b->ntok) {
		if (x[i] == y[j])
			return true;
		if (x[i] < y[j])
			i++;
		else
			j++;
	}
	return false;
}

/* Orders DS/ASYNC facts by (counter, tagging, token set) and TENSOR facts
 * by (tagging, loops holding the block). */
static int cmp_class_only(const struct validator *v, uint32_t a, uint32_t b)
{
	const struct fact *x = &v->facts.v[a], *y = &v->facts.v[b];
	if (x->counter != y->counter)
		return x->counter < y->counter ? -1 : 1;
	if (x->tagged != y->tagged)
		return x->tagged ? 1 : -1;
	if (x->counter == ST_CNT_TENSOR) {
		size_t nx = v->loops_of[x->block].n, ny = v->loops_of[y->block].n;
		if (nx != ny)
			return nx < ny ? -1 : 1;
		return nx ? memcmp(v->loops_of[x->block].v, v->loops_of[y->block].v, nx * sizeof(uint32_t)) : 0;
	}
	if (x->ntok != y->ntok)
		return x->ntok < y->ntok ? -1 : 1;
	return memcmp(v->toks.v + x->tok_off, v->toks.v + y->tok_off, x->ntok * sizeof *v->toks.v);
}

static int cmp_class(const void *a, const void *b, void *arg)
{
	int d = cmp_class_only(arg, *(const uint32_t *)a, *(const uint32_t *)b);
	return d ? d : st_wv_cmp_u32(a, b);
}

/* Once they own no key, DS and ASYNC ops with the same tagging and token
 * set are interchangeable, and so are tensor loads with the same tagging in
 * the same loops (which decide the back edges that mark them): each gets the
 * first such fact as its class. Runs after build_loops. */
void st_wv_assign_token_classes(struct validator *v)
{
	struct st_u32vec ids = {0};
	for (uint32_t b = 0; b < v->nblocks; b++)
		if (v->loops_of[b].n > 1)
			qsort(v->loops_of[b].v, v->loops_of[b].n, sizeof *v->loops_of[b].v, st_wv_cmp_u32);
	for (uint32_t k = 0; k < v->facts.n; k++) {
		enum st_counter c = v->facts.v[k].counter;
		v->facts.v[k].tclass = k;
		if (c == ST_CNT_DS || c == ST_CNT_ASYNC || c == ST_CNT_TENSOR)
			st_vec_push(&ids, k);
	}
	if (ids.n > 1)
		qsort_r(ids.v, ids.n, sizeof *ids.v, cmp_class, v);
	for (size_t k = 1; k < ids.n; k++) {
		/* Ring accesses and trips tell annotated ops apart, and with
		 * enableTensorDescriptorWar tensor loads differ by their SGPRs: each
		 * is its own class. */
		bool own = v->facts.v[ids.v[k]].an || v->facts.v[ids.v[k - 1]].an ||
		           (v->tensor_descriptor_war && v->facts.v[ids.v[k]].counter == ST_CNT_TENSOR);
		if (cmp_class_only(v, ids.v[k - 1], ids.v[k]) == 0 && !own)
			v->facts.v[ids.v[k]].tclass = v->facts.v[ids.v[k - 1]].tclass;
	}
	st_vec_free(&ids);
}
