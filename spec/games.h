/*
 * games.h - the registry of built-in games, the one place tools/ learns
 * which games exist.
 */
#ifndef UD_GAMES_H
#define UD_GAMES_H

#include "explore.h"
#include "game.h"

/* NULL-terminated list of every built-in game. */
extern const ud_game *const ud_games[];

/* The game with this command-line name, or NULL. */
const ud_game *ud_find_game(const char *name);

/* NULL-terminated list of the games' exploration bounds (core/explore.h). */
extern const ud_explore_bound *const ud_explore_bounds[];

#endif
