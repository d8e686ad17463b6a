/*
 * game_engine.c - the engine target of one game, built once per game
 * folder with UD_FUZZ_GAME naming it (fuzz/targets.sh): the first byte
 * picks the start (the game's own, where the next bytes choose the player
 * count and the variant values, or one of the positions of
 * spec/FOLDER/fuzz-starts.txt), the rest every chance outcome and every
 * decision, up to UD_FUZZ_ENGINE_DECISIONS of them, with every invariant
 * checked wherever the game stops (core/fuzzing.c: ud_fuzz_game).  One
 * input in UD_FUZZ_DEEP_EVERY (the environment variable, default 128)
 * also gets the sampled checks: the interpreted table and the transcript
 * round trip (docs/fuzzing.md).
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

/* Measured (docs/fuzzing.md, third round): a sampled input costs about
 * 50 plain ones now that an input plays at most UD_FUZZ_ENGINE_DECISIONS
 * decisions, so one in 128 keeps the sampled checks near a third of the
 * time, as one in 64 did when the plain inputs were longer. */
enum { DEEP_EVERY_DEFAULT = 128 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ud_game *game;
    if (!game) {
        game = ud_find_game(UD_FUZZ_GAME);
        if (!game) {
            fprintf(stderr, "game_engine: no game '%s' is registered\n", UD_FUZZ_GAME);
            abort();
        }
        const char *where;
        const char *starts = ud_builtin_fuzz_starts(game, &where);
        ud_buf err;
        ud_buf_init(&err);
        if (!ud_fuzz_engine_init(game, starts, where, &err)) {
            fprintf(stderr, "game_engine: %s\n", ud_buf_str(&err));
            abort();
        }
        ud_buf_free(&err);
        /* UD_FUZZ_MAX_DECISIONS: another cap, to measure one (the
         * committed corpora are minimised under the default). */
        const char *most = getenv("UD_FUZZ_MAX_DECISIONS");
        if (most && strtol(most, NULL, 10) > 0)
            ud_fuzz_set_max_decisions((unsigned)strtol(most, NULL, 10));
        const char *e = getenv("UD_FUZZ_DEEP_EVERY");
        long every = e ? strtol(e, NULL, 10) : DEEP_EVERY_DEFAULT;
        ud_fuzz_set_deep_every(every > 0 ? (unsigned)every : DEEP_EVERY_DEFAULT);
    }
    return ud_fuzz_game(game, data, size);
}
