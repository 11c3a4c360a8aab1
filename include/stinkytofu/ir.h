/* The StinkyTofu IR: module -> functions -> blocks -> items.
 *
 * A block's items form an intrusive doubly linked list in program order; an
 * item is either an instruction or an in-block assembler label (kept so the
 * printer reproduces it in place). Memory-token PHIs built by the def-use
 * analysis are instructions of kind ST_ITEM_PHI kept in the block's `phis`
 * list, never in the item list, so the printer never sees them.
 *
 * Ownership: everything reachable from a module (functions, blocks,
 * instructions, operand arrays, attribute values, interned strings) lives in
 * the module's arena and is released by st_module_free. Erased instructions
 * stay in the arena until then. The only heap allocations outside the arena are
 * the block vectors (succs, preds, phis, blocks) and the def-use chain arena of
 * each function (ssa.h), also released by st_module_free. */
#ifndef STINKYTOFU_IR_H
#define STINKYTOFU_IR_H

#include "stinkytofu/diag.h"
#include "stinkytofu/isa.h"
#include "stinkytofu/support.h"

enum st_regclass {
#define ST_REGCLASS(e, name) ST_REG_##e,
#include "stinkytofu/regclass.def"
	ST_NUM_REGCLASSES
};
ST_API const char *st_regclass_name(enum st_regclass c);
/* How assembly spells a class (the ST_REGASM column of regclass.def). */
enum st_regasm_form { ST_REGASM_INDEXED, ST_REGASM_NAMED, ST_REGASM_IMPLICIT, ST_REGASM_PSEUDO };
ST_API const char *st_regclass_asm(enum st_regclass c, enum st_regasm_form *form);
/* Longest-prefix class lookup: returns the spelling length matched, or 0 when
 * no class spelling prefixes `ident` (of length n). */
ST_API size_t st_regclass_match(const char *ident, size_t n, enum st_regclass *cls);
/* Whether ident (n bytes) is one of the symbolic operands (regclass.def). */
ST_API bool st_symbolic_operand(const char *ident, size_t n);
/* The register or symbolic operand closest to the unknown identifier
 * `ident` (`vv2` -> `v2`, `sgpr2` -> `s2`, `V2` -> `v2`, `v2.0` -> `v2`),
 * written into buf; false when nothing is close. */
ST_API bool st_operand_suggest(const char *ident, char *buf, size_t cap);

enum st_operand_kind {
	ST_OPND_REG,    /* v5, v[0:3], -v0, LDS0 */
	ST_OPND_INT,    /* -1, 42 */
	ST_OPND_HEX,    /* 0x1F (spelling kept in `text`) */
	ST_OPND_FLOAT,  /* 1.5e3 (spelling kept in `text`) */
	ST_OPND_STRING, /* "loop" (unescaped contents in `text`) */
	ST_OPND_HWREG,  /* hwreg(id[, offset[, size]]) */
	ST_OPND_SYMBOL, /* off, vcc, BufferLimit: the symbolic operands of regclass.def */
	ST_OPND_LABEL,  /* label_Foo: a reference to an in-block label */
};

/* The widest register range: a register file (gfx1250 has 1024 VGPRs). Real
 * operands span at most 32 registers; the reader rejects wider ranges and
 * st_reg_operand asserts it, so a count fits 16 bits. */
#define ST_REG_MAX_COUNT 1024u

struct st_reg {
	uint32_t index; /* first register */
	uint16_t count; /* number of registers, 1..ST_REG_MAX_COUNT */
	uint8_t cls;    /* an enum st_regclass */
	bool neg;       /* written with a leading '-' */
};

/* hwreg(id[, offset[, size]]), rare enough to live behind a pointer. */
struct st_hwreg {
	const char *name; /* the id's spelling when symbolic or hex (printed back); NULL when decimal; interned */
	uint32_t nargs;   /* 1..3 */
	int64_t args[3];  /* args[0] is the id's value, then offset and size */
};

/* An operand sits on its instruction's line (newlines end statements), so it
 * keeps only its column: st_operand_loc rebuilds the location. The record is
 * packed to 20 bytes (4-byte aligned; the kind and the column share a word). */
#define ST_PACKED4 __attribute__((packed, aligned(4)))
struct st_operand {
	union {
		struct st_reg reg;          /* ST_OPND_REG */
		int64_t ival;               /* INT, HEX (value) */
		const struct st_hwreg *hw;  /* HWREG; in the module arena */
	};
	const char *text; /* HEX/FLOAT spelling, STRING contents, SYMBOL/LABEL name; interned */
	unsigned kind : 4; /* enum st_operand_kind */
	/* Column on the instruction's line; 0: at the instruction (operands
	 * made by passes, and columns past ST_OPERAND_MAX_COL: set it through
	 * st_operand_col). */
	unsigned col : 28;
} ST_PACKED4;

/* The last column an operand keeps: one further right (on a line of more
 * than 256 MiB) has column 0, and is reported at its instruction. */
#define ST_OPERAND_MAX_COL ((1u << 28) - 1)
static inline uint32_t st_operand_col(uint32_t col)
{
	return col <= ST_OPERAND_MAX_COL ? col : 0;
}

/* A kernel of 200,000 instructions holds about 460,000 operands: every byte
 * of these two structs costs half a megabyte there (docs/performance.md). */
_Static_assert(ST_NUM_REGCLASSES <= 256 && ST_REG_MAX_COUNT <= UINT16_MAX, "struct st_reg's fields hold them");
_Static_assert(sizeof(struct st_reg) == 8, "struct st_reg is 8 bytes: one per register operand");
_Static_assert(sizeof(struct st_operand) == 20, "struct st_operand is 20 bytes: 2.3 per instruction");
_Static_assert(ST_OPND_LABEL < 16, "an operand kind fits 4 bits");

enum st_value_kind {
	ST_VAL_INT,
	ST_VAL_HEX,    /* value in i, spelling in text */
	ST_VAL_FLOAT,  /* spelling in text, value in f */
	ST_VAL_STRING, /* contents in text */
	ST_VAL_BOOL,   /* i is 0 or 1 */
	ST_VAL_NAME,   /* bare identifier in text */
	ST_VAL_ARRAY,  /* elems[0..nelems) scalars */
	ST_VAL_DICT,   /* fields[0..nfields) in source order */
};

struct st_attr;

struct st_value {
	enum st_value_kind kind;
	int64_t i;
	double f;
	const char *text;
	struct st_value *elems;
	uint32_t nelems;
	struct st_attr *fields;
	uint32_t nfields;
};

/* An attribute `name = value`: issueCycles = 4, or mod.ds = { ... } (then the
 * name is "mod.ds" and the value a dict). Also used for dict fields.
 *
 * Attribute lists from the parser are shared between the instructions that
 * repeat one (with their nested values): treat them as read-only, as
 * st_inst_add_attr does (it copies). The first instruction with a list has
 * it with exact locations; repeats have loc.line 0 (use the instruction's). */
struct st_attr {
	const char *name; /* interned */
	struct st_loc loc;
	struct st_value value;
};

/* ST_ITEM_VERBATIM: a line of an assembly input that is neither a label nor
 * an instruction (a directive, a comment, a blank line, a line of a .macro
 * or descriptor block), kept in place so the file prints back as it was
 * read; its `name` is the line's text without the line end (not interned).
 * The passes never look at one. */
enum st_item_kind { ST_ITEM_INST, ST_ITEM_LABEL, ST_ITEM_PHI, ST_ITEM_VERBATIM };

/* Most operands or attributes one instruction holds: the counts below are 16
 * bits. The parser reports more as an error; the builders assert. */
#define ST_MAX_OPERANDS UINT16_MAX

struct st_block;
struct st_defuse;

/* Kernels reach millions of instructions, so this record is kept small
 * (asserted below): counts are 16 bits, flags pack next to them, and the
 * def-use chains, needed only while an analysis has them, live in a side
 * record (struct st_defuse, ssa.h) reached through `du`. */
struct st_inst {
	struct st_inst *prev, *next; /* item list of the block */
	struct st_block *block;
	const char *name;   /* mnemonic without "st." (or the label name); interned */
	const struct st_isa_info *isa; /* traits from the ISA table (never NULL) */
	struct st_loc loc;
	struct st_operand *dsts;
	struct st_operand *srcs;
	struct st_attr *attrs;
	/* Def-use chains, set by st_build_use_def_chain; NULL when the function
	 * has none (fresh IR, instructions created after the build, after
	 * st_remove_phis). Read them through the accessors of ssa.h. */
	struct st_defuse *du;
	uint16_t ndsts, nsrcs, nattrs; /* each at most ST_MAX_OPERANDS */
	/* Room of the three arrays, private to the st_inst_add_* builders (a
	 * code of st_inst_room, lib/ir/ir.c): 0 when the array is exactly full
	 * (as the parser leaves it, and shared attribute lists), so that the
	 * next addition copies it. A code in 4 bits is what lets `kind` and the
	 * flags share one 16-bit word with them. */
	unsigned lgcapdsts : 4, lgcapsrcs : 4, lgcapattrs : 4;
	unsigned kind : 2; /* enum st_item_kind */
	bool created : 1;  /* inserted by a pass (not from the input) */
	/* An assembly label with an instruction after it on its line: printed
	 * back alone when that instruction is erased or a wait precedes it. */
	bool shares_line : 1;
	uint32_t id; /* scratch numbering owned by whichever analysis runs */
} ST_PACKED4;

/* 100 bytes, not 192: on a 200,000-instruction kernel the instructions are
 * the largest single part of the memory (docs/performance.md "Memory"). The
 * record is packed to a 4-byte alignment so that the reader's operands
 * (st_inst_new_operands) follow its 100 bytes directly: the pointers stay
 * 8-byte aligned in every instruction the arena allocates. */
_Static_assert(sizeof(struct st_inst) <= 100, "struct st_inst grew: memory per instruction on large kernels");
_Static_assert(ST_ITEM_VERBATIM < 4, "an item kind fits 2 bits");

struct st_function;

struct st_block {
	const char *label; /* without '^'; interned */
	struct st_loc loc;
	struct st_function *func;
	uint32_t index; /* position in func->blocks */
	struct st_inst *first, *last; /* item list */
	ST_VEC(struct st_block *) succs;
	ST_VEC(struct st_loc) succ_locs; /* where each successor was named */
	ST_VEC(struct st_block *) preds; /* derived: st_function_compute_preds */
	ST_VEC(struct st_inst *) phis;   /* analysis-only memory-token/register PHIs */
	void *user;
};

struct st_module;

struct st_function {
	const char *name; /* without '@'; "" for a flat file */
	struct st_loc loc;
	struct st_module *module;
	ST_VEC(struct st_block *) blocks;
	/* Def-use chain storage (see ssa.h): PHIs and chain arrays. NULL when the
	 * function has no chains; released by st_module_free at the latest. */
	struct st_arena *chains;
	uint32_t nphis; /* PHIs numbered 0..nphis-1 by their `id` */
	/* false: an entry point, which starts with nothing in flight (every
	 * .stir function; in assembly see st_function_is_entry_point); true: a
	 * function of an assembly file that can be called with operations in
	 * flight. */
	bool callable;
};

/* Data an analysis leaves on a module for later queries, found by a key the
 * analysis owns (the address of one of its objects); `fini` releases it. */
struct st_module_attachment {
	const void *key;
	void *data;
	void (*fini)(void *data);
};

struct st_isa_memo;

/* The text of an assembly input, kept so that every item no pass changed is
 * printed back byte for byte: item lines are found by their loc.line. */
struct st_asm_source {
	const char *text;     /* the whole input (the caller's, who keeps it while the module lives) */
	char *owned;          /* text when the module owns it (rebuilt from .stir: st_asm_from_stir) */
	size_t len;
	uint32_t first_line;  /* line number of text's first line */
	uint32_t nlines;
	uint32_t *line_start; /* nlines + 1 offsets into text; the last is len */
	bool decimal_waits;   /* the input writes wait counts in decimal (else 0x..) */
};

struct st_module {
	struct st_arena *arena;
	struct st_interner *strings;
	const char *filename;
	bool flat; /* parsed from a file without st.func: printed back without it */
	ST_VEC(struct st_function *) funcs;
	ST_VEC(struct st_module_attachment) attachments; /* st_module_attach */
	/* st_isa_lookup results by interned mnemonic, so creating an instruction
	 * does not scan the ISA table (private to lib/ir). */
	struct st_isa_memo *isa_memo;
	/* Set when the module was read from assembly (lib/parse/asm-reader.c);
	 * released by st_module_free. */
	struct st_asm_source *asm_source;
};

/* Construction and lifetime. */
ST_API struct st_module *st_module_new(const char *filename);
ST_API void st_module_free(struct st_module *m);
ST_API const char *st_module_intern(struct st_module *m, const char *s);
/* Attaches `data` under `key`, releasing (fini) what was attached under that
 * key before; NULL data just releases. st_module_free releases attachments
 * before the IR, so fini may still look at it. */
ST_API void st_module_attach(struct st_module *m, const void *key, void *data, void (*fini)(void *data));
ST_API void *st_module_attachment(const struct st_module *m, const void *key);
ST_API struct st_function *st_function_new(struct st_module *m, const char *name, struct st_loc loc);
ST_API struct st_block *st_block_new(struct st_function *f, const char *label, struct st_loc loc);
ST_API struct st_block *st_function_find_block(const struct st_function *f, const char *label);
ST_API void st_block_add_succ(struct st_block *b, struct st_block *succ, struct st_loc loc);
/* Recomputes every block's predecessor list from the successor lists, in block
 * order (a block listing the same successor twice is one predecessor edge per
 * mention). */
ST_API void st_function_compute_preds(struct st_function *f);

/* The ISA row of an interned mnemonic (as st_isa_lookup, memoized per module). */
ST_API const struct st_isa_info *st_module_isa(struct st_module *m, const char *interned);
struct st_mnemonic;
/* The known-mnemonic row of an interned mnemonic (st_mnemonic_find, memoized
 * per module), or NULL when the ISA table does not know it. */
ST_API const struct st_mnemonic *st_module_mnemonic(struct st_module *m, const char *interned);

/* Instructions. A new instruction is detached until inserted. */
ST_API struct st_inst *st_inst_new(struct st_module *m, const char *mnemonic, struct st_loc loc);
/* The same for a mnemonic already interned in m->strings (the reader's). */
ST_API struct st_inst *st_inst_new_interned(struct st_module *m, const char *interned, struct st_loc loc);
/* The same with its ISA row (st_module_isa(m, interned), which a reader
 * keeps per mnemonic) and its operands, copied into one allocation with the
 * instruction (a reader knows them all when it builds one): the arrays are
 * exactly full, so a later st_inst_add_dst or st_inst_add_src copies its
 * array out. dsts or srcs may be NULL when its count is 0. */
ST_API struct st_inst *st_inst_new_operands(struct st_module *m, const char *interned,
                                            const struct st_isa_info *isa, struct st_loc loc,
                                            const struct st_operand *dsts, uint16_t ndsts,
                                            const struct st_operand *srcs, uint16_t nsrcs);
ST_API struct st_inst *st_label_new(struct st_module *m, const char *name, struct st_loc loc);
ST_API void st_inst_add_dst(struct st_module *m, struct st_inst *i, struct st_operand op);
ST_API void st_inst_add_src(struct st_module *m, struct st_inst *i, struct st_operand op);
ST_API void st_inst_add_attr(struct st_module *m, struct st_inst *i, struct st_attr attr);
ST_API void st_block_append(struct st_block *b, struct st_inst *i);
ST_API void st_inst_insert_before(struct st_inst *pos, struct st_inst *i);
ST_API void st_inst_insert_after(struct st_inst *pos, struct st_inst *i);
/* Unlinks the item from its block; its memory stays in the module arena. */
ST_API void st_inst_erase(struct st_inst *i);
/* Terminator: the last item of the block if it is an instruction whose ISA
 * traits say branch or end-of-program, else NULL. */
ST_API struct st_inst *st_block_terminator(const struct st_block *b);
ST_API size_t st_block_num_insts(const struct st_block *b);

/* Text and length of line `line` of an assembly source, line end included. */
ST_API const char *st_asm_line(const struct st_asm_source *src, uint32_t line, size_t *len);

#define st_foreach_item(b, it) for (struct st_inst *it = (b)->first; it; it = it->next)
/* Instructions only (skips in-block labels). */
#define st_foreach_inst(b, it)                                                 \
	for (struct st_inst *it = (b)->first; it; it = it->next)                   \
		if (it->kind == ST_ITEM_INST)

/* Operand and value builders. */
/* count is 1..ST_REG_MAX_COUNT (asserted). */
ST_API struct st_operand st_reg_operand(enum st_regclass cls, uint32_t index, uint32_t count);
ST_API struct st_operand st_int_operand(int64_t v);
/* A hwreg operand with nargs (1..3) arguments, args[0] the id's value; name
 * is the id's spelling when symbolic or hex, else NULL. Copied into the arena. */
ST_API struct st_operand st_hwreg_operand(struct st_module *m, const char *name, uint32_t nargs, const int64_t args[]);
/* Where an operand of `i` was written: the instruction's file and line with
 * the operand's column; the instruction's location for operands made by a
 * pass (col 0) or when the instruction has no line. */
ST_API struct st_loc st_operand_loc(const struct st_inst *i, const struct st_operand *op);
ST_API struct st_value st_int_value(int64_t v);
ST_API struct st_value st_bool_value(bool v);
/* A dict value from parallel arrays of field names and values (copied into the arena). */
ST_API struct st_value st_dict_value(struct st_module *m, size_t n, const char *const names[],
                                     const struct st_value vals[]);
ST_API struct st_value st_array_value(struct st_module *m, size_t n, const struct st_value elems[]);

/* Attribute lookup by name ("issueCycles", "mod.memtoken"); NULL if absent. */
ST_API const struct st_attr *st_inst_attr(const struct st_inst *i, const char *name);
/* Field lookup in a dict value; NULL if absent or not a dict. */
ST_API const struct st_attr *st_dict_field(const struct st_value *dict, const char *name);

/* The largest register index, and the largest LDS token id (LDS<t> is a
 * register of class LDS). */
#define ST_MAX_REG_INDEX 2147483647u

/* mod.memtoken: number of tokens (the values in *tokens, borrowed), or -1 when
 * the instruction carries no mod.memtoken. */
ST_API int st_inst_memtokens(const struct st_inst *i, const struct st_value **tokens);
/* st_inst_memtokens remembered per attribute list: instructions share their
 * lists, and a kernel has few, so a pass that asks it of every instruction
 * keeps one of these (zero-initialised) and mostly compares one address.
 * Direct-mapped by the list's address; valid while no list is changed in
 * place. */
enum { ST_MEMTOKEN_CACHE = 64 };
struct st_memtoken_cache {
	const struct st_attr *attrs[ST_MEMTOKEN_CACHE];
	uint16_t nattrs[ST_MEMTOKEN_CACHE];
	int n[ST_MEMTOKEN_CACHE];
	const struct st_value *tokens[ST_MEMTOKEN_CACHE];
};
ST_API int st_inst_memtokens_cached(struct st_memtoken_cache *c, const struct st_inst *i,
                                    const struct st_value **tokens);
/* Whether a mod.memtoken element is a token id (an integer in
 * 0..ST_MAX_REG_INDEX), and which. */
ST_API bool st_memtoken_id(const struct st_value *v, uint32_t *id);
/* The token ids of i's mod.memtoken, appended to `ids` in the order written:
 * returns how many, or -1 when the instruction carries no mod.memtoken (it is
 * untagged). Elements that are not token ids are skipped (the verifier reports
 * them). Every pass reads token ids through this. */
ST_API int st_inst_memtoken_ids(const struct st_inst *i, struct st_u32vec *ids);

/* Registers: `a` overlaps `b` when they share a class and an index. */
ST_API bool st_reg_overlaps(struct st_reg a, struct st_reg b);
ST_API bool st_reg_equal(struct st_reg a, struct st_reg b);
/* Formats a register as printed (`v5`, `v[0:3]`, `-v0`, `LDS1`) into buf. */
ST_API void st_reg_format(struct st_reg r, char *buf, size_t size);

/* Instruction traits (lib/ir/traits.c): the questions passes ask of an
 * instruction, answered from its ISA row (i->isa) and its operands. Labels and
 * PHIs have no traits. */
/* Counter of a memory operation (with `storesOnLoadcnt` semantics when
 * stores_on_loadcnt is set), or ST_CNT_NONE. */
ST_API enum st_counter st_inst_counter(const struct st_inst *i, bool stores_on_loadcnt);
ST_API bool st_inst_is_lds_reader(const struct st_inst *i); /* ds_load/ds_read/ds_atomic */
ST_API bool st_inst_is_lds_writer(const struct st_inst *i); /* tensor_load_to_lds, ds_store/ds_write */
ST_API bool st_inst_is_async_lds_reader(const struct st_inst *i);
ST_API bool st_inst_is_async_lds_writer(const struct st_inst *i);
/* A flat_* op: it may access LDS, so besides its own counter (LOAD or STORE)
 * it counts on DS, and it retires out of order with respect to both: only a
 * wait of 0 on both counters says it is complete. */
ST_API bool st_inst_is_flat(const struct st_inst *i);
/* A call (s_swappc_b64, s_swap_pc_i64, s_call_b64, s_call_i64): the callee may
 * return with operations of its own in flight (see callable). */
ST_API bool st_inst_is_call(const struct st_inst *i);
/* A cache invalidate (global_inv, ...): after an acquire load it must see the
 * load complete, so it waits for every load (LLVM's memory legalizer places
 * s_wait_loadcnt 0 before it, which StinkyRemoveWaitCntPass removes). */
ST_API bool st_inst_is_cache_inv(const struct st_inst *i);
/* s_setpc_b64 / s_set_pc_i64: a return, or a jump to a computed address. */
ST_API bool st_inst_is_setpc(const struct st_inst *i);
/* The s_setpc that ends a callable function (a block without successors):
 * control goes back to the caller. */
ST_API bool st_inst_is_return(const struct st_inst *i);
/* Whether f is an entry point, which starts with nothing in flight: an
 * .amdhsa_kernel descriptor names it (`has_descriptor`), or it ends the
 * program (it has an s_endpgm) and no path leaves it through a return (its
 * last instruction, padding after it apart, is no s_setpc): graphics shaders and the functions of a
 * code object's listing carry no descriptor. The readers set `callable` from
 * it, and the wait passes read `callable`. */
ST_API bool st_function_is_entry_point(const struct st_function *f, bool has_descriptor);
/* The VGPR MSB mode an instruction leaves (docs/asm-input.md "VGPR MSB
 * mode"): `s_set_vgpr_msb IMM` IMM & 0xff, a call 0, an s_setreg* of MODE
 * bits 12..19 ST_MSB_UNKNOWN; ST_MSB_KEEPS for every other instruction. */
enum { ST_MSB_KEEPS = -1, ST_MSB_UNKNOWN = -2 };
ST_API int st_inst_vgpr_msb_effect(const struct st_inst *i);
/* The second counter a memory op occupies (ST_CNT_DS for flat ops), or
 * ST_CNT_NONE. */
ST_API enum st_counter st_inst_second_counter(const struct st_inst *i);
ST_API bool st_inst_is_ds_write(const struct st_inst *i);
ST_API bool st_inst_is_tensor_load(const struct st_inst *i);
ST_API bool st_inst_is_barrier(const struct st_inst *i);
/* A barrier that orders LDS: s_barrier, or a split barrier whose id operand is -1. */
ST_API bool st_inst_is_lds_fence(const struct st_inst *i);
ST_API bool st_inst_is_branch(const struct st_inst *i);
ST_API bool st_inst_is_cond_branch(const struct st_inst *i); /* s_cbranch_*: may fall through */
ST_API bool st_inst_is_terminator(const struct st_inst *i);
ST_API bool st_inst_is_wmma(const struct st_inst *i);
ST_API bool st_inst_is_wait(const struct st_inst *i);
ST_API bool st_inst_is_xcnt_wait(const struct st_inst *i); /* s_wait_xcnt */
/* The XCNT event an instruction issues (docs/xcnt.md): VMEM for every op of
 * LOAD or STORE (global, buffer, scratch, flat loads, stores, atomics), SMEM
 * for every op of KM and s_prefetch_data; none for DS, tensor, async-LDS
 * transfers and prefetches. */
enum st_xcnt_kind { ST_XCNT_NONE, ST_XCNT_VMEM, ST_XCNT_SMEM };
ST_API enum st_xcnt_kind st_inst_xcnt_kind(const struct st_inst *i);
/* A VMEM atomic (buffer_atomic_*, global_atomic_*, flat_atomic_*). */
ST_API bool st_inst_is_vmem_atomic(const struct st_inst *i);
/* exec, exec_lo or exec_hi: one mask, as far as the wait passes care. */
ST_API bool st_reg_is_exec(struct st_reg r);
/* Whether the XCNT event e holds a register overlapping r until its
 * translation completes: a register it reads (address, data, saddr,
 * soffset, resource) or, for VMEM, the implicit EXEC; *held gets the held
 * register as e names it. */
ST_API bool st_inst_xcnt_holds(const struct st_inst *e, struct st_reg r, struct st_reg *held);
/* What the held register is to e, for messages: "the address", "the data",
 * "the base", "the offset", "the base address", "the resource", "the EXEC mask". */
ST_API const char *st_inst_xcnt_role(const struct st_inst *e, struct st_reg held);
/* Where the LDS<t> operands of an instruction's mod.memtoken tokens go once
 * StinkyBuildImplicitDependencyPass materialised them: destinations for LDS
 * writers, sources for readers, both for LDS-fence barriers. False for an
 * instruction that gets none. */
ST_API bool st_inst_lds_token_operands(const struct st_inst *i, bool *to_dsts, bool *to_srcs);
/* A token of i's mod.memtoken whose LDS<t> operand is missing (in *token),
 * i.e. StinkyBuildImplicitDependencyPass has not run over i. */
ST_API bool st_inst_lds_token_missing(const struct st_inst *i, uint32_t *token);
/* The same, with i's mod.memtoken looked up through a cache (above). */
ST_API bool st_inst_lds_token_missing_cached(struct st_memtoken_cache *c, const struct st_inst *i, uint32_t *token);
/* Whether ops[0..n) hold the pseudo-register LDS<token>. */
ST_API bool st_operands_have_lds(const struct st_operand *ops, uint32_t n, uint32_t token);
/* How many instructions after i it describes (s_delay_alu 1, s_clause N
 * N+1, else 0): a wait may not be placed among them. */
ST_API unsigned st_inst_bound_next(const struct st_inst *i);

/* What a wait instruction in the input guarantees: counts[c] is the count it
 * waits down to for counter c, or -1 when it says nothing about c. Returns
 * false (and all -1) for non-waits and untracked waits. A missing or malformed
 * count also yields false. */
ST_API bool st_wait_counts(const struct st_inst *i, int counts[ST_NUM_COUNTERS]);

/* Creates the canonical wait for one counter (not inserted), e.g.
 * "st.s_wait_dscnt"(2) { mod.swaitcnt = { vlcnt = -1, vscnt = -1, dlcnt = 2, dscnt = -1, kmcnt = -1 } } */
ST_API struct st_inst *st_wait_new(struct st_module *m, enum st_counter c, int count, struct st_loc loc);
/* The same for a packed wait on `mem` (LOAD or STORE) and DS, e.g.
 * "st.s_wait_loadcnt_dscnt"(0x102) { mod.swaitcnt = { vlcnt = 1, ..., dlcnt = 2, ... } }. */
ST_API struct st_inst *st_wait_new_packed(struct st_module *m, enum st_counter mem, int mem_count, int ds_count,
                                          struct st_loc loc);
/* A new wait equal to `proto` (made by the two above, attributes added or
 * not), at `loc`: its mnemonic and count, and its attribute list, which the
 * two then share as the parser shares repeated lists (read-only; the next
 * st_inst_add_attr of either copies it). */
ST_API struct st_inst *st_wait_new_like(struct st_module *m, struct st_inst *proto, struct st_loc loc);

#endif
