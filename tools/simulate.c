/*
 * simulate.c - the simulation loop.  Deliberately thin: all the work is
 * the rule-table engine's, so what is measured here is the engine.
 *
 * Game i always uses seed S+i, so the games can be shared out among
 * threads: each plays a contiguous range into its own counts, and the
 * counts are summed.  Every figure is a sum of integers (scores too: a
 * double holds their sum exactly), so the result is the same whatever
 * the number of threads.
 */
#include "simulate.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Games first .. first+games-1 (as offsets from m->seed) into st, which
 * the caller has zeroed.  Stops at the first failure. */
static void play_range(const ud_match *m, uint64_t first, uint64_t games, int invariants, sim_stats *st)
{
    ud_table t;
    ud_table_build(&t, m->game, m->setup.variant);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_match game = *m;
    for (uint64_t i = first; i < first + games; i++) {
        game.seed = m->seed + i;
        ud_result res;
        ud_play(&game, &t, state, NULL, st->fired, invariants, &res);
        if (res.status != UD_OVER) {
            st->failed = 1;
            st->failed_game = game.seed;
            st->fail = res.fail;
            break;
        }
        st->games++;
        st->decisions += res.decisions;
        /* each seat's outcome, as the game reports it */
        bool shared = false, won = false;
        for (int p = 0; p < m->setup.n_players; p++) {
            uint8_t o = res.outcome[p];
            st->wins[p] += o == UD_SEAT_WON;
            st->seat_shared[p] += o == UD_SEAT_SHARED;
            st->seat_out[p] += o == UD_SEAT_OUT;
            shared |= o == UD_SEAT_SHARED;
            won |= o == UD_SEAT_WON || o == UD_SEAT_SHARED;
        }
        st->shared += shared;
        st->no_winner += !won;
        for (int p = 0; p < m->setup.n_players; p++)
            st->score_sum[p] += res.score[p];
    }
}

void simulate(const ud_match *m, uint64_t games, int invariants, sim_stats *st)
{
    memset(st, 0, sizeof *st);
    double start = now();
    play_range(m, 0, games, invariants, st);
    st->seconds = now() - start;
}

typedef struct sim_part {
    const ud_match *m;
    uint64_t first, games;
    int invariants;
    sim_stats st;
} sim_part;

static void *play_part(void *arg)
{
    sim_part *p = arg;
    play_range(p->m, p->first, p->games, p->invariants, &p->st);
    return NULL;
}

static void add_stats(sim_stats *to, const sim_stats *from)
{
    to->games += from->games;
    for (int p = 0; p < UD_MAX_PLAYERS; p++) {
        to->wins[p] += from->wins[p];
        to->seat_shared[p] += from->seat_shared[p];
        to->seat_out[p] += from->seat_out[p];
        to->score_sum[p] += from->score_sum[p];
    }
    to->shared += from->shared;
    to->no_winner += from->no_winner;
    for (int i = 0; i < UD_MAX_RULES; i++)
        to->fired[i] += from->fired[i];
    to->decisions += from->decisions;
}

int sim_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > SIM_MAX_JOBS ? SIM_MAX_JOBS : (int)n;
}

bool simulate_jobs(const ud_match *m, uint64_t games, int invariants, int jobs, sim_stats *st)
{
    if (jobs > SIM_MAX_JOBS)
        jobs = SIM_MAX_JOBS;
    if (jobs <= 1 || games < (uint64_t)jobs) {
        simulate(m, games, invariants, st);
        return true;
    }
    sim_part *part = calloc((size_t)jobs, sizeof *part);
    pthread_t tid[SIM_MAX_JOBS];
    if (!part)
        return false;
    if (m->game->content_ready)
        m->game->content_ready();   /* before the threads: first use is not thread-safe */
    memset(st, 0, sizeof *st);
    double start = now();
    int started = 0;
    for (int j = 0; j < jobs; j++) {
        part[j] = (sim_part){ .m = m, .invariants = invariants };
        part[j].first = games * (uint64_t)j / (uint64_t)jobs;
        part[j].games = games * (uint64_t)(j + 1) / (uint64_t)jobs - part[j].first;
        if (j > 0 && pthread_create(&tid[j], NULL, play_part, &part[j]) != 0)
            break;
        started = j + 1;
    }
    if (started < jobs) {   /* a thread could not start: stop the others, then say so */
        for (int j = 1; j < started; j++)
            pthread_join(tid[j], NULL);
        free(part);
        return false;
    }
    play_part(&part[0]);
    for (int j = 1; j < jobs; j++)
        pthread_join(tid[j], NULL);
    double seconds = now() - start;
    int failed = -1;
    for (int j = 0; j < jobs && failed < 0; j++)
        if (part[j].st.failed)
            failed = j;
    if (failed >= 0) {
        /* the figures a single thread gives: the games before the first
         * failure, replayed (failures are bugs, and rare) */
        uint64_t before = part[failed].st.failed_game - m->seed;
        simulate(m, before + 1, invariants, st);
    } else {
        for (int j = 0; j < jobs; j++)
            add_stats(st, &part[j].st);
    }
    st->seconds = seconds;
    free(part);
    return true;
}
