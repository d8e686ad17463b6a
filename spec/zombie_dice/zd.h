/*
 * zd.h - Zombie Dice: state, dice and the names the rule rows share.
 *
 * Sources: ../shared/rules/000_667bbeec5fdf16bd.txt (publisher's sheet,
 * cited as 000) and 001_4f6e2b55ff14832a.txt (player's guide, 001); the
 * expansion dice's faces, which 001 names but does not give, follow the
 * publicly reported descriptions.
 *
 * The cup and the set-aside piles are counts per die type (a multiset):
 * dice of one colour are interchangeable, so states that differ only in
 * which green die is where are one state.  The hand is ordered because a
 * transcript lists the dice in the order they were taken.
 */
#ifndef ZD_H
#define ZD_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "game.h"

enum zd_die_type { ZD_GREEN, ZD_YELLOW, ZD_RED, ZD_HUNK, ZD_HOTTIE, ZD_SANTA, ZD_TYPES };
enum zd_face {
    ZD_BRAIN,
    ZD_SHOTGUN,
    ZD_FEET, /* the 13 base dice */
    ZD_DOUBLE_BRAIN,
    ZD_DOUBLE_SHOTGUN,
    ZD_HELMET,
    ZD_ENERGY, /* Double Feature */
    ZD_FACES
};

enum { ZD_HAND = 3, ZD_FACES_PER_DIE = 6, ZD_GOAL = 13, ZD_BUST_SHOTGUNS = 3 };

typedef struct zd_die {
    const char *name;                    /* "green" */
    char letter;                         /* 'G', used in cup= tokens */
    uint8_t face[ZD_FACES_PER_DIE];      /* enum zd_face per side */
    const char *label[ZD_FACES_PER_DIE]; /* "green:brain" per side */
} zd_die;

extern const zd_die zd_dice[ZD_TYPES];
extern const char *const zd_face_name[ZD_FACES];
extern const uint8_t zd_face_brains[ZD_FACES];   /* brains a face is worth */
extern const uint8_t zd_face_shotguns[ZD_FACES]; /* shotguns a face is worth */

/* Which dice are in the cup: the base 13, or a Double Feature scenario. */
enum zd_dice_set { ZD_SET_BASE, ZD_SET_HUNK_HOTTIE, ZD_SET_SANTA, ZD_SET_DOUBLE_FEATURE, ZD_SETS };
extern const uint8_t zd_set_count[ZD_SETS][ZD_TYPES];

/* The School Bus: a d12 that never goes in the cup (faces from the publisher's descriptions). */
enum zd_bus_face {
    ZD_BUS_BRAIN,
    ZD_BUS_TWO_BRAINS,
    ZD_BUS_THREE_BRAINS,
    ZD_BUS_SHOTGUN,
    ZD_BUS_TWO_SHOTGUNS,
    ZD_BUS_BRAIN_SHOTGUN,
    ZD_BUS_TWO_BRAINS_SHOTGUN,
    ZD_BUS_STOP,
    ZD_BUS_YIELD,
    ZD_BUS_DEAD_END,
    ZD_BUS_TIRE,
    ZD_BUS_FACES,
    ZD_BUS_NONE = ZD_BUS_FACES
};
enum { ZD_BUS_SIDES = 12 };
extern const uint8_t zd_bus_side[ZD_BUS_SIDES]; /* enum zd_bus_face per side */
extern const char *const zd_bus_label[ZD_BUS_FACES];
extern const char *const zd_bus_roll_label[ZD_BUS_FACES]; /* "bus:yield" */
extern const uint8_t zd_bus_brains[ZD_BUS_FACES];
extern const uint8_t zd_bus_shotguns[ZD_BUS_FACES];
/* How a turn ended. */
enum { ZD_ENDED_NONE, ZD_ENDED_BANKED, ZD_ENDED_BUST };
/* Where the bus is this turn. */
enum { ZD_BUS_UNUSED, ZD_BUS_WAITING, ZD_BUS_RIDING, ZD_BUS_AWAY };

/* Variant keys (index into ud_setup.variant) and their values. */
enum zd_variant {
    ZD_V_END,
    ZD_V_TIEBREAK,
    ZD_V_SHORT_WHEN,
    ZD_V_SHORT_ORDER,
    ZD_V_FIRST,
    ZD_V_DICE,
    ZD_V_ENERGY,
    ZD_V_RESCUE,
    ZD_V_HELMET,
    ZD_V_BUS,
    ZD_VARIANTS
};
enum { ZD_END_FINISH_ROUND, ZD_END_FINAL_TURN };
enum { ZD_TIE_ONE_ROUND, ZD_TIE_UNTIL_BROKEN };
enum { ZD_SHORT_FEWER_THAN_THREE, ZD_SHORT_FEWER_THAN_NEEDED, ZD_SHORT_LITERAL };
enum { ZD_ORDER_RETURN_FIRST, ZD_ORDER_CUP_FIRST };
enum { ZD_FIRST_SEAT_ORDER, ZD_FIRST_RANDOM };
/* ZD_V_DICE values are enum zd_dice_set. */
enum { ZD_ENERGY_ONE_FOOTPRINT, ZD_ENERGY_GREEN_FEET };
enum { ZD_RESCUE_EARLIER_ROLLS, ZD_RESCUE_SAME_ROLL };
enum { ZD_HELMET_THIS_ROLL, ZD_HELMET_NEXT_ROLL };
enum { ZD_BUS_OFF, ZD_BUS_ON };

/* Each variant's default reading: variants.c's table says so, and
 * rules.c compiles a copy of the runner for them (core/compiled.h). */
enum {
    ZD_DEFAULT_END = ZD_END_FINISH_ROUND,
    ZD_DEFAULT_TIEBREAK = ZD_TIE_ONE_ROUND,
    ZD_DEFAULT_SHORT_WHEN = ZD_SHORT_FEWER_THAN_THREE,
    ZD_DEFAULT_SHORT_ORDER = ZD_ORDER_RETURN_FIRST,
    ZD_DEFAULT_FIRST = ZD_FIRST_SEAT_ORDER,
    ZD_DEFAULT_DICE = ZD_SET_BASE,
    ZD_DEFAULT_ENERGY = ZD_ENERGY_ONE_FOOTPRINT,
    ZD_DEFAULT_RESCUE = ZD_RESCUE_EARLIER_ROLLS,
    ZD_DEFAULT_HELMET = ZD_HELMET_THIS_ROLL,
    ZD_DEFAULT_BUS = ZD_BUS_OFF,
};

/* Bit masks of dice sets, for rows that need a given expansion die. */
#define ZD_WITH_SANTA ((1u << ZD_SET_SANTA) | (1u << ZD_SET_DOUBLE_FEATURE))
#define ZD_WITH_HUNK_HOTTIE ((1u << ZD_SET_HUNK_HOTTIE) | (1u << ZD_SET_DOUBLE_FEATURE))

extern const ud_variant zd_variants[ZD_VARIANTS];

enum zd_phase {
    ZD_PH_SETUP,
    ZD_PH_TURN_START,
    ZD_PH_DRAW,
    ZD_PH_ROLL,
    ZD_PH_RESOLVE,
    ZD_PH_DRINK,
    ZD_PH_BUS_FEET,
    ZD_PH_CHOICE,
    ZD_PH_TURN_END,
    ZD_PH_GAME_END,
    ZD_PH_OVER,
    ZD_PHASES
};

enum zd_action {
    ZD_ACT_STOP,
    ZD_ACT_ROLL,
    ZD_ACT_RIDE,
    ZD_ACT_GET_OFF,
    ZD_ACT_STAY_ON,
    ZD_ACT_DRINK, /* + die type: drink-green ... drink-santa */
    ZD_ACTIONS = ZD_ACT_DRINK + ZD_TYPES
};

/* Table sizes, checked against the tables by _Static_assert where they
 * are defined (ud_game needs them as constants). */
enum { ZD_N_RULES = 54, ZD_N_INVARIANTS = 7, ZD_N_POLICIES = 6 };

typedef struct zd_state {
    uint8_t phase;
    uint8_t n_players;
    uint8_t current; /* seat whose turn it is */
    uint8_t first;   /* seat that opens every round */
    int16_t score[UD_MAX_PLAYERS];
    uint8_t dice_set;              /* enum zd_dice_set in play */
    uint8_t readings[ZD_VARIANTS]; /* the variant values played under (for policies) */
    uint8_t cup[ZD_TYPES];
    uint8_t hand[ZD_HAND];   /* die types about to be rolled, in order taken */
    uint8_t rolled[ZD_HAND]; /* face of each hand die after the roll */
    uint8_t n_hand;
    uint8_t n_kept;                /* hand[0..n_kept) are feet kept from the last roll */
    uint8_t brains[ZD_TYPES];      /* brain dice set aside this turn */
    uint8_t brain_worth[ZD_TYPES]; /* brains those dice are worth (a double brain is 2) */
    uint8_t shotguns[ZD_TYPES];    /* shotgun dice set aside this turn */
    uint8_t extras[ZD_TYPES];      /* dice set aside showing a helmet or an energy drink */
    uint8_t santa_extra;           /* the face of the Santa die set aside, if it is there */
    uint8_t shotgun_points;        /* shotguns shown by the shotgun dice aside, and the bus's */
    int16_t bonus;                 /* brains not on a die: the bus's, less tire tracks */
    uint16_t noted;                /* brains noted when their dice went back (shortage) */
    uint8_t helmet;                /* 1: it takes one more shotgun to end this turn */
    uint8_t green_feet;            /* energy drink, green-feet reading: in force */
    uint8_t drink;                 /* energy drink, one-footprint reading: unspent */
    uint8_t bus;                   /* ZD_BUS_UNUSED .. ZD_BUS_AWAY */
    uint8_t bus_face;              /* this roll's bus face, ZD_BUS_NONE if not rolled */
    uint8_t rolls;                 /* rolls this turn */
    uint8_t last_gain;             /* brains banked by the turn just ended */
    uint8_t ended;                 /* how the last turn ended: ZD_ENDED_* (read by analyses) */
    uint8_t shortage;              /* a shortage is being handled in this draw */
    uint8_t ending;                /* someone has reached the goal */
    uint8_t turns_left;            /* turns still owed before the game (or tiebreak round) ends */
    uint8_t tiebreak;              /* playing a tiebreak round */
    uint16_t contenders;           /* bit per seat: who plays in the tiebreak */
    uint8_t tiebreak_rounds;
    int8_t winner;  /* seat, -1 none yet, -2 shared */
    uint16_t turns; /* turns played */
} zd_state;

extern const ud_game zd_game;
/* The rule table compiled (rules.c, core/compiled.h): zd_game's runner. */
int zd_compiled_rows(ud_step *s, void *state, int ph, bool from_decision);
/* Whether every invariant holds, all tested at once (invariants.c,
 * ud_game.invariants_hold). */
bool zd_invariants_hold(const ud_game *g, const void *state);
/* Each seat's outcome (ud_game.outcomes). */
void zd_outcomes(const void *state, int n_players, uint8_t *out);

/* Cup and pile arithmetic used by rows, invariants and policies.  Inline:
 * the rows call them for every die drawn and every roll. */

/* Sum of the counts of a pile.  Plain byte loads on purpose: the rows
 * have just changed single counts, and one wide load over fresh byte
 * stores would stall on store forwarding (measured: 5% of a simulation). */
static inline int zd_pile_size(const uint8_t pile[ZD_TYPES])
{
    int n = 0;
    for (int t = 0; t < ZD_TYPES; t++)
        n += pile[t];
    return n;
}

static inline int zd_cup_size(const zd_state *st) { return zd_pile_size(st->cup); }

/* noted + brain dice aside + bonus */
static inline int zd_turn_brains(const zd_state *st)
{
    return st->noted + st->bonus + zd_pile_size(st->brain_worth);
}

/* Faults of amounts and boundaries (game.h, ud_fault; UNDEAD_MUTANT
 * zombie-dice:fault/NAME in the mutation build): `undead serve` with one
 * on is a faulty implementation `undead conform` must catch and name
 * (spec/zombie_dice/conform-faulty.txt).  rules.c asks for each inside the
 * guard or effect of the row it breaks. */
enum {
    ZD_FAULT_BUST_AT_FOUR,
    ZD_FAULT_GOAL_AT_FOURTEEN,
    ZD_FAULT_SHORTAGE_FORGETS_BRAINS,
    ZD_FAULT_ONE_SHOTGUN_A_ROLL,
    ZD_FAULT_SCORE_CAPPED,
    ZD_FAULT_ROUND_ONE_TURN_LONG,
    ZD_N_FAULTS
};
extern const ud_fault zd_faults[ZD_N_FAULTS];

/* The numbers rows read as data (game.h, ud_number): ZD-NO-CAP's breach. */
enum { ZD_NUM_CAP, ZD_N_NUMBERS };
extern const ud_number zd_numbers[ZD_N_NUMBERS];

static inline int zd_turn_shotguns(const zd_state *st) { return st->shotgun_points; }

/* shotguns that end this turn */
static inline int zd_bust_at(const zd_state *st) { return ZD_BUST_SHOTGUNS + st->helmet; }

/* regular dice rolled: 3, or 2 on the bus */
static inline int zd_hand_target(const zd_state *st)
{
    return st->bus == ZD_BUS_RIDING ? ZD_HAND - 1 : ZD_HAND;
}

#endif
