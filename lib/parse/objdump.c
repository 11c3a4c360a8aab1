/* llvm-objdump listings as input (docs/asm-input.md "Listings of code
 * objects"): `llvm-objdump -d --mcpu=gfx1250` output becomes assembly, line
 * for line (so a diagnostic's line is the listing's), that the assembly
 * reader reads and --emit-asm writes back:
 *   `X:  file format elf64-amdgpu`, `Disassembly of section S:`  comments
 *   (`.text` for the section)
 *   `ADDR <sym>:`               `sym:`, the blank line before it `.globl sym`
 *   `\tINSN  // ADDR: BYTES <sym+0xNN>`
 *                               the instruction; a branch's offset operand
 *                               becomes the label `.Lsym$NN`, which the
 *                               target's line gets; the address comment
 *                               reads `// sym+0xOFF: BYTES` (diagnostics
 *                               quote the line, so they cite it)
 * Then st_objdump_check_notes compares the registers of the `/ *vN* /`
 * notes with the real registers the VGPR MSB mode gives. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/isa.h"
#include "stinkytofu/parse.h"

struct line {
	const char *s;
	size_t n;
};

struct insn {
	size_t line;   /* index in the listing */
	size_t sym;    /* index of its symbol */
	uint64_t addr; /* absolute */
	unsigned flags; /* its ISA row's (st_isa_info.flags) */
};

struct sym {
	const char *name;
	size_t n;
	uint64_t base;
	bool function; /* starts a function (else a label inside one) */
	bool section;  /* `<.text>`: the section itself, no symbol of its own */
};

struct target {
	size_t line; /* the branch */
	size_t sym;
	uint64_t off;
};

static bool starts(const struct line *l, const char *p)
{
	size_t k = strlen(p);
	return l->n >= k && memcmp(l->s, p, k) == 0;
}

static bool contains(const struct line *l, const char *p)
{
	size_t k = strlen(p);
	for (size_t i = 0; i + k <= l->n; i++)
		if (memcmp(l->s + i, p, k) == 0)
			return true;
	return false;
}

static bool label_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$'; }

/* `ADDR <sym>:` -> true with the symbol and address. */
static bool symbol_header(const struct line *l, struct sym *s)
{
	size_t p = 0;
	while (p < l->n && isxdigit((unsigned char)l->s[p]))
		p++;
	if (p == 0 || p + 4 > l->n || l->s[p] != ' ' || l->s[p + 1] != '<' || l->s[l->n - 1] != ':' ||
	    l->s[l->n - 2] != '>')
		return false;
	s->base = strtoull(l->s, NULL, 16);
	s->name = l->s + p + 2;
	s->n = l->n - p - 4;
	return true;
}

/* The address comment `// ADDR: BYTES [<sym[+0xOFF]>]` of an instruction
 * line: where it starts, the address, and the target's symbol and offset. */
static bool address_comment(const struct line *l, size_t *at, uint64_t *addr, const char **tsym, size_t *tn,
                            uint64_t *toff)
{
	for (size_t p = l->n; p-- > 1;) {
		if (l->s[p - 1] != '/' || l->s[p] != '/')
			continue;
		size_t q = p + 1;
		while (q < l->n && l->s[q] == ' ')
			q++;
		size_t h = q;
		while (q < l->n && isxdigit((unsigned char)l->s[q]))
			q++;
		if (q == h || q >= l->n || l->s[q] != ':')
			continue;
		*at = p - 1;
		*addr = strtoull(l->s + h, NULL, 16);
		*tsym = NULL;
		const char *lt = memchr(l->s + q, '<', l->n - q);
		if (lt && l->s[l->n - 1] == '>') {
			const char *e = l->s + l->n - 1, *plus = NULL;
			for (const char *c = lt + 1; c < e; c++)
				if (*c == '+')
					plus = c;
			*tsym = lt + 1;
			*tn = (size_t)((plus ? plus : e) - (lt + 1));
			*toff = plus ? strtoull(plus + 1, NULL, 16) : 0;
		}
		return true;
	}
	return false;
}

/* The symbol named name[0..n), or nsyms. */
static size_t find_sym(const struct sym *syms, size_t nsyms, const char *name, size_t n)
{
	size_t j = 0;
	while (j < nsyms && !(syms[j].n == n && memcmp(syms[j].name, name, n) == 0))
		j++;
	return j;
}

static void put_label(struct st_buf *b, const struct sym *s, uint64_t off)
{
	st_buf_printf(b, ".L%.*s$%llx", (int)s->n, s->name, (unsigned long long)off);
}

char *st_objdump_to_asm(const char *file, const char *text, size_t len, uint32_t first_line, size_t *outlen,
                        struct st_diag_engine *d)
{
	ST_VEC(struct line) lines = {0};
	for (size_t p = 0; p < len;) {
		const char *nl = memchr(text + p, '\n', len - p);
		size_t e = nl ? (size_t)(nl - text) : len;
		size_t n = e - p;
		if (n && text[p + n - 1] == '\r')
			n--;
		st_vec_push(&lines, ((struct line){text + p, n}));
		p = e + 1;
	}
	ST_VEC(struct sym) syms = {0};
	ST_VEC(struct insn) insns = {0};
	ST_VEC(struct target) targets = {0};
	ST_VEC(size_t) named = {0}; /* branches whose operand is a symbol */
	size_t *sym_of_line = st_xcalloc(lines.n + 1, sizeof *sym_of_line);
	size_t nerr = 0;
	for (size_t k = 0; k < lines.n; k++) {
		const struct line *l = &lines.v[k];
		struct st_loc loc = {file, first_line + (uint32_t)k, 1};
		struct sym s;
		size_t at, tn;
		uint64_t addr, toff;
		const char *tsym;
		sym_of_line[k] = (size_t)-1;
		if (symbol_header(l, &s)) {
			for (size_t j = 0; j < s.n; j++)
				if (!label_char(s.name[j])) {
					st_error(d, loc, "symbol '%.*s' is no assembler label", (int)s.n, s.name);
					nerr++;
					break;
				}
			st_vec_push(&syms, s);
		} else if (l->n && l->s[0] == '\t' && !starts(l, "\t\t") &&
		           address_comment(l, &at, &addr, &tsym, &tn, &toff)) {
			if (!syms.n) {
				st_error(d, loc, "instruction before the first symbol of the listing");
				nerr++;
				continue;
			}
			size_t m = 1;
			while (m < at && l->s[m] != ' ' && l->s[m] != '\t')
				m++;
			char name[64];
			size_t nn = m - 1 < sizeof name - 1 ? m - 1 : sizeof name - 1;
			memcpy(name, l->s + 1, nn);
			name[nn] = 0;
			st_vec_push(&insns, ((struct insn){k, syms.n - 1, addr, st_isa_lookup(name)->flags}));
			sym_of_line[k] = syms.n - 1;
			if (tsym) /* resolved once every symbol is known */
				st_vec_push(&targets, ((struct target){k, (size_t)-1, toff}));
			else if ((insns.v[insns.n - 1].flags & ST_ISA_BRANCH) && m < at)
				st_vec_push(&named, k); /* `s_branch label_Loop`: at a symbol, objdump names it */
		} else if (l->n && !contains(l, ":\tfile format ") && !starts(l, "Disassembly of section ") &&
		           !starts(l, "\t\t...") && !starts(l, "\t...") && !starts(l, "...") && !starts(l, "\t.") &&
		           !starts(l, ".") && !starts(l, ";") && !starts(l, "\t;")) {
			bool blank = true;
			for (size_t j = 0; j < l->n; j++)
				blank &= l->s[j] == ' ' || l->s[j] == '\t';
			if (!blank) {
				st_error(d, loc, "not a line of an 'llvm-objdump -d' listing");
				nerr++;
			}
		}
	}
	/* A symbol starts a function unless the code before it falls into it or
	 * a branch crosses it: TensileLite's labels are symbols of the object
	 * too. A section's own symbol (`<.text>`) names nothing. */
	for (size_t j = 0; j < syms.n; j++) {
		struct sym *s = &syms.v[j];
		s->section = s->n && s->name[0] == '.' && !(s->n > 2 && s->name[1] == 'L');
		s->function = !s->section;
		uint64_t at = s->base;
		const struct insn *before = NULL; /* the last instruction before it, padding apart */
		for (size_t i = 0; i < insns.n && insns.v[i].addr < at; i++)
			if (!(insns.v[i].flags & ST_ISA_PADDING) || !before)
				before = &insns.v[i];
		if (before && s->function)
			s->function = (before->flags & ST_ISA_ENDPGM) ||
			              ((before->flags & ST_ISA_BRANCH) && !(before->flags & ST_ISA_COND_BRANCH));
		for (size_t t = 0; t < targets.n && s->function; t++) {
			size_t at2, tn;
			uint64_t addr, toff;
			const char *tsym;
			address_comment(&lines.v[targets.v[t].line], &at2, &addr, &tsym, &tn, &toff);
			size_t q = find_sym(syms.v, syms.n, tsym, tn);
			if (q == syms.n)
				continue;
			uint64_t to = syms.v[q].base + toff;
			s->function = !((addr < at && to >= at) || (addr >= at && to < at));
		}
		for (size_t t = 0; t < named.n && s->function; t++) {
			const struct line *l = &lines.v[named.v[t]];
			size_t at2, tn;
			uint64_t addr, toff;
			const char *tsym;
			address_comment(l, &at2, &addr, &tsym, &tn, &toff);
			size_t p = 1;
			while (p < at2 && l->s[p] != ' ')
				p++;
			while (p < at2 && l->s[p] == ' ')
				p++;
			size_t e = p;
			while (e < at2 && label_char(l->s[e]))
				e++;
			size_t q = find_sym(syms.v, syms.n, l->s + p, e - p);
			if (q < syms.n) {
				uint64_t to = syms.v[q].base;
				s->function &= !((addr < at && to >= at) || (addr >= at && to < at));
			}
		}
	}
	/* Branch targets: the instruction at the target's address gets a label. */
	char *labelled = st_xcalloc(lines.n + 1, 1);
	size_t *label_sym = st_xcalloc(lines.n + 1, sizeof *label_sym);
	uint64_t *label_off = st_xcalloc(lines.n + 1, sizeof *label_off);
	for (size_t t = 0; t < targets.n; t++) {
		struct target *tg = &targets.v[t];
		struct st_loc loc = {file, first_line + (uint32_t)tg->line, 1};
		size_t at, tn;
		uint64_t addr, toff;
		const char *tsym;
		address_comment(&lines.v[tg->line], &at, &addr, &tsym, &tn, &toff);
		size_t j = find_sym(syms.v, syms.n, tsym, tn);
		size_t hit = (size_t)-1;
		for (size_t i = 0; j < syms.n && i < insns.n && hit == (size_t)-1; i++)
			if (insns.v[i].addr == syms.v[j].base + toff)
				hit = insns.v[i].line;
		if (hit == (size_t)-1) {
			st_error(d, loc, "branch target <%.*s+0x%llx> is no instruction of the listing", (int)tn, tsym,
			         (unsigned long long)toff);
			nerr++;
			tg->sym = (size_t)-1;
			continue;
		}
		tg->sym = j;
		tg->off = toff;
		labelled[hit] = 1;
		label_sym[hit] = j;
		label_off[hit] = toff;
	}
	struct st_buf b = {0};
	size_t tnext = 0;
	for (size_t k = 0; k < lines.n && !nerr; k++) {
		const struct line *l = &lines.v[k];
		struct sym s;
		size_t at, tn;
		uint64_t addr, toff;
		const char *tsym;
		size_t sh = syms.n; /* the symbol of the next line's header */
		if (k + 1 < lines.n && symbol_header(&lines.v[k + 1], &s))
			for (sh = 0; sh < syms.n && syms.v[sh].name != s.name;)
				sh++;
		if (l->n == 0 && k + 1 < lines.n && sh < syms.n && syms.v[sh].function) {
			st_buf_printf(&b, "\t.globl\t%.*s", (int)s.n, s.name);
		} else if (symbol_header(l, &s)) {
			size_t j = 0;
			while (j < syms.n && syms.v[j].name != s.name)
				j++;
			if (syms.v[j].section)
				st_buf_printf(&b, "; %.*s", (int)l->n, l->s);
			else
				st_buf_printf(&b, "%.*s:\t\t\t; %.*s", (int)s.n, s.name, (int)l->n, l->s);
		} else if (starts(l, "Disassembly of section ")) {
			st_buf_printf(&b, "\t.text\t\t\t; %.*s", (int)l->n, l->s);
		} else if (sym_of_line[k] != (size_t)-1 && address_comment(l, &at, &addr, &tsym, &tn, &toff)) {
			const struct sym *f = &syms.v[sym_of_line[k]];
			if (labelled[k]) {
				put_label(&b, &syms.v[label_sym[k]], label_off[k]);
				st_buf_putc(&b, ':');
			}
			size_t code_end = at;
			while (code_end > 0 && (l->s[code_end - 1] == ' ' || l->s[code_end - 1] == '\t'))
				code_end--;
			while (tnext < targets.n && targets.v[tnext].line < k)
				tnext++;
			if (tnext < targets.n && targets.v[tnext].line == k && targets.v[tnext].sym < syms.n) {
				/* `\tMNEMONIC OFFSET`: the offset becomes the target's label */
				size_t m = 1;
				while (m < code_end && l->s[m] != ' ')
					m++;
				st_buf_putn(&b, l->s, m);
				st_buf_putc(&b, ' ');
				put_label(&b, &syms.v[targets.v[tnext].sym], targets.v[tnext].off);
			} else {
				st_buf_putn(&b, l->s, code_end);
			}
			/* `// sym+0xOFF: BYTES...` */
			const char *colon = memchr(l->s + at, ':', l->n - at);
			st_buf_printf(&b, "\t// %.*s+0x%llx%.*s", (int)f->n, f->name, (unsigned long long)(addr - f->base),
			              (int)(l->s + l->n - colon), colon);
		} else if (starts(l, "\t.") || starts(l, ".") || starts(l, ";") || starts(l, "\t;")) {
			/* data decoded as `.byte`, a kernel descriptor as directives, comments */
			st_buf_putn(&b, l->s, l->n);
		} else if (l->n) {
			st_buf_printf(&b, "; %.*s", (int)l->n, l->s);
		}
		st_buf_putc(&b, '\n');
	}
	free(sym_of_line);
	free(labelled);
	free(label_sym);
	free(label_off);
	st_vec_free(&lines);
	st_vec_free(&syms);
	st_vec_free(&insns);
	st_vec_free(&targets);
	st_vec_free(&named);
	if (nerr) {
		st_buf_free(&b);
		return NULL;
	}
	*outlen = b.len;
	char *out = st_xstrndup(b.data ? b.data : "", b.len);
	st_buf_free(&b);
	return out;
}

/* A line `NAME:\tfile format elf64-amdgpu` among the first 512 bytes. */
bool st_objdump_detect(const char *text, size_t len)
{
	const char *key = ":\tfile format elf64-amdgpu";
	size_t n = len < 512 ? len : 512, k = strlen(key);
	for (size_t p = 0; p + k <= n; p++) {
		if (memcmp(text + p, key, k) != 0 || (p + k < len && text[p + k] != '\n' && text[p + k] != '\r'))
			continue;
		size_t b = p;
		while (b > 0 && text[b - 1] != '\n')
			b--;
		if (b < p && text[b] != ' ' && text[b] != '\t' && text[b] != ';' && text[b] != '#')
			return true;
	}
	return false;
}

/* The VGPRs an instruction line names, with llvm-objdump's notes: each
 * `vN` or `v[A:B]`, or the register of the `/ *...* /` note after it. */
static size_t noted_vgprs(const char *s, size_t n, uint32_t lo[], uint32_t cnt[], size_t max)
{
	size_t k = 0;
	const char *end = s + n;
	for (const char *c = s; c < end && k < max; c++) {
		if (c[0] == '/' && c + 1 < end && c[1] == '/')
			break; /* the address comment */
		if (*c != 'v' || (c > s && label_char(c[-1])))
			continue;
		char *e;
		uint32_t a, bb;
		if (c + 1 < end && isdigit((unsigned char)c[1])) {
			a = bb = (uint32_t)strtoul(c + 1, &e, 10);
		} else if (c + 1 < end && c[1] == '[' && isdigit((unsigned char)c[2])) {
			a = (uint32_t)strtoul(c + 2, &e, 10);
			if (*e != ':')
				continue;
			bb = (uint32_t)strtoul(e + 1, &e, 10);
			if (*e != ']')
				continue;
			e++;
		} else {
			continue;
		}
		if (e < end && label_char(*e))
			continue;
		const char *q = e;
		while (q < end && *q == ' ')
			q++;
		if (q + 2 < end && q[0] == '/' && q[1] == '*' && q[2] == 'v') {
			/* the note replaces the written register */
			c = q + 1;
			continue;
		}
		lo[k] = a;
		cnt[k] = bb - a + 1;
		k++;
		c = e - 1;
	}
	return k;
}

/* llvm-objdump follows the mode linearly, from an s_set_vgpr_msb to the
 * next branch, s_endpgm or call (after which it reads mode 0, or keeps a
 * mode the callee may have changed): only there are its notes the
 * hardware's, and checked. */
size_t st_objdump_check_notes(const struct st_module *m, struct st_diag_engine *d)
{
	size_t nerr = 0;
	for (size_t fi = 0; fi < m->funcs.n; fi++) {
		bool followed = true; /* from the function's start, in mode 0 */
		for (size_t bi = 0; bi < m->funcs.v[fi]->blocks.n; bi++)
			st_foreach_inst(m->funcs.v[fi]->blocks.v[bi], i) {
				size_t n;
				bool checked = followed;
				if (i->isa->flags & ST_ISA_SET_VGPR_MSB)
					followed = true;
				else if (i->isa->flags & (ST_ISA_BRANCH | ST_ISA_ENDPGM | ST_ISA_CALL))
					followed = false;
				if (!checked)
					continue;
				if (i->loc.line < m->asm_source->first_line)
					continue;
				const char *s = st_asm_line(m->asm_source, i->loc.line, &n);
				uint32_t lo[64], cnt[64];
				size_t k = noted_vgprs(s, n, lo, cnt, 64);
				bool ok = true;
				for (size_t j = 0; j < k && ok; j++) {
					bool found = false;
					for (uint32_t o = 0; o < i->ndsts + i->nsrcs && !found; o++) {
						const struct st_operand *op = o < i->ndsts ? &i->dsts[o] : &i->srcs[o - i->ndsts];
						found = op->kind == ST_OPND_REG && op->reg.cls == ST_REG_V && op->reg.index == lo[j] &&
						        op->reg.count == cnt[j];
					}
					if (!found) {
						ok = false;
						st_error(d, i->loc,
						         "llvm-objdump's notes name v[%u:%u] here, which the VGPR MSB mode does not give "
						         "any operand of '%s': the mode model is wrong here",
						         lo[j], lo[j] + cnt[j] - 1, i->name);
						nerr++;
					}
				}
			}
	}
	return nerr;
}
