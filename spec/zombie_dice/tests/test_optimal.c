/*
 * test_optimal.c - the exact two-player solution against the rule-table
 * engine: games started at 11-11 and played by the `optimal` policy on both
 * seats must win for the first seat as often as the solver says, within a
 * stated confidence interval.  (From 11-11 the solver needs seconds; from
 * 0-0 it needs minutes, see README.md.)
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "setup.h"
#include "zd_support.h"
#include "zombie_dice/solve.h"

enum { FROM = 11, GAMES = 4000 };

Test(optimal, simulation_agrees_with_the_exact_win_chance, .timeout = 1200)
{
    ud_match m;
    ud_match_defaults(&m, &zd_game);
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&zd_game, "optimal", &m.policy[0], &err), "%s", ud_buf_str(&err));
    m.policy[1] = m.policy[0];
    char line[64];
    for (int seat = 0; seat < 2; seat++) {
        snprintf(line, sizeof line, "score %s %d", m.setup.names[seat], FROM);
        cr_assert(ud_setup_start(&m.setup, line, &err), "%s", ud_buf_str(&err));
    }

    /* The exact chance, for the readings the games are played under. */
    char msg[256];
    zd_turn_graph *g = zd_turn_graph_build(m.setup.variant, msg, sizeof msg);
    cr_assert_not_null(g, "%s", msg);
    zd_game_solution *s = zd_game_solve_from(g, m.setup.variant, FROM, msg, sizeof msg);
    cr_assert_not_null(s, "%s", msg);
    double exact = s->w[0][FROM][FROM]; /* seat 1 opens; a shared win counts 1/2 */
    zd_game_solution_free(s);
    zd_turn_graph_free(g);

    ud_table t;
    ud_table_build(&t, &zd_game, m.setup.variant);
    static unsigned char state[4096] __attribute__((aligned(16)));
    double first = 0;
    const int games = test_sample(GAMES);
    for (int i = 0; i < games; i++) {
        m.seed = 7000 + (uint64_t)i;
        ud_result res;
        ud_play(&m, &t, state, NULL, NULL, 1, &res);
        cr_assert_eq(res.status, UD_OVER, "game %d: %s", i, res.fail.msg);
        first += res.winner == 0 ? 1.0 : res.winner == -2 ? 0.5 : 0.0;
    }
    double p = first / games;
    /* 99.9% two-sided normal interval: z = 3.29. */
    double half = 3.29 * sqrt(exact * (1 - exact) / games);
    cr_log_info("first seat from %d-%d: simulated %.4f, exact %.6f, interval +-%.4f", FROM, FROM, p, exact,
                half);
    cr_assert(fabs(p - exact) <= half, "simulated %.4f, exact %.6f (99.9%% interval +-%.4f)", p, exact, half);
}

/* ---- the solver's threads and fast paths --------------------------------- */

static zd_game_solution *solve_reading(const zd_turn_graph *g, int end, int tiebreak, int floor, int jobs)
{
    ud_setup su;
    ud_setup_defaults(&zd_game, &su);
    su.variant[ZD_V_END] = end;
    su.variant[ZD_V_TIEBREAK] = tiebreak;
    char msg[256];
    zd_game_solution *s = zd_game_solve_jobs(g, su.variant, floor, jobs, msg, sizeof msg);
    cr_assert_not_null(s, "%s", msg);
    return s;
}

static void same_table(const zd_game_solution *s1, const zd_game_solution *s2, const uint8_t *t1,
                       const uint8_t *t2, const char *what)
{
    cr_assert_eq(t1 == NULL, t2 == NULL, "%s: one table missing", what);
    for (int k = 0; t1 && k <= s1->kmax; k++)
        for (int i = 0; i < s1->g->n; i++)
            cr_assert_eq(zd_game_solution_rolls(s1, t1, k, i), zd_game_solution_rolls(s2, t2, k, i),
                         "%s: decision at k=%d, position %d differs", what, k, i);
}

/* The score pairs of one total are shared among threads, and the two
 * seats' final turns run on two: one thread and two must give the same
 * doubles (compared as bits, not within a tolerance) and the same
 * decisions everywhere. */
Test(optimal, one_and_two_threads_agree_bit_for_bit, .timeout = 1200)
{
    ud_setup su;
    ud_setup_defaults(&zd_game, &su);
    char msg[256];
    zd_turn_graph *g = zd_turn_graph_build(su.variant, msg, sizeof msg);
    cr_assert_not_null(g, "%s", msg);
    zd_game_solution *s1 = solve_reading(g, ZD_END_FINAL_TURN, ZD_TIE_ONE_ROUND, 10, 1);
    zd_game_solution *s2 = solve_reading(g, ZD_END_FINAL_TURN, ZD_TIE_ONE_ROUND, 10, 2);
    cr_assert_eq(s1->jobs, 1);
    cr_assert_eq(s2->jobs, 2);
    cr_assert(memcmp(s1->w, s2->w, sizeof s1->w) == 0, "values differ");
    cr_assert(memcmp(s1->final_value, s2->final_value, sizeof s1->final_value) == 0,
              "final-turn values differ");
    cr_assert(memcmp(&s1->tiebreak, &s2->tiebreak, sizeof s1->tiebreak) == 0);
    cr_assert_eq(s1->iterations, s2->iterations);
    char what[64];
    for (int seat = 0; seat < 2; seat++) {
        for (int a = 10; a < ZD_GOAL; a++)
            for (int b = 10; b < ZD_GOAL; b++) {
                cr_assert_not_null(s1->normal[seat][a][b]);
                snprintf(what, sizeof what, "normal seat %d %d-%d", seat, a, b);
                same_table(s1, s2, s1->normal[seat][a][b], s2->normal[seat][a][b], what);
            }
        for (int d = 0; d <= s1->dmax; d += 7) {
            snprintf(what, sizeof what, "final seat %d need %d", seat, d);
            same_table(s1, s2, s1->final[seat][d], s2->final[seat][d], what);
        }
    }
    same_table(s1, s2, s1->opener, s2->opener, "tiebreak opener");
    zd_game_solution_free(s1);
    zd_game_solution_free(s2);
    zd_turn_graph_free(g);
}

/* The figures of the plain solver this one replaced (one backward pass
 * per final turn and need, every state's edges read, two more passes per
 * score pair for the decisions), printed with %a before the change: the
 * pruned passes and the final turns solved by what is still needed must
 * give the same doubles.  The final-turn, until-broken reading goes
 * through every path (both seats' final turns, the tiebreak's fixed
 * point). */
Test(optimal, same_figures_as_the_plain_solver, .timeout = 1200)
{
    ud_setup su;
    ud_setup_defaults(&zd_game, &su);
    char msg[256];
    zd_turn_graph *g = zd_turn_graph_build(su.variant, msg, sizeof msg);
    cr_assert_not_null(g, "%s", msg);
    zd_game_solution *s = solve_reading(g, ZD_END_FINAL_TURN, ZD_TIE_UNTIL_BROKEN, 10, 0);
    cr_assert_eq(s->w[0][10][10], 0.5681744157973746, "%.17g", s->w[0][10][10]);
    cr_assert_eq(s->w[0][11][11], 0.5605744799394881, "%.17g", s->w[0][11][11]);
    cr_assert_eq(s->w[0][12][12], 0.5543788711048637, "%.17g", s->w[0][12][12]);
    zd_game_solution_free(s);
    s = solve_reading(g, ZD_END_FINISH_ROUND, ZD_TIE_ONE_ROUND, 11, 0);
    cr_assert_eq(s->w[0][11][11], 0.42664379590278534, "%.17g", s->w[0][11][11]);
    cr_assert_eq(s->w[0][12][12], 0.40607012486741845, "%.17g", s->w[0][12][12]);
    zd_game_solution_free(s);
    zd_turn_graph_free(g);
}
