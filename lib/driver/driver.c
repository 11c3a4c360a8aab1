/* The stinkytofu-opt run:
 *
 *   a file path: parse it as it is read (the text is never held; diagnostics
 *     read the file back if they quote a line)
 *   else: read input -> split into chunks (--split-input-file) -> for each chunk:
 *     parse (original line numbers) -> verify -> pass manager -> emit output
 *     [--verify-diagnostics: collect, then match expected-* annotations]
 *   -> join chunk outputs with "// -----" -> stdout, or -o FILE atomically
 *   -> --time-passes / --pass-statistics reports on stderr */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "stinkytofu/cfg.h"
#include "stinkytofu/driver.h"
#include "stinkytofu/parse.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

static const struct st_loc noloc;

static bool emit_stir(struct st_buf *out, const struct st_module *m, const struct st_driver_options *o,
                      struct st_diag_engine *d)
{
	(void)o;
	(void)d;
	st_print_module(out, m);
	return true;
}

static bool emit_stir_debuginfo(struct st_buf *out, const struct st_module *m, const struct st_driver_options *o,
                               struct st_diag_engine *d)
{
	(void)o;
	(void)d;
	st_print_module_debuginfo(out, m);
	return true;
}

static bool emit_asm(struct st_buf *out, const struct st_module *m, const struct st_driver_options *o,
                     struct st_diag_engine *d)
{
	(void)d;
	struct st_asm_options ao = {.comments = o->preserve_comments};
	st_print_asm_module_with(out, m, &ao);
	return true;
}

static bool emit_dot(struct st_buf *out, const struct st_module *m, const struct st_driver_options *o,
                     struct st_diag_engine *d)
{
	(void)o;
	(void)d;
	st_cfg_dot_module(out, m);
	return true;
}

/* Output modes: one row per enum st_output_mode. An emitter appends the
 * module's text to `out`, or reports errors and returns false. */
static const struct output_mode {
	enum st_output_mode mode;
	const char *phase; /* its row in the --time-passes table */
	bool (*emit)(struct st_buf *out, const struct st_module *m, const struct st_driver_options *o,
	             struct st_diag_engine *d);
} output_modes[ST_NUM_OUTPUT_MODES] = {
	{ST_OUTPUT_STIR, "Output", emit_stir},
	{ST_OUTPUT_ASM, "Output", emit_asm},
	{ST_OUTPUT_DOT, "Output", emit_dot},
	{ST_OUTPUT_STIR_DEBUGINFO, "Output", emit_stir_debuginfo},
};

struct chunk {
	const char *text;
	size_t len;
	uint32_t first_line;
};

/* A line that separates chunks: `// -----` or `# -----` alone, blanks allowed around it. */
static bool is_marker(const char *p, const char *eol)
{
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	while (eol > p && (eol[-1] == ' ' || eol[-1] == '\t' || eol[-1] == '\r'))
		eol--;
	size_t n = (size_t)(eol - p);
	return (n == 8 && memcmp(p, "// -----", 8) == 0) || (n == 7 && memcmp(p, "# -----", 7) == 0);
}

ST_VEC_DECL(chunks, struct chunk);

static void split(const char *text, size_t len, bool enabled, struct chunks *out)
{
	struct chunk c = {text, 0, 1};
	const char *p = text, *end = text + len;
	uint32_t line = 1;
	while (enabled && p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *next = eol ? eol + 1 : end;
		if (is_marker(p, eol ? eol : end)) {
			c.len = (size_t)(p - c.text);
			st_vec_push(out, c);
			c = (struct chunk){next, 0, line + 1};
		}
		p = next;
		line++;
	}
	c.len = (size_t)(text + len - c.text);
	st_vec_push(out, c);
}

struct run {
	bool direct; /* one chunk, no --verify-diagnostics: print straight into the output */
	struct st_driver_options *o;
	struct st_pass_manager pm;
	const char *file; /* as diagnostics name it */
	FILE *in;         /* the input file, parsed as it is read; else chunks of text */
	struct block_hint {
		bool seen;           /* some chunk has a block with this label */
		size_t dist;         /* else the closest label seen, and how close */
		const char *closest;
	} *blocks; /* per --process-blocks label */
	bool usage_error;
	bool asm_input;   /* read as assembly (always from text: the reader keeps it) */
	bool objdump;     /* ... converted from an llvm-objdump listing first */
	ST_VEC(const char *) region; /* --from-label/--to-label: the labels of the region's blocks */
	FILE *err;
};

/* The block labelled `label` (and its function), or NULL after a usage error
 * naming the closest label. */
static struct st_block *region_end(struct run *r, const struct st_module *m, const char *flag, const char *label,
                                   struct st_diag_engine *d)
{
	const char *closest = NULL;
	size_t best = (strlen(label) + 1) / 2 + 1;
	for (size_t f = 0; f < m->funcs.n; f++)
		for (size_t b = 0; b < m->funcs.v[f]->blocks.n; b++) {
			struct st_block *blk = m->funcs.v[f]->blocks.v[b];
			size_t dist = st_edit_distance(label, blk->label);
			if (!dist)
				return blk;
			if (dist < best) {
				best = dist;
				closest = blk->label;
			}
		}
	if (closest)
		st_error(d, noloc, "--%s: no block is labelled '%s'; did you mean '%s'?", flag, label, closest);
	else
		st_error(d, noloc, "--%s: no block is labelled '%s'", flag, label);
	r->usage_error = true;
	return NULL;
}

/* --from-label A --to-label B: passes may change the blocks from the one
 * labelled A up to (not including) the one labelled B, in the order of the
 * input; the analyses still see the whole function. */
static bool resolve_region(struct run *r, const struct st_module *m, struct st_diag_engine *d)
{
	const struct st_driver_options *o = r->o;
	r->region.n = 0;
	if (!o->from_label && !o->to_label)
		return true;
	struct st_block *from = o->from_label ? region_end(r, m, "from-label", o->from_label, d) : NULL;
	struct st_block *to = o->to_label ? region_end(r, m, "to-label", o->to_label, d) : NULL;
	if ((o->from_label && !from) || (o->to_label && !to))
		return false;
	const struct st_function *f = from ? from->func : to->func;
	if (from && to && (to->func != f || to->index <= from->index)) {
		st_error(d, noloc, "--to-label '%s' does not come after --from-label '%s' in one function", o->to_label,
		         o->from_label);
		r->usage_error = true;
		return false;
	}
	for (size_t b = from ? from->index : 0; b < (to ? to->index : f->blocks.n); b++)
		st_vec_push(&r->region, f->blocks.v[b]->label);
	r->pm.process_blocks = r->region.v;
	r->pm.nprocess_blocks = r->region.n;
	return true;
}

/* Marks the --process-blocks labels the module has, and remembers for the
 * others the closest label it has, for the error. */
static void note_blocks(struct run *r, const struct st_module *m)
{
	const struct st_driver_options *o = r->o;
	for (size_t k = 0; k < o->process_blocks.n; k++) {
		struct block_hint *h = &r->blocks[k];
		for (size_t f = 0; f < m->funcs.n && !h->seen; f++) {
			const struct st_function *fn = m->funcs.v[f];
			for (size_t b = 0; b < fn->blocks.n && !h->seen; b++) {
				const char *label = fn->blocks.v[b]->label;
				size_t dist = st_edit_distance(o->process_blocks.v[k], label);
				h->seen = dist == 0;
				if (dist < h->dist) {
					h->dist = dist;
					h->closest = st_arena_strndup(o->arena, label, strlen(label));
				}
			}
		}
	}
}

/* A --process-blocks label no block has is a usage error: a typo there
 * would let the passes change nothing, silently. */
static bool check_blocks(struct run *r, struct st_diag_engine *d)
{
	const struct st_driver_options *o = r->o;
	bool ok = true;
	for (size_t k = 0; k < o->process_blocks.n; k++) {
		const struct block_hint *h = &r->blocks[k];
		if (h->seen)
			continue;
		const char *label = o->process_blocks.v[k];
		if (h->closest && h->dist <= (strlen(label) + 1) / 2)
			st_error(d, noloc, "--process-blocks: no block is labelled '%s'; did you mean '%s'?", label, h->closest);
		else
			st_error(d, noloc, "--process-blocks: no block is labelled '%s'", label);
		ok = false;
	}
	r->usage_error |= !ok;
	return ok;
}

/* The checks of a module that parsed: the verifier, then the warnings on
 * unknown mnemonics and the CFG check. */
static void check_module(struct st_module *m, bool asm_input, bool allow_unknown_mnemonics, struct st_diag_engine *d)
{
	if (!asm_input)
		st_asm_from_stir(m); /* the .stir form of an assembly input */
	/* The .stir reader checked every instruction as it built it. */
	if (st_verify_read_module(m, !asm_input, !allow_unknown_mnemonics, d))
		return;
	/* An assembly input's CFG is made from its code, so there are no
	 * Successors: lines to disagree with it, and the instruction-less
	 * blocks after s_endpgm (LLVM's .Lfunc_end labels) are no mistake. */
	if (!m->asm_source)
		st_cfg_check_module(m, d);
}

struct st_module *st_driver_read(const char *file, const char *text, size_t len, uint32_t first_line,
                                 bool asm_input, bool allow_unknown_mnemonics, struct st_diag_engine *d)
{
	size_t nerrors = d->nerrors;
	struct st_module *m = asm_input ? st_parse_asm(file, text, len, first_line, d)
	                                : st_parse(file, text, len, first_line, d);
	if (m && d->nerrors == nerrors)
		check_module(m, asm_input, allow_unknown_mnemonics, d);
	return m;
}

bool st_driver_path_is_asm(const char *path)
{
	size_t n = strlen(path);
	return (n > 2 && strcmp(path + n - 2, ".s") == 0) || (n > 4 && strcmp(path + n - 4, ".asm") == 0);
}

/* Processes one chunk; appends its output to `out` on success. */
static bool process(struct run *r, const struct chunk *c, struct st_buf *out)
{
	struct st_driver_options *o = r->o;
	struct st_diag_engine d;
	st_diag_init(&d, r->err);
	d.show_remarks = o->remarks;
	d.collect = o->verify_diagnostics;
	struct st_module *m;
	double t = st_pm_now();
	char *listing = NULL; /* the assembly of an llvm-objdump listing, which the module refers to */
	if (r->objdump) {
		size_t n = 0;
		listing = st_objdump_to_asm(r->file, c->text, c->len, c->first_line, &n, &d);
		st_diag_add_source_at(&d, r->file, listing ? listing : c->text, listing ? n : c->len, c->first_line);
		m = listing ? st_driver_read(r->file, listing, n, c->first_line, true, o->allow_unknown_mnemonics, &d) : NULL;
		if (m && !d.nerrors && st_objdump_check_notes(m, &d)) {
			st_module_free(m);
			m = NULL;
		}
	} else if (r->in) {
		st_diag_add_file(&d, r->file);
		m = st_parse_file(r->file, r->in, &d);
		if (m && !d.nerrors)
			check_module(m, false, o->allow_unknown_mnemonics, &d);
	} else {
		st_diag_add_source_at(&d, r->file, c->text, c->len, c->first_line);
		m = st_driver_read(r->file, c->text, c->len, c->first_line, r->asm_input, o->allow_unknown_mnemonics, &d);
	}
	if (m)
		note_blocks(r, m);
	/* An unsplit input is checked before any pass runs or anything is written. */
	bool ok = m && !d.nerrors && (o->split_input_file || check_blocks(r, &d)) && resolve_region(r, m, &d);
	st_pm_add_time(&r->pm, "Parser", st_pm_now() - t);
	if (ok)
		ok = st_pm_run(&r->pm, m, &d);
	struct st_buf text = {0};
	if (ok && o->print_output) {
		const struct output_mode *om = &output_modes[o->output_mode];
		t = st_pm_now();
		ok = om->emit(r->direct ? out : &text, m, o, &d);
		st_pm_add_time(&r->pm, om->phase, st_pm_now() - t);
	}
	bool produced = ok;
	if (o->verify_diagnostics) {
		struct st_diag_engine report;
		st_diag_init(&report, r->err);
		st_diag_add_source_at(&report, r->file, c->text, c->len, c->first_line);
		ok = st_verify_expected_diagnostics(&d, r->file, c->text, c->len, c->first_line, o->remarks, &report);
		st_diag_fini(&report);
	}
	if (ok && produced && !r->direct && o->print_output) {
		if (out->len)
			st_buf_puts(out, "// -----\n");
		st_buf_putn(out, text.data ? text.data : "", text.len);
	}
	st_buf_free(&text);
	if (m)
		st_module_free(m);
	st_diag_fini(&d);
	free(listing);
	return ok;
}

/* Where an unsplit input's output goes while it is printed, so a module of
 * a million instructions never has its whole text in memory: -o FILE's
 * temporary file (opened at the first write, renamed over FILE only when
 * everything succeeded) or the output stream. */
struct sink {
	FILE *out;
	const char *path;
	struct st_atomic_file af;
	bool opened;
	int err;
};

enum { DRAIN_AT = 128 << 10 };

static void drain_output(struct st_buf *b)
{
	struct sink *s = b->drain_ctx;
	if (s->path) {
		if (!s->opened && !s->err) {
			if (st_atomic_file_open(&s->af, s->path))
				s->opened = true;
			else
				s->err = errno;
		}
		if (s->opened)
			st_atomic_file_write(&s->af, b->data, b->len);
	} else if (!s->err && b->len && fwrite(b->data, 1, b->len, s->out) != b->len) {
		s->err = errno;
	}
	b->len = 0;
}

/* Writes what is left and completes the output; false with errno set on failure. */
static bool finish_sink(struct sink *s, struct st_buf *b)
{
	if (s->path) {
		drain_output(b);
		if (!s->opened) {
			errno = s->err;
			return false;
		}
		s->opened = false;
		return st_atomic_file_commit(&s->af);
	}
	drain_output(b);
	if (s->err) {
		errno = s->err;
		return false;
	}
	return fflush(s->out) == 0;
}

static bool write_all(FILE *f, const struct st_buf *b)
{
	return (b->len == 0 || fwrite(b->data, 1, b->len, f) == b->len) && fflush(f) == 0;
}

int st_driver_run(struct st_driver_options *o, FILE *out, FILE *err)
{
	if (o->help) {
		st_driver_print_help(out);
		return ST_EXIT_OK;
	}
	if (o->version) {
		st_driver_print_version(out);
		return ST_EXIT_OK;
	}
	if (o->list_passes) {
		st_driver_list_passes(out);
		return ST_EXIT_OK;
	}
	struct st_diag_engine d;
	st_diag_init(&d, err);
	if (o->dump_pass_pipeline) {
		struct st_buf b = {0};
		st_pipeline_print(&b, &o->pipeline);
		fprintf(err, "%s\n", st_buf_cstr(&b));
		st_buf_free(&b);
	}

	const char *path = o->input ? o->input : "-";
	bool from_stdin = strcmp(path, "-") == 0;
	/* A regular file is parsed as it is read. Standard input cannot be read
	 * back for diagnostics, and chunks and expected-* comments need the
	 * text, so those are read whole (so are devices and FIFOs). */
	FILE *in = NULL;
	bool asm_input = o->input_format == ST_INPUT_ASM || o->input_format == ST_INPUT_OBJDUMP;
	if (o->input_format == ST_INPUT_AUTO)
		asm_input = st_driver_path_is_asm(path);
	if (!from_stdin && !o->split_input_file && !o->verify_diagnostics && !asm_input) {
		struct stat st;
		in = fopen(path, "rb");
		if (in && (fstat(fileno(in), &st) != 0 || !S_ISREG(st.st_mode))) {
			fclose(in);
			in = NULL;
		} else if (!in) {
			st_error(&d, noloc, "cannot read '%s': %s", path, strerror(errno));
			st_diag_fini(&d);
			return ST_EXIT_ERROR;
		}
	}
	size_t len = 0;
	char *text = NULL;
	if (!in && !(text = st_read_file(path, &len))) {
		st_error(&d, noloc, "cannot read '%s': %s", path, strerror(errno));
		st_diag_fini(&d);
		return ST_EXIT_ERROR;
	}

	/* A listing is known by its header (read whole, as assembly is); an
	 * extension that says assembly wins. */
	bool objdump = o->input_format == ST_INPUT_OBJDUMP;
	if (in && o->input_format == ST_INPUT_AUTO) {
		char head[512];
		size_t n = fread(head, 1, sizeof head, in);
		if (st_objdump_detect(head, n)) {
			fclose(in);
			in = NULL;
			objdump = true;
			if (!(text = st_read_file(path, &len))) {
				st_error(&d, noloc, "cannot read '%s': %s", path, strerror(errno));
				st_diag_fini(&d);
				return ST_EXIT_ERROR;
			}
		} else {
			rewind(in);
		}
	}
	objdump |= o->input_format == ST_INPUT_AUTO && !asm_input && text && st_objdump_detect(text, len);
	asm_input |= objdump;
	struct run r = {.o = o, .file = from_stdin ? "<stdin>" : path, .in = in, .asm_input = asm_input,
	                .objdump = objdump, .err = err};
	o->pm.verify = o->verify_each ? st_verify_module : NULL;
	o->pm.print = o->print_debuginfo ? st_print_module_debuginfo : st_print_module;
	o->pm.dump = err;
	st_pm_init(&r.pm, &o->pipeline, &o->pm, &o->config);
	if (o->process_blocks.n) {
		r.pm.process_blocks = o->process_blocks.v;
		r.pm.nprocess_blocks = o->process_blocks.n;
	}
	r.blocks = st_xcalloc(o->process_blocks.n + 1, sizeof *r.blocks);
	for (size_t k = 0; k < o->process_blocks.n; k++)
		r.blocks[k].dist = (size_t)-1;

	struct chunks chunks = {0};
	if (in)
		st_vec_push(&chunks, ((struct chunk){NULL, 0, 1}));
	else
		split(text, len, o->split_input_file, &chunks);
	struct st_buf result = {0};
	struct sink sink = {.out = out, .path = o->output};
	r.direct = chunks.n == 1 && !o->verify_diagnostics;
	if (r.direct) {
		result.drain = drain_output;
		result.drain_ctx = &sink;
		result.drain_at = DRAIN_AT;
	}
	bool ok = true;
	for (size_t k = 0; k < chunks.n; k++)
		ok &= process(&r, &chunks.v[k], &result);

	if (o->split_input_file)
		ok &= check_blocks(&r, &d);

	/* -o is written only when everything succeeded; stdout also gets the
	 * chunks that succeeded when the input was split. */
	double t = st_pm_now();
	if (r.direct) {
		if (ok && !finish_sink(&sink, &result)) {
			if (o->output)
				st_error(&d, noloc, "cannot write '%s': %s", o->output, strerror(errno));
			else
				st_error(&d, noloc, "cannot write the output: %s", strerror(errno));
			ok = false;
		}
		if (sink.opened)
			st_atomic_file_abort(&sink.af);
	} else if (o->output) {
		if (ok && !st_write_file_atomic(o->output, result.data ? result.data : "", result.len)) {
			st_error(&d, noloc, "cannot write '%s': %s", o->output, strerror(errno));
			ok = false;
		}
	} else if ((ok || o->split_input_file) && !write_all(out, &result)) {
		st_error(&d, noloc, "cannot write the output: %s", strerror(errno));
		ok = false;
	}
	st_pm_add_time(&r.pm, "Output", st_pm_now() - t);
	st_pm_report(&r.pm, err);

	st_buf_free(&result);
	st_vec_free(&chunks);
	free(r.blocks);
	st_vec_free(&r.region);
	st_pm_fini(&r.pm);
	if (in)
		fclose(in);
	free(text);
	st_diag_fini(&d);
	return ok ? ST_EXIT_OK : r.usage_error ? ST_EXIT_USAGE : ST_EXIT_ERROR;
}
