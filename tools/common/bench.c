/*
 * bench.c - `undead bench`'s measurements (bench.h).
 *
 * The yardstick's runs alternate with the engine's (engine first in even
 * runs, the yardstick first in odd ones), each pair back to back: on a
 * machine whose speed drifts (shared cores, frequency), both sides of a
 * pair meet the same conditions, which is why each pair's ratio is
 * reported beside the ratio of the medians.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const ud_yardstick *bench_yardstick(const ud_match *m, ud_buf *why)
{
    const ud_game *g = m->game;
    const ud_yardstick *y = g->extras ? g->extras->yardstick : NULL;
    if (!y) {
        ud_buf_printf(why, "%s has no hand-written loop to measure against", g->name);
        return NULL;
    }
    const char *plays = "the yardstick plays only";
    for (int v = 0; v < g->n_variants; v++)
        if (m->setup.variant[v] != g->variants[v].default_value) {
            ud_buf_printf(why, "%s the default readings (here %s=%s): %s", plays, g->variants[v].key,
                          g->variants[v].values[m->setup.variant[v]].name, y->summary);
            return NULL;
        }
    int n = m->setup.n_players;
    if (m->setup.n_start > 0 || n < y->min_players || n > y->max_players) {
        ud_buf_printf(why, "%s %d to %d players and no start lines: %s", plays, y->min_players,
                      y->max_players, y->summary);
        return NULL;
    }
    for (int p = 0; p < n; p++)
        if (strcmp(m->policy[p].def->name, y->policy) != 0) {
            ud_buf_printf(why, "%s policy %s (here %s): %s", plays, y->policy, m->policy[p].def->name,
                          y->summary);
            return NULL;
        }
    return y;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0..n), which it sorts. */
static double median(double *v, uint64_t n)
{
    qsort(v, n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One run of the engine: its games a second, or 0 when a game failed. */
static double engine_rate(const ud_match *m, uint64_t games, int invariants, sim_stats *st)
{
    simulate(m, games, invariants, st);
    return st->failed || st->seconds <= 0 ? 0 : (double)st->games / st->seconds;
}

/* One run of the yardstick: its games a second. */
static double yard_rate(const ud_match *m, const ud_yardstick *y, uint64_t games)
{
    int param[UD_MAX_PLAYERS];
    for (int p = 0; p < m->setup.n_players; p++)
        param[p] = m->policy[p].param;
    ud_yard_tally t;
    double start = now();
    y->play(m->seed, games, m->setup.n_players, param, &t);
    double seconds = now() - start;
    return seconds > 0 ? (double)t.games / seconds : 0;
}

bool bench_run(const ud_match *m, uint64_t games, uint64_t repeat, sim_stats *st, bench_result *out)
{
    double fast[BENCH_MAX_REPEAT], checked[BENCH_MAX_REPEAT], yard[BENCH_MAX_REPEAT], ratio[BENCH_MAX_REPEAT];
    memset(out, 0, sizeof *out);
    ud_buf why;
    ud_buf_init(&why);
    out->yard = bench_yardstick(m, &why);
    ud_buf_free(&why);
    for (uint64_t r = 0; r < repeat; r++) {
        bool yard_first = out->yard && r % 2 == 1;
        if (yard_first)
            yard[r] = yard_rate(m, out->yard, games);
        if ((fast[r] = engine_rate(m, games, 0, st)) == 0)
            return false;
        if (out->yard && !yard_first)
            yard[r] = yard_rate(m, out->yard, games);
        ratio[r] = out->yard && yard[r] > 0 ? fast[r] / yard[r] : 0;
    }
    for (uint64_t r = 0; r < repeat; r++)
        if ((checked[r] = engine_rate(m, games, 1, st)) == 0)
            return false;
    out->fast = median(fast, repeat);
    out->checked = median(checked, repeat);
    if (out->yard) {
        out->yard_rate = median(yard, repeat);
        out->ratio_median = median(ratio, repeat); /* sorted: the least and most follow */
        out->ratio_low = ratio[0];
        out->ratio_high = ratio[repeat - 1];
    }
    return true;
}
