/*
 * replay_lines.h - the drawings of a page as lines of a dictionary.  A
 * board game's record of a few thousand steps draws the same map lines
 * thousands of times (a page of 178 MB written whole, 2 MB of distinct
 * lines): each distinct line is kept once, in the order first met, and a
 * drawing is a list of runs of consecutive line numbers [first, count, ...],
 * which the page's script joins back.
 */
#ifndef UD_REPLAY_LINES_H
#define UD_REPLAY_LINES_H

#include <jansson.h>

typedef struct replay_lines replay_lines;

replay_lines *replay_lines_new(void);
void replay_lines_free(replay_lines *d);
/* The drawing text as runs of the dictionary's lines (new ones added);
 * NULL when out of memory. */
json_t *replay_lines_runs(replay_lines *d, const char *text);
/* The dictionary's lines, as a JSON array (NULL: out of memory). */
json_t *replay_lines_json(const replay_lines *d);

#endif
