/*
 * games.c - finding a registered game.  The registry itself, ud_games[],
 * is generated from spec/<folder>/game.cmake (spec/games.cmake: games_table.c).
 */
#include "games.h"

#include <string.h>

const ud_game *ud_find_game(const char *name)
{
    for (const ud_game *const *g = ud_games; *g; g++)
        if (strcmp((*g)->name, name) == 0)
            return *g;
    return NULL;
}
