/*
 * test_zd_absorb.c - the explorer's exact outcomes of one Zombie Dice turn
 * (ud_explore with .outcomes, cycles solved by core/absorb.h) against the
 * exact solver's figures, a dice set that makes a turn riskier, and the
 * fast (smooth-denominator) pass against the mpq pass under the expansion
 * dice and the School Bus, fraction for fraction.
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
    ud_explore_opts o = { .game = &zd_game,
                          .setup = &setup,
                          .bound = &zd_bound_turn,
                          .max_depth = -1,
                          .policy = &pol,
                          .check_invariants = 1,
                          .outcomes = 1 };
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

/* ---- the smooth-denominator pass against the mpq pass ------------------ */

/* One turn's exact outcomes under policy spec and settings kv[]; the mpq
 * pass with reference.  Invariants off: both runs explore the same
 * states, what is compared is how the chain is solved. */
static void explore_outcomes(const char *spec, const char *const *kv, int reference, ud_explore_report *rep)
{
    ud_setup setup;
    ud_setup_defaults(&zd_game, &setup);
    ud_buf err;
    ud_buf_init(&err);
    for (; kv && *kv; kv++)
        cr_assert(ud_setup_variant(&zd_game, &setup, *kv, &err), "%s", ud_buf_str(&err));
    ud_policy pol;
    cr_assert(ud_policy_parse(&zd_game, spec, &pol, &err), "%s", ud_buf_str(&err));
    ud_explore_opts o = { .game = &zd_game,
                          .setup = &setup,
                          .bound = &zd_bound_turn,
                          .max_depth = -1,
                          .policy = &pol,
                          .outcomes = 1,
                          .reference = reference };
    cr_assert_eq(ud_explore(&o, rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert(rep->complete && !rep->violated);
    ud_buf_free(&err);
}

/* Both passes, every outcome's fraction equal, the fast one having run. */
static void passes_agree(const char *spec, const char *const *kv)
{
    ud_explore_report fast, ref;
    explore_outcomes(spec, kv, 0, &fast);
    explore_outcomes(spec, kv, 1, &ref);
    cr_assert(fast.smooth_pass, "%s: the smooth pass did not take the chain", spec);
    cr_assert(!ref.smooth_pass, "%s: the reference run did not use the mpq pass", spec);
    cr_assert_eq(fast.n_outcomes, ref.n_outcomes);
    cr_assert_gt(fast.n_outcomes, 2, "%s: a bust and more than one total banked", spec);
    for (int i = 0; i < fast.n_outcomes; i++) {
        cr_assert_str_eq(fast.outcome_label[i], ref.outcome_label[i]);
        cr_assert(mpq_equal(fast.outcome_p[i], ref.outcome_p[i]), "%s, %s: %s against %s", spec,
                  fast.outcome_label[i], mpq_get_str(NULL, 10, fast.outcome_p[i]),
                  mpq_get_str(NULL, 10, ref.outcome_p[i]));
    }
    ud_explore_report_free(&fast);
    ud_explore_report_free(&ref);
}

Test(absorb_passes, double_feature, .timeout = 240)
{
    static const char *const df[] = { "dice=double-feature", NULL };
    passes_agree("stop-at-brains:1", df);
}

Test(absorb_passes, santa_loops_with_large_primes, .timeout = 240)
{
    /* three feet rolled as three feet with Santa in the hand loop with
     * chances like 1/54, and 1 - 1/54 = 53/54 */
    static const char *const santa[] = { "dice=santa", "helmet=next-roll", NULL };
    passes_agree("stop-at-brains:2", santa);
}

Test(absorb_passes, hunk_and_hottie_rescue, .timeout = 240)
{
    static const char *const hh[] = { "dice=hunk-hottie", "rescue=same-roll", NULL };
    passes_agree("stop-at-brains:2", hh);
}
