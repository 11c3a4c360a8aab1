/* The known-mnemonic table: every gfx1250 mnemonic with its operand slots,
 * generated from lib/isa/gfx12-instructions.tsv and gfx1250-instructions.tsv
 * and the aliases of gfx1250-aliases.tsv (gen-mnemonics.py), found by binary
 * search, with "did you mean" over it. */
#include <string.h>

#include "stinkytofu/isa.h"
#include "stinkytofu/support.h"

static const struct st_mnemonic mnemonics[] = {
#define ST_MNEMONIC(section, name, dst, s0, s1, s2, s3, mods, canonical) {name, section, dst, {s0, s1, s2, s3}, mods, canonical},
#include "mnemonics.inc"
#undef ST_MNEMONIC
};

enum { NMNEMONICS = sizeof mnemonics / sizeof mnemonics[0] };

size_t st_mnemonic_count(void) { return NMNEMONICS; }

const struct st_mnemonic *st_mnemonic_at(size_t k) { return k < NMNEMONICS ? &mnemonics[k] : NULL; }

/* name[0..len) against a NUL-terminated table name, in strcmp order. */
static int compare(const char *name, size_t len, const char *key)
{
	int c = strncmp(name, key, len);
	if (c)
		return c;
	return key[len] ? -1 : 0;
}

static const struct st_mnemonic *find_exact(const char *name, size_t len)
{
	size_t lo = 0, hi = NMNEMONICS;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = compare(name, len, mnemonics[mid].name);
		if (!c)
			return &mnemonics[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Encoding suffixes llvm-mc accepts after a mnemonic; the table lists the
 * mnemonic without them. Longest first, so _e64_dpp is not read as _dpp. */
static const char *const suffixes[] = {"_e64_dpp", "_e32", "_e64", "_dpp", "_sdwa"};

size_t st_mnemonic_base_len(const char *name, size_t len)
{
	if (find_exact(name, len))
		return len;
	for (size_t k = 0; k < sizeof suffixes / sizeof suffixes[0]; k++) {
		size_t n = strlen(suffixes[k]);
		if (len > n && memcmp(name + len - n, suffixes[k], n) == 0)
			return len - n;
	}
	return len;
}

const struct st_mnemonic *st_mnemonic_find(const char *name, size_t len)
{
	return find_exact(name, st_mnemonic_base_len(name, len));
}

const char *st_mnemonic_suggest(const char *name)
{
	const char *best = NULL;
	size_t bestd = strlen(name) / 4 + 2; /* near misses only: a typo, not another instruction */
	for (size_t k = 0; k < NMNEMONICS; k++) {
		size_t d = st_edit_distance(name, mnemonics[k].name);
		if (d < bestd) {
			bestd = d;
			best = mnemonics[k].name;
		}
	}
	return best;
}
