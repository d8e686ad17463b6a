/*
 * simulate.h - many seeded games with statistics: the engine of `undead
 * sim` and `undead bench`.
 */
#ifndef UD_SIMULATE_H
#define UD_SIMULATE_H

#include <stdbool.h>
#include <stdint.h>

#include "play.h"

typedef struct sim_stats {
    uint64_t games;
    uint64_t wins[UD_MAX_PLAYERS];        /* won alone */
    uint64_t seat_shared[UD_MAX_PLAYERS]; /* won together with others */
    uint64_t seat_out[UD_MAX_PLAYERS];    /* out of the game (dead) */
    uint64_t shared;                      /* games won by several seats */
    uint64_t no_winner;                   /* games every seat lost (a solo loss) */
    double score_sum[UD_MAX_PLAYERS];
    uint64_t fired[UD_MAX_RULES];
    uint64_t decisions;
    double seconds;
    int failed; /* a game broke: failed_game says which */
    uint64_t failed_game;
    ud_failure fail;
} sim_stats;

/* Play games seed, seed+1, ... seed+games-1. Stops at the first failure. */
void simulate(const ud_match *m, uint64_t games, int invariants, sim_stats *st);
/* The same games shared out among jobs threads: the same figures as
 * simulate() whatever jobs is (seconds aside).  False when out of memory
 * (nothing is filled in). */
bool simulate_jobs(const ud_match *m, uint64_t games, int invariants, int jobs, sim_stats *st);

#endif
