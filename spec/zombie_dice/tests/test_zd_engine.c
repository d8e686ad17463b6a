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
            continue;   /* a stop row */
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
