/* The stinkytofu-opt driver: command-line parsing and the run itself
 * (read, split, parse, verify, run the pipeline, check expected diagnostics,
 * write the output). tools/stinkytofu-opt/main.c only calls these.
 *
 * Adding a driver flag is one row in the flag table of lib/driver/args.c
 * (name, argument kind, help, and a field or a setter); --help is generated
 * from that table and from the pass registry. Adding an output mode is one
 * enumerator below and one row in output_modes[] of lib/driver/driver.c. */
#ifndef STINKYTOFU_DRIVER_H
#define STINKYTOFU_DRIVER_H

#include <stdio.h>

#include "stinkytofu/pass_manager.h"

/* How each processed module is written. */
enum st_output_mode {
	ST_OUTPUT_STIR, /* .stir text (the default) */
	ST_OUTPUT_ASM,  /* --emit-asm: gfx1250 assembly */
	ST_OUTPUT_DOT,  /* --emit-dot: Graphviz CFG pictures */
	ST_OUTPUT_STIR_DEBUGINFO, /* --mlir-print-debuginfo: .stir, locations as trailing comments */
	ST_NUM_OUTPUT_MODES
};

/* How the input is read: by its extension (.s and .asm are assembly), or
 * as --input-format says. */
enum st_input_format { ST_INPUT_AUTO, ST_INPUT_STIR, ST_INPUT_ASM, ST_INPUT_OBJDUMP };

/* The largest --NumWaves (0 is multi-wave). */
enum { ST_MAX_NUM_WAVES = 1024 };

/* Exit statuses. */
enum { ST_EXIT_OK = 0, ST_EXIT_ERROR = 1, ST_EXIT_USAGE = 2 };

struct st_driver_options {
	const char *input;  /* NULL or "-": standard input */
	const char *output; /* -o FILE; NULL: standard output */
	bool output_set;    /* -o was given (twice is an error) */
	struct st_kernel_config config;
	struct st_pipeline pipeline; /* pass flags, or --pass-pipeline, then --verify-waits */
	const char *pass_pipeline;   /* --pass-pipeline text */
	bool have_pass_flags;
	const char *verify_waits;    /* --verify-waits[=strict]: NULL off, "" or "strict" */
	bool dump_pass_pipeline;
	bool split_input_file;
	bool verify_diagnostics;
	bool remarks;
	bool verify_each;
	bool allow_unknown_mnemonics; /* no warning for mnemonics the ISA table lacks */
	enum st_input_format input_format;
	bool preserve_symbolic_regs; /* accepted: unchanged assembly lines keep their symbols anyway */
	bool preserve_comments;      /* --emit-asm: inserted waits carry their provenance as a comment */
	bool print_output; /* on by default; --no-print-output runs the passes and writes nothing */
	bool emit_asm, emit_dot; /* select output_mode (at most one) */
	bool print_debuginfo;    /* --mlir-print-debuginfo: .stir with each instruction's location */
	bool list_passes, help, version;
	struct st_pm_options pm; /* instrumentation; print lists below */
	ST_VEC(const struct st_pass_info *) print_before, print_after;
	ST_VEC(const char *) process_blocks; /* labels without '^' */
	const char *from_label, *to_label; /* --from-label/--to-label: the region passes may change */
	enum st_output_mode output_mode;
	struct st_arena *arena; /* strings split out of arguments */
};

ST_API void st_driver_options_init(struct st_driver_options *o);
ST_API void st_driver_options_fini(struct st_driver_options *o);
/* Parses the command line into `o`. Usage errors are reported to `err` with
 * suggestions; returns ST_EXIT_OK or ST_EXIT_USAGE. */
ST_API int st_driver_parse_args(struct st_driver_options *o, int argc, char **argv, FILE *err);
/* Does what `o` says; returns the exit status (see docs/cli.md). */
ST_API int st_driver_run(struct st_driver_options *o, FILE *out, FILE *err);

/* The run's steps one at a time, for a program that keeps modules in memory
 * between them (the Python package of python/ is one). Each reports to `d`
 * exactly what stinkytofu-opt reports for the same input and flags.
 *
 * Whether the command line reads the input `path` as assembly (by its
 * extension, .s or .asm) when --input-format is not given. */
ST_API bool st_driver_path_is_asm(const char *path);
/* Reads text[0..len), named `file`, whose first line is `first_line`, as the
 * driver reads an input: parsed as assembly when `asm_input` (the module then
 * refers to the text, which the caller keeps until st_module_free), else as
 * .stir (the .stir form of an assembly input becomes assembly again); then
 * the IR verifier, the unknown-mnemonic warnings unless
 * `allow_unknown_mnemonics`, and for .stir the check of the CFG against the
 * code. Returns NULL when the text does not parse; a module that parsed is
 * returned even when a check failed (d->nerrors says so), so the caller can
 * still look at its labels. */
ST_API struct st_module *st_driver_read(const char *file, const char *text, size_t len, uint32_t first_line,
                                        bool asm_input, bool allow_unknown_mnemonics, struct st_diag_engine *d);
/* Appends to `p` what --pass-pipeline=`text` (NULL: nothing) and
 * --verify-waits[=`verify_waits`] (NULL: off, "" or "strict") add: the
 * passes, then the validator with the model options of the pipeline's last
 * StinkyWaitCntInsertionPass. False after an error (unknown pass or option,
 * with its suggestion; bad value). */
ST_API bool st_driver_pipeline(struct st_pipeline *p, const char *text, const char *verify_waits,
                               struct st_diag_engine *d);
/* The library's version, as --version prints it ("0.1.0"). */
ST_API const char *st_version(void);

ST_API void st_driver_print_help(FILE *out);
/* The manual page stinkytofu-opt(1), in roff, from the same tables as --help
 * (the build installs it). */
ST_API void st_driver_print_man(FILE *out);
ST_API void st_driver_list_passes(FILE *out);
ST_API void st_driver_print_version(FILE *out);

/* --verify-diagnostics for one chunk: matches the collected diagnostics of
 * `collected` against the expected-* annotations in text[0..len) (whose
 * first line is `first_line` of `file`), reporting mismatches through `report`.
 * Returns true when they match exactly. */
ST_API bool st_verify_expected_diagnostics(const struct st_diag_engine *collected, const char *file,
                                           const char *text, size_t len, uint32_t first_line, bool remarks,
                                           struct st_diag_engine *report);

#endif
