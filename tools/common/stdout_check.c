/*
 * stdout_check.c - no write to standard output fails unnoticed (see cli.h).
 *
 * stdio reports a failed write only as an error flag, and an automatic
 * flush in the middle of a long output loses errno.  So, when standard
 * output is not a terminal, stdout becomes a stream whose writes go through
 * write_out below, which keeps the first failure's errno; at exit the flag
 * and that reason give the message.  A terminal keeps the usual stream (its
 * line buffering matters to the human policy's prompts).
 */
#define _GNU_SOURCE /* fopencookie */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int first_errno;
static bool wrote; /* a write was asked for: a closed descriptor then fails it */

static ssize_t write_out(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    wrote = wrote || n > 0;
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(STDOUT_FILENO, buf + done, n - done);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            if (!first_errno)
                first_errno = k < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)k;
    }
    return (ssize_t)done;
}

static int close_out(void *cookie)
{
    (void)cookie;
    /* standard output closed (>&-) by a command that wrote nothing to it
     * (an error said on stderr): nothing was lost, no second error */
    if (close(STDOUT_FILENO) != 0 && errno != EINTR && (errno != EBADF || wrote)) {
        if (!first_errno)
            first_errno = errno;
        return -1;
    }
    return 0;
}

void cli_watch_stdout(void)
{
#if defined(__linux__)
    if (isatty(STDOUT_FILENO))
        return;
    cookie_io_functions_t io = { .write = write_out, .close = close_out };
    FILE *f = fopencookie(NULL, "w", io);
    if (!f)
        return; /* the usual stream: failures still caught, with less said */
    setvbuf(f, NULL, _IOFBF, 1 << 16);
    stdout = f;
#endif
}

int cli_close_stdout(int rc)
{
    bool bad = ferror(stdout) != 0;
    errno = 0;
    if (fflush(stdout) != 0 && !first_errno) {
        bad = true;
        first_errno = errno;
    }
    bad = bad || ferror(stdout);
    if (fclose(stdout) != 0) {
        bad = true;
        if (!first_errno)
            first_errno = errno;
    }
    if (!bad)
        return rc;
    fprintf(stderr, "undead: writing standard output: %s\n",
            first_errno ? strerror(first_errno) : "a write failed");
    return UD_EXIT_USAGE;
}

void cli_child_signals(void) { signal(SIGXFSZ, SIG_DFL); }
