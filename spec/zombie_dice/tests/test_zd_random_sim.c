/*
 * test_random_sim.c - random simulation in the manner of OpenSpiel's
 * RandomSimTest: thousands of seeded games under every variant
 * combination, 2 to 8 players and a mix of policies, with invariants
 * checked after every rule firing.  Every game must end, with a winner
 * holding the best score (or a shared win where the rules allow one); the
 * firing counts must obey the bookkeeping the rules imply; and each game,
 * written as a transcript, must pass `check` and regenerate byte for byte.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "zd_support.h"

static const char *const policy_specs[] = {
    "random",           "stop-at-shotguns:1", "stop-at-shotguns:2", "stop-at-brains:4",
    "stop-at-brains:7", "closer:2",           "bus-rider:2",        "always-roll",
};
enum { N_SPECS = sizeof policy_specs / sizeof policy_specs[0] };

/* Settings: the 32 combinations of the base game's five readings (no
 * expansion), then the 64 of the expansions' (dice set, energy drink,
 * rescue, helmet, bus) under the default base readings. */
enum { BASE_SETTINGS = 48, EXPANSION_SETTINGS = 64, SETTINGS = BASE_SETTINGS + EXPANSION_SETTINGS };
enum { SEEDS_PER_SETTING = 10 }; /* x 112 settings x 7 player counts */

static uint64_t count(const uint64_t *fired, const char *id)
{
    const ud_rule *r = ud_game_rule(&zd_game, id);
    cr_assert_not_null(r, "%s", id);
    return fired[ud_game_rule_index(&zd_game, r)];
}

static void set_variants(ud_match *m, int setting)
{
    static const int base_keys[] = { ZD_V_END, ZD_V_TIEBREAK, ZD_V_SHORT_WHEN, ZD_V_SHORT_ORDER, ZD_V_FIRST };
    static const int expansion_keys[] = { ZD_V_DICE, ZD_V_ENERGY, ZD_V_RESCUE, ZD_V_HELMET, ZD_V_BUS };
    const int *keys = setting < BASE_SETTINGS ? base_keys : expansion_keys;
    int rest = setting < BASE_SETTINGS ? setting : setting - BASE_SETTINGS;
    for (int i = 0; i < 5; i++) {
        int n = zd_game.variants[keys[i]].n_values;
        m->setup.variant[keys[i]] = rest % n;
        rest /= n;
    }
}

static void set_players(ud_match *m, int n, uint64_t seed)
{
    m->setup.n_players = n;
    ud_buf err;
    ud_buf_init(&err);
    for (int i = 0; i < n; i++) {
        snprintf(m->setup.names[i], UD_NAME_MAX, "z%d", i + 1);
        /* Seat 0 never always-rolls, so somebody can score. */
        int k = (int)((seed * 7 + (uint64_t)i * 3) % (i == 0 ? N_SPECS - 1 : N_SPECS));
        cr_assert(ud_policy_parse(&zd_game, policy_specs[k], &m->policy[i], &err), "%s", ud_buf_str(&err));
    }
    ud_buf_free(&err);
}

/* The bookkeeping any finished game must show, from the rule texts. */
static void check_counts(const uint64_t *f, const ud_result *res, const ud_match *m, const char *what)
{
    cr_assert_eq(count(f, "ZD-PLAYERS"), 1, "%s", what);
    cr_assert_eq(count(f, "ZD-DICE"), 1, "%s", what);
    cr_assert_eq(count(f, "ZD-FIRST-SEAT-ORDER") + count(f, "ZD-FIRST-RANDOM"), 1, "%s", what);
    /* Every turn ends in a stop, a bust or the bus's Stop. */
    cr_assert_eq(count(f, "ZD-STOP-SCORE") + count(f, "ZD-BUST") + count(f, "ZD-BUS-STOP"),
                 count(f, "ZD-TURN"), "%s", what);
    /* Every decision is one offer: stop-or-roll, which footprint to drink,
     * or get off the bus; each is answered by exactly one effect row. */
    uint64_t offers = count(f, "ZD-CHOICE") + count(f, "ZD-DRINK-CHOOSE") + count(f, "ZD-BUS-FEET");
    cr_assert_eq(offers, res->decisions, "%s", what);
    uint64_t answers = count(f, "ZD-STOP-SCORE") + count(f, "ZD-ROLL-AGAIN") + count(f, "ZD-BUS-RIDE") +
                       count(f, "ZD-DRINK-CONVERT") + count(f, "ZD-BUS-GET-OFF") + count(f, "ZD-BUS-STAY-ON");
    cr_assert_eq(answers, res->decisions, "%s", what);
    /* The hand is topped up at each turn start and each roll again (or
     * boarding), and every top-up is followed by one roll of three. */
    cr_assert_eq(count(f, "ZD-DRAW"),
                 count(f, "ZD-TURN") + count(f, "ZD-ROLL-AGAIN") + count(f, "ZD-BUS-RIDE"), "%s", what);
    cr_assert_eq(count(f, "ZD-ROLL-THREE"), count(f, "ZD-DRAW"), "%s", what);
    /* A roll ends in a bust, the bus's Stop, or with feet kept and a choice. */
    cr_assert_eq(count(f, "ZD-BUST") + count(f, "ZD-BUS-STOP") + count(f, "ZD-FEET-KEEP"),
                 count(f, "ZD-ROLL-THREE"), "%s", what);
    cr_assert_eq(count(f, "ZD-FEET-KEEP"), count(f, "ZD-CHOICE"), "%s", what);
    /* One goal, one end of the game and one per tiebreak round, one result. */
    cr_assert_eq(count(f, "ZD-GOAL-FINISH-ROUND") + count(f, "ZD-GOAL-FINAL-TURN"), 1, "%s", what);
    uint64_t tiebreaks = count(f, "ZD-TIEBREAK-ONE") + count(f, "ZD-TIEBREAK-REPEAT");
    cr_assert_eq(count(f, "ZD-GAME-OVER"), 1 + tiebreaks, "%s", what);
    cr_assert_eq(count(f, "ZD-MOST-BRAINS") + count(f, "ZD-TIE-STANDS"), 1, "%s", what);
    if (m->setup.variant[ZD_V_TIEBREAK] == ZD_TIE_ONE_ROUND)
        cr_assert_leq(tiebreaks, 1, "%s", what);
    /* Shortage rows come as a pair: announced, then the brains go back. */
    cr_assert_eq(count(f, "ZD-SHORTAGE-THREE") + count(f, "ZD-SHORTAGE-NEEDED") +
                     count(f, "ZD-SHORTAGE-LITERAL"),
                 count(f, "ZD-SHORTAGE-RETURN"), "%s", what);
}

static void check_result(const ud_result *res, const ud_match *m, const char *what)
{
    cr_assert_eq(res->status, UD_OVER, "%s: %s %s", what, res->fail.id ? res->fail.id : "", res->fail.msg);
    int n = m->setup.n_players, best = -1, holders = 0;
    for (int i = 0; i < n; i++)
        best = res->score[i] > best ? res->score[i] : best;
    for (int i = 0; i < n; i++)
        holders += res->score[i] == best;
    cr_assert_geq(best, ZD_GOAL, "%s: the game ended below the goal", what);
    if (res->winner == -2) {
        cr_assert_eq(m->setup.variant[ZD_V_TIEBREAK], ZD_TIE_ONE_ROUND, "%s: a shared win under until-broken",
                     what);
        cr_assert_geq(holders, 2, "%s: a shared win with one leader", what);
    } else {
        cr_assert(res->winner >= 0 && res->winner < n, "%s: winner %d", what, res->winner);
        cr_assert_eq(res->score[res->winner], best, "%s: the winner lacks the best score", what);
        cr_assert_eq(holders, 1, "%s: a single winner while %d share the best score", what, holders);
    }
}

/* Play, then replay the written transcript through the checker. */
static void simulate(int players)
{
    int combos = SETTINGS;
    static unsigned char state[4096] __attribute__((aligned(16)));
    cr_assert_leq(zd_game.state_size, sizeof state);
    int games = 0, shared = 0, tiebreaks = 0, shortages = 0;
    for (int combo = 0; combo < combos; combo++) {
        /* (under the sanitizers a quarter of the seeds: every setting) */
        for (int k = 0; k < test_sample(SEEDS_PER_SETTING); k++) {
            ud_match m;
            ud_match_defaults(&m, &zd_game);
            set_variants(&m, combo);
            m.seed = (uint64_t)players * 100000 + (uint64_t)combo * 100 + (uint64_t)k;
            set_players(&m, players, m.seed);
            char what[96];
            snprintf(what, sizeof what, "players %d, variant setting %d, seed %llu", players, combo,
                     (unsigned long long)m.seed);
            ud_table t;
            ud_table_build(&t, &zd_game, m.setup.variant);

            /* Fast mode: no sink. */
            uint64_t fired_fast[UD_MAX_RULES] = { 0 };
            ud_result fast;
            ud_play(&m, &t, state, NULL, fired_fast, 1, &fast);
            check_result(&fast, &m, what);
            check_counts(fired_fast, &fast, &m, what);

            /* The same game with a transcript sink must be the same game. */
            char *text = NULL;
            size_t len = 0;
            FILE *out = open_memstream(&text, &len);
            ud_transcript_write_header(out, &zd_game, &m.setup, m.policy, &m.seed, 0);
            ud_sink sink;
            ud_sink_to_file(&sink, out);
            uint64_t fired_text[UD_MAX_RULES] = { 0 };
            ud_result written;
            ud_play(&m, &t, state, &sink, fired_text, 1, &written);
            fclose(out);
            cr_assert_eq(written.winner, fast.winner, "%s", what);
            cr_assert_eq(written.decisions, fast.decisions, "%s", what);
            cr_assert_eq(written.steps, fast.steps, "%s", what);
            cr_assert_eq(memcmp(written.score, fast.score, sizeof fast.score), 0, "%s", what);
            cr_assert_eq(memcmp(fired_text, fired_fast, sizeof fired_fast), 0, "%s", what);

            /* Round trip: parse, check, regenerate identically. */
            run r;
            run_text(&r, text);
            cr_assert_eq(r.status, RUN_OK, "%s: the transcript fails at %d: [%s] %s\n%s", what, r.err.line,
                         r.err.rule, r.err.msg, text);
            cr_assert_eq(r.res.complete, 1, "%s", what);
            cr_assert_eq(r.res.winner, fast.winner, "%s", what);
            cr_assert_eq(memcmp(r.res.score, fast.score, sizeof(int) * (size_t)players), 0, "%s", what);
            cr_assert_eq(r.res.decisions, fast.decisions, "%s", what);
            cr_assert_eq(memcmp(r.fired, fired_fast, sizeof(uint64_t) * (size_t)zd_game.n_rules), 0,
                         "%s: firing counts differ between play and check", what);
            cr_assert_eq(r.regen_len, len, "%s: regenerated %zu bytes, played %zu", what, r.regen_len, len);
            cr_assert_eq(memcmp(r.regen, text, len), 0, "%s: the regenerated transcript differs", what);
            run_free(&r);
            free(text);

            games++;
            shared += fast.winner == -2;
            tiebreaks += count(fired_fast, "ZD-TIEBREAK-ONE") + count(fired_fast, "ZD-TIEBREAK-REPEAT") > 0;
            shortages += count(fired_fast, "ZD-SHORTAGE-RETURN") > 0;
        }
    }
    /* The sample is big enough to reach the rarer paths at least once. */
    cr_assert_gt(shortages, 0, "%d players: no game had a dice shortage", players);
    cr_assert_gt(tiebreaks, 0, "%d players: no game went to a tiebreak", players);
    cr_log_info("%d players: %d games, %d with a tiebreak, %d shared wins, %d with a shortage", players,
                games, tiebreaks, shared, shortages);
}

Test(random_sim, two_players) { simulate(2); }
Test(random_sim, three_players) { simulate(3); }
Test(random_sim, four_players) { simulate(4); }
Test(random_sim, five_players) { simulate(5); }
Test(random_sim, six_players) { simulate(6); }
Test(random_sim, seven_players) { simulate(7); }
Test(random_sim, eight_players) { simulate(8); }

Test(random_sim, same_seed_same_transcript_different_seed_different)
{
    static unsigned char state[4096] __attribute__((aligned(16)));
    char *text[3] = { NULL };
    size_t len[3] = { 0 };
    for (int i = 0; i < 3; i++) {
        ud_match m;
        ud_match_defaults(&m, &zd_game);
        m.seed = i < 2 ? 4242 : 4243;
        set_players(&m, 4, 1);
        ud_table t;
        ud_table_build(&t, &zd_game, m.setup.variant);
        FILE *out = open_memstream(&text[i], &len[i]);
        ud_sink sink;
        ud_sink_to_file(&sink, out);
        ud_result res;
        ud_play(&m, &t, state, &sink, NULL, 0, &res);
        fclose(out);
        cr_assert_eq(res.status, UD_OVER);
    }
    cr_assert_eq(len[0], len[1]);
    cr_assert_str_eq(text[0], text[1], "the same seed played twice differs");
    cr_assert_str_neq(text[0], text[2], "seeds 4242 and 4243 play the same game");
    for (int i = 0; i < 3; i++)
        free(text[i]);
}

Test(random_sim, game_without_an_end_is_abandoned)
{
    static unsigned char state[4096] __attribute__((aligned(16)));
    ud_match m;
    ud_match_defaults(&m, &zd_game);
    ud_buf err;
    ud_buf_init(&err);
    for (int i = 0; i < 2; i++)
        cr_assert(ud_policy_parse(&zd_game, "always-roll", &m.policy[i], &err));
    ud_buf_free(&err);
    m.max_decisions = 100;
    ud_table t;
    ud_table_build(&t, &zd_game, m.setup.variant);
    ud_result res;
    ud_play(&m, &t, state, NULL, NULL, 1, &res);
    cr_assert_eq(res.status, UD_ERROR);
    cr_assert_eq(res.fail.kind, UD_FAIL_INPUT);
    cr_assert_not_null(strstr(res.fail.msg, "no end after 100 decisions"), "%s", res.fail.msg);
}
