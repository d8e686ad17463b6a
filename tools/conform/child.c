/*
 * child.c - a child process spoken to in lines (see child.h).
 */
#define _DEFAULT_SOURCE /* syscall */
#define _POSIX_C_SOURCE 200809L
#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The process groups of the children running, so that a signal that ends
 * undead ends them too: each child leads a group of its own (its own
 * children stay in it), which the terminal's ^C no longer reaches. */
enum { GROUPS_MAX = 8 };
static volatile sig_atomic_t group[GROUPS_MAX];
static pid_t group_owner; /* the process that started them (not a forked helper) */

static void sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* SIGTERM to the group, then SIGKILL to whatever of it is left after
 * grace_ms (a member that ignores SIGTERM).  A leader of ours still to be
 * reaped counts as left until it is, so it is reaped here (true, its
 * status in *status); async-signal-safe. */
static bool end_group(pid_t pgid, long grace_ms, pid_t leader, int *status)
{
    bool reaped = false;
    if (kill(-pgid, SIGTERM) != 0)
        return false; /* none of it is left */
    for (long t = 0; t < grace_ms; t += 5) {
        if (leader > 0 && !reaped && waitpid(leader, status, WNOHANG) == leader)
            reaped = true;
        if (kill(-pgid, 0) != 0)
            return reaped;
        sleep_ms(5);
    }
    kill(-pgid, SIGKILL);
    return reaped;
}

/* ---- the adapters' orphans ---------------------------------------------- */

/* A process an adapter started that left its group (setsid, setpgid) is
 * out of the group's reach.  undead is made a child subreaper (Linux) when
 * it starts its first child, so that such a process, orphaned when its
 * parent ends, becomes undead's child instead of init's; each time an
 * adapter is stopped, and when undead ends, its children that lead no
 * adapter's group are ended and reaped (orphans_end).  The scan below uses
 * only open, read, getdents64, kill and waitpid: it runs in a signal
 * handler too. */

/* The decimal digits of s as a pid (0: none, or not all digits). */
static pid_t pid_of(const char *s)
{
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > 4194304)
            return 0;
        v = v * 10 + (*s - '0');
    }
    return (pid_t)v;
}

/* The parent of process pid, from /proc/PID/stat ("pid (comm) S ppid"),
 * or 0. */
static pid_t parent_of(const char *pid)
{
    char path[64], stat[512];
    size_t n = strlen(pid);
    if (n > 20)
        return 0;
    memcpy(path, "/proc/", 6);
    memcpy(path + 6, pid, n);
    memcpy(path + 6 + n, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t got = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (got <= 0)
        return 0;
    stat[got] = '\0';
    char *paren = NULL; /* the last ')': comm may hold one */
    for (char *p = stat; *p; p++)
        if (*p == ')')
            paren = p;
    if (!paren || paren[1] != ' ' || !paren[2] || paren[3] != ' ')
        return 0;
    char *end = paren + 4;
    char digits[24];
    size_t k = 0;
    while (end[k] >= '0' && end[k] <= '9' && k < sizeof digits - 1) {
        digits[k] = end[k];
        k++;
    }
    digits[k] = '\0';
    return pid_of(digits);
}

static bool leads_a_group(pid_t pid)
{
    for (int i = 0; i < GROUPS_MAX; i++)
        if (group[i] == pid)
            return true;
    return false;
}

enum { ORPHANS_MAX = 256 };

/* Into out, undead's children that lead no adapter's group still running
 * (at most ORPHANS_MAX); how many. */
static int list_orphans(pid_t *out)
{
#ifdef SYS_getdents64
    int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return 0;
    pid_t self = getpid();
    int n = 0;
    char ents[4096];
    long got;
    while (n < ORPHANS_MAX && (got = syscall(SYS_getdents64, dir, ents, sizeof ents)) > 0)
        for (long at = 0; at < got && n < ORPHANS_MAX;) {
            /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name */
            unsigned short reclen;
            memcpy(&reclen, ents + at + 16, sizeof reclen);
            const char *name = ents + at + 19;
            pid_t pid = pid_of(name);
            if (pid > 0 && pid != self && parent_of(name) == self && !leads_a_group(pid))
                out[n++] = pid;
            at += reclen;
        }
    close(dir);
    return n;
#else
    (void)out;
    return 0;
#endif
}

/* How long orphans_end goes on ending orphans: a round takes the first
 * ORPHANS_MAX found, and each may leave children of its own; an adapter
 * that forks faster than they end could keep it busy for ever. */
enum { ORPHANS_END_MS = 10000 };

/* End and reap undead's children that lead no adapter's group: SIGTERM,
 * SIGKILL to any left after grace_ms, then reaped; again, ORPHANS_MAX at
 * a time, for those not yet ended and the children each leaves behind,
 * until none is left (at most ORPHANS_END_MS in all: a count of rounds
 * once left the 8,193rd behind).  Nothing is waited on when there is
 * none. */
static void orphans_end(long grace_ms)
{
    pid_t orphan[ORPHANS_MAX];
    for (long long start = now_ms(); now_ms() - start < ORPHANS_END_MS;) {
        int n = list_orphans(orphan);
        if (n == 0)
            return;
        int left = n;
        for (int i = 0; i < n; i++)
            kill(orphan[i], SIGTERM);
        for (long t = 0; left > 0 && t < grace_ms; t += 5) {
            sleep_ms(5);
            for (int i = 0; i < n; i++)
                if (orphan[i] > 0 && waitpid(orphan[i], NULL, WNOHANG) == orphan[i]) {
                    orphan[i] = 0;
                    left--;
                }
        }
        for (int i = 0; i < n; i++)
            if (orphan[i] > 0) {
                kill(orphan[i], SIGKILL);
                waitpid(orphan[i], NULL, 0);
            }
    }
}

/* undead a child subreaper, once (Linux; elsewhere an orphan goes to
 * init as before). */
static void become_subreaper(void)
{
#ifdef PR_SET_CHILD_SUBREAPER
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

static void end_all_groups(void)
{
    if (getpid() != group_owner)
        return;
    for (int i = 0; i < GROUPS_MAX; i++)
        if (group[i] > 0) {
            end_group((pid_t)group[i], 200, 0, NULL);
            group[i] = 0;
        }
    orphans_end(200);
}

enum { N_FATAL = 4 };
static const int fatal_signal[N_FATAL] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static struct sigaction fatal_before[N_FATAL]; /* the actions ours replaced */

/* A signal that would end undead ends the children's groups first, then
 * gets the action it had before (the default: undead ends by it; a
 * fuzzer's own handler: that handler runs). */
static void on_fatal_signal(int sig)
{
    int e = errno;
    end_all_groups();
    for (int i = 0; i < N_FATAL; i++)
        if (fatal_signal[i] == sig)
            sigaction(sig, &fatal_before[i], NULL);
    raise(sig); /* delivered once this handler returns */
    errno = e;
}

static void remember_group(pid_t pgid)
{
    static bool hooked;
    if (!hooked) {
        hooked = true;
        group_owner = getpid();
        atexit(end_all_groups); /* an exit() on an error path */
        for (int i = 0; i < N_FATAL; i++) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_fatal_signal;
            sigemptyset(&sa.sa_mask);
            /* a signal undead's own caller set to be ignored stays ignored */
            if (sigaction(fatal_signal[i], NULL, &fatal_before[i]) == 0 &&
                fatal_before[i].sa_handler != SIG_IGN)
                sigaction(fatal_signal[i], &sa, NULL);
        }
    }
    for (int i = 0; i < GROUPS_MAX; i++)
        if (group[i] == 0) {
            group[i] = pgid;
            return;
        }
}

static void forget_group(pid_t pgid)
{
    for (int i = 0; i < GROUPS_MAX; i++)
        if (group[i] == pgid)
            group[i] = 0;
}

bool child_start(child *c, char *const *argv)
{
    memset(c, 0, sizeof *c);
    c->pid = -1;
    c->to = c->from = -1;
    c->exit_status = -1;
    int in[2], out[2];
    if (pipe(in) != 0)
        return false;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return false;
    }
    /* A child that dies while we write must be an EPIPE we report, not a
     * signal that ends undead. */
    signal(SIGPIPE, SIG_IGN);
    become_subreaper(); /* before the fork: the child may orphan one at once */
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        errno = e;
        return false;
    }
    if (pid == 0) {
        setpgid(0, 0);
        /* A pipe's end may itself be 0 or 1 when undead was started with
         * its standard input or output closed: moved above 2 first, so
         * that neither dup2 nor a close below ends the other. */
        int rd = fcntl(in[0], F_DUPFD, 3), wr = fcntl(out[1], F_DUPFD, 3);
        if (rd < 0 || wr < 0 || dup2(rd, 0) < 0 || dup2(wr, 1) < 0)
            _exit(127);
        const int ends[] = { rd, wr, in[0], in[1], out[0], out[1] };
        for (int i = 0; i < 6; i++)
            if (ends[i] > 1)
                close(ends[i]);
        signal(SIGPIPE, SIG_DFL);
        cli_child_signals();
        execvp(argv[0], argv);
        int e = errno;
        ud_buf shown; /* conform runs no threads: malloc is safe in the child */
        ud_buf_init(&shown);
        fprintf(stderr, "undead conform: cannot run '%s': %s\n", ud_escaped(&shown, argv[0]), strerror(e));
        _exit(127);
    }
    /* in both processes, so that the group exists whichever runs first */
    setpgid(pid, pid);
    remember_group(pid);
    close(in[0]);
    close(out[1]);
    c->pid = pid;
    c->to = in[1];
    c->from = out[0];
    fcntl(c->to, F_SETFD, FD_CLOEXEC);
    fcntl(c->from, F_SETFD, FD_CLOEXEC);
    return true;
}

child_status child_send(child *c, const char *line, size_t len)
{
    while (len > 0) {
        ssize_t n = write(c->to, line, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            c->err = errno;
            return CHILD_IO;
        }
        line += n;
        len -= (size_t)n;
    }
    return CHILD_OK;
}

/* Drop the line returned last time (and its '\n') from the buffer. */
static void consume_last_line(child *c)
{
    if (c->pending == 0)
        return;
    memmove(c->buf, c->buf + c->pending, c->len - c->pending);
    c->len -= c->pending;
    c->pending = 0;
}

child_status child_read_line(child *c, int timeout_ms, const char **line, size_t *len)
{
    consume_last_line(c);
    long long deadline = now_ms() + timeout_ms;
    size_t scanned = 0;
    for (;;) {
        char *nl = c->len > scanned ? memchr(c->buf + scanned, '\n', c->len - scanned) : NULL;
        if (nl) {
            /* the limit holds however the pipe split the line: a '\n'
               read with the bytes past the limit does not let them in */
            if ((size_t)(nl - c->buf) > CHILD_LINE_MAX)
                return CHILD_TOO_LONG;
            *nl = '\0';
            *line = c->buf;
            *len = (size_t)(nl - c->buf);
            c->pending = *len + 1;
            return CHILD_OK;
        }
        scanned = c->len;
        if (c->len > CHILD_LINE_MAX)
            return CHILD_TOO_LONG;
        long long left = deadline - now_ms();
        if (left <= 0)
            return CHILD_TIMEOUT;
        struct pollfd p = { .fd = c->from, .events = POLLIN };
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            c->err = errno;
            return CHILD_IO;
        }
        if (r == 0)
            return CHILD_TIMEOUT;
        if (c->cap - c->len < 4096) {
            size_t cap = c->cap ? c->cap * 2 : 65536;
            char *b = realloc(c->buf, cap + 1);
            if (!b) {
                c->err = ENOMEM;
                return CHILD_IO;
            }
            c->buf = b;
            c->cap = cap;
        }
        ssize_t n = read(c->from, c->buf + c->len, c->cap - c->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            c->err = errno;
            return CHILD_IO;
        }
        if (n == 0)
            return CHILD_EOF;
        c->len += (size_t)n;
    }
}

void child_stop(child *c, int grace_ms)
{
    if (c->to >= 0) {
        close(c->to);
        c->to = -1;
    }
    if (c->pid > 0) {
        int status = 0;
        long long deadline = now_ms() + grace_ms;
        pid_t r;
        while ((r = waitpid(c->pid, &status, WNOHANG)) == 0 && now_ms() < deadline)
            sleep_ms(2);
        /* the adapter's own children (an engine it started, a shell's
         * commands) are in its group: they go with it, whether it ended by
         * itself or not */
        if (end_group(c->pid, 200, r == 0 ? c->pid : 0, &status))
            r = c->pid;
        forget_group(c->pid);
        if (r == 0)
            r = waitpid(c->pid, &status, 0);
        /* what it left that left its group: orphaned to undead by now
         * (its parent ended with the group) */
        orphans_end(200);
        c->exit_status = r == c->pid ? status : -1;
        c->pid = -1;
    }
    if (c->from >= 0) {
        close(c->from);
        c->from = -1;
    }
    free(c->buf);
    c->buf = NULL;
    c->len = c->cap = c->pending = 0;
}

void child_describe_exit(const child *c, char *out, size_t size)
{
    int st = c->exit_status;
    if (c->pid > 0)
        snprintf(out, size, "still running");
    else if (st < 0)
        snprintf(out, size, "exit status unknown");
    else if (WIFEXITED(st))
        snprintf(out, size, "exited with status %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(out, size, "killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else
        snprintf(out, size, "ended (status %d)", st);
}

const char *child_status_text(child_status st)
{
    switch (st) {
    case CHILD_OK:
        return "a line";
    case CHILD_TIMEOUT:
        return "no answer in time";
    case CHILD_EOF:
        return "end of output (the adapter exited)";
    case CHILD_TOO_LONG:
        return "a line longer than 1 MiB";
    case CHILD_IO:
        return "a read or write error";
    }
    return "?";
}
