/*
 * explore.c - Dice of the Living Dead's bound for the generic explorer
 * (core/explore.h), and the game's extras (core/extras.h).
 *
 * The explorer replays every path of chance picks between two decisions,
 * and a round of this game holds thousands (a first roll alone is 6^7
 * picks, after 60 district orders): whole rounds are out of its reach.
 * The bound "districts" explores the set-up's draw of the districts, each
 * order with its exact chance, invariants checked in every state; the
 * combat, where the decisions are, is solved exactly by the analysis
 * "combat" (combat.c), which works on counts of dice instead of paths.
 */
#include <string.h>

#include "dotld.h"
#include "dotld_extras.h"

/* Leaves: the state once the districts are dealt (the first pick after). */
static bool districts_cut(const void *p)
{
    return ((const dl_state *)p)->phase != DL_PH_SETUP;
}

static void districts_outcome(const void *p, ud_buf *out)
{
    const dl_state *st = p;
    ud_buf_printf(out, "first %s", dl_content.district[st->order[0]].name);
}

const ud_explore_bound dl_bound_districts = {
    .game = "dotld",
    .name = "districts",
    .summary = "the set-up's draw of three districts before The Outskirts, every order with its exact chance",
    .cut = districts_cut,
    .outcome = districts_outcome,
};

static const ud_game_bound dl_bounds[] = {
    { &dl_bound_districts, NULL, NULL },
};

const ud_game_extras dl_extras = {
    .bounds = dl_bounds,
    .n_bounds = (int)(sizeof dl_bounds / sizeof dl_bounds[0]),
    .analyses = dl_analyses,
    .n_analyses = DL_N_ANALYSES,
    .faq = &dl_faq,
};
