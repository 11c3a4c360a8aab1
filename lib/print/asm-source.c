/* --emit-asm of a module read from assembly: the input printed back. Every
 * item a pass did not create is its source line, byte for byte; an item a
 * pass erased is simply not there; an inserted wait is a new line indented
 * like the line after it, its count written as the file writes counts
 * (`s_wait_loadcnt 0x2` in LLVM's files). */
#include <string.h>

#include "stinkytofu/print.h"

struct reprint {
	struct st_buf *out;
	const struct st_asm_source *src;
	uint32_t line;  /* the source line printed last (0: none) */
	size_t printed; /* bytes of it printed: all of it unless a wait split it */
	bool cut;       /* it was split: a wait comes before the rest */
	bool comments;  /* st_asm_options.comments */
	const char *run; /* input text printed but not yet copied out: run[0..nrun) */
	size_t nrun;
};

/* Unchanged lines that follow each other are contiguous in the input, so
 * they are copied out in runs of up to RUN_MAX bytes instead of one by one. */
enum { RUN_MAX = 1 << 11 };

static void flush_run(struct reprint *rp)
{
	if (rp->nrun)
		st_buf_putn(rp->out, rp->run, rp->nrun);
	rp->nrun = 0;
}

static void put_text(struct reprint *rp, const char *s, size_t n)
{
	if (rp->nrun && rp->run + rp->nrun == s && rp->nrun + n <= RUN_MAX) {
		rp->nrun += n;
		return;
	}
	flush_run(rp);
	rp->run = s;
	rp->nrun = n;
}

static const struct st_inst *next_item(const struct st_function *f, const struct st_inst *i)
{
	if (i->next)
		return i->next;
	for (size_t b = i->block->index + 1; b < f->blocks.n; b++)
		if (f->blocks.v[b]->first)
			return f->blocks.v[b]->first;
	return NULL;
}

/* The next item that came from the input, after i. */
static const struct st_inst *next_source_item(const struct st_function *f, const struct st_inst *i)
{
	for (const struct st_inst *n = next_item(f, i); n; n = next_item(f, n))
		if (!n->created && n->kind != ST_ITEM_PHI)
			return n;
	return NULL;
}

/* The indentation of the line of item i (a tab when there is none). */
static void put_indent_of(struct reprint *rp, const struct st_inst *i)
{
	if (!i || !i->loc.line) {
		st_buf_putc(rp->out, '\t');
		return;
	}
	size_t n;
	const char *s = st_asm_line(rp->src, i->loc.line, &n);
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (i->kind == ST_ITEM_INST && i->loc.col > 1 && k >= i->loc.col)
		k = i->loc.col - 1;
	if (k == 0 || i->kind != ST_ITEM_INST)
		st_buf_putc(rp->out, '\t');
	else
		st_buf_putn(rp->out, s, k);
}

/* A wait a pass inserted: mnemonic and count, as llvm-mc reads them. */
static void put_created(struct reprint *rp, const struct st_function *f, const struct st_inst *i)
{
	const struct st_inst *after = next_source_item(f, i);
	flush_run(rp);
	if (rp->cut) {
		/* The line printed last was cut before the instruction this wait precedes. */
		st_buf_putc(rp->out, '\n');
		rp->cut = false;
	}
	put_indent_of(rp, after);
	st_buf_puts(rp->out, i->name);
	for (uint32_t k = 0; k < i->nsrcs; k++) {
		const struct st_operand *op = &i->srcs[k];
		st_buf_puts(rp->out, k ? ", " : " ");
		if (op->kind == ST_OPND_INT && !rp->src->decimal_waits && op->ival >= 0)
			st_buf_printf(rp->out, "0x%llx", (unsigned long long)op->ival);
		else if (op->kind == ST_OPND_INT)
			st_buf_printf(rp->out, "%lld", (long long)op->ival);
		else
			st_print_asm_inst(rp->out, i); /* not a wait: fall back to the IR's spelling */
	}
	const char *why = rp->comments ? st_wait_provenance(i) : NULL;
	if (why)
		st_buf_printf(rp->out, "\t// %s", why);
	st_buf_putc(rp->out, '\n');
}

/* An item from the input: its line, once. A label that shares its line with
 * an instruction prints only itself when something comes between them (an
 * inserted wait) or the instruction is gone (an erased wait). */
static void put_source(struct reprint *rp, const struct st_function *f, const struct st_inst *i)
{
	size_t n;
	const char *s = st_asm_line(rp->src, i->loc.line, &n);
	if (rp->line == i->loc.line) {
		if (rp->printed < n) { /* the rest of a line a wait split */
			flush_run(rp);
			put_indent_of(rp, i);
			st_buf_putn(rp->out, s + rp->printed, n - rp->printed);
			rp->printed = n;
		}
		return;
	}
	rp->line = i->loc.line;
	rp->printed = n;
	if (i->kind == ST_ITEM_LABEL) {
		size_t colon = i->loc.col - 1 + strlen(i->name);
		const struct st_inst *nx = next_item(f, i);
		if (i->shares_line && !(nx && !nx->created && nx->loc.line == i->loc.line)) {
			flush_run(rp);
			st_buf_putn(rp->out, s, colon + 1);
			if (nx && nx->created && next_source_item(f, i) && next_source_item(f, i)->loc.line == i->loc.line) {
				rp->printed = next_source_item(f, i)->loc.col - 1;
				rp->cut = true;
				return; /* the wait, then the instruction's part of the line */
			}
			st_buf_putc(rp->out, '\n');
			return;
		}
	}
	put_text(rp, s, n);
}

void st_print_asm_source(struct st_buf *out, const struct st_module *m, const struct st_asm_options *o)
{
	struct reprint rp = {.out = out, .src = m->asm_source, .comments = o && o->comments};
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		const struct st_function *f = m->funcs.v[fi];
		for (size_t bi = 0; bi < f->blocks.n; bi++)
			st_foreach_item (f->blocks.v[bi], i) {
				if (i->kind == ST_ITEM_PHI)
					continue;
				if (i->created)
					put_created(&rp, f, i);
				else
					put_source(&rp, f, i);
			}
	}
	flush_run(&rp);
}
