/*
 * draw_text.c - a Zombie Dice position as a text block for undead show:
 * the caption, whose turn it is, the final round if it has begun, the cup
 * by colour, the dice in hand, the brains and shotguns set aside this turn
 * by colour, and each player's score with an arrow at the one to move.
 * Words, no symbols: it needs no legend.  At most about twenty lines of
 * 80 columns for two to eight players (one line a player).
 */
#include <string.h>

#include "zd_draw.h"

/* No space at the end of a line. */
static void trim(ud_buf *out)
{
    while (out->len && out->data[out->len - 1] == ' ')
        out->data[--out->len] = '\0';
}

static void hand_line(const zd_state *st, ud_buf *out)
{
    if (st->n_kept == st->n_hand) {
        ud_buf_puts(out, "Feet in hand:  ");
        zd_draw_hand(st, out);
    } else {
        ud_buf_puts(out, "In hand:       ");
        zd_draw_hand(st, out);
        ud_buf_printf(out, " (%d feet kept, the rest drawn to roll)", st->n_kept);
    }
    ud_buf_putc(out, '\n');
}

void zd_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out)
{
    const zd_state *st = state;
    ud_buf_printf(out, "%s\n%s: the first to %d brains\n", caption, g->title, ZD_GOAL);
    zd_draw_status(st, setup, out);
    ud_buf_putc(out, '\n');
    if (zd_draw_final(st, out))
        ud_buf_putc(out, '\n');
    ud_buf_printf(out, "Cup (%d dice): ", zd_cup_size(st));
    zd_draw_pile(st, st->cup, true, out);
    ud_buf_putc(out, '\n');
    hand_line(st, out);
    ud_buf_printf(out, "Brains:        %d this turn (dice: ", zd_turn_brains(st));
    zd_draw_pile(st, st->brains, false, out);
    ud_buf_putc(out, ')');
    if (st->noted)
        ud_buf_printf(out, ", %d noted from dice back in the cup", st->noted);
    if (st->bonus)
        ud_buf_printf(out, ", %+d not on a die", st->bonus);
    ud_buf_printf(out, "\nShotguns:      %d of %d this turn (dice: ", zd_turn_shotguns(st), zd_bust_at(st));
    zd_draw_pile(st, st->shotguns, false, out);
    ud_buf_puts(out, ")\n");
    ud_buf line;
    ud_buf_init(&line);
    zd_draw_extras(st, &line);
    if (line.len) {
        ud_buf_puts(out, "Also:          ");
        ud_buf_wrapped(out, ud_buf_str(&line), 15, 80, 15);
    }
    ud_buf_free(&line);
    ud_buf_printf(out, "Scores (target %d):\n", ZD_GOAL);
    int n = zd_draw_seats(st, setup), width = 4;
    uint8_t outcome[UD_MAX_PLAYERS];
    zd_outcomes(st, n, outcome);
    for (int p = 0; p < n; p++)
        width = (int)strlen(setup->names[p]) > width ? (int)strlen(setup->names[p]) : width;
    /* a large table (the game seats up to 16) in two columns, to stay
     * about twenty lines, when two fit in 80 */
    enum { SUFFIX = 16 };
    int columns = n > 10 && 2 * (2 + width + 4 + SUFFIX) <= 80 ? 2 : 1;
    for (int p = 0; p < n; p++) {
        bool moving = st->phase != ZD_PH_OVER && st->phase != ZD_PH_SETUP && p == st->current;
        const char *suffix = moving                                                    ? "  <- to move"
                             : st->phase == ZD_PH_OVER && outcome[p] == UD_SEAT_WON    ? "  won"
                             : st->phase == ZD_PH_OVER && outcome[p] == UD_SEAT_SHARED ? "  shared the win"
                                                                                       : "";
        bool last = columns == 1 || p % 2 == 1 || p + 1 == n;
        ud_buf_printf(out, "  %-*s %3d%-*s", width, setup->names[p], st->score[p], last ? 0 : SUFFIX, suffix);
        if (last) {
            trim(out);
            ud_buf_putc(out, '\n');
        }
    }
}
