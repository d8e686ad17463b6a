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
    double exact = s->w[0][FROM][FROM];   /* seat 1 opens; a shared win counts 1/2 */
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
    cr_log_info("first seat from %d-%d: simulated %.4f, exact %.6f, interval +-%.4f", FROM, FROM,
                p, exact, half);
    cr_assert(fabs(p - exact) <= half, "simulated %.4f, exact %.6f (99.9%% interval +-%.4f)", p,
              exact, half);
}
