/* The writers of lib/print: a module back as canonical .stir text (the
 * round-trip law of docs/stir-format.md: print(parse(print(parse(x)))) ==
 * print(parse(x))), and as gfx1250 assembly (--emit-asm, docs/asm-and-dot.md).
 * The CFG pictures of --emit-dot need the CFG analyses and are in cfg.h.
 *
 * The writers only read the module and append text to `out`; they never fail
 * (an instruction the assembler would reject is still written, so llvm-mc
 * reports it with its own location). */
#ifndef STINKYTOFU_PRINT_H
#define STINKYTOFU_PRINT_H

#include "stinkytofu/ir.h"

ST_API void st_print_module(struct st_buf *out, const struct st_module *m);
/* st_print_module with each instruction's and label's source location as a
 * trailing comment, `// FILE:LINE:COL` (`// unknown` for one a pass made
 * without a location), as mlir-opt's --mlir-print-debuginfo. */
ST_API void st_print_module_debuginfo(struct st_buf *out, const struct st_module *m);
ST_API void st_print_function(struct st_buf *out, const struct st_function *f);
/* One instruction without indentation or newline. */
ST_API void st_print_inst(struct st_buf *out, const struct st_inst *i);
ST_API void st_print_operand(struct st_buf *out, const struct st_operand *op);
ST_API void st_print_value(struct st_buf *out, const struct st_value *v);

/* Assembly for llvm-mc -triple=amdgcn -mcpu=gfx1250: a label per function and
 * per block (`.L<func>$<block>:`, `.L<block>:` in a file without st.func),
 * in-block labels as written, one instruction per line, branch operands naming
 * a block or an in-block label resolved to its assembler label. */
ST_API void st_print_asm_module(struct st_buf *out, const struct st_module *m);
/* Options of the assembly writers. */
struct st_asm_options {
	bool comments; /* an inserted wait's mod.wait_provenance as a trailing `// ...` comment */
};
/* st_print_asm_module with options (NULL: the defaults). */
ST_API void st_print_asm_module_with(struct st_buf *out, const struct st_module *m, const struct st_asm_options *o);
/* A module read from assembly printed back (st_print_asm_module does this
 * when m->asm_source is set): unchanged items byte for byte, inserted waits
 * as new lines, erased items gone (docs/asm-input.md "Output"). */
ST_API void st_print_asm_source(struct st_buf *out, const struct st_module *m, const struct st_asm_options *o);
/* Whether s is a name .stir reads ([A-Za-z_^@][A-Za-z0-9_.+]*). */
ST_API bool st_stir_name_ok(const char *s);
ST_API bool st_stir_hex_ok(const char *s); /* [-]0x followed by hex digits only */
ST_API void st_print_asm_function(struct st_buf *out, const struct st_function *f);
/* One instruction in assembly syntax, without indentation or final newline;
 * branch targets are written by name. An instruction gfx1250 only has in split
 * form (s_barrier) yields several lines separated by '\n'. */
ST_API void st_print_asm_inst(struct st_buf *out, const struct st_inst *i);
/* The text of an inserted wait's mod.wait_provenance, or NULL. */
ST_API const char *st_wait_provenance(const struct st_inst *i);

#endif
