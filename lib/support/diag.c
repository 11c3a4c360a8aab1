/* Diagnostic engine: GNU-style located messages with source line and caret. */
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
	st_vec_free(&d->sources);
}

void st_diag_add_source(struct st_diag_engine *d, const char *file, const char *text, size_t len)
{
	st_vec_push(&d->sources, ((struct st_source){file, text, len}));
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

static const struct st_source *find_source(const struct st_diag_engine *d, const char *file)
{
	for (size_t i = d->sources.n; i-- > 0;)
		if (file && strcmp(d->sources.v[i].file, file) == 0)
			return &d->sources.v[i];
	return NULL;
}

void st_diag_print(struct st_diag_engine *d, const struct st_diag *g)
{
	if (!d->out)
		return;
	if (g->loc.line)
		fprintf(d->out, "%s:%u:%u: %s: %s\n", g->loc.file ? g->loc.file : "<input>", g->loc.line,
		        g->loc.col, st_severity_name(g->sev), g->msg);
	else
		fprintf(d->out, "%s: %s: %s\n", g->loc.file ? g->loc.file : "stinkytofu-opt",
		        st_severity_name(g->sev), g->msg);
	const struct st_source *src = g->loc.line ? find_source(d, g->loc.file) : NULL;
	if (!src)
		return;
	const char *p = src->text, *end = src->text + src->len;
	for (uint32_t line = 1; line < g->loc.line && p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	if (p >= end && g->loc.line > 1)
		return;
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	size_t n = (size_t)(eol - p);
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
