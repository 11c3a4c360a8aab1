/* Diagnostic engine: GNU-style located messages with source line and caret.
 *
 * A source's lines are indexed lazily: the index grows only as far as the
 * line asked for, so a diagnostic near the top of a huge file does not scan
 * it all, and diagnostics in any order cost one pass over the text in all. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/diag.h"

void st_diag_init(struct st_diag_engine *d, FILE *out)
{
	memset(d, 0, sizeof *d);
	d->out = out;
}

void st_diag_fini(struct st_diag_engine *d)
{
	for (size_t i = 0; i < d->diags.n; i++)
		free(d->diags.v[i].msg);
	st_vec_free(&d->diags);
	for (size_t i = 0; i < d->sources.n; i++) {
		struct st_source *src = &d->sources.v[i];
		if (src->from_file)
			free((char *)src->text);
		st_vec_free(&src->lines);
	}
	st_vec_free(&d->sources);
}

void st_diag_add_source_at(struct st_diag_engine *d, const char *file, const char *text, size_t len,
                           uint32_t first_line)
{
	st_vec_push(&d->sources, ((struct st_source){.file = file, .text = text, .len = len, .first_line = first_line}));
}

void st_diag_add_source(struct st_diag_engine *d, const char *file, const char *text, size_t len)
{
	st_diag_add_source_at(d, file, text, len, 1);
}

void st_diag_add_file(struct st_diag_engine *d, const char *file)
{
	st_vec_push(&d->sources, ((struct st_source){.file = file, .first_line = 1, .from_file = true}));
}

const char *st_severity_name(enum st_severity sev)
{
	switch (sev) {
	case ST_SEV_ERROR: return "error";
	case ST_SEV_WARNING: return "warning";
	case ST_SEV_NOTE: return "note";
	case ST_SEV_REMARK: return "remark";
	}
	return "?";
}

static struct st_source *find_source(struct st_diag_engine *d, const char *file)
{
	for (size_t i = d->sources.n; i-- > 0;)
		if (file && strcmp(d->sources.v[i].file, file) == 0)
			return &d->sources.v[i];
	return NULL;
}

/* Line `line` of the source (without its '\n'), or false if it has none. */
static bool find_line(struct st_source *src, uint32_t line, const char **start, size_t *n)
{
	if (src->from_file && !src->text && !src->unreadable) {
		size_t len;
		char *text = st_read_file(src->file, &len);
		if (text) {
			src->text = text;
			src->len = len;
		} else {
			src->unreadable = true;
		}
	}
	if (!src->text || line < src->first_line)
		return false;
	size_t want = line - src->first_line;
	if (!src->lines.n)
		st_vec_push(&src->lines, (size_t)0);
	const char *text = src->text, *end = src->text + src->len;
	while (src->lines.n <= want) {
		size_t from = st_vec_last(&src->lines);
		const char *nl = from < src->len ? memchr(text + from, '\n', src->len - from) : NULL;
		if (!nl)
			return false;
		st_vec_push(&src->lines, (size_t)(nl + 1 - text));
	}
	const char *p = text + src->lines.v[want];
	/* Past the last line: only the first line of an empty text is quoted. */
	if (p >= end && want > 0)
		return false;
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	*start = p;
	*n = (size_t)((eol ? eol : end) - p);
	return true;
}

void st_diag_format(struct st_buf *out, const struct st_diag *g)
{
	if (g->loc.line)
		st_buf_printf(out, "%s:%u:%u: %s: %s", g->loc.file ? g->loc.file : "<input>", g->loc.line, g->loc.col,
		              st_severity_name(g->sev), g->msg);
	else
		st_buf_printf(out, "%s: %s: %s", g->loc.file ? g->loc.file : "stinkytofu-opt", st_severity_name(g->sev),
		              g->msg);
}

void st_diag_print(struct st_diag_engine *d, const struct st_diag *g)
{
	if (!d->out)
		return;
	struct st_buf head = {0};
	st_diag_format(&head, g);
	fprintf(d->out, "%s\n", st_buf_cstr(&head));
	st_buf_free(&head);
	struct st_source *src = g->loc.line ? find_source(d, g->loc.file) : NULL;
	const char *p;
	size_t n;
	if (!src || !find_line(src, g->loc.line, &p, &n))
		return;
	if (n && p[n - 1] == '\r')
		n--;
	/* Long lines are shown around the column so the caret stays useful. */
	size_t start = 0, col = g->loc.col ? g->loc.col - 1 : 0;
	if (n > 200 && col > 100)
		start = col - 100;
	if (start > n)
		start = n;
	size_t shown = n - start > 200 ? 200 : n - start;
	for (size_t k = 0; k < shown; k++) {
		unsigned char c = (unsigned char)p[start + k];
		fputc(c == '\t' || (c >= 0x20 && c < 0x7f) ? c : '?', d->out);
	}
	fputc('\n', d->out);
	for (size_t k = start; k < col && k - start < shown; k++)
		fputc(p[k] == '\t' ? '\t' : ' ', d->out);
	fputs("^\n", d->out);
}

void st_diag_vemit(struct st_diag_engine *d, enum st_severity sev, struct st_loc loc, const char *fmt, va_list ap)
{
	if (sev == ST_SEV_REMARK && !d->show_remarks && !d->collect)
		return;
	if (sev == ST_SEV_ERROR)
		d->nerrors++;
	else if (sev == ST_SEV_WARNING)
		d->nwarnings++;
	struct st_diag g = {sev, loc, st_xvasprintf(fmt, ap)};
	if (d->collect) {
		st_vec_push(&d->diags, g);
		return;
	}
	st_diag_print(d, &g);
	free(g.msg);
}

void st_diag_emit(struct st_diag_engine *d, enum st_severity sev, struct st_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	st_diag_vemit(d, sev, loc, fmt, ap);
	va_end(ap);
}
