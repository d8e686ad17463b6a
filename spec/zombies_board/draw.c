/*
 * draw.c - what the text map and the SVG of undead show share: the line
 * that says whose turn it is (or how the game ended), a player's standing,
 * and who stands where.  Both pictures say the same things in the same
 * words, so a person can go from one to the other.
 */
#include "zombies_board.h"

static const char *const end_text[] = {
    [ZB_END_NONE] = "",
    [ZB_END_HELIPORT] = "reached the heliport with three survivors",
    [ZB_END_NO_HELIPORT] = "no space took the heliport: the most survivors won",
    [ZB_END_LAST_ALIVE] = "the last player left won",
    [ZB_END_ALL_OUT] = "every player is out",
    [ZB_END_CAP] = "the turn cap: the most survivors won",
};

static const char *name_of(const ud_setup *setup, int seat)
{
    return seat >= 0 && seat < setup->n_players ? setup->names[seat] : "?";
}

void zb_draw_status(const ud_game *g, const zb_state *st, const ud_setup *setup, ud_buf *out)
{
    if (st->phase == ZB_PH_OVER) {
        ud_buf_printf(out, "game over after round %d: ", st->round);
        if (st->winner >= 0)
            ud_buf_printf(out, "%s won; ", name_of(setup, st->winner));
        else if (st->winner == -2)
            ud_buf_puts(out, "a shared win; ");
        ud_buf_puts(out, (size_t)st->end < sizeof end_text / sizeof end_text[0] ? end_text[st->end] : "?");
        return;
    }
    ud_buf_printf(out, "round %d, %s's turn: %s (%d of %d moves)", st->round, name_of(setup, st->current),
                  st->phase < g->n_phases ? g->phases[st->phase].name : "?", st->moved,
                  st->allowance + st->hurry);
}

void zb_draw_player(const zb_state *st, int seat, ud_buf *out)
{
    const zb_player *pl = &st->pl[seat];
    if (pl->status == ZB_ALIVE)
        ud_buf_printf(out, "at %d,%d", pl->pos_x, pl->pos_y);
    else
        ud_buf_puts(out, pl->status == ZB_DEAD ? "dead" : "out");
    ud_buf_printf(out, "  life %d  bullets %d  kills %d  survivors %d", pl->life, pl->bullets, pl->kills,
                  pl->survivors);
    int tiles = 0, cards = 0;
    for (int h = 0; h < ZB_HAND; h++) {
        tiles += pl->tile[h] != 0;
        cards += pl->card[h] != 0;
    }
    ud_buf_printf(out, "  hand %d tile%s %d card%s", tiles, tiles == 1 ? "" : "s", cards,
                  cards == 1 ? "" : "s");
    for (int w = 0; w < zb_content.n_weapons && w < 8; w++)
        if ((pl->weapons >> w) & 1u)
            ud_buf_printf(out, "  %s (+%d)", zb_content.weapon[w].name, zb_content.weapon[w].bonus);
    if (pl->stuck)
        ud_buf_puts(out, "  stuck");
}

int zb_pawns_at(const zb_state *st, int i, int *first)
{
    int n = 0;
    *first = -1;
    for (int p = 0; p < st->n_players && p < ZB_MAX_PLAYERS; p++)
        if (st->pl[p].status == ZB_ALIVE && zb_at(st->pl[p].pos_x, st->pl[p].pos_y) == i) {
            if (!n)
                *first = p;
            n++;
        }
    return n;
}
