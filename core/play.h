/*
 * play.h - automated games: one game to a transcript, or many for
 * statistics.  Chance comes from the seeded PRNG, decisions from each
 * seat's policy.  Game i of a simulation with seed S is the game
 * `undead play --seed S+i` shows, so any game is one command away.
 */
#ifndef UD_PLAY_H
#define UD_PLAY_H

#include <stdint.h>
#include <stdio.h>

#include "engine.h"
#include "policy.h"

typedef struct ud_match {
    const ud_game *game;
    ud_setup setup;
    ud_policy policy[UD_MAX_PLAYERS];
    uint64_t seed;
    uint64_t max_decisions; /* 0: UD_DEFAULT_MAX_DECISIONS (engine.h) */
} ud_match;

typedef struct ud_result {
    ud_status status; /* UD_OVER, or UD_ERROR with fail */
    ud_failure fail;
    int winner;
    int score[UD_MAX_PLAYERS];
    uint8_t outcome[UD_MAX_PLAYERS]; /* ud_seat_outcome per seat */
    uint64_t decisions;
    uint64_t steps;
    int undecided; /* the seat whose policy gave no decision (human: its input
                    * ended), the game stopped at its decision; else -1 */
} ud_result;

/* A match with the game's defaults and every seat on policy "random". */
void ud_match_defaults(ud_match *m, const ud_game *g);

/* Play one game.  state must hold game->state_size bytes; sink and fired
 * may be NULL. */
void ud_play(const ud_match *m, const ud_table *t, void *state, ud_sink *sink, uint64_t *fired,
             int check_invariants, ud_result *res);

/* A sink that writes transcript lines to a FILE. */
void ud_sink_to_file(ud_sink *k, FILE *out);

#endif
