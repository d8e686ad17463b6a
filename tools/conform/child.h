/*
 * child.h - another program run as a child process and spoken to in
 * lines: its standard input and output are pipes, its standard error is
 * ours.  Every read has a deadline and a length bound, so a child that
 * hangs, floods or dies never hangs undead or grows its memory.
 */
#ifndef UD_CHILD_H
#define UD_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum { CHILD_LINE_MAX = 1 << 20 }; /* longest line accepted from a child */

typedef enum {
    CHILD_OK,
    CHILD_TIMEOUT,  /* no whole line within the deadline */
    CHILD_EOF,      /* the child closed its output (exited or crashed) */
    CHILD_TOO_LONG, /* a line longer than CHILD_LINE_MAX */
    CHILD_IO,       /* a read or write failed (errno in child.err) */
} child_status;

typedef struct child {
    pid_t pid;
    int to, from; /* our ends of its standard input and output */
    char *buf;    /* bytes read and not yet returned */
    size_t len, cap;
    size_t pending;  /* bytes of the line returned last, dropped at the next read */
    int err;         /* errno of the last CHILD_IO */
    int exit_status; /* after child_stop: as waitpid gives it, or -1 */
} child;

/* Start argv[0] (searched in PATH) with argv, leading a process group of
 * its own (its children join it), which a signal that ends undead
 * (SIGINT, SIGTERM, SIGHUP, SIGQUIT) or an exit() ends too.  False with
 * errno set when the pipes or the fork fail; a program that cannot be run
 * shows as EOF on the first read (the child writes why on its standard
 * error). */
bool child_start(child *c, char *const *argv);
/* Write len bytes (a whole line with its '\n').  CHILD_OK or CHILD_IO
 * (EPIPE: the child is gone). */
child_status child_send(child *c, const char *line, size_t len);
/* The next line, without its '\n', NUL-terminated, valid until the next
 * call; waits at most timeout_ms milliseconds in all. */
child_status child_read_line(child *c, int timeout_ms, const char **line, size_t *len);
/* Close its input, give it grace_ms to exit, then end its whole process
 * group (SIGTERM, SIGKILL 200 ms later to what is left: its children go
 * with it whether it exited or not); reap it and free the buffer.  Then
 * undead's other children that lead no child's group, the processes the
 * child moved out of its group (setsid) and left orphaned (undead is a
 * child subreaper on Linux from its first child_start), are ended and
 * reaped the same way, as they are at exit and on those signals.  Safe to
 * call twice. */
void child_stop(child *c, int grace_ms);
/* "exited with status 3", "killed by signal 11 (Segmentation fault)",
 * "still running": for reports. */
void child_describe_exit(const child *c, char *out, size_t size);
const char *child_status_text(child_status st);

#endif
