/* Reading gfx1250 assembly (.s, .asm) as llc and TensileLite write it into
 * the IR: every line becomes one item in place (a label, an instruction or a
 * verbatim item), functions are delimited by their .globl/.type/.size
 * declarations, blocks start at labels and after terminators, and edges
 * come from fall-through and branch targets resolved by name. The contract
 * is docs/asm-input.md.
 *
 *   text -> lines -> [comments blanked] -> label | directive | instruction
 *        -> items placed in the open function's current block
 *   function end (.size, next function, end of input) -> branch edges
 *   end of input -> kernels known -> s_setpc edges, callable flags */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "asm-internal.h"
#include "stinkytofu/parse.h"

/* ---- Diagnostics ---- */

static void vdiag(struct asm_reader *r, enum st_severity sev, uint32_t line, uint32_t col, const char *fmt,
                  va_list ap)
{
	struct st_loc loc = {r->file, line, col};
	st_diag_vemit(r->diag, sev, loc, fmt, ap);
	if (sev == ST_SEV_ERROR)
		r->nerrors++;
}

void asm_error(struct asm_reader *r, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(r, ST_SEV_ERROR, r->line, col, fmt, ap);
	va_end(ap);
}

void asm_warning(struct asm_reader *r, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(r, ST_SEV_WARNING, r->line, col, fmt, ap);
	va_end(ap);
}

void error_at(struct asm_reader *r, struct st_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(r, ST_SEV_ERROR, loc.line, loc.col, fmt, ap);
	va_end(ap);
}

/* ---- Functions and blocks ---- */

/* A block that starts after a terminator has no label of its own; '+'
 * cannot occur in an assembler label, so this one collides with none. */
static void new_block(struct asm_reader *r, const char *label)
{
	char buf[32];
	r->block_synth = !label;
	if (!label) {
		snprintf(buf, sizeof buf, "line+%u", (unsigned)r->line);
		label = buf;
	}
	r->block = st_block_new(r->func, label, (struct st_loc){r->file, r->line, 1});
	r->block_has_code = false;
	r->after_term = false;
}

static void close_function(struct asm_reader *r);

static void open_function(struct asm_reader *r, const char *name, const char *label)
{
	if (r->func)
		close_function(r);
	r->func = st_function_new(r->m, name, (struct st_loc){r->file, r->line, 1});
	new_block(r, label);
	for (size_t k = 0; k < r->pending.n; k++)
		st_block_append(r->block, r->pending.v[k]);
	r->pending.n = 0;
	st_map_clear(&r->labels);
}

static bool is_mnemonic(const struct st_inst *i, const char *name)
{
	return strcmp(i->name, name) == 0;
}

/* Edges of the complete function: branch targets by name, then fall-through
 * for every block that does not end in an unconditional terminator. */
static void close_function(struct asm_reader *r)
{
	struct st_function *f = r->func;
	for (size_t k = 0; k < r->branches.n; k++) {
		const struct asm_branch *br = &r->branches.v[k];
		uint64_t to;
		struct st_loc loc = {r->file, br->inst->loc.line, br->col};
		if (!asm_map_get(&r->labels, br->target, &to)) {
			if (*f->name)
				error_at(r, loc, "branch to '%s', which is not a label of function '%s'", br->target, f->name);
			else
				error_at(r, loc, "branch to '%s', which is not a label of this file", br->target);
			continue;
		}
		st_block_add_succ(br->from, (struct st_block *)(uintptr_t)to, loc);
	}
	for (size_t b = 0; b < f->blocks.n; b++) {
		struct st_block *blk = f->blocks.v[b];
		const struct st_inst *t = st_block_terminator(blk);
		if (t && st_inst_is_setpc(t)) {
			st_vec_push(&r->setpcs, blk);
			continue;
		}
		bool falls = !t || (!is_mnemonic(t, "s_branch") && !is_mnemonic(t, "s_endpgm") &&
		                    strncmp(t->name, "s_endpgm", 8) != 0);
		bool listed = false; /* a conditional branch to the next block: one edge */
		for (size_t k = 0; falls && k < blk->succs.n; k++)
			listed |= b + 1 < f->blocks.n && blk->succs.v[k] == f->blocks.v[b + 1];
		if (falls && !listed && b + 1 < f->blocks.n)
			st_block_add_succ(blk, f->blocks.v[b + 1], blk->last ? blk->last->loc : blk->loc);
	}
	r->branches.n = 0;
	st_map_clear(&r->labels);
	r->func = NULL;
	r->block = NULL;
}

/* Puts an item where it belongs: a block starts after a terminator, and
 * verbatim lines between functions wait for the next one. */
static void place(struct asm_reader *r, struct st_inst *i)
{
	if (!r->func) {
		if (i->kind == ST_ITEM_VERBATIM) {
			st_vec_push(&r->pending, i);
			return;
		}
		open_function(r, "", NULL);
	}
	if (r->after_term)
		new_block(r, NULL);
	if (i->kind != ST_ITEM_VERBATIM)
		r->block_has_code = true;
	st_block_append(r->block, i);
}

static void verbatim(struct asm_reader *r, const char *text, size_t n)
{
	struct st_inst *i = st_inst_new(r->m, "", (struct st_loc){r->file, r->line, 1});
	i->kind = ST_ITEM_VERBATIM;
	i->name = st_arena_strndup(r->m->arena, text, n);
	place(r, i);
}

/* Returns the label's item, or NULL after an error. */
static struct st_inst *label(struct asm_reader *r, const char *name, uint32_t col)
{
	struct st_loc loc = {r->file, r->line, col};
	bool starts_function = asm_map_get(&r->decls, name, NULL);
	if (!starts_function && r->func && asm_map_get(&r->labels, name, NULL)) {
		error_at(r, loc, "duplicate label '%s'", name);
		return NULL;
	}
	if (starts_function) {
		open_function(r, name, name);
	} else if (!r->func) {
		open_function(r, "", name);
	} else if (!r->block_has_code && r->block_synth) {
		r->block->label = name; /* verbatim lines after a terminator, then this label */
		r->block->loc = loc;
		r->block_synth = false;
		r->after_term = false;
	} else {
		new_block(r, name);
	}
	asm_map_put(&r->labels, name, (uint64_t)(uintptr_t)r->block);
	struct st_inst *li = st_label_new(r->m, name, loc);
	st_block_append(r->block, li);
	r->block_has_code = true;
	return li;
}

static void instruction(struct asm_reader *r, const char *code, size_t start, size_t name_end, size_t end,
                        const char *token)
{
	struct st_inst *i = asm_instruction(r, code, start, name_end, end, token);
	if (!i)
		return;
	place(r, i);
	if (st_inst_is_wait(i) && !r->wait_style_seen && i->nsrcs) {
		r->wait_style_seen = true;
		r->src->decimal_waits = i->srcs[0].kind == ST_OPND_INT;
	}
	bool branch = st_inst_is_branch(i);
	if (branch && i->nsrcs && i->srcs[0].kind == ST_OPND_LABEL)
		st_vec_push(&r->branches, ((struct asm_branch){r->block, i, i->srcs[0].text, i->srcs[0].col}));
	else if (branch && !st_inst_is_setpc(i))
		asm_error(r, i->loc.col, "'%s' needs a label operand", i->name);
	if (st_inst_is_terminator(i))
		r->after_term = true;
	if (st_inst_vgpr_msb_effect(i) != ST_MSB_KEEPS) { /* asm_resolve_vgpr_msb runs the mode's dataflow */
		size_t fi = r->m->funcs.n - 1; /* the open function is the newest */
		while (r->sets_msb.n <= fi)
			st_vec_push(&r->sets_msb, false);
		r->sets_msb.v[fi] = true;
	}
}

/* ---- Directives ---- */

static bool word_is(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n >= k && memcmp(s, w, k) == 0 && (n == k || s[k] == ' ' || s[k] == '\t' || s[k] == ',');
}

static size_t skip_blanks(const char *s, size_t p, size_t n)
{
	while (p < n && (s[p] == ' ' || s[p] == '\t'))
		p++;
	return p;
}

/* The identifier at s[p..n), interned, or NULL; *pe is where it ends. */
static const char *ident_at(struct asm_reader *r, const char *s, size_t p, size_t n, size_t *pe)
{
	p = skip_blanks(s, p, n);
	if (p < n && s[p] == '"') { /* .globl "name" */
		const char *q = memchr(s + p + 1, '"', n - p - 1);
		if (!q)
			return NULL;
		*pe = (size_t)(q - s) + 1;
		return st_internn(r->m->strings, s + p + 1, (size_t)(q - s) - p - 1);
	}
	size_t e = p;
	while (e < n && asm_ident_char(s[e]))
		e++;
	if (e == p || !asm_ident_start(s[p]))
		return NULL;
	*pe = e;
	return st_internn(r->m->strings, s + p, e - p);
}

static void define_symbol(struct asm_reader *r, const char *name, const char *s, size_t p, size_t n)
{
	int64_t v;
	while (n > p && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	/* Values that are not integer expressions (max(...), other sections'
	 * symbols) stay undefined: only a register bracket needs them. */
	if (asm_eval(r, s + p, n - p, &v, NULL))
		asm_map_put(&r->syms, name, (uint64_t)v);
}

/* A directive line s[p..n) (p at its '.'): understood ones add meaning. */
static void directive(struct asm_reader *r, const char *s, size_t p, size_t n)
{
	const char *d = s + p;
	size_t dn = n - p, e;
	const char *name;
	if (word_is(d, dn, ".set") || word_is(d, dn, ".equ")) {
		if ((name = ident_at(r, s, p + 4, n, &e))) {
			e = skip_blanks(s, e, n);
			if (e < n && s[e] == ',')
				define_symbol(r, name, s, e + 1, n);
		}
	} else if (word_is(d, dn, ".globl") || word_is(d, dn, ".global")) {
		if ((name = ident_at(r, s, p + (d[6] == 'l' && d[5] == 'a' ? 7 : 6), n, &e))) {
			asm_map_put(&r->decls, name, 1);
			r->has_decls = true;
		}
	} else if (word_is(d, dn, ".type")) {
		if ((name = ident_at(r, s, p + 5, n, &e)) &&
		    (memmem(s + e, n - e, "function", 8) || memmem(s + e, n - e, "STT_FUNC", 8))) {
			asm_map_put(&r->decls, name, 1);
			r->has_decls = true;
		}
	} else if (word_is(d, dn, ".size")) {
		if ((name = ident_at(r, s, p + 5, n, &e)) && r->func && name == r->func->name)
			r->close_after = true;
	} else if (word_is(d, dn, ".text")) {
		r->data = false;
	} else if (word_is(d, dn, ".data") || word_is(d, dn, ".bss") || word_is(d, dn, ".rodata")) {
		r->data = true;
	} else if (word_is(d, dn, ".section")) {
		size_t q = skip_blanks(s, p + 8, n);
		if (q < n && s[q] == '"')
			q++;
		r->data = !(n - q >= 5 && memcmp(s + q, ".text", 5) == 0);
	} else if (word_is(d, dn, ".macro")) {
		r->vblock = VB_MACRO;
		r->macro_depth = 1;
	} else if (word_is(d, dn, ".amdhsa_kernel")) {
		if ((name = ident_at(r, s, p + 14, n, &e)))
			asm_map_put(&r->kernels, name, 1);
		r->vblock = VB_KERNEL;
	} else if (word_is(d, dn, ".amdgpu_metadata")) {
		r->vblock = VB_METADATA;
	}
	if (r->vblock)
		r->open_at = (struct st_loc){r->file, r->line, (uint32_t)p + 1};
}

/* A line inside a .macro, .amdhsa_kernel or .amdgpu_metadata block: kept
 * verbatim; only the block's end is recognized. */
static void in_verbatim_block(struct asm_reader *r, const char *s, size_t n)
{
	size_t p = skip_blanks(s, 0, n);
	const char *d = s + p;
	size_t dn = n - p;
	if (r->vblock == VB_MACRO) {
		if (word_is(d, dn, ".macro"))
			r->macro_depth++;
		else if (word_is(d, dn, ".endm") && --r->macro_depth == 0)
			r->vblock = VB_NONE;
	} else if (r->vblock == VB_KERNEL && word_is(d, dn, ".end_amdhsa_kernel")) {
		r->vblock = VB_NONE;
	} else if (r->vblock == VB_METADATA && word_is(d, dn, ".end_amdgpu_metadata")) {
		r->vblock = VB_NONE;
	}
	verbatim(r, s, n);
}

/* ---- Lines ---- */

/* Where the first '"', '/' or ';' of s[0..n) is (n when there is none): the
 * bytes that may start a comment or a string. With SSE2, sixteen bytes are
 * compared at a time, reading past the line's end while the input (which
 * ends at text_end) has the bytes. Else eight at a time: a byte equal to one
 * of them is a zero byte of the word xor that byte, and the lowest flagged
 * byte of (x - 0x01..) & ~x & 0x80.. is the first zero byte (a borrow only
 * flags bytes above a real zero), so it is exact. */
static size_t comment_free_prefix(const char *s, size_t n, const char *text_end)
{
	size_t p = 0;
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), slash = _mm_set1_epi8('/'), semi = _mm_set1_epi8(';');
	for (; p < n && text_end - (s + p) >= 16; p += 16) {
		__m128i w = _mm_loadu_si128((const void *)(s + p));
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, quote), _mm_cmpeq_epi8(w, slash)),
		                           _mm_cmpeq_epi8(w, semi));
		unsigned mask = (unsigned)_mm_movemask_epi8(hit);
		if (mask) {
			size_t k = p + (size_t)__builtin_ctz(mask);
			return k < n ? k : n;
		}
	}
	if (p >= n)
		return n;
#else
	(void)text_end;
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = UINT64_C(0x0101010101010101), highs = UINT64_C(0x8080808080808080);
	for (; p + 8 <= n; p += 8) {
		uint64_t w;
		memcpy(&w, s + p, 8);
		uint64_t q = w ^ (ones * '"'), sl = w ^ (ones * '/'), sc = w ^ (ones * ';');
		uint64_t hit = (((q - ones) & ~q) | ((sl - ones) & ~sl) | ((sc - ones) & ~sc)) & highs;
		if (hit)
			return p + (size_t)__builtin_ctzll(hit) / 8;
	}
#endif
	while (p < n && s[p] != '"' && s[p] != '/' && s[p] != ';')
		p++;
	return p;
}

/* The `st.token:` in s[0..n), or NULL. */
static const char *find_st_token(const char *s, size_t n)
{
	const char *end = s + n;
	for (const char *q = s; (q = memchr(q, 's', (size_t)(end - q))) && end - q >= 9; q++)
		if (memcmp(q, "st.token:", 9) == 0)
			return q;
	return NULL;
}

/* Copies line s[0..n) into r->clean with every comment blanked (columns
 * stay), following a block comment across lines; *code_end is where a line
 * comment starts (n when none does): the clean text holds only blanks from
 * there. Returns the text after an `st.token:` in a comment of the line, or
 * NULL. */
static const char *blank_comments(struct asm_reader *r, const char *s, size_t n, size_t *code_end)
{
	if (n + ASM_CODE_SLACK > r->cleancap) {
		r->cleancap = 2 * (n + 1) + ASM_CODE_SLACK;
		free(r->clean);
		r->clean = st_xmalloc(r->cleancap);
	}
	char *c = r->clean;
	const char *token = NULL;
	*code_end = n;
	size_t p = skip_blanks(s, 0, n);
	memset(c + n, 0, ASM_CODE_SLACK); /* c[n] ends the line */
	if (!r->in_comment && p < n && s[p] == '#') { /* a # line */
		memset(c, ' ', n);
		return NULL;
	}
	bool in_string = false;
	p = 0;
	if (!r->in_comment) {
		/* Most lines have no comment or string: copy up to the first byte
		 * that may start one in one go. */
		p = comment_free_prefix(s, n, r->src->text + r->src->len);
		memcpy(c, s, p);
	}
	for (; p < n; p++) {
		if (r->in_comment) {
			c[p] = ' ';
			if (s[p] == '*' && p + 1 < n && s[p + 1] == '/') {
				c[++p] = ' ';
				r->in_comment = false;
			}
			continue;
		}
		if (in_string) {
			c[p] = s[p];
			if (s[p] == '\\' && p + 1 < n)
				c[p + 1] = s[p + 1], p++;
			else if (s[p] == '"')
				in_string = false;
			continue;
		}
		if (s[p] == '"') {
			in_string = true;
		} else if (s[p] == '/' && p + 1 < n && s[p + 1] == '*') {
			r->in_comment = true;
			r->open_at = (struct st_loc){r->file, r->line, (uint32_t)p + 1};
			c[p] = ' ';
			continue;
		} else if (s[p] == ';' || (s[p] == '/' && p + 1 < n && s[p + 1] == '/')) {
			const char *t = find_st_token(s + p, n - p);
			if (t)
				token = t + 9;
			memset(c + p, ' ', n - p);
			*code_end = p;
			break;
		}
		c[p] = s[p];
	}
	return token;
}

/* Where the run of name bytes (asm_ident_char) at c[p] ends, at most at n.
 * c is the reader's clean copy of a line of n bytes, readable
 * ASM_CODE_SLACK bytes past it, so with SSE2 sixteen bytes are classed at a
 * time: letters (either case: c | 0x20 in 'a'..'z'), digits, '_', '.' and
 * '$', each range tested as one signed compare after an offset. */
static size_t ident_end(const char *c, size_t p, size_t n)
{
#ifdef __SSE2__
	const __m128i fold = _mm_set1_epi8(0x20), to_a = _mm_set1_epi8((char)(0x80 - 'a')),
	              below_z = _mm_set1_epi8((char)(0x80 + 26)), to_0 = _mm_set1_epi8((char)(0x80 - '0')),
	              below_9 = _mm_set1_epi8((char)(0x80 + 10)), under = _mm_set1_epi8('_'), dot = _mm_set1_epi8('.'),
	              dollar = _mm_set1_epi8('$');
	while (p < n) {
		__m128i w = _mm_loadu_si128((const void *)(c + p));
		__m128i letter = _mm_cmplt_epi8(_mm_add_epi8(_mm_or_si128(w, fold), to_a), below_z);
		__m128i digit = _mm_cmplt_epi8(_mm_add_epi8(w, to_0), below_9);
		__m128i other = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, under), _mm_cmpeq_epi8(w, dot)),
		                             _mm_cmpeq_epi8(w, dollar));
		unsigned stop = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digit), other)) & 0xffffu;
		if (stop) {
			p += (size_t)__builtin_ctz(stop);
			break;
		}
		p += 16;
	}
	return p < n ? p : n;
#else
	while (p < n && asm_ident_char(c[p]))
		p++;
	return p;
#endif
}

static void read_line(struct asm_reader *r, const char *s, size_t n)
{
	if (r->vblock) {
		in_verbatim_block(r, s, n);
		return;
	}
	size_t code_end;
	const char *token = blank_comments(r, s, n, &code_end);
	const char *c = r->clean;
	size_t p = skip_blanks(c, 0, n);
	if (p == n) {
		verbatim(r, s, n);
		return;
	}
	/* name: (a label), then maybe an instruction on the same line */
	size_t e = ident_end(c, p, n);
	if (e > p && asm_ident_start(c[p]) && e < n && c[e] == ':' && (e + 1 >= n || c[e + 1] != ':')) {
		if (r->data) {
			verbatim(r, s, n);
			return;
		}
		struct st_inst *li = label(r, st_internn(r->m->strings, c + p, e - p), (uint32_t)p + 1);
		size_t q = skip_blanks(c, e + 1, n);
		if (li && q < n) {
			li->shares_line = true;
			instruction(r, c, q, 0, n, token);
		}
		return;
	}
	if (c[p] == '.') {
		directive(r, c, p, n);
		verbatim(r, s, n);
		return;
	}
	/* NAME = EXPR */
	size_t q = skip_blanks(c, e, n);
	if (e > p && asm_ident_start(c[p]) && q < n && c[q] == '=' && (q + 1 >= n || c[q + 1] != '=')) {
		define_symbol(r, st_internn(r->m->strings, c + p, e - p), c, q + 1, n);
		verbatim(r, s, n);
		return;
	}
	if (r->data) {
		verbatim(r, s, n);
		return;
	}
	size_t end = code_end; /* blanks from there on */
	while (end > p && (c[end - 1] == ' ' || c[end - 1] == '\t' || c[end - 1] == '\r'))
		end--;
	instruction(r, c, p, e, end, token);
}

/* Files without .globl/.type are one kernel; otherwise functions that are no
 * entry point (st_function_is_entry_point: a descriptor, or s_endpgm and no
 * return) are callable. An s_setpc that ends a callable function returns; any
 * other may jump anywhere in its function. */
static void finish(struct asm_reader *r)
{
	struct st_module *m = r->m;
	if (r->func)
		close_function(r);
	if (r->pending.n) {
		if (!m->funcs.n) {
			open_function(r, "", NULL);
			close_function(r);
		} else {
			struct st_function *f = m->funcs.v[m->funcs.n - 1];
			for (size_t k = 0; k < r->pending.n; k++)
				st_block_append(f->blocks.v[f->blocks.n - 1], r->pending.v[k]);
			r->pending.n = 0;
		}
	}
	m->flat = !r->has_decls;
	for (size_t k = 0; k < m->funcs.n; k++)
		m->funcs.v[k]->callable =
		        r->has_decls && !st_function_is_entry_point(m->funcs.v[k], asm_map_get(&r->kernels, m->funcs.v[k]->name, NULL));
	for (size_t k = 0; k < r->setpcs.n; k++) {
		struct st_block *b = r->setpcs.v[k];
		struct st_function *f = b->func;
		/* Last, or followed only by padding (a code object's listing
		 * aligns the next function with s_nop / s_code_end). */
		bool last = true;
		for (size_t j = b->index + 1; j < f->blocks.n && last; j++)
			for (struct st_inst *i = f->blocks.v[j]->first; i; i = i->next)
				last &= i->kind != ST_ITEM_INST || (i->isa->flags & ST_ISA_PADDING);
		if (f->callable && last)
			continue; /* a return */
		struct st_inst *t = b->last;
		for (size_t j = 0; j < f->blocks.n; j++) {
			struct st_block *to = f->blocks.v[j];
			for (struct st_inst *i = to->first; i; i = i->next)
				if (i->kind != ST_ITEM_VERBATIM) {
					if (i->kind == ST_ITEM_LABEL)
						st_block_add_succ(b, to, t->loc);
					break;
				}
		}
		st_diag_emit(r->diag, ST_SEV_REMARK, t->loc,
		             "'%s' may jump to any label: edges to every labelled block of the function", t->name);
	}
	for (size_t k = 0; k < m->funcs.n; k++)
		st_function_compute_preds(m->funcs.v[k]);
	asm_resolve_vgpr_msb(r);
}

struct st_module *st_parse_asm(const char *filename, const char *text, size_t len, uint32_t first_line,
                               struct st_diag_engine *diag)
{
	struct st_module *m = st_module_new(filename);
	struct st_asm_source *src = st_xcalloc(1, sizeof *src);
	m->asm_source = src;
	src->text = text; /* borrowed: the caller keeps it while the module lives */
	src->len = len;
	src->first_line = first_line;
	size_t cap = 1024;
	src->line_start = st_xmalloc(cap * sizeof *src->line_start);
	for (size_t p = 0; p < len;) {
		if (src->nlines + 2 > cap)
			src->line_start = st_xrealloc(src->line_start, (cap *= 2) * sizeof *src->line_start);
		src->line_start[src->nlines++] = (uint32_t)p;
		const char *nl = memchr(src->text + p, '\n', len - p);
		p = nl ? (size_t)(nl - src->text) + 1 : len;
	}
	src->line_start[src->nlines] = (uint32_t)len;

	/* Locations name the caller's string, which outlives a module freed after an error. */
	struct asm_reader r = {.m = m, .diag = diag, .file = filename ? filename : "<input>", .src = src};
	/* A half's operands are r.ops.v + its first: never an offset from NULL,
	 * even on a line with none. */
	st_vec_reserve(&r.ops, 8);
	/* Lines before the first NUL byte need no look for one. */
	const char *first_nul = len ? memchr(text, '\0', len) : NULL;
	if (!first_nul && len)
		first_nul = text + len;
	for (uint32_t k = 0; k < src->nlines; k++) {
		r.line = first_line + k;
		const char *s = src->text + src->line_start[k];
		size_t n = src->line_start[k + 1] - src->line_start[k];
		if (n && s[n - 1] == '\n')
			n--;
		if (n && s[n - 1] == '\r')
			n--;
		r.line_end = s + n;
		const char *nul = s + n > first_nul ? memchr(s, '\0', n) : NULL;
		if (nul) {
			asm_error(&r, (uint32_t)(nul - s) + 1, "NUL byte in input");
			continue;
		}
		read_line(&r, s, n);
		if (r.close_after) {
			r.close_after = false;
			close_function(&r);
		}
		if (r.nerrors >= 100)
			break;
	}
	if (r.in_comment)
		error_at(&r, r.open_at, "unterminated '/*' comment");
	if (r.vblock)
		error_at(&r, r.open_at, "unterminated %s block (no %s)",
		         r.vblock == VB_MACRO ? ".macro" : r.vblock == VB_KERNEL ? ".amdhsa_kernel" : ".amdgpu_metadata",
		         r.vblock == VB_MACRO ? ".endm" : r.vblock == VB_KERNEL ? ".end_amdhsa_kernel" : ".end_amdgpu_metadata");
	if (!r.nerrors)
		finish(&r);
	st_map_free(&r.syms);
	st_map_free(&r.decls);
	st_map_free(&r.kernels);
	st_map_free(&r.labels);
	st_vec_free(&r.pending);
	st_vec_free(&r.branches);
	st_vec_free(&r.setpcs);
	st_vec_free(&r.sets_msb);
	st_vec_free(&r.ops);
	st_vec_free(&r.pieces);
	st_vec_free(&r.dsts);
	st_vec_free(&r.srcs);
	st_index_free(&r.row_index);
	st_vec_free(&r.rows);
	st_vec_free(&r.token_lists);
	st_index_free(&r.token_index);
	free(r.clean);
	if (r.nerrors) {
		st_module_free(m);
		return NULL;
	}
	return m;
}

/* Drops attribute k of i (a shared list is not written to: i gets a copy). */
static void drop_attr(struct st_module *m, struct st_inst *i, uint32_t k)
{
	if (k + 1 == i->nattrs) {
		i->nattrs--;
		return;
	}
	struct st_attr *a = st_arena_alloc(m->arena, (i->nattrs - 1) * sizeof *a);
	memcpy(a, i->attrs, k * sizeof *a);
	memcpy(a + k, i->attrs + k + 1, (i->nattrs - k - 1) * sizeof *a);
	i->attrs = a;
	i->nattrs--;
	i->lgcapattrs = 0;
}

bool st_asm_from_stir(struct st_module *m)
{
	const char *key = st_intern(m->strings, "asm");
	const char *verb = st_intern(m->strings, "asm.verbatim"), *lab = st_intern(m->strings, "asm.label");
	uint32_t maxline = 0;
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		for (size_t bi = 0; bi < m->funcs.v[fi]->blocks.n; bi++)
			st_foreach_inst(m->funcs.v[fi]->blocks.v[bi], i) if (st_inst_attr(i, key) && i->loc.line > maxline)
				maxline = i->loc.line;
	if (!maxline)
		return false;
	const char **texts = st_xcalloc(maxline + 1, sizeof *texts);
	bool decimal = false, seen_wait = false;
	for (size_t fi = 0; fi < m->funcs.n; fi++)
		for (size_t bi = 0; bi < m->funcs.v[fi]->blocks.n; bi++)
			for (struct st_inst *i = m->funcs.v[fi]->blocks.v[bi]->first; i; i = i->next) {
				if (i->kind != ST_ITEM_INST)
					continue;
				uint32_t k = 0;
				while (k < i->nattrs && i->attrs[k].name != key)
					k++;
				if (k == i->nattrs || i->attrs[k].value.kind != ST_VAL_STRING)
					continue;
				const char *text = i->attrs[k].value.text;
				texts[i->loc.line] = text;
				drop_attr(m, i, k);
				if (i->name == verb) {
					i->kind = ST_ITEM_VERBATIM;
					i->name = text;
					i->ndsts = i->nsrcs = i->nattrs = 0;
				} else if (i->name == lab) {
					size_t p = 0;
					while (text[p] == ' ' || text[p] == '\t')
						p++;
					size_t e = p;
					while (asm_ident_char(text[e]))
						e++;
					i->kind = ST_ITEM_LABEL;
					i->name = st_internn(m->strings, text + p, e - p);
					i->isa = st_module_isa(m, st_intern(m->strings, ""));
					i->ndsts = i->nsrcs = i->nattrs = 0;
				} else if (!seen_wait && st_inst_is_wait(i) && i->nsrcs) {
					seen_wait = true;
					decimal = i->srcs[0].kind == ST_OPND_INT;
				}
			}
	/* The source: line L holds the text of the item on .stir line L. */
	struct st_buf b = {0};
	struct st_asm_source *src = st_xcalloc(1, sizeof *src);
	src->first_line = 1;
	src->nlines = maxline;
	src->line_start = st_xmalloc((maxline + 1) * sizeof *src->line_start);
	for (uint32_t l = 1; l <= maxline; l++) {
		src->line_start[l - 1] = (uint32_t)b.len;
		if (texts[l])
			st_buf_puts(&b, texts[l]);
		st_buf_putc(&b, '\n');
	}
	src->line_start[maxline] = (uint32_t)b.len;
	src->len = b.len;
	src->owned = st_xstrndup(b.data, b.len);
	src->text = src->owned;
	src->decimal_waits = decimal;
	st_buf_free(&b);
	free(texts);
	m->asm_source = src;
	return true;
}
