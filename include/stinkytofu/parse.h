/* Reading .stir text into a module. */
#ifndef STINKYTOFU_PARSE_H
#define STINKYTOFU_PARSE_H

#include "stinkytofu/ir.h"

/* Parses `text` (len bytes, NUL bytes allowed and reported as errors) named
 * `filename`. Line numbers start at first_line (1 for a whole file; the chunk's
 * first line for --split-input-file), so diagnostics point into the original
 * file. Errors go to `diag`; on any error the result is NULL and nothing leaks.
 * After a successful parse predecessor lists are computed. */
struct st_module *st_parse(const char *filename, const char *text, size_t len, uint32_t first_line,
                           struct st_diag_engine *diag);

#endif
