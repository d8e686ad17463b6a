/*
 * test_cli.c - the undead command as a user runs it (the binary CMake
 * built, path compiled in as UD_UNDEAD_EXE), for every registered game:
 * `undead games` lists each; `rules`, `variants` and `policies` list its
 * rows (and the numbers they read), questions and players; `play` under every player count it allows
 * (up to 6) writes a transcript `check` passes; `sim` runs; bad variants,
 * policies and games exit 2 with the game's own choices named; a changed
 * transcript exits 1 as FILE:LINE: RULE-ID: message, a malformed one 2 as
 * FILE:LINE:COL: message.  Plus usage errors and --help on every
 * subcommand.  A game's hand-written cases: spec/GAME/tests/.
 */
#include <criterion/criterion.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

TestSuite(cli, .init = cli_suite_init, .fini = cli_suite_fini);

/* "p1,p2,...,pN" */
static const char *names(int n)
{
    static char buf[256];
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        sprintf(buf + strlen(buf), "%sp%d", i ? "," : "", i + 1);
    return buf;
}

Test(cli, games_lists_every_game)
{
    cr_assert_eq(CLI_RUN(NULL, "games"), 0, "%s", cli_err);
    FOR_EACH_GAME(g)
    {
        char want[64];
        snprintf(want, sizeof want, "%s ", g->name);
        CLI_HAS(cli_out, want);
        CLI_HAS(cli_out, g->title);
    }
}

Test(cli, rules_variants_and_policies_of_every_game)
{
    FOR_EACH_GAME(g)
    {
        cr_assert_eq(CLI_RUN(NULL, "rules", g->name), 0, "%s: %s", g->name, cli_err);
        for (int i = 0; i < g->n_rules; i++)
            CLI_HAS(cli_out, g->rules[i].id);
        /* each number a row reads as data, and each breach a row declares,
         * shown under a row the game has (core/blame.h changes them) */
        for (int i = 0; i < g->n_numbers; i++) {
            cr_assert_not_null(ud_game_rule(g, g->numbers[i].rule), "%s: number '%s' of no row '%s'", g->name,
                               g->numbers[i].name, g->numbers[i].rule);
            CLI_HAS(cli_out, g->numbers[i].name);
        }
        cr_assert_eq(CLI_RUN(NULL, "variants", g->name), 0, "%s: %s", g->name, cli_err);
        for (int v = 0; v < g->n_variants; v++) {
            CLI_HAS(cli_out, g->variants[v].key);
            for (int k = 0; k < g->variants[v].n_values; k++)
                CLI_HAS(cli_out, g->variants[v].values[k].name);
        }
        cr_assert_eq(CLI_RUN(NULL, "policies", g->name), 0, "%s: %s", g->name, cli_err);
        for (int i = 0; i < g->n_policies; i++)
            CLI_HAS(cli_out, g->policies[i].name);
        CLI_HAS(cli_out, "random");
        CLI_HAS(cli_out, "human");
    }
}

Test(cli, play_then_check_every_game_and_player_count)
{
    FOR_EACH_GAME(g)
    {
        for (int n = g->min_players; n <= game_max_tested_players(g); n++) {
            cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--seed", "17", "--players", names(n), "--policy",
                                 "random", "--invariants", "--no-db"),
                         0, "%s, %d players: %s", g->name, n, cli_err);
            char *played = cli_out;
            cli_out = NULL;
            char want[64];
            snprintf(want, sizeof want, "game %s\n", g->name);
            CLI_HAS(played, want);
            cr_assert_eq(CLI_RUN(played, "check", "--no-db", "-"), 0, "%s, %d players: %s\n%s", g->name, n,
                         cli_err, played);
            CLI_HAS(cli_out, "<stdin>: ok");
            free(played);
        }
    }
}

Test(cli, play_with_every_policy_and_variant_value)
{
    FOR_EACH_GAME(g)
    {
        int n = g->min_players > 2 ? g->min_players : (g->max_players >= 2 ? 2 : 1);
        for (int i = 0; i < g->n_policies; i++) {
            if (g->policies[i].costly)
                continue;
            /* Seat 1 plays it, the others random: a policy may be unable
             * to end a game alone (never stopping, say). */
            char spec[64];
            snprintf(spec, sizeof spec, n >= 2 ? "%s,random" : "%s", g->policies[i].name);
            cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--players", names(n), "--policy", spec, "--no-db"),
                         0, "%s --policy %s: %s", g->name, g->policies[i].name, cli_err);
        }
        for (int v = 0; v < g->n_variants; v++)
            for (int k = 0; k < g->variants[v].n_values; k++) {
                char kv[96];
                snprintf(kv, sizeof kv, "%s=%s", g->variants[v].key, g->variants[v].values[k].name);
                cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--players", names(n), "--variant", kv,
                                     "--invariants", "--no-db"),
                             0, "%s --variant %s: %s", g->name, kv, cli_err);
                char want[128];
                snprintf(want, sizeof want, "variant %s\n", kv);
                CLI_HAS(cli_out, want);
            }
    }
}

Test(cli, sim_every_game)
{
    FOR_EACH_GAME(g)
    {
        int n = g->min_players > 2 ? g->min_players : (g->max_players >= 2 ? 2 : 1);
        cr_assert_eq(CLI_RUN(NULL, "sim", g->name, "--games", "50", "--players", names(n), "--no-db"), 0,
                     "%s: %s", g->name, cli_err);
        CLI_HAS(cli_out, g->name);
        CLI_HAS(cli_out, "p1");
    }
}

/* --players and --policy given once per seat add seats, as a list does. */
Test(cli, repeated_players_and_policies_add_seats)
{
    cr_assert_eq(CLI_RUN(NULL, "sim", "zombie-dice", "--games", "200", "--players", "ann", "--players", "bob",
                         "--policy", "stop-at-brains:2", "--policy", "stop-at-brains:5", "--no-db"),
                 0, "%s", cli_err);
    char *one = strdup(cli_out);
    cr_assert_not_null(one);
    cr_assert_eq(CLI_RUN(NULL, "sim", "zombie-dice", "--games", "200", "--players", "ann,bob", "--policy",
                         "stop-at-brains:2,stop-at-brains:5", "--no-db"),
                 0, "%s", cli_err);
    char *a = strstr(one, "games per second"), *b = strstr(cli_out, "games per second");
    cr_assert(a && b);
    *a = *b = '\0';
    cr_assert_str_eq(one, cli_out);
    CLI_HAS(one, "bob");
    CLI_HAS(one, "stop-at-brains:5");
    free(one);
}

/* Everything sim prints but its timing line. */
static char *without_timing(const char *text)
{
    char *copy = strdup(text);
    cr_assert_not_null(copy);
    char *t = strstr(copy, "games per second");
    cr_assert_not_null(t, "%s", text);
    *t = '\0';
    return copy;
}

/* Game i has seed S+i whichever thread plays it: the figures (wins,
 * scores, every rule's firing count) do not depend on --jobs. */
Test(cli, sim_figures_do_not_depend_on_jobs)
{
    FOR_EACH_GAME(g)
    {
        int n = g->min_players > 2 ? g->min_players : (g->max_players >= 2 ? 2 : 1);
        cr_assert_eq(CLI_RUN(NULL, "sim", g->name, "--games", "41", "--players", names(n), "--no-db",
                             "--coverage", "--jobs", "1"),
                     0, "%s: %s", g->name, cli_err);
        char *one = without_timing(cli_out);
        const char *jobs[] = { "2", "5" };
        for (int k = 0; k < 2; k++) {
            cr_assert_eq(CLI_RUN(NULL, "sim", g->name, "--games", "41", "--players", names(n), "--no-db",
                                 "--coverage", "--jobs", jobs[k]),
                         0, "%s: %s", g->name, cli_err);
            char *many = without_timing(cli_out);
            cr_assert_str_eq(many, one, "%s: --jobs %s differs from --jobs 1", g->name, jobs[k]);
            free(many);
        }
        free(one);
    }
    cr_assert_eq(CLI_RUN(NULL, "sim", "zombie-dice", "--games", "5", "--no-db", "--jobs", "0"), 2);
    CLI_HAS(cli_err, "--jobs: expected a whole number from 1 to 64, got '0'");
}

/* Every metric of the runs in the database file, timings left cli_out, one
 * line each in run order. */
static char *metrics_of(const char *file)
{
    sqlite3 *db;
    cr_assert_eq(sqlite3_open_v2(file, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK, "%s", file);
    sqlite3_stmt *q;
    cr_assert_eq(
        sqlite3_prepare_v2(db,
                           "SELECT r.command, m.name, m.value FROM metrics m JOIN runs r ON r.id = m.run_id "
                           "WHERE m.name NOT LIKE '%second%' ORDER BY m.run_id, m.name",
                           -1, &q, NULL),
        SQLITE_OK, "%s", sqlite3_errmsg(db));
    ud_buf b;
    ud_buf_init(&b);
    while (sqlite3_step(q) == SQLITE_ROW)
        ud_buf_printf(&b, "%s %s %.17g\n", (const char *)sqlite3_column_text(q, 0),
                      (const char *)sqlite3_column_text(q, 1), sqlite3_column_double(q, 2));
    sqlite3_finalize(q);
    sqlite3_close(db);
    char *text = strdup(ud_buf_str(&b));
    ud_buf_free(&b);
    return text;
}

/* verify's simulations on several threads record the same figures. */
Test(cli, verify_figures_do_not_depend_on_jobs)
{
    char one[300], three[300];
    snprintf(one, sizeof one, "%s/one.db", cli_scratch());
    snprintf(three, sizeof three, "%s/three.db", cli_scratch());
    cr_assert_eq(CLI_RUN(NULL, "verify", "one-die", "--golden", UD_SOURCE_DIR "/golden", "--fuzz",
                         UD_SOURCE_DIR "/fuzz", "--games", "30", "--reading-games", "300", "--jobs", "1",
                         "--db", one),
                 0, "%s", cli_err);
    cr_assert_eq(CLI_RUN(NULL, "verify", "one-die", "--golden", UD_SOURCE_DIR "/golden", "--fuzz",
                         UD_SOURCE_DIR "/fuzz", "--games", "30", "--reading-games", "300", "--jobs", "3",
                         "--db", three),
                 0, "%s", cli_err);
    char *a = metrics_of(one), *b = metrics_of(three);
    cr_assert_gt(strlen(a), 100, "%s", a);
    cr_assert_str_eq(b, a);
    free(a);
    free(b);
    remove(one);
    remove(three);
    cr_assert_eq(CLI_RUN(NULL, "verify", "one-die", "--jobs", "65"), 2);
    CLI_HAS(cli_err, "--jobs: expected a whole number from 1 to 64, got '65'");
}

/* The --timing block's line for step of game: its wall and CPU seconds
 * read as numbers (never compared: the machine sets them). */
static void timing_line_there(const char *game, const char *step)
{
    char want[128];
    snprintf(want, sizeof want, "\n%-14s %-34s ", game, step);
    const char *at = strstr(cli_err, want);
    cr_assert_not_null(at, "the --timing block lacks %s's step '%s':\n%s", game, step, cli_err);
    double wall = -1, cpu = -1;
    cr_assert_eq(sscanf(at + strlen(want), "%lf %lf", &wall, &cpu), 2, "%s: %s: %.80s", game, step, at);
    cr_assert(wall >= 0 && cpu >= 0, "%s: %s: %.80s", game, step, at);
}

/* verify --timing names every step of every game verified, on standard
 * error, after the summary: the games' steps without an analysis or a
 * bound of their own (One Die explores its opening), and with them. */
Test(cli, verify_timing_names_every_step)
{
    const char *const common[] = { "rule tables",
                                   "golden transcripts",
                                   "readings (the FAQ's figures)",
                                   "variant combinations",
                                   "fuzz corpus (engine)",
                                   "fuzz corpus (transcripts)",
                                   "recording the verify run",
                                   "(its steps, summed)" };
    cr_assert_eq(CLI_RUN(NULL, "verify", "one-die", "zombie-dice", "--golden", UD_SOURCE_DIR "/golden",
                         "--fuzz", UD_SOURCE_DIR "/fuzz", "--games", "10", "--reading-games", "100",
                         "--skip-analysis", "game", "--skip-analysis", "turn", "--no-db", "--timing"),
                 0, "%s", cli_err);
    CLI_HAS(cli_out, "verify: all checks passed");
    cr_assert_null(strstr(cli_out, "--timing"), "the block goes to standard error:\n%s", cli_out);
    CLI_HAS(cli_err, "verify --timing: seconds per step");
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++) {
        timing_line_there("one-die", common[i]);
        timing_line_there("zombie-dice", common[i]);
    }
    timing_line_there("one-die", "exploring the opening");
    timing_line_there("zombie-dice", "exploring bound turn");
    timing_line_there("zombie-dice", "exact analysis claims");
    timing_line_there("verify", "(the whole run)");
    cr_assert_null(strstr(cli_err, "exact analysis game"), "--skip-analysis game: not run, not timed");
    cr_assert_null(strstr(cli_err, "zombie-dice    exploring the opening"),
                   "zombie-dice explores its bounds");
    cr_assert_eq(CLI_RUN(NULL, "verify", "one-die", "--golden", UD_SOURCE_DIR "/golden", "--fuzz",
                         UD_SOURCE_DIR "/fuzz", "--games", "10", "--reading-games", "100", "--no-db"),
                 0, "%s", cli_err);
    cr_assert_null(strstr(cli_err, "--timing"), "no block without --timing:\n%s", cli_err);
}

/* A mistyped --skip-analysis would leave nothing cli_out and say nothing:
 * it is a usage error, before anything runs, naming the analyses there are. */
Test(cli, verify_skip_analysis_must_name_an_analysis)
{
    cr_assert_eq(CLI_RUN(NULL, "verify", "zombie-dice", "--skip-analysis", "gme", "--no-db"), 2);
    CLI_HAS(
        cli_err,
        "no game verified has an analysis 'gme'; expected one of: turn (zombie-dice), game (zombie-dice)");
    cr_assert_eq(CLI_RUN(NULL, "verify", "one-die", "--skip-analysis", "game", "--no-db"), 2);
    CLI_HAS(cli_err, "no game verified has an analysis 'game' (they offer none)");
    cr_assert_str_eq(cli_out, "", "nothing ran");
}

/* A game named twice would be verified once and the rest of the list cut
 * at the number of games there are: a usage error instead, naming it. */
Test(cli, verify_refuses_a_game_named_twice)
{
    cr_assert_eq(CLI_RUN(NULL, "verify", "one-die", "dotld", "one-die", "--no-db"), 2);
    CLI_HAS(cli_err, "undead verify: game 'one-die' is named twice: expected each game once");
    cr_assert_str_eq(cli_out, "", "nothing ran");
}

Test(cli, bad_variant_policy_or_game_exit_2)
{
    FOR_EACH_GAME(g)
    {
        cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--variant", "no-such-key=1"), 2, "%s", g->name);
        CLI_HAS(cli_err, "unknown variant key 'no-such-key'");
        for (int v = 0; v < g->n_variants; v++)
            CLI_HAS(cli_err, g->variants[v].key);
        cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--policy", "no-such-policy"), 2, "%s", g->name);
        CLI_HAS(cli_err, "unknown policy 'no-such-policy'");
        for (int i = 0; i < g->n_policies; i++)
            CLI_HAS(cli_err, g->policies[i].name);
        cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--seed", "x"), 2, "%s", g->name);
        CLI_HAS(cli_err, "--seed: expected a whole number");
        cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--players", "a,a"), 2, "%s", g->name);
        CLI_HAS(cli_err, "player name 'a' is used twice");
    }
    cr_assert_eq(CLI_RUN(NULL, "play", "no-such-game"), 2);
    CLI_HAS(cli_err, "unknown game 'no-such-game'; expected one of:");
    FOR_EACH_GAME(g)
    CLI_HAS(cli_err, g->name);
}

/* A played game with one event added after its end fails at that line,
 * FILE:LINE: RULE-ID: message (cmd_check usage, error.h, golden/README.md),
 * exit 1; a wrong version line is malformed: FILE:LINE:COL:, exit 2. */
Test(cli, check_errors_have_the_documented_formats)
{
    FOR_EACH_GAME(g)
    {
        cr_assert_eq(CLI_RUN(NULL, "play", g->name, "--seed", "3", "--no-db"), 0, "%s", cli_err);
        char *played = cli_out;
        cli_out = NULL;
        int lines = 0;
        for (const char *p = played; (p = strchr(p, '\n')); p++)
            lines++;
        /* Repeat the first decide line after the end. */
        const char *d = strstr(played, "\ndecide ");
        cr_assert_not_null(d, "%s: no decision in\n%s", g->name, played);
        size_t dl = strcspn(d + 1, "[\n");
        char *text = malloc(strlen(played) + dl + 2);
        sprintf(text, "%s%.*s\n", played, (int)dl, d + 1);
        const char *f = cli_write_file("after-end.in", text);
        cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 1, "%s: %s", g->name, cli_err);
        char want[300];
        snprintf(want, sizeof want, "%s:%d: ", f, lines + 1);
        cr_assert_eq(strncmp(cli_err, want, strlen(want)), 0, "%s: '%s' does not start '%s'", g->name,
                     cli_err, want);
        /* Then the ID of the rule that ended the game. */
        const char *id = cli_err + strlen(want);
        size_t idlen = strcspn(id, ":");
        char rule[64];
        snprintf(rule, sizeof rule, "%.*s", (int)idlen, id);
        cr_assert_not_null(ud_game_rule(g, rule), "%s: '%s' is not a rule ID of the game: %s", g->name, rule,
                           cli_err);
        CLI_HAS(cli_err, "the game is over");
        free(text);

        char *bad = strdup(played);
        memcpy(bad, "undead-transcript 2", 19);
        f = cli_write_file("version.in", bad);
        cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 2, "%s: %s", g->name, cli_err);
        snprintf(want, sizeof want, "%s:1:19: unsupported transcript version '2'", f);
        CLI_HAS(cli_err, want);
        free(bad);
        free(played);
    }
}

/* A record with neither decide nor chance lines (One Die, undead's worked
 * example: the seats' fixed risks and the seed play it): each state line
 * is checked where it stands, at the decision after the line before it,
 * not at the next decision written nor at the end of the game. */
Test(cli, check_state_lines_where_they_stand)
{
    const char *record = "undead-transcript 1\ngame one-die\nplayer ann risk:1\nplayer bob risk:2\nseed 10\n"
                         "turn ann\n= turn=ann scores=ann:0,bob:0\nbank ann +6 =6\nturn bob\n"
                         "= turn=bob scores=ann:6,bob:0\n";
    cr_assert_eq(CLI_RUN(record, "check", "--no-db", "-"), 0, "%s", cli_err);
    CLI_HAS(cli_out, "<stdin>: ok: ann=23 bob=29; winner bob");
    char *wrong = strdup(record);
    memcpy(strstr(wrong, "= turn=bob scores=ann:6"), "= turn=bob scores=ann:0", 23);
    cr_assert_eq(CLI_RUN(wrong, "check", "--no-db", "-"), 1, "%s", cli_err);
    /* the rule is the row that wrote the key (provenance), not the
     * decision the rules wait for at the line (OD-RISK) */
    const char *first = "<stdin>:10: OD-BANK: state: expected scores=ann:6,bob:0, found scores=ann:0,bob:0\n";
    cr_assert_eq(strncmp(cli_err, first, strlen(first)), 0, "%s", cli_err);
    CLI_HAS(cli_err,
            "\n  evidence: provenance: no other reading and no single changed row plays this step as "
            "the record did; the rows that wrote the key in question in this step, last first: OD-BANK "
            "(the rules needed OD-RISK at this line)\n");
    CLI_HAS(cli_err, "\n  rule:     OD-BANK: with no bust, the turn's points go to the score\n");
    free(wrong);
}

Test(cli, check_unknown_game_in_file_exit_2)
{
    const char *f = cli_write_file("chess.in", "undead-transcript 1\ngame chess\nplayer a\n");
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", f), 2);
    char want[300];
    snprintf(want, sizeof want, "%s:2:6: unknown game 'chess'", f);
    CLI_HAS(cli_err, want);
}

Test(cli, check_missing_file_exit_2)
{
    cr_assert_eq(CLI_RUN(NULL, "check", "--no-db", "/nonexistent/x.in"), 2);
    CLI_HAS(cli_err, "/nonexistent/x.in: no such file or folder");
}

Test(cli, check_without_files_is_a_usage_error)
{
    cr_assert_eq(CLI_RUN(NULL, "check"), 2);
    CLI_HAS(cli_err, "usage: undead check");
}

Test(cli, unknown_command_and_no_command_exit_2)
{
    cr_assert_eq(CLI_RUN(NULL, "frobnicate"), 2);
    CLI_HAS(cli_err, "unknown command 'frobnicate'");
    const char *argv[] = { "undead", NULL };
    cr_assert_eq(cli_run(argv, NULL), 2);
    CLI_HAS(cli_err, "usage: undead COMMAND");
}

Test(cli, version)
{
    cr_assert_eq(CLI_RUN(NULL, "--version"), 0);
    cr_assert_eq(strncmp(cli_out, "undead ", 7), 0, "%s", cli_out);
}

Test(cli, help_on_every_subcommand)
{
    cr_assert_eq(CLI_RUN(NULL, "--help"), 0);
    char *top = cli_out;
    cli_out = NULL;
    /* Subcommands are the "  name  summary" lines of the top-level help. */
    int n = 0;
    for (char *line = top; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "  ", 2) != 0 || line[2] < 'a' || line[2] > 'z')
            continue;
        char cmd[32];
        cr_assert_eq(sscanf(line + 2, "%31s", cmd), 1);
        cr_assert_eq(CLI_RUN(NULL, cmd, "--help"), 0, "undead %s --help: %s", cmd, cli_err);
        char want[64];
        snprintf(want, sizeof want, "usage: undead %s", cmd);
        cr_assert_eq(strncmp(cli_out, want, strlen(want)), 0, "undead %s --help printed: %s", cmd, cli_out);
        n++;
    }
    /* At least the commands these tests use. */
    const char *needed[] = { "check", "play", "rules", "golden", "sim", "games", "variants", "policies" };
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++) {
        char want[32];
        snprintf(want, sizeof want, "  %s ", needed[i]);
        CLI_HAS(top, want);
    }
    cr_assert_geq(n, 8);
    free(top);
}
