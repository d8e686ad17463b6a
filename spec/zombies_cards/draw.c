/*
 * draw.c - what the text and the SVG drawings of a Zombies!!! The Card
 * Game position (undead show) share: whose turn it is and what is being
 * decided (or how the game ended), the current location, the piles every
 * player shares (003's map stack, the box), and a card as the records
 * name it.  Both pictures say the same things in the same words.
 */
#include "zc_draw.h"

#define CARD(i) (&zc_content.card[(i)])

static const char *name_of(const ud_setup *setup, int seat)
{
    return seat >= 0 && seat < setup->n_players ? setup->names[seat] : "?";
}

bool zc_draw_to_move(const zc_state *st, int seat)
{
    if (st->phase == ZC_PH_OVER || st->phase < ZC_PH_TURN_START)
        return false;
    return seat == (st->phase == ZC_PH_REACT ? st->reactor : st->current);
}

static const char *phase_words(int phase)
{
    switch (phase) {
    case ZC_PH_REACT:
    case ZC_PH_REACT_NEXT:
        return "a card may be played out of turn";
    case ZC_PH_PLAY:
        return "play a card, or fight";
    case ZC_PH_EFFECT:
        return "a card's effect";
    case ZC_PH_COMBAT:
    case ZC_PH_ROLL:
    case ZC_PH_RESOLVE:
        return "fighting zombies";
    case ZC_PH_WEAPON:
        return "choose a weapon for the roll";
    case ZC_PH_BONUS:
        return "a zombie killed: draw a card, or not";
    case ZC_PH_MAP:
        return "play a map card";
    default:
        return "between turns";
    }
}

void zc_draw_status(const zc_state *st, const ud_setup *setup, ud_buf *out)
{
    if (st->phase == ZC_PH_OVER) {
        ud_buf_printf(out, "game over after turn %d: ", st->turn);
        if (st->winner >= 0)
            ud_buf_printf(out, "%s won%s", name_of(setup, st->winner),
                          st->win_how == ZC_WIN_DRAW  ? ", the draw deck exhausted"
                          : st->win_how == ZC_WIN_MAP ? ", the last card played to the map"
                                                      : ", the last one alive");
        else
            ud_buf_puts(out, "no winner: every player is dead");
        return;
    }
    if (st->phase < ZC_PH_TURN_START) {
        ud_buf_puts(out, "dealing the cards");
        return;
    }
    ud_buf_printf(out, "turn %d: %s's turn: %s", st->turn, name_of(setup, st->current),
                  phase_words(st->phase));
    if (st->phase == ZC_PH_REACT)
        ud_buf_printf(out, "; %s may play now", name_of(setup, st->reactor));
}

void zc_draw_card(int card, ud_buf *out)
{
    if (card < 0 || card >= zc_content.n_cards) {
        ud_buf_puts(out, "?");
        return;
    }
    ud_buf_printf(out, "%s (%d)", CARD(card)->id, card + 1);
}

void zc_draw_cards(const uint8_t *cards, int n, ud_buf *out)
{
    for (int i = 0; i < n; i++) {
        if (i)
            ud_buf_puts(out, ", ");
        zc_draw_card(cards[i], out);
    }
    if (n == 0)
        ud_buf_puts(out, "none");
}

void zc_draw_location(const zc_state *st, ud_buf *out)
{
    if (st->here == ZC_NO_CARD || st->here >= zc_content.n_cards) {
        ud_buf_puts(out, "Current location: none yet (no map card played)");
        return;
    }
    const zc_card *c = CARD(st->here);
    ud_buf_printf(out, "Current location: %s%s, %d zombie%s on the card, %d left to fight (map card %s)",
                  zc_content.location[c->location % ZC_MAX_LOCATIONS], c->building ? " (a building)" : "",
                  c->zombies, c->zombies == 1 ? "" : "s", st->zombies_left, c->id);
}

void zc_draw_piles(const zc_state *st, ud_buf *out)
{
    int under = st->map.n > 0 ? st->map.n - 1 : 0;
    ud_buf_printf(out, "Map stack: %d card%s (%d under the current one to draw from); in the box: %d",
                  st->map.n, st->map.n == 1 ? "" : "s", under,
                  st->phase < ZC_PH_TURN_START ? 0 : zc_content.n_cards - st->n_dealt);
    if (st->cramp)
        ud_buf_printf(out, "; Brain Cramp: the next roll counts as 1");
}
