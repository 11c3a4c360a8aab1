/* The entry points of the .stir reader: st_parse_stream and its memory and
 * FILE* forms.
 *
 * One struct st_parser per call drives the flex scanner (lexer.l, lex.c),
 * the bison grammar (parser.y) and its actions (actions.c); the module is
 * returned only when the whole input read without an error. */
#include <stdlib.h>
#include <string.h>

#include "parse/parse-internal.h"
#include "parse/lexer.h"
#include "stinkytofu/parse.h"

static struct st_module *parse(const char *filename, st_parse_read_fn *read, void *ctx, uint32_t first_line,
                               const struct st_lex_probe *probe, struct st_diag_engine *diag)
{
	struct st_parser p = {0};
	p.probe = probe;
	p.m = st_module_new(filename);
	/* Locations borrow the caller's name, which outlives collected diagnostics
	 * even when the module is freed on error. */
	p.file = filename ? filename : "<input>";
	p.diag = diag;
	p.read = read;
	p.read_ctx = ctx;
	p.line = first_line ? first_line : 1;
	p.col = 1;
	p.line_first = true;
	p.texts = st_arena_new();
	/* The operand scratch exists before the first instruction, so one
	 * without operands is built from an offset into it, not into NULL. */
	st_vec_reserve(&p.ops, 16);

	yyscan_t scanner;
	if (st_yylex_init_extra(&p, &scanner) != 0)
		st_out_of_memory();
	p.scanner = scanner;
	/* 2: the parser's stack is full, input nested too deeply; st_yyerror
	 * reported it where it happened. Parsing stopped there. */
	int rc = st_yyparse(&p, scanner);
	if (!p.too_many_errors && rc != 2)
		st_parse_finish(&p, first_line);

	st_yylex_destroy(scanner);
	st_arena_free(p.texts);
	st_buf_free(&p.cand);
	st_vec_free(&p.ops);
	st_vec_free(&p.fields);
	st_vec_free(&p.elems);
	st_vec_free(&p.vals);
	st_vec_free(&p.dict_store);
	st_vec_free(&p.elem_store);
	st_index_free(&p.attr_lists);
	st_index_free(&p.attr_texts);
	st_vec_free(&p.texts_seen);
	for (size_t k = 0; k < p.nlists; k++)
		free(p.lists[k]);
	free(p.lists);
	st_vec_free(&p.pending);
	st_map_free(&p.labels);
	st_buf_free(&p.sbuf);

	if (rc != 0 || p.nerrors) {
		st_module_free(p.m);
		return NULL;
	}
	for (size_t k = 0; k < p.m->funcs.n; k++)
		st_function_compute_preds(p.m->funcs.v[k]);
	return p.m;
}

struct st_module *st_parse_stream(const char *filename, st_parse_read_fn *read, void *ctx, uint32_t first_line,
                                  struct st_diag_engine *diag)
{
	return parse(filename, read, ctx, first_line, NULL, diag);
}

struct st_module *st_parse_probed(const char *filename, st_parse_read_fn *read, void *ctx,
                                  const struct st_lex_probe *probe, struct st_diag_engine *diag)
{
	return parse(filename, read, ctx, 1, probe, diag);
}

struct memory_input {
	const char *text;
	size_t len, pos;
};

static ptrdiff_t read_memory(void *ctx, char *buf, size_t max)
{
	struct memory_input *in = ctx;
	size_t n = in->len - in->pos < max ? in->len - in->pos : max;
	if (n)
		memcpy(buf, in->text + in->pos, n);
	in->pos += n;
	return (ptrdiff_t)n;
}

struct st_module *st_parse(const char *filename, const char *text, size_t len, uint32_t first_line,
                           struct st_diag_engine *diag)
{
	struct memory_input in = {text, len, 0};
	return st_parse_stream(filename, read_memory, &in, first_line, diag);
}

static ptrdiff_t read_file(void *ctx, char *buf, size_t max)
{
	FILE *f = ctx;
	size_t n = fread(buf, 1, max, f);
	/* A short read that hit an error: what was read first, the error next. */
	if (n == 0 && ferror(f))
		return -1;
	return (ptrdiff_t)n;
}

struct st_module *st_parse_file(const char *filename, FILE *f, struct st_diag_engine *diag)
{
	return st_parse_stream(filename, read_file, f, 1, diag);
}
