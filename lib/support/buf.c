/* Character buffers, whole-file I/O and edit distance. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stinkytofu/support.h"

static void grow(struct st_buf *b, size_t extra);

/* The printer writes a few bytes at a time: the check that they fit is
 * inlined, the rest is not. */
static inline void reserve(struct st_buf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap)
		grow(b, extra);
}

static void grow(struct st_buf *b, size_t extra)
{
	if (b->drain && b->len && b->len + extra + 1 > b->drain_at) {
		b->drain(b);
		if (b->len + extra + 1 <= b->cap)
			return;
	}
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->data = st_xrealloc(b->data, cap);
	b->cap = cap;
}

void st_buf_putn(struct st_buf *b, const char *s, size_t n)
{
	reserve(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

void st_buf_putc(struct st_buf *b, char c)
{
	reserve(b, 1);
	b->data[b->len++] = c;
}

void st_buf_puts(struct st_buf *b, const char *s)
{
	st_buf_putn(b, s, strlen(s));
}

void st_buf_printf(struct st_buf *b, const char *fmt, ...)
{
	/* Short results (nearly all) are formatted once, on the stack. */
	char tmp[256];
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		st_unreachable("bad format string");
	if ((size_t)n < sizeof tmp) {
		st_buf_putn(b, tmp, (size_t)n);
	} else {
		reserve(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		b->len += (size_t)n;
	}
	va_end(ap);
}

const char *st_buf_cstr(struct st_buf *b)
{
	reserve(b, 0);
	b->data[b->len] = '\0';
	return b->data;
}

void st_buf_free(struct st_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

char *st_read_file(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f)
		return NULL;
	struct st_buf b = {0};
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		st_buf_putn(&b, tmp, n);
	int err = ferror(f) ? errno : 0;
	if (f != stdin)
		fclose(f);
	if (err) {
		st_buf_free(&b);
		errno = err;
		return NULL;
	}
	st_buf_cstr(&b);
	*len = b.len;
	return b.data;
}

/* The open atomic files of this thread whose temporary file exists, newest
 * first. st_out_of_memory and st_internal_error end the process wherever an
 * allocation failed or an invariant broke, possibly while the driver streams
 * -o output into a temporary file; they remove these files first, so no exit
 * leaves a partial output behind. Thread-local: a thread's files are its own. */
static _Thread_local struct st_atomic_file *open_files;

static void forget(struct st_atomic_file *af)
{
	for (struct st_atomic_file **p = &open_files; *p; p = &(*p)->next_open) {
		if (*p == af) {
			*p = af->next_open;
			break;
		}
	}
	af->next_open = NULL;
}

void st_atomic_file_remove_temporaries(void)
{
	for (struct st_atomic_file *af = open_files; af; af = af->next_open)
		unlink(af->tmp);
	open_files = NULL;
}

bool st_atomic_file_open(struct st_atomic_file *af, const char *path)
{
	*af = (struct st_atomic_file){.path = path, .fd = -1};
	/* A device or FIFO (`-o /dev/null`) has no content to replace, and a
	 * rename over it would replace the node itself: write to it directly. */
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		af->fd = open(path, O_WRONLY | O_TRUNC);
		return af->fd >= 0;
	}
	af->tmp = st_xasprintf("%s.tmpXXXXXX", path);
	af->fd = mkstemp(af->tmp);
	if (af->fd < 0) {
		int err = errno;
		free(af->tmp);
		af->tmp = NULL;
		errno = err;
		return false;
	}
	af->next_open = open_files;
	open_files = af;
	return true;
}

void st_atomic_file_write(struct st_atomic_file *af, const char *data, size_t len)
{
	size_t off = 0;
	while (off < len && !af->err) {
		ssize_t w = write(af->fd, data + off, len - off);
		if (w < 0) {
			if (errno != EINTR)
				af->err = errno;
			continue;
		}
		off += (size_t)w;
	}
}

void st_atomic_file_abort(struct st_atomic_file *af)
{
	if (!af->tmp) {
		if (af->fd >= 0)
			close(af->fd);
		af->fd = -1;
		return;
	}
	int err = errno;
	if (af->fd >= 0)
		close(af->fd);
	unlink(af->tmp);
	forget(af);
	free(af->tmp);
	af->tmp = NULL;
	af->fd = -1;
	errno = err;
}

bool st_atomic_file_commit(struct st_atomic_file *af)
{
	if (af->err)
		goto fail;
	if (!af->tmp) { /* written in place (not a regular file) */
		int fd = af->fd;
		af->fd = -1;
		if (close(fd) != 0) {
			af->err = errno;
			goto fail;
		}
		return true;
	}
	/* Keep the permissions an existing file had; new files get 0644 less umask. */
	struct stat st;
	mode_t mode;
	if (stat(af->path, &st) == 0) {
		mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(af->fd, mode) != 0) {
		af->err = errno;
		goto fail;
	}
	int fd = af->fd;
	af->fd = -1;
	if (close(fd) != 0 || rename(af->tmp, af->path) != 0) {
		af->err = errno;
		goto fail;
	}
	forget(af);
	free(af->tmp);
	af->tmp = NULL;
	return true;
fail:;
	int err = af->err;
	st_atomic_file_abort(af);
	errno = err;
	return false;
}

bool st_write_file_atomic(const char *path, const char *data, size_t len)
{
	struct st_atomic_file af;
	if (!st_atomic_file_open(&af, path))
		return false;
	st_atomic_file_write(&af, data, len);
	return st_atomic_file_commit(&af);
}

size_t st_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *row = st_xmalloc((lb + 1) * sizeof *row);
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	size_t d = row[lb];
	free(row);
	return d;
}
