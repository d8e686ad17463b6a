/*
 * verify_timing.c - `undead verify --timing` (verify.h): each step's wall
 * and CPU seconds, kept as the steps end and printed as one block on
 * standard error at the end, so that verify's own output (standard
 * output, the database) is the same with it or without it.
 *
 * CPU is the whole process's (every thread's) over the step, read with
 * CLOCK_PROCESS_CPUTIME_ID: a step that plays its games on two threads
 * shows about twice its wall in CPU.  The steps run one after another,
 * so no step's CPU counts another's.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "verify.h"

enum { TIMING_MAX = 512, TIMING_NAME = 48 };

typedef struct timing_step {
    char game[TIMING_NAME], step[TIMING_NAME];
    double wall, cpu;
} timing_step;

static struct {
    bool on;
    int n;
    timing_step step[TIMING_MAX];
    verify_mark start;
    pthread_mutex_t lock;
} timing = { .lock = PTHREAD_MUTEX_INITIALIZER };

static double seconds(clockid_t clock)
{
    struct timespec ts;
    if (clock_gettime(clock, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

verify_mark verify_mark_now(void)
{
    return (verify_mark){ seconds(CLOCK_MONOTONIC), seconds(CLOCK_PROCESS_CPUTIME_ID) };
}

void verify_timing_start(bool on)
{
    timing.on = on;
    timing.n = 0;
    timing.start = verify_mark_now();
}

void verify_time_step(const char *game, const char *step, verify_mark since)
{
    if (!timing.on)
        return;
    verify_mark now = verify_mark_now();
    pthread_mutex_lock(&timing.lock);
    if (timing.n < TIMING_MAX) {
        timing_step *t = &timing.step[timing.n++];
        snprintf(t->game, sizeof t->game, "%s", game);
        snprintf(t->step, sizeof t->step, "%s", step);
        t->wall = now.wall - since.wall;
        t->cpu = now.cpu - since.cpu;
    }
    pthread_mutex_unlock(&timing.lock);
}

/* The block: a line per step in the order they ended, then each game's
 * sum and the whole run's wall and CPU. */
void verify_timing_print(FILE *out)
{
    if (!timing.on)
        return;
    verify_mark now = verify_mark_now();
    fprintf(out, "\nverify --timing: seconds per step (CPU: every thread's)\n");
    fprintf(out, "%-14s %-34s %9s %9s\n", "game", "step", "wall", "CPU");
    for (int i = 0; i < timing.n; i++) {
        const timing_step *t = &timing.step[i];
        fprintf(out, "%-14s %-34s %9.2f %9.2f\n", t->game, t->step, t->wall, t->cpu);
    }
    for (int i = 0; i < timing.n; i++) {
        bool first = true;
        for (int k = 0; k < i && first; k++)
            first = strcmp(timing.step[k].game, timing.step[i].game) != 0;
        if (!first)
            continue;
        double wall = 0, cpu = 0;
        for (int k = i; k < timing.n; k++)
            if (strcmp(timing.step[k].game, timing.step[i].game) == 0) {
                wall += timing.step[k].wall;
                cpu += timing.step[k].cpu;
            }
        fprintf(out, "%-14s %-34s %9.2f %9.2f\n", timing.step[i].game, "(its steps, summed)", wall, cpu);
    }
    fprintf(out, "%-14s %-34s %9.2f %9.2f\n", "verify", "(the whole run)", now.wall - timing.start.wall,
            now.cpu - timing.start.cpu);
    fflush(out);
}
