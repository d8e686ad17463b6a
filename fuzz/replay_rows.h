/*
 * replay_rows.h - the replay binaries' --rows mode: count which rows of
 * the target's game the replayed inputs fire (fuzz/reach.sh reads it).
 */
#ifndef UD_REPLAY_ROWS_H
#define UD_REPLAY_ROWS_H

#include <stdio.h>

/* Start counting the firings of every game the target plays from now
 * on.  Returns 0, or -1 when the target plays no single game (the
 * transcript and content-parser targets). */
int replay_rows_start(void);

/* Write one line per row of the game, "ID count" in the game's order,
 * then "rows fired K of N".  Returns 0, or -1 if a write failed. */
int replay_rows_print(FILE *out);

#endif
