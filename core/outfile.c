/*
 * outfile.c - a named output file, replaced whole or not at all
 * (outfile.h).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tree_remove.h"

/* Tries at a free temporary name before giving up (another process
 * writing the same file takes other numbers: the names hold our pid). */
enum { TMP_TRIES = 100 };

/* ---- the temporaries a signal removes --------------------------------------
 * A signal that ends undead (^C, kill) while a file is written would leave
 * its temporary beside it: the temporaries open now are kept here, and the
 * first one hooks a handler that removes them (unlink is safe in a handler)
 * and then gives the signal the action it had before: the default (undead
 * ends by it) or another handler (conform's, which ends its adapter).
 * The working folders held (ud_outfile_hold_dir) are removed by the same
 * handler, their writers ended first. */
enum { LIVE_MAX = 32, HELD_MAX = 4 };
static char *volatile live[LIVE_MAX];
static char *volatile held[HELD_MAX];
static volatile pid_t held_writer[HELD_MAX];
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
enum { N_ENDING = 4 };
static const int ending_signal[N_ENDING] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static struct sigaction ending_before[N_ENDING];

/* The standard stream a commit is copying a temporary into (append_to_std),
 * and its size before: a signal cuts the copy back, as a failed write does,
 * so that the file holds all of the output or none of it. */
static volatile sig_atomic_t appending_fd = -1;
static volatile off_t appending_from;

static void remove_live(int sig)
{
    int e = errno;
    if (appending_fd >= 0)
        (void)ftruncate(appending_fd, appending_from); /* async-signal-safe */
    /* the writers first (a browser printing into a temporary): ended and
     * waited for, they write nothing after what is removed */
    for (int i = 0; i < HELD_MAX; i++) {
        pid_t w = held_writer[i];
        if (held[i] && w > 0) {
            kill(-w, SIGKILL);
            kill(w, SIGKILL);
            while (waitpid(w, NULL, 0) < 0 && errno == EINTR)
                ;
        }
    }
    for (int i = 0; i < LIVE_MAX; i++) {
        char *p = live[i];
        if (p)
            unlink(p);
    }
    for (int i = 0; i < HELD_MAX; i++) {
        char *p = held[i];
        if (p)
            (void)ud_tree_remove(p);
    }
    for (int i = 0; i < N_ENDING; i++)
        if (ending_signal[i] == sig)
            sigaction(sig, &ending_before[i], NULL);
    raise(sig); /* delivered once this handler returns */
    errno = e;
}

/* The handler, hooked once (live_lock held). */
static void hook(void)
{
    static bool hooked;
    if (hooked)
        return;
    hooked = true;
    for (int i = 0; i < N_ENDING; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = remove_live;
        sigemptyset(&sa.sa_mask);
        /* a signal undead's caller set to be ignored stays ignored */
        if (sigaction(ending_signal[i], NULL, &ending_before[i]) == 0 &&
            ending_before[i].sa_handler != SIG_IGN)
            sigaction(ending_signal[i], &sa, NULL);
    }
}

static void remember(char *tmp)
{
    pthread_mutex_lock(&live_lock);
    hook();
    for (int i = 0; i < LIVE_MAX; i++)
        if (!live[i]) {
            live[i] = tmp;
            break;
        }
    pthread_mutex_unlock(&live_lock);
}

bool ud_outfile_hold_dir(const char *dir)
{
    char *own = strdup(dir);
    bool ok = false;
    pthread_mutex_lock(&live_lock);
    hook();
    for (int i = 0; own && !ok && i < HELD_MAX; i++)
        if (!held[i]) {
            held_writer[i] = 0;
            held[i] = own;
            ok = true;
        }
    pthread_mutex_unlock(&live_lock);
    if (!ok)
        free(own);
    return ok;
}

/* The slot of a held folder, or -1 (live_lock held). */
static int held_slot(const char *dir)
{
    for (int i = 0; i < HELD_MAX; i++)
        if (held[i] && strcmp(held[i], dir) == 0)
            return i;
    return -1;
}

void ud_outfile_dir_writer(const char *dir, pid_t writer)
{
    pthread_mutex_lock(&live_lock);
    int i = held_slot(dir);
    if (i >= 0)
        held_writer[i] = writer;
    pthread_mutex_unlock(&live_lock);
}

bool ud_outfile_remove_dir(const char *dir)
{
    pthread_mutex_lock(&live_lock);
    int i = held_slot(dir);
    char *own = i >= 0 ? held[i] : NULL;
    if (i >= 0) {
        held[i] = NULL;
        held_writer[i] = 0;
    }
    pthread_mutex_unlock(&live_lock);
    free(own);
    return ud_tree_remove(dir);
}

static void forget(const char *tmp)
{
    pthread_mutex_lock(&live_lock);
    for (int i = 0; i < LIVE_MAX; i++)
        if (live[i] == tmp)
            live[i] = NULL;
    pthread_mutex_unlock(&live_lock);
}

static void clear(ud_outfile *o)
{
    if (o->tmp)
        forget(o->tmp);
    free(o->target);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

static bool is_link(const char *path)
{
    struct stat lst;
    return lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
}

/* The name a link holds, taken from the link's folder when it is not
 * absolute; NULL when it cannot be read, or out of memory. */
static char *link_text(const char *link)
{
    char text[PATH_MAX];
    ssize_t n = readlink(link, text, sizeof text - 1);
    if (n < 0)
        return NULL;
    text[n] = '\0';
    const char *slash = strrchr(link, '/');
    if (text[0] == '/' || !slash)
        return strdup(text);
    size_t dir = (size_t)(slash - link) + 1;
    char *name = malloc(dir + (size_t)n + 1);
    if (name) {
        memcpy(name, link, dir);
        memcpy(name + dir, text, (size_t)n + 1);
    }
    return name;
}

/* The file a path replaces: the path, or the file its link names (a link
 * stays a link).  A link to no file names the file to make, as a shell's
 * '>' makes it: renamed over, the link itself would become the file
 * (/dev/stdout with standard output closed, as root).  A link that still
 * leads nowhere (a loop; /proc's link of a deleted file) is returned as
 * it is, and start refuses it.  NULL when out of memory. */
static char *target_of(const char *path)
{
    if (!is_link(path))
        return strdup(path);
    char *real = realpath(path, NULL);
    struct stat st;
    if (real || stat(path, &st) == 0)
        return real ? real : strdup(path);
    char *name = strdup(path);
    for (int hops = 0; name && hops < 40 && is_link(name); hops++) {
        char *next = link_text(name);
        if (!next)
            break;
        free(name);
        name = next;
    }
    return name;
}

/* A new temporary beside target, created empty with the target's
 * permissions when it has some (else 0666 less the umask, as a new file
 * gets): its descriptor, or -1 with why filled. */
static int make_tmp(ud_outfile *o, const struct stat *old, bool exists, ud_buf *why)
{
    const char *slash = strrchr(o->target, '/');
    int dir_len = slash ? (int)(slash - o->target) + 1 : 0;
    const char *base = o->target + dir_len;
    size_t size = strlen(o->target) + 64;
    if (!(o->tmp = malloc(size))) {
        ud_buf_puts(why, "out of memory");
        return -1;
    }
    static _Atomic unsigned counter;
    for (int i = 0; i < TMP_TRIES; i++) {
        snprintf(o->tmp, size, "%.*s.%s.%ld-%u.tmp", dir_len, o->target, base, (long)getpid(),
                 atomic_fetch_add(&counter, 1));
        int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            remember(o->tmp);
            if (exists)
                (void)fchmod(fd, old->st_mode & 07777); /* best effort: the bytes matter more */
            return fd;
        }
        if (errno != EEXIST) {
            /* the path may exist (/proc/version) while its folder takes no
             * new file: the folder is what refused */
            ud_buf_printf(why, "cannot make a file in its folder %.*s: %s", dir_len > 1 ? dir_len - 1 : 1,
                          dir_len ? o->target : ".", strerror(errno));
            break;
        }
    }
    if (!why->len)
        ud_buf_puts(why, "no free temporary name beside it");
    free(o->tmp);
    o->tmp = NULL;
    return -1;
}

/* The standard stream (1 output, 2 error) whose file st is, or 0: a file
 * renamed over would take the place of what the command printed there.
 * One open for reading only (1< FILE) is printed nothing. */
static int std_stream_of(const struct stat *st)
{
    for (int fd = 1; fd <= 2; fd++) {
        struct stat sst;
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0 && (flags & O_ACCMODE) != O_RDONLY && fstat(fd, &sst) == 0 &&
            sst.st_dev == st->st_dev && sst.st_ino == st->st_ino)
            return fd;
    }
    return 0;
}

/* A device or FIFO written in place: a new descriptor of it (the standard
 * stream's own when it is that stream's file: a socket cannot be opened
 * by name, and the two write in one order), or -1. */
static int open_in_place(const ud_outfile *o)
{
    if (o->std_fd)
        return fcntl(o->std_fd, F_DUPFD_CLOEXEC, 3);
    return open(o->target, O_WRONLY | O_CLOEXEC | O_NOCTTY);
}

/* open and reserve: a descriptor to write (the temporary's, or the path's
 * own when written in place and stream is asked for; else INT_MAX, not a
 * descriptor), or -1 with why filled and o cleared. */
static int start(ud_outfile *o, const char *path, bool stream, ud_buf *why)
{
    memset(o, 0, sizeof *o);
    if (!*path) {
        ud_buf_puts(why, "expected a file name");
        return -1;
    }
    if (strcmp(path, "-") == 0) { /* read as standard input elsewhere: never a file named - by surprise */
        ud_buf_puts(why, "expected a file name, not '-' (./- names a file called -)");
        return -1;
    }
    if (!(o->target = target_of(path))) {
        ud_buf_puts(why, "out of memory");
        return -1;
    }
    struct stat st;
    bool exists = stat(o->target, &st) == 0;
    if (exists && (o->std_fd = std_stream_of(&st)) != 0) {
        /* what was printed before comes before what is written here */
        (void)fflush(stdout);
        (void)fflush(stderr);
    }
    int fd = -1;
    if (!o->std_fd && is_link(o->target)) /* target_of found no name to write */
        ud_buf_puts(why, "is a symbolic link leading to no file it can write (a loop, or a file deleted)");
    else if (exists && S_ISDIR(st.st_mode))
        ud_buf_puts(why, "is a folder, expected a file");
    else if (exists && !S_ISREG(st.st_mode)) {
        /* a device or a FIFO: nothing to keep, and it cannot be renamed over */
        fd = stream ? open_in_place(o) : INT_MAX;
        if (fd < 0)
            ud_buf_puts(why, strerror(errno));
    } else if (exists && !o->std_fd && access(o->target, W_OK) != 0)
        ud_buf_puts(why, strerror(errno)); /* a read-only file stays read-only */
    else {
        /* a link still (resolving to no name: standard output's file was
         * deleted) takes no temporary beside it */
        if (!(o->std_fd && is_link(o->target)))
            fd = make_tmp(o, &st, exists, why);
        if (fd < 0 && o->std_fd) {
            /* no temporary beside standard output's file: in place
             * through the stream, as a device is */
            ud_buf_clear(why);
            if ((fd = stream ? open_in_place(o) : INT_MAX) < 0)
                ud_buf_puts(why, strerror(errno));
        }
    }
    if (fd < 0)
        clear(o);
    return fd;
}

bool ud_outfile_open(ud_outfile *o, const char *path, ud_buf *why)
{
    int fd = start(o, path, true, why);
    if (fd < 0)
        return false;
    if (!(o->f = fdopen(fd, "wb"))) {
        ud_buf_puts(why, strerror(errno));
        close(fd);
        ud_outfile_abort(o);
        return false;
    }
    return true;
}

bool ud_outfile_reserve(ud_outfile *o, const char *path, ud_buf *why)
{
    int fd = start(o, path, false, why);
    if (fd < 0)
        return false;
    if (fd != INT_MAX)
        close(fd);
    return true;
}

bool ud_outfile_check(const char *path, ud_buf *why)
{
    ud_outfile o;
    if (!ud_outfile_reserve(&o, path, why))
        return false;
    ud_outfile_abort(&o);
    return true;
}

const char *ud_outfile_path(const ud_outfile *o) { return o->tmp ? o->tmp : o->target; }

/* Close o->f; 0, or the errno of the first write, flush, sync or close
 * that failed (EIO when the stream's error flag kept no reason). */
static int close_stream(ud_outfile *o)
{
    if (!o->f)
        return 0;
    int e = 0;
    if (ferror(o->f))
        e = errno ? errno : EIO; /* the failed write's reason, if nothing cleared it */
    errno = 0;
    if (fflush(o->f) != 0 && !e)
        e = errno ? errno : EIO;
    /* the bytes on disk before the name points at them: a crash after
     * the rename must not leave an empty file where the old one was */
    if (!e && o->tmp && !o->std_fd && fsync(fileno(o->f)) != 0)
        e = errno;
    if (fclose(o->f) != 0 && !e)
        e = errno ? errno : EIO;
    o->f = NULL;
    return e;
}

/* The temporary's bytes written through the standard stream whose file
 * the target is, after what the command printed there: 0 or an errno. */
static int append_to_std(const ud_outfile *o)
{
    if (fflush(stdout) != 0 || fflush(stderr) != 0)
        return errno ? errno : EIO;
    int in = open(o->tmp, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return errno;
    /* the output goes at the end, after what was printed (the stream's
     * place is there too unless another writer went further) */
    off_t end = lseek(o->std_fd, 0, SEEK_END);
    if (end >= 0) {
        appending_from = end;
        appending_fd = o->std_fd;
    }
    char block[65536];
    int e = 0;
    for (;;) {
        ssize_t n = read(in, block, sizeof block);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            e = n < 0 ? errno : 0;
            break;
        }
        for (ssize_t done = 0; !e && done < n;) {
            ssize_t w = write(o->std_fd, block + done, (size_t)(n - done));
            if (w > 0)
                done += w;
            else if (w < 0 && errno != EINTR)
                e = errno;
            else if (w == 0)
                e = EIO;
        }
        if (e)
            break;
    }
    close(in);
    if (e && end >= 0 && ftruncate(o->std_fd, end) == 0) /* none of it, as a failed rename leaves none */
        (void)lseek(o->std_fd, end, SEEK_SET);           /* and what is printed next goes there */
    appending_fd = -1;
    return e;
}

bool ud_outfile_commit(ud_outfile *o, ud_buf *why)
{
    if (!o->target) {
        ud_buf_puts(why, "nothing to write (no file open)");
        return false;
    }
    int e = close_stream(o);
    if (!e && o->tmp && o->std_fd)
        e = append_to_std(o); /* the temporary goes below, as on failure */
    else if (!e && o->tmp && rename(o->tmp, o->target) != 0)
        e = errno;
    if (e || (o->tmp && o->std_fd)) {
        if (e)
            ud_buf_puts(why, strerror(e));
        ud_outfile_abort(o);
        return !e;
    }
    clear(o);
    return true;
}

void ud_outfile_abort(ud_outfile *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp)
        unlink(o->tmp);
    clear(o);
}

/* The canonical name of path's folder, then '/' and its last part: the
 * name a file not made yet will have (NULL when the folder cannot be
 * resolved, or out of memory). */
static char *future_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    char *real = dir ? realpath(dir, NULL) : NULL;
    free(dir);
    const char *base = slash ? slash + 1 : path;
    char *name = real ? malloc(strlen(real) + strlen(base) + 2) : NULL;
    if (name)
        sprintf(name, "%s/%s", real, base);
    free(real);
    return name;
}

bool ud_outfile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    bool has_a = stat(a, &sa) == 0, has_b = stat(b, &sb) == 0;
    if (has_a || has_b)
        return has_a && has_b && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *na = future_name(a), *nb = future_name(b);
    bool same = na && nb && strcmp(na, nb) == 0;
    free(na);
    free(nb);
    return same;
}

bool ud_outfile_write_all(const char *path, const void *bytes, size_t len, ud_buf *why)
{
    ud_outfile out;
    if (!ud_outfile_open(&out, path, why))
        return false;
    if (fwrite(bytes, 1, len, out.f) != len) {
        ud_buf_puts(why, strerror(errno));
        ud_outfile_abort(&out);
        return false;
    }
    return ud_outfile_commit(&out, why);
}
