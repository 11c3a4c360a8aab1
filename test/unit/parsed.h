/* A module parsed from a snippet, with its diagnostics collected: the
 * fixture of the unit tests that look at what the reader builds. */
#ifndef STINKYTOFU_TEST_PARSED_H
#define STINKYTOFU_TEST_PARSED_H

#include <check.h>
#include <string.h>

#include "stinkytofu/parse.h"

struct parsed {
	struct st_diag_engine diag;
	struct st_module *m; /* NULL when the snippet has errors */
};

/* Parses `text` as file t.stir whose first line is numbered first_line. */
static inline void parse_at(struct parsed *p, const char *text, uint32_t first_line)
{
	st_diag_init(&p->diag, NULL);
	p->diag.collect = true;
	p->m = st_parse("t.stir", text, strlen(text), first_line, &p->diag);
}

static inline void parse(struct parsed *p, const char *text)
{
	parse_at(p, text, 1);
}

static inline void done(struct parsed *p)
{
	st_module_free(p->m);
	st_diag_fini(&p->diag);
}

/* The n-th item (0 first) of the first block of the first function. */
static inline struct st_inst *nth_inst(const struct parsed *p, int n)
{
	ck_assert_ptr_nonnull(p->m);
	struct st_inst *i = p->m->funcs.v[0]->blocks.v[0]->first;
	while (n--)
		i = i->next;
	return i;
}

#endif
