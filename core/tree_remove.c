/*
 * tree_remove.c - a folder removed with everything in it, from a signal
 * handler too (tree_remove.h).
 */
#if defined(__linux__)
#define _GNU_SOURCE /* syscall */
#else
#define _XOPEN_SOURCE 700 /* fdopendir, openat, unlinkat */
#endif
#include "tree_remove.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h> /* renameat */
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <stdint.h>
#include <sys/syscall.h>
#else
#include <dirent.h>
#endif

/* Each level holds a buffer on the stack: a folder deeper than
 * TREE_MAX_DEPTH below dir is moved up into dir (hoist) and removed by a
 * later round, TREE_ROUNDS rounds at most (a tree 2,048 levels deep). */
enum { TREE_MAX_DEPTH = 32, DENTS_BYTES = 1024, TREE_PASSES = 8, TREE_ROUNDS = 64 };

static int tree_top = -1;    /* dir's descriptor, while it is emptied */
static unsigned tree_hoists; /* names of the folders moved up */

static bool dot_or_dotdot(const char *name)
{
    return name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

static void empty_folder(int fd, int depth);

/* Remove the entry name of the folder at fd: a file or link at once, a
 * folder emptied first; true when it is gone. */
static bool remove_entry(int fd, const char *name, int depth)
{
    if (unlinkat(fd, name, 0) == 0)
        return true;
    if (errno != EISDIR && errno != EPERM)
        return false;
    if (depth >= TREE_MAX_DEPTH) { /* up into dir, for the next round */
        char up[32] = ".undead-deep-";
        unsigned k = ++tree_hoists;
        size_t at = strlen(up);
        do
            up[at++] = (char)('0' + k % 10);
        while ((k /= 10) && at < sizeof up - 1);
        up[at] = '\0';
        (void)renameat(fd, name, tree_top, up);
        return false;
    }
    int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (sub < 0)
        return false;
    empty_folder(sub, depth + 1);
    close(sub);
    return unlinkat(fd, name, AT_REMOVEDIR) == 0;
}

#if defined(__linux__)
/* getdents64's record (the kernel's struct linux_dirent64). */
struct dent64 {
    uint64_t ino;
    int64_t off;
    unsigned short reclen;
    unsigned char type;
    char name[];
};

/* Remove what the folder at fd holds.  The folder is read again from its
 * start while a pass removed something and left something: entries
 * removed while it is read may move the others. */
static void empty_folder(int fd, int depth)
{
    _Alignas(struct dent64) char buf[DENTS_BYTES];
    for (int pass = 0; pass < TREE_PASSES; pass++) {
        bool removed = false, left = false;
        if (lseek(fd, 0, SEEK_SET) != 0)
            return;
        long n;
        while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
            for (long at = 0; at < n;) {
                struct dent64 *d = (struct dent64 *)(void *)(buf + at);
                at += d->reclen;
                if (dot_or_dotdot(d->name))
                    continue;
                if (remove_entry(fd, d->name, depth))
                    removed = true;
                else
                    left = true;
            }
        if (!removed || !left)
            return;
    }
}
#else
static void empty_folder(int fd, int depth)
{
    int own = dup(fd);
    DIR *d = own < 0 ? NULL : fdopendir(own);
    if (!d) {
        if (own >= 0)
            close(own);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)))
        if (!dot_or_dotdot(e->d_name))
            (void)remove_entry(fd, e->d_name, depth);
    closedir(d);
}
#endif

bool ud_tree_remove(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return unlink(dir) == 0 || errno == ENOENT;
    int saved = tree_top;
    tree_top = fd;
    bool gone = false;
    for (int round = 0; round < TREE_ROUNDS && !gone; round++) {
        empty_folder(fd, 0);
        gone = rmdir(dir) == 0;
        if (!gone && errno != ENOTEMPTY && errno != EEXIST)
            break;
    }
    tree_top = saved;
    close(fd);
    return gone;
}
