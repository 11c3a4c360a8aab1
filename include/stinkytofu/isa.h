/* The ISA table (lib/isa/isa.def): what each mnemonic is, as plain data.
 *
 * Rows are exact mnemonics or prefixes, first match wins; a mnemonic no row
 * matches gets the row for unknown mnemonics. This layer knows nothing of the
 * IR: every instruction's `isa` field points at its row, and the questions
 * asked of an instruction (st_inst_is_lds_reader, st_wait_counts, ...) are
 * answered in ir.h from that row. Nothing outside lib/isa matches mnemonic
 * strings. */
#ifndef STINKYTOFU_ISA_H
#define STINKYTOFU_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stinkytofu/support.h" /* ST_API */

/* Hardware wait counters (stinkytofu/counters.def), in the order waits for
 * one anchor are emitted. */
enum st_counter {
#define ST_COUNTER(id, ...) ST_CNT_##id,
#include "stinkytofu/counters.def"
#undef ST_COUNTER
	ST_NUM_COUNTERS,
	ST_CNT_NONE = ST_NUM_COUNTERS
};

/* A row of counters.def. */
struct st_counter_info {
	const char *name;          /* "dscnt" */
	const char *wait_mnemonic; /* "s_wait_dscnt" */
	const char *mod_kind;      /* "mod.swaitcnt" */
	const char *mod_field;     /* "dlcnt" */
	int max;                   /* largest immediate the hardware field holds */
	bool in_order;             /* `wait N` retires all but the N newest */
	bool writes_regs;          /* its ops write registers */
	bool regs_in_order;        /* ... and in issue order (no WAW among them) */
	bool erased_by_default;    /* StinkyRemoveWaitCntPass erases its waits */
	const char *inserted_stat; /* "inserted-dscnt-waits" */
	const char *erased_stat;   /* "erased-dscnt-waits" */
};

/* The rows, indexed by counter; read them through the accessors. */
ST_API extern const struct st_counter_info st_counter_table[ST_NUM_COUNTERS];

/* The row of counter c (c < ST_NUM_COUNTERS). */
static inline const struct st_counter_info *st_counter_info(enum st_counter c)
{
	return &st_counter_table[c];
}
ST_API const char *st_counter_name(enum st_counter c);          /* "dscnt", ...; "none" for ST_CNT_NONE */
ST_API const char *st_counter_wait_mnemonic(enum st_counter c); /* "s_wait_dscnt", ... */
static inline int st_counter_max(enum st_counter c) /* the clamp of its immediates */
{
	return st_counter_table[c].max;
}
static inline bool st_counter_in_order(enum st_counter c)
{
	return st_counter_table[c].in_order;
}
static inline bool st_counter_writes_regs(enum st_counter c)
{
	return c < ST_NUM_COUNTERS && st_counter_table[c].writes_regs;
}
/* Two of its ops writing one register land in issue order: the second needs
 * no wait for the first (REGS_IN_ORDER in counters.def). */
static inline bool st_counter_regs_in_order(enum st_counter c)
{
	return c < ST_NUM_COUNTERS && st_counter_table[c].regs_in_order;
}
/* The counter a memory op of counter c occupies: with `storesOnLoadcnt` (the
 * seed's table) vector stores count on LOAD. The one place that says so
 * (inline: the wait pass asks it for every op it tracks). */
static inline enum st_counter st_counter_remap(enum st_counter c, bool stores_on_loadcnt)
{
	return c == ST_CNT_STORE && stores_on_loadcnt ? ST_CNT_LOAD : c;
}
/* The modifier field of mod.swaitcnt that holds counter c's half of a packed
 * s_wait_<mem>_dscnt, and the synonym of a counter's own field, or NULL
 * (the ST_SWAITCNT_FIELD rows of counters.def). */
ST_API const char *st_swaitcnt_field(enum st_counter c, const char *except);
/* Whether counter c keeps its count in the shared mod.swaitcnt (its own
 * field is one of that modifier's) rather than in a kind of its own. */
ST_API bool st_counter_in_swaitcnt(enum st_counter c);
/* The fields of mod.swaitcnt in canonical order; *n gets their number. */
ST_API const char *const *st_swaitcnt_fields(int *n);
/* The fields of the wait modifier `kind` (mod.swaitcnt: all of the above;
 * another counter's kind: its one field), or 0 when no counter keeps its
 * count in `kind`. */
ST_API int st_wait_modifier_fields(const char *kind, const char *const **fields);
/* The wait modifier kind that `kind` spells (itself, or the kind an alias
 * such as mod.waitcnt names), or NULL when it is no wait modifier. */
ST_API const char *st_wait_modifier_kind(const char *kind);

enum st_isa_flag {
	ST_ISA_LDS_READER = 1u << 0,   /* reads LDS: gets LDS<t> sources */
	ST_ISA_LDS_WRITER = 1u << 1,   /* writes LDS: gets LDS<t> destinations */
	ST_ISA_ASYNC_LDS_READER = 1u << 2, /* async op reading LDS: LDS<t> sources */
	ST_ISA_BARRIER = 1u << 3,
	ST_ISA_SPLIT_BARRIER = 1u << 4, /* has a barrier-id operand; LDS fence only when it is -1 */
	ST_ISA_BRANCH = 1u << 5,
	ST_ISA_ENDPGM = 1u << 6,
	ST_ISA_WMMA = 1u << 7,
	ST_ISA_WAIT = 1u << 8,         /* an s_wait* / s_waitcnt instruction */
	ST_ISA_RET_ATOMIC = 1u << 9,   /* counter is LOAD with a destination, STORE without */
	ST_ISA_DS_WRITE = 1u << 10,    /* ds_store / ds_write (the DS writer pipeline) */
	ST_ISA_DS_ATOMIC = 1u << 11,
	ST_ISA_TENSOR_LOAD = 1u << 12,
	ST_ISA_STORE = 1u << 13,       /* a vector memory store (STORE counter) */
	ST_ISA_SMEM_XLATE = 1u << 14,  /* an SMEM op without a counter (s_prefetch_data): it still
	                                  translates its address, one XCNT event (docs/xcnt.md) */
	ST_ISA_ASYNC_LDS_WRITER = 1u << 15, /* async op writing LDS (global_load_async_to_lds) */
	ST_ISA_BINDS_NEXT = 1u << 16,  /* s_delay_alu, s_clause: describes the instructions after it, so no
	                                  wait may come between them */
	ST_ISA_COND_BRANCH = 1u << 17, /* with BRANCH: s_cbranch_*, which may also fall through */
	ST_ISA_CACHE_INV = 1u << 20,   /* global_inv, global_wbinv, buffer_gl0/1_inv: an acquire's cache
	                                  invalidate, which must follow the completion of every load */
	ST_ISA_CALL = 1u << 19,        /* s_swappc_b64 / s_swap_pc_i64 / s_call_b64 / s_call_i64 */
	ST_ISA_SET_VGPR_MSB = 1u << 21, /* s_set_vgpr_msb: sets the VGPR MSB mode */
	ST_ISA_SETREG = 1u << 22,      /* s_setreg*: may write the MODE register, which holds the mode */
	ST_ISA_PADDING = 1u << 23,     /* s_nop, s_code_end: what may pad a function after its last instruction */
	ST_ISA_FLAT = 1u << 18,        /* flat_*: may access LDS, so it also counts on DS, and it
	                                  retires out of order with respect to both counters */
};

/* How a wait instruction's count is encoded. */
enum st_wait_form {
	ST_WAIT_NONE,      /* not a wait */
	ST_WAIT_SINGLE,    /* s_wait_<x> N: one counter */
	ST_WAIT_PACKED_DS, /* s_wait_loadcnt_dscnt / s_wait_storecnt_dscnt: MEM bits 13:8, DS bits 5:0 */
	ST_WAIT_IDLE,      /* s_wait_idle: every counter of counters.def down to 0, no operand */
	ST_WAIT_UNTRACKED, /* legacy s_waitcnt, s_wait_expcnt, ...: credits nothing */
};

struct st_isa_info {
	const char *pattern; /* mnemonic, or prefix when `prefix` */
	bool prefix;
	enum st_counter counter; /* for memory ops; ST_CNT_NONE otherwise */
	unsigned flags;
	enum st_wait_form wait_form;
	enum st_counter wait_counter; /* SINGLE: the counter; PACKED_DS: the MEM counter */
};

ST_API const struct st_isa_info *st_isa_lookup(const char *mnemonic);

/* A row of the known-mnemonic table: the mnemonics llvm-mc accepts for
 * gfx1250 with the operand slots of LLVM's syntax reference, generated from
 * lib/isa/gfx12-instructions.tsv and lib/isa/gfx1250-instructions.tsv
 * (docs/asm-input.md). Slot names are the reference's (`vdst`, `src0:m`); a
 * slot of several names lists them comma-separated. */
struct st_mnemonic {
	const char *name;
	const char *section; /* SMEM, SOP1, ..., VOP3, VGLOBAL, ... */
	const char *dst;     /* "" when the row has no destination slot */
	const char *src[4];  /* "" for unused slots */
	const char *modifiers;
	/* The mnemonic llvm-mc prints for it: `name` itself, or for an alias
	 * (ds_read_b32, global_load_b128_tr_b16) the instruction it names, whose
	 * slots it has and whose ISA facts apply (lib/isa/gfx1250-aliases.tsv). */
	const char *canonical;
};

/* The row of name[0..len), or of the name without an encoding suffix
 * (_e32, _e64, _dpp, _sdwa, _e64_dpp); NULL when neither is known. */
ST_API const struct st_mnemonic *st_mnemonic_find(const char *name, size_t len);
/* Length of name[0..len) without its encoding suffix (len when it has none
 * or when the whole name is a known mnemonic). */
ST_API size_t st_mnemonic_base_len(const char *name, size_t len);
/* The known mnemonic closest to `name` by edit distance, or NULL when none is
 * a near miss. */
ST_API const char *st_mnemonic_suggest(const char *name);
ST_API size_t st_mnemonic_count(void);

/* Operand roles: which operands of an instruction line it writes and which it
 * reads (docs/asm-input.md "Operand roles"). The first `ndsts` operands are
 * written, the rest read; the flags give the exceptions and the registers an
 * instruction uses without naming them. */
enum st_role_flag {
	ST_ROLE_UNKNOWN = 1u << 0,     /* not in the table: every register operand is written and read */
	ST_ROLE_DSTS_READ = 1u << 1,   /* the written operands are read too (v_swap_b32, VBUFFER atomics) */
	ST_ROLE_RET_BY_TH = 1u << 2,   /* an atomic: it writes its first operand only with th:*RETURN* */
	ST_ROLE_VDATA_FIRST = 1u << 3, /* with RET_BY_TH: the data operand is first (VBUFFER), so without
	                                  return it is read, not absent */
	ST_ROLE_WRITES_SCC = 1u << 4,
	ST_ROLE_WRITES_EXEC = 1u << 5,
	ST_ROLE_READS_SCC = 1u << 6,
	ST_ROLE_READS_VCC = 1u << 7,
	ST_ROLE_READS_EXEC = 1u << 8,
};

struct st_roles {
	unsigned ndsts; /* written operands, counted from the first */
	unsigned flags; /* enum st_role_flag */
};

/* The roles of a known mnemonic's row; NULL (not in the table) gives
 * ST_ROLE_UNKNOWN. */
ST_API struct st_roles st_mnemonic_roles(const struct st_mnemonic *row);
/* Names in a slot list ("vdst,sdst" has 2, "" none). */
ST_API unsigned st_slot_count(const char *slots);
/* The numbers of operands an instruction line of `row` may have, as a mask
 * (bit n set: n operands; `e64`: the line names the _e64 encoding;
 * `returning`: an atomic with th:*RETURN*); 0 when the table cannot tell
 * (the combined VOPD rows: a line names each half's own row). */
ST_API uint32_t st_mnemonic_operand_counts(const struct st_mnemonic *row, bool e64, bool returning);
/* Whether an instruction of `row` may write a VGPR: false when its
 * destination slots are scalar (SALU, scalar memory, v_readlane_*, ...);
 * true for NULL (an unknown mnemonic). */
ST_API bool st_mnemonic_writes_vgpr(const struct st_mnemonic *row);
/* What a slot of `row` holds, as far as the syntax fixes it: in the memory
 * sections the data, address and destination slots are VGPRs, the scalar
 * base, data, address and resource scalar registers (or a symbol such as
 * `off`, never a number) and the scalar offset no VGPR; elsewhere an sdst is
 * no VGPR and any other slot is anything. */
enum st_slot_kind { ST_SLOT_ANY, ST_SLOT_VGPR, ST_SLOT_VGPR_OR_OFF, ST_SLOT_SCALAR, ST_SLOT_SGPR };
ST_API enum st_slot_kind st_slot_kind(const struct st_mnemonic *row, const char *slot);
ST_API const struct st_mnemonic *st_mnemonic_at(size_t k); /* rows in name order; NULL past the end */

/* VGPR MSB mode (lib/isa/vgpr-msb.c, docs/asm-input.md "VGPR MSB mode"): the
 * slots of the mode byte of `s_set_vgpr_msb` (two bits each, in this order
 * from bit 0), and ST_MSB_NONE for an operand no slot banks. */
enum st_vgpr_msb_slot { ST_MSB_SRC0, ST_MSB_SRC1, ST_MSB_SRC2, ST_MSB_DST, ST_MSB_NONE = -1 };
/* The slot of operand k (0-based, as written) of an instruction of `row`
 * (NULL: an unknown mnemonic, read as dst then src0, src1, ...); `returning`
 * tells whether an atomic has th:*RETURN* (and so a vdst). */
ST_API int st_vgpr_msb_slot(const struct st_mnemonic *row, bool returning, unsigned k);
/* The same for every operand of an instruction at once: how many operands
 * are under the row's dst column, and the slot of each column's operands. */
struct st_vgpr_msb_layout {
	unsigned ndst;
	signed char slot[5]; /* dst, src0, src1, src2, src3 */
};
ST_API struct st_vgpr_msb_layout st_vgpr_msb_layout(const struct st_mnemonic *row, bool returning);
static inline int st_vgpr_msb_layout_slot(const struct st_vgpr_msb_layout *l, unsigned k)
{
	unsigned col = k < l->ndst ? 0 : 1 + (k - l->ndst);
	return col < 5 ? l->slot[col] : ST_MSB_NONE;
}
/* The bank (0..3) mode `mode` selects for `slot`. */
ST_API uint32_t st_vgpr_msb_bank(unsigned mode, int slot);

#endif
