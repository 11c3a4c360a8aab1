/* --emit-dot: each function's CFG as a Graphviz digraph.
 *
 * A block is a node whose HTML-like label lists the block label, its in-block
 * labels and its instructions (in assembly syntax, st_emit_asm_inst), one row
 * each; instructions a pass inserted (st_inst.created, the waits) are bold red
 * on a tinted row. Edges come from `Successors:` only, like the CFG itself.
 * Retreating edges (loop back edges) are dashed blue and `constraint=false`,
 * so `dot` ranks the acyclic rest top-down and loops read as arcs going up. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/emit.h"

/* Text inside an HTML-like label: the markup characters become entities.
 * `{`, `}` and `|` are plain characters here (they only mean something in
 * record labels, which we do not use); control characters become spaces. */
static void put_html(struct st_buf *out, const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		char c = s[k];
		switch (c) {
		case '&': st_buf_puts(out, "&amp;"); break;
		case '<': st_buf_puts(out, "&lt;"); break;
		case '>': st_buf_puts(out, "&gt;"); break;
		case '"': st_buf_puts(out, "&quot;"); break;
		case '\'': st_buf_puts(out, "&#39;"); break;
		default: st_buf_putc(out, (unsigned char)c < 0x20 ? ' ' : c); break;
		}
	}
}

/* A quoted DOT ID. */
static void put_quoted(struct st_buf *out, const char *s)
{
	st_buf_putc(out, '"');
	for (const char *p = s; *p; p++) {
		if (*p == '"' || *p == '\\')
			st_buf_putc(out, '\\');
		st_buf_putc(out, (unsigned char)*p < 0x20 ? ' ' : *p);
	}
	st_buf_putc(out, '"');
}

enum { WHITE, ON_STACK, DONE };

/* Marks retreating edges by an iterative depth-first search from the entry,
 * then from every block it did not reach (so a cycle of unreachable blocks is
 * broken too). retreat[b][s] is set when b's s-th successor edge retreats.
 * Linear in blocks + edges. */
static bool **retreating_edges(const struct st_function *f)
{
	size_t n = f->blocks.n;
	bool **retreat = st_xcalloc(n + 1, sizeof *retreat);
	unsigned char *state = st_xcalloc(n + 1, 1);
	struct frame {
		const struct st_block *b;
		size_t next;
	} *stack = st_xcalloc(n + 1, sizeof *stack);
	for (size_t bi = 0; bi < n; bi++)
		retreat[bi] = st_xcalloc(f->blocks.v[bi]->succs.n + 1, sizeof **retreat);
	for (size_t root = 0; root < n; root++) {
		if (state[root] != WHITE)
			continue;
		size_t sp = 0;
		stack[sp++] = (struct frame){f->blocks.v[root], 0};
		state[root] = ON_STACK;
		while (sp) {
			struct frame *fr = &stack[sp - 1];
			if (fr->next == fr->b->succs.n) {
				state[fr->b->index] = DONE;
				sp--;
				continue;
			}
			size_t s = fr->next++;
			const struct st_block *t = fr->b->succs.v[s];
			if (state[t->index] == ON_STACK) {
				retreat[fr->b->index][s] = true;
			} else if (state[t->index] == WHITE) {
				state[t->index] = ON_STACK;
				stack[sp++] = (struct frame){t, 0};
			}
		}
	}
	free(stack);
	free(state);
	return retreat;
}

static void put_row(struct st_buf *out, const char *text, size_t n, bool inserted)
{
	if (inserted) {
		st_buf_puts(out, "<TR><TD ALIGN=\"LEFT\" BGCOLOR=\"#FDE2E2\"><FONT COLOR=\"#C00000\"><B>");
		put_html(out, text, n);
		st_buf_puts(out, "</B></FONT></TD></TR>\n");
	} else {
		st_buf_puts(out, "<TR><TD ALIGN=\"LEFT\">");
		put_html(out, text, n);
		st_buf_puts(out, "</TD></TR>\n");
	}
}

static void put_node(struct st_buf *out, struct st_buf *line, const struct st_block *b)
{
	st_buf_printf(out, "  b%u [label=<<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">\n",
	              (unsigned)b->index);
	st_buf_puts(out, "<TR><TD ALIGN=\"LEFT\" BGCOLOR=\"#E8E8E8\"><B>^");
	put_html(out, b->label, strlen(b->label));
	st_buf_puts(out, "</B></TD></TR>\n");
	st_foreach_item (b, it) {
		if (it->kind == ST_ITEM_PHI)
			continue;
		line->len = 0;
		st_emit_asm_inst(line, it);
		/* One row per line: a split instruction spans several. */
		size_t start = 0;
		for (size_t k = 0; k <= line->len; k++) {
			if (k < line->len && line->data[k] != '\n')
				continue;
			put_row(out, line->data + start, k - start, it->created);
			start = k + 1;
		}
	}
	st_buf_puts(out, "</TABLE>>];\n");
}

void st_emit_dot_function(struct st_buf *out, const struct st_function *f)
{
	st_buf_puts(out, "digraph ");
	put_quoted(out, *f->name ? f->name : "stir");
	st_buf_puts(out, " {\n");
	st_buf_puts(out, "  node [shape=plaintext fontname=\"monospace\" fontsize=10];\n");
	st_buf_puts(out, "  edge [fontname=\"monospace\" fontsize=9];\n");
	struct st_buf line = {0};
	for (size_t bi = 0; bi < f->blocks.n; bi++)
		put_node(out, &line, f->blocks.v[bi]);
	st_buf_free(&line);

	bool **retreat = retreating_edges(f);
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		for (size_t s = 0; s < b->succs.n; s++) {
			st_buf_printf(out, "  b%u -> b%u", (unsigned)b->index, (unsigned)b->succs.v[s]->index);
			if (retreat[bi][s])
				st_buf_puts(out, " [style=dashed color=\"#1F5FBF\" constraint=false]");
			st_buf_puts(out, ";\n");
		}
		free(retreat[bi]);
	}
	free(retreat);
	st_buf_puts(out, "}\n");
}

void st_emit_dot_module(struct st_buf *out, const struct st_module *m)
{
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		st_emit_dot_function(out, m->funcs.v[fi]);
}
