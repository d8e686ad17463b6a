/*
 * test_zd_rules.c - one test per Zombie Dice rule row (spec/zombie_dice/
 * rules.c): a scripted transcript that makes the rule fire, run through
 * ud_transcript_parse + ud_check with firing counts and invariants on;
 * each test asserts how often its rule fired and the scores and state
 * that follow, all derived from the rule texts and the scripted outcomes.
 *
 * The meta-test at the end runs every scenario again in one process and
 * checks, both ways, that the scenarios cover exactly the game's rule IDs
 * and that each scenario really fires the rule it is named for.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "zd_support.h"

#define H2 ZD_HEADER "player a\nplayer b\n"
#define H3 ZD_HEADER "player a\nplayer b\nplayer c\n"

/* Scenario functions take an accumulator of firing counts (NULL when run
 * as their own test) so the meta-test can reuse them (support.h). */
#define SCENARIO(fn) SCENARIO_TEST(zd_rules, fn)

/* Reaches cup=G1Y1R0 with a red feet die kept, 8 brains (5 green, 2
 * yellow, 1 red) and 2 shotguns (yellow, red) aside, seat a deciding:
 *   GGG -> 3 brains (cup G3Y4R3); YYY -> 2 brains, 1 shotgun (G3Y1R3);
 *   G G R -> 2 brains, red feet (G1Y1R2); R R + kept R -> brain, shotgun,
 *   feet (G1Y1R0). */
#define TO_CUP_OF_TWO                                 \
    "draw green green green\n"                        \
    "roll green:brain green:brain green:brain\n"      \
    "decide a roll\n"                                 \
    "draw yellow yellow yellow\n"                     \
    "roll yellow:brain yellow:shotgun yellow:brain\n" \
    "decide a roll\n"                                 \
    "draw green green red\n"                          \
    "roll green:brain green:brain red:feet\n"         \
    "decide a roll\n"                                 \
    "draw red red\n"                                  \
    "roll red:brain red:shotgun red:feet\n"           \
    "= turn=a brains=8 shotguns=2 feet=R cup=G1Y1R0\n"

/* ---- setup ------------------------------------------------------------------------ */

SCENARIO(rule_players)
{
    run r;
    play_scenario(&r,
                  H3 "partial\n"
                     "draw red red red\n"
                     "roll red:shotgun red:shotgun red:shotgun\n"
                     "turn b\n"
                     "= turn=b scores=a:0,b:0,c:0\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-PLAYERS"), 1);
    cr_assert_eq(r.res.n_players, 3);
    cr_assert_eq(r.res.complete, 0);
    run_free(&r);

    /* "Two or more players": one is refused before the rule meets it, at
     * the player's line, naming the rule. */
    const char solo[] = ZD_HEADER "player solo\npartial\n\ndraw green green green\n";
    assert_parse_error(solo, strlen(solo), 3, 8,
                       "expected 2 to 16 players for zombie-dice (ZD-PLAYERS), found 1");

    /* A table larger than undead seats, at the first player beyond it. */
    char text[1024] = ZD_HEADER;
    for (int i = 0; i < UD_MAX_PLAYERS + 1; i++)
        sprintf(text + strlen(text), "player p%d\n", i);
    strcat(text, "partial\n\ndraw green green green\n");
    assert_parse_error(text, strlen(text), UD_MAX_PLAYERS + 3, 8,
                       "expected 2 to 16 players for zombie-dice (ZD-PLAYERS), found 17");
}

SCENARIO(rule_dice)
{
    /* 13 dice: 6 green, 4 yellow, 3 red, all in the cup at the start. */
    cr_assert_eq(zd_set_count[ZD_SET_BASE][ZD_GREEN], 6);
    cr_assert_eq(zd_set_count[ZD_SET_BASE][ZD_YELLOW], 4);
    cr_assert_eq(zd_set_count[ZD_SET_BASE][ZD_RED], 3);
    /* Faces per 001: green 3 brain / 1 shotgun / 2 feet, yellow 2/2/2, red 1/3/2;
     * the expansion dice: Hunk 2 feet, 2 shotguns, a double shotgun, a double brain;
     * Hottie 3 feet, 2 shotguns, 1 brain; Santa brain, double brain,
     * shotgun, feet, helmet, energy drink.  Columns: brain, shotgun, feet,
     * double brain, double shotgun, helmet, energy drink. */
    const int want[ZD_TYPES][ZD_FACES] = {
        { 3, 1, 2 },
        { 2, 2, 2 },
        { 1, 3, 2 },
        { 0, 2, 2, 1, 1, 0, 0 },
        { 1, 2, 3, 0, 0, 0, 0 },
        { 1, 1, 1, 1, 0, 1, 1 },
    };
    for (int t = 0; t < ZD_TYPES; t++) {
        int n[ZD_FACES] = { 0 };
        for (int k = 0; k < ZD_FACES_PER_DIE; k++)
            n[zd_dice[t].face[k]]++;
        for (int f = 0; f < ZD_FACES; f++)
            cr_assert_eq(n[f], want[t][f], "%s die, %s faces", zd_dice[t].name, zd_face_name[f]);
    }
    run r;
    play_scenario(&r,
                  H2 "partial\n"
                     "= turn=a brains=0 shotguns=0 feet=- cup=G6Y4R3 scores=a:0,b:0\n"
                     "draw green yellow red\n"
                     "= cup=G5Y3R2 feet=G,Y,R\n"
                     "roll green:feet yellow:feet red:feet\n"
                     "= feet=G,Y,R cup=G5Y3R2\n"
                     "decide a stop\n"
                     "score a +0 =0\n"
                     "turn b\n"
                     "= turn=b feet=- cup=G6Y4R3\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-DICE"), 1);
    run_free(&r);
}

SCENARIO(rule_first_seat_order)
{
    run r;
    play_scenario(&r,
                  ZD_HEADER "player zed\nplayer amy\npartial\n"
                            "starts zed\n"
                            "= turn=zed\n"
                            "draw red red red\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-FIRST-SEAT-ORDER"), 1);
    cr_assert_eq(fired(&r, "ZD-FIRST-RANDOM"), 0);
    run_free(&r);
}

SCENARIO(rule_first_random)
{
    /* The lot falls to c, who opens; after c the turn passes to a. */
    run r;
    play_scenario(&r,
                  ZD_HEADER "variant first-player=random\nplayer a\nplayer b\nplayer c\npartial\n"
                            "lot c\n"
                            "starts c\n"
                            "turn c\n"
                            "draw red red red\n"
                            "roll red:shotgun red:shotgun red:shotgun\n"
                            "turn a\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-FIRST-RANDOM"), 1);
    cr_assert_eq(fired(&r, "ZD-FIRST-SEAT-ORDER"), 0);
    run_free(&r);
    /* Only a seated player can win the lot. */
    run_text(&r, ZD_HEADER "variant first-player=random\nplayer a\nplayer b\nlot zed\n");
    assert_check_error(&r, 6, "ZD-FIRST-RANDOM", "'zed' cannot happen here; expected a|b");
    run_free(&r);
}

/* ---- turns and drawing -------------------------------------------------------------- */

SCENARIO(rule_turn)
{
    run r;
    play_scenario(&r,
                  H2 "partial\n"
                     "turn a\n"
                     "draw red red red\n"
                     "roll red:shotgun red:shotgun red:shotgun\n"
                     "turn b\n"
                     "draw green green green\n"
                     "roll green:brain green:feet green:feet\n"
                     "decide b stop\n"
                     "turn a\n"
                     "= turn=a brains=0 shotguns=0 feet=- cup=G6Y4R3 scores=a:0,b:1\n"
                     "draw green green green\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-TURN"), 3);
    cr_assert_eq(score_of(&r, "b"), 1);
    run_free(&r);
}

SCENARIO(rule_shortage_three)
{
    /* Default reading: short when new dice are needed and the cup holds
     * fewer than three - here 2 in the cup for 2 needed. */
    run r;
    play_scenario(&r,
                  H2 "partial\n" TO_CUP_OF_TWO "decide a roll\n"
                     "shortage cup=2 needed=2 [ZD-SHORTAGE-THREE]\n"
                     "return-brains green green green green green yellow yellow red noted=8\n"
                     "draw green green\n"
                     "roll red:feet green:feet green:feet\n"
                     "decide a stop\n"
                     "score a +8 =8\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-THREE"), 1, "no shortage while the cup held 3 or more");
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-NEEDED"), 0);
    cr_assert_eq(score_of(&r, "a"), 8);
    run_free(&r);
}

SCENARIO(rule_shortage_needed)
{
    /* 001's reading: short only when the cup holds fewer dice than needed.
     * Two in the cup for two needed is no shortage; zero for three is. */
    run r;
    play_scenario(&r,
                  ZD_HEADER
                  "variant shortage-when=fewer-than-needed\nplayer a\nplayer b\npartial\n" TO_CUP_OF_TWO
                  "decide a roll\n"
                  "draw green yellow [ZD-DRAW]\n"
                  "roll red:brain green:brain yellow:brain\n"
                  "= brains=11 shotguns=2 feet=- cup=G0Y0R0\n"
                  "decide a roll\n"
                  "shortage cup=0 needed=3 [ZD-SHORTAGE-NEEDED]\n"
                  "return-brains green green green green green green yellow yellow yellow red red noted=11\n"
                  "= cup=G6Y3R2\n"
                  "draw green green green\n"
                  "roll green:shotgun green:feet green:feet\n"
                  "bust a shotguns=3 lost=11\n"
                  "turn b\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-NEEDED"), 1);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-THREE"), 0);
    cr_assert_eq(score_of(&r, "a"), 0, "a bust loses the noted brains too");
    run_free(&r);
}

SCENARIO(rule_shortage_literal)
{
    /* Both texts word for word: fewer than three dice in the cup is a
     * shortage at any roll again, even with three feet held and no die to
     * take; the brains go back all the same.  Under the default reading
     * the same roll has no shortage. */
    static const char body[] = "draw green green green\n"
                               "roll green:brain green:brain green:brain\n"
                               "decide a roll\n"
                               "draw green green green\n"
                               "roll green:brain green:brain green:brain\n"
                               "decide a roll\n"
                               "draw yellow yellow yellow\n"
                               "roll yellow:brain yellow:brain yellow:brain\n"
                               "decide a roll\n"
                               "draw yellow red red\n"
                               "roll yellow:feet red:feet red:feet\n"
                               "= brains=9 feet=Y,R,R cup=G0Y0R1\n"
                               "decide a roll\n";
    run r;
    char text[2048];
    snprintf(text, sizeof text, "%s%s%s",
             ZD_HEADER "variant shortage-when=literal\nplayer a\nplayer b\npartial\n", body,
             "shortage cup=1 needed=0 [ZD-SHORTAGE-LITERAL]\n"
             "return-brains green green green green green green yellow yellow yellow noted=9\n"
             "= cup=G6Y3R1\n"
             "roll yellow:brain red:brain red:brain\n"
             "decide a stop\n"
             "score a +12 =12\n");
    play_scenario(&r, text, acc);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-LITERAL"), 1);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-RETURN"), 1);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-LAST-DICE"), 0, "no die is needed, so none is taken");
    cr_assert_eq(score_of(&r, "a"), 12);
    run_free(&r);

    snprintf(text, sizeof text, "%s%s%s", H2 "partial\n", body,
             "= cup=G0Y0R1\nroll yellow:brain red:brain red:brain\ndecide a stop\nscore a +12 =12\n");
    play_scenario(&r, text, NULL);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-THREE") + fired(&r, "ZD-SHORTAGE-RETURN"), 0,
                 "the default reading has no shortage without a die to take");
    run_free(&r);
}

SCENARIO(rule_shortage_last_dice)
{
    /* 000's order: take the cup's last two dice first, then return the
     * brains; the hand is then full, so nothing more is drawn. */
    run r;
    play_scenario(&r,
                  ZD_HEADER "variant shortage-order=cup-first\nplayer a\nplayer b\npartial\n" TO_CUP_OF_TWO
                            "decide a roll\n"
                            "shortage cup=2 needed=2\n"
                            "draw green yellow [ZD-SHORTAGE-LAST-DICE]\n"
                            "return-brains green green green green green yellow yellow red noted=8\n"
                            "= brains=8 shotguns=2 feet=R,G,Y cup=G5Y2R1\n"
                            "roll red:brain green:brain yellow:brain\n"
                            "decide a stop\n"
                            "score a +11 =11\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-LAST-DICE"), 1);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-RETURN"), 1);
    cr_assert_eq(score_of(&r, "a"), 11, "8 noted + 3 rolled");
    run_free(&r);
}

SCENARIO(rule_shortage_return)
{
    /* Return-first (default): the 8 brain dice go back (noted), the red
     * feet die and the two shotguns stay out; then two dice are drawn from
     * G6Y3R1.  Noted brains score when the player stops. */
    run r;
    play_scenario(
        &r,
        H2 "partial\n" TO_CUP_OF_TWO "decide a roll\n"
           "shortage cup=2 needed=2\n"
           "return-brains green green green green green yellow yellow red noted=8 [ZD-SHORTAGE-RETURN]\n"
           "draw green green\n"
           "= brains=8 shotguns=2 feet=R,G,G cup=G4Y3R1\n"
           "roll red:brain green:brain green:brain\n"
           "= brains=11 shotguns=2 feet=-\n"
           "decide a stop\n"
           "score a +11 =11\n"
           "turn b\n"
           "= cup=G6Y4R3 brains=0\n",
        acc);
    cr_assert_eq(fired(&r, "ZD-SHORTAGE-RETURN"), 1);
    cr_assert_eq(score_of(&r, "a"), 11);
    run_free(&r);
}

/* a: three feet, roll again (nothing drawn), then one new die, stop on 3;
 * b: one roll, and the transcript ends where b must decide. */
#define FEET_THEN_ONE_NEW                           \
    H2 "partial\n"                                  \
       "draw green green green\n"                   \
       "roll green:feet green:feet green:feet\n"    \
       "= feet=G,G,G cup=G3Y4R3\n"                  \
       "decide a roll\n"                            \
       "roll green:feet green:brain green:feet\n"   \
       "= brains=1 feet=G,G cup=G3Y4R3\n"           \
       "decide a roll\n"                            \
       "draw red\n"                                 \
       "roll green:brain green:brain red:shotgun\n" \
       "= brains=3 shotguns=1 feet=- cup=G3Y4R2\n"  \
       "decide a stop\n"                            \
       "score a +3 =3\n"                            \
       "turn b\n"                                   \
       "draw green green green\n"                   \
       "roll green:brain green:shotgun green:feet\n"

SCENARIO(rule_draw)
{
    /* The draw rule runs each time the hand is topped up: 3 times in a's
     * turn, drawing 3, 0 (three feet held) and 1 die, once in b's. */
    run r;
    play_scenario(&r, FEET_THEN_ONE_NEW, acc);
    cr_assert_eq(fired(&r, "ZD-DRAW"), 4);
    cr_assert_eq(score_of(&r, "a"), 3);
    run_free(&r);
}

SCENARIO(rule_feet_reroll)
{
    run r;
    play_scenario(&r, FEET_THEN_ONE_NEW, acc);
    cr_assert_eq(fired(&r, "ZD-FEET-REROLL"), 2, "a's rolls 2 and 3 held feet");
    run_free(&r);
    /* All kept feet are rolled again: leaving one out is refused. */
    run_text(&r, H2 "draw green green green\nroll green:feet green:feet green:feet\n"
                    "decide a roll\nroll green:brain green:brain\n");
    assert_check_error(&r, 8, "ZD-FEET-REROLL", "expected one more 'roll' outcome here");
    run_free(&r);
}

SCENARIO(rule_must_roll)
{
    run r;
    play_scenario(&r, FEET_THEN_ONE_NEW, acc);
    cr_assert_eq(fired(&r, "ZD-MUST-ROLL"), 3, "a's rolls 1 and 3 and b's had new dice; a's roll 2 none");
    run_free(&r);
}

SCENARIO(rule_roll_three)
{
    run r;
    play_scenario(&r, FEET_THEN_ONE_NEW, acc);
    cr_assert_eq(fired(&r, "ZD-ROLL-THREE"), 4);
    run_free(&r);
}

/* ---- resolving a roll ------------------------------------------------------------------ */

SCENARIO(rule_brain_aside)
{
    run r;
    play_scenario(&r,
                  H2 "partial\n"
                     "draw green yellow red\n"
                     "roll red:brain green:brain yellow:feet\n"
                     "brains green red total=2 [ZD-BRAIN-ASIDE]\n"
                     "= brains=2 shotguns=0 feet=Y cup=G5Y3R2\n"
                     "decide a roll\n"
                     "draw yellow green\n"
                     "roll yellow:shotgun yellow:brain green:feet\n"
                     "brains yellow total=3\n"
                     "decide a stop\n"
                     "score a +3 =3\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-BRAIN-ASIDE"), 2);
    cr_assert_eq(score_of(&r, "a"), 3);
    run_free(&r);
}

SCENARIO(rule_shotgun_aside)
{
    run r;
    play_scenario(&r,
                  H2 "partial\n"
                     "draw red red yellow\n"
                     "roll red:shotgun red:shotgun yellow:brain\n"
                     "shotguns red red total=2 [ZD-SHOTGUN-ASIDE]\n"
                     "= brains=1 shotguns=2 feet=- cup=G6Y3R1\n"
                     "decide a roll\n"
                     "draw green green green\n"
                     "roll green:brain green:feet green:feet\n"
                     "= shotguns=2 brains=2\n"
                     "decide a stop\n"
                     "score a +2 =2\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-SHOTGUN-ASIDE"), 1);
    cr_assert_eq(fired(&r, "ZD-BUST"), 0, "two shotguns are not a bust");
    run_free(&r);
}

SCENARIO(rule_bust)
{
    /* Three or more: 2 shotguns, then 2 more make 4.  The turn's brain is
     * lost; the banked 5 stay. */
    run r;
    play_scenario(&r,
                  H2 "partial\nstart score a 5\n"
                     "draw green green green\n"
                     "roll green:brain green:shotgun green:shotgun\n"
                     "decide a roll\n"
                     "draw red red red\n"
                     "roll red:shotgun red:shotgun red:feet\n"
                     "bust a shotguns=4 lost=1\n"
                     "turn b\n"
                     "= turn=b brains=0 shotguns=0 feet=- cup=G6Y4R3 scores=a:5,b:0\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-BUST"), 1);
    cr_assert_eq(fired(&r, "ZD-FEET-KEEP"), 1, "the bust roll keeps no feet");
    cr_assert_eq(fired(&r, "ZD-CHOICE"), 1, "no choice after a bust");
    cr_assert_eq(score_of(&r, "a"), 5);
    run_free(&r);
}

SCENARIO(rule_feet_keep)
{
    run r;
    play_scenario(&r,
                  H2 "partial\n"
                     "draw green yellow red\n"
                     "roll green:feet yellow:brain red:feet\n"
                     "feet green red [ZD-FEET-KEEP]\n"
                     "= brains=1 feet=G,R cup=G5Y3R2\n"
                     "decide a roll\n"
                     "draw yellow\n"
                     "roll green:feet red:brain yellow:feet\n"
                     "feet green yellow\n"
                     "= brains=2 feet=G,Y cup=G5Y2R2\n"
                     "decide a stop\n"
                     "score a +2 =2\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-FEET-KEEP"), 2);
    run_free(&r);
}

/* ---- the choice ---------------------------------------------------------------------- */

SCENARIO(rule_choice)
{
    run r;
    play_scenario(&r, FEET_THEN_ONE_NEW "decide b stop [ZD-CHOICE]\n", acc);
    cr_assert_eq(fired(&r, "ZD-CHOICE"), 4, "one offer per decision");
    cr_assert_eq(r.res.decisions, 4);
    cr_assert_eq(score_of(&r, "b"), 1);
    run_free(&r);
}

SCENARIO(rule_stop_score)
{
    /* Stopping banks the turn's brains; every die goes back in the cup. */
    run r;
    play_scenario(&r,
                  H2 "partial\nstart score b 4\n"
                     "draw green green yellow\n"
                     "roll green:brain green:brain yellow:shotgun\n"
                     "decide a stop\n"
                     "score a +2 =2 [ZD-STOP-SCORE]\n"
                     "turn b\n"
                     "= turn=b cup=G6Y4R3 brains=0 shotguns=0 feet=-\n"
                     "draw green green green\n"
                     "roll green:brain green:brain green:brain\n"
                     "decide b stop\n"
                     "score b +3 =7\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-STOP-SCORE"), 2);
    cr_assert_eq(score_of(&r, "a"), 2);
    cr_assert_eq(score_of(&r, "b"), 7);
    run_free(&r);
}

SCENARIO(rule_roll_again)
{
    run r;
    play_scenario(&r, FEET_THEN_ONE_NEW, acc);
    cr_assert_eq(fired(&r, "ZD-ROLL-AGAIN"), 2);
    cr_assert_eq(fired(&r, "ZD-STOP-SCORE"), 1);
    run_free(&r);
}

/* ---- end of turn and of the game ----------------------------------------------------- */

SCENARIO(rule_no_cap)
{
    /* 12 + 3 = 15 counts in full; b then reaches exactly 13 (no row: it is
     * not above the goal) and a still wins on 15 > 13. */
    run r;
    play_scenario(&r,
                  H2 "start score a 12\nstart score b 12\n"
                     "draw green green green\n"
                     "roll green:brain green:brain green:brain\n"
                     "decide a stop\n"
                     "score a +3 =15\n"
                     "above-goal a =15 counts [ZD-NO-CAP]\n"
                     "draw green green green\n"
                     "roll green:brain green:feet green:feet\n"
                     "decide b stop\n"
                     "score b +1 =13\n"
                     "game-over\n"
                     "winner a =15\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-NO-CAP"), 1);
    cr_assert_eq(score_of(&r, "a"), 15);
    cr_assert_eq(score_of(&r, "b"), 13);
    cr_assert_eq(r.res.winner, seat_of(&r, "a"));
    run_free(&r);
}

SCENARIO(rule_goal_finish_round)
{
    /* b (seat 2 of 3) reaches 13: the round finishes with c; a does not
     * play again. */
    run r;
    play_scenario(&r,
                  H3 "start score a 10\nstart score b 11\n"
                     "draw green green green\n"
                     "roll green:brain green:brain green:shotgun\n"
                     "decide a stop\n"
                     "score a +2 =12\n"
                     "draw green green green\n"
                     "roll green:brain green:brain green:shotgun\n"
                     "decide b stop\n"
                     "goal b =13 turns-left=1 [ZD-GOAL-FINISH-ROUND]\n"
                     "turn c\n"
                     "draw red red red\n"
                     "roll red:shotgun red:shotgun red:shotgun\n"
                     "game-over\n"
                     "winner b =13\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-GOAL-FINISH-ROUND"), 1);
    cr_assert_eq(fired(&r, "ZD-TURN"), 3);
    cr_assert(r.res.complete);
    cr_assert_eq(r.res.winner, seat_of(&r, "b"));
    run_free(&r);

    /* The round starts with whoever opened: with c first, a's goal leaves
     * only b in the round. */
    play_scenario(&r,
                  ZD_HEADER "variant first-player=random\nplayer a\nplayer b\nplayer c\nstart score a 11\n"
                            "lot c\n"
                            "draw red red red\n"
                            "roll red:shotgun red:shotgun red:shotgun\n"
                            "draw green green green\n"
                            "roll green:brain green:brain green:feet\n"
                            "decide a stop\n"
                            "goal a =13 turns-left=1\n"
                            "turn b\n"
                            "draw red red red\n"
                            "roll red:shotgun red:shotgun red:shotgun\n"
                            "game-over\n"
                            "winner a =13\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-GOAL-FINISH-ROUND"), 1);
    cr_assert_eq(fired(&r, "ZD-TURN"), 3);
    run_free(&r);
}

SCENARIO(rule_goal_final_turn)
{
    /* 001: every other player gets one final turn - c, then a, who
     * overtakes b.  Passing 13 again does not restart the count. */
    run r;
    play_scenario(&r,
                  ZD_HEADER "variant end=final-turn\nplayer a\nplayer b\nplayer c\n"
                            "start score a 11\nstart score b 12\n"
                            "draw red red red\n"
                            "roll red:shotgun red:shotgun red:shotgun\n"
                            "draw green green green\n"
                            "roll green:brain green:feet green:feet\n"
                            "decide b stop\n"
                            "goal b =13 turns-left=2 [ZD-GOAL-FINAL-TURN]\n"
                            "turn c\n"
                            "draw red red red\n"
                            "roll red:shotgun red:shotgun red:shotgun\n"
                            "turn a\n"
                            "draw green green green\n"
                            "roll green:brain green:brain green:brain\n"
                            "decide a stop\n"
                            "score a +3 =14\n"
                            "game-over\n"
                            "winner a =14\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-GOAL-FINAL-TURN"), 1);
    cr_assert_eq(fired(&r, "ZD-TURN"), 4);
    cr_assert_eq(r.res.winner, seat_of(&r, "a"));
    cr_assert_eq(score_of(&r, "a"), 14);
    cr_assert_eq(score_of(&r, "b"), 13);
    run_free(&r);
}

/* a and b tie on 13 under the default finish-round reading. */
#define TIE_AT_13(variant)                                                       \
    ZD_HEADER variant "player a\nplayer b\nstart score a 12\nstart score b 12\n" \
                      "draw green green green\n"                                 \
                      "roll green:brain green:feet green:feet\n"                 \
                      "decide a stop\n"                                          \
                      "draw green green green\n"                                 \
                      "roll green:brain green:feet green:feet\n"                 \
                      "decide b stop\n"                                          \
                      "game-over\n"                                              \
                      "tiebreak a b =13 round=1\n"

#define BOTH_BUST                                \
    "turn a\n"                                   \
    "draw red red red\n"                         \
    "roll red:shotgun red:shotgun red:shotgun\n" \
    "turn b\n"                                   \
    "draw red red red\n"                         \
    "roll red:shotgun red:shotgun red:shotgun\n" \
    "tiebreak-over\n"

SCENARIO(rule_game_over)
{
    run r;
    play_scenario(&r, TIE_AT_13("") BOTH_BUST "shared-win a b =13\n", acc);
    cr_assert_eq(fired(&r, "ZD-GAME-OVER"), 2, "once for the game, once for the tiebreak round");
    cr_assert(r.res.complete);
    run_free(&r);
}

SCENARIO(rule_next_player)
{
    run r;
    play_scenario(&r,
                  H3 "partial\n"
                     "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n"
                     "turn b\n"
                     "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n"
                     "turn c\n"
                     "draw green green green\nroll green:brain green:feet green:feet\ndecide c stop\n"
                     "turn a\n"
                     "= turn=a scores=a:0,b:0,c:1\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-NEXT-PLAYER"), 3);
    run_free(&r);
}

SCENARIO(rule_tiebreak_next)
{
    /* a and c tie on 13; b (0) sits the tiebreak out: after a comes c. */
    run r;
    play_scenario(&r,
                  H3 "start score a 12\nstart score c 12\n"
                     "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop\n"
                     "goal a =13 turns-left=2\n"
                     "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n"
                     "draw green green green\nroll green:brain green:feet green:feet\ndecide c stop\n"
                     "game-over\n"
                     "tiebreak a c =13 round=1\n"
                     "turn a\n"
                     "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n"
                     "turn c\n"
                     "draw green green green\nroll green:brain green:brain green:feet\ndecide c stop\n"
                     "score c +2 =15\n"
                     "tiebreak-over\n"
                     "winner c =15\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-TIEBREAK-NEXT"), 1);
    cr_assert_eq(fired(&r, "ZD-TURN"), 5);
    cr_assert_eq(score_of(&r, "b"), 0);
    cr_assert_eq(r.res.winner, seat_of(&r, "c"));
    run_free(&r);
}

SCENARIO(rule_most_brains)
{
    /* The player who reached 13 first need not win. */
    run r;
    play_scenario(&r,
                  H2 "start score a 12\nstart score b 12\n"
                     "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop\n"
                     "goal a =13 turns-left=1\n"
                     "draw green green green\nroll green:brain green:brain green:brain\ndecide b stop\n"
                     "game-over\n"
                     "winner b =15 [ZD-MOST-BRAINS]\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-MOST-BRAINS"), 1);
    cr_assert_eq(r.res.winner, seat_of(&r, "b"));
    cr_assert_eq(score_of(&r, "a"), 13);
    cr_assert_eq(score_of(&r, "b"), 15);
    run_free(&r);
}

SCENARIO(rule_tiebreak_one)
{
    run r;
    play_scenario(
        &r,
        TIE_AT_13(
            "variant tiebreak=one-round\n") "turn a\n"
                                            "draw green green green\nroll green:brain green:brain green:feet\ndecide a stop\n"
                                            "score a +2 =15\n"
                                            "turn b\n"
                                            "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n"
                                            "tiebreak-over\n"
                                            "winner a =15\n",
        acc);
    cr_assert_eq(fired(&r, "ZD-TIEBREAK-ONE"), 1);
    cr_assert_eq(fired(&r, "ZD-TIE-STANDS"), 0);
    cr_assert_eq(r.res.winner, seat_of(&r, "a"));
    run_free(&r);
}

SCENARIO(rule_tie_stands)
{
    run r;
    play_scenario(
        &r, TIE_AT_13("variant tiebreak=one-round\n") BOTH_BUST "shared-win a b =13 [ZD-TIE-STANDS]\n", acc);
    cr_assert_eq(fired(&r, "ZD-TIE-STANDS"), 1);
    cr_assert_eq(fired(&r, "ZD-TIEBREAK-ONE"), 1, "only one tiebreak round");
    cr_assert_eq(r.res.winner, -2);
    cr_assert_eq(score_of(&r, "a"), 13);
    cr_assert_eq(score_of(&r, "b"), 13);
    run_free(&r);
}

SCENARIO(rule_tiebreak_repeat)
{
    run r;
    play_scenario(&r,
                  TIE_AT_13("variant tiebreak=until-broken\n") BOTH_BUST
                  "tiebreak a b =13 round=2 [ZD-TIEBREAK-REPEAT]\n"
                  "turn a\n"
                  "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop\n"
                  "turn b\n"
                  "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n"
                  "tiebreak-over\n"
                  "winner a =14\n",
                  acc);
    cr_assert_eq(fired(&r, "ZD-TIEBREAK-REPEAT"), 2);
    cr_assert_eq(fired(&r, "ZD-GAME-OVER"), 3);
    cr_assert_eq(r.res.winner, seat_of(&r, "a"));
    run_free(&r);
}

/* ---- the expansions: scenarios are the golden cases ---------------------- */

/* Plays golden/zombie_dice/expansions/NAME.in: its change and state lines
 * state the outcomes, which the checker verifies; the scenario asserts the
 * firings and scores on top. */
static void play_expansion(run *r, const char *name, uint64_t *acc)
{
    char path[512];
    snprintf(path, sizeof path, "%s/golden/zombie_dice/expansions/%s.in", UD_SOURCE_DIR, name);
    size_t len;
    char *text = slurp(path, &len);
    play_scenario(r, text, acc);
    free(text);
}

#define CASE_FIRES(fn, file, id, times, a_score)                  \
    SCENARIO(fn)                                                  \
    {                                                             \
        run r;                                                    \
        play_expansion(&r, file, acc);                            \
        cr_assert_eq(fired(&r, id), times, "%s in %s", id, file); \
        cr_assert_eq(score_of(&r, "a"), a_score, "%s", file);     \
        run_free(&r);                                             \
    }

CASE_FIRES(rule_bus_roll, "bus-ride-and-points", "ZD-BUS-ROLL", 1, 6)
CASE_FIRES(rule_bus_points, "bus-ride-and-points", "ZD-BUS-POINTS", 1, 6)
CASE_FIRES(rule_bus_ride, "bus-ride-and-points", "ZD-BUS-RIDE", 1, 6)
CASE_FIRES(rule_bus_yield, "bus-yield", "ZD-BUS-YIELD", 1, 2)
CASE_FIRES(rule_bus_feet, "bus-yield", "ZD-BUS-FEET", 1, 2)
CASE_FIRES(rule_bus_get_off, "bus-yield", "ZD-BUS-GET-OFF", 1, 2)
CASE_FIRES(rule_bus_dead_end, "bus-dead-end-stay-on", "ZD-BUS-DEAD-END", 1, 6)
CASE_FIRES(rule_bus_stay_on, "bus-dead-end-stay-on", "ZD-BUS-STAY-ON", 1, 6)
CASE_FIRES(rule_bus_stop, "bus-stop", "ZD-BUS-STOP", 1, 3)
CASE_FIRES(rule_bus_tire, "bus-tire-track", "ZD-BUS-TIRE", 1, 4)
CASE_FIRES(rule_energy_one_footprint, "santa-energy-one-footprint", "ZD-ENERGY-ONE-FOOTPRINT", 1, 1)
CASE_FIRES(rule_drink_choose, "santa-energy-one-footprint", "ZD-DRINK-CHOOSE", 1, 1)
CASE_FIRES(rule_drink_convert, "santa-energy-one-footprint", "ZD-DRINK-CONVERT", 1, 1)
CASE_FIRES(rule_drink_only_kind, "santa-energy-next-footprint", "ZD-DRINK-ONLY-KIND", 1, 4)
CASE_FIRES(rule_energy_green_feet, "santa-energy-green-feet", "ZD-ENERGY-GREEN-FEET", 1, 2)
/* Two rolls with green feet after one drink: both count as brains. */
CASE_FIRES(rule_green_feet_brains, "santa-energy-green-feet", "ZD-GREEN-FEET-BRAINS", 2, 2)
CASE_FIRES(rule_extras_aside, "santa-helmet-this-roll", "ZD-EXTRAS-ASIDE", 1, 0)
CASE_FIRES(rule_helmet_next_roll, "santa-helmet-next-roll-protects", "ZD-HELMET-NEXT-ROLL", 1, 2)
/* Hunk's double brain (2) is lost to the rescue: 3 - 2 + 1 = 2. */
CASE_FIRES(rule_rescue, "rescue-earlier-roll", "ZD-RESCUE", 1, 2)
CASE_FIRES(rule_rescue_same_roll, "rescue-same-roll", "ZD-RESCUE-SAME-ROLL", 1, 0)

SCENARIO(rule_bus_parked)
{
    /* The bus waits at the start of every turn, whoever rode it last. */
    run r;
    play_expansion(&r, "bus-stop", acc);
    cr_assert_eq(fired(&r, "ZD-BUS-PARKED"), fired(&r, "ZD-TURN"));
    cr_assert_eq(fired(&r, "ZD-TURN"), 2);
    run_free(&r);
}

SCENARIO(rule_bus_board)
{
    /* With three feet in hand there is no regular die for the bus to
     * replace: boarding is offered only after the second roll. */
    run r;
    play_expansion(&r, "bus-cannot-board-with-three-feet", acc);
    /* Three choices: after three feet (no bus), after the second roll (bus
     * offered, taken), while riding (the bus is no longer waiting). */
    cr_assert_eq(fired(&r, "ZD-CHOICE"), 3);
    cr_assert_eq(fired(&r, "ZD-BUS-BOARD"), 1);
    run_free(&r);
    run_text(&r, ZD_HEADER "variant bus=on\nplayer a\nplayer b\npartial\n"
                           "draw green green green\nroll green:feet green:feet green:feet\n"
                           "decide a ride\n");
    assert_check_error(&r, 9, "ZD-CHOICE", "'ride' is not allowed here");
    run_free(&r);
}

SCENARIO(rule_helmet)
{
    /* With the helmet on, three shotguns do not end the turn; four do. */
    run r;
    play_expansion(&r, "santa-helmet-this-roll", acc);
    cr_assert_eq(fired(&r, "ZD-HELMET"), 1);
    cr_assert_eq(fired(&r, "ZD-BUST"), 1);
    cr_assert_eq(fired(&r, "ZD-CHOICE"), 2); /* a choice after 3 shotguns */
    run_free(&r);
    /* The same dice under helmet=next-roll: the third shotgun ends it. */
    play_expansion(&r, "santa-helmet-next-roll", acc);
    cr_assert_eq(fired(&r, "ZD-HELMET-NEXT-ROLL"), 0);
    cr_assert_eq(fired(&r, "ZD-BUST"), 1);
    cr_assert_eq(fired(&r, "ZD-CHOICE"), 1);
    run_free(&r);
}

Test(zd_expansions, hunk_double_faces_count_two)
{
    run r;
    play_expansion(&r, "hunk-double-brain", NULL);
    cr_assert_eq(score_of(&r, "a"), 3); /* Hunk's double brain + Hottie's brain */
    run_free(&r);
    play_expansion(&r, "hunk-double-shotgun", NULL);
    cr_assert_eq(fired(&r, "ZD-BUST"), 1); /* double shotgun + one shotgun = three */
    cr_assert_eq(score_of(&r, "a"), 0);
    run_free(&r);
    play_expansion(&r, "santa-double-brain", NULL);
    cr_assert_eq(score_of(&r, "a"), 3);
    run_free(&r);
}

Test(zd_expansions, same_roll_rescue_depends_on_the_reading)
{
    run r;
    play_expansion(&r, "rescue-same-roll-earlier-reading", NULL);
    cr_assert_eq(fired(&r, "ZD-RESCUE"), 0);
    cr_assert_eq(score_of(&r, "a"), 1);
    run_free(&r);
}

/* ---- meta-test ---------------------------------------------------------------------------- */

static const rule_scenario covered[] = {
    { "ZD-PLAYERS", rule_players },
    { "ZD-DICE", rule_dice },
    { "ZD-FIRST-SEAT-ORDER", rule_first_seat_order },
    { "ZD-FIRST-RANDOM", rule_first_random },
    { "ZD-TURN", rule_turn },
    { "ZD-SHORTAGE-THREE", rule_shortage_three },
    { "ZD-SHORTAGE-NEEDED", rule_shortage_needed },
    { "ZD-SHORTAGE-LITERAL", rule_shortage_literal },
    { "ZD-SHORTAGE-LAST-DICE", rule_shortage_last_dice },
    { "ZD-SHORTAGE-RETURN", rule_shortage_return },
    { "ZD-DRAW", rule_draw },
    { "ZD-FEET-REROLL", rule_feet_reroll },
    { "ZD-MUST-ROLL", rule_must_roll },
    { "ZD-ROLL-THREE", rule_roll_three },
    { "ZD-BRAIN-ASIDE", rule_brain_aside },
    { "ZD-SHOTGUN-ASIDE", rule_shotgun_aside },
    { "ZD-BUST", rule_bust },
    { "ZD-FEET-KEEP", rule_feet_keep },
    { "ZD-CHOICE", rule_choice },
    { "ZD-STOP-SCORE", rule_stop_score },
    { "ZD-ROLL-AGAIN", rule_roll_again },
    { "ZD-NO-CAP", rule_no_cap },
    { "ZD-GOAL-FINISH-ROUND", rule_goal_finish_round },
    { "ZD-GOAL-FINAL-TURN", rule_goal_final_turn },
    { "ZD-GAME-OVER", rule_game_over },
    { "ZD-NEXT-PLAYER", rule_next_player },
    { "ZD-TIEBREAK-NEXT", rule_tiebreak_next },
    { "ZD-MOST-BRAINS", rule_most_brains },
    { "ZD-TIEBREAK-ONE", rule_tiebreak_one },
    { "ZD-TIE-STANDS", rule_tie_stands },
    { "ZD-TIEBREAK-REPEAT", rule_tiebreak_repeat },
    { "ZD-BUS-PARKED", rule_bus_parked },
    { "ZD-BUS-ROLL", rule_bus_roll },
    { "ZD-BUS-YIELD", rule_bus_yield },
    { "ZD-BUS-DEAD-END", rule_bus_dead_end },
    { "ZD-BUS-POINTS", rule_bus_points },
    { "ZD-ENERGY-ONE-FOOTPRINT", rule_energy_one_footprint },
    { "ZD-ENERGY-GREEN-FEET", rule_energy_green_feet },
    { "ZD-GREEN-FEET-BRAINS", rule_green_feet_brains },
    { "ZD-HELMET", rule_helmet },
    { "ZD-RESCUE", rule_rescue },
    { "ZD-RESCUE-SAME-ROLL", rule_rescue_same_roll },
    { "ZD-EXTRAS-ASIDE", rule_extras_aside },
    { "ZD-HELMET-NEXT-ROLL", rule_helmet_next_roll },
    { "ZD-BUS-STOP", rule_bus_stop },
    { "ZD-BUS-TIRE", rule_bus_tire },
    { "ZD-DRINK-ONLY-KIND", rule_drink_only_kind },
    { "ZD-DRINK-CHOOSE", rule_drink_choose },
    { "ZD-DRINK-CONVERT", rule_drink_convert },
    { "ZD-BUS-FEET", rule_bus_feet },
    { "ZD-BUS-GET-OFF", rule_bus_get_off },
    { "ZD-BUS-STAY-ON", rule_bus_stay_on },
    { "ZD-BUS-BOARD", rule_bus_board },
    { "ZD-BUS-RIDE", rule_bus_ride },
};
enum { N_COVERED = sizeof covered / sizeof covered[0] };

Test(zd_rules_meta, every_rule_has_a_scenario_that_fires_it)
{
    assert_scenarios_match_rules(&zd_game, covered, N_COVERED, "test_zd_rules.c");
}
