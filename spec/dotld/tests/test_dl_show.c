/*
 * test_dl_show.c - the drawings of a Dice of the Living Dead position
 * (undead show: ud_game.draw_text, draw_svg) hold what the checker's state
 * holds: the district and the pawn's space on its track, Time, Healthy and
 * Infected Survivors, Supplies, Ammo, the zombie pool and the fight dice,
 * each player's character and Stress Card, the end; the states computed
 * by ud_check from golden records, not written down.  The SVG parses as
 * XML; a hostile player name stays escaped; the text block keeps to 80
 * columns and about twenty lines.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dotld/dl_draw.h"
#include "dotld/dotld.h"
#include "support.h"
#include "support_draw.h"

#define COMBAT UD_SOURCE_DIR "/golden/dotld/examples/combat.in"
#define PARTY UD_SOURCE_DIR "/golden/dotld/seeded/party-three.transcript"

/* Both drawings of the position after line `at` of file, checked against
 * its state; the state back in st for more. */
static void assert_draws(const char *file, int at, dl_state *st)
{
    ud_setup setup;
    checked_position(file, at, st, &setup);
    char *text, *svg, want[200];
    draw_both(&dl_game, st, &setup, &text, &svg);
    assert_text_compact(text, 20);
    assert_svg_parses(svg);
    snprintf(want, sizeof want,
             "Time %d  Healthy Survivors %d  Infected Survivors %d  Supplies %d  Ammo %d\n", st->time,
             st->healthy, st->infected, st->supplies, st->ammo);
    assert_has(text, want);
    const int figure[] = { st->time, st->healthy, st->infected, st->supplies, st->ammo };
    const char *const label[] = { "Time", "Healthy Survivors", "Infected Survivors", "Supplies", "Ammo" };
    const char *at_box = svg;
    for (int i = 0; i < 5; i++) { /* the boxes, in this order */
        snprintf(want, sizeof want, "class=\"v\">%d</text>", figure[i]);
        at_box = strstr(at_box, want);
        cr_assert_not_null(at_box, "no box '%s' (%s) in order in:\n%s", want, label[i], svg);
        snprintf(want, sizeof want, ">%s</text>", label[i]);
        assert_has(at_box, want);
    }
    const dl_district *d = dl_current_district(st);
    snprintf(want, sizeof want, "District %d of 4: %s (Time %d on this tile)", st->district_no + 1, d->title,
             d->time);
    assert_has(text, want);
    assert_has(svg, want);
    /* the pawn: one bracketed space on the track (and the legend's "[ ]") */
    snprintf(want, sizeof want, "[%c]", dl_draw_space_letter(st, st->space));
    assert_has(text, want);
    cr_assert_eq(count_of(text, "["), 2, "one pawn on the track:\n%s", text);
    cr_assert_eq(count_of(svg, "stroke=\"#1f5fbf\""), 2, "one pawn ring, and the legend's");
    for (int p = 0; p < setup.n_players; p++) {
        int c = st->character[p];
        cr_assert_gt(c, 0);
        snprintf(want, sizeof want, "%s %s", setup.names[p], dl_content.character[c - 1].name);
        assert_has(text, want);
        assert_has(svg, want);
        if (setup.n_players > 1) {
            int card = st->stress_hand[p];
            snprintf(want, sizeof want, "%s holds %s", setup.names[p],
                     card ? dl_content.stress[card - 1].name : "none");
            assert_has(text, want);
        }
    }
    free(text);
    free(svg);
}

Test(dl_show, the_roll_the_move_and_the_fight_of_the_combat_example)
{
    static dl_state st;
    char *text, *svg, want[160];
    ud_setup setup;
    assert_draws(COMBAT, 25, &st);
    cr_assert_eq(st.phase, DL_PH_REROLL, "line 25 is a reroll's decision");
    checked_position(COMBAT, 25, &st, &setup);
    draw_both(&dl_game, &st, &setup, &text, &svg);
    snprintf(want, sizeof want, "Scavenger Dice %d; Zombie Dice %d; roll %d of 3", st.scavenger,
             st.zombie_face, st.roll_no);
    assert_has(text, want);
    /* a square a die rolled, and the legend's two */
    int rolled = (st.scavenger > 0) + (st.zombie_face > 0);
    for (int f = 1; f <= 6; f++)
        rolled += st.dice[f];
    cr_assert_eq(count_of(svg, "class=\"f\""), rolled + 2, "%d dice drawn, %d rolled",
                 count_of(svg, "class=\"f\""), rolled);
    free(text);
    free(svg);
    assert_draws(COMBAT, 30, &st);
    assert_draws(COMBAT, 46, &st);
    cr_assert_eq(st.phase, DL_PH_FIGHT, "line 46 is in the fight");
    checked_position(COMBAT, 46, &st, &setup);
    draw_both(&dl_game, &st, &setup, &text, &svg);
    snprintf(want, sizeof want, "Fight Dice: %d zombies to fight with %d dice:", st.fight_zombies,
             st.fight_dice);
    assert_has(text, want);
    snprintf(want, sizeof want, "roll %d of 3; %d killed so far", st.fight_roll, dl_fight_kills(&st));
    assert_has(text, want);
    int fight = 0;
    for (int f = 1; f <= 6; f++)
        fight += st.fdice[f];
    cr_assert_gt(fight, 0);
    cr_assert_eq(count_of(svg, "class=\"f\""), fight + 2, "%d dice drawn, %d fight dice",
                 count_of(svg, "class=\"f\""), fight);
    snprintf(want, sizeof want, "zombie pool: %d zombies", st.zombies);
    assert_has(text, want);
    assert_has(text, "Stress Cards: active: fever (drawn)");
    free(text);
    free(svg);
    assert_draws(COMBAT, 0, &st);
}

Test(dl_show, a_party_of_three_mid_game_and_at_its_end)
{
    static dl_state st;
    assert_draws(PARTY, 300, &st);
    cr_assert_neq(st.phase, DL_PH_OVER);
    assert_draws(PARTY, 0, &st);
    cr_assert_eq(st.phase, DL_PH_OVER);
    ud_setup setup;
    char *text, *svg;
    checked_position(PARTY, 0, &st, &setup);
    draw_both(&dl_game, &st, &setup, &text, &svg);
    cr_assert_eq(st.result, DL_LOST_SURVIVORS);
    assert_has(text, "game over in round 8: the party lost: its last survivor is lost\n");
    assert_has(svg, "the party lost: its last survivor is lost");
    free(text);
    free(svg);
}

Test(dl_show, a_hostile_name_stays_escaped)
{
    assert_hostile_name_escaped(PARTY, 300);
    assert_hostile_name_escaped(COMBAT, 0);
}
