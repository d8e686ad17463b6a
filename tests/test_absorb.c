/*
 * test_absorb.c - exact leaf probabilities of absorbing chains (core/absorb.h)
 * on chains small enough to solve by hand, and the explorer's exact turn
 * outcomes (ud_explore with .outcomes) against the exact solver's figures.
 */
#include <criterion/criterion.h>
#include <gmp.h>
#include <string.h>

#include "absorb.h"
#include "explore.h"
#include "setup.h"
#include "support.h"
#include "zombie_dice/explore_bounds.h"

typedef struct chain_builder {
    int64_t from[16], to[16];
    mpq_t w[16];
    size_t n;
} chain_builder;

static void edge(chain_builder *b, int64_t from, int64_t to, unsigned long num, unsigned long den)
{
    mpq_init(b->w[b->n]);
    mpq_set_ui(b->w[b->n], num, den);
    mpq_canonicalize(b->w[b->n]);
    b->from[b->n] = from;
    b->to[b->n] = to;
    b->n++;
}

/* mass[] of n states after absorbing; returns ud_absorb's result. */
static int absorb(chain_builder *b, int64_t n, mpq_t *mass, ud_buf *err)
{
    for (int64_t i = 0; i < n; i++)
        mpq_init(mass[i]);
    ud_chain c = { n, b->n, b->from, b->to, b->w };
    return ud_absorb(&c, mass, err);
}

static void assert_q(const mpq_t q, unsigned long num, unsigned long den, const char *what)
{
    mpq_t want;
    mpq_init(want);
    mpq_set_ui(want, num, den);
    mpq_canonicalize(want);
    cr_assert(mpq_equal(q, want), "%s: got %s, want %lu/%lu", what, mpq_get_str(NULL, 10, q), num, den);
    mpq_clear(want);
}

Test(absorb, self_loop_is_a_geometric_series)
{
    /* root -> A; A loops with 1/2 and leaves to L1 or L2 with 1/4 each. */
    chain_builder b = { .n = 0 };
    edge(&b, -1, 0, 1, 1);
    edge(&b, 0, 0, 1, 2);
    edge(&b, 0, 1, 1, 4);
    edge(&b, 0, 2, 1, 4);
    mpq_t m[3];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb(&b, 3, m, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[0], 2, 1, "expected visits of A");
    assert_q(m[1], 1, 2, "L1");
    assert_q(m[2], 1, 2, "L2");
}

Test(absorb, two_state_cycle_solved_exactly)
{
    /* A -> B 1/2, A -> L1 1/2; B -> A 1/3, B -> L2 2/3.
     * mA = 1 + mB/3, mB = mA/2, so mA = 6/5, mB = 3/5, L1 = 3/5, L2 = 2/5. */
    chain_builder b = { .n = 0 };
    edge(&b, -1, 0, 1, 1);
    edge(&b, 0, 1, 1, 2);
    edge(&b, 0, 2, 1, 2);
    edge(&b, 1, 0, 1, 3);
    edge(&b, 1, 3, 2, 3);
    mpq_t m[4];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb(&b, 4, m, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[0], 6, 5, "A");
    assert_q(m[1], 3, 5, "B");
    assert_q(m[2], 3, 5, "L1");
    assert_q(m[3], 2, 5, "L2");
}

Test(absorb, a_cycle_never_left_is_an_error)
{
    chain_builder b = { .n = 0 };
    edge(&b, -1, 0, 1, 1);
    edge(&b, 0, 1, 1, 1);
    edge(&b, 1, 0, 1, 1);
    mpq_t m[2];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb(&b, 2, m, &err), -1);
    cr_assert_not_null(strstr(ud_buf_str(&err), "never left"), "%s", ud_buf_str(&err));
}

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
