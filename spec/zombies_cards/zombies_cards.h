/*
 * zombies_cards.h - Zombies!!! The Card Game (003_097727651bff7a0a.txt).
 *
 * Every player has a draw deck dealt from one shuffled deck, a bullet pile
 * of three, a hand of three and the cards played in front of them; all
 * share the map stack, whose top card is the current location.  A turn
 * plays a map card from your deck and fights its zombies, one roll each;
 * failed rolls are paid with bullets, then with cards from the bottom of
 * the map stack, and a player who cannot pay is dead.  The first player to
 * exhaust their draw deck wins.
 *
 * The text names five cards and lists none: the deck (its map sides and
 * effects) is content, content/cards.txt, read by core/content.c; effects
 * come from the small vocabulary enum zc_effect below.
 *
 * The state is fixed-size with no pointers.  Card numbers are 0-based
 * indexes into the loaded card list (1-based in transcripts' actions).
 */
#ifndef ZOMBIES_CARDS_H
#define ZOMBIES_CARDS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "extras.h"
#include "game.h"

enum {
    ZC_MAX_CARDS = 104, /* cards in a content set; the game's own count */
    ZC_MIN_PLAYERS = 2,
    ZC_MAX_PLAYERS = 6,
    ZC_RING = 128,         /* a deck or the map stack: a ring, power of two >= ZC_MAX_CARDS */
    ZC_MAX_INPLAY = 16,    /* cards in front of one player (undead's limit: no offer beyond) */
    ZC_MAX_LOCATIONS = 32, /* distinct location words in a content set */
    ZC_NAME_LEN = 32,
    ZC_NO_CARD = 255,
    ZC_BULLETS = 3, /* SETUP 3 */
    ZC_HAND = 3,    /* SETUP 4 */
    ZC_KILL = 4,    /* FIGHTING ZOMBIES: a 4 or more kills */
};

/* The effect vocabulary of the card side (spec/zombies_cards/docs.md).
 * Lasting effects stay in front of their player until complete. */
enum zc_effect {
    ZC_FX_WEAPON,         /* lasting: +bonus to a roll when chosen; at= its location */
    ZC_FX_LUCK,           /* lasting: +bonus to your next roll, then discarded */
    ZC_FX_DRAW,           /* draw n cards from your draw deck */
    ZC_FX_MOVE,           /* movement: play your next map card (your turn only) */
    ZC_FX_LOSE_BULLET,    /* a player you name loses n bullets */
    ZC_FX_DISCARD_BULLET, /* a player you name discards n bullets (Butter Fingers) */
    ZC_FX_POWER_OUTAGE,   /* lasting: no weapon adds to any roll until your next turn */
    ZC_FX_EXTRA_PLAY,     /* Oooooh, What Luck!: does not count as your card of the round */
    ZC_FX_NO_GUTS,        /* lasting: a failed roll you cannot pay ends your turn instead */
    ZC_FX_BRAIN_CRAMP,    /* out of turn: the current player's next roll counts as 1 */
    ZC_EFFECTS
};
extern const char *const zc_effect_words[]; /* NULL-terminated, content words */

enum { ZC_AT_ANY = 0, ZC_AT_BUILDING = 1, ZC_AT_LOCATION = 2 /* + location index */ };

typedef struct zc_card {
    char id[ZC_NAME_LEN]; /* unique word, the transcript's name for it */
    uint8_t location;     /* map side: index into zc_tables.location */
    uint8_t zombies;
    uint8_t building;
    uint8_t effect;   /* enum zc_effect */
    uint8_t bonus, n; /* weapon/luck bonus; cards drawn or bullets lost */
    uint8_t at;       /* a weapon's place: ZC_AT_* */
    uint8_t named;    /* named by the rule text (else sample) */
} zc_card;

typedef struct zc_tables {
    int n_cards;
    zc_card card[ZC_MAX_CARDS];
    int n_locations;
    char location[ZC_MAX_LOCATIONS][ZC_NAME_LEN];
    int deal_small, deal_large; /* cards each for 2-4 and for 5-6 players */
    int n_setups;
    /* Copies of a card (copies=N) share its id and are one kind: kind[i]
     * is the number of the first copy of card i (i itself for a single
     * card).  The deal hands out the lowest-numbered copy left of the kind
     * drawn, so a deal is known by its kinds. */
    uint8_t kind[ZC_MAX_CARDS];
    int n_kinds;
    bool copies;                            /* some card has copies */
    double deal_orders[ZC_MAX_PLAYERS + 1]; /* different deals by kind, per table size */
    bool loaded;
} zc_tables;
extern zc_tables zc_content;

void zc_content_ready(void);
bool zc_load_content(const char *dir, struct ud_content_error *err);
/* Load one of the built-in files (spec/zombies_cards/content/FILE) as a
 * whole set: a file that holds its card and setup records (small-deck.txt). */
bool zc_load_builtin_file(const char *file, struct ud_content_error *err);
bool zc_load_content_memory(const char *dir, const struct ud_content_memfile *files, int n_files,
                            struct ud_content_error *err);

enum zc_phase {
    ZC_PH_SETUP,
    ZC_PH_DEAL,
    ZC_PH_STOCK,
    ZC_PH_TURN_START,
    ZC_PH_MAP,
    ZC_PH_REACT_NEXT,
    ZC_PH_REACT,
    ZC_PH_PLAY,
    ZC_PH_EFFECT,
    ZC_PH_COMBAT,
    ZC_PH_WEAPON,
    ZC_PH_ROLL,
    ZC_PH_RESOLVE,
    ZC_PH_BONUS,
    ZC_PH_TURN_END,
    ZC_PH_WIN,
    ZC_PH_OVER,
    ZC_PHASES
};
enum zc_action {
    ZC_ACT_PLAY,
    ZC_ACT_PLAY_ON,
    ZC_ACT_FIGHT,
    ZC_ACT_PASS,
    ZC_ACT_WEAPON,
    ZC_ACT_DRAW,
    ZC_ACT_DECLINE, /* the card a kill lets you draw: "you may draw" */
    ZC_ACTIONS
};

enum zc_variant {
    ZC_V_FIRST,
    ZC_V_LAST_CARD,
    ZC_V_ROUND,
    ZC_V_LAST_STANDING,
    ZC_V_OUT_OF_TURN,
    ZC_V_LOST_CARDS,
    ZC_V_NO_GUTS,
    ZC_VARIANTS
};
enum { ZC_FIRST_SEAT, ZC_FIRST_RANDOM };
enum { ZC_LAST_ANY, ZC_LAST_AFTER_FIGHT };
enum { ZC_ROUND_OWN, ZC_ROUND_TABLE };
enum { ZC_STANDING_WINS, ZC_STANDING_PLAYS_ON };
enum { ZC_OOT_YES, ZC_OOT_NO };
enum { ZC_LOST_UNDER_DECK, ZC_LOST_BULLET_PILE };
enum { ZC_NO_GUTS_BULLETS_FIRST, ZC_NO_GUTS_PAY_NOTHING };
enum { ZC_WIN_NONE, ZC_WIN_DRAW, ZC_WIN_MAP };

enum { ZC_N_RULES = 55, ZC_N_INVARIANTS = 6, ZC_N_POLICIES = 2 };

/* A deck (top at head) or the map stack (its top card at head). */
typedef struct zc_ring {
    uint8_t head, n;
    uint8_t c[ZC_RING];
} zc_ring;

static inline uint8_t zc_ring_at(const zc_ring *r, int i) /* 0 = top */
{
    return r->c[(r->head + i) & (ZC_RING - 1)];
}

typedef struct zc_pile {
    uint8_t n;
    uint8_t c[ZC_MAX_CARDS];
} zc_pile;

typedef struct zc_player {
    zc_ring deck;
    zc_pile hand;
    zc_pile bullets; /* top = c[n-1] */
    uint8_t n_play;
    uint8_t play[ZC_MAX_INPLAY]; /* cards in front of the player */
    uint8_t dead;
    uint8_t played; /* cards played this round that count (at most 1) */
    uint8_t preset; /* dealt by a start line */
} zc_player;

typedef struct zc_state {
    uint8_t phase;
    uint8_t n_players;
    /* The readings, for the invariants only (game.c), which have no step
     * to ask: the rows ask ud_reading and never read this copy. */
    uint8_t readings[ZC_VARIANTS];
    uint8_t current;
    uint8_t first;
    uint8_t reactor; /* REACT: the seat asked; REACT_NEXT: the last asked */
    uint8_t over;
    int8_t winner;   /* seat; -1 none */
    uint8_t dealt;   /* seats dealt */
    uint8_t n_dealt; /* cards dealt */
    uint8_t here;    /* the current map card (ZC_NO_CARD: none yet) */
    uint8_t zombies_left;
    uint8_t weapon;               /* card chosen for this roll, ZC_NO_CARD: none */
    uint8_t roll, total, cramped; /* the roll, with bonuses; whether Brain Cramp made it */
    uint8_t cramp;                /* Brain Cramps waiting on the current player */
    uint8_t pending;              /* EFFECT: the card played */
    uint8_t target;               /* EFFECT: the seat it names */
    uint8_t resume;               /* EFFECT: the phase to go back to */
    uint8_t asked;                /* seats asked in this out-of-turn window (bits) */
    uint8_t new_round;            /* round=table: a table round begins with this turn */
    uint8_t win_how;              /* WIN: ZC_WIN_DRAW or ZC_WIN_MAP */
    uint8_t win_seat;
    uint16_t turn;
    uint8_t outcome[ZC_MAX_PLAYERS];
    zc_ring map;
    zc_player p[ZC_MAX_PLAYERS];
} zc_state;

extern const ud_game zc_game;
/* What a seat cannot see dealt again (resample.c; ud_game.resample). */
void zc_resample(void *state, int seat, ud_rng *rng);
/* The players' FAQ (faq_players.c), terminated by a NULL id. */
extern const ud_faq_question zc_players_faq[];
/* Its source key (faq_players.c), terminated by a NULL file. */
extern const ud_faq_source zc_faq_sources[];
/* The players' charts (faq_charts.c). */
void zc_players_charts(const ud_game *g, const ud_faq_writer *w);
extern const ud_rule zc_rules[ZC_N_RULES];
extern const ud_variant zc_variants[ZC_VARIANTS];
extern const ud_invariant zc_invariants[ZC_N_INVARIANTS];
/* Faults of amounts and boundaries (game.h, ud_fault; UNDEAD_MUTANT
 * zombies-cards:fault/NAME in the mutation build): `undead serve` with one
 * on is a faulty implementation `undead conform` must catch and name
 * (conform-faulty.txt).  rules.c asks for each in the row it breaks. */
enum {
    ZC_FAULT_HAND_OF_FOUR,
    ZC_FAULT_DRAW_CAPPED_AT_ONE,
    ZC_FAULT_MAP_PAYABLE_ALL,
    ZC_FAULT_BULLETS_ONE_MORE,
    ZC_FAULT_HAND_LIMIT_FOUR,
    ZC_N_FAULTS
};
extern const ud_fault zc_faults[ZC_N_FAULTS];
/* The numbers rows read as data (game.h, ud_number; rules.c). */
enum { ZC_NUM_HAND, ZC_NUM_HAND_LIMIT, ZC_N_NUMBERS };
extern const ud_number zc_numbers[ZC_N_NUMBERS];
extern const ud_policy_def zc_policies[ZC_N_POLICIES];

/* Shared by rules.c and game.c (policies). */
bool zc_outage(const zc_state *st);
bool zc_weapon_here(const zc_state *st, const zc_card *c);
/* Whether seat may play card now (own: on its own turn, before fighting);
 * for a card that names a player, whether some seat may be named. */
bool zc_playable(const zc_state *st, int seat, int card, bool own);
bool zc_target_ok(const zc_state *st, int seat, int target);
bool zc_needs_target(int card);

#endif
