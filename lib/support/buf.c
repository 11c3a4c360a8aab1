/* Growable character buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/support.h"

static void grow(struct st_buf *b, size_t extra);

/* The printer writes a few bytes at a time: the check that they fit is
 * inlined, the rest is not. */
static inline void reserve(struct st_buf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap)
		grow(b, extra);
}

static void grow(struct st_buf *b, size_t extra)
{
	if (b->drain && b->len && b->len + extra + 1 > b->drain_at) {
		b->drain(b);
		if (b->len + extra + 1 <= b->cap)
			return;
	}
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->data = st_xrealloc(b->data, cap);
	b->cap = cap;
}

void st_buf_make_room(struct st_buf *b, size_t n)
{
	reserve(b, n);
}

/* st_buf_putn when the bytes do not fit: out of line, so the usual call
 * keeps nothing across its copy. */
__attribute__((noinline)) static void putn_grow(struct st_buf *b, const char *s, size_t n)
{
	grow(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

void st_buf_putn(struct st_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		putn_grow(b, s, n);
		return;
	}
	/* The length first, so the copy is the last thing done: a jump to
	 * memcpy. */
	char *to = b->data + b->len;
	b->len += n;
	memcpy(to, s, n);
}

void st_buf_putc(struct st_buf *b, char c)
{
	reserve(b, 1);
	b->data[b->len++] = c;
}

void st_buf_puts(struct st_buf *b, const char *s)
{
	st_buf_putn(b, s, strlen(s));
}

void st_buf_printf(struct st_buf *b, const char *fmt, ...)
{
	/* Short results (nearly all) are formatted once, on the stack. */
	char tmp[256];
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		st_unreachable("bad format string");
	if ((size_t)n < sizeof tmp) {
		st_buf_putn(b, tmp, (size_t)n);
	} else {
		reserve(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		b->len += (size_t)n;
	}
	va_end(ap);
}

void st_buf_put_quoted(struct st_buf *b, const char *s)
{
	st_buf_putc(b, '"');
	/* Runs without anything to escape are copied in one piece. */
	for (const char *run = s;; s++) {
		if (*s == '"' || *s == '\\' || !*s) {
			st_buf_putn(b, run, (size_t)(s - run));
			if (!*s)
				break;
			st_buf_putc(b, '\\');
			run = s;
		}
	}
	st_buf_putc(b, '"');
}

const char *st_buf_cstr(struct st_buf *b)
{
	reserve(b, 0);
	b->data[b->len] = '\0';
	return b->data;
}

void st_buf_free(struct st_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
