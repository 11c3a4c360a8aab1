/* StinkyEstimateWaitStallsPass: a static estimate of the cycles each wait
 * instruction stalls, to compare two placements of waits on one kernel.
 * Read-only (docs/passes/estimate-wait-stalls.md).
 *
 * The model, per block: every instruction issues in `issueCycles` (1 unless
 * the instruction says otherwise); a memory op completes `latencyCycles`
 * after it issues (its attribute, else its counter's default latency); an
 * op of an in-order counter is counted complete no earlier than the op
 * before it; a wait `N` on a counter stalls until at most N of its ops are
 * in flight. A block is simulated from each predecessor's exit state and
 * keeps the worst; a second sweep over the blocks lets loop back edges carry
 * the state of the first. A block inside d loops weighs loopWeight^d. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/cfg.h"
#include "stinkytofu/pass.h"

enum { OPT_LOOP_WEIGHT, OPT_LATENCY };

/* The default latency of each counter's ops is the `latency` column of
 * counters.def: round figures of the order of gfx12 memory (LDS tens of
 * cycles, the scalar cache a couple hundred, vector memory several hundred).
 * Only their ratios matter when two placements are compared. */
static const struct st_pass_option options[] = {
	[OPT_LOOP_WEIGHT] = {"loopWeight", ST_OPT_INT, "8", "weight of a loop body per nesting level",
	                     ST_OPT_RANGE(1, INT64_MAX)},
#define ST_COUNTER(id, name, mnemonic, kind, field, width, order, results, erase, latency)                \
	[OPT_LATENCY + ST_CNT_##id] = {name "Latency", ST_OPT_INT, #latency, "latency of " name " ops, cycles",    \
	                                ST_OPT_RANGE(0, INT64_MAX)},
#include "stinkytofu/counters.def"
#undef ST_COUNTER
};

#define MAX_TRACKED 64 /* ops per counter the simulation follows, as the hardware queues */

/* The in-flight ops of every counter: completion times (cycles from the
 * start of the block being simulated), in issue order. */
struct flight {
	int64_t done[ST_NUM_COUNTERS][MAX_TRACKED];
	uint32_t n[ST_NUM_COUNTERS];
};

struct model {
	int64_t latency[ST_NUM_COUNTERS];
	int64_t loop_weight;
};

/* One simulation of a block from one entry state. */
struct run {
	struct flight exit;
	int64_t stall;   /* the block's total, unweighted */
	int64_t *per;    /* stall of each wait, by position among the block's waits */
};

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static int64_t attr_int(const struct st_inst *i, const char *name, int64_t dflt)
{
	const struct st_attr *a = st_inst_attr(i, name);
	if (!a || (a->value.kind != ST_VAL_INT && a->value.kind != ST_VAL_HEX) || a->value.i < 0)
		return dflt;
	return a->value.i;
}

/* Drops the ops complete by time t. */
static void retire(struct flight *s, enum st_counter c, int64_t t)
{
	uint32_t m = 0;
	for (uint32_t k = 0; k < s->n[c]; k++)
		if (s->done[c][k] > t)
			s->done[c][m++] = s->done[c][k];
	s->n[c] = m;
}

/* When at most `count` ops of counter c remain in flight, from time t. */
static int64_t ready_at(struct flight *s, enum st_counter c, int count, int64_t t)
{
	retire(s, c, t);
	if (s->n[c] <= (uint32_t)count)
		return t;
	int64_t sorted[MAX_TRACKED];
	memcpy(sorted, s->done[c], s->n[c] * sizeof *sorted);
	qsort(sorted, s->n[c], sizeof *sorted, cmp_i64);
	return sorted[s->n[c] - (uint32_t)count - 1];
}

static void issue(struct flight *s, enum st_counter c, int64_t done, bool in_order)
{
	if (s->n[c] == MAX_TRACKED) {
		memmove(s->done[c], s->done[c] + 1, (MAX_TRACKED - 1) * sizeof s->done[c][0]);
		s->n[c]--;
	}
	if (in_order && s->n[c] && s->done[c][s->n[c] - 1] > done)
		done = s->done[c][s->n[c] - 1];
	s->done[c][s->n[c]++] = done;
}

static void simulate(const struct model *md, const struct st_block *b, const struct flight *entry, struct run *r)
{
	struct flight s = *entry;
	int64_t t = 0;
	uint32_t nw = 0;
	r->stall = 0;
	st_foreach_inst(b, i) {
		int counts[ST_NUM_COUNTERS];
		if (st_wait_counts(i, counts)) {
			int64_t ready = t;
			for (int c = 0; c < ST_NUM_COUNTERS; c++) {
				if (counts[c] < 0)
					continue;
				int64_t at = ready_at(&s, (enum st_counter)c, counts[c], t);
				if (at > ready)
					ready = at;
			}
			r->per[nw++] = ready - t;
			r->stall += ready - t;
			t = ready;
		} else if (st_inst_is_wait(i)) {
			r->per[nw++] = 0; /* an untracked wait: not modelled */
		}
		enum st_counter c = st_inst_counter(i, false);
		if (c != ST_CNT_NONE)
			issue(&s, c, t + attr_int(i, "latencyCycles", md->latency[c]), st_counter_in_order(c));
		/* Its address translation, on XCNT (docs/xcnt.md). */
		if (st_inst_xcnt_kind(i) != ST_XCNT_NONE)
			issue(&s, ST_CNT_XCNT, t + md->latency[ST_CNT_XCNT], true);
		t += attr_int(i, "issueCycles", 1);
	}
	/* The successors' clocks start where this block ends. */
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		retire(&s, (enum st_counter)c, t);
		for (uint32_t k = 0; k < s.n[c]; k++)
			s.done[c][k] -= t;
	}
	r->exit = s;
}

static uint32_t count_waits(const struct st_block *b)
{
	uint32_t n = 0;
	st_foreach_inst(b, i) n += st_inst_is_wait(i);
	return n;
}

/* Loop nesting depth of every block: the number of distinct loop headers
 * whose natural loop holds it. */
static uint32_t *loop_depths(const struct st_cfg *cfg)
{
	uint32_t *depth = st_xcalloc(cfg->nblocks ? cfg->nblocks : 1, sizeof *depth);
	bool *seen = st_xcalloc(cfg->nblocks ? cfg->nblocks : 1, sizeof *seen);
	struct st_block_list body = {0};
	for (size_t e = 0; e < cfg->back_edges.n; e++) {
		uint32_t h = cfg->back_edges.v[e].to;
		if (seen[h])
			continue;
		seen[h] = true;
		/* The loop of header h is the union of its back edges' loops. */
		bool *in = st_xcalloc(cfg->nblocks, sizeof *in);
		for (size_t f = e; f < cfg->back_edges.n; f++) {
			if (cfg->back_edges.v[f].to != h)
				continue;
			st_cfg_natural_loop(cfg, cfg->back_edges.v[f], &body);
			for (size_t k = 0; k < body.n; k++)
				in[body.v[k]] = true;
		}
		for (size_t b = 0; b < cfg->nblocks; b++)
			depth[b] += in[b];
		free(in);
	}
	st_vec_free(&body);
	free(seen);
	return depth;
}

static int64_t weight_of(const struct model *md, uint32_t depth)
{
	int64_t w = 1;
	for (uint32_t k = 0; k < depth && w < INT64_MAX / 1024 / md->loop_weight; k++)
		w *= md->loop_weight;
	return w;
}

/* Simulates every block in RPO twice: the first sweep sees the forward
 * edges only, the second also the back edges' states from the first.
 * Reports the second. */
static bool estimate_function(struct st_pass_ctx *ctx, struct st_function *f, const bool *mask, void *model)
{
	(void)mask; /* read-only */
	const struct model *md = model;
	st_function_compute_preds(f);
	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	size_t nb = f->blocks.n;
	struct flight *exits = st_xcalloc(nb, sizeof *exits);
	bool *done = st_xcalloc(nb, sizeof *done);
	uint32_t *depth = loop_depths(&cfg);
	struct flight empty;
	memset(&empty, 0, sizeof empty);
	int64_t total = 0, nwaits = 0, nstalling = 0;
	bool report = ctx->diag->show_remarks || ctx->diag->collect;
	for (int sweep = 0; sweep < 2; sweep++) {
		for (size_t r = 0; r < cfg.nreachable; r++) {
			const struct st_block *b = cfg.rpo[r];
			uint32_t nw = count_waits(b);
			struct run best = {.stall = -1, .per = st_xcalloc(nw ? nw : 1, sizeof(int64_t))};
			struct run cur = {.per = st_xcalloc(nw ? nw : 1, sizeof(int64_t))};
			bool any = false;
			for (size_t p = 0; p < b->preds.n; p++) {
				uint32_t pi = b->preds.v[p]->index;
				if (!done[pi])
					continue; /* a back edge in the first sweep */
				simulate(md, b, &exits[pi], &cur);
				any = true;
				if (cur.stall > best.stall) {
					int64_t *keep = best.per;
					best = cur;
					cur.per = keep;
				}
			}
			if (!any)
				simulate(md, b, &empty, &best); /* the function entry */
			exits[b->index] = best.exit;
			done[b->index] = true;
			if (sweep == 1) {
				int64_t w = weight_of(md, depth[b->index]);
				uint32_t k = 0;
				st_foreach_inst(b, i) {
					if (!st_inst_is_wait(i))
						continue;
					int64_t s = best.per[k++];
					nwaits++;
					nstalling += s > 0;
					total += s * w;
					if (report)
						st_remark(ctx->diag, i->loc,
						          "StinkyEstimateWaitStallsPass: '%s' stalls an estimated %lld cycle%s (block weight %lld)",
						          i->name, (long long)s, s == 1 ? "" : "s", (long long)w);
				}
			}
			free(best.per);
			free(cur.per);
		}
	}
	if (report)
		st_remark(ctx->diag, f->loc,
		          "StinkyEstimateWaitStallsPass: %s%s: an estimated %lld stall cycle%s over %lld wait%s, weighted by "
		          "loop depth",
		          f->name[0] ? "@" : "", f->name[0] ? f->name : "the kernel", (long long)total, total == 1 ? "" : "s",
		          (long long)nwaits, nwaits == 1 ? "" : "s");
	st_pass_stat_add(ctx, "waits", nwaits);
	st_pass_stat_add(ctx, "stalling-waits", nstalling);
	st_pass_stat_add(ctx, "estimated-stall-cycles", total);
	free(depth);
	free(done);
	free(exits);
	st_cfg_free(&cfg);
	return true;
}

static bool run(struct st_pass_ctx *ctx)
{
	struct model md;
	/* In range: the schema's bounds are checked by the pass manager. */
	md.loop_weight = ctx->opts[OPT_LOOP_WEIGHT].i;
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		md.latency[c] = ctx->opts[OPT_LATENCY + c].i;
	return st_pass_run_functions(ctx, estimate_function, &md);
}

const struct st_pass_info st_pass_estimate_wait_stalls = {
	.name = "StinkyEstimateWaitStallsPass",
	.summary = "Estimate the cycles each wait stalls, per wait and per function (read-only)",
	ST_PASS_OPTIONS(options),
	.run = run,
};
