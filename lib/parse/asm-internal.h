/* Shared by the assembly reader's two files: asm-reader.c (lines, sections,
 * functions, blocks and edges) and asm-operands.c (one instruction line:
 * operands, modifiers, roles, symbols and expressions). */
#ifndef STINKYTOFU_ASM_INTERNAL_H
#define STINKYTOFU_ASM_INTERNAL_H

#include "stinkytofu/ir.h"
#include "stinkytofu/isa.h"

/* Interned pointer -> 64-bit value, open addressing (symbols, function
 * names, kernel names, labels). */
/* Maps keyed by interned pointers, over the library's st_map. */
static inline void asm_map_put(struct st_map *t, const void *key, uint64_t val)
{
	st_map_put(t, st_ptr_key(key), val);
}

static inline bool asm_map_get(const struct st_map *t, const void *key, uint64_t *val)
{
	const uint64_t *v = st_map_find(t, st_ptr_key(key));
	if (v && val)
		*val = *v;
	return v != NULL;
}

/* Classes of the bytes of an assembly line (asm_byte_class, asm-operands.c). */
enum {
	ASM_IDENT_START = 1, /* [A-Za-z_.$]: starts a name */
	ASM_DIGIT = 2,       /* [0-9] */
	ASM_SPLIT = 4,       /* ( ) [ ] , : blank: what ends, nests or marks an operand */
	ASM_OPERATOR = 8,    /* + - * / % & | ^ ~ < > !: what joins the words of an expression */
};
extern const uint8_t asm_byte_class[256];

static inline bool asm_ident_start(char c) { return asm_byte_class[(unsigned char)c] & ASM_IDENT_START; }
static inline bool asm_ident_char(char c) { return asm_byte_class[(unsigned char)c] & (ASM_IDENT_START | ASM_DIGIT); }

/* A branch whose target label is resolved when its function is complete. */
struct asm_branch {
	struct st_block *from;
	const struct st_inst *inst;
	const char *target; /* interned label name */
	uint32_t col;
};

struct piece {
	size_t start, end; /* an operand's text in its line */
};

ST_VEC_DECL(pieces, struct piece);

/* What the reader needs of a mnemonic's row, worked out once per reader
 * (asm-operands.c): its ISA row, its operand roles, and for the operand
 * check its slots. */
enum { ASM_MAX_SLOTS = 12, ASM_SLOT_REGISTER = ST_SLOT_SGPR + 1 /* a written slot: no number */ };
struct asm_row {
	const char *name; /* the mnemonic, interned */
	uint32_t len;     /* its length */
	bool target;      /* a branch whose first operand may be a label */
	const struct st_mnemonic *row; /* NULL when the table does not know it */
	const struct st_isa_info *isa;
	struct st_roles roles;
	bool known;       /* the table tells the operand count */
	bool shift_first; /* a short line leaves out the destination */
	bool ret_first;   /* an atomic names its destination only when it returns */
	uint32_t counts[2]; /* the operand counts allowed (bit n: n operands), without and with return */
	uint8_t nslots;
	uint8_t vaddr, saddr; /* a flat, global or scratch row's address slots (ASM_MAX_SLOTS: none) */
	uint8_t vdata_width;  /* an atomic's data VGPRs, from its type (0: not checked) */
	uint8_t sbase, sbase_width; /* a scalar memory row's base slot and its SGPRs (2, or 4 for a buffer) */
	uint16_t kmask; /* the slots whose kind is checked (not ST_SLOT_ANY) */
	uint8_t kinds[ASM_MAX_SLOTS]; /* enum st_slot_kind of each slot, or ASM_SLOT_REGISTER */
	const char *names[ASM_MAX_SLOTS];
	struct st_vgpr_msb_layout msb[2]; /* the VGPR MSB slot of each operand, without and with return */
};
ST_VEC_DECL(asm_rows, struct asm_row);

/* An `st.token:` list's text (in the input) and its shared mod.memtoken attribute. */
struct asm_token_list {
	const char *text;
	size_t len;
	struct st_attr *attr;
};
ST_VEC_DECL(asm_operands, struct st_operand);

struct asm_reader {
	struct st_module *m;
	struct st_diag_engine *diag;
	const char *file; /* interned */
	struct st_asm_source *src;
	uint32_t line;      /* number of the line being read */
	const char *line_end; /* where its text ends (the text has no terminating NUL) */
	struct st_map syms;    /* .set / `=` symbols -> value */
	struct st_map decls;   /* names declared .globl or .type @function */
	struct st_map kernels; /* names with an .amdhsa_kernel descriptor */
	struct st_map labels;  /* labels of the open function -> block */
	struct st_index row_index; /* mnemonic text -> its entry of rows */
	struct asm_rows rows;
	uint32_t last_row; /* the entry of rows of the last mnemonic read */
	ST_VEC(struct asm_token_list) token_lists; /* the st.token lists seen */
	struct st_index token_index;               /* st.token list text -> its entry of token_lists */
	uint32_t last_token_list;                  /* the entry of the last list read */
	bool has_decls;
	bool data;          /* in a data section: every line is verbatim */
	bool in_comment;    /* inside a '/' '*' comment that began on an earlier line */
	enum { VB_NONE, VB_MACRO, VB_KERNEL, VB_METADATA } vblock;
	int macro_depth;
	bool wait_style_seen;
	bool close_after;   /* the line was the open function's .size: close it after placing the line */
	struct st_function *func; /* the open function, or NULL */
	struct st_block *block;   /* where the next item goes */
	bool after_term;          /* the last instruction ended a block */
	bool block_synth;         /* `block` has a made-up label (it starts after a terminator) */
	bool block_has_code;      /* `block` holds a label or an instruction */
	struct st_loc open_at;    /* where the unterminated comment or verbatim block began */
	ST_VEC(struct st_inst *) pending; /* verbatim items read while no function is open */
	ST_VEC(struct asm_branch) branches; /* of the open function */
	ST_VEC(struct st_block *) setpcs;   /* blocks ending in s_setpc, resolved at the end */
	ST_VEC(bool) sets_msb; /* by function index: whether an instruction of it sets the VGPR MSB mode */
	ST_VEC(struct st_operand) ops;      /* scratch: the operands of one instruction */
	struct pieces pieces;               /* scratch: their texts */
	struct asm_operands dsts, srcs;     /* scratch: the instruction's destinations and sources */
	char *clean;    /* scratch: the line with comments blanked, as long as the longest line, and
	                 * ASM_CODE_SLACK zero bytes after it */
	size_t cleancap;
	size_t nerrors;
};

/* The bytes after a line's end in the reader's clean copy that may be read
 * (sixteen at a time) and are zero. */
#define ASM_CODE_SLACK 16

/* Until asm_resolve_vgpr_msb runs, a VGPR operand written v0..v255 carries
 * its VGPR MSB slot (enum st_vgpr_msb_slot) in its index: ASM_MSB_TAG |
 * slot << ASM_MSB_SLOT_SHIFT | the number written. */
#define ASM_MSB_TAG 0x80000000u
#define ASM_MSB_SLOT_SHIFT 28

/* Gives every VGPR operand of the module its real register under the VGPR
 * MSB mode the CFG brings to it (asm-msb.c); errors where it is unknown. */
void asm_resolve_vgpr_msb(struct asm_reader *r);

/* Located error at `loc`. */
void error_at(struct asm_reader *r, struct st_loc loc, const char *fmt, ...) ST_PRINTF(3, 4);

/* Located error on the current line at column `col` (1-based). */
void asm_error(struct asm_reader *r, uint32_t col, const char *fmt, ...) ST_PRINTF(3, 4);
void asm_warning(struct asm_reader *r, uint32_t col, const char *fmt, ...) ST_PRINTF(3, 4);

/* Evaluates the integer expression s[0..n) over the reader's symbols:
 * true with *val, or false; *undefined is set to the first undefined
 * symbol (interned) when that is why. */
bool asm_eval(struct asm_reader *r, const char *s, size_t n, int64_t *val, const char **undefined);

/* Reads the instruction at code[start..end) (comments blanked, readable
 * ASM_CODE_SLACK bytes past the line) on the current line, whose mnemonic
 * ends at name_end (0: not scanned yet); st_token is the `// st.token:` list of the line or NULL.
 * Returns the instruction (not yet placed), or NULL after an error. */
struct st_inst *asm_instruction(struct asm_reader *r, const char *code, size_t start, size_t name_end, size_t end,
                                const char *st_token);

#endif
