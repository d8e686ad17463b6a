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
 * the invariants checked in every state; play itself is checked by the
 * simulations, the golden cases and the fuzzer (docs/zombies-board.md).
 */
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

static const ud_game_bound zb_bounds[] = {
    { &zb_bound_first_tile, NULL, NULL },
};

static const ud_faq_extras zb_faq = {
    .questions = zb_players_faq,
};

const ud_game_extras zb_extras = {
    .bounds = zb_bounds,
    .n_bounds = 1,
    .faq = &zb_faq,
};
