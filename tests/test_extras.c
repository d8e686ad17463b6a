/*
 * test_extras.c - the seam between the tools and a game's extras
 * (core/extras.h), for every registered game: the tables are well formed,
 * lookups find what is there and nothing else, an analysis run into a
 * sink reports its results there (and prints nothing without an output),
 * and `undead solve GAME` lists what the game declares.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "extras.h"
#include "games.h"
#include "setup.h"
#include "support.h"

Test(extras, tables_well_formed)
{
    for (const ud_game *const *g = ud_games; *g; g++) {
        const ud_game_extras *x = (*g)->extras;
        if (!x)
            continue;
        for (int i = 0; i < x->n_bounds; i++) {
            const ud_game_bound *b = &x->bounds[i];
            cr_assert_not_null(b->bound, "%s: bound %d", (*g)->name, i);
            cr_assert_not_null(b->bound->name);
            cr_assert_eq(ud_game_find_bound(*g, b->bound->name), b, "%s: bound %s is not unique", (*g)->name,
                         b->bound->name);
            if (b->check)
                cr_assert(b->check->begin && b->check->on_edge && b->check->finish,
                          "%s %s: a cross-check needs begin, on_edge and finish", (*g)->name, b->bound->name);
        }
        for (int i = 0; i < x->n_analyses; i++) {
            const ud_analysis *a = &x->analyses[i];
            cr_assert(a->name && a->summary && a->run, "%s: analysis %d incomplete", (*g)->name, i);
            cr_assert_eq(ud_game_find_analysis(*g, a->name), a, "%s: analysis %s is not unique", (*g)->name,
                         a->name);
            for (const ud_analysis_option *o = a->options; o && o->name; o++)
                cr_assert(o->help && strncmp(o->name, "-", 1) != 0, "%s %s: option %s", (*g)->name, a->name,
                          o->name);
        }
        const ud_faq_extras *f = x->faq;
        for (const ud_faq_legend *l = f && f->legend ? f->legend : NULL; l && l->token; l++)
            cr_assert_not_null(l->text);
        for (const ud_faq_query *q = f && f->edge_queries ? f->edge_queries : NULL; q && q->name; q++)
            cr_assert(strchr(q->name, '/') == NULL, "%s: query %s: name it without its folder", (*g)->name,
                      q->name);
        cr_assert_null(ud_game_find_bound(*g, "no-such-bound"));
        cr_assert_null(ud_game_find_analysis(*g, "no-such-analysis"));
    }
}

Test(extras, no_extras_finds_nothing)
{
    ud_game bare;
    memcpy(&bare, ud_games[0], sizeof bare);
    bare.extras = NULL;
    cr_assert_null(ud_game_find_bound(&bare, "turn"));
    cr_assert_null(ud_game_find_analysis(&bare, "claims"));
}

Test(extras, analysis_args)
{
    ud_analysis_args a = { .n = 3, .name = { "policy", "dist", "policy" }, .value = { "x", "", "y" } };
    cr_assert_str_eq(ud_analysis_arg(&a, "policy"), "y", "the last value wins");
    cr_assert_str_eq(ud_analysis_arg(&a, "dist"), "");
    cr_assert_null(ud_analysis_arg(&a, "export"));
}

/* ---- a sink that keeps what it is handed ---------------------------------- */

typedef struct kept {
    int cases, metrics, with_prob;
    char first_key[128];
} kept;

static void keep_case(void *ctx, const ud_analysis_case *c)
{
    kept *k = ctx;
    if (!k->cases++)
        snprintf(k->first_key, sizeof k->first_key, "%s", c->key);
    cr_assert_not_null(c->variant);
    cr_assert_not_null(c->outcome);
    k->with_prob += c->prob_num && c->prob_den;
}

static void keep_metric(void *ctx, const char *name, double value, const char *unit)
{
    ((kept *)ctx)->metrics++;
}

/* The analyses the sanitizer build leaves to the plain build here, as
 * tests/verify_db.sh leaves them out of its verify there: the dearest
 * (a minute, 26 s and 14 s of CPU under the sanitizers), whose solvers
 * their games' own suites run under the sanitizers (test_optimal,
 * test_solve, test_zombies_cards); the sink they report to is the one
 * every other analysis here reports to. */
static bool left_to_plain_build(const char *name)
{
#ifdef UD_TEST_SANITIZED
    return !strcmp(name, "game") || !strcmp(name, "turn") || !strcmp(name, "small-deck");
#else
    return (void)name, false;
#endif
}

/* Every analysis verify runs, quietly into a sink: it succeeds, prints
 * nothing (no output given) and records at least one case whose key names
 * the game (db/README.md's key rule). */
Test(extras, verify_analyses_report_to_the_sink, .timeout = 300)
{
    int ran = 0;
    for (const ud_game *const *g = ud_games; *g; g++)
        for (int i = 0; (*g)->extras && i < (*g)->extras->n_analyses; i++) {
            const ud_analysis *a = &(*g)->extras->analyses[i];
            if (!a->verify || left_to_plain_build(a->name))
                continue;
            ran++;
            ud_analysis_args *args = calloc(1, sizeof *args);
            cr_assert_not_null(args);
            ud_setup_defaults(*g, &args->setup);
            /* as verify runs it: one marked UD_VERIFY_DEFAULTS under the
             * default readings only, as if every key were given (unfixed,
             * the two-player solve ran all four of its readings: four
             * times the time, near this test's timeout under the sanitizers) */
            for (int v = 0; v < UD_MAX_VARIANTS && a->verify == UD_VERIFY_DEFAULTS; v++)
                args->fixed[v] = true;
            kept k = { 0 };
            ud_analysis_sink sink = { .out = NULL, .ctx = &k, .record = keep_case, .metric = keep_metric };
            ud_buf err;
            ud_buf_init(&err);
            int rc = a->run(*g, args, &sink, &err);
            cr_assert_eq(rc, UD_ANALYSIS_OK, "%s %s: %s", (*g)->name, a->name, ud_buf_str(&err));
            cr_assert_gt(k.cases, 0, "%s %s recorded nothing", (*g)->name, a->name);
            cr_assert(strstr(k.first_key, (*g)->name) != NULL, "%s %s: key %s does not name the game",
                      (*g)->name, a->name, k.first_key);
            ud_buf_free(&err);
            free(args);
        }
    cr_assert_gt(ran, 0, "no analysis ran");
}

/* `undead solve GAME` lists every analysis the game declares; an unknown
 * one is a usage error naming them. */
Test(extras, solve_lists_analyses)
{
    for (const ud_game *const *g = ud_games; *g; g++) {
        char *out = NULL, *err = NULL;
        const char *argv[] = { "undead", "solve", (*g)->name, NULL };
        cr_assert_eq(run_undead(argv, NULL, &out, &err), 0, "%s", err);
        for (int i = 0; (*g)->extras && i < (*g)->extras->n_analyses; i++)
            cr_assert(strstr(out, (*g)->extras->analyses[i].name) != NULL, "%s", out);
        free(out);
        free(err);
        const char *bad[] = { "undead", "solve", (*g)->name, "no-such-analysis", "--no-db", NULL };
        cr_assert_eq(run_undead(bad, NULL, &out, &err), 2);
        cr_assert(strstr(err, "no analysis 'no-such-analysis'") != NULL, "%s", err);
        free(out);
        free(err);
    }
}
