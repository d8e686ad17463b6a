/*
 * variants.c - the questions 000 and 001 answer differently or not at all.
 * Defaults follow the publisher's sheet (000) wherever it speaks.
 */
#include "zd.h"

#define S000 "000_667bbeec5fdf16bd.txt"
#define S001 "001_4f6e2b55ff14832a.txt"

static const ud_variant_value end_values[] = {
    { "finish-round", S000, "BRAAAAINS!!!", "after someone reaches 13, the round is finished: only the seats after them in this round play" },
    { "final-turn", S001, "Ending the Game", "after someone reaches 13, every other player gets one final turn" },
};

static const ud_variant_value tiebreak_values[] = {
    { "one-round", S000, "BRAAAAINS!!!", "the leaders play one tiebreaker round; a tie after it stands as a shared win (000 is silent on a second tie)" },
    { "until-broken", S001, "Tiebreaker", "the leaders play tiebreaker rounds until the tie is broken" },
};

static const ud_variant_value short_when_values[] = {
    { "fewer-than-three", S000, "Brrrains?", "a shortage is when you need new dice and the cup holds fewer than three (both texts say three)" },
    { "fewer-than-needed", S001, "Handling a Dice Shortage", "a shortage is only when the cup holds fewer dice than you need to reach three" },
};

static const ud_variant_value short_order_values[] = {
    { "return-first", S001, "Handling a Dice Shortage", "note the brains, return the brain dice to the cup, then draw every die you need" },
    { "cup-first", S000, "Brrrains?", "take the cup's last dice first, then return the brain dice and draw the rest" },
};

static const ud_variant_value first_values[] = {
    { "seat-order", S000, "(opening paragraph)", "the first listed player starts (000: last game's winner or best groan, decided off the table)" },
    { "random", S001, "Starting the Game", "the first player is chosen at random" },
};

const ud_variant zd_variants[ZD_VARIANTS] = {
    [ZD_V_END] = { "end", "When someone reaches 13 brains, who still plays?", 2, end_values, ZD_END_FINISH_ROUND },
    [ZD_V_TIEBREAK] = { "tiebreak", "How many tiebreaker rounds do the leaders play?", 2, tiebreak_values, ZD_TIE_ONE_ROUND },
    [ZD_V_SHORT_WHEN] = { "shortage-when", "When is the cup short of dice?", 2, short_when_values, ZD_SHORT_FEWER_THAN_THREE },
    [ZD_V_SHORT_ORDER] = { "shortage-order", "In a shortage, are the cup's last dice taken before the brains go back?", 2, short_order_values, ZD_ORDER_RETURN_FIRST },
    [ZD_V_FIRST] = { "first-player", "Who takes the first turn?", 2, first_values, ZD_FIRST_SEAT_ORDER },
};
