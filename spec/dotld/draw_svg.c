/*
 * draw_svg.c - a Dice of the Living Dead position as a standalone SVG for
 * undead show.
 *
 * The district's track as a row of circles (a side way as a row below,
 * joined to the spaces it leaves and rejoins), coloured by kind and
 * lettered as the text drawing letters them, the party's pawn a blue ring;
 * the party's figures as five boxes; the dice on the table (the Survivor,
 * Scavenger and Zombie Dice of the roll, or the Fight Dice), each a square
 * showing its face; then the lines of draw.c (pools, dice, fight, event,
 * Stress Cards, characters, items, Exploration tokens) and a legend.
 */
#include <stdio.h>
#include <string.h>

#include "dl_draw.h"
#include "svg.h"

enum {
    WIDTH = 760,
    STEP = 46, /* from one space to the next */
    R = 15,    /* a space's radius */
    X0 = 36,
    LINE = 18,
};

static const char *space_fill(char letter)
{
    switch (letter) {
    case 'S':
        return "#d63031"; /* 002: the Red Space */
    case 'Z':
        return "#3c7a3c";
    case '?':
        return "#b8860b";
    case 'o':
        return "#e6d3a3";
    case 'H':
    case 'X':
        return "#27ae60"; /* the green safe house space */
    default:
        return "#d4d4d4";
    }
}

static void space(const dl_state *st, int s, int cx, int cy, ud_buf *out)
{
    char letter = dl_draw_space_letter(st, s);
    ud_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#333\"/>\n", cx, cy, R,
                  space_fill(letter));
    if (letter != '.') /* a plain space: no letter */
        ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"k\"%s>%c</text>\n", cx, cy + 5,
                      letter == 'o' ? " style=\"fill: #222\"" : "", letter);
    ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"c\">%d</text>\n", cx, cy + R + 18, s);
    if (s == st->space)
        ud_buf_printf(out,
                      "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"#1f5fbf\" "
                      "stroke-width=\"4\"/>\n",
                      cx, cy, R + 5);
}

static void join(int x1, int y1, int x2, int y2, ud_buf *out)
{
    ud_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#777\" stroke-width=\"2\"/>\n",
                  x1, y1, x2, y2);
}

/* The main track and its side ways; the y after. */
static int track(const dl_state *st, int y, ud_buf *out)
{
    const dl_district *d = dl_current_district(st);
    int cy = y + R + 6;
    for (int s = 0; s + 1 < d->n_main; s++)
        join(X0 + s * STEP, cy, X0 + (s + 1) * STEP, cy, out);
    dl_draw_branch br[DL_MAX_SPACES];
    int nb = dl_draw_branches(d, br, DL_MAX_SPACES);
    for (int b = 0; b < nb; b++) {
        int by = cy + (b + 1) * (2 * R + 30);
        int last = X0 + (br[b].from + br[b].n) * STEP;
        join(X0 + br[b].from * STEP, cy, X0 + (br[b].from + 1) * STEP, by, out);
        join(X0 + (br[b].from + 1) * STEP, by, last, by, out);
        join(last, by, X0 + br[b].to * STEP, cy, out);
        for (int k = 0; k < br[b].n; k++)
            space(st, br[b].first + k, X0 + (br[b].from + 1 + k) * STEP, by, out);
    }
    for (int s = 0; s < d->n_main; s++)
        space(st, s, X0 + s * STEP, cy, out);
    return cy + nb * (2 * R + 30) + R + 34;
}

/* The party's figures, a box each; the y after. */
static int figures(const dl_state *st, int y, ud_buf *out)
{
    const struct {
        const char *label;
        int value;
    } box[] = {
        { "Time", st->time },
        { "Healthy Survivors", st->healthy },
        { "Infected Survivors", st->infected },
        { "Supplies", st->supplies },
        { "Ammo", st->ammo },
    };
    int w = (WIDTH - 24 - 4 * 8) / 5;
    for (int i = 0; i < 5; i++) {
        int x = 12 + i * (w + 8);
        ud_buf_printf(
            out,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"52\" rx=\"6\" fill=\"%s\" stroke=\"#999\"/>\n", x,
            y, w, i == 0 ? "#fdf2d0" : "#f2f2f2");
        ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"v\">%d</text>\n", x + w / 2, y + 28,
                      box[i].value);
        ud_svg_text(out, x + w / 2, y + 45, "class=\"bl\"", box[i].label);
    }
    return y + 52 + 22;
}

/* A die showing face f: a square, marked (to reroll) dashed. */
static void die(ud_buf *out, int x, int y, int f, const char *fill, bool marked)
{
    ud_buf_printf(
        out,
        "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"24\" rx=\"4\" fill=\"%s\" stroke=\"#333\"%s/>\n"
        "<text x=\"%d\" y=\"%d\" class=\"f\">%d</text>\n",
        x, y, fill, marked ? " stroke-width=\"2\" stroke-dasharray=\"4 2\"" : "", x + 12, y + 17, f);
}

/* Dice by face (count[f] dice show f, the first marked[f] of them marked)
 * from x; the x after. */
static int dice(ud_buf *out, int x, int y, const uint16_t *count, const uint16_t *marked, const char *fill)
{
    for (int f = 1; f <= 6; f++)
        for (int k = 0; k < count[f] && x < WIDTH - 40; k++, x += 28)
            die(out, x, y, f, fill, marked && k < marked[f]);
    return x;
}

/* The dice on the table now: the roll's or the fight's; the y after. */
static int table_dice(const dl_state *st, int y, ud_buf *out)
{
    uint16_t face[7], mark[7];
    if (st->phase == DL_PH_ROLL || st->phase == DL_PH_REROLL ||
        (st->phase >= DL_PH_POOLS && st->phase <= DL_PH_SIX)) {
        for (int f = 0; f < 7; f++) {
            face[f] = st->dice[f];
            mark[f] = st->marked[f];
        }
        ud_svg_text(out, 12, y, "class=\"b\"", "Dice rolled");
        int x = dice(out, 170, y - 17, face, mark, "#fff");
        if (st->scavenger)
            die(out, x + 12, y - 17, st->scavenger, "#f1c40f", st->scavenger_marked);
        if (st->zombie_face)
            die(out, x + 52, y - 17, st->zombie_face, "#8fbc8f", false);
        return y + 34;
    }
    if (st->phase >= DL_PH_COMBAT && st->phase <= DL_PH_FIGHT_END && st->fight_roll) {
        ud_svg_text(out, 12, y, "class=\"b\"", "Fight Dice rolled");
        dice(out, 170, y - 17, st->fdice, st->fmarked, "#f5c6c0");
        return y + 34;
    }
    return y;
}

static int legend(int y, ud_buf *out)
{
    static const char letters[] = "SZ?oHX.";
    static const char *const what[] = {
        "start (the Red Space)", "zombie space", "Exploration token face down", "explored", "safe house",
        "extraction zone",       "plain"
    };
    for (int i = 0; i < 7; i++) {
        int x = 20 + (i % 3) * 245, yy = y + (i / 3) * 22;
        ud_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"8\" fill=\"%s\" stroke=\"#333\"/>\n", x, yy - 4,
                      space_fill(letters[i]));
        ud_svg_text(out, x + 14, yy, "class=\"l\"", what[i]);
    }
    y += 3 * 22;
    ud_buf_printf(
        out, "<circle cx=\"20\" cy=\"%d\" r=\"9\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"4\"/>\n",
        y - 4);
    ud_svg_text(out, 36, y, "class=\"l\"",
                "the party's pawn; a number under a space is its number in the records");
    y += LINE + 10;
    die(out, 8, y - 16, 3, "#fff", false);
    ud_svg_text(out, 40, y, "class=\"l\"",
                "Survivor Dice, then the Scavenger Dice (yellow) and the Zombie Dice (green)");
    y += LINE + 12;
    die(out, 8, y - 16, 5, "#f5c6c0", true);
    ud_svg_text(out, 40, y, "class=\"l\"", "a Fight Die; dashed: marked to reroll");
    return y + LINE;
}

void dl_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption, ud_buf *out)
{
    const dl_state *st = state;
    ud_buf body, line;
    ud_buf_init(&body);
    ud_buf_init(&line);
    dl_draw_status(st, setup, &line);
    int y = ud_svg_heading(&body, WIDTH, caption, g->title, ud_buf_str(&line), 13);
    ud_buf_clear(&line);
    dl_draw_district(st, &line);
    y = ud_svg_wrapped(&body, 12, y + 4, WIDTH - 24, 14, "class=\"h\"", ud_buf_str(&line));
    y = track(st, y - 6, &body);
    y = figures(st, y, &body);
    y = table_dice(st, y, &body);
    dl_draw_row rows[DL_DRAW_ROWS];
    int n = dl_draw_rows(st, setup, rows);
    for (int i = 0; i < n; i++) {
        ud_svg_text(&body, 12, y, "class=\"b\"", rows[i].label);
        y = ud_svg_wrapped(&body, 170, y, WIDTH - 182, 12, "class=\"l\"", rows[i].value) + 2;
    }
    y = legend(y + 16, &body);
    ud_buf_free(&line);
    ud_svg_finish(out, WIDTH, y + 6, caption,
                  ".k { font-size: 14px; font-weight: bold; text-anchor: middle; fill: #fff; }\n"
                  ".c { font-size: 10px; text-anchor: middle; fill: #555; }\n"
                  ".v { font-size: 22px; font-weight: bold; text-anchor: middle; }\n"
                  ".f { font-size: 14px; font-weight: bold; text-anchor: middle; }\n"
                  ".bl { font-size: 11px; text-anchor: middle; }\n",
                  &body);
}
