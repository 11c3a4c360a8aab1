/* WaitCntValidationCheckPass: one located diagnostic per (consumer, producer)
 * with its counterexample path. */
#include <stdlib.h>
#include <string.h>

#include "validation.h"

void st_wv_format_path(const struct validator *v, const struct node *nodes, uint32_t node, struct st_buf *out)
{
	ST_VEC(uint32_t) path = {0};
	for (uint32_t n = node; n != NONE32; n = nodes[n].parent)
		st_vec_push(&path, nodes[n].block);
	/* Long paths keep their head and tail; the middle is counted. */
	size_t len = path.n, head = len > 32 ? 8 : len, tail = len > 32 ? 16 : 0;
	for (size_t k = 0; k < head; k++)
		st_buf_printf(out, "%s^%s", k ? " -> " : "", v->func->blocks.v[path.v[len - 1 - k]]->label);
	if (tail) {
		st_buf_printf(out, " -> ... (%zu blocks) ...", len - head - tail);
		for (size_t k = tail; k-- > 0;)
			st_buf_printf(out, " -> ^%s", v->func->blocks.v[path.v[k]]->label);
	}
	st_vec_free(&path);
}

static void format_loc(struct st_buf *out, struct st_loc loc)
{
	if (loc.line)
		st_buf_printf(out, "%s:%u:%u", loc.file ? loc.file : "<input>", loc.line, loc.col);
	else
		st_buf_puts(out, "<unknown location>");
}

int st_wv_cmp_viol(const void *a, const void *b)
{
	const struct violation *x = a, *y = b;
	if (x->consumer != y->consumer)
		return x->consumer < y->consumer ? -1 : 1;
	return (x->producer > y->producer) - (x->producer < y->producer);
}

/* Returns whether the report is an error. */
bool st_wv_report(struct validator *v, const struct violation *x)
{
	const struct fact *c = &v->facts.v[x->consumer], *p = &v->facts.v[x->producer];
	struct st_buf msg = {0};
	bool error = !x->carried || v->strict;
	if (x->carried) {
		const struct back_edge *be = &v->back_edges.v[x->carried - 1];
		st_buf_printf(&msg, "loop-carried tensor dependency across back edge ^%s -> ^%s: ",
		              v->func->blocks.v[be->from]->label, v->func->blocks.v[be->to]->label);
	}
	st_buf_printf(&msg, "missing %s %d before '%s': ", st_counter_wait_mnemonic(x->counter), x->needed,
	              c->inst->name);
	if (p->flat)
		st_buf_printf(&msg, "(a flat op retires only when %s and dscnt have both been 0 since it issued) ",
		              st_counter_name(p->counter));
	char reg[64];
	switch (x->rule) {
	case RULE_RAW:
		if (x->opnd != NONE32)
			st_reg_format(c->inst->srcs[x->opnd].reg, reg, sizeof reg);
		else
			st_reg_format((struct st_reg){.index = (uint32_t)x->key, .count = 1, .cls = ST_REG_LDS}, reg, sizeof reg);
		st_buf_printf(&msg, "RAW dependency through %s", reg);
		break;
	case RULE_ASYNC_RAW: st_buf_puts(&msg, "RAW dependency through LDS"); break;
	case RULE_WAR: st_buf_puts(&msg, "WAR-on-LDS dependency"); break;
	case RULE_WAW: st_buf_puts(&msg, "WAW-on-LDS dependency"); break;
	case RULE_WAW_REG: {
		/* The consumer's destination holding the register. */
		struct st_reg key = {.index = (uint32_t)x->key, .count = 1, .cls = (uint8_t)(x->key >> 32)};
		st_reg_format(key, reg, sizeof reg);
		for (uint32_t k = 0; k < c->inst->ndsts; k++) {
			const struct st_operand *d = &c->inst->dsts[k];
			if (d->kind == ST_OPND_REG && st_reg_overlaps(d->reg, key)) {
				st_reg_format(d->reg, reg, sizeof reg);
				break;
			}
		}
		st_buf_printf(&msg, "WAW dependency through %s", reg);
		break;
	}
	case RULE_BARRIER: st_buf_puts(&msg, "barrier ordering dependency"); break;
	case RULE_CONSERVATIVE: st_buf_printf(&msg, "conservative dependency (%s)", x->why); break;
	case RULE_RING:
		if (x->slot >= 0)
			st_buf_printf(&msg, "LDS ring dependency (mod.lds_ring, slot %d)", (int)x->slot);
		else
			st_buf_puts(&msg, "LDS ring dependency (mod.lds_ring; the producer has none, so it may alias)");
		break;
	case RULE_LOOP_WAR: st_buf_puts(&msg, "loop-carried WAR dependency (mod.loopcarriedwar)"); break;
	case RULE_LOOP_RAW: st_buf_puts(&msg, "loop-carried RAW dependency (mod.loopcarriedraw)"); break;
	case RULE_DESC_WAR: st_buf_puts(&msg, "WAR dependency on its SGPR descriptor (enableTensorDescriptorWar)"); break;
	}
	st_buf_printf(&msg, " on '%s' (", p->inst->name);
	format_loc(&msg, p->inst->loc);
	st_buf_putc(&msg, ')');
	if (x->rule >= RULE_RING && x->rule <= RULE_LOOP_RAW) {
		/* The trips the producer crossed, which the path below shows. */
		if (x->trips == 0)
			st_buf_puts(&msg, " issued on this trip");
		else
			st_buf_printf(&msg, " issued %s%u trip%s earlier", x->trips >= v->trip_cap ? "at least " : "", x->trips,
			              x->trips == 1 ? "" : "s");
	}
	st_buf_printf(&msg, "%s still in flight; path: ", x->carried ? " from an earlier iteration" : "");
	st_wv_format_path(v, v->nodes.v, x->node, &msg);
	st_diag_emit(v->ctx->diag, error ? ST_SEV_ERROR : ST_SEV_WARNING, c->inst->loc, "%s", st_buf_cstr(&msg));
	st_buf_free(&msg);
	return error;
}
