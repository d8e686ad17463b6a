/*
 * test_zc_show.c - the drawings of a Zombies!!! The Card Game position
 * (undead show: ud_game.draw_text, draw_svg) hold what the checker's state
 * holds: each player's draw deck, bullets, hand and cards in front (each
 * card by the name and number the records give it), the current location
 * and its zombies left, the map stack and the box, who is to move and who
 * won; the states computed by ud_check from golden records, not written
 * down.  The SVG parses as XML; a hostile player name stays escaped; the
 * text block keeps to 80 columns and about twenty lines.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "support_draw.h"
#include "zombies_cards/zc_draw.h"
#include "zombies_cards/zombies_cards.h"

#define FOUR UD_SOURCE_DIR "/golden/zombies_cards/seeded/four-players.transcript"
#define SIX UD_SOURCE_DIR "/golden/zombies_cards/seeded/six-players.transcript"
#define DEATH UD_SOURCE_DIR "/golden/zombies_cards/examples/death.in"

/* text with its wrapped lines joined again (a newline and the indent
 * become one space), so that a card cut at the wrap is found whole. */
static char *unwrapped(const char *text)
{
    char *out = malloc(strlen(text) + 1), *o = out;
    for (const char *p = text; *p;) {
        if (p[0] == '\n' && p[1] == ' ' && p[2] == ' ' && p[3] == ' ' && p[4] == ' ') {
            *o++ = ' ';
            p++;
            while (*p == ' ')
                p++;
        } else {
            *o++ = *p++;
        }
    }
    *o = '\0';
    return out;
}

static void assert_cards(const char *text, const char *svg, const uint8_t *cards, int n)
{
    char want[96];
    for (int i = 0; i < n; i++) {
        const zc_card *c = &zc_content.card[cards[i]];
        snprintf(want, sizeof want, "%s (%d)", c->id, cards[i] + 1);
        assert_has(text, want);
        snprintf(want, sizeof want, ">%s</text>", c->id);
        assert_has(svg, want);
        snprintf(want, sizeof want, ">(%d)</text>", cards[i] + 1);
        assert_has(svg, want);
    }
}

static void assert_draws(const char *file, int at, zc_state *st)
{
    ud_setup setup;
    checked_position(file, at, st, &setup);
    char *text, *svg, want[160];
    draw_both(&zc_game, st, &setup, &text, &svg);
    assert_text_compact(text, 20);
    assert_svg_parses(svg);
    char *flat = unwrapped(text);
    bool over = st->phase == ZC_PH_OVER;
    for (int p = 0; p < st->n_players; p++) {
        const zc_player *pl = &st->p[p];
        bool moving = zc_draw_to_move(st, p);
        snprintf(want, sizeof want, "  %s%s: draw deck %d, bullets %d; hand ", setup.names[p],
                 pl->dead                  ? " (dead)"
                 : moving                  ? " <- to move"
                 : over && st->winner == p ? " (won)"
                                           : "",
                 pl->deck.n, pl->bullets.n);
        assert_has(flat, want);
        assert_cards(flat, svg, pl->hand.c, pl->hand.n);
        assert_cards(flat, svg, pl->play, pl->n_play);
        snprintf(want, sizeof want, "class=\"b\">%s%s</text>", setup.names[p],
                 pl->dead                  ? " (dead)"
                 : moving                  ? " (to move)"
                 : over && st->winner == p ? " (won)"
                                           : "");
        assert_has(svg, want);
        snprintf(want, sizeof want, "class=\"%s\">%d</text>", pl->deck.n ? "n" : "e", pl->deck.n);
        assert_has(svg, want);
    }
    snprintf(want, sizeof want,
             "Map stack: %d card%s (%d under the current one to draw from); in the box: %d", st->map.n,
             st->map.n == 1 ? "" : "s", st->map.n ? st->map.n - 1 : 0, zc_content.n_cards - st->n_dealt);
    assert_has(flat, want);
    *strstr(want, "; ") = '\0'; /* the SVG has a line each */
    assert_has(svg, want);
    snprintf(want, sizeof want, ">in the box: %d</text>", zc_content.n_cards - st->n_dealt);
    assert_has(svg, want);
    if (st->here != ZC_NO_CARD) {
        const zc_card *c = &zc_content.card[st->here];
        snprintf(want, sizeof want, "Current location: %s", zc_content.location[c->location]);
        assert_has(flat, want);
        snprintf(want, sizeof want, "%d left to fight (map card %s)", st->zombies_left, c->id);
        assert_has(flat, want);
        snprintf(want, sizeof want, ">%s</text>", zc_content.location[c->location]);
        assert_has(svg, want);
    }
    free(flat);
    free(text);
    free(svg);
}

Test(zc_show, four_players_mid_game_and_at_the_end)
{
    static zc_state st;
    assert_draws(FOUR, 100, &st);
    cr_assert_neq(st.phase, ZC_PH_OVER);
    assert_draws(FOUR, 0, &st);
    cr_assert_eq(st.phase, ZC_PH_OVER);
}

Test(zc_show, six_players_keep_to_twenty_lines)
{
    static zc_state st;
    assert_draws(SIX, 150, &st);
    assert_draws(SIX, 0, &st);
}

Test(zc_show, a_death_and_the_last_one_standing)
{
    static zc_state st;
    assert_draws(DEATH, 16, &st);
    assert_draws(DEATH, 0, &st);
    cr_assert(st.p[0].dead, "ann dies in death.in");
    ud_setup setup;
    checked_position(DEATH, 0, &st, &setup);
    char *text, *svg;
    draw_both(&zc_game, &st, &setup, &text, &svg);
    assert_has(text, "game over after turn 1: bob won, the last one alive\n");
    assert_has(text, "  ann (dead): ");
    free(text);
    free(svg);
}

Test(zc_show, a_hostile_name_stays_escaped)
{
    assert_hostile_name_escaped(FOUR, 100);
    assert_hostile_name_escaped(DEATH, 0);
}
