/*
 * test_one_die.c - One Die's own suite, beside its rows: one scenario per
 * rule row (spec/one_die/rules.c), each a scripted transcript run through
 * the parser and the checker with firing counts and invariants on (the
 * helpers of tests/support.h), asserting how often its rule fired and the
 * scores, outcomes and refusals that follow from 900_one_die.txt and the
 * scripted rolls; then the content files: the built-in set, a set of our
 * own that changes the game, and bad sets refused with the exact
 * FILE:LINE:COL message while the tables in use stay as they were.
 *
 * The scripts assume the built-in content (goal 30 in 6 rounds, faces
 * bust, 2, 3, 4, 5, 6); builtin_assumed() says so loudly if it changes.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content.h"
#include "one_die/one_die.h"
#include "support.h"

#define OD_HEADER "undead-transcript 1\ngame one-die\n"
#define H1 OD_HEADER "player ann\n"
#define H2 OD_HEADER "player ann\nplayer bob\n"
#define H3 OD_HEADER "player ann\nplayer bob\nplayer cal\n"

static void builtin_assumed(void)
{
    od_content_ready();
    cr_assert_eq(od_content.goal, 30, "the scripts assume the built-in goal of 30");
    cr_assert_eq(od_content.rounds, 6, "the scripts assume the built-in 6 rounds");
    const char *want[OD_FACES] = { "bust", "2", "3", "4", "5", "6" };
    for (int i = 0; i < OD_FACES; i++)
        cr_assert_str_eq(od_content.label[i], want[i], "the scripts assume face %d is %s", i, want[i]);
}

/* A scenario's transcript, on the built-in content (support.h). */
static void play(run *r, const char *text, uint64_t *acc)
{
    builtin_assumed();
    play_scenario(r, text, acc);
}

static bool regen_has(const run *r, const char *line) { return r->regen && strstr(r->regen, line) != NULL; }

#define SCENARIO(fn) SCENARIO_TEST(od_rules, fn)

/* ---- setting up ------------------------------------------------------------------ */

SCENARIO(rule_players)
{
    /* "One to four players": one and four are seated. */
    run r;
    play(&r, H1 "partial\ndecide ann risk 1\nroll 2\n", acc);
    cr_assert_eq(fired(&r, "OD-PLAYERS"), 1);
    cr_assert_eq(r.res.n_players, 1);
    run_free(&r);
    play(&r,
         OD_HEADER "player a\nplayer b\nplayer c\nplayer d\npartial\n"
                   "decide a risk 1\nroll 2\n",
         acc);
    cr_assert_eq(fired(&r, "OD-PLAYERS"), 1);
    cr_assert_eq(r.res.n_players, 4);
    run_free(&r);

    /* Five are refused before the rule meets them, at the fifth player's
     * line, naming the rule; so is a table beyond undead's seats. */
    const char five[] =
        OD_HEADER "player a\nplayer b\nplayer c\nplayer d\nplayer e\ndecide a risk 1\nroll 2\n";
    assert_parse_error(five, strlen(five), 7, 8, "expected 1 to 4 players for one-die (OD-PLAYERS), found 5");
    char text[1024] = OD_HEADER;
    for (int i = 0; i < UD_MAX_PLAYERS + 1; i++)
        sprintf(text + strlen(text), "player p%d\n", i);
    strcat(text, "decide p0 risk 1\nroll 2\n");
    assert_parse_error(text, strlen(text), 7, 8, "expected 1 to 4 players for one-die (OD-PLAYERS), found 5");
}

SCENARIO(rule_setup)
{
    /* Scores start at 0; the goal and the rounds come from the content. */
    run r;
    play(&r,
         H2 "partial\n"
            "goal 30 rounds 6\n"
            "= turn=ann round=1 points=0 scores=ann:0,bob:0\n"
            "decide ann risk 1\nroll 2\n",
         acc);
    cr_assert_eq(fired(&r, "OD-SETUP"), 1);
    cr_assert_eq(score_of(&r, "ann"), 2, "0 and the 2 banked");
    cr_assert_eq(score_of(&r, "bob"), 0);
    run_free(&r);

    /* A setup line that disagrees with the content is refused. */
    run_text(&r, H2 "partial\ngoal 20 rounds 6\ndecide ann risk 1\nroll 2\n");
    assert_check_error(&r, 6, "OD-SETUP", "goal 30 rounds 6");
    run_free(&r);
}

/* ---- a turn ---------------------------------------------------------------------- */

SCENARIO(rule_turn)
{
    /* ann, bob, then ann again: three turns, each starting with no points. */
    run r;
    play(&r,
         H2 "partial\n"
            "turn ann\n"
            "decide ann risk 1\n"
            "roll 5\n"
            "turn bob\n"
            "= turn=bob round=1 points=0 scores=ann:5,bob:0\n"
            "decide bob risk 1\n"
            "roll 3\n"
            "turn ann\n"
            "= turn=ann round=2 points=0 scores=ann:5,bob:3\n"
            "decide ann risk 1\n",
         acc);
    cr_assert_eq(fired(&r, "OD-TURN"), 3);
    run_free(&r);
}

SCENARIO(rule_risk)
{
    /* Once, twice or three times: 1..3 are offered, 0 and 4 are not. */
    run r;
    for (int n = 1; n <= OD_MAX_RISK; n++) {
        char text[512];
        static const char rolls[] = "roll 2\nroll 2\nroll 2\n"; /* OD_MAX_RISK of them */
        snprintf(text, sizeof text, H1 "partial\ndecide ann risk %d\n%s", n,
                 &rolls[(size_t)(OD_MAX_RISK - n) * strlen("roll 2\n")]);
        play(&r, text, acc);
        /* Offered at each decision reached: round 1's, and round 2's
         * where the record stops. */
        cr_assert_eq(fired(&r, "OD-RISK"), 2, "risk %d", n);
        cr_assert_eq(fired(&r, "OD-ROLL"), (uint64_t)n, "risk %d", n);
        cr_assert_eq(score_of(&r, "ann"), 2 * n);
        run_free(&r);
    }
    run_text(&r, H1 "decide ann risk 4\nroll 2\n");
    assert_check_error(&r, 4, "OD-RISK", "the rules allow risk 1|risk 2|risk 3");
    run_free(&r);
    run_text(&r, H1 "decide ann risk 0\nroll 2\n");
    assert_check_error(&r, 4, "OD-RISK", "'risk 0' is not allowed here");
    run_free(&r);
}

SCENARIO(rule_risk_taken)
{
    /* "Then roll that many times": two rolls, then the bank, not a third. */
    run r;
    play(&r,
         H1 "partial\n"
            "decide ann risk 2\n"
            "roll 2\n"
            "= points=2\n"
            "roll 3\n"
            "bank ann +5 =5\n"
            "round 2\n",
         acc);
    cr_assert_eq(fired(&r, "OD-RISK-TAKEN"), 1);
    cr_assert_eq(fired(&r, "OD-ROLL"), 2);
    cr_assert_eq(score_of(&r, "ann"), 5);
    run_free(&r);

    /* Banking after one of the two rolls said is refused. */
    run_text(&r, H1 "decide ann risk 2\nroll 2\nbank ann +2 =2\n");
    assert_check_error(&r, 6, "OD-ROLL", "they now need a 'roll' outcome");
    run_free(&r);
}

SCENARIO(rule_roll)
{
    /* Every face of the die can come up; a face it does not have cannot. */
    run r;
    play(&r,
         H2 "partial\n"
            "decide ann risk 3\nroll 2\nroll 3\nroll 4\n"
            "decide bob risk 3\nroll 5\nroll 6\nroll bust\n",
         acc);
    cr_assert_eq(fired(&r, "OD-ROLL"), 6);
    cr_assert_eq(score_of(&r, "ann"), 9);
    run_free(&r);

    run_text(&r, H1 "decide ann risk 1\nroll 7\n");
    assert_check_error(&r, 5, "OD-ROLL", "'7' cannot happen here; expected bust|2|3|4|5|6");
    run_free(&r);
}

SCENARIO(rule_bust)
{
    /* A bust ends the turn at once: the third roll said never comes, the
     * 6 already rolled is lost, and bob plays next. */
    run r;
    play(&r,
         H2 "partial\n"
            "decide ann risk 3\n"
            "roll 6\n"
            "= points=6\n"
            "roll bust\n"
            "bust ann\n"
            "turn bob\n"
            "= turn=bob points=0 scores=ann:0,bob:0\n"
            "decide bob risk 1\n",
         acc);
    cr_assert_eq(fired(&r, "OD-BUST"), 1);
    cr_assert_eq(fired(&r, "OD-ROLL"), 2);
    cr_assert_eq(fired(&r, "OD-BANK"), 0, "a bust turn scores nothing");
    cr_assert_eq(score_of(&r, "ann"), 0);
    run_free(&r);

    /* A roll after the bust is not ann's: bob must decide first. */
    run_text(&r, H2 "decide ann risk 3\nroll 6\nroll bust\nroll 6\nbank ann +12 =12\n");
    assert_check_error(&r, 8, "OD-RISK", "expected a decision by bob (risk 1|risk 2|risk 3) here");
    run_free(&r);
}

SCENARIO(rule_points)
{
    /* Each scoring face adds its points: 4 + 5 + 6. */
    run r;
    play(&r,
         H1 "partial\n"
            "decide ann risk 3\n"
            "roll 4\n"
            "= points=4\n"
            "roll 5\n"
            "= points=9\n"
            "roll 6\n"
            "bank ann +15 =15\n",
         acc);
    cr_assert_eq(fired(&r, "OD-POINTS"), 3);
    cr_assert_eq(fired(&r, "OD-BUST"), 0);
    cr_assert_eq(score_of(&r, "ann"), 15);
    run_free(&r);
}

SCENARIO(rule_bank)
{
    /* With no bust the turn's points go to the score, turn after turn. */
    run r;
    play(&r,
         H1 "partial\n"
            "decide ann risk 2\nroll 6\nroll 2\n"
            "bank ann +8 =8\n"
            "decide ann risk 1\nroll 3\n"
            "bank ann +3 =11\n"
            "= turn=ann round=3 points=0 scores=ann:11\n"
            "decide ann risk 1\n",
         acc);
    cr_assert_eq(fired(&r, "OD-BANK"), 2);
    cr_assert_eq(score_of(&r, "ann"), 11);
    run_free(&r);
}

/* ---- the end ----------------------------------------------------------------------- */

SCENARIO(rule_solo_win)
{
    /* Alone, reaching the goal wins at once: 18 + 12 = 30 in round 2. */
    run r;
    play(&r,
         H1 "decide ann risk 3\nroll 6\nroll 6\nroll 6\n"
            "decide ann risk 2\nroll 6\nroll 6\n"
            "winner ann =30\n",
         acc);
    cr_assert_eq(fired(&r, "OD-SOLO-WIN"), 1);
    cr_assert_eq(fired(&r, "OD-SOLO-LOSS"), 0);
    cr_assert_eq(fired(&r, "OD-ROUND-END"), 1, "one round ended, the game in the next");
    cr_assert_eq(r.res.complete, 1);
    cr_assert_eq(r.res.winner, 0);
    cr_assert_eq(r.res.outcome[0], UD_SEAT_WON);
    run_free(&r);

    /* 29 is not the goal: the game goes on. */
    play(&r,
         H1 "partial\ndecide ann risk 3\nroll 6\nroll 6\nroll 6\n"
            "decide ann risk 2\nroll 6\nroll 5\nround 3\n",
         acc);
    cr_assert_eq(fired(&r, "OD-SOLO-WIN"), 0);
    cr_assert_eq(r.res.complete, 0);
    run_free(&r);
}

/* Five solo rounds of one roll each: 2+3+4+5+6 = 20. */
#define FIVE_SHORT_ROUNDS                                                               \
    "decide ann risk 1\nroll 2\ndecide ann risk 1\nroll 3\ndecide ann risk 1\nroll 4\n" \
    "decide ann risk 1\nroll 5\ndecide ann risk 1\nroll 6\n"

SCENARIO(rule_solo_loss)
{
    run r;
    play(&r,
         H1 FIVE_SHORT_ROUNDS "= turn=ann round=6 scores=ann:20\n"
                              "decide ann risk 1\nroll bust\nlost ann =20\n",
         acc);
    cr_assert_eq(fired(&r, "OD-SOLO-LOSS"), 1);
    cr_assert_eq(fired(&r, "OD-ROUND-END"), 5, "rounds 1-5 end, the sixth ends the game");
    cr_assert_eq(r.res.complete, 1);
    cr_assert_eq(r.res.winner, -1, "a solo loss has no winner");
    cr_assert_eq(r.res.outcome[0], UD_SEAT_LOST);
    run_free(&r);

    /* After five rounds the game is not lost yet. */
    play(&r, H1 "partial\n" FIVE_SHORT_ROUNDS, acc);
    cr_assert_eq(fired(&r, "OD-SOLO-LOSS"), 0);
    cr_assert_eq(r.res.complete, 0);
    run_free(&r);

    /* And a seventh round is not played. */
    run_text(&r, H1 FIVE_SHORT_ROUNDS "decide ann risk 1\nroll 2\ndecide ann risk 1\nroll 2\n");
    assert_check_error(&r, 16, "OD-SOLO-LOSS", "the game is over");
    run_free(&r);
}

/* Round 1 of three players: ann 17, bob 2, cal 16; then ann reaches 30. */
#define ANN_REACHES_30                            \
    "decide ann risk 3\nroll 6\nroll 6\nroll 5\n" \
    "decide bob risk 1\nroll 2\n"                 \
    "decide cal risk 3\nroll 6\nroll 5\nroll 5\n" \
    "decide ann risk 3\nroll 4\nroll 5\nroll 4\n" \
    "bank ann +13 =30\n"

SCENARIO(rule_goal_at_once)
{
    /* The variant: ann's 30 ends the game before bob and cal play round 2. */
    run r;
    play(&r,
         OD_HEADER "variant ending=at-once\nplayer ann\nplayer bob\nplayer cal\n" ANN_REACHES_30
                   "winner ann =30\n",
         acc);
    cr_assert_eq(fired(&r, "OD-GOAL-AT-ONCE"), 1);
    cr_assert_eq(fired(&r, "OD-NEXT"), 2, "only round 1 passes the turn on");
    cr_assert_eq(r.res.complete, 1);
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);

    /* bob has no turn left under it. */
    run_text(&r, OD_HEADER "variant ending=at-once\nplayer ann\nplayer bob\nplayer cal\n" ANN_REACHES_30
                           "decide bob risk 1\nroll 2\n");
    assert_check_error(&r, 22, "OD-HIGHEST", "the game is over");
    run_free(&r);

    /* Under the default reading the row is not in the table: the round goes on. */
    play(&r, H3 "partial\n" ANN_REACHES_30 "turn bob\ndecide bob risk 1\n", acc);
    cr_assert_eq(fired(&r, "OD-GOAL-AT-ONCE"), 0);
    cr_assert_eq(r.res.complete, 0);
    run_free(&r);
}

SCENARIO(rule_next)
{
    /* Seat order within a round: ann, bob, cal, then round 2 from ann. */
    run r;
    play(&r,
         H3 "partial\n"
            "turn ann\ndecide ann risk 1\nroll 2\n"
            "turn bob\ndecide bob risk 1\nroll bust\n"
            "turn cal\ndecide cal risk 1\nroll 3\n"
            "round 2\nturn ann\ndecide ann risk 1\n",
         acc);
    cr_assert_eq(fired(&r, "OD-NEXT"), 2);
    cr_assert_eq(fired(&r, "OD-ROUND-END"), 1);
    run_free(&r);

    /* Not cal before bob. */
    run_text(&r, H3 "decide ann risk 1\nroll 2\nturn cal\n");
    assert_check_error(&r, 8, "OD-TURN", "expected 'turn bob', found 'turn cal'");
    run_free(&r);
}

SCENARIO(rule_round_end)
{
    /* A round ends after the last seat: the next begins, until the goal is
     * reached (finish-round.in) or the last round is played. */
    run r;
    play(&r,
         H2 "partial\n"
            "decide ann risk 1\nroll 2\ndecide bob risk 1\nroll 3\n"
            "round 2\n"
            "= turn=ann round=2 points=0 scores=ann:2,bob:3\n"
            "decide ann risk 1\n",
         acc);
    cr_assert_eq(fired(&r, "OD-ROUND-END"), 1);
    run_free(&r);

    /* Finishing the round: ann reaches 30 in seat 1, bob and cal still
     * play, and cal passes her. */
    play(&r,
         H3 ANN_REACHES_30 "decide bob risk 3\nroll 6\nroll bust\n"
                           "decide cal risk 3\nroll 6\nroll 6\nroll 4\n"
                           "winner cal =32\n",
         acc);
    cr_assert_eq(fired(&r, "OD-ROUND-END"), 2);
    cr_assert_eq(r.res.winner, 2);
    cr_assert_eq(r.res.outcome[0], UD_SEAT_LOST);
    cr_assert_eq(r.res.outcome[2], UD_SEAT_WON);
    run_free(&r);
}

/* Six rounds of one roll each for ann and bob: after five, ann 2+3+4+5+6 =
 * 20 and bob 0+2+3+4+5 = 14; the sixth round's rolls decide. */
#define SIX_ROUNDS_TWO_PLAYERS(ann_last, bob_last)              \
    "decide ann risk 1\nroll 2\ndecide bob risk 1\nroll bust\n" \
    "decide ann risk 1\nroll 3\ndecide bob risk 1\nroll 2\n"    \
    "decide ann risk 1\nroll 4\ndecide bob risk 1\nroll 3\n"    \
    "decide ann risk 1\nroll 5\ndecide bob risk 1\nroll 4\n"    \
    "decide ann risk 1\nroll 6\ndecide bob risk 1\nroll 5\n"    \
    "decide ann risk 1\nroll " ann_last "\ndecide bob risk 1\nroll " bob_last "\n"

SCENARIO(rule_highest)
{
    /* Nobody reaches the goal: after the last round the highest score wins. */
    run r;
    play(&r, H2 SIX_ROUNDS_TWO_PLAYERS("2", "6") "winner ann =22\n", acc);
    cr_assert_eq(fired(&r, "OD-HIGHEST"), 1);
    cr_assert_eq(r.res.winner, 0);
    cr_assert_eq(score_of(&r, "ann"), 22);
    cr_assert_eq(score_of(&r, "bob"), 20);
    cr_assert_eq(r.res.outcome[0], UD_SEAT_WON);
    cr_assert_eq(r.res.outcome[1], UD_SEAT_LOST);
    run_free(&r);

    /* Equal highest scores share the win: 20 and 20. */
    play(&r, H2 SIX_ROUNDS_TWO_PLAYERS("bust", "6") "shared ann bob =20\n", acc);
    cr_assert_eq(fired(&r, "OD-HIGHEST"), 1);
    cr_assert_eq(r.res.winner, -2);
    cr_assert_eq(r.res.outcome[0], UD_SEAT_SHARED);
    cr_assert_eq(r.res.outcome[1], UD_SEAT_SHARED);
    run_free(&r);

    /* Shared by two of three: the third seat lost. */
    play(&r,
         H3 "decide ann risk 3\nroll 6\nroll 6\nroll 6\n"
            "decide bob risk 1\nroll 2\n"
            "decide cal risk 3\nroll 6\nroll 6\nroll 6\n"
            "decide ann risk 2\nroll 6\nroll 6\n"
            "decide bob risk 1\nroll 2\n"
            "decide cal risk 2\nroll 6\nroll 6\n",
         acc);
    cr_assert(regen_has(&r, "shared ann cal =30"), "%s", r.regen);
    cr_assert_eq(r.res.outcome[0], UD_SEAT_SHARED);
    cr_assert_eq(r.res.outcome[1], UD_SEAT_LOST);
    cr_assert_eq(r.res.outcome[2], UD_SEAT_SHARED);
    run_free(&r);
}

/* ---- meta-test: the scenarios and the table agree --------------------------------- */

static const rule_scenario covered[] = {
    { "OD-PLAYERS", rule_players },
    { "OD-SETUP", rule_setup },
    { "OD-TURN", rule_turn },
    { "OD-RISK", rule_risk },
    { "OD-RISK-TAKEN", rule_risk_taken },
    { "OD-ROLL", rule_roll },
    { "OD-BUST", rule_bust },
    { "OD-POINTS", rule_points },
    { "OD-BANK", rule_bank },
    { "OD-SOLO-WIN", rule_solo_win },
    { "OD-SOLO-LOSS", rule_solo_loss },
    { "OD-GOAL-AT-ONCE", rule_goal_at_once },
    { "OD-NEXT", rule_next },
    { "OD-ROUND-END", rule_round_end },
    { "OD-HIGHEST", rule_highest },
};
enum { N_COVERED = sizeof covered / sizeof covered[0] };

Test(od_rules_meta, every_rule_has_a_scenario_that_fires_it)
{
    assert_scenarios_match_rules(&od_game, covered, N_COVERED, "test_one_die.c");
}

/* ---- start lines: a position to study (game.c, od_apply_start) ------------------------ */

Test(od_start, a_score_and_a_round_stand_through_set_up)
{
    /* bob starts with 12 in round 3: set up keeps both, and ann opens it. */
    run r;
    play_scenario(&r,
                  H2 "partial\nstart score bob 12\nstart round 3\n"
                     "goal 30 rounds 6\n"
                     "turn ann\n"
                     "= turn=ann round=3 points=0 scores=ann:0,bob:12\n"
                     "decide ann risk 1\nroll 4\n"
                     "bank ann +4 =4\n",
                  NULL);
    cr_assert_eq(score_of(&r, "ann"), 4);
    cr_assert_eq(score_of(&r, "bob"), 12);
    run_free(&r);
}

Test(od_start, a_start_near_the_goal_wins_at_once)
{
    /* Alone with 28 of the 30: one roll of 2 wins in round 1. */
    run r;
    play_scenario(&r, H1 "start score ann 28\ndecide ann risk 1\nroll 2\nwinner ann =30\n", NULL);
    cr_assert_eq(fired(&r, "OD-SOLO-WIN"), 1);
    cr_assert_eq(r.res.complete, 1);
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);
}

Test(od_start, the_last_round_is_lost_at_its_end)
{
    /* Alone from round 6 of 6: a bust, and the game is lost. */
    run r;
    play_scenario(&r, H1 "start round 6\ndecide ann risk 1\nroll bust\nlost ann =0\n", NULL);
    cr_assert_eq(fired(&r, "OD-SOLO-LOSS"), 1);
    cr_assert_eq(fired(&r, "OD-ROUND-END"), 0, "no round ended before the last");
    cr_assert_eq(r.res.winner, -1);
    run_free(&r);
}

/* A start line refused where the record writes it: line 4, after "start ". */
static void start_refused(const char *line, const char *phrase)
{
    char text[256];
    snprintf(text, sizeof text, H1 "start %s\ndecide ann risk 1\nroll 2\n", line);
    assert_parse_error(text, strlen(text), 4, 7, phrase);
}

Test(od_start, bad_lines_are_refused_with_what_was_expected)
{
    builtin_assumed();
    start_refused("score zed 5", "no player named 'zed'");
    start_refused("score ann lots", "expected 'score PLAYER N' with N a whole number, got 'lots'");
    start_refused("score ann 1000", "score 1000 is out of range 0..999");
    start_refused("score ann -1", "score -1 is out of range 0..999");
    start_refused("score ann 99999999999999999999", "score 99999999999999999999 is out of range 0..999");
    start_refused("round 7", "round 7 is out of range 1..6");
    start_refused("round 0", "round 0 is out of range 1..6");
    start_refused("round 2x", "expected 'round N' with N a whole number, got '2x'");
    start_refused("rounds 2", "expected 'score PLAYER N' or 'round N'");
    start_refused("score ann", "expected 'score PLAYER N' or 'round N'");
    start_refused("score ann 3 4", "expected 'score PLAYER N' or 'round N'");
    /* one round: a second would replace the first unseen */
    const char twice[] = H1 "start round 2\nstart round 3\ndecide ann risk 1\nroll 2\n";
    assert_parse_error(twice, strlen(twice), 5, 7, "expected one 'round' line, found a second");
}

/* ---- content ----------------------------------------------------------------------- */

static const char good_die[] = "face points=0 bust=yes\n"
                               "face points=1\n"
                               "face points=1\n"
                               "face points=2\n"
                               "face points=2\n"
                               "face points=3 bust=no\n";
static const char good_goal[] = "goal points=5 rounds=2\n";

Test(od_content, builtin_set_loads_and_matches_the_files)
{
    /* The compiled-in set loads, and is the set in spec/one_die/content/. */
    ud_content_error err;
    cr_assert(od_load_content(NULL, &err), "%s", err.e.msg);
    od_tables builtin = od_content;
    cr_assert(builtin.loaded);
    cr_assert_eq(builtin.n_faces, OD_FACES);
    cr_assert_eq(builtin.n_goals, 1);
    int busts = 0;
    for (int i = 0; i < OD_FACES; i++)
        busts += builtin.bust[i];
    cr_assert_eq(busts, 1, "the built-in die has one bust face");
    cr_assert(od_load_content(UD_SOURCE_DIR "/spec/one_die/content", &err), "%s:%d:%d: %s", err.file,
              err.e.line, err.e.col, err.e.msg);
    cr_assert_eq(memcmp(builtin.points, od_content.points, sizeof builtin.points), 0);
    cr_assert_eq(memcmp(builtin.bust, od_content.bust, sizeof builtin.bust), 0);
    cr_assert_eq(memcmp(builtin.label, od_content.label, sizeof builtin.label), 0);
    cr_assert_eq(builtin.goal, od_content.goal);
    cr_assert_eq(builtin.rounds, od_content.rounds);
}

Test(od_content, own_set_changes_the_game)
{
    /* A die of 1s, 2s and a 3 and a goal of 5 in two rounds: the setup
     * line, the roll lines and the solo win all follow the files. */
    scratch_make("od-content");
    scratch_put("die.txt", good_die);
    scratch_put("goal.txt", good_goal);
    ud_content_error err;
    cr_assert(od_load_content(scratch_dir(), &err), "%s:%d:%d: %s", err.file, err.e.line, err.e.col,
              err.e.msg);
    scratch_remove();
    cr_assert_eq(od_content.goal, 5);
    cr_assert_eq(od_content.rounds, 2);
    cr_assert_str_eq(od_content.label[5], "3");
    run r;
    run_text(&r, H1 "goal 5 rounds 2\n"
                    "decide ann risk 3\nroll 1\nroll 3\nroll 2\n"
                    "bank ann +6 =6\nwinner ann =6\n");
    assert_ok(&r);
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);
    /* A face the new die lacks cannot come up. */
    run_text(&r, H1 "decide ann risk 1\nroll 6\n");
    assert_check_error(&r, 5, "OD-ROLL", "expected bust|1|2|3");
    run_free(&r);
}

/* Load a set with one bad file; the error must read exactly "DIR/" want,
 * where %DIR% in want stands for the directory too, and the tables in use
 * must not change. */
static void refused(const char *die, const char *goal, const char *want)
{
    od_content_ready();
    od_tables before = od_content;
    scratch_make("od-content");
    if (die)
        scratch_put("die.txt", die);
    if (goal)
        scratch_put("goal.txt", goal);
    ud_content_error err;
    memset(&err, 0, sizeof err);
    bool ok = od_load_content(scratch_dir(), &err);
    char *got = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&got, &len);
    cr_assert_not_null(mem);
    ud_content_error_print(&err, mem);
    fclose(mem);
    scratch_remove();
    char expected[1024];
    int n = snprintf(expected, sizeof expected, "%s/", scratch_dir());
    for (const char *w = want; *w && n < (int)sizeof expected - 80;) {
        if (strncmp(w, "%DIR%", 5) == 0) {
            n += snprintf(expected + n, sizeof expected - (size_t)n, "%s", scratch_dir());
            w += 5;
        } else {
            expected[n++] = *w++;
        }
    }
    snprintf(expected + n, sizeof expected - (size_t)n, "\n");
    cr_assert(!ok, "the set loaded; expected %s", want);
    cr_assert_str_eq(got, expected);
    cr_assert_eq(err.e.internal, 0, "a bad file is the input's fault");
    cr_assert_eq(memcmp(&before, &od_content, sizeof before), 0, "a failed load changed the tables in use");
    free(got);
}

Test(od_content, negative_points)
{
    refused("face points=0 bust=yes\nface points=-1\nface points=3\n"
            "face points=4\nface points=5\nface points=6\n",
            good_goal, "die.txt:2:13: expected an integer from 0 to 99 for 'points', found '-1'");
}

Test(od_content, bust_face_with_points)
{
    refused("face points=0 bust=yes\nface points=2\nface points=3 bust=yes\n"
            "face points=4\nface points=5\nface points=6\n",
            good_goal, "die.txt:3:13: expected points=0 on a bust face (a bust scores nothing)");
}

Test(od_content, five_faces)
{
    refused("face points=0 bust=yes\nface points=2\nface points=3\n"
            "face points=4\nface points=5\n",
            good_goal, "die.txt: expected at least 6 'face' records, found 5");
}

Test(od_content, seven_faces)
{
    refused("face points=0 bust=yes\nface points=2\nface points=3\n"
            "face points=4\nface points=5\nface points=6\nface points=7\n",
            good_goal, "die.txt:7:1: expected at most 6 'face' records");
}

Test(od_content, every_face_a_bust)
{
    refused("face points=0 bust=yes\nface points=0 bust=yes\nface points=0 bust=yes\n"
            "face points=0 bust=yes\nface points=0 bust=yes\nface points=0 bust=yes\n",
            good_goal, "die.txt:6:1: expected at least one face that is not a bust");
}

Test(od_content, unknown_field)
{
    refused("face points=0 bust=yes\nface points=2 colour=red\nface points=3\n"
            "face points=4\nface points=5\nface points=6\n",
            good_goal,
            /* The loader's wording (core/content.c) puts "unknown field"
             * before "expected". */
            "die.txt:2:15: unknown field 'colour' for 'face'; expected one of points|bust");
}

Test(od_content, bad_enum_word)
{
    refused("face points=0 bust=maybe\nface points=2\nface points=3\n"
            "face points=4\nface points=5\nface points=6\n",
            good_goal, "die.txt:1:20: expected one of no|yes for 'bust', found 'maybe'");
}

Test(od_content, missing_goal_file) { refused(good_die, NULL, "goal.txt: no such file or folder"); }

Test(od_content, goal_of_zero)
{
    refused(good_die, "goal points=0 rounds=2\n",
            "goal.txt:1:13: expected an integer from 1 to 10000 for 'points', found '0'");
}

Test(od_content, missing_rounds)
{
    refused(good_die, "goal points=30\n", "goal.txt:1:1: expected field 'rounds' in this 'goal' record");
}

Test(od_content, two_goals)
{
    refused(good_die, "goal points=30 rounds=6\ngoal points=20 rounds=6\n",
            "goal.txt:2:1: expected at most 1 'goal' record");
}
