/*
 * explore.c - the game's bound for the generic explorer (core/explore.h)
 * and its extras (core/extras.h): the bound and the players' FAQ
 * (faq_players.c).
 *
 * The explorer replays every path of chance picks between two decisions.
 * The set-up deals three tiles and three cards to each player from
 * shuffled piles of 22 tiles and 16 cards: millions of deals before the
 * first decision, out of the explorer's reach.  The bound "first-tile"
 * explores the deal's first tile, each kind with its exact chance, with
 * the invariants checked in every state.  The bound "tiny" explores play:
 * its start lines leave two tiles and one card in the piles and name the
 * first player, so the deal is two hand orders, and every action and
 * roll of the first turn is followed, keyed canonically
 * (spec/zombies_board/docs.md has the figures).
 */
#include <stddef.h>
#include <string.h>

#include "extras.h"
#include "zombies_board.h"

/* A leaf once the first tile is dealt. */
static bool first_tile_cut(const void *p)
{
    const zb_state *st = p;
    return st->phase != ZB_PH_SETUP || st->pl[0].tile[0] != 0;
}

static void first_tile_outcome(const void *p, ud_buf *out)
{
    const zb_state *st = p;
    int t = st->pl[0].tile[0];
    ud_buf_printf(out, "%s", t ? zb_content.tile[t - 1].id : "none");
}

static const ud_explore_bound zb_bound_first_tile = {
    .game = "zombies-board",
    .name = "first-tile",
    .summary = "the deal's first map tile, every kind with its exact chance",
    .cut = first_tile_cut,
    .outcome = first_tile_outcome,
};

/* ---- tiny: play on a board of the Town Square and two tiles ---------------- */

/* The position: seat 1 starts (no roll: tied rolls repeat without end, a
 * path the explorer cannot close), one named building and one road tile
 * in the pile, one event card, no alternate decks.  The deal is then
 * fixed but for the order in a hand. */
static const char *const tiny_start[] = {
    "first 1",
    "tiles " ZB_TINY_TILES,
    "cards " ZB_TINY_CARDS,
    NULL,
};

/* Turns begun before this one: a round is a turn of each seat from the
 * first. */
static int turns_before(const zb_state *st)
{
    if (st->round == 0)
        return 0;
    return (st->round - 1) * st->n_players + (st->current + st->n_players - st->first) % st->n_players;
}

/* A leaf once the bound's turns are played (the next one begins). */
static bool tiny_cut(const void *p) { return turns_before(p) >= ZB_TINY_TURNS; }

static void tiny_outcome(const void *p, ud_buf *out)
{
    const zb_state *st = p;
    if (st->phase != ZB_PH_OVER)
        ud_buf_printf(out, "turn %d begins", turns_before(st) + 1);
    else if (st->winner >= 0)
        ud_buf_printf(out, "seat %d won", st->winner + 1);
    else
        ud_buf_puts(out, st->winner == -2 ? "shared" : "no winner");
}

/* The canonical key: what a later rule reads, nothing else.  Left out:
 * the space kinds, steps and slot needs (kind, link, near, need: laying a
 * tile computes them from the slot's kind and rotation, both kept); the
 * combat die except where a payment is decided; the slot of the tile just
 * laid (read only in the step that laid it); where a character stood
 * before it died; a card round other than the current one (the rows only
 * ask whether a card was played this round).  The cells' five values go
 * two to a byte. */
enum { TINY_HEAD = offsetof(zb_state, pl), TINY_PLAYERS = sizeof(zb_player) * ZB_MAX_PLAYERS };
#define TINY_FIELD(f) sizeof(((zb_state *)0)->f)
enum {
    TINY_KEY = TINY_HEAD + TINY_PLAYERS + TINY_FIELD(slot) + TINY_FIELD(rot) + TINY_FIELD(searched) +
               TINY_FIELD(pile_tile) + TINY_FIELD(alt_tile) + TINY_FIELD(pile_card) + TINY_FIELD(alt_card) +
               TINY_FIELD(weapons_left) + (ZB_SPACES + 1) / 2
};

static unsigned char *put(unsigned char *out, const void *from, size_t n)
{
    memcpy(out, from, n);
    return out + n;
}

void zb_tiny_key(const void *p, unsigned char *out)
{
    zb_state st = *(const zb_state *)p;
    if (st.phase != ZB_PH_PAY)
        st.roll = 0;
    st.last_sx = st.last_sy = 0;
    for (int i = 0; i < ZB_MAX_PLAYERS; i++) {
        zb_player *pl = &st.pl[i];
        if (pl->status != ZB_ALIVE)
            pl->pos_x = pl->pos_y = 0;
        pl->card_round = pl->card_round && pl->card_round == st.round;
    }
    unsigned char *o = put(out, &st, TINY_HEAD);
    o = put(o, st.pl, TINY_PLAYERS);
    o = put(o, st.slot, sizeof st.slot);
    o = put(o, st.rot, sizeof st.rot);
    o = put(o, st.searched, sizeof st.searched);
    o = put(o, st.pile_tile, sizeof st.pile_tile);
    o = put(o, st.alt_tile, sizeof st.alt_tile);
    o = put(o, st.pile_card, sizeof st.pile_card);
    o = put(o, st.alt_card, sizeof st.alt_card);
    o = put(o, st.weapons_left, sizeof st.weapons_left);
    for (int i = 0; i < ZB_SPACES; i += 2)
        *o++ = (unsigned char)(st.cell[i] | (i + 1 < ZB_SPACES ? st.cell[i + 1] << 4 : 0));
}

const ud_explore_bound zb_bound_tiny = {
    .game = "zombies-board",
    .name = "tiny",
    .summary = "play on the Town Square and two tiles (" ZB_TINY_TILES "), one card (" ZB_TINY_CARDS
               "), seat 1 first: every action and roll of the first turn, invariants in every state",
    .key_size = TINY_KEY,
    .key = zb_tiny_key,
    .cut = tiny_cut,
    .outcome = tiny_outcome,
    .start = tiny_start,
};

static const ud_game_bound zb_bounds[] = {
    { &zb_bound_first_tile, NULL, NULL },
    { &zb_bound_tiny, NULL, NULL },
};

static const ud_faq_extras zb_faq = {
    .questions = zb_players_faq,
    .sources = zb_faq_sources,
    .players_charts = zb_players_charts,
    .players_who = "who head for the buildings, then the Heliport, shooting whenever they can",
    .players_title = "Zombies!!! board game", /* one name throughout the players' part */
};

const ud_game_extras zb_extras = {
    .bounds = zb_bounds,
    .n_bounds = (int)(sizeof zb_bounds / sizeof zb_bounds[0]),
    .faq = &zb_faq,
};
