/* The library from several threads at once (docs/architecture.md "Threads"):
 * modules read, run through the wait pipeline and printed in four threads
 * give the bytes one thread gives, and the allocation-failure injection of
 * one thread neither fails nor counts another thread's allocations. */
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/driver.h"
#include "stinkytofu/passes.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

enum { NTHREADS = 4, ROUNDS = 20 };

static const char *const inputs[] = {
	ST_SOURCE_ROOT "/examples/gemm-double-buffered.stir",
	ST_SOURCE_ROOT "/examples/gemm-double-buffered.s",
	ST_SOURCE_ROOT "/test/asm/llvm/loop-pipelined.s",
	ST_SOURCE_ROOT "/test/asm/llvm/lds-loop-tiles.s",
};
enum { NINPUTS = sizeof inputs / sizeof inputs[0] };

/* The driver's steps on one input: read, the pipeline with --verify-waits,
 * assembly out. Returns the output (NULL after an error). */
static char *optimize(const char *path)
{
	size_t len;
	char *text = st_read_file(path, &len);
	ck_assert_ptr_nonnull(text);
	struct st_diag_engine d;
	st_diag_init(&d, stderr);
	struct st_module *m = st_driver_read(path, text, len, 1, st_driver_path_is_asm(path), false, &d);
	ck_assert_msg(m && !d.nerrors, "%s does not read", path);
	struct st_pipeline p;
	st_pipeline_init(&p, st_builtin_passes());
	ck_assert(st_driver_pipeline(&p, "StinkyRemoveWaitCntPass,StinkyBuildImplicitDependencyPass,"
	                                 "StinkyWaitCntInsertionPass", "", &d));
	struct st_kernel_config config = {"gfx1250", 0};
	struct st_pm_options po = {.verify = st_verify_module, .print = st_print_module};
	struct st_pass_manager pm;
	st_pm_init(&pm, &p, &po, &config);
	bool ok = st_pm_run(&pm, m, &d);
	struct st_buf out = {0};
	if (ok)
		st_print_asm_module(&out, m);
	st_pm_fini(&pm);
	st_pipeline_fini(&p);
	st_module_free(m);
	st_diag_fini(&d);
	free(text);
	char *s = ok ? st_xstrdup(st_buf_cstr(&out)) : NULL;
	st_buf_free(&out);
	return s;
}

static char *expected[NINPUTS];

static void *worker(void *arg)
{
	size_t first = (size_t)(uintptr_t)arg;
	size_t *mismatches = st_xcalloc(1, sizeof *mismatches);
	for (size_t r = 0; r < ROUNDS; r++) {
		size_t k = (first + r) % NINPUTS;
		char *s = optimize(inputs[k]);
		*mismatches += !s || strcmp(s, expected[k]) != 0;
		free(s);
	}
	return mismatches;
}

START_TEST(threads_give_the_bytes_of_one_thread)
{
	for (size_t k = 0; k < NINPUTS; k++) {
		expected[k] = optimize(inputs[k]);
		ck_assert_ptr_nonnull(expected[k]);
		ck_assert(strstr(expected[k], "s_wait_"));
	}
	pthread_t t[NTHREADS];
	for (size_t i = 0; i < NTHREADS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)i), 0);
	for (size_t i = 0; i < NTHREADS; i++) {
		void *res;
		ck_assert_int_eq(pthread_join(t[i], &res), 0);
		ck_assert_uint_eq(*(size_t *)res, 0);
		free(res);
	}
	for (size_t k = 0; k < NINPUTS; k++)
		free(expected[k]);
}
END_TEST

static void *count_allocations(void *arg)
{
	(void)arg;
	free(st_xmalloc(16));
	free(st_xmalloc(16));
	unsigned long *n = malloc(sizeof *n);
	*n = st_alloc_count();
	return n;
}

/* This thread's next allocation would fail; another thread's do not, and
 * are not counted here. With one process-wide counter the worker's first
 * st_xmalloc would end the process. */
START_TEST(failure_injection_is_per_thread)
{
	st_alloc_fail_at(2);
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, count_allocations, NULL), 0);
	void *res;
	ck_assert_int_eq(pthread_join(t, &res), 0);
	ck_assert_uint_eq(st_alloc_count(), 0);
	free(st_xmalloc(1)); /* the first of this thread: not the failing one */
	ck_assert_uint_eq(st_alloc_count(), 1);
	st_alloc_fail_at(0);
	free(res);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("driver-threads");
	TCase *tc = tcase_create("threads");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, threads_give_the_bytes_of_one_thread);
	tcase_add_test(tc, failure_injection_is_per_thread);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
