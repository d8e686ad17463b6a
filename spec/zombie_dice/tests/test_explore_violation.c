/*
 * test_explore_violation.c - what the explorer reports when an invariant
 * breaks: the first violation breadth-first (so on a shortest path), and
 * that path as a transcript `undead check` replays: legal under the real
 * rules, and failing on the same invariant when it is checked.
 *
 * The broken invariant is planted: a copy of the Zombie Dice game whose
 * only invariant is "a turn holds fewer than six brains".
 */
#include <criterion/criterion.h>
#include <string.h>

#include "explore.h"
#include "setup.h"
#include "zd_support.h"
#include "zombie_dice/explore_bounds.h"

static bool fewer_than_six(const ud_game *g, const void *state, ud_buf *why)
{
    int k = zd_turn_brains(state);
    if (k >= 6)
        ud_buf_printf(why, "the turn holds %d brains", k);
    return k < 6;
}

static const ud_invariant planted[] = {
    { "TEST-INV-SIX", "A turn holds fewer than six brains (planted to fail).", fewer_than_six },
};

static ud_game planted_game;

static const ud_game *find_planted(const char *name)
{
    return strcmp(name, planted_game.name) == 0 ? &planted_game : NULL;
}

Test(explore_violation, shortest_path_replays_as_a_transcript, .timeout = 300)
{
    planted_game = zd_game;
    planted_game.invariants = planted;
    planted_game.n_invariants = 1;
    ud_setup setup;
    ud_setup_defaults(&planted_game, &setup);
    ud_explore_opts o = { .game = &planted_game, .setup = &setup, .bound = &zd_bound_turn,
                          .max_depth = -1, .check_invariants = 1 };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert(rep.violated, "no violation found");
    cr_assert_str_eq(rep.fail.id, "TEST-INV-SIX");
    cr_assert_not_null(rep.trace);

    /* Three dice give at most three brains a roll, so six need a second
     * roll: the shortest path holds exactly one decision (roll again). */
    int decisions = 0;
    for (const char *p = rep.trace; (p = strstr(p, "\ndecide ")); p++)
        decisions++;
    cr_assert_eq(decisions, 1, "decisions on the path: %d\n%s", decisions, rep.trace);

    /* Legal under the real rules... */
    run r;
    run_text(&r, rep.trace);
    cr_assert_eq(r.status, RUN_OK, "the trace fails the real rules at %d: %s\n%s", r.err.line,
                 r.err.msg, rep.trace);
    run_free(&r);

    /* ...and it reaches the planted violation when replayed with it. */
    ud_transcript t;
    ud_error e;
    memset(&e, 0, sizeof e);
    cr_assert_eq(ud_transcript_parse(rep.trace, strlen(rep.trace), find_planted, &t, &e), 0,
                 "%d: %s", e.line, e.msg);
    ud_check_opts co = { .check_invariants = 1 };
    ud_check_result res;
    cr_assert_neq(ud_check(&t, &co, &res, &e), 0, "the planted invariant did not break");
    cr_assert_str_eq(e.rule, "TEST-INV-SIX");
    cr_assert(e.internal);
    ud_transcript_free(&t);
    ud_explore_report_free(&rep);
}

/* The violation is met at depth 1, inside a batch of nodes expanded on
 * threads: whatever the number of threads, the same one is reported, on
 * the same path, with the same counts up to it. */
Test(explore_violation, the_same_violation_and_path_on_any_number_of_threads, .timeout = 300)
{
    planted_game = zd_game;
    planted_game.invariants = planted;
    planted_game.n_invariants = 1;
    ud_setup setup;
    ud_setup_defaults(&planted_game, &setup);
    ud_explore_report rep[2];
    const int jobs[2] = { 1, 3 };
    for (int k = 0; k < 2; k++) {
        ud_explore_opts o = { .game = &planted_game, .setup = &setup, .bound = &zd_bound_turn,
                              .max_depth = -1, .check_invariants = 1, .jobs = jobs[k] };
        ud_buf err;
        ud_buf_init(&err);
        cr_assert_eq(ud_explore(&o, &rep[k], &err), 0, "%s", ud_buf_str(&err));
        ud_buf_free(&err);
        cr_assert(rep[k].violated && rep[k].trace, "%d threads: no violation", jobs[k]);
    }
    cr_assert_str_eq(rep[0].trace, rep[1].trace);
    cr_assert_str_eq(rep[0].fail.msg, rep[1].fail.msg);
    cr_assert_eq(rep[0].distinct, rep[1].distinct);
    cr_assert_eq(rep[0].generated, rep[1].generated);
    cr_assert_eq(rep[0].chance, rep[1].chance);
    cr_assert_eq(rep[0].transitions, rep[1].transitions);
    for (int k = 0; k < 2; k++)
        ud_explore_report_free(&rep[k]);
}
