/* Read-time checks that a function's CFG (its Successors: lines) agrees with
 * its code. The CFG is what every wait is computed on, so a branch the CFG
 * does not know of, or a fall-through it leaves out, is a path the passes
 * never see: each is a located warning naming the block. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/cfg.h"

static bool lists(const struct st_block *b, const struct st_block *to)
{
	for (size_t s = 0; s < b->succs.n; s++)
		if (b->succs.v[s] == to)
			return true;
	return false;
}

/* Branch targets by name, sorted for bsearch: block labels (string
 * operands) and in-block labels (label_* operands), each with its block,
 * so a kernel of many blocks is checked in n log n. */
struct target {
	const char *name;
	bool in_block; /* an in-block label, not a block label */
	const struct st_block *block;
};

static int cmp_target(const void *a, const void *b)
{
	const struct target *x = a, *y = b;
	if (x->in_block != y->in_block)
		return x->in_block - y->in_block;
	return strcmp(x->name, y->name);
}

struct targets {
	ST_VEC(struct target) v;
};

static void collect_targets(struct targets *t, const struct st_function *f)
{
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		st_vec_push(&t->v, ((struct target){b->label, false, b}));
		st_foreach_item(b, i)
			if (i->kind == ST_ITEM_LABEL)
				st_vec_push(&t->v, ((struct target){i->name, true, b}));
	}
	if (t->v.n)
		qsort(t->v.v, t->v.n, sizeof *t->v.v, cmp_target);
}

static const struct st_block *find_target(const struct targets *t, const char *name, bool in_block)
{
	struct target key = {name, in_block, NULL};
	const struct target *hit = t->v.n ? bsearch(&key, t->v.v, t->v.n, sizeof *t->v.v, cmp_target) : NULL;
	return hit ? hit->block : NULL;
}

static const struct st_inst *last_inst(const struct st_block *b)
{
	const struct st_inst *i = b->last;
	while (i && i->kind != ST_ITEM_INST)
		i = i->prev;
	return i;
}

static size_t check_branch(const struct targets *targets, const struct st_block *b, const struct st_inst *t,
                           struct st_diag_engine *d)
{
	size_t n = 0;
	for (uint32_t k = 0; k < t->nsrcs; k++) {
		const struct st_operand *op = &t->srcs[k];
		if (op->kind != ST_OPND_STRING && op->kind != ST_OPND_LABEL)
			continue;
		const struct st_block *to = find_target(targets, op->text, op->kind == ST_OPND_LABEL);
		if (!to) {
			st_warning(d, st_operand_loc(t, op), "'%s' in ^%s branches to '%s', which names no block of this function",
			           t->name, b->label, op->text);
			n++;
		} else if (!lists(b, to)) {
			st_warning(d, st_operand_loc(t, op), "'%s' in ^%s branches to ^%s, which its 'Successors:' line does not list",
			           t->name, b->label, to->label);
			n++;
		}
		break; /* the target is the first label operand */
	}
	if (st_inst_is_cond_branch(t) && b->succs.n < 2) {
		st_warning(d, t->loc,
		           "conditional branch '%s' ends ^%s, but its 'Successors:' line lists %zu block%s (it also falls through)",
		           t->name, b->label, b->succs.n, b->succs.n == 1 ? "" : "s");
		n++;
	}
	return n;
}

static size_t check_function(const struct st_function *f, struct st_diag_engine *d)
{
	size_t n = 0, nb = f->blocks.n;
	struct targets targets = {0};
	collect_targets(&targets, f);
	for (size_t bi = 0; bi < nb; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		const struct st_inst *t = last_inst(b);
		if (t && st_inst_is_branch(t))
			n += check_branch(&targets, b, t, d);
		if ((!t || !st_inst_is_terminator(t)) && !b->succs.n && bi + 1 < nb) {
			st_warning(d, b->loc,
			           "^%s ends without a terminator or a 'Successors:' line, and ^%s follows: the CFG has no edge "
			           "between them",
			           b->label, f->blocks.v[bi + 1]->label);
			n++;
		}
	}
	st_vec_free(&targets.v);
	if (nb < 2)
		return n;
	/* Reachability from the first block, over the Successors: lines. */
	bool *seen = st_xcalloc(nb, sizeof *seen);
	uint32_t *stack = st_xmalloc(nb * sizeof *stack);
	size_t top = 0;
	seen[0] = true;
	stack[top++] = 0;
	while (top) {
		const struct st_block *b = f->blocks.v[stack[--top]];
		for (size_t s = 0; s < b->succs.n; s++) {
			uint32_t to = b->succs.v[s]->index;
			if (!seen[to]) {
				seen[to] = true;
				stack[top++] = to;
			}
		}
	}
	for (size_t bi = 1; bi < nb; bi++) {
		if (seen[bi])
			continue;
		st_warning(d, f->blocks.v[bi]->loc, "^%s is unreachable from ^%s", f->blocks.v[bi]->label,
		           f->blocks.v[0]->label);
		n++;
	}
	free(stack);
	free(seen);
	return n;
}

size_t st_cfg_check_module(const struct st_module *m, struct st_diag_engine *d)
{
	size_t n = 0;
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		n += check_function(m->funcs.v[fi], d);
	return n;
}
