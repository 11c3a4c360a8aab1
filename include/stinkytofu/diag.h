/* Diagnostics: located errors, warnings, notes and remarks.
 *
 * Messages print GNU style, `FILE:LINE:COL: error: MSG`, followed by the source
 * line and a caret when the engine knows the file's text. An engine either
 * prints each diagnostic as it is emitted or, in collect mode (used by
 * --verify-diagnostics), keeps them for later inspection. The engine owns the
 * message strings and the registered source texts' copies of nothing: sources
 * are borrowed and must outlive the engine. */
#ifndef STINKYTOFU_DIAG_H
#define STINKYTOFU_DIAG_H

#include <stdio.h>

#include "stinkytofu/support.h"

/* A source position; line and col are 1-based, line 0 means "no location".
 * `file` is borrowed (normally the name registered with the engine). */
struct st_loc {
	const char *file;
	uint32_t line;
	uint32_t col;
};

enum st_severity { ST_SEV_ERROR, ST_SEV_WARNING, ST_SEV_NOTE, ST_SEV_REMARK };

struct st_diag {
	enum st_severity sev;
	struct st_loc loc;
	char *msg;
};

struct st_source {
	const char *file;
	const char *text;
	size_t len;
};

struct st_diag_engine {
	FILE *out;               /* where printed diagnostics go (stderr) */
	bool collect;            /* keep instead of print */
	bool show_remarks;       /* remarks are dropped unless set */
	ST_VEC(struct st_diag) diags; /* collected diagnostics */
	ST_VEC(struct st_source) sources;
	size_t nerrors, nwarnings;
};

void st_diag_init(struct st_diag_engine *d, FILE *out);
void st_diag_fini(struct st_diag_engine *d);
/* Registers a file's text so diagnostics can quote source lines. */
void st_diag_add_source(struct st_diag_engine *d, const char *file, const char *text, size_t len);
void st_diag_emit(struct st_diag_engine *d, enum st_severity sev, struct st_loc loc, const char *fmt, ...)
	ST_PRINTF(4, 5);
void st_diag_vemit(struct st_diag_engine *d, enum st_severity sev, struct st_loc loc, const char *fmt, va_list ap);
#define st_error(d, loc, ...) st_diag_emit((d), ST_SEV_ERROR, (loc), __VA_ARGS__)
#define st_warning(d, loc, ...) st_diag_emit((d), ST_SEV_WARNING, (loc), __VA_ARGS__)
#define st_note(d, loc, ...) st_diag_emit((d), ST_SEV_NOTE, (loc), __VA_ARGS__)
#define st_remark(d, loc, ...) st_diag_emit((d), ST_SEV_REMARK, (loc), __VA_ARGS__)
/* Prints one diagnostic (with source line and caret) to the engine's stream. */
void st_diag_print(struct st_diag_engine *d, const struct st_diag *diag);
const char *st_severity_name(enum st_severity sev);

#endif
