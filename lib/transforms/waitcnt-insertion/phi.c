/* PhiSummary: the concrete memory ops behind each memory-token PHI
 * (collectMemOpDeps), computed once per strongly connected web of PHIs. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/ssa.h"
#include "waitcnt.h"

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

uint32_t st_wc_sort_unique(uint32_t *v, uint32_t n)
{
	if (n < 2)
		return n;
	if (n <= 16) {
		/* An instruction's tokens: a few ids, mostly in order already. */
		for (uint32_t k = 1; k < n; k++) {
			uint32_t x = v[k], j = k;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
	} else {
		qsort(v, n, sizeof *v, cmp_u32);
	}
	uint32_t m = 1;
	for (uint32_t k = 1; k < n; k++)
		if (v[k] != v[m - 1])
			v[m++] = v[k];
	return m;
}

/* PhiSummary */

static struct wc_phi_summary *summary_slot(struct wc_dataflow *df, const struct st_inst *phi)
{
	st_assert(phi->id >= df->nitems && phi->id < df->ninst && df->insts[phi->id] == phi);
	return &df->phis[phi->id - df->nitems];
}

/* collectMemOpDeps of a PHI: the concrete memory ops reachable through its
 * web of PHIs. All PHIs of one strongly connected web (a loop carrying a
 * register around) stand for the same ops, so the summaries are computed
 * per strongly connected component (Tarjan, iteratively), each component's
 * set being its members' concrete incoming producers plus the sets of the
 * components it reaches; components share one set. */
struct tarjan_frame {
	uint32_t phi; /* PHI index */
	uint32_t next; /* next incoming slot to visit */
};

static struct st_inst *phi_at(const struct wc_dataflow *df, uint32_t k)
{
	return df->insts[df->nitems + k];
}

static void finish_component(struct wc_dataflow *df, uint32_t root, struct wc_phi_work *w)
{
	/* Pop the component off the stack. */
	size_t first = w->stack.n;
	do
		first--;
	while (w->stack.v[first] != root);
	ST_VEC(uint32_t) acc[ST_NUM_COUNTERS] = {{0}};
	for (size_t m = first; m < w->stack.n; m++)
		w->comp[w->stack.v[m]] = root + 1;
	for (size_t m = first; m < w->stack.n; m++) {
		struct st_inst *p = phi_at(df, w->stack.v[m]);
		size_t npreds = p->block ? p->block->preds.n : 0;
		struct st_inst *const *incoming = st_phi_incoming(p);
		for (size_t k = 0; k < npreds; k++) {
			struct st_inst *x = incoming ? incoming[k] : NULL;
			if (!x)
				continue;
			if (wc_is_phi(x)) {
				uint32_t xi = x->id - df->nitems;
				if (w->comp[xi] == root + 1)
					continue; /* same component */
				const struct wc_phi_summary *xs = &df->phis[xi];
				st_assert(xs->done);
				for (int c = 0; c < ST_NUM_COUNTERS; c++)
					for (uint32_t e = 0; e < xs->all[c].n; e++)
						st_vec_push(&acc[c], xs->all[c].v[e]);
				continue;
			}
			enum st_counter c = st_wc_counter_of(df, x);
			if (c != ST_CNT_NONE)
				st_vec_push(&acc[c], x->id);
		}
	}
	struct wc_idset *set = st_xcalloc(ST_NUM_COUNTERS, sizeof *set);
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		set[c].n = st_wc_sort_unique(acc[c].v, (uint32_t)acc[c].n);
		set[c].v = acc[c].v;
	}
	st_vec_push(&df->phi_sets, set);
	for (size_t m = first; m < w->stack.n; m++) {
		df->phis[w->stack.v[m]].all = set;
		df->phis[w->stack.v[m]].done = true;
		w->on_stack[w->stack.v[m]] = false;
	}
	w->stack.n = first;
}

const struct wc_phi_summary *st_wc_phi_summary_of(struct wc_dataflow *df, struct st_inst *phi)
{
	struct wc_phi_summary *s = summary_slot(df, phi);
	if (s->done)
		return s;
	struct wc_phi_work *w = &df->phi_work;
	ST_VEC(struct tarjan_frame) frames = {0};
	uint32_t root = phi->id - df->nitems;
	w->index[root] = w->low[root] = ++w->counter;
	st_vec_push(&w->stack, root);
	w->on_stack[root] = true;
	st_vec_push(&frames, ((struct tarjan_frame){root, 0}));
	while (frames.n) {
		struct tarjan_frame *f = &st_vec_last(&frames);
		struct st_inst *p = phi_at(df, f->phi);
		size_t npreds = p->block ? p->block->preds.n : 0;
		if (f->next < npreds) {
			struct st_inst *const *incoming = st_phi_incoming(p);
			struct st_inst *x = incoming ? incoming[f->next] : NULL;
			f->next++;
			if (!x || !wc_is_phi(x))
				continue;
			uint32_t xi = x->id - df->nitems;
			if (df->phis[xi].done)
				continue;
			if (!w->index[xi]) {
				w->index[xi] = w->low[xi] = ++w->counter;
				st_vec_push(&w->stack, xi);
				w->on_stack[xi] = true;
				st_vec_push(&frames, ((struct tarjan_frame){xi, 0}));
			} else if (w->on_stack[xi] && w->index[xi] < w->low[f->phi]) {
				w->low[f->phi] = w->index[xi];
			}
			continue;
		}
		uint32_t v = f->phi;
		frames.n--;
		if (frames.n) {
			uint32_t parent = st_vec_last(&frames).phi;
			if (w->low[v] < w->low[parent])
				w->low[parent] = w->low[v];
		}
		if (w->low[v] == w->index[v])
			finish_component(df, v, w);
	}
	st_vec_free(&frames);
	st_assert(s->done);
	return s;
}

bool st_wc_idset_has(const struct wc_idset *s, uint32_t id)
{
	uint32_t lo = 0, hi = s->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (s->v[mid] == id)
			return true;
		if (s->v[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}
