/* The ISA table: rows from isa.def, looked up by mnemonic, and the names of
 * the counters. */
#include <string.h>

#include "stinkytofu/isa.h"

enum { EXACT = 0, PREFIX = 1 };

static const struct st_isa_info table[] = {
#define ST_ISA(pat, match, cnt, fl, wform, wcnt, wfield)                       \
	{pat, match == PREFIX, ST_CNT_##cnt, ISA_FLAGS(fl), ST_WAIT_##wform, ST_CNT_##wcnt, wfield},
#define LDS_READER ST_ISA_LDS_READER
#define LDS_WRITER ST_ISA_LDS_WRITER
#define ASYNC_LDS_READER ST_ISA_ASYNC_LDS_READER
#define ASYNC_LDS_WRITER ST_ISA_ASYNC_LDS_WRITER
#define BARRIER ST_ISA_BARRIER
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
#define XCNT_WAIT ST_ISA_XCNT_WAIT
#define ISA_FLAGS(fl) (unsigned)(fl)
#include "isa.def"
#undef ST_ISA
};

static const struct st_isa_info unknown = {"", false, ST_CNT_NONE, 0, ST_WAIT_NONE, ST_CNT_NONE, ""};

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

const char *st_counter_name(enum st_counter c)
{
	static const char *const names[] = {"dscnt", "loadcnt", "kmcnt", "tensorcnt", "asynccnt", "storecnt"};
	return c < ST_NUM_COUNTERS ? names[c] : "none";
}

const char *st_counter_wait_mnemonic(enum st_counter c)
{
	static const char *const names[] = {"s_wait_dscnt",    "s_wait_loadcnt",  "s_wait_kmcnt",
	                                    "s_wait_tensorcnt", "s_wait_asynccnt", "s_wait_storecnt"};
	return c < ST_NUM_COUNTERS ? names[c] : "";
}
