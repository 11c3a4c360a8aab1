/* Memory, strings and growable arrays shared by every part of stinkytofu.
 *
 * Ownership: st_xmalloc and friends never return NULL; on exhaustion they call
 * st_out_of_memory (its handler can be set; default: message and exit status
 * 1). An arena owns
 * everything allocated from it and releases it in one st_arena_free call. An
 * interner hands out canonical copies of strings that live in its arena, so two
 * interned strings are equal exactly when their pointers are. */
#ifndef STINKYTOFU_SUPPORT_H
#define STINKYTOFU_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h> /* free, for st_vec_free */
#include <string.h> /* memcpy, for st_bytes_equal */

/* ST_API starts every declaration of include/stinkytofu/: the library is
 * compiled with hidden symbol visibility, so the shared library exports
 * these and nothing else (the `exports` test checks it). */
#if defined(__GNUC__)
#define ST_API __attribute__((visibility("default")))
#define ST_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define ST_NORETURN __attribute__((noreturn))
#else
#define ST_API
#define ST_PRINTF(f, a)
#define ST_NORETURN
#endif

ST_API void *st_xmalloc(size_t n);
ST_API void *st_xcalloc(size_t nmemb, size_t size);
ST_API void *st_xrealloc(void *p, size_t n);
ST_API char *st_xstrdup(const char *s);
ST_API char *st_xstrndup(const char *s, size_t n);
/* printf into a fresh st_xmalloc'd string. */
ST_API char *st_xasprintf(const char *fmt, ...) ST_PRINTF(1, 2);
ST_API char *st_xvasprintf(const char *fmt, va_list ap);

/* Allocation-failure injection for tests: when ST_FAIL_ALLOC_AT=N is set in the
 * environment (or st_alloc_fail_at(N) is called), the N-th allocation fails and
 * the out-of-memory handler runs. 0 disables injection. Counts are per thread:
 * st_alloc_fail_at and st_alloc_count concern the calling thread, and each
 * thread reads ST_FAIL_ALLOC_AT for itself. */
ST_API void st_alloc_fail_at(unsigned long n);
ST_API unsigned long st_alloc_count(void);

/* Out of memory: st_out_of_memory runs this thread's fatal cleanup hook, then
 * the out-of-memory handler, which must not return (it exits, aborts or
 * longjmps out). When no handler is set, or the handler returns, it prints
 * "stinkytofu-opt: error: out of memory" and exits with status 1.
 * st_set_out_of_memory_handler replaces the handler for the whole process
 * (set it before starting threads; NULL restores the default) and returns the
 * previous one. */
typedef void (*st_oom_handler)(void);
ST_API st_oom_handler st_set_out_of_memory_handler(st_oom_handler handler);
ST_API ST_NORETURN void st_out_of_memory(void);
/* The fatal cleanup hook of the calling thread: run once by st_out_of_memory
 * and st_internal_error before they end the process (st_atomic_file_open sets
 * it to st_atomic_file_remove_temporaries). NULL clears it. */
typedef void (*st_fatal_hook)(void);
ST_API void st_set_fatal_cleanup(st_fatal_hook hook);

/* Internal invariant failure: prints file and line, then abort(). */
#define st_unreachable(msg) st_internal_error(__FILE__, __LINE__, (msg))
#define st_assert(cond) ((cond) ? (void)0 : st_internal_error(__FILE__, __LINE__, #cond))
ST_API ST_NORETURN void st_internal_error(const char *file, int line, const char *msg);

/* Growable arrays: `ST_VEC(T) name;` declares {T *v; size_t n, cap;}. Zero
 * initialisation is an empty vector; st_vec_free releases the storage.
 * ST_VEC_DECL(name, T) declares the same layout as `struct name`, for a vector
 * that functions take or return. */
#define ST_VEC(T) struct { T *v; size_t n, cap; }
#define ST_VEC_DECL(name, T) struct name { T *v; size_t n, cap; }
#define st_vec_reserve(vec, want)                                              \
	do {                                                                       \
		if ((want) > (vec)->cap) {                                             \
			size_t st_nc_ = (vec)->cap ? (vec)->cap * 2 : 8;                   \
			while (st_nc_ < (want)) st_nc_ *= 2;                               \
			(vec)->v = st_xrealloc((vec)->v, st_nc_ * sizeof *(vec)->v);       \
			(vec)->cap = st_nc_;                                               \
		}                                                                      \
	} while (0)
#define st_vec_push(vec, x)                                                    \
	do {                                                                       \
		st_vec_reserve((vec), (vec)->n + 1);                                   \
		(vec)->v[(vec)->n++] = (x);                                            \
	} while (0)
#define st_vec_pop(vec) ((vec)->v[--(vec)->n])
#define st_vec_last(vec) ((vec)->v[(vec)->n - 1])
#define st_vec_clear(vec) ((vec)->n = 0)
#define st_vec_free(vec)                                                       \
	do {                                                                       \
		free((vec)->v);                                                        \
		(vec)->v = NULL;                                                       \
		(vec)->n = (vec)->cap = 0;                                             \
	} while (0)

/* The common vector of 32-bit ids (block indices, token ids, ...). */
ST_VEC_DECL(st_u32vec, uint32_t);

/* The hash of the open-addressing tables keyed by integers or pointers
 * (interned strings, blocks, attribute lists): MurmurHash3's 64-bit finalizer,
 * so keys that differ in a few low bits (neighbouring arena addresses,
 * consecutive register keys) spread over the whole table. */
static inline uint64_t st_hash64(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	return x;
}

static inline uint64_t st_hash_ptr(const void *p)
{
	return st_hash64((uint64_t)(uintptr_t)p);
}

/* The slot of a pointer (an interned string, an attribute list: 8-byte
 * aligned arena addresses) in a direct-mapped memo of nslots slots, a power
 * of two: the memos that answer a question asked again without a table
 * lookup (the readers', the printer's, the ISA's). */
static inline size_t st_ptr_slot(const void *p, size_t nslots)
{
	uintptr_t a = (uintptr_t)p;
	return (size_t)(a >> 3 ^ a >> 9) & (nslots - 1);
}

/* A string of 1 to 7 bytes, s[0..n), as one word read without going past
 * it: two overlapping 4-byte loads, or the first, middle and last byte.
 * With the length, which hashes and comparisons take separately, the
 * overlap is unambiguous. */
static inline uint64_t st_short_word(const char *s, size_t n)
{
	if (n >= 4) {
		uint32_t lo, hi;
		memcpy(&lo, s, 4);
		memcpy(&hi, s + n - 4, 4);
		return (uint64_t)hi << 32 | lo;
	}
	return (uint64_t)(unsigned char)s[0] << 16 | (uint64_t)(unsigned char)s[n / 2] << 8 | (unsigned char)s[n - 1];
}

/* a[0..n) == b[0..n), eight bytes at a time, a string of 8 bytes or more
 * ending with the word of its last 8 (overlapping the one before), one of 4
 * to 7 bytes as one st_short_word, a shorter one byte by byte (its first,
 * middle and last byte are all of it): the names and spellings the readers
 * look up are short, and a memcmp call costs more than they do. */
static inline bool st_bytes_equal(const char *a, const char *b, size_t n)
{
	if (n < 4)
		return !n || (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
	if (n < 8)
		return st_short_word(a, n) == st_short_word(b, n);
	uint64_t x, y;
	for (size_t k = 0; k + 8 < n; k += 8) {
		memcpy(&x, a + k, 8);
		memcpy(&y, b + k, 8);
		if (x != y)
			return false;
	}
	memcpy(&x, a + n - 8, 8);
	memcpy(&y, b + n - 8, 8);
	return x == y;
}

/* The hash table for identity keys: from nonzero 64-bit keys (pointers, as
 * st_ptr_key, or integers kept nonzero) to 64-bit values. Open addressing with
 * linear probing over a power-of-two number of slots, at most half full, keys
 * spread by st_hash64. Zero initialisation is an empty map; st_map_free
 * releases it. */
struct st_map {
	uint64_t *keys; /* 0: empty slot */
	uint64_t *vals;
	size_t cap, n;
};

static inline uint64_t st_ptr_key(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

/* The value of `key`, or NULL when the map does not hold it. */
static inline uint64_t *st_map_find(const struct st_map *m, uint64_t key)
{
	if (!m->cap)
		return NULL;
	for (size_t j = st_hash64(key) & (m->cap - 1); m->keys[j]; j = (j + 1) & (m->cap - 1))
		if (m->keys[j] == key)
			return &m->vals[j];
	return NULL;
}

/* The value of `key`, added as 0 when the map does not hold it (*added says
 * so when `added` is not NULL). The pointer is valid until the next addition. */
ST_API uint64_t *st_map_slot(struct st_map *m, uint64_t key, bool *added);
/* Sets the value of `key`. */
ST_API void st_map_put(struct st_map *m, uint64_t key, uint64_t val);
/* Empties the map; the storage of a large, sparsely used table is released. */
ST_API void st_map_clear(struct st_map *m);
ST_API void st_map_free(struct st_map *m);

/* The hash table for content keys (strings, word sequences, structures
 * compared field by field): an index over the caller's own array of entries.
 * Each slot holds an entry's index and its 32-bit hash, so a probe compares
 * hashes first and calls the caller's equality only on a match; growing
 * rehashes from the stored hashes without calling back. Linear probing over
 * a power-of-two number of slots, at most half full, the slot chosen by the
 * low bits of the hash (the caller spreads them). Zero initialisation is an
 * empty index; st_index_free releases it.
 *
 * `eq(cx, idx)` says whether entry idx equals the key the caller describes
 * by `cx`. The probes are inline, so a constant `eq` is inlined into them. */
#define ST_INDEX_NONE UINT32_MAX
struct st_index {
	struct st_index_slot {
		uint32_t hash, idx; /* idx ST_INDEX_NONE: empty */
	} *slots;
	uint32_t *order; /* slot of each addition, for st_index_clear */
	uint32_t cap, n;
};
typedef bool st_index_eq(const void *cx, uint32_t idx);

/* The slot holding an entry equal to the key, or the empty slot where it
 * would go (cap must be nonzero). */
static inline struct st_index_slot *st_index_probe(const struct st_index *t, uint32_t hash, st_index_eq *eq,
                                                   const void *cx)
{
	uint32_t m = t->cap - 1;
	for (uint32_t j = hash & m;; j = (j + 1) & m) {
		struct st_index_slot *s = &t->slots[j];
		if (s->idx == ST_INDEX_NONE || (s->hash == hash && eq(cx, s->idx)))
			return s;
	}
}

/* The index of the entry equal to the key, or ST_INDEX_NONE. */
static inline uint32_t st_index_get(const struct st_index *t, uint32_t hash, st_index_eq *eq, const void *cx)
{
	return t->cap ? st_index_probe(t, hash, eq, cx)->idx : ST_INDEX_NONE;
}

/* Room for `n` entries without growing. */
ST_API void st_index_reserve(struct st_index *t, uint32_t n);

/* The index of the entry equal to the key; when there is none, `idx` (the
 * caller's next entry, usually) is added under `hash` and returned. */
static inline uint32_t st_index_put(struct st_index *t, uint32_t hash, st_index_eq *eq, const void *cx,
                                    uint32_t idx)
{
	if ((t->n + 1) * 2 > t->cap)
		st_index_reserve(t, t->n + 1);
	struct st_index_slot *s = st_index_probe(t, hash, eq, cx);
	if (s->idx == ST_INDEX_NONE) {
		st_assert(idx != ST_INDEX_NONE);
		t->order[t->n++] = (uint32_t)(s - t->slots);
		*s = (struct st_index_slot){hash, idx};
	}
	return s->idx;
}

/* Empties the index in time proportional to the entries it held, so a
 * table refilled many times (one path state after another) keeps its size. */
ST_API void st_index_clear(struct st_index *t);
ST_API void st_index_free(struct st_index *t);

/* Bump allocator. Allocations are zero-filled and 8-byte aligned, the
 * alignment of everything the IR holds (pointers, int64_t, double). */
struct st_arena;
ST_API struct st_arena *st_arena_new(void);
ST_API void st_arena_free(struct st_arena *a);
ST_API void *st_arena_alloc(struct st_arena *a, size_t n);
ST_API char *st_arena_strndup(struct st_arena *a, const char *s, size_t n);
ST_API size_t st_arena_bytes(const struct st_arena *a);

/* String interning into an arena. */
struct st_interner;
ST_API struct st_interner *st_interner_new(struct st_arena *a);
ST_API void st_interner_free(struct st_interner *in);
ST_API const char *st_intern(struct st_interner *in, const char *s);
ST_API const char *st_internn(struct st_interner *in, const char *s, size_t n);

/* A growable character buffer, used by the printer and diagnostics.
 *
 * A buffer with a `drain` stays small: once it holds drain_at bytes, the
 * next write that does not fit first calls drain(b), which consumes
 * data[0..len) (writes it out) and sets len to 0. The driver prints huge
 * modules this way; zero-initialised buffers simply grow. */
struct st_buf {
	char *data;
	size_t len, cap;
	size_t drain_at;
	void (*drain)(struct st_buf *b);
	void *drain_ctx;
};
ST_API void st_buf_putc(struct st_buf *b, char c);
ST_API void st_buf_puts(struct st_buf *b, const char *s);
ST_API void st_buf_putn(struct st_buf *b, const char *s, size_t n);
ST_API void st_buf_printf(struct st_buf *b, const char *fmt, ...) ST_PRINTF(2, 3);
/* Room for n more bytes at the end of b, draining or growing it first as
 * st_buf_putn would: the caller writes at most n bytes at the pointer
 * returned and adds how many to b->len (the printer formats a register
 * there, not on the stack). */
ST_API void st_buf_make_room(struct st_buf *b, size_t n);
static inline char *st_buf_room(struct st_buf *b, size_t n)
{
	if (b->len + n + 1 > b->cap)
		st_buf_make_room(b, n);
	return b->data + b->len;
}
/* `s` between double quotes with '"' and '\\' escaped by a backslash: the
 * quoting of .stir strings, pass option values, assembly symbols and DOT IDs. */
ST_API void st_buf_put_quoted(struct st_buf *b, const char *s);
ST_API void st_buf_free(struct st_buf *b);
/* NUL-terminates and returns the data (owned by the buffer). */
ST_API const char *st_buf_cstr(struct st_buf *b);

/* Whole-file I/O. st_read_file returns NULL with errno set on failure; "-"
 * reads standard input. st_write_file_atomic writes to a temporary file in the
 * same directory and renames it over `path`, so `path` is either the old file
 * or the complete new one; it returns false with errno set on failure. */
ST_API char *st_read_file(const char *path, size_t *len);
ST_API bool st_write_file_atomic(const char *path, const char *data, size_t len);

/* st_write_file_atomic in steps, for output written as it is produced: open
 * creates the temporary file (false with errno set on failure), write
 * appends, commit renames it over `path` (false with errno set if anything
 * failed; the temporary is removed then), abort removes it. */
struct st_atomic_file {
	const char *path;
	char *tmp;
	int fd;
	int err; /* first write error */
	struct st_atomic_file *next_open; /* this thread's open temporaries */
};
ST_API bool st_atomic_file_open(struct st_atomic_file *af, const char *path);
ST_API void st_atomic_file_write(struct st_atomic_file *af, const char *data, size_t len);
ST_API bool st_atomic_file_commit(struct st_atomic_file *af);
ST_API void st_atomic_file_abort(struct st_atomic_file *af);
/* Removes the temporary file of every st_atomic_file this thread has open and
 * not yet committed or aborted. It is the fatal cleanup hook of a thread that
 * opened one, so st_out_of_memory and st_internal_error never leave a partial
 * output either. */
ST_API void st_atomic_file_remove_temporaries(void);

/* Edit distance, for "did you mean" suggestions. */
ST_API size_t st_edit_distance(const char *a, const char *b);

#endif
