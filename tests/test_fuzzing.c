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

/* Every game's start pool (spec/FOLDER/fuzz-starts.txt) loads, each of
 * its positions passing the game's start lines and check_start, and a
 * few bytes played from every position (the first byte picks it) pass
 * every check, the transcript round trip from its start lines included. */
Test(fuzzing, every_start_pool_loads_and_plays)
{
    ud_fuzz_set_deep_every(1);
    int pools = 0;
    for (const ud_game *const *gp = ud_games; *gp; gp++) {
        const ud_game *g = *gp;
        const char *where;
        const char *starts = ud_builtin_fuzz_starts(g, &where);
        ud_buf err;
        ud_buf_init(&err);
        bool ok = ud_fuzz_engine_init(g, starts, where, &err);
        cr_assert(ok, "%s: %s", g->name, ud_buf_str(&err));
        ud_buf_free(&err);
        int n = ud_fuzz_engine_starts(g);
        if (starts) {
            cr_assert_gt(n, 0, "%s: %s holds no position", g->name, where);
            pools++;
        }
        for (int k = 0; k <= n; k++)
            for (uint32_t i = 0; i < 24; i++) {
                uint8_t b[9];
                input(i + (uint32_t)k * 24, b + 1);
                b[0] = (uint8_t)k;
                cr_assert_eq(ud_fuzz_game(g, b, 1 + (size_t)(i % 9)), 0);
            }
    }
    cr_assert_geq(pools, 4, "the games with start lines ship pools");
    ud_fuzz_set_max_decisions(0);
}

/* A pool's errors name the file and line; a refused pool keeps nothing. */
Test(fuzzing, a_bad_start_pool_is_refused_with_its_line)
{
    const ud_game *g = ud_find_game("zombie-dice");
    cr_assert_not_null(g);
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_not(ud_fuzz_engine_init(g, "# c\nplayers 2\nstart score p9 3\n", "pool.txt", &err));
    cr_assert(strstr(ud_buf_str(&err), "pool.txt:2: the position of lines 2-3") != NULL, "got '%s'",
              ud_buf_str(&err));
    cr_assert_eq(ud_fuzz_engine_starts(g), 0);
    ud_buf_free(&err);
    ud_buf_init(&err);
    cr_assert_not(ud_fuzz_engine_init(g, "players 2\nscore p1 3\n", "pool.txt", &err));
    cr_assert(strstr(ud_buf_str(&err), "pool.txt:2: expected") != NULL, "got '%s'", ud_buf_str(&err));
    ud_buf_free(&err);
    ud_buf_init(&err);
    cr_assert(ud_fuzz_engine_init(g, "players 3\nstart score p3 12\n\n\nplayers 2\n", "pool.txt", &err), "%s",
              ud_buf_str(&err));
    cr_assert_eq(ud_fuzz_engine_starts(g), 2);
    ud_buf_free(&err);
    ud_fuzz_set_max_decisions(0);
}
