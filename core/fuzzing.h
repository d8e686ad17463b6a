/*
 * fuzzing.h - what the fuzz targets call: a game driven entirely by the
 * input bytes (outcomes and decisions) with every invariant on, and the
 * transcript parser plus checker on arbitrary text.  Both abort() on a
 * broken invariant or an internal error so the fuzzer records a crash;
 * bad input is not a crash.
 */
#ifndef UD_FUZZING_H
#define UD_FUZZING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "transcript.h"

/* The first bytes choose the player count and variant values; the rest
 * are chance outcomes and decisions.  Every input is played with every
 * invariant checked; the sampled ones (ud_fuzz_is_deep) are also played
 * by the interpreted table and round-tripped through the transcript
 * parser and checker (docs/fuzzing.md). Returns 0. */
int ud_fuzz_game(const ud_game *g, const uint8_t *data, size_t size);

/* Inputs that get ud_fuzz_game's sampled checks (the interpreted table
 * and the transcript round trip): those whose hash is divisible by n
 * (1, the default: every input). */
void ud_fuzz_set_deep_every(unsigned n);
bool ud_fuzz_is_deep(const uint8_t *data, size_t size);

/* From now on, add each row's firings in every game ud_fuzz_game plays
 * to fired[i] (indexed like the game's rules, UD_MAX_RULES entries);
 * NULL stops counting.  Each input counts once: the sampled checks'
 * replays of its game are not counted.  For fuzz/reach.sh (through the
 * replay binaries' --rows). */
void ud_fuzz_count_rows(uint64_t *fired);

/* The most decisions ud_fuzz_game plays of one input (default 2000): a
 * target whose subject is not the game itself (the content loader) plays
 * a short game on what it loaded, and leaves long games to the engine
 * target. */
void ud_fuzz_set_max_decisions(unsigned n);

/* Parse and check data as a transcript. Returns 0. */
int ud_fuzz_check(const uint8_t *data, size_t size, ud_game_lookup find);

#endif
