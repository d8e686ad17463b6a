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

#include "pieces.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static void play_part(void *arg)
{
    sim_part *p = arg;
    play_range(p->m, p->first, p->games, p->invariants, &p->st);
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

bool simulate_jobs(const ud_match *m, uint64_t games, int invariants, int jobs, sim_stats *st)
{
    if (jobs <= 1 || games < (uint64_t)jobs) {
        simulate(m, games, invariants, st);
        return true;
    }
    /* small pieces, so that a slow stretch of games or a slower core does
     * not leave the other threads idle at the end (pieces.h) */
    int n = jobs * UD_PIECES_PER_JOB;
    sim_part *part = calloc((size_t)n, sizeof *part);
    if (!part)
        return false;
    for (int j = 0; j < n; j++) {
        part[j] = (sim_part){ .m = m, .invariants = invariants };
        ud_piece_range(games, j, n, &part[j].first, &part[j].games);
    }
    memset(st, 0, sizeof *st);
    double start = now();
    ud_run_pieces(jobs, part, n, sizeof *part, play_part);
    double seconds = now() - start;
    /* pieces in order up to the first that failed (which stopped at its
     * failure): exactly what one thread playing them in turn counts */
    for (int j = 0; j < n; j++) {
        add_stats(st, &part[j].st);
        if (part[j].st.failed) {
            st->failed = 1;
            st->failed_game = part[j].st.failed_game;
            st->fail = part[j].st.fail;
            break;
        }
    }
    st->seconds = seconds;
    free(part);
    return true;
}
