/* Pass options: parsing option text against a pass's schema, and printing it
 * back canonically. The grammar is in include/stinkytofu/pass_manager.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/pass_manager.h"

static const struct st_loc noloc;

const char *st_opt_type_name(enum st_opt_type t)
{
	switch (t) {
	case ST_OPT_FLAG: return "flag";
	case ST_OPT_INT: return "integer";
	case ST_OPT_STRING: return "string";
	case ST_OPT_LIST: return "list";
	}
	st_unreachable("bad option type");
}

bool st_opt_range_text(char *out, size_t n, const struct st_pass_option *o)
{
	if (o->type != ST_OPT_INT || (o->min == INT64_MIN && o->max == INT64_MAX))
		return false;
	if (o->max == INT64_MAX)
		snprintf(out, n, "at least %lld", (long long)o->min);
	else if (o->min == INT64_MIN)
		snprintf(out, n, "at most %lld", (long long)o->max);
	else
		snprintf(out, n, "in %lld..%lld", (long long)o->min, (long long)o->max);
	return true;
}

static bool issep(char c) { return c == ',' || c == ' ' || c == '\t'; }
static bool isbare(char c) { return c && !issep(c) && c != '{' && c != '}' && c != '"' && c != '='; }
static bool isnamechar(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-'; }

/* A value as written, before its type is known. */
struct rawval {
	bool present; /* NAME=... rather than NAME alone */
	bool list;    /* written in braces */
	ST_VEC(char *) items; /* one item unless `list` */
};

static void rawval_free(struct rawval *r)
{
	for (size_t i = 0; i < r->items.n; i++)
		free(r->items.v[i]);
	st_vec_free(&r->items);
}

struct cursor {
	const char *start, *p, *end;
	const struct st_pass_info *pass; /* NULL while parsing a schema default */
	struct st_diag_engine *d;
};

static bool fail(struct cursor *c, const char *what)
{
	if (c->d)
		st_error(c->d, noloc, "bad options for pass '%s' at offset %zu: %s",
		         c->pass ? c->pass->name : "?", (size_t)(c->p - c->start), what);
	return false;
}

static void skipsep(struct cursor *c)
{
	while (c->p < c->end && issep(*c->p))
		c->p++;
}

/* bare | '"' text '"' */
static bool parse_word(struct cursor *c, char **out)
{
	if (c->p < c->end && *c->p == '"') {
		struct st_buf b = {0};
		c->p++;
		while (c->p < c->end && *c->p != '"') {
			if (*c->p == '\\' && c->p + 1 < c->end && (c->p[1] == '"' || c->p[1] == '\\'))
				c->p++;
			st_buf_putc(&b, *c->p++);
		}
		if (c->p == c->end) {
			st_buf_free(&b);
			return fail(c, "unterminated quoted value");
		}
		c->p++;
		*out = st_xstrdup(st_buf_cstr(&b));
		st_buf_free(&b);
		return true;
	}
	const char *s = c->p;
	while (c->p < c->end && isbare(*c->p))
		c->p++;
	if (c->p == s)
		return fail(c, "expected a value");
	*out = st_xstrndup(s, (size_t)(c->p - s));
	return true;
}

static bool parse_value(struct cursor *c, struct rawval *r)
{
	r->present = true;
	char *w;
	if (c->p < c->end && *c->p == '{') {
		r->list = true;
		c->p++;
		for (;;) {
			skipsep(c);
			if (c->p < c->end && *c->p == '}') {
				c->p++;
				return true;
			}
			if (c->p == c->end)
				return fail(c, "unterminated list: expected '}'");
			if (!parse_word(c, &w))
				return false;
			st_vec_push(&r->items, w);
			if (c->p < c->end && !issep(*c->p) && *c->p != '}')
				return fail(c, "expected ',' or '}' in list");
		}
	}
	if (!parse_word(c, &w))
		return false;
	st_vec_push(&r->items, w);
	return true;
}

static bool parse_int(const char *s, int64_t *out)
{
	if (!*s || isspace((unsigned char)*s))
		return false;
	const char *digits = s + (*s == '-' || *s == '+');
	bool hex = digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
	if (!*digits || (hex && !digits[2]))
		return false;
	char *endp;
	errno = 0;
	long long v = strtoll(s, &endp, hex ? 16 : 10);
	if (errno || *endp)
		return false;
	*out = v;
	return true;
}

static bool type_error(struct st_diag_engine *d, const struct st_pass_info *pass,
                       const struct st_pass_option *o, const char *what)
{
	if (d)
		st_error(d, noloc, "option '%s' of pass '%s' expects %s", o->name, pass ? pass->name : "?", what);
	return false;
}

/* Converts a raw value to the option's type. */
static bool convert(struct st_diag_engine *d, const struct st_pass_info *pass, const struct st_pass_option *o,
                    const struct rawval *r, struct st_opt_value *v, struct st_arena *a)
{
	const char *w = r->items.n ? r->items.v[0] : "";
	switch (o->type) {
	case ST_OPT_FLAG:
		if (!r->present) {
			v->flag = true;
			return true;
		}
		if (!r->list && (strcmp(w, "true") == 0 || strcmp(w, "1") == 0)) {
			v->flag = true;
			return true;
		}
		if (!r->list && (strcmp(w, "false") == 0 || strcmp(w, "0") == 0)) {
			v->flag = false;
			return true;
		}
		if (d)
			st_error(d, noloc, "option '%s' of pass '%s' is a flag: expected true or false, got '%s'",
			         o->name, pass ? pass->name : "?", r->list ? "{...}" : w);
		return false;
	case ST_OPT_INT:
		if (!r->present || r->list)
			return type_error(d, pass, o, "an integer value (NAME=N)");
		if (!parse_int(w, &v->i)) {
			if (d)
				st_error(d, noloc, "option '%s' of pass '%s' expects an integer, got '%s'", o->name,
				         pass ? pass->name : "?", w);
			return false;
		}
		if (v->i < o->min || v->i > o->max) {
			if (d) {
				char range[64];
				st_opt_range_text(range, sizeof range, o);
				st_error(d, noloc, "option '%s' of pass '%s' must be %s, got '%s'", o->name,
				         pass ? pass->name : "?", range, w);
			}
			return false;
		}
		return true;
	case ST_OPT_STRING:
		if (!r->present || r->list)
			return type_error(d, pass, o, "a string value (NAME=TEXT or NAME=\"TEXT\")");
		v->s = st_arena_strndup(a, w, strlen(w));
		return true;
	case ST_OPT_LIST:
		if (!r->present)
			return type_error(d, pass, o, "a list value (NAME={a,b} or NAME=a)");
		v->nlist = r->items.n;
		v->list = st_arena_alloc(a, (r->items.n ? r->items.n : 1) * sizeof *v->list);
		for (size_t k = 0; k < r->items.n; k++)
			v->list[k] = st_arena_strndup(a, r->items.v[k], strlen(r->items.v[k]));
		return true;
	}
	st_unreachable("bad option type");
}

/* Schema defaults are written in the option grammar too ("", "3", "{a,b}"). */
static void set_default(const struct st_pass_option *o, struct st_opt_value *v, struct st_arena *a)
{
	memset(v, 0, sizeof *v);
	const char *t = o->default_value ? o->default_value : "";
	if (!*t) {
		if (o->type == ST_OPT_STRING)
			v->s = "";
		return;
	}
	struct cursor c = {t, t, t + strlen(t), NULL, NULL};
	struct rawval r = {0};
	bool ok = parse_value(&c, &r) && c.p == c.end && convert(NULL, NULL, o, &r, v, a);
	rawval_free(&r);
	if (!ok)
		st_unreachable("a pass schema has a malformed default value");
}

const char *st_pass_suggest_option(const struct st_pass_info *pass, const char *name)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1;
	for (size_t k = 0; k < pass->noptions; k++) {
		size_t dist = st_edit_distance(name, pass->options[k].name);
		if (dist < bestd) {
			bestd = dist;
			best = pass->options[k].name;
		}
	}
	return best && bestd <= strlen(best) / 2 ? best : NULL;
}

static void unknown_option(struct st_diag_engine *d, const struct st_pass_info *pass, const char *name)
{
	const char *sugg = st_pass_suggest_option(pass, name);
	if (sugg) {
		st_error(d, noloc, "unknown option '%s' for pass '%s'; did you mean '%s'?", name, pass->name, sugg);
		return;
	}
	if (!pass->noptions) {
		st_error(d, noloc, "unknown option '%s' for pass '%s', which takes no options", name, pass->name);
		return;
	}
	struct st_buf b = {0};
	for (size_t k = 0; k < pass->noptions; k++)
		st_buf_printf(&b, "%s%s", k ? ", " : "", pass->options[k].name);
	st_error(d, noloc, "unknown option '%s' for pass '%s' (its options: %s)", name, pass->name, st_buf_cstr(&b));
	st_buf_free(&b);
}

bool st_pass_parse_options(const struct st_pass_info *pass, const char *text, size_t len,
                           struct st_opt_value *out, struct st_arena *a, struct st_diag_engine *d)
{
	for (size_t k = 0; k < pass->noptions; k++)
		set_default(&pass->options[k], &out[k], a);
	struct cursor c = {text, text, text + len, pass, d};
	bool ok = true;
	for (;;) {
		skipsep(&c);
		if (c.p == c.end)
			break;
		const char *ns = c.p;
		while (c.p < c.end && isnamechar(*c.p))
			c.p++;
		if (c.p == ns)
			return fail(&c, "expected an option name");
		char *name = st_xstrndup(ns, (size_t)(c.p - ns));
		struct rawval r = {0};
		bool good = true;
		if (c.p < c.end && *c.p == '=') {
			c.p++;
			good = parse_value(&c, &r);
		}
		if (good && c.p < c.end && !issep(*c.p))
			good = fail(&c, "expected ',' or a blank between options");
		if (!good) {
			free(name);
			rawval_free(&r);
			return false;
		}
		size_t k = 0;
		while (k < pass->noptions && strcmp(pass->options[k].name, name) != 0)
			k++;
		if (k == pass->noptions) {
			unknown_option(d, pass, name);
			ok = false;
		} else if (out[k].set) {
			st_error(d, noloc, "option '%s' of pass '%s' is given twice", name, pass->name);
			ok = false;
		} else {
			struct st_opt_value v = out[k];
			if (convert(d, pass, &pass->options[k], &r, &v, a)) {
				v.set = true;
				out[k] = v;
			} else {
				ok = false;
			}
		}
		free(name);
		rawval_free(&r);
	}
	return ok;
}

static void print_word(struct st_buf *out, const char *s)
{
	bool bare = *s != 0;
	for (const char *p = s; *p; p++)
		if (!isbare(*p))
			bare = false;
	if (bare) {
		st_buf_puts(out, s);
		return;
	}
	st_buf_put_quoted(out, s);
}

void st_pass_print_options(struct st_buf *out, const struct st_pass_info *pass,
                           const struct st_opt_value *opts, char sep)
{
	bool first = true;
	for (size_t k = 0; k < pass->noptions; k++) {
		const struct st_pass_option *o = &pass->options[k];
		const struct st_opt_value *v = &opts[k];
		if (!v->set)
			continue;
		if (!first)
			st_buf_putc(out, sep);
		first = false;
		st_buf_puts(out, o->name);
		switch (o->type) {
		case ST_OPT_FLAG:
			if (!v->flag)
				st_buf_puts(out, "=false");
			break;
		case ST_OPT_INT:
			st_buf_printf(out, "=%lld", (long long)v->i);
			break;
		case ST_OPT_STRING:
			st_buf_putc(out, '=');
			print_word(out, v->s);
			break;
		case ST_OPT_LIST:
			st_buf_puts(out, "={");
			for (size_t i = 0; i < v->nlist; i++) {
				if (i)
					st_buf_putc(out, ',');
				print_word(out, v->list[i]);
			}
			st_buf_putc(out, '}');
			break;
		}
	}
}
