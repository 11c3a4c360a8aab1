/* Decoding and checking of the generator's loop annotations (mod.lds_ring,
 * mod.loopcarriedwar, mod.loopcarriedraw), see annotations.h. A malformed
 * annotation is an error, never ignored: ignoring it would silently lose the
 * waits it asks for. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/annotations.h"

/* Problems go to `diag` when there is one. */
#define report(d, ...)                       \
	do {                                  \
		if (d)                            \
			st_error((d), __VA_ARGS__); \
	} while (0)

static const char *const ring_kind_names[ST_NUM_RING_KINDS] = {"Read", "Write", "Publish", "Protect"};

static struct st_loc at(const struct st_attr *a, const struct st_inst *i)
{
	return a->loc.line ? a->loc : i->loc;
}

static bool is_int(const struct st_value *v)
{
	return v->kind == ST_VAL_INT || v->kind == ST_VAL_HEX;
}

int64_t st_ring_mod(int64_t a, int64_t b)
{
	int64_t m = a % b;
	return m < 0 ? m + b : m;
}

/* Whether a field is an array of integers; an empty one ("none") is. */
static bool int_array(const struct st_inst *i, const char *kind, const struct st_attr *f,
                      struct st_diag_engine *diag)
{
	if (f->value.kind != ST_VAL_ARRAY) {
		report(diag, at(f, i), "%s '%s' must be an array of integers", kind, f->name);
		return false;
	}
	for (uint32_t k = 0; k < f->value.nelems; k++) {
		if (!is_int(&f->value.elems[k])) {
			report(diag, at(f, i), "%s '%s' element #%u must be an integer", kind, f->name, k + 1);
			return false;
		}
	}
	return true;
}

static bool decode_ring(const struct st_inst *i, const struct st_attr *a, struct st_loop_annots *out,
                        struct st_diag_engine *diag)
{
	static const char kind[] = "mod.lds_ring";
	bool ok = true;
	for (uint32_t k = 0; k < a->value.nfields; k++) {
		const struct st_attr *f = &a->value.fields[k];
		bool accesses = strcmp(f->name, "accesses") == 0;
		if (!accesses && strcmp(f->name, "advances") != 0) {
			report(diag, at(f, i), "unknown field '%s' in %s (fields: accesses, advances)", f->name, kind);
			ok = false;
			continue;
		}
		if (!int_array(i, kind, f, diag)) {
			ok = false;
			continue;
		}
		const struct st_value *e = f->value.elems;
		uint32_t n = f->value.nelems, per = accesses ? 5 : 2;
		if (n % per) {
			report(diag, at(f, i),
			         "%s '%s' holds %u integers, not a multiple of %u (%s)", kind, f->name, n, per,
			         accesses ? "class, frame, ring, slot, kind" : "frame, amount");
			ok = false;
			continue;
		}
		if (accesses) {
			out->acc = st_xrealloc(out->acc, (out->nacc + n / 5 + 1) * sizeof *out->acc);
			for (uint32_t t = 0; t < n; t += 5) {
				struct st_ring_access x = {e[t].i, e[t + 1].i, e[t + 2].i, e[t + 3].i, ST_RING_READ};
				if (x.ring <= 0) {
					report(diag, at(f, i), "%s access #%u has ring size %lld; it must be at least 1", kind,
					         t / 5 + 1, (long long)x.ring);
					ok = false;
				}
				if (e[t + 4].i < 0 || e[t + 4].i >= ST_NUM_RING_KINDS) {
					report(diag, at(f, i),
					         "%s access #%u has kind %lld; it must be 0 (Read), 1 (Write), 2 (Publish) or "
					         "3 (Protect)",
					         kind, t / 5 + 1, (long long)e[t + 4].i);
					ok = false;
				} else {
					x.kind = (enum st_ring_kind)e[t + 4].i;
				}
				out->acc[out->nacc++] = x;
			}
		} else {
			out->adv = st_xrealloc(out->adv, (out->nadv + n / 2 + 1) * sizeof *out->adv);
			for (uint32_t t = 0; t < n; t += 2)
				out->adv[out->nadv++] = (struct st_ring_advance){e[t].i, e[t + 1].i};
		}
	}
	out->has_ring = true;
	return ok;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static bool decode_carried(const struct st_inst *i, const struct st_attr *a, struct st_loop_carried *out,
                           struct st_diag_engine *diag)
{
	const char *kind = a->name;
	bool ok = true;
	out->present = true;
	out->distance = 1;
	for (uint32_t k = 0; k < a->value.nfields; k++) {
		const struct st_attr *f = &a->value.fields[k];
		if (strcmp(f->name, "tokens") == 0) {
			if (!int_array(i, kind, f, diag)) {
				ok = false;
				continue;
			}
			const struct st_value *e = f->value.elems;
			uint32_t n = f->value.nelems;
			free(out->tokens);
			out->tokens = st_xmalloc((n ? n : 1) * sizeof *out->tokens);
			out->ntokens = 0;
			for (uint32_t t = 0; t < n; t++) {
				if (e[t].i < 0 || e[t].i > INT32_MAX) {
					report(diag, at(f, i), "%s token #%u must be a non-negative integer", kind, t + 1);
					ok = false;
					continue;
				}
				out->tokens[out->ntokens++] = (uint32_t)e[t].i;
			}
			if (out->ntokens > 1)
				qsort(out->tokens, out->ntokens, sizeof *out->tokens, cmp_u32);
			uint32_t m = 0;
			for (uint32_t t = 0; t < out->ntokens; t++)
				if (!m || out->tokens[m - 1] != out->tokens[t])
					out->tokens[m++] = out->tokens[t];
			out->ntokens = m;
			out->tagged = m > 0;
		} else if (strcmp(f->name, "distance") == 0) {
			if (!is_int(&f->value)) {
				report(diag, at(f, i), "%s 'distance' must be an integer", kind);
				ok = false;
			} else if (f->value.i < 0) {
				report(diag, at(f, i), "%s 'distance' is %lld; it must not be negative", kind,
				         (long long)f->value.i);
				ok = false;
			} else {
				out->distance = f->value.i < 1 ? 1 : f->value.i;
			}
		} else {
			report(diag, at(f, i), "unknown field '%s' in %s (fields: tokens, distance)", f->name, kind);
			ok = false;
		}
	}
	return ok;
}

bool st_inst_has_loop_annots(const struct st_inst *i)
{
	for (uint32_t k = 0; k < i->nattrs; k++) {
		const char *n = i->attrs[k].name;
		if (strcmp(n, "mod.lds_ring") == 0 || strcmp(n, "mod.loopcarriedwar") == 0 ||
		    strcmp(n, "mod.loopcarriedraw") == 0)
			return true;
	}
	return false;
}

void st_loop_annots_free(struct st_loop_annots *a)
{
	free(a->acc);
	free(a->adv);
	free(a->war.tokens);
	free(a->raw.tokens);
	memset(a, 0, sizeof *a);
}

bool st_loop_annots_decode(const struct st_inst *i, struct st_loop_annots *out, struct st_diag_engine *diag)
{
	memset(out, 0, sizeof *out);
	bool ok = true;
	for (uint32_t k = 0; k < i->nattrs; k++) {
		const struct st_attr *a = &i->attrs[k];
		bool ring = strcmp(a->name, "mod.lds_ring") == 0, war = strcmp(a->name, "mod.loopcarriedwar") == 0,
		     raw = strcmp(a->name, "mod.loopcarriedraw") == 0;
		if (!ring && !war && !raw)
			continue;
		out->any = true;
		if (a->value.kind != ST_VAL_DICT) {
			report(diag, at(a, i), "modifier '%s' must be a dictionary { field = value, ... }", a->name);
			ok = false;
		} else if (ring) {
			ok &= decode_ring(i, a, out, diag);
		} else {
			ok &= decode_carried(i, a, war ? &out->war : &out->raw, diag);
		}
	}
	if (!ok)
		st_loop_annots_free(out);
	return ok;
}

const char *st_ring_kind_name(enum st_ring_kind k)
{
	return k < ST_NUM_RING_KINDS ? ring_kind_names[k] : "?";
}
