/* Unified line diffs: lines are interned to integer ids, the minimal edit
 * script comes from Myers' middle-snake algorithm in linear space (the
 * divide-and-conquer form GNU diff's compareseq uses), and hunks are printed
 * like `diff -u`. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/diff.h"

struct snake_ctx {
	const uint32_t *x, *y;
	long *fd, *bd; /* furthest-reaching x per diagonal k = x - y, forward and backward */
	bool *del, *ins;
};

/* Finds the middle snake of x[xoff,xlim) against y[yoff,ylim): a point on a
 * minimal edit path that splits it into two halves of about equal cost. */
static void middle_snake(struct snake_ctx *c, long xoff, long xlim, long yoff, long ylim, long *xmid, long *ymid)
{
	long *fd = c->fd, *bd = c->bd;
	const uint32_t *xv = c->x, *yv = c->y;
	const long dmin = xoff - ylim, dmax = xlim - yoff;
	const long fmid = xoff - yoff, bmid = xlim - ylim;
	long fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
	const bool odd = (fmid - bmid) & 1;
	fd[fmid] = xoff;
	bd[bmid] = xlim;
	for (;;) {
		if (fmin > dmin)
			fd[--fmin - 1] = -1;
		else
			++fmin;
		if (fmax < dmax)
			fd[++fmax + 1] = -1;
		else
			--fmax;
		for (long d = fmax; d >= fmin; d -= 2) {
			long tlo = fd[d - 1], thi = fd[d + 1];
			long x = tlo >= thi ? tlo + 1 : thi;
			long y = x - d;
			while (x < xlim && y < ylim && xv[x] == yv[y])
				x++, y++;
			fd[d] = x;
			if (odd && bmin <= d && d <= bmax && bd[d] <= x) {
				*xmid = x;
				*ymid = y;
				return;
			}
		}
		if (bmin > dmin)
			bd[--bmin - 1] = LONG_MAX;
		else
			++bmin;
		if (bmax < dmax)
			bd[++bmax + 1] = LONG_MAX;
		else
			--bmax;
		for (long d = bmax; d >= bmin; d -= 2) {
			long tlo = bd[d - 1], thi = bd[d + 1];
			long x = tlo < thi ? tlo : thi - 1;
			long y = x - d;
			while (x > xoff && y > yoff && xv[x - 1] == yv[y - 1])
				x--, y--;
			bd[d] = x;
			if (!odd && fmin <= d && d <= fmax && x <= fd[d]) {
				*xmid = x;
				*ymid = y;
				return;
			}
		}
	}
}

static void compareseq(struct snake_ctx *c, long xoff, long xlim, long yoff, long ylim)
{
	while (xoff < xlim && yoff < ylim && c->x[xoff] == c->y[yoff])
		xoff++, yoff++;
	while (xlim > xoff && ylim > yoff && c->x[xlim - 1] == c->y[ylim - 1])
		xlim--, ylim--;
	if (xoff == xlim) {
		while (yoff < ylim)
			c->ins[yoff++] = true;
	} else if (yoff == ylim) {
		while (xoff < xlim)
			c->del[xoff++] = true;
	} else {
		long xmid, ymid;
		middle_snake(c, xoff, xlim, yoff, ylim, &xmid, &ymid);
		compareseq(c, xoff, xmid, yoff, ymid);
		compareseq(c, xmid, xlim, ymid, ylim);
	}
}

/* Runs compareseq on the lines that occur on both sides. A line with no
 * equal on the other side is never part of a common subsequence, so setting
 * it aside keeps the script minimal; passes that only insert or erase lines
 * then cost linear time whatever the number of edits. */
size_t st_diff_ids(const uint32_t *a, size_t n, const uint32_t *b, size_t m, bool *del, bool *ins)
{
	memset(del, 0, n * sizeof *del);
	memset(ins, 0, m * sizeof *ins);
	uint32_t maxid = 0;
	for (size_t i = 0; i < n; i++)
		maxid = a[i] > maxid ? a[i] : maxid;
	for (size_t j = 0; j < m; j++)
		maxid = b[j] > maxid ? b[j] : maxid;
	/* Occurrence flags per id: bit 0 in a, bit 1 in b. */
	uint8_t *seen = st_xcalloc((size_t)maxid + 1, 1);
	for (size_t i = 0; i < n; i++)
		seen[a[i]] |= 1;
	for (size_t j = 0; j < m; j++)
		seen[b[j]] |= 2;
	size_t *ia = st_xmalloc((n + 1) * sizeof *ia), *ib = st_xmalloc((m + 1) * sizeof *ib);
	uint32_t *ca = st_xmalloc((n + 1) * sizeof *ca), *cb = st_xmalloc((m + 1) * sizeof *cb);
	size_t nn = 0, mm = 0;
	for (size_t i = 0; i < n; i++) {
		if (seen[a[i]] == 3) {
			ia[nn] = i;
			ca[nn++] = a[i];
		} else {
			del[i] = true;
		}
	}
	for (size_t j = 0; j < m; j++) {
		if (seen[b[j]] == 3) {
			ib[mm] = j;
			cb[mm++] = b[j];
		} else {
			ins[j] = true;
		}
	}
	free(seen);
	bool *cdel = st_xcalloc(nn + 1, 1), *cins = st_xcalloc(mm + 1, 1);
	long *fbuf = st_xmalloc((nn + mm + 3) * sizeof *fbuf);
	long *bbuf = st_xmalloc((nn + mm + 3) * sizeof *bbuf);
	struct snake_ctx c = {ca, cb, fbuf + mm + 1, bbuf + mm + 1, cdel, cins};
	compareseq(&c, 0, (long)nn, 0, (long)mm);
	for (size_t k = 0; k < nn; k++)
		del[ia[k]] |= cdel[k];
	for (size_t k = 0; k < mm; k++)
		ins[ib[k]] |= cins[k];
	free(fbuf);
	free(bbuf);
	free(cdel);
	free(cins);
	free(ia);
	free(ib);
	free(ca);
	free(cb);
	size_t edits = 0;
	for (size_t i = 0; i < n; i++)
		edits += del[i];
	for (size_t j = 0; j < m; j++)
		edits += ins[j];
	return edits;
}

struct line {
	const char *s;
	size_t len;
};
ST_VEC_DECL(lines, struct line);

static void split_lines(const char *t, size_t len, struct lines *out)
{
	size_t start = 0;
	for (size_t k = 0; k < len; k++) {
		if (t[k] == '\n') {
			st_vec_push(out, ((struct line){t + start, k - start}));
			start = k + 1;
		}
	}
	if (start < len)
		st_vec_push(out, ((struct line){t + start, len - start}));
}

static uint64_t hash_line(struct line l)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t k = 0; k < l.len; k++)
		h = (h ^ (unsigned char)l.s[k]) * 1099511628211ull;
	return h;
}

struct line_key {
	const struct line *const *rep;
	const struct line *l;
};

static bool same_line(const void *cx, uint32_t idx)
{
	const struct line_key *k = cx;
	const struct line *r = k->rep[idx];
	return r->len == k->l->len && memcmp(r->s, k->l->s, k->l->len) == 0;
}

/* Gives equal lines of both texts equal ids, from 1 in order of first
 * appearance. */
static void intern_lines(const struct line *la, size_t n, const struct line *lb, size_t m, uint32_t *ia, uint32_t *ib)
{
	struct st_index index = {0};
	st_assert(n + m < UINT32_MAX / 4);
	st_index_reserve(&index, (uint32_t)(n + m));
	const struct line **rep = st_xmalloc((n + m + 1) * sizeof *rep); /* the first line of each id */
	uint32_t nids = 0;
	for (size_t k = 0; k < n + m; k++) {
		const struct line *l = k < n ? &la[k] : &lb[k - n];
		struct line_key key = {rep, l};
		uint32_t id = st_index_put(&index, (uint32_t)hash_line(*l), same_line, &key, nids);
		if (id == nids)
			rep[nids++] = l;
		if (k < n)
			ia[k] = id + 1;
		else
			ib[k - n] = id + 1;
	}
	st_index_free(&index);
	free(rep);
}

enum { OP_EQ, OP_DEL, OP_INS };
struct op {
	uint8_t kind;
	size_t ai, bj; /* a and b line indices at this point */
};

static void print_range(struct st_buf *out, char sign, size_t start, size_t count)
{
	/* GNU convention: an empty range names the line before it. */
	st_buf_printf(out, "%c%zu", sign, count ? start + 1 : start);
	if (count != 1)
		st_buf_printf(out, ",%zu", count);
}

void st_unified_diff(struct st_buf *out, const char *a, size_t alen, const char *b, size_t blen,
                     const char *aname, const char *bname, unsigned context)
{
	struct lines la = {0}, lb = {0};
	split_lines(a, alen, &la);
	split_lines(b, blen, &lb);
	size_t n = la.n, m = lb.n;
	uint32_t *ia = st_xmalloc((n + 1) * sizeof *ia), *ib = st_xmalloc((m + 1) * sizeof *ib);
	intern_lines(la.v, n, lb.v, m, ia, ib);
	bool *del = st_xmalloc(n + 1), *ins = st_xmalloc(m + 1);
	size_t edits = st_diff_ids(ia, n, ib, m, del, ins);
	ST_VEC(struct op) ops = {0};
	if (edits) {
		size_t i = 0, j = 0;
		while (i < n || j < m) {
			if (i < n && del[i]) {
				st_vec_push(&ops, ((struct op){OP_DEL, i, j}));
				i++;
			} else if (j < m && ins[j]) {
				st_vec_push(&ops, ((struct op){OP_INS, i, j}));
				j++;
			} else {
				st_assert(i < n && j < m);
				st_vec_push(&ops, ((struct op){OP_EQ, i, j}));
				i++, j++;
			}
		}
		st_buf_printf(out, "--- %s\n+++ %s\n", aname, bname);
	}
	size_t k = 0, L = ops.n;
	while (k < L) {
		size_t s = k;
		while (s < L && ops.v[s].kind == OP_EQ)
			s++;
		if (s == L)
			break;
		size_t hs = s - k > context ? s - context : k;
		/* Grow the hunk while the next change is within 2*context lines. */
		size_t e = s;
		for (;;) {
			while (e < L && ops.v[e].kind != OP_EQ)
				e++;
			size_t g = e;
			while (g < L && ops.v[g].kind == OP_EQ)
				g++;
			if (g < L && g - e <= 2 * (size_t)context)
				e = g;
			else
				break;
		}
		size_t he = L - e > context ? e + context : L;
		size_t na = 0, nb = 0;
		for (size_t t = hs; t < he; t++) {
			na += ops.v[t].kind != OP_INS;
			nb += ops.v[t].kind != OP_DEL;
		}
		st_buf_puts(out, "@@ ");
		print_range(out, '-', ops.v[hs].ai, na);
		st_buf_putc(out, ' ');
		print_range(out, '+', ops.v[hs].bj, nb);
		st_buf_puts(out, " @@\n");
		for (size_t t = hs; t < he; t++) {
			const struct op *o = &ops.v[t];
			const struct line *l = o->kind == OP_INS ? &lb.v[o->bj] : &la.v[o->ai];
			st_buf_putc(out, o->kind == OP_EQ ? ' ' : o->kind == OP_DEL ? '-' : '+');
			st_buf_putn(out, l->s, l->len);
			st_buf_putc(out, '\n');
		}
		k = he;
	}
	st_vec_free(&ops);
	free(del);
	free(ins);
	free(ia);
	free(ib);
	st_vec_free(&la);
	st_vec_free(&lb);
}
