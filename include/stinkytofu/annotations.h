/* The kernel generator's loop annotations on instructions (docs/stir-format.md,
 * docs/passes/waitcnt-insertion.md):
 *
 *   mod.lds_ring = { accesses = [class, frame, ring, slot, kind, ...],
 *                    advances = [frame, amount, ...] }
 *   mod.loopcarriedwar = { tokens = [t, ...], distance = d }
 *   mod.loopcarriedraw = { tokens = [t, ...], distance = d }
 *
 * st_loop_annots_decode reads them into plain arrays and reports every
 * malformed field as a located error; the verifier, the wait pass and the
 * validator all read them through it. */
#ifndef STINKYTOFU_ANNOTATIONS_H
#define STINKYTOFU_ANNOTATIONS_H

#include "stinkytofu/diag.h"
#include "stinkytofu/ir.h"

/* The kind of a ring access. */
enum st_ring_kind { ST_RING_READ, ST_RING_WRITE, ST_RING_PUBLISH, ST_RING_PROTECT, ST_NUM_RING_KINDS };

struct st_ring_access {
	int64_t cls, frame, ring, slot; /* ring > 0 */
	enum st_ring_kind kind;
};

struct st_ring_advance {
	int64_t frame, amount;
};

/* mod.loopcarriedwar / mod.loopcarriedraw. `tagged` is false when the list
 * of tokens is absent or empty: it then overlaps every token. */
struct st_loop_carried {
	bool present;
	bool tagged;
	uint32_t ntokens;
	uint32_t *tokens; /* sorted, distinct */
	int64_t distance; /* >= 1 (a distance below 1 counts as 1) */
};

struct st_loop_annots {
	bool any; /* carries at least one of the three */
	bool has_ring;
	uint32_t nacc, nadv;
	struct st_ring_access *acc;
	struct st_ring_advance *adv;
	struct st_loop_carried war, raw;
};

/* Decodes the annotations of `i` into *out (zeroed first). Returns false when
 * one is malformed, after reporting each problem to `diag` (when not NULL);
 * *out then holds nothing. */
ST_API bool st_loop_annots_decode(const struct st_inst *i, struct st_loop_annots *out, struct st_diag_engine *diag);
ST_API void st_loop_annots_free(struct st_loop_annots *a);
/* Whether `i` carries any of the three dictionaries (without decoding). */
ST_API bool st_inst_has_loop_annots(const struct st_inst *i);
/* a mod b in 0..b-1 (b > 0). */
ST_API int64_t st_ring_mod(int64_t a, int64_t b);
ST_API const char *st_ring_kind_name(enum st_ring_kind k);

#endif
