/* The ISA table: rows from isa.def, looked up by mnemonic, and the names of
 * the counters. */
#include <string.h>

#include "stinkytofu/isa.h"

enum { EXACT = 0, PREFIX = 1 };

static const struct st_isa_info table[] = {
#define ST_COUNTER(id, name, mnemonic, ...) {mnemonic, false, ST_CNT_NONE, ST_ISA_WAIT, ST_WAIT_SINGLE, ST_CNT_##id},
#include "stinkytofu/counters.def"
#undef ST_COUNTER
#define ST_ISA(pat, match, cnt, fl, wform, wcnt)                               \
	{pat, match == PREFIX, ST_CNT_##cnt, ISA_FLAGS(fl), ST_WAIT_##wform, ST_CNT_##wcnt},
#define LDS_READER ST_ISA_LDS_READER
#define LDS_WRITER ST_ISA_LDS_WRITER
#define ASYNC_LDS_READER ST_ISA_ASYNC_LDS_READER
#define ASYNC_LDS_WRITER ST_ISA_ASYNC_LDS_WRITER
#define FLAT ST_ISA_FLAT
#define CALL ST_ISA_CALL
#define CACHE_INV ST_ISA_CACHE_INV
#define BARRIER ST_ISA_BARRIER
#define COND_BRANCH ST_ISA_COND_BRANCH
#define SPLIT_BARRIER ST_ISA_SPLIT_BARRIER
#define BRANCH ST_ISA_BRANCH
#define ENDPGM ST_ISA_ENDPGM
#define WMMA ST_ISA_WMMA
#define WAIT ST_ISA_WAIT
#define RET_ATOMIC ST_ISA_RET_ATOMIC
#define DS_WRITE ST_ISA_DS_WRITE
#define DS_ATOMIC ST_ISA_DS_ATOMIC
#define TENSOR_LOAD ST_ISA_TENSOR_LOAD
#define STORE ST_ISA_STORE
#define SMEM_XLATE ST_ISA_SMEM_XLATE
#define BINDS_NEXT ST_ISA_BINDS_NEXT
#define SET_VGPR_MSB ST_ISA_SET_VGPR_MSB
#define SETREG ST_ISA_SETREG
#define PADDING ST_ISA_PADDING
#define ISA_FLAGS(fl) (unsigned)(fl)
#include "isa.def"
#undef ST_ISA
};

static const struct st_isa_info unknown = {"", false, ST_CNT_NONE, 0, ST_WAIT_NONE, ST_CNT_NONE};

const struct st_isa_info *st_isa_lookup(const char *mnemonic)
{
	for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
		const struct st_isa_info *e = &table[k];
		size_t n = strlen(e->pattern);
		if (e->prefix ? strncmp(mnemonic, e->pattern, n) == 0 : strcmp(mnemonic, e->pattern) == 0)
			return e;
	}
	return &unknown;
}

enum { IN_ORDER = 1, OUT_OF_ORDER = 0, REGS_IN_ORDER = 3, REGS = 1, NOREGS = 0, ERASE = 1, KEEP = 0 };

const struct st_counter_info st_counter_table[ST_NUM_COUNTERS] = {
#define ST_COUNTER(id, name, mnemonic, kind, field, width, order, results, erase, latency)                \
	{name, mnemonic, kind, field, (1 << (width)) - 1, order, (results) != NOREGS, (results) == REGS_IN_ORDER, \
	 erase,                                                                                               \
	 "inserted-" name "-waits", "erased-" name "-waits"},
#include "stinkytofu/counters.def"
#undef ST_COUNTER
};

static const struct {
	const char *field;
	enum st_counter counter;
} swaitcnt_fields[] = {
#define ST_COUNTER(...)
#define ST_SWAITCNT_FIELD(field, id) {field, ST_CNT_##id},
#include "stinkytofu/counters.def"
#undef ST_SWAITCNT_FIELD
#undef ST_COUNTER
};
#define NSWAITCNT_FIELDS (sizeof swaitcnt_fields / sizeof swaitcnt_fields[0])

const char *st_counter_name(enum st_counter c)
{
	return c < ST_NUM_COUNTERS ? st_counter_table[c].name : "none";
}

const char *st_counter_wait_mnemonic(enum st_counter c)
{
	return c < ST_NUM_COUNTERS ? st_counter_table[c].wait_mnemonic : "";
}

const char *st_swaitcnt_field(enum st_counter c, const char *except)
{
	for (size_t k = 0; k < NSWAITCNT_FIELDS; k++)
		if (swaitcnt_fields[k].counter == c && (!except || strcmp(swaitcnt_fields[k].field, except) != 0))
			return swaitcnt_fields[k].field;
	return NULL;
}

bool st_counter_in_swaitcnt(enum st_counter c)
{
	const char *own = st_swaitcnt_field(c, NULL);
	return own && strcmp(own, st_counter_info(c)->mod_field) == 0;
}

const char *const *st_swaitcnt_fields(int *n)
{
	static const char *const fields[] = {
#define ST_COUNTER(...)
#define ST_SWAITCNT_FIELD(field, id) field,
#include "stinkytofu/counters.def"
#undef ST_SWAITCNT_FIELD
#undef ST_COUNTER
	};
	*n = (int)(sizeof fields / sizeof fields[0]);
	return fields;
}

const char *st_wait_modifier_kind(const char *kind)
{
	static const char *const aliases[][2] = {
#define ST_COUNTER(...)
#define ST_WAIT_MODIFIER_ALIAS(alias, kind) {alias, kind},
#include "stinkytofu/counters.def"
#undef ST_WAIT_MODIFIER_ALIAS
#undef ST_COUNTER
	};
	for (size_t k = 0; k < sizeof aliases / sizeof aliases[0]; k++)
		if (strcmp(kind, aliases[k][0]) == 0)
			return aliases[k][1];
	for (int c = 0; c < ST_NUM_COUNTERS; c++)
		if (strcmp(st_counter_table[c].mod_kind, kind) == 0)
			return st_counter_table[c].mod_kind;
	return NULL;
}

int st_wait_modifier_fields(const char *kind, const char *const **fields)
{
	kind = st_wait_modifier_kind(kind);
	if (!kind)
		return 0;
	for (int c = 0; c < ST_NUM_COUNTERS; c++) {
		if (strcmp(st_counter_table[c].mod_kind, kind) != 0)
			continue;
		if (st_counter_in_swaitcnt((enum st_counter)c)) {
			int n;
			*fields = st_swaitcnt_fields(&n);
			return n;
		}
		*fields = &st_counter_table[c].mod_field;
		return 1;
	}
	return 0;
}
