/*
 * test_readings.c - every reading a row consults is visible on the row.
 *
 * A row's guard or effect asks which reading applies through ud_reading
 * (core/engine.h) and declares the key in its `reads` (core/game.h), which
 * `undead rules` shows.  Here every game is played with the reading audit
 * on (ud_step.reads_seen), by the interpreter and by its compiled rows,
 * under its defaults, each reading alone and random settings, its chance
 * and decisions taken from random bytes; a key a row consults without
 * declaring it fails the suite with the row's ID.  A toy game shows the
 * audit can fail, and that a key no row uses fails the self-check.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "selfcheck.h"
#include "support.h"

/* One game from bytes, audited into seen (per rule). */
static ud_status play_audited(const ud_game *g, const int *variant, int players, const uint8_t *data,
                              size_t size, bool interpret, uint32_t *seen)
{
    static unsigned char state[UD_MAX_STATE];
    return play_bytes_game(g, players, variant, data, size, interpret, NULL, NULL, seen, state, NULL);
}

static void defaults_of(const ud_game *g, int *variant)
{
    memset(variant, 0, UD_MAX_VARIANTS * sizeof *variant);
    for (int v = 0; v < g->n_variants; v++)
        variant[v] = g->variants[v].default_value;
}

Test(readings, every_reading_a_row_consults_is_declared_on_it)
{
    int games_played = 0;
    FOR_EACH_GAME(g)
    {
        uint32_t seen[UD_MAX_RULES] = { 0 };
        ud_rng rng;
        ud_rng_seed(&rng, 29);
        /* settings: the defaults, each reading alone, then random ones */
        int settings[64][UD_MAX_VARIANTS];
        int n = 0;
        defaults_of(g, settings[n++]);
        for (int v = 0; v < g->n_variants; v++)
            for (int x = 0; x < g->variants[v].n_values && n < 48; x++)
                if (x != g->variants[v].default_value) {
                    defaults_of(g, settings[n]);
                    settings[n++][v] = x;
                }
        while (n < 64)
            random_variants(g, &rng, settings[n++]);
        int per_setting = test_sample(8);
        for (int c = 0; c < n; c++)
            for (int k = 0; k < per_setting; k++) {
                uint8_t data[4000];
                for (size_t i = 0; i < sizeof data; i++)
                    data[i] = (uint8_t)ud_rng_next(&rng);
                int lo = g->min_players, hi = game_max_tested_players(g);
                int players = lo + (int)(ud_rng_next(&rng) % (uint64_t)(hi - lo + 1));
                play_audited(g, settings[c], players, data, sizeof data, k % 2 == 0, seen);
                games_played++;
            }
        ud_buf why;
        ud_buf_init(&why);
        int problems = ud_reading_audit(g, seen, &why);
        cr_assert_eq(problems, 0, "%s", ud_buf_str(&why));
        ud_buf_free(&why);
    }
    cr_assert_gt(games_played, 0);
}

Test(readings, every_variant_key_changes_some_row)
{
    FOR_EACH_GAME(g)
    {
        ud_buf why;
        ud_buf_init(&why);
        int problems = ud_game_check_keys_used(g, &why);
        cr_assert_eq(problems, 0, "%s", ud_buf_str(&why));
        ud_buf_free(&why);
    }
}

/* ---- a toy game whose rows read a key, declared or not ------------------------------- */

typedef struct toy_state {
    uint8_t phase, value;
} toy_state;
enum { PH_GO, PH_OVER };
enum { V_HIDDEN, V_SHOWN, V_UNUSED, N_V };
static const ud_phase toy_phases[] = { { "go", UD_PHASE_AUTO }, { "over", UD_PHASE_OVER } };
static const ud_action_kind toy_kinds[] = { { "none", NULL } };
static const ud_variant_value two[] = {
    { "a", "900_x.txt", "s", "a" },
    { "b", "900_x.txt", "s", "b" },
};
static const ud_variant toy_variants[N_V] = {
    { "hidden", "?", 2, two, 0 },
    { "shown", "?", 2, two, 0 },
    { "unused", "?", 2, two, 0 },
};
static bool reads_hidden(const void *p, const ud_step *s)
{
    (void)p;
    return ud_reading(s, V_HIDDEN) == 0;
}
static void reads_shown(void *p, ud_step *s)
{
    toy_state *st = p;
    st->value = (uint8_t)ud_reading(s, V_SHOWN);
    st->phase = PH_OVER;
}
static const ud_rule toy_rules[] = {
    { "T-HIDDEN", "900_x.txt", "s", "reads a key it does not declare", PH_GO, UD_ROW_EFFECT, UD_ALWAYS,
      reads_hidden, reads_shown, UD_READS(UD_KEY(V_SHOWN)) },
};
static void toy_init(void *p, const ud_setup *su)
{
    (void)su;
    memset(p, 0, sizeof(toy_state));
}
static int toy_to_move(const void *p)
{
    (void)p;
    return 0;
}
static void toy_describe(const ud_game *g, const void *p, const ud_setup *su, ud_buf *out)
{
    (void)g;
    (void)su;
    ud_buf_printf(out, "value=%d", ((const toy_state *)p)->value);
}
static int toy_score(const void *p, int seat)
{
    (void)p;
    (void)seat;
    return 0;
}
static int toy_winner(const void *p)
{
    (void)p;
    return 0;
}
static const ud_game toy = {
    .name = "toy",
    .title = "Toy",
    .phases = toy_phases,
    .n_phases = 2,
    .rules = toy_rules,
    .n_rules = 1,
    .variants = toy_variants,
    .n_variants = N_V,
    .actions = toy_kinds,
    .n_actions = 1,
    .chance_events = (const char *const[]){ NULL },
    .min_players = 1,
    .max_players = 1,
    .state_size = sizeof(toy_state),
    .phase_offset = offsetof(toy_state, phase),
    .init = toy_init,
    .to_move = toy_to_move,
    .describe = toy_describe,
    .score = toy_score,
    .winner = toy_winner,
};

Test(readings, the_audit_names_a_key_read_without_being_declared)
{
    uint32_t seen[UD_MAX_RULES] = { 0 };
    int variant[UD_MAX_VARIANTS] = { 0 };
    uint8_t none[1] = { 0 };
    cr_assert_eq(play_audited(&toy, variant, 1, none, 0, true, seen), UD_OVER);
    cr_assert_eq(seen[0], UD_KEY(V_HIDDEN) | UD_KEY(V_SHOWN), "both keys were consulted");
    ud_buf why;
    ud_buf_init(&why);
    cr_assert_eq(ud_reading_audit(&toy, seen, &why), 1);
    cr_assert_str_eq(ud_buf_str(&why),
                     "toy: T-HIDDEN consults the reading of hidden without declaring it in its reads\n");
    ud_buf_free(&why);
}

Test(readings, a_key_no_row_uses_fails_the_selfcheck)
{
    ud_buf why;
    ud_buf_init(&why);
    /* hidden is read only behind the table's back; unused by nobody */
    cr_assert_eq(ud_game_check_keys_used(&toy, &why), 2);
    cr_assert_str_eq(ud_buf_str(&why),
                     "toy: variant hidden changes no row: no row exists under only some of its readings, "
                     "and none declares that it consults it (ud_rule.reads)\n"
                     "toy: variant unused changes no row: no row exists under only some of its readings, "
                     "and none declares that it consults it (ud_rule.reads)\n");
    ud_buf_free(&why);
}

Test(readings, rules_and_variants_show_the_keys_a_row_consults)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_rule_reads(&toy, &toy_rules[0], &b);
    cr_assert_str_eq(ud_buf_str(&b), "shown");
    ud_buf_free(&b);
    cr_assert(ud_rule_depends_on(&toy_rules[0], V_SHOWN));
    cr_assert_not(ud_rule_depends_on(&toy_rules[0], V_HIDDEN));
}
