/*
 * invariants.c - what must hold in every Zombie Dice state, checked after
 * every rule firing in test, sanitizer and fuzz runs.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "zd.h"

UD_INVARIANTS_BEGIN

#define CST(p) ((const zd_state *)(p))

/* The quick tests, inlined into zd_invariants_hold (each is also its
 * row's first step): no call per row. */
#define QUICK static inline __attribute__((always_inline))

/* The invariants run after every rule firing, and exploring a turn fires
 * hundreds of millions of rows: each below has a quick test that asks,
 * without a branch per die or seat and without text, whether it holds
 * (nearly always), and only when it may not does the row look again the
 * long way, which finds what broke and says so.  The quick test holds
 * only where the long one does.  The engine asks all the quick tests
 * together first (zd_invariants_hold, at the end): one call per firing
 * instead of one per row, the hand read once for the two rows that
 * read it. */

/* A pile's counts in one word, a byte a type (the bytes in memory order:
 * the lanes line up whatever the byte order, and the sums and differences
 * below are taken only where no lane can carry into the next). */
QUICK uint64_t lanes(const uint8_t pile[ZD_TYPES])
{
    _Static_assert(ZD_TYPES <= 8, "a pile must fit a word");
    uint64_t v = 0;
    memcpy(&v, pile, ZD_TYPES);
    return v;
}

/* The same for a pile of the state, read as the eight bytes from it on
 * (each of these piles has more of the state after it) with the lanes
 * past the types cleared: one load instead of a load per few bytes. */
#define PILE_LANES(st, pile) pile_lanes((const unsigned char *)(st) + offsetof(zd_state, pile))
#define PILE_FITS(pile) \
    _Static_assert(offsetof(zd_state, pile) + 8 <= sizeof(zd_state), "eight bytes from " #pile)
PILE_FITS(cup);
PILE_FITS(brains);
PILE_FITS(brain_worth);
PILE_FITS(shotguns);
PILE_FITS(extras);

#define TYPE_LANE(t) ((t) < ZD_TYPES ? 0xff : 0)
static const uint8_t type_lanes[8] = { TYPE_LANE(0), TYPE_LANE(1), TYPE_LANE(2), TYPE_LANE(3),
                                       TYPE_LANE(4), TYPE_LANE(5), TYPE_LANE(6), TYPE_LANE(7) };

QUICK uint64_t pile_lanes(const unsigned char *at)
{
    uint64_t v, mask;
    memcpy(&mask, type_lanes, sizeof mask); /* a constant */
    memcpy(&v, at, sizeof v);
    return v & mask;
}

#define LANE_HIGH UINT64_C(0x8080808080808080) /* a count of 128 or more */
#define LANE_TOP2 UINT64_C(0xC0C0C0C0C0C0C0C0) /* a count of 64 or more */

/* The hand's dice counted per type, a lane a type (*held), over its
 * ZD_HAND slots without a branch per die (how many it holds is random);
 * false if one of its n_hand dice has no type (counted in lane 7, which
 * no type uses), or n_hand is past the hand (then *held is not a count
 * of it). */
#define UNTYPED_LANE UINT64_C(0xff00000000000000)
QUICK bool hand_lanes(const zd_state *st, uint64_t *held)
{
    _Static_assert(ZD_TYPES < 8 && ZD_HAND < 256, "lane 7 counts the hand's dice of no type");
    uint64_t sum = 0;
    for (int k = 0; k < ZD_HAND; k++) {
        unsigned t = st->hand[k];
        uint64_t lane = t < ZD_TYPES ? UINT64_C(1) << (8 * t) : UINT64_C(1) << 56;
        sum += lane & ((uint64_t)0 - (uint64_t)(k < st->n_hand));
    }
    *held = sum;
    return st->n_hand <= ZD_HAND && !(sum & UNTYPED_LANE);
}

/* hand: the hand's lanes, from hand_lanes when it returned true. */
QUICK bool dice_conserved_quick(const zd_state *st, uint64_t hand)
{
    if (st->dice_set >= ZD_SETS)
        return false;
    uint64_t cup = PILE_LANES(st, cup), brains = PILE_LANES(st, brains), shotguns = PILE_LANES(st, shotguns),
             extras = PILE_LANES(st, extras);
    if ((cup | brains | shotguns | extras) & LANE_TOP2)
        return false; /* a lane could carry: the long way */
    return cup + hand + brains + shotguns + extras == lanes(zd_set_count[st->dice_set]);
}

static bool dice_conserved(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    uint64_t hand;
    if (hand_lanes(st, &hand) && dice_conserved_quick(st, hand))
        return true;
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
            continue; /* before ZD-DICE fills the cup */
        if (n != count) {
            ud_buf_printf(why, "%d %s dice in play, expected %d", n, zd_dice[t].name, count);
            return false;
        }
    }
    return true;
}

/* typed: hand_lanes's answer (every die in the hand has a type). */
QUICK bool hand_bounded_quick(const zd_state *st, bool typed)
{
    if (!typed || st->n_kept > st->n_hand)
        return false;
    if (st->bus == ZD_BUS_RIDING && st->n_hand > ZD_HAND - 1)
        return false;
    uint64_t brains = PILE_LANES(st, brains), worth = PILE_LANES(st, brain_worth);
    if ((brains & LANE_TOP2) | (worth & LANE_HIGH))
        return false;
    /* Every lane below 128 (brains below 64, twice that too), so that
     * (a | 128) - b borrows from no other lane and keeps its high bit
     * exactly when a >= b: worth >= brains and 2 brains >= worth. */
    uint64_t at_least = (worth | LANE_HIGH) - brains, at_most = ((brains << 1) | LANE_HIGH) - worth;
    return (at_least & at_most & LANE_HIGH) == LANE_HIGH;
}

static bool hand_bounded(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    uint64_t hand;
    if (hand_bounded_quick(st, hand_lanes(st, &hand)))
        return true;
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

QUICK bool is_deciding(const zd_state *st)
{
    return st->phase == ZD_PH_CHOICE || st->phase == ZD_PH_DRINK || st->phase == ZD_PH_BUS_FEET;
}

QUICK bool alive_at_choice_quick(const zd_state *st)
{
    if (!is_deciding(st))
        return true;
    /* the brain dice aside add nothing negative: noted + bonus >= 0
     * is enough (the sum only where the bus's tires took more) */
    return zd_turn_shotguns(st) < zd_bust_at(st) && (st->noted + st->bonus >= 0 || zd_turn_brains(st) >= 0) &&
           (st->phase != ZD_PH_CHOICE || st->n_kept == st->n_hand);
}

static bool alive_at_choice(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (alive_at_choice_quick(st))
        return true;
    bool deciding = is_deciding(st);
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

QUICK bool scores_valid_quick(const zd_state *st)
{
    /* The scores four to a word: a sign bit set anywhere, or a seat from
     * `seated` on holding anything (from_seat + 16 - seated: a mask of
     * those seats). */
    _Static_assert(UD_MAX_PLAYERS == 16, "from_seat has a lane per seat");
    static const uint16_t from_seat[2 * UD_MAX_PLAYERS] = {
        0,      0,      0,      0,      0,      0,      0,      0,      0,      0,      0,
        0,      0,      0,      0,      0,      0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff,
        0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff,
    };
    int seated = st->phase == ZD_PH_SETUP || st->n_players > UD_MAX_PLAYERS ? UD_MAX_PLAYERS : st->n_players;
    /* word by word from the state and the mask (copying both whole to
     * arrays went through the stack) */
    const unsigned char *score = (const unsigned char *)st->score,
                        *empty = (const unsigned char *)(from_seat + UD_MAX_PLAYERS - seated);
    uint64_t sign = 0, stray = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t sc, em;
        memcpy(&sc, score + 8 * i, sizeof sc);
        memcpy(&em, empty + 8 * i, sizeof em);
        sign |= sc;
        stray |= sc & em;
    }
    return !(sign & UINT64_C(0x8000800080008000)) && !stray;
}

static bool scores_valid(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (scores_valid_quick(st))
        return true;
    for (int seat = 0; seat < UD_MAX_PLAYERS; seat++)
        if (st->score[seat] < 0 ||
            (st->phase != ZD_PH_SETUP && seat >= st->n_players && st->score[seat] != 0)) {
            ud_buf_printf(why, "seat %d has score %d", seat, st->score[seat]);
            return false;
        }
    return true;
}

QUICK bool turn_starts_clean_quick(const zd_state *st)
{
    return st->phase != ZD_PH_TURN_START ||
           !(st->n_hand || zd_pile_size(st->brains) || zd_pile_size(st->shotguns) ||
             zd_pile_size(st->extras) || st->noted || st->shotgun_points || st->bonus || st->helmet ||
             st->drink || st->green_feet || st->bus > ZD_BUS_WAITING);
}

static bool turn_starts_clean(const ud_game *g, const void *p, ud_buf *why)
{
    if (turn_starts_clean_quick(CST(p)))
        return true;
    ud_buf_printf(why, "a turn starts with dice or brains left from the last one");
    return false;
}

/* The seat bookkeeping's first test (seats_valid): true if broken. */
QUICK bool seats_broken(const zd_state *st)
{
    unsigned all = (1u << st->n_players) - 1;
    return st->current >= st->n_players || st->first >= st->n_players || (st->contenders & ~all) ||
           (st->tiebreak && !st->ending) || st->turns_left >= st->n_players;
}

QUICK bool seats_valid_quick(const zd_state *st)
{
    if (st->phase == ZD_PH_SETUP)
        return true;
    if (st->n_players > UD_MAX_PLAYERS || seats_broken(st))
        return false;
    return !st->tiebreak || (st->contenders & (1u << st->current));
}

static bool seats_valid(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (seats_valid_quick(st))
        return true;
    if (seats_broken(st)) {
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

/* Before the end, the whole test; at the end, a shared win (else the
 * long way, once a game). */
QUICK bool winner_is_leader_quick(const zd_state *st)
{
    if (st->phase != ZD_PH_OVER)
        return st->winner == -1 || st->phase == ZD_PH_SETUP;
    return st->winner == -2;
}

static bool winner_is_leader(const ud_game *g, const void *p, ud_buf *why)
{
    const zd_state *st = CST(p);
    if (st->phase != ZD_PH_OVER)
        return winner_is_leader_quick(st);
    if (st->winner == -2)
        return true;
    if (st->winner < 0 || st->winner >= st->n_players) {
        ud_buf_printf(why, "the game is over with no winner");
        return false;
    }
    for (int seat = 0; seat < st->n_players; seat++)
        if (st->score[seat] >= st->score[st->winner] && seat != st->winner &&
            (!st->tiebreak || (st->contenders & (1u << seat)))) {
            ud_buf_printf(why, "winner %d has %d but seat %d has %d", st->winner, st->score[st->winner], seat,
                          st->score[seat]);
            return false;
        }
    return true;
}

const ud_invariant zd_invariants[] = {
    { "ZD-INV-DICE",
      "Dice are neither created nor lost: per kind, cup + hand + piles = the count of the dice set in play.",
      dice_conserved },
    { "ZD-INV-HAND",
      "The hand never holds more than three dice (two on the bus); brain dice are worth one or two each.",
      hand_bounded },
    { "ZD-INV-ALIVE", "No choice is offered after three shotguns, nor with unresolved dice.",
      alive_at_choice },
    { "ZD-INV-SCORES", "Scores are never negative; empty seats score nothing.", scores_valid },
    { "ZD-INV-CLEAN-TURN", "A turn starts with all dice in the cup.", turn_starts_clean },
    { "ZD-INV-SEATS", "Current, first and tiebreak seats are real seats; tiebreaks only follow the goal.",
      seats_valid },
    { "ZD-INV-WINNER", "A finished game has a winner who holds the best score (or a shared win).",
      winner_is_leader },
};

_Static_assert(sizeof zd_invariants / sizeof zd_invariants[0] == ZD_N_INVARIANTS,
               "update ZD_N_INVARIANTS in zd.h");

/* One quick test per row above: a row added without its quick test here
 * would never be asked where the others hold. */
_Static_assert(ZD_N_INVARIANTS == 7, "a new invariant row: add its quick test to zd_invariants_hold");

bool zd_invariants_hold(const ud_game *g, const void *p)
{
    if (g->invariants != zd_invariants)
        return false; /* another array (ud_game.invariants_hold): ask its rows */
    const zd_state *st = CST(p);
    uint64_t hand;
    bool typed = hand_lanes(st, &hand);
    return typed && dice_conserved_quick(st, hand) && hand_bounded_quick(st, typed) &&
           alive_at_choice_quick(st) && scores_valid_quick(st) && turn_starts_clean_quick(st) &&
           seats_valid_quick(st) && winner_is_leader_quick(st);
}

UD_INVARIANTS_END
