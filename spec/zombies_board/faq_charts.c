/*
 * faq_charts.c - the board game's chart for the players' FAQ: the chance
 * that one zombie kills you, exact from the die (004, Combat Rules: a 4, 5
 * or 6 wins; on a 1, 2 or 3 spend the bullets that raise the roll to 4,
 * or lose a life token and roll again, until the zombie or you are dead).
 */
#include <stdio.h>

#include "zombies_board.h"

enum { CHART_LIVES = 5, CHART_BULLETS = 4 };

/* Paying with bullets whenever they cover the roll: each roll is lost
 * (a life token gone) when it is below 4 - bullets, so a fight with L
 * lives kills you with chance ((3 - bullets) / 6)^L. */
static void death_cell(void *ctx, int r, int c, double *v, char *text)
{
    (void)ctx;
    int lives = r + 1, bullets = c;
    double lose = bullets >= 3 ? 0 : (3.0 - bullets) / 6.0, p = 1;
    for (int i = 0; i < lives; i++)
        p *= lose;
    *v = p;
    if (p > 0 && 100 * p < 0.5)
        snprintf(text, 32, "%.2f%%", 100 * p);
    else
        snprintf(text, 32, "%.0f%%", 100 * p);
}

void zb_players_charts(const ud_game *g, const ud_faq_writer *w)
{
    (void)g;
    w->h3(w->ctx, "zombies-board-players-chart-combat", "Can this zombie kill me?");
    w->p(
        w->ctx,
        "Find the life tokens and bullet tokens you hold: the cell is the chance that one zombie kills you, "
        "when you pay with bullets whenever they raise the roll to 4 and with a life token otherwise. A roll "
        "of 4, 5 or 6 wins; a 3 needs one bullet, a 2 two, a 1 three. Without a weapon; a weapon adds to "
        "every roll.");
    const char *rows[CHART_LIVES] = { "1 life", "2 lives", "3 lives", "4 lives", "5 lives" };
    const char *cols[CHART_BULLETS] = { "0 bullets", "1 bullet", "2 bullets", "3 or more" };
    if (w->html) {
        w->heat(w->ctx, "Chance one zombie kills you", CHART_LIVES, CHART_BULLETS, rows, cols, death_cell,
                NULL);
        return;
    }
    const char *head[CHART_BULLETS + 1] = { "Life tokens", "0 bullets", "1 bullet", "2 bullets",
                                            "3 or more" };
    w->table_begin(w->ctx, CHART_BULLETS + 1, head);
    for (int r = 0; r < CHART_LIVES; r++) {
        char cell[CHART_BULLETS][33];
        const char *row[CHART_BULLETS + 1] = { rows[r] };
        for (int c = 0; c < CHART_BULLETS; c++) {
            double v;
            death_cell(NULL, r, c, &v, cell[c]);
            row[c + 1] = cell[c];
        }
        w->table_row(w->ctx, row);
    }
    w->table_end(w->ctx);
}
