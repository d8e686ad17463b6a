/*
 * test_solve.c - the exact single-turn figures of spec/zombie_dice/solve.h,
 * pinned and checked two ways:
 *
 *   - the fast pass (turn_dp.c, integer numerators over smooth
 *     denominators) against the plain rational pass (solve.c, mpq_t),
 *     fraction for fraction, on every policy where the plain pass is
 *     quick, and on stop-at-shotguns:2 with the turn cap cut to 12;
 *   - the README's figures pinned as the decimals the fractions print;
 *   - seeded games run by the real rule table (core/play.h, invariants
 *     on): each turn's banked brains and busts, read from the transcript
 *     lines the rows emit, must agree with the exact mean and bust chance
 *     within a 99.9% normal-approximation interval (z = 3.29, standard
 *     deviation from the exact distribution), 200,000 turns per policy.
 *     The policies are ones that do not look at the score, so every turn
 *     of every game is a sample of the same single turn.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zd_support.h"
#include "zombie_dice/solve.h"

static zd_turn_graph *default_graph(void)
{
    int variant[UD_MAX_VARIANTS] = { 0 };
    for (int v = 0; v < zd_game.n_variants; v++)
        variant[v] = zd_game.variants[v].default_value;
    char err[256];
    zd_turn_graph *g = zd_turn_graph_build(variant, err, sizeof err);
    cr_assert_not_null(g, "%s", err);
    return g;
}

static int named(void *ctx, const zd_turn_graph *g, int i, int k)
{
    const ud_policy *p = ctx;
    zd_state st;
    zd_pos_state(g, i, k, 0, &st);
    static ud_offers o = { .n = 2, .action = { { ZD_ACT_STOP, { 0 } }, { ZD_ACT_ROLL, { 0 } } } };
    int pick = p->def->choose(&zd_game, &st, 0, p->param, &o, NULL);
    return pick >= 0 && o.action[pick].kind == ZD_ACT_ROLL;
}

static ud_policy policy(const char *spec)
{
    ud_policy p;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&zd_game, spec, &p, &err), "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    return p;
}

static void exact(const zd_turn_graph *g, ud_policy *p, int kmax, bool fast, zd_turn_dist *d)
{
    char err[256];
    zd_turn_dist_init(d);
    bool ok = fast ? zd_turn_eval_fast(g, named, p, kmax, d, err, sizeof err)
                   : zd_turn_eval(g, named, p, kmax, d, err, sizeof err);
    cr_assert(ok, "%s", err);
}

static void assert_same(const zd_turn_dist *a, const zd_turn_dist *b, const char *what)
{
    cr_assert_eq(a->kmax, b->kmax);
    cr_assert_eq(a->reached, b->reached, "%s: states reached", what);
    for (int k = 0; k <= a->kmax; k++)
        cr_assert(mpq_equal(a->banked[k], b->banked[k]), "%s: P(bank %d) differs", what, k);
    cr_assert(mpq_equal(a->bust, b->bust), "%s: P(bust) differs", what);
    cr_assert(mpq_equal(a->capped, b->capped), "%s: capped mass differs", what);
    cr_assert(mpq_equal(a->ev, b->ev), "%s: E[brains] differs", what);
}

Test(solve_turn, fast_pass_equals_rational_pass)
{
    zd_turn_graph *g = default_graph();
    static const struct {
        const char *spec;
        int kmax;
    } cases[] = {
        { "stop-at-brains:3", ZD_SOLVE_KMAX },
        { "stop-at-brains:4", ZD_SOLVE_KMAX },
        { "stop-at-brains:5", ZD_SOLVE_KMAX },
        { "closer:2", ZD_SOLVE_KMAX },
        { "stop-at-shotguns:2", 12 },
        { "stop-at-shotguns:1", 9 },
        { "always-roll", 6 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ud_policy p = policy(cases[c].spec);
        zd_turn_dist fast, slow;
        exact(g, &p, cases[c].kmax, true, &fast);
        exact(g, &p, cases[c].kmax, false, &slow);
        assert_same(&fast, &slow, cases[c].spec);
        zd_turn_dist_clear(&fast);
        zd_turn_dist_clear(&slow);
    }
    zd_turn_graph_free(g);
}

/* The README's figures (default readings, turn cap 64). */
Test(solve_turn, pinned_figures)
{
    zd_turn_graph *g = default_graph();
    static const struct {
        const char *spec, *ev, *bust;
    } cases[] = {
        { "stop-at-shotguns:2", "2.0759551578", "0.2582383502" },
        { "stop-at-shotguns:1", "1.6471120549", "0.0383297965" },
        { "stop-at-brains:4", "1.7353172781", "0.6035960753" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ud_policy p = policy(cases[c].spec);
        zd_turn_dist d;
        exact(g, &p, ZD_SOLVE_KMAX, true, &d);
        char ev[32], bust[32];
        snprintf(ev, sizeof ev, "%.10f", mpq_get_d(d.ev));
        snprintf(bust, sizeof bust, "%.10f", mpq_get_d(d.bust));
        cr_expect_str_eq(ev, cases[c].ev, "%s E[brains]", cases[c].spec);
        cr_expect_str_eq(bust, cases[c].bust, "%s P(bust)", cases[c].spec);
        zd_turn_dist_clear(&d);
    }
    ud_policy p = policy("stop-at-brains:4");
    zd_turn_dist d;
    exact(g, &p, ZD_SOLVE_KMAX, true, &d);
    char *s = mpq_get_str(NULL, 10, d.ev);
    cr_expect_str_eq(s, "24530420591889/14135985909760");
    free(s);
    s = mpq_get_str(NULL, 10, d.bust);
    cr_expect_str_eq(s, "51194553691219/84815915458560");
    free(s);
    zd_turn_dist_clear(&d);
    zd_turn_graph_free(g);
}

/* The policy maximising expected brains, through the fast pass. */
static int table(void *ctx, const zd_turn_graph *g, int i, int k)
{
    return ((const uint8_t *)ctx)[(size_t)k * (size_t)g->n + (size_t)i];
}

Test(solve_turn, max_ev_pinned)
{
    zd_turn_graph *g = default_graph();
    size_t cells = (size_t)(ZD_SOLVE_KMAX + 1) * (size_t)g->n;
    double r[ZD_SOLVE_KMAX + 1], *v = malloc(cells * sizeof *v);
    uint8_t *roll = malloc(cells);
    cr_assert(v && roll);
    for (int k = 0; k <= ZD_SOLVE_KMAX; k++)
        r[k] = k;
    double best = zd_turn_optimise(g, r, ZD_SOLVE_KMAX, v, roll, NULL);
    zd_turn_dist d;
    zd_turn_dist_init(&d);
    char err[256];
    cr_assert(zd_turn_eval_fast(g, table, roll, ZD_SOLVE_KMAX, &d, err, sizeof err), "%s", err);
    cr_expect(fabs(mpq_get_d(d.ev) - best) < 1e-12, "optimiser %.15f, exact %.15f", best, mpq_get_d(d.ev));
    char ev[32], bust[32];
    snprintf(ev, sizeof ev, "%.10f", mpq_get_d(d.ev));
    snprintf(bust, sizeof bust, "%.10f", mpq_get_d(d.bust));
    cr_expect_str_eq(ev, "2.2592056011");
    cr_expect_str_eq(bust, "0.3071231921");
    zd_turn_dist_clear(&d);
    free(v);
    free(roll);
    zd_turn_graph_free(g);
}

/* ---- seeded simulation with the rule table ------------------------------ */

typedef struct turn_tally {
    ud_sink sink;
    const ud_rule *stop, *bust;
    uint64_t turns, busts;
    double brains, brains_sq;
} turn_tally;

static void tally_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)s;
    turn_tally *t = (turn_tally *)k;
    if (rule == t->stop) {
        const char *plus = strchr(text, '+');
        cr_assert_not_null(plus, "score line without a gain: %s", text);
        double x = atof(plus + 1);
        t->turns++;
        t->brains += x;
        t->brains_sq += x * x;
    } else if (rule == t->bust) {
        t->turns++;
        t->busts++;
    }
}

static void simulate(const char *spec, uint64_t want_turns, turn_tally *t)
{
    memset(t, 0, sizeof *t);
    t->sink.line = tally_line;
    t->stop = ud_game_rule(&zd_game, "ZD-STOP-SCORE");
    t->bust = ud_game_rule(&zd_game, "ZD-BUST");
    cr_assert(t->stop && t->bust);
    ud_match m;
    ud_match_defaults(&m, &zd_game);
    m.policy[0] = m.policy[1] = policy(spec);
    ud_table tab;
    ud_table_build(&tab, &zd_game, m.setup.variant);
    void *state = malloc(zd_game.state_size);
    cr_assert_not_null(state);
    uint64_t busts_fired = 0;
    for (uint64_t seed = 1; t->turns < want_turns; seed++) {
        uint64_t fired[UD_MAX_RULES] = { 0 };
        ud_result res;
        m.seed = seed;
        ud_play(&m, &tab, state, &t->sink, fired, 1, &res);
        cr_assert_eq(res.status, UD_OVER, "%s seed %llu: %s", spec, (unsigned long long)seed, res.fail.msg);
        busts_fired += fired[ud_game_rule_index(&zd_game, t->bust)];
    }
    cr_assert_eq(busts_fired, t->busts, "one bust line per ZD-BUST firing");
    free(state);
}

Test(solve_turn, simulation_agrees, .timeout = 300)
{
    zd_turn_graph *g = default_graph();
    static const char *const specs[] = {
        "stop-at-shotguns:1",
        "stop-at-shotguns:2",
        "stop-at-brains:3",
        "stop-at-brains:4",
    };
    const double z = 3.29; /* two-sided 99.9% */
    for (size_t c = 0; c < sizeof specs / sizeof specs[0]; c++) {
        ud_policy p = policy(specs[c]);
        zd_turn_dist d;
        exact(g, &p, ZD_SOLVE_KMAX, true, &d);
        double ev = mpq_get_d(d.ev), pb = mpq_get_d(d.bust), second = 0;
        for (int k = 0; k <= d.kmax; k++)
            second += (double)k * k * mpq_get_d(d.banked[k]);
        second += (double)d.kmax * d.kmax * mpq_get_d(d.capped);
        double sd = sqrt(second - ev * ev), sd_b = sqrt(pb * (1 - pb));
        turn_tally t;
        simulate(specs[c], 200000, &t);
        double n = (double)t.turns, mean = t.brains / n, busts = (double)t.busts / n;
        double hw = z * sd / sqrt(n), hw_b = z * sd_b / sqrt(n);
        cr_expect(fabs(mean - ev) <= hw, "%s: simulated E[brains] %.5f, exact %.5f +- %.5f (%llu turns)",
                  specs[c], mean, ev, hw, (unsigned long long)t.turns);
        cr_expect(fabs(busts - pb) <= hw_b, "%s: simulated P(bust) %.5f, exact %.5f +- %.5f", specs[c], busts,
                  pb, hw_b);
        zd_turn_dist_clear(&d);
    }
    zd_turn_graph_free(g);
}
