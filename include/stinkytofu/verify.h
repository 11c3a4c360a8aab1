/* The IR verifier: structural invariants every pass must preserve. */
#ifndef STINKYTOFU_VERIFY_H
#define STINKYTOFU_VERIFY_H

#include "stinkytofu/ir.h"

/* Checks unique block labels, successors that exist in the function,
 * predecessor lists consistent with successor lists, valid register ranges,
 * well-formed mod.memtoken and wait modifiers. Reports located errors to
 * `diag`; returns the number of errors found. */
ST_API size_t st_verify_module(const struct st_module *m, struct st_diag_engine *diag);

/* The per-instruction part of st_verify_module (register ranges, interpreted
 * modifiers and cycle attributes); the parser runs it on every instruction it
 * reads. Returns the number of errors reported. */
ST_API size_t st_verify_inst(const struct st_inst *i, struct st_diag_engine *diag);

/* st_verify_inst for an instruction whose attribute list was verified
 * before (the parser's shared lists): the operands and a wait's count, which
 * may live in a modifier field, are checked; the attributes are not. */
ST_API size_t st_verify_inst_operands(const struct st_inst *i, struct st_diag_engine *diag);

/* The checks of a module a reader has just built, in one walk:
 * st_verify_module, then, when it finds no error and warn_unknown_mnemonics
 * is set, a warning, located at the instruction with a "did you mean",
 * about every instruction read from the input whose mnemonic the ISA table
 * does not know (its counter and operand roles are unknown, so a wait could
 * be missing; --allow-unknown-mnemonics skips this). insts_checked says the
 * reader ran st_verify_inst on every instruction as it built it, with no
 * error (the .stir reader does), and nothing changed the instructions since
 * but st_asm_from_stir (which drops `asm` attributes and makes labels and
 * verbatim lines of some, with the module's assembly source set, so every
 * instruction left stays good): the instruction checks are not run again.
 * Returns the number of errors. */
ST_API size_t st_verify_read_module(struct st_module *m, bool insts_checked, bool warn_unknown_mnemonics,
                                    struct st_diag_engine *diag);

#endif
