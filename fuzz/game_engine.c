/*
 * game_engine.c - the engine target of one game, built once per game
 * folder with UD_FUZZ_GAME naming it (fuzz/targets.sh): the bytes choose the
 * player count, the variant values, every chance outcome and every
 * decision, with every invariant checked after every step
 * (core/fuzzing.c: ud_fuzz_game).  One input in UD_FUZZ_DEEP_EVERY (the
 * environment variable, default 64) also gets the sampled checks: the
 * interpreted table and the transcript round trip (docs/fuzzing.md).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzzing.h"
#include "games.h"

#ifndef UD_FUZZ_GAME
#error "build with -DUD_FUZZ_GAME=\"game-name\" (fuzz/targets.sh)"
#endif

/* Measured (docs/fuzzing.md): the sampled checks cost about as much as
 * N plain inputs for N near 64. */
enum { DEEP_EVERY_DEFAULT = 64 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ud_game *game;
    if (!game) {
        game = ud_find_game(UD_FUZZ_GAME);
        if (!game) {
            fprintf(stderr, "game_engine: no game '%s' is registered\n", UD_FUZZ_GAME);
            abort();
        }
        const char *e = getenv("UD_FUZZ_DEEP_EVERY");
        long every = e ? strtol(e, NULL, 10) : DEEP_EVERY_DEFAULT;
        ud_fuzz_set_deep_every(every > 0 ? (unsigned)every : DEEP_EVERY_DEFAULT);
    }
    return ud_fuzz_game(game, data, size);
}
