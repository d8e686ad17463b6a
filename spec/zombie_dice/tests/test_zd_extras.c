/*
 * test_zd_extras.c - Zombie Dice's analyses behind the extras seam
 * (core/extras.h): an option out of range is a usage error naming it.
 * The seam itself, for every game, is tested in tests/test_extras.c.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "extras.h"
#include "setup.h"
#include "zd_support.h"

/* A bad option value is a usage error with a message, not a crash. */
Test(zd_extras, bad_option_is_usage)
{
    const ud_game *g = &zd_game;
    const ud_analysis *a = ud_game_find_analysis(g, "game");
    cr_assert_not_null(a, "zombie-dice has no 'game' analysis");
    ud_analysis_args *args = calloc(1, sizeof *args);
    ud_setup_defaults(g, &args->setup);
    args->n = 1;
    args->name[0] = "from-score";
    args->value[0] = "99";
    ud_analysis_sink sink = { 0 };
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(a->run(g, args, &sink, &err), UD_ANALYSIS_USAGE);
    cr_assert(strstr(ud_buf_str(&err), "--from-score") != NULL, "got: %s", ud_buf_str(&err));
    ud_buf_free(&err);
    free(args);
}
