/*
 * zd_support.h - what Zombie Dice's own suites add to the shared test
 * helpers (tests/support.h): the game's header and its types.
 */
#ifndef ZD_TEST_SUPPORT_H
#define ZD_TEST_SUPPORT_H

#include "support.h"
#include "zombie_dice/zd.h"

/* The first lines of most scripted transcripts. */
#define ZD_HEADER "undead-transcript 1\ngame zombie-dice\n"

#endif
