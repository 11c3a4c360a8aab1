/* Emit: turns the final WaitInsertionPlan into s_wait_* instructions.
 *
 * Anchor waits go immediately before their anchor, one instruction per
 * counter in the order dscnt, loadcnt, kmcnt, tensorcnt, asynccnt, storecnt,
 * xcnt.
 * A tail drain goes before its predecessor's terminator when that is a
 * branch, else at the end of the block. Only blocks --process-blocks allows
 * are edited. With --remarks every inserted wait explains itself. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/print.h"
#include "waitcnt.h"

/* What to tag so that a conservative fallback becomes a wait for tokens:
 * the anchor when it has no mod.memtoken, else the untagged producers. */
static void fallback_hint(struct st_buf *msg, const struct st_inst *anchor)
{
	const struct st_value *tokens;
	if (st_inst_memtokens(anchor, &tokens) < 0)
		st_buf_printf(msg,
		              " (%s at %u:%u has no mod.memtoken: tag it with the tokens it orders to wait only for their "
		              "loads)",
		              anchor->name, anchor->loc.line, anchor->loc.col);
	else
		st_buf_puts(msg, " (untagged: tag them with mod.memtoken to wait only for the tokens this one orders)");
}

static void describe_producers(struct st_buf *msg, const struct wc_reason *r, size_t n, enum st_counter c,
                               bool cap_hit, const struct st_inst *anchor)
{
	if (c == ST_CNT_XCNT) {
		bool first = true;
		for (size_t k = 0; k < n; k++)
			if (r[k].counter == c) {
				st_buf_puts(msg, first ? ": " : "; ");
				st_wc_xcnt_describe(msg, &r[k]);
				first = false;
			}
		return;
	}
	/* Group by rule, in the order the rules first appear. */
	bool done_rule[WC_RULE_CAP_HIT + 1] = {false};
	bool first_rule = true;
	for (size_t k = 0; k < n; k++) {
		if (r[k].counter != c || done_rule[r[k].rule])
			continue;
		enum wc_rule rule = r[k].rule;
		done_rule[rule] = true;
		st_buf_puts(msg, first_rule ? ": " : "; ");
		first_rule = false;
		st_buf_printf(msg, "%s on ", st_wc_rule_name(rule));
		unsigned shown = 0, more = 0;
		bool unnamed = false;
		for (size_t j = k; j < n; j++) {
			if (r[j].counter != c || r[j].rule != rule)
				continue;
			if (!r[j].producer) {
				unnamed = true;
				continue;
			}
			/* One op may be listed per path it arrived on: name it once. */
			bool seen = false;
			for (size_t x = k; x < j && !seen; x++)
				seen = r[x].counter == c && r[x].rule == rule && r[x].producer == r[j].producer;
			if (seen)
				continue;
			if (shown == 4) {
				more++;
				continue;
			}
			st_buf_printf(msg, "%s%s at %u:%u", shown ? ", " : "", r[j].producer->name, r[j].producer->loc.line,
			              r[j].producer->loc.col);
			shown++;
		}
		if (more)
			st_buf_printf(msg, " and %u more", more);
		if (unnamed && cap_hit)
			st_buf_printf(msg, "%sany op in flight on entry", shown ? ", " : "");
		else if (unnamed)
			st_buf_printf(msg, "%sops older than the %d tracked", shown ? ", " : "", WC_MAX_IN_FLIGHT);
		if (rule == WC_RULE_FALLBACK)
			fallback_hint(msg, anchor);
	}
}

static struct st_loc drain_loc(const struct st_block *b, const struct st_inst *pos)
{
	if (pos)
		return pos->loc;
	for (const struct st_inst *i = b->last; i; i = i->prev)
		if (i->kind == ST_ITEM_INST && i->loc.line)
			return i->loc;
	return b->loc;
}

static struct st_inst *prev_inst(struct st_inst *i)
{
	for (i = i->prev; i; i = i->prev) {
		if (i->kind == ST_ITEM_INST)
			return i;
		if (i->kind == ST_ITEM_LABEL)
			return NULL; /* the block's first instruction: nothing to move across */
	}
	return NULL;
}

/* Where the waits of anchor i go: before it, unless an s_delay_alu or an
 * s_clause group binds it to instructions before it; then before those.
 * A clause member passed over counts against its counter (counters retire
 * in order), so skipped[c] lowers the counts and the wait still waits for
 * what it had to. */
static struct st_inst *insertion_point(const struct wc_dataflow *df, struct st_inst *i, int skipped[ST_NUM_COUNTERS])
{
	struct st_inst *pos = i;
	for (bool moved = df->binds_next; moved;) {
		moved = false;
		unsigned dist = 1;
		for (struct st_inst *q = prev_inst(pos); q && dist <= 64; q = prev_inst(q), dist++) {
			if (st_inst_bound_next(q) < dist)
				continue;
			for (struct st_inst *x = q->next; x && x != pos; x = x->next) {
				enum st_counter c = st_inst_counter(x, df->stores_on_loadcnt);
				if (x->kind == ST_ITEM_INST && c != ST_CNT_NONE)
					skipped[c]++;
				skipped[ST_CNT_XCNT] += st_inst_xcnt_kind(x) != ST_XCNT_NONE;
			}
			pos = q;
			moved = true;
			break;
		}
	}
	return pos;
}

/* combineWaits: the memory counter whose wait joins the DS wait of one
 * anchor in a packed s_wait_<mem>_dscnt (LOAD, else STORE), or ST_CNT_NONE. */
static enum st_counter packed_partner(const struct wc_dataflow *df, const int *cnt)
{
	if (!df->combine_waits || cnt[ST_CNT_DS] == WC_UNUSED)
		return ST_CNT_NONE;
	if (cnt[ST_CNT_LOAD] != WC_UNUSED)
		return ST_CNT_LOAD;
	return cnt[ST_CNT_STORE] != WC_UNUSED ? ST_CNT_STORE : ST_CNT_NONE;
}

/* The wait for counter c of one anchor or drain (values already clamped),
 * or the packed wait of c and its partner: its provenance is both halves'. */
static struct st_inst *new_wait(struct wc_dataflow *df, struct wc_provenance *pv, enum st_counter c,
                                enum st_counter partner, const int *v, struct st_loc loc, const struct st_inst *anchor,
                                const struct st_block *drain, const struct wc_reason *r, size_t n)
{
	if (partner == ST_CNT_NONE)
		return st_wc_new_wait(df, pv, c, ST_CNT_NONE, v, st_wc_provenance(df, pv, anchor, drain, c, r, n), loc);
	const char *ds = st_wc_provenance(df, pv, anchor, drain, ST_CNT_DS, r, n);
	const char *mem = st_wc_provenance(df, pv, anchor, drain, partner, r, n);
	return st_wc_new_wait(df, pv, c, partner, v, st_wc_provenance_packed(df, pv, partner, ds, mem), loc);
}

void st_wc_emit_waits(struct wc_dataflow *df, const struct wc_plan *plan, bool explain)
{
	struct st_pass_ctx *ctx = df->ctx;
	bool remarks = explain && ctx && ctx->diag;
	/* The plan's reasons, which the provenance reads, are always recorded. */
	unsigned per_counter[ST_NUM_COUNTERS] = {0};
	unsigned drains = 0, relaxed = 0, combined = 0;
	struct wc_provenance pv = {0};

	/* Tail drains (sorted by predecessor block index). */
	for (size_t k = 0; k < plan->drains.n; k++) {
		const struct wc_tail_drain *d = &plan->drains.v[k];
		st_assert(df->processable[d->pred->index]);
		struct st_inst *term = st_block_terminator(d->pred);
		struct st_inst *pos = term && st_inst_is_branch(term) ? term : NULL;
		struct st_loc loc = drain_loc(d->pred, pos);
		enum st_counter partner = packed_partner(df, d->spec.cnt);
		int vals[ST_NUM_COUNTERS];
		for (int ci = 0; ci < ST_NUM_COUNTERS; ci++)
			vals[ci] = d->spec.cnt[ci] > st_counter_max((enum st_counter)ci) ? st_counter_max((enum st_counter)ci)
			                                                                  : d->spec.cnt[ci];
		for (int ci = 0; ci < ST_NUM_COUNTERS; ci++) {
			enum st_counter c = (enum st_counter)ci;
			if (d->spec.cnt[c] == WC_UNUSED)
				continue;
			if (c != partner) {
				struct st_inst *w = new_wait(df, &pv, c, c == ST_CNT_DS ? partner : ST_CNT_NONE, vals, loc, NULL, d->pred,
				                             plan->reasons.v, plan->reasons.n);
				if (pos)
					st_inst_insert_before(pos, w);
				else
					st_block_append(d->pred, w);
				combined += c == ST_CNT_DS && partner != ST_CNT_NONE;
			}
			per_counter[c]++;
			drains++;
			if (!remarks)
				continue;
			struct st_buf msg = {0};
			st_buf_printf(&msg, "inserted %s %d (%s) at the end of ^%s: tail drain for the join ^%s",
			              st_counter_wait_mnemonic(c), d->spec.cnt[c] > st_counter_max(c) ? st_counter_max(c) : d->spec.cnt[c],
			              st_counter_name(c), d->pred->label, d->succ->label);
			bool any = false;
			for (size_t j = 0; j < plan->reasons.n; j++) {
				const struct wc_reason *r = &plan->reasons.v[j];
				if (r->drain != d->pred || r->counter != c || !r->producer)
					continue;
				st_buf_printf(&msg, "%s%s at %u:%u", any ? ", " : ", drains ", r->producer->name,
				              r->producer->loc.line, r->producer->loc.col);
				any = true;
			}
			st_remark(ctx->diag, loc, "%s", st_buf_cstr(&msg));
			st_buf_free(&msg);
		}
	}

	/* Reasons are recorded per anchor, contiguously. */
	size_t nslots = plan->anchors.n;
	size_t *rfirst = st_xmalloc((nslots ? nslots : 1) * sizeof *rfirst);
	size_t *rcount = st_xcalloc(nslots ? nslots : 1, sizeof *rcount);
	/* An anchor's reasons follow each other: its slot is looked up once
	 * (through the instruction, a cache miss on a large kernel). */
	const struct st_inst *last = NULL;
	int32_t s = -1;
	for (size_t k = 0; k < plan->reasons.n; k++) {
		const struct wc_reason *r = &plan->reasons.v[k];
		if (!r->anchor)
			continue;
		if (r->anchor != last) {
			last = r->anchor;
			s = plan->slot[last->id];
		}
		st_assert(s >= 0);
		if (!rcount[s])
			rfirst[s] = k;
		rcount[s]++;
	}

	/* Anchor waits, in program order. */
	for (size_t bi = 0; bi < df->func->blocks.n; bi++) {
		struct st_block *b = df->func->blocks.v[bi];
		if (!df->processable[b->index])
			continue;
		for (struct st_inst *i = b->first; i; i = i->next) {
			if (i->id >= df->ninst || df->insts[i->id] != i || plan->slot[i->id] < 0)
				continue;
			int32_t s = plan->slot[i->id];
			const struct wc_anchor *a = &plan->anchors.v[s];
			if (a->relaxed)
				relaxed++;
			int skipped[ST_NUM_COUNTERS] = {0};
			struct st_inst *pos = insertion_point(df, i, skipped);
			enum st_counter partner = packed_partner(df, a->spec.cnt);
			int vals[ST_NUM_COUNTERS];
			for (int ci = 0; ci < ST_NUM_COUNTERS; ci++) {
				enum st_counter c = (enum st_counter)ci;
				int v = a->spec.cnt[c];
				v = v > skipped[c] ? v - skipped[c] : 0;
				vals[c] = v > st_counter_max(c) ? st_counter_max(c) : v;
			}
			for (int ci = 0; ci < ST_NUM_COUNTERS; ci++) {
				enum st_counter c = (enum st_counter)ci;
				if (a->spec.cnt[c] == WC_UNUSED)
					continue;
				int v = vals[c];
				if (c != partner) {
					struct st_inst *w = new_wait(df, &pv, c, c == ST_CNT_DS ? partner : ST_CNT_NONE, vals, i->loc, i, NULL,
					                             plan->reasons.v + (rcount[s] ? rfirst[s] : 0), rcount[s]);
					st_inst_insert_before(pos, w);
					combined += c == ST_CNT_DS && partner != ST_CNT_NONE;
				}
				per_counter[c]++;
				if (!remarks)
					continue;
				struct st_buf msg = {0};
				st_buf_printf(&msg, "inserted %s %d (%s) before %s", st_counter_wait_mnemonic(c), v,
				              st_counter_name(c), i->name);
				if (plan->cap_hit)
					st_buf_printf(&msg, ": %s, every anchor drains to 0", st_wc_rule_name(WC_RULE_CAP_HIT));
				describe_producers(&msg, plan->reasons.v + (rcount[s] ? rfirst[s] : 0), rcount[s], c, plan->cap_hit,
				                   i);
				if (a->relaxed & (1u << c))
					st_buf_printf(&msg, " (relaxed from %d by ShallowPredPromotion)", a->relaxed_from[c]);
				st_remark(ctx->diag, i->loc, "%s", st_buf_cstr(&msg));
				st_buf_free(&msg);
			}
		}
	}
	free(rfirst);
	free(rcount);
	st_wc_provenance_free(&pv);

	/* kMaxInFlight diagnostics of the final simulation. */
	if (ctx && ctx->diag)
		for (int c = 0; c < ST_NUM_COUNTERS; c++)
			if (df->overflow_at[c])
				st_warning(ctx->diag, df->overflow_at[c]->loc,
				           "'%s' depends on a %s operation issued more than %d operations earlier; only "
				           "the newest %d are tracked, so the wait drains it with %s %d",
				           df->overflow_at[c]->name, st_counter_name((enum st_counter)c), WC_MAX_IN_FLIGHT,
				           WC_MAX_IN_FLIGHT, st_counter_wait_mnemonic((enum st_counter)c),
				           st_counter_max((enum st_counter)c));

	if (ctx) {
		unsigned total = 0;
		for (int c = 0; c < ST_NUM_COUNTERS; c++) {
			total += per_counter[c];
			if (per_counter[c])
				st_pass_stat_add(ctx, st_counter_info((enum st_counter)c)->inserted_stat, per_counter[c]);
		}
		if (drains)
			st_pass_stat_add(ctx, "tail-drains", drains);
		if (combined)
			st_pass_stat_add(ctx, "combined-waits", combined);
		if (relaxed)
			st_pass_stat_add(ctx, "relaxed-anchors", relaxed);
		if (total)
			ctx->changed = true;
	}
}
