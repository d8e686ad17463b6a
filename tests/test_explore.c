/*
 * test_explore.c - the explorer (core/explore.h) on every registered
 * game: a small bounded exploration (three decisions deep, every player
 * count from min_players to min(max_players, 3), with and without each
 * bound the game declares, invariants on) finds no violation, checks that
 * every chance pick's weights sum to exactly 1, and keeps its per-depth
 * counts consistent (a game that declares bounds is explored under each
 * of them, one that declares none without); and a planted invariant (a copy of the game that may
 * never reach the phase of its first decision) is reported on a shortest
 * path, as a transcript that is legal under the real rules and breaks the
 * planted invariant when replayed with it.  Zombie Dice's exhaustive turn
 * and its cross-checks: spec/GAME/tests/ and the explore_* CTests.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "explore.h"
#include "extras.h"
#include "setup.h"
#include "support.h"

enum { DEPTH = 3 };

static void explore_ok(const ud_game *g, const ud_setup *setup, const ud_explore_bound *bound)
{
    const char *bname = bound ? bound->name : "no bound";
    ud_explore_opts o = { .game = g,
                          .setup = setup,
                          .bound = bound,
                          .max_depth = DEPTH,
                          .check_invariants = 1,
                          .max_states = 2000000 };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s (%s, %d players): %s", g->name, bname, setup->n_players,
                 ud_buf_str(&err));
    cr_assert_not(rep.violated, "%s (%s, %d players): [%s] %s\n%s", g->name, bname, setup->n_players,
                  rep.fail.id ? rep.fail.id : "", rep.fail.msg, rep.trace ? rep.trace : "");
    cr_assert_leq(rep.depth, DEPTH, "%s: deeper than asked", g->name);
    cr_assert_gt(rep.distinct, 0, "%s: nothing explored", g->name);
    cr_assert_eq(rep.distinct, rep.decision + rep.terminal + rep.cut,
                 "%s (%s): every distinct state is "
                 "a decision, an end or a leaf",
                 g->name, bname);
    uint64_t distinct = 0, generated = 0, chance = 0;
    for (int d = 0; d <= rep.depth; d++) {
        const ud_explore_level *l = &rep.level[d];
        cr_assert_leq(l->distinct, l->generated ? l->generated : l->distinct, "%s: depth %d", g->name, d);
        cr_assert_eq(l->distinct, l->decision + l->terminal + l->cut, "%s: depth %d", g->name, d);
        distinct += l->distinct;
        generated += l->generated;
        chance += l->chance;
    }
    cr_assert_eq(distinct, rep.distinct, "%s (%s): the levels add up", g->name, bname);
    cr_assert_eq(chance, rep.chance, "%s (%s): chance picks add up", g->name, bname);
    if (g->chance_events && g->chance_events[0] && rep.chance > 0)
        cr_assert_gt(rep.chance_sums_checked, 0, "%s: no chance pick's weights were checked", g->name);
    cr_assert_eq(rep.chance_sums_checked, rep.chance, "%s (%s): every pick sums to exactly 1", g->name,
                 bname);
    (void)generated;
    ud_explore_report_free(&rep);
    ud_buf_free(&err);
}

Test(explore, every_game_three_decisions_deep, .timeout = 300)
{
    FOR_EACH_GAME(g)
    {
        int hi = g->max_players < 3 ? g->max_players : 3;
        for (int n = g->min_players; n <= hi; n++) {
            ud_setup setup;
            ud_setup_defaults(g, &setup);
            setup.n_players = n;
            for (int i = 0; i < n; i++)
                snprintf(setup.names[i], UD_NAME_MAX, "p%d", i + 1);
            /* A game may need a bound to be explored by decisions (Zombie
             * Dice: busts pass the turn with no decision, for ever): it
             * declares it, and then is explored under each one. */
            if (!g->extras || g->extras->n_bounds == 0)
                explore_ok(g, &setup, NULL);
            for (int b = 0; g->extras && b < g->extras->n_bounds; b++)
                explore_ok(g, &setup, g->extras->bounds[b].bound);
        }
    }
}

/* Expansions run on threads and are merged in node order: the graph and
 * every count are the same for one thread and for three. */
static void same_on_threads(const ud_game *g, const ud_setup *setup, const ud_explore_bound *bound)
{
    ud_explore_report rep[2];
    const int jobs[2] = { 1, 3 };
    for (int k = 0; k < 2; k++) {
        ud_explore_opts o = { .game = g,
                              .setup = setup,
                              .bound = bound,
                              .max_depth = DEPTH,
                              .check_invariants = 1,
                              .max_states = 2000000,
                              .jobs = jobs[k] };
        ud_buf err;
        ud_buf_init(&err);
        cr_assert_eq(ud_explore(&o, &rep[k], &err), 0, "%s: %s", g->name, ud_buf_str(&err));
        ud_buf_free(&err);
    }
    const char *bname = bound ? bound->name : "no bound";
    cr_assert_eq(rep[0].distinct, rep[1].distinct, "%s (%s)", g->name, bname);
    cr_assert_eq(rep[0].generated, rep[1].generated, "%s (%s)", g->name, bname);
    cr_assert_eq(rep[0].transitions, rep[1].transitions, "%s (%s)", g->name, bname);
    cr_assert_eq(rep[0].chance_sums_checked, rep[1].chance_sums_checked, "%s (%s)", g->name, bname);
    cr_assert_eq(rep[0].depth, rep[1].depth, "%s (%s)", g->name, bname);
    cr_assert_eq(rep[0].complete, rep[1].complete, "%s (%s)", g->name, bname);
    cr_assert_eq(memcmp(rep[0].level, rep[1].level, sizeof rep[0].level), 0, "%s (%s): the per-depth table",
                 g->name, bname);
    for (int k = 0; k < 2; k++)
        ud_explore_report_free(&rep[k]);
}

Test(explore, threads_change_nothing, .timeout = 300)
{
    FOR_EACH_GAME(g)
    {
        ud_setup setup;
        ud_setup_defaults(g, &setup);
        setup.n_players = g->min_players > 1 ? g->min_players : 2 <= g->max_players ? 2 : 1;
        if (!g->extras || g->extras->n_bounds == 0)
            same_on_threads(g, &setup, NULL);
        for (int b = 0; g->extras && b < g->extras->n_bounds; b++)
            same_on_threads(g, &setup, g->extras->bounds[b].bound);
    }
}

/* ---- a planted violation ---------------------------------------------------- */

static int planted_phase;

static bool not_in_first_decision_phase(const ud_game *g, const void *state, ud_buf *why)
{
    if (ud_phase_of(g, state) != planted_phase)
        return true;
    ud_buf_printf(why, "reached phase %s", g->phases[planted_phase].name);
    return false;
}

static const ud_invariant planted[] = {
    { "TEST-INV-PHASE", "Never the phase of the first decision (planted to fail).",
      not_in_first_decision_phase },
};

static int no_pick(ud_chance *c, const ud_pick_req *p)
{
    (void)p;
    snprintf(c->why, sizeof c->why, "stop at the first pick");
    return -1;
}

/* Whether one of the game's bounds cuts the game where it asks for its
 * first chance outcome: a game whose first decision comes after a shuffle
 * says so (every deal is beyond enumeration), and a search for its first
 * decision could not end. */
static bool opening_beyond_reach(const ud_game *g, const ud_setup *setup)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_table t;
    ud_table_build(&t, g, setup->variant);
    ud_chance chance = { .rng = NULL, .pick = no_pick };
    ud_step s;
    ud_step_init(&s, &t, setup, &chance, NULL, NULL);
    if (ud_start(&s, state) != UD_ERROR)
        return false;
    for (int b = 0; g->extras && b < g->extras->n_bounds; b++)
        if (g->extras->bounds[b].bound->cut && g->extras->bounds[b].bound->cut(state))
            return true;
    return false;
}

Test(explore, planted_violation_on_a_shortest_path_replays, .timeout = 300)
{
    FOR_EACH_GAME(g)
    {
        ud_setup setup;
        ud_setup_defaults(g, &setup);
        setup.n_players = g->min_players;
        if (opening_beyond_reach(g, &setup))
            continue;
        /* The phase of the first decision of a seeded game. */
        static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
        ud_table t;
        ud_table_build(&t, g, setup.variant);
        ud_rng rng;
        ud_rng_seed(&rng, 1);
        ud_chance chance;
        ud_chance_from_rng(&chance, &rng);
        ud_step s;
        ud_step_init(&s, &t, &setup, &chance, NULL, NULL);
        cr_assert_eq(ud_start(&s, state), UD_DECIDE, "%s: no first decision", g->name);
        planted_phase = ud_phase_of(g, state);

        ud_explore_opts o = {
            .game = planted_game_of(g, planted, 1), .setup = &setup, .max_depth = DEPTH, .check_invariants = 1
        };
        ud_explore_report rep;
        ud_buf err;
        ud_buf_init(&err);
        cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s: %s", g->name, ud_buf_str(&err));
        cr_assert(rep.violated, "%s: no violation found", g->name);
        cr_assert_str_eq(rep.fail.id, "TEST-INV-PHASE");
        cr_assert_not_null(rep.trace);
        /* Breadth-first: found before any decision. */
        cr_assert_null(strstr(rep.trace, "\ndecide "), "%s: a decision on the shortest path\n%s", g->name,
                       rep.trace);

        assert_trace_breaks_planted(rep.trace, "TEST-INV-PHASE", g->name);
        ud_explore_report_free(&rep);
        ud_buf_free(&err);
    }
}

/* A record that needs no chance outcome (a game's opening decisions) is
 * checked with neither chance lines nor a seed: the explorer's traces are
 * such records when a violation comes before any chance step. */
Test(explore, a_partial_transcript_needing_no_outcome_checks)
{
    FOR_EACH_GAME(g)
    {
        char text[256];
        snprintf(text, sizeof text, "%splayer p1\n%spartial\n", game_header(g),
                 g->min_players > 1 ? "player p2\n" : "");
        run r;
        run_text(&r, text);
        assert_ok(&r);
        cr_assert_eq(r.res.complete, 0);
        run_free(&r);
    }
}
