/*
 * expansions.h - guards and effects of the Double Feature dice (Hunk,
 * Hottie, Santa) and the School Bus, for the rows in rules.c.
 */
#ifndef ZD_EXPANSIONS_H
#define ZD_EXPANSIONS_H

#include "zd.h"

/* Rolling */
bool zd_riding(const void *p, const ud_step *s);
void zd_bus_roll(void *p, ud_step *s);

/* Resolving a roll, in table order */
bool zd_bus_showed_yield(const void *p, const ud_step *s);
void zd_bus_yield(void *p, ud_step *s);
bool zd_bus_showed_dead_end(const void *p, const ud_step *s);
void zd_bus_dead_end(void *p, ud_step *s);
bool zd_bus_showed_points(const void *p, const ud_step *s);
void zd_bus_points(void *p, ud_step *s);
bool zd_santa_drink(const void *p, const ud_step *s);
void zd_drink_one_footprint(void *p, ud_step *s);
void zd_drink_green_feet(void *p, ud_step *s);
bool zd_green_feet_in_force(const void *p, const ud_step *s);
void zd_green_feet_to_brains(void *p, ud_step *s);
bool zd_santa_helmet_rolled(const void *p, const ud_step *s);
void zd_helmet_on(void *p, ud_step *s);
bool zd_helmet_aside_unworn(const void *p, const ud_step *s);
bool zd_rescue_due(const void *p, const ud_step *s);
void zd_rescue(void *p, ud_step *s);
bool zd_extras_rolled(const void *p, const ud_step *s);
void zd_extras_aside(void *p, ud_step *s);
bool zd_bus_showed_stop(const void *p, const ud_step *s);
void zd_bus_stop(void *p, ud_step *s);
bool zd_bus_showed_tire(const void *p, const ud_step *s);
void zd_bus_tire(void *p, ud_step *s);
bool zd_drink_one_kind(const void *p, const ud_step *s);
void zd_drink_convert_only_kind(void *p, ud_step *s);

/* After a roll: the phase the choices start in */
int zd_next_choice_phase(const zd_state *st);

/* Decisions */
UD_OFFER_ROW_DECL(zd_offer_drink);
bool zd_chose_drink(const void *p, const ud_step *s);
void zd_drink_convert_chosen(void *p, ud_step *s);
UD_OFFER_ROW_DECL(zd_offer_bus_feet);
bool zd_chose_get_off(const void *p, const ud_step *s);
void zd_get_off(void *p, ud_step *s);
bool zd_chose_stay_on(const void *p, const ud_step *s);
void zd_stay_on(void *p, ud_step *s);
bool zd_bus_boardable(const void *p, const ud_step *s);
UD_OFFER_ROW_DECL(zd_offer_ride);
bool zd_chose_ride(const void *p, const ud_step *s);
void zd_board(void *p, ud_step *s);

/* Turn start */
void zd_bus_parked(void *p, ud_step *s);

/* Shared with rules.c */
void zd_score_turn(zd_state *st, ud_step *s);

#endif
