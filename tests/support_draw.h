/*
 * support_draw.h - helpers for the suites of the games' drawings (undead
 * show, ud_game.draw_text and draw_svg): the position a record reaches,
 * checked by ud_check itself (so a drawing is compared with the rules'
 * state, not with figures written down), both drawings of it, and an SVG
 * parsed by a real XML parser (python3's xml.etree).
 */
#ifndef UD_TEST_SUPPORT_DRAW_H
#define UD_TEST_SUPPORT_DRAW_H

#include "game.h"

/* The state the checker reaches after line `at` of file (0: the end),
 * into state (UD_MAX_STATE bytes), its players into setup; the game. */
const ud_game *checked_position(const char *file, int at, void *state, ud_setup *setup);

/* Both drawings of state, under caption "test"; free() them. */
void draw_both(const ud_game *g, const void *state, const ud_setup *setup, char **text, char **svg);

/* svg parses as XML (python3 xml.etree) and its root is an <svg>; fails
 * the test with the parser's message otherwise. */
void assert_svg_parses(const char *svg);

/* The position after line `at` of file drawn with the first player named
 * <b>&": the SVG parses and holds the name escaped, never raw; the text
 * drawing holds it as it is. */
void assert_hostile_name_escaped(const char *file, int at);

/* The text drawing keeps to a terminal: every line within 80 columns, no
 * space at a line's end, at most max_lines lines. */
void assert_text_compact(const char *text, int max_lines);

/* text holds want (the test fails showing text otherwise). */
void assert_has(const char *text, const char *want);

/* The count of needle in text. */
int count_of(const char *text, const char *needle);

#endif
