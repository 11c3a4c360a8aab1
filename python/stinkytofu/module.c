/* stinkytofu._stinkytofu: parse() and the Module object (docs/python.md).
 *
 *   parse(text)      -> st_driver_read, without the GIL     -> Module
 *   Module.run(...)  -> st_driver_pipeline + st_pm_run, without the GIL
 *                       -> RunResult (remarks, statistics, warnings)
 *   Module.to_stir() / to_asm() -> the printers, without the GIL -> str
 *
 * Parsing, running and printing run with this thread's out-of-memory jump
 * set (guarded()): running out of memory there raises MemoryError instead of
 * ending the process as the command line does. A Module whose IR a pass was
 * changing then is marked broken and refuses further use (its memory is
 * leaked: the IR may be half-changed). The views' small allocations are not
 * guarded (docs/python.md "Out of memory"). */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "ext.h"

#include "stinkytofu/driver.h"
#include "stinkytofu/passes.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

/* The classes of stinkytofu/__init__.py, given by _bind(). */
static PyObject *diagnostic_cls, *run_result_cls, *parse_error, *pipeline_error, *pass_error;

/* Out of memory */

static _Thread_local jmp_buf *oom_jump;

/* The library's out-of-memory handler: back to the guarded call of this
 * thread; outside one it returns, and the library prints its message and
 * exits as the command line does. */
static void on_out_of_memory(void)
{
	if (oom_jump)
		longjmp(*oom_jump, 1);
}

typedef void libcall_fn(void *arg);

/* fn(arg), false when the library ran out of memory inside it. */
static bool guarded(libcall_fn *fn, void *arg)
{
	jmp_buf here;
	jmp_buf *volatile outer = oom_jump;
	if (setjmp(here)) {
		oom_jump = outer;
		return false;
	}
	oom_jump = &here;
	fn(arg);
	oom_jump = outer;
	return true;
}

/* guarded(fn, arg) without the GIL; MemoryError set on failure. */
static bool call_library(libcall_fn *fn, void *arg)
{
	bool ok;
	Py_BEGIN_ALLOW_THREADS
	ok = guarded(fn, arg);
	Py_END_ALLOW_THREADS
	if (!ok)
		PyErr_SetString(PyExc_MemoryError, "stinkytofu: out of memory");
	return ok;
}

/* The Module's lock */

/* The lock is taken with the GIL held and may be kept while the GIL is
 * released for the library; its owner and depth are read and written only
 * with the GIL held, so a thread that already holds it (a view's attribute
 * read while building a result) takes it again without waiting. */
bool module_lock(struct module_object *mo)
{
	unsigned long me = PyThread_get_thread_ident();
	if (!mo->lock_depth || mo->lock_owner != me) {
		if (!PyThread_acquire_lock(mo->lock, NOWAIT_LOCK)) {
			Py_BEGIN_ALLOW_THREADS
			PyThread_acquire_lock(mo->lock, WAIT_LOCK);
			Py_END_ALLOW_THREADS
		}
		mo->lock_owner = me;
	}
	mo->lock_depth++;
	if (mo->broken) {
		module_unlock(mo);
		PyErr_SetString(PyExc_RuntimeError,
		                "stinkytofu: this Module is unusable: the library ran out of memory while changing it");
		return false;
	}
	return true;
}

void module_unlock(struct module_object *mo)
{
	if (--mo->lock_depth == 0)
		PyThread_release_lock(mo->lock);
}

/* Diagnostics */

static PyObject *str_or_none(const char *s)
{
	if (!s)
		Py_RETURN_NONE;
	return text_to_str(s, strlen(s));
}

PyObject *text_to_str(const char *s, size_t n)
{
	return PyUnicode_DecodeUTF8(s ? s : "", (Py_ssize_t)n, "surrogateescape");
}

static PyObject *diagnostic(const struct st_diag *g)
{
	struct st_buf line = {0};
	st_diag_format(&line, g);
	PyObject *r = NULL, *file = str_or_none(g->loc.file), *text = text_to_str(line.data, line.len);
	st_buf_free(&line);
	if (file && text) {
		PyObject *lno = g->loc.line ? PyLong_FromUnsignedLong(g->loc.line) : Py_NewRef(Py_None);
		PyObject *col = g->loc.line ? PyLong_FromUnsignedLong(g->loc.col) : Py_NewRef(Py_None);
		if (lno && col)
			r = PyObject_CallFunction(diagnostic_cls, "sOOOsO", st_severity_name(g->sev), file, lno, col, g->msg,
			                          text);
		Py_XDECREF(lno);
		Py_XDECREF(col);
	}
	Py_XDECREF(file);
	Py_XDECREF(text);
	return r;
}

/* The diagnostics of `d` whose severity is (remarks) or is not (!remarks)
 * a remark, as a list of Diagnostic. */
static PyObject *diagnostics(const struct st_diag_engine *d, bool remarks)
{
	PyObject *l = PyList_New(0);
	for (size_t k = 0; l && k < d->diags.n; k++) {
		if ((d->diags.v[k].sev == ST_SEV_REMARK) != remarks)
			continue;
		PyObject *x = diagnostic(&d->diags.v[k]);
		if (!x || PyList_Append(l, x) < 0)
			Py_CLEAR(l);
		Py_XDECREF(x);
	}
	return l;
}

/* Raises cls(message, diagnostics): the message is the first line of each
 * error, one per line. */
static void raise_error(PyObject *cls, const struct st_diag_engine *d, bool with_remarks)
{
	PyObject *list = diagnostics(d, false);
	if (list && with_remarks) {
		PyObject *rem = diagnostics(d, true);
		if (!rem || PyList_SetSlice(list, PyList_GET_SIZE(list), PyList_GET_SIZE(list), rem) < 0)
			Py_CLEAR(list);
		Py_XDECREF(rem);
	}
	struct st_buf msg = {0};
	for (size_t k = 0; k < d->diags.n; k++) {
		if (d->diags.v[k].sev != ST_SEV_ERROR)
			continue;
		if (msg.len)
			st_buf_putc(&msg, '\n');
		st_diag_format(&msg, &d->diags.v[k]);
	}
	PyObject *text = text_to_str(msg.data, msg.len);
	st_buf_free(&msg);
	if (list && text) {
		PyObject *exc = PyObject_CallFunctionObjArgs(cls, text, list, NULL);
		if (exc) {
			PyErr_SetObject(cls, exc);
			Py_DECREF(exc);
		}
	}
	Py_XDECREF(list);
	Py_XDECREF(text);
}

/* parse() */

struct parse_job {
	const char *name, *text;
	size_t len;
	bool asm_input;
	struct st_diag_engine d;
	struct st_module *m;
};

static void do_parse(void *arg)
{
	struct parse_job *j = arg;
	j->m = st_driver_read(j->name, j->text, j->len, 1, j->asm_input, false, &j->d);
}

/* The bytes of a str (UTF-8, surrogates back to the bytes they stand for)
 * or of a bytes object, copied. */
static char *input_bytes(PyObject *text, size_t *len)
{
	PyObject *b;
	if (PyUnicode_Check(text))
		b = PyUnicode_AsEncodedString(text, "utf-8", "surrogateescape");
	else if (PyBytes_Check(text))
		b = Py_NewRef(text);
	else {
		PyErr_Format(PyExc_TypeError, "parse() takes the text as str or bytes, not %.100s", Py_TYPE(text)->tp_name);
		return NULL;
	}
	if (!b)
		return NULL;
	*len = (size_t)PyBytes_GET_SIZE(b);
	char *s = PyMem_RawMalloc(*len + 1);
	if (s) {
		memcpy(s, PyBytes_AS_STRING(b), *len);
		s[*len] = 0;
	} else {
		PyErr_NoMemory();
	}
	Py_DECREF(b);
	return s;
}

static void module_free_fields(struct module_object *mo)
{
	if (mo->m && !mo->broken)
		st_module_free(mo->m);
	mo->m = NULL;
	PyMem_RawFree(mo->text);
	PyMem_RawFree(mo->name);
	mo->text = mo->name = NULL;
	Py_CLEAR(mo->diagnostics);
	if (mo->lock)
		PyThread_free_lock(mo->lock);
	mo->lock = NULL;
}

static PyObject *parse(PyObject *self, PyObject *args, PyObject *kw)
{
	(void)self;
	static char *kwlist[] = {"text", "format", "name", "arch", NULL};
	PyObject *text;
	const char *format = NULL, *name = "<input>", *arch = "gfx1250";
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$zss:parse", kwlist, &text, &format, &name, &arch))
		return NULL;
	if (strcmp(arch, "gfx1250") != 0)
		return PyErr_Format(PyExc_ValueError, "unsupported target '%s' (supported: gfx1250)", arch);
	bool asm_input;
	if (!format)
		asm_input = st_driver_path_is_asm(name);
	else if (strcmp(format, "s") == 0 || strcmp(format, "asm") == 0)
		asm_input = true;
	else if (strcmp(format, "stir") == 0)
		asm_input = false;
	else
		return PyErr_Format(PyExc_ValueError, "format is 'stir', 's' or None (by the name's extension), not '%s'",
		                    format);
	struct module_object *mo = PyObject_New(struct module_object, &module_type);
	if (!mo)
		return NULL;
	memset((char *)mo + sizeof(PyObject), 0, sizeof *mo - sizeof(PyObject));
	mo->asm_input = asm_input;
	size_t len = 0;
	mo->name = PyMem_RawMalloc(strlen(name) + 1);
	mo->lock = PyThread_allocate_lock();
	mo->text = mo->name && mo->lock ? input_bytes(text, &len) : NULL;
	if (!mo->text) {
		if (!PyErr_Occurred())
			PyErr_NoMemory();
		Py_DECREF(mo);
		return NULL;
	}
	strcpy(mo->name, name);
	struct parse_job j = {.name = mo->name, .text = mo->text, .len = len, .asm_input = asm_input};
	st_diag_init(&j.d, NULL);
	j.d.collect = true;
	if (!call_library(do_parse, &j)) {
		Py_DECREF(mo);
		return NULL;
	}
	mo->m = j.m;
	if (!j.m || j.d.nerrors) {
		raise_error(parse_error, &j.d, false);
		st_diag_fini(&j.d);
		Py_DECREF(mo);
		return NULL;
	}
	mo->diagnostics = diagnostics(&j.d, false);
	st_diag_fini(&j.d);
	if (!mo->diagnostics) {
		Py_DECREF(mo);
		return NULL;
	}
	return (PyObject *)mo;
}

/* Module.run() */

struct run_job {
	struct st_module *m;
	const char *pipeline, *verify_waits; /* st_driver_pipeline's */
	struct st_kernel_config config;
	bool statistics;
	struct st_diag_engine d;
	struct st_pipeline p;
	struct st_pass_manager pm;
	bool built, ran;
};

static void do_run(void *arg)
{
	struct run_job *j = arg;
	st_pipeline_init(&j->p, st_builtin_passes());
	j->built = st_driver_pipeline(&j->p, j->pipeline, j->verify_waits, &j->d);
	if (!j->built)
		return;
	/* The command line's defaults: the verifier after every pass. */
	struct st_pm_options po = {.verify = st_verify_module, .print = st_print_module, .statistics = j->statistics};
	st_pm_init(&j->pm, &j->p, &po, &j->config);
	j->ran = st_pm_run(&j->pm, j->m, &j->d);
}

/* {pass: {statistic: value}}, a pass that runs twice counted once. */
static PyObject *statistics(const struct st_pass_manager *pm)
{
	PyObject *all = PyDict_New();
	for (size_t e = 0; all && e < pm->pipeline->entries.n; e++) {
		const char *pass = pm->pipeline->entries.v[e].pass->name;
		PyObject *one = PyDict_GetItemString(all, pass); /* borrowed */
		if (!one) {
			PyObject *fresh = PyDict_New();
			if (!fresh || PyDict_SetItemString(all, pass, fresh) < 0) {
				Py_XDECREF(fresh);
				Py_CLEAR(all);
				break;
			}
			one = fresh;
			Py_DECREF(fresh);
		}
		for (size_t k = 0; all && k < pm->stats[e].n; k++) {
			const struct st_stat *s = &pm->stats[e].v[k];
			PyObject *had = PyDict_GetItemString(one, s->name);
			PyObject *v = PyLong_FromLongLong(s->value + (had ? PyLong_AsLongLong(had) : 0));
			if (!v || PyDict_SetItemString(one, s->name, v) < 0)
				Py_CLEAR(all);
			Py_XDECREF(v);
		}
	}
	return all;
}

static PyObject *module_run(PyObject *self, PyObject *args, PyObject *kw)
{
	struct module_object *mo = (struct module_object *)self;
	static char *kwlist[] = {"pipeline", "num_waves", "verify_waits", "strict", "remarks", "statistics", NULL};
	const char *pipeline;
	int num_waves = 0, verify = 0, strict = 0, remarks = 0, stats = 0;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "s|$ipppp:run", kwlist, &pipeline, &num_waves, &verify, &strict,
	                                 &remarks, &stats))
		return NULL;
	if (num_waves < 0 || num_waves > ST_MAX_NUM_WAVES)
		return PyErr_Format(PyExc_ValueError, "num_waves is a wave count from 0 (multi-wave) to %d, not %d",
		                    ST_MAX_NUM_WAVES, num_waves);
	if (strict && !verify)
		return PyErr_Format(PyExc_ValueError, "strict=True makes verify_waits strict: give verify_waits=True too");
	struct run_job j = {.pipeline = pipeline,
	                    .verify_waits = verify ? (strict ? "strict" : "") : NULL,
	                    .config = {"gfx1250", num_waves},
	                    .statistics = stats};
	st_diag_init(&j.d, NULL);
	j.d.collect = true;
	j.d.show_remarks = remarks;
	if (!module_lock(mo))
		return NULL;
	j.m = mo->m;
	if (!call_library(do_run, &j)) {
		mo->broken = true; /* the IR may be half-changed; its memory is left */
		module_unlock(mo);
		return NULL;
	}
	module_unlock(mo);
	PyObject *result = NULL;
	if (!j.built) {
		raise_error(pipeline_error, &j.d, false);
	} else if (!j.ran) {
		raise_error(pass_error, &j.d, remarks);
	} else {
		PyObject *rem = remarks ? diagnostics(&j.d, true) : PyList_New(0);
		PyObject *st = stats ? statistics(&j.pm) : PyDict_New();
		PyObject *warn = diagnostics(&j.d, false);
		if (rem && st && warn)
			result = PyObject_CallFunctionObjArgs(run_result_cls, rem, st, warn, NULL);
		Py_XDECREF(rem);
		Py_XDECREF(st);
		Py_XDECREF(warn);
	}
	if (j.built)
		st_pm_fini(&j.pm);
	st_pipeline_fini(&j.p);
	st_diag_fini(&j.d);
	return result;
}

/* Printing */

struct print_job {
	const struct st_module *m;
	bool asm_output, comments;
	struct st_buf out;
};

static void do_print(void *arg)
{
	struct print_job *j = arg;
	if (j->asm_output) {
		struct st_asm_options ao = {.comments = j->comments};
		st_print_asm_module_with(&j->out, j->m, &ao);
	} else {
		st_print_module(&j->out, j->m);
	}
}

static PyObject *print_module(struct module_object *mo, bool asm_output, bool comments)
{
	struct print_job j = {.asm_output = asm_output, .comments = comments};
	if (!module_lock(mo))
		return NULL;
	j.m = mo->m;
	bool ok = call_library(do_print, &j);
	module_unlock(mo);
	if (!ok)
		return NULL;
	PyObject *s = text_to_str(j.out.data, j.out.len);
	st_buf_free(&j.out);
	return s;
}

static PyObject *module_to_stir(PyObject *self, PyObject *unused)
{
	(void)unused;
	return print_module((struct module_object *)self, false, false);
}

static PyObject *module_to_asm(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = {"preserve_comments", NULL};
	int comments = 0;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "|p:to_asm", kwlist, &comments))
		return NULL;
	return print_module((struct module_object *)self, true, comments);
}

static PyObject *module_functions(PyObject *self, void *closure)
{
	(void)closure;
	return function_views((struct module_object *)self);
}

static PyObject *module_name(PyObject *self, void *closure)
{
	(void)closure;
	return str_or_none(((struct module_object *)self)->name);
}

static PyObject *module_format(PyObject *self, void *closure)
{
	(void)closure;
	return PyUnicode_FromString(((struct module_object *)self)->asm_input ? "s" : "stir");
}

static PyObject *module_diagnostics(PyObject *self, void *closure)
{
	(void)closure;
	return PyList_GetSlice(((struct module_object *)self)->diagnostics, 0, PY_SSIZE_T_MAX);
}

static void module_dealloc(PyObject *self)
{
	module_free_fields((struct module_object *)self);
	PyObject_Free(self);
}

static PyObject *module_repr(PyObject *self)
{
	struct module_object *mo = (struct module_object *)self;
	return PyUnicode_FromFormat("<stinkytofu.Module '%s' (%s)>", mo->name, mo->asm_input ? "s" : "stir");
}

#define METH_KW(fn) (PyCFunction)(void (*)(void))(fn), METH_VARARGS | METH_KEYWORDS

static PyMethodDef module_methods[] = {
	{"run", METH_KW(module_run),
	 PyDoc_STR("run(pipeline, *, num_waves=0, verify_waits=False, strict=False, remarks=False, statistics=False)\n"
	           "--\n\n"
	           "Runs a --pass-pipeline string on the module, in place, as stinkytofu-opt does:\n"
	           "the IR verifier after every pass; verify_waits appends WaitCntValidationCheckPass\n"
	           "(strict: its strict mode) with the model options of the last inserter; num_waves\n"
	           "is --NumWaves. Returns a RunResult. Raises PipelineError for an unknown pass or\n"
	           "option or a bad value (nothing ran), PassError when a pass or the validator\n"
	           "failed (the module keeps what the passes before did and stays usable).")},
	{"to_stir", module_to_stir, METH_NOARGS,
	 PyDoc_STR("to_stir()\n--\n\nThe module as canonical .stir text: the bytes of stinkytofu-opt -o.")},
	{"to_asm", METH_KW(module_to_asm),
	 PyDoc_STR("to_asm(preserve_comments=False)\n--\n\n"
	           "The module as gfx1250 assembly: the bytes of stinkytofu-opt --emit-asm (with\n"
	           "--preserve-comments when preserve_comments). A module read from assembly keeps\n"
	           "every line no pass changed byte for byte.")},
	{NULL, NULL, 0, NULL},
};

static PyGetSetDef module_getset[] = {
	{"functions", module_functions, NULL, PyDoc_STR("The module's functions, as Function views."), NULL},
	{"name", module_name, NULL, PyDoc_STR("The input's name, as diagnostics give it."), NULL},
	{"format", module_format, NULL, PyDoc_STR("How the input was read: \"stir\" or \"s\" (assembly)."), NULL},
	{"diagnostics", module_diagnostics, NULL,
	 PyDoc_STR("The warnings of reading the input (unknown mnemonics, ...), as Diagnostic objects."), NULL},
	{NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject module_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "stinkytofu.Module",
	.tp_doc = PyDoc_STR("A kernel module read by stinkytofu.parse(): run passes on it, print it, look at its IR.\n"
	                    "Different Modules can be used from different threads at the same time; the library\n"
	                    "runs without the GIL."),
	.tp_basicsize = sizeof(struct module_object),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_dealloc = module_dealloc,
	.tp_repr = module_repr,
	.tp_methods = module_methods,
	.tp_getset = module_getset,
};

/* The module */

static PyObject *bind(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *d, *r, *pe, *pl, *pa;
	if (!PyArg_ParseTuple(args, "OOOOO:_bind", &d, &r, &pe, &pl, &pa))
		return NULL;
	Py_XSETREF(diagnostic_cls, Py_NewRef(d));
	Py_XSETREF(run_result_cls, Py_NewRef(r));
	Py_XSETREF(parse_error, Py_NewRef(pe));
	Py_XSETREF(pipeline_error, Py_NewRef(pl));
	Py_XSETREF(pass_error, Py_NewRef(pa));
	Py_RETURN_NONE;
}

static PyObject *fail_allocation_at(PyObject *self, PyObject *arg)
{
	(void)self;
	unsigned long n = PyLong_AsUnsignedLong(arg);
	if (PyErr_Occurred())
		return NULL;
	st_alloc_fail_at(n);
	Py_RETURN_NONE;
}

static PyObject *allocation_count(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	return PyLong_FromUnsignedLong(st_alloc_count());
}

static PyMethodDef functions[] = {
	{"parse", METH_KW(parse),
	 PyDoc_STR("parse(text, *, format=None, name=\"<input>\", arch=\"gfx1250\")\n--\n\n"
	           "Reads a kernel (str or bytes) as stinkytofu-opt reads its input and returns a Module.\n"
	           "format is \"stir\", \"s\" (gfx1250 assembly) or None: by name's extension, as the\n"
	           "command line decides (.s and .asm are assembly). Raises ParseError, whose\n"
	           ".diagnostics lists every diagnostic, when the text does not read or check.")},
	{"_bind", bind, METH_VARARGS,
	 PyDoc_STR("_bind(Diagnostic, RunResult, ParseError, PipelineError, PassError)\n--\n\n"
	           "The classes the extension returns and raises (called once by stinkytofu/__init__.py).")},
	{"_fail_allocation_at", fail_allocation_at, METH_O,
	 PyDoc_STR("_fail_allocation_at(n)\n--\n\n"
	           "Test hook: the n-th next allocation of the library in this thread fails (0: none).")},
	{"_allocation_count", allocation_count, METH_NOARGS,
	 PyDoc_STR("_allocation_count()\n--\n\n"
	           "Test hook: the library's allocations in this thread since _fail_allocation_at(n), n > 0.")},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef extension = {
	PyModuleDef_HEAD_INIT,
	.m_name = "stinkytofu._stinkytofu",
	.m_doc = PyDoc_STR("The C extension under the stinkytofu package (use the package)."),
	.m_size = -1,
	.m_methods = functions,
};

PyMODINIT_FUNC PyInit__stinkytofu(void)
{
	PyTypeObject *types[] = {&module_type, &function_type, &block_type, &instruction_type};
	for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
		if (PyType_Ready(types[k]) < 0)
			return NULL;
	PyObject *m = PyModule_Create(&extension);
	if (!m)
		return NULL;
	for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
		if (PyModule_AddObjectRef(m, strrchr(types[k]->tp_name, '.') + 1, (PyObject *)types[k]) < 0) {
			Py_DECREF(m);
			return NULL;
		}
	if (PyModule_AddStringConstant(m, "__version__", st_version()) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	st_set_out_of_memory_handler(on_out_of_memory);
	return m;
}
