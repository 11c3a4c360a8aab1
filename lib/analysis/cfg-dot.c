/* --emit-dot: each function's CFG as a Graphviz digraph.
 *
 * A block is a node whose HTML-like label lists the block label, its in-block
 * labels and its instructions (in assembly syntax, st_print_asm_inst), one row
 * each; instructions a pass inserted (st_inst.created, the waits) are bold red
 * on a tinted row. Edges come from `Successors:` only, like the CFG itself.
 * Retreating edges are `constraint=false`, so `dot` ranks the acyclic rest
 * top-down, and leave the bottom right of the latch for the top right of the
 * header, so loops read as arcs going up the side: loop back edges dashed
 * blue, edges closing an irreducible cycle dotted orange. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/cfg.h"
#include "stinkytofu/print.h"

/* Text inside an HTML-like label: the markup characters become entities.
 * `{`, `}` and `|` are plain characters here (they only mean something in
 * record labels, which we do not use); control characters become spaces. */
static void put_html(struct st_buf *out, const char *s, size_t n)
{
	size_t run = 0; /* start of the pending run of plain characters */
	for (size_t k = 0; k < n; k++) {
		const char *entity;
		switch (s[k]) {
		case '&': entity = "&amp;"; break;
		case '<': entity = "&lt;"; break;
		case '>': entity = "&gt;"; break;
		case '"': entity = "&quot;"; break;
		case '\'': entity = "&#39;"; break;
		default: entity = (unsigned char)s[k] < 0x20 ? " " : NULL; break;
		}
		if (!entity)
			continue;
		st_buf_putn(out, s + run, k - run);
		st_buf_puts(out, entity);
		run = k + 1;
	}
	st_buf_putn(out, s + run, n - run);
}

/* A quoted DOT ID; control characters (which a DOT string cannot hold) are
 * blanks. */
static void put_quoted(struct st_buf *out, const char *s)
{
	char *copy = st_xstrdup(s);
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	st_buf_put_quoted(out, copy);
	free(copy);
}

/* How an edge is drawn. Retreating edges are those going back in reverse
 * post-order (st_cfg): a loop back edge when its target dominates its source,
 * otherwise an edge entering an irreducible cycle. Among blocks the entry does
 * not reach, block order plays the part of RPO so their cycles are broken
 * too; every other edge is forward and ranks its target below its source. */
static const char *edge_style(const struct st_cfg *cfg, const struct st_block *from, const struct st_block *to)
{
	uint32_t f = from->index, t = to->index;
	bool freach = st_cfg_reachable(cfg, f), treach = st_cfg_reachable(cfg, t);
	if (freach != treach || cfg->rpo_index[t] > cfg->rpo_index[f])
		return "";
	if (freach && st_cfg_dominates(cfg, t, f))
		return " [style=dashed color=\"#1F5FBF\" constraint=false tailport=se headport=ne]";
	return " [style=dotted color=\"#B05F00\" constraint=false tailport=se headport=ne]";
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
		if (it->kind == ST_ITEM_PHI || it->kind == ST_ITEM_VERBATIM)
			continue;
		line->len = 0;
		st_print_asm_inst(line, it);
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

void st_cfg_dot_function(struct st_buf *out, const struct st_function *f)
{
	st_buf_puts(out, "digraph ");
	put_quoted(out, *f->name ? f->name : "stir");
	st_buf_puts(out, " {\n");
	if (*f->name) {
		char *title = st_xasprintf("@%s", f->name);
		st_buf_puts(out, "  graph [labelloc=t fontname=\"monospace\" label=");
		put_quoted(out, title);
		st_buf_puts(out, "];\n");
		free(title);
	}
	st_buf_puts(out, "  node [shape=plain fontname=\"monospace\" fontsize=10];\n");
	st_buf_puts(out, "  edge [fontname=\"monospace\" fontsize=9];\n");
	struct st_buf line = {0};
	for (size_t bi = 0; bi < f->blocks.n; bi++)
		put_node(out, &line, f->blocks.v[bi]);
	st_buf_free(&line);

	struct st_cfg cfg;
	st_cfg_build(&cfg, f);
	for (size_t bi = 0; bi < f->blocks.n; bi++) {
		const struct st_block *b = f->blocks.v[bi];
		for (size_t s = 0; s < b->succs.n; s++)
			st_buf_printf(out, "  b%u -> b%u%s;\n", (unsigned)b->index, (unsigned)b->succs.v[s]->index,
			              edge_style(&cfg, b, b->succs.v[s]));
	}
	st_cfg_free(&cfg);
	st_buf_puts(out, "}\n");
}

void st_cfg_dot_module(struct st_buf *out, const struct st_module *m)
{
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		st_cfg_dot_function(out, m->funcs.v[fi]);
}
