/*
 * extras.c - everything Zombie Dice adds beyond its rule table
 * (core/extras.h), in one place: zd_game.extras points here.
 */
#include "zd_extras.h"

const ud_game_extras zd_extras = {
    .bounds = zd_bounds,
    .n_bounds = ZD_N_BOUNDS,
    .analyses = zd_analyses,
    .n_analyses = ZD_N_ANALYSES,
    .faq = &zd_faq,
    .odds = zd_odds,
    .yardstick = &zd_yardstick,
};
