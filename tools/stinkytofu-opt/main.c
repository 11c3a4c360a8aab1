/* stinkytofu-opt: reads a .stir file, verifies it and prints it back in
 * canonical form. This file only parses the command line; the work is done by
 * the library (st_parse, st_verify_module, st_print_module). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/diag.h"
#include "stinkytofu/parse.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

#ifndef ST_VERSION
#define ST_VERSION "0.1.0"
#endif

struct options {
	const char *input;
	const char *output;
	const char *arch;
};

static void usage(FILE *f)
{
	fputs("usage: stinkytofu-opt [options] [INPUT.stir | -]\n"
	      "\n"
	      "Reads StinkyTofu IR (.stir), verifies it and prints it in canonical form.\n"
	      "\n"
	      "options:\n"
	      "  --arch ARCH, --arch=ARCH  target architecture (gfx1250)\n"
	      "  --print-output            print the IR (the default; accepted for compatibility)\n"
	      "  -o FILE                   write the output to FILE (atomically) instead of stdout\n"
	      "  --version                 print the version and exit\n"
	      "  --help                    print this help and exit\n",
	      f);
}

static int usage_error(const char *fmt, const char *arg)
{
	fputs("stinkytofu-opt: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'stinkytofu-opt --help'.\n", stderr);
	return 2;
}

/* Returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, struct options *o)
{
	for (int k = 1; k < argc; k++) {
		const char *a = argv[k];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(a, "--version") == 0) {
			printf("stinkytofu-opt %s\n", ST_VERSION);
			return 0;
		} else if (strcmp(a, "--print-output") == 0) {
			continue;
		} else if (strcmp(a, "--arch") == 0 || strcmp(a, "-o") == 0) {
			if (k + 1 >= argc)
				return usage_error("option '%s' needs an argument", a);
			if (a[1] == 'o')
				o->output = argv[++k];
			else
				o->arch = argv[++k];
		} else if (strncmp(a, "--arch=", 7) == 0) {
			o->arch = a + 7;
		} else if (a[0] == '-' && a[1] != '\0') {
			return usage_error("unknown option '%s'", a);
		} else if (o->input) {
			return usage_error("more than one input file ('%s')", a);
		} else {
			o->input = a;
		}
	}
	if (!o->input)
		o->input = "-";
	if (strcmp(o->arch, "gfx1250") != 0)
		return usage_error("unsupported architecture '%s' (supported: gfx1250)", o->arch);
	return -1;
}

int main(int argc, char **argv)
{
	struct options o = {.arch = "gfx1250"};
	int status = parse_args(argc, argv, &o);
	if (status >= 0)
		return status;

	size_t len;
	char *text = st_read_file(o.input, &len);
	if (!text) {
		fprintf(stderr, "stinkytofu-opt: error: cannot read '%s': %s\n", o.input, strerror(errno));
		return 1;
	}
	const char *name = strcmp(o.input, "-") == 0 ? "<stdin>" : o.input;
	struct st_diag_engine diag;
	st_diag_init(&diag, stderr);
	st_diag_add_source(&diag, name, text, len);

	status = 1;
	struct st_module *m = st_parse(name, text, len, 1, &diag);
	if (m && st_verify_module(m, &diag) == 0) {
		struct st_buf out = {0};
		st_print_module(&out, m);
		if (!o.output || strcmp(o.output, "-") == 0) {
			status = fwrite(out.data, 1, out.len, stdout) == out.len && fflush(stdout) == 0 ? 0 : 1;
			if (status)
				fprintf(stderr, "stinkytofu-opt: error: cannot write output: %s\n", strerror(errno));
		} else if (st_write_file_atomic(o.output, out.data ? out.data : "", out.len)) {
			status = 0;
		} else {
			fprintf(stderr, "stinkytofu-opt: error: cannot write '%s': %s\n", o.output, strerror(errno));
		}
		st_buf_free(&out);
	}
	st_module_free(m);
	st_diag_fini(&diag);
	free(text);
	return status;
}
