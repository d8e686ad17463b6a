/*
 * test_compiled.c - Zombie Dice's compiled rows (core/compiled.h) against
 * the interpreted table, the reference: under every variant setting, the
 * same games must give the same transcript lines (with the rule of each),
 * the same firing counts, the same final state and the same result.
 * Both chance paths are compared: the seeded PRNG (effects take its
 * numbers directly, ud_plain_rng) and a byte stream (every pick through
 * ud_pick, as scripts, fuzzers and the explorer do).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "support.h"

/* A sink that folds every line and its rule ID into a hash (FNV-1a). */
typedef struct line_hash {
    uint64_t h;
    int lines;
} line_hash;

static void hash_text(line_hash *lh, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        lh->h = (lh->h ^ *p) * UINT64_C(0x100000001b3);
    lh->h = (lh->h ^ '\n') * UINT64_C(0x100000001b3);
}

static void hash_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)s;
    line_hash *lh = k->ctx;
    hash_text(lh, text);
    hash_text(lh, rule ? rule->id : "-");
    lh->lines++;
}

typedef struct outcome {
    line_hash lines;
    uint64_t fired[UD_MAX_RULES];
    unsigned char state[sizeof(zd_state)];
    ud_status status;
    int winner;
    uint64_t steps;
} outcome;

static void variant_of(int combo, int *variant)
{
    memset(variant, 0, UD_MAX_VARIANTS * sizeof *variant);
    for (int v = 0; v < zd_game.n_variants; v++) {
        variant[v] = combo % zd_game.variants[v].n_values;
        combo /= zd_game.variants[v].n_values;
    }
}

static int combos(void)
{
    int n = 1;
    for (int v = 0; v < zd_game.n_variants; v++)
        n *= zd_game.variants[v].n_values;
    return n;
}

/* A seeded game with random players, invariants checked. */
static void play_seeded(const int *variant, uint64_t seed, int players, bool interpret,
                        outcome *o)
{
    memset(o, 0, sizeof *o);
    o->lines.h = UINT64_C(0xcbf29ce484222325);
    ud_match m;
    ud_match_defaults(&m, &zd_game);
    memcpy(m.setup.variant, variant, sizeof m.setup.variant);
    m.setup.n_players = players;
    for (int i = 0; i < players; i++)
        snprintf(m.setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    m.seed = seed;
    ud_table t;
    ud_table_build(&t, &zd_game, m.setup.variant);
    t.interpret = interpret;
    ud_sink sink = { hash_line, &o->lines };
    ud_result res;
    ud_play(&m, &t, o->state, &sink, o->fired, 1, &res);
    o->status = res.status;
    o->winner = res.winner;
    o->steps = res.steps;
}

/* A game whose chance outcomes and decisions come from bytes. */
static void play_bytes(const int *variant, const uint8_t *data, size_t size, bool interpret,
                       outcome *o)
{
    memset(o, 0, sizeof *o);
    o->lines.h = UINT64_C(0xcbf29ce484222325);
    ud_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.n_players = 3;
    for (int i = 0; i < setup.n_players; i++)
        snprintf(setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    memcpy(setup.variant, variant, sizeof setup.variant);
    ud_table t;
    ud_table_build(&t, &zd_game, setup.variant);
    t.interpret = interpret;
    ud_bytes bytes;
    ud_bytes_init(&bytes, data, size);
    ud_chance chance;
    ud_chance_from_bytes(&chance, &bytes);
    ud_sink sink = { hash_line, &o->lines };
    ud_step s;
    ud_step_init(&s, &t, &setup, &chance, &sink, o->fired);
    s.check_invariants = 1;
    ud_status st = ud_start(&s, o->state);
    for (int d = 0; st == UD_DECIDE && d < 2000; d++)
        st = ud_decide_offer(&s, o->state, (int)ud_bytes_below(&bytes, (uint32_t)s.offers.n));
    o->status = st;
    o->winner = st == UD_OVER ? zd_game.winner(o->state) : -9;
    o->steps = s.steps;
}

static void assert_same(const outcome *a, const outcome *b, const char *what, int combo,
                        uint64_t seed)
{
    cr_assert_eq(a->status, b->status, "%s: setting %d, game %llu: status", what, combo,
                 (unsigned long long)seed);
    cr_assert_eq(a->lines.lines, b->lines.lines, "%s: setting %d, game %llu: transcript lines",
                 what, combo, (unsigned long long)seed);
    cr_assert_eq(a->lines.h, b->lines.h, "%s: setting %d, game %llu: transcript differs", what,
                 combo, (unsigned long long)seed);
    cr_assert_eq(a->steps, b->steps, "%s: setting %d, game %llu: rows fired", what, combo,
                 (unsigned long long)seed);
    cr_assert_eq(a->winner, b->winner);
    for (int r = 0; r < zd_game.n_rules; r++)
        cr_assert_eq(a->fired[r], b->fired[r], "%s: setting %d, game %llu: %s fired %llu vs %llu",
                     what, combo, (unsigned long long)seed, zd_game.rules[r].id,
                     (unsigned long long)a->fired[r], (unsigned long long)b->fired[r]);
    cr_assert_eq(memcmp(a->state, b->state, sizeof a->state), 0,
                 "%s: setting %d, game %llu: final states differ", what, combo,
                 (unsigned long long)seed);
}

Test(compiled, zombie_dice_has_compiled_rows)
{
    cr_assert_not_null(zd_game.compiled_rows);
}

Test(compiled, same_games_as_the_table_under_every_setting_seeded)
{
    int n = combos();
    outcome a, b;
    int games = 0;
    for (int c = 0; c < n; c++) {
        int variant[UD_MAX_VARIANTS];
        variant_of(c, variant);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            int players = 2 + (int)((seed + (uint64_t)c) % 3);
            play_seeded(variant, seed * 7919 + (uint64_t)c, players, true, &a);
            play_seeded(variant, seed * 7919 + (uint64_t)c, players, false, &b);
            cr_assert_eq(a.status, UD_OVER, "setting %d: the reference game did not end", c);
            assert_same(&a, &b, "seeded", c, seed);
            games++;
        }
    }
    cr_assert_eq(games, 3 * n);
}

Test(compiled, same_games_as_the_table_under_every_setting_from_bytes)
{
    int n = combos();
    outcome a, b;
    ud_rng rng;
    ud_rng_seed(&rng, 2026);
    for (int c = 0; c < n; c++) {
        int variant[UD_MAX_VARIANTS];
        variant_of(c, variant);
        uint8_t data[600];
        for (size_t i = 0; i < sizeof data; i++)
            data[i] = (uint8_t)ud_rng_next(&rng);
        play_bytes(variant, data, sizeof data, true, &a);
        play_bytes(variant, data, sizeof data, false, &b);
        assert_same(&a, &b, "bytes", c, 0);
    }
}

/* The comparison can fail: a game under another setting differs. */
Test(compiled, the_comparison_sees_a_difference)
{
    int v0[UD_MAX_VARIANTS], v1[UD_MAX_VARIANTS];
    variant_of(0, v0);
    variant_of(0, v1);
    v1[ZD_V_FIRST] = ZD_FIRST_RANDOM;
    outcome a, b;
    play_seeded(v0, 5, 2, true, &a);
    play_seeded(v1, 5, 2, false, &b);
    cr_assert_neq(a.lines.h, b.lines.h);
}
