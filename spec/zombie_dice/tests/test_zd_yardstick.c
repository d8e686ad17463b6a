/*
 * test_zd_yardstick.c - `undead bench`'s yardstick for Zombie Dice
 * (yardstick.c), a hand-written loop of the game, is the same game as the
 * rule rows: over independent samples (the engine's games from one run of
 * seeds, the loop's from another far away), every seat's win rate and
 * mean score, the rate of shared wins, the mean numbers of turns and of
 * the cup's shortages (brain dice back in the cup) agree
 * within five standard errors of their difference, computed from the
 * samples themselves (a false alarm about once in 1.7 million figures
 * compared).  From the same seeds it plays the very same games.  And the
 * bench refuses the yardstick for a match it does not play, saying why.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "bench.h"
#include "zd_extras.h"
#include "zd_support.h"

/* The engine's games, counted as the yardstick counts them. */
static void engine_tally(const ud_match *m, uint64_t games, ud_yard_tally *out)
{
    *out = (ud_yard_tally){ 0 };
    ud_table t;
    ud_table_build(&t, m->game, m->setup.variant);
    const ud_rule *turn = ud_game_rule(m->game, zd_yardstick.turn_rule);
    cr_assert_not_null(turn, "no rule %s", zd_yardstick.turn_rule);
    int turn_row = ud_game_rule_index(m->game, turn);
    const ud_rule *event = ud_game_rule(m->game, zd_yardstick.event_rule);
    cr_assert_not_null(event, "no rule %s", zd_yardstick.event_rule);
    int event_row = ud_game_rule_index(m->game, event);
    static uint64_t fired[UD_MAX_RULES];
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_match game = *m;
    for (uint64_t i = 0; i < games; i++) {
        game.seed = m->seed + i;
        memset(fired, 0, sizeof fired);
        ud_result res;
        ud_play(&game, &t, state, NULL, fired, 0, &res);
        cr_assert_eq(res.status, UD_OVER, "seed %llu: %s", (unsigned long long)game.seed, res.fail.msg);
        bool shared = false;
        for (int p = 0; p < m->setup.n_players; p++) {
            out->wins[p] += res.outcome[p] == UD_SEAT_WON;
            shared |= res.outcome[p] == UD_SEAT_SHARED;
            out->score_sum[p] += res.score[p];
            out->score_sq[p] += (double)res.score[p] * res.score[p];
        }
        out->shared += shared;
        out->turns += fired[turn_row];
        out->turns_sq += (double)fired[turn_row] * (double)fired[turn_row];
        out->events += fired[event_row];
        out->events_sq += (double)fired[event_row] * (double)fired[event_row];
        out->games++;
    }
}

enum { Z = 5 }; /* standard errors of the difference allowed */

/* Two rates out of a and b games agree within Z standard errors of their
 * difference (each rate's variance p(1-p)/n, at least one game's worth). */
static void rates_agree(const char *what, uint64_t ka, uint64_t a, uint64_t kb, uint64_t b)
{
    double pa = (double)ka / (double)a, pb = (double)kb / (double)b;
    double va = fmax(pa * (1 - pa), 1.0 / (double)a), vb = fmax(pb * (1 - pb), 1.0 / (double)b);
    double se = sqrt(va / (double)a + vb / (double)b);
    cr_expect(fabs(pa - pb) <= Z * se, "%s: engine %.5f, yardstick %.5f, differ by %.5f > %d x %.5f", what,
              pa, pb, fabs(pa - pb), Z, se);
}

/* Two means (sums and sums of squares over a and b games) agree within Z
 * standard errors of their difference. */
static void means_agree(const char *what, double sa, double qa, uint64_t a, double sb, double qb, uint64_t b)
{
    double na = (double)a, nb = (double)b;
    double ma = sa / na, mb = sb / nb;
    double va = (qa - sa * ma) / (na - 1), vb = (qb - sb * mb) / (nb - 1);
    double se = sqrt(va / na + vb / nb); /* 0: both constant, then the same constant */
    cr_expect(fabs(ma - mb) <= Z * se, "%s: engine %.4f, yardstick %.4f, differ by %.4f > %d x %.4f", what,
              ma, mb, fabs(ma - mb), Z, se);
}

/* Engine and yardstick, games each, every seat's policy from specs. */
static void same_game(int players, const char *const *specs, uint64_t games)
{
    ud_match m;
    ud_match_defaults(&m, &zd_game);
    m.setup.n_players = players;
    int param[UD_MAX_PLAYERS];
    ud_buf err;
    ud_buf_init(&err);
    for (int p = 0; p < players; p++) {
        snprintf(m.setup.names[p], UD_NAME_MAX, "z%d", p + 1);
        cr_assert(ud_policy_parse(&zd_game, specs[p], &m.policy[p], &err), "%s", ud_buf_str(&err));
        param[p] = m.policy[p].param;
    }
    cr_assert_eq(bench_yardstick(&m, &err), &zd_yardstick, "no yardstick: %s", ud_buf_str(&err));
    ud_buf_free(&err);
    m.seed = 1;
    ud_yard_tally e, y;
    engine_tally(&m, games, &e);
    zd_yardstick.play(UINT64_C(1) << 40, games, players, param, &y);
    cr_assert_eq(y.games, games);
    char what[64];
    for (int p = 0; p < players; p++) {
        snprintf(what, sizeof what, "seat %d (%s) win rate", p + 1, specs[p]);
        rates_agree(what, e.wins[p], e.games, y.wins[p], y.games);
        snprintf(what, sizeof what, "seat %d (%s) mean score", p + 1, specs[p]);
        means_agree(what, e.score_sum[p], e.score_sq[p], e.games, y.score_sum[p], y.score_sq[p], y.games);
    }
    rates_agree("shared wins", e.shared, e.games, y.shared, y.games);
    means_agree("turns a game", (double)e.turns, e.turns_sq, e.games, (double)y.turns, y.turns_sq, y.games);
    means_agree("shortages a game", (double)e.events, e.events_sq, e.games, (double)y.events, y.events_sq,
                y.games);
}

Test(zd_yardstick, two_players_stop_at_two_shotguns)
{
    static const char *const specs[] = { "stop-at-shotguns:2", "stop-at-shotguns:2" };
    same_game(2, specs, (uint64_t)test_sample(100000));
}

/* Each seat its own parameter, three seats: the loop reads them per seat
 * and finishes the round after the goal for every seat count; the seat
 * stopping at three never stops short of a bust, so scores nothing and
 * never wins, in both. */
Test(zd_yardstick, three_players_each_its_own_stop)
{
    static const char *const specs[] = { "stop-at-shotguns:1", "stop-at-shotguns:3", "stop-at-shotguns:2" };
    same_game(3, specs, (uint64_t)test_sample(60000));
}

/* From the same seeds, the same games: the loop draws its dice and rolls
 * its faces in the order the rows do, from the PRNG seeded the same way,
 * so the bench times the same games on both sides (docs/speed.md). */
Test(zd_yardstick, same_seeds_same_games)
{
    ud_match m;
    ud_match_defaults(&m, &zd_game);
    ud_buf err;
    ud_buf_init(&err);
    for (int p = 0; p < 2; p++)
        cr_assert(ud_policy_parse(&zd_game, "stop-at-shotguns:2", &m.policy[p], &err), "%s",
                  ud_buf_str(&err));
    ud_buf_free(&err);
    int param[2] = { 2, 2 };
    m.seed = 77;
    ud_yard_tally e, y;
    uint64_t games = (uint64_t)test_sample(20000);
    engine_tally(&m, games, &e);
    zd_yardstick.play(m.seed, games, 2, param, &y);
    for (int p = 0; p < 2; p++) {
        cr_expect_eq(e.wins[p], y.wins[p], "seat %d wins: engine %llu, yardstick %llu", p + 1,
                     (unsigned long long)e.wins[p], (unsigned long long)y.wins[p]);
        cr_expect(e.score_sum[p] == y.score_sum[p], "seat %d scores: engine %.0f, yardstick %.0f", p + 1,
                  e.score_sum[p], y.score_sum[p]);
    }
    cr_expect_eq(e.shared, y.shared);
    cr_expect_eq(e.turns, y.turns, "turns: engine %llu, yardstick %llu", (unsigned long long)e.turns,
                 (unsigned long long)y.turns);
    cr_expect_eq(e.events, y.events);
}

/* A match the loop does not play gets none, and the reason names what
 * differs. */
Test(zd_yardstick, refused_where_it_does_not_play)
{
    ud_match m;
    ud_match_defaults(&m, &zd_game); /* every seat random */
    ud_buf why;
    ud_buf_init(&why);
    cr_expect_null(bench_yardstick(&m, &why));
    cr_expect(strstr(ud_buf_str(&why), "here random") != NULL, "%s", ud_buf_str(&why));
    ud_buf_clear(&why);
    ud_buf err;
    ud_buf_init(&err);
    for (int p = 0; p < 2; p++)
        cr_assert(ud_policy_parse(&zd_game, "stop-at-shotguns:2", &m.policy[p], &err));
    cr_expect_eq(bench_yardstick(&m, &why), &zd_yardstick, "%s", ud_buf_str(&why));
    m.setup.variant[ZD_V_END] = ZD_END_FINAL_TURN;
    cr_expect_null(bench_yardstick(&m, &why));
    cr_expect(strstr(ud_buf_str(&why), "end=final-turn") != NULL, "%s", ud_buf_str(&why));
    ud_buf_free(&why);
    ud_buf_free(&err);
}
