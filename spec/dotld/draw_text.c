/*
 * draw_text.c - a Dice of the Living Dead position as a text block for
 * undead show: the caption, the round's phase and who decides, the
 * district's track with the party's pawn (each side way on its own row
 * under the spaces it runs beside), the party's figures, then one line a
 * thing the state holds now (draw.c), wrapped to 80 columns, and the
 * track's legend.
 */
#include <stdio.h>
#include <string.h>

#include "dl_draw.h"

enum { COLUMNS = 80, CELL = 3 };

/* No space at the end of a line. */
static void trim(ud_buf *out)
{
    while (out->len && out->data[out->len - 1] == ' ')
        out->data[--out->len] = '\0';
}

/* One row of the track: spaces first..first+n-1 starting under main
 * space `at`, the pawn's in brackets; then their numbers. */
static void track_row(const dl_state *st, int first, int n, int at, const char *note, ud_buf *out)
{
    ud_buf_printf(out, "%*s", 2 + at * CELL, "");
    for (int s = first; s < first + n; s++)
        ud_buf_printf(out, s == st->space ? "[%c]" : " %c ", dl_draw_space_letter(st, s));
    ud_buf_puts(out, note);
    trim(out);
    ud_buf_printf(out, "\n%*s", 2 + at * CELL, "");
    for (int s = first; s < first + n; s++)
        ud_buf_printf(out, "%2d ", s);
    trim(out);
    ud_buf_putc(out, '\n');
}

void dl_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out)
{
    const dl_state *st = state;
    ud_buf_printf(out, "%s\n%s\n", caption, g->title);
    dl_draw_status(st, setup, out);
    ud_buf_putc(out, '\n');
    dl_draw_district(st, out);
    ud_buf_putc(out, '\n');
    const dl_district *d = dl_current_district(st);
    track_row(st, 0, d->n_main, 0, "", out);
    dl_draw_branch br[DL_MAX_SPACES];
    int nb = dl_draw_branches(d, br, DL_MAX_SPACES);
    for (int b = 0; b < nb; b++) {
        char note[48];
        snprintf(note, sizeof note, "  (a side way: %d to %d)", br[b].from, br[b].to);
        track_row(st, br[b].first, br[b].n, br[b].from + 1, note, out);
    }
    dl_draw_party(st, out);
    ud_buf_putc(out, '\n');
    dl_draw_row rows[DL_DRAW_ROWS];
    int n = dl_draw_rows(st, setup, rows);
    for (int i = 0; i < n; i++) {
        ud_buf_printf(out, "%s: ", rows[i].label);
        ud_buf_wrapped(out, rows[i].value, (int)strlen(rows[i].label) + 2, COLUMNS, 4);
    }
    ud_buf_puts(out, "Track: [ ] the party's pawn; S start, . plain, Z zombie space, ? Exploration\n"
                     "  token face down, o explored, H safe house, X extraction zone\n");
}
