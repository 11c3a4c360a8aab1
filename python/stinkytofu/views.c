/* Read-only views of a Module's IR: Function, Block, Instruction. Each view
 * is a pointer into the IR and a reference to its Module (ext.h); every
 * attribute is read under the Module's lock when it is asked for, so it
 * describes the IR as it is now. */
#include "ext.h"

#include "stinkytofu/print.h"

struct view_object {
	PyObject_HEAD
	struct module_object *owner;
	void *node; /* struct st_function, st_block or st_inst */
};

static PyObject *new_view(PyTypeObject *type, struct module_object *owner, void *node)
{
	struct view_object *v = PyObject_New(struct view_object, type);
	if (!v)
		return NULL;
	Py_INCREF(owner);
	v->owner = owner;
	v->node = node;
	return (PyObject *)v;
}

static void view_dealloc(PyObject *self)
{
	struct view_object *v = (struct view_object *)self;
	Py_DECREF(v->owner);
	PyObject_Free(self);
}

/* A getter: fn(view's node, owner) under the Module's lock. */
typedef PyObject *getter_fn(void *node, struct module_object *owner);

static PyObject *locked_get(PyObject *self, getter_fn *fn)
{
	struct view_object *v = (struct view_object *)self;
	if (!module_lock(v->owner))
		return NULL;
	PyObject *r = fn(v->node, v->owner);
	module_unlock(v->owner);
	return r;
}

static PyObject *str_of(const char *s)
{
	return text_to_str(s, strlen(s));
}

/* A list of fn(cx, k) for k < n; fn returns a new reference. */
static PyObject *list_of(size_t n, PyObject *(*fn)(void *cx, size_t k), void *cx)
{
	PyObject *l = PyList_New((Py_ssize_t)n);
	for (size_t k = 0; l && k < n; k++) {
		PyObject *x = fn(cx, k);
		if (!x) {
			Py_CLEAR(l);
			break;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)k, x);
	}
	return l;
}

/* Function */

struct in_owner {
	void *node;
	struct module_object *owner;
};

static PyObject *block_view(void *cx, size_t k)
{
	struct in_owner *w = cx;
	return new_view(&block_type, w->owner, ((struct st_function *)w->node)->blocks.v[k]);
}

static PyObject *function_name(void *node, struct module_object *o)
{
	(void)o;
	return str_of(((struct st_function *)node)->name);
}

static PyObject *function_is_kernel(void *node, struct module_object *o)
{
	(void)o;
	return PyBool_FromLong(!((struct st_function *)node)->callable);
}

static PyObject *function_blocks(void *node, struct module_object *o)
{
	struct in_owner w = {node, o};
	return list_of(((struct st_function *)node)->blocks.n, block_view, &w);
}

#define GETTER(type, field, doc)                                                                \
	static PyObject *get_##type##_##field(PyObject *self, void *closure)                        \
	{                                                                                           \
		(void)closure;                                                                          \
		return locked_get(self, type##_##field);                                                \
	}
#define GETSET(type, field, doc) {#field, get_##type##_##field, NULL, PyDoc_STR(doc), NULL}

GETTER(function, name, )
GETTER(function, is_kernel, )
GETTER(function, blocks, )

static PyGetSetDef function_getset[] = {
	GETSET(function, name, "The function's name, without '@' (\"\" for a file without functions)."),
	GETSET(function, is_kernel,
	       "True for an entry point (it starts with nothing in flight: every .stir function, and an\n"
	       "assembly function an .amdhsa_kernel descriptor names or that has an s_endpgm and never\n"
	       "returns); False for a function that can be called."),
	GETSET(function, blocks, "The function's blocks in order, as Block views."),
	{NULL, NULL, NULL, NULL, NULL},
};

static PyObject *function_repr(PyObject *self)
{
	struct view_object *v = (struct view_object *)self;
	return PyUnicode_FromFormat("<stinkytofu.Function '%s'>", ((struct st_function *)v->node)->name);
}

PyTypeObject function_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "stinkytofu.Function",
	.tp_doc = PyDoc_STR("A function of a Module (read-only view; it keeps its Module alive)."),
	.tp_basicsize = sizeof(struct view_object),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_dealloc = view_dealloc,
	.tp_repr = function_repr,
	.tp_getset = function_getset,
};

/* Block */

static PyObject *block_label(void *node, struct module_object *o)
{
	(void)o;
	return str_of(((struct st_block *)node)->label);
}

static PyObject *successor_label(void *cx, size_t k)
{
	return str_of(((struct st_block *)cx)->succs.v[k]->label);
}

static PyObject *block_successors(void *node, struct module_object *o)
{
	(void)o;
	struct st_block *b = node;
	return list_of(b->succs.n, successor_label, b);
}

static PyObject *block_instructions(void *node, struct module_object *o)
{
	struct st_block *b = node;
	PyObject *l = PyList_New(0);
	if (!l)
		return NULL;
	st_foreach_inst(b, i) {
		PyObject *x = new_view(&instruction_type, o, i);
		if (!x || PyList_Append(l, x) < 0) {
			Py_XDECREF(x);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(x);
	}
	return l;
}

GETTER(block, label, )
GETTER(block, successors, )
GETTER(block, instructions, )

static PyGetSetDef block_getset[] = {
	GETSET(block, label, "The block's label, without '^'."),
	GETSET(block, successors, "The labels of the block's successors, in order."),
	GETSET(block, instructions, "The block's instructions in program order, as Instruction views\n"
	                            "(in-block labels and an assembly file's other lines are left out)."),
	{NULL, NULL, NULL, NULL, NULL},
};

static PyObject *block_repr(PyObject *self)
{
	struct view_object *v = (struct view_object *)self;
	return PyUnicode_FromFormat("<stinkytofu.Block '^%s'>", ((struct st_block *)v->node)->label);
}

PyTypeObject block_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "stinkytofu.Block",
	.tp_doc = PyDoc_STR("A basic block of a Function (read-only view; it keeps its Module alive)."),
	.tp_basicsize = sizeof(struct view_object),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_dealloc = view_dealloc,
	.tp_repr = block_repr,
	.tp_getset = block_getset,
};

/* Instruction */

static PyObject *inst_mnemonic(void *node, struct module_object *o)
{
	(void)o;
	return str_of(((struct st_inst *)node)->name);
}

static PyObject *printed_operands(const struct st_operand *ops, uint16_t n)
{
	PyObject *l = PyList_New(n);
	struct st_buf b = {0};
	for (uint16_t k = 0; l && k < n; k++) {
		b.len = 0;
		st_print_operand(&b, &ops[k]);
		PyObject *s = text_to_str(b.data, b.len);
		if (!s)
			Py_CLEAR(l);
		else
			PyList_SET_ITEM(l, k, s);
	}
	st_buf_free(&b);
	return l;
}

static PyObject *inst_results(void *node, struct module_object *o)
{
	(void)o;
	struct st_inst *i = node;
	return printed_operands(i->dsts, i->ndsts);
}

static PyObject *inst_operands(void *node, struct module_object *o)
{
	(void)o;
	struct st_inst *i = node;
	return printed_operands(i->srcs, i->nsrcs);
}

static PyObject *value_to_python(const struct st_value *v);

static PyObject *attrs_to_dict(const struct st_attr *attrs, uint32_t n)
{
	PyObject *d = PyDict_New();
	for (uint32_t k = 0; d && k < n; k++) {
		PyObject *val = value_to_python(&attrs[k].value);
		if (!val || PyDict_SetItemString(d, attrs[k].name, val) < 0)
			Py_CLEAR(d);
		Py_XDECREF(val);
	}
	return d;
}

/* int for INT and HEX, float, str for STRING and NAME, bool, list, dict. */
static PyObject *value_to_python(const struct st_value *v)
{
	switch (v->kind) {
	case ST_VAL_INT:
	case ST_VAL_HEX:
		return PyLong_FromLongLong(v->i);
	case ST_VAL_FLOAT:
		return PyFloat_FromDouble(v->f);
	case ST_VAL_STRING:
	case ST_VAL_NAME:
		return str_of(v->text ? v->text : "");
	case ST_VAL_BOOL:
		return PyBool_FromLong(v->i != 0);
	case ST_VAL_ARRAY: {
		PyObject *l = PyList_New(v->nelems);
		for (uint32_t k = 0; l && k < v->nelems; k++) {
			PyObject *x = value_to_python(&v->elems[k]);
			if (!x)
				Py_CLEAR(l);
			else
				PyList_SET_ITEM(l, k, x);
		}
		return l;
	}
	case ST_VAL_DICT:
		return attrs_to_dict(v->fields, v->nfields);
	}
	PyErr_SetString(PyExc_SystemError, "stinkytofu: an attribute value of unknown kind");
	return NULL;
}

static PyObject *inst_attributes(void *node, struct module_object *o)
{
	(void)o;
	struct st_inst *i = node;
	return attrs_to_dict(i->attrs, i->nattrs);
}

static PyObject *inst_line(void *node, struct module_object *o)
{
	(void)o;
	struct st_inst *i = node;
	if (!i->loc.line)
		Py_RETURN_NONE;
	return PyLong_FromUnsignedLong(i->loc.line);
}

static PyObject *inst_is_wait(void *node, struct module_object *o)
{
	(void)o;
	return PyBool_FromLong(st_inst_is_wait(node));
}

static PyObject *inst_wait_counts(void *node, struct module_object *o)
{
	(void)o;
	int counts[ST_NUM_COUNTERS];
	PyObject *d = PyDict_New();
	if (!d || !st_wait_counts(node, counts))
		return d;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		if (counts[c] < 0)
			continue;
		PyObject *n = PyLong_FromLong(counts[c]);
		if (!n || PyDict_SetItemString(d, st_counter_name((enum st_counter)c), n) < 0) {
			Py_XDECREF(n);
			Py_DECREF(d);
			return NULL;
		}
		Py_DECREF(n);
	}
	return d;
}

GETTER(inst, mnemonic, )
GETTER(inst, results, )
GETTER(inst, operands, )
GETTER(inst, attributes, )
GETTER(inst, line, )
GETTER(inst, is_wait, )
GETTER(inst, wait_counts, )

static PyGetSetDef inst_getset[] = {
	GETSET(inst, mnemonic, "The mnemonic, without \"st.\" (\"s_wait_dscnt\", \"ds_load_b128\")."),
	GETSET(inst, results, "The results (destination operands) as .stir prints them (\"v[0:3]\", \"LDS0\")."),
	GETSET(inst, operands, "The source operands as .stir prints them (\"v5\", \"0x1f\", \"hwreg(HW_REG_MODE)\")."),
	GETSET(inst, attributes,
	       "The attributes as a dict of Python values: int (decimal or hexadecimal), float, str (strings and\n"
	       "names), bool, list (arrays) and dict (dicts, in source order): {\"mod.memtoken\": [0]}."),
	GETSET(inst, line, "The line of the input the instruction was read from (an inserted wait has the line of\n"
	                   "the instruction it was placed before); None when it has none."),
	GETSET(inst, is_wait, "True for a wait instruction (s_wait_*, s_waitcnt)."),
	GETSET(inst, wait_counts,
	       "For a wait, {counter: count} for every counter it waits on ({\"dscnt\": 0}); {} for anything\n"
	       "else and for a wait whose counts are not known."),
	{NULL, NULL, NULL, NULL, NULL},
};

static PyObject *inst_repr(PyObject *self)
{
	struct view_object *v = (struct view_object *)self;
	if (!module_lock(v->owner))
		return NULL;
	struct st_buf b = {0};
	st_print_inst(&b, v->node);
	module_unlock(v->owner);
	PyObject *s = text_to_str(b.data ? b.data : "", b.len);
	st_buf_free(&b);
	if (!s)
		return NULL;
	PyObject *r = PyUnicode_FromFormat("<stinkytofu.Instruction %U>", s);
	Py_DECREF(s);
	return r;
}

PyTypeObject instruction_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "stinkytofu.Instruction",
	.tp_doc = PyDoc_STR("An instruction of a Block (read-only view; it keeps its Module alive).\n"
	                    "A view of an instruction a pass erased keeps describing it as it was."),
	.tp_basicsize = sizeof(struct view_object),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_dealloc = view_dealloc,
	.tp_repr = inst_repr,
	.tp_getset = inst_getset,
};

static PyObject *function_view(void *cx, size_t k)
{
	struct module_object *mo = cx;
	return new_view(&function_type, mo, mo->m->funcs.v[k]);
}

PyObject *function_views(struct module_object *mo)
{
	if (!module_lock(mo))
		return NULL;
	PyObject *l = list_of(mo->m->funcs.n, function_view, mo);
	module_unlock(mo);
	return l;
}
