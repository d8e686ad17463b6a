/*
 * test_zd_show.c - the drawings of a Zombie Dice position (undead show:
 * ud_game.draw_text, draw_svg) hold what the checker's state holds: the
 * cup by colour, the feet in hand, the brains and shotguns set aside, each
 * score, who is to move, the target and the final round; the states are
 * computed here by ud_check from golden records, not written down, so a
 * drawing that loses or invents a figure fails.  The SVG parses as XML; a
 * hostile player name stays escaped; the text block keeps to 80 columns
 * and about twenty lines.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support_draw.h"
#include "zd_support.h"
#include "zombie_dice/zd_draw.h"

#define FINISH UD_SOURCE_DIR "/golden/zombie_dice/endgame/finish-round.transcript"
#define EXAMPLES UD_SOURCE_DIR "/golden/zombie_dice/examples/001-examples-1-3.in"

/* The line of the scores naming seat p: "  NAME  SCORE[  <- to move]". */
static const char *score_line(const char *text, const char *name, int score, char *line, size_t size)
{
    const char *p = strstr(text, "Scores (target 13):\n");
    cr_assert_not_null(p, "no scores in:\n%s", text);
    for (p = strchr(p, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
        char got[UD_NAME_MAX + 1];
        int value;
        if (sscanf(p, " %24s %d", got, &value) == 2 && strcmp(got, name) == 0) {
            snprintf(line, size, "%.*s", (int)strcspn(p, "\n"), p);
            cr_assert_eq(value, score, "%s's score drawn %d, the state has %d", name, value, score);
            return line;
        }
        if (!strchr(p, '\n'))
            break;
    }
    cr_assert_fail("no score line for %s in:\n%s", name, text);
    return NULL;
}

static void assert_draws(const char *file, int at)
{
    static zd_state st;
    ud_setup setup;
    checked_position(file, at, &st, &setup);
    char *text, *svg, want[160];
    draw_both(&zd_game, &st, &setup, &text, &svg);
    assert_text_compact(text, 20);
    snprintf(want, sizeof want, "Cup (%d dice): green %d, yellow %d, red %d\n", zd_cup_size(&st),
             st.cup[ZD_GREEN], st.cup[ZD_YELLOW], st.cup[ZD_RED]);
    assert_has(text, want);
    snprintf(want, sizeof want, "Brains:        %d this turn", zd_turn_brains(&st));
    assert_has(text, want);
    snprintf(want, sizeof want, "Shotguns:      %d of 3 this turn", zd_turn_shotguns(&st));
    assert_has(text, want);
    ud_buf hand;
    ud_buf_init(&hand);
    zd_draw_hand(&st, &hand);
    assert_has(text, ud_buf_str(&hand));
    bool over = st.phase == ZD_PH_OVER;
    for (int p = 0; p < st.n_players; p++) {
        char line[128];
        score_line(text, setup.names[p], st.score[p], line, sizeof line);
        cr_assert_eq(strstr(line, "<- to move") != NULL, !over && p == st.current, "%s", line);
        cr_assert_eq(strstr(line, "won") != NULL, over && p == st.winner, "%s", line);
        snprintf(want, sizeof want, "class=\"%s\">%s</text>", !over && p == st.current ? "b" : "l",
                 setup.names[p]);
        assert_has(svg, want);
        snprintf(want, sizeof want, ">%d%s</text>", st.score[p],
                 !over && p == st.current ? "  (to move)"
                 : over && p == st.winner ? "  won"
                                          : "");
        assert_has(svg, want);
    }
    cr_assert_eq(strstr(text, "Final round") != NULL, st.ending && !over, "%s", text);
    cr_assert_eq(strstr(svg, "Final round") != NULL, st.ending && !over);
    assert_svg_parses(svg);
    /* one lettered square a die: the cup, the hand and the dice set aside */
    int dice = zd_cup_size(&st) + st.n_hand + zd_pile_size(st.brains) + zd_pile_size(st.shotguns);
    cr_assert_eq(count_of(svg, "class=\"d\""), dice, "%d dice drawn, the state has %d",
                 count_of(svg, "class=\"d\""), dice);
    assert_has(svg, "Scores (target 13 brains)");
    ud_buf_free(&hand);
    free(text);
    free(svg);
}

Test(zd_show, mid_turn_with_feet_in_hand)
{
    assert_draws(EXAMPLES, 17);
    assert_draws(EXAMPLES, 24);
}

Test(zd_show, a_turn_set_aside_then_the_final_round_then_the_end)
{
    assert_draws(FINISH, 30);
    assert_draws(FINISH, 35);
    assert_draws(FINISH, 0);
}

Test(zd_show, the_final_round_and_the_winner_are_said)
{
    static zd_state st;
    ud_setup setup;
    checked_position(FINISH, 35, &st, &setup);
    cr_assert(st.ending && st.phase != ZD_PH_OVER, "line 35 is in the final round");
    char *text, *svg;
    draw_both(&zd_game, &st, &setup, &text, &svg);
    assert_has(text, "Final round: a player has reached 13 brains; this is its last turn\n");
    free(text);
    free(svg);
    checked_position(FINISH, 0, &st, &setup);
    draw_both(&zd_game, &st, &setup, &text, &svg);
    assert_has(text, "game over after 3 turns: b won with 14 brains\n");
    assert_has(svg, "game over after 3 turns: b won with 14 brains");
    free(text);
    free(svg);
}

Test(zd_show, a_hostile_name_stays_escaped)
{
    assert_hostile_name_escaped(FINISH, 30);
    assert_hostile_name_escaped(FINISH, 0);
}

/* Thirteen players: the scores in two columns, every name and score
 * there, the block still about twenty lines. */
Test(zd_show, a_large_table_keeps_to_twenty_lines)
{
    ud_result res;
    char *record = play_text(&zd_game, 13, NULL, 3, &res, NULL);
    char path[] = "/tmp/zd-show-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_neq(fd, -1);
    FILE *f = fdopen(fd, "w");
    cr_assert_eq(fputs(record, f) >= 0 && fclose(f) == 0, 1);
    static zd_state st;
    ud_setup setup;
    checked_position(path, 0, &st, &setup);
    char *text, *svg, want[64];
    draw_both(&zd_game, &st, &setup, &text, &svg);
    assert_text_compact(text, 20);
    assert_svg_parses(svg);
    for (int p = 0; p < 13; p++) {
        snprintf(want, sizeof want, "  %-4s %3d", setup.names[p], st.score[p]);
        assert_has(text, want);
        snprintf(want, sizeof want, ">%s</text>", setup.names[p]);
        assert_has(svg, want);
    }
    remove(path);
    free(record);
    free(text);
    free(svg);
}
