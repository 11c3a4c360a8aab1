/* CFG analyses: reverse post-order, dominator tree (Cooper-Harvey-Kennedy),
 * dominance frontiers, back edges, natural loops and irreducibility.
 *
 * Everything is iterative (explicit stacks): kernels can have thousands of
 * blocks and a recursive DFS would overflow the C stack. Unreachable blocks
 * get no RPO number in the reachable prefix, no dominator and no frontier;
 * edges from them are ignored by every analysis here. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/cfg.h"

#define NONE UINT32_MAX

/* Iterative DFS from the entry; a block is finished (post-order) once all its
 * successors were visited, which an explicit (block, next successor) stack
 * reproduces exactly. */
static void compute_rpo(struct st_cfg *cfg, const struct st_function *f)
{
	size_t n = cfg->nblocks;
	struct frame {
		uint32_t block, next;
	} *stack = st_xmalloc((n ? n : 1) * sizeof *stack);
	uint32_t *post = st_xmalloc((n ? n : 1) * sizeof *post);
	bool *seen = st_xcalloc(n ? n : 1, sizeof *seen);
	size_t npost = 0, sp = 0;
	if (n) {
		seen[0] = true;
		stack[sp++] = (struct frame){0, 0};
	}
	while (sp) {
		struct frame *top = &stack[sp - 1];
		const struct st_block *b = f->blocks.v[top->block];
		if (top->next < b->succs.n) {
			const struct st_block *s = b->succs.v[top->next++];
			if (s && !seen[s->index]) {
				seen[s->index] = true;
				stack[sp++] = (struct frame){s->index, 0};
			}
			continue;
		}
		post[npost++] = top->block;
		sp--;
	}
	cfg->nreachable = npost;
	size_t k = 0;
	for (size_t i = npost; i-- > 0;)
		cfg->rpo[k++] = f->blocks.v[post[i]];
	for (size_t b = 0; b < n; b++)
		if (!seen[b])
			cfg->rpo[k++] = f->blocks.v[b];
	for (size_t i = 0; i < n; i++)
		cfg->rpo_index[cfg->rpo[i]->index] = (uint32_t)i;
	free(seen);
	free(post);
	free(stack);
}

/* Cooper, Harvey, Kennedy, "A Simple, Fast Dominance Algorithm": iterate
 * idom(b) = intersect of processed predecessors in RPO until stable. The
 * working idom uses RPO positions; the entry is its own dominator here. */
static void compute_idom(struct st_cfg *cfg)
{
	size_t nr = cfg->nreachable;
	uint32_t *doms = st_xmalloc((nr ? nr : 1) * sizeof *doms);
	for (size_t i = 0; i < nr; i++)
		doms[i] = NONE;
	if (nr)
		doms[0] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 1; i < nr; i++) {
			const struct st_block *b = cfg->rpo[i];
			uint32_t nd = NONE;
			for (size_t p = 0; p < b->preds.n; p++) {
				uint32_t pi = cfg->rpo_index[b->preds.v[p]->index];
				if (pi >= nr || doms[pi] == NONE)
					continue;
				if (nd == NONE) {
					nd = pi;
					continue;
				}
				uint32_t x = pi, y = nd;
				while (x != y) {
					while (x > y)
						x = doms[x];
					while (y > x)
						y = doms[y];
				}
				nd = x;
			}
			if (nd != doms[i]) {
				doms[i] = nd;
				changed = true;
			}
		}
	}
	for (size_t b = 0; b < cfg->nblocks; b++)
		cfg->idom[b] = -1;
	for (size_t i = 1; i < nr; i++)
		cfg->idom[cfg->rpo[i]->index] = (int32_t)cfg->rpo[doms[i]]->index;
	free(doms);
}

/* Children lists (CSR, in RPO order) and pre/post numbers of the tree. */
static void compute_dom_tree(struct st_cfg *cfg)
{
	size_t n = cfg->nblocks;
	uint32_t *start = cfg->dom_child_start;
	for (size_t b = 0; b < n; b++)
		if (cfg->idom[b] >= 0)
			start[cfg->idom[b] + 1]++;
	for (size_t b = 0; b < n; b++)
		start[b + 1] += start[b];
	uint32_t *fill = st_xmalloc((n ? n : 1) * sizeof *fill);
	memcpy(fill, start, n * sizeof *fill);
	for (size_t i = 0; i < cfg->nreachable; i++) {
		uint32_t b = cfg->rpo[i]->index;
		if (cfg->idom[b] >= 0)
			cfg->dom_child[fill[cfg->idom[b]]++] = b;
	}
	free(fill);

	for (size_t b = 0; b < n; b++)
		cfg->dom_pre[b] = cfg->dom_post[b] = NONE;
	if (!cfg->nreachable)
		return;
	struct frame {
		uint32_t block, next;
	} *stack = st_xmalloc(n * sizeof *stack);
	size_t sp = 0;
	uint32_t pre = 0, post = 0;
	uint32_t entry = cfg->rpo[0]->index;
	cfg->dom_pre[entry] = pre++;
	stack[sp++] = (struct frame){entry, start[entry]};
	while (sp) {
		struct frame *top = &stack[sp - 1];
		if (top->next < start[top->block + 1]) {
			uint32_t c = cfg->dom_child[top->next++];
			cfg->dom_pre[c] = pre++;
			stack[sp++] = (struct frame){c, start[c]};
			continue;
		}
		cfg->dom_post[top->block] = post++;
		sp--;
	}
	free(stack);
}

/* Frontiers per Cooper-Harvey-Kennedy: for each reachable predecessor p of b,
 * walk p up the dominator tree to idom(b), adding b to each frontier on the
 * way. The entry has an implicit predecessor (the function entry), so a
 * single back edge into it already makes it a join. All additions for one b
 * happen consecutively, so "last element is b" deduplicates. */
static void compute_frontiers(struct st_cfg *cfg)
{
	uint32_t entry = cfg->nreachable ? cfg->rpo[0]->index : NONE;
	for (size_t i = 0; i < cfg->nreachable; i++) {
		const struct st_block *b = cfg->rpo[i];
		int32_t stop = cfg->idom[b->index];
		for (size_t p = 0; p < b->preds.n; p++) {
			uint32_t runner = b->preds.v[p]->index;
			if (!st_cfg_reachable(cfg, runner))
				continue;
			while ((int32_t)runner != stop) {
				if (!cfg->frontier[runner].n || st_vec_last(&cfg->frontier[runner]) != b->index)
					st_vec_push(&cfg->frontier[runner], b->index);
				if (runner == entry)
					break;
				runner = (uint32_t)cfg->idom[runner];
			}
		}
	}
}

/* A DFS retreating edge (target not after source in RPO) is a back edge when
 * its target dominates its source; otherwise the CFG is irreducible. */
static void compute_back_edges(struct st_cfg *cfg)
{
	for (size_t i = 0; i < cfg->nreachable; i++) {
		const struct st_block *b = cfg->rpo[i];
		for (size_t s = 0; s < b->succs.n; s++) {
			const struct st_block *t = b->succs.v[s];
			if (!t || cfg->rpo_index[t->index] > i)
				continue;
			if (st_cfg_dominates(cfg, t->index, b->index))
				st_vec_push(&cfg->back_edges, ((struct st_edge){b->index, t->index}));
			else
				cfg->irreducible = true;
		}
	}
}

void st_cfg_build(struct st_cfg *cfg, const struct st_function *f)
{
	memset(cfg, 0, sizeof *cfg);
	size_t n = f->blocks.n, alloc = n ? n : 1;
	cfg->func = f;
	cfg->nblocks = n;
	cfg->rpo = st_xmalloc(alloc * sizeof *cfg->rpo);
	cfg->rpo_index = st_xmalloc(alloc * sizeof *cfg->rpo_index);
	cfg->idom = st_xmalloc(alloc * sizeof *cfg->idom);
	cfg->frontier = st_xcalloc(alloc, sizeof *cfg->frontier);
	cfg->dom_child_start = st_xcalloc(n + 1, sizeof *cfg->dom_child_start);
	cfg->dom_child = st_xmalloc(alloc * sizeof *cfg->dom_child);
	cfg->dom_pre = st_xmalloc(alloc * sizeof *cfg->dom_pre);
	cfg->dom_post = st_xmalloc(alloc * sizeof *cfg->dom_post);
	compute_rpo(cfg, f);
	compute_idom(cfg);
	compute_dom_tree(cfg);
	compute_frontiers(cfg);
	compute_back_edges(cfg);
}

void st_cfg_free(struct st_cfg *cfg)
{
	for (size_t b = 0; b < cfg->nblocks; b++)
		st_vec_free(&cfg->frontier[b]);
	free(cfg->frontier);
	free(cfg->rpo);
	free(cfg->rpo_index);
	free(cfg->idom);
	free(cfg->dom_child_start);
	free(cfg->dom_child);
	free(cfg->dom_pre);
	free(cfg->dom_post);
	st_vec_free(&cfg->back_edges);
	memset(cfg, 0, sizeof *cfg);
}

bool st_cfg_reachable(const struct st_cfg *cfg, uint32_t b)
{
	return b < cfg->nblocks && cfg->rpo_index[b] < cfg->nreachable;
}

bool st_cfg_dominates(const struct st_cfg *cfg, uint32_t a, uint32_t b)
{
	if (!st_cfg_reachable(cfg, a) || !st_cfg_reachable(cfg, b))
		return false;
	return cfg->dom_pre[a] <= cfg->dom_pre[b] && cfg->dom_post[b] <= cfg->dom_post[a];
}

/* The body of back edge (from -> header): header plus every block that reaches
 * `from` without passing through the header (backwards walk over preds). */
void st_cfg_natural_loop(const struct st_cfg *cfg, struct st_edge e, struct st_block_list *body)
{
	st_vec_clear(body);
	if (!st_cfg_reachable(cfg, e.from) || !st_cfg_reachable(cfg, e.to))
		return;
	bool *in = st_xcalloc(cfg->nblocks, sizeof *in);
	struct st_block_list work = {0};
	in[e.to] = true;
	if (!in[e.from]) {
		in[e.from] = true;
		st_vec_push(&work, e.from);
	}
	while (work.n) {
		const struct st_block *b = cfg->func->blocks.v[st_vec_pop(&work)];
		for (size_t p = 0; p < b->preds.n; p++) {
			uint32_t pi = b->preds.v[p]->index;
			if (!in[pi] && st_cfg_reachable(cfg, pi)) {
				in[pi] = true;
				st_vec_push(&work, pi);
			}
		}
	}
	st_vec_push(body, e.to);
	for (size_t b = 0; b < cfg->nblocks; b++)
		if (in[b] && b != e.to)
			st_vec_push(body, (uint32_t)b);
	st_vec_free(&work);
	free(in);
}
