/* Whole-file I/O: reading a file or standard input, and atomic output files
 * that replace their target only when complete. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stinkytofu/support.h"

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
 * -o output into a temporary file; st_atomic_file_open installs
 * st_atomic_file_remove_temporaries as their fatal cleanup hook, so no exit
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
	st_set_fatal_cleanup(st_atomic_file_remove_temporaries);
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
