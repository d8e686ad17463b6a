/*
 * zd_extras.h - Zombie Dice's extras (core/extras.h): its exploration
 * bound with the solver cross-check (explore.c), its analyses
 * (analyses.c) and its parts of the FAQ (faq.c, faq_glyphs.c,
 * faq_players.c) and the bench's yardstick (yardstick.c), gathered
 * in extras.c.
 */
#ifndef ZD_EXTRAS_H
#define ZD_EXTRAS_H

#include "extras.h"

enum { ZD_N_BOUNDS = 1, ZD_N_ANALYSES = 3 };

extern const ud_game_bound zd_bounds[ZD_N_BOUNDS];
extern const ud_analysis zd_analyses[ZD_N_ANALYSES];
extern const ud_faq_extras zd_faq;
extern const ud_game_extras zd_extras;

/* The players' FAQ (faq_players.c), terminated by a NULL id. */
extern const ud_faq_question zd_players_faq[];
/* Its source key (faq_players.c), terminated by a NULL file. */
extern const ud_faq_source zd_faq_sources[];

/* The exact figures at the choice to stop or roll, for a person at the
 * table (odds.c; ud_game_extras.odds). */
bool zd_odds(const ud_game *g, const void *state, const ud_setup *setup, const ud_offers *o, ud_buf *out);

/* `undead bench`'s hand-written loop of the game (yardstick.c). */
extern const ud_yardstick zd_yardstick;

/* A chance token drawn as a die (faq_glyphs.c). */
bool zd_faq_glyph(FILE *out, const char *verb, const char *token);

#endif
