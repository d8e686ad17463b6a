/*
 * test_dl_explore.c - the bounds "round" and "district" (explore.c): the
 * first depths counted by hand, every pick's weights summing to exactly 1,
 * the key merging only states that play alike (merged states played on in
 * lockstep, the same dice for both), a round's exact outcomes against
 * games played by the rule table from the same position, "district" to a
 * horizon of one round against "round" and of two rounds against games
 * played, and a planted invariant found on a shortest path that replays.
 */
#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dotld/dotld.h"
#include "dotld/dotld_extras.h"
#include "explore.h"
#include "policy.h"
#include "rng.h"
#include "setup.h"
#include "support.h"

/* A small position: two spaces before the Suburbs' safe house would be
 * one (space 6, a zombie space; 7 is the safe house), one Time, two
 * healthy survivors, one supply, no ammo. */
static const char *const near_safe_house[] = {
    "district suburbs", "space 6", "time 1", "ammo 0", "healthy 2", "supplies 1", NULL,
};

/* A position with Time to reroll fight dice (cautious rerolls them only
 * with 3 or more) and ammo to spend: the fights the key's face merging
 * is about. */
static const char *const fights[] = {
    "district suburbs", "space 0", "time 5", "ammo 2", "healthy 6", "supplies 2", NULL,
};

static void setup_at(ud_setup *setup, const char *const *lines)
{
    ud_buf err;
    ud_buf_init(&err);
    ud_setup_defaults(&dl_game, setup);
    cr_assert(ud_setup_players(setup, "solo", &err), "%s", ud_buf_str(&err));
    cr_assert(ud_setup_variant(&dl_game, setup, "character=chosen", &err), "%s", ud_buf_str(&err));
    for (int i = 0; lines[i]; i++)
        cr_assert(ud_setup_start(setup, lines[i], &err), "%s", ud_buf_str(&err));
    ud_buf_free(&err);
}

static ud_policy cautious_policy(void)
{
    ud_policy pol;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&dl_game, "cautious", &pol, &err), "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    return pol;
}

static void explore_at(const ud_setup *setup, const ud_explore_bound *b, int depth, const ud_policy *pol,
                       ud_explore_report *rep, ud_explore_edge_fn on_edge, void *ctx)
{
    ud_explore_opts o = { .game = &dl_game,
                          .setup = setup,
                          .bound = b,
                          .max_depth = depth,
                          .policy = pol,
                          .check_invariants = 1,
                          .on_edge = on_edge,
                          .edge_ctx = ctx };
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, rep, &err), 0, "%s", ud_buf_str(&err));
    ud_buf_free(&err);
}

/* ---- the first depths, counted by hand ------------------------------------------------- */

/*
 * Depth 0: the set-up deals the three districts after the Suburbs (a
 * start line fixed the first, The Outskirts is last): one pick of 4 for
 * the second, then in each of its 4 branches one of 3 for the third, 12
 * orders and 1 + 4 = 5 picks.  The key forgets the later districts: one
 * state, the choice of a character.
 *
 * Depth 1: the first roll, five survivor dice as multisets (C(10,5) =
 * 252), the scavenger die (6) and the zombie die (6): 9,072 children.
 * Picks: the survivor dice's enumeration tree asks once at every prefix
 * of a non-decreasing sequence shorter than 5, C(5,0)+C(6,1)+C(7,2)+
 * C(8,3)+C(9,4) = 1+6+21+56+126 = 210, then a scavenger pick under each of
 * the 252 multisets and a zombie pick under each of the 1,512 pairs:
 * 210 + 252 + 1,512 = 1,974.  Distinct under the key: a 1 is locked and a
 * 5 and a 6 are one class, so the survivor dice are a multiset over five
 * classes, C(9,4) = 126; the zombie die's faces show 0, 1, 2, 2, 3 and 1
 * zombies (content/zombie_die.txt), so 4 pools; the scavenger's 6 faces
 * stay apart: 126 x 4 x 6 = 3,024, all decisions (nothing is lost before
 * the pools).
 */
Test(dl_explore_round, the_first_depths_match_a_count_by_hand)
{
    ud_setup setup;
    setup_at(&setup, near_safe_house);
    ud_policy pol = cautious_policy();
    const ud_explore_bound *bounds[] = { &dl_bound_round, &dl_bound_district };
    for (int i = 0; i < 2; i++) {
        ud_explore_report rep;
        explore_at(&setup, bounds[i], 1, &pol, &rep, NULL, NULL);
        cr_assert_not(rep.violated, "%s", rep.fail.msg);
        cr_assert_eq(rep.level[0].generated, 12, "%s: %llu", bounds[i]->name,
                     (unsigned long long)rep.level[0].generated);
        cr_assert_eq(rep.level[0].distinct, 1);
        cr_assert_eq(rep.level[0].chance, 5);
        cr_assert_eq(rep.level[1].generated, 9072);
        cr_assert_eq(rep.level[1].chance, 1974, "%llu", (unsigned long long)rep.level[1].chance);
        cr_assert_eq(rep.level[1].distinct, 3024, "%llu", (unsigned long long)rep.level[1].distinct);
        cr_assert_eq(rep.level[1].decision, 3024);
        cr_assert_eq(rep.chance_sums_checked, rep.chance);
        ud_explore_report_free(&rep);
    }
}

/* ---- weights ------------------------------------------------------------------------------ */

typedef struct sums {
    uint64_t steps, not_one;
} sums;

static void sum_edge(void *ctx, const void *state, const ud_action *action, int n,
                     const void *const *children, mpq_t *const *weights)
{
    sums *s = ctx;
    mpq_t t;
    mpq_init(t);
    for (int i = 0; i < n; i++)
        mpq_add(t, t, *weights[i]);
    s->steps++;
    s->not_one += mpq_cmp_ui(t, 1, 1) != 0;
    mpq_clear(t);
}

Test(dl_explore_round, every_steps_outcomes_sum_to_exactly_one, .timeout = 120)
{
    /* Two decisions deep: the first roll kept goes through the pools,
     * scavenging, the move, the fight's roll and (past a fight) the safe
     * house's event draws and infection rolls.  Under the sanitizers one
     * decision (the first roll) only. */
    ud_setup setup;
    setup_at(&setup, near_safe_house);
    ud_policy pol = cautious_policy();
    sums s = { 0, 0 };
    ud_explore_report rep;
    explore_at(&setup, &dl_bound_round, test_sample(8) >= 8 ? 2 : 1, &pol, &rep, sum_edge, &s);
    cr_assert_not(rep.violated, "%s", rep.fail.msg);
    cr_assert_eq(rep.chance_sums_checked, rep.chance, "every pick sums to exactly 1");
    cr_assert_eq(s.steps, rep.transitions);
    cr_assert_eq(s.not_one, 0, "%llu of %llu steps do not sum to 1", (unsigned long long)s.not_one,
                 (unsigned long long)s.steps);
    ud_explore_report_free(&rep);
}

/* ---- playing a position to the bound's leaf -------------------------------------------------- */

/* Dice from a seeded generator; at each pick, the bound's cut is asked of
 * the state as the explorer asks it, and the first leaf's label kept. */
typedef struct bounded_chance {
    ud_chance c; /* first: the engine hands back this pointer */
    ud_rng rng;
    const dl_state *st;
    const ud_explore_bound *b;
    bool cut;
    char label[96];
} bounded_chance;

static void leaf_label(bounded_chance *bc)
{
    ud_buf out;
    ud_buf_init(&out);
    bc->b->outcome(bc->st, &out);
    snprintf(bc->label, sizeof bc->label, "%s", ud_buf_str(&out));
    ud_buf_free(&out);
    bc->cut = true;
}

static int bounded_pick(ud_chance *c, const ud_pick_req *p)
{
    bounded_chance *bc = (bounded_chance *)c;
    if (!bc->cut && bc->b->cut(bc->st))
        leaf_label(bc);
    return (int)ud_rng_below(&bc->rng, (uint32_t)p->n);
}

typedef struct runner {
    bounded_chance ch;
    ud_step s;
    dl_state st;
    ud_status status;
    ud_policy pol;
} runner;

static runner *runner_new(const ud_table *t, const ud_setup *setup, const ud_explore_bound *b, uint64_t seed)
{
    runner *r = calloc(1, sizeof *r);
    cr_assert_not_null(r);
    ud_rng_seed(&r->ch.rng, seed);
    r->ch.c.pick = bounded_pick;
    r->ch.st = &r->st;
    r->ch.b = b;
    r->pol = cautious_policy();
    ud_step_init(&r->s, t, setup, &r->ch.c, NULL, NULL);
    r->s.check_invariants = 1;
    return r;
}

/* Past a status: a leaf met at a decision or the end, or go on. */
static bool runner_done(runner *r)
{
    cr_assert_neq(r->status, UD_ERROR, "%s: %s", r->s.fail.id ? r->s.fail.id : "", r->s.fail.msg);
    if (!r->ch.cut && (r->status == UD_OVER || r->ch.b->cut(&r->st)))
        leaf_label(&r->ch);
    return r->ch.cut;
}

static void runner_decide(runner *r)
{
    int i = ud_policy_choose(&r->pol, &dl_game, &r->st, dl_game.to_move(&r->st), &r->s.offers, NULL);
    cr_assert(i >= 0 && i < r->s.offers.n);
    r->status = ud_decide_offer(&r->s, &r->st, i);
}

/* ---- the key merges only states that play alike ------------------------------------------------ */

/* Two states the key merges, played on from a decision with the same dice
 * under cautious: at every decision their keys agree, and the leaf they
 * reach has the same label.  (Had the key merged states that play apart,
 * the explorer would follow one of them for both.) */
static int play_in_lockstep(const ud_table *t, const ud_setup *setup, const dl_state *a, const dl_state *b,
                            uint64_t seed)
{
    runner *ra = runner_new(t, setup, &dl_bound_district, seed),
           *rb = runner_new(t, setup, &dl_bound_district, seed);
    ra->st = *a;
    rb->st = *b;
    ra->status = ud_advance(&ra->s, &ra->st);
    rb->status = ud_advance(&rb->s, &rb->st);
    int decisions = 0;
    for (;;) {
        bool da = runner_done(ra), db = runner_done(rb);
        cr_assert_eq(da, db, "one leaf before the other (seed %llu, %d decisions)", (unsigned long long)seed,
                     decisions);
        if (da)
            break;
        unsigned char ka[sizeof(dl_state)], kb[sizeof(dl_state)];
        dl_district_key(&ra->st, ka);
        dl_district_key(&rb->st, kb);
        cr_assert_eq(memcmp(ka, kb, sizeof ka), 0, "keys part at decision %d (seed %llu), phase %d",
                     decisions, (unsigned long long)seed, ra->st.phase);
        runner_decide(ra);
        runner_decide(rb);
        decisions++;
    }
    cr_assert_str_eq(ra->ch.label, rb->ch.label, "seed %llu", (unsigned long long)seed);
    free(ra);
    free(rb);
    return decisions;
}

static void orders_only_key(const void *p, unsigned char *out)
{
    dl_state st = *(const dl_state *)p;
    memset(st.order + 1, 0, sizeof st.order - 1);
    memcpy(out, &st, sizeof st);
}

typedef struct kids {
    int n;
    dl_state *st;
} kids;

static void collect_kids(void *ctx, const void *state, const ud_action *action, int n,
                         const void *const *children, mpq_t *const *weights)
{
    kids *k = ctx;
    k->st = realloc(k->st, (size_t)(k->n + n) * sizeof *k->st);
    cr_assert_not_null(k->st);
    for (int i = 0; i < n; i++)
        memcpy(&k->st[k->n++], children[i], sizeof(dl_state));
}

static const kids *sorting;
static int by_key(const void *x, const void *y)
{
    unsigned char kx[sizeof(dl_state)], ky[sizeof(dl_state)];
    dl_district_key(&sorting->st[*(const int *)x], kx);
    dl_district_key(&sorting->st[*(const int *)y], ky);
    return memcmp(kx, ky, sizeof kx);
}

Test(dl_explore_key, states_merged_after_the_first_roll_play_alike, .timeout = 120)
{
    /* The first roll's 9,072 children fall into 3,024 keys (a 5 and a 6,
     * zombie faces showing as many zombies): one pair in four of those
     * the key merges (one in 16 under the sanitizers), played to the
     * district's end with the same dice, three seeds each. */
    ud_setup setup;
    setup_at(&setup, near_safe_house);
    ud_policy pol = cautious_policy();
    kids k = { 0 };
    ud_explore_report rep;
    /* on the states' bytes but for the later districts (the 12 orders
     * are one state, as the first test counts): the explorer reports each
     * expansion's distinct children, and the key would have merged them */
    ud_explore_bound bytes = dl_bound_district;
    bytes.key = orders_only_key;
    bytes.key_size = sizeof(dl_state);
    explore_at(&setup, &bytes, 1, &pol, &rep, collect_kids, &k);
    ud_explore_report_free(&rep);
    cr_assert_eq(k.n, 9072, "%d children", k.n);
    int *idx = malloc((size_t)k.n * sizeof *idx);
    cr_assert_not_null(idx);
    for (int i = 0; i < k.n; i++)
        idx[i] = i;
    sorting = &k;
    qsort(idx, (size_t)k.n, sizeof *idx, by_key);
    ud_table *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    ud_table_build(t, &dl_game, setup.variant);
    int pairs = 0, played = 0, every = 4 * (4 / test_sample(4));
    long decisions = 0;
    for (int i = 1; i < k.n; i++) {
        if (by_key(&idx[i - 1], &idx[i]) != 0)
            continue;
        cr_assert_neq(memcmp(&k.st[idx[i - 1]], &k.st[idx[i]], sizeof(dl_state)), 0, "a child twice");
        if (pairs++ % every)
            continue;
        played++;
        for (uint64_t seed = 1; seed <= 3; seed++)
            decisions +=
                play_in_lockstep(t, &setup, &k.st[idx[i - 1]], &k.st[idx[i]], seed * 7919 + (uint64_t)i);
    }
    cr_assert_eq(pairs, 9072 - 3024, "pairs merged: %d", pairs);
    cr_assert_gt(decisions, 3 * played, "the pairs were played past their first decision (%ld)", decisions);
    free(t);
    free(idx);
    free(k.st);
}

/* A fight decision's twin: one unmarked die moved from face `from` to
 * face `to`. */
static bool twin(const dl_state *st, int from, int to, dl_state *out)
{
    if (st->fdice[from] <= st->fmarked[from])
        return false;
    *out = *st;
    out->fdice[from]--;
    out->fdice[to]++;
    return true;
}

Test(dl_explore_key, fight_faces_merged_play_alike, .timeout = 120)
{
    /* Games from a position with Time and ammo for rerolled fights; at
     * every fight decision, each twin with one die on another face that
     * the key merges with the original (a 2 shown as a 3, a 4 as a 5, and
     * whatever else it would merge) is played on with it in lockstep. */
    ud_setup setup;
    setup_at(&setup, fights);
    ud_table *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    ud_table_build(t, &dl_game, setup.variant);
    int twins = 0, apart = 0, rerolled = 0;
    int games = test_sample(200);
    for (int g = 0; g < games; g++) {
        runner *r = runner_new(t, &setup, &dl_bound_district, 1000 + (uint64_t)g);
        r->status = ud_start(&r->s, &r->st);
        while (!runner_done(r)) {
            if (r->st.phase == DL_PH_FIGHT) {
                unsigned char k[sizeof(dl_state)], kt[sizeof(dl_state)];
                dl_district_key(&r->st, k);
                for (int from = 1; from <= 6; from++)
                    for (int to = 1; to <= 6; to++) {
                        dl_state other;
                        if (from == to || !twin(&r->st, from, to, &other))
                            continue;
                        dl_district_key(&other, kt);
                        if (memcmp(k, kt, sizeof k) != 0) {
                            apart++;
                            continue;
                        }
                        play_in_lockstep(t, &setup, &r->st, &other,
                                         5000 + (uint64_t)(g * 36 + from * 6 + to));
                        twins++;
                    }
                rerolled += r->st.fight_roll > 1;
            }
            runner_decide(r);
        }
        free(r);
    }
    cr_assert_gt(twins, games / 4, "only %d twins in %d games", twins, games);
    cr_assert_gt(apart, twins, "the key keeps most faces apart (%d twins merged, %d apart)", twins, apart);
    cr_assert_gt(rerolled, 0, "no fight was rerolled: the marks' faces were not met");
    free(t);
}

/* ---- the exact outcomes against games played ------------------------------------------------ */

/* Exact chances pinned from the explorer's output, each held to games
 * played by the rule table from the same position (below), which share
 * nothing with the explorer but the rows. */
typedef struct pinned {
    const char *label, *p;
} pinned;

/* The round from near_safe_house under cautious, as
 *   undead explore dotld --bound round --players ann --start "district suburbs" --start "space 6" \
 *     --start "time 1" --start "ammo 0" --start "healthy 2" --start "supplies 1" \
 *     --variant character=chosen --policy cautious --follow-policy --outcomes --fractions
 * prints them (27,606 states; spec/dotld/docs.md). */
static const pinned round_exact[] = {
    { "lost: no survivor left", "178618196502750241/394865111526801408" },
    { "safe house reached, survivors 1", "38275291542434297/394865111526801408" },
    { "safe house reached, survivors 2", "1221686174972659/7312316880125952" },
    { "safe house reached, survivors 3", "14012971949063195/98716277881700352" },
    { "safe house reached, survivors 4", "604444471500533/12339534735212544" },
    { "safe house reached, survivors 5", "11949875306141/457019805007872" },
    { "space 6 time 1 survivors 1", "29049603379015/2742118830047232" },
    { "space 6 time 1 survivors 2", "193316102545/7522959753216" },
    { "space 6 time 1 survivors 3", "116577695299/57127475625984" },
    { "space 6 time 1 survivors 4", "1209438460561/228509902503936" },
    { "lost: out of Time", "10783600201/470184984576" },
};
enum { N_ROUND_EXACT = sizeof round_exact / sizeof round_exact[0] };

static void pinned_q(mpq_t q, const pinned *e)
{
    cr_assert_eq(mpq_set_str(q, e->p, 10), 0, "%s: %s", e->label, e->p);
    mpq_canonicalize(q);
}

/* games played from the position, each to the bound's first leaf: every
 * leaf reached is one of exact's, each as often as its chance says (within
 * 4.5 standard deviations, a false alarm about once in 150,000 per
 * outcome, plus a game); exact sums to exactly 1 */
static void hold_to_games(const char *const *position, const ud_explore_bound *b, const pinned *exact, int n,
                          uint64_t seed)
{
    mpq_t sum, p;
    mpq_inits(sum, p, NULL);
    for (int i = 0; i < n; i++) {
        pinned_q(p, &exact[i]);
        mpq_add(sum, sum, p);
    }
    cr_assert(mpq_cmp_ui(sum, 1, 1) == 0, "the outcomes sum to %.12f", mpq_get_d(sum));

    ud_setup setup;
    setup_at(&setup, position);
    ud_table *t = malloc(sizeof *t);
    int *seen = calloc((size_t)n, sizeof *seen);
    cr_assert(t && seen);
    ud_table_build(t, &dl_game, setup.variant);
    int games = test_sample(100000);
    for (int g = 0; g < games; g++) {
        runner *r = runner_new(t, &setup, b, seed + (uint64_t)g);
        r->s.check_invariants = 0; /* speed: the explorer checked them in every state */
        r->status = ud_start(&r->s, &r->st);
        while (!runner_done(r))
            runner_decide(r);
        int k = 0;
        while (k < n && strcmp(exact[k].label, r->ch.label) != 0)
            k++;
        cr_assert_lt(k, n, "a game ended '%s', which the explorer never reached", r->ch.label);
        seen[k]++;
        free(r);
    }
    for (int i = 0; i < n; i++) {
        pinned_q(p, &exact[i]);
        double q = mpq_get_d(p), f = (double)seen[i] / games;
        double tol = 4.5 * sqrt(q * (1 - q) / games) + 1.0 / games;
        cr_expect(fabs(f - q) <= tol, "%s: %d of %d games (%.5f), exact %.5f, tolerance %.5f", exact[i].label,
                  seen[i], games, f, q, tol);
    }
    mpq_clears(sum, p, NULL);
    free(seen);
    free(t);
}

Test(dl_explore_round, exact_outcomes_match_games_played_by_the_rows, .timeout = 120)
{
    hold_to_games(near_safe_house, &dl_bound_round, round_exact, N_ROUND_EXACT, 77);
}

/* ---- a district to a horizon of rounds ------------------------------------------------------------ */

/* The index of the outcome labelled label, or n_outcomes. */
static int outcome_index(const ud_explore_report *rep, const char *label)
{
    int k = 0;
    while (k < rep->n_outcomes && strcmp(rep->outcome_label[k], label) != 0)
        k++;
    return k;
}

/* "district" to a horizon of one round is "round": the same leaves, the
 * safe house's named for the district's end, the four left on the track
 * one remainder.  Explored here in full (6,246,844 states generated). */
Test(dl_explore_district, to_one_round_it_is_the_round, .timeout = 120)
{
    ud_setup setup;
    setup_at(&setup, near_safe_house);
    ud_policy pol = cautious_policy();
    ud_explore_opts o = { .game = &dl_game,
                          .setup = &setup,
                          .bound = &dl_bound_district,
                          .max_depth = -1,
                          .policy = &pol,
                          .check_invariants = 1,
                          .outcomes = 1,
                          .horizon = 1,
                          .jobs = 2 };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    cr_assert_not(rep.violated, "%s", rep.fail.msg);
    cr_assert(rep.complete);
    mpq_t track, q;
    mpq_inits(track, q, NULL);
    int matched = 0;
    for (int i = 0; i < N_ROUND_EXACT; i++) {
        pinned_q(q, &round_exact[i]);
        const char *l = round_exact[i].label;
        if (strncmp(l, "space ", 6) == 0) {
            mpq_add(track, track, q);
            continue;
        }
        char label[64];
        int n;
        if (sscanf(l, "safe house reached, survivors %d", &n) == 1)
            snprintf(label, sizeof label, "next district, survivors %d", n);
        else
            snprintf(label, sizeof label, "%s", l);
        int k = outcome_index(&rep, label);
        cr_assert_lt(k, rep.n_outcomes, "no outcome '%s'", label);
        cr_expect(mpq_equal(rep.outcome_p[k], q), "%s: %.12f, the round's %.12f", label,
                  mpq_get_d(rep.outcome_p[k]), mpq_get_d(q));
        matched++;
    }
    int k = outcome_index(&rep, "not over after 1 round");
    cr_assert_lt(k, rep.n_outcomes, "no remainder");
    cr_expect_eq(rep.remainder, k, "the report names outcome %d as the remainder, not %d", rep.remainder, k);
    cr_expect(mpq_equal(rep.outcome_p[k], track), "the remainder %.12f, the round's track %.12f",
              mpq_get_d(rep.outcome_p[k]), mpq_get_d(track));
    cr_expect_eq(rep.n_outcomes, matched + 1, "%d outcomes, %d expected", rep.n_outcomes, matched + 1);
    mpq_clears(track, q, NULL);
    ud_explore_report_free(&rep);
}

/* One healthy survivor, nothing else, a space before the safe house. */
static const char *const alone_near_safe_house[] = {
    "district suburbs", "space 6", "time 1", "ammo 0", "healthy 1", "supplies 0", NULL,
};

/* The district from alone_near_safe_house to a horizon of two rounds, as
 *   undead explore dotld --bound district --horizon 2 --players ann --start "district suburbs" \
 *     --start "space 6" --start "time 1" --start "ammo 0" --start "healthy 1" --start "supplies 0" \
 *     --variant character=chosen --policy cautious --outcomes --fractions
 * prints it (224,971 states, about a minute; spec/dotld/docs.md). */
static const pinned two_rounds_exact[] = {
    { "lost: no survivor left", "426168137695591558427383850105809/641639737864499235256264606875648" },
    { "next district, survivors 1", "289245980025577031783470087061197/1924919213593497705768793820626944" },
    { "next district, survivors 2", "152217100363662236566277662757/1253202613016600068859891810304" },
    { "next district, survivors 3", "364541896665526437943040239931/11278823517149400619739026292736" },
    { "next district, survivors 4", "18913109420071023693457249993/2819705879287350154934756573184" },
    { "next district, survivors 5", "25603129990610707727975431/234975489940612512911229714432" },
    { "lost: out of Time", "20364408709086742348079779/859535399874211295514329088" },
    { "not over after 2 rounds", "12610754282452113133853889581/10025620904132800550879134482432" },
};
enum { N_TWO_ROUNDS = sizeof two_rounds_exact / sizeof two_rounds_exact[0] };

/* The horizon written out by hand for the games: a leaf at the bound's
 * own end, or at the first pick of round 3. */
static bool two_rounds_cut(const void *p)
{
    return dl_bound_district.cut(p) || ((const dl_state *)p)->round > 2;
}

static void two_rounds_outcome(const void *p, ud_buf *out)
{
    if (dl_bound_district.cut(p))
        dl_bound_district.outcome(p, out);
    else
        ud_buf_puts(out, "not over after 2 rounds");
}

static const ud_explore_bound two_rounds = {
    .game = "dotld",
    .name = "two rounds",
    .cut = two_rounds_cut,
    .outcome = two_rounds_outcome,
};

Test(dl_explore_district, two_rounds_exact_outcomes_match_games_played_by_the_rows, .timeout = 120)
{
    hold_to_games(alone_near_safe_house, &two_rounds, two_rounds_exact, N_TWO_ROUNDS, 1077);
}

/* ---- a planted invariant ----------------------------------------------------------------------- */

/* Planted: no fight decision is ever asked. */
static bool no_fight_decision(const ud_game *g, const void *p, ud_buf *why)
{
    if (((const dl_state *)p)->phase != DL_PH_FIGHT)
        return true;
    ud_buf_puts(why, "a fight decision");
    return false;
}

static const ud_invariant planted[] = {
    { "TEST-INV-NO-FIGHT", "No fight decision (planted to fail).", no_fight_decision },
};

Test(dl_explore_round, a_planted_invariant_is_found_on_a_shortest_path_that_replays, .timeout = 120)
{
    const ud_game *planted_game = planted_game_of(&dl_game, planted, 1);
    ud_setup setup;
    setup_at(&setup, near_safe_house);
    ud_policy pol = cautious_policy();
    ud_explore_opts o = { .game = planted_game,
                          .setup = &setup,
                          .bound = &dl_bound_round,
                          .max_depth = -1,
                          .policy = &pol,
                          .check_invariants = 1 };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    cr_assert(rep.violated, "no violation found");
    cr_assert_str_eq(rep.fail.id, "TEST-INV-NO-FIGHT");
    cr_assert_not_null(rep.trace);
    /* Two decisions, no fewer: the character, then "keep" on a first roll
     * with a fight die and a zombie (no 2 to reroll): the fight's first
     * roll is made without a decision, and the fight decision follows. */
    int decisions = 0;
    for (const char *at = rep.trace; (at = strstr(at, "\ndecide ")); at++)
        decisions++;
    cr_assert_eq(decisions, 2, "%d decisions on the path\n%s", decisions, rep.trace);
    cr_assert_not_null(strstr(rep.trace, "start space 6"), "%s", rep.trace);

    assert_trace_breaks_planted(rep.trace, "TEST-INV-NO-FIGHT", "dotld");
    ud_explore_report_free(&rep);
}
