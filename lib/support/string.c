/* String helpers: checked copies, printf into a fresh string, and the edit
 * distance of "did you mean" suggestions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/support.h"

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

size_t st_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *row = st_xmalloc((lb + 1) * sizeof *row);
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	size_t d = row[lb];
	free(row);
	return d;
}
