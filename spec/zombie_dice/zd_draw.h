/*
 * zd_draw.h - the pictures of a Zombie Dice position for undead show
 * (ud_game.draw_text, draw_svg): draw.c the words both share,
 * draw_text.c the block for a terminal, draw_svg.c the standalone SVG.
 */
#ifndef ZD_DRAW_H
#define ZD_DRAW_H

#include <stdbool.h>

#include "zd.h"

const char *zd_draw_name(const ud_setup *setup, int seat);
/* The seats drawn: those of the state that the setup names. */
int zd_draw_seats(const zd_state *st, const ud_setup *setup);
/* "turn 7: ann's turn, 2 rolls so far" or how the game ended. */
void zd_draw_status(const zd_state *st, const ud_setup *setup, ud_buf *out);
/* The final (or tiebreak) round's line; false, nothing written, outside one. */
bool zd_draw_final(const zd_state *st, ud_buf *out);
/* Whether dice of this type are in this game's cup. */
bool zd_draw_in_play(const zd_state *st, int type);
/* "green 2, red 1" (zeros: every type in play, 0 included; "none" if empty). */
void zd_draw_pile(const zd_state *st, const uint8_t pile[ZD_TYPES], bool zeros, ud_buf *out);
/* The dice in hand by colour, in the order taken ("none"). */
void zd_draw_hand(const zd_state *st, ud_buf *out);
/* Helmet, energy drink, School Bus and the dice set aside for them. */
void zd_draw_extras(const zd_state *st, ud_buf *out);

void zd_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out);
void zd_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                 ud_buf *out);

#endif
