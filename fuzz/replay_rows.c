/*
 * replay_rows.c - the replay binaries' --rows mode (replay_rows.h).
 * Built into every NAME_replay; the game is the one the target was built
 * for (UD_FUZZ_GAME, fuzz/targets.sh), so a target without one (the
 * transcript and content-parser targets) has no rows to count.
 */
#include "replay_rows.h"

#include <stdint.h>

#include "fuzzing.h"
#include "games.h"

static const ud_game *game;
static uint64_t fired[UD_MAX_RULES];

int replay_rows_start(void)
{
#ifdef UD_FUZZ_GAME
    game = ud_find_game(UD_FUZZ_GAME);
#endif
    if (!game)
        return -1;
    ud_fuzz_count_rows(fired);
    return 0;
}

int replay_rows_print(FILE *out)
{
    int k = 0;
    for (int i = 0; i < game->n_rules; i++) {
        fprintf(out, "%s %llu\n", game->rules[i].id, (unsigned long long)fired[i]);
        k += fired[i] != 0;
    }
    fprintf(out, "rows fired %d of %d\n", k, game->n_rules);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
