/*
 * invariants.c - what must hold in every Zombie Dice state, checked after
 * every rule firing in test, sanitizer and fuzz runs.
 */
#include "zd.h"

#define CST(p) ((const zd_state *)(p))

static bool dice_conserved(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    int where[ZD_TYPES] = { 0 };
    for (int k = 0; k < st->n_hand && k < ZD_HAND; k++)
        if (st->hand[k] < ZD_TYPES)
            where[st->hand[k]]++;
    if (st->dice_set >= ZD_SETS) {
        ud_buf_printf(why, "unknown dice set %d", st->dice_set);
        return false;
    }
    for (int t = 0; t < ZD_TYPES; t++) {
        int n = st->cup[t] + where[t] + st->brains[t] + st->shotguns[t] + st->extras[t];
        int count = zd_set_count[st->dice_set][t];
        if (st->phase == ZD_PH_SETUP && n == 0)
            continue;   /* before ZD-DICE fills the cup */
        if (n != count) {
            ud_buf_printf(why, "%d %s dice in play, expected %d", n, zd_dice[t].name, count);
            return false;
        }
    }
    return true;
}

static bool hand_bounded(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (st->n_hand > ZD_HAND || st->n_kept > st->n_hand) {
        ud_buf_printf(why, "hand holds %d dice with %d kept", st->n_hand, st->n_kept);
        return false;
    }
    for (int k = 0; k < st->n_hand; k++)
        if (st->hand[k] >= ZD_TYPES) {
            ud_buf_printf(why, "hand die %d has unknown type %d", k, st->hand[k]);
            return false;
        }
    /* Each brain die aside is worth one or two (a double brain). */
    for (int t = 0; t < ZD_TYPES; t++)
        if (st->brain_worth[t] < st->brains[t] || st->brain_worth[t] > 2 * st->brains[t]) {
            ud_buf_printf(why, "%d %s brain dice worth %d", st->brains[t], zd_dice[t].name,
                          st->brain_worth[t]);
            return false;
        }
    if (st->bus == ZD_BUS_RIDING && st->n_hand > ZD_HAND - 1) {
        ud_buf_printf(why, "riding the bus with %d dice in hand", st->n_hand);
        return false;
    }
    return true;
}

static bool alive_at_choice(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    bool deciding = st->phase == ZD_PH_CHOICE || st->phase == ZD_PH_DRINK ||
                    st->phase == ZD_PH_BUS_FEET;
    if (deciding && zd_turn_shotguns(st) >= zd_bust_at(st)) {
        ud_buf_printf(why, "a choice is offered with %d shotguns", zd_turn_shotguns(st));
        return false;
    }
    if (deciding && zd_turn_brains(st) < 0) {
        ud_buf_printf(why, "the turn holds %d brains", zd_turn_brains(st));
        return false;
    }
    if (st->phase == ZD_PH_CHOICE && st->n_kept != st->n_hand) {
        ud_buf_printf(why, "a choice is offered with unresolved dice in hand");
        return false;
    }
    return true;
}

static bool scores_valid(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    for (int seat = 0; seat < UD_MAX_PLAYERS; seat++)
        if (st->score[seat] < 0 ||
            (st->phase != ZD_PH_SETUP && seat >= st->n_players && st->score[seat] != 0)) {
            ud_buf_printf(why, "seat %d has score %d", seat, st->score[seat]);
            return false;
        }
    return true;
}

static bool turn_starts_clean(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (st->phase != ZD_PH_TURN_START)
        return true;
    if (st->n_hand || zd_pile_size(st->brains) || zd_pile_size(st->shotguns) ||
        zd_pile_size(st->extras) || st->noted || st->shotgun_points || st->bonus ||
        st->helmet || st->drink || st->green_feet || st->bus > ZD_BUS_WAITING) {
        ud_buf_printf(why, "a turn starts with dice or brains left from the last one");
        return false;
    }
    return true;
}

static bool seats_valid(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (st->phase == ZD_PH_SETUP)
        return true;
    unsigned all = (1u << st->n_players) - 1;
    if (st->current >= st->n_players || st->first >= st->n_players ||
        (st->contenders & ~all) || (st->tiebreak && !st->ending) ||
        st->turns_left >= st->n_players) {
        ud_buf_printf(why, "seat bookkeeping broken: current %d first %d contenders %#x turns-left %d",
                      st->current, st->first, st->contenders, st->turns_left);
        return false;
    }
    if (st->tiebreak && !(st->contenders & (1u << st->current))) {
        ud_buf_printf(why, "seat %d plays in a tiebreak it is not part of", st->current);
        return false;
    }
    return true;
}

static bool winner_is_leader(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (st->phase != ZD_PH_OVER)
        return st->winner == -1 || st->phase == ZD_PH_SETUP;
    if (st->winner == -2)
        return true;
    if (st->winner < 0 || st->winner >= st->n_players) {
        ud_buf_printf(why, "the game is over with no winner");
        return false;
    }
    for (int seat = 0; seat < st->n_players; seat++)
        if (st->score[seat] >= st->score[st->winner] && seat != st->winner &&
            (!st->tiebreak || (st->contenders & (1u << seat)))) {
            ud_buf_printf(why, "winner %d has %d but seat %d has %d", st->winner,
                          st->score[st->winner], seat, st->score[seat]);
            return false;
        }
    return true;
}

const ud_invariant zd_invariants[] = {
    { "ZD-INV-DICE", "Dice are neither created nor lost: per kind, cup + hand + piles = the count of the dice set in play.", dice_conserved },
    { "ZD-INV-HAND", "The hand never holds more than three dice (two on the bus); brain dice are worth one or two each.", hand_bounded },
    { "ZD-INV-ALIVE", "No choice is offered after three shotguns, nor with unresolved dice.", alive_at_choice },
    { "ZD-INV-SCORES", "Scores are never negative; empty seats score nothing.", scores_valid },
    { "ZD-INV-CLEAN-TURN", "A turn starts with all dice in the cup.", turn_starts_clean },
    { "ZD-INV-SEATS", "Current, first and tiebreak seats are real seats; tiebreaks only follow the goal.", seats_valid },
    { "ZD-INV-WINNER", "A finished game has a winner who holds the best score (or a shared win).", winner_is_leader },
};

_Static_assert(sizeof zd_invariants / sizeof zd_invariants[0] == ZD_N_INVARIANTS, "update ZD_N_INVARIANTS in zd.h");
