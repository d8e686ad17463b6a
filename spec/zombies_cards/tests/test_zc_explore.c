/*
 * test_zc_explore.c - whole games of the small deck explored exactly
 * (spec/zombies_cards/explore.c, bound "game"; content/small-deck.txt).
 *
 * The explorer's figures are checked against what is known without it:
 * - by hand: 41 walkers and one baseball bat, eight cards to each of two
 *   players, are 17 deals by kind (the bat in one of the 16 places dealt,
 *   or in the box).  Every map card holds one zombie, and the first
 *   player's draw deck holds two cards: its first map card leaves one,
 *   and a kill draws it, which wins; a failed roll is paid with bullets
 *   (three, enough for any roll) that go under the deck, so the kill's
 *   draw then leaves the deck non-empty.  So the first player wins on its
 *   first turn exactly when it kills: a roll of 4 or more, 1/2 bare-handed;
 *   gunner plays the bat first when it holds it (3 of the 42 places the
 *   shuffle may put it: 1/14), and then 3 or more kills (2/3): 1/2 + 1/84
 *   = 43/84.  With first=random each seat wins exactly 1/2 (the lot swaps
 *   the seats, and no game ends with nobody winning under the defaults);
 * - by simulation: each seat's chance to win and to die under each
 *   policy (gunner under the defaults and last-standing=plays-on, hoarder
 *   under last-card=after-fight) lies within five standard deviations of
 *   the rate in 10,000 seeded games played by the simulator (core/play.c, the
 *   PRNG, no explorer);
 * - every chance pick's weights summed to exactly 1 (the explorer counts
 *   the picks it checked), and every state of every reading holds every
 *   invariant with every action explored.
 * Copies of a card share a label and are dealt lowest number first, so a
 * game of the small deck replays through `undead check`.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "content.h"
#include "explore.h"
#include "extras.h"
#include "play.h"
#include "setup.h"
#include "support.h"
#include "zombies_cards/zombies_cards.h"

#define SMALL_DECK UD_SOURCE_DIR "/spec/zombies_cards/content/small-deck.txt"

static void load_small_deck(void)
{
    ud_content_error err;
    cr_assert(zc_load_builtin_file("small-deck.txt", &err), "%s:%d: %s", err.file, err.e.line, err.e.msg);
}

static void restore_builtin(void)
{
    ud_content_error err;
    cr_assert(zc_load_content(NULL, &err), "%s", err.e.msg);
}

static void small_setup(ud_setup *s, const char *reading)
{
    ud_setup_defaults(&zc_game, s);
    ud_buf err;
    ud_buf_init(&err);
    if (reading)
        cr_assert(ud_setup_variant(&zc_game, s, reading, &err), "%s", ud_buf_str(&err));
    ud_buf_free(&err);
}

static const ud_explore_bound *game_bound(void)
{
    const ud_game_bound *gb = ud_game_find_bound(&zc_game, "game");
    cr_assert_not_null(gb);
    return gb->bound;
}

/* Each seat's chance to win and to die, summed from the leaf labels. */
typedef struct chances {
    double win[2], dead[2];
    mpq_t win_q[2];
    uint64_t states, chance, checked;
} chances;

static void explore_outcomes(const ud_setup *s, const char *policy, chances *c)
{
    ud_policy pol;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&zc_game, policy, &pol, &err), "%s", ud_buf_str(&err));
    ud_explore_opts o = { .game = &zc_game,
                          .setup = s,
                          .bound = game_bound(),
                          .max_depth = -1,
                          .policy = &pol,
                          .check_invariants = 1,
                          .outcomes = 1 };
    ud_explore_report rep;
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert(rep.complete && !rep.violated, "%s", rep.fail.msg);
    memset(c, 0, sizeof *c);
    mpq_inits(c->win_q[0], c->win_q[1], NULL);
    mpq_t total;
    mpq_init(total);
    for (int i = 0; i < rep.n_outcomes; i++) {
        const char *l = rep.outcome_label[i];
        mpq_add(total, total, rep.outcome_p[i]);
        for (int seat = 0; seat < 2; seat++) {
            char won[16], dead[16];
            snprintf(won, sizeof won, "p%d wins", seat + 1);
            snprintf(dead, sizeof dead, "p%d dead", seat + 1);
            if (strncmp(l, won, strlen(won)) == 0) {
                c->win[seat] += mpq_get_d(rep.outcome_p[i]);
                mpq_add(c->win_q[seat], c->win_q[seat], rep.outcome_p[i]);
            }
            if (strstr(l, dead))
                c->dead[seat] += mpq_get_d(rep.outcome_p[i]);
        }
    }
    cr_assert_eq(mpq_cmp_ui(total, 1, 1), 0, "the leaves' chances do not sum to exactly 1");
    c->states = rep.distinct;
    c->chance = rep.chance;
    c->checked = rep.chance_sums_checked;
    mpq_clear(total);
    ud_explore_report_free(&rep);
    ud_buf_free(&err);
}

static void chances_clear(chances *c) { mpq_clears(c->win_q[0], c->win_q[1], NULL); }

Test(zc_explore, small_deck_loads_with_copies_as_one_kind)
{
    load_small_deck();
    cr_assert_eq(zc_content.n_cards, 42);
    cr_assert_eq(zc_content.n_kinds, 2);
    cr_assert(zc_content.copies);
    for (int c = 0; c < 41; c++) {
        cr_assert_str_eq(zc_content.card[c].id, "walker");
        cr_assert_eq(zc_content.kind[c], 0);
    }
    cr_assert_str_eq(zc_content.card[41].id, "baseball-bat");
    cr_assert_eq(zc_content.kind[41], 41);
    /* the bat in one of the 16 places dealt, or in the box */
    cr_assert_float_eq(zc_content.deal_orders[2], 17.0, 1e-9);
    /* three players, 24 cards: the bat in one of 24 places or the box */
    cr_assert_float_eq(zc_content.deal_orders[3], 25.0, 1e-9);
    restore_builtin();
    cr_assert_not(zc_content.copies);
    cr_assert_eq(zc_content.n_kinds, 104);
    cr_assert_gt(zc_content.deal_orders[2], 1e60, "104 different cards, 36 dealt: 104!/68!");
}

/* The first turn only: a leaf once the second turn has begun. */
static bool first_turn_cut(const void *p) { return ((const zc_state *)p)->turn >= 2; }

static void first_turn_outcome(const void *p, ud_buf *out)
{
    const zc_state *st = p;
    ud_buf_puts(out, st->phase == ZC_PH_OVER && st->winner == 0 ? "p1 wins" : "going on");
}

static const ud_explore_bound first_turn = {
    .game = "zombies-cards",
    .name = "first-turn",
    .summary = "p1's first turn",
    .cut = first_turn_cut,
    .outcome = first_turn_outcome,
};

static void first_turn_win(const char *policy, unsigned long num, unsigned long den)
{
    ud_setup s;
    small_setup(&s, NULL);
    ud_policy pol;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&zc_game, policy, &pol, &err), "%s", ud_buf_str(&err));
    ud_explore_opts o = { .game = &zc_game,
                          .setup = &s,
                          .bound = &first_turn,
                          .max_depth = -1,
                          .policy = &pol,
                          .check_invariants = 1,
                          .outcomes = 1 };
    ud_explore_report rep;
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert(rep.complete && !rep.violated, "%s", rep.fail.msg);
    mpq_t want;
    mpq_init(want);
    mpq_set_ui(want, num, den);
    mpq_canonicalize(want);
    bool found = false;
    for (int i = 0; i < rep.n_outcomes; i++)
        if (strcmp(rep.outcome_label[i], "p1 wins") == 0) {
            found = true;
            cr_assert_eq(mpq_cmp(rep.outcome_p[i], want), 0,
                         "%s: p1 wins its first turn with %s, expected %lu/%lu", policy,
                         mpq_get_str(NULL, 10, rep.outcome_p[i]), num, den);
        }
    cr_assert(found);
    cr_assert_eq(rep.chance_sums_checked, rep.chance);
    mpq_clear(want);
    ud_explore_report_free(&rep);
    ud_buf_free(&err);
}

Test(zc_explore, the_first_turn_by_hand)
{
    load_small_deck();
    first_turn_win("hoarder", 1, 2);
    first_turn_win("gunner", 43, 84);
    restore_builtin();
}

Test(zc_explore, a_seat_drawn_by_lot_wins_half)
{
    load_small_deck();
    const char *policies[] = { "hoarder", "gunner" };
    mpq_t half;
    mpq_init(half);
    mpq_set_ui(half, 1, 2);
    for (int p = 0; p < 2; p++) {
        ud_setup s;
        small_setup(&s, "first=random");
        chances c;
        explore_outcomes(&s, policies[p], &c);
        cr_assert_eq(mpq_cmp(c.win_q[0], half), 0, "%s: p1 wins %g by lot, expected exactly 1/2", policies[p],
                     c.win[0]);
        cr_assert_eq(mpq_cmp(c.win_q[1], half), 0);
        cr_assert_eq(c.checked, c.chance, "every pick's weights summed to exactly 1");
        chances_clear(&c);
    }
    mpq_clear(half);
    restore_builtin();
}

/* The rate of `games` seeded games played by the simulator. */
static void simulate(const ud_setup *s, const char *policy, int games, double win[2], double dead[2])
{
    ud_match m;
    ud_match_defaults(&m, &zc_game);
    m.setup = *s;
    ud_buf err;
    ud_buf_init(&err);
    for (int i = 0; i < s->n_players; i++)
        cr_assert(ud_policy_parse(&zc_game, policy, &m.policy[i], &err), "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    ud_table *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    ud_table_build(t, &zc_game, s->variant);
    static unsigned char state[UD_MAX_STATE];
    int won[2] = { 0 }, died[2] = { 0 };
    for (int g = 0; g < games; g++) {
        m.seed = 1000 + (uint64_t)g;
        ud_result res;
        ud_play(&m, t, state, NULL, NULL, 0, &res);
        cr_assert_eq(res.status, UD_OVER, "seed %d: %s", g, res.fail.msg);
        for (int seat = 0; seat < 2; seat++) {
            won[seat] += res.outcome[seat] == UD_SEAT_WON;
            died[seat] += ((const zc_state *)state)->p[seat].dead;
        }
    }
    free(t);
    for (int seat = 0; seat < 2; seat++) {
        win[seat] = (double)won[seat] / games;
        dead[seat] = (double)died[seat] / games;
    }
}

/* |rate - p| within five standard deviations of a binomial rate. */
static void within(const char *what, double rate, double p, int games)
{
    double sd = sqrt(p * (1 - p) / games);
    cr_expect_leq(fabs(rate - p), 5 * sd + 1e-12, "%s: simulated %.5f, explored %.5f (sd %.5f)", what, rate,
                  p, sd);
}

Test(zc_explore, exact_chances_agree_with_seeded_games, .timeout = 60)
{
    load_small_deck();
    /* three of the six (reading, policy) pairs: a game takes about 0.15 ms */
    const char *readings[] = { NULL, "last-card=after-fight", "last-standing=plays-on" };
    const char *policies[] = { "gunner", "hoarder", "gunner" };
    int games = test_sample(10000);
    for (int r = 0; r < 3; r++) {
        ud_setup s;
        small_setup(&s, readings[r]);
        chances c;
        explore_outcomes(&s, policies[r], &c);
        cr_assert_eq(c.checked, c.chance, "every pick's weights summed to exactly 1");
        /* the game is not decided by the deal alone */
        cr_assert(c.win[0] > 0.5 && c.win[0] < 1 && c.dead[0] > 0 && c.dead[1] > 0, "%g %g %g", c.win[0],
                  c.dead[0], c.dead[1]);
        double win[2], dead[2];
        simulate(&s, policies[r], games, win, dead);
        char what[96];
        for (int seat = 0; seat < 2; seat++) {
            const char *reading = readings[r] ? readings[r] : "defaults";
            snprintf(what, sizeof what, "%s, %s, p%d wins", reading, policies[r], seat + 1);
            within(what, win[seat], c.win[seat], games);
            snprintf(what, sizeof what, "%s, %s, p%d dies", reading, policies[r], seat + 1);
            within(what, dead[seat], c.dead[seat], games);
        }
        chances_clear(&c);
    }
    restore_builtin();
}

/* Every action at every decision, every invariant in every state, under
 * the defaults and each other reading. */
Test(zc_explore, every_state_of_every_reading_holds_the_invariants, .timeout = 60)
{
    load_small_deck();
    const char *readings[] = { NULL,
                               "first=random",
                               "last-card=after-fight",
                               "round=table",
                               "last-standing=plays-on",
                               "out-of-turn=no",
                               "lost-cards=bullet-pile" };
    for (int r = 0; r < (int)(sizeof readings / sizeof readings[0]); r++) {
        ud_setup s;
        small_setup(&s, readings[r]);
        ud_buf err;
        ud_buf_init(&err);
        ud_explore_opts o = {
            .game = &zc_game, .setup = &s, .bound = game_bound(), .max_depth = -1, .check_invariants = 1
        };
        ud_explore_report rep;
        cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
        cr_assert(rep.complete, "%s", readings[r] ? readings[r] : "defaults");
        cr_assert_not(rep.violated, "%s: %s\n%s", readings[r] ? readings[r] : "defaults", rep.fail.msg,
                      rep.trace ? rep.trace : "");
        cr_assert_gt(rep.decision, 0);
        cr_assert_eq(rep.chance_sums_checked, rep.chance);
        cr_assert_eq(rep.cut, 0, "whole games: nothing cut");
        ud_explore_report_free(&rep);
        ud_buf_free(&err);
    }
    restore_builtin();
}

/* The 104-card deck's deal is beyond enumeration: the bound stops it at
 * the shuffle, one leaf. */
Test(zc_explore, the_full_deck_stops_at_the_shuffle)
{
    restore_builtin();
    ud_setup s;
    small_setup(&s, NULL);
    ud_explore_opts o = {
        .game = &zc_game, .setup = &s, .bound = game_bound(), .max_depth = -1, .check_invariants = 1
    };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert(rep.complete && !rep.violated);
    cr_assert_eq(rep.distinct, 1);
    cr_assert_eq(rep.cut, 1);
    ud_explore_report_free(&rep);
    ud_buf_free(&err);
}

/* A game of the small deck, copies and all, replays through the checker:
 * the deal line names kinds, and the same kinds are the same cards. */
Test(zc_explore, a_small_deck_game_replays)
{
    const char *play[] = { "undead", "play", "zombies-cards", "--content", SMALL_DECK, "--policy", "gunner",
                           "--seed", "7",    "--no-db",       NULL };
    char *record, *errtext;
    cr_assert_eq(run_undead(play, NULL, &record, &errtext), 0, "%s", errtext);
    free(errtext);
    cr_assert(strstr(record, "\ndeal walker"), "%s", record);
    const char *check[] = { "undead", "check", "--content", SMALL_DECK, "--no-db", "-", NULL };
    char *out;
    cr_assert_eq(run_undead(check, record, &out, &errtext), 0, "%s%s", out, errtext);
    cr_assert(strstr(out, "<stdin>: ok"), "%s", out);
    free(out);
    free(errtext);
    free(record);
}
