/*
 * dice.c - the dice and their faces (content data).
 *
 * Base dice: 001 "Game Components" (000 gives the colours and the count).
 * Double Feature dice and the School Bus: 001 "Expanding the Zombie Horde"
 * names them; their faces follow the publicly reported descriptions of the
 * published rules.
 */
#include <string.h>

#include "zd.h"

const char *const zd_face_name[ZD_FACES] = {
    "brain", "shotgun", "feet", "double-brain", "double-shotgun", "helmet", "energy-drink",
};
const uint8_t zd_face_brains[ZD_FACES] = { 1, 0, 0, 2, 0, 0, 0 };
const uint8_t zd_face_shotguns[ZD_FACES] = { 0, 1, 0, 0, 2, 0, 0 };

#define B ZD_BRAIN
#define S ZD_SHOTGUN
#define F ZD_FEET
#define BB ZD_DOUBLE_BRAIN
#define SS ZD_DOUBLE_SHOTGUN
#define H ZD_HELMET
#define E ZD_ENERGY

const zd_die zd_dice[ZD_TYPES] = {
    [ZD_GREEN] = { "green",
                   'G',
                   { B, B, B, S, F, F },
                   { "green:brain", "green:brain", "green:brain", "green:shotgun", "green:feet",
                     "green:feet" } },
    [ZD_YELLOW] = { "yellow",
                    'Y',
                    { B, B, S, S, F, F },
                    { "yellow:brain", "yellow:brain", "yellow:shotgun", "yellow:shotgun", "yellow:feet",
                      "yellow:feet" } },
    [ZD_RED] = { "red",
                 'R',
                 { B, S, S, S, F, F },
                 { "red:brain", "red:shotgun", "red:shotgun", "red:shotgun", "red:feet", "red:feet" } },
    /* 2 footprints, 2 shotguns, 1 double shotgun, 1 double brain. */
    [ZD_HUNK] = { "hunk",
                  'H',
                  { F, F, S, S, SS, BB },
                  { "hunk:feet", "hunk:feet", "hunk:shotgun", "hunk:shotgun", "hunk:double-shotgun",
                    "hunk:double-brain" } },
    /* 3 footprints, 2 shotguns, 1 brain. */
    [ZD_HOTTIE] = { "hottie",
                    'O',
                    { F, F, F, S, S, B },
                    { "hottie:feet", "hottie:feet", "hottie:feet", "hottie:shotgun", "hottie:shotgun",
                      "hottie:brain" } },
    /* brain, double brain, shotgun, footprints, helmet, energy drink. */
    [ZD_SANTA] = { "santa",
                   'S',
                   { B, BB, S, F, H, E },
                   { "santa:brain", "santa:double-brain", "santa:shotgun", "santa:feet", "santa:helmet",
                     "santa:energy-drink" } },
};

/* Hunk and Hottie replace two yellow dice; Santa replaces one green. */
const uint8_t zd_set_count[ZD_SETS][ZD_TYPES] = {
    [ZD_SET_BASE] = { 6, 4, 3, 0, 0, 0 },
    [ZD_SET_HUNK_HOTTIE] = { 6, 2, 3, 1, 1, 0 },
    [ZD_SET_SANTA] = { 5, 4, 3, 0, 0, 1 },
    [ZD_SET_DOUBLE_FEATURE] = { 5, 2, 3, 1, 1, 1 },
};

const uint8_t zd_bus_side[ZD_BUS_SIDES] = {
    ZD_BUS_BRAIN,   ZD_BUS_BRAIN,        ZD_BUS_TWO_BRAINS,    ZD_BUS_THREE_BRAINS,
    ZD_BUS_SHOTGUN, ZD_BUS_TWO_SHOTGUNS, ZD_BUS_BRAIN_SHOTGUN, ZD_BUS_TWO_BRAINS_SHOTGUN,
    ZD_BUS_STOP,    ZD_BUS_YIELD,        ZD_BUS_DEAD_END,      ZD_BUS_TIRE,
};
const char *const zd_bus_label[ZD_BUS_FACES] = {
    "brain",        "two-brains",    "three-brains",       "shotgun",
    "two-shotguns", "brain-shotgun", "two-brains-shotgun", "stop",
    "yield",        "dead-end",      "tire-track",
};
const char *const zd_bus_roll_label[ZD_BUS_FACES] = {
    "bus:brain",        "bus:two-brains",    "bus:three-brains",       "bus:shotgun",
    "bus:two-shotguns", "bus:brain-shotgun", "bus:two-brains-shotgun", "bus:stop",
    "bus:yield",        "bus:dead-end",      "bus:tire-track",
};
const uint8_t zd_bus_brains[ZD_BUS_FACES] = { 1, 2, 3, 0, 0, 1, 2, 0, 0, 0, 0 };
const uint8_t zd_bus_shotguns[ZD_BUS_FACES] = { 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0 };
