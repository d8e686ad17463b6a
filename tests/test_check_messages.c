/*
 * test_check_messages.c - the checker's exact messages: well-formed
 * transcripts the rules refuse, each of which must fail ud_check at the
 * right line, naming the rule that refuses it (or none, for input outside
 * any rule) and saying what the rules wanted.  The records are written by
 * hand, so they are of one game: Zombie Dice, which the parser finds in
 * the registry by its header's name (ud_find_game), like any record; the
 * suite tests the checker, not the game, and uses no header of it.
 * Line numbers count from the first header line; H2 takes lines 1-4.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The first lines of every record here. */
#define ZD_HEADER "undead-transcript 1\ngame zombie-dice\n"

#define H2 ZD_HEADER "player a\nplayer b\n"

static run r;

static void fini(void) { run_free(&r); }

TestSuite(check_errors, .fini = fini);

#define CE(text, line, rule, phrase)                \
    do {                                            \
        run_text(&r, text);                         \
        assert_check_error(&r, line, rule, phrase); \
    } while (0)
/* As CE, and the message is exactly want. */
#define CEQ(text, line, rule, want)        \
    do {                                   \
        CE(text, line, rule, want);        \
        cr_assert_str_eq(r.err.msg, want); \
    } while (0)

/* ---- decisions ------------------------------------------------------------------------- */

Test(check_errors, decide_by_the_wrong_player)
{
    CE(H2 "draw green green green\nroll green:brain green:feet green:feet\ndecide b stop\n", 7, "ZD-CHOICE",
       "it is a's decision, not b's");
    cr_assert_eq(r.err.col, 8);
}

Test(check_errors, deciding_after_a_bust)
{
    CE(H2 "draw red red red\nroll red:shotgun red:shotgun red:shotgun\ndecide a roll\n", 7, "ZD-DRAW",
       "expected a 'draw' line here (green|yellow|red), found 'decide a roll'");
}

Test(check_errors, stopping_between_draw_and_roll)
{
    CE(H2 "draw green green green\ndecide a stop\n", 6, "ZD-MUST-ROLL",
       "expected a 'roll' line here (green:brain|green:shotgun|green:feet), found 'decide a stop'");
}

Test(check_errors, stopping_between_draw_and_reroll_of_feet)
{
    /* With a feet die kept, both rows that roll here refuse a stop: the
     * feet are rerolled (first) and the new dice must be rolled. */
    CEQ(H2 "draw green green green\nroll green:feet green:brain green:brain\ndecide a roll\n"
           "draw red red\ndecide a stop\n",
        9, "ZD-FEET-REROLL ZD-MUST-ROLL",
        "expected a 'roll' line here (green:brain|green:shotgun|green:feet), found 'decide a stop'");
}

Test(check_errors, stopping_with_three_feet_kept_names_only_the_reroll)
{
    /* Three feet kept: no new dice, so only the reroll of the feet is due. */
    CEQ(H2 "draw green green green\nroll green:feet green:feet green:feet\ndecide a roll\n"
           "decide a stop\n",
        8, "ZD-FEET-REROLL",
        "expected a 'roll' line here (green:brain|green:shotgun|green:feet), found 'decide a stop'");
}

/* A transcript without any decide line lets the policies decide, so the
 * cases about decisions below each hold at least one. */
Test(check_errors, outcome_where_a_decision_is_needed)
{
    CE(H2 "draw green green green\nroll green:brain green:feet green:feet\ndraw red\ndecide a stop\n", 7,
       "ZD-CHOICE", "expected a decision by a (stop|roll) here, found 'draw red'");
}

Test(check_errors, wrong_chance_verb)
{
    CE(H2 "roll green:brain green:brain green:brain\n", 5, "ZD-DRAW",
       "expected a 'draw' line here (green|yellow|red), found 'roll green:brain");
}

/* ---- chance outcomes -------------------------------------------------------------------- */

Test(check_errors, roll_with_too_many_dice)
{
    CE(H2 "draw green green green\nroll green:brain green:brain green:brain green:brain\n", 6,
       "ZD-ROLL-THREE", "outcome 'green:brain' is one too many: the rules use 3 outcome(s) on this line");
    cr_assert_eq(r.err.col, 42); /* the fourth outcome */
}

Test(check_errors, roll_with_too_few_dice)
{
    CE(H2 "draw green green green\nroll green:brain green:brain\n", 6, "ZD-MUST-ROLL",
       "expected one more 'roll' outcome here (green:brain|green:shotgun|green:feet)");
}

/* The count is of the outcomes used, wherever the extra one stands. */
Test(check_errors, roll_with_an_extra_die_among_the_others)
{
    CEQ(H2 "draw green green green\nroll green:brain red:feet green:feet green:feet\n", 6, "ZD-ROLL-THREE",
        "outcome 'red:feet' is one too many: the rules use 3 outcome(s) on this line");
    cr_assert_eq(r.err.col, 18);
}

Test(check_errors, draw_with_too_many_dice)
{
    CE(H2 "draw green green green green\n", 5, "ZD-DRAW", "outcome 'green' is one too many");
}

Test(check_errors, draw_with_too_few_dice)
{
    CE(H2 "draw green green\nroll green:brain green:brain green:brain\n", 5, "ZD-DRAW",
       "expected one more 'draw' outcome here (green|yellow|red)");
}

Test(check_errors, rolling_a_die_colour_not_drawn)
{
    CE(H2 "draw green green green\nroll green:brain yellow:brain green:brain\n", 6, "ZD-MUST-ROLL",
       "'yellow:brain' cannot happen here; expected green:brain|green:shotgun|green:feet");
    cr_assert_eq(r.err.col, 18);
}

Test(check_errors, rolling_a_face_the_die_lacks)
{
    CE(H2 "draw green green green\nroll green:brain green:brain green:wings\n", 6, "ZD-MUST-ROLL",
       "'green:wings' cannot happen here");
}

Test(check_errors, drawing_a_colour_the_cup_lacks)
{
    /* All three red dice are out (set aside as brains): no red is left. */
    CE(H2 "draw red red red\nroll red:brain red:brain red:brain\ndecide a roll\ndraw red green green\n", 8,
       "ZD-DRAW", "'red' cannot happen here; expected green|yellow");
    cr_assert_eq(r.err.col, 6);
}

Test(check_errors, drawing_an_unknown_colour)
{
    CE(H2 "draw purple green green\n", 5, "ZD-DRAW",
       "'purple' cannot happen here; expected green|yellow|red");
}

/* ---- stated outcomes and state lines --------------------------------------------------- */

Test(check_errors, wrong_score_line)
{
    CE(H2 "draw green green green\nroll green:brain green:brain green:feet\ndecide a stop\n"
          "score a +3 =3\ndraw red red red\n",
       8, "ZD-STOP-SCORE", "expected 'score a +2 =2', found 'score a +3 =3'");
}

Test(check_errors, wrong_bust_line)
{
    CE(H2 "draw red red red\nroll red:shotgun red:shotgun red:shotgun\nbust a shotguns=3 lost=1\n", 7,
       "ZD-BUST", "expected 'bust a shotguns=3 lost=0', found 'bust a shotguns=3 lost=1'");
}

Test(check_errors, change_line_the_rules_do_not_make)
{
    CEQ(H2 "draw green green green\nroll green:feet green:feet green:feet\nbrains green total=1\n"
           "decide a stop\n",
        7, "ZD-CHOICE",
        "the rules do not produce 'brains green total=1' here; they now need a decision by a "
        "(stop|roll) (before that they produced 'feet green green green', which the record may "
        "leave out)");
}

/* A differing line is reported with the rule that produced the line it
 * should have been, never with the tag the record wrote. */
Test(check_errors, differing_line_tagged_with_no_rule)
{
    CEQ(H2 "draw green green green\nroll green:brain green:brain green:feet\ndecide a stop\n"
           "score a +3 =3 [ZD-WHATEVER]\n",
        8, "ZD-STOP-SCORE",
        "expected 'score a +2 =2', found 'score a +3 =3' (tagged [ZD-WHATEVER], but zombie-dice has "
        "no rule of that name)");
}

Test(check_errors, differing_line_tagged_with_another_rule)
{
    CEQ(H2 "draw green green green\nroll green:brain green:brain green:feet\ndecide a stop\n"
           "score a +3 =3 [ZD-NO-CAP]\n",
        8, "ZD-STOP-SCORE",
        "expected 'score a +2 =2', found 'score a +3 =3' (tagged [ZD-NO-CAP], but that rule does not "
        "write it here)");
}

Test(check_errors, invented_line_tagged_with_a_rule)
{
    CEQ(H2 "draw green green green\nroll green:feet green:feet green:feet\n"
           "brains green total=1 [ZD-BRAIN-ASIDE]\ndecide a stop\n",
        7, "ZD-CHOICE",
        "the rules do not produce 'brains green total=1' here (tagged [ZD-BRAIN-ASIDE], but that rule "
        "does not write it here); they now need a decision by a (stop|roll) (before that they produced "
        "'feet green green green', which the record may leave out)");
}

/* A line the rules produced, written after a later one, is out of order:
 * said so, with the line it belongs before. */
Test(check_errors, change_line_written_after_a_later_one)
{
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop\n"
           "turn b\nscore a +1 =1\ndraw red red red\n",
        9, "ZD-STOP-SCORE", "'score a +1 =1' is out of order: the rules produce it before line 8 ('turn b')");
}

Test(check_errors, game_over_written_after_the_winner)
{
    CEQ(ZD_HEADER "player a\nplayer b\nstart score a 12\n"
                  "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop\n"
                  "draw red red red\nroll red:shotgun red:shotgun red:shotgun\nwinner a =13\ngame-over\n",
        12, "ZD-GAME-OVER",
        "'game-over' is out of order: the rules produce it before line 11 ('winner a =13')");
}

Test(check_errors, state_line_disagrees_before_a_decision)
{
    CE(H2 "draw green green green\nroll green:brain green:feet green:feet\n= brains=2\ndecide a stop\n", 7,
       "ZD-CHOICE", "state: expected brains=1, found brains=2");
    cr_assert_eq(r.err.col, 3);
}

Test(check_errors, state_line_disagrees_before_an_outcome)
{
    CE(H2 "= turn=a cup=G6Y4R2\ndraw green green green\n", 5, "ZD-DRAW",
       "state: expected cup=G6Y4R3, found cup=G6Y4R2");
    cr_assert_eq(r.err.col, 10);
}

/* The feet held and the scores are lists in no meaningful order: a state
 * line may write them in any order, but not with other items. */
Test(check_errors, state_line_lists_in_any_order)
{
    run_text(&r, H2 "partial\ndraw green green yellow\nroll green:brain green:feet yellow:feet\n"
                    "= feet=Y,G scores=b:0,a:0\ndecide a stop\n");
    assert_ok(&r);
    run_free(&r);
    CE(H2 "draw green green yellow\nroll green:brain green:feet yellow:feet\n= feet=G,G\ndecide a stop\n", 7,
       "ZD-CHOICE", "state: expected feet=G,Y, found feet=G,G");
}

Test(check_errors, state_line_with_unknown_key)
{
    /* named after the row the rules were at, as a wrong value is, so that
     * blame tries its changes on the step (a key the rules show only in
     * some positions, turns-left, may be a rule's to show) */
    CE(H2 "= mood=hungry\ndraw green green green\n", 5, "ZD-DRAW",
       "state: unknown key in 'mood=hungry'; the state reads: turn=a");
}

/* KEY= (no value) says the key is not shown (undead conform writes it for
 * a key the rules show and the implementation does not): it holds where
 * the state has no such key, and parts where it has one. */
Test(check_errors, state_line_key_not_shown)
{
    run_text(&r, H2 "partial\n= turn=a turns-left=\ndraw green green green\n");
    assert_ok(&r);
    run_free(&r);
    CE(H2 "start score a 12\npartial\ndraw green green green\nroll green:brain green:feet green:feet\n"
          "decide a stop\n= turn=b turns-left=\ndraw red red red\n",
       10, "ZD-DRAW", "state: expected turns-left=0, found turns-left=");
}

Test(check_errors, state_line_where_the_game_does_not_wait)
{
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\n= brains=1\n"
           "brains green total=1\ndecide a stop\n",
        7, "",
        "a state line stands where the game waits for input (before an outcome, a decision "
        "or the end); expected it after 'brains green total=1' (line 8)");
}

/* The hint names the last change line before the game waits, not the next. */
Test(check_errors, state_line_before_two_change_lines)
{
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\n= brains=1\n"
           "brains green total=1\nfeet green green\ndecide a stop\n",
        7, "",
        "a state line stands where the game waits for input (before an outcome, a decision "
        "or the end); expected it after 'feet green green' (line 9)");
}

/* ---- tags ------------------------------------------------------------------------------- */

Test(check_errors, chance_line_with_the_wrong_tag)
{
    CE(H2 "draw green green green [ZD-BUST]\n", 5, "ZD-DRAW",
       "tagged [ZD-BUST], but the rule that does this is [ZD-DRAW]");
    cr_assert_eq(r.err.col, 24);
}

Test(check_errors, decide_line_with_the_wrong_tag)
{
    CE(H2 "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop [ZD-STOP-SCORE]\n",
       7, "ZD-CHOICE", "tagged [ZD-STOP-SCORE], but the rule that does this is [ZD-CHOICE]");
}

Test(check_errors, change_line_with_the_wrong_tag)
{
    CE(H2 "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop\n"
          "score a +1 =1 [ZD-NO-CAP]\n",
       8, "ZD-STOP-SCORE", "tagged [ZD-NO-CAP], but the rule that does this is [ZD-STOP-SCORE]");
}

Test(check_errors, tag_naming_no_rule)
{
    CE(H2 "turn a [ZD-NOPE]\ndraw green green green\n", 5, "ZD-TURN",
       "tagged [ZD-NOPE], but the rule that does this is [ZD-TURN]");
}

/* ---- the end of the record -------------------------------------------------------------- */

#define FINISHED                                                                                \
    ZD_HEADER "player a\nplayer b\nstart score a 12\n"                                          \
              "draw green green green\nroll green:brain green:feet green:feet\ndecide a stop\n" \
              "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n"                    \
              "winner a =13\n" /* line 11 */

Test(check_errors, finished_game_passes)
{
    run_text(&r, FINISHED);
    assert_ok(&r);
    cr_assert(r.res.complete);
}

Test(check_errors, events_after_the_game_ended)
{
    CE(FINISHED "draw green green green\n", 12, "ZD-MOST-BRAINS",
       "the game is over; expected no more events, found 'draw'");
}

Test(check_errors, decide_after_the_game_ended)
{
    CE(FINISHED "decide b roll\n", 12, "ZD-MOST-BRAINS",
       "the game is over; expected no more events, found 'decide'");
}

Test(check_errors, change_line_after_the_game_ended)
{
    CEQ(FINISHED "score b +1 =1\n", 12, "ZD-MOST-BRAINS",
        "the rules do not produce 'score b +1 =1' here; they now need nothing more (the game is over) "
        "(before that they produced 'shotguns red red red total=3; bust b shotguns=3 lost=0; game-over', "
        "which the record may leave out)");
}

/* A line the record left out earlier, written after the end: its place
 * is before the draw of b's turn, across a decision and two outcomes. */
Test(check_errors, change_line_left_out_then_written_at_the_end)
{
    CEQ(FINISHED "turn b\n", 12, "ZD-TURN",
        "'turn b' is out of order: the rules produce it before line 9 ('draw red red red')");
}

Test(check_errors, transcript_ends_before_a_roll)
{
    CE(H2 "draw green green green\n", 5, "ZD-MUST-ROLL",
       "the transcript ends, but the rules need a 'roll' outcome next (green:brain|green:shotgun|green:feet)");
}

Test(check_errors, transcript_ends_before_a_decision)
{
    CE(H2 "draw green green green\nroll green:brain green:feet green:feet\ndecide a roll\n"
          "draw red\nroll green:feet green:feet red:brain\n# the end\n",
       10, "ZD-CHOICE", "the transcript ends, but the rules need a decision by a (stop|roll)");
}

Test(check_errors, partial_transcript_may_end_early)
{
    run_text(&r, H2 "partial\ndraw green green green\n");
    assert_ok(&r);
    cr_assert_eq(r.res.complete, 0);
    cr_assert_eq(r.res.winner, -1);
}

/* With no outcomes and no seed, the record is checked as far as it needs
 * none; past that it cannot be checked: an input error (exit 2), not a
 * rule's refusal, naming the rule that needs an outcome. */
#define NO_OUTCOMES                                                                                \
    "the record cannot be checked from here: the rules need a 'draw' outcome (green|yellow|red) "  \
    "for [ZD-DRAW], and it has no chance lines and no seed; expected chance lines (the outcomes) " \
    "or a 'seed N' header line"

Test(check_errors, no_outcomes_and_no_seed)
{
    CEQ(H2 "decide a stop\n", 5, "", NO_OUTCOMES);
    cr_assert_eq(r.err.input, 1);
}

Test(check_errors, no_body_and_no_seed)
{
    CEQ(H2, 4, "", NO_OUTCOMES);
    cr_assert_eq(r.err.input, 1);
}

Test(check_errors, a_rule_error_is_not_an_input_error)
{
    CE(H2 "draw green green green\n", 5, "ZD-MUST-ROLL", "the transcript ends");
    cr_assert_eq(r.err.input, 0);
}

/* A rule error before the first outcome stays a rule error. */
Test(check_errors, wrong_tag_before_the_first_outcome_is_a_rule_error)
{
    CEQ(H2 "starts a [ZD-TURN]\n", 5, "ZD-FIRST-SEAT-ORDER",
        "tagged [ZD-TURN], but the rule that does this is [ZD-FIRST-SEAT-ORDER]");
    cr_assert_eq(r.err.input, 0);
}

Test(check_errors, lines_before_the_first_outcome_are_still_checked)
{
    CEQ(H2 "turn b\n", 5, "ZD-TURN", "expected 'turn a', found 'turn b'");
    cr_assert_eq(r.err.input, 0);
}

/* ---- complete records ------------------------------------------------------------------------ */

/* FINISHED with every change line, as the rules write them (the body is lines 7-22). */
#define COMPLETE                                                                                    \
    ZD_HEADER                                                                                       \
    "player a\nplayer b\nstart score a 12\ncomplete\n"                                              \
    "starts a\nturn a\ndraw green green green\nroll green:brain green:feet green:feet\n"            \
    "brains green total=1\nfeet green green\ndecide a stop\nscore a +1 =13\n"                       \
    "goal a =13 turns-left=1\nturn b\ndraw red red red\nroll red:shotgun red:shotgun red:shotgun\n" \
    "shotguns red red red total=3\nbust b shotguns=3 lost=0\ngame-over\nwinner a =13\n"

Test(check_errors, complete_record_passes)
{
    run_text(&r, COMPLETE);
    assert_ok(&r);
    cr_assert(r.res.complete);
}

Test(check_errors, complete_record_regenerates_complete)
{
    run_text(&r, COMPLETE);
    assert_ok(&r);
    cr_assert_not_null(strstr(r.regen, "start score a 12\ncomplete\n"), "%s", r.regen);
    assert_regen_stable(&r);
}

/* The record left out the score: absence is checked, at the line it
 * belongs before, with the rule that produces it. */
Test(check_errors, complete_record_missing_a_line)
{
    char *text = strdup(COMPLETE);
    char *score = strstr(text, "score a +1 =13\n");
    memmove(score, score + 15, strlen(score + 15) + 1);
    CEQ(text, 14, "ZD-STOP-SCORE",
        "the record is complete, but 'score a +1 =13' is missing here, before 'goal a =13 turns-left=1'");
    free(text);
}

Test(check_errors, complete_record_with_a_line_written_late)
{
    char *text = strdup(COMPLETE);
    char *feet = strstr(text, "feet green green\n"), *decide = strstr(text, "decide a stop\n");
    memcpy(feet, "decide a stop\nfeet green green\n", 31);
    cr_assert_eq(decide, feet + 17);
    CEQ(text, 12, "ZD-FEET-KEEP",
        "the record is complete, but 'feet green green' is missing here, before 'decide a stop'; it is "
        "written later, at line 13");
    free(text);
}

Test(check_errors, complete_record_missing_its_last_line)
{
    char *text = strdup(COMPLETE);
    *strstr(text, "winner a =13\n") = '\0';
    CEQ(text, 21, "ZD-MOST-BRAINS", "the record is complete, but 'winner a =13' is missing at its end");
    free(text);
}

/* A complete record may still stop early when it is partial. */
Test(check_errors, complete_and_partial_record_may_stop)
{
    run_text(&r, ZD_HEADER "player a\nplayer b\npartial\ncomplete\nstarts a\nturn a\n"
                           "draw green green green\n");
    assert_ok(&r);
    cr_assert_eq(r.res.complete, 0);
}

/* ---- how a log may write what the rules write ------------------------------------------ */

/* A cup-first shortage: a has 11 brains and a feet die, the cup holds one
 * red die, so the rules draw it, return the brains and draw one more. */
#define SHORT_BODY                                                                                         \
    "starts a\nturn a\n"                                                                                   \
    "draw green green green\nroll green:brain green:brain green:brain\nbrains green green green total=3\n" \
    "decide a roll\n"                                                                                      \
    "draw green green green\nroll green:brain green:brain green:brain\nbrains green green green total=6\n" \
    "decide a roll\n"                                                                                      \
    "draw yellow yellow yellow\nroll yellow:brain yellow:brain yellow:brain\n"                             \
    "brains yellow yellow yellow total=9\ndecide a roll\n"                                                 \
    "draw yellow red red\nroll yellow:brain red:brain red:feet\nbrains yellow red total=11\nfeet red\n"    \
    "decide a roll\nshortage cup=1 needed=2\n"
#define SHORT_RETURN \
    "return-brains green green green green green green yellow yellow yellow yellow red noted=11\n"
#define SHORT_END                                                                  \
    "roll red:shotgun red:shotgun green:shotgun\nshotguns red red green total=3\n" \
    "bust a shotguns=3 lost=11\nturn b\n"
#define SHORT_HEAD ZD_HEADER "variant shortage-order=cup-first\nplayer a\nplayer b\npartial\ncomplete\n"

/* The rules draw in two steps with the brains returned between; a log
 * that writes one draw line, the return after it, is the same game. */
Test(check_errors, shortage_draw_in_one_line_under_cup_first)
{
    run_text(&r, SHORT_HEAD SHORT_BODY "draw red green\n" SHORT_RETURN SHORT_END);
    assert_ok(&r);
    cr_assert_not_null(strstr(r.regen, "\ndraw red "), "%s", r.regen);
    cr_assert_not_null(strstr(r.regen, "\ndraw green "), "the regenerated record splits the draw: %s",
                       r.regen);
}

Test(check_errors, shortage_draw_in_one_line_still_needs_the_return_in_a_complete_record)
{
    CEQ(SHORT_HEAD SHORT_BODY "draw red green\n" SHORT_END, 29, "ZD-SHORTAGE-RETURN",
        "the record is complete, but '"
        "return-brains green green green green green green yellow yellow "
        "yellow yellow red noted=11' is missing here, before 'roll red:shotgun red:shotgun green:shotgun'");
}

Test(check_errors, shortage_draw_in_one_line_with_one_die_too_many)
{
    CEQ(SHORT_HEAD SHORT_BODY "draw red green green\n" SHORT_RETURN SHORT_END, 28, "ZD-DRAW",
        "outcome 'green' is one too many: the rules use 2 outcome(s) on this line");
}

/* The dice returned are a set: any order, but the same dice. */
Test(check_errors, return_brains_in_any_order)
{
    run_text(&r, SHORT_HEAD SHORT_BODY
             "draw red\n"
             "return-brains red yellow green yellow green green yellow green green yellow green noted=11\n"
             "draw green\n" SHORT_END);
    assert_ok(&r);
    run_free(&r);
    CEQ(SHORT_HEAD SHORT_BODY
        "draw red\n"
        "return-brains red yellow green yellow green green yellow green green yellow red noted=11\n"
        "draw green\n" SHORT_END,
        29, "ZD-SHORTAGE-RETURN",
        "expected '"
        "return-brains green green green green green green yellow yellow yellow yellow red noted=11', "
        "found 'return-brains red yellow green yellow green green yellow green green yellow red noted=11'");
}

/* The dice of a roll's brains line likewise. */
Test(check_errors, brains_line_in_any_order)
{
    run_text(&r, H2 "partial\ndraw green yellow red\nroll green:brain yellow:brain red:brain\n"
                    "brains red green yellow total=3\ndecide a stop\n");
    assert_ok(&r);
}

/* ---- start lines ---------------------------------------------------------------------------- */

/* Start lines are tried when the file is read, so a bad one is a
 * malformed file (exit 2) reported at its line and column. */
#define PE(text, line, col, phrase) assert_parse_error(text, sizeof(text) - 1, line, col, phrase)

Test(check_errors, start_line_for_an_unknown_player_names_its_line)
{
    PE(H2 "start score zed 5\ndraw green green green\n", 5, 7, "no player named 'zed'");
}

Test(check_errors, malformed_start_lines)
{
    PE(H2 "start score a lots\ndraw green green green\n", 5, 7, "expected 'score PLAYER N'");
    PE(H2 "start score a 1001\ndraw green green green\n", 5, 7, "score 1001 is out of range 0..1000");
    PE(H2 "start bonus a 3\ndraw green green green\n", 5, 7, "expected 'score PLAYER N'");
    PE(ZD_HEADER "start score a 3\nplayer a\nplayer b\n", 3, 7, "expected the 'player' lines before 'start'");
}

/* ---- bounded replay ------------------------------------------------------------------------- */

Test(check_errors, seeded_game_that_never_ends_is_abandoned)
{
    /* Two seats that never stop never score: the game cannot end. */
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    const char *text = ZD_HEADER "player a always-roll\nplayer b always-roll\nseed 5\n";
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
    ud_check_opts opts = { .max_decisions = 50 };
    ud_check_result res;
    cr_assert_eq(ud_check(&t, &opts, &res, &err), -1);
    cr_assert_not_null(strstr(err.msg, "no end after 50 decisions; giving up"), "%s", err.msg);
    ud_transcript_free(&t);
}

/* ---- where a record's game stands at its end: waits, needs ------------------------------ */

/* A record whose game goes on ends with where it stands; the rules must
 * stand so there (golden/README.md), and the record ends as a partial one. */
Test(check_errors, waits_where_the_rules_wait_for_that_player_passes)
{
    run_text(&r, H2 "draw green green green\nroll green:brain green:feet green:feet\nwaits a\n");
    cr_assert_eq(r.status, RUN_OK, "%s", r.err.msg);
    cr_assert_eq(r.res.complete, 0);
}

Test(check_errors, waits_for_another_player_is_refused_at_its_line)
{
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\nwaits b\n", 7, "ZD-CHOICE",
        "the rules need a decision by a (stop|roll) here; the record's game waits for a decision by 'b'");
    cr_assert(r.res.wrong_seat);
}

Test(check_errors, waits_where_the_rules_need_an_outcome_is_refused)
{
    CEQ(H2 "draw green green green\nwaits a\n", 6, "ZD-MUST-ROLL",
        "the rules need a 'roll' outcome here; the record's game waits for a decision by 'a'");
}

Test(check_errors, needs_the_outcome_the_rules_need_passes)
{
    run_text(&r, H2 "draw green green green\nneeds roll\n");
    cr_assert_eq(r.status, RUN_OK, "%s", r.err.msg);
    cr_assert_eq(r.res.complete, 0);
}

Test(check_errors, needs_an_outcome_at_a_decision_is_refused)
{
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\nneeds draw\n", 7, "ZD-CHOICE",
        "the rules need a decision by a (stop|roll) here; the record's game needs a 'draw' outcome");
}

Test(check_errors, needs_after_the_game_is_over_is_refused)
{
    CEQ(H2 "start score b 12\ndraw green green green\nroll green:brain green:brain green:brain\n"
           "decide a stop\ndraw green green green\nroll green:brain green:brain green:brain\n"
           "decide b stop\nneeds draw\n",
        12, "ZD-MOST-BRAINS", "the game is over; the record's game needs a 'draw' outcome");
}

Test(check_errors, a_line_after_waits_is_bad_input)
{
    run_text(&r, H2 "draw green green green\nwaits a\nroll green:brain green:feet green:feet\n");
    cr_assert_eq(r.status, RUN_PARSE_ERROR);
    cr_assert_eq(r.err.line, 7);
    cr_assert(strstr(r.err.msg, "expected no line after 'waits' (line 6), the record's last"), "%s",
              r.err.msg);
}

Test(check_errors, waits_names_one_word)
{
    run_text(&r, H2 "waits\n");
    cr_assert_eq(r.status, RUN_PARSE_ERROR);
    cr_assert(strstr(r.err.msg, "expected 'waits PLAYER', one word naming the player to move"), "%s",
              r.err.msg);
    run_text(&r, H2 "waits a b\n");
    cr_assert_eq(r.status, RUN_PARSE_ERROR);
    cr_assert(strstr(r.err.msg, "expected 'waits PLAYER', one word naming the player to move"), "%s",
              r.err.msg);
}

/* A player the table lacks, as an implementation may name one (conform
 * writes it, or '?' for no one), is the record's game waiting otherwise:
 * refused where the rules stand, as for an over line. */
Test(check_errors, waits_for_a_player_the_table_lacks_is_the_records_game)
{
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\nwaits zed\n", 7, "ZD-CHOICE",
        "the rules need a decision by a (stop|roll) here; the record's game waits for a decision by 'zed', "
        "no player of this table");
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\nwaits ?\n", 7, "ZD-CHOICE",
        "the rules need a decision by a (stop|roll) here; the record's game waits for a decision by '?', "
        "no player of this table");
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\nwaits b\n", 7, "ZD-CHOICE",
        "the rules need a decision by a (stop|roll) here; the record's game waits for a decision by 'b'");
}

Test(check_errors, over_with_the_rules_outcomes_passes)
{
    run_text(&r, H2 "start score b 12\ndraw green green green\nroll green:brain green:brain green:brain\n"
                    "decide a stop\ndraw green green green\nroll green:brain green:brain green:brain\n"
                    "decide b stop\nover a=lost b=won\n");
    cr_assert_eq(r.status, RUN_OK, "%s", r.err.msg);
    cr_assert_eq(r.res.complete, 1);
}

Test(check_errors, over_with_another_outcome_is_refused_at_its_word)
{
    CEQ(H2 "start score b 12\ndraw green green green\nroll green:brain green:brain green:brain\n"
           "decide a stop\ndraw green green green\nroll green:brain green:brain green:brain\n"
           "decide b stop\nover a=won b=lost\n",
        12, "ZD-MOST-BRAINS", "the game is over with a=lost; the record's game with a=won");
    cr_assert_eq(r.err.col, 6);
}

Test(check_errors, over_where_the_game_goes_on_is_refused)
{
    CEQ(H2 "draw green green green\nroll green:brain green:feet green:feet\nover a=won b=lost\n", 7,
        "ZD-CHOICE", "the rules need a decision by a (stop|roll) here; the record's game is over");
}

Test(check_errors, needs_one_more_of_the_line_just_used_up_passes)
{
    run_text(&r, H2 "draw green green\nneeds draw\n");
    cr_assert_eq(r.status, RUN_OK, "%s", r.err.msg);
    cr_assert_eq(r.res.complete, 0);
}

/* needs EVENT right after a line of EVENT whose words left fit no pick
 * (conform's record of a refusal in dictate mode, "no outcome given
 * fits"): the record's game wants one more of the event, none of those
 * words being one, and ends there.  The cup holds no red die after
 * three reds have scored: 'red' fits no draw. */
#define REDS_SCORED H2 "draw red red red\nroll red:brain red:brain red:brain\ndecide a roll\n" /* 5-7 */

Test(check_errors, needs_after_words_that_fit_no_pick_passes)
{
    run_text(&r, REDS_SCORED "draw red\nneeds draw\n");
    cr_assert_eq(r.status, RUN_OK, "%s", r.err.msg);
    cr_assert_eq(r.res.complete, 0);
    /* without the needs line, the word is what cannot happen */
    CE(REDS_SCORED "draw red\n", 8, "ZD-DRAW", "'red' cannot happen here");
    /* a word that fits is taken: the record then wants a draw where the
     * rules roll the three dice drawn */
    CE(REDS_SCORED "draw green green green\nneeds draw\n", 9, "ZD-MUST-ROLL",
       "the rules need a 'roll' outcome here; the record's game needs a 'draw' outcome");
}

/* The same, blamed: the record's game refused a dictated draw of three
 * yellow dice at its first pick, as a game with no yellow die in the
 * cup does (conform's record of the reading dice=hunk-hottie): that
 * reading is named, not the row the rules needed next. */
Test(check_errors, needs_after_words_that_fit_no_pick_is_blamed_on_the_reading)
{
    ud_blame b;
    char why[1024];
    run_blamed(&r, H2 "draw yellow yellow yellow\nneeds draw\n", &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 6, "%s", r.err.msg);
    cr_assert_eq(b.kind, UD_BLAME_READING, "%s", why);
    cr_assert(strstr(why, "under the reading dice=hunk-hottie"), "%s", why);
}

/* ---- where a record's game stands at its end: the decisions it offers ---------------------- */

#define AT_CHOICE H2 "draw green green green\nroll green:brain green:feet green:feet\n" /* lines 5-6 */

/* The same set in another order, or in two lines, is what the rules
 * offer: the record ends there, as at a waits line. */
Test(check_errors, offers_of_the_rules_set_in_any_order_passes)
{
    const char *lists[] = { "offers a stop | roll\n", "offers a roll | stop\n",
                            "offers a roll\noffers a stop\n" };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", AT_CHOICE, lists[i]);
        run_text(&r, text);
        cr_assert_eq(r.status, RUN_OK, "%s: %s", lists[i], r.err.msg);
        cr_assert_eq(r.res.complete, 0);
        run_free(&r);
    }
}

/* Also where the record writes its decisions: the list follows the last. */
Test(check_errors, offers_after_a_decision_passes)
{
    run_text(&r, AT_CHOICE "decide a roll\ndraw green\nroll green:brain green:brain green:brain\n"
                           "offers a roll | stop\n");
    cr_assert_eq(r.status, RUN_OK, "%s", r.err.msg);
    cr_assert_eq(r.res.played, 1);
}

Test(check_errors, offers_fewer_than_the_rules_is_refused_naming_both_sides)
{
    CEQ(AT_CHOICE "offers a roll\n", 7, "ZD-CHOICE",
        "the rules offer a (stop|roll) here; the record's game offers a (roll): the rules also offer 'stop'");
    cr_assert_eq(r.err.col, 1);
    cr_assert_not_null(r.res.offers_row);
    cr_assert_str_eq(r.res.offers_row->id, "ZD-CHOICE");
}

Test(check_errors, offers_more_than_the_rules_is_refused_at_the_extra_one)
{
    CEQ(AT_CHOICE "offers a roll | dance | stop\n", 7, "ZD-CHOICE",
        "the rules offer a (stop|roll) here; the record's game offers a (roll|dance|stop): the record's game "
        "also offers 'dance'");
    cr_assert_eq(r.err.col, 17);
}

Test(check_errors, offers_other_than_the_rules_is_refused_naming_each_sides_own)
{
    CEQ(AT_CHOICE "offers a roll\noffers a drink-green\n", 7, "ZD-CHOICE",
        "the rules offer a (stop|roll) here; the record's game offers a (roll|drink-green): the rules also "
        "offer 'stop'; the record's game also offers 'drink-green'");
    CEQ(AT_CHOICE "offers a\n", 7, "ZD-CHOICE",
        "the rules offer a (stop|roll) here; the record's game offers a (nothing): the rules also offer "
        "'stop', 'roll'");
}

Test(check_errors, offers_to_another_player_is_refused_as_the_move_elsewhere)
{
    CEQ(AT_CHOICE "offers b stop | roll\n", 7, "ZD-CHOICE",
        "the rules need a decision by a (stop|roll) here; the record's game offers decisions to 'b'");
    cr_assert(r.res.wrong_seat);
    cr_assert_null(r.res.offers_row);
}

Test(check_errors, offers_where_the_rules_need_an_outcome_is_refused)
{
    CEQ(H2 "draw green green green\noffers a stop | roll\n", 6, "ZD-MUST-ROLL",
        "the rules need a 'roll' outcome here; the record's game offers decisions to 'a'");
}

Test(check_errors, offers_after_the_game_is_over_is_refused)
{
    CEQ(H2 "start score b 12\ndraw green green green\nroll green:brain green:brain green:brain\n"
           "decide a stop\ndraw green green green\nroll green:brain green:brain green:brain\n"
           "decide b stop\noffers a stop | roll\n",
        12, "ZD-MOST-BRAINS", "the game is over; the record's game offers decisions to 'a'");
}

/* The rule named by evidence (core/blame.h): no change of Zombie Dice's
 * rules offers only 'roll' there, so the row offering the decisions in
 * question, as conform names it (its provenance). */
Test(check_errors, offers_refused_are_blamed_on_the_row_that_offers_them)
{
    ud_blame b;
    char why[1024];
    run_blamed(&r, AT_CHOICE "offers a roll\n", &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 7);
    cr_assert_str_eq(r.err.rule, "ZD-CHOICE", "%s", why);
    cr_assert_eq(b.kind, UD_BLAME_PROVENANCE, "%s", why);
    cr_assert(strstr(why, "the rows that wrote the decisions of the kind in question: ZD-CHOICE"), "%s", why);
}
