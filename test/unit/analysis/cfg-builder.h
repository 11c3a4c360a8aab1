/* Test helper: builds a function's blocks and edges from a compact text,
 * "entry->a,b; a->c; b->c; c" (blocks in the order listed, the first is the
 * entry), so CFG shapes in the unit tests read like diagrams. */
#ifndef TEST_CFG_BUILDER_H
#define TEST_CFG_BUILDER_H

#include <stdlib.h>
#include <string.h>

#include "stinkytofu/ir.h"

static inline struct st_function *build_cfg(struct st_module *m, const char *spec)
{
	struct st_function *f = st_function_new(m, "f", (struct st_loc){0});
	char *copy = st_xstrdup(spec);
	/* First pass: create the blocks in order. */
	for (char *save = NULL, *part = strtok_r(copy, ";", &save); part; part = strtok_r(NULL, ";", &save)) {
		while (*part == ' ')
			part++;
		size_t len = strcspn(part, " -");
		char name[64];
		memcpy(name, part, len);
		name[len] = '\0';
		st_block_new(f, name, (struct st_loc){0});
	}
	free(copy);
	copy = st_xstrdup(spec);
	size_t bi = 0;
	for (char *save = NULL, *part = strtok_r(copy, ";", &save); part; part = strtok_r(NULL, ";", &save), bi++) {
		char *arrow = strstr(part, "->");
		if (!arrow)
			continue;
		for (char *s2 = NULL, *succ = strtok_r(arrow + 2, ", ", &s2); succ; succ = strtok_r(NULL, ", ", &s2)) {
			struct st_block *t = st_function_find_block(f, succ);
			if (!t)
				abort();
			st_block_add_succ(f->blocks.v[bi], t, (struct st_loc){0});
		}
	}
	free(copy);
	st_function_compute_preds(f);
	return f;
}

static inline uint32_t blk(const struct st_function *f, const char *label)
{
	const struct st_block *b = st_function_find_block(f, label);
	if (!b)
		abort();
	return b->index;
}

#endif
