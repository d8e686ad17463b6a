/*
 * cup.h - dice movement helpers shared by the Zombie Dice rule rows.
 */
#ifndef ZD_CUP_H
#define ZD_CUP_H

#include <stddef.h>
#include <string.h>

#include "zd.h"

#define ZD_BRAIN_FACES ((1u << ZD_BRAIN) | (1u << ZD_DOUBLE_BRAIN))
#define ZD_SHOTGUN_FACES ((1u << ZD_SHOTGUN) | (1u << ZD_DOUBLE_SHOTGUN))
#define ZD_EXTRA_FACES ((1u << ZD_HELMET) | (1u << ZD_ENERGY))

/* Draw one random die from the cup into the hand; its type, or -1. */
int zd_draw_one(zd_state *st, ud_step *s);
/* Draw count dice and emit one "draw ..." line; false on failure. */
bool zd_draw(zd_state *st, ud_step *s, int count);
/* Roll hand dice [from, to) into st->rolled. */
bool zd_roll_range(zd_state *st, ud_step *s, int from, int to);
/* Move every hand die showing one of the faces (a bit mask) into pile;
 * returns what they are worth by worth[face] (NULL: nothing), also added
 * per type to pile_worth (if not NULL); names (if not NULL) gets
 * " green hunk:double-brain". */
int zd_set_aside(zd_state *st, unsigned faces, uint8_t pile[ZD_TYPES], uint8_t *pile_worth,
                 const uint8_t *worth, char *names, size_t size);
/* Every die back into the cup; the turn's piles, points and notes are
 * cleared. */
void zd_return_all(zd_state *st);
/* "green green red" for a pile. */
void zd_pile_names(const uint8_t pile[ZD_TYPES], char *out, size_t size);

#endif
