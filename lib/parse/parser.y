/* The .stir grammar (docs/stir-format.md). A pure LALR(1) parser: a file is a
 * sequence of newline-terminated statements (function header, `}`, block
 * label, in-block label, Successors line, instruction); nesting is tracked by
 * the actions in actions.c, which keeps recovery simple: a bad statement is
 * skipped up to the end of its line and parsing goes on. Actions only call
 * into actions.c so the generated code stays free of our logic. */
%code requires {
#include "stinkytofu/ir.h"

typedef void *yyscan_t;
struct st_parser;

/* A symbol's place in the input. Its file is the parse's (st_parse_loc
 * makes the struct st_loc of diagnostics and the IR), so bison's location
 * stack moves 8 bytes a symbol, not 16. */
struct st_yyloc {
	uint32_t line, col;
};

/* A token's value. Its text is interned when it is lexed (the input it
 * came from is overwritten as the scanner reads on), so it outlives the
 * lookahead and the value stack. */
struct st_tok {
	const char *s; /* interned: identifiers and definitions: the name; STRING: contents, unescaped; HEX/FLOAT: spelling */
	uint32_t n;    /* strlen(s) */
	uint8_t kind;  /* IDENT, INT, HEX: the st_operand_kind of an hwreg id spelled so; REG_RANGE: the st_regclass */
	int64_t i;     /* INT, HEX, BOOL */
	union {
		double f;   /* FLOAT */
		int64_t hi; /* REG_RANGE: last index (i is the first) */
	};
};
}

%code {
#include <stdlib.h>

#include "parse/parse-internal.h"

static void st_yyerror(const ST_YYLTYPE *loc, struct st_parser *p, yyscan_t scanner, const char *msg);

/* The parser's stack grows through st_xmalloc (out of memory is
 * st_out_of_memory's), so yyparse returns 2 only for a full stack. */
#define YYMALLOC st_xmalloc
#define YYFREE free

#define LOC(l) st_parse_loc(p, (l))

/* Past too many errors, the statement just read is the last. */
#define END_STMT                                                               \
	do {                                                                       \
		if (p->too_many_errors)                                                \
			YYABORT;                                                           \
	} while (0)

/* A rule's location is its first symbol's (an empty rule's: the previous end). */
#define YYLLOC_DEFAULT(cur, rhs, n)                                            \
	do {                                                                       \
		if (n)                                                                 \
			(cur) = YYRHSLOC(rhs, 1);                                          \
		else                                                                   \
			(cur) = YYRHSLOC(rhs, 0);                                          \
	} while (0)
}

%define api.pure full
%define api.prefix {st_yy}
%define api.location.type {struct st_yyloc}
%define api.header.include {"parse/parser.h"}
%define parse.error custom
%locations
%expect 0
%parse-param {struct st_parser *p} {yyscan_t scanner}
%lex-param {yyscan_t scanner}

/* Semantic values stay small (bison copies one per shift and reduction):
 * operands go straight onto the statement's operand list and attribute
 * values onto a value stack in struct st_parser. */
%union {
	struct st_tok tok;
	size_t mark;
}

%token <tok> IDENT "identifier"
%token <tok> BLOCK_REF "block reference"
%token <tok> FUNC_NAME "function name"
%token <tok> BLOCK_DEF "block label"
%token <tok> LABEL_DEF "label"
%token <tok> INT "integer"
%token <tok> HEX "hex integer"
%token <tok> FLOAT "float"
%token <tok> STRING "string"
%token <tok> BOOL "boolean"
%token KW_FUNC "'st.func'"
%token SUCCESSORS "'Successors:'"
%token NEWLINE "end of line"
%token DICT_NL "line break"
%token LEX_ERROR "invalid token"
%token ATTRS_SEEN "'{'"
%token <tok> REG_RANGE "register range"

%type <tok> hw_id
%type <mark> dict_open array_open

%%

/* A statement is reduced with the file before it, and an instruction's
 * operand list is one rule per operand: every reduction bison makes copies a
 * value and a location and finds its next state, so an instruction line costs
 * a reduction per operand and three more (its head, its attributes, the line),
 * not one per nesting level of the grammar. */
file:
	  %empty
	| file NEWLINE                                          { END_STMT; }
	| file KW_FUNC FUNC_NAME '(' ')' '{'                    { st_parse_begin_function(p, &$3, LOC(@2)); END_STMT; }
	| file '}'                                              { st_parse_end_function(p, LOC(@2)); END_STMT; }
	| file BLOCK_DEF                                        { st_parse_begin_block(p, &$2, LOC(@2)); END_STMT; }
	| file LABEL_DEF                                        { st_parse_label(p, &$2, LOC(@2)); END_STMT; }
	| file succ_head succ_list NEWLINE                      { END_STMT; }
	| file succ_head NEWLINE                                { END_STMT; }
	| file succ_head NEWLINE succ_list NEWLINE              { END_STMT; }
	| file inst_head attrs NEWLINE                          { END_STMT; }
	| file inst_head '(' ')' attrs NEWLINE                  { END_STMT; }
	| file inst_head '(' operands ')' attrs NEWLINE         { END_STMT; }
	| file inst_head '(' operands ',' ')' attrs NEWLINE     { END_STMT; }
	| file error NEWLINE                                    { yyerrok; st_parse_recover(p); END_STMT; }
	;

succ_head:
	  SUCCESSORS                          { st_parse_begin_successors(p, LOC(@1)); }
	;

succ_list:
	  BLOCK_REF                           { st_parse_successor(p, &$1, LOC(@1)); }
	| succ_list ',' BLOCK_REF             { st_parse_successor(p, &$3, LOC(@3)); }
	;

/* The operands before it are the destinations, those after it the sources:
 * one list rule serves both. */
inst_head:
	  STRING                              { st_parse_begin_inst(p, &$1, LOC(@1), LOC(@1)); }
	| operands '=' STRING                 { st_parse_begin_inst(p, &$3, LOC(@1), LOC(@3)); }
	| operands ',' '=' STRING             { st_parse_begin_inst(p, &$4, LOC(@1), LOC(@4)); }
	;

/* The common operands (registers, names, integers) are the list's own
 * alternatives, so each is one reduction; the others go through `operand`. */
operands:
	  IDENT                               { st_parse_ident_operand(p, &$1, LOC(@1)); }
	| REG_RANGE                           { st_parse_reg_token(p, &$1, LOC(@1)); st_parse_end_reg(p, LOC(@1)); }
	| INT                                 { st_parse_literal(p, ST_OPND_INT, &$1, LOC(@1)); }
	| operand
	| operands ',' IDENT                  { st_parse_ident_operand(p, &$3, LOC(@3)); }
	| operands ',' REG_RANGE              { st_parse_reg_token(p, &$3, LOC(@3)); st_parse_end_reg(p, LOC(@3)); }
	| operands ',' INT                    { st_parse_literal(p, ST_OPND_INT, &$3, LOC(@3)); }
	| operands ',' operand
	;

attrs:
	  %empty                              { st_parse_end_inst(p, false); }
	| dict                                { st_parse_end_inst(p, true); }
	| ATTRS_SEEN                          { st_parse_end_inst_seen(p); }
	;

/* Each operand rule appends its operand to the statement's list; only a
 * negated register goes through `reg`. */
operand:
	  reg_index                           { st_parse_end_reg(p, LOC(@1)); }
	| '-' reg                             { st_parse_negate(p, LOC(@1)); }
	| HEX                                 { st_parse_literal(p, ST_OPND_HEX, &$1, LOC(@1)); }
	| FLOAT                               { st_parse_literal(p, ST_OPND_FLOAT, &$1, LOC(@1)); }
	| STRING                              { st_parse_literal(p, ST_OPND_STRING, &$1, LOC(@1)); }
	| IDENT '(' hw_id ')'                 { st_parse_hwreg(p, &$1, LOC(@1), 1, &$3, NULL, NULL); }
	| IDENT '(' hw_id ',' INT ')'         { st_parse_hwreg(p, &$1, LOC(@1), 2, &$3, &$5, NULL); }
	| IDENT '(' hw_id ',' INT ',' INT ')' { st_parse_hwreg(p, &$1, LOC(@1), 3, &$3, &$5, &$7); }
	;

/* An identifier is never a register range, so it needs no st_parse_end_reg. */
reg:
	  IDENT                               { st_parse_ident_operand(p, &$1, LOC(@1)); }
	| REG_RANGE                           { st_parse_reg_token(p, &$1, LOC(@1)); }
	| reg_index
	;

reg_index:
	  IDENT '[' INT ']'                   { st_parse_reg_range(p, &$1, LOC(@1), &$3, LOC(@3), &$3, LOC(@3)); }
	| IDENT '[' INT ':' INT ']'           { st_parse_reg_range(p, &$1, LOC(@1), &$3, LOC(@3), &$5, LOC(@5)); }
	;

/* The lexer set the kind: an action storing it into $$ would make every
 * reduction rebuild its value from pieces. */
hw_id:
	  IDENT
	| INT
	| HEX
	;

/* Values (scalar, array, dict) are pushed on the value stack; field and
 * elems take them off. */
dict:
	  dict_open nl_opt '}'                                   { st_parse_close_dict(p, $1); }
	| dict_open nl_opt fields nl_opt '}'                     { st_parse_close_dict(p, $1); }
	| dict_open nl_opt fields nl_opt ',' nl_opt '}'          { st_parse_close_dict(p, $1); }
	;

dict_open:
	  '{'                                 { st_parse_mark(&$$, p->fields.n); }
	;

fields:
	  field
	| fields nl_opt ',' nl_opt field
	;

field:
	  IDENT '=' value                     { st_parse_push_field(p, &$1, LOC(@1)); }
	;

nl_opt:
	  %empty
	| nl_opt DICT_NL
	;

value:
	  scalar
	| array
	| dict
	;

scalar:
	  INT                                 { st_parse_scalar(p, ST_VAL_INT, &$1); }
	| HEX                                 { st_parse_scalar(p, ST_VAL_HEX, &$1); }
	| FLOAT                               { st_parse_scalar(p, ST_VAL_FLOAT, &$1); }
	| STRING                              { st_parse_scalar(p, ST_VAL_STRING, &$1); }
	| BOOL                                { st_parse_scalar(p, ST_VAL_BOOL, &$1); }
	| IDENT                               { st_parse_scalar(p, ST_VAL_NAME, &$1); }
	;

array:
	  array_open ']'                      { st_parse_close_array(p, $1); }
	| array_open elems ']'                { st_parse_close_array(p, $1); }
	| array_open elems ',' ']'            { st_parse_close_array(p, $1); }
	;

array_open:
	  '['                                 { st_parse_mark(&$$, p->elems.n); }
	;

elems:
	  scalar                              { st_parse_push_elem(p); }
	| elems ',' scalar                    { st_parse_push_elem(p); }
	;

%%

static int yyreport_syntax_error(const yypcontext_t *ctx, struct st_parser *p, yyscan_t scanner)
{
	(void)scanner;
	yysymbol_kind_t tok = yypcontext_token(ctx);
	/* The scanner already reported why this token is bad. */
	if (tok == YYSYMBOL_LEX_ERROR)
		return 0;
	enum { MAX_EXPECTED = 5 };
	yysymbol_kind_t expected[MAX_EXPECTED];
	const char *names[MAX_EXPECTED];
	int n = yypcontext_expected_tokens(ctx, expected, MAX_EXPECTED);
	if (n < 0)
		n = 0;
	for (int k = 0; k < n; k++)
		names[k] = yysymbol_name(expected[k]);
	const char *what = NULL;
	if (tok == YYSYMBOL_YYEOF || (tok == YYSYMBOL_NEWLINE && p->eof_state))
		what = "end of file";
	else if (tok == YYSYMBOL_NEWLINE || tok == YYSYMBOL_DICT_NL)
		what = "end of line";
	st_parse_syntax_error(p, LOC(*yypcontext_location(ctx)), what, names, n);
	return 0;
}

/* Only bison's own failures arrive here: its stack is full (YYMAXDEPTH,
 * 10000 states), which only thousands of nested dictionaries reach. Bison
 * calls that "memory exhausted"; say what the input did. */
static void st_yyerror(const ST_YYLTYPE *loc, struct st_parser *p, yyscan_t scanner, const char *msg)
{
	(void)scanner;
	st_parse_error(p, LOC(*loc), "nested too deeply (%s)", msg);
}
