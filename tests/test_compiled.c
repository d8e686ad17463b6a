/*
 * test_compiled.c - every game's compiled rows (core/compiled.h; games
 * without them are skipped) against the interpreted table, the reference:
 * under every variant setting (sampled where a game has very many), the
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
    unsigned char state[UD_MAX_STATE];
    ud_status status;
    int winner;
    uint64_t steps;
} outcome;

static void variant_of(const ud_game *g, int combo, int *variant)
{
    memset(variant, 0, UD_MAX_VARIANTS * sizeof *variant);
    for (int v = 0; v < g->n_variants; v++) {
        variant[v] = combo % g->variants[v].n_values;
        combo /= g->variants[v].n_values;
    }
}

/* Settings tried: all of them, or the first MAX_COMBOS in counting order.
 * The sanitizer build, where a game costs several times as much, tries
 * every COMBO_STRIDE-th of them: a stride prime to the variants' counts of
 * values (2, 3, 4) still sets every value of every variant; what it
 * checks there is the compiled rows' memory, which each setting's game
 * plays over the same code. */
enum { MAX_COMBOS = 4096 };
#ifdef UD_TEST_SANITIZED
enum { COMBO_STRIDE = 5 };
#else
enum { COMBO_STRIDE = 1 };
#endif

/* The stride over a game's n settings: a game of few settings tries all. */
static int stride(int n) { return n > 64 ? COMBO_STRIDE : 1; }

static int combos(const ud_game *g)
{
    double n = 1;
    for (int v = 0; v < g->n_variants; v++)
        n *= g->variants[v].n_values;
    return n > MAX_COMBOS ? MAX_COMBOS : (int)n;
}

static int players_for(const ud_game *g, uint64_t k)
{
    int lo = g->min_players, hi = game_max_tested_players(g);
    return lo + (int)(k % (uint64_t)(hi - lo + 1));
}

/* A seeded game with random players, invariants checked (the runner's
 * checking copy) or not (its copies for speed: for the default readings
 * where the game compiles one, else the general one). */
static void play_seeded_as(const ud_game *g, const int *variant, uint64_t seed, int players, bool interpret,
                           int invariants, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->lines.h = UINT64_C(0xcbf29ce484222325);
    ud_match m;
    ud_match_defaults(&m, g);
    memcpy(m.setup.variant, variant, sizeof m.setup.variant);
    m.setup.n_players = players;
    for (int i = 0; i < players; i++)
        snprintf(m.setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    m.seed = seed;
    /* Random seats under a long round cap may pass the default bound on
     * decisions (the board game's zombies, six seats, turn-cap=50): as
     * test_random_sim, a larger one, so that every reference game ends. */
    m.max_decisions = 20000;
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    t.interpret = interpret;
    ud_sink sink = { hash_line, &o->lines };
    ud_result res;
    ud_play(&m, &t, o->state, &sink, o->fired, invariants, &res);
    o->status = res.status;
    o->winner = res.winner;
    o->steps = res.steps;
}

static void play_seeded(const ud_game *g, const int *variant, uint64_t seed, int players, bool interpret,
                        outcome *o)
{
    play_seeded_as(g, variant, seed, players, interpret, 1, o);
}

/* A game whose chance outcomes and decisions come from bytes. */
static void play_bytes(const ud_game *g, int players, const int *variant, const uint8_t *data, size_t size,
                       bool interpret, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->lines.h = UINT64_C(0xcbf29ce484222325);
    ud_sink sink = { hash_line, &o->lines };
    ud_status st = play_bytes_game(g, players, variant, data, size, interpret, &sink, o->fired, NULL,
                                   o->state, &o->steps);
    o->status = st;
    o->winner = st == UD_OVER ? g->winner(o->state) : -9;
}

static void assert_same(const ud_game *g, const outcome *a, const outcome *b, const char *what, int combo,
                        uint64_t seed)
{
    cr_assert_eq(a->status, b->status, "%s: setting %d, game %llu: status", what, combo,
                 (unsigned long long)seed);
    cr_assert_eq(a->lines.lines, b->lines.lines, "%s: setting %d, game %llu: transcript lines", what, combo,
                 (unsigned long long)seed);
    cr_assert_eq(a->lines.h, b->lines.h, "%s: setting %d, game %llu: transcript differs", what, combo,
                 (unsigned long long)seed);
    cr_assert_eq(a->steps, b->steps, "%s: setting %d, game %llu: rows fired", what, combo,
                 (unsigned long long)seed);
    cr_assert_eq(a->winner, b->winner);
    for (int r = 0; r < g->n_rules; r++)
        cr_assert_eq(a->fired[r], b->fired[r], "%s: setting %d, game %llu: %s fired %llu vs %llu", what,
                     combo, (unsigned long long)seed, g->rules[r].id, (unsigned long long)a->fired[r],
                     (unsigned long long)b->fired[r]);
    cr_assert_eq(memcmp(a->state, b->state, g->state_size), 0,
                 "%s: setting %d, game %llu: final states differ", what, combo, (unsigned long long)seed);
}

/* The settings tried (every COMBO_STRIDE-th of the first n) set each value
 * of each variant that the first n set. */
static void expect_every_value_set(const ud_game *g, int n)
{
    for (int v = 0; v < g->n_variants; v++) {
        uint64_t all = 0, tried = 0;
        for (int c = 0; c < n; c++) {
            int variant[UD_MAX_VARIANTS];
            variant_of(g, c, variant);
            uint64_t bit = UINT64_C(1) << (variant[v] & 63);
            all |= bit;
            if (c % stride(n) == 0)
                tried |= bit;
        }
        cr_expect_eq(tried, all, "%s: variant %s: a value is never tried", g->name, g->variants[v].key);
    }
}

Test(compiled, some_game_has_compiled_rows)
{
    int n = 0;
    FOR_EACH_GAME(g)
    n += g->compiled_rows != NULL;
    cr_assert_gt(n, 0, "no registered game has compiled rows: this suite tests nothing");
}

Test(compiled, same_games_as_the_table_under_every_setting_seeded)
{
    FOR_EACH_GAME(g)
    {
        if (!g->compiled_rows)
            continue;
        int n = combos(g);
        int seeds = test_sample(3); /* games per setting */
        outcome a, b;
        int games = 0, settings = 0;
        for (int c = 0; c < n; c += stride(n), settings++) {
            int variant[UD_MAX_VARIANTS];
            variant_of(g, c, variant);
            for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
                int players = players_for(g, seed + (uint64_t)c);
                play_seeded(g, variant, seed * 7919 + (uint64_t)c, players, true, &a);
                play_seeded(g, variant, seed * 7919 + (uint64_t)c, players, false, &b);
                cr_assert_eq(a.status, UD_OVER, "%s: setting %d: the reference game did not end", g->name, c);
                assert_same(g, &a, &b, "seeded", c, seed);
                games++;
            }
        }
        cr_assert_eq(games, seeds * settings);
        expect_every_value_set(g, n);
    }
}

/* The copies without invariant checks, which simulations run: every
 * setting (the default readings' copy where the game has one), seeded. */
Test(compiled, same_games_as_the_table_without_invariants)
{
    FOR_EACH_GAME(g)
    {
        if (!g->compiled_rows)
            continue;
        int n = combos(g);
        int seeds = 1; /* a game per setting: the checking copy's test plays more */
        outcome a, b;
        for (int c = 0; c < n; c += stride(n)) {
            int variant[UD_MAX_VARIANTS];
            variant_of(g, c, variant);
            for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
                int players = players_for(g, seed + (uint64_t)c);
                play_seeded_as(g, variant, seed * 104729 + (uint64_t)c, players, true, 0, &a);
                play_seeded_as(g, variant, seed * 104729 + (uint64_t)c, players, false, 0, &b);
                cr_assert_eq(a.status, UD_OVER, "%s: setting %d: the reference game did not end", g->name, c);
                assert_same(g, &a, &b, "seeded, invariants off", c, seed);
            }
        }
        /* and the default readings, many games of them */
        int variant[UD_MAX_VARIANTS] = { 0 };
        for (int v = 0; v < g->n_variants; v++)
            variant[v] = g->variants[v].default_value;
        for (uint64_t seed = 1; seed <= (uint64_t)test_sample(200); seed++) {
            int players = players_for(g, seed);
            play_seeded_as(g, variant, seed, players, true, 0, &a);
            play_seeded_as(g, variant, seed, players, false, 0, &b);
            assert_same(g, &a, &b, "default readings, invariants off", -1, seed);
        }
    }
}

Test(compiled, same_games_as_the_table_under_every_setting_from_bytes)
{
    FOR_EACH_GAME(g)
    {
        if (!g->compiled_rows)
            continue;
        int n = combos(g);
        outcome a, b;
        ud_rng rng;
        ud_rng_seed(&rng, 2026);
        for (int c = 0; c < n; c += stride(n)) {
            int variant[UD_MAX_VARIANTS];
            variant_of(g, c, variant);
            uint8_t data[600];
            for (size_t i = 0; i < sizeof data; i++)
                data[i] = (uint8_t)ud_rng_next(&rng);
            int players = players_for(g, (uint64_t)c);
            play_bytes(g, players, variant, data, sizeof data, true, &a);
            play_bytes(g, players, variant, data, sizeof data, false, &b);
            assert_same(g, &a, &b, "bytes", c, 0);
        }
    }
}

/* The comparison can fail: another game (another seed) differs. */
Test(compiled, the_comparison_sees_a_difference)
{
    FOR_EACH_GAME(g)
    {
        if (!g->compiled_rows)
            continue;
        int v0[UD_MAX_VARIANTS];
        variant_of(g, 0, v0);
        outcome a, b;
        int players = g->min_players > 2 ? g->min_players : (g->max_players >= 2 ? 2 : 1);
        bool differs = false;
        for (uint64_t seed = 5; seed < 15 && !differs; seed++) {
            play_seeded(g, v0, seed, players, true, &a);
            play_seeded(g, v0, seed + 1000, players, false, &b);
            differs = a.lines.h != b.lines.h;
        }
        cr_assert(differs, "%s: ten pairs of different seeds all hash alike", g->name);
    }
}
