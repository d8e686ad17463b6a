/*
 * faq_zd.c - the FAQ's Zombie Dice charts, computed exactly from the die
 * table (spec/zombie_dice/dice.c: zd_dice, zd_set_count) and, when undead
 * solve has stored them, the exact two-player figures.  Other games draw
 * nothing here yet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "faq.h"
#include "faq_svg.h"
#include "zombie_dice/zd.h"

/* The hands of three base dice, as die types, in a fixed order. */
typedef struct bust_table {
    int n;
    int hand[16][3];
    char name[16][4];
    long num[3][16], den[3][16];   /* [shotguns held][hand], lowest terms */
} bust_table;

static long gcd(long a, long b)
{
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void bust_compute(bust_table *t)
{
    static const int base[3] = { ZD_GREEN, ZD_YELLOW, ZD_RED };
    memset(t, 0, sizeof *t);
    for (int a = 0; a < 3; a++)
        for (int b = a; b < 3; b++)
            for (int c = b; c < 3; c++) {
                int *h = t->hand[t->n];
                h[0] = base[a];
                h[1] = base[b];
                h[2] = base[c];
                for (int k = 0; k < 3; k++)
                    t->name[t->n][k] = zd_dice[h[k]].letter;
                t->n++;
            }
    for (int i = 0; i < t->n; i++)
        for (int held = 0; held < 3; held++) {
            long hits = 0, all = 0;
            for (int f0 = 0; f0 < ZD_FACES_PER_DIE; f0++)
                for (int f1 = 0; f1 < ZD_FACES_PER_DIE; f1++)
                    for (int f2 = 0; f2 < ZD_FACES_PER_DIE; f2++) {
                        int shot = zd_face_shotguns[zd_dice[t->hand[i][0]].face[f0]] +
                                   zd_face_shotguns[zd_dice[t->hand[i][1]].face[f1]] +
                                   zd_face_shotguns[zd_dice[t->hand[i][2]].face[f2]];
                        hits += held + shot >= ZD_BUST_SHOTGUNS;
                        all++;
                    }
            long g = gcd(hits, all);
            t->num[held][i] = g ? hits / g : 0;
            t->den[held][i] = g ? all / g : 1;
        }
}

static void bust_cell(void *ctx, int r, int c, double *v, char *text)
{
    const bust_table *t = ctx;
    *v = (double)t->num[r][c] / (double)t->den[r][c];
    snprintf(text, 33, "%.1f%%", 100.0 * *v);
}

/* P(first seat wins) under optimal play, from undead solve's game cases
 * (key solve:zombie-dice:game:end=...:tiebreak=..., outcome p_first=...). */
static void win_chart(faq_doc *d, sqlite3 *h)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(h, "SELECT c.key, c.outcome FROM cases c JOIN runs r ON r.id = c.run_id "
                              "WHERE c.kind = 'solve' AND c.key LIKE 'solve:zombie-dice:game:%' "
                              "AND r.status = 'complete' AND c.id = (SELECT max(c2.id) FROM cases c2 "
                              "WHERE c2.key = c.key) ORDER BY c.key", -1, &st, NULL) != SQLITE_OK)
        return;
    svg_bar bars[16];
    char labels[16][128];
    int n = 0;
    while (n < 16 && sqlite3_step(st) == SQLITE_ROW) {
        const char *key = (const char *)sqlite3_column_text(st, 0);
        const char *out = (const char *)sqlite3_column_text(st, 1);
        const char *p = out ? strstr(out, "p_first=") : NULL;
        if (!key || !p)
            continue;
        snprintf(labels[n], sizeof labels[n], "%s", key + strlen("solve:zombie-dice:game:"));
        bars[n] = (svg_bar){ labels[n], 100.0 * atof(p + 8), -1, 0 };
        n++;
    }
    sqlite3_finalize(st);
    faq_h3(d, "zombie-dice-chart-first-seat", "First seat's win chance under optimal play");
    if (!n) {
        faq_p(d, "Not in the database yet: undead solve zombie-dice game computes it (issue 4).");
        return;
    }
    faq_p(d, "Two players, both playing optimally, from 0-0: the chance that the seat that opens every round "
             "wins, exact up to the solver's stated truncation (undead solve zombie-dice game).");
    if (faq_is_html(d))
        svg_bars(faq_out(d), "P(first seat wins), optimal play", "%", bars, n, 3);
    const char *head[2] = { "Readings", "P(first seat wins), %" };
    faq_table_begin(d, 2, head);
    for (int i = 0; i < n; i++) {
        char v[32];
        snprintf(v, sizeof v, "%.3f", bars[i].value);
        faq_table_row(d, (const char *const[]){ bars[i].label, v });
    }
    faq_table_end(d);
}

void faq_zd_charts(faq_doc *d, sqlite3 *h, const ud_game *g)
{
    if (strcmp(g->name, zd_game.name) != 0) {
        faq_p(d, "No charts for this game yet.");
        return;
    }
    bust_table *t = malloc(sizeof *t);
    if (!t)
        return;
    bust_compute(t);
    faq_h3(d, "zombie-dice-chart-bust", "Bust chance of the next roll, by shotguns held and dice in hand");
    faq_p(d, "The chance that the next roll ends the turn (three shotguns in all), for every hand of three "
             "base dice (G green, Y yellow, R red; kept feet dice included) and the shotguns already set "
             "aside this turn. Exact, from the faces in the die table: a green die has 1 shotgun face in 6, "
             "a yellow 2, a red 3.");
    const char *rows[3] = { "0 shotguns held", "1 shotgun held", "2 shotguns held" };
    const char *cols[16];
    for (int i = 0; i < t->n; i++)
        cols[i] = t->name[i];
    if (faq_is_html(d))
        svg_heat(faq_out(d), "Bust chance of the next roll", 3, t->n, rows, cols, bust_cell, t);
    const char *head[4] = { "Hand", "0 held", "1 held", "2 held" };
    faq_table_begin(d, 4, head);
    for (int i = 0; i < t->n; i++) {
        char cell[3][48];
        for (int held = 0; held < 3; held++)
            snprintf(cell[held], sizeof cell[held], "%ld/%ld = %.4f", t->num[held][i], t->den[held][i],
                     (double)t->num[held][i] / (double)t->den[held][i]);
        faq_table_row(d, (const char *const[]){ t->name[i], cell[0], cell[1], cell[2] });
    }
    faq_table_end(d);
    free(t);
    win_chart(d, h);
}
