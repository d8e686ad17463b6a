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

#include "buf.h"
#include "game.h"
#include "transcript.h"

/* The first bytes choose the player count and variant values; the rest
 * are chance outcomes and decisions.  Every input is played with every
 * invariant checked; the sampled ones (ud_fuzz_is_deep) are also played
 * by the interpreted table and round-tripped through the transcript
 * parser and checker (docs/fuzzing.md); the same bytes sampled again
 * after they passed skip them. Returns 0. */
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

/* The engine targets' game (fuzz/game_engine.c, and verify replaying
 * their corpora): ud_fuzz_game(g, ...) then stops each input after
 * UD_FUZZ_ENGINE_DECISIONS decisions (ud_fuzz_set_max_decisions changes
 * it again), and the input's first byte picks where the game starts: 0
 * the game's own start (the next bytes choose the players and variants
 * as before), k the k-th position of starts.  starts is a pool of
 * positions (spec/FOLDER/fuzz-starts.txt, docs/fuzzing.md), one per
 * paragraph of lines "players N" (seats p1..pN; default 2), "variant
 * KEY=VALUE" and "start LINE" (a line the game's --start takes), '#'
 * lines comments; NULL or empty: the game's own start only.  Each
 * position is set up once, here.  False with err ("where:LINE: ...")
 * when a line or a position is refused, and then no pool is kept. */
enum { UD_FUZZ_ENGINE_DECISIONS = 32, UD_FUZZ_MAX_STARTS = 64 };
bool ud_fuzz_engine_init(const ud_game *g, const char *starts, const char *where, ud_buf *err);
/* The positions in g's pool (0 unless ud_fuzz_engine_init set one up). */
int ud_fuzz_engine_starts(const ud_game *g);

/* Parse and check data as a transcript. Returns 0. */
int ud_fuzz_check(const uint8_t *data, size_t size, ud_game_lookup find);

#endif
