/*
 * draw_text.c - a Zombies!!! The Card Game position as a text block for
 * undead show: the caption, whose turn it is and what is decided, the
 * current location, the map stack and the box, then each player on a line
 * (wrapped to 80 columns): their draw deck, bullets (003's bullet pile,
 * the discard pile too), hand and the cards in front of them, each card as
 * the records name it with its number in decisions.
 */
#include <stdio.h>
#include <string.h>

#include "zc_draw.h"

enum { COLUMNS = 80 };

static void player_line(const zc_state *st, const ud_setup *setup, int p, ud_buf *out)
{
    const zc_player *pl = &st->p[p];
    ud_buf line;
    ud_buf_init(&line);
    ud_buf_printf(&line, "%s%s: draw deck %d, bullets %d; hand ", setup->names[p],
                  pl->dead                                     ? " (dead)"
                  : zc_draw_to_move(st, p)                     ? " <- to move"
                  : st->phase == ZC_PH_OVER && st->winner == p ? " (won)"
                                                               : "",
                  pl->deck.n, pl->bullets.n);
    zc_draw_cards(pl->hand.c, pl->hand.n, &line);
    if (pl->n_play) {
        ud_buf_puts(&line, "; in front ");
        zc_draw_cards(pl->play, pl->n_play, &line);
    }
    ud_buf_puts(out, "  ");
    ud_buf_wrapped(out, ud_buf_str(&line), 2, COLUMNS, 6);
    ud_buf_free(&line);
}

void zc_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out)
{
    const zc_state *st = state;
    ud_buf line;
    ud_buf_init(&line);
    ud_buf_printf(out, "%s\n%s\n", caption, g->title);
    zc_draw_status(st, setup, &line);
    ud_buf_wrapped(out, ud_buf_str(&line), 0, COLUMNS, 4);
    ud_buf_clear(&line);
    zc_draw_location(st, &line);
    ud_buf_wrapped(out, ud_buf_str(&line), 0, COLUMNS, 4);
    ud_buf_clear(&line);
    zc_draw_piles(st, &line);
    ud_buf_wrapped(out, ud_buf_str(&line), 0, COLUMNS, 4);
    ud_buf_free(&line);
    ud_buf_puts(out, "Players:\n");
    for (int p = 0; p < st->n_players && p < setup->n_players; p++)
        player_line(st, setup, p, out);
    ud_buf_puts(out, "A card reads as the records name it, (N) its number in decisions ('play N').\n");
}
