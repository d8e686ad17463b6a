/*
 * test_fuzzing.c - core/fuzzing: which inputs get the sampled deep checks
 * (a hash of the bytes: the same input always gets the same answer, about
 * one in N do, every one when N is 1), and every built-in game's engine
 * body accepts short and empty inputs with every check on.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "fuzzing.h"
#include "games.h"

static void input(uint32_t i, uint8_t out[8])
{
    for (int k = 0; k < 8; k++)
        out[k] = (uint8_t)((i * 2654435761u) >> (k % 4 * 8)) ^ (uint8_t)k;
}

Test(fuzzing, deep_inputs_about_one_in_n_and_stable)
{
    ud_fuzz_set_deep_every(64);
    int deep = 0;
    for (uint32_t i = 0; i < 64000; i++) {
        uint8_t b[8];
        input(i, b);
        bool d = ud_fuzz_is_deep(b, sizeof b);
        cr_assert_eq(d, ud_fuzz_is_deep(b, sizeof b), "input %u: a different answer twice", i);
        deep += d;
    }
    /* 1,000 expected; a binomial's spread is about 31. */
    cr_assert(deep > 800 && deep < 1200, "%d deep inputs of 64000 at N=64", deep);
    ud_fuzz_set_deep_every(1);
}

Test(fuzzing, every_input_deep_when_n_is_one)
{
    ud_fuzz_set_deep_every(1);
    for (uint32_t i = 0; i < 1000; i++) {
        uint8_t b[8];
        input(i, b);
        cr_assert(ud_fuzz_is_deep(b, (size_t)(i % 9)));
    }
}

Test(fuzzing, every_game_plays_short_inputs_with_every_check)
{
    ud_fuzz_set_deep_every(1);
    cr_assert_not_null(ud_games[0]);
    for (const ud_game *const *gp = ud_games; *gp; gp++) {
        const ud_game *g = *gp;
        for (uint32_t i = 0; i < 200; i++) {
            uint8_t b[8];
            input(i, b);
            cr_assert_eq(ud_fuzz_game(g, b, (size_t)(i % 9)), 0);
        }
    }
}
