/*
 * test_policy.c - core/policy: parsing and formatting "name[:N]", the
 * errors parse refuses with, and the policies' choices on given offers.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "policy.h"
#include "support.h"

#define ERR_HAS(phrase) \
    cr_assert_not_null(strstr(ud_buf_str(&err), phrase), "'%s' lacks '%s'", ud_buf_str(&err), phrase)

static ud_policy parse_ok(const char *spec)
{
    ud_policy p;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&zd_game, spec, &p, &err), "%s: %s", spec, ud_buf_str(&err));
    ud_buf_free(&err);
    return p;
}

Test(policy, generic_policies_parse)
{
    cr_assert_eq(parse_ok("random").def, &ud_policy_random);
    cr_assert_eq(parse_ok("human").def, &ud_policy_human);
}

Test(policy, game_policy_takes_default_param)
{
    for (int i = 0; i < zd_game.n_policies; i++) {
        ud_policy p = parse_ok(zd_game.policies[i].name);
        cr_assert_eq(p.def, &zd_game.policies[i]);
        cr_assert_eq(p.param, zd_game.policies[i].def_param, "%s", zd_game.policies[i].name);
    }
}

Test(policy, param_range_0_to_1000)
{
    cr_assert_eq(parse_ok("stop-at-shotguns:0").param, 0);
    cr_assert_eq(parse_ok("stop-at-brains:1000").param, 1000);
    cr_assert_eq(parse_ok("closer:3").param, 3);
}

Test(policy, format_round_trips_through_parse)
{
    const char *specs[] = { "random", "human", "always-roll", "stop-at-shotguns:1",
                            "stop-at-brains:7", "closer:2" };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        ud_policy p = parse_ok(specs[i]);
        char out[64];
        ud_policy_format(&p, out, sizeof out);
        cr_assert_str_eq(out, specs[i]);
    }
    /* A parameter left out is written out, so the record is explicit. */
    ud_policy p = parse_ok("stop-at-shotguns");
    char out[64];
    ud_policy_format(&p, out, sizeof out);
    char want[64];
    snprintf(want, sizeof want, "stop-at-shotguns:%d", p.def->def_param);
    cr_assert_str_eq(out, want);
}

static void parse_fails(const char *spec, const char *phrase)
{
    ud_policy p;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_not(ud_policy_parse(&zd_game, spec, &p, &err), "'%s' was accepted", spec);
    ERR_HAS(phrase);
    ud_buf_free(&err);
}

Test(policy_errors, unknown_name_lists_choices)
{
    parse_fails("cautious", "unknown policy 'cautious' for zombie-dice; expected one of:");
    parse_fails("cautious", "stop-at-shotguns");
    parse_fails("cautious", "random human");
}

Test(policy_errors, prefix_of_a_name_is_unknown)
{
    parse_fails("stop", "unknown policy 'stop'");
    parse_fails("rand", "unknown policy 'rand'");
}

Test(policy_errors, unknown_name_with_param)
{
    parse_fails("bold:3", "unknown policy 'bold'");
}

Test(policy_errors, param_on_a_policy_without_one)
{
    parse_fails("random:2", "policy 'random' takes no ':N' parameter");
    parse_fails("always-roll:1", "policy 'always-roll' takes no ':N' parameter");
}

Test(policy_errors, bad_params)
{
    parse_fails("stop-at-shotguns:", "expected a whole number 0..1000 after ':', got ''");
    parse_fails("stop-at-shotguns:x", "got 'x'");
    parse_fails("stop-at-shotguns:2x", "got '2x'");
    parse_fails("stop-at-shotguns:-1", "got '-1'");
    parse_fails("stop-at-shotguns:1001", "got '1001'");
    parse_fails("stop-at-shotguns:99999999999999999999", "expected a whole number");
}

/* ---- choices ---------------------------------------------------------------- */

static ud_offers both(void)
{
    ud_offers o = { .n = 2, .action = { { ZD_ACT_STOP }, { ZD_ACT_ROLL } } };
    return o;
}

static int choose(const char *spec, const zd_state *st, const ud_offers *o, ud_rng *rng)
{
    ud_policy p = parse_ok(spec);
    int i = ud_policy_choose(&p, &zd_game, st, 0, o, rng);
    return i < 0 ? -1 : o->action[i].kind;   /* the kind chosen */
}

Test(policy_choice, stop_at_shotguns_threshold)
{
    zd_state st;
    memset(&st, 0, sizeof st);
    ud_offers o = both();
    ud_rng r;
    ud_rng_seed(&r, 1);
    st.shotguns[ZD_RED] = 1;
    st.shotgun_points = 1;
    cr_assert_eq(choose("stop-at-shotguns:2", &st, &o, &r), ZD_ACT_ROLL);
    st.shotguns[ZD_GREEN] = 1;
    st.shotgun_points = 2;
    cr_assert_eq(choose("stop-at-shotguns:2", &st, &o, &r), ZD_ACT_STOP);
}

Test(policy_choice, stop_at_brains_counts_noted_brains)
{
    zd_state st;
    memset(&st, 0, sizeof st);
    ud_offers o = both();
    ud_rng r;
    ud_rng_seed(&r, 1);
    st.brains[ZD_GREEN] = 2;
    st.brain_worth[ZD_GREEN] = 2;
    cr_assert_eq(choose("stop-at-brains:4", &st, &o, &r), ZD_ACT_ROLL);
    st.noted = 2;
    cr_assert_eq(choose("stop-at-brains:4", &st, &o, &r), ZD_ACT_STOP);
}

Test(policy_choice, closer_stops_when_the_turn_reaches_the_goal)
{
    zd_state st;
    memset(&st, 0, sizeof st);
    ud_offers o = both();
    ud_rng r;
    ud_rng_seed(&r, 1);
    st.score[0] = ZD_GOAL - 2;
    st.brains[ZD_YELLOW] = 1;
    st.brain_worth[ZD_YELLOW] = 1;
    cr_assert_eq(choose("closer:2", &st, &o, &r), ZD_ACT_ROLL);
    st.brains[ZD_YELLOW] = 2;
    st.brain_worth[ZD_YELLOW] = 2;
    cr_assert_eq(choose("closer:2", &st, &o, &r), ZD_ACT_STOP);
}

Test(policy_choice, always_roll_and_only_offered_actions)
{
    zd_state st;
    memset(&st, 0, sizeof st);
    st.shotguns[ZD_RED] = 2;
    st.shotgun_points = 2;
    ud_rng r;
    ud_rng_seed(&r, 1);
    ud_offers o = both();
    cr_assert_eq(choose("always-roll", &st, &o, &r), ZD_ACT_ROLL);
    /* When the preferred action is not offered, a policy picks an offered one. */
    ud_offers only_roll = { .n = 1, .action = { { ZD_ACT_ROLL } } };
    cr_assert_eq(choose("stop-at-shotguns:2", &st, &only_roll, &r), ZD_ACT_ROLL);
}

Test(policy_choice, random_uses_both_actions_and_only_offered_ones)
{
    zd_state st;
    memset(&st, 0, sizeof st);
    ud_rng r;
    ud_rng_seed(&r, 8);
    ud_offers o = both();
    int seen[ZD_ACTIONS] = { 0 };
    for (int i = 0; i < 200; i++) {
        int a = choose("random", &st, &o, &r);
        cr_assert(a == ZD_ACT_STOP || a == ZD_ACT_ROLL);
        seen[a]++;
    }
    cr_assert_gt(seen[ZD_ACT_STOP], 50);
    cr_assert_gt(seen[ZD_ACT_ROLL], 50);
    ud_offers only_stop = { .n = 1, .action = { { ZD_ACT_STOP } } };
    for (int i = 0; i < 20; i++)
        cr_assert_eq(choose("random", &st, &only_stop, &r), ZD_ACT_STOP);
}
