/*
 * selfcheck.h - checks a game's tables are well formed before anything
 * runs them: unique, well-spelled rule IDs with a source; phases, variant
 * references and row kinds that make sense; a reading per variant value.
 */
#ifndef UD_SELFCHECK_H
#define UD_SELFCHECK_H

#include "buf.h"
#include "game.h"

/* Number of problems found; each is one line appended to out. */
int ud_game_selfcheck(const ud_game *g, ud_buf *out);

#endif
