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

/* Only undead's fixed limits (players, state size, rules, phases,
 * action patterns), each named when exceeded: cheap enough for every
 * start of the undead command.  Returns the number of problems. */
int ud_game_check_limits(const ud_game *g, ud_buf *out);
/* Every variant key changes some row: one exists under only some of its
 * readings, or declares that it consults it.  Problems, one line each. */
int ud_game_check_keys_used(const ud_game *g, ud_buf *out);
/* An audited run's findings (ud_step.reads_seen, per rule): every key a
 * row was seen to consult through ud_reading that its `reads` does not
 * declare, one line each; returns how many. */
int ud_reading_audit(const ud_game *g, const uint32_t *seen, ud_buf *out);

#endif
