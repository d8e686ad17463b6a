/*
 * test_zd_policy.c - Zombie Dice's policies: their parameters by name,
 * and the choice each makes on given states and offers.  Parsing and
 * formatting for every game are in tests/test_policy.c.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "policy.h"
#include "zd_support.h"

static ud_policy parse_ok(const char *spec)
{
    ud_policy p;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&zd_game, spec, &p, &err), "%s: %s", spec, ud_buf_str(&err));
    ud_buf_free(&err);
    return p;
}

Test(zd_policy, params_by_name)
{
    cr_assert_eq(parse_ok("stop-at-shotguns:0").param, 0);
    cr_assert_eq(parse_ok("stop-at-brains:1000").param, 1000);
    cr_assert_eq(parse_ok("closer:3").param, 3);
    char out[64];
    ud_policy p = parse_ok("stop-at-shotguns");
    ud_policy_format(&p, out, sizeof out);
    char want[64];
    snprintf(want, sizeof want, "stop-at-shotguns:%d", p.def->def_param);
    cr_assert_str_eq(out, want);
}

/* ---- choices ---------------------------------------------------------------- */

static ud_offers both(void)
{
    ud_offers o = { .n = 2, .action = { { .kind = ZD_ACT_STOP }, { .kind = ZD_ACT_ROLL } } };
    return o;
}

static int choose(const char *spec, const zd_state *st, const ud_offers *o, ud_rng *rng)
{
    ud_policy p = parse_ok(spec);
    int i = ud_policy_choose(&p, &zd_game, st, 0, o, rng);
    return i < 0 ? -1 : o->action[i].kind; /* the kind chosen */
}

Test(zd_policy_choice, stop_at_shotguns_threshold)
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

Test(zd_policy_choice, stop_at_brains_counts_noted_brains)
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

Test(zd_policy_choice, closer_stops_when_the_turn_reaches_the_goal)
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

Test(zd_policy_choice, always_roll_and_only_offered_actions)
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
    ud_offers only_roll = { .n = 1, .action = { { .kind = ZD_ACT_ROLL } } };
    cr_assert_eq(choose("stop-at-shotguns:2", &st, &only_roll, &r), ZD_ACT_ROLL);
}

Test(zd_policy_choice, random_uses_both_actions_and_only_offered_ones)
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
    ud_offers only_stop = { .n = 1, .action = { { .kind = ZD_ACT_STOP } } };
    for (int i = 0; i < 20; i++)
        cr_assert_eq(choose("random", &st, &only_stop, &r), ZD_ACT_STOP);
}
