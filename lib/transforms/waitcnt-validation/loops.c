/* WaitCntValidationCheckPass: dominators, back edges and natural loops, which
 * tell loop-carried tensor dependencies apart. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

static uint32_t intersect(const uint32_t *idom, const uint32_t *rpo_num, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (rpo_num[a] > rpo_num[b])
			a = idom[a];
		while (rpo_num[b] > rpo_num[a])
			b = idom[b];
	}
	return a;
}

static bool dominates(const struct validator *v, uint32_t a, uint32_t b)
{
	while (b != a) {
		if (v->idom[b] == b || v->rpo_num[b] < v->rpo_num[a])
			return false;
		b = v->idom[b];
	}
	return true;
}

/* Dominators (Cooper-Harvey-Kennedy), then natural loops, one per header:
 * a back edge is an edge whose target dominates its source. */
void st_wv_build_loops(struct validator *v)
{
	const struct st_function *f = v->func;
	uint32_t n = v->nblocks;
	v->rpo_num = st_xmalloc(n * sizeof *v->rpo_num);
	v->idom = st_xmalloc(n * sizeof *v->idom);
	for (uint32_t b = 0; b < n; b++)
		v->rpo_num[b] = v->idom[b] = NONE32;
	uint32_t *order = st_xmalloc(n * sizeof *order), norder = 0;
	uint32_t *stack = st_xmalloc(n * sizeof *stack), *next = st_xcalloc(n, sizeof *next);
	bool *seen = st_xcalloc(n, sizeof *seen);
	uint32_t sp = 0;
	stack[sp++] = 0;
	seen[0] = true;
	while (sp) {
		const struct st_block *b = f->blocks.v[stack[sp - 1]];
		if (next[b->index] < b->succs.n) {
			const struct st_block *sb = b->succs.v[next[b->index]++];
			uint32_t s = sb ? sb->index : 0;
			if (sb && !seen[s]) {
				seen[s] = true;
				stack[sp++] = s;
			}
		} else {
			order[norder++] = b->index; /* postorder */
			sp--;
		}
	}
	for (uint32_t k = 0; k < norder; k++)
		v->rpo_num[order[norder - 1 - k]] = k;
	v->idom[0] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t k = 1; k < norder; k++) {
			uint32_t b = order[norder - 1 - k], nid = NONE32;
			const struct st_block *blk = f->blocks.v[b];
			for (size_t p = 0; p < blk->preds.n; p++) {
				uint32_t pb = blk->preds.v[p]->index;
				if (v->idom[pb] == NONE32)
					continue;
				nid = nid == NONE32 ? pb : intersect(v->idom, v->rpo_num, pb, nid);
			}
			if (nid != v->idom[b]) {
				v->idom[b] = nid;
				changed = true;
			}
		}
	}

	v->succ_back = st_xcalloc(n, sizeof *v->succ_back);
	v->loops_of = st_xcalloc(n, sizeof *v->loops_of);
	uint32_t *loop_of_header = st_xmalloc(n * sizeof *loop_of_header);
	uint32_t *inloop = st_xmalloc(n * sizeof *inloop); /* last loop a block was added to */
	for (uint32_t b = 0; b < n; b++)
		loop_of_header[b] = inloop[b] = NONE32;
	for (uint32_t b = 0; b < n; b++) {
		const struct st_block *blk = f->blocks.v[b];
		v->succ_back[b] = st_xmalloc((blk->succs.n ? blk->succs.n : 1) * sizeof **v->succ_back);
		for (size_t s = 0; s < blk->succs.n; s++) {
			v->succ_back[b][s] = -1;
			if (!blk->succs.v[s])
				continue;
			uint32_t h = blk->succs.v[s]->index;
			if (v->rpo_num[b] == NONE32 || !dominates(v, h, b))
				continue;
			if (loop_of_header[h] == NONE32)
				loop_of_header[h] = v->nloops++;
			uint32_t loop = loop_of_header[h];
			v->succ_back[b][s] = (int32_t)v->back_edges.n;
			st_vec_push(&v->back_edges, ((struct back_edge){b, h, loop}));
			/* The natural loop body: h and every block reaching b without h. */
			if (inloop[h] != loop) {
				inloop[h] = loop;
				st_vec_push(&v->loops_of[h], loop);
			}
			sp = 0;
			if (inloop[b] != loop) {
				inloop[b] = loop;
				st_vec_push(&v->loops_of[b], loop);
				stack[sp++] = b;
			}
			while (sp) {
				const struct st_block *x = f->blocks.v[stack[--sp]];
				for (size_t p = 0; p < x->preds.n; p++) {
					uint32_t pb = x->preds.v[p]->index;
					if (inloop[pb] == loop || v->rpo_num[pb] == NONE32)
						continue;
					inloop[pb] = loop;
					st_vec_push(&v->loops_of[pb], loop);
					stack[sp++] = pb;
				}
			}
		}
	}
	/* Every cycle enters through a block with two predecessors (or the
	 * entry), so deduplicating there is enough to reach a fixed point. */
	v->dedup_block = st_xcalloc(n, sizeof *v->dedup_block);
	for (uint32_t b = 0; b < n; b++)
		v->dedup_block[b] = b == 0 || f->blocks.v[b]->preds.n != 1;
	free(order);
	free(stack);
	free(next);
	free(seen);
	free(loop_of_header);
	free(inloop);
}

bool st_wv_block_in_loop(const struct validator *v, uint32_t block, uint32_t loop)
{
	for (size_t k = 0; k < v->loops_of[block].n; k++)
		if (v->loops_of[block].v[k] == loop)
			return true;
	return false;
}
