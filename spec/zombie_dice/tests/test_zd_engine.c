/*
 * test_zd_engine.c - Zombie Dice's table as the engine builds it: the
 * variant questions it asks, and rows chosen by its settings by name.
 * (The table of every game is checked in tests/test_engine.c.)
 */
#include <criterion/criterion.h>
#include <string.h>

#include "engine.h"
#include "zd_support.h"

Test(zd_table, variant_questions)
{
    int combos = 1;
    for (int v = 0; v < zd_game.n_variants; v++)
        combos *= zd_game.variants[v].n_values;
    /* 4 two-valued base questions and shortage-when (3), the dice set
     * (4), and 4 two-valued expansion questions. */
    cr_assert_eq(combos, 16 * 3 * 4 * 16, "the variant questions changed");
}

Test(zd_table, variant_rows_follow_the_setting)
{
    int variant[UD_MAX_VARIANTS] = { 0 };
    variant[ZD_V_END] = ZD_END_FINAL_TURN;
    variant[ZD_V_FIRST] = ZD_FIRST_RANDOM;
    ud_table t;
    ud_table_build(&t, &zd_game, variant);
    bool final_turn = false, finish_round = false, random_first = false, seat_order = false;
    for (int k = 0; k < t.n_rows + 2 * zd_game.n_phases; k++) {
        if (!t.row[k].rule)
            continue; /* a stop row */
        const char *id = t.row[k].rule->id;
        final_turn |= strcmp(id, "ZD-GOAL-FINAL-TURN") == 0;
        finish_round |= strcmp(id, "ZD-GOAL-FINISH-ROUND") == 0;
        random_first |= strcmp(id, "ZD-FIRST-RANDOM") == 0;
        seat_order |= strcmp(id, "ZD-FIRST-SEAT-ORDER") == 0;
    }
    cr_assert(final_turn && random_first);
    cr_assert_not(finish_round);
    cr_assert_not(seat_order);
}

Test(zd_lookup, rules_actions_and_chance_verbs)
{
    const ud_rule *bust = ud_game_rule(&zd_game, "ZD-BUST");
    cr_assert_not_null(bust);
    cr_assert_str_eq(zd_game.rules[ud_game_rule_index(&zd_game, bust)].id, "ZD-BUST");
    cr_assert_null(ud_game_rule(&zd_game, "ZD-NOPE"));
    cr_assert_eq(ud_game_action(&zd_game, "stop"), ZD_ACT_STOP);
    cr_assert_eq(ud_game_action(&zd_game, "roll"), ZD_ACT_ROLL);
    cr_assert_eq(ud_game_action(&zd_game, "ro"), -1);
    cr_assert(ud_game_is_chance_event(&zd_game, "draw"));
    cr_assert(ud_game_is_chance_event(&zd_game, "roll"));
    cr_assert(ud_game_is_chance_event(&zd_game, "lot"));
    cr_assert_not(ud_game_is_chance_event(&zd_game, "decide"));
}

/* ---- the invariants: each first checks a pile or four scores at once,
 * and only the long way says what broke; these cases are worked by hand
 * from the rules (13 base dice: 6 green, 4 yellow, 3 red), some chosen so
 * that the quick check could be fooled (a count that would carry into
 * the next die type's byte, a seat past the last one). ---- */

/* A base-game choice with every die in the cup: every invariant holds. */
static zd_state fresh_choice(void)
{
    zd_state st;
    memset(&st, 0, sizeof st);
    st.phase = ZD_PH_CHOICE;
    st.n_players = 2;
    st.dice_set = ZD_SET_BASE;
    st.cup[ZD_GREEN] = 6;
    st.cup[ZD_YELLOW] = 4;
    st.cup[ZD_RED] = 3;
    st.winner = -1;
    return st;
}

Test(zd_invariants, a_fresh_choice_holds_every_one)
{
    zd_state st = fresh_choice();
    ud_buf why;
    ud_buf_init(&why);
    for (int i = 0; i < zd_game.n_invariants; i++)
        cr_assert(zd_game.invariants[i].holds(&zd_game, &st, &why), "%s: %s", zd_game.invariants[i].id,
                  ud_buf_str(&why));
    ud_buf_free(&why);
}

Test(zd_invariants, dice_counts_even_where_a_byte_would_carry)
{
    ud_buf why;
    ud_buf_init(&why);
    zd_state st = fresh_choice();
    st.cup[ZD_GREEN] = 5; /* a green die lost */
    cr_assert_not(game_invariant_holds(&zd_game, "ZD-INV-DICE", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "5 green dice in play, expected 6");
    /* 200 + 62 = 262 green: 256 + 6 in a byte, and the carry would make
     * up for the yellow die missing */
    st = fresh_choice();
    st.cup[ZD_GREEN] = 200;
    st.brains[ZD_GREEN] = 62;
    st.brain_worth[ZD_GREEN] = 62;
    st.cup[ZD_YELLOW] = 3;
    cr_assert_not(game_invariant_holds(&zd_game, "ZD-INV-DICE", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "262 green dice in play, expected 6");
    /* two green dice moved from the cup to the hand: still 13 */
    st = fresh_choice();
    st.cup[ZD_GREEN] = 4;
    st.hand[0] = st.hand[1] = ZD_GREEN;
    st.n_hand = st.n_kept = 2;
    cr_assert(game_invariant_holds(&zd_game, "ZD-INV-DICE", &st, &why), "%s", ud_buf_str(&why));
    ud_buf_free(&why);
}

Test(zd_invariants, brain_dice_are_worth_one_or_two)
{
    ud_buf why;
    ud_buf_init(&why);
    zd_state st = fresh_choice();
    st.brains[ZD_RED] = 1;
    st.brain_worth[ZD_RED] = 2; /* a double brain */
    cr_assert(game_invariant_holds(&zd_game, "ZD-INV-HAND", &st, &why), "%s", ud_buf_str(&why));
    st.brain_worth[ZD_RED] = 3;
    cr_assert_not(game_invariant_holds(&zd_game, "ZD-INV-HAND", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "1 red brain dice worth 3");
    st.brains[ZD_RED] = 0;
    st.brain_worth[ZD_RED] = 1;
    cr_assert_not(game_invariant_holds(&zd_game, "ZD-INV-HAND", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "0 red brain dice worth 1");
    /* past what the quick check takes (a count of 64 or more): the long
     * way decides, 200 within 100..200, 201 not */
    st.brains[ZD_RED] = 100;
    st.brain_worth[ZD_RED] = 200;
    cr_assert(game_invariant_holds(&zd_game, "ZD-INV-HAND", &st, &why), "%s", ud_buf_str(&why));
    st.brain_worth[ZD_RED] = 201;
    cr_assert_not(game_invariant_holds(&zd_game, "ZD-INV-HAND", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "100 red brain dice worth 201");
    ud_buf_free(&why);
}

Test(zd_invariants, scores_of_every_seat)
{
    ud_buf why;
    ud_buf_init(&why);
    zd_state st = fresh_choice();
    st.score[1] = 12;
    cr_assert(game_invariant_holds(&zd_game, "ZD-INV-SCORES", &st, &why), "%s", ud_buf_str(&why));
    st.score[5] = 3; /* two players: seat 5 is empty */
    cr_assert_not(game_invariant_holds(&zd_game, "ZD-INV-SCORES", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "seat 5 has score 3");
    st = fresh_choice();
    st.n_players = UD_MAX_PLAYERS;
    st.score[UD_MAX_PLAYERS - 1] = 7; /* the last seat, taken */
    cr_assert(game_invariant_holds(&zd_game, "ZD-INV-SCORES", &st, &why), "%s", ud_buf_str(&why));
    st.score[UD_MAX_PLAYERS - 1] = -1;
    cr_assert_not(game_invariant_holds(&zd_game, "ZD-INV-SCORES", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "seat 15 has score -1");
    st = fresh_choice();
    st.phase = ZD_PH_SETUP; /* before the seats are known */
    st.score[9] = 4;
    cr_assert(game_invariant_holds(&zd_game, "ZD-INV-SCORES", &st, &why), "%s", ud_buf_str(&why));
    ud_buf_free(&why);
}
