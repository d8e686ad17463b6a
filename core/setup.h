/*
 * setup.h - building a ud_setup from words a person typed: player names,
 * variant settings.  Every error says what was expected.
 */
#ifndef UD_SETUP_H
#define UD_SETUP_H

#include <stdint.h>

#include "game.h"

/* Default variants, players "p1" and "p2". */
void ud_setup_defaults(const ud_game *g, ud_setup *setup);
/* "alice,bob,carol" */
bool ud_setup_players(ud_setup *setup, const char *list, ud_buf *err);
/* Add one player name (validated, unique). */
bool ud_setup_add_player(ud_setup *setup, const char *name, ud_buf *err);
/* Whether n players (named, seated or not) make a table of g under its
 * loaded content; false with "expected 2 to 6 players for GAME (RULE),
 * found N" in err.  Every command that takes players asks before
 * anything runs, so the game's own rule never meets a table it refuses. */
bool ud_setup_check_players(const ud_game *g, int n, ud_buf *err);
/* "key=value" */
bool ud_setup_variant(const ud_game *g, ud_setup *setup, const char *kv, ud_buf *err);
/* A whole number 0..UINT64_MAX written in decimal digits only. */
bool ud_parse_u64(const char *s, uint64_t *out);
/* The one reading of a number an option takes (every command's, through
 * tools/common/cli.c, and the games' analyses' through ud_analysis_number): a
 * whole number from lo to hi in decimal digits alone (no sign, no space
 * before or after); false when s is not one. */
bool ud_parse_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* What ud_parse_number expected, for its refusal: "expected a whole
 * number from LO to HI, got 'S'". */
void ud_number_expected(ud_buf *err, const char *s, uint64_t lo, uint64_t hi);
/* Add a starting-position line. */
bool ud_setup_start(ud_setup *setup, const char *line, ud_buf *err);

#endif
