/*
 * explore.c - Dice of the Living Dead's bounds for the generic explorer
 * (core/explore.h), and the game's extras (core/extras.h).
 *
 * The explorer replays every path of chance picks between two decisions,
 * and a round of this game holds thousands (a first roll alone is 6^7
 * picks).  The bound "districts" explores
 * the set-up's draw of the districts; "roll" the first round's roll
 * phase; "round" a whole first round and "district" the first district
 * end to end (to a horizon of rounds: its states are infinitely many),
 * both from a solo start position (the start lines), keyed on
 * what later rules read (play_key): a round from three spaces before the
 * Suburbs' safe house is 199,264 states (spec/dotld/docs.md).  One fight alone
 * is solved exactly, as fractions, by the analysis "combat" (combat.c).
 */
#include <string.h>

#include "dotld.h"
#include "dotld_extras.h"

/* Leaves: the state once the districts are dealt (the first pick after). */
static bool districts_cut(const void *p) { return ((const dl_state *)p)->phase != DL_PH_SETUP; }

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

/* ---- a whole round, and a district end to end ------------------------------------- */

/* Both from a given position only, as "roll": a solo game whose first
 * district a start line fixed. */
static bool from_position(const dl_state *st) { return st->n_players == 1 && (st->preset & DL_PRE_DISTRICT); }

/* "round": from the position to the start of the next round (the next
 * district flipped first, if the round reached its safe house), or the
 * game's end.  Nothing between a round's last decision and the next
 * round's first roll is chance, so a leaf is met at that roll's first
 * pick: round 2 has begun. */
static bool round_cut(const void *p)
{
    const dl_state *st = p;
    if (!from_position(st))
        return true;
    return st->phase == DL_PH_OVER || st->round > 1 || st->district_no > 0;
}

/* "district": from the position to the next district flipped, or the
 * game's end. */
static bool district_cut(const void *p)
{
    const dl_state *st = p;
    if (!from_position(st))
        return true;
    return st->phase == DL_PH_OVER || st->district_no > 0;
}

static const char *result_text(int result)
{
    switch (result) {
    case DL_WON:
        return "won";
    case DL_LOST_TIME:
        return "lost: out of Time";
    case DL_LOST_SURVIVORS:
        return "lost: no survivor left";
    default:
        return "lost: fewer survivors than players";
    }
}

static bool leaf_unexplored(const dl_state *st, ud_buf *out)
{
    if (from_position(st))
        return false;
    ud_buf_puts(out, "not explored (solo, from --start \"district NAME\" only)");
    return true;
}

static void round_outcome(const void *p, ud_buf *out)
{
    const dl_state *st = p;
    if (leaf_unexplored(st, out))
        return;
    if (st->phase == DL_PH_OVER)
        ud_buf_puts(out, result_text(st->result));
    else if (st->district_no > 0)
        ud_buf_printf(out, "safe house reached, survivors %d", dl_survivors(st));
    else
        ud_buf_printf(out, "space %d time %d survivors %d", st->space, st->time, dl_survivors(st));
}

static void district_outcome(const void *p, ud_buf *out)
{
    const dl_state *st = p;
    if (leaf_unexplored(st, out))
        return;
    if (st->phase == DL_PH_OVER)
        ud_buf_puts(out, result_text(st->result));
    else
        ud_buf_printf(out, "next district, survivors %d", dl_survivors(st));
}

/* Fight dice that no row tells apart: a 2 and a 3 kill nothing and cost
 * nothing where they lie, a 4 and a 5 kill one zombie each (rules.c,
 * dl_fight_kills; DL-INV-DICE asks only that no face has more dice
 * marked or held than it shows).  Only "mark F" names the face, so a
 * follower of a policy that marks a 2 and a 3 alike (every named one:
 * they mark 1s, then 2s, then 3s, never a 4 or a 5) plays both alike. */
static void merge_faces(uint16_t f[7], int into, int from)
{
    f[into] = (uint16_t)(f[into] + f[from]);
    f[from] = 0;
}

/* Survivor dice likewise: a 5 and a 6 both go to the fight pool
 * (fill_pools), and the named policies mark them alike (runner marks 5s,
 * then 6s; the others neither). */
static void merge_dice(uint8_t f[7], int into, int from)
{
    f[into] = (uint8_t)(f[into] + f[from]);
    f[from] = 0;
}

/* The key of "round" and "district": the state's bytes less what no later
 * rule reads.  Left out:
 * - the districts after the first: only the flip at a safe house reads
 *   the next one, and DL-INV-PAWN, which nothing after the deal changes;
 *   the flip is the bounds' last step (both cut at the next district's
 *   first roll), so a leaf there forgets the district flipped and what
 *   the flip set from it (Time, the pawn, tokens placed): the leaf says
 *   what the party brings, the set-up's draw which district it meets;
 * - the zombie die's face: the zombies it showed are in the pool;
 * - a survivor die's 6 counted with the 5s (merge_dice);
 * - once the roll phase is over (a decision past REROLL): the survivor
 *   dice, marks, holds, locked 1s and roll count,
 *   which the pools have been filled from and only the next round's
 *   begin_round touches (DL-INV-DICE reads them, unchanged since the check
 *   that followed their last roll); the scavenger die past its 6's
 *   decision; the spaces moved (read by no row);
 * - once the movement is over (an ammo, fight or event decision, a leaf):
 *   the movement and fight pools and the movement's flags (scout,
 *   lookout, zombie spaces entered, landing), which only the movement
 *   and the fight's count read and the next round clears;
 * - the fight dice's 3s counted with the 2s and 5s with the 4s
 *   (merge_faces);
 * - in "district", the round's number (no solo row reads it): a round
 *   that changes nothing returns to a state seen, a cycle the outcomes
 *   solve exactly. */
static void play_key(dl_state *st, bool forget_round)
{
    memset(st->order + 1, 0, sizeof st->order - 1);
    if (st->district_no > 0) {
        /* a leaf in the next district: what its flip set from it */
        st->time = st->time_max = st->space = st->token_pool = 0;
        memset(st->face_down, 0, sizeof st->face_down);
    }
    st->zombie_face = 0;
    merge_dice(st->dice, 5, 6);
    merge_dice(st->marked, 5, 6);
    merge_dice(st->held, 5, 6);
    if (st->phase != DL_PH_REROLL) {
        memset(st->dice, 0, sizeof st->dice);
        memset(st->marked, 0, sizeof st->marked);
        memset(st->held, 0, sizeof st->held);
        st->locked = st->roll_no = 0;
        st->scavenger_marked = st->scavenger_rolled = 0;
        if (st->phase != DL_PH_SIX)
            st->scavenger = st->scavenger_used = 0;
        st->moved = 0;
    }
    bool moved = st->phase == DL_PH_AMMO || st->phase == DL_PH_FIGHT || st->phase == DL_PH_EVENT ||
                 st->phase == DL_PH_OVER || st->phase == DL_PH_ROUND_START;
    if (moved) {
        st->move_dice = st->fight_pool = st->move_faces = st->moves_left = 0;
        st->scout_used = st->lookout_used = st->zombie_spaces = st->entered_landing = 0;
    }
    merge_faces(st->fdice, 2, 3);
    merge_faces(st->fdice, 4, 5);
    merge_faces(st->fmarked, 2, 3);
    merge_faces(st->fmarked, 4, 5);
    if (forget_round)
        st->round = 0;
}

static void round_key(const void *p, unsigned char *out)
{
    dl_state st;
    memcpy(&st, p, sizeof st);
    play_key(&st, false);
    memcpy(out, &st, sizeof st);
}

void dl_district_key(const void *p, unsigned char *out)
{
    dl_state st;
    memcpy(&st, p, sizeof st);
    play_key(&st, true);
    memcpy(out, &st, sizeof st);
}

const ud_explore_bound dl_bound_round = {
    .game = "dotld",
    .name = "round",
    .summary = "a solo game's first round from --start \"district NAME\" (and the other start lines), to the "
               "start of the next round or the game's end",
    .key_size = sizeof(dl_state),
    .key = round_key,
    .cut = round_cut,
    .outcome = round_outcome,
};

/* "district"'s progress: the rounds played to their end from the
 * position (the state's round counts from 1).  A district's states are
 * infinitely many (spec/dotld/docs.md: a round may leave the party where it
 * stood with one more supply), so its end is reached exactly only to a
 * horizon of N rounds, the chance of still being in the district after
 * them one outcome. */
static int district_rounds(const void *p) { return ((const dl_state *)p)->round - 1; }

const ud_explore_bound dl_bound_district = {
    .game = "dotld",
    .name = "district",
    .summary = "a solo game's first district from --start \"district NAME\" (and the other start lines), "
               "round after round to the next district flipped or the game's end; its states are "
               "infinitely many, so --horizon N ends it after N rounds",
    .key_size = sizeof(dl_state),
    .key = dl_district_key,
    .cut = district_cut,
    .outcome = district_outcome,
    .progress = district_rounds,
    .progress_unit = "round",
};

/* The losses, each with its exact chance, go to the database with
 * explore --outcomes (the survivors' expected number goes always). */
static const char *const dl_losses[] = { "lost: no survivor left", "lost: out of Time", NULL };

static const ud_game_bound dl_bounds[] = {
    { &dl_bound_districts, NULL, NULL },
    { &dl_bound_roll, NULL, NULL },
    { &dl_bound_round, NULL, dl_losses },
    { &dl_bound_district, NULL, dl_losses },
};

const ud_game_extras dl_extras = {
    .bounds = dl_bounds,
    .n_bounds = (int)(sizeof dl_bounds / sizeof dl_bounds[0]),
    .analyses = dl_analyses,
    .n_analyses = DL_N_ANALYSES,
    .faq = &dl_faq,
    .odds = dl_odds,
};
