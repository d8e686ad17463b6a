/*
 * dl_draw.h - the pictures of a Dice of the Living Dead position for undead
 * show (ud_game.draw_text, draw_svg): draw.c the words both share (whose
 * decision and in which phase, the district's track, the figures named as
 * 002 names them), draw_text.c the block for a terminal, draw_svg.c the
 * standalone SVG.
 */
#ifndef DL_DRAW_H
#define DL_DRAW_H

#include "dotld.h"

/* "round 4, ann leads: movement" or how the game ended. */
void dl_draw_status(const dl_state *st, const ud_setup *setup, ud_buf *out);
/* "District 2 of 4: The Mall (Time 6 on this tile)". */
void dl_draw_district(const dl_state *st, ud_buf *out);
/* The party's figures in one line: Time, Healthy and Infected Survivors,
 * Supplies, Ammo. */
void dl_draw_party(const dl_state *st, ud_buf *out);

/* What else the state holds, one labelled line each ("zombie pool", "Fight
 * Dice", "Stress Cards", ...), only those that apply now. */
enum { DL_DRAW_ROWS = 10, DL_DRAW_LABEL = 24, DL_DRAW_VALUE = 320 };
typedef struct dl_draw_row {
    char label[DL_DRAW_LABEL];
    char value[DL_DRAW_VALUE];
} dl_draw_row;
int dl_draw_rows(const dl_state *st, const ud_setup *setup, dl_draw_row rows[DL_DRAW_ROWS]);

/* A space of the track: its letter (S start, . plain, Z zombie, ? a face
 * down Exploration token, o explored, H safe house, X extraction zone). */
char dl_draw_space_letter(const dl_state *st, int space);
/* The branches of the current district: for branch b, its first space,
 * how many spaces, the main space it leaves after and the one it joins;
 * returns how many (at most DL_MAX_BRANCHES * DL_MAX_SPACES). */
typedef struct dl_draw_branch {
    int first, n, from, to;
} dl_draw_branch;
int dl_draw_branches(const dl_district *d, dl_draw_branch *out, int max);

void dl_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out);
void dl_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                 ud_buf *out);

#endif
