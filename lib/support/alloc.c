/* Checked allocation with an injectable failure for error-path tests, and the
 * two ways the library ends the process: out of memory, internal error. */
#include <stdio.h>
#include <stdlib.h>

#include "stinkytofu/support.h"

/* The allocation counter of failure injection, per thread: a thread counts
 * its own allocations, so threads running the library side by side neither
 * race on it nor fail each other's allocations (ST_FAIL_ALLOC_AT applies to
 * each thread). It is test instrumentation, not program state. */
static _Thread_local unsigned long alloc_count;
static _Thread_local unsigned long fail_at;
static _Thread_local bool fail_at_read_env;

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

/* Set by the code that owns what must not outlive the process (the atomic
 * files of file.c install theirs), so this file calls nothing above it. Per
 * thread, as the temporaries are. */
static _Thread_local st_fatal_hook fatal_cleanup;
/* Process-wide, set by the program before it starts threads. */
static st_oom_handler oom_handler;

void st_set_fatal_cleanup(st_fatal_hook hook)
{
	fatal_cleanup = hook;
}

st_oom_handler st_set_out_of_memory_handler(st_oom_handler handler)
{
	st_oom_handler old = oom_handler;
	oom_handler = handler;
	return old;
}

static void run_fatal_cleanup(void)
{
	st_fatal_hook hook = fatal_cleanup;
	fatal_cleanup = NULL; /* once, even if the hook itself runs out of memory */
	if (hook)
		hook();
}

void st_out_of_memory(void)
{
	run_fatal_cleanup();
	if (oom_handler)
		oom_handler();
	fputs("stinkytofu-opt: error: out of memory\n", stderr);
	exit(1);
}

void st_internal_error(const char *file, int line, const char *msg)
{
	run_fatal_cleanup();
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
