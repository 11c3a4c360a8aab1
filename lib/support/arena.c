/* Bump allocator and string interner. */
#include <stdlib.h>
#include <string.h>

#include "stinkytofu/support.h"

struct chunk {
	struct chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

struct st_arena {
	struct chunk *head;
	size_t bytes;
};

enum { CHUNK_SIZE = 64 * 1024 };

struct st_arena *st_arena_new(void)
{
	return st_xcalloc(1, sizeof(struct st_arena));
}

void st_arena_free(struct st_arena *a)
{
	if (!a)
		return;
	for (struct chunk *c = a->head, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

void *st_arena_alloc(struct st_arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	struct chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t size = n > CHUNK_SIZE / 4 ? n : CHUNK_SIZE;
		struct chunk *nc = st_xmalloc(sizeof *nc + size);
		nc->size = size;
		nc->used = 0;
		/* A large one-off allocation goes behind the current chunk so the
		 * current chunk's free space is not wasted. */
		if (c && size != CHUNK_SIZE) {
			nc->next = c->next;
			c->next = nc;
		} else {
			nc->next = c;
			a->head = nc;
		}
		c = nc;
		a->bytes += size;
	}
	void *p = c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

size_t st_arena_bytes(const struct st_arena *a)
{
	return a->bytes;
}

char *st_arena_strndup(struct st_arena *a, const char *s, size_t n)
{
	char *p = st_arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

struct st_interner {
	struct st_arena *arena;
	const char **slots;
	uint32_t *hashes;
	size_t cap, n;
};

struct st_interner *st_interner_new(struct st_arena *a)
{
	struct st_interner *in = st_xcalloc(1, sizeof *in);
	in->arena = a;
	in->cap = 256;
	in->slots = st_xcalloc(in->cap, sizeof *in->slots);
	in->hashes = st_xcalloc(in->cap, sizeof *in->hashes);
	return in;
}

void st_interner_free(struct st_interner *in)
{
	if (!in)
		return;
	free(in->slots);
	free(in->hashes);
	free(in);
}

static uint32_t hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static void grow(struct st_interner *in)
{
	size_t ncap = in->cap * 2;
	const char **slots = st_xcalloc(ncap, sizeof *slots);
	uint32_t *hashes = st_xcalloc(ncap, sizeof *hashes);
	for (size_t i = 0; i < in->cap; i++) {
		if (!in->slots[i])
			continue;
		size_t j = in->hashes[i] & (ncap - 1);
		while (slots[j])
			j = (j + 1) & (ncap - 1);
		slots[j] = in->slots[i];
		hashes[j] = in->hashes[i];
	}
	free(in->slots);
	free(in->hashes);
	in->slots = slots;
	in->hashes = hashes;
	in->cap = ncap;
}

const char *st_internn(struct st_interner *in, const char *s, size_t n)
{
	uint32_t h = hash(s, n);
	size_t j = h & (in->cap - 1);
	for (; in->slots[j]; j = (j + 1) & (in->cap - 1)) {
		if (in->hashes[j] == h && strncmp(in->slots[j], s, n) == 0 && in->slots[j][n] == '\0')
			return in->slots[j];
	}
	const char *p = st_arena_strndup(in->arena, s, n);
	in->slots[j] = p;
	in->hashes[j] = h;
	if (++in->n * 2 > in->cap)
		grow(in);
	return p;
}

const char *st_intern(struct st_interner *in, const char *s)
{
	return st_internn(in, s, strlen(s));
}
