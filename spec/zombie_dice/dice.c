/*
 * dice.c - the 13 base dice and their faces (001 "Game Components"; 000
 * gives the colours and the count, 001 the sides).
 */
#include "zd.h"

const char *const zd_face_name[ZD_FACES] = { "brain", "shotgun", "feet" };

#define B ZD_BRAIN
#define S ZD_SHOTGUN
#define F ZD_FEET

const zd_die zd_dice[ZD_TYPES] = {
    [ZD_GREEN] = { "green", 'G', 6, { B, B, B, S, F, F },
                   { "green:brain", "green:brain", "green:brain", "green:shotgun",
                     "green:feet", "green:feet" } },
    [ZD_YELLOW] = { "yellow", 'Y', 4, { B, B, S, S, F, F },
                    { "yellow:brain", "yellow:brain", "yellow:shotgun", "yellow:shotgun",
                      "yellow:feet", "yellow:feet" } },
    [ZD_RED] = { "red", 'R', 3, { B, S, S, S, F, F },
                 { "red:brain", "red:shotgun", "red:shotgun", "red:shotgun",
                   "red:feet", "red:feet" } },
};

int zd_pile_size(const uint8_t pile[ZD_TYPES])
{
    int n = 0;
    for (int t = 0; t < ZD_TYPES; t++)
        n += pile[t];
    return n;
}

int zd_cup_size(const zd_state *st)
{
    return zd_pile_size(st->cup);
}

int zd_turn_brains(const zd_state *st)
{
    return st->noted + zd_pile_size(st->brains);
}

int zd_turn_shotguns(const zd_state *st)
{
    return zd_pile_size(st->shotguns);
}
