/*
 * cup.h - dice movement helpers shared by the Zombie Dice rule rows.
 */
#ifndef ZD_CUP_H
#define ZD_CUP_H

#include <stddef.h>
#include <string.h>

#include "zd.h"

/* Draw one random die from the cup into the hand; its type, or -1. */
int zd_draw_one(zd_state *st, ud_step *s);
/* Draw count dice and emit one "draw ..." line; false on failure. */
bool zd_draw(zd_state *st, ud_step *s, int count);
/* Roll hand dice [from, to) into st->rolled. */
bool zd_roll_range(zd_state *st, ud_step *s, int from, int to);
/* Move every hand die showing face into pile; names (if not NULL) gets
 * " green red". */
int zd_set_aside(zd_state *st, int face, uint8_t pile[ZD_TYPES], char *names, size_t size);
/* Every die back into the cup; the turn's piles and notes are cleared. */
void zd_return_all(zd_state *st);
/* "green green red" for a pile. */
void zd_pile_names(const uint8_t pile[ZD_TYPES], char *out, size_t size);

#endif
