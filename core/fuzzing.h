/*
 * fuzzing.h - what the fuzz targets call: a game driven entirely by the
 * input bytes (outcomes and decisions) with every invariant on, and the
 * transcript parser plus checker on arbitrary text.  Both abort() on a
 * broken invariant or an internal error so the fuzzer records a crash;
 * bad input is not a crash.
 */
#ifndef UD_FUZZING_H
#define UD_FUZZING_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "transcript.h"

/* The first bytes choose the variant values and player count; the rest
 * are chance outcomes and decisions. Returns 0. */
int ud_fuzz_game(const ud_game *g, const uint8_t *data, size_t size);

/* Parse and check data as a transcript. Returns 0. */
int ud_fuzz_check(const uint8_t *data, size_t size, ud_game_lookup find);

#endif
