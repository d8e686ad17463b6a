/*
 * game_engine.c - the engine target of one game, built once per game
 * folder with UD_FUZZ_GAME naming it (fuzz/targets.sh): the bytes choose the
 * player count, the variant values, every chance outcome and every
 * decision, with every invariant checked after every step
 * (core/fuzzing.c: ud_fuzz_game).
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ud_game *game;
    if (!game) {
        game = ud_find_game(UD_FUZZ_GAME);
        if (!game) {
            fprintf(stderr, "game_engine: no game '%s' is registered\n", UD_FUZZ_GAME);
            abort();
        }
    }
    return ud_fuzz_game(game, data, size);
}
