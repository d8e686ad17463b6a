/*
 * draw.c - what the text and the SVG drawings of a Zombie Dice position
 * (undead show) share: the line that says whose turn it is (or how the
 * game ended), the final round's line, and a pile of dice by colour in
 * words.  Both pictures say the same things in the same words.
 */
#include "zd_draw.h"

const char *zd_draw_name(const ud_setup *setup, int seat)
{
    return seat >= 0 && seat < setup->n_players ? setup->names[seat] : "?";
}

int zd_draw_seats(const zd_state *st, const ud_setup *setup)
{
    int n = st->n_players ? st->n_players : setup->n_players;
    return n < setup->n_players ? n : setup->n_players;
}

void zd_draw_status(const zd_state *st, const ud_setup *setup, ud_buf *out)
{
    if (st->phase == ZD_PH_OVER) {
        ud_buf_printf(out, "game over after %d turns: ", st->turns);
        if (st->winner >= 0)
            ud_buf_printf(out, "%s won with %d brains", zd_draw_name(setup, st->winner),
                          st->score[st->winner]);
        else
            ud_buf_puts(out, "a shared win");
        return;
    }
    if (st->phase == ZD_PH_SETUP) {
        ud_buf_puts(out, "before the first turn");
        return;
    }
    ud_buf_printf(out, "turn %d: %s to play, %d roll%s so far", st->turns, zd_draw_name(setup, st->current),
                  st->rolls, st->rolls == 1 ? "" : "s");
    if (st->phase == ZD_PH_CHOICE)
        ud_buf_puts(out, "; roll again or stop");
}

bool zd_draw_final(const zd_state *st, ud_buf *out)
{
    if (st->phase == ZD_PH_OVER || !st->ending)
        return false;
    if (st->tiebreak)
        ud_buf_printf(out, "Tiebreak round %d between the tied leaders", st->tiebreak_rounds);
    else
        ud_buf_printf(out, "Final round: a player has reached %d brains", ZD_GOAL);
    if (st->turns_left == 0)
        ud_buf_puts(out, "; this is its last turn");
    else
        ud_buf_printf(out, "; %d more turn%s after this one", st->turns_left, st->turns_left == 1 ? "" : "s");
    return true;
}

bool zd_draw_in_play(const zd_state *st, int type) { return zd_set_count[st->dice_set % ZD_SETS][type] > 0; }

void zd_draw_pile(const zd_state *st, const uint8_t pile[ZD_TYPES], bool zeros, ud_buf *out)
{
    bool any = false;
    for (int t = 0; t < ZD_TYPES; t++) {
        if (!zd_draw_in_play(st, t) || (!zeros && !pile[t]))
            continue;
        ud_buf_printf(out, "%s%s %d", any ? ", " : "", zd_dice[t].name, pile[t]);
        any = true;
    }
    if (!any)
        ud_buf_puts(out, "none");
}

void zd_draw_hand(const zd_state *st, ud_buf *out)
{
    for (int k = 0; k < st->n_hand && k < ZD_HAND; k++)
        ud_buf_printf(out, "%s%s", k ? ", " : "", zd_dice[st->hand[k] % ZD_TYPES].name);
    if (st->n_hand == 0)
        ud_buf_puts(out, "none");
}

/* The expansions' state, when any is in force: "" otherwise. */
void zd_draw_extras(const zd_state *st, ud_buf *out)
{
    const char *sep = "";
    if (st->helmet) {
        ud_buf_printf(out, "helmet: %d shotguns end this turn", zd_bust_at(st));
        sep = "; ";
    }
    if (st->drink) {
        ud_buf_printf(out, "%senergy drink unspent", sep);
        sep = "; ";
    }
    if (st->green_feet) {
        ud_buf_printf(out, "%senergy drink: green feet count as brains", sep);
        sep = "; ";
    }
    if (st->bus != ZD_BUS_UNUSED) {
        static const char *const where[] = { "unused", "waiting", "riding", "away" };
        ud_buf_printf(out, "%sSchool Bus %s", sep, where[st->bus % 4]);
        sep = "; ";
    }
    if (zd_pile_size(st->extras)) {
        ud_buf_printf(out, "%shelmets and drinks set aside: ", sep);
        zd_draw_pile(st, st->extras, false, out);
    }
}
