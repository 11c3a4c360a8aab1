/* libFuzzer harness for the whole wait pipeline, through the library API.
 *
 *   parse -> verify -> StinkyBuildImplicitDependencyPass
 *         -> StinkyWaitCntInsertionPass -> WaitCntValidationCheckPass
 *         -> StinkyWmmaVgprReorderPass -> print
 *
 * with the driver's defaults (gfx1250, multi-wave, --verify-each). Bad input
 * may be rejected anywhere up to and including the inserter; but once the
 * inserter has succeeded, the validator must accept its output: a rejected
 * inserter result is a finding, like a crash, a sanitizer report or a leak.
 * A stage that fails must have reported an error (the driver's exit status 1
 * always comes with a located `error:`): failing silently is a finding too.
 * Set ST_FUZZ_VERBOSE=1 to see the diagnostics when reproducing one. */
#include <stdio.h>
#include <stdlib.h>

#include "stinkytofu/diag.h"
#include "stinkytofu/parse.h"
#include "stinkytofu/pass_manager.h"
#include "stinkytofu/passes.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* A stage failed: it must have reported an error since `before` errors. */
static void expect_error(const struct st_diag_engine *d, size_t before, const char *stage)
{
	if (d->nerrors > before)
		return;
	fprintf(stderr, "fuzz-pipeline: %s failed without reporting an error\n", stage);
	abort();
}

/* Runs one pipeline stage on `m`; false when a pass reported an error. */
static bool run(const char *pipeline, struct st_module *m, struct st_diag_engine *d)
{
	static const struct st_kernel_config config = {.arch = "gfx1250", .num_waves = 0};
	struct st_pipeline p;
	st_pipeline_init(&p, st_builtin_passes());
	if (!st_pipeline_parse(&p, pipeline, d)) {
		fprintf(stderr, "fuzz-pipeline: bad pipeline '%s'\n", pipeline);
		abort();
	}
	struct st_pm_options opts = {.verify = st_verify_module, .print = st_print_module};
	struct st_pass_manager pm;
	st_pm_init(&pm, &p, &opts, &config);
	size_t before = d->nerrors;
	bool ran = st_pm_run(&pm, m, d);
	if (!ran)
		expect_error(d, before, pipeline);
	bool ok = ran && d->nerrors == 0;
	st_pm_fini(&pm);
	st_pipeline_fini(&p);
	return ok;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const char *text = (const char *)data;
	struct st_diag_engine d;
	st_diag_init(&d, getenv("ST_FUZZ_VERBOSE") ? stderr : NULL);
	st_diag_add_source(&d, "<fuzz>", text, size);
	struct st_module *m = st_parse("<fuzz>", text, size, 1, &d);
	if (!m)
		expect_error(&d, 0, "st_parse");
	bool verified = m && !d.nerrors && st_verify_module(m, &d) == 0;
	if (m && !verified)
		expect_error(&d, 0, "st_verify_module");
	if (verified && run("StinkyBuildImplicitDependencyPass,StinkyWaitCntInsertionPass", m, &d)) {
		/* Collected, so a rejection can show the validator's counterexample. */
		struct st_diag_engine vd;
		st_diag_init(&vd, NULL);
		vd.collect = true;
		if (!run("WaitCntValidationCheckPass", m, &vd)) {
			struct st_buf b = {0};
			st_print_module(&b, m);
			fprintf(stderr, "fuzz-pipeline: WaitCntValidationCheckPass rejects the waits "
			                "StinkyWaitCntInsertionPass inserted:\n%s--- diagnostics\n",
			        st_buf_cstr(&b));
			st_diag_add_source(&vd, "<fuzz>", text, size);
			vd.out = stderr;
			for (size_t k = 0; k < vd.diags.n; k++)
				st_diag_print(&vd, &vd.diags.v[k]);
			abort();
		}
		st_diag_fini(&vd);
		if (run("StinkyWmmaVgprReorderPass", m, &d)) {
			struct st_buf b = {0};
			st_print_module(&b, m);
			st_buf_free(&b);
		}
	}
	if (m)
		st_module_free(m);
	st_diag_fini(&d);
	return 0;
}
