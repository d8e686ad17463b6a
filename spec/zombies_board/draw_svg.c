/*
 * draw_svg.c - the Zombies!!! board as a standalone SVG for undead show.
 *
 * One square a space, one bordered square a tile, drawn from the state's
 * byte grids; zombies, tokens and pawns on top, each pawn in its player's
 * colour with the player's name beside it.  Below the board: the caption,
 * whose turn it is, the players and a legend.  The document stands alone
 * (no script, no external reference, generic font families) so that any
 * browser or converter draws it the same way.
 */
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "xml.h"
#include "zombies_board.h"

enum {
    CELL = 28,   /* pixels a space */
    MARGIN = 34, /* room for the coordinates */
    LINE = 18,   /* a line of text below the board */
    MIN_WIDTH = 640,
};

static const char *const ground_fill[] = {
    [ZB_NONE] = "#f4f4f4", [ZB_ROAD] = "#d4d4d4",   [ZB_SOLID] = "#6d5c4d", [ZB_FLOOR] = "#ecd9b0",
    [ZB_DOOR] = "#b86b2a", [ZB_SQUARE] = "#bcd4ee", [ZB_HELI] = "#f6e27a",
};
/* Players' colours: none is the zombies' green or a token's red or gold. */
static const char *const pawn_fill[ZB_MAX_PLAYERS] = {
    "#1f5fbf", "#8e44ad", "#e67e22", "#16a085", "#c2185b", "#222222",
};

static void token(ud_buf *out, int cx, int cy, int r, int tok)
{
    ud_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#333\"/>\n", cx, cy, r,
                  tok == ZB_TOK_LIFE ? "#d63031" : "#e0a800");
    ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"t\" font-size=\"%d\">%c</text>\n", cx, cy + r / 2,
                  r + 3, tok == ZB_TOK_LIFE ? 'L' : 'B');
}

static void zombie(ud_buf *out, int cx, int cy, int r)
{
    ud_buf_printf(out,
                  "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#3c9a3c\" stroke=\"#1d4d1d\" "
                  "stroke-width=\"2\"/>\n",
                  cx, cy, r);
    ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"t\" font-size=\"%d\">Z</text>\n", cx, cy + r / 2,
                  r + 3);
}

static void pawn(ud_buf *out, int cx, int cy, int seat)
{
    ud_buf_printf(out,
                  "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"2\"/>\n",
                  cx, cy, CELL / 3, pawn_fill[seat]);
    ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"t\" font-size=\"12\">%d</text>\n", cx, cy + 4,
                  seat + 1);
}

/* A space's zombie and token: full size, or small in the lower right
 * corner beside a pawn (a pawn on a zombie is a fight to see). */
static void contents(const zb_state *st, int i, int cx, int cy, int full, ud_buf *out)
{
    int tok = (st->cell[i] & ZB_TOK_MASK) >> ZB_TOK_SHIFT;
    if (!full) {
        if (st->cell[i] & ZB_ZOMBIE)
            zombie(out, cx + 7, cy + 7, 6);
        if (tok)
            token(out, cx + ((st->cell[i] & ZB_ZOMBIE) ? -7 : 7), cy + 9, 4, tok);
        return;
    }
    if (st->cell[i] & ZB_ZOMBIE) {
        zombie(out, cx, cy, CELL / 3);
        if (tok) /* the token under it, small in the corner */
            token(out, cx + CELL / 3, cy + CELL / 3, 5, tok);
    } else if (tok) {
        token(out, cx, cy, CELL / 4, tok);
    }
}

/* Spaces, then tile borders and slot labels, then what stands on them. */
static void board(const zb_state *st, const ud_setup *setup, const int box[4], ud_buf *out)
{
    int x0 = box[0] * ZB_TS, y0 = box[1] * ZB_TS;
    int cols = (box[2] - box[0] + 1) * ZB_TS, rows = (box[3] - box[1] + 1) * ZB_TS;
    for (int x = 0; x < cols; x++)
        ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"c\">%d</text>\n", MARGIN + x * CELL + CELL / 2,
                      MARGIN - 8, x0 + x);
    for (int y = 0; y < rows; y++)
        ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"c\">%d</text>\n", MARGIN - 14,
                      MARGIN + y * CELL + CELL / 2 + 4, y0 + y);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            int k = st->kind[zb_at(x0 + x, y0 + y)];
            ud_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"%s/>\n",
                          MARGIN + x * CELL, MARGIN + y * CELL, CELL, CELL, ground_fill[k],
                          k == ZB_NONE ? "" : " stroke=\"#999\" stroke-width=\"0.5\"");
            int cx = MARGIN + x * CELL + CELL / 2, cy = MARGIN + y * CELL + CELL / 2;
            if (k == ZB_SQUARE || k == ZB_HELI)
                ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"g\">%s</text>\n", cx, cy + 6,
                              k == ZB_SQUARE ? "+" : "H");
            if (k == ZB_DOOR)
                ud_buf_printf(out,
                              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                              "stroke=\"#5a2e0c\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>\n",
                              cx - CELL / 2 + 3, cy - CELL / 2 + 3, CELL - 6, CELL - 6);
        }
    for (int sy = box[1]; sy <= box[3]; sy++)
        for (int sx = box[0]; sx <= box[2]; sx++) {
            if (!st->slot[sy][sx])
                continue;
            int px = MARGIN + (sx - box[0]) * ZB_TS * CELL, py = MARGIN + (sy - box[1]) * ZB_TS * CELL;
            ud_buf_printf(out,
                          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                          "stroke=\"#222\" stroke-width=\"2\"/>\n",
                          px, py, ZB_TS * CELL, ZB_TS * CELL);
            char slot[32];
            snprintf(slot, sizeof slot, "%d,%d", sx - ZB_MID, sy - ZB_MID);
            /* on a light patch: the corner may be a dark building */
            ud_buf_printf(out,
                          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"11\" fill=\"#fff\" "
                          "fill-opacity=\"0.85\"/>\n",
                          px + 1, py + 1, (int)strlen(slot) * 6 + 4);
            ud_svg_text(out, px + 3, py + 10, "class=\"s\"", slot);
        }
    /* contents, then pawns and their names, then what shares a space with
     * a pawn, small in its lower right corner, so nothing hides anything */
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            int i = zb_at(x0 + x, y0 + y), first;
            if (!zb_pawns_at(st, i, &first))
                contents(st, i, MARGIN + x * CELL + CELL / 2, MARGIN + y * CELL + CELL / 2, 1, out);
        }
    for (int p = 0; p < st->n_players && p < setup->n_players; p++) {
        if (st->pl[p].status != ZB_ALIVE)
            continue;
        int i = zb_at(st->pl[p].pos_x, st->pl[p].pos_y);
        /* pawns sharing a space fan out; each name on its own line */
        int before = 0;
        for (int q = 0; q < p; q++)
            before += st->pl[q].status == ZB_ALIVE && zb_at(st->pl[q].pos_x, st->pl[q].pos_y) == i;
        int shift = st->cell[i] ? -5 : 0;
        int cx = MARGIN + (st->pl[p].pos_x - x0) * CELL + CELL / 2 + before * 6 + shift;
        int cy = MARGIN + (st->pl[p].pos_y - y0) * CELL + CELL / 2 - before * 4 + shift;
        pawn(out, cx, cy, p);
        ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"n\" style=\"fill: %s\">", cx + CELL / 3 + 2,
                      cy - CELL / 3 - before * 10, pawn_fill[p]);
        ud_xml_escape_buf(out, setup->names[p]);
        ud_buf_puts(out, "</text>\n");
    }
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            int i = zb_at(x0 + x, y0 + y), first;
            if (zb_pawns_at(st, i, &first))
                contents(st, i, MARGIN + x * CELL + CELL / 2, MARGIN + y * CELL + CELL / 2, 0, out);
        }
}

static void legend_item(ud_buf *out, int x, int y, const char *what)
{
    ud_svg_text(out, x + 16, y + 4, "class=\"l\"", what);
}

static int legend(int y, int wrap, ud_buf *out)
{
    ud_svg_text(out, 12, y, "class=\"h\"", "Legend");
    y += LINE + 4;
    static const struct {
        int kind;
        const char *what;
    } grounds[] = {
        { ZB_ROAD, "road" },
        { ZB_SQUARE, "Town Square centre (+)" },
        { ZB_HELI, "heliport centre (H)" },
        { ZB_SOLID, "building (no way in)" },
        { ZB_FLOOR, "named building" },
        { ZB_DOOR, "its door" },
    };
    for (int i = 0; i < 6; i++) {
        int x = 12 + (i % 3) * 200, yy = y + (i / 3) * LINE;
        ud_buf_printf(out,
                      "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\" stroke=\"#555\"/>\n", x,
                      yy - 6, ground_fill[grounds[i].kind]);
        legend_item(out, x, yy, grounds[i].what);
    }
    y += 2 * LINE + 6;
    zombie(out, 18, y, 7);
    legend_item(out, 12, y, "zombie");
    token(out, 218, y, 6, ZB_TOK_LIFE);
    legend_item(out, 212, y, "life token");
    token(out, 418, y, 6, ZB_TOK_BULLET);
    legend_item(out, 412, y, "bullet token");
    y += LINE + 4;
    return ud_svg_wrapped(
        out, 12, y, wrap, 12, "class=\"l\"",
        "A small token in a zombie's corner lies under it.  A numbered circle is a player's "
        "pawn, named beside it; a small zombie in its corner shares its space (a fight).  Numbers: space x (top) and y (left), as in positions like "
        "10,4; a tile's corner: its slot, as in 'placed ... at 0,-2'.");
}

void zb_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption, ud_buf *out)
{
    const zb_state *st = state;
    int box[4] = { ZB_MID, ZB_MID, ZB_MID, ZB_MID };
    bool any = zb_placed_box(st, box);
    if (!any)
        box[0] = box[1] = box[2] = box[3] = ZB_MID;
    int bw = (box[2] - box[0] + 1) * ZB_TS * CELL, bh = (box[3] - box[1] + 1) * ZB_TS * CELL;
    int width = MARGIN + bw + 12 > MIN_WIDTH ? MARGIN + bw + 12 : MIN_WIDTH;
    int n = st->n_players < setup->n_players ? st->n_players : setup->n_players;
    int wrap = width - 24;

    ud_buf body;
    ud_buf_init(&body);
    board(st, setup, box, &body);
    int y = MARGIN + bh + 24;
    y = ud_svg_wrapped(&body, 12, y, wrap, 14, "class=\"h\"", caption);
    y = ud_svg_wrapped(&body, 12, y, wrap, 12, "class=\"l\"", g->title);
    ud_buf line;
    ud_buf_init(&line);
    zb_draw_status(g, st, setup, &line);
    y = ud_svg_wrapped(&body, 12, y, wrap, 12, "class=\"l\"", ud_buf_str(&line));
    ud_buf_clear(&line);
    ud_buf_printf(&line, "On the board: %d zombies, %d tokens.  Piles: %d tiles, %d event cards.  Heliport: ",
                  st->zombies, st->tokens, st->tiles_pile, st->cards_pile);
    if (st->heli_placed)
        ud_buf_printf(&line, "at %d,%d.", st->heli_x, st->heli_y);
    else
        ud_buf_puts(&line, "not placed.");
    y = ud_svg_wrapped(&body, 12, y, wrap, 12, "class=\"l\"", ud_buf_str(&line));
    y += 8;
    ud_svg_text(&body, 12, y, "class=\"h\"", "Players");
    y += LINE + 2;
    for (int p = 0; p < n; p++) {
        pawn(&body, 20, y - 4, p);
        ud_buf_clear(&line);
        ud_buf_printf(&line, "%s: ", setup->names[p]);
        zb_draw_player(st, p, &line);
        if (st->phase != ZB_PH_OVER && p == st->current)
            ud_buf_puts(&line, "  (to move)");
        y = ud_svg_wrapped(&body, 38, y, wrap - 26, 12, "class=\"l\"", ud_buf_str(&line)) + 4;
    }
    ud_buf_free(&line);
    y = legend(y + 10, wrap, &body);
    int height = y + 4;

    ud_svg_begin(out, width, height, caption,
                 "text { font-family: sans-serif; fill: #222; }\n"
                 ".t { fill: #fff; font-weight: bold; text-anchor: middle; }\n"
                 ".c { font-size: 10px; text-anchor: middle; fill: #666; }\n"
                 ".s { font-size: 9px; fill: #333; }\n"
                 ".g { font-size: 16px; font-weight: bold; text-anchor: middle; fill: #333; }\n"
                 ".n { font-size: 12px; font-weight: bold; paint-order: stroke; stroke: #fff; "
                 "stroke-width: 3px; }\n"
                 ".h { font-size: 14px; font-weight: bold; }\n"
                 ".l { font-size: 12px; }\n");
    ud_buf_puts(out, ud_buf_str(&body));
    ud_svg_end(out);
    ud_buf_free(&body);
}
