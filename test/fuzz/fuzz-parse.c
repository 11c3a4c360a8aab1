/* libFuzzer harness for the .stir reader and printer.
 *
 * Any byte string must either be rejected with diagnostics or parse; a module
 * that parsed must print, and its printed text must parse again and print to
 * the same text (the round-trip law of docs/stir-format.md:
 * print(parse(print(parse(x)))) == print(parse(x))). The same bytes read as
 * assembly must be rejected with an error or give a module that verifies
 * or is rejected by the verifier with an error: a reader or verifier that
 * fails without reporting one (exit status 1 with nothing on stderr) is a
 * finding. A violation, a crash, a sanitizer report or a leak is a finding.
 * Set ST_FUZZ_VERBOSE=1 to see the diagnostics and the two printed texts
 * when reproducing one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/diag.h"
#include "stinkytofu/parse.h"
#include "stinkytofu/print.h"
#include "stinkytofu/verify.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static struct st_module *parse(const char *name, const char *text, size_t len, FILE *err, bool asm_input)
{
	struct st_diag_engine d;
	st_diag_init(&d, err);
	st_diag_add_source(&d, name, text, len);
	struct st_module *m = asm_input ? st_parse_asm(name, text, len, 1, &d) : st_parse(name, text, len, 1, &d);
	/* The contract: a module exactly when no error was reported. */
	if ((m != NULL) == (d.nerrors != 0)) {
		fprintf(stderr, "fuzz-parse: %s returned %s after %zu errors\n", asm_input ? "st_parse_asm" : "st_parse",
		        m ? "a module" : "NULL", d.nerrors);
		abort();
	}
	/* The verifier's count is the number of errors it reported. */
	size_t bad = m ? st_verify_module(m, &d) : 0;
	if (m && bad != d.nerrors) {
		fprintf(stderr, "fuzz-parse: st_verify_module found %zu errors and reported %zu\n", bad, d.nerrors);
		abort();
	}
	st_diag_fini(&d);
	return m;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	FILE *err = getenv("ST_FUZZ_VERBOSE") ? stderr : NULL;
	struct st_module *a = parse("<fuzz.s>", (const char *)data, size, err, true);
	if (a)
		st_module_free(a);
	struct st_module *m = parse("<fuzz>", (const char *)data, size, err, false);
	if (!m)
		return 0;
	struct st_buf first = {0};
	st_print_module(&first, m);
	st_module_free(m);

	struct st_module *m2 = parse("<printed>", first.data ? first.data : "", first.len, stderr, false);
	if (!m2) {
		fprintf(stderr, "fuzz-parse: the printed module does not parse:\n%s", st_buf_cstr(&first));
		abort();
	}
	struct st_buf second = {0};
	st_print_module(&second, m2);
	st_module_free(m2);
	if (first.len != second.len || memcmp(first.data, second.data, first.len) != 0) {
		fprintf(stderr, "fuzz-parse: printing is not stable\n--- first print\n%s--- second print\n%s",
		        st_buf_cstr(&first), st_buf_cstr(&second));
		abort();
	}
	st_buf_free(&first);
	st_buf_free(&second);
	return 0;
}
