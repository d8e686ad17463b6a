/*
 * test_zb_explore.c - the bound "tiny" (explore.c): the start lines that
 * fix the deal, the first depths counted by hand, every step's weights
 * summing to exactly 1, the canonical key merging only states that play
 * alike, and a planted invariant found on a shortest path whose
 * transcript (start lines included) replays.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "explore.h"
#include "setup.h"
#include "support.h"
#include "zombies_board/zombies_board.h"

static void setup_for(ud_setup *setup, int n_players)
{
    ud_setup_defaults(&zb_game, setup);
    setup->n_players = n_players;
}

static void explore_tiny(const ud_game *g, const ud_setup *setup, const ud_explore_bound *b, int depth,
                         ud_explore_report *rep, ud_explore_edge_fn on_edge, void *ctx)
{
    ud_explore_opts o = { .game = g,
                          .setup = setup,
                          .bound = b,
                          .max_depth = depth,
                          .check_invariants = 1,
                          .max_states = 1000000,
                          .on_edge = on_edge,
                          .edge_ctx = ctx };
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, rep, &err), 0, "%s", ud_buf_str(&err));
    ud_buf_free(&err);
}

/* ---- the start lines ------------------------------------------------------------- */

Test(zb_start, start_lines_fix_the_piles_and_the_first_player)
{
    /* Seat 2 first with no roll; the pile two tiles and one card, so the
     * deal is whole: the first seat draws both tiles and the card. */
    run r;
    run_text(&r, "undead-transcript 1\ngame zombies-board\nplayer ann greedy\nplayer bob greedy\n"
                 "start first 2\nstart tiles florist=1 warehouse-bend=1\nstart cards rest=1\n"
                 "partial\ntile warehouse-bend\ntile florist\ncard rest\n");
    assert_ok(&r);
    cr_assert_eq(fired(&r, "ZB-FIRST-PLAYER"), 1);
    cr_assert_not_null(strstr(r.regen, "square tiles=2 cards=1"), "%s", r.regen);
    cr_assert_not_null(strstr(r.regen, "first bob"), "%s", r.regen);
    cr_assert_null(strstr(r.regen, "\nroll "), "a roll for the first player\n%s", r.regen);
    cr_assert_not_null(strstr(r.regen, "turn bob round=1"), "%s", r.regen);
    run_free(&r);
}

/* Each start line of bad, in a two-player record, is refused. */
static void assert_starts_refused(const char *const *bad, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "undead-transcript 1\ngame zombies-board\nplayer ann greedy\n"
                 "player bob greedy\nseed 3\nstart %s\npartial\n",
                 bad[i]);
        run r;
        run_text(&r, text);
        cr_assert_neq(r.status, RUN_OK, "'%s' was taken", bad[i]);
        run_free(&r);
    }
}

Test(zb_start, bad_start_lines_are_refused)
{
    static const char *const bad[] = {
        "first 3", /* two players */
        "first 0",
        "tiles florist",       /* no count */
        "tiles florist=10",    /* more than 9 */
        "tiles town-square=1", /* not a map tile of the pile */
        "tiles nowhere=1",
        "cards florist=1", /* a tile, not a card */
        "deck rest=1",
    };
    assert_starts_refused(bad, sizeof bad / sizeof bad[0]);
}

Test(zb_start, survivors_line_sets_the_seats_rescued_survivors)
{
    ud_setup setup;
    setup_for(&setup, 3);
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_setup_start(&setup, "survivors 3=3 1=2", &err));
    static zb_state st;
    memset(&st, 0, sizeof st);
    zb_game.init(&st, &setup);
    cr_assert(zb_game.apply_start(&st, &setup, setup.start[0], &err), "%s", ud_buf_str(&err));
    cr_assert_eq(st.pl[0].survivors, 2);
    cr_assert_eq(st.pl[1].survivors, 0);
    cr_assert_eq(st.pl[2].survivors, 3);
    ud_buf_free(&err);
    /* and the game runs on from it: seat 3 earns the Heliport where it first arrives */
    run r;
    run_text(&r, "undead-transcript 1\ngame zombies-board\nplayer ann greedy\nplayer bob greedy\n"
                 "seed 4\nstart survivors 2=3\nstart first 2\n");
    assert_ok(&r);
    cr_assert_eq(fired(&r, "ZB-HELIPORT-EARNED"), 1, "%s", r.regen);
    cr_assert_not_null(strstr(r.regen, "heliport-earned bob"), "%s", r.regen);
    run_free(&r);
}

Test(zb_start, bad_survivors_lines_are_refused)
{
    static const char *const bad[] = {
        "survivors",         "survivors 3=1" /* two players */,
        "survivors 0=1",     "survivors 1=10",
        "survivors 1=2 1=3", "survivors 1",
    };
    assert_starts_refused(bad, sizeof bad / sizeof bad[0]);
}

/* ---- the first depths, counted by hand --------------------------------------------- */

/*
 * The bound's position: the pile holds the Florist (one road, on its
 * north edge at rotation 0) and the Warehouse bend (roads north and east),
 * one card (Much Needed Rest, life for its player), seat 1 starts.
 *
 * Depth 0: seat 1 draws both tiles, in two orders (the labels differ), then
 * the card; seat 2 draws nothing.  2 states, hands [florist, bend] and
 * [bend, florist].  Chance picks: the first tile (one pick), then in each
 * of its 2 branches the second tile and the card (each one outcome): 5.
 *
 * Depth 1: placing is not optional.  Beside the Town Square (open on all
 * four edges) a tile fits when a road faces it: the Florist at 4 slots, one
 * rotation each; the bend at 4 slots, two rotations each (the two that
 * turn a road toward the square).  12 placements from each hand: 24,
 * all distinct (the hand left over keeps its order: [0, bend] differs
 * from [bend, 0]).
 *
 * Depth 2: after the Florist, the bend: the 3 free slots beside the
 * square, 2 rotations each, 2 hands x 4 x 6 = 48, and the two hands now
 * merge: 24 distinct.  After the bend, its first zombie (two road access
 * points: two zombies), on any of its 3 road spaces: 2 x 8 x 3 = 48, all
 * distinct.  Generated 96, distinct 72.
 *
 * Depth 3: the bend laid second: its first zombie, 24 x 3 = 72, distinct.
 * The bend laid first: its second zombie, on one of the 2 road spaces
 * left, 48 x 2 = 96, but a pair of spaces is reached in either order: 2 x
 * 8 x 3 = 48 distinct.  Generated 168, distinct 120.
 *
 * Depth 4: the bend laid second, its second zombie: 72 x 2 = 144.  The
 * bend laid first, the Florist: the 3 free slots beside the square and
 * the one where the bend's far road leads, 48 x 4 = 192.  Generated 336.
 * Distinct boards: both tiles beside the square (4 x 3 x 2 = 24, reached
 * either way) plus the bend beside the square with the Florist on its far
 * road (8), each with one of 3 pairs of zombie spaces: 96.
 *
 * No combat roll yet: no zombie stands on the square.
 */
static const uint64_t hand_generated[] = { 2, 24, 96, 168, 336 };
static const uint64_t hand_distinct[] = { 2, 24, 72, 120, 96 };
static const uint64_t hand_decision[] = { 2, 24, 72, 120, 96 };
static const uint64_t hand_cut[] = { 0, 0, 0, 0, 0 };

Test(zb_explore, the_first_depths_match_a_count_by_hand)
{
    /* one player or two: the second seat does nothing before the first
     * turn ends */
    for (int n = 1; n <= 2; n++) {
        ud_setup setup;
        setup_for(&setup, n);
        ud_explore_report rep;
        explore_tiny(&zb_game, &setup, &zb_bound_tiny, 4, &rep, NULL, NULL);
        cr_assert_not(rep.violated, "%s", rep.fail.msg);
        cr_assert_eq(rep.level[0].chance, 5, "%d players: %llu picks at the start", n,
                     (unsigned long long)rep.level[0].chance);
        for (int d = 0; d <= 4; d++) {
            const ud_explore_level *l = &rep.level[d];
            cr_assert_eq(l->generated, hand_generated[d], "%d players, depth %d: generated %llu", n, d,
                         (unsigned long long)l->generated);
            cr_assert_eq(l->distinct, hand_distinct[d], "%d players, depth %d: distinct %llu", n, d,
                         (unsigned long long)l->distinct);
            cr_assert_eq(l->decision, hand_decision[d], "%d players, depth %d", n, d);
            cr_assert_eq(l->cut, hand_cut[d], "%d players, depth %d", n, d);
        }
        for (int d = 1; d <= 4; d++)
            cr_assert_eq(rep.level[d].chance, 0, "depth %d: a chance pick before any combat", d);
        ud_explore_report_free(&rep);
    }
}

/* ---- weights ------------------------------------------------------------------------ */

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

Test(zb_explore, every_steps_outcomes_sum_to_exactly_one)
{
    /* Ten decisions deep, where combat rolls and the zombies' chase are
     * met (a step into the bend's zombies): every (state, action)'s
     * children weigh 1 together, and every pick summed to 1. */
    ud_setup setup;
    setup_for(&setup, 1);
    sums s = { 0, 0 };
    ud_explore_report rep;
    explore_tiny(&zb_game, &setup, &zb_bound_tiny, 10, &rep, sum_edge, &s);
    cr_assert_not(rep.violated, "%s", rep.fail.msg);
    cr_assert_gt(rep.chance, 100, "only %llu chance picks", (unsigned long long)rep.chance);
    cr_assert_eq(rep.chance_sums_checked, rep.chance);
    cr_assert_eq(s.steps, rep.transitions, "every expansion reported");
    cr_assert_eq(s.not_one, 0, "%llu of %llu steps do not sum to 1", (unsigned long long)s.not_one,
                 (unsigned long long)s.steps);
    ud_explore_report_free(&rep);
}

/* ---- the canonical key ------------------------------------------------------------- */

/* The canonical keys of every state an exploration reaches. */
typedef struct keyset {
    unsigned char *keys;
    size_t n, cap, size;
} keyset;

static void collect_edge(void *ctx, const void *state, const ud_action *action, int n,
                         const void *const *children, mpq_t *const *weights)
{
    keyset *k = ctx;
    for (int i = 0; i < n; i++) {
        if (k->n == k->cap) {
            k->cap = k->cap ? 2 * k->cap : 4096;
            k->keys = realloc(k->keys, k->cap * k->size);
            cr_assert_not_null(k->keys);
        }
        zb_tiny_key(children[i], k->keys + k->n++ * k->size);
    }
}

static size_t key_size;

static int cmp_key(const void *a, const void *b) { return memcmp(a, b, key_size); }

Test(zb_explore, the_canonical_key_merges_only_states_that_play_alike, .timeout = 120)
{
    /* Explored on the states' bytes (nothing merged that differs in any
     * byte), the reachable states fall into exactly as many classes of the
     * canonical key as the keyed exploration visits: had the key merged
     * two states that play differently, the states reached only through
     * the forgotten one would be classes the keyed run never meets.  One
     * tile (the Florist) keeps the bytes' run small. */
    ud_setup setup;
    setup_for(&setup, 1);
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_setup_start(&setup, "tiles florist=1", &err));
    ud_buf_free(&err);
    ud_explore_report keyed;
    explore_tiny(&zb_game, &setup, &zb_bound_tiny, -1, &keyed, NULL, NULL);
    cr_assert(keyed.complete && !keyed.violated);

    ud_explore_bound bytes = zb_bound_tiny;
    bytes.key = NULL;
    bytes.key_size = 0;
    key_size = zb_bound_tiny.key_size;
    keyset k = { .size = key_size };
    ud_explore_report raw;
    explore_tiny(&zb_game, &setup, &bytes, -1, &raw, collect_edge, &k);
    cr_assert(raw.complete && !raw.violated);
    cr_assert_gt(raw.distinct, keyed.distinct, "the key merged nothing (%llu states)",
                 (unsigned long long)raw.distinct);
    qsort(k.keys, k.n, k.size, cmp_key);
    size_t classes = 0;
    for (size_t i = 0; i < k.n; i++)
        classes += i == 0 || memcmp(k.keys + i * k.size, k.keys + (i - 1) * k.size, k.size) != 0;
    /* the children of every expansion are every state but the start's */
    cr_assert_eq(classes + keyed.level[0].distinct, keyed.distinct,
                 "%zu classes reached on the bytes, %llu states keyed", classes + keyed.level[0].distinct,
                 (unsigned long long)keyed.distinct);
    free(k.keys);
    ud_explore_report_free(&keyed);
    ud_explore_report_free(&raw);
}

/* ---- a planted violation ----------------------------------------------------------- */

/* Planted: nobody ever holds a kill (the first kill breaks it). */
static bool no_kill(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = p;
    for (int i = 0; i < st->n_players; i++)
        if (st->pl[i].kills) {
            ud_buf_printf(why, "seat %d killed a zombie", i + 1);
            return false;
        }
    return true;
}

static const ud_invariant planted[] = {
    { "TEST-INV-NO-KILL", "Nobody kills a zombie (planted to fail).", no_kill },
};

Test(zb_explore, a_planted_invariant_is_found_on_a_shortest_path_that_replays)
{
    const ud_game *planted_game = planted_game_of(&zb_game, planted, 1);
    ud_setup setup;
    setup_for(&setup, 2);
    ud_explore_report rep;
    explore_tiny(planted_game, &setup, &zb_bound_tiny, -1, &rep, NULL, NULL);
    cr_assert(rep.violated, "no violation found");
    cr_assert_str_eq(rep.fail.id, "TEST-INV-NO-KILL");
    cr_assert_not_null(rep.trace);
    /* A road tile's zombies go where the player puts them, on its road
     * spaces: the nearest to the centre is two steps away.  The bend is
     * placed and its two zombies put (3 decisions), the Florist placed
     * (placing is not optional), the card played or passed, then two
     * steps: the second enters a zombie's space, a roll of 4 or more kills
     * it and breaks the invariant.  7 decisions, no fewer (no zombie can
     * stand nearer, and none before a tile is laid). */
    int decisions = 0;
    for (const char *at = rep.trace; (at = strstr(at, "\ndecide ")); at++)
        decisions++;
    cr_assert_eq(decisions, 7, "%d decisions on the path\n%s", decisions, rep.trace);
    cr_assert_not_null(strstr(rep.trace, "start tiles " ZB_TINY_TILES), "%s", rep.trace);

    assert_trace_breaks_planted(rep.trace, "TEST-INV-NO-KILL", "zombies-board");
    ud_explore_report_free(&rep);
}
