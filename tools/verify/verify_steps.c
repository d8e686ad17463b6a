/*
 * verify_steps.c - the steps of `undead verify` that run another part of
 * undead on a game (verify.h): its golden cases, its exploration bounds
 * (or its opening), the exact analyses it marks for verify, and a replay
 * of the fuzz corpora; and the progress line every step prints.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "cli.h"
#include "explore.h"
#include "fuzzing.h"
#include "golden.h"
#include "setup.h"
#include "verify.h"

void verify_progress(const char *game, const char *step, int i, int n)
{
    if (!isatty(STDERR_FILENO))
        return;
    if (n > 0)
        fprintf(stderr, "\r\033[K%s: %s %d/%d", game, step, i, n);
    else
        fprintf(stderr, "\r\033[K%s: %s...", game, step);
    fflush(stderr);
}

/* ---- fuzz corpora -------------------------------------------------------- */

/* Replay every file of dir; returns files replayed. */
uint64_t verify_replay_dir(const char *dir, const ud_game *g, bool engine, verify_row *row)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    if (engine) {
        /* As the engine target reads its inputs (fuzz/game_engine.c). */
        const char *where;
        const char *starts = ud_builtin_fuzz_starts(g, &where);
        ud_buf err;
        ud_buf_init(&err);
        bool ok = ud_fuzz_engine_init(g, starts, where, &err);
        if (!ok)
            fprintf(stderr, "undead verify: %s\n", ud_buf_str(&err));
        ud_buf_free(&err);
        if (!ok) {
            closedir(d);
            return 0;
        }
    }
    uint64_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *data = cli_read_file(path, &len);
        if (!data) {
            row->unreadable++;
            continue;
        }
        /* Both bodies abort() on a broken invariant: a crash here is a finding. */
        if (engine)
            ud_fuzz_game(g, (const uint8_t *)data, len);
        else
            ud_fuzz_check((const uint8_t *)data, len, ud_find_game);
        free(data);
        n++;
    }
    closedir(d);
    return n;
}

/* ---- golden, exploration, analyses ---------------------------------------- */

/* The golden cases of g, recorded as a golden run like `undead golden check`. */
int verify_run_golden(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row, uint64_t *fired)
{
    char path[1024];
    const char *folder = g->folder;
    snprintf(path, sizeof path, "%s/%s", o->golden_dir, folder);
    recorder gr = { .db = vr->db };
    if (vr->db) {
        char cl[1200];
        snprintf(cl, sizeof cl, "undead golden check --dir %s", path);
        db_run run = { .command = "golden", .command_line = cl, .game = NULL };
        gr.run = db_run_begin(vr->db, &run);
    }
    rec_param(&gr, "mode", "check");
    rec_param(&gr, "dir", "%s", path);
    rec_param(&gr, "verify-run", "%lld", (long long)vr->run);
    golden_report *rep = calloc(1, sizeof *rep);
    if (!rep)
        return 1;
    rec_golden rg = { &gr, o->golden_dir };
    golden_run(path, GOLDEN_CHECK, rep, gr.db ? rec_golden_case : NULL, &rg);
    int gi = golden_game_index(g);
    row->cases = rep->cases;
    row->cases_failed = rep->failed;
    row->unreadable += rep->bad;
    for (int r = 0; gi >= 0 && r < g->n_rules; r++) {
        row->covered += rep->fired[gi][r] > 0;
        fired[r] += rep->fired[gi][r];
    }
    if (gi >= 0)
        rec_coverage(&gr, g, rep->fired[gi]);
    rec_metric(&gr, "cases", rep->cases, "cases");
    rec_metric(&gr, "failed", rep->failed, "cases");
    int failures = rep->failed + (rep->cases == 0) + (row->covered < row->rules);
    if (gr.db && gr.run > 0)
        db_run_end(gr.db, gr.run, failures ? "failed" : "complete", failures ? UD_EXIT_FAIL : UD_EXIT_OK);
    free(rep);
    return failures;
}

enum { OPENING_DEPTH = 4, OPENING_MAX_STATES = 200000 };

/* An exploration a limit cut short: "GAME: exploring WHAT: cut by
 * --max-memory (...)" on standard output, counted in row->cut (no failed
 * check: the summary tells it apart).  Nothing when the search ended. */
static void explore_cut(const ud_game *g, const char *what, const ud_explore_report *rep, verify_row *row)
{
    if (rep->complete)
        return;
    char limit[96];
    if (rep->memory_cut) {
        char size[32];
        cli_format_size(rep->memory_limit, size, sizeof size);
        snprintf(limit, sizeof limit, "--max-memory (%s)", size);
    } else if (rep->states_cut)
        snprintf(limit, sizeof limit, "the state limit (%llu)", (unsigned long long)rep->max_states);
    else if (rep->picks_cut)
        snprintf(limit, sizeof limit, "the limit of %d chance picks in one step", UD_EXPLORE_MAX_PICKS);
    else
        snprintf(limit, sizeof limit, "the depth limit (%d)", UD_EXPLORE_MAX_DEPTH);
    printf("%s: exploring %s: cut by %s after %llu distinct states%s\n", g->name, what, limit,
           (unsigned long long)rep->distinct, rep->memory_cut ? "; raise it to finish this step" : "");
    row->cut++;
    row->cut_memory += rep->memory_cut;
}

/* A game without exploration bounds of its own (core/extras.h): every
 * state within OPENING_DEPTH decisions of the start, at the smallest table
 * the game allows, invariants checked in each (a depth-limited search:
 * complete is not expected).  Games with bounds explore those instead: a
 * game like Zombie Dice chains more chance picks between two decisions
 * than an unbounded search from the start can follow. */
static int explore_opening(const ud_game *g, recorder *vr, verify_row *row, const verify_opts *o)
{
    ud_setup setup;
    ud_setup_defaults(g, &setup);
    setup.n_players = g->min_players > 1 ? g->min_players : 1;
    verify_progress(g->name, "exploring the opening", 0, 0);
    ud_explore_opts eo = { .game = g,
                           .setup = &setup,
                           .max_depth = OPENING_DEPTH,
                           .max_states = OPENING_MAX_STATES,
                           .max_memory = o->max_memory,
                           .check_invariants = 1,
                           .jobs = o->jobs };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    int failures = 0;
    if (ud_explore(&eo, &rep, &err) != 0) {
        printf("%s: exploring the opening: stopped: %s\n", g->name, ud_buf_str(&err));
        row->cut++;
    } else {
        row->bounds++;
        row->explored += rep.distinct;
        rec_metric(vr, "explored_states:opening", (double)rep.distinct, "states");
        if (rep.violated) {
            printf("%s: exploring the opening: %s: %s\n%s", g->name, rep.fail.id ? rep.fail.id : "violation",
                   rep.fail.msg, rep.trace ? rep.trace : "");
            row->violations++;
            failures++;
        } else if (rep.memory_cut || rep.picks_cut) /* not its own bounds, depth and states */
            explore_cut(g, "the opening", &rep, row);
        ud_explore_report_free(&rep);
    }
    ud_buf_free(&err);
    return failures;
}

/* Every exploration bound of the game, from the default setup, with every
 * invariant checked in every state; a violation prints its shortest path. */
int verify_explore_bounds(const ud_game *g, recorder *vr, verify_row *row, const verify_opts *o)
{
    int failures = 0;
    ud_setup setup;
    ud_setup_defaults(g, &setup);
    for (int i = 0; g->extras && i < g->extras->n_bounds; i++) {
        const ud_explore_bound *const *b = &g->extras->bounds[i].bound;
        verify_progress(g->name, "exploring", 0, 0);
        verify_mark t = verify_mark_now();
        ud_explore_opts eo = { .game = g,
                               .setup = &setup,
                               .bound = *b,
                               .max_depth = -1,
                               .max_memory = o->max_memory,
                               .check_invariants = 1,
                               .jobs = o->jobs };
        ud_explore_report rep;
        ud_buf err;
        ud_buf_init(&err);
        if (ud_explore(&eo, &rep, &err) != 0) {
            printf("%s: exploring bound %s: stopped: %s\n", g->name, (*b)->name, ud_buf_str(&err));
            row->cut++;
        } else {
            row->bounds++;
            row->explored += rep.distinct;
            char name[96];
            snprintf(name, sizeof name, "explored_states:%s", (*b)->name);
            rec_metric(vr, name, (double)rep.distinct, "states");
            if (rep.violated) {
                printf("%s: exploring bound %s: %s: %s\n%s", g->name, (*b)->name,
                       rep.fail.id ? rep.fail.id : "violation", rep.fail.msg, rep.trace ? rep.trace : "");
                row->violations++;
                failures++;
            } else {
                char what[96];
                snprintf(what, sizeof what, "bound %s", (*b)->name);
                explore_cut(g, what, &rep, row);
            }
            ud_explore_report_free(&rep);
        }
        ud_buf_free(&err);
        char step[96];
        snprintf(step, sizeof step, "exploring bound %s", (*b)->name);
        verify_time_step(g->name, step, t);
    }
    if (!g->extras || g->extras->n_bounds == 0) {
        verify_mark t = verify_mark_now();
        failures += explore_opening(g, vr, row, o);
        verify_time_step(g->name, "exploring the opening", t);
    }
    return failures;
}

/* Whether `name` is an analysis of one of the n games; if not, says so
 * on stderr with every analysis they have. */
bool verify_skip_names_an_analysis(const char *name, const ud_game *const *games, int n)
{
    for (int i = 0; i < n; i++)
        for (int a = 0; games[i]->extras && a < games[i]->extras->n_analyses; a++)
            if (strcmp(games[i]->extras->analyses[a].name, name) == 0)
                return true;
    fprintf(stderr, "undead verify: --skip-analysis: no game verified has an analysis '%s'", name);
    const char *sep = "; expected one of: ";
    for (int i = 0; i < n; i++)
        for (int a = 0; games[i]->extras && a < games[i]->extras->n_analyses; a++) {
            fprintf(stderr, "%s%s (%s)", sep, games[i]->extras->analyses[a].name, games[i]->name);
            sep = ", ";
        }
    fputs(*sep == ';' ? " (they offer none)\n" : "\n", stderr);
    return false;
}

/* The analyses the game marks for verify (core/extras.h), each recorded
 * as a solve run of its own so the FAQ can print them (for Zombie Dice:
 * the texts' numeric claims, the single-turn figures of every named
 * policy, and the two-player solution under the default readings, the
 * other readings being left to `undead solve`); --skip-analysis leaves
 * one out.  Quiet: verify's own output is the summary. */
int verify_run_analyses(const ud_game *g, const verify_opts *o, int64_t verify_run, verify_row *row)
{
    int failures = 0;
    for (int i = 0; g->extras && i < g->extras->n_analyses; i++) {
        const ud_analysis *a = &g->extras->analyses[i];
        bool skip = !a->verify;
        for (int k = 0; k < o->n_skip && !skip; k++)
            skip = strcmp(o->skip[k], a->name) == 0;
        if (skip)
            continue;
        verify_progress(g->name, a->name, 0, 0);
        verify_mark t = verify_mark_now();
        ud_analysis_args *args = calloc(1, sizeof *args);
        if (!args)
            return failures + 1;
        ud_setup_defaults(g, &args->setup);
        args->max_memory = o->max_memory;
        for (int v = 0; v < UD_MAX_VARIANTS && a->verify == UD_VERIFY_DEFAULTS; v++)
            args->fixed[v] = true; /* as if every key were given as --variant KEY=DEFAULT */
        int rc = analysis_run("verify", g, a, args, NULL, &o->ro, verify_run);
        free(args);
        if (rc == UD_EXIT_USAGE) { /* a limit (--max-memory) or an I/O error, said above */
            fprintf(stderr, "%s: undead solve %s %s stopped (exit %d)\n", g->name, g->name, a->name, rc);
            row->cut++;
        } else if (rc != UD_EXIT_OK) {
            fprintf(stderr, "%s: undead solve %s %s failed (exit %d)\n", g->name, g->name, a->name, rc);
            failures++;
        }
        char step[96];
        snprintf(step, sizeof step, "exact analysis %s", a->name);
        verify_time_step(g->name, step, t);
    }
    return failures;
}
