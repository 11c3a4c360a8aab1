/* --verify-diagnostics: expected-error/warning/remark/note annotations in
 * comments, matched against the diagnostics a chunk produced.
 *
 *   # expected-error {{text}}        this line
 *   # expected-error@+2 {{text}}     two lines below (@-N: N lines above)
 *   // expected-note@above {{text}}  the closest line above that has no annotation
 *   // expected-remark@below {{...}} the closest line below that has no annotation
 *
 * A diagnostic matches an annotation of the same severity on its line whose
 * text is a substring of the message. With `-re` (expected-error-re, ...)
 * the text is literal except for its {{...}} parts, which are POSIX extended
 * regular expressions, as in MLIR: `expected-error-re {{register '{{v[0-9]+}}'}}`.
 * Every diagnostic must be matched and every annotation used, else each
 * mismatch is reported as an error. */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/driver.h"

struct expected {
	enum st_severity sev;
	uint32_t line;     /* the line the diagnostic must be on */
	struct st_loc at;  /* where the annotation is written */
	char *text;
	bool is_regex; /* -re: `re` is compiled from text */
	regex_t re;
	bool matched;
};

struct expectations {
	ST_VEC(struct expected) v;
	ST_VEC(size_t) below; /* @below annotations waiting for their line */
	uint32_t last_plain;  /* last line without an annotation (0: none yet) */
	bool ok;
};

static const struct {
	const char *word;
	enum st_severity sev;
} kinds[] = {
	{"error", ST_SEV_ERROR},
	{"warning", ST_SEV_WARNING},
	{"remark", ST_SEV_REMARK},
	{"note", ST_SEV_NOTE},
};

static bool starts(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);
	return (size_t)(end - p) >= n && memcmp(p, word, n) == 0;
}

/* e->re from e->text: literal text with {{regex}} parts, searched anywhere
 * in the message (as a plain text is a substring). */
static bool compile_regex(struct expected *e, struct st_loc at, struct st_diag_engine *report)
{
	struct st_buf b = {0};
	for (const char *t = e->text; *t;) {
		if (t[0] == '{' && t[1] == '{') {
			const char *c = strstr(t + 2, "}}");
			if (!c) {
				st_error(report, at, "unterminated '{{' in the regex of expected-*-re");
				st_buf_free(&b);
				return false;
			}
			st_buf_putc(&b, '(');
			st_buf_putn(&b, t + 2, (size_t)(c - (t + 2)));
			st_buf_putc(&b, ')');
			t = c + 2;
			continue;
		}
		if (strchr(".[]()*+?{}|^$\\", *t))
			st_buf_putc(&b, '\\');
		st_buf_putc(&b, *t++);
	}
	int rc = regcomp(&e->re, st_buf_cstr(&b), REG_EXTENDED | REG_NOSUB);
	if (rc != 0) {
		char why[128];
		regerror(rc, &e->re, why, sizeof why);
		st_error(report, at, "bad regex in expected-*-re: %s", why);
	}
	st_buf_free(&b);
	return rc == 0;
}

static bool text_matches(const struct expected *e, const char *msg)
{
	return e->is_regex ? regexec(&e->re, msg, 0, NULL, 0) == 0 : strstr(msg, e->text) != NULL;
}

/* Parses the annotation at p ("expected-..."); false with an error when malformed. */
static bool parse_one(struct expectations *ex, const char *p, const char *end, struct st_loc at,
                      struct st_diag_engine *report)
{
	const char *q = p + strlen("expected-");
	size_t k = 0;
	while (k < sizeof kinds / sizeof kinds[0] && !starts(q, end, kinds[k].word))
		k++;
	if (k == sizeof kinds / sizeof kinds[0])
		return true; /* prose such as "expected-*", not an annotation */
	q += strlen(kinds[k].word);
	struct expected e = {.sev = kinds[k].sev, .line = at.line, .at = at};
	if (starts(q, end, "-re")) {
		q += 3;
		e.is_regex = true;
	}
	bool below = false;
	if (q < end && *q == '@') {
		q++;
		if (starts(q, end, "above")) {
			q += 5;
			if (!ex->last_plain) {
				st_error(report, at, "'@above' has no line above it");
				return false;
			}
			e.line = ex->last_plain;
		} else if (starts(q, end, "below")) {
			q += 5;
			below = true;
		} else if (q < end && (*q == '+' || *q == '-')) {
			char sign = *q++;
			uint32_t n = 0;
			const char *ds = q;
			bool big = false;
			for (; q < end && *q >= '0' && *q <= '9'; q++) {
				n = n * 10 + (uint32_t)(*q - '0');
				big |= n > 1000000;
			}
			if (q == ds || big || (sign == '-' && n >= at.line)) {
				st_error(report, at, "bad line offset in annotation (use @+N, @-N, @above or @below)");
				return false;
			}
			e.line = sign == '+' ? at.line + n : at.line - n;
		} else {
			st_error(report, at, "bad line designator (use @+N, @-N, @above or @below)");
			return false;
		}
	}
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	const char *close = NULL;
	if (starts(q, end, "{{")) {
		/* A regex text holds {{...}} parts: it ends at the line's last "}}". */
		for (const char *r = q + 2; r + 1 < end; r++)
			if (r[0] == '}' && r[1] == '}') {
				close = r;
				if (!e.is_regex)
					break;
				r++;
			}
	}
	if (!close) {
		st_error(report, at, "expected-%s%s needs its message in {{...}}", kinds[k].word, e.is_regex ? "-re" : "");
		return false;
	}
	e.text = st_xstrndup(q + 2, (size_t)(close - (q + 2)));
	if (e.is_regex && !compile_regex(&e, at, report)) {
		free(e.text);
		return false;
	}
	if (below)
		st_vec_push(&ex->below, ex->v.n);
	st_vec_push(&ex->v, e);
	return true;
}

/* Where a comment starts on the line: '#' or "//" outside a string. */
static const char *comment_start(const char *p, const char *end)
{
	bool str = false;
	for (; p < end; p++) {
		if (str) {
			if (*p == '\\' && p + 1 < end)
				p++;
			else if (*p == '"')
				str = false;
		} else if (*p == '"') {
			str = true;
		} else if (*p == '#' || (*p == '/' && p + 1 < end && p[1] == '/')) {
			return p;
		}
	}
	return NULL;
}

static void scan(struct expectations *ex, const char *file, const char *text, size_t len, uint32_t first_line,
                 struct st_diag_engine *report)
{
	const char *p = text, *end = text + len;
	for (uint32_t line = first_line; p < end; line++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		size_t before = ex->v.n;
		bool good = true;
		const char *c = comment_start(p, eol);
		for (const char *q = c; q && q < eol; q++) {
			if (starts(q, eol, "expected-")) {
				struct st_loc at = {file, line, (uint32_t)(q - p) + 1};
				good &= parse_one(ex, q, eol, at, report);
				q += strlen("expected-") - 1;
			}
		}
		ex->ok &= good;
		bool annotated = ex->v.n != before || !good;
		if (!annotated) {
			ex->last_plain = line;
			for (size_t k = 0; k < ex->below.n; k++)
				ex->v.v[ex->below.v[k]].line = line;
			st_vec_clear(&ex->below);
		}
		p = eol < end ? eol + 1 : end;
	}
	for (size_t k = 0; k < ex->below.n; k++) {
		st_error(report, ex->v.v[ex->below.v[k]].at, "'@below' has no line below it");
		ex->ok = false;
	}
}

static int by_line(const void *x, const void *y)
{
	const struct expected *a = *(const struct expected *const *)x, *b = *(const struct expected *const *)y;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a < b ? -1 : a > b; /* annotation order within a line */
}

bool st_verify_expected_diagnostics(const struct st_diag_engine *collected, const char *file, const char *text,
                                    size_t len, uint32_t first_line, bool remarks, struct st_diag_engine *report)
{
	struct expectations ex = {.ok = true};
	scan(&ex, file, text, len, first_line, report);
	/* Annotations sorted by line, so matching is O((D + E) log E). */
	struct expected **sorted = st_xmalloc((ex.v.n + 1) * sizeof *sorted);
	for (size_t k = 0; k < ex.v.n; k++)
		sorted[k] = &ex.v.v[k];
	qsort(sorted, ex.v.n, sizeof *sorted, by_line);
	for (size_t i = 0; i < collected->diags.n; i++) {
		const struct st_diag *g = &collected->diags.v[i];
		if (g->sev == ST_SEV_REMARK && !remarks)
			continue;
		bool found = false;
		if (g->loc.line && g->loc.file && strcmp(g->loc.file, file) == 0) {
			size_t lo = 0, hi = ex.v.n;
			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;
				if (sorted[mid]->line < g->loc.line)
					lo = mid + 1;
				else
					hi = mid;
			}
			for (size_t k = lo; k < ex.v.n && sorted[k]->line == g->loc.line && !found; k++) {
				struct expected *e = sorted[k];
				if (!e->matched && e->sev == g->sev && text_matches(e, g->msg))
					e->matched = found = true;
			}
		}
		if (!found) {
			st_error(report, g->loc, "unexpected %s: %s", st_severity_name(g->sev), g->msg);
			ex.ok = false;
		}
	}
	for (size_t k = 0; k < ex.v.n; k++) {
		struct expected *e = &ex.v.v[k];
		if (e->matched)
			continue;
		if (e->line == e->at.line)
			st_error(report, e->at, "expected %s \"%s\" was not produced", st_severity_name(e->sev), e->text);
		else
			st_error(report, e->at, "expected %s \"%s\" was not produced on line %u", st_severity_name(e->sev),
			         e->text, e->line);
		ex.ok = false;
	}
	free(sorted);
	for (size_t k = 0; k < ex.v.n; k++) {
		if (ex.v.v[k].is_regex)
			regfree(&ex.v.v[k].re);
		free(ex.v.v[k].text);
	}
	st_vec_free(&ex.v);
	st_vec_free(&ex.below);
	return ex.ok;
}
