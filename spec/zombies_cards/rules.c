/*
 * rules.c - every rule of Zombies!!! The Card Game as a row of the spec
 * table, each row's guard and effect just above it, in the order a game
 * meets them.  The list at the end (ZC_RULE_LIST) gives both the rule
 * array and the compiled runner (core/compiled.h), so the checker and the
 * simulator run the same rows; the interpreter stays the reference.
 *
 * Section names are 003's headings; "(the text is silent: undead's
 * reading)" marks a row that fills a gap, with the variant that names the
 * alternative where one changes play.
 */
#include <stdio.h>
#include <string.h>

#include "compiled.h"
#include "zombies_cards.h"

#define SRC "003_097727651bff7a0a.txt"
#define ST(p) ((zc_state *)ud_mutable(p))
#define CST(p) ((const zc_state *)(p))
#define CARD(i) (&zc_content.card[(i)])
#define ID(i) (zc_content.card[(i)].id)

/* ---- piles ------------------------------------------------------------------------ */

static uint8_t ring_pop_top(zc_ring *r)
{
    uint8_t c = r->c[r->head];
    r->c[r->head] = 0;
    r->head = (uint8_t)((r->head + 1) & (ZC_RING - 1));
    r->n--;
    return c;
}

static void ring_push_bottom(zc_ring *r, uint8_t c)
{
    r->c[(r->head + r->n) & (ZC_RING - 1)] = c;
    r->n++;
}

static void ring_push_top(zc_ring *r, uint8_t c)
{
    r->head = (uint8_t)((r->head - 1) & (ZC_RING - 1));
    r->c[r->head] = c;
    r->n++;
}

static uint8_t ring_pop_bottom(zc_ring *r)
{
    r->n--;
    int i = (r->head + r->n) & (ZC_RING - 1);
    uint8_t c = r->c[i];
    r->c[i] = 0;
    return c;
}

static void pile_remove(zc_pile *p, uint8_t card)
{
    int i = 0;
    while (i < p->n && p->c[i] != card)
        i++;
    if (i == p->n)
        return;
    /* a byte loop, not memmove: a hand is a few cards, and the call cost more */
    for (; i + 1 < p->n; i++)
        p->c[i] = p->c[i + 1];
    p->c[--p->n] = 0;
}

static void play_remove(zc_player *pl, int i)
{
    memmove(&pl->play[i], &pl->play[i + 1], (size_t)(pl->n_play - i - 1));
    pl->play[--pl->n_play] = 0;
}

/* ---- what the rows ask ------------------------------------------------------------ */

bool zc_outage(const zc_state *st)
{
    for (int i = 0; i < st->n_players; i++) {
        const zc_player *pl = &st->p[i];
        if (pl->dead)
            continue;
        for (int k = 0; k < pl->n_play; k++)
            if (CARD(pl->play[k])->effect == ZC_FX_POWER_OUTAGE)
                return true;
    }
    return false;
}

bool zc_weapon_here(const zc_state *st, const zc_card *c)
{
    if (c->at == ZC_AT_ANY)
        return true;
    if (st->here == ZC_NO_CARD)
        return false;
    if (c->at == ZC_AT_BUILDING)
        return CARD(st->here)->building;
    return CARD(st->here)->location == c->at - ZC_AT_LOCATION;
}

bool zc_needs_target(int card)
{
    int e = CARD(card)->effect;
    return e == ZC_FX_LOSE_BULLET || e == ZC_FX_DISCARD_BULLET;
}

bool zc_target_ok(const zc_state *st, int seat, int target)
{
    return target != seat && target < st->n_players && !st->p[target].dead && st->p[target].bullets.n > 0;
}

static bool has_effect_in_play(const zc_player *pl, int effect)
{
    for (int k = 0; k < pl->n_play; k++)
        if (CARD(pl->play[k])->effect == effect)
            return true;
    return false;
}

/* Whether some seat other than seat may be named by a card that costs
 * bullets. */
static bool some_target(const zc_state *st, int seat)
{
    for (int t = 0; t < st->n_players; t++)
        if (zc_target_ok(st, seat, t))
            return true;
    return false;
}

enum {
    ZC_FX_TARGETED = 1u << ZC_FX_LOSE_BULLET | 1u << ZC_FX_DISCARD_BULLET,
    ZC_FX_ALL = (1u << ZC_EFFECTS) - 1
};

/* The effects seat may play now, a bit per enum zc_effect, of those in
 * `asked` (the others may be left out): what zc_playable answers card by
 * card, worked out once for a whole hand (a hand has no limit, and the
 * rows ask at every decision).  A weapon needs its place as well
 * (card_playable).  The search for a seat to name is made only when a
 * card that names one is asked about. */
static unsigned playable_effects(const zc_state *st, int seat, bool own, unsigned asked)
{
    const zc_player *pl = &st->p[seat];
    unsigned ok = 1u << ZC_FX_EXTRA_PLAY;
    if (pl->n_play < ZC_MAX_INPLAY)
        ok |= 1u << ZC_FX_WEAPON | 1u << ZC_FX_LUCK | 1u << ZC_FX_POWER_OUTAGE | 1u << ZC_FX_NO_GUTS;
    if (pl->deck.n > 0)
        ok |= 1u << ZC_FX_DRAW | (own ? 1u << ZC_FX_MOVE : 0u);
    if ((asked & ZC_FX_TARGETED) && some_target(st, seat))
        ok |= ZC_FX_TARGETED;
    if (!own)
        ok |= 1u << ZC_FX_BRAIN_CRAMP;
    return ok;
}

static bool card_playable(const zc_state *st, unsigned ok, int card)
{
    const zc_card *c = CARD(card);
    if (c->effect >= ZC_EFFECTS || !((ok >> c->effect) & 1u))
        return false;
    return c->effect != ZC_FX_WEAPON || zc_weapon_here(st, c);
}

bool zc_playable(const zc_state *st, int seat, int card, bool own)
{
    return card_playable(st, playable_effects(st, seat, own, ZC_FX_ALL), card);
}

/* Whether seat may play some card of its hand.  A card that names a
 * seat is settled last: the search for a seat it may name is the costly
 * part, and some other card is usually playable. */
static bool can_play_any(const zc_state *st, int seat, bool own)
{
    const zc_player *pl = &st->p[seat];
    if (pl->played)
        return false;
    unsigned ok = playable_effects(st, seat, own, 0);
    bool names = false;
    for (int i = 0; i < pl->hand.n; i++) {
        if (card_playable(st, ok, pl->hand.c[i]))
            return true;
        names |= zc_needs_target(pl->hand.c[i]);
    }
    return names && some_target(st, seat);
}

static int alive_count(const zc_state *st)
{
    int n = 0;
    for (int i = 0; i < st->n_players; i++)
        n += !st->p[i].dead;
    return n;
}

/* Draw the top card of seat's draw deck into the hand; the last one wins
 * (WINNING THE GAME): the caller goes to ZC_PH_WIN when win_how is set. */
static bool draw_one(zc_state *st, int seat)
{
    zc_player *pl = &st->p[seat];
    if (pl->deck.n == 0)
        return false;
    pl->hand.c[pl->hand.n++] = ring_pop_top(&pl->deck);
    if (pl->deck.n == 0) {
        st->win_how = ZC_WIN_DRAW;
        st->win_seat = (uint8_t)seat;
    }
    return true;
}

/* Play a map card from seat's deck (step 1, or a movement). */
static void map_card(zc_state *st, ud_step *s, int seat)
{
    zc_player *pl = &st->p[seat];
    uint8_t c = ring_pop_top(&pl->deck);
    ring_push_top(&st->map, c);
    st->here = c;
    st->zombies_left = CARD(c)->zombies;
    UD_EMIT(s, "map %s %s %s%s zombies=%d deck=%d", ud_player(s, seat), ID(c),
            zc_content.location[CARD(c)->location], CARD(c)->building ? " building" : "", CARD(c)->zombies,
            pl->deck.n);
    if (pl->deck.n == 0 && ud_reading(s, ZC_V_LAST_CARD) == ZC_LAST_ANY) {
        st->win_how = ZC_WIN_MAP;
        st->win_seat = (uint8_t)seat;
    }
}

static void finish(zc_state *st, int winner)
{
    st->winner = (int8_t)winner;
    for (int i = 0; i < st->n_players; i++)
        st->outcome[i] = (uint8_t)(i == winner ? UD_SEAT_WON : st->p[i].dead ? UD_SEAT_OUT : UD_SEAT_LOST);
    st->over = 1;
    st->phase = ZC_PH_OVER;
}

/* ---- setting up ---------------------------------------------------------------------- */

static int deal_count(int n) { return n <= 4 ? zc_content.deal_small : zc_content.deal_large; }

static void seat_players(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int n = ud_setup_player_count(s->setup);
    if (n < ZC_MIN_PLAYERS || n > ZC_MAX_PLAYERS) {
        ud_failf(s, UD_FAIL_RULE, s->rule->id, "the card game is for 2 to 6 players, not %d", n);
        return;
    }
    if (deal_count(n) * n > zc_content.n_cards) {
        ud_failf(s, UD_FAIL_RULE, s->rule->id, "%d players need %d cards each, and the deck has %d", n,
                 deal_count(n), zc_content.n_cards);
        return;
    }
    st->n_players = (uint8_t)n;
}

static void first_in_seat_order(void *p, ud_step *s)
{
    ST(p)->first = 0;
    ST(p)->phase = ZC_PH_DEAL;
}

static const char *seat_label(const void *ctx, int i)
{
    const ud_step *s = ctx;
    return ud_player(s, i);
}

static void first_by_lot(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int f = ud_pick(s, "lot", st->n_players, seat_label, s);
    if (f < 0)
        return;
    st->first = (uint8_t)f;
    st->phase = ZC_PH_DEAL;
    UD_EMIT(s, "lot %s", ud_player(s, f));
}

static bool seats_to_deal(const void *p, const ud_step *s) { return CST(p)->dealt < CST(p)->n_players; }

typedef struct pool {
    int n;
    uint8_t c[ZC_MAX_CARDS];
} pool;

static const char *pool_label(const void *ctx, int i) { return ID(((const pool *)ctx)->c[i]); }

/* Copies of a card are drawn as their kind (one label, pool_label): the
 * card dealt is the lowest-numbered copy left of the kind drawn, whichever
 * copy the source picked, so the same kinds dealt are the same cards (a
 * transcript's deal line, which names kinds, replays exactly). */
static int first_copy_left(const pool *p, int i)
{
    int kind = zc_content.kind[p->c[i]];
    for (int j = 0; j < p->n; j++)
        if (zc_content.kind[p->c[j]] == kind && p->c[j] < p->c[i])
            i = j;
    return i;
}

/* One seat's cards, top of its draw deck first: a shuffled deck dealt out
 * is the same as each card picked at random from those left. */
static void deal_seat(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int seat = st->dealt;
    zc_player *pl = &st->p[seat];
    if (pl->preset) {
        if (pl->deck.n < ZC_BULLETS + ZC_HAND + 1) {
            ud_failf(s, UD_FAIL_RULE, s->rule->id,
                     "%s was dealt %d cards: three bullets, three in hand and a draw deck need %d",
                     ud_player(s, seat), pl->deck.n, ZC_BULLETS + ZC_HAND + 1);
            return;
        }
        /* fewer is a position later in a game; more is no deal of SETUP 1 */
        if (pl->deck.n > deal_count(st->n_players)) {
            ud_failf(s, UD_FAIL_RULE, s->rule->id,
                     "%s was dealt %d cards: at a table of %d each player is dealt %d", ud_player(s, seat),
                     pl->deck.n, st->n_players, deal_count(st->n_players));
            return;
        }
        st->dealt++;
        st->n_dealt = (uint8_t)(st->n_dealt + pl->deck.n);
        UD_EMIT(s, "dealt %s %d as-set", ud_player(s, seat), pl->deck.n);
        return;
    }
    /* the undealt cards in ascending order, from a bit per card: only
     * the cards left are visited, and no branch on which are (random) */
    _Static_assert(ZC_MAX_CARDS <= 128, "a bit per card in two words");
    uint64_t left[2];
    left[0] = zc_content.n_cards >= 64 ? ~0ull : (1ull << zc_content.n_cards) - 1;
    left[1] = zc_content.n_cards <= 64    ? 0
              : zc_content.n_cards >= 128 ? ~0ull
                                          : (1ull << (zc_content.n_cards - 64)) - 1;
    for (int i = 0; i < st->n_players; i++)
        for (int k = 0; k < st->p[i].deck.n; k++) {
            int c = zc_ring_at(&st->p[i].deck, k);
            left[c >> 6] &= ~(1ull << (c & 63));
        }
    pool pl_pool;
    pl_pool.n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = left[w]; m; m &= m - 1)
            pl_pool.c[pl_pool.n++] = (uint8_t)(w * 64 + __builtin_ctzll(m));
    int want = deal_count(st->n_players);
    ud_rng *rng = ud_plain_rng(s);
    for (int k = 0; k < want; k++) {
        int i = rng ? (int)ud_rng_below(rng, (uint32_t)pl_pool.n)
                    : ud_pick(s, "deal", pl_pool.n, pool_label, &pl_pool);
        if (i < 0)
            return;
        if (zc_content.copies)
            i = first_copy_left(&pl_pool, i);
        ring_push_bottom(&pl->deck, pl_pool.c[i]);
        pl_pool.c[i] = pl_pool.c[--pl_pool.n];
    }
    st->dealt++;
    st->n_dealt = (uint8_t)(st->n_dealt + want);
    if (s->sink) {
        /* the chance lines: the cards dealt, top of the pile first; a new
         * line before one would pass DEAL_WORDS cards or DEAL_BYTES (a
         * card list may deal more than a transcript line holds) */
        enum { DEAL_WORDS = 20, DEAL_BYTES = UD_MAX_LINE - 2 * ZC_NAME_LEN };
        char line[UD_MAX_LINE];
        int len = 0, words = 0;
        for (int k = 0; k < want; k++) {
            if (words == DEAL_WORDS || len > DEAL_BYTES) {
                ud_emitf(s, "%s", line);
                words = 0;
            }
            if (words == 0)
                len = snprintf(line, sizeof line, "deal");
            len += snprintf(line + len, sizeof line - (size_t)len, " %s", ID(zc_ring_at(&pl->deck, k)));
            words++;
        }
        if (words)
            ud_emitf(s, "%s", line);
        ud_emitf(s, "dealt %s %d", ud_player(s, seat), want);
    }
}

static bool all_dealt(const void *p, const ud_step *s) { return CST(p)->dealt >= CST(p)->n_players; }

static void box_the_rest(void *p, ud_step *s)
{
    ST(p)->phase = ZC_PH_STOCK;
    UD_EMIT(s, "box %d", zc_content.n_cards - ST(p)->n_dealt);
}

static void take_bullets(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    for (int i = 0; i < st->n_players; i++) {
        zc_player *pl = &st->p[i];
        if (pl->deck.n < ZC_BULLETS || pl->bullets.n + ZC_BULLETS > ZC_MAX_CARDS) {
            ud_effect_unmet(s, "too few cards in a deck to take bullets from");
            return;
        }
        for (int k = 0; k < ZC_BULLETS; k++)
            pl->bullets.c[pl->bullets.n++] = ring_pop_top(&pl->deck);
    }
}

static void opening_hands(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    for (int i = 0; i < st->n_players; i++) {
        zc_player *pl = &st->p[i];
        /* the fault: one card more than the opening hand */
        int hand = ud_number_value(s, ZC_NUM_HAND) + ud_fault_on(&zc_faults[ZC_FAULT_HAND_OF_FOUR]);
        for (int k = 0; k < hand; k++)
            pl->hand.c[pl->hand.n++] = ring_pop_top(&pl->deck);
    }
    st->current = st->first;
    st->new_round = 1;
    st->phase = ZC_PH_TURN_START;
}

/* ---- the start of a turn --------------------------------------------------------------- */

static void own_round_begins(void *p, ud_step *s)
{
    ST(p)->p[ST(p)->current].played = 0;
    ST(p)->new_round = 0; /* the table's rounds are not this reading's */
}

static bool table_round_begins(const void *p, const ud_step *s) { return CST(p)->new_round; }

static void table_round(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    for (int i = 0; i < st->n_players; i++)
        st->p[i].played = 0;
    st->new_round = 0;
}

static bool outage_of_current(const void *p, const ud_step *s)
{
    return has_effect_in_play(&CST(p)->p[CST(p)->current], ZC_FX_POWER_OUTAGE);
}

static void lasting_ends(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    zc_player *pl = &st->p[st->current];
    for (int k = 0; k < pl->n_play;) {
        uint8_t c = pl->play[k];
        if (CARD(c)->effect == ZC_FX_POWER_OUTAGE) {
            play_remove(pl, k);
            pl->bullets.c[pl->bullets.n++] = c;
            UD_EMIT(s, "ends %s %s to-bullets", ud_player(s, st->current), ID(c));
        } else {
            k++;
        }
    }
}

static void turn_begins(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    st->turn++;
    st->phase = ZC_PH_MAP;
    UD_EMIT(s, "turn %s", ud_player(s, st->current));
}

/* ---- step 1: a map card ------------------------------------------------------------------ */

static int after_map(const zc_state *st, const ud_step *s)
{
    if (st->win_how)
        return ZC_PH_WIN;
    return ud_reading(s, ZC_V_OUT_OF_TURN) == ZC_OOT_YES ? ZC_PH_REACT_NEXT : ZC_PH_PLAY;
}

static bool deck_left(const void *p, const ud_step *s) { return CST(p)->p[CST(p)->current].deck.n > 0; }

static void play_map_card(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    map_card(st, s, st->current);
    st->asked = 0;
    st->phase = (uint8_t)after_map(st, s);
}

/* ---- card play out of turn ----------------------------------------------------------------- */

/* The next seat after the current player, in seat order, not yet asked in
 * this window, alive, and with a card it may play; -1 when none is left. */
static int next_reactor(const zc_state *st)
{
    for (int k = 1, seat = st->current; k < st->n_players; k++) {
        seat = seat + 1 == st->n_players ? 0 : seat + 1;
        if (!((st->asked >> seat) & 1u) && !st->p[seat].dead && can_play_any(st, seat, false))
            return seat;
    }
    return -1;
}

static bool someone_may_react(const void *p, const ud_step *s) { return next_reactor(CST(p)) >= 0; }

static void ask_reactor(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int seat = next_reactor(st);
    if (seat < 0) {
        ud_effect_unmet(s, "no one to ask");
        return;
    }
    st->reactor = (uint8_t)seat;
    st->asked |= (uint8_t)(1u << st->reactor);
    st->phase = ZC_PH_REACT;
}

static bool nobody_reacts(const void *p, const ud_step *s) { return next_reactor(CST(p)) < 0; }

static void to_own_play(void *p, ud_step *s)
{
    ST(p)->reactor = 0;
    ST(p)->asked = 0;
    ST(p)->phase = ZC_PH_PLAY;
}

static const ud_action pass_action = { ZC_ACT_PASS, { 0 } }, fight_action = { ZC_ACT_FIGHT, { 0 } };

static void offer_cards(const zc_state *st, ud_step *s, int seat, bool own)
{
    if (seat < 0 || seat >= st->n_players)
        return;
    const zc_player *pl = &st->p[seat];
    if (pl->played)
        return;
    /* a card that names a seat is offered once for each seat it may
     * name, so not at all when there is none: no search beforehand */
    unsigned ok = playable_effects(st, seat, own, 0) | ZC_FX_TARGETED;
    for (int i = 0; i < pl->hand.n; i++) {
        int c = pl->hand.c[i];
        if (!card_playable(st, ok, c))
            continue;
        if (zc_needs_target(c)) {
            for (int t = 0; t < st->n_players; t++)
                if (zc_target_ok(st, seat, t)) {
                    ud_action a = { ZC_ACT_PLAY_ON, { c + 1, t } };
                    ud_offer_new(s, &a); /* the cards of a hand are distinct */
                }
        } else {
            ud_action a = { ZC_ACT_PLAY, { c + 1 } };
            ud_offer_new(s, &a);
        }
    }
}

UD_OFFER_ROW(offer_out_of_turn, p, s)
{
    offer_cards(CST(p), s, CST(p)->reactor, false);
    ud_offer_new(s, &pass_action); /* no card offer is a pass */
}

static bool chose_pass(const void *p, const ud_step *s) { return s->action.kind == ZC_ACT_PASS; }

static void pass(void *p, ud_step *s) { ST(p)->phase = ZC_PH_REACT_NEXT; }

static bool chose_card(const void *p, const ud_step *s)
{
    return s->action.kind == ZC_ACT_PLAY || s->action.kind == ZC_ACT_PLAY_ON;
}

/* A card leaves the hand: lasting ones go in front of the player, the rest
 * to the bullet pile (CARD PLAY); its effect is the EFFECT phase's row. */
static void play_card(zc_state *st, ud_step *s, int seat, int resume)
{
    zc_player *pl = &st->p[seat];
    if (s->action.arg[0] < 1 || s->action.arg[0] > zc_content.n_cards) {
        ud_effect_unmet(s, "no card played");
        return;
    }
    uint8_t c = (uint8_t)(s->action.arg[0] - 1);
    pile_remove(&pl->hand, c);
    int e = CARD(c)->effect;
    bool lasting = e == ZC_FX_WEAPON || e == ZC_FX_LUCK || e == ZC_FX_POWER_OUTAGE || e == ZC_FX_NO_GUTS;
    if (lasting)
        pl->play[pl->n_play++] = c;
    else
        pl->bullets.c[pl->bullets.n++] = c;
    if (e != ZC_FX_EXTRA_PLAY)
        pl->played++;
    st->pending = c;
    st->target = (uint8_t)(s->action.kind == ZC_ACT_PLAY_ON ? s->action.arg[1] : seat);
    st->resume = (uint8_t)resume;
    st->phase = ZC_PH_EFFECT;
    UD_EMIT(s, "plays %s %s %s", ud_player(s, seat), ID(c), lasting ? "in-front" : "to-bullets");
}

static void play_out_of_turn(void *p, ud_step *s) { play_card(ST(p), s, ST(p)->reactor, ZC_PH_REACT_NEXT); }

/* ---- card play on your own turn ----------------------------------------------------------- */

UD_OFFER_ROW(offer_own, p, s)
{
    offer_cards(CST(p), s, CST(p)->current, true);
    ud_offer_new(s, &fight_action); /* no card offer is a fight */
}

static void play_own(void *p, ud_step *s) { play_card(ST(p), s, ST(p)->current, ZC_PH_PLAY); }

static bool chose_fight(const void *p, const ud_step *s) { return s->action.kind == ZC_ACT_FIGHT; }

static void start_fight(void *p, ud_step *s)
{
    ST(p)->phase = ZC_PH_COMBAT;
    UD_EMIT(s, "fight %s zombies=%d", ud_player(s, ST(p)->current), ST(p)->zombies_left);
}

/* ---- the effects (the vocabulary of spec/zombies_cards/docs.md) ---------------------------- */

static int player_of_pending(const zc_state *st)
{
    return st->resume == ZC_PH_REACT_NEXT ? st->reactor : st->current;
}

#define FX_GUARD(name, fx) \
    static bool name(const void *p, const ud_step *s) { return CARD(CST(p)->pending)->effect == (fx); }
FX_GUARD(fx_weapon, ZC_FX_WEAPON)
FX_GUARD(fx_luck, ZC_FX_LUCK)
FX_GUARD(fx_draw, ZC_FX_DRAW)
FX_GUARD(fx_move, ZC_FX_MOVE)
FX_GUARD(fx_lose, ZC_FX_LOSE_BULLET)
FX_GUARD(fx_discard, ZC_FX_DISCARD_BULLET)
FX_GUARD(fx_outage, ZC_FX_POWER_OUTAGE)
FX_GUARD(fx_extra, ZC_FX_EXTRA_PLAY)
FX_GUARD(fx_no_guts, ZC_FX_NO_GUTS)
FX_GUARD(fx_cramp, ZC_FX_BRAIN_CRAMP)

static void effect_done(zc_state *st)
{
    st->phase = st->win_how ? ZC_PH_WIN : st->resume;
    st->pending = 0;
    st->target = 0;
    st->resume = 0;
}

static void lasting_in_front(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    UD_EMIT(s, "in-play %s %s +%d", ud_player(s, player_of_pending(st)), ID(st->pending),
            CARD(st->pending)->bonus);
    effect_done(st);
}

static void draw_cards(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int seat = player_of_pending(st), drawn = 0;
    int n = CARD(st->pending)->n;
    if (n > 1 && ud_fault_on(&zc_faults[ZC_FAULT_DRAW_CAPPED_AT_ONE]))
        n = 1; /* the fault: one card however many the card says */
    for (int k = 0; k < n && !st->win_how; k++)
        drawn += draw_one(st, seat);
    UD_EMIT(s, "draws %s %d deck=%d", ud_player(s, seat), drawn, st->p[seat].deck.n);
    effect_done(st);
}

static void movement(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    map_card(st, s, st->current);
    effect_done(st);
}

/* Losing and discarding a bullet are the same move (CARD CLARIFICATIONS):
 * the top of the bullet pile to the bottom of the draw deck. */
static void bullets_to_deck(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    zc_player *t = &st->p[st->target];
    int n = 0;
    for (; n < CARD(st->pending)->n && t->bullets.n > 0; n++) {
        uint8_t c = t->bullets.c[--t->bullets.n];
        t->bullets.c[t->bullets.n] = 0;
        ring_push_bottom(&t->deck, c);
    }
    UD_EMIT(s, "%s %s %d bullets=%d deck=%d",
            CARD(st->pending)->effect == ZC_FX_LOSE_BULLET ? "loses" : "discards", ud_player(s, st->target),
            n, t->bullets.n, t->deck.n);
    effect_done(st);
}

static void extra_play(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int seat = player_of_pending(st);
    if (st->resume == ZC_PH_REACT_NEXT)
        st->asked &= (uint8_t) ~(1u << seat); /* asked again in this window */
    UD_EMIT(s, "extra-play %s", ud_player(s, seat));
    effect_done(st);
}

static void brain_cramp(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    st->cramp++;
    UD_EMIT(s, "cramp %s next-roll=1", ud_player(s, st->current));
    effect_done(st);
}

/* ---- fighting zombies ------------------------------------------------------------------ */

static bool no_zombies_left(const void *p, const ud_step *s) { return CST(p)->zombies_left == 0; }

static void combat_over(void *p, ud_step *s)
{
    ST(p)->phase = ZC_PH_TURN_END;
    UD_EMIT(s, "cleared %s", ud_player(s, ST(p)->current));
}

static int weapons_in_play(const zc_state *st)
{
    const zc_player *pl = &st->p[st->current];
    int n = 0;
    for (int k = 0; k < pl->n_play; k++)
        n += CARD(pl->play[k])->effect == ZC_FX_WEAPON;
    return n;
}

static bool choice_of_weapons(const void *p, const ud_step *s)
{
    return weapons_in_play(CST(p)) >= 2 && !zc_outage(CST(p));
}

static void to_weapon_choice(void *p, ud_step *s) { ST(p)->phase = ZC_PH_WEAPON; }

static bool one_weapon(const void *p, const ud_step *s)
{
    return weapons_in_play(CST(p)) == 1 && !zc_outage(CST(p));
}

static void use_the_weapon(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    const zc_player *pl = &st->p[st->current];
    for (int k = 0; k < pl->n_play; k++)
        if (CARD(pl->play[k])->effect == ZC_FX_WEAPON)
            st->weapon = pl->play[k];
    st->phase = ZC_PH_ROLL;
}

static bool no_weapon(const void *p, const ud_step *s)
{
    return weapons_in_play(CST(p)) == 0 || zc_outage(CST(p));
}

static void bare_hands(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    st->weapon = ZC_NO_CARD;
    st->phase = ZC_PH_ROLL;
    if (weapons_in_play(st) > 0)
        UD_EMIT(s, "power-outage no-weapon %s", ud_player(s, st->current));
}

UD_OFFER_ROW(offer_weapons, p, s)
{
    const zc_state *st = CST(p);
    const zc_player *pl = &st->p[st->current];
    for (int k = 0; k < pl->n_play; k++)
        if (CARD(pl->play[k])->effect == ZC_FX_WEAPON) {
            ud_action a = { ZC_ACT_WEAPON, { pl->play[k] + 1 } };
            ud_offer_action(s, &a);
        }
}

static void weapon_chosen(void *p, ud_step *s)
{
    ST(p)->weapon = (uint8_t)(s->action.arg[0] - 1);
    ST(p)->phase = ZC_PH_ROLL;
}

/* The roll's bonuses: the chosen weapon, and every luck card in front of
 * the player, spent on this roll (to the bullet pile: CARD CLARIFICATIONS,
 * a lasting card once its effect is complete). */
static int bonuses(zc_state *st, ud_step *s)
{
    int b = st->weapon == ZC_NO_CARD ? 0 : CARD(st->weapon)->bonus;
    zc_player *pl = &st->p[st->current];
    for (int k = 0; k < pl->n_play;) {
        uint8_t c = pl->play[k];
        if (CARD(c)->effect == ZC_FX_LUCK) {
            b += CARD(c)->bonus;
            play_remove(pl, k);
            pl->bullets.c[pl->bullets.n++] = c;
        } else {
            k++;
        }
    }
    return b;
}

static bool cramp_waiting(const void *p, const ud_step *s) { return CST(p)->cramp > 0; }

static void cramped_roll(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    st->cramp--;
    st->cramped = 1;
    st->roll = 1;
    st->total = (uint8_t)(1 + bonuses(st, s));
    st->phase = ZC_PH_RESOLVE;
    UD_EMIT(s, "cramped %s roll=1 total=%d", ud_player(s, st->current), st->total);
}

static const char *const die_labels[6] = { "1", "2", "3", "4", "5", "6" };

static const char *die_label(const void *ctx, int i) { return die_labels[i]; }

static void roll(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int r = ud_pick(s, "roll", 6, die_label, NULL);
    if (r < 0)
        return;
    st->roll = (uint8_t)(r + 1);
    st->total = (uint8_t)(st->roll + bonuses(st, s));
    st->phase = ZC_PH_RESOLVE;
    UD_EMIT(s, "roll %d", st->roll);
    if (st->total != st->roll)
        UD_EMIT(s, "total %s %d with %s", ud_player(s, st->current), st->total,
                st->weapon != ZC_NO_CARD ? ID(st->weapon) : "luck");
}

static void roll_done(zc_state *st)
{
    st->roll = 0;
    st->total = 0;
    st->cramped = 0;
    st->weapon = 0;
}

/* A zombie killed without the map stack: "you may draw a card from your
 * draw deck" (FIGHTING ZOMBIES), the player's decision (ZC_PH_BONUS) when
 * the deck holds one. */
static void killed(zc_state *st, ud_step *s, int paid)
{
    int seat = st->current;
    st->zombies_left--;
    bool can_draw = st->p[seat].deck.n > 0;
    UD_EMIT(s, "kill %s paid=%d left=%d%s", ud_player(s, seat), paid, st->zombies_left,
            can_draw ? "" : " no-card");
    roll_done(st);
    st->phase = can_draw ? ZC_PH_BONUS : ZC_PH_COMBAT;
}

static const ud_action draw_action = { ZC_ACT_DRAW, { 0 } }, decline_action = { ZC_ACT_DECLINE, { 0 } };

UD_OFFER_ROW(offer_bonus, p, s)
{
    (void)p;
    ud_offer_new(s, &draw_action);
    ud_offer_new(s, &decline_action);
}

static bool chose_draw(const void *p, const ud_step *s) { return s->action.kind == ZC_ACT_DRAW; }

static void bonus_draw(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int seat = st->current;
    draw_one(st, seat);
    UD_EMIT(s, "bonus %s draws deck=%d", ud_player(s, seat), st->p[seat].deck.n);
    st->phase = st->win_how ? ZC_PH_WIN : ZC_PH_COMBAT;
}

static bool chose_decline(const void *p, const ud_step *s) { return s->action.kind == ZC_ACT_DECLINE; }

static void bonus_declined(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    UD_EMIT(s, "bonus %s declines deck=%d", ud_player(s, st->current), st->p[st->current].deck.n);
    st->phase = ZC_PH_COMBAT;
}

static bool roll_kills(const void *p, const ud_step *s) { return CST(p)->total >= ZC_KILL; }

static void kill_on_roll(void *p, ud_step *s) { killed(ST(p), s, 0); }

static bool failed_in_outage(const void *p, const ud_step *s)
{
    return CST(p)->total < ZC_KILL && zc_outage(CST(p));
}

static void outage_pays(void *p, ud_step *s) { UD_EMIT(s, "power-outage pays-as-usual"); }

static bool failed_cramped(const void *p, const ud_step *s)
{
    return CST(p)->total < ZC_KILL && CST(p)->cramped;
}

static void cramp_pays(void *p, ud_step *s) { UD_EMIT(s, "brain-cramp pays-as-usual"); }

static int need(const zc_state *st) { return ZC_KILL - st->total; }

static bool bullets_enough(const void *p, const ud_step *s)
{
    const zc_state *st = CST(p);
    return st->total < ZC_KILL && st->p[st->current].bullets.n >= need(st);
}

static void pay_bullets(zc_state *st, ud_step *s, int n)
{
    zc_player *pl = &st->p[st->current];
    if (n > pl->bullets.n) {
        ud_effect_unmet(s, "too few bullets to pay");
        return;
    }
    for (int k = 0; k < n; k++) {
        uint8_t c = pl->bullets.c[--pl->bullets.n];
        pl->bullets.c[pl->bullets.n] = 0;
        ring_push_bottom(&pl->deck, c);
    }
}

static void pay_with_bullets(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int n = need(st);
    /* the fault: one bullet more than the roll fell short, if there is one */
    int paid = n + (ud_fault_on(&zc_faults[ZC_FAULT_BULLETS_ONE_MORE]) && st->p[st->current].bullets.n > n);
    pay_bullets(st, s, paid);
    killed(st, s, n);
}

/* Map-stack cards that may pay: all but the current map card on top. */
static int map_payable(const zc_state *st)
{
    if (ud_fault_on(&zc_faults[ZC_FAULT_MAP_PAYABLE_ALL]))
        return st->map.n; /* the fault: the card you stand on pays too */
    return st->map.n > 0 ? st->map.n - 1 : 0;
}

static bool map_stack_enough(const void *p, const ud_step *s)
{
    const zc_state *st = CST(p);
    int bullets = st->p[st->current].bullets.n;
    return st->total < ZC_KILL && bullets < need(st) && bullets + map_payable(st) >= need(st);
}

static void pay_from_map(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    zc_player *pl = &st->p[st->current];
    int bullets = pl->bullets.n, rest = need(st) - bullets;
    pay_bullets(st, s, bullets);
    for (int k = 0; k < rest; k++)
        ring_push_bottom(&pl->deck, ring_pop_bottom(&st->map));
    /* "you lose any and all weapons/cards played in front of you": where
     * they go is the reading lost-cards (the text does not say) */
    int lost = pl->n_play;
    bool to_bullets = ud_reading(s, ZC_V_LOST_CARDS) == ZC_LOST_BULLET_PILE;
    for (int k = 0; k < lost; k++) {
        if (to_bullets)
            pl->bullets.c[pl->bullets.n++] = pl->play[k];
        else
            ring_push_bottom(&pl->deck, pl->play[k]);
    }
    memset(pl->play, 0, sizeof pl->play);
    pl->n_play = 0;
    st->zombies_left = 0;
    UD_EMIT(s, "map-pay %s bullets=%d map=%d no-card lost=%d%s deck=%d", ud_player(s, st->current), bullets,
            rest, lost,
            lost == 0    ? ""
            : to_bullets ? " to-bullets"
                         : " under-deck",
            pl->deck.n);
    roll_done(st);
    st->phase = ZC_PH_TURN_END;
}

static bool cannot_pay(const void *p, const ud_step *s)
{
    const zc_state *st = CST(p);
    return st->total < ZC_KILL && st->p[st->current].bullets.n + map_payable(st) < need(st);
}

static bool cannot_pay_no_guts(const void *p, const ud_step *s)
{
    return cannot_pay(p, s) && has_effect_in_play(&CST(p)->p[CST(p)->current], ZC_FX_NO_GUTS);
}

static void no_guts_saves(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    zc_player *pl = &st->p[st->current];
    /* the card's premise, "If you are out of bullets": under
     * bullets-first they are spent first, to the bottom of the draw deck
     * as any payment's */
    if (ud_reading(s, ZC_V_NO_GUTS) == ZC_NO_GUTS_BULLETS_FIRST && pl->bullets.n > 0) {
        int spent = pl->bullets.n;
        pay_bullets(st, s, spent);
        UD_EMIT(s, "no-guts %s spends bullets=%d deck=%d", ud_player(s, st->current), spent, pl->deck.n);
    }
    for (int k = 0; k < pl->n_play; k++) {
        uint8_t c = pl->play[k];
        if (CARD(c)->effect == ZC_FX_NO_GUTS) {
            play_remove(pl, k);
            pl->bullets.c[pl->bullets.n++] = c;
            UD_EMIT(s, "no-guts %s turn-ends %s to-bullets", ud_player(s, st->current), ID(c));
            break;
        }
    }
    st->zombies_left = 0;
    roll_done(st);
    st->phase = ZC_PH_TURN_END;
}

static void dies(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    st->p[st->current].dead = 1;
    st->p[st->current].played = 0;
    st->zombies_left = 0;
    UD_EMIT(s, "dead %s needed=%d bullets=%d map=%d", ud_player(s, st->current), need(st),
            st->p[st->current].bullets.n, map_payable(st));
    roll_done(st);
    st->phase = ZC_PH_TURN_END;
}

/* ---- the end of a turn, and of the game -------------------------------------------------- */

static bool one_left(const void *p, const ud_step *s) { return alive_count(CST(p)) == 1; }

static void last_standing(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int w = 0;
    while (st->p[w].dead)
        w++;
    finish(st, w);
    UD_EMIT(s, "winner %s last-standing", ud_player(s, w));
}

static bool none_left(const void *p, const ud_step *s) { return alive_count(CST(p)) == 0; }

static void all_dead(void *p, ud_step *s)
{
    finish(ST(p), -1);
    UD_EMIT(s, "no-winner all-dead");
}

static bool big_hand(const void *p, const ud_step *s)
{
    return CST(p)->p[CST(p)->current].hand.n > ZC_HAND && !CST(p)->p[CST(p)->current].dead;
}

/* The cards of a hand past `limit` to the bottom of the draw deck, the
 * last taken first (where the texts put a card a player loses: "place it
 * at the bottom of your draw deck"). */
static void cut_hand(zc_player *pl, int limit)
{
    while (pl->hand.n > limit) {
        ring_push_bottom(&pl->deck, pl->hand.c[--pl->hand.n]);
        pl->hand.c[pl->hand.n] = 0;
    }
}

static void keep_hand(void *p, ud_step *s)
{
    /* nothing to discard: the row states that nothing happens.  The breach
     * it declares (zc_numbers): 0, none; blame plays a hand cut to a limit
     * near the opening hand's size */
    int limit = ud_number_value(s, ZC_NUM_HAND_LIMIT);
    if (limit > 0)
        cut_hand(&ST(p)->p[CST(p)->current], limit);
    if (ud_fault_on(&zc_faults[ZC_FAULT_HAND_LIMIT_FOUR])) {
        /* the fault: a hand cut to four, the cards over it to the deck's bottom */
        zc_player *pl = &ST(p)->p[CST(p)->current];
        while (pl->hand.n > ZC_HAND + 1) {
            ring_push_bottom(&pl->deck, pl->hand.c[--pl->hand.n]);
            pl->hand.c[pl->hand.n] = 0;
        }
    }
}

static bool survived_last_card(const void *p, const ud_step *s)
{
    const zc_player *pl = &CST(p)->p[CST(p)->current];
    return !pl->dead && pl->deck.n == 0;
}

static void helipad_after_fight(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int w = st->current;
    finish(st, w);
    UD_EMIT(s, "winner %s helipad after-fight", ud_player(s, w));
}

static bool someone_alive(const void *p, const ud_step *s) { return alive_count(CST(p)) > 0; }

static void next_turn(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int n = st->n_players, cur = st->current, next = cur;
    do
        next = (next + 1) % n;
    while (st->p[next].dead);
    /* round=table: a table round begins at the first seat still playing
     * from the first player on. */
    int dist_cur = (cur - st->first + n) % n, dist_next = (next - st->first + n) % n;
    st->new_round = dist_next <= dist_cur;
    st->cramp = 0;
    st->current = (uint8_t)next;
    st->phase = ZC_PH_TURN_START;
}

static bool won_by_draw(const void *p, const ud_step *s) { return CST(p)->win_how == ZC_WIN_DRAW; }

static void helipad(void *p, ud_step *s)
{
    zc_state *st = ST(p);
    int w = st->win_seat;
    finish(st, w);
    UD_EMIT(s, "winner %s helipad", ud_player(s, w));
}

static bool won_by_map(const void *p, const ud_step *s) { return CST(p)->win_how == ZC_WIN_MAP; }

/* ---- faults of amounts (zombies_cards.h; game.h, ud_fault) ---------------------------------- */

const ud_number zc_numbers[ZC_N_NUMBERS] = {
    [ZC_NUM_HAND] = { "ZC-HAND", "opening hand", ZC_HAND, UD_NUMBER_COUNT, 0 },
    /* "There is no limit to the number of cards in your hand": broken, a
     * hand over a limit cut to it at the turn's end, tried at the opening
     * hand's size (and one more, one less) */
    [ZC_NUM_HAND_LIMIT] = { "ZC-NO-HAND-LIMIT", "a hand cut at the turn's end to", 0, UD_NUMBER_BREACH,
                            ZC_HAND },
};

const ud_fault zc_faults[ZC_N_FAULTS] = {
    [ZC_FAULT_HAND_OF_FOUR] = { "hand-of-four", NULL, "each player's opening hand is four cards, not three",
                                "ZC-HAND" },
    [ZC_FAULT_DRAW_CAPPED_AT_ONE] = { "draw-capped-at-one", NULL, "a card that draws several draws one",
                                      "ZC-FX-DRAW" },
    [ZC_FAULT_MAP_PAYABLE_ALL] = { "map-payable-all", NULL,
                                   "the map card the player stands on may pay for a failed fight too",
                                   "ZC-PAY-MAP" },
    [ZC_FAULT_BULLETS_ONE_MORE] = { "bullets-one-more", NULL,
                                    "a failed fight costs one bullet more than the roll fell short",
                                    "ZC-PAY-BULLETS" },
    [ZC_FAULT_HAND_LIMIT_FOUR] = { "hand-limit-four", NULL,
                                   "a hand over four cards is cut to four at the end of the turn",
                                   "ZC-NO-HAND-LIMIT" },
};

/* ---- the table: one list of rows, the rule array and the compiled runner ---------------------- */

#define EFFECT UD_ROW_EFFECT
#define OFFER UD_ROW_OFFER
/* A row active only under one reading: variant key, value. */
#define V(KEY, VALUE) KEY, VALUE

/* X(C, IDX, PHASE, KIND, GUARD, EFFECT, ID, SOURCE, SECTION, SUMMARY, COND, COND2) */
/* The rows are laid out by hand, to read like the rules they encode. */
/* clang-format off */
#define ZC_RULE_LIST(X, C) \
    /* set-up */ \
    X(C, ZC_R_PLAYERS, ZC_PH_SETUP, EFFECT, ud_always, seat_players, "ZC-PLAYERS", SRC, "SETUP", \
      "2 to 6 players: \"For a 2 to 4 player game\" ... \"For a 5 to 6 player game\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FIRST_SEAT, ZC_PH_SETUP, EFFECT, ud_always, first_in_seat_order, "ZC-FIRST-SEAT", SRC, "PLAYER TURN (the text is silent on who starts: undead's reading)", \
      "the first seat takes the first turn", V(ZC_V_FIRST, ZC_FIRST_SEAT), UD_ANY) \
    X(C, ZC_R_FIRST_RANDOM, ZC_PH_SETUP, EFFECT, ud_always, first_by_lot, "ZC-FIRST-RANDOM", SRC, "PLAYER TURN (the text is silent on who starts: undead's reading)", \
      "a player drawn by lot takes the first turn", V(ZC_V_FIRST, ZC_FIRST_RANDOM), UD_ANY) \
    X(C, ZC_R_DEAL, ZC_PH_DEAL, EFFECT, seats_to_deal, deal_seat, "ZC-DEAL", SRC, "SETUP 1-2", \
      "\"Shuffle all of the cards\"; deal 18 each (2-4 players) or 17 (5-6), one pile face down: the draw deck", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_BOX, ZC_PH_DEAL, EFFECT, all_dealt, box_the_rest, "ZC-BOX", SRC, "SETUP 1", \
      "\"Put any remaining cards back in the box.\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_BULLETS, ZC_PH_STOCK, EFFECT, ud_always, take_bullets, "ZC-BULLETS", SRC, "SETUP 3", \
      "the top three cards of each draw deck make the bullet pile", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_HAND, ZC_PH_STOCK, EFFECT, ud_always, opening_hands, "ZC-HAND", SRC, "SETUP 4", \
      "\"Each player draws three cards for their player hand.\"", UD_ALWAYS, UD_ANY) \
    /* the start of a turn */ \
    X(C, ZC_R_ROUND_OWN, ZC_PH_TURN_START, EFFECT, ud_always, own_round_begins, "ZC-ROUND-OWN", SRC, "CARD PLAY", \
      "a round runs \"from the beginning of your turn to the beginning of your next turn\"", V(ZC_V_ROUND, ZC_ROUND_OWN), UD_ANY) \
    X(C, ZC_R_ROUND_TABLE, ZC_PH_TURN_START, EFFECT, table_round_begins, table_round, "ZC-ROUND-TABLE", SRC, "CARD PLAY (the text is silent once players are out: undead's reading)", \
      "a round is one turn of every player still in, from the first player's seat on", V(ZC_V_ROUND, ZC_ROUND_TABLE), UD_ANY) \
    X(C, ZC_R_LASTING_END, ZC_PH_TURN_START, EFFECT, outage_of_current, lasting_ends, "ZC-LASTING-END", SRC, "CARD CLARIFICATIONS", \
      "a card whose effect lasts until your next turn goes to your bullet pile then: \"placed in your bullet pile\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_TURN, ZC_PH_TURN_START, EFFECT, ud_always, turn_begins, "ZC-TURN", SRC, "PLAYER TURN", \
      "a turn: play a map card, then fight zombies", UD_ALWAYS, UD_ANY) \
    /* step 1 */ \
    X(C, ZC_R_MAP_CARD, ZC_PH_MAP, EFFECT, deck_left, play_map_card, "ZC-MAP-CARD", SRC, "PLAYER TURN 1", \
      "\"Take the top card from your draw deck\" onto the map stack: your location and its zombies", UD_ALWAYS, \
      UD_READS(UD_KEY(ZC_V_LAST_CARD) | UD_KEY(ZC_V_OUT_OF_TURN))) \
    /* card play out of turn */ \
    X(C, ZC_R_OUT_OF_TURN, ZC_PH_REACT_NEXT, EFFECT, someone_may_react, ask_reactor, "ZC-OUT-OF-TURN", SRC, "CARD PLAY (ruling (undead's): CARD CLARIFICATIONS speaks of another's turn only for location weapons)", \
      "others may play any card on your turn, each in seat order after your map card: the round runs \"to the beginning of your next turn\"", V(ZC_V_OUT_OF_TURN, ZC_OOT_YES), UD_ANY) \
    X(C, ZC_R_OWN_PLAY, ZC_PH_REACT_NEXT, EFFECT, nobody_reacts, to_own_play, "ZC-OWN-PLAY", SRC, "CARD PLAY", \
      "then the player in turn may play", V(ZC_V_OUT_OF_TURN, ZC_OOT_YES), UD_ANY) \
    X(C, ZC_R_REACT, ZC_PH_REACT, OFFER, ud_always, offer_out_of_turn, "ZC-REACT", SRC, "CARD PLAY (ruling (undead's): the text does not say when in another's turn; once, after the map card)", \
      "\"You may play one card per round\": a card or pass, out of turn, once the current player's map card is down", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_PASS, ZC_PH_REACT, EFFECT, chose_pass, pass, "ZC-PASS", SRC, "CARD PLAY", \
      "a player may play nothing", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_PLAY_OUT, ZC_PH_REACT, EFFECT, chose_card, play_out_of_turn, "ZC-PLAY-OUT", SRC, "CARD PLAY", \
      "a card played goes to your bullet pile (\"When a card is played, discard it into your\" bullet pile)", UD_ALWAYS, UD_ANY) \
    /* card play on your turn */ \
    X(C, ZC_R_PLAY_OFFER, ZC_PH_PLAY, OFFER, ud_always, offer_own, "ZC-PLAY-OFFER", SRC, "CARD PLAY (ruling (undead's): the text does not say when in your turn; after the map card, before the fight)", \
      "\"You may play one card per round\" after your map card, then fight; none once the fight begins", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_PLAY, ZC_PH_PLAY, EFFECT, chose_card, play_own, "ZC-PLAY", SRC, "CARD PLAY", \
      "a card played goes to your bullet pile (\"When a card is played, discard it into your\" bullet pile)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FIGHT, ZC_PH_PLAY, EFFECT, chose_fight, start_fight, "ZC-FIGHT", SRC, "PLAYER TURN 2", \
      "\"Fight zombies.\"", UD_ALWAYS, UD_ANY) \
    /* effects */ \
    X(C, ZC_R_FX_WEAPON, ZC_PH_EFFECT, EFFECT, fx_weapon, lasting_in_front, "ZC-FX-WEAPON", SRC, "CARD CLARIFICATIONS (needed only when played: ruling, undead's)", \
      "a weapon stays in front of you; one with a location is played only while that location is \"the top card of the map stack\" (\"When playing a weapon with a specific location\"); ruling (undead's): the location is needed only when it is played: once in front of you it is used at any location (the text states the condition for playing it, and none for using it)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_LUCK, ZC_PH_EFFECT, EFFECT, fx_luck, lasting_in_front, "ZC-FX-LUCK", SRC, "CARD CLARIFICATIONS", \
      "a bonus to your next roll lasts longer than your turn: \"play in front of you until the effect is complete\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_DRAW, ZC_PH_EFFECT, EFFECT, fx_draw, draw_cards, "ZC-FX-DRAW", SRC, "DRAWING CARDS", \
      "\"The only time you draw cards is due to a card effect or during combat.\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_MOVE, ZC_PH_EFFECT, EFFECT, fx_move, movement, "ZC-FX-MOVE", SRC, "CARD CLARIFICATIONS", \
      "\"When cards state a movement, this indicates playing a map card to the map stack.\"", UD_ALWAYS, \
      UD_READS(UD_KEY(ZC_V_LAST_CARD))) \
    X(C, ZC_R_FX_LOSE_BULLET, ZC_PH_EFFECT, EFFECT, fx_lose, bullets_to_deck, "ZC-FX-LOSE-BULLET", SRC, "CARD CLARIFICATIONS (ruling (undead's) on whom: the text is silent on naming a player with no bullets)", \
      "to lose a bullet: \"take a card from your bullet stack and place it at the bottom of your draw deck\"; only another live player with a bullet may be named", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_DISCARD_BULLET, ZC_PH_EFFECT, EFFECT, fx_discard, bullets_to_deck, "ZC-FX-DISCARD-BULLET", SRC, "CARD CLARIFICATIONS (ruling (undead's) on whom: the text is silent on naming a player with no bullets)", \
      "to discard a bullet is the same (\"Example: Butter Fingers\"); only another live player with a bullet may be named", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_POWER_OUTAGE, ZC_PH_EFFECT, EFFECT, fx_outage, lasting_in_front, "ZC-FX-POWER-OUTAGE", SRC, "Power Outage", \
      "in front of you until your next turn: no weapon adds to a roll (the effect is undead's sample)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_EXTRA_PLAY, ZC_PH_EFFECT, EFFECT, fx_extra, extra_play, "ZC-FX-EXTRA-PLAY", SRC, "Oooooh, What Luck! (ruling (undead's): the text does not say how many more cards; it is not your card of the round, so one more)", \
      "Oooooh, What Luck! lifts the one-card rule (\"This card supercedes the\" one card per turn rule): it does not count as your card of the round", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_NO_GUTS, ZC_PH_EFFECT, EFFECT, fx_no_guts, lasting_in_front, "ZC-FX-NO-GUTS", SRC, "No Guts, No Glory", \
      "in front of you until a failed roll you cannot pay (the effect is 003's ruling)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_FX_BRAIN_CRAMP, ZC_PH_EFFECT, EFFECT, fx_cramp, brain_cramp, "ZC-FX-BRAIN-CRAMP", SRC, "Brain Cramp", \
      "played on another's turn: the current player's next roll counts as 1 (the effect is undead's sample)", UD_ALWAYS, UD_ANY) \
    /* combat */ \
    X(C, ZC_R_COMBAT_OVER, ZC_PH_COMBAT, EFFECT, no_zombies_left, combat_over, "ZC-COMBAT-OVER", SRC, "FIGHTING ZOMBIES", \
      "\"Roll the die one time for each zombie at your location\": none left, the turn ends", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_WEAPON_CHOICE, ZC_PH_COMBAT, EFFECT, choice_of_weapons, to_weapon_choice, "ZC-WEAPON-CHOICE", SRC, "FIGHTING ZOMBIES", \
      "\"You may only use one weapon at a time for combat. Choose which weapon before you roll.\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_ONE_WEAPON, ZC_PH_COMBAT, EFFECT, one_weapon, use_the_weapon, "ZC-ONE-WEAPON", SRC, "FIGHTING ZOMBIES", \
      "with one weapon in front of you, it is the one used", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_NO_WEAPON, ZC_PH_COMBAT, EFFECT, no_weapon, bare_hands, "ZC-NO-WEAPON", SRC, "FIGHTING ZOMBIES", \
      "no weapon (or a Power Outage in effect): the bare roll", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_WEAPON_OFFER, ZC_PH_WEAPON, OFFER, ud_always, offer_weapons, "ZC-WEAPON-OFFER", SRC, "FIGHTING ZOMBIES", \
      "\"Choose which weapon before you roll.\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_WEAPON_CHOSEN, ZC_PH_WEAPON, EFFECT, ud_always, weapon_chosen, "ZC-WEAPON-CHOSEN", SRC, "FIGHTING ZOMBIES", \
      "the chosen weapon adds to this roll", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_CRAMPED, ZC_PH_ROLL, EFFECT, cramp_waiting, cramped_roll, "ZC-CRAMPED", SRC, "Brain Cramp", \
      "a Brain Cramp waiting: the roll counts as 1 (the effect is undead's sample)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_ROLL, ZC_PH_ROLL, EFFECT, ud_always, roll, "ZC-ROLL", SRC, "FIGHTING ZOMBIES", \
      "one roll of the die for the zombie", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_KILL, ZC_PH_RESOLVE, EFFECT, roll_kills, kill_on_roll, "ZC-KILL", SRC, "FIGHTING ZOMBIES", \
      "\"If you roll a 4 or more, you kill that zombie\"; then you may draw a card (ZC-BONUS-OFFER)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_OUTAGE_PAYS, ZC_PH_RESOLVE, EFFECT, failed_in_outage, outage_pays, "ZC-OUTAGE-PAYS", SRC, "Power Outage", \
      "\"Players will draw bullets and cards from the map stack due to failed combat rolls as usual.\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_CRAMP_PAYS, ZC_PH_RESOLVE, EFFECT, failed_cramped, cramp_pays, "ZC-CRAMP-PAYS", SRC, "Brain Cramp", \
      "\"The current player still pays bullets, etc. from their cards as usual.\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_PAY_BULLETS, ZC_PH_RESOLVE, EFFECT, bullets_enough, pay_with_bullets, "ZC-PAY-BULLETS", SRC, "FIGHTING ZOMBIES (ruling (undead's) on the order: the text does not say which bullets go first; the top of the pile)", \
      "\"Each card taken from your bullet stack will raise the number rolled by one\"; taken from the top of the pile to the bottom of your draw deck; the zombie is killed, and you may draw (ZC-BONUS-OFFER)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_PAY_MAP, ZC_PH_RESOLVE, EFFECT, map_stack_enough, pay_from_map, "ZC-PAY-MAP", SRC, "FIGHTING ZOMBIES", \
      "short of bullets: take additional cards \"from the bottom of the\" map stack; no draw, lose all cards in front (where they go: lost-cards), no further combat", UD_ALWAYS, \
      UD_READS(UD_KEY(ZC_V_LOST_CARDS))) \
    X(C, ZC_R_NO_GUTS, ZC_PH_RESOLVE, EFFECT, cannot_pay_no_guts, no_guts_saves, "ZC-NO-GUTS", SRC, "No Guts, No Glory (ruling (undead's): the card applies \"If you are out of bullets\"; what is paid is the reading no-guts)", \
      "a roll you cannot pay: \"your turn ends. You are not eliminated from the game as normal.\"; your bullets spent first, or kept (no-guts); the card goes to your bullet pile", UD_ALWAYS, \
      UD_READS(UD_KEY(ZC_V_NO_GUTS))) \
    X(C, ZC_R_DEATH, ZC_PH_RESOLVE, EFFECT, cannot_pay, dies, "ZC-DEATH", SRC, "FIGHTING ZOMBIES", \
      "not enough map-stack cards: \"you are dead and out of the game\"", UD_ALWAYS, UD_ANY) \
    /* the card a kill lets you draw */ \
    X(C, ZC_R_BONUS_OFFER, ZC_PH_BONUS, OFFER, ud_always, offer_bonus, "ZC-BONUS-OFFER", SRC, "FIGHTING ZOMBIES", \
      "a zombie killed without the map stack: \"you may draw a card from your draw deck\", or not", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_BONUS_DRAW, ZC_PH_BONUS, EFFECT, chose_draw, bonus_draw, "ZC-BONUS-DRAW", SRC, "FIGHTING ZOMBIES", \
      "the top card of your draw deck to your hand (the last one wins: WINNING THE GAME)", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_BONUS_DECLINE, ZC_PH_BONUS, EFFECT, chose_decline, bonus_declined, "ZC-BONUS-DECLINE", SRC, "FIGHTING ZOMBIES", \
      "\"may draw\": a player who declines draws nothing and fights on", UD_ALWAYS, UD_ANY) \
    /* the end of a turn */ \
    X(C, ZC_R_LAST_STANDING, ZC_PH_TURN_END, EFFECT, one_left, last_standing, "ZC-LAST-STANDING", SRC, "OBJECTIVE (ruling (undead's): the text is silent when all others are dead)", \
      "the last player alive wins at once", V(ZC_V_LAST_STANDING, ZC_STANDING_WINS), UD_ANY) \
    X(C, ZC_R_ALL_DEAD, ZC_PH_TURN_END, EFFECT, none_left, all_dead, "ZC-ALL-DEAD", SRC, "WINNING THE GAME (the text is silent: undead's reading)", \
      "nobody left alive: nobody wins", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_WIN_AFTER_FIGHT, ZC_PH_TURN_END, EFFECT, survived_last_card, helipad_after_fight, "ZC-WIN-AFTER-FIGHT", SRC, "WINNING THE GAME (the text is silent on the map card: undead's reading)", \
      "a map card that empties your deck wins once its zombies are fought and you live", V(ZC_V_LAST_CARD, ZC_LAST_AFTER_FIGHT), UD_ANY) \
    X(C, ZC_R_NO_HAND_LIMIT, ZC_PH_TURN_END, EFFECT, big_hand, keep_hand, "ZC-NO-HAND-LIMIT", SRC, "CARD PLAY", \
      "\"There is no limit to the number of cards in your hand.\"", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_NEXT, ZC_PH_TURN_END, EFFECT, someone_alive, next_turn, "ZC-NEXT", SRC, "PLAYER TURN (the text is silent on the order: undead's reading)", \
      "the next player alive in seat order takes the next turn", UD_ALWAYS, UD_ANY) \
    /* winning */ \
    X(C, ZC_R_WIN, ZC_PH_WIN, EFFECT, won_by_draw, helipad, "ZC-WIN", SRC, "WINNING THE GAME", \
      "\"When you have drawn the last card from your draw deck\" you have won", UD_ALWAYS, UD_ANY) \
    X(C, ZC_R_WIN_MAP, ZC_PH_WIN, EFFECT, won_by_map, helipad, "ZC-WIN-MAP", SRC, "OBJECTIVE", \
      "\"exhausting all of the cards in your draw deck\": a map card that empties it wins too", V(ZC_V_LAST_CARD, ZC_LAST_ANY), UD_ANY)
/* clang-format on */

UD_COMPILED_TABLE(ZC_RULE_LIST, zc_rules, ZC_N_RULES, ZC_PHASES, zc_compiled_rows)
