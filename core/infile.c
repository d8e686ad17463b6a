/*
 * infile.c - the one check of a path undead reads (infile.h).
 */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked */
#include "infile.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a non-regular, non-folder file is, in the words of the refusal. */
static const char *other_kind(mode_t mode)
{
    return S_ISFIFO(mode)                   ? "a FIFO"
           : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
           : S_ISSOCK(mode)                 ? "a socket"
           : S_ISDIR(mode)                  ? "a folder"
           : S_ISREG(mode)                  ? "a file"
                                            : "another kind of file";
}

/* "PATH' ..." only when named: the caller's place is another file's. */
static void subject(ud_buf *why, const char *path, bool named, const char *sep)
{
    if (named) {
        ud_buf_putc(why, '\'');
        ud_buf_put_escaped(why, path);
        ud_buf_printf(why, "'%s", sep);
    }
}

/* The refusal of path, found as mode (or missing: err == ENOENT or
 * ENOTDIR, other errors: err), when want_dir says what was expected. */
static void refuse(ud_buf *why, const char *path, bool named, bool want_dir, int err, mode_t mode)
{
    if (err == ENOENT || err == ENOTDIR) {
        subject(why, path, named, ": ");
        ud_buf_puts(why, "no such file or folder");
    } else if (err) {
        ud_buf_printf(why, "expected a readable %s '", want_dir ? "folder" : "file");
        ud_buf_put_escaped(why, path);
        ud_buf_printf(why, "' (%s)", strerror(err));
    } else if (!want_dir && S_ISDIR(mode)) {
        subject(why, path, named, " ");
        ud_buf_puts(why, "is a folder, expected a file");
    } else if (want_dir) {
        subject(why, path, named, " ");
        ud_buf_printf(why, "is %s, expected a folder", other_kind(mode));
    } else {
        ud_buf_puts(why, "expected '");
        ud_buf_put_escaped(why, path);
        ud_buf_printf(why, "' to be a %s, found %s", want_dir ? "folder" : "regular file", other_kind(mode));
    }
}

/* ---- the files read (ud_infile_read_before) ------------------------------ */

typedef struct read_file {
    dev_t dev;
    ino_t ino;
    char *path; /* as it was read; never freed: the answers point here */
} read_file;

static read_file *reads;
static size_t n_reads, cap_reads;
static pthread_mutex_t reads_lock = PTHREAD_MUTEX_INITIALIZER; /* verify reads from threads */

static void note_read(const struct stat *st, const char *path)
{
    pthread_mutex_lock(&reads_lock);
    bool known = false;
    for (size_t i = 0; i < n_reads && !known; i++)
        known = reads[i].dev == st->st_dev && reads[i].ino == st->st_ino;
    if (!known && n_reads == cap_reads) {
        size_t cap = cap_reads ? cap_reads * 2 : 64;
        read_file *r = realloc(reads, cap * sizeof *r);
        if (r) {
            reads = r;
            cap_reads = cap;
        }
    }
    char *copy = known || n_reads == cap_reads ? NULL : strdup(path);
    if (copy)
        reads[n_reads++] = (read_file){ st->st_dev, st->st_ino, copy };
    pthread_mutex_unlock(&reads_lock);
}

const char *ud_infile_read_before(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return NULL;
    const char *found = NULL;
    pthread_mutex_lock(&reads_lock);
    for (size_t i = 0; i < n_reads && !found; i++)
        if (reads[i].dev == st.st_dev && reads[i].ino == st.st_ino)
            found = reads[i].path;
    pthread_mutex_unlock(&reads_lock);
    return found;
}

void ud_infile_note_fd(int fd, const char *shown)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        note_read(&st, shown);
}

int ud_infile_open(const char *path, bool named, ud_buf *why)
{
    /* O_NONBLOCK: opening a FIFO for reading waits for a writer, which may
     * never come; a regular file ignores the flag, and nothing else is
     * read.  O_NOCTTY: a terminal named as a file does not become ours. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        int e = errno;
        struct stat st;
        /* open() says "Is a directory" only when asked to write one */
        if (stat(path, &st) == 0)
            refuse(why, path, named, false, S_ISREG(st.st_mode) ? e : 0, st.st_mode);
        else
            refuse(why, path, named, false, e, 0);
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        refuse(why, path, named, false, e, 0);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        refuse(why, path, named, false, 0, st.st_mode);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    note_read(&st, path);
    return fd;
}

FILE *ud_infile_fopen(const char *path, bool named, ud_buf *why)
{
    int fd = ud_infile_open(path, named, why);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        refuse(why, path, named, false, e, 0);
    }
    return f;
}

bool ud_infile_is_file(const char *path, bool named, ud_buf *why)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        refuse(why, path, named, false, errno, 0);
        return false;
    }
    if (S_ISREG(st.st_mode))
        return true;
    refuse(why, path, named, false, 0, st.st_mode);
    return false;
}

bool ud_infile_is_dir(const char *path, bool named, ud_buf *why)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        refuse(why, path, named, true, errno, 0);
        return false;
    }
    if (S_ISDIR(st.st_mode))
        return true;
    refuse(why, path, named, true, 0, st.st_mode);
    return false;
}

bool ud_infile_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

ud_line_status ud_infile_line(FILE *in, char *buf, size_t max, size_t *len)
{
    size_t n = 0, nul = (size_t)-1;
    int ch;
    while ((ch = getc_unlocked(in)) != EOF && ch != '\n') {
        if (n < max) {
            if (ch == '\0' && nul == (size_t)-1)
                nul = n;
            buf[n] = (char)ch;
        }
        if (n <= max)
            n++;
    }
    if (ch == EOF && (n == 0 || ferror(in)))
        return UD_LINE_END;
    if (n > max)
        return UD_LINE_TOO_LONG;
    buf[n] = '\0';
    *len = nul != (size_t)-1 ? nul : n;
    return nul != (size_t)-1 ? UD_LINE_NUL : UD_LINE_OK;
}
