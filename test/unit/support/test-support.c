/* Unit tests of lib/support: the arena, the string interner, st_buf, growable
 * vectors, whole-file I/O and edit distance. */
#include <check.h>
#include <dirent.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stinkytofu/support.h"

START_TEST(arena_aligns_and_zeroes)
{
	struct st_arena *a = st_arena_new();
	for (size_t n = 1; n < 3000; n += 7) {
		unsigned char *p = st_arena_alloc(a, n);
		ck_assert_uint_eq((uintptr_t)p % 8, 0);
		size_t nonzero = 0;
		for (size_t k = 0; k < n; k++)
			nonzero += p[k] != 0;
		ck_assert_uint_eq(nonzero, 0);
		memset(p, 0xAB, n);
	}
	ck_assert_uint_gt(st_arena_bytes(a), 0);
	st_arena_free(a);
}
END_TEST

START_TEST(arena_large_allocations_keep_earlier_data)
{
	struct st_arena *a = st_arena_new();
	char *small = st_arena_strndup(a, "kept", 4);
	char *big = st_arena_alloc(a, 1 << 20); /* beyond one chunk */
	big[(1 << 20) - 1] = 'x';
	char *after = st_arena_strndup(a, "abcdef", 3);
	ck_assert_str_eq(small, "kept");
	ck_assert_str_eq(after, "abc");
	ck_assert_uint_ge(st_arena_bytes(a), (size_t)1 << 20);
	st_arena_free(a);
}
END_TEST

START_TEST(interner_returns_one_pointer_per_string)
{
	struct st_arena *a = st_arena_new();
	struct st_interner *in = st_interner_new(a);
	const char *x = st_intern(in, "v_wmma_f32_16x16x32_bf16");
	char copy[] = "v_wmma_f32_16x16x32_bf16";
	ck_assert_ptr_eq(st_intern(in, copy), x);
	ck_assert_ptr_ne(st_intern(in, "v_wmma"), x);
	/* A length-bounded slice interns as the shorter string. */
	ck_assert_ptr_eq(st_internn(in, "v_wmma_xyz", 6), st_intern(in, "v_wmma"));
	ck_assert_ptr_eq(st_internn(in, "", 0), st_intern(in, ""));
	/* Growth keeps every earlier pointer canonical. */
	const char *early[64];
	char name[32];
	for (int k = 0; k < 64; k++) {
		snprintf(name, sizeof name, "s%d", k);
		early[k] = st_intern(in, name);
	}
	for (int k = 64; k < 20000; k++) {
		snprintf(name, sizeof name, "s%d", k);
		st_intern(in, name);
	}
	for (int k = 0; k < 64; k++) {
		snprintf(name, sizeof name, "s%d", k);
		ck_assert_ptr_eq(st_intern(in, name), early[k]);
	}
	st_interner_free(in);
	st_arena_free(a);
}
END_TEST

/* st_bytes_equal against memcmp at every length it has a path for, with
 * one byte changed at each place (the overlapping words must see it). */
START_TEST(bytes_equal_sees_every_byte)
{
	char a[40], b[40];
	for (size_t k = 0; k < sizeof a; k++)
		a[k] = b[k] = (char)('a' + k % 26);
	for (size_t n = 0; n <= 33; n++) {
		ck_assert(st_bytes_equal(a, b, n));
		for (size_t at = 0; at < n; at++) {
			b[at] ^= 0x20;
			ck_assert_msg(!st_bytes_equal(a, b, n), "length %zu, byte %zu changed", n, at);
			b[at] ^= 0x20;
		}
		/* A byte past the end is not compared. */
		b[n] ^= 0x20;
		ck_assert_msg(st_bytes_equal(a, b, n), "length %zu, the byte after it changed", n);
		b[n] ^= 0x20;
	}
}
END_TEST

START_TEST(buf_grows_and_formats)
{
	struct st_buf b = {0};
	ck_assert_str_eq(st_buf_cstr(&b), "");
	st_buf_putc(&b, 'v');
	st_buf_puts(&b, "[0:");
	st_buf_printf(&b, "%d]", 3);
	st_buf_putn(&b, " = xyz", 4);
	ck_assert_str_eq(st_buf_cstr(&b), "v[0:3] = x");
	ck_assert_uint_eq(b.len, 10);
	for (int k = 0; k < 100000; k++)
		st_buf_putc(&b, (char)('a' + k % 26));
	ck_assert_uint_eq(b.len, 100010);
	ck_assert_int_eq(st_buf_cstr(&b)[100009], 'a' + 99999 % 26);
	st_buf_free(&b);
	ck_assert_ptr_null(b.data);
	ck_assert_uint_eq(b.len, 0);
}
END_TEST

START_TEST(buf_quotes_strings)
{
	struct st_buf b = {0};
	st_buf_put_quoted(&b, "");
	st_buf_put_quoted(&b, "plain");
	st_buf_put_quoted(&b, "a\"b\\c\"");
	ck_assert_str_eq(st_buf_cstr(&b), "\"\"\"plain\"\"a\\\"b\\\\c\\\"\"");
	st_buf_free(&b);
}
END_TEST

/* st_map: insertion, lookup, overwrite, growth past many keys, clearing. */
START_TEST(map_finds_what_was_put)
{
	struct st_map m = {0};
	ck_assert_ptr_null(st_map_find(&m, 1));
	for (uint64_t k = 1; k <= 5000; k++)
		st_map_put(&m, k * 64, k); /* neighbouring pointer-like keys */
	ck_assert_uint_eq(m.n, 5000);
	for (uint64_t k = 1; k <= 5000; k++) {
		const uint64_t *v = st_map_find(&m, k * 64);
		ck_assert_ptr_nonnull(v);
		ck_assert_uint_eq(*v, k);
	}
	ck_assert_ptr_null(st_map_find(&m, 64 * 5001));
	bool added;
	*st_map_slot(&m, 128, &added) = 7;
	ck_assert(!added);
	ck_assert_uint_eq(*st_map_find(&m, 128), 7);
	ck_assert_uint_eq(*st_map_slot(&m, 3, &added), 0);
	ck_assert(added);
	st_map_clear(&m);
	ck_assert_uint_eq(m.n, 0);
	ck_assert_ptr_null(st_map_find(&m, 128));
	st_map_put(&m, st_ptr_key(&m), 1);
	ck_assert_uint_eq(*st_map_find(&m, st_ptr_key(&m)), 1);
	st_map_free(&m);
}
END_TEST

/* st_index over the caller's entries: words compared by value, with a
 * hash that collides on purpose (every key of one length alike), growth,
 * and clearing between fillings of different keys. */
struct word_key {
	const uint32_t *words;
	uint32_t w;
};

static bool same_word(const void *cx, uint32_t idx)
{
	const struct word_key *k = cx;
	return k->words[idx] == k->w;
}

START_TEST(index_finds_entries_by_content)
{
	struct st_index t = {0};
	uint32_t words[3000] = {0};
	struct word_key key = {words, 5};
	ck_assert_uint_eq(st_index_get(&t, 5, same_word, &key), ST_INDEX_NONE);
	for (int round = 0; round < 3; round++) {
		uint32_t n = 0;
		for (uint32_t k = 0; k < 3000; k++) {
			key.w = k * 7 + (uint32_t)round;
			uint32_t h = k % 8; /* 375 keys on each hash */
			uint32_t idx = st_index_put(&t, h, same_word, &key, n);
			ck_assert_uint_eq(idx, n);
			words[n++] = key.w;
			ck_assert_uint_eq(st_index_put(&t, h, same_word, &key, n), idx); /* already there */
		}
		ck_assert_uint_eq(t.n, 3000);
		for (uint32_t k = 0; k < 3000; k++) {
			key.w = k * 7 + (uint32_t)round;
			ck_assert_uint_eq(st_index_get(&t, k % 8, same_word, &key), k);
			key.w = k * 7 + 3; /* never added */
			ck_assert_uint_eq(st_index_get(&t, k % 8, same_word, &key), ST_INDEX_NONE);
		}
		uint32_t cap = t.cap;
		st_index_clear(&t);
		ck_assert_uint_eq(t.cap, cap);
		ck_assert_uint_eq(t.n, 0);
		for (uint32_t j = 0; j < t.cap; j++)
			ck_assert_uint_eq(t.slots[j].idx, ST_INDEX_NONE);
	}
	st_index_free(&t);
	st_index_reserve(&t, 100);
	ck_assert_uint_ge(t.cap, 200);
	ck_assert_uint_eq(t.n, 0);
	st_index_free(&t);
}
END_TEST

START_TEST(vec_push_pop_clear)
{
	ST_VEC(int) v = {0};
	for (int k = 0; k < 1000; k++)
		st_vec_push(&v, k);
	ck_assert_uint_eq(v.n, 1000);
	ck_assert_int_eq(st_vec_last(&v), 999);
	ck_assert_int_eq(st_vec_pop(&v), 999);
	ck_assert_uint_eq(v.n, 999);
	st_vec_clear(&v);
	ck_assert_uint_eq(v.n, 0);
	ck_assert_uint_ge(v.cap, 1000);
	st_vec_free(&v);
	ck_assert_ptr_null(v.v);
}
END_TEST

START_TEST(edit_distance_counts_edits)
{
	ck_assert_uint_eq(st_edit_distance("", ""), 0);
	ck_assert_uint_eq(st_edit_distance("dlcnt", "dlcnt"), 0);
	ck_assert_uint_eq(st_edit_distance("dlcnnt", "dlcnt"), 1);
	ck_assert_uint_eq(st_edit_distance("tcnt", "tlcnt"), 1);
	ck_assert_uint_eq(st_edit_distance("kitten", "sitting"), 3);
	ck_assert_uint_eq(st_edit_distance("", "abc"), 3);
	ck_assert_uint_eq(st_edit_distance("abc", ""), 3);
}
END_TEST

START_TEST(files_read_back_what_was_written_atomically)
{
	char dir[] = "/tmp/st-support-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *path = st_xasprintf("%s/out.stir", dir);
	const char text[] = "v0 = \"st.v_mov_b32\"(1)\n\0binary";
	ck_assert(st_write_file_atomic(path, text, sizeof text));
	size_t len = 0;
	char *back = st_read_file(path, &len);
	ck_assert_ptr_nonnull(back);
	ck_assert_uint_eq(len, sizeof text);
	ck_assert_mem_eq(back, text, sizeof text);
	ck_assert_int_eq(back[len], '\0');
	free(back);
	/* Writing into a missing directory fails without creating anything. */
	char *bad = st_xasprintf("%s/missing/out.stir", dir);
	ck_assert(!st_write_file_atomic(bad, "x", 1));
	ck_assert_ptr_null(st_read_file(bad, &len));
	unlink(path);
	rmdir(dir);
	free(path);
	free(bad);
}
END_TEST

/* The out-of-memory handler and the fatal cleanup hook are settable: the hook
 * runs first, then the handler, which may leave by longjmp. */
static jmp_buf oom_jump;
static int oom_calls, cleanup_calls, cleanup_before_handler;

static void jump_out(void)
{
	oom_calls++;
	longjmp(oom_jump, 1);
}

static void count_cleanup(void)
{
	cleanup_calls++;
	cleanup_before_handler = oom_calls == 0;
}

START_TEST(out_of_memory_handler_is_settable)
{
	ck_assert(st_set_out_of_memory_handler(jump_out) == NULL);
	st_set_fatal_cleanup(count_cleanup);
	st_alloc_fail_at(2);
	void *first = st_xmalloc(8); /* before setjmp: a local set after it is lost by longjmp */
	if (!setjmp(oom_jump)) {
		(void)st_xmalloc(8); /* the second allocation fails */
		ck_abort_msg("the failed allocation returned");
	}
	free(first);
	ck_assert_int_eq(oom_calls, 1);
	ck_assert_int_eq(cleanup_calls, 1);
	ck_assert(cleanup_before_handler);
	/* The hook runs once; restoring the default handler returns ours. */
	st_alloc_fail_at(1);
	if (!setjmp(oom_jump))
		(void)st_xcalloc(1, 8);
	ck_assert_int_eq(oom_calls, 2);
	ck_assert_int_eq(cleanup_calls, 1);
	st_alloc_fail_at(0);
	ck_assert(st_set_out_of_memory_handler(NULL) == jump_out);
}
END_TEST

/* Without a handler, running out of memory exits with status 1. */
START_TEST(out_of_memory_exits_with_status_1)
{
	st_alloc_fail_at(1);
	(void)st_xmalloc(8);
}
END_TEST

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	size_t n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* An atomic file open when memory runs out leaves no temporary behind: it
 * installed the fatal cleanup hook. */
START_TEST(out_of_memory_removes_open_temporaries)
{
	char dir[] = "/tmp/st-support-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *path = st_xasprintf("%s/out.stir", dir);
	struct st_atomic_file af;
	ck_assert(st_atomic_file_open(&af, path));
	st_atomic_file_write(&af, "partial", 7);
	ck_assert_uint_eq(entries(dir), 1);
	st_set_out_of_memory_handler(jump_out);
	st_alloc_fail_at(1);
	if (!setjmp(oom_jump))
		(void)st_xmalloc(8);
	st_alloc_fail_at(0);
	ck_assert_int_eq(oom_calls, 1);
	ck_assert_uint_eq(entries(dir), 0);
	st_atomic_file_abort(&af);
	rmdir(dir);
	free(path);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("support");
	TCase *tc = tcase_create("support");
	tcase_add_test(tc, arena_aligns_and_zeroes);
	tcase_add_test(tc, arena_large_allocations_keep_earlier_data);
	tcase_add_test(tc, interner_returns_one_pointer_per_string);
	tcase_add_test(tc, bytes_equal_sees_every_byte);
	tcase_add_test(tc, buf_grows_and_formats);
	tcase_add_test(tc, buf_quotes_strings);
	tcase_add_test(tc, map_finds_what_was_put);
	tcase_add_test(tc, index_finds_entries_by_content);
	tcase_add_test(tc, vec_push_pop_clear);
	tcase_add_test(tc, edit_distance_counts_edits);
	tcase_add_test(tc, files_read_back_what_was_written_atomically);
	tcase_add_test(tc, out_of_memory_handler_is_settable);
	tcase_add_exit_test(tc, out_of_memory_exits_with_status_1, 1);
	tcase_add_test(tc, out_of_memory_removes_open_temporaries);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
