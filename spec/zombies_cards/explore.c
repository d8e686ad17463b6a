/*
 * explore.c - the card game's bound for the generic explorer
 * (core/explore.h), and its extras (core/extras.h): the bound and the
 * players' FAQ (faq_players.c).
 *
 * The explorer follows every path of chance picks between two decisions,
 * and the first decision comes after the shuffle: 104 cards dealt one by
 * one, more paths than any enumeration can follow.  The bound "deal" stops
 * every branch at the shuffle, so that the generic suites and `verify`
 * explore the set-up (the player count, the first player, invariants in
 * each state) and leave the game to simulation and the golden cases.
 */
#include "zombies_cards.h"

#include "explore.h"
#include "extras.h"

static bool deal_cut(const void *p)
{
    return ((const zc_state *)p)->phase == ZC_PH_DEAL;
}

static void deal_outcome(const void *p, ud_buf *out)
{
    const zc_state *st = p;
    ud_buf_printf(out, "%s", st->phase == ZC_PH_DEAL ? "shuffle" : "other");
}

static const ud_explore_bound zc_bound_deal = {
    .game = "zombies-cards",
    .name = "deal",
    .summary = "the set-up up to the shuffle (a whole deal is beyond enumeration)",
    .cut = deal_cut,
    .outcome = deal_outcome,
};

static const ud_game_bound zc_bounds[] = {
    { &zc_bound_deal, NULL, NULL },
};

static const ud_faq_extras zc_faq = {
    .questions = zc_players_faq,
};

const ud_game_extras zc_extras = {
    .bounds = zc_bounds,
    .n_bounds = (int)(sizeof zc_bounds / sizeof zc_bounds[0]),
    .faq = &zc_faq,
};
