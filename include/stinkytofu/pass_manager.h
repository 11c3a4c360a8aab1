/* Pass options, pipelines and the pass manager.
 *
 * Option text. One grammar serves `--Pass=a,key=val` on the command line and
 * `Pass{a key=val}` in a --pass-pipeline string:
 *
 *   options := option (sep option)*      sep: one or more of ',' ' ' '\t'
 *   option  := NAME | NAME '=' value
 *   value   := bare | '"' text '"' | '{' [item (sep item)*] '}'
 *   item    := bare | '"' text '"'
 *
 * A bare value is a run of characters other than separators, braces, quotes
 * and '='. A quoted value may contain anything; inside it `\"` is a quote and
 * `\\` a backslash. Braces are the only way to write a list: `key={a,b}` is a
 * two-element list, while `key="a,b"` and `key=a` are one-element lists.
 * A flag written alone is true; flags also take true/false/1/0. Integers are
 * decimal or 0x-prefixed hexadecimal, optionally signed.
 *
 * Pipeline text:  pipeline := [element (',' element)*]   element := NAME ['{' options '}']
 * (blanks allowed around elements). st_pipeline_print writes the canonical
 * form of a pipeline, which st_pipeline_parse reads back to the same pipeline.
 *
 * Ownership: a pipeline owns, in its arena, every option value and string it
 * holds. The pass manager borrows the pipeline and owns its timing and
 * statistics tables. */
#ifndef STINKYTOFU_PASS_MANAGER_H
#define STINKYTOFU_PASS_MANAGER_H

#include <stdio.h>

#include "stinkytofu/pass.h"

/* Parses `text` (len bytes) against pass->options into out[0..noptions):
 * unset options get their schema defaults and set = false. Strings and lists
 * are allocated in `a`. Errors (unknown option with a suggestion, bad value,
 * malformed text) go to `d`; returns false on any error. */
ST_API bool st_pass_parse_options(const struct st_pass_info *pass, const char *text, size_t len,
                                  struct st_opt_value *out, struct st_arena *a, struct st_diag_engine *d);
/* Writes the options that were set, canonically, separated by `sep`. */
ST_API void st_pass_print_options(struct st_buf *out, const struct st_pass_info *pass,
                                  const struct st_opt_value *opts, char sep);
ST_API const char *st_opt_type_name(enum st_opt_type t);
/* "at least 1", "in 1..64", "at most 9": the range of an integer option, in
 * out[0..n); false (out untouched) when it takes any integer or is no integer. */
ST_API bool st_opt_range_text(char *out, size_t n, const struct st_pass_option *o);
/* The option of `pass` closest to `name` by edit distance, or NULL. */
ST_API const char *st_pass_suggest_option(const struct st_pass_info *pass, const char *name);

struct st_pipeline_entry {
	const struct st_pass_info *pass;
	struct st_opt_value *opts; /* pass->noptions values */
};

struct st_pipeline {
	const struct st_pass_registry *registry; /* where pass names are looked up */
	struct st_arena *arena;
	ST_VEC(struct st_pipeline_entry) entries;
};

ST_API void st_pipeline_init(struct st_pipeline *p, const struct st_pass_registry *registry);
ST_API void st_pipeline_fini(struct st_pipeline *p);
/* Appends `pass` with options from `text` (NULL for none). */
ST_API bool st_pipeline_add(struct st_pipeline *p, const struct st_pass_info *pass, const char *text,
                            struct st_diag_engine *d);
/* Appends the pass named `name` (a "did you mean" error when unknown). */
ST_API bool st_pipeline_add_named(struct st_pipeline *p, const char *name, const char *text,
                                  struct st_diag_engine *d);
/* Appends every element of a --pass-pipeline string. */
ST_API bool st_pipeline_parse(struct st_pipeline *p, const char *text, struct st_diag_engine *d);
ST_API void st_pipeline_print(struct st_buf *out, const struct st_pipeline *p);

/* What the pass manager does around each pass. */
enum st_print_changed { ST_PRINT_CHANGED_NONE, ST_PRINT_CHANGED_FULL, ST_PRINT_CHANGED_DIFF };

struct st_pm_options {
	/* Run after every pass when set (--verify-each); returns the number of
	 * errors it reported. The driver passes st_verify_module. */
	size_t (*verify)(const struct st_module *m, struct st_diag_engine *d);
	bool print_before_all, print_after_all;
	bool print_after_change;            /* after a pass whose output differs */
	bool print_after_failure;           /* after a pass that failed (or left invalid IR) */
	enum st_print_changed print_changed; /* FULL: as print_after_change; DIFF: unified diff */
	const struct st_pass_info *const *print_before; /* borrowed */
	size_t nprint_before;
	const struct st_pass_info *const *print_after;
	size_t nprint_after;
	bool time_passes;
	bool statistics;
	FILE *dump; /* where IR dumps go (stderr) */
	/* How dumps render a module. The driver passes st_print_module. */
	void (*print)(struct st_buf *out, const struct st_module *m);
};

struct st_pm_timer {
	const char *name;
	double seconds;
};

struct st_pass_manager {
	const struct st_pipeline *pipeline;
	struct st_pm_options opts;
	const struct st_kernel_config *config;
	const char *const *process_blocks; /* --process-blocks, NULL = all */
	size_t nprocess_blocks;
	/* Accumulated over every st_pm_run (one per --split-input-file chunk). */
	double *seconds;                    /* per pipeline entry */
	ST_VEC(struct st_stat) *stats;      /* per pipeline entry */
	double verify_seconds;
	ST_VEC(struct st_pm_timer) timers;  /* driver phases: parsing, output, ... */
	size_t ntimers_before_run; /* phases shown before the passes in the table */
	bool ran;
};

ST_API void st_pm_init(struct st_pass_manager *pm, const struct st_pipeline *p,
                       const struct st_pm_options *opts, const struct st_kernel_config *config);
ST_API void st_pm_fini(struct st_pass_manager *pm);
/* Runs the pipeline on `m`; false when a pass failed or verification failed
 * (the error names the pass). */
ST_API bool st_pm_run(struct st_pass_manager *pm, struct st_module *m, struct st_diag_engine *d);
/* Adds wall time to a named driver phase shown in the --time-passes table. */
ST_API void st_pm_add_time(struct st_pass_manager *pm, const char *phase, double seconds);
/* Prints the --time-passes table and the --pass-statistics report when enabled. */
ST_API void st_pm_report(const struct st_pass_manager *pm, FILE *out);
/* Monotonic wall clock in seconds. */
ST_API double st_pm_now(void);

#endif
