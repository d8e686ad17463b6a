/*
 * game.c - Zombies!!! The Card Game's ud_game: phases, actions, variants,
 * invariants, policies, start lines, what a seat sees, and the functions
 * that read the state.  The rows are in rules.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zc_draw.h"
#include "zombies_cards.h"

#include "extras.h"

#define SRC "003_097727651bff7a0a.txt"
#define ST(p) ((zc_state *)ud_mutable(p))
#define CST(p) ((const zc_state *)(p))
#define CARD(i) (&zc_content.card[(i)])

static const ud_phase zc_phases[ZC_PHASES] = {
    [ZC_PH_SETUP] = { "setup", UD_PHASE_AUTO },       [ZC_PH_DEAL] = { "deal", UD_PHASE_AUTO },
    [ZC_PH_STOCK] = { "stock", UD_PHASE_AUTO },       [ZC_PH_TURN_START] = { "turn-start", UD_PHASE_AUTO },
    [ZC_PH_MAP] = { "map", UD_PHASE_AUTO },           [ZC_PH_REACT_NEXT] = { "react-next", UD_PHASE_AUTO },
    [ZC_PH_REACT] = { "react", UD_PHASE_DECISION },   [ZC_PH_PLAY] = { "play", UD_PHASE_DECISION },
    [ZC_PH_EFFECT] = { "effect", UD_PHASE_AUTO },     [ZC_PH_COMBAT] = { "combat", UD_PHASE_AUTO },
    [ZC_PH_WEAPON] = { "weapon", UD_PHASE_DECISION }, [ZC_PH_ROLL] = { "roll", UD_PHASE_AUTO },
    [ZC_PH_RESOLVE] = { "resolve", UD_PHASE_AUTO },   [ZC_PH_BONUS] = { "bonus", UD_PHASE_DECISION },
    [ZC_PH_TURN_END] = { "turn-end", UD_PHASE_AUTO }, [ZC_PH_WIN] = { "win", UD_PHASE_AUTO },
    [ZC_PH_OVER] = { "over", UD_PHASE_OVER },
};

/* Card numbers are the card's place in the list, from 1:
 * "decide ann play 17", "decide ann play-on 5 bob", "decide ann weapon 30";
 * after a kill, "decide ann draw" or "decide ann decline". */
static const ud_action_kind zc_actions[ZC_ACTIONS] = {
    [ZC_ACT_PLAY] = { "play", "%d" },       [ZC_ACT_PLAY_ON] = { "play-on", "%d %p" },
    [ZC_ACT_FIGHT] = { "fight", NULL },     [ZC_ACT_PASS] = { "pass", NULL },
    [ZC_ACT_WEAPON] = { "weapon", "%d" },   [ZC_ACT_DRAW] = { "draw", NULL },
    [ZC_ACT_DECLINE] = { "decline", NULL },
};
static const char *const zc_chance_events[] = { "deal", "lot", "roll", NULL };

/* ---- variants ------------------------------------------------------------------------- */

static const ud_variant_value first_values[] = {
    { "seat-order", SRC, "PLAYER TURN (the text is silent: undead's reading)", "the first seat starts" },
    { "random", SRC, "PLAYER TURN (the text is silent: undead's reading)", "a player drawn by lot starts" },
};
static const ud_variant_value last_values[] = {
    { "any", SRC, "OBJECTIVE",
      "\"exhausting all of the cards in your draw deck\" in any way wins, a map card included" },
    { "after-fight", SRC, "WINNING THE GAME (the text is silent: undead's reading)",
      "a map card that empties the deck wins only once its zombies are fought and the player lives" },
};
static const ud_variant_value round_values[] = {
    { "own-turns", SRC, "CARD PLAY",
      "a player's round runs from the start of their turn to the start of their next" },
    { "table", SRC, "CARD PLAY (the text is silent once players are out: undead's reading)",
      "a round is one turn of every player still in; everyone's card is renewed when it begins" },
};
static const ud_variant_value standing_values[] = {
    { "wins", SRC, "OBJECTIVE (ruling (undead's): the text is silent when all others are dead)",
      "the last player alive wins at once" },
    { "plays-on", SRC, "WINNING THE GAME", "the last player alive plays on, and wins only by the last card" },
};
static const ud_variant_value oot_values[] = {
    { "yes", SRC,
      "CARD PLAY (ruling (undead's): CARD CLARIFICATIONS speaks of another's turn only for location weapons)",
      "any card may be played on others' turns: a round runs \"to the beginning of your next turn\"" },
    { "no", SRC, "PLAYER TURN (the text is silent: undead's reading)",
      "cards are played on your own turn only" },
};
static const ud_variant_value lost_values[] = {
    { "under-deck", SRC,
      "CARD CLARIFICATIONS (ruling (undead's): FIGHTING ZOMBIES says \"you lose\" them, not where they go)",
      "cards lost to a map-stack payment go under your draw deck, as a lost bullet does (\"When a card states "
      "that you lose a bullet\")" },
    { "bullet-pile", SRC,
      "CARD CLARIFICATIONS (ruling (undead's): FIGHTING ZOMBIES says \"you lose\" them, not where they go)",
      "cards lost to a map-stack payment go to your bullet pile, as a lasting card does once its effect is "
      "complete (\"the card will be placed in your bullet pile\")" },
};
static const ud_variant_value no_guts_values[] = {
    { "bullets-first", SRC,
      "CARD CLARIFICATIONS (ruling (undead's): the card applies \"If you are out of bullets and cannot draw from "
      "the map stack\")",
      "a roll you cannot pay spends every bullet first, as any payment does; then, out of bullets and with "
      "too few map-stack cards, your turn ends" },
    { "pay-nothing", SRC, "CARD CLARIFICATIONS (the text is silent on what is paid: undead's reading)",
      "a roll you cannot pay costs nothing: your bullets are kept and your turn ends" },
};
const ud_variant zc_variants[ZC_VARIANTS] = {
    [ZC_V_FIRST] = { "first", "Who takes the first turn?", 2, first_values, ZC_FIRST_SEAT },
    [ZC_V_LAST_CARD] = { "last-card", "Does the map card taken in step 1 count as the last card drawn?", 2,
                         last_values, ZC_LAST_ANY },
    [ZC_V_ROUND] = { "round", "What is the round of \"one card per round\" once players are out?", 2,
                     round_values, ZC_ROUND_OWN },
    [ZC_V_LAST_STANDING] = { "last-standing", "What happens when every other player is dead?", 2,
                             standing_values, ZC_STANDING_WINS },
    [ZC_V_OUT_OF_TURN] = { "out-of-turn", "May a player play a card on another player's turn?", 2, oot_values,
                           ZC_OOT_YES },
    [ZC_V_LOST_CARDS] = { "lost-cards",
                          "Where do the cards in front of you go when a map-stack payment loses them?", 2,
                          lost_values, ZC_LOST_UNDER_DECK },
    [ZC_V_NO_GUTS] = { "no-guts", "What does a roll that No Guts, No Glory saves you from cost?", 2,
                       no_guts_values, ZC_NO_GUTS_BULLETS_FIRST },
};

/* ---- invariants ------------------------------------------------------------------------- */

UD_INVARIANTS_BEGIN

static bool cards_conserved(const ud_game *g, const void *p, ud_buf *why)
{
    const zc_state *st = CST(p);
    if (st->phase <= ZC_PH_DEAL)
        return true;
    uint8_t seen[ZC_MAX_CARDS] = { 0 };
    int total = 0;
#define COUNT(card)                                                             \
    do {                                                                        \
        int c_ = (card);                                                        \
        if (c_ >= zc_content.n_cards || seen[c_]++) {                           \
            ud_buf_printf(why, "card %d is in two places, or no card", c_ + 1); \
            return false;                                                       \
        }                                                                       \
        total++;                                                                \
    } while (0)
    for (int i = 0; i < st->n_players; i++) {
        const zc_player *pl = &st->p[i];
        for (int k = 0; k < pl->deck.n; k++)
            COUNT(zc_ring_at(&pl->deck, k));
        for (int k = 0; k < pl->hand.n; k++)
            COUNT(pl->hand.c[k]);
        for (int k = 0; k < pl->bullets.n; k++)
            COUNT(pl->bullets.c[k]);
        for (int k = 0; k < pl->n_play; k++)
            COUNT(pl->play[k]);
    }
    for (int k = 0; k < st->map.n; k++)
        COUNT(zc_ring_at(&st->map, k));
#undef COUNT
    if (total != st->n_dealt) {
        ud_buf_printf(why, "%d cards in play, %d were dealt", total, st->n_dealt);
        return false;
    }
    return true;
}

/* The current map card stays on top: payment never takes it, so a payment
 * never needs a card from an empty map stack. */
static bool map_top_kept(const ud_game *g, const void *p, ud_buf *why)
{
    const zc_state *st = CST(p);
    if (st->turn == 0 || st->phase == ZC_PH_TURN_START || st->phase == ZC_PH_MAP)
        return true;
    if (st->here == ZC_NO_CARD || st->map.n == 0 || zc_ring_at(&st->map, 0) != st->here) {
        ud_buf_printf(why, "the current map card is not on top of the map stack (%d cards)", st->map.n);
        return false;
    }
    return true;
}

static bool one_card_per_round(const ud_game *g, const void *p, ud_buf *why)
{
    const zc_state *st = CST(p);
    for (int i = 0; i < st->n_players; i++)
        if (st->p[i].played > 1) {
            ud_buf_printf(why, "seat %d played %d cards this round", i, st->p[i].played);
            return false;
        }
    return true;
}

static bool dead_never_act(const ud_game *g, const void *p, ud_buf *why)
{
    const zc_state *st = CST(p);
    int seat = -1;
    if (st->phase == ZC_PH_REACT)
        seat = st->reactor;
    else if (st->phase == ZC_PH_PLAY || st->phase == ZC_PH_WEAPON || st->phase == ZC_PH_BONUS ||
             st->phase == ZC_PH_MAP || st->phase == ZC_PH_COMBAT || st->phase == ZC_PH_ROLL)
        seat = st->current;
    if (seat >= 0 && st->p[seat].dead) {
        ud_buf_printf(why, "seat %d is dead and acts in phase %s", seat, g->phases[st->phase].name);
        return false;
    }
    return true;
}

static bool over_exactly_when_won(const ud_game *g, const void *p, ud_buf *why)
{
    const zc_state *st = CST(p);
    bool over = st->phase == ZC_PH_OVER;
    if (over != (st->over == 1)) {
        ud_buf_printf(why, "phase %s but over=%d", g->phases[st->phase].name, st->over);
        return false;
    }
    if (st->phase <= ZC_PH_STOCK)
        return true;
    int alive = 0;
    for (int i = 0; i < st->n_players; i++)
        alive += !st->p[i].dead;
    if (over) {
        if (st->winner >= 0) {
            const zc_player *w = &st->p[st->winner];
            bool by_deck = w->deck.n == 0;
            bool by_standing = alive == 1 && st->readings[ZC_V_LAST_STANDING] == ZC_STANDING_WINS;
            if (w->dead || !(by_deck || by_standing)) {
                ud_buf_printf(why, "seat %d won with %d cards in its deck and %d alive", st->winner,
                              w->deck.n, alive);
                return false;
            }
        } else if (alive > 0) {
            ud_buf_printf(why, "the game ended with no winner and %d players alive", alive);
            return false;
        }
        return true;
    }
    int need = st->readings[ZC_V_LAST_STANDING] == ZC_STANDING_WINS ? 2 : 1;
    if (alive < need && st->phase != ZC_PH_TURN_END) {
        ud_buf_printf(why, "the game goes on with %d players alive", alive);
        return false;
    }
    if (st->win_how == ZC_WIN_NONE && st->readings[ZC_V_LAST_CARD] == ZC_LAST_ANY)
        for (int i = 0; i < st->n_players; i++)
            if (!st->p[i].dead && st->p[i].deck.n == 0) {
                ud_buf_printf(why, "seat %d has exhausted its deck and the game goes on", i);
                return false;
            }
    return true;
}

static bool piles_in_range(const ud_game *g, const void *p, ud_buf *why)
{
    const zc_state *st = CST(p);
    for (int i = 0; i < st->n_players; i++) {
        const zc_player *pl = &st->p[i];
        if (pl->deck.n > ZC_MAX_CARDS || pl->hand.n > ZC_MAX_CARDS || pl->bullets.n > ZC_MAX_CARDS ||
            pl->n_play > ZC_MAX_INPLAY) {
            ud_buf_printf(why, "seat %d: deck %d hand %d bullets %d in play %d", i, pl->deck.n, pl->hand.n,
                          pl->bullets.n, pl->n_play);
            return false;
        }
    }
    if (st->n_players && st->current >= st->n_players) {
        ud_buf_printf(why, "seat %d of %d in turn", st->current, st->n_players);
        return false;
    }
    return true;
}

const ud_invariant zc_invariants[ZC_N_INVARIANTS] = {
    { "ZC-INV-CARDS", "cards are conserved: each dealt card is in exactly one pile", cards_conserved },
    { "ZC-INV-MAP-TOP", "the current map card stays on top of the map stack (never taken to pay)",
      map_top_kept },
    { "ZC-INV-ONE-CARD", "at most one card that counts per player per round", one_card_per_round },
    { "ZC-INV-DEAD", "a dead player never acts", dead_never_act },
    { "ZC-INV-OVER", "the game is over exactly when a player has won (or none is left)",
      over_exactly_when_won },
    { "ZC-INV-PILES", "piles within their sizes, the seat in turn at the table", piles_in_range },
};

UD_INVARIANTS_END

/* ---- policies ----------------------------------------------------------------------------- */

static int effect_of(const ud_action *a) { return CARD(a->arg[0] - 1)->effect; }

static int find_kind(const ud_offers *o, int kind)
{
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == kind)
            return i;
    return -1;
}

/* The weapon with the highest bonus, when there is a choice of weapons. */
static int best_weapon(const ud_offers *o)
{
    int best = -1, bonus = -1;
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == ZC_ACT_WEAPON && CARD(o->action[i].arg[0] - 1)->bonus > bonus) {
            bonus = CARD(o->action[i].arg[0] - 1)->bonus;
            best = i;
        }
    return best;
}

/* Fight, pass, or take the card a kill offers (a card drawn is one
 * nearer the helipad: both policies always draw). */
static int stop_or_pass(const ud_offers *o)
{
    int i = find_kind(o, ZC_ACT_FIGHT);
    if (i < 0)
        i = find_kind(o, ZC_ACT_PASS);
    return i >= 0 ? i : find_kind(o, ZC_ACT_DRAW);
}

/* Bullets are what keeps a player alive: play a card every round it can
 * (a played card is a bullet), and only cards that go straight to the
 * bullet pile; never a lasting card, which a map-stack payment loses.
 * The best weapon if there is a choice of them; else the first card of
 * the most preferred effect (HOARD: the order of preference, 1 first, 0
 * never played); else fight or pass.  One pass over the offers: it is
 * asked at every decision of a game. */
static int hoarder(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    (void)g, (void)p, (void)seat, (void)param, (void)rng;
    static const uint8_t hoard[ZC_EFFECTS] = {
        [ZC_FX_DRAW] = 1,        [ZC_FX_EXTRA_PLAY] = 2,  [ZC_FX_DISCARD_BULLET] = 3,
        [ZC_FX_LOSE_BULLET] = 4, [ZC_FX_BRAIN_CRAMP] = 5,
    };
    int weapon = -1, bonus = -1, play = -1, rank = 6, fight = -1, pass = -1, draw = -1;
    for (int i = 0; i < o->n; i++) {
        const ud_action *a = &o->action[i];
        switch (a->kind) {
        case ZC_ACT_WEAPON:
            if (CARD(a->arg[0] - 1)->bonus > bonus) {
                bonus = CARD(a->arg[0] - 1)->bonus;
                weapon = i;
            }
            break;
        case ZC_ACT_PLAY:
        case ZC_ACT_PLAY_ON: {
            int e = effect_of(a), r = e < ZC_EFFECTS && hoard[e] ? hoard[e] : 6;
            if (r < rank) {
                rank = r;
                play = i;
            }
            break;
        }
        case ZC_ACT_FIGHT:
            fight = fight < 0 ? i : fight;
            break;
        case ZC_ACT_PASS:
            pass = pass < 0 ? i : pass;
            break;
        case ZC_ACT_DRAW:
            draw = i;
            break;
        default:
            break;
        }
    }
    if (weapon >= 0)
        return weapon;
    if (play >= 0)
        return play;
    if (draw >= 0)
        return draw; /* a card drawn is one nearer the helipad */
    return fight >= 0 ? fight : pass;
}

/* Plays the strongest weapon it may, whenever it may; otherwise fights or
 * passes. */
static int gunner(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    (void)g, (void)p, (void)seat, (void)param, (void)rng;
    int w = best_weapon(o);
    if (w >= 0)
        return w;
    int best = -1, bonus = 0;
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == ZC_ACT_PLAY && effect_of(&o->action[i]) == ZC_FX_WEAPON &&
            CARD(o->action[i].arg[0] - 1)->bonus > bonus) {
            bonus = CARD(o->action[i].arg[0] - 1)->bonus;
            best = i;
        }
    return best >= 0 ? best : stop_or_pass(o);
}

const ud_policy_def zc_policies[ZC_N_POLICIES] = {
    { "hoarder",
      "plays a card every round, only ones that go straight to the bullet pile; draws for every kill", 0, 0,
      hoarder, 0, 0, 0, 1 },
    { "gunner", "plays its strongest weapon whenever it may, else fights or passes; draws for every kill", 0,
      0, gunner, 0, 0, 0, 1 },
};

/* ---- start lines ------------------------------------------------------------------------------ */

/* "deck NAME N,N,...": the cards dealt to NAME, top of the pile first, as
 * card numbers (from 1); more lines for the same player add to the
 * bottom.  The first three become bullets, the next three the hand. */
static bool zc_apply_start(void *p, const ud_setup *setup, const char *line, ud_buf *err)
{
    zc_content_ready();
    zc_state *st = ST(p);
    char what[16], name[UD_NAME_MAX], list[UD_START_LEN];
    int used = 0;
    if (sscanf(line, "%15s %23s %95s%n", what, name, list, &used) != 3 || line[used] != '\0' ||
        strcmp(what, "deck") != 0) {
        ud_buf_puts(err, "expected 'deck PLAYER N,N,...' (card numbers from 1, top of the pile first)");
        return false;
    }
    int seat = -1;
    for (int i = 0; i < setup->n_players; i++)
        if (strcmp(setup->names[i], name) == 0)
            seat = i;
    if (seat < 0 || seat >= ZC_MAX_PLAYERS) {
        ud_buf_printf(err, "no player named '%s'", name);
        return false;
    }
    zc_player *pl = &st->p[seat];
    /* every item between commas is a card: an empty one (",", "1,,2",
     * "1,") is refused, not skipped */
    for (char *tok = list, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next)
            *next++ = '\0';
        char *end;
        errno = 0;
        long v = strtol(tok, &end, 10);
        if (!*tok) {
            ud_buf_printf(err, "expected a card number 1..%d before and after every ',', found an empty item",
                          zc_content.n_cards);
            return false;
        }
        if (!isdigit((unsigned char)*tok) || *end != '\0' || errno == ERANGE || v < 1 ||
            v > zc_content.n_cards) {
            ud_buf_printf(err, "expected a card number 1..%d, got '%s'", zc_content.n_cards, tok);
            return false;
        }
        for (int i = 0; i < ZC_MAX_PLAYERS; i++)
            for (int k = 0; k < st->p[i].deck.n; k++)
                if (zc_ring_at(&st->p[i].deck, k) == v - 1) {
                    ud_buf_printf(err, "card %ld is dealt twice", v);
                    return false;
                }
        if (pl->deck.n >= zc_content.deal_small) {
            ud_buf_printf(err, "more than %d cards for %s", zc_content.deal_small, name);
            return false;
        }
        pl->deck.c[pl->deck.n++] = (uint8_t)(v - 1);
    }
    pl->preset = 1;
    return true;
}

/* The deal the start lines made, once all are read (more lines for one
 * player add to the deck): each dealt player holds enough to set up, three
 * bullets, three in hand and a draw deck.  A shorter deck is no position
 * to play from: bad input, refused here at the start lines (the deal's
 * rule, ZC-DEAL, would otherwise meet it as a rule failure). */
static bool zc_check_start(const void *p, const ud_setup *setup, ud_buf *err)
{
    const zc_state *st = CST(p);
    for (int seat = 0; seat < setup->n_players && seat < ZC_MAX_PLAYERS; seat++) {
        const zc_player *pl = &st->p[seat];
        if (!pl->preset || pl->deck.n >= ZC_BULLETS + ZC_HAND + 1)
            continue;
        /* the player's deck line, or how many there were */
        const char *line = NULL;
        int lines = 0;
        char head[UD_NAME_MAX + 8];
        snprintf(head, sizeof head, "deck %s ", setup->names[seat]);
        for (int i = 0; i < setup->n_start; i++)
            if (strncmp(setup->start[i], head, strlen(head)) == 0) {
                line = setup->start[i];
                lines++;
            }
        ud_buf_printf(
            err,
            "expected at least %d cards dealt to %s (three bullets, three in hand and a draw deck), "
            "found %d",
            ZC_BULLETS + ZC_HAND + 1, setup->names[seat], pl->deck.n);
        if (lines == 1)
            ud_buf_printf(err, " in '%s'", line);
        else
            ud_buf_printf(err, " in its %d deck lines", lines);
        return false;
    }
    return true;
}

/* ---- reading the state --------------------------------------------------------------------------- */

static void zc_init(void *p, const ud_setup *setup)
{
    zc_content_ready();
    zc_state *st = ST(p);
    for (int v = 0; v < ZC_VARIANTS; v++)
        /* A copy for the invariants, which have no step to ask; no row reads it. */
        st->readings[v] = (uint8_t)setup->variant[v]; /* ud-reading-ok: for the invariants */
    st->phase = ZC_PH_SETUP;
    st->winner = -1;
    st->here = ZC_NO_CARD;
    st->weapon = ZC_NO_CARD;
}

static int zc_to_move(const void *p)
{
    const zc_state *st = CST(p);
    return st->phase == ZC_PH_REACT ? st->reactor : st->current;
}

static void seat_list(ud_buf *out, const char *key, const zc_state *st, const ud_setup *setup, int which)
{
    ud_buf_printf(out, " %s=", key);
    for (int i = 0; i < st->n_players && i < setup->n_players; i++) {
        const zc_player *pl = &st->p[i];
        int v = which == 0 ? pl->deck.n : which == 1 ? pl->hand.n : which == 2 ? pl->bullets.n : pl->n_play;
        ud_buf_printf(out, "%s%s:%d%s", i ? "," : "", setup->names[i], v, pl->dead ? "+dead" : "");
    }
}

static void zc_describe(const ud_game *g, const void *p, const ud_setup *setup, ud_buf *out)
{
    (void)g;
    const zc_state *st = CST(p);
    int who = zc_to_move(st);
    ud_buf_printf(out, "turn=%s here=%s left=%d map=%d", who < setup->n_players ? setup->names[who] : "?",
                  st->here == ZC_NO_CARD ? "-" : CARD(st->here)->id, st->zombies_left, st->map.n);
    seat_list(out, "decks", st, setup, 0);
    seat_list(out, "hands", st, setup, 1);
    seat_list(out, "bullets", st, setup, 2);
    seat_list(out, "in-play", st, setup, 3);
}

/* Cards left to draw: the fewer, the closer to the helipad. */
static int zc_score(const void *p, int seat) { return -(int)CST(p)->p[seat].deck.n; }

static int zc_winner(const void *p) { return CST(p)->winner; }

static void zc_outcomes(const void *p, int n_players, uint8_t *out)
{
    const zc_state *st = CST(p);
    for (int i = 0; i < n_players; i++)
        out[i] = i < ZC_MAX_PLAYERS ? (st->over        ? st->outcome[i]
                                       : st->p[i].dead ? UD_SEAT_OUT
                                                       : UD_SEAT_PLAYING)
                                    : UD_SEAT_PLAYING;
}

/* A seat sees its own hand, every face-up pile (bullets, cards in play,
 * the map stack) and how many cards each deck and hand holds: not other
 * hands, nor the order of any draw deck (its own included: face down). */
static void zc_observe(const void *p, int seat, void *view)
{
    zc_state *v = view;
    memcpy(v, p, sizeof *v);
    /* Slots past a pile's count are always 0 (the rows clear what they
     * take), so only the cards held need hiding: this runs at every
     * decision. */
    for (int i = 0; i < v->n_players; i++) {
        zc_player *pl = &v->p[i];
        for (int k = 0; k < pl->deck.n; k++)
            pl->deck.c[(pl->deck.head + k) & (ZC_RING - 1)] = ZC_NO_CARD;
        if (i != seat)
            memset(pl->hand.c, ZC_NO_CARD, pl->hand.n);
    }
}

extern const ud_game_extras zc_extras;
extern int zc_compiled_rows(ud_step *s, void *state, int ph, bool from_decision);

static const ud_ratio zc_ratios[] = {
    { "turns per game", "ZC-TURN", "ZC-PLAYERS" },
    { "deaths per game", "ZC-DEATH", "ZC-PLAYERS" },
    { "map-stack payments per game", "ZC-PAY-MAP", "ZC-PLAYERS" },
    { "cards played per turn", "ZC-PLAY", "ZC-TURN" },
    { "cards played out of turn per turn", "ZC-PLAY-OUT", "ZC-TURN" },
};

/* State values whose items a record may write in any order: one entry per player. */
static const char *const unordered_state_keys[] = { "decks", "hands", "bullets", "in-play", NULL };

/* The counts a row may change (ud_game.counts): each player's cards in
 * each place (draw deck, hand, bullet pile, in front) and whether alive,
 * the map stack, and the zombies left at the location. */
static int zc_counts(const void *p, int *out)
{
    const zc_state *st = p;
    int n = 0;
    out[n++] = st->map.n;
    out[n++] = st->zombies_left;
    for (int i = 0; i < ZC_MAX_PLAYERS; i++) {
        const zc_player *pl = &st->p[i];
        out[n++] = pl->deck.n;
        out[n++] = pl->hand.n;
        out[n++] = pl->bullets.n;
        out[n++] = pl->n_play;
        out[n++] = pl->dead;
    }
    return n;
}

const ud_game zc_game = {
    .name = "zombies-cards",
    .folder = "zombies_cards",
    .title = "Zombies!!! The Card Game",
    .phases = zc_phases,
    .n_phases = ZC_PHASES,
    .rules = zc_rules,
    .n_rules = ZC_N_RULES,
    .variants = zc_variants,
    .n_variants = ZC_VARIANTS,
    .invariants = zc_invariants,
    .n_invariants = ZC_N_INVARIANTS,
    .faults = zc_faults,
    .n_faults = ZC_N_FAULTS,
    .numbers = zc_numbers,
    .n_numbers = ZC_N_NUMBERS,
    .policies = zc_policies,
    .n_policies = ZC_N_POLICIES,
    .actions = zc_actions,
    .n_actions = ZC_ACTIONS,
    .chance_events = zc_chance_events,
    .outcome_order =
        "deal: each player's pile from the top, seat by seat; roll: one face a roll; lot: the seat "
        "that starts",
    .ratios = zc_ratios,
    .n_ratios = sizeof zc_ratios / sizeof zc_ratios[0],
    .min_players = ZC_MIN_PLAYERS,
    .max_players = ZC_MAX_PLAYERS,
    .players_rule = "ZC-PLAYERS",
    .state_size = sizeof(zc_state),
    .phase_offset = offsetof(zc_state, phase),
    .init = zc_init,
    .to_move = zc_to_move,
    .describe = zc_describe,
    .draw_text = zc_draw_text,
    .draw_svg = zc_draw_svg,
    .unordered_state_keys = unordered_state_keys,
    .score = zc_score,
    .winner = zc_winner,
    .outcomes = zc_outcomes,
    .observe = zc_observe,
    .resample = zc_resample,
    .compiled_rows = zc_compiled_rows,
    .load_content = zc_load_content,
    .load_content_memory = zc_load_content_memory,
    .apply_start = zc_apply_start,
    .check_start = zc_check_start,
    .extras = &zc_extras,
    .counts = zc_counts,
};
