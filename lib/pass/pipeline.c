/* Pipelines: the ordered passes to run, each with its parsed options, built
 * from pass flags or a --pass-pipeline string, and printed back canonically. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/pass_manager.h"

static const struct st_loc noloc;

void st_pipeline_init(struct st_pipeline *p, const struct st_pass_registry *registry)
{
	memset(p, 0, sizeof *p);
	p->registry = registry;
	p->arena = st_arena_new();
}

void st_pipeline_fini(struct st_pipeline *p)
{
	st_vec_free(&p->entries);
	st_arena_free(p->arena);
	p->arena = NULL;
}

static bool addn(struct st_pipeline *p, const struct st_pass_info *pass, const char *text, size_t len,
                 struct st_diag_engine *d)
{
	struct st_opt_value *opts = st_arena_alloc(p->arena, (pass->noptions ? pass->noptions : 1) * sizeof *opts);
	if (!st_pass_parse_options(pass, text ? text : "", text ? len : 0, opts, p->arena, d))
		return false;
	st_vec_push(&p->entries, ((struct st_pipeline_entry){pass, opts}));
	return true;
}

bool st_pipeline_add(struct st_pipeline *p, const struct st_pass_info *pass, const char *text,
                     struct st_diag_engine *d)
{
	return addn(p, pass, text, text ? strlen(text) : 0, d);
}

bool st_pipeline_add_named(struct st_pipeline *p, const char *name, const char *text, struct st_diag_engine *d)
{
	const struct st_pass_info *pass = st_pass_lookup_or_report(p->registry, name, d);
	return pass && st_pipeline_add(p, pass, text, d);
}

static bool isblank_(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool isnamechar(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-'; }

static bool syntax(const char *text, const char *at, const char *what, struct st_diag_engine *d)
{
	st_error(d, noloc, "bad pass pipeline '%s' at column %zu: %s", text, (size_t)(at - text) + 1, what);
	return false;
}

/* The '}' closing the options that start after `open`, skipping quoted text
 * and nested list braces; NULL when unterminated. */
static const char *closing_brace(const char *open)
{
	int depth = 1;
	for (const char *q = open + 1; *q; q++) {
		if (*q == '"') {
			for (q++; *q && *q != '"'; q++)
				if (*q == '\\' && (q[1] == '"' || q[1] == '\\'))
					q++;
			if (!*q)
				return NULL;
		} else if (*q == '{') {
			depth++;
		} else if (*q == '}' && --depth == 0) {
			return q;
		}
	}
	return NULL;
}

/* mlir-opt's op anchors: `builtin.module(st.func(A,B))` and `any(...)` nest
 * the passes they hold, which here all run on the whole module in order, so
 * a nested pipeline is the flat one. */
static const char *const anchors[] = {"builtin.module", "st.func", "func.func", "any"};

static bool is_anchor(const char *s, size_t n)
{
	for (size_t k = 0; k < sizeof anchors / sizeof *anchors; k++)
		if (strlen(anchors[k]) == n && memcmp(anchors[k], s, n) == 0)
			return true;
	return false;
}

/* Passes separated by commas, up to the end of the text (depth 0) or the
 * ')' closing an anchor (left at *qp). */
static bool parse_list(struct st_pipeline *p, const char *text, const char **qp, int depth,
                       struct st_diag_engine *d)
{
	const char *q = *qp;
	for (;;) {
		while (isblank_(*q))
			q++;
		const char *ns = q;
		while (isnamechar(*q))
			q++;
		if (q == ns)
			return syntax(text, q, "expected a pass name", d);
		size_t n = (size_t)(q - ns);
		while (isblank_(*q))
			q++;
		if (*q == '(') {
			if (!is_anchor(ns, n))
				return syntax(text, ns,
				              "only builtin.module(...), st.func(...), func.func(...) and any(...) hold passes", d);
			if (depth >= 8)
				return syntax(text, q, "anchors nested too deeply", d);
			q++;
			while (isblank_(*q))
				q++;
			if (*q != ')' && !parse_list(p, text, &q, depth + 1, d))
				return false;
			if (*q != ')')
				return syntax(text, q, "expected ')'", d);
			q++;
		} else {
			char *name = st_xstrndup(ns, n);
			const struct st_pass_info *pass = st_pass_lookup_or_report(p->registry, name, d);
			if (!pass && is_anchor(ns, n))
				st_note(d, noloc, "'%s' holds passes: %s(P1,P2)", name, name);
			free(name);
			if (!pass)
				return false;
			const char *opts = NULL;
			size_t nopts = 0;
			if (*q == '{') {
				const char *close = closing_brace(q);
				if (!close)
					return syntax(text, q, "unterminated pass options: expected '}'", d);
				opts = q + 1;
				nopts = (size_t)(close - opts);
				q = close + 1;
			}
			if (!addn(p, pass, opts, nopts, d))
				return false;
		}
		while (isblank_(*q))
			q++;
		if (*q == ')' && depth > 0) {
			*qp = q;
			return true;
		}
		if (!*q) {
			if (depth > 0)
				return syntax(text, q, "expected ')'", d);
			*qp = q;
			return true;
		}
		if (*q != ',')
			return syntax(text, q, *q == ')' ? "unmatched ')'" : "expected ',' between passes", d);
		q++;
	}
}

bool st_pipeline_parse(struct st_pipeline *p, const char *text, struct st_diag_engine *d)
{
	const char *q = text;
	while (isblank_(*q))
		q++;
	if (!*q)
		return true; /* the empty pipeline */
	return parse_list(p, text, &q, 0, d);
}

void st_pipeline_print(struct st_buf *out, const struct st_pipeline *p)
{
	for (size_t i = 0; i < p->entries.n; i++) {
		const struct st_pipeline_entry *e = &p->entries.v[i];
		if (i)
			st_buf_putc(out, ',');
		st_buf_puts(out, e->pass->name);
		size_t mark = out->len;
		st_buf_putc(out, '{');
		size_t body = out->len;
		st_pass_print_options(out, e->pass, e->opts, ' ');
		if (out->len == body)
			out->len = mark; /* no options set: bare name */
		else
			st_buf_putc(out, '}');
	}
}
