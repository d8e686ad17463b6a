/*
 * mutate_kill.c - one check against one mutant (see mutate.h): a child
 * process with UNDEAD_MUTANT set, bounded in time and in what it writes.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "mutate.h"

static const char *const killer_names[MUT_N_KILLERS] = { "golden", "tests", "sim", "fuzz" };

const char *mut_killer_name(mut_killer k) { return k < MUT_N_KILLERS ? killer_names[k] : "?"; }

/* A check's output is read for its reason only; a mutant that makes a
 * check write without end is stopped here (SIGXFSZ), not by the disk. */
enum { OUTPUT_LIMIT = 16 << 20, READ_LIMIT = 1 << 20 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void child(const mut_command *c, const char *mutant, int out)
{
    setpgid(0, 0);
    struct rlimit lim = { OUTPUT_LIMIT, OUTPUT_LIMIT };
    setrlimit(RLIMIT_FSIZE, &lim);
    if (dup2(out, STDOUT_FILENO) < 0 || dup2(out, STDERR_FILENO) < 0)
        _exit(126);
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0)
        dup2(null, STDIN_FILENO);
    if (mutant)
        setenv("UNDEAD_MUTANT", mutant, 1);
    else
        unsetenv("UNDEAD_MUTANT");
    /* The tests must not write the checkout's database. */
    cli_child_signals();
    execvp(c->argv[0], (char *const *)c->argv);
    fprintf(stderr, "undead mutate: cannot run %s: %s\n", c->argv[0], strerror(errno));
    _exit(127);
}

/* Whether line starts "FILE:LINE:" (a golden case, a Criterion assertion,
 * a transcript's line): the most precise reason a check gives. */
static bool located(const char *line)
{
    const char *colon = strchr(line, ':');
    if (!colon || colon == line || memchr(line, ' ', (size_t)(colon - line)))
        return false;
    const char *d = colon + 1;
    while (*d >= '0' && *d <= '9')
        d++;
    return d > colon + 1 && *d == ':';
}

/* The line of out that says why the check failed: the first that is
 * located (FILE:LINE:), else the first that names a failure, else the
 * last non-empty one. */
static void reason_from_output(int fd, char reason[MUT_REASON])
{
    static const char *const marks[] = { "invariant", "FAIL",  "failed", "differ",    "Assertion", "crash",
                                         "ERROR",     "error", "abort",  "Sanitizer", "deadly" };
    char *text = malloc(READ_LIMIT + 1);
    ssize_t n = text ? pread(fd, text, READ_LIMIT, 0) : -1;
    if (n <= 0) {
        free(text);
        return;
    }
    text[n] = '\0';
    const char *best = NULL, *marked = NULL, *last = NULL;
    size_t best_len = 0, marked_len = 0, last_len = 0;
    for (char *line = text; *line && !best;) {
        char *end = strchr(line, '\n');
        if (end)
            *end = '\0'; /* the line alone, for strstr */
        size_t len = strlen(line);
        if (located(line)) {
            best = line;
            best_len = len;
        }
        for (size_t m = 0; m < sizeof marks / sizeof marks[0] && !marked; m++)
            if (strstr(line, marks[m])) {
                marked = line;
                marked_len = len;
            }
        if (len > 0) {
            last = line;
            last_len = len;
        }
        line = end ? end + 1 : line + len;
    }
    if (!best) {
        best = marked ? marked : last;
        best_len = marked ? marked_len : last_len;
    }
    if (best) {
        while (best_len > 0 && (*best == ' ' || *best == '\t')) {
            best++;
            best_len--;
        }
        snprintf(reason, MUT_REASON, "%.*s", (int)(best_len < MUT_REASON - 1 ? best_len : MUT_REASON - 1),
                 best);
    }
    free(text);
}

bool mut_run(const mut_command *c, const char *mutant, char reason[MUT_REASON], double *seconds)
{
    reason[0] = '\0';
    char path[] = "/tmp/undead-mutate-XXXXXX";
    int out = mkstemp(path);
    if (out < 0) {
        snprintf(reason, MUT_REASON, "cannot make a temporary file: %s", strerror(errno));
        return false;
    }
    unlink(path);
    double start = now();
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(reason, MUT_REASON, "cannot start %s: %s", c->argv[0], strerror(errno));
        close(out);
        return false;
    }
    if (pid == 0)
        child(c, mutant, out);
    setpgid(pid, pid); /* as the child does: whichever runs first */
    int status = 0;
    bool hung = false;
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid || (got < 0 && errno != EINTR))
            break;
        if (now() - start > c->timeout) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            hung = true;
            break;
        }
        struct timespec nap = { 0, 2 * 1000 * 1000 };
        nanosleep(&nap, NULL);
    }
    kill(-pid, SIGKILL); /* whatever the check left running */
    *seconds = now() - start;
    bool passed = !hung && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (hung)
        snprintf(reason, MUT_REASON, "hang: still running after %.0f s", c->timeout);
    else if (!passed) {
        reason_from_output(out, reason);
        if (WIFSIGNALED(status)) {
            char why[MUT_REASON];
            snprintf(why, sizeof why, "signal %d (%s)%s%.180s", WTERMSIG(status), strsignal(WTERMSIG(status)),
                     reason[0] ? ": " : "", reason);
            memcpy(reason, why, MUT_REASON);
        } else if (!reason[0])
            snprintf(reason, MUT_REASON, "exit status %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    close(out);
    return passed;
}
