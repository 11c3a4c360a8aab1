/* Output modes besides .stir: gfx1250 assembly (--emit-asm) and Graphviz
 * pictures of the CFG (--emit-dot). docs/asm-and-dot.md describes both.
 *
 * Both writers only read the module and append text to `out`; they never fail
 * (an instruction the assembler would reject is still written, so llvm-mc
 * reports it with its own location). */
#ifndef STINKYTOFU_EMIT_H
#define STINKYTOFU_EMIT_H

#include "stinkytofu/ir.h"

/* Assembly for llvm-mc -triple=amdgcn -mcpu=gfx1250: a label per function and
 * per block (`.L<func>$<block>:`, `.L<block>:` in a file without st.func),
 * in-block labels as written, one instruction per line, branch operands naming
 * a block or an in-block label resolved to its assembler label. */
void st_emit_asm_module(struct st_buf *out, const struct st_module *m);
void st_emit_asm_function(struct st_buf *out, const struct st_function *f);
/* One instruction in assembly syntax, without indentation or final newline;
 * branch targets are written by name. An instruction gfx1250 only has in split
 * form (s_barrier) yields several lines separated by '\n'. */
void st_emit_asm_inst(struct st_buf *out, const struct st_inst *i);

/* One `digraph` per function: a node per block listing its label and
 * instructions (as assembly), an edge per `Successors:` entry, retreating
 * edges (loop back edges, edges closing irreducible cycles) drawn apart and
 * left out of the layout ranking, and instructions inserted by a pass
 * highlighted. Predecessor lists must be current (st_function_compute_preds;
 * the parser leaves them so), as for st_cfg_build. */
void st_emit_dot_module(struct st_buf *out, const struct st_module *m);
void st_emit_dot_function(struct st_buf *out, const struct st_function *f);

#endif
