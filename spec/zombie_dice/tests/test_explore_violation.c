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

Test(explore_violation, shortest_path_replays_as_a_transcript, .timeout = 300)
{
    const ud_game *planted_game = planted_game_of(&zd_game, planted, 1);
    ud_setup setup;
    ud_setup_defaults(planted_game, &setup);
    ud_explore_opts o = {
        .game = planted_game, .setup = &setup, .bound = &zd_bound_turn, .max_depth = -1, .check_invariants = 1
    };
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

    cr_assert(assert_trace_breaks_planted(rep.trace, "TEST-INV-SIX", "zombie-dice"),
              "a broken invariant is an internal error");
    ud_explore_report_free(&rep);
}

/* The violation is met at depth 1, inside a batch of nodes expanded on
 * threads: whatever the number of threads, the same one is reported, on
 * the same path, with the same counts up to it. */
Test(explore_violation, the_same_violation_and_path_on_any_number_of_threads, .timeout = 300)
{
    const ud_game *planted_game = planted_game_of(&zd_game, planted, 1);
    ud_setup setup;
    ud_setup_defaults(planted_game, &setup);
    ud_explore_report rep[2];
    const int jobs[2] = { 1, 3 };
    for (int k = 0; k < 2; k++) {
        ud_explore_opts o = { .game = planted_game,
                              .setup = &setup,
                              .bound = &zd_bound_turn,
                              .max_depth = -1,
                              .check_invariants = 1,
                              .jobs = jobs[k] };
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
