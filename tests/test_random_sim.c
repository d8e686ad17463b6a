/*
 * test_random_sim.c - random simulation in the manner of OpenSpiel's
 * RandomSimTest, for every registered game: seeded games under every
 * player count the game allows (from min_players to min(max_players, 6)),
 * random variant settings and a random mix of the game's policies, with
 * invariants checked after every rule firing.  Every game must end, or
 * fail naming a rule or invariant ID; an ended game's outcomes must agree
 * with its winner; the same game played with a transcript sink must be
 * the same game; and the transcript must pass `check` and regenerate byte
 * for byte.  A game's own bookkeeping laws are in its own suites
 * (spec/<game>/tests/).
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

enum { GAMES_PER_COUNT = 200 };

/* A random policy of g for one seat: "random" or one of the game's
 * policies that are cheap to set up, with its default parameter or one
 * of the next two.  (Any parameter a policy accepts should do, but see
 * test_policy.c: policy_answers_under_every_parameter.) */
static void random_policy(const ud_game *g, ud_rng *rng, ud_policy *p)
{
    int cheap[64], n = 0;
    for (int i = 0; i < g->n_policies && n < 64; i++)
        if (!g->policies[i].costly)
            cheap[n++] = i;
    uint32_t k = ud_rng_below(rng, (uint32_t)n + 1);
    if (k == (uint32_t)n) {
        p->def = &ud_policy_random;
        p->param = 0;
        return;
    }
    p->def = &g->policies[cheap[k]];
    p->param = p->def->def_param + (p->def->has_param ? (int)ud_rng_below(rng, 3) : 0);
}

static void check_outcomes(const ud_game *g, const ud_result *res, int n, const char *what)
{
    int won = 0, shared = 0, playing = 0;
    for (int i = 0; i < n; i++) {
        cr_assert_leq(res->outcome[i], UD_SEAT_OUT, "%s: seat %d outcome %d", what, i, res->outcome[i]);
        won += res->outcome[i] == UD_SEAT_WON;
        shared += res->outcome[i] == UD_SEAT_SHARED;
        playing += res->outcome[i] == UD_SEAT_PLAYING;
    }
    cr_assert_eq(playing, 0, "%s: a seat is still playing after the end", what);
    cr_assert_leq(won, 1, "%s: %d sole winners", what, won);
    cr_assert(won == 0 || shared == 0, "%s: a sole winner and a shared win", what);
    cr_assert_neq(shared, 1, "%s: a win shared by one seat", what);
    if (res->winner >= 0) {
        cr_assert_lt(res->winner, n, "%s: winner %d", what, res->winner);
        cr_assert_eq(res->outcome[res->winner], UD_SEAT_WON, "%s: the winner's outcome", what);
    } else if (res->winner == -2) {
        cr_assert_geq(shared, 2, "%s: a shared win without two sharing seats", what);
    } else {
        cr_assert_eq(res->winner, -1, "%s: winner %d", what, res->winner);
        cr_assert_eq(won + shared, 0, "%s: nobody won, yet a seat did", what);
    }
    (void)g;
}

static void simulate(const ud_game *g, int players, int *ended, int *failed)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    cr_assert_leq(g->state_size, sizeof state);
    ud_rng rng;
    ud_rng_seed(&rng, (uint64_t)players * 7777);
    for (int k = 0; k < test_sample(GAMES_PER_COUNT); k++) {
        ud_match m;
        ud_match_defaults(&m, g);
        random_variants(g, &rng, m.setup.variant);
        m.setup.n_players = players;
        for (int i = 0; i < players; i++) {
            snprintf(m.setup.names[i], UD_NAME_MAX, "p%d", i + 1);
            random_policy(g, &rng, &m.policy[i]);
        }
        m.seed = (uint64_t)players * 100000 + (uint64_t)k;
        /* Policies that never end a game (all seats pushing their luck
         * for ever) are abandoned early: a failure without a rule ID. */
        m.max_decisions = 20000;
        char what[160];
        ud_buf vt;
        ud_buf_init(&vt);
        ud_variants_text(g, m.setup.variant, &vt);
        snprintf(what, sizeof what, "%s, %d players, seed %llu, %s", g->name, players,
                 (unsigned long long)m.seed, ud_buf_str(&vt));
        ud_buf_free(&vt);
        ud_table t;
        ud_table_build(&t, g, m.setup.variant);

        /* Fast mode: no sink. */
        uint64_t fired_fast[UD_MAX_RULES] = { 0 };
        ud_result fast;
        ud_play(&m, &t, state, NULL, fired_fast, 1, &fast);
        if (fast.status != UD_OVER) {
            /* A game may fail (a decision bound, a rule refusing), but
             * never anonymously. */
            cr_assert_eq(fast.status, UD_ERROR, "%s", what);
            cr_assert(fast.fail.kind == UD_FAIL_INPUT || (fast.fail.id && fast.fail.id[0]),
                      "%s: a failure without a rule ID: %s", what, fast.fail.msg);
            cr_assert_neq(fast.fail.kind, UD_FAIL_INVARIANT, "%s: [%s] %s", what,
                          fast.fail.id ? fast.fail.id : "", fast.fail.msg);
            if ((*failed)++ == 0)
                cr_log_info("%s: the first failure: [%s] %s", what, fast.fail.id ? fast.fail.id : "",
                            fast.fail.msg);
            continue;
        }
        check_outcomes(g, &fast, players, what);
        (*ended)++;

        /* The same game with a transcript sink must be the same game. */
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        ud_transcript_write_header(out, g, &m.setup, m.policy, &m.seed, 0);
        ud_sink sink;
        ud_sink_to_file(&sink, out);
        uint64_t fired_text[UD_MAX_RULES] = { 0 };
        ud_result written;
        ud_play(&m, &t, state, &sink, fired_text, 1, &written);
        fclose(out);
        cr_assert_eq(written.status, UD_OVER, "%s", what);
        cr_assert_eq(written.winner, fast.winner, "%s", what);
        cr_assert_eq(written.decisions, fast.decisions, "%s", what);
        cr_assert_eq(written.steps, fast.steps, "%s", what);
        cr_assert_eq(memcmp(written.score, fast.score, sizeof fast.score), 0, "%s", what);
        cr_assert_eq(memcmp(written.outcome, fast.outcome, sizeof fast.outcome), 0, "%s", what);
        cr_assert_eq(memcmp(fired_text, fired_fast, sizeof fired_fast), 0, "%s", what);

        /* Round trip: parse, check, regenerate identically. */
        run r;
        run_text(&r, text);
        cr_assert_eq(r.status, RUN_OK, "%s: the transcript fails at %d: [%s] %s\n%s", what, r.err.line,
                     r.err.rule, r.err.msg, text);
        cr_assert_eq(r.game, g, "%s", what);
        cr_assert_eq(r.res.complete, 1, "%s", what);
        cr_assert_eq(r.res.winner, fast.winner, "%s", what);
        cr_assert_eq(memcmp(r.res.score, fast.score, sizeof(int) * (size_t)players), 0, "%s", what);
        cr_assert_eq(memcmp(r.res.outcome, fast.outcome, (size_t)players), 0, "%s", what);
        cr_assert_eq(r.res.decisions, fast.decisions, "%s", what);
        cr_assert_eq(memcmp(r.fired, fired_fast, sizeof(uint64_t) * (size_t)g->n_rules), 0,
                     "%s: firing counts differ between play and check", what);
        cr_assert_eq(r.regen_len, len, "%s: regenerated %zu bytes, played %zu", what, r.regen_len, len);
        cr_assert_eq(memcmp(r.regen, text, len), 0, "%s: the regenerated transcript differs", what);
        run_free(&r);
        free(text);
    }
}

Test(random_sim, every_game_under_every_player_count, .timeout = 600)
{
    int n_games = 0;
    FOR_EACH_GAME(g)
    {
        cr_assert(g->min_players >= 1 && g->min_players <= g->max_players && g->max_players <= UD_MAX_PLAYERS,
                  "%s: players %d..%d", g->name, g->min_players, g->max_players);
        int ended = 0, failed = 0;
        for (int players = g->min_players; players <= game_max_tested_players(g); players++)
            simulate(g, players, &ended, &failed);
        /* Failures are allowed, not the rule: most games must end. */
        cr_assert_gt(ended, 10 * failed, "%s: %d games ended, %d failed", g->name, ended, failed);
        cr_log_info("%s: %d games ended, %d abandoned or refused", g->name, ended, failed);
        n_games++;
    }
    cr_assert_gt(n_games, 0);
}

Test(random_sim, same_seed_same_transcript_different_seed_different)
{
    FOR_EACH_GAME(g)
    {
        char *text[3];
        ud_result res[3];
        for (int i = 0; i < 3; i++) {
            text[i] = play_text(g, game_max_tested_players(g), NULL, i < 2 ? 4242 : 4243, &res[i], NULL);
            cr_assert_eq(res[i].status, UD_OVER, "%s: %s", g->name, res[i].fail.msg);
        }
        cr_assert_str_eq(text[0], text[1], "%s: the same seed played twice differs", g->name);
        cr_assert_str_neq(text[0], text[2], "%s: seeds 4242 and 4243 play the same game", g->name);
        for (int i = 0; i < 3; i++)
            free(text[i]);
    }
}

Test(random_sim, a_game_is_abandoned_at_the_decision_bound)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    FOR_EACH_GAME(g)
    {
        /* Find a seed whose game takes more than one decision, then bound
         * it at one. */
        ud_match m;
        ud_match_defaults(&m, g);
        m.setup.n_players = g->min_players;
        ud_table t;
        ud_table_build(&t, g, m.setup.variant);
        ud_result res;
        uint64_t seed = 1;
        for (; seed < 100; seed++) {
            m.seed = seed;
            m.max_decisions = 0;
            ud_play(&m, &t, state, NULL, NULL, 1, &res);
            if (res.status == UD_OVER && res.decisions > 1)
                break;
        }
        cr_assert_lt(seed, 100, "%s: no game of more than one decision", g->name);
        m.max_decisions = 1;
        ud_play(&m, &t, state, NULL, NULL, 1, &res);
        cr_assert_eq(res.status, UD_ERROR, "%s", g->name);
        cr_assert_eq(res.fail.kind, UD_FAIL_INPUT, "%s", g->name);
        cr_assert_not_null(strstr(res.fail.msg, "no end after 1 decisions"), "%s: %s", g->name, res.fail.msg);
    }
}
