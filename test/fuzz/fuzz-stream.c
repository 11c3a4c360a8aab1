/* libFuzzer harness: the reader must not depend on where its input's chunks
 * end.
 *
 * Every input is parsed twice with the same first line: from memory in one
 * piece (st_parse) and through st_parse_stream fed by a read function that
 * returns a few bytes at a time. flex refills its buffer through YY_INPUT
 * each time it runs out, so tiny reads put a refill inside nearly every
 * token, attribute text and comment. Both parses must succeed or fail
 * together, print the same module, and report the same diagnostics, printed
 * with LINE:COL, message, quoted line and caret. A difference, a crash, a
 * sanitizer report or a leak is a finding.
 *
 * The whole input is the .stir text, so the tests and examples seed it as
 * they are. The read sizes, the first line number and sometimes a read that
 * fails after a given byte (in both parses: the error must be located at the
 * same place) come from a hash of the input: every mutation also moves the
 * chunk boundaries. Inputs up to 1 KiB are streamed once more in 1-byte
 * reads, so a small saved finding replays even after a comment was added to
 * it. (Not the longer ones: after each refill flex scans the token read so
 * far again, so 1-byte reads cost time quadratic in a token's length, 0.3 s
 * for a 4 KB comment line here.) Set ST_FUZZ_VERBOSE=1 to see the schedule
 * and both outcomes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/diag.h"
#include "stinkytofu/parse.h"
#include "stinkytofu/print.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* How one parse reads: `maxread` 0 means all at once (st_parse's own
 * reads); otherwise reads of 1..maxread bytes drawn from `seed`. A read
 * after `fail_at` bytes fails (0: never). */
struct schedule {
	uint32_t first_line;
	size_t maxread;
	uint32_t seed;
	size_t fail_at;
};

struct input {
	const char *text;
	size_t len, pos;
	struct schedule s;
	uint32_t state;
};

static uint32_t xorshift(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

static ptrdiff_t read_chunk(void *ctx, char *buf, size_t max)
{
	struct input *in = ctx;
	if (in->s.fail_at && in->pos >= in->s.fail_at)
		return -1;
	size_t n = in->s.maxread ? 1 + xorshift(&in->state) % in->s.maxread : max;
	if (n > max)
		n = max;
	size_t end = in->s.fail_at ? in->s.fail_at : in->len;
	if (n > end - in->pos)
		n = end - in->pos;
	memcpy(buf, in->text + in->pos, n);
	in->pos += n;
	return (ptrdiff_t)n;
}

struct outcome {
	char *module; /* NULL when the parse failed */
	char *diags;  /* everything the engine printed */
	size_t diags_len, nerrors, nwarnings;
};

static struct outcome run(const char *text, size_t len, struct schedule s)
{
	struct outcome o = {0};
	FILE *out = open_memstream(&o.diags, &o.diags_len);
	if (!out)
		abort();
	struct st_diag_engine d;
	st_diag_init(&d, out);
	st_diag_add_source_at(&d, "<fuzz>", text, len, s.first_line);
	struct st_module *m;
	if (!s.maxread && !s.fail_at) {
		m = st_parse("<fuzz>", text, len, s.first_line, &d);
	} else {
		struct input in = {text, len, 0, s, s.seed ? s.seed : 1};
		m = st_parse_stream("<fuzz>", read_chunk, &in, s.first_line, &d);
	}
	if ((m != NULL) == (d.nerrors != 0)) {
		fprintf(stderr, "fuzz-stream: the parse returned %s after %zu errors\n", m ? "a module" : "NULL",
		        d.nerrors);
		abort();
	}
	o.nerrors = d.nerrors;
	o.nwarnings = d.nwarnings;
	if (m) {
		struct st_buf b = {0};
		st_print_module(&b, m);
		o.module = st_xstrdup(st_buf_cstr(&b));
		st_buf_free(&b);
		st_module_free(m);
	}
	st_diag_fini(&d);
	fclose(out);
	return o;
}

static void show(const char *what, struct schedule s, const struct outcome *o)
{
	fprintf(stderr, "--- %s: first line %u, reads of %s%zu bytes, seed %u, failing at %zu (0: never); %zu errors\n",
	        what, s.first_line, s.maxread ? "1.." : "up to ", s.maxread ? s.maxread : (size_t)65536, s.seed,
	        s.fail_at, o->nerrors);
	fprintf(stderr, "--- %s: diagnostics\n%s--- %s: module\n%s", what, o->diags, what,
	        o->module ? o->module : "(none)\n");
}

static void outcome_free(struct outcome *o)
{
	free(o->module);
	free(o->diags);
}

/* Parses in one piece and as scheduled by `s`; aborts if they differ. */
static void compare(const char *text, size_t len, struct schedule s)
{
	struct schedule whole = {.first_line = s.first_line, .fail_at = s.fail_at};
	struct outcome a = run(text, len, whole), b = run(text, len, s);
	const char *differs = NULL;
	if ((a.module != NULL) != (b.module != NULL))
		differs = "one parse failed, the other did not";
	else if (a.nerrors != b.nerrors || a.nwarnings != b.nwarnings)
		differs = "the numbers of errors or warnings differ";
	else if (a.diags_len != b.diags_len || memcmp(a.diags, b.diags, a.diags_len) != 0)
		differs = "the diagnostics differ";
	else if (a.module && strcmp(a.module, b.module) != 0)
		differs = "the printed modules differ";
	if (differs || getenv("ST_FUZZ_VERBOSE")) {
		if (differs)
			fprintf(stderr, "fuzz-stream: %s\n", differs);
		show("in one piece", whole, &a);
		show("in chunks", s, &b);
		if (differs)
			abort();
	}
	outcome_free(&a);
	outcome_free(&b);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const char *text = (const char *)data;
	/* FNV-1a of the input: the schedule. */
	uint32_t h = 2166136261u;
	for (size_t k = 0; k < size; k++)
		h = (h ^ data[k]) * 16777619u;
	uint32_t x = h ? h : 1;
	static const size_t maxreads[] = {1, 2, 3, 4, 7, 16, 64, 300};
	struct schedule s = {
		.first_line = xorshift(&x) % 2 ? 1 : 1 + xorshift(&x) % 100000,
		.maxread = maxreads[xorshift(&x) % 8],
		.seed = xorshift(&x),
	};
	/* One input in eight is cut by a failing read, at any byte. */
	if (size && xorshift(&x) % 8 == 0)
		s.fail_at = 1 + xorshift(&x) % size;
	compare(text, size, s);
	/* Byte by byte, the schedule that does not depend on the input. */
	if (size <= 1024)
		compare(text, size, (struct schedule){.first_line = s.first_line, .maxread = 1});
	return 0;
}
