/*
 * test_zd_cli.c - the undead command on Zombie Dice transcripts written
 * by hand (the binary CMake built, UD_UNDEAD_EXE): exit status 0 / 1 / 2
 * and the exact FILE:LINE: RULE-ID: and FILE:LINE:COL: messages of
 * `check`, the golden inputs, and usage errors naming the game's own
 * variants and policies.  What every game must do on the command line is
 * in tests/test_cli.c.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zd_support.h"

TestSuite(zd_cli, .init = cli_suite_init, .fini = cli_suite_fini);

#define H2 ZD_HEADER "player a\nplayer b\n"

Test(zd_cli, check_legal_transcript_prints_scores)
{
    const char *f = cli_write_file(
        "ok.in", H2 "start score a 12\n"
                    "draw green green green\nroll green:brain green:brain green:feet\ndecide a stop\n"
                    "draw red red red\nroll red:shotgun red:shotgun red:shotgun\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 0, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want, "%s: ok: a=14 b=0; winner a", f);
    CLI_HAS(cli_out, want);
    cr_assert_str_eq(cli_err, "");
}

Test(zd_cli, check_golden_inputs)
{
    /* Every golden .in of one folder, in one run: all legal. */
    const char *dirname = UD_SOURCE_DIR "/golden/zombie_dice/endgame";
    DIR *d = opendir(dirname);
    cr_assert_not_null(d);
    static char names[32][512];
    const char *argv[40] = { "undead", "check", "--no-db" };
    int n = 3;
    struct dirent *e;
    while ((e = readdir(d)) && n < 35) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".in") == 0) {
            snprintf(names[n], sizeof names[n], "%s/%s", dirname, e->d_name);
            argv[n] = names[n];
            n++;
        }
    }
    closedir(d);
    argv[n] = NULL;
    cr_assert_gt(n, 3, "no golden .in files in %s", dirname);
    cr_assert_eq(cli_run(argv, NULL), 0, "%s", cli_err);
    int oks = 0;
    for (const char *p = cli_out; (p = strstr(p, ": ok")); p++)
        oks++;
    cr_assert_eq(oks, n - 3, "one ok line per file:\n%s", cli_out);
}

#define WRONG_PLAYER H2 "draw green green green\nroll green:brain green:feet green:feet\ndecide b stop\n"

Test(zd_cli, check_illegal_transcript_exit_1_with_rule)
{
    const char *f = cli_write_file("illegal.in", WRONG_PLAYER);
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want, "%s:7:", f);
    cr_assert_eq(strncmp(cli_err, want, strlen(want)), 0, "%s", cli_err);
    CLI_HAS(cli_err, " ZD-CHOICE: it is a's decision, not b's");
}

Test(zd_cli, check_transcript_ending_early_exit_1_with_rule)
{
    const char *f = cli_write_file("short.in", H2 "draw green green green\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want, "%s:5: ZD-MUST-ROLL: the transcript ends", f);
    CLI_HAS(cli_err, want);
}

/* A record that cannot be checked is the input's fault: exit 2, no rule
 * ID in the rule's place (the rule that needs an outcome is named in the
 * message). */
Test(zd_cli, check_record_without_outcomes_or_seed_exit_2)
{
    const char *f = cli_write_file("no-outcomes.in", H2 "decide a stop\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 2, "%s", cli_err);
    char want[500];
    snprintf(want, sizeof want,
             "%s:5: the record cannot be checked from here: the rules need a 'draw' outcome "
             "(green|yellow|red) for [ZD-DRAW], and it has no chance lines and no seed; expected "
             "chance lines (the outcomes) or a 'seed N' header line\n",
             f);
    cr_assert_str_eq(cli_err, want);
}

/* --strict checks a record as if its header said "complete". */
Test(zd_cli, check_strict_reports_a_line_left_out)
{
    const char *f = cli_write_file("loose.in", H2 "draw green green green\n"
                                                  "roll green:brain green:feet green:feet\ndecide a stop\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", "--strict", f), 1, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want,
             "%s:5: ZD-FIRST-SEAT-ORDER: the record is complete, but 'starts a' is missing here, "
             "before 'draw green green green'\n",
             f);
    cr_assert_eq(strncmp(cli_err, want, strlen(want)), 0, "%s", cli_err);
    /* a line left out is no rule changed: said so, the row needed kept */
    CLI_HAS(cli_err, "\n  evidence: none: nothing explains it: no other reading and no single changed row "
                     "plays this step as the record did");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s", cli_err);
    /* without --strict: only the end is missing; a record that ends says
     * the game is over, which the rule of the game's end would have to
     * allow (the rules need a draw there: ZD-DRAW) */
    CLI_HAS(cli_err, ":7: ZD-GAME-OVER: the transcript ends, but the rules need a 'draw' outcome next");
    CLI_HAS(cli_err, "(the rules needed ZD-DRAW at this line)");
}

/* Rule errors are FILE:LINE: RULE-ID: (cmd_check usage, error.h,
 * golden/README.md); the column form is for malformed files (exit 2). */
Test(zd_cli, check_rule_error_has_documented_format)
{
    const char *f = cli_write_file("illegal.in", WRONG_PLAYER);
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want, "%s:7: ZD-CHOICE: it is a's decision, not b's", f);
    CLI_HAS(cli_err, want);
}

/* The School Bus is offered only while it waits and a regular die is left
 * for it to replace (ZD-BUS-BOARD): not with three feet to reroll, and not
 * once the player has got off.  A ride decided there is refused, and
 * blamed on ZD-BUS-BOARD (its guard holding would offer it), not on the
 * row that offers the choice (ZD-CHOICE). */
#define BUS_H2 ZD_HEADER "variant bus=on\nplayer a\nplayer b\n"

Test(zd_cli, check_bus_not_offered_with_three_feet)
{
    const char *f = cli_write_file("ride-three-feet.in", BUS_H2 "draw green green green\n"
                                                                "roll green:feet green:feet green:feet\n"
                                                                "decide a ride\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want, "%s:8: ZD-BUS-BOARD: 'ride' is not allowed here; the rules allow stop|roll",
             f);
    CLI_HAS(cli_err, want);
    CLI_HAS(cli_err,
            "  evidence: single rule: undead plays this step as the record did with ZD-BUS-BOARD's guard "
            "always holding");
}

/* --format json: the refusal and its blame as one object on standard
 * output, nothing on standard error. */
Test(zd_cli, check_json_names_the_rule_and_its_evidence)
{
    const char *f = cli_write_file("ride-json.in", BUS_H2 "draw green green green\n"
                                                          "roll green:feet green:feet green:feet\n"
                                                          "decide a ride\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", "--format", "json", f), 1, "%s", cli_err);
    cr_assert_str_eq(cli_err, "");
    CLI_HAS(
        cli_out,
        "\"verdict\":\"violation\",\"line\":8,\"message\":\"'ride' is not allowed here; the rules "
        "allow stop|roll\",\"needed\":\"ZD-CHOICE\",\"rule\":\"ZD-BUS-BOARD\",\"evidence\":\"single rule\"");
    CLI_HAS(cli_out, "\"explanations\":[\"ZD-BUS-BOARD's guard always holding\",");
    CLI_HAS(cli_out, "\"source\":\"001_4f6e2b55ff14832a.txt\"");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", "--format", "yaml", f), 2, "%s", cli_err);
    CLI_HAS(cli_err, "undead check: --format: expected text or json, got 'yaml'");
}

Test(zd_cli, check_bus_not_offered_after_getting_off)
{
    const char *f = cli_write_file("ride-again.in", BUS_H2 "draw green green green\n"
                                                           "roll green:brain green:feet green:feet\n"
                                                           "decide a ride\n"
                                                           "roll green:feet green:brain bus:two-shotguns\n"
                                                           "decide a get-off\n"
                                                           "decide a ride\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want, "%s:11: ZD-BUS-BOARD: 'ride' is not allowed here; the rules allow stop|roll",
             f);
    CLI_HAS(cli_err, want);
    CLI_HAS(cli_err,
            "  evidence: single rule: undead plays this step as the record did with ZD-BUS-BOARD's guard "
            "always holding");
}

/* a stops at 15 and the record's game holds 13: ZD-NO-CAP changes
 * nothing in the rules' own game, and its declared breach, a score capped
 * at the goal, is named (before ZD-STOP-SCORE's change to the score
 * capped at one, which makes 13 from 12 as well: a number a row declares
 * before an amount at equal cost). */
Test(zd_cli, check_score_capped_at_the_goal_is_the_no_cap_row_broken)
{
    const char *f = cli_write_file("capped.in", H2 "start score a 12\npartial\n"
                                                   "draw green green green\n"
                                                   "roll green:brain green:brain green:brain\n"
                                                   "decide a stop\n"
                                                   "draw green green green\n"
                                                   "roll green:brain green:brain green:brain\n"
                                                   "= scores=a:13,b:0\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s", cli_err);
    char want[300];
    snprintf(want, sizeof want, "%s:12: ZD-NO-CAP: state: expected scores=a:15,b:0, found scores=a:13,b:0",
             f);
    CLI_HAS(cli_err, want);
    CLI_HAS(cli_err,
            "  evidence: single rule: undead plays this step as the record did with ZD-NO-CAP broken: a "
            "score capped at 13; or with ZD-STOP-SCORE's change to a's score capped at one");
}

Test(zd_cli, check_malformed_transcript_exit_2_with_column)
{
    const char *f = cli_write_file("malformed.in", H2 "decide a pass\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 2, "%s", cli_err);
    char want[300];
    snprintf(
        want, sizeof want,
        "%s:5:10: expected an action (stop|roll|ride|get-off|stay-on|drink-green|drink-yellow|drink-red|drink-hunk|drink-hottie|drink-santa), found 'pass'",
        f);
    CLI_HAS(cli_err, want);
}

Test(zd_cli, check_reads_standard_input)
{
    cr_assert_eq(CLI_RUN(H2 "draw red red red\n", "check", "--no-db", "-"), 1);
    CLI_HAS(cli_err, "<stdin>:5: ZD-MUST-ROLL: the transcript ends");
}

Test(zd_cli, worst_status_wins_over_several_files)
{
    /* One malformed file among legal ones: 2. */
    static char good[300];
    const char *f = cli_write_file("good.in", H2 "partial\ndraw red red red\n");
    snprintf(good, sizeof good, "%s", f);
    static char bad[300];
    snprintf(bad, sizeof bad, "%s/missing.in", cli_scratch());
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", good, bad), 2);
    CLI_HAS(cli_out, ": ok (partial)");
}

Test(zd_cli, play_unknown_game_exit_2)
{
    cr_assert_eq(CLI_RUN(NULL, "play", "zombie-chess"), 2);
    CLI_HAS(cli_err, "unknown game 'zombie-chess'; expected one of: zombie-dice");
}

Test(zd_cli, play_bad_variant_exit_2)
{
    cr_assert_eq(CLI_RUN(NULL, "play", "zombie-dice", "--variant", "end=never"), 2);
    CLI_HAS(cli_err, "variant end: unknown value 'never'");
    cr_assert_eq(CLI_RUN(NULL, "play", "zombie-dice", "--variant", "speed=fast"), 2);
    CLI_HAS(cli_err, "unknown variant key 'speed'");
}

Test(zd_cli, play_bad_options_exit_2)
{
    cr_assert_eq(CLI_RUN(NULL, "play", "zombie-dice", "--seed", "x"), 2);
    CLI_HAS(cli_err, "--seed: expected a whole number");
    cr_assert_eq(CLI_RUN(NULL, "play", "zombie-dice", "--players", "a,a"), 2);
    CLI_HAS(cli_err, "player name 'a' is used twice");
    cr_assert_eq(CLI_RUN(NULL, "play", "zombie-dice", "--policy", "coward"), 2);
    CLI_HAS(cli_err, "unknown policy 'coward'");
}

Test(zd_cli, play_output_checks_clean)
{
    cr_assert_eq(CLI_RUN(NULL, "play", "zombie-dice", "--seed", "17", "--players", "ann,bo,cy", "--variant",
                         "end=final-turn", "--invariants"),
                 0, "%s", cli_err);
    char *played = cli_out;
    free(cli_err);
    cli_out = cli_err = NULL;
    cr_assert_eq(CLI_RUN(played, "check", "--no-db", "-"), 0, "%s", cli_err);
    CLI_HAS(cli_out, "<stdin>: ok: ann=");
    free(played);
}

/* bench prints the yardstick's median and the engine's ratio to it for a
 * match the yardstick plays, and why there is none for one it does not. */
Test(zd_cli, bench_prints_the_yardstick_or_why_not)
{
    cr_assert_eq(CLI_RUN(NULL, "bench", "zombie-dice", "--games", "2000", "--repeat", "3"), 0, "%s", cli_err);
    CLI_HAS(cli_out, "median games/s, yardstick:");
    CLI_HAS(cli_out, "ratio engine/yardstick: ");
    CLI_HAS(cli_out, "each run's pair: ");
    free(cli_out);
    free(cli_err);
    cli_out = cli_err = NULL;
    cr_assert_eq(
        CLI_RUN(NULL, "bench", "zombie-dice", "--games", "200", "--repeat", "1", "--policy", "random"), 0,
        "%s", cli_err);
    CLI_HAS(cli_out, "yardstick: none (the yardstick plays only policy stop-at-shotguns (here random)");
    cr_assert(strstr(cli_out, "ratio engine/yardstick") == NULL, "%s", cli_out);
}
