/*
 * explore.c - Dice of the Living Dead's bound for the generic explorer
 * (core/explore.h), and the game's extras (core/extras.h).
 *
 * The explorer replays every path of chance picks between two decisions,
 * and a round of this game holds thousands (a first roll alone is 6^7
 * picks, after 60 district orders): whole rounds are out of its reach.
 * The bound "districts" explores the set-up's draw of the districts, each
 * order with its exact chance, invariants checked in every state; "roll"
 * the first round's roll phase; the combat, where the decisions are, is
 * solved exactly by the analysis "combat" (combat.c).
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

/* "roll": the first round's roll phase, from the position the start lines
 * give, to the moment the dice are sorted into the pools.  Leaves: the
 * pools (movement dice, fight dice, zombies) and the Time left.  Dice
 * rolled together are enumerated as multisets (ud_exchangeable_begin), so
 * the first roll of seven dice is 9,072 outcomes, not 279,936. */
static bool roll_cut(const void *p)
{
    const dl_state *st = p;
    /* From a given position only: a solo game whose first district a start
     * line fixed.  From the open set-up (every district order, character
     * and, with more players, every deal of stress cards, all before the
     * first decision) the first step alone has billions of paths. */
    if (st->n_players != 1 || !(st->preset & DL_PRE_DISTRICT))
        return true;
    return st->round > 1 || st->phase >= DL_PH_SCAVENGE || st->phase == DL_PH_OVER;
}

static void roll_outcome(const void *p, ud_buf *out)
{
    const dl_state *st = p;
    if (st->n_players != 1 || !(st->preset & DL_PRE_DISTRICT)) {
        ud_buf_puts(out, "not explored (solo, from --start \"district NAME\" only)");
        return;
    }
    if (st->phase == DL_PH_OVER) {
        ud_buf_puts(out, "game over");
        return;
    }
    ud_buf_printf(out, "move %d fight %d", st->move_dice, st->fight_pool);
}

/* The later districts' order does not matter before the first safe house:
 * states differing only there are one (20 orders after a first district
 * the start lines fixed). */
static void roll_key(const void *p, unsigned char *out)
{
    dl_state st;
    memcpy(&st, p, sizeof st);
    memset(st.order + 1, 0, sizeof st.order - 1);
    memcpy(out, &st, sizeof st);
}

const ud_explore_bound dl_bound_roll = {
    .game = "dotld",
    .name = "roll",
    .summary = "a solo game's first roll phase from --start \"district NAME\", to the dice sorted into pools",
    .key_size = sizeof(dl_state),
    .key = roll_key,
    .cut = roll_cut,
    .outcome = roll_outcome,
};

static const ud_game_bound dl_bounds[] = {
    { &dl_bound_districts, NULL, NULL },
    { &dl_bound_roll, NULL, NULL },
};

const ud_game_extras dl_extras = {
    .bounds = dl_bounds,
    .n_bounds = (int)(sizeof dl_bounds / sizeof dl_bounds[0]),
    .analyses = dl_analyses,
    .n_analyses = DL_N_ANALYSES,
    .faq = &dl_faq,
};
