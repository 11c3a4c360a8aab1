/* Unit tests of draining buffers (st_buf's drain hook) and of the stepwise
 * atomic file (st_atomic_file_*): the driver streams large outputs through
 * both, so the bytes that arrive must be exactly the bytes written, in order,
 * and a failed or aborted file must leave nothing behind. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stinkytofu/support.h"

struct collect {
	struct st_buf all;
	size_t ndrains;
	size_t largest;
};

static void drain_into(struct st_buf *b)
{
	struct collect *c = b->drain_ctx;
	st_buf_putn(&c->all, b->data, b->len);
	c->ndrains++;
	if (b->len > c->largest)
		c->largest = b->len;
	b->len = 0;
}

START_TEST(drained_bytes_arrive_in_order)
{
	struct collect c = {0};
	struct st_buf b = {.drain = drain_into, .drain_ctx = &c, .drain_at = 1000};
	struct st_buf plain = {0};
	char big[3000];
	memset(big, 'x', sizeof big);
	for (int k = 0; k < 5000; k++) {
		st_buf_printf(&b, "line %d\n", k);
		st_buf_printf(&plain, "line %d\n", k);
		st_buf_putc(&b, 'a' + k % 26);
		st_buf_putc(&plain, 'a' + k % 26);
		if (k % 1000 == 7) {
			/* Larger than drain_at at once: still one piece, in order. */
			st_buf_putn(&b, big, sizeof big);
			st_buf_putn(&plain, big, sizeof big);
			/* A formatted piece longer than printf's stack buffer. */
			st_buf_printf(&b, "<%.*s|%d>", 600, big, k);
			st_buf_printf(&plain, "<%.*s|%d>", 600, big, k);
		}
	}
	drain_into(&b);
	ck_assert_uint_eq(c.all.len, plain.len);
	ck_assert(memcmp(c.all.data, plain.data, plain.len) == 0);
	ck_assert_uint_gt(c.ndrains, 10);
	ck_assert(strstr(plain.data, "xxx|4007>") != NULL);
	/* The buffer never held much more than drain_at plus one write. */
	ck_assert_uint_le(b.cap, 4096);
	st_buf_free(&b);
	st_buf_free(&plain);
	st_buf_free(&c.all);
}
END_TEST

static char *slurp(const char *path)
{
	size_t len;
	return st_read_file(path, &len);
}

static size_t count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	size_t n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

START_TEST(atomic_file_in_steps)
{
	char dir[] = "/tmp/st-atomic-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *path = st_xasprintf("%s/out.txt", dir);
	ck_assert(st_write_file_atomic(path, "old\n", 4));

	/* Aborted: the old content stays, no temporary is left. */
	struct st_atomic_file af;
	ck_assert(st_atomic_file_open(&af, path));
	st_atomic_file_write(&af, "partial", 7);
	st_atomic_file_abort(&af);
	char *s = slurp(path);
	ck_assert_str_eq(s, "old\n");
	free(s);
	ck_assert_uint_eq(count_entries(dir), 1);

	/* Committed: the pieces, in order. */
	ck_assert(st_atomic_file_open(&af, path));
	st_atomic_file_write(&af, "new ", 4);
	st_atomic_file_write(&af, "", 0);
	st_atomic_file_write(&af, "text\n", 5);
	ck_assert(st_atomic_file_commit(&af));
	s = slurp(path);
	ck_assert_str_eq(s, "new text\n");
	free(s);
	ck_assert_uint_eq(count_entries(dir), 1);

	/* A folder that does not exist: open fails with errno. */
	char *missing = st_xasprintf("%s/none/out.txt", dir);
	errno = 0;
	ck_assert(!st_atomic_file_open(&af, missing));
	ck_assert_int_eq(errno, ENOENT);
	free(missing);

	unlink(path);
	rmdir(dir);
	free(path);
}
END_TEST

/* `-o /dev/null` and other non-regular outputs are written in place: a
 * rename over them would replace the device or FIFO with a regular file. */
START_TEST(atomic_file_to_fifo)
{
	char dir[] = "/tmp/st-atomic-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *path = st_xasprintf("%s/pipe", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	int rd = open(path, O_RDONLY | O_NONBLOCK);
	ck_assert_int_ge(rd, 0);
	ck_assert(st_write_file_atomic(path, "data\n", 5));
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	ck_assert_uint_eq(count_entries(dir), 1);
	char buf[16] = {0};
	ck_assert_int_eq(read(rd, buf, sizeof buf - 1), 5);
	ck_assert_str_eq(buf, "data\n");
	close(rd);
	unlink(path);
	rmdir(dir);
	free(path);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("buf-drain");
	TCase *tc = tcase_create("buf-drain");
	tcase_add_test(tc, drained_bytes_arrive_in_order);
	tcase_add_test(tc, atomic_file_in_steps);
	tcase_add_test(tc, atomic_file_to_fifo);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
