/*
 * simulate.c - the simulation loop.  Deliberately thin: all the work is
 * the rule-table engine's, so what is measured here is the engine.
 */
#include "simulate.h"

#include <stdbool.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void simulate(const ud_match *m, uint64_t games, int invariants, sim_stats *st)
{
    memset(st, 0, sizeof *st);
    ud_table t;
    ud_table_build(&t, m->game, m->setup.variant);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_match game = *m;
    double start = now();
    for (uint64_t i = 0; i < games; i++) {
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
    st->seconds = now() - start;
}
