/*
 * zc_draw.h - the pictures of a Zombies!!! The Card Game position for
 * undead show (ud_game.draw_text, draw_svg): draw.c the words both share,
 * draw_text.c the block for a terminal, draw_svg.c the standalone SVG.
 */
#ifndef ZC_DRAW_H
#define ZC_DRAW_H

#include "zombies_cards.h"

/* "turn 7: ann's turn: play a card or fight; bob may play out of turn", or
 * how the game ended. */
void zc_draw_status(const zc_state *st, const ud_setup *setup, ud_buf *out);
/* The current location: the top map card, its place, zombies left. */
void zc_draw_location(const zc_state *st, ud_buf *out);
/* The map stack, the cards in the box, a Brain Cramp waiting. */
void zc_draw_piles(const zc_state *st, ud_buf *out);
/* A card as the records name it, with its number in decisions:
 * "crowbar-4 (60)". */
void zc_draw_card(int card, ud_buf *out);
/* A pile of cards, ", " between ("none" when empty). */
void zc_draw_cards(const uint8_t *cards, int n, ud_buf *out);
/* Whether seat is the one to decide now. */
bool zc_draw_to_move(const zc_state *st, int seat);

void zc_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out);
void zc_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                 ud_buf *out);

#endif
