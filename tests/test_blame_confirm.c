/*
 * test_blame_confirm.c - explanations confirmed by play (core/blame.h,
 * ud_blame_confirmed): the change every game bore out named first, the
 * refuted ones last, each rank in its old order, and the evidence says
 * what play showed.  The changes are Zombie Dice's rows; no game is played
 * here (conform plays them: tests/conform.sh tied).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "blame.h"
#include "games.h"

static const ud_game *g;

static void init(void)
{
    g = ud_find_game("zombie-dice");
    cr_assert_not_null(g);
}

TestSuite(blame_confirm, .init = init);

/* A blame of rows ids (each's guard always holding), costs 0, 1, ... */
static void blame_of(ud_blame *b, const char *const *ids, int n)
{
    memset(b, 0, sizeof *b);
    b->game = g;
    b->kind = UD_BLAME_ROW;
    b->n_found = n;
    for (int i = 0; i < n; i++) {
        const ud_rule *r = ud_game_rule(g, ids[i]);
        cr_assert_not_null(r, "%s", ids[i]);
        b->found[i] = (ud_blame_change){ .kind = UD_BLAME_ROW, .rule = r, .op = UD_MUT_GUARD_ALWAYS };
        b->cost[i] = (uint64_t)i;
    }
}

static void evidence(const ud_blame *b, char *out, size_t size)
{
    ud_buf why;
    ud_buf_init(&why);
    ud_blame_evidence(g, b, "the implementation", &why);
    snprintf(out, size, "%s", ud_buf_str(&why));
    ud_buf_free(&why);
}

static const char *const ids[] = { "ZD-BUST", "ZD-GAME-OVER", "ZD-STOP-SCORE" };

Test(blame_confirm, the_first_borne_out_is_named_the_refuted_last)
{
    ud_blame b;
    blame_of(&b, ids, 3);
    b.confirm_games = 4;
    b.confirm[0] = (ud_blame_confirm){ .kind = UD_CONFIRM_PARTED, .games = 0, .game = 1, .play = 37 };
    b.confirm[1] = (ud_blame_confirm){ .kind = UD_CONFIRM_UNSURE };
    b.confirm[2] = (ud_blame_confirm){ .kind = UD_CONFIRM_AGREED, .games = 4 };
    ud_blame_confirmed(&b);
    cr_assert_str_eq(ud_blame_rule(&b)->id, "ZD-STOP-SCORE");
    cr_assert_str_eq(b.found[1].rule->id, "ZD-GAME-OVER");
    cr_assert_str_eq(b.found[2].rule->id, "ZD-BUST");
    cr_assert_eq(b.confirm[2].kind, UD_CONFIRM_PARTED);
    cr_assert_eq(b.cost[0], 2); /* each change keeps its cost */
    char why[2048];
    evidence(&b, why, sizeof why);
    cr_assert(strstr(why,
                     "by play (the departing game again to its end, then 3 more): confirmed, 4 games agree "
                     "with ZD-STOP-SCORE's guard always holding; "),
              "%s", why);
    cr_assert(strstr(why, "ZD-GAME-OVER's guard always holding could not be confirmed"), "%s", why);
    cr_assert(strstr(why, "ZD-BUST's guard always holding parts at game 1, play 37"), "%s", why);
    ud_buf j;
    ud_buf_init(&j);
    ud_blame_confirm_json(g, &b, &j);
    cr_assert(strstr(ud_buf_str(&j), ",\"confirmed\":[{\"change\":\"ZD-STOP-SCORE's guard always holding\","
                                     "\"play\":\"agrees\",\"games_agreed\":4,\"games\":4}"),
              "%s", ud_buf_str(&j));
    cr_assert(strstr(ud_buf_str(&j), "\"play\":\"parts\",\"games_agreed\":0,\"games\":4,\"parts_at_game\":1,"
                                     "\"parts_at_play\":37}]"),
              "%s", ud_buf_str(&j));
    ud_buf_free(&j);
}

Test(blame_confirm, survivors_play_cannot_tell_apart_keep_their_order_and_say_so)
{
    ud_blame b;
    blame_of(&b, ids, 3);
    b.confirm_games = 4;
    b.confirm[0] = (ud_blame_confirm){ .kind = UD_CONFIRM_PARTED, .game = 2, .play = 5 };
    b.confirm[1] = (ud_blame_confirm){ .kind = UD_CONFIRM_AGREED, .games = 4 };
    b.confirm[2] = (ud_blame_confirm){ .kind = UD_CONFIRM_AGREED, .games = 4 };
    ud_blame_confirmed(&b);
    cr_assert_str_eq(ud_blame_rule(&b)->id, "ZD-GAME-OVER");
    char why[2048];
    evidence(&b, why, sizeof why);
    cr_assert(strstr(why,
                     "no game of 4 told these apart: ZD-GAME-OVER's guard always holding, ZD-STOP-SCORE's "
                     "guard always holding; ZD-BUST's guard always holding parts at game 2, play 5"),
              "%s", why);
}

Test(blame_confirm, every_change_refuted_leaves_the_old_order)
{
    ud_blame b;
    blame_of(&b, ids, 2);
    b.confirm_games = 1;
    b.confirm[0] = (ud_blame_confirm){ .kind = UD_CONFIRM_PARTED, .game = 1, .play = 9 };
    b.confirm[1] = (ud_blame_confirm){ .kind = UD_CONFIRM_PARTED, .game = 1, .play = 3 };
    ud_blame_confirmed(&b);
    cr_assert_str_eq(ud_blame_rule(&b)->id, "ZD-BUST");
    char why[2048];
    evidence(&b, why, sizeof why);
    cr_assert(strstr(why, "no change played was confirmed"), "%s", why);
}

Test(blame_confirm, nothing_played_says_nothing_of_play)
{
    ud_blame b;
    blame_of(&b, ids, 3);
    ud_blame_confirmed(&b);
    cr_assert_str_eq(ud_blame_rule(&b)->id, "ZD-BUST");
    char why[2048];
    evidence(&b, why, sizeof why);
    cr_assert_null(strstr(why, "by play"), "%s", why);
    ud_buf j;
    ud_buf_init(&j);
    ud_blame_confirm_json(g, &b, &j);
    cr_assert_str_eq(ud_buf_str(&j), "");
    ud_buf_free(&j);
}
