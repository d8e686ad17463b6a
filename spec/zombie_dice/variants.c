/*
 * variants.c - the questions 000 and 001 answer differently or not at all.
 * Defaults follow the publisher's sheet (000) wherever it speaks.
 */
#include "zd.h"

#define S000 "000_667bbeec5fdf16bd.txt"
#define S001 "001_4f6e2b55ff14832a.txt"

static const ud_variant_value end_values[] = {
    { "finish-round", S000, "BRAAAAINS!!!",
      "after someone reaches 13, the round is finished: only the seats after them in this round play" },
    { "final-turn", S001, "Ending the Game",
      "after someone reaches 13, every other player gets one final turn" },
};

static const ud_variant_value tiebreak_values[] = {
    { "one-round", S000, "BRAAAAINS!!!",
      "the leaders play one tiebreaker round; a tie after it stands as a shared win (000 is silent on a second tie)" },
    { "until-broken", S001, "Tiebreaker", "the leaders play tiebreaker rounds until the tie is broken" },
};

static const ud_variant_value short_when_values[] = {
    { "fewer-than-three", S000, "Brrrains?",
      "a shortage is when you need new dice and the cup holds fewer than three (both texts say three)" },
    { "fewer-than-needed", S001,
      "Handling a Dice Shortage (001 says 'fewer than three'; counting only the dice needed is undead's reading)",
      "a shortage is only when the cup holds fewer dice than you need to reach three" },
    { "literal", S000, "Brrrains?",
      "as both texts read word for word: whenever you roll again with fewer than three dice in the cup, even holding three feet dice (needing none), the brains go back" },
};

static const ud_variant_value short_order_values[] = {
    { "return-first", S001, "Handling a Dice Shortage",
      "note the brains, return the brain dice to the cup, then draw every die you need" },
    { "cup-first", S000, "Brrrains? (000 does not say in which order: undead's reading)",
      "take the cup's last dice first, then return the brain dice and draw the rest" },
};

static const ud_variant_value first_values[] = {
    { "seat-order", S000, "(opening paragraph)",
      "the first listed player starts (000: last game's winner or best groan, decided off the table)" },
    { "random", S001, "Starting the Game", "the first player is chosen at random" },
};

/* The expansions (001 "Expanding the Zombie Horde" names them; the details
 * follow the publicly reported descriptions). */
#define SEC_X "Expanding the Zombie Horde (the faces: the publisher's published descriptions, not 001)"

static const ud_variant_value dice_values[] = {
    { "base", S000, "Zombie Dice (intro)", "the 13 dice: 6 green, 4 yellow, 3 red" },
    { "hunk-hottie", S001, SEC_X, "Double Feature: Hunk and Hottie replace two yellow dice" },
    { "santa", S001, SEC_X, "Double Feature: Santa replaces one green die" },
    { "double-feature", S001, SEC_X,
      "Double Feature: Hunk, Hottie and Santa together (5 green, 2 yellow, 3 red)" },
};

static const ud_variant_value energy_values[] = {
    { "one-footprint", S001, "Expanding the Zombie Horde",
      "the drink converts one footprint into a brain (this roll's, else the next that shows this turn; the player picks among kinds)" },
    { "green-feet", S001, SEC_X, "for the rest of the turn every green footprint counts as a brain" },
};

static const ud_variant_value rescue_values[] = {
    { "earlier-rolls", S001, SEC_X,
      "a rescue takes a Hunk or Hottie brain set aside in an earlier roll of the turn" },
    { "same-roll", S001, SEC_X, "a brain rolled in the same roll as the rescuing shotgun is taken too" },
};

static const ud_variant_value helmet_values[] = {
    { "this-roll", S001, "Expanding the Zombie Horde", "the helmet protects from the roll that shows it" },
    { "next-roll", S001, "Expanding the Zombie Horde", "the helmet protects from the next roll on" },
};

static const ud_variant_value bus_values[] = {
    { "off", S000, "Zombie Dice (intro)", "no School Bus" },
    { "on", S001, SEC_X, "the School Bus d12 may be ridden after the turn's first roll" },
};

const ud_variant zd_variants[ZD_VARIANTS] = {
    [ZD_V_END] = { "end", "When someone reaches 13 brains, who still plays?", 2, end_values, ZD_DEFAULT_END },
    [ZD_V_TIEBREAK] = { "tiebreak", "How many tiebreaker rounds do the leaders play?", 2, tiebreak_values,
                        ZD_DEFAULT_TIEBREAK },
    [ZD_V_SHORT_WHEN] = { "shortage-when", "When is the cup short of dice?", 3, short_when_values,
                          ZD_DEFAULT_SHORT_WHEN },
    [ZD_V_SHORT_ORDER] = { "shortage-order",
                           "In a shortage, are the cup's last dice taken before the brains go back?", 2,
                           short_order_values, ZD_DEFAULT_SHORT_ORDER },
    [ZD_V_FIRST] = { "first-player", "Who takes the first turn?", 2, first_values, ZD_DEFAULT_FIRST },
    [ZD_V_DICE] = { "dice", "Which dice are in the cup?", 4, dice_values, ZD_DEFAULT_DICE },
    [ZD_V_ENERGY] = { "energy-drink", "What does Santa's energy drink do?", 2, energy_values,
                      ZD_DEFAULT_ENERGY },
    [ZD_V_RESCUE] = { "rescue", "Can a brain from the same roll be rescued?", 2, rescue_values,
                      ZD_DEFAULT_RESCUE },
    [ZD_V_HELMET] = { "helmet", "From which roll does Santa's helmet count?", 2, helmet_values,
                      ZD_DEFAULT_HELMET },
    [ZD_V_BUS] = { "bus", "Is the School Bus in play?", 2, bus_values, ZD_DEFAULT_BUS },
};
