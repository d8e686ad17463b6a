/*
 * owner.c - which process owns a run, and whether it still runs (owner.h).
 */
#include "owner.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The first line of a small file, without its newline; false if unread. */
static bool first_line(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fgets(out, (int)size, f) != NULL;
    fclose(f);
    if (ok)
        out[strcspn(out, "\n")] = '\0';
    return ok && *out;
}

/* Field 22 of /proc/PID/stat, the start time in clock ticks after boot.
 * The second field (the command's name, in parentheses) may hold spaces
 * and parentheses itself: the count starts after its last ')'. */
static bool start_ticks(int64_t pid, unsigned long long *out)
{
    char path[64], line[1024];
    snprintf(path, sizeof path, "/proc/%lld/stat", (long long)pid);
    if (!first_line(path, line, sizeof line))
        return false;
    const char *p = strrchr(line, ')');
    if (!p)
        return false;
    /* the space before field 3 (the state), ... before field 22 */
    for (int field = 3; field <= 22; field++) {
        p = strchr(p + 1, ' ');
        if (!p)
            return false;
    }
    return sscanf(p + 1, "%llu", out) == 1;
}

bool owner_identity(int64_t pid, char out[OWNER_ID_MAX])
{
    char boot[48];
    unsigned long long ticks;
    if (pid <= 0 || !first_line("/proc/sys/kernel/random/boot_id", boot, sizeof boot) ||
        !start_ticks(pid, &ticks))
        return false;
    snprintf(out, OWNER_ID_MAX, "%s/%llu", boot, ticks);
    return true;
}

static bool host_is_mine(const char *host)
{
    char mine[256] = "";
    gethostname(mine, sizeof mine - 1);
    return host && strcmp(host, mine) == 0;
}

bool owner_gone(const char *host, int64_t pid, const char *identity)
{
    if (!host_is_mine(host))
        return false; /* cannot tell from here */
    char now[OWNER_ID_MAX];
    bool known = owner_identity(pid, now);
    if (pid == (int64_t)getpid()) {
        /* This process writes its identity on every run it starts, when
         * it has one: a row of its pid without it (or with another) was
         * left by an earlier process that had the same pid.  Without an
         * identity of its own it cannot tell, and leaves the row alone. */
        return known && (!identity || strcmp(identity, now) != 0);
    }
    if (identity && known)
        return strcmp(identity, now) != 0; /* another process has the pid now */
    /* no identity to compare: the pid alone (EPERM: alive, not ours) */
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}
