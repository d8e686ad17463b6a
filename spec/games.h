/*
 * games.h - the registry of built-in games, the one place tools/ learns
 * which games exist.  What a game adds beyond its rules (bounds, analyses,
 * FAQ parts) hangs off each game: ud_game.extras (extras.h).
 */
#ifndef UD_GAMES_H
#define UD_GAMES_H

#include "extras.h"
#include "game.h"

/* NULL-terminated list of every built-in game. */
extern const ud_game *const ud_games[];

/* The game with this command-line name, or NULL. */
const ud_game *ud_find_game(const char *name);

#endif
