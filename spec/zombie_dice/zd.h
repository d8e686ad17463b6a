/*
 * zd.h - Zombie Dice: state, dice and the names the rule rows share.
 *
 * Sources: ../shared/rules/000_667bbeec5fdf16bd.txt (publisher's sheet,
 * cited as 000) and 001_4f6e2b55ff14832a.txt (player's guide, 001).
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

enum zd_die_type { ZD_GREEN, ZD_YELLOW, ZD_RED, ZD_TYPES };
enum zd_face { ZD_BRAIN, ZD_SHOTGUN, ZD_FEET, ZD_FACES };

enum { ZD_HAND = 3, ZD_FACES_PER_DIE = 6, ZD_GOAL = 13, ZD_BUST_SHOTGUNS = 3 };

typedef struct zd_die {
    const char *name;                       /* "green" */
    char letter;                            /* 'G', used in cup= tokens */
    int count;                              /* dice of this type in the game */
    uint8_t face[ZD_FACES_PER_DIE];         /* enum zd_face per side */
    const char *label[ZD_FACES_PER_DIE];    /* "green:brain" per side */
} zd_die;

extern const zd_die zd_dice[ZD_TYPES];
extern const char *const zd_face_name[ZD_FACES];

/* Variant keys (index into ud_setup.variant) and their values. */
enum zd_variant { ZD_V_END, ZD_V_TIEBREAK, ZD_V_SHORT_WHEN, ZD_V_SHORT_ORDER, ZD_V_FIRST, ZD_VARIANTS };
enum { ZD_END_FINISH_ROUND, ZD_END_FINAL_TURN };
enum { ZD_TIE_ONE_ROUND, ZD_TIE_UNTIL_BROKEN };
enum { ZD_SHORT_FEWER_THAN_THREE, ZD_SHORT_FEWER_THAN_NEEDED };
enum { ZD_ORDER_RETURN_FIRST, ZD_ORDER_CUP_FIRST };
enum { ZD_FIRST_SEAT_ORDER, ZD_FIRST_RANDOM };

extern const ud_variant zd_variants[ZD_VARIANTS];

enum zd_phase {
    ZD_PH_SETUP, ZD_PH_TURN_START, ZD_PH_DRAW, ZD_PH_ROLL, ZD_PH_RESOLVE,
    ZD_PH_CHOICE, ZD_PH_TURN_END, ZD_PH_GAME_END, ZD_PH_OVER, ZD_PHASES
};

enum zd_action { ZD_ACT_STOP, ZD_ACT_ROLL, ZD_ACTIONS };

/* Table sizes, checked against the tables by _Static_assert where they
 * are defined (ud_game needs them as constants). */
enum { ZD_N_RULES = 30, ZD_N_INVARIANTS = 7, ZD_N_POLICIES = 4 };

typedef struct zd_state {
    uint8_t phase;
    uint8_t n_players;
    uint8_t current;           /* seat whose turn it is */
    uint8_t first;             /* seat that opens every round */
    int16_t score[UD_MAX_PLAYERS];
    uint8_t cup[ZD_TYPES];
    uint8_t hand[ZD_HAND];     /* die types about to be rolled, in order taken */
    uint8_t rolled[ZD_HAND];   /* face of each hand die after the roll */
    uint8_t n_hand;
    uint8_t n_kept;            /* hand[0..n_kept) are feet kept from the last roll */
    uint8_t brains[ZD_TYPES];  /* brain dice set aside this turn */
    uint8_t shotguns[ZD_TYPES];
    uint8_t noted;             /* brains noted when their dice went back (shortage) */
    uint8_t last_gain;         /* brains banked by the turn just ended */
    uint8_t shortage;          /* a shortage is being handled in this draw */
    uint8_t ending;            /* someone has reached the goal */
    uint8_t turns_left;        /* final-turn variant: turns still owed */
    uint8_t tiebreak;          /* playing a tiebreak round */
    uint8_t contenders;        /* bit per seat: who plays in the tiebreak */
    uint8_t tiebreak_rounds;
    int8_t winner;             /* seat, -1 none yet, -2 shared */
    uint16_t turns;            /* turns played */
} zd_state;

extern const ud_game zd_game;

/* Cup and pile arithmetic used by rows, invariants and policies. */
int zd_cup_size(const zd_state *st);
int zd_turn_brains(const zd_state *st);    /* noted + brain dice aside */
int zd_turn_shotguns(const zd_state *st);
int zd_pile_size(const uint8_t pile[ZD_TYPES]);

#endif
