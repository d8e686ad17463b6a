/*
 * games.h - the registry of built-in games, the one place tools/ learns
 * which games exist.  What a game adds beyond its rules (bounds, analyses,
 * FAQ parts) hangs off each game: ud_game.extras (extras.h).
 */
#ifndef UD_GAMES_H
#define UD_GAMES_H

#include "content.h"
#include "extras.h"
#include "game.h"

/* NULL-terminated list of every built-in game. */
extern const ud_game *const ud_games[];

/* The game with this command-line name, or NULL. */
const ud_game *ud_find_game(const char *name);

/* A game's built-in content files (spec/<folder>/content/, compiled
 * in by embed_content.cmake), named "spec/<folder>/content/<file>", and
 * that directory in *dir; NULL (with *n 0) for a game without any. */
const ud_content_memfile *ud_builtin_content(const ud_game *g, const char **dir, int *n);

#endif
