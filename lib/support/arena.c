/* Bump allocator and string interner. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "stinkytofu/support.h"

struct chunk {
	struct chunk *next;
	size_t size, used;
	size_t ready; /* mapped: data[0..ready) has its pages (populate_ahead) */
	bool mapped;  /* from map_chunk: unmapped when freed, and zero until used */
	_Alignas(16) unsigned char data[];
};

struct st_arena {
	struct chunk *head;
	size_t bytes;
	size_t chunk_size; /* of the next chunk: doubles up to MAX_CHUNK_SIZE */
};

/* A small module takes one 64 KiB chunk; a large one grows to chunks of
 * 4 MiB, mapped, whose pages are populated 256 KiB at a time just ahead of
 * use, in one system call each, instead of one page fault for every 4 KiB
 * the reader fills; the last chunk is resident only as far as it is used
 * (populating a whole chunk at once left up to 4 MiB of unused pages in
 * the peak). */
enum {
	CHUNK_SIZE = 64 * 1024,
	MAP_CHUNK_SIZE = 1024 * 1024,
	MAX_CHUNK_SIZE = 4 * 1024 * 1024,
	POPULATE_STEP = 256 * 1024,
};

/* Makes the pages of c's first `upto` bytes (past `ready`) resident ahead of
 * use. Where the kernel cannot populate them (before Linux 5.14) they fault
 * in as they are touched, as they would without this. */
static void populate_ahead(struct chunk *c, size_t upto)
{
	size_t total = sizeof *c + c->size;
	size_t from = sizeof *c + c->ready;
	size_t to = sizeof *c + upto + POPULATE_STEP;
	from &= ~(size_t)(POPULATE_STEP - 1);
	to &= ~(size_t)(POPULATE_STEP - 1);
	if (to > total)
		to = total;
#ifdef MADV_POPULATE_WRITE
	if (to > from)
		(void)madvise((unsigned char *)c + from, to - from, MADV_POPULATE_WRITE);
#endif
	c->ready = to - sizeof *c;
}

static struct chunk *map_chunk(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	struct chunk *c = p;
	c->mapped = true;
	return c;
}

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
		if (c->mapped)
			munmap(c, sizeof *c + c->size);
		else
			free(c);
	}
	free(a);
}

/* 8, not 16: an instruction with an even number of operands (104 + 24 * k
 * bytes) would carry 8 bytes of padding. */
enum { ALIGN = 8 };
_Static_assert(_Alignof(void *) <= ALIGN && _Alignof(int64_t) <= ALIGN && _Alignof(double) <= ALIGN,
               "arena allocations hold pointers, 64-bit integers and doubles");

/* st_arena_alloc past the head chunk's populated, mapped room: a new chunk,
 * a heap chunk's bytes to clear, or pages to populate. Kept out of line, so
 * that the usual allocation saves no registers for it. */
__attribute__((noinline)) static void *alloc_slow(struct st_arena *a, size_t n)
{
	struct chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t step = a->chunk_size ? a->chunk_size : CHUNK_SIZE;
		bool oneoff = n > step / 4;
		size_t size = oneoff ? n : step;
		struct chunk *nc = NULL;
		if (!oneoff && size >= MAP_CHUNK_SIZE)
			nc = map_chunk(sizeof *nc + size);
		if (!nc) {
			nc = st_xmalloc(sizeof *nc + size);
			nc->mapped = false;
		}
		nc->size = size;
		nc->used = 0;
		nc->ready = 0;
		/* A large one-off allocation goes behind the current chunk so the
		 * current chunk's free space is not wasted. */
		if (c && oneoff) {
			nc->next = c->next;
			c->next = nc;
		} else {
			nc->next = c;
			a->head = nc;
			if (step < MAX_CHUNK_SIZE)
				a->chunk_size = step * 2;
		}
		c = nc;
		a->bytes += size;
	}
	void *p = c->data + c->used;
	c->used += n;
	if (!c->mapped)
		memset(p, 0, n);
	else if (c->used > c->ready)
		populate_ahead(c, c->used);
	return p;
}

/* The usual allocation, from the head chunk's mapped pages already
 * populated (and zero), is a bump of `used` and no more. */
void *st_arena_alloc(struct st_arena *a, size_t n)
{
	n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	struct chunk *c = a->head;
	if (c && c->mapped && c->used <= c->ready && c->ready - c->used >= n) {
		void *p = c->data + c->used;
		c->used += n;
		return p;
	}
	return alloc_slow(a, n);
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

/* The reader interns every name and spelling it lexes, so a lookup is
 * one hash over 8-byte words and, for a hit, one compare of the same words:
 * the index keeps each string's hash, the entry its length. */
struct st_interner {
	struct st_arena *arena;
	struct st_index index;
	ST_VEC(struct intern_entry {
		const char *s;
		size_t len;
	}) strs;
};

struct st_interner *st_interner_new(struct st_arena *a)
{
	struct st_interner *in = st_xcalloc(1, sizeof *in);
	in->arena = a;
	st_index_reserve(&in->index, 128);
	return in;
}

void st_interner_free(struct st_interner *in)
{
	if (!in)
		return;
	st_index_free(&in->index);
	st_vec_free(&in->strs);
	free(in);
}

/* Eight bytes at a time; a string of 8 bytes or more ends with the word of
 * its last 8 (overlapping the one before), a shorter one is one st_short_word. */
static uint32_t hash(const char *s, size_t n)
{
	uint64_t h = UINT64_C(0x9E3779B97F4A7C15) ^ n;
	if (n < 8) {
		if (n)
			h = st_hash64(h ^ st_short_word(s, n));
		return (uint32_t)(h ^ (h >> 32));
	}
	size_t k = 0;
	for (; k + 8 < n; k += 8) {
		uint64_t w;
		memcpy(&w, s + k, 8);
		h = st_hash64(h ^ w);
	}
	uint64_t w;
	memcpy(&w, s + n - 8, 8);
	h = st_hash64(h ^ w);
	return (uint32_t)(h ^ (h >> 32));
}

struct intern_key {
	const struct intern_entry *strs;
	const char *s;
	size_t len;
};

static bool same_string(const void *cx, uint32_t idx)
{
	const struct intern_key *k = cx;
	const struct intern_entry *e = &k->strs[idx];
	return e->len == k->len && st_bytes_equal(e->s, k->s, k->len);
}

const char *st_internn(struct st_interner *in, const char *s, size_t n)
{
	st_assert(n <= UINT32_MAX);
	struct intern_key key = {in->strs.v, s, n};
	uint32_t next = (uint32_t)in->strs.n;
	uint32_t idx = st_index_put(&in->index, hash(s, n), same_string, &key, next);
	if (idx == next)
		st_vec_push(&in->strs, ((struct intern_entry){st_arena_strndup(in->arena, s, n), n}));
	return in->strs.v[idx].s;
}

const char *st_intern(struct st_interner *in, const char *s)
{
	return st_internn(in, s, strlen(s));
}
