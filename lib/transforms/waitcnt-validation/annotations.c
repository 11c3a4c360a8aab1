/* WaitCntValidationCheckPass: the generator's loop annotations along a path.
 *
 * On one path every in-flight entry knows exactly how many trips (crossings
 * of an edge to a block no later in RPO) it made since its issue and the
 * current slot of each of its ring accesses (state.c moves them on each trip
 * edge). The rules, checked here at each annotated instruction:
 *
 *   ring          Publish / Read anchor: in-flight tensor loads with an
 *                 aliasing Write access; Protect / Write anchor: in-flight DS
 *                 ops with an aliasing Read access; an op of that counter
 *                 without mod.lds_ring aliases
 *   loopcarriedwar  on an LDS writer that is no DS op: DS reads and atomics
 *                 on overlapping tokens at least `distance` trips old
 *   loopcarriedraw  on a reader: tensor loads likewise
 *
 * Each is an error in every mode: the generator asserted the dependency. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

bool st_wv_decode_annotations(struct validator *v)
{
	bool any = false;
	for (size_t k = 0; k < v->facts.n && !any; k++)
		any = v->facts.v[k].inst->nattrs && st_inst_has_loop_annots(v->facts.v[k].inst);
	if (!any)
		return true;
	v->annots = st_xcalloc(v->facts.n, sizeof *v->annots);
	bool ok = true;
	int64_t maxd = 0;
	for (size_t k = 0; k < v->facts.n; k++) {
		const struct st_inst *i = v->facts.v[k].inst;
		if (!i->nattrs || !st_inst_has_loop_annots(i))
			continue;
		if (!st_loop_annots_decode(i, &v->annots[k], v->ctx->diag)) {
			ok = false;
			continue;
		}
		v->facts.v[k].an = &v->annots[k];
		if (v->annots[k].war.present && v->annots[k].war.distance > maxd)
			maxd = v->annots[k].war.distance;
		if (v->annots[k].raw.present && v->annots[k].raw.distance > maxd)
			maxd = v->annots[k].raw.distance;
	}
	v->annotated = true;
	/* `trips >= d` is all a rule asks; trips saturate one above the largest
	 * distance, so a report says exactly how far back its producer was. */
	v->trip_cap = maxd > 62 ? 64 : (uint32_t)maxd + 2;
	/* The channels of the depth analysis. */
	for (size_t k = 0; ok && k < v->facts.n; k++) {
		const struct st_loop_annots *a = v->facts.v[k].an;
		for (uint32_t x = 0; a && x < a->nacc; x++) {
			bool seen = false;
			for (size_t c = 0; c < v->chans.n && !seen; c++)
				seen = v->chans.v[c].cls == a->acc[x].cls && v->chans.v[c].frame == a->acc[x].frame &&
				       v->chans.v[c].ring == a->acc[x].ring;
			if (!seen)
				st_vec_push(&v->chans, a->acc[x]);
		}
	}
	return ok;
}

static bool has_kind(const struct st_loop_annots *a, enum st_ring_kind k)
{
	for (uint32_t x = 0; x < a->nacc; x++)
		if (a->acc[x].kind == k)
			return true;
	return false;
}

unsigned st_wv_ring_replaces(const struct validator *v, const struct fact *f)
{
	(void)v;
	if (!f->an || !f->an->has_ring)
		return 0;
	unsigned r = 0;
	if (has_kind(f->an, ST_RING_PUBLISH) || has_kind(f->an, ST_RING_PROTECT) || has_kind(f->an, ST_RING_READ))
		r |= WV_RING_TENSOR_RAW;
	/* The DS scan of a barrier is barrier ordering (Protect refines it), the
	 * one of an LDS writer WAR-on-LDS (Protect and Write refine it). */
	if (has_kind(f->an, ST_RING_PROTECT) || (!(f->roles & ROLE_LDS_FENCE) && has_kind(f->an, ST_RING_WRITE)))
		r |= WV_RING_DS;
	return r;
}

uint32_t st_wv_chan(const struct validator *v, const struct st_ring_access *a)
{
	for (size_t c = 0; c < v->chans.n; c++)
		if (v->chans.v[c].cls == a->cls && v->chans.v[c].frame == a->frame && v->chans.v[c].ring == a->ring)
			return (uint32_t)c;
	st_assert(!"a ring access of the function has a channel");
	return 0;
}

/* Whether an annotation's token list meets the tokens of fact p. */
static bool carried_overlaps(const struct validator *v, const struct st_loop_carried *lc, const struct fact *p)
{
	if (!lc->tagged || !p->tagged)
		return true;
	for (uint32_t k = 0; k < lc->ntokens; k++)
		for (uint32_t j = 0; j < p->ntok; j++)
			if (v->toks.v[p->tok_off + j] == lc->tokens[k])
				return true;
	return false;
}

static void ring_check(struct validator *v, uint32_t node, uint32_t id, const struct st_ring_access *A)
{
	bool tensor = A->kind == ST_RING_PUBLISH || A->kind == ST_RING_READ;
	enum st_ring_kind want = tensor ? ST_RING_WRITE : ST_RING_READ;
	int64_t slot = st_ring_mod(A->slot, A->ring);
	struct wv_scan s = {.q = &v->q[tensor ? ST_CNT_TENSOR : ST_CNT_DS]};
	for (const struct fact *p; (p = st_wv_scan_next(v, &s));) {
		uint32_t w = s.w;
		if (!p->an || !p->an->has_ring) {
			st_wv_violation(v, node, id, w, RULE_RING, NULL, NULL, -1);
			continue;
		}
		const uint32_t *cur = v->wring.v + v->wents.v[w].ring_off;
		for (uint32_t x = 0; x < p->an->nacc; x++) {
			const struct st_ring_access *P = &p->an->acc[x];
			if (P->kind == want && P->cls == A->cls && P->frame == A->frame && P->ring == A->ring &&
			    cur[x] == (uint32_t)slot) {
				st_wv_violation(v, node, id, w, RULE_RING, NULL, NULL, (int32_t)slot);
				break;
			}
		}
	}
}

static void carried_check(struct validator *v, uint32_t node, uint32_t id, const struct st_loop_carried *lc,
                          enum st_counter c, enum rule rule)
{
	struct wv_scan s = {.q = &v->q[c]};
	for (const struct fact *p; (p = st_wv_scan_next(v, &s));) {
		/* loopcarriedwar: DS reads and atomics only. */
		if (c == ST_CNT_DS && !(p->roles & ROLE_LDS_READ))
			continue;
		if (v->wents.v[s.w].trips >= (uint64_t)lc->distance && carried_overlaps(v, lc, p))
			st_wv_violation(v, node, id, s.w, rule, NULL, NULL, -1);
	}
}

bool st_wv_writes_sgpr(const struct fact *f)
{
	for (uint32_t k = 0; k < f->inst->ndsts; k++)
		if (f->inst->dsts[k].kind == ST_OPND_REG && f->inst->dsts[k].reg.cls == ST_REG_S)
			return true;
	return false;
}

/* enableTensorDescriptorWar: an in-flight tensor load still reads its SGPR
 * descriptor, so a write of one of those SGPRs depends on it. */
void st_wv_check_descriptor_war(struct validator *v, uint32_t node, uint32_t id)
{
	const struct fact *f = &v->facts.v[id];
	struct wv_scan s = {.q = &v->q[ST_CNT_TENSOR]};
	for (const struct fact *p; (p = st_wv_scan_next(v, &s));) {
		bool hit = false;
		for (uint32_t x = 0; x < f->inst->ndsts && !hit; x++) {
			const struct st_operand *d = &f->inst->dsts[x];
			if (d->kind != ST_OPND_REG || d->reg.cls != ST_REG_S)
				continue;
			for (uint32_t y = 0; y < p->inst->nsrcs && !hit; y++) {
				const struct st_operand *u = &p->inst->srcs[y];
				hit = u->kind == ST_OPND_REG && u->reg.cls == ST_REG_S && st_reg_overlaps(d->reg, u->reg);
			}
		}
		if (hit)
			st_wv_violation(v, node, id, s.w, RULE_DESC_WAR, NULL, NULL, -1);
	}
}

void st_wv_check_annotations(struct validator *v, uint32_t node, uint32_t id)
{
	const struct fact *f = &v->facts.v[id];
	const struct st_loop_annots *a = f->an;
	for (uint32_t x = 0; x < a->nacc; x++)
		ring_check(v, node, id, &a->acc[x]);
	if (a->war.present && f->counter != ST_CNT_DS &&
	    ((f->roles & ROLE_LDS_FENCE) || st_inst_is_lds_writer(f->inst)))
		carried_check(v, node, id, &a->war, ST_CNT_DS, RULE_LOOP_WAR);
	if (a->raw.present && ((f->roles & ROLE_LDS_FENCE) || st_inst_is_lds_reader(f->inst)))
		carried_check(v, node, id, &a->raw, ST_CNT_TENSOR, RULE_LOOP_RAW);
}
