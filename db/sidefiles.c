/*
 * sidefiles.c - a read-only open that leaves no file beside the database
 * (sidefiles.h).
 */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include "sidefiles.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where SQLite's unix VFS takes its locks on the database file (os_unix.c):
 * every connection to a WAL database holds a read lock on the shared
 * range for as long as it is open. */
enum {
    SQLITE_PENDING_BYTE = 0x40000000,
    SQLITE_SHARED_FIRST = SQLITE_PENDING_BYTE + 2,
    SQLITE_SHARED_SIZE = 510
};

/* path with suffix, in out; false when it does not fit. */
static bool side_name(const char *path, const char *suffix, char *out, size_t size)
{
    int n = snprintf(out, size, "%s%s", path, suffix);
    return n > 0 && (size_t)n < size;
}

static bool exists(const char *path, const char *suffix, off_t *size)
{
    char name[4096];
    struct stat st;
    if (!side_name(path, suffix, name, sizeof name) || lstat(name, &st) != 0)
        return false;
    if (size)
        *size = st.st_size;
    return true;
}

db_side_files db_side_files_of(const char *path)
{
    off_t journal = 0;
    db_side_files f = { exists(path, "-wal", NULL), exists(path, "-shm", NULL),
                        exists(path, "-journal", &journal) && journal > 0 };
    return f;
}

bool db_side_files_unremovable(const char *path)
{
    db_side_files f = db_side_files_of(path);
    if (f.wal || f.shm || access(path, W_OK) == 0)
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    unsigned char header[20];
    bool wal = fd >= 0 && pread(fd, header, sizeof header, 0) == (ssize_t)sizeof header && header[18] == 2 &&
               header[19] == 2;
    if (fd >= 0)
        close(fd);
    return wal;
}

void db_side_files_remove_own(const char *path, db_side_files before)
{
    db_side_files now = db_side_files_of(path);
    if ((before.wal || !now.wal) && (before.shm || !now.shm))
        return; /* nothing made here */
    off_t wal_size = 0;
    if (exists(path, "-wal", &wal_size) && wal_size != 0)
        return; /* frames a writer committed: SQLite reads them, and checkpoints them in the end */
#ifdef F_OFD_SETLK
    /* An open file description lock: it conflicts with the read locks of
     * every connection, this process's own included, and closing fd drops
     * only it (a POSIX lock would drop this process's other locks on the
     * file). */
    int fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return;
    struct flock lock = {
        .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = SQLITE_SHARED_FIRST, .l_len = SQLITE_SHARED_SIZE
    };
    if (fcntl(fd, F_OFD_SETLK, &lock) == 0) {
        char name[4096];
        /* while the lock is held no connection can open the file, so no
         * one can start to use what is removed */
        if (!before.wal && now.wal && side_name(path, "-wal", name, sizeof name))
            (void)unlink(name);
        if (!before.shm && now.shm && side_name(path, "-shm", name, sizeof name))
            (void)unlink(name);
    }
    close(fd);
#endif
}

char *db_file_uri(const char *path, const char *query)
{
    size_t n = strlen(path);
    char *u = malloc(n * 3 + strlen(query) + 16);
    if (!u)
        return NULL;
    char *p = u + sprintf(u, "file:");
    for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
            strchr("/._-", *c))
            *p++ = (char)*c;
        else
            p += sprintf(p, "%%%02X", *c);
    }
    sprintf(p, "?%s", query);
    return u;
}
