/* Checked allocation with an injectable failure for error-path tests. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/support.h"

/* The only mutable process state in the library: the allocation counter used
 * by failure injection. It is test instrumentation, not program state. */
static unsigned long alloc_count;
static unsigned long fail_at;
static bool fail_at_read_env;

void st_alloc_fail_at(unsigned long n)
{
	fail_at = n;
	fail_at_read_env = true;
	alloc_count = 0;
}

unsigned long st_alloc_count(void)
{
	return alloc_count;
}

static bool should_fail(void)
{
	if (!fail_at_read_env) {
		const char *e = getenv("ST_FAIL_ALLOC_AT");
		fail_at = e ? strtoul(e, NULL, 10) : 0;
		fail_at_read_env = true;
	}
	return fail_at && ++alloc_count == fail_at;
}

void st_out_of_memory(void)
{
	st_atomic_file_remove_temporaries();
	fputs("stinkytofu-opt: error: out of memory\n", stderr);
	exit(1);
}

void st_internal_error(const char *file, int line, const char *msg)
{
	st_atomic_file_remove_temporaries();
	fprintf(stderr, "%s:%d: internal error: %s\n", file, line, msg);
	abort();
}

void *st_xmalloc(size_t n)
{
	void *p = should_fail() ? NULL : malloc(n ? n : 1);
	if (!p)
		st_out_of_memory();
	return p;
}

void *st_xcalloc(size_t nmemb, size_t size)
{
	void *p = should_fail() ? NULL : calloc(nmemb ? nmemb : 1, size ? size : 1);
	if (!p)
		st_out_of_memory();
	return p;
}

void *st_xrealloc(void *p, size_t n)
{
	void *q = should_fail() ? NULL : realloc(p, n ? n : 1);
	if (!q)
		st_out_of_memory();
	return q;
}

char *st_xstrndup(const char *s, size_t n)
{
	char *p = st_xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *st_xstrdup(const char *s)
{
	return st_xstrndup(s, strlen(s));
}

char *st_xvasprintf(const char *fmt, va_list ap)
{
	/* Also keeps GCC's UBSan builds from seeing a NULL-format path. */
	st_assert(fmt);
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		st_unreachable("bad format string");
	char *s = st_xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *st_xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = st_xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}
