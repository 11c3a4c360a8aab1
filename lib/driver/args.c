/* Command-line parsing for stinkytofu-opt, driven by one table of driver
 * flags; anything else spelled like a flag names a pass. --help and
 * --list-passes are generated from the flag table and the pass registry. */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "driver/version.h"
#include "stinkytofu/driver.h"
#include "stinkytofu/passes.h"

static const struct st_loc noloc;

enum arg_kind {
	ARG_BOOL,     /* --x, --x=true|false, --no-x */
	ARG_VALUE,    /* --x=V or --x V */
	ARG_OPTIONAL, /* --x or --x=V */
	ARG_ALIAS,    /* mlir-opt's spelling of the flag its metavar names, acting as it */
};

struct flag {
	const char *name;
	enum arg_kind kind;
	const char *metavar;
	const char *help;
	/* ARG_BOOL flags store into the bool at this offset ... */
	size_t field;
	/* ... the others call this (value is NULL for a bare ARG_OPTIONAL). */
	bool (*set)(struct st_driver_options *o, const char *value, struct st_diag_engine *d);
};

#define FIELD(f) offsetof(struct st_driver_options, f)
#define PM_FIELD(f) (offsetof(struct st_driver_options, pm) + offsetof(struct st_pm_options, f))
#define ALIAS(name, of) {(name), ARG_ALIAS, (of), "", 0, NULL}

static bool set_output(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	if (!*v) {
		st_error(d, noloc, "-o needs a file name");
		return false;
	}
	if (o->output_set) {
		st_error(d, noloc, "-o is given twice ('%s' and '%s')", o->output ? o->output : "-", v);
		return false;
	}
	o->output_set = true;
	/* `-o -` is standard output, as in mlir-opt (whose default is "-"). */
	o->output = strcmp(v, "-") == 0 ? NULL : v;
	return true;
}

static bool set_arch(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	if (strcmp(v, "gfx1250") != 0) {
		st_error(d, noloc, "unsupported target '--arch=%s' (supported: gfx1250)", v);
		return false;
	}
	o->config.arch = "gfx1250";
	return true;
}

static bool set_num_waves(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	char *end;
	errno = 0;
	long n = strtol(v, &end, 10);
	if (!*v || *end || errno || n < 0 || n > ST_MAX_NUM_WAVES) {
		st_error(d, noloc, "--NumWaves expects a wave count from 0 (multi-wave) to %d, got '%s'", ST_MAX_NUM_WAVES, v);
		return false;
	}
	o->config.num_waves = (int)n;
	return true;
}

static bool set_input_format(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	if (strcmp(v, "asm") == 0) {
		o->input_format = ST_INPUT_ASM;
	} else if (strcmp(v, "stir") == 0) {
		o->input_format = ST_INPUT_STIR;
	} else if (strcmp(v, "objdump") == 0) {
		o->input_format = ST_INPUT_OBJDUMP;
	} else {
		st_error(d, noloc, "--input-format must be 'asm', 'stir' or 'objdump', got '%s'", v);
		return false;
	}
	return true;
}

static bool set_from_label(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	(void)d;
	o->from_label = *v == '^' ? v + 1 : v;
	return true;
}

static bool set_to_label(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	(void)d;
	o->to_label = *v == '^' ? v + 1 : v;
	return true;
}

static bool set_pass_pipeline(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	if (o->pass_pipeline) {
		st_error(d, noloc, "--pass-pipeline is given twice");
		return false;
	}
	o->pass_pipeline = v;
	return true;
}

/* Calls `each` for every non-empty comma-separated element of v. */
static bool each_item(struct st_driver_options *o, const char *v, const char *flag, struct st_diag_engine *d,
                      bool (*each)(struct st_driver_options *, const char *, struct st_diag_engine *))
{
	bool ok = true, any = false;
	for (const char *p = v;;) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);
		if (n) {
			any = true;
			ok &= each(o, st_arena_strndup(o->arena, p, n), d);
		}
		if (!c)
			break;
		p = c + 1;
	}
	if (!any) {
		st_error(d, noloc, "--%s needs a comma-separated list", flag);
		return false;
	}
	return ok;
}

static bool add_print_before(struct st_driver_options *o, const char *name, struct st_diag_engine *d)
{
	const struct st_pass_info *p = st_pass_lookup_or_report(st_builtin_passes(), name, d);
	if (p)
		st_vec_push(&o->print_before, p);
	return p != NULL;
}

static bool add_print_after(struct st_driver_options *o, const char *name, struct st_diag_engine *d)
{
	const struct st_pass_info *p = st_pass_lookup_or_report(st_builtin_passes(), name, d);
	if (p)
		st_vec_push(&o->print_after, p);
	return p != NULL;
}

static bool add_block(struct st_driver_options *o, const char *label, struct st_diag_engine *d)
{
	(void)d;
	st_vec_push(&o->process_blocks, label[0] == '^' ? label + 1 : label);
	return true;
}

static bool set_print_before(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	return each_item(o, v, "print-before", d, add_print_before);
}

static bool set_print_after(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	return each_item(o, v, "print-after", d, add_print_after);
}

static bool set_process_blocks(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	return each_item(o, v, "process-blocks", d, add_block);
}

static bool set_print_changed(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	if (!v || strcmp(v, "full") == 0) {
		o->pm.print_changed = ST_PRINT_CHANGED_FULL;
	} else if (strcmp(v, "diff") == 0) {
		o->pm.print_changed = ST_PRINT_CHANGED_DIFF;
	} else {
		st_error(d, noloc, "--print-changed takes 'diff' or 'full', got '%s'", v);
		return false;
	}
	return true;
}

static bool set_verify_waits(struct st_driver_options *o, const char *v, struct st_diag_engine *d)
{
	if (v && strcmp(v, "strict") != 0) {
		st_error(d, noloc, "--verify-waits takes only 'strict', got '%s'", v);
		return false;
	}
	o->verify_waits = v ? v : "";
	return true;
}

/* --verify-waits checks the waits under the model the inserter assumed: the
 * validator (the last entry) takes every option of the same name and type
 * that the pipeline's last StinkyWaitCntInsertionPass was given
 * (storesOnLoadcnt, enableTensorDescriptorWar, amdgpuCallConvention, noXcnt). */
static void inherit_model_options(struct st_pipeline *pl)
{
	struct st_pipeline_entry *v = &pl->entries.v[pl->entries.n - 1];
	for (size_t e = pl->entries.n - 1; e-- > 0;) {
		const struct st_pipeline_entry *ins = &pl->entries.v[e];
		if (strcmp(ins->pass->name, "StinkyWaitCntInsertionPass") != 0)
			continue;
		for (size_t k = 0; k < v->pass->noptions; k++)
			for (size_t j = 0; j < ins->pass->noptions; j++)
				if (ins->opts[j].set && !v->opts[k].set && ins->pass->options[j].type == v->pass->options[k].type &&
				    strcmp(ins->pass->options[j].name, v->pass->options[k].name) == 0)
					v->opts[k] = ins->opts[j];
		return;
	}
}

bool st_driver_pipeline(struct st_pipeline *p, const char *text, const char *verify_waits, struct st_diag_engine *d)
{
	if (text && !st_pipeline_parse(p, text, d))
		return false;
	if (!verify_waits)
		return true;
	const struct st_pass_info *v = st_pass_lookup(p->registry, "WaitCntValidationCheckPass");
	if (!v) {
		st_error(d, noloc, "--verify-waits needs the pass 'WaitCntValidationCheckPass', which this build does not register");
		return false;
	}
	if (!st_pipeline_add(p, v, verify_waits, d))
		return false;
	inherit_model_options(p);
	return true;
}

/* The driver's flags, in --help order. */
static const struct flag flags[] = {
	{"o", ARG_VALUE, "FILE", "write the output to FILE (atomically: on error FILE is untouched)", 0, set_output},
	{"arch", ARG_VALUE, "ARCH", "target architecture (only gfx1250)", 0, set_arch},
	{"NumWaves", ARG_VALUE, "N", "waves per workgroup (0 = multi-wave, the default; 1 = single wave)", 0, set_num_waves},
	{"pass-pipeline", ARG_VALUE, "PIPELINE", "the whole pipeline as one string, e.g. 'P1,P2{opt key=val}'", 0,
	 set_pass_pipeline},
	{"dump-pass-pipeline", ARG_BOOL, NULL, "print the pipeline on stderr in --pass-pipeline form", FIELD(dump_pass_pipeline),
	 NULL},
	{"verify-each", ARG_BOOL, NULL, "verify the IR after every pass (default on; --no-verify-each)", FIELD(verify_each),
	 NULL},
	{"verify-waits", ARG_OPTIONAL, "strict", "run WaitCntValidationCheckPass after the pipeline", 0, set_verify_waits},
	{"print-before", ARG_VALUE, "P1,P2", "dump the IR before the named passes", 0, set_print_before},
	{"print-after", ARG_VALUE, "P1,P2", "dump the IR after the named passes", 0, set_print_after},
	{"print-before-all", ARG_BOOL, NULL, "dump the IR before every pass", PM_FIELD(print_before_all), NULL},
	{"print-after-all", ARG_BOOL, NULL, "dump the IR after every pass", PM_FIELD(print_after_all), NULL},
	{"print-after-change", ARG_BOOL, NULL, "dump the IR after every pass that changed it", PM_FIELD(print_after_change),
	 NULL},
	{"print-changed", ARG_OPTIONAL, "diff", "after every pass that changed the IR, dump it (or a unified diff)", 0,
	 set_print_changed},
	{"print-after-failure", ARG_BOOL, NULL, "dump the IR after a pass that failed", PM_FIELD(print_after_failure),
	 NULL},
	{"time-passes", ARG_BOOL, NULL, "print a wall-time table on stderr", PM_FIELD(time_passes), NULL},
	{"pass-statistics", ARG_BOOL, NULL, "print the passes' counters on stderr", PM_FIELD(statistics), NULL},
	/* mlir-opt's spellings of the same flags. */
	ALIAS("mlir-print-ir-before", "print-before"),
	ALIAS("mlir-print-ir-after", "print-after"),
	ALIAS("mlir-print-ir-before-all", "print-before-all"),
	ALIAS("mlir-print-ir-after-all", "print-after-all"),
	ALIAS("mlir-print-ir-after-change", "print-after-change"),
	ALIAS("mlir-print-ir-after-failure", "print-after-failure"),
	ALIAS("mlir-timing", "time-passes"),
	ALIAS("mlir-pass-statistics", "pass-statistics"),
	{"mlir-print-debuginfo", ARG_BOOL, NULL, "print each instruction's source location as a trailing comment",
	 FIELD(print_debuginfo), NULL},
	{"remarks", ARG_BOOL, NULL, "print pass remarks on stderr", FIELD(remarks), NULL},
	{"process-blocks", ARG_VALUE, "L1,L2", "let passes change only these blocks (all are analyzed)", 0,
	 set_process_blocks},
	{"split-input-file", ARG_BOOL, NULL, "process each '// -----'-separated chunk of the input on its own",
	 FIELD(split_input_file), NULL},
	{"verify-diagnostics", ARG_BOOL, NULL, "check diagnostics against expected-* annotations in the input",
	 FIELD(verify_diagnostics), NULL},
	{"from-label", ARG_VALUE, "LABEL", "let passes change only the items from LABEL on (all are analyzed)", 0,
	 set_from_label},
	{"to-label", ARG_VALUE, "LABEL", "let passes change only the items before LABEL (with --from-label: between them)", 0,
	 set_to_label},
	{"input-format", ARG_VALUE, "asm|stir|objdump",
	 "read the input as assembly, .stir or an llvm-objdump -d listing (default: by extension, .s/.asm are assembly; "
	 "a 'file format elf64-amdgpu' header is a listing)",
	 0, set_input_format},
	{"preserve-symbolic-regs", ARG_BOOL, NULL, "accepted: unchanged assembly lines keep their symbols anyway",
	 FIELD(preserve_symbolic_regs), NULL},
	{"preserve-comments", ARG_BOOL, NULL,
	 "--emit-asm: each inserted wait's provenance as a trailing // comment (an assembly input keeps its own comments anyway)",
	 FIELD(preserve_comments), NULL},
	{"allow-unknown-mnemonics", ARG_BOOL, NULL, "no warning for mnemonics the ISA table does not know",
	 FIELD(allow_unknown_mnemonics), NULL},
	{"emit-asm", ARG_BOOL, NULL, "write gfx1250 assembly (for llvm-mc) instead of .stir", FIELD(emit_asm), NULL},
	{"emit-dot", ARG_BOOL, NULL, "write each function's CFG as a Graphviz digraph instead of .stir", FIELD(emit_dot),
	 NULL},
	{"print-output", ARG_BOOL, NULL, "write the output (default on; --no-print-output only runs the passes)",
	 FIELD(print_output), NULL},
	{"list-passes", ARG_BOOL, NULL, "list the registered passes", FIELD(list_passes), NULL},
	{"help", ARG_BOOL, NULL, "show this help", FIELD(help), NULL},
	{"version", ARG_BOOL, NULL, "show the version", FIELD(version), NULL},
};
enum { NFLAGS = sizeof flags / sizeof flags[0] };

void st_driver_options_init(struct st_driver_options *o)
{
	memset(o, 0, sizeof *o);
	o->config.arch = "gfx1250";
	o->verify_each = true;
	o->print_output = true;
	o->arena = st_arena_new();
	st_pipeline_init(&o->pipeline, st_builtin_passes());
}

void st_driver_options_fini(struct st_driver_options *o)
{
	st_pipeline_fini(&o->pipeline);
	st_vec_free(&o->print_before);
	st_vec_free(&o->print_after);
	st_vec_free(&o->process_blocks);
	st_arena_free(o->arena);
}

static const struct flag *find_flag(const char *name, size_t n)
{
	for (size_t k = 0; k < NFLAGS; k++)
		if (strlen(flags[k].name) == n && strncmp(flags[k].name, name, n) == 0)
			return &flags[k];
	return NULL;
}

/* The flag that acts for f: f itself, or the one it is another spelling of. */
static const struct flag *acting(const struct flag *f)
{
	if (f->kind != ARG_ALIAS)
		return f;
	const struct flag *a = find_flag(f->metavar, strlen(f->metavar));
	st_assert(a && a->kind != ARG_ALIAS);
	return a;
}

static void unknown(const char *dashes, const char *name, struct st_diag_engine *d)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1;
	for (size_t k = 0; k < NFLAGS; k++) {
		size_t dist = st_edit_distance(name, flags[k].name);
		if (dist < bestd)
			bestd = dist, best = flags[k].name;
	}
	const char *pass = st_pass_suggest(st_builtin_passes(), name);
	if (pass && st_edit_distance(name, pass) < bestd)
		best = pass, bestd = st_edit_distance(name, pass);
	if (best && bestd <= strlen(best) / 2)
		st_error(d, noloc, "unknown pass or option '%s%s'; did you mean '%s%s'?", dashes, name,
		         strlen(best) == 1 ? "-" : "--", best);
	else
		st_error(d, noloc, "unknown pass or option '%s%s' (see --help and --list-passes)", dashes, name);
}

static bool parse_bool(const char *v, bool *out)
{
	if (strcmp(v, "true") == 0 || strcmp(v, "1") == 0)
		*out = true;
	else if (strcmp(v, "false") == 0 || strcmp(v, "0") == 0)
		*out = false;
	else
		return false;
	return true;
}

/* One argument starting with '-'; may consume the next one (*i advances). */
static bool parse_flag(struct st_driver_options *o, int argc, char **argv, int *i, struct st_diag_engine *d)
{
	const char *arg = argv[*i];
	const char *dashes = arg[1] == '-' ? "--" : "-";
	const char *name = arg + strlen(dashes);
	const char *eq = strchr(name, '=');
	size_t n = eq ? (size_t)(eq - name) : strlen(name);
	const char *value = eq ? eq + 1 : NULL;
	if (strcmp(arg, "-h") == 0) {
		o->help = true;
		return true;
	}
	const struct flag *f = find_flag(name, n);
	bool negated = false;
	if (!f && n > 3 && strncmp(name, "no-", 3) == 0) {
		f = find_flag(name + 3, n - 3);
		if (f && acting(f)->kind != ARG_BOOL)
			f = NULL;
		negated = f != NULL;
	}
	if (f) {
		const struct flag *a = acting(f);
		switch (a->kind) {
		case ARG_BOOL: {
			bool *field = (bool *)((char *)o + a->field);
			bool v = !negated;
			if (value && (negated || !parse_bool(value, &v))) {
				st_error(d, noloc, "%s takes true or false, got '%s'", arg, value);
				return false;
			}
			*field = v;
			return true;
		}
		case ARG_VALUE:
			if (!value) {
				if (*i + 1 >= argc) {
					st_error(d, noloc, "%s%s needs a value (%s)", dashes, f->name, a->metavar);
					return false;
				}
				value = argv[++*i];
			}
			return a->set(o, value, d);
		case ARG_OPTIONAL:
			return a->set(o, value, d);
		case ARG_ALIAS:
			st_unreachable("an alias acts as its flag");
		}
	}
	/* Not a driver flag: a pass, with options after '='. */
	char *pname = st_xstrndup(name, n);
	const struct st_pass_info *p = st_pass_lookup(st_builtin_passes(), pname);
	bool ok = false;
	if (p) {
		ok = st_pipeline_add(&o->pipeline, p, value, d);
		o->have_pass_flags = true;
	} else {
		unknown(dashes, pname, d);
	}
	free(pname);
	return ok;
}

int st_driver_parse_args(struct st_driver_options *o, int argc, char **argv, FILE *err)
{
	struct st_diag_engine d;
	st_diag_init(&d, err);
	bool ok = true, only_inputs = false;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (only_inputs || arg[0] != '-' || strcmp(arg, "-") == 0) {
			if (o->input) {
				st_error(&d, noloc, "more than one input file ('%s' and '%s')", o->input, arg);
				ok = false;
			}
			o->input = arg;
		} else if (strcmp(arg, "--") == 0) {
			only_inputs = true;
		} else {
			ok &= parse_flag(o, argc, argv, &i, &d);
		}
	}
	if (ok && o->pass_pipeline && o->have_pass_flags) {
		st_error(&d, noloc, "--pass-pipeline cannot be combined with pass flags; put every pass in the pipeline");
		ok = false;
	}
	if (ok)
		ok = st_driver_pipeline(&o->pipeline, o->pass_pipeline, o->verify_waits, &d);
	if (!o->print_output && o->output_set) {
		st_error(&d, noloc, "--no-print-output and -o ask for no output and for an output; give one");
		ok = false;
	}
	if ((o->from_label || o->to_label) && o->process_blocks.n) {
		st_error(&d, noloc, "--from-label/--to-label and --process-blocks both choose the blocks to change; give one");
		ok = false;
	}
	if (o->emit_asm && o->emit_dot) {
		st_error(&d, noloc, "--emit-asm and --emit-dot select different outputs; give one");
		ok = false;
	}
	if (o->print_debuginfo && (o->emit_asm || o->emit_dot)) {
		st_error(&d, noloc, "--mlir-print-debuginfo applies to .stir output, not to --emit-%s", o->emit_asm ? "asm" : "dot");
		ok = false;
	}
	o->output_mode = o->emit_asm                ? ST_OUTPUT_ASM
	                 : o->emit_dot              ? ST_OUTPUT_DOT
	                 : o->print_debuginfo       ? ST_OUTPUT_STIR_DEBUGINFO
	                                            : ST_OUTPUT_STIR;
	o->pm.print_before = o->print_before.v;
	o->pm.nprint_before = o->print_before.n;
	o->pm.print_after = o->print_after.v;
	o->pm.nprint_after = o->print_after.n;
	st_diag_fini(&d);
	if (ok)
		return ST_EXIT_OK;
	fprintf(err, "stinkytofu-opt: see --help for usage\n");
	return ST_EXIT_USAGE;
}

static const char *default_text(const struct st_pass_option *op)
{
	const char *t = op->default_value ? op->default_value : "";
	if (*t)
		return t;
	switch (op->type) {
	case ST_OPT_FLAG: return "false";
	case ST_OPT_INT: return "0";
	case ST_OPT_STRING: return "\"\"";
	case ST_OPT_LIST: return "{}";
	}
	return t;
}

/* How a flag is written: "-o FILE", "--arch=ARCH", "--print-changed[=diff]". */
static void flag_synopsis(const struct flag *f, char *lhs, size_t n)
{
	const char *dashes = strlen(f->name) == 1 ? "-" : "--";
	const struct flag *a = acting(f);
	if (a->kind == ARG_VALUE)
		snprintf(lhs, n, "%s%s%s%s", dashes, f->name, strlen(f->name) == 1 ? " " : "=", a->metavar);
	else if (a->kind == ARG_OPTIONAL)
		snprintf(lhs, n, "%s%s[=%s]", dashes, f->name, a->metavar);
	else
		snprintf(lhs, n, "%s%s", dashes, f->name);
}

/* What --help and the manual page say a flag does. */
static const char *flag_help(const struct flag *f, char *buf, size_t n)
{
	if (f->kind != ARG_ALIAS)
		return f->help;
	snprintf(buf, n, "mlir-opt's --%s", f->metavar);
	return buf;
}

/* Each flag's synopsis and help, in table order: the OPTIONS of --help and
 * of the manual page. */
static void list_flags(FILE *out, void (*row)(FILE *out, const char *lhs, const char *help))
{
	for (size_t k = 0; k < NFLAGS; k++) {
		char lhs[64], help[64];
		flag_synopsis(&flags[k], lhs, sizeof lhs);
		row(out, lhs, flag_help(&flags[k], help, sizeof help));
	}
}

static void help_row(FILE *out, const char *lhs, const char *help)
{
	fprintf(out, "  %-28s %s\n", lhs, help);
}

/* "integer (default: 64, in 1..4096)": what --help and the manual page say of
 * a pass option before its help text. */
static void option_synopsis(const struct st_pass_option *op, int width, char *out, size_t n)
{
	char range[64];
	bool ranged = st_opt_range_text(range, sizeof range, op);
	snprintf(out, n, "%-*s (default: %s%s%s)", width, st_opt_type_name(op->type), default_text(op),
	         ranged ? ", " : "", ranged ? range : "");
}

void st_driver_print_help(FILE *out)
{
	fputs("OVERVIEW: stinkytofu-opt - optimizer driver for the StinkyTofu GPU-assembly IR (.stir)\n\n"
	      "USAGE: stinkytofu-opt [options] [INPUT.stir | -] [--PassName[=opt,key=value,...] ...]\n\n"
	      "Passes run in command-line order. Flags also work with one dash; boolean flags\n"
	      "take =true/=false and a --no- prefix. Exit status: 0 success, 1 input or\n"
	      "verification error, 2 usage error.\n\nOPTIONS:\n",
	      out);
	list_flags(out, help_row);
	fputs("\nPASSES (--PassName[=opt,key=value,...]; in --pass-pipeline: PassName{opt key=value}):\n", out);
	const struct st_pass_registry *r = st_builtin_passes();
	for (size_t i = 0; i < r->npasses; i++) {
		const struct st_pass_info *p = r->passes[i];
		fprintf(out, "  --%s\n      %s\n", p->name, p->summary);
		for (size_t k = 0; k < p->noptions; k++) {
			char what[128];
			option_synopsis(&p->options[k], 8, what, sizeof what);
			fprintf(out, "      %-24s %s %s\n", p->options[k].name, what, p->options[k].help);
		}
	}
	fputs("\nOption values: quote with \"...\" to include ',' or blanks; lists are written {a,b}.\n"
	      "See docs/cli.md for every option with an example.\n",
	      out);
}

/* Text for roff: backslashes and minus signs escaped, and a line that would
 * start with a control character made literal. */
static void roff(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

static void man_row(FILE *out, const char *lhs, const char *help)
{
	fputs(".TP\n.B ", out);
	roff(out, lhs);
	fputc('\n', out);
	roff(out, help);
	fputc('\n', out);
}

void st_driver_print_man(FILE *out)
{
	fprintf(out, ".TH STINKYTOFU-OPT 1 \"\" \"stinkytofu %s\" \"User Commands\"\n", ST_VERSION);
	fputs(".SH NAME\nstinkytofu\\-opt \\- optimizer driver for the StinkyTofu GPU\\-assembly IR (.stir)\n"
	      ".SH SYNOPSIS\n.B stinkytofu\\-opt\n"
	      "[\\fIoptions\\fR] [\\fIINPUT.stir\\fR | \\-] [\\fB\\-\\-\\fIPassName\\fR[=\\fIopt\\fR,"
	      "\\fIkey\\fR=\\fIvalue\\fR,...] ...]\n"
	      ".SH DESCRIPTION\n"
	      "Reads a kernel in StinkyTofu IR, runs the passes named on the command line in\n"
	      "that order and writes the result (.stir, or gfx1250 assembly with\n"
	      "\\fB\\-\\-emit\\-asm\\fR, or Graphviz pictures with \\fB\\-\\-emit\\-dot\\fR).\n"
	      "Flags also work with one dash; boolean flags take =true/=false and a \\-\\-no\\- prefix.\n"
	      "Unknown passes and options are errors, never silently skipped.\n"
	      ".SH OPTIONS\n",
	      out);
	list_flags(out, man_row);
	fputs(".SH PASSES\n"
	      "A pass runs when named as a flag, \\fB\\-\\-\\fIPassName\\fR[=\\fIopt\\fR,\\fIkey\\fR=\\fIvalue\\fR,...],\n"
	      "or as an element of \\fB\\-\\-pass\\-pipeline\\fR, \\fIPassName\\fR{\\fIopt key\\fR=\\fIvalue\\fR}.\n"
	      "Option values are quoted with \"...\" to include ',' or blanks; lists are written {a,b}.\n",
	      out);
	const struct st_pass_registry *r = st_builtin_passes();
	for (size_t i = 0; i < r->npasses; i++) {
		const struct st_pass_info *p = r->passes[i];
		fputs(".TP\n.B \\-\\-", out);
		roff(out, p->name);
		fputc('\n', out);
		roff(out, p->summary);
		fputc('\n', out);
		if (p->noptions)
			fputs(".RS\n", out);
		for (size_t k = 0; k < p->noptions; k++) {
			char what[128];
			option_synopsis(&p->options[k], 0, what, sizeof what);
			fputs(".TP\n.B ", out);
			roff(out, p->options[k].name);
			fputc('\n', out);
			roff(out, what);
			fputs(" ", out);
			roff(out, p->options[k].help);
			fputc('\n', out);
		}
		if (p->noptions)
			fputs(".RE\n", out);
	}
	fputs(".SH EXIT STATUS\n"
	      "0 on success; 1 on an input or verification error (located\n"
	      "\\fIFILE\\fR:\\fILINE\\fR:\\fICOL\\fR: error: diagnostics on standard error); 2 on a usage error.\n"
	      "On failure nothing is written to the output file.\n"
	      ".SH SEE ALSO\n"
	      "\\fBllvm\\-mc\\fR(1), \\fBdot\\fR(1); docs/cli.md in the source tree has every option with an example.\n",
	      out);
}

void st_driver_list_passes(FILE *out)
{
	const struct st_pass_registry *r = st_builtin_passes();
	size_t w = 0;
	for (size_t i = 0; i < r->npasses; i++)
		if (strlen(r->passes[i]->name) > w)
			w = strlen(r->passes[i]->name);
	for (size_t i = 0; i < r->npasses; i++)
		fprintf(out, "%-*s  %s\n", (int)w, r->passes[i]->name, r->passes[i]->summary);
}

void st_driver_print_version(FILE *out)
{
	fprintf(out, "stinkytofu-opt version %s\n", ST_VERSION);
}

const char *st_version(void)
{
	return ST_VERSION;
}
