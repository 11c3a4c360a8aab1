/* State shared by the .stir scanner (lexer.l, lex.c), the grammar (parser.y),
 * the shared attribute lists (attrs.c), the semantic actions (actions.c) and
 * the entry points (parse.c). Private to lib/parse.
 *
 * One struct st_parser holds everything for one parse: where the input comes
 * from, the scanner's position, the function/block being filled, scratch
 * vectors reused for every statement (so parsing allocates only in the module
 * arena), and pending successor names resolved when their function ends.
 *
 * The scanner reads its input in chunks into flex's buffer (YY_INPUT, from
 * the caller's memory or a stream alike), so the text of a token is gone once
 * later input is read: tokens carry interned copies, never pointers into the
 * input. */
#ifndef STINKYTOFU_PARSE_INTERNAL_H
#define STINKYTOFU_PARSE_INTERNAL_H

#include <string.h>

#include "stinkytofu/diag.h"
#include "stinkytofu/ir.h"
#include "stinkytofu/parse.h"

/* Token and location types, the %union and token numbers (struct st_tok is
 * defined in parser.y's `%code requires`). */
#include "parse/parser.h"
/* The names flex's bison bridge expects. */
#define YYSTYPE ST_YYSTYPE
#define YYLTYPE ST_YYLTYPE

struct pending_succ {
	struct st_block *from;
	const char *name; /* interned, without '^' */
	struct st_loc loc;
};


enum parse_mode { MODE_UNKNOWN, MODE_FLAT, MODE_FUNCS };

/* Slots of the identifier operand, string and mnemonic memos (powers of two). */
enum { ST_PARSE_IDENT_MEMO = 256, ST_PARSE_STR_MEMO = 256, ST_PARSE_MNEMONIC_MEMO = 256 };

/* What a test sees of the scanner (test/unit/parse/test-lex-fast.c): each
 * token st_yylex returns, whether st_lex_fast found it, and st_lex_fast
 * turned off, so every token can be compared with the one the flex rules
 * alone make. */
struct st_lex_probe {
	bool dfa_only;
	/* text: the n bytes the token matched, valid only during the call. */
	void (*token)(void *ctx, int tok, bool fast, const ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text,
	              size_t n);
	void *ctx;
};

struct st_parser {
	struct st_module *m;
	struct st_diag_engine *diag;
	const char *file; /* interned in m */
	size_t nerrors;
	bool too_many_errors;

	/* Input: flex's YY_INPUT calls st_lex_read, which calls read. */
	st_parse_read_fn *read;
	void *read_ctx;
	bool read_failed;
	const struct st_lex_probe *probe; /* NULL but in tests */

	/* Scanner position: every byte is matched by some rule, which moves
	 * col along (st_lex_locate); newlines restart it. */
	void *scanner;
	uint32_t line;
	uint32_t col; /* of the next byte */
	uint32_t last_error_line;
	size_t tok_n; /* bytes of yytext that "unexpected ..." messages quote */
	struct st_loc comment_loc;
	bool comment_nl;
	int eof_state; /* 0: not reached, 1: final NEWLINE sent, 2: YYEOF sent */
	/* Newline classification (st_yylex): a newline inside an attribute
	 * dictionary is a DICT_NL, so recovery from a bad line skips a whole
	 * multi-line instruction instead of reading its tail as statements. */
	uint32_t depth;    /* unclosed attribute '{' of the current statement */
	bool line_first;   /* no token yet on this line */
	bool func_header;  /* the statement is `st.func @f() {`: its '{' opens the body */
	/* The token before ends an instruction's head, so a `{` after it may be
	 * attribute text read before: st_lex_fast reads this, and the DFA's
	 * start condition (ATTRS or INITIAL) is set from it only before the DFA
	 * runs (expect_attrs in lexer.l), not after every token. */
	bool expect_attrs;

	/* Structure being built. */
	enum parse_mode mode;
	struct st_function *func; /* current function; NULL between functions */
	struct st_block *block;   /* current block; NULL before the first label */
	bool block_closed;        /* the current block's Successors: line was seen */
	struct st_block *succ_block; /* block whose Successors: line is being read */
	ST_VEC(struct pending_succ) pending;
	struct st_map labels; /* block label (interned) -> block, in the current function */
	/* "st.name" as the scanner interned it -> "name" interned, by the
	 * former's pointer (st_parse_begin_inst); with NULL: none. */
	struct mnemonic_memo {
		const char *with, *without;
	} mnemonic_memo[ST_PARSE_MNEMONIC_MEMO];

	/* Per-statement scratch. Closed dictionaries and arrays are kept in
	 * dict_store/elem_store (a value's `i` is its start index there until
	 * the statement ends) so an instruction's attributes reach the arena
	 * only once, shared, through `attr_lists`. */
	ST_VEC(struct st_operand) ops;
	ST_VEC(struct st_value) vals; /* values not yet in a field or array */
	ST_VEC(struct st_attr) fields;
	ST_VEC(struct st_value) elems;
	ST_VEC(struct st_attr) dict_store;
	ST_VEC(struct st_value) elem_store;
	/* Attribute lists shared between instructions (attrs.c): by content,
	 * and by the text of a one-line dictionary that ends its statement, so
	 * a repeated `{ ... }` is one ATTRS_SEEN token (lexer.l, st_lex_brace). */
	struct shared_list {
		struct st_attr *attrs;
		uint32_t n;
		bool located; /* still the first instruction's own copy */
	} **lists;
	size_t nlists;
	struct st_index attr_lists; /* into `lists` */
	struct st_index attr_texts; /* into `texts_seen` */
	ST_VEC(struct attr_text {
		const char *s;
		size_t n;
		struct shared_list *sl;
	}) texts_seen;
	struct st_arena *texts;   /* the remembered texts of attr_texts */
	int prev_tok;             /* the token st_yylex returned last */
	int prev2_tok;            /* and the one before */
	uint32_t dict_open_line;  /* the statement's top-level '{' */
	uint32_t dict_open_col;
	uint32_t unclosed_line;   /* that '{', left open by the line before this one (0: none) */
	uint32_t unclosed_col;
	uint32_t dict_close_line; /* just past the matching '}' */
	uint32_t dict_close_col;
	/* The rest of the line after an instruction's '{' (trailing blanks
	 * cut), copied when it was read: remembered at the end of the statement
	 * if it is exactly the dictionary. */
	struct st_buf cand;
	uint32_t cand_line, cand_col;
	struct shared_list *seen; /* ATTRS_SEEN: the list its text stands for */
	struct shared_list *ended; /* the list of the instruction just ended */
	struct st_buf sbuf;
	/* The instruction being read: its mnemonic (interned, without "st.";
	 * NULL when there is none or its head was bad), where it starts, and how
	 * many of `ops` are its destinations (its sources follow them). It is
	 * built when it ends, with its operands in the same allocation. */
	const char *cur_name;
	struct st_loc cur_loc;
	size_t cur_ndsts;
	uint64_t wide_count; /* width of a too-wide register range read, not yet reported */
	/* The operand of an identifier read before, by its interned name
	 * (st_parse_ident_operand); its column is the occurrence's. */
	struct ident_memo {
		const char *s;
		struct st_operand op;
	} ident_memo[ST_PARSE_IDENT_MEMO];
	/* By first byte: the register class spelled last in a range `v[0:3]`
	 * (st_lex_reg_range); len 0: none. */
	struct class_memo {
		uint8_t len;
		uint8_t cls;
		char spelling[6];
	} class_memo[256];
	/* Strings the scanner interned lately (lex_intern in lex.c); s NULL: none. */
	struct str_memo {
		const char *s;
		size_t n;
	} str_memo[ST_PARSE_STR_MEMO];
};

/* The raw flex scanner and the wrapper the parser calls (both lexer.l). */
int st_yylex_raw(ST_YYSTYPE *val, ST_YYLTYPE *loc, void *scanner);
int st_yylex(ST_YYSTYPE *val, ST_YYLTYPE *loc, void *scanner);

/* A token's or a rule's place (bison's location) as diagnostics and the IR
 * keep it. */
static inline struct st_loc st_parse_loc(const struct st_parser *p, ST_YYLTYPE l)
{
	return (struct st_loc){p->file, l.line, l.col};
}

static inline bool st_tok_is(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* Scanner helpers (lex.c; st_lex_brace: attrs.c), called from lexer.l actions. */
/* Runs for every match (YY_USER_ACTION), so it is inline. */
static inline void st_lex_locate(struct st_parser *p, ST_YYLTYPE *loc, size_t n)
{
	loc->line = p->line;
	loc->col = p->col;
	p->col += (uint32_t)n;
	p->tok_n = n;
}
void st_lex_newline(struct st_parser *p);
/* YY_INPUT: up to max bytes of input into buf; 0 at the end or on a read
 * error, which is reported after the bytes [unmatched, buf). */
int st_lex_read(struct st_parser *p, const char *unmatched, char *buf, size_t max);
void st_lex_error(struct st_parser *p, struct st_loc loc, const char *fmt, ...) ST_PRINTF(3, 4);
void st_lex_bad_char(struct st_parser *p, struct st_loc loc, unsigned char c);
int st_lex_eof(struct st_parser *p, ST_YYLTYPE *loc);
int st_lex_definition(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n);
int st_lex_ident(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n);
int st_lex_int(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n);
int st_lex_hex(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n);
int st_lex_float(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n);
/* At "{" and the rest of its line (n bytes, at loc): how many bytes the
 * token keeps. 1 is a plain '{'; more is an instruction's attribute text
 * read before, an ATTRS_SEEN token standing for p->seen. */
int st_lex_brace(struct st_parser *p, const ST_YYLTYPE *loc, const char *text, size_t n);
/* At `class[lo]` or `class[lo:hi]` (indexes of at most 9 digits): n when it
 * is one REG_RANGE token (a register class, lo <= hi, where a register
 * operand may stand); else the length of the identifier, which is then
 * lexed alone so the input reads, and errors read, as token by token. */
size_t st_lex_reg_range(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n);
/* The same, with the class's length and the indexes already read. */
size_t st_lex_reg_range_of(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t idn, uint64_t lo,
                           uint64_t hi, size_t n);
int st_lex_string(struct st_parser *p, ST_YYSTYPE *val, const ST_YYLTYPE *loc, const char *text, size_t n);
/* A string token the scanner found to hold no backslash and no NUL. */
int st_lex_plain_string(struct st_parser *p, ST_YYSTYPE *val, const char *text, size_t n);

/* Shared attribute lists (attrs.c). */
/* Points the statement's closed dictionaries and arrays at their storage
 * once it can no longer move. */
void st_attrs_resolve(struct st_parser *p, struct st_attr *fields, uint32_t n);
uint64_t st_attrs_hash(const struct st_attr *a, uint32_t n);
/* The shared list equal to a[0..n) (hash h), or NULL. */
struct shared_list *st_attrs_find(struct st_parser *p, uint64_t h, const struct st_attr *a, uint32_t n);
/* a (in the module arena) becomes the shared list of its contents. */
struct shared_list *st_attrs_add(struct st_parser *p, uint64_t h, struct st_attr *a, uint32_t n);
struct st_attr *st_attrs_share(struct st_parser *p, struct shared_list *sl);
struct st_attr *st_attrs_copy(struct st_parser *p, const struct st_attr *src, uint32_t n, bool keep_locs);
void st_attrs_remember_text(struct st_parser *p);

/* st_parse_stream with a probe on the scanner (parse.c). */
struct st_module *st_parse_probed(const char *filename, st_parse_read_fn *read, void *ctx,
                                  const struct st_lex_probe *probe, struct st_diag_engine *diag);

/* Semantic actions (actions.c; diagnostics: lex.c), called from parser.y. */
void st_parse_error(struct st_parser *p, struct st_loc loc, const char *fmt, ...) ST_PRINTF(3, 4);
/* `unexpected` NULL means: quote the last token's text. */
void st_parse_syntax_error(struct st_parser *p, struct st_loc loc, const char *unexpected,
                           const char *const *expected, int nexpected);
void st_parse_recover(struct st_parser *p);
/* At the end of the input: closes the function still open. */
void st_parse_finish(struct st_parser *p, uint32_t first_line);
void st_parse_begin_function(struct st_parser *p, const struct st_tok *name, struct st_loc loc);
void st_parse_end_function(struct st_parser *p, struct st_loc loc);
void st_parse_begin_block(struct st_parser *p, const struct st_tok *name, struct st_loc loc);
void st_parse_label(struct st_parser *p, const struct st_tok *name, struct st_loc loc);
void st_parse_begin_successors(struct st_parser *p, struct st_loc loc);
void st_parse_successor(struct st_parser *p, const struct st_tok *name, struct st_loc loc);
void st_parse_begin_inst(struct st_parser *p, const struct st_tok *mnemonic, struct st_loc loc, struct st_loc mloc);
/* has_attrs: the statement's dictionary is on the value stack. */
void st_parse_end_inst(struct st_parser *p, bool has_attrs);
/* The statement's attributes were an ATTRS_SEEN token (p->seen). */
void st_parse_end_inst_seen(struct st_parser *p);
/* Operands: each appends one operand to p->ops. */
void st_parse_ident_operand(struct st_parser *p, const struct st_tok *id, struct st_loc loc);
void st_parse_reg_range(struct st_parser *p, const struct st_tok *cls, struct st_loc loc, const struct st_tok *lo,
                        struct st_loc lo_loc, const struct st_tok *hi, struct st_loc hi_loc);
/* Negates the operand appended last. */
void st_parse_negate(struct st_parser *p, struct st_loc loc);
/* The register operand just read is complete (loc: where it starts): a
 * range too wide is reported then. Inline, as nearly every register is fine. */
void st_parse_report_wide(struct st_parser *p, struct st_loc loc);
static inline void st_parse_end_reg(struct st_parser *p, struct st_loc loc)
{
	if (p->wide_count)
		st_parse_report_wide(p, loc);
}
void st_parse_reg_token(struct st_parser *p, const struct st_tok *t, struct st_loc loc);
void st_parse_literal(struct st_parser *p, int kind, const struct st_tok *t, struct st_loc loc);
void st_parse_hwreg(struct st_parser *p, const struct st_tok *fn, struct st_loc loc, int nargs,
                    const struct st_tok *id, const struct st_tok *off, const struct st_tok *size);
/* Values: each pushes one value on p->vals; push_field and push_elem pop it. */
void st_parse_scalar(struct st_parser *p, int kind, const struct st_tok *t);
void st_parse_push_field(struct st_parser *p, const struct st_tok *name, struct st_loc loc);
void st_parse_close_dict(struct st_parser *p, size_t mark);
/* $$ = mark, through a pointer: an action assigning one member of $$ makes
 * the compiler keep $$ in pieces, and every reduction then reassembles it
 * with a store-to-load forwarding stall. */
void st_parse_mark(size_t *val, size_t mark);
void st_parse_push_elem(struct st_parser *p);
void st_parse_close_array(struct st_parser *p, size_t mark);

#endif
