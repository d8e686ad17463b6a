/*
 * test_policy.c - core/policy on every registered game: parsing and
 * formatting "name[:N]" for the game's own policies and the generic ones,
 * the errors parse refuses with (naming the game's choices), and the
 * random policy's choices among any offers.  A game's policies' choices on
 * given states are in its own suites (spec/<game>/tests/).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "policy.h"
#include "support.h"

#define ERR_HAS(phrase) \
    cr_assert_not_null(strstr(ud_buf_str(&err), phrase), "'%s' lacks '%s'", ud_buf_str(&err), phrase)

static ud_policy parse_ok(const ud_game *g, const char *spec)
{
    ud_policy p;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(g, spec, &p, &err), "%s: %s: %s", g->name, spec, ud_buf_str(&err));
    ud_buf_free(&err);
    return p;
}

static void parse_fails(const ud_game *g, const char *spec, const char *phrase)
{
    ud_policy p;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_not(ud_policy_parse(g, spec, &p, &err), "%s: '%s' was accepted", g->name, spec);
    ERR_HAS(phrase);
    ud_buf_free(&err);
}

Test(policy, generic_policies_parse_for_every_game)
{
    FOR_EACH_GAME(g)
    {
        cr_assert_eq(parse_ok(g, "random").def, &ud_policy_random);
        cr_assert_eq(parse_ok(g, "human").def, &ud_policy_human);
    }
}

/* The range a policy states, or 0..1000. */
static int param_lo(const ud_policy_def *d) { return d->min_param; }
static int param_hi(const ud_policy_def *d) { return d->max_param ? d->max_param : 1000; }

Test(policy, game_policies_take_their_default_param_and_their_range)
{
    FOR_EACH_GAME(g)
    {
        for (int i = 0; i < g->n_policies; i++) {
            const ud_policy_def *d = &g->policies[i];
            ud_policy p = parse_ok(g, d->name);
            cr_assert_eq(p.def, d);
            cr_assert_eq(p.param, d->def_param, "%s: %s", g->name, d->name);
            if (!d->has_param)
                continue;
            char spec[64];
            snprintf(spec, sizeof spec, "%s:%d", d->name, param_lo(d));
            cr_assert_eq(parse_ok(g, spec).param, param_lo(d));
            snprintf(spec, sizeof spec, "%s:%d", d->name, param_hi(d));
            cr_assert_eq(parse_ok(g, spec).param, param_hi(d));
            snprintf(spec, sizeof spec, "%s:%d", d->name, param_hi(d) + 1);
            char want[128];
            snprintf(want, sizeof want, "expected a whole number %d..%d after ':'", param_lo(d), param_hi(d));
            parse_fails(g, spec, want);
        }
    }
}

Test(policy, format_round_trips_through_parse)
{
    FOR_EACH_GAME(g)
    {
        const char *generic[] = { "random", "human" };
        for (size_t i = 0; i < 2; i++) {
            char out[64];
            ud_policy p = parse_ok(g, generic[i]);
            ud_policy_format(&p, out, sizeof out);
            cr_assert_str_eq(out, generic[i]);
        }
        for (int i = 0; i < g->n_policies; i++) {
            const ud_policy_def *d = &g->policies[i];
            char spec[64], out[64], want[64];
            /* A parameter left out is written out, so the record is explicit. */
            ud_policy p = parse_ok(g, d->name);
            ud_policy_format(&p, out, sizeof out);
            if (d->has_param)
                snprintf(want, sizeof want, "%s:%d", d->name, d->def_param);
            else
                snprintf(want, sizeof want, "%s", d->name);
            cr_assert_str_eq(out, want, "%s", g->name);
            if (d->has_param) {
                int other = d->def_param + 7 <= param_hi(d) ? d->def_param + 7 : param_lo(d);
                snprintf(spec, sizeof spec, "%s:%d", d->name, other);
                p = parse_ok(g, spec);
                ud_policy_format(&p, out, sizeof out);
                cr_assert_str_eq(out, spec);
            }
        }
    }
}

Test(policy_errors, unknown_name_lists_the_games_choices)
{
    FOR_EACH_GAME(g)
    {
        char want[128];
        snprintf(want, sizeof want, "unknown policy 'no-such-policy' for %s; expected one of:", g->name);
        parse_fails(g, "no-such-policy", want);
        for (int i = 0; i < g->n_policies; i++)
            parse_fails(g, "no-such-policy", g->policies[i].name);
        parse_fails(g, "no-such-policy", "random human");
        parse_fails(g, "no-such-policy:3", "unknown policy 'no-such-policy'");
    }
}

Test(policy_errors, prefix_of_a_name_is_unknown)
{
    FOR_EACH_GAME(g)
    {
        parse_fails(g, "rand", "unknown policy 'rand'");
        for (int i = 0; i < g->n_policies; i++) {
            const char *name = g->policies[i].name;
            if (strlen(name) < 2)
                continue;
            char spec[64], want[96];
            snprintf(spec, sizeof spec, "%.*s", (int)strlen(name) - 1, name);
            bool is_name = false;
            for (int k = 0; k < g->n_policies; k++)
                is_name |= strcmp(g->policies[k].name, spec) == 0;
            if (is_name)
                continue;
            snprintf(want, sizeof want, "unknown policy '%s'", spec);
            parse_fails(g, spec, want);
        }
    }
}

Test(policy_errors, param_on_a_policy_without_one)
{
    FOR_EACH_GAME(g)
    {
        parse_fails(g, "random:2", "policy 'random' takes no ':N' parameter");
        for (int i = 0; i < g->n_policies; i++) {
            if (g->policies[i].has_param)
                continue;
            char spec[64], want[96];
            snprintf(spec, sizeof spec, "%s:1", g->policies[i].name);
            snprintf(want, sizeof want, "policy '%s' takes no ':N' parameter", g->policies[i].name);
            parse_fails(g, spec, want);
        }
    }
}

Test(policy_errors, bad_params)
{
    FOR_EACH_GAME(g)
    {
        for (int i = 0; i < g->n_policies; i++) {
            if (!g->policies[i].has_param)
                continue;
            const char *bad[] = { "", "x", "2x", "-1", "1001", "99999999999999999999" };
            for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
                char spec[96], want[96];
                snprintf(spec, sizeof spec, "%s:%s", g->policies[i].name, bad[k]);
                const ud_policy_def *d = &g->policies[i];
                if (k + 1 < sizeof bad / sizeof bad[0])
                    snprintf(want, sizeof want, "expected a whole number %d..%d after ':', got '%s'",
                             param_lo(d), param_hi(d), bad[k]);
                else
                    snprintf(want, sizeof want, "expected a whole number");
                parse_fails(g, spec, want);
            }
        }
    }
}

/* ---- choices ---------------------------------------------------------------- */

/* random picks uniformly among all offers, whatever the game, and only
 * among them (many parametric offers). */
Test(policy_choice, random_is_uniform_among_any_number_of_offers)
{
    FOR_EACH_GAME(g)
    {
        ud_policy p = parse_ok(g, "random");
        ud_rng r;
        ud_rng_seed(&r, 8);
        static ud_offers o;
        for (int n = 1; n <= 40; n += 13) {
            memset(&o, 0, sizeof o);
            o.n = n;
            for (int i = 0; i < n; i++)
                o.action[i] = (ud_action){ .kind = 0, .arg = { i } };
            int seen[40] = { 0 };
            for (int k = 0; k < 200 * n; k++) {
                int i = ud_policy_choose(&p, g, NULL, 0, &o, &r);
                cr_assert(i >= 0 && i < n, "%s: index %d of %d offers", g->name, i, n);
                seen[i]++;
            }
            for (int i = 0; i < n; i++)
                cr_assert(seen[i] > 120 && seen[i] < 280, "%s: offer %d of %d chosen %d times in %d", g->name,
                          i, n, seen[i], 200 * n);
        }
    }
}

/* A policy answers under every parameter ud_policy_parse accepts (a
 * policy states its range; parse refuses the rest). */
Test(policy_choice, every_accepted_parameter_gives_a_decision)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    FOR_EACH_GAME(g)
    {
        for (int i = 0; i < g->n_policies; i++) {
            if (!g->policies[i].has_param || g->policies[i].costly)
                continue;
            for (int param = 0; param <= 10; param++) {
                char spec[64];
                snprintf(spec, sizeof spec, "%s:%d", g->policies[i].name, param);
                ud_policy parsed;
                ud_buf perr;
                ud_buf_init(&perr);
                bool accepted = ud_policy_parse(g, spec, &parsed, &perr);
                ud_buf_free(&perr);
                if (!accepted)
                    continue;
                ud_match m;
                ud_match_defaults(&m, g);
                m.setup.n_players = g->min_players;
                m.policy[0].def = &g->policies[i];
                m.policy[0].param = param;
                m.max_decisions = 5000;
                ud_table t;
                ud_table_build(&t, g, m.setup.variant);
                ud_result res;
                ud_play(&m, &t, state, NULL, NULL, 1, &res);
                cr_expect(res.status == UD_OVER || !strstr(res.fail.msg, "gave no decision"), "%s: %s:%d: %s",
                          g->name, g->policies[i].name, param, res.fail.msg);
            }
        }
    }
}
