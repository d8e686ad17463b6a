/*
 * draw_text.c - the Zombies!!! board as a text map for undead show.
 *
 * The transcripts' own map lines give one character a space, which is
 * compact but hard to read.  Here every space is three characters wide and
 * every tile is boxed, with the board's space coordinates on the edges (the
 * ones pawns' positions are written in: "ann=10,4") and each tile's slot on
 * its top edge (the one "placed ann police at 0,-2" names), so a reader can
 * follow a transcript on the map.  A space reads [pawn][thing][under]:
 * the pawn standing there, then a zombie, a token or the ground, then a
 * token a zombie stands on.  The legend and the players follow the map.
 */
#include <stdio.h>
#include <string.h>

#include "zombies_board.h"

/* Ground characters by zb_space, and what fills a space's sides:
 * buildings are filled so they read as blocks. */
static const char ground[] = " .#_D+H";
static const char fill[] = "  #__  ";

static void space_cell(const zb_state *st, int i, char cell[4])
{
    int k = st->kind[i];
    int tok = (st->cell[i] & ZB_TOK_MASK) >> ZB_TOK_SHIFT;
    char tc = tok == ZB_TOK_LIFE ? 'l' : tok == ZB_TOK_BULLET ? 'b' : 0;
    cell[0] = cell[2] = fill[k];
    cell[1] = ground[k];
    if (st->cell[i] & ZB_ZOMBIE) {
        cell[1] = 'z';
        if (tc)
            cell[2] = tc;
    } else if (tc) {
        cell[1] = tc;
    }
    int first, n = zb_pawns_at(st, i, &first);
    if (n)
        cell[0] = n > 1 ? '*' : (char)('1' + first);
    cell[3] = '\0';
}

/* The edge above slot row sy: "+" and the slot's "x,y" for each tile. */
static void edge_line(const zb_state *st, const int box[4], int sy, ud_buf *out)
{
    ud_buf_puts(out, "     ");
    for (int sx = box[0]; sx <= box[2]; sx++) {
        char label[10] = "---------";
        if (sy <= box[3] && st->slot[sy][sx]) {
            char slot[32];
            /* bracketed: a minus sign would run into the dashes */
            int n = snprintf(slot, sizeof slot, "[%d,%d]", sx - ZB_MID, sy - ZB_MID);
            if (n > 0 && n <= 7)
                memcpy(label + 1, slot, (size_t)n);
        }
        ud_buf_printf(out, "+%s", label);
    }
    ud_buf_puts(out, "+\n");
}

static void map(const zb_state *st, const int box[4], ud_buf *out)
{
    ud_buf_puts(out, "     ");
    for (int x = box[0] * ZB_TS; x < (box[2] + 1) * ZB_TS; x++)
        ud_buf_printf(out, "%s%2d%s", x % ZB_TS == 0 ? " " : "", x, x + 1 < (box[2] + 1) * ZB_TS ? " " : "");
    ud_buf_putc(out, '\n');
    for (int sy = box[1]; sy <= box[3]; sy++) {
        edge_line(st, box, sy, out);
        for (int y = sy * ZB_TS; y < (sy + 1) * ZB_TS; y++) {
            ud_buf_printf(out, "  %2d ", y);
            for (int x = box[0] * ZB_TS; x < (box[2] + 1) * ZB_TS; x++) {
                char cell[4];
                space_cell(st, zb_at(x, y), cell);
                ud_buf_printf(out, "%s%s", x % ZB_TS == 0 ? "|" : "", cell);
            }
            ud_buf_puts(out, "|\n");
        }
    }
    edge_line(st, box, box[3] + 1, out);
}

static void tiles(const zb_state *st, ud_buf *out)
{
    ud_buf_puts(out, "Tiles (slot: name):\n");
    for (int sy = 0; sy < ZB_SLOTS; sy++)
        for (int sx = 0; sx < ZB_SLOTS; sx++) {
            if (!st->slot[sy][sx])
                continue;
            const zb_tile_kind *t = &zb_content.tile[st->slot[sy][sx] - 1];
            ud_buf_printf(out, "  %2d,%-2d %s", sx - ZB_MID, sy - ZB_MID, t->name);
            if (st->rot[sy][sx])
                ud_buf_printf(out, ", turned %d", st->rot[sy][sx] * 90);
            if (t->role == ZB_ROLE_NAMED)
                ud_buf_puts(out, st->searched[sy][sx] ? " (searched)" : " (not searched)");
            ud_buf_putc(out, '\n');
        }
}

void zb_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out)
{
    const zb_state *st = state;
    ud_buf_printf(out, "%s\n%s\n", caption, g->title);
    zb_draw_status(g, st, setup, out);
    ud_buf_puts(out, "\n\n");
    int box[4];
    if (zb_placed_box(st, box))
        map(st, box, out);
    else
        ud_buf_puts(out, "(no tile placed yet)\n");
    ud_buf_puts(out, "\nLegend: a space is [pawn][thing][under]\n"
                     "  1-6 a player's pawn (see Players), * two or more pawns\n"
                     "  z zombie   l life token   b bullet token   (zl, zb: a zombie on a token)\n"
                     "  .  road    +  Town Square centre    H  heliport centre\n"
                     "  ### building (no way in)   ___ named building: its floor, _D_ its door\n"
                     "  numbers: space x (top) and y (left), as in positions like 10,4;\n"
                     "  [x,y] on a tile's top edge: its slot, as in 'placed ... at 0,-2'\n");
    ud_buf_puts(out, "\nPlayers:\n");
    for (int p = 0; p < st->n_players && p < setup->n_players; p++) {
        ud_buf_printf(out, "  %d %-8s ", p + 1, setup->names[p]);
        zb_draw_player(st, p, out);
        if (st->phase != ZB_PH_OVER && p == st->current)
            ud_buf_puts(out, "  <- to move");
        ud_buf_putc(out, '\n');
    }
    ud_buf_printf(out, "\nOn the board: %d zombies, %d tokens.  Piles: %d tiles, %d event cards.  Heliport: ",
                  st->zombies, st->tokens, st->tiles_pile, st->cards_pile);
    if (st->heli_placed)
        ud_buf_printf(out, "at %d,%d\n", st->heli_x, st->heli_y);
    else if (st->heli_owner >= 0 && st->heli_owner < setup->n_players)
        ud_buf_printf(out, "not placed; %s places it\n", setup->names[st->heli_owner]);
    else
        ud_buf_puts(out, "not placed\n");
    ud_buf_putc(out, '\n');
    tiles(st, out);
}
