/* Reading .stir text into a module.
 *
 * The reader never holds the whole input: the scanner takes it in chunks
 * (64 KiB at a time) through a read function, from the caller's memory
 * (st_parse), an open file (st_parse_file) or any source (st_parse_stream),
 * and every name and spelling it keeps is copied into the module. */
#ifndef STINKYTOFU_PARSE_H
#define STINKYTOFU_PARSE_H

#include <stddef.h>
#include <stdio.h>

#include "stinkytofu/ir.h"

/* Fills buf with up to max bytes of input; returns how many (fewer is fine,
 * 0 only at the end of the input), or -1 with errno set when reading failed. */
typedef ptrdiff_t st_parse_read_fn(void *ctx, char *buf, size_t max);

/* Parses the text that `read(ctx, ...)` returns, named `filename`. Line
 * numbers start at first_line (1 for a whole file; the chunk's first line for
 * --split-input-file), so diagnostics point into the original file. NUL bytes
 * are allowed and reported as errors; a failed read is an error located where
 * the text read so far ends. Errors go to `diag`; on any error the result is
 * NULL and nothing leaks. After a successful parse predecessor lists are
 * computed. */
ST_API struct st_module *st_parse_stream(const char *filename, st_parse_read_fn *read, void *ctx, uint32_t first_line,
                                         struct st_diag_engine *diag);

/* st_parse_stream over `text` (len bytes), which needs no terminating NUL. */
ST_API struct st_module *st_parse(const char *filename, const char *text, size_t len, uint32_t first_line,
                                  struct st_diag_engine *diag);

/* st_parse_stream over the open file `f`, from its current position to its
 * end, starting at line 1; `f` stays open. To quote source lines in
 * diagnostics, register the file with st_diag_add_file. */
ST_API struct st_module *st_parse_file(const char *filename, FILE *f, struct st_diag_engine *diag);

/* Reads gfx1250 assembly (docs/asm-input.md): text[0..len), whose first line
 * is first_line of `filename`. The module refers to the text
 * (m->asm_source) to print unchanged items back byte for byte, so the caller
 * keeps it until st_module_free. Errors go to `diag`; on any error the result
 * is NULL. */
ST_API struct st_module *st_parse_asm(const char *filename, const char *text, size_t len, uint32_t first_line,
                                      struct st_diag_engine *diag);

/* llvm-objdump listings (docs/asm-input.md "Listings of code objects").
 * Whether text looks like `llvm-objdump -d` output of an AMDGPU object (its
 * `file format elf64-amdgpu` header). */
ST_API bool st_objdump_detect(const char *text, size_t len);
/* The listing text[0..len) as assembly with one line per listing line
 * (malloc'ed, *outlen its length), for st_parse_asm; NULL after located
 * errors. */
ST_API char *st_objdump_to_asm(const char *filename, const char *text, size_t len, uint32_t first_line,
                               size_t *outlen, struct st_diag_engine *diag);
/* Errors where the registers of llvm-objdump's `/ *vN* /` notes are not the
 * real registers the VGPR MSB mode gives (a module read from a converted
 * listing); returns their number. */
ST_API size_t st_objdump_check_notes(const struct st_module *m, struct st_diag_engine *diag);

/* A module read from the .stir form of an assembly input (the printer gives
 * each item its line as an `asm = "..."` attribute, and verbatim lines and
 * labels as "st.asm.verbatim" / "st.asm.label") becomes an assembly module
 * again: those items regain their kinds, the attributes become the module's
 * source text, and --emit-asm prints the original assembly. Returns whether
 * the module was one; a plain .stir module is left as it is. */
ST_API bool st_asm_from_stir(struct st_module *m);

#endif
