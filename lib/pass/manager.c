/* The pass manager: runs a pipeline over a module with the instrumentation
 * of the command line (IR dumps before/after passes, change diffs, the
 * verifier after each pass, wall-time and statistics tables).
 *
 *   for each pipeline entry:
 *     dump before?  -> run (timed) -> merge statistics
 *     -> dump after / after change / diff?  -> verify (timed)? */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stinkytofu/diff.h"
#include "stinkytofu/pass_manager.h"

static const struct st_loc noloc;

double st_pm_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void st_pm_init(struct st_pass_manager *pm, const struct st_pipeline *p,
                const struct st_pm_options *opts, const struct st_kernel_config *config)
{
	memset(pm, 0, sizeof *pm);
	pm->pipeline = p;
	pm->opts = *opts;
	pm->config = config;
	size_t n = p->entries.n ? p->entries.n : 1;
	pm->seconds = st_xcalloc(n, sizeof *pm->seconds);
	pm->stats = st_xcalloc(n, sizeof *pm->stats);
}

void st_pm_fini(struct st_pass_manager *pm)
{
	for (size_t i = 0; i < pm->pipeline->entries.n; i++)
		st_vec_free(&pm->stats[i]);
	free(pm->stats);
	free(pm->seconds);
	st_vec_free(&pm->timers);
}

void st_pm_add_time(struct st_pass_manager *pm, const char *phase, double seconds)
{
	for (size_t i = 0; i < pm->timers.n; i++) {
		if (strcmp(pm->timers.v[i].name, phase) == 0) {
			pm->timers.v[i].seconds += seconds;
			return;
		}
	}
	st_vec_push(&pm->timers, ((struct st_pm_timer){phase, seconds}));
	if (!pm->ran)
		pm->ntimers_before_run = pm->timers.n;
}

static bool listed(const struct st_pass_info *const *list, size_t n, const struct st_pass_info *p)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == p)
			return true;
	return false;
}

static void render(const struct st_pass_manager *pm, const struct st_module *m, struct st_buf *out)
{
	out->len = 0;
	pm->opts.print(out, m);
}

static void dump(const struct st_pass_manager *pm, const char *when, const char *pass, const char *suffix,
                 const struct st_buf *text)
{
	FILE *f = pm->opts.dump ? pm->opts.dump : stderr;
	fprintf(f, "// -----// IR Dump %s %s%s //----- //\n", when, pass, suffix);
	fwrite(text->data, 1, text->len, f);
	fflush(f);
}

static void merge_stats(struct st_pass_manager *pm, size_t i, struct st_pass_ctx *ctx)
{
	for (size_t k = 0; k < ctx->stats.n; k++) {
		struct st_stat s = ctx->stats.v[k];
		size_t j = 0;
		while (j < pm->stats[i].n && strcmp(pm->stats[i].v[j].name, s.name) != 0)
			j++;
		if (j < pm->stats[i].n)
			pm->stats[i].v[j].value += s.value;
		else
			st_vec_push(&pm->stats[i], s);
	}
	st_vec_free(&ctx->stats);
}

bool st_pm_run(struct st_pass_manager *pm, struct st_module *m, struct st_diag_engine *d)
{
	const struct st_pm_options *o = &pm->opts;
	pm->ran = true;
	bool watch_change = o->print && (o->print_after_change || o->print_changed != ST_PRINT_CHANGED_NONE);
	struct st_buf before = {0}, after = {0};
	bool ok = true;
	for (size_t i = 0; ok && i < pm->pipeline->entries.n; i++) {
		const struct st_pipeline_entry *e = &pm->pipeline->entries.v[i];
		const char *name = e->pass->name;
		bool have_before = false;
		if (o->print && (o->print_before_all || listed(o->print_before, o->nprint_before, e->pass))) {
			render(pm, m, &before);
			have_before = true;
			dump(pm, "Before", name, "", &before);
		}
		if (watch_change && !have_before)
			render(pm, m, &before);

		struct st_pass_ctx ctx = {
			.module = m,
			.config = pm->config,
			.diag = d,
			.pass = e->pass,
			.opts = e->opts,
			.process_blocks = pm->process_blocks,
			.nprocess_blocks = pm->nprocess_blocks,
		};
		size_t errors = d->nerrors;
		double t0 = st_pm_now();
		ok = e->pass->run(&ctx);
		pm->seconds[i] += st_pm_now() - t0;
		merge_stats(pm, i, &ctx);
		if (!ok && d->nerrors == errors)
			st_error(d, noloc, "pass '%s' failed", name);
		if (ok && d->nerrors != errors) {
			st_error(d, noloc, "pass '%s' reported errors", name);
			ok = false;
		}

		bool dumped = false;
		if (o->print && (o->print_after_all || listed(o->print_after, o->nprint_after, e->pass) ||
		                 (!ok && o->print_after_failure))) {
			render(pm, m, &after);
			dump(pm, "After", name, ok ? "" : " Failed", &after);
			dumped = true;
		}
		if (ok && watch_change) {
			if (!dumped)
				render(pm, m, &after);
			bool changed = before.len != after.len || memcmp(before.data, after.data, before.len) != 0;
			if (changed && !dumped && (o->print_after_change || o->print_changed == ST_PRINT_CHANGED_FULL))
				dump(pm, "After", name, "", &after);
			if (changed && o->print_changed == ST_PRINT_CHANGED_DIFF) {
				struct st_buf diff = {0};
				char *a = st_xasprintf("before %s", name), *b = st_xasprintf("after %s", name);
				st_unified_diff(&diff, before.data, before.len, after.data, after.len, a, b, 3);
				dump(pm, "After", name, "", &diff);
				free(a);
				free(b);
				st_buf_free(&diff);
			}
		}

		if (ok && o->verify) {
			double v0 = st_pm_now();
			size_t nerr = o->verify(m, d);
			pm->verify_seconds += st_pm_now() - v0;
			if (nerr) {
				st_error(d, noloc, "the IR is invalid after pass '%s'", name);
				ok = false;
				if (o->print && o->print_after_failure && !dumped) {
					render(pm, m, &after);
					dump(pm, "After", name, " Failed", &after);
				}
			}
		}
	}
	st_buf_free(&before);
	st_buf_free(&after);
	return ok;
}

static void banner(FILE *out, const char *title)
{
	static const char rule[] = "===-------------------------------------------------------------------------===";
	size_t pad = (sizeof rule - 1 - strlen(title)) / 2;
	fprintf(out, "%s\n%*s%s\n%s\n", rule, (int)pad, "", title, rule);
}

static void time_row(FILE *out, double s, double total, const char *name)
{
	fprintf(out, "  %8.4f (%5.1f%%)  %s\n", s, total > 0 ? 100.0 * s / total : 0.0, name);
}

void st_pm_report(const struct st_pass_manager *pm, FILE *out)
{
	const struct st_pipeline *p = pm->pipeline;
	if (pm->opts.time_passes) {
		double total = pm->verify_seconds;
		for (size_t i = 0; i < p->entries.n; i++)
			total += pm->seconds[i];
		for (size_t i = 0; i < pm->timers.n; i++)
			total += pm->timers.v[i].seconds;
		banner(out, "... Execution time report ...");
		fprintf(out, "  Total Execution Time: %.4f seconds\n\n", total);
		fprintf(out, "  ----Wall Time----  ----Name----\n");
		/* Driver phases measured before the first run (parsing) come first,
		 * the rest (output) after the passes. */
		for (size_t i = 0; i < pm->ntimers_before_run; i++)
			time_row(out, pm->timers.v[i].seconds, total, pm->timers.v[i].name);
		for (size_t i = 0; i < p->entries.n; i++)
			time_row(out, pm->seconds[i], total, p->entries.v[i].pass->name);
		if (pm->opts.verify)
			time_row(out, pm->verify_seconds, total, "Verifier");
		for (size_t i = pm->ntimers_before_run; i < pm->timers.n; i++)
			time_row(out, pm->timers.v[i].seconds, total, pm->timers.v[i].name);
		time_row(out, total, total, "Total");
	}
	if (pm->opts.statistics) {
		banner(out, "... Pass statistics report ...");
		for (size_t i = 0; i < p->entries.n; i++) {
			fprintf(out, "%s\n", p->entries.v[i].pass->name);
			for (size_t k = 0; k < pm->stats[i].n; k++)
				fprintf(out, "  (S) %lld %s\n", (long long)pm->stats[i].v[k].value, pm->stats[i].v[k].name);
		}
	}
	fflush(out);
}
