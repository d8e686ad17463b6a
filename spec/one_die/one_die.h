/*
 * one_die.h - One Die, undead's smallest game: the worked example of how a
 * game is added (spec/README.md walks through it).  Its rules are our own,
 * in 900_one_die.txt beside this file.
 *
 * A push-your-luck game for one to four players: say how many times you
 * will roll (a decision with an argument), roll, bank or bust.  The die's
 * faces and the goal come from content files (content/die.txt, goal.txt),
 * which a user may replace with --content DIR.
 */
#ifndef ONE_DIE_H
#define ONE_DIE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "game.h"

enum { OD_FACES = 6, OD_MAX_RISK = 3, OD_MAX_PLAYERS = 4 };
/* The most points a start line may give a player ("start score ann 999"). */
enum { OD_START_SCORE_MAX = 999 };

/* The content: what a load of die.txt and goal.txt builds. */
typedef struct od_tables {
    int points[OD_FACES];
    bool bust[OD_FACES];
    char label[OD_FACES][12]; /* the face as a roll line writes it: "bust" or the points */
    int goal;
    int rounds;
    int n_faces, n_goals; /* records seen while loading */
    bool loaded;
} od_tables;
extern od_tables od_content;

/* Load the built-in set if nothing is loaded yet (it cannot fail: a test
 * loads it). */
void od_content_ready(void);
bool od_load_content(const char *dir, struct ud_content_error *err);
bool od_load_content_memory(const char *dir, const struct ud_content_memfile *files, int n_files,
                            struct ud_content_error *err);

enum od_phase {
    OD_PH_SETUP,
    OD_PH_TURN_START,
    OD_PH_RISK,
    OD_PH_ROLL,
    OD_PH_RESOLVE,
    OD_PH_BANK,
    OD_PH_TURN_END,
    OD_PH_GAME_END,
    OD_PH_OVER,
    OD_PHASES
};
enum od_action { OD_ACT_RISK, OD_ACTIONS };
enum od_variant { OD_V_ENDING, OD_VARIANTS };
enum { OD_ENDING_FINISH_ROUND, OD_ENDING_AT_ONCE };
enum { OD_N_RULES = 15, OD_N_INVARIANTS = 3, OD_N_POLICIES = 2 };

typedef struct od_state {
    uint8_t phase;
    uint8_t n_players;
    uint8_t current;
    uint8_t round;      /* 1-based */
    uint8_t rolls_left; /* of the rolls said this turn */
    uint8_t face;       /* the face just rolled */
    uint8_t over;
    int8_t winner;                   /* seat; -1 none (a solo loss too); -2 shared */
    uint8_t outcome[OD_MAX_PLAYERS]; /* ud_seat_outcome */
    int16_t turn_points;
    int16_t score[OD_MAX_PLAYERS];
} od_state;

extern const ud_game od_game;
extern const ud_rule od_rules[OD_N_RULES];
extern const ud_variant od_variants[OD_VARIANTS];
extern const ud_invariant od_invariants[OD_N_INVARIANTS];
extern const ud_policy_def od_policies[OD_N_POLICIES];

/* The rule table compiled (rules.c, core/compiled.h): od_game's runner. */
int od_compiled_rows(ud_step *s, void *state, int ph, bool from_decision);

#endif
