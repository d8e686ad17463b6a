/*
 * games.c - the registry of built-in games.
 */
#include "games.h"

#include <string.h>

#include "dotld/dotld.h"
#include "one_die/one_die.h"
#include "zombie_dice/zd.h"
#include "zombies_cards/zombies_cards.h"
#include "zombies_board/zombies_board.h"

const ud_game *const ud_games[] = {
    &zd_game,
    &dl_game,
    &od_game,
    &zc_game,
    &zb_game,
    NULL,
};

const ud_game *ud_find_game(const char *name)
{
    for (const ud_game *const *g = ud_games; *g; g++)
        if (strcmp((*g)->name, name) == 0)
            return *g;
    return NULL;
}
