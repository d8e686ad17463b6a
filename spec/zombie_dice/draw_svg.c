/*
 * draw_svg.c - a Zombie Dice position as a standalone SVG for undead show.
 *
 * Each die is a square in its colour, lettered as the state lines letter
 * it (G, Y, R; H, O, S for the expansion dice) so that it reads without
 * colour too: the cup by colour, the feet in hand, the brains and the
 * shotguns set aside this turn.  Below them each player's score as a bar
 * along a scale with the target of 13 marked, the player to move named in
 * bold and said to be after the score.  The words are those of the text drawing (draw.c).
 */
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "xml.h"
#include "zd_draw.h"

enum {
    WIDTH = 720,
    DIE = 22,  /* a die's square */
    STEP = 26, /* from one die to the next */
    LINE = 20,
    BAR_X = 250, /* where the score bars start: room for a name */
    UNIT = 16,   /* pixels a brain on a bar */
    BAR_UNITS = 18,
};

static const char *const die_fill[ZD_TYPES] = {
    [ZD_GREEN] = "#2e8b3a", [ZD_YELLOW] = "#f1c40f", [ZD_RED] = "#c0392b",
    [ZD_HUNK] = "#1f5fbf",  [ZD_HOTTIE] = "#c2185b", [ZD_SANTA] = "#ffffff",
};
static const char *const die_ink[ZD_TYPES] = {
    [ZD_GREEN] = "#fff", [ZD_YELLOW] = "#222", [ZD_RED] = "#fff",
    [ZD_HUNK] = "#fff",  [ZD_HOTTIE] = "#fff", [ZD_SANTA] = "#c0392b",
};

static void die(ud_buf *out, int x, int y, int type)
{
    ud_buf_printf(
        out,
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"#333\"/>\n"
        "<text x=\"%d\" y=\"%d\" class=\"d\" style=\"fill: %s\">%c</text>\n",
        x, y, DIE, DIE, die_fill[type], x + DIE / 2, y + DIE / 2 + 5, die_ink[type], zd_dice[type].letter);
}

/* A labelled row of dice: count[t] dice of each type, or (count NULL)
 * the hand's dice; then the words.  The y of the next row. */
static int dice_row(ud_buf *out, int y, const char *label, const zd_state *st, const uint8_t *count,
                    const char *words)
{
    ud_svg_text(out, 12, y + DIE / 2 + 5, "class=\"b\"", label);
    int x = 130, drawn = 0;
    if (count) {
        for (int t = 0; t < ZD_TYPES; t++)
            for (int k = 0; k < count[t] && drawn < 16; k++, drawn++, x += STEP)
                die(out, x, y, t);
    } else {
        for (int k = 0; k < st->n_hand && k < ZD_HAND; k++, x += STEP)
            die(out, x, y, st->hand[k] % ZD_TYPES);
    }
    ud_svg_text(out, x + 8, y + DIE / 2 + 5, "class=\"l\"", words);
    return y + DIE + 10;
}

static int dice(ud_buf *out, int y, const zd_state *st)
{
    ud_buf w;
    ud_buf_init(&w);
    ud_buf_printf(&w, "%d dice: ", zd_cup_size(st));
    zd_draw_pile(st, st->cup, true, &w);
    y = dice_row(out, y, "Cup", st, st->cup, ud_buf_str(&w));
    ud_buf_clear(&w);
    zd_draw_hand(st, &w);
    if (st->n_kept != st->n_hand)
        ud_buf_printf(&w, " (%d feet kept, the rest drawn to roll)", st->n_kept);
    y = dice_row(out, y, st->n_kept == st->n_hand ? "Feet in hand" : "In hand", st, NULL, ud_buf_str(&w));
    ud_buf_clear(&w);
    ud_buf_printf(&w, "%d brain%s this turn", zd_turn_brains(st), zd_turn_brains(st) == 1 ? "" : "s");
    if (st->noted)
        ud_buf_printf(&w, " (%d noted from dice back in the cup)", st->noted);
    if (st->bonus)
        ud_buf_printf(&w, " (%+d not on a die)", st->bonus);
    y = dice_row(out, y, "Brains", st, st->brains, ud_buf_str(&w));
    ud_buf_clear(&w);
    ud_buf_printf(&w, "%d of %d shotguns this turn", zd_turn_shotguns(st), zd_bust_at(st));
    y = dice_row(out, y, "Shotguns", st, st->shotguns, ud_buf_str(&w));
    ud_buf_clear(&w);
    zd_draw_extras(st, &w);
    if (w.len) {
        y = ud_svg_wrapped(out, 12, y + 8, WIDTH - 24, 12, "class=\"l\"", ud_buf_str(&w)) - 4;
    }
    ud_buf_free(&w);
    return y;
}

/* Each player's score as a bar, the target marked; the y after. */
static int scores(ud_buf *out, int y, const zd_state *st, const ud_setup *setup)
{
    char head[64];
    snprintf(head, sizeof head, "Scores (target %d brains)", ZD_GOAL);
    ud_svg_text(out, 12, y, "class=\"h\"", head);
    y += LINE;
    int n = zd_draw_seats(st, setup);
    uint8_t outcome[UD_MAX_PLAYERS];
    zd_outcomes(st, n, outcome);
    int top = y - 12;
    for (int p = 0; p < n; p++, y += LINE + 4) {
        bool moving = st->phase != ZD_PH_OVER && st->phase != ZD_PH_SETUP && p == st->current;
        ud_buf_printf(out, "<text x=\"12\" y=\"%d\" class=\"%s\">", y, moving ? "b" : "l");
        ud_xml_escape_buf(out, setup->names[p]);
        ud_buf_puts(out, "</text>\n");
        int len = st->score[p] < BAR_UNITS ? st->score[p] : BAR_UNITS;
        ud_buf_printf(out,
                      "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"14\" fill=\"#eee\" stroke=\"#bbb\"/>\n"
                      "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"14\" fill=\"%s\"/>\n",
                      BAR_X, y - 12, BAR_UNITS * UNIT, BAR_X, y - 12, len > 0 ? len * UNIT : 0,
                      moving ? "#d35400" : "#e8a0b4");
        char figure[48];
        snprintf(figure, sizeof figure, "%d%s", st->score[p],
                 moving                                                  ? "  (to move)"
                 : st->phase != ZD_PH_OVER || outcome[p] == UD_SEAT_LOST ? ""
                 : outcome[p] == UD_SEAT_WON                             ? "  won"
                                                                         : "  shared the win");
        ud_svg_text(out, BAR_X + BAR_UNITS * UNIT + 10, y, "class=\"b\"", figure);
    }
    int tx = BAR_X + ZD_GOAL * UNIT;
    ud_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#222\" stroke-width=\"2\"/>\n",
                  tx, top - 4, tx, y - LINE + 2);
    ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"c\">%d</text>\n", tx, top - 6, ZD_GOAL);
    return y;
}

void zd_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption, ud_buf *out)
{
    const zd_state *st = state;
    ud_buf body, line;
    ud_buf_init(&body);
    ud_buf_init(&line);
    ud_buf title;
    ud_buf_init(&title);
    ud_buf_printf(&title, "%s: the first to %d brains", g->title, ZD_GOAL);
    zd_draw_status(st, setup, &line);
    int y = ud_svg_heading(&body, WIDTH, caption, ud_buf_str(&title), ud_buf_str(&line), 14);
    ud_buf_free(&title);
    ud_buf_clear(&line);
    if (zd_draw_final(st, &line)) {
        ud_buf_printf(
            &body,
            "<rect x=\"8\" y=\"%d\" width=\"%d\" height=\"22\" fill=\"#fdecea\" stroke=\"#c0392b\"/>\n",
            y - 4, WIDTH - 16);
        y = ud_svg_wrapped(&body, 14, y + 12, WIDTH - 28, 12, "class=\"b\"", ud_buf_str(&line)) + 4;
    }
    y = dice(&body, y + 6, st);
    y = scores(&body, y + 18, st, setup);
    y = ud_svg_wrapped(&body, 12, y + 6, WIDTH - 24, 11, "class=\"l\"",
                       "Each square is a die in its colour, lettered as in the records: G green, Y yellow, "
                       "R red (H hunk, O hottie, S santa).");
    ud_buf_free(&line);
    ud_svg_finish(out, WIDTH, y + 4, caption,
                  ".d { font-size: 13px; font-weight: bold; text-anchor: middle; }\n"
                  ".c { font-size: 10px; text-anchor: middle; fill: #444; }\n",
                  &body);
}
