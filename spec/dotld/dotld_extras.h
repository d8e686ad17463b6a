/*
 * dotld_extras.h - Dice of the Living Dead's extras (core/extras.h): its
 * exploration bound and the extras struct (explore.c), its analyses
 * (combat.c) and its parts of the FAQ (faq.c).
 */
#ifndef DOTLD_EXTRAS_H
#define DOTLD_EXTRAS_H

#include <stdint.h>

#include "extras.h"

enum { DL_N_ANALYSES = 1 };
extern const ud_analysis dl_analyses[DL_N_ANALYSES];
extern const ud_faq_extras dl_faq;
/* The players' FAQ (faq_players.c), terminated by a NULL id. */
extern const ud_faq_question dl_players_faq[];
/* Its source key (faq_players.c), terminated by a NULL file. */
extern const ud_faq_source dl_faq_sources[];
extern const ud_game_extras dl_extras;

/* The exploration bounds (explore.c): a whole round, and a district end to
 * end, from a solo start position; the latter's key (what no later rule
 * reads is left out). */
extern const ud_explore_bound dl_bound_round, dl_bound_district;
void dl_district_key(const void *state, unsigned char *out);

/* One fight of `dice` dice against `zombies` with `time` left under policy
 * 0 keep, 1 reroll-safe, 2 reroll-all: the sequences in `total` that kill
 * every zombie and that run out of Time (combat.c). */
void dl_combat_exact(int zombies, int dice, int time, int policy, uint64_t *all_killed, uint64_t *out_of_time,
                     uint64_t *total);
double dl_combat_e_left(int zombies, int dice, int time, int policy);

/* The best freezing policy of one fight (combat_best.c): never risking
 * the clock, the fewest zombies left on average, then the least Time lost.
 * Its figures (decimals, and the exact fractions as text), and in how many
 * of the decision positions it meets it rerolls a die that already kills. */
typedef struct dl_combat_best_result {
    double e_left, e_time, p_all;
    char e_left_exact[160], p_all_exact[160];
    int positions, reroll_kills;
} dl_combat_best_result;
void dl_combat_best(int zombies, int dice, int time, dl_combat_best_result *out);
/* The same with another goal: DL_BEST_FEWEST_LEFT is dl_combat_best's;
 * DL_BEST_ALL_KILLED the best chance to kill every zombie (so no Healthy
 * Survivor dies), chasing a 6 with a 4 or 5 where that helps, then the
 * fewest left, then the least Time lost: the play a player asking "will
 * my dice kill them all?" means. */
enum { DL_BEST_FEWEST_LEFT, DL_BEST_ALL_KILLED };
void dl_combat_best_for(int zombies, int dice, int time, int goal, dl_combat_best_result *out);
/* The same from a position of the fight between rolls: `blanks` dice
 * showing 1-3, `n45` showing 4 or 5, `n6` showing 6, `rolls` made (1-3),
 * `time` left; and what the policy rerolls there (blanks, 4-5s, 6s; all 0:
 * keep).  False for a position the solver does not hold (more than 8
 * dice, more than 6 Time). */
bool dl_combat_best_at(int zombies, int blanks, int n45, int n6, int rolls, int time, int goal,
                       dl_combat_best_result *out, int reroll[3]);

/* The exact figures of the fight in play, for a person at the table
 * (odds.c; ud_game_extras.odds). */
bool dl_odds(const ud_game *g, const void *state, const ud_setup *setup, const ud_offers *o, ud_buf *out);

#endif
