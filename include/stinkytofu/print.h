/* Writing a module back as canonical .stir text (the round-trip law of
 * docs/stir-format.md: print(parse(print(parse(x)))) == print(parse(x))). */
#ifndef STINKYTOFU_PRINT_H
#define STINKYTOFU_PRINT_H

#include "stinkytofu/ir.h"

void st_print_module(struct st_buf *out, const struct st_module *m);
void st_print_function(struct st_buf *out, const struct st_function *f);
/* One instruction without indentation or newline. */
void st_print_inst(struct st_buf *out, const struct st_inst *i);
void st_print_operand(struct st_buf *out, const struct st_operand *op);
void st_print_value(struct st_buf *out, const struct st_value *v);

#endif
