/* Line diffs, for --print-changed=diff. */
#ifndef STINKYTOFU_DIFF_H
#define STINKYTOFU_DIFF_H

#include "stinkytofu/support.h"

/* Appends to `out` a unified diff (GNU `diff -u` hunks, `context` lines of
 * context) turning text `a` into text `b`, headed `--- aname` / `+++ bname`.
 * Appends nothing when the texts are equal. The edit script is minimal
 * (Myers' O((N+M)D) algorithm in linear space). */
ST_API void st_unified_diff(struct st_buf *out, const char *a, size_t alen, const char *b, size_t blen,
                            const char *aname, const char *bname, unsigned context);

/* The minimal edit script between two sequences of line ids: sets del[i]
 * for each a[i] not kept and ins[j] for each b[j] not kept; returns the
 * number of edits (deletions plus insertions). Ids are small integers (line
 * numbers of a table); memory grows with the largest. Exposed for tests. */
ST_API size_t st_diff_ids(const uint32_t *a, size_t n, const uint32_t *b, size_t m, bool *del, bool *ins);

#endif
