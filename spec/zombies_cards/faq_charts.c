/*
 * faq_charts.c - Zombies!!! The Card Game's chart for the players' FAQ:
 * whether the bullet pile pays for every zombie at a location, exact from
 * the die (003, FIGHTING ZOMBIES: a 4 or more kills a zombie; each bullet
 * raises a lower roll by one, to 4).
 */
#include <stdio.h>

#include "zombies_cards.h"

enum { CHART_ZOMBIES = 6, CHART_BULLETS = 7, MAX_COST = 3 * CHART_ZOMBIES };

/* ways[n][c]: of the 6^n rolls of n zombies' dice, how many cost c
 * bullets in all (a roll r below 4 costs 4 - r). */
typedef struct bullet_chart {
    double ways[CHART_ZOMBIES + 1][MAX_COST + 1];
    double all[CHART_ZOMBIES + 1];
} bullet_chart;

static void bullet_compute(bullet_chart *t)
{
    for (int n = 0; n <= CHART_ZOMBIES; n++)
        for (int c = 0; c <= MAX_COST; c++)
            t->ways[n][c] = 0;
    t->ways[0][0] = 1;
    t->all[0] = 1;
    for (int n = 1; n <= CHART_ZOMBIES; n++) {
        for (int c = 0; c <= MAX_COST; c++)
            for (int r = 1; r <= 6; r++) {
                int cost = r >= 4 ? 0 : 4 - r;
                if (c >= cost)
                    t->ways[n][c] += t->ways[n - 1][c - cost];
            }
        t->all[n] = t->all[n - 1] * 6;
    }
}

static void paid_cell(void *ctx, int r, int c, double *v, char *text)
{
    const bullet_chart *t = ctx;
    double hits = 0;
    for (int cost = 0; cost <= c && cost <= MAX_COST; cost++)
        hits += t->ways[r + 1][cost];
    *v = hits / t->all[r + 1];
    /* never "100%" for a pile that can fall short */
    if (*v < 1 && 100 * *v >= 99.5)
        snprintf(text, 32, "%.1f%%", 100 * *v);
    else
        snprintf(text, 32, "%.0f%%", 100 * *v);
}

void zc_players_charts(const ud_game *g, const ud_faq_writer *w)
{
    (void)g;
    bullet_chart t;
    bullet_compute(&t);
    w->h3(w->ctx, "zombies-cards-players-chart-bullets", "Will my bullets pay for every zombie here?");
    w->p(w->ctx,
         "Find the zombies on your map card and the cards in your bullet pile: the cell is the chance that "
         "your bullets cover every roll below 4, so that you take nothing from the map stack. Each zombie's "
         "roll of 4 or more costs nothing; a 3 costs one bullet, a 2 two, a 1 three. Without a weapon.");
    const char *rows[CHART_ZOMBIES] = { "1 zombie",  "2 zombies", "3 zombies",
                                        "4 zombies", "5 zombies", "6 zombies" };
    const char *cols[CHART_BULLETS] = { "0 bullets", "1 bullet",  "2 bullets", "3 bullets",
                                        "4 bullets", "5 bullets", "6 bullets" };
    if (w->html) {
        w->heat(w->ctx, "Chance your bullet pile pays for every zombie", CHART_ZOMBIES, CHART_BULLETS, rows,
                cols, paid_cell, &t);
        return;
    }
    const char *head[CHART_BULLETS + 1] = { "Zombies" };
    for (int c = 0; c < CHART_BULLETS; c++)
        head[c + 1] = cols[c];
    w->table_begin(w->ctx, CHART_BULLETS + 1, head);
    for (int r = 0; r < CHART_ZOMBIES; r++) {
        char cell[CHART_BULLETS][33];
        const char *row[CHART_BULLETS + 1] = { rows[r] };
        for (int c = 0; c < CHART_BULLETS; c++) {
            double v;
            paid_cell(&t, r, c, &v, cell[c]);
            row[c + 1] = cell[c];
        }
        w->table_row(w->ctx, row);
    }
    w->table_end(w->ctx);
}
