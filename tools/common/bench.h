/*
 * bench.h - `undead bench`'s measurements: the engine's games a second
 * with invariants off and on, as medians of repeated runs, and beside
 * them the game's yardstick (core/extras.h, ud_yardstick: a hand-written
 * loop of the same game and policy), run in turns with the engine's
 * runs so that both meet the same load.
 */
#ifndef UD_BENCH_H
#define UD_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "extras.h"
#include "simulate.h"

enum { BENCH_MAX_REPEAT = 64 };

typedef struct bench_result {
    double fast;    /* median games/s, invariants off */
    double checked; /* median games/s, invariants on */
    /* The yardstick, when the game has one that plays this match (else
     * NULL, and bench_yardstick's reason says why). */
    const ud_yardstick *yard;
    double yard_rate;             /* its median games/s */
    double ratio_low, ratio_high; /* engine/yardstick of each run's pair: the least, the most */
    double ratio_median;          /* ... and their median */
} bench_result;

/* The game's yardstick if it plays match m (the game's default readings,
 * no start lines, a number of players it takes, every seat on its
 * policy), else NULL with the reason, a sentence, in why. */
const ud_yardstick *bench_yardstick(const ud_match *m, ud_buf *why);

/* repeat runs (1..BENCH_MAX_REPEAT) of games games, one core: the
 * engine's with invariants off, each beside a run of the yardstick (if
 * any; the two in turns, which goes first alternating), then the
 * engine's with invariants on.  False when a game failed: st holds the
 * failure (simulate.h), out is not complete. */
bool bench_run(const ud_match *m, uint64_t games, uint64_t repeat, sim_stats *st, bench_result *out);

#endif
