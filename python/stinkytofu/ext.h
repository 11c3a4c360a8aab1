/* The extension module stinkytofu._stinkytofu over the public API of
 * libstinkytofu (docs/python.md): the Module object (module.c) and the
 * read-only views of its functions, blocks and instructions (views.c).
 *
 * Ownership: a Module owns its st_module and the input text an assembly
 * module refers to; every view holds a reference to its Module, so the IR it
 * points into lives as long as the view. Passes never free blocks or
 * functions, and an erased instruction stays in the module's arena, so a view
 * stays valid memory after any run.
 *
 * Threads: the library runs without the GIL. A Module's lock serialises
 * what touches its IR (runs, printing, views), so one Module used from two
 * threads is safe too; different Modules share nothing. */
#ifndef STINKYTOFU_PYTHON_EXT_H
#define STINKYTOFU_PYTHON_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdbool.h>

#include "stinkytofu/ir.h"

struct module_object {
	PyObject_HEAD
	struct st_module *m;
	char *text;  /* the input (an assembly module prints unchanged lines from it) */
	char *name;  /* the input's name in diagnostics (the IR's locations point here) */
	bool asm_input;
	bool broken; /* the library ran out of memory while changing the IR */
	PyThread_type_lock lock;
	unsigned long lock_owner; /* the thread holding the lock, while lock_depth > 0 */
	int lock_depth;
	PyObject *diagnostics; /* the warnings of reading it (a list of Diagnostic) */
};

extern PyTypeObject module_type, function_type, block_type, instruction_type;

/* Takes the Module's lock, waiting without the GIL if another thread holds
 * it; false with an exception set when the Module is unusable. */
bool module_lock(struct module_object *mo);
void module_unlock(struct module_object *mo);

/* A str from library text, undecodable bytes kept as surrogates (as the
 * input was read), so `text.encode("utf-8", "surrogateescape")` is exact. */
PyObject *text_to_str(const char *s, size_t n);

/* Module.functions: a list of Function views. */
PyObject *function_views(struct module_object *mo);

#endif
