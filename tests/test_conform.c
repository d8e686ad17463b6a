/*
 * test_conform.c - the pieces of `undead conform` that need no adapter:
 * the tape of choices (recorded, replayed, cut, filled past its end), the
 * comparison of an adapter's state with undead's (lists in no order
 * compared as sets, a key missing or extra named), and the chi-square
 * test of an implementation's dice.  The lockstep runs themselves, with
 * `undead serve` and broken adapters, are tests/conform.sh's.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "conform.h"
#include "games.h"
#include "support.h"

Test(conform_tape, a_recorded_game_replays_its_choices)
{
    cf_tape t;
    cf_tape_init(&t);
    cf_tape_record(&t, 42);
    uint32_t first[50];
    for (int i = 0; i < 50; i++)
        first[i] = cf_tape_next(&t, (uint32_t)(i % 7 + 2), i % 5 == 0 ? 1 : -1);
    cr_assert_eq(t.n, 50);
    cf_tape_replay(&t);
    for (int i = 0; i < 50; i++)
        cr_assert_eq(cf_tape_next(&t, (uint32_t)(i % 7 + 2), -1), first[i], "choice %d", i);
    for (int i = 0; i < 50; i += 5)
        cr_assert_eq(first[i], 1, "a policy's pick is recorded as given");
    cf_tape_free(&t);
}

Test(conform_tape, past_its_end_a_cut_tape_fills_as_told)
{
    cf_tape t, u;
    cf_tape_init(&t);
    cf_tape_init(&u);
    cf_tape_record(&t, 7);
    for (int i = 0; i < 20; i++)
        cf_tape_next(&t, 1000, -1);
    cf_tape_truncate(&t, 5);
    cr_assert_eq(t.n, 5);
    t.fill = CF_FILL_ZERO;
    cf_tape_replay(&t);
    for (int i = 0; i < 5; i++)
        cf_tape_next(&t, 1000, -1);
    cr_assert_eq(cf_tape_next(&t, 1000, -1), 0, "zero fill: the first choice");
    /* hash fill: the same cut tape is the same game, and not all zeros */
    t.fill = CF_FILL_HASH;
    cf_tape_truncate(&t, 5);
    cf_tape_copy(&u, &t);
    cf_tape_replay(&t);
    cf_tape_replay(&u);
    int nonzero = 0;
    for (int i = 0; i < 40; i++) {
        uint32_t a = cf_tape_next(&t, 1000, -1), b = cf_tape_next(&u, 1000, -1);
        cr_assert_eq(a, b, "choice %d: two replays of one tape differ", i);
        nonzero += i >= 5 && a != 0;
    }
    cr_assert_gt(nonzero, 20, "past the end, choices come from the PRNG");
    /* a value cut for another choice is taken modulo its range */
    t.val[0] = 12;
    cf_tape_replay(&t);
    cr_assert_eq(cf_tape_next(&t, 5, -1), 2);
    cf_tape_free(&t);
    cf_tape_free(&u);
}

/* Zombie Dice's state at its first decision, and the same as JSON. */
static json_t *first_state(const ud_game *g, ud_setup *setup, unsigned char *state)
{
    ud_match m;
    ud_match_defaults(&m, g);
    *setup = m.setup;
    ud_table t;
    ud_table_build(&t, g, setup->variant);
    ud_rng rng;
    ud_rng_seed(&rng, 3);
    ud_chance ch;
    ud_chance_from_rng(&ch, &rng);
    ud_step s;
    ud_step_init(&s, &t, setup, &ch, NULL, NULL);
    cr_assert_eq(ud_start(&s, state), UD_DECIDE);
    return cf_state_json(g, state, setup);
}

Test(conform_state, lists_in_no_order_compare_as_sets_and_a_difference_is_named)
{
    const ud_game *g = ud_find_game("zombie-dice");
    cr_assert_not_null(g);
    ud_setup setup;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    json_t *ours = first_state(g, &setup, state);
    char key[64];
    ud_buf e, f;
    ud_buf_init(&e);
    ud_buf_init(&f);
    cr_assert(cf_same_state(g, state, &setup, ours, key, sizeof key, &e, &f), "the state agrees with itself");

    /* scores is a list in no order: written the other way round, the same */
    json_t *swapped = json_deep_copy(ours);
    json_object_set_new(swapped, "scores", json_string("p2:0,p1:0"));
    cr_assert(cf_same_state(g, state, &setup, swapped, key, sizeof key, &e, &f));
    /* cup is not: its order is its meaning */
    json_t *cup = json_deep_copy(ours);
    const char *c = json_string_value(json_object_get(ours, "cup"));
    char other[64];
    snprintf(other, sizeof other, "%s", c);
    other[1] = other[1] == '9' ? '8' : '9';
    json_object_set_new(cup, "cup", json_string(other));
    cr_assert_not(cf_same_state(g, state, &setup, cup, key, sizeof key, &e, &f));
    cr_assert_str_eq(key, "cup");
    cr_assert(strstr(ud_buf_str(&f), other), "found: %s", ud_buf_str(&f));

    /* a key undead does not have, and one the adapter left out */
    json_t *extra = json_deep_copy(ours);
    json_object_set_new(extra, "mood", json_string("hungry"));
    ud_buf_clear(&e);
    ud_buf_clear(&f);
    cr_assert_not(cf_same_state(g, state, &setup, extra, key, sizeof key, &e, &f));
    cr_assert_str_eq(key, "mood");
    json_t *missing = json_deep_copy(ours);
    json_object_del(missing, "brains");
    ud_buf_clear(&f);
    cr_assert_not(cf_same_state(g, state, &setup, missing, key, sizeof key, &e, &f));
    cr_assert_str_eq(key, "brains");
    cr_assert_str_eq(ud_buf_str(&f), "no brains");
    json_decref(ours);
    json_decref(swapped);
    json_decref(cup);
    json_decref(extra);
    json_decref(missing);
    ud_buf_free(&e);
    ud_buf_free(&f);
}

static const char *const faces[] = { "brain", "brain", "brain", "feet", "feet", "shotgun" };
static const char *face_label(const void *ctx, int i)
{
    (void)ctx;
    return faces[i];
}

/* p-value of the one kind tallied after seen[k] draws of each face. */
static double p_after(const int *seen, int *tested)
{
    cf_tally *t = cf_tally_new();
    cr_assert_not_null(t);
    ud_pick_req p = { .event = "roll", .n = 6, .label = face_label };
    for (int face = 0; face < 6; face++)
        for (int k = 0; k < seen[face]; k++)
            cf_tally_add(t, &p, face);
    ud_buf out;
    ud_buf_init(&out);
    char worst[256];
    double pv = cf_tally_report(t, &out, worst, sizeof worst, tested);
    ud_buf_free(&out);
    cf_tally_free(t);
    return pv;
}

Test(conform_chance, a_fair_die_passes_and_a_loaded_one_fails)
{
    int tested;
    /* faces 0-2 are brains, 3-4 feet, 5 a shotgun: exactly in proportion */
    int fair[6] = { 100, 100, 100, 100, 100, 100 };
    double p = p_after(fair, &tested);
    cr_assert_eq(tested, 1);
    cr_assert_gt(p, 0.99, "exact proportions: p = %g", p);
    /* brains a little more often than 3 in 6: chi2 = 6 with 2 df, whose p is exp(-chi2 / 2) */
    int near[6] = { 110, 110, 110, 90, 90, 90 };
    p = p_after(near, &tested);
    double chi2 = 30.0 * 30.0 / 300 + 20.0 * 20.0 / 200 + 10.0 * 10.0 / 100;
    cr_assert_float_eq(p, exp(-chi2 / 2), 1e-9, "p = %g, expected %g", p, exp(-chi2 / 2));
    /* a loaded die: shotguns half as often as the rules say */
    int loaded[6] = { 1000, 1000, 1000, 1000, 1000, 500 };
    p = p_after(loaded, &tested);
    cr_assert_lt(p, 1e-6, "loaded: p = %g", p);
    /* too few draws for the test: not tested */
    int few[6] = { 3, 3, 3, 2, 2, 1 };
    p = p_after(few, &tested);
    cr_assert_eq(tested, 0);
}
