/*
 * cmd_verify.c - `undead verify`: the main job.  For every built-in game
 * (or those named): the rule-table self-checks, every golden transcript,
 * a seeded simulation per variant reading (measured against the defaults,
 * for the FAQ), seeded simulations over the variant combinations with
 * invariants on, and a replay of the fuzz corpora; then one summary row
 * per game.  Everything is recorded in the results database:
 *
 *   run "verify" (one per game)   params, summary metrics, coverage of
 *                                 every step, failed games as cases
 *   run "solve" per analysis      param verify-run, from its start (the verify
 *                                 run is written first, status running)
 *   run "golden"                  the golden cases, as `undead golden check`
 *   run "sim" per reading         param verify-run (the verify run's id) and
 *                                 verify-reading (KEY=VALUE, "defaults", or
 *                                 "baseline of KEY=VALUE" for a reading
 *                                 measured by other players than the usual:
 *                                 the same players with KEY at its default,
 *                                 played once for all readings it serves),
 *                                 verify-policy and verify-players (who played;
 *                                 start, from rec_match: where the games began);
 *                                 metrics with 95% confidence half-widths
 *                                 (NAME:ci95); the first games as cases
 *
 * The FAQ (cmd_faq.c) reads the newest complete verify run of a game and
 * the runs that name it.
 *
 * The steps, by concern (verify.h): which variant combinations are
 * simulated (verify_plan.c), each reading measured (verify_readings.c),
 * the golden, exploration, analysis and fuzz corpus steps
 * (verify_steps.c).  This file: the options, one game's run and the
 * summary.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "datadir.h"
#include "golden.h"
#include "pieces.h"
#include "selfcheck.h"
#include "text.h"
#include "verify.h"

/* verify's options (opts.h), into its verify_opts (verify.h). */
static const opts_option options[] = {
    { .name = "golden",
      .kind = OPTS_STRING,
      .at = OPTS_AT(verify_opts, golden_dir),
      .metavar = "DIR",
      .help = "golden directory (default: golden in undead's data folder)" },
    { .name = "fuzz",
      .kind = OPTS_STRING,
      .at = OPTS_AT(verify_opts, fuzz_dir),
      .metavar = "DIR",
      .help = "fuzz directory holding corpus/ (default: fuzz in undead's data\n"
              "folder; the data folder: $UNDEAD_DATA_DIR, else the checkout\n"
              "of this build, else PREFIX/share/undead)" },
    { .name = "texts",
      .kind = OPTS_STRING,
      .at = OPTS_AT(verify_opts, texts_dir),
      .metavar = "DIR",
      .help = "the rule texts (../shared/rules): each text a game's rows cite is\n"
              "mapped against its rows and notes (undead text); a statement on no\n"
              "row and in no note, or a stale quotation, fails the check" },
    { .name = "games",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(verify_opts, games),
      .lo = 1,
      .hi = UINT64_MAX,
      .def = 500,
      .metavar = "N",
      .help = "simulated games per variant combination (default 500)" },
    { .name = "reading-games",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(verify_opts, reading_games),
      .lo = 1,
      .hi = UINT64_MAX,
      .def = 20000,
      .metavar = "N",
      .help = "games per variant reading, measured against the defaults\n"
              "(default 20000; the FAQ shows these)" },
    { .name = "seed",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(verify_opts, seed),
      .hi = UINT64_MAX,
      .def = 1,
      .metavar = "N",
      .help = "first seed of the reading simulations (default 1)" },
    { .name = "jobs",
      .kind = OPTS_INT,
      .at = OPTS_AT(verify_opts, jobs),
      .lo = 1,
      .hi = UD_MAX_JOBS,
      .metavar = "N",
      .help = "threads for the simulations (default: every core); the\n"
              "figures are the same for any N" },
    { .name = "timing",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(verify_opts, timing),
      .help = "at the end, on standard error: each step's wall and CPU seconds\n"
              "(analyses, rule tables, golden, readings, combinations,\n"
              "explorations, fuzz corpora, recording), by game" },
    { .name = "max-memory",
      .kind = OPTS_SIZE,
      .at = OPTS_AT(verify_opts, max_memory),
      .hi = CLI_MAX_MEMORY_MAX,
      .metavar = "SIZE",
      .help = "the bytes each exploration (and each analysis's) may grow to\n"
              "(512M, 4G; default: half the machine's memory)" },
    { .name = "skip-analysis",
      .kind = OPTS_LIST,
      .at = OPTS_AT(verify_opts, skip),
      .count = OPTS_AT(verify_opts, n_skip),
      .max = (int)(sizeof((verify_opts *)0)->skip / sizeof((verify_opts *)0)->skip[0]),
      .metavar = "NAME",
      .help = "leave out the exact analysis NAME (undead solve GAME NAME) of\n"
              "every game; repeatable (the sanitizer build's test fixture\n"
              "leaves out the slowest)" },
    REC_OPTIONS(verify_opts, ro),
    OPTS_END,
};

const opts_command cmd_verify_opts = {
    .name = "verify",
    .usage = "usage: undead verify [GAME...] [options]\n"
             "Runs every check on every built-in game (or the named ones), records the runs in the\n"
             "results database and prints a summary.\n",
    .options = options,
    .after = "Exit 1 if any check fails; else exit 2 if a limit cut a step short (an exploration\n"
             "past --max-memory: 'cut by --max-memory', and 'verify: INCOMPLETE'), or on bad input.\n",
    .game_operand = true,
};

/* --texts: every text g's rows cite, mapped against its rows and notes
 * (undead text); its counts into row and the run's metrics.  A text that
 * drifted from its rows (a statement in no note, a stale quotation) or is
 * missing is a failed check, its summary printed; a text or notes file
 * that cannot be read stops verify (exit 2). */
static int verify_texts(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row)
{
    text_game tg;
    verify_progress(g->name, "rule texts", 0, 0);
    int failures = 0;
    if (text_game_build(&tg, g, o->texts_dir, o->golden_dir, stdout) != 0)
        row->unreadable++;
    for (int i = 0; i < tg.n_missing; i++) {
        printf("verify: %s: the rows cite %s, not in %s\n", g->name, tg.missing[i], o->texts_dir);
        failures++;
    }
    for (int i = 0; i < tg.n && !row->unreadable; i++) {
        text_counts c;
        text_map_counts(&tg.maps[i], -1, true, &c);
        row->texts++;
        row->text_statements += c.statements;
        row->text_on_rows += c.on_rows;
        row->text_pinned += c.pinned;
        row->text_readings += c.readings;
        row->text_declared += c.declared;
        row->text_not_encoded += c.not_encoded;
        row->text_stale += c.stale;
        if (text_map_drifted(&tg.maps[i])) {
            ud_buf b;
            ud_buf_init(&b);
            text_render(&tg.maps[i], TEXT_FMT_SUMMARY, &b);
            printf("verify: %s: %s drifted from its rows:\n%s", g->name, tg.maps[i].doc.name, ud_buf_str(&b));
            ud_buf_free(&b);
            failures++;
        }
    }
    text_game_free(&tg);
    rec_metric(vr, "text_statements", row->text_statements, "statements");
    rec_metric(vr, "text_on_rows", row->text_on_rows, "statements");
    rec_metric(vr, "text_pinned", row->text_pinned, "statements");
    rec_metric(vr, "text_readings", row->text_readings, "statements");
    rec_metric(vr, "text_declared", row->text_declared, "statements");
    rec_metric(vr, "text_not_encoded", row->text_not_encoded, "statements");
    rec_metric(vr, "text_stale", row->text_stale, "quotations");
    return failures;
}

/* One game's run: the checks that failed; *stop set when verify must stop
 * with exit 2 (the database failed, or a file could not be read: a FIFO
 * where a golden case or a corpus file was expected). */
static int verify_game(const ud_game *g, const verify_opts *o, verify_row *row, bool *stop)
{
    int failures = 0;
    char path[1024];
    const char *folder = g->folder;
    memset(row, 0, sizeof *row);
    row->rules = g->n_rules;
    /* The verify run first ('running' until it ends; a kill leaves it
     * 'interrupted'), then its analyses: each records a run of its own
     * on another connection, linked to this one from its start (so the
     * FAQ leaves them out with it); the verify run's row is committed
     * and nothing else of it is written yet, so they take no lock it holds. */
    recorder vr;
    if (!rec_begin(&vr, &o->ro, "verify", g)) {
        *stop = true;
        return 1;
    }
    failures += verify_run_analyses(g, o, vr.run, row);
    uint64_t fired[UD_MAX_RULES] = { 0 };

    verify_progress(g->name, "rule tables", 0, 0);
    verify_mark t = verify_mark_now();
    ud_buf problems;
    ud_buf_init(&problems);
    row->problems = ud_game_selfcheck(g, &problems);
    fputs(ud_buf_str(&problems), stdout);
    ud_buf_free(&problems);
    failures += row->problems;
    verify_time_step(g->name, "rule tables", t);

    verify_progress(g->name, "golden transcripts", 0, 0);
    t = verify_mark_now();
    failures += verify_run_golden(g, o, &vr, row, fired);
    verify_time_step(g->name, "golden transcripts", t);

    /* a golden file refused (said): verify stops, not minutes later */
    if (!row->unreadable) {
        t = verify_mark_now();
        failures += verify_simulate_readings(g, o, &vr, row, fired);
        verify_time_step(g->name, "readings (the FAQ's figures)", t);
        t = verify_mark_now();
        failures += verify_simulate_combos(g, o, &vr, row, fired);
        verify_time_step(g->name, "variant combinations", t);
        failures += verify_explore_bounds(g, &vr, row, o);

        verify_progress(g->name, "fuzz corpora", 0, 0);
        t = verify_mark_now();
        snprintf(path, sizeof path, "%s/corpus/%s_engine", o->fuzz_dir, folder);
        row->corpus += verify_replay_dir(path, g, true, row);
        verify_time_step(g->name, "fuzz corpus (engine)", t);
        t = verify_mark_now();
        snprintf(path, sizeof path, "%s/corpus/transcript", o->fuzz_dir);
        row->corpus += verify_replay_dir(path, g, false, row);
        verify_time_step(g->name, "fuzz corpus (transcripts)", t);
    }
    if (o->texts_dir && !row->unreadable) {
        t = verify_mark_now();
        failures += verify_texts(g, o, &vr, row);
        verify_time_step(g->name, "rule texts", t);
    }
    failures += row->unreadable;
    if (isatty(STDERR_FILENO))
        fputs("\r\033[K", stderr);
    t = verify_mark_now();

    rec_param(&vr, "games", "%llu", (unsigned long long)o->games);
    rec_param(&vr, "reading-games", "%llu", (unsigned long long)o->reading_games);
    rec_param(&vr, "seed", "%llu", (unsigned long long)o->seed);
    rec_param(&vr, "golden", "%s", o->golden_dir);
    rec_param(&vr, "fuzz", "%s", o->fuzz_dir);
    rec_coverage(&vr, g, fired);
    rec_metric(&vr, "rules", row->rules, "rules");
    rec_metric(&vr, "rules_covered", row->covered, "rules");
    rec_metric(&vr, "transcripts", row->cases, "cases");
    rec_metric(&vr, "transcripts_failed", row->cases_failed, "cases");
    rec_metric(&vr, "readings", row->readings, "runs");
    rec_metric(&vr, "combinations", row->combos, "settings");
    rec_metric(&vr, "games_simulated", (double)row->simulated, "games");
    rec_metric(&vr, "corpus_files", (double)row->corpus, "files");
    rec_metric(&vr, "states_explored", (double)row->explored, "states");
    rec_metric(&vr, "selfcheck_problems", row->problems, "problems");
    rec_metric(&vr, "violations", row->violations + row->problems, "violations");
    int want = failures ? UD_EXIT_FAIL : row->cut ? UD_EXIT_USAGE : UD_EXIT_OK;
    if ((rec_end(&vr, want) == UD_EXIT_USAGE && want != UD_EXIT_USAGE) || row->unreadable)
        *stop = true; /* the database could not be written, or a file read (said) */
    verify_time_step(g->name, "recording the verify run", t);
    return failures;
}

/* The last line and the exit status: a failed check is exit 1; a step
 * one of the tool's limits cut short (an exploration past --max-memory) is
 * no failed check but leaves the run unfinished: exit 2, said apart. */
static int summary_line(int failures, int cut, int cut_memory)
{
    const char *by = cut == cut_memory ? "--max-memory" : "a limit";
    if (failures) {
        printf("verify: FAILED");
        if (cut)
            printf(" (and %d step%s cut by %s)", cut, cut == 1 ? "" : "s", by);
        putchar('\n');
        return UD_EXIT_FAIL;
    }
    if (cut) {
        printf("verify: INCOMPLETE: %d step%s cut by %s (see above), no check failed\n", cut,
               cut == 1 ? "" : "s", by);
        return UD_EXIT_USAGE;
    }
    printf("verify: all checks passed\n");
    return UD_EXIT_OK;
}

/* The games named (each once), or every game: their number, -1 when a
 * name is wrong (said). */
static int choose_games(char **names, int n_names, const ud_game **chosen)
{
    int n = 0;
    for (int i = 0; i < n_names; i++) {
        const ud_game *g = cli_game("verify", names[i]);
        if (!g)
            return -1;
        for (int k = 0; k < n; k++)
            if (chosen[k] == g) {
                fprintf(stderr, "undead verify: game '%s' is named twice: expected each game once\n",
                        names[i]);
                return -1;
            }
        chosen[n++] = g; /* at most one of each game: n stays within GOLDEN_MAX_GAMES */
    }
    if (n_names == 0)
        for (const ud_game *const *g = ud_games; *g && n < GOLDEN_MAX_GAMES; g++)
            chosen[n++] = *g;
    return n;
}

/* Every folder verify reads from, before anything runs (the ones no option
 * names under undead's data, datadir.h): a missing one (data not
 * installed, a mistyped --fuzz) would otherwise pass with nothing
 * checked.  False (said) when one is missing. */
static bool data_folders(verify_opts *o, const ud_game *const *chosen, int n, char *golden_default,
                         char *fuzz_default, size_t size)
{
    if (!o->golden_dir &&
        !(o->golden_dir = cli_data_path("verify", "golden", "--golden DIR", golden_default, size)))
        return false;
    if (!o->fuzz_dir && !(o->fuzz_dir = cli_data_path("verify", "fuzz", "--fuzz DIR", fuzz_default, size)))
        return false;
    if (o->texts_dir && !cli_need_dir("verify", o->texts_dir, "--texts: the rule texts the rows cite"))
        return false;
    for (int i = 0; i < n; i++) {
        char path[1100];
        const char *folder = chosen[i]->folder;
        snprintf(path, sizeof path, "%s/%s", o->golden_dir, folder);
        bool ok =
            cli_need_dir("verify", path,
                         "the game's golden transcripts: " CLI_DATA_HINT(
                             "--golden") ", or write the game's cases (spec/README.md, 'Golden cases')");
        snprintf(path, sizeof path, "%s/corpus/%s_engine", o->fuzz_dir, folder);
        char how[300];
        snprintf(how, sizeof how, "the game's fuzz corpus: %s, or make one with fuzz/seed.sh %s",
                 CLI_DATA_HINT("--fuzz"), folder);
        ok = ok && cli_need_dir("verify", path, how);
        snprintf(path, sizeof path, "%s/corpus/transcript", o->fuzz_dir);
        ok = ok && cli_need_dir("verify", path, "the transcript fuzz corpus: " CLI_DATA_HINT("--fuzz"));
        if (!ok)
            return false;
    }
    return true;
}

/* The summary: a row per game, then the last line; the exit status. */
static int print_summary(const ud_game *const *chosen, const verify_row *rows, int n, int failures)
{
    printf("\n%-14s %6s %8s %12s %10s %8s %8s %8s %11s\n", "game", "rules", "covered", "transcripts",
           "simulated", "readings", "explored", "corpus", "violations");
    int cut = 0, cut_memory = 0;
    for (int i = 0; i < n; i++) {
        const verify_row *r = &rows[i];
        char covered[32], cases[32];
        snprintf(covered, sizeof covered, "%d/%d", r->covered, r->rules);
        snprintf(cases, sizeof cases, "%d%s", r->cases, r->cases_failed ? " FAIL" : " ok");
        char explored[32] = "-"; /* a game with no exploration bound yet */
        if (r->bounds)
            snprintf(explored, sizeof explored, "%llu", (unsigned long long)r->explored);
        printf("%-14s %6d %8s %12s %10llu %8d %8s %8llu %11d\n", chosen[i]->name, r->rules, covered, cases,
               (unsigned long long)r->simulated, r->readings, explored, (unsigned long long)r->corpus,
               r->violations + r->problems);
        cut += r->cut;
        cut_memory += r->cut_memory;
    }
    for (int i = 0, head = 0; i < n; i++) {
        const verify_row *r = &rows[i];
        if (!r->texts)
            continue;
        if (!head++)
            printf("\n%-14s %5s %10s %7s %6s %8s %8s %11s %5s\n", "rule texts", "texts", "statements",
                   "on rows", "pinned", "readings", "declared", "not encoded", "stale");
        printf("%-14s %5d %10d %7d %6d %8d %8d %11d %5d\n", chosen[i]->name, r->texts, r->text_statements,
               r->text_on_rows, r->text_pinned, r->text_readings, r->text_declared, r->text_not_encoded,
               r->text_stale);
    }
    return summary_line(failures, cut, cut_memory);
}

int cmd_verify(int argc, char **argv)
{
    verify_opts o = { .jobs = ud_default_jobs() };
    opts_operands ops;
    int rc = opts_read(&cmd_verify_opts, argc, argv, &o, &ops, 0, -1);
    if (rc != OPTS_GO_ON)
        return rc;
    const ud_game *chosen[GOLDEN_MAX_GAMES];
    int n = choose_games(argv + ops.first, ops.n, chosen);
    if (n < 0)
        return UD_EXIT_USAGE;
    /* A --skip-analysis name that no chosen game offers is a typo: said
     * now, with the names there are, rather than left out silently. */
    for (int k = 0; k < o.n_skip; k++)
        if (!verify_skip_names_an_analysis(o.skip[k], chosen, n))
            return UD_EXIT_USAGE;
    char golden_default[4096], fuzz_default[4096];
    if (!data_folders(&o, chosen, n, golden_default, fuzz_default, sizeof golden_default))
        return UD_EXIT_USAGE;
    int failures = 0;
    bool stop = false;
    verify_row rows[GOLDEN_MAX_GAMES];
    verify_timing_start(o.timing);
    for (int i = 0; i < n && !stop; i++)
        failures += verify_game(chosen[i], &o, &rows[i], &stop);
    if (stop) {
        verify_timing_print(stderr);
        return UD_EXIT_USAGE;
    }
    rc = print_summary(chosen, rows, n, failures);
    fflush(stdout);
    verify_timing_print(stderr);
    return rc;
}
