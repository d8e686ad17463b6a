/*
 * test_zd_absorb.c - the explorer's exact outcomes of one Zombie Dice turn
 * (ud_explore with .outcomes, cycles solved by core/absorb.h) against the
 * exact solver's figures, and a dice set that makes a turn riskier.
 */
#include <criterion/criterion.h>
#include <gmp.h>
#include <string.h>

#include "explore.h"
#include "setup.h"
#include "zd_support.h"
#include "zombie_dice/explore_bounds.h"

/* The explorer's exact outcomes of one turn under policy spec, with
 * variant settings kv[] (NULL-terminated); P(bust) and E[brains] out. */
static void explore_turn(const char *spec, const char *const *kv, mpq_t bust, mpq_t ev)
{
    ud_setup setup;
    ud_setup_defaults(&zd_game, &setup);
    ud_buf err;
    ud_buf_init(&err);
    for (; kv && *kv; kv++)
        cr_assert(ud_setup_variant(&zd_game, &setup, *kv, &err), "%s", ud_buf_str(&err));
    ud_policy pol;
    cr_assert(ud_policy_parse(&zd_game, spec, &pol, &err), "%s", ud_buf_str(&err));
    ud_explore_opts o = { .game = &zd_game, .setup = &setup, .bound = &zd_bound_turn,
                          .max_depth = -1, .policy = &pol, .check_invariants = 1, .outcomes = 1 };
    ud_explore_report rep;
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert(rep.complete && !rep.violated);
    mpq_set_ui(bust, 0, 1);
    mpq_set_ui(ev, 0, 1);
    mpq_t t;
    mpq_init(t);
    for (int i = 0; i < rep.n_outcomes; i++) {
        const char *l = rep.outcome_label[i];
        if (strcmp(l, "bust") == 0) {
            mpq_add(bust, bust, rep.outcome_p[i]);
            continue;
        }
        unsigned long k = 0;
        cr_assert(sscanf(l, "banked %lu", &k) == 1, "unexpected outcome '%s'", l);
        mpq_set_ui(t, k, 1);
        mpq_mul(t, t, rep.outcome_p[i]);
        mpq_add(ev, ev, t);
    }
    mpq_clear(t);
    ud_explore_report_free(&rep);
}

Test(explore_outcomes, base_turn_equals_the_solver_exactly, .timeout = 240)
{
    /* stop-at-brains:4 never reaches 13 in one turn, so the turn bound's
     * cap does not bite; the figures below are the exact solver's
     * (tools/cmd_solve.c, test_solve.c), from a separate model of a turn. */
    mpq_t bust, ev, want;
    mpq_inits(bust, ev, want, NULL);
    explore_turn("stop-at-brains:4", NULL, bust, ev);
    mpq_set_str(want, "51194553691219/84815915458560", 10);
    cr_assert(mpq_equal(bust, want), "P(bust) %s", mpq_get_str(NULL, 10, bust));
    mpq_set_str(want, "24530420591889/14135985909760", 10);
    cr_assert(mpq_equal(ev, want), "E[brains] %s", mpq_get_str(NULL, 10, ev));
    mpq_clears(bust, ev, want, NULL);
}

Test(explore_outcomes, hunk_and_hottie_make_a_turn_riskier, .timeout = 240)
{
    /* They replace two yellows (2 shotgun faces of 6 each) with Hunk (2
     * shotguns and a double shotgun) and Hottie (2 shotguns): with the
     * same policy, a turn busts more often. */
    mpq_t bust_base, ev_base, bust_hh, ev_hh;
    mpq_inits(bust_base, ev_base, bust_hh, ev_hh, NULL);
    static const char *const hh[] = { "dice=hunk-hottie", NULL };
    explore_turn("stop-at-brains:2", NULL, bust_base, ev_base);
    explore_turn("stop-at-brains:2", hh, bust_hh, ev_hh);
    cr_assert_gt(mpq_cmp(bust_hh, bust_base), 0, "P(bust) %f with Hunk and Hottie, %f without",
                 mpq_get_d(bust_hh), mpq_get_d(bust_base));
    mpq_clears(bust_base, ev_base, bust_hh, ev_hh, NULL);
}
