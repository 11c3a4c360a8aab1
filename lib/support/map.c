/* The hash tables of support.h: st_map (identity keys) and st_index (content
 * keys): growth, insertion, clearing. */
#include <string.h>

#include "stinkytofu/support.h"

static void grow(struct st_map *m)
{
	size_t ncap = m->cap ? m->cap * 2 : 64;
	uint64_t *keys = st_xcalloc(ncap, sizeof *keys);
	uint64_t *vals = st_xmalloc(ncap * sizeof *vals);
	for (size_t k = 0; k < m->cap; k++) {
		if (!m->keys[k])
			continue;
		size_t j = st_hash64(m->keys[k]) & (ncap - 1);
		while (keys[j])
			j = (j + 1) & (ncap - 1);
		keys[j] = m->keys[k];
		vals[j] = m->vals[k];
	}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->cap = ncap;
}

/* Adds `key`, which the map does not hold, as 0, growing the table first
 * (a lookup that finds its key does not grow it). Out of line, so that
 * st_map_slot saves no registers for it. */
__attribute__((noinline)) static uint64_t *grow_and_add(struct st_map *m, uint64_t key)
{
	grow(m);
	size_t j = st_hash64(key) & (m->cap - 1);
	while (m->keys[j])
		j = (j + 1) & (m->cap - 1);
	m->n++;
	m->keys[j] = key;
	m->vals[j] = 0;
	return &m->vals[j];
}

uint64_t *st_map_slot(struct st_map *m, uint64_t key, bool *added)
{
	st_assert(key != 0);
	if (m->cap) {
		size_t mask = m->cap - 1, j = st_hash64(key) & mask;
		for (; m->keys[j]; j = (j + 1) & mask) {
			if (m->keys[j] == key) {
				if (added)
					*added = false;
				return &m->vals[j];
			}
		}
		if ((m->n + 1) * 2 <= m->cap) {
			m->n++;
			m->keys[j] = key;
			m->vals[j] = 0;
			if (added)
				*added = true;
			return &m->vals[j];
		}
	}
	if (added)
		*added = true;
	return grow_and_add(m, key);
}

void st_map_put(struct st_map *m, uint64_t key, uint64_t val)
{
	*st_map_slot(m, key, NULL) = val;
}

void st_map_clear(struct st_map *m)
{
	/* A big table left by one huge function is not worth clearing for the
	 * many small ones after it. */
	if (m->cap > 4096 && m->cap > 16 * m->n) {
		st_map_free(m);
	} else if (m->cap) {
		memset(m->keys, 0, m->cap * sizeof *m->keys);
		m->n = 0;
	}
}

void st_map_free(struct st_map *m)
{
	free(m->keys);
	free(m->vals);
	*m = (struct st_map){0};
}

void st_index_reserve(struct st_index *t, uint32_t n)
{
	st_assert(n <= UINT32_MAX / 4);
	if (n * 2 <= t->cap)
		return;
	uint32_t ncap = t->cap ? t->cap : 16;
	while (n * 2 > ncap)
		ncap *= 2;
	struct st_index_slot *slots = st_xmalloc(ncap * sizeof *slots);
	uint32_t *order = st_xmalloc(ncap / 2 * sizeof *order);
	for (uint32_t j = 0; j < ncap; j++)
		slots[j].idx = ST_INDEX_NONE;
	/* In the order of addition, so st_index_clear stays exact. */
	for (uint32_t k = 0; k < t->n; k++) {
		struct st_index_slot s = t->slots[t->order[k]];
		uint32_t j = s.hash & (ncap - 1);
		while (slots[j].idx != ST_INDEX_NONE)
			j = (j + 1) & (ncap - 1);
		slots[j] = s;
		order[k] = j;
	}
	free(t->slots);
	free(t->order);
	t->slots = slots;
	t->order = order;
	t->cap = ncap;
}

void st_index_clear(struct st_index *t)
{
	for (uint32_t k = 0; k < t->n; k++)
		t->slots[t->order[k]].idx = ST_INDEX_NONE;
	t->n = 0;
}

void st_index_free(struct st_index *t)
{
	free(t->slots);
	free(t->order);
	*t = (struct st_index){0};
}
