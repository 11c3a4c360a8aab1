/* Diagnostics: located errors, warnings, notes and remarks.
 *
 * Messages print GNU style, `FILE:LINE:COL: error: MSG`, followed by the source
 * line and a caret when the engine knows the file's text. An engine either
 * prints each diagnostic as it is emitted or, in collect mode (used by
 * --verify-diagnostics), keeps them for later inspection. The engine owns the
 * message strings. A source's text is either borrowed from the caller (it
 * must outlive the engine) or, for a file registered by name, read back by
 * the engine the first time a diagnostic quotes one of its lines and freed
 * with the engine. Lines are found through an index built as far as the
 * diagnostics need, so many diagnostics cost one pass over the text. */
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
	const char *text;    /* NULL until a file registered by name is read back */
	size_t len;
	uint32_t first_line; /* the line number of text's first line */
	bool from_file;      /* text is the engine's copy of the file `file` */
	bool unreadable;     /* reading it back failed: lines are not quoted */
	ST_VEC(size_t) lines; /* offsets of the line starts found so far */
};

struct st_diag_engine {
	FILE *out;               /* where printed diagnostics go (stderr) */
	bool collect;            /* keep instead of print */
	bool show_remarks;       /* remarks are dropped unless set */
	ST_VEC(struct st_diag) diags; /* collected diagnostics */
	ST_VEC(struct st_source) sources;
	size_t nerrors, nwarnings;
};

ST_API void st_diag_init(struct st_diag_engine *d, FILE *out);
ST_API void st_diag_fini(struct st_diag_engine *d);
/* Registers a file's text so diagnostics can quote source lines. */
ST_API void st_diag_add_source(struct st_diag_engine *d, const char *file, const char *text, size_t len);
/* The same for a part of the file whose first line is `first_line`. */
ST_API void st_diag_add_source_at(struct st_diag_engine *d, const char *file, const char *text, size_t len,
                                  uint32_t first_line);
/* Registers the file named `file` without its text: if a diagnostic quotes
 * one of its lines, the engine reads the file then (once). If it cannot,
 * diagnostics print without the line. */
ST_API void st_diag_add_file(struct st_diag_engine *d, const char *file);
ST_API void st_diag_emit(struct st_diag_engine *d, enum st_severity sev, struct st_loc loc, const char *fmt, ...)
	ST_PRINTF(4, 5);
ST_API void st_diag_vemit(struct st_diag_engine *d, enum st_severity sev, struct st_loc loc, const char *fmt,
                          va_list ap);
#define st_error(d, loc, ...) st_diag_emit((d), ST_SEV_ERROR, (loc), __VA_ARGS__)
#define st_warning(d, loc, ...) st_diag_emit((d), ST_SEV_WARNING, (loc), __VA_ARGS__)
#define st_note(d, loc, ...) st_diag_emit((d), ST_SEV_NOTE, (loc), __VA_ARGS__)
#define st_remark(d, loc, ...) st_diag_emit((d), ST_SEV_REMARK, (loc), __VA_ARGS__)
/* The first line of a printed diagnostic, without the newline:
 * `FILE:LINE:COL: error: MSG`, or `FILE: error: MSG` (`stinkytofu-opt:
 * error: MSG` without a file) when it has no line. */
ST_API void st_diag_format(struct st_buf *out, const struct st_diag *diag);
/* Prints one diagnostic (with source line and caret) to the engine's stream. */
ST_API void st_diag_print(struct st_diag_engine *d, const struct st_diag *diag);
ST_API const char *st_severity_name(enum st_severity sev);

#endif
