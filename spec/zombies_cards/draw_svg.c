/*
 * draw_svg.c - a Zombies!!! The Card Game position as a standalone SVG for
 * undead show.
 *
 * At the top the map stack, its cards fanned behind the current map card
 * (its place, its zombies left to fight), and the box.  Then one panel a
 * player: the draw deck face down with its count, the bullet pile with its
 * count, the hand and the cards in front, each card a box with the name the
 * records give it and its number in decisions.  The player to move is
 * outlined.  The words are those of the text drawing (draw.c).
 */
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "xml.h"
#include "zc_draw.h"

#define CARD(i) (&zc_content.card[(i)])

enum {
    WIDTH = 800,
    CW = 138, /* a card face */
    CH = 44,
    SMALL = 62, /* a face-down pile */
    GAP = 8,
    LINE = 18,
};

/* A face-down pile with its count and label. */
static void pile(ud_buf *out, int x, int y, int n, const char *fill, const char *label)
{
    for (int k = n > 3 ? 2 : n - 1; k >= 0; k--)
        ud_buf_printf(
            out,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"#333\"/>\n",
            x + 3 * k, y - 3 * k, SMALL, CH, n ? fill : "#fff");
    ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"%s\">%d</text>\n", x + SMALL / 2, y + CH / 2 + 6,
                  n ? "n" : "e", n); /* e: on an empty pile's white */
    ud_svg_text(out, x + SMALL / 2, y + CH + 13, "class=\"c\"", label);
}

/* A card face: its name and number. */
static void face(ud_buf *out, int x, int y, int card, const char *fill)
{
    ud_buf_printf(
        out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"#555\"/>\n", x,
        y, CW, CH, fill);
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_printf(&b, "%s", card >= 0 && card < zc_content.n_cards ? CARD(card)->id : "?");
    ud_svg_text(out, x + 6, y + 18, "class=\"id\"", ud_buf_str(&b));
    ud_buf_clear(&b);
    ud_buf_printf(&b, "(%d)", card + 1);
    ud_svg_text(out, x + 6, y + 35, "class=\"c\" style=\"text-anchor: start\"", ud_buf_str(&b));
    ud_buf_free(&b);
}

/* The shared piles: the map stack with the current card, the box; the y after. */
static int table(const zc_state *st, int y, ud_buf *out)
{
    int under = st->map.n > 0 ? st->map.n - 1 : 0;
    for (int k = under > 4 ? 4 : under; k >= 1; k--)
        ud_buf_printf(
            out,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"80\" rx=\"6\" fill=\"#d9cbb0\" stroke=\"#555\"/>\n",
            12 + 4 * k, y + 4 * k + 16, 240);
    ud_buf_printf(out,
                  "<rect x=\"12\" y=\"%d\" width=\"240\" height=\"80\" rx=\"6\" fill=\"%s\" stroke=\"#333\" "
                  "stroke-width=\"2\"/>\n",
                  y + 16, st->here == ZC_NO_CARD ? "#fff" : "#f5ecd7");
    if (st->here != ZC_NO_CARD && st->here < zc_content.n_cards) {
        const zc_card *c = CARD(st->here);
        ud_svg_text(out, 24, y + 40, "class=\"h\"", zc_content.location[c->location % ZC_MAX_LOCATIONS]);
        char z[64];
        snprintf(z, sizeof z, "%d zombie%s, %d left to fight", c->zombies, c->zombies == 1 ? "" : "s",
                 st->zombies_left);
        ud_svg_text(out, 24, y + 60, "class=\"l\"", z);
        ud_svg_text(out, 24, y + 80, "class=\"c\" style=\"text-anchor: start\"", c->id);
    } else {
        ud_svg_text(out, 24, y + 50, "class=\"l\"", "no map card yet");
    }
    ud_svg_text(out, 12, y + 10, "class=\"b\"", "Current location (the top of the map stack)");
    ud_buf b;
    ud_buf_init(&b);
    zc_draw_piles(st, &b);
    /* a line each of the text's parts */
    int ly = y + 40;
    for (char *part = b.data, *end; part && *part; part = end ? end + 2 : NULL) {
        end = strstr(part, "; ");
        if (end)
            *end = '\0';
        ly = ud_svg_wrapped(out, 280, ly, WIDTH - 292, 12, "class=\"l\"", part);
    }
    ud_buf_free(&b);
    return y + 16 + 80 + 16 + 24;
}

/* One player's panel; the y after. */
static int panel(const zc_state *st, const ud_setup *setup, int p, int y, ud_buf *out)
{
    const zc_player *pl = &st->p[p];
    int x0 = 16 + 2 * (SMALL + 16) + 10, per = (WIDTH - 12 - x0) / (CW + GAP);
    int hand_rows = pl->hand.n ? (pl->hand.n + per - 1) / per : 1, play_rows = (pl->n_play + per - 1) / per;
    int h = 26 + (hand_rows + play_rows) * (CH + 10) + 10;
    bool moving = zc_draw_to_move(st, p);
    ud_buf_printf(out,
                  "<rect x=\"6\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"8\" fill=\"%s\" stroke=\"%s\" "
                  "stroke-width=\"%d\"/>\n",
                  y, WIDTH - 12, h, pl->dead ? "#eee" : "#fafafa", moving ? "#c0392b" : "#bbb",
                  moving ? 3 : 1);
    ud_buf_printf(out, "<text x=\"16\" y=\"%d\" class=\"b\">", y + 18);
    ud_xml_escape_buf(out, setup->names[p]);
    ud_buf_printf(out, "%s</text>\n",
                  pl->dead                                     ? " (dead)"
                  : moving                                     ? " (to move)"
                  : st->phase == ZC_PH_OVER && st->winner == p ? " (won)"
                                                               : "");
    int top = y + 30;
    pile(out, 16, top, pl->deck.n, "#4a4a8a", "draw deck");
    pile(out, 16 + SMALL + 16, top, pl->bullets.n, "#8a4a2a", "bullets");
    for (int k = 0; k < pl->hand.n; k++)
        face(out, x0 + (k % per) * (CW + GAP), top + (k / per) * (CH + 10), pl->hand.c[k], "#fff");
    int ty = top + hand_rows * (CH + 10);
    if (!pl->hand.n)
        ud_svg_text(out, x0, top + CH / 2 + 4, "class=\"l\"", "no cards in hand");
    for (int k = 0; k < pl->n_play; k++)
        face(out, x0 + (k % per) * (CW + GAP), ty + (k / per) * (CH + 10), pl->play[k], "#e3f0e3");
    if (pl->n_play)
        ud_svg_text(out, x0 - 8, ty + 16, "class=\"c\" style=\"text-anchor: end\"", "in front");
    return y + h + 8;
}

void zc_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption, ud_buf *out)
{
    const zc_state *st = state;
    ud_buf body, line;
    ud_buf_init(&body);
    ud_buf_init(&line);
    zc_draw_status(st, setup, &line);
    int y = ud_svg_heading(&body, WIDTH, caption, g->title, ud_buf_str(&line), 13);
    y = table(st, y + 4, &body);
    ud_svg_text(&body, 12, y, "class=\"h\"", "Players");
    y += 10;
    for (int p = 0; p < st->n_players && p < setup->n_players; p++)
        y = panel(st, setup, p, y, &body);
    y = ud_svg_wrapped(
        &body, 12, y + 10, WIDTH - 24, 11, "class=\"l\"",
        "A card reads as the records name it, (N) its number in decisions ('play N'); white: in "
        "hand, green: in front of the player (003: until its effect is complete).");
    ud_buf_free(&line);
    ud_svg_finish(out, WIDTH, y + 4, caption,
                  ".n { font-size: 18px; font-weight: bold; text-anchor: middle; fill: #fff; }\n"
                  ".e { font-size: 18px; font-weight: bold; text-anchor: middle; }\n"
                  ".c { font-size: 10px; text-anchor: middle; fill: #444; }\n"
                  ".id { font-size: 11px; font-weight: bold; }\n",
                  &body);
}
