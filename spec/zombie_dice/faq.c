/*
 * faq.c - Zombie Dice's parts of the FAQ (ud_faq_extras): the legend of
 * its dice, the golden folders shown as worked examples, its edge-case
 * queries (spec/zombie_dice/queries/ and the shortage/tiebreak ones), and
 * its charts, computed exactly from the die table (dice.c: zd_dice) and,
 * when undead solve has stored them, the exact two-player figures (read
 * through the writer's named query zombie_dice/optimal-first-seat).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zd.h"
#include "zd_extras.h"
#include "frac64.h"

/* The hands of three base dice, as die types, in a fixed order. */
typedef struct bust_table {
    int n;
    int hand[16][3];
    char name[16][4];
    long num[3][16], den[3][16]; /* [shotguns held][hand], lowest terms */
} bust_table;

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
            long g = (long)ud_gcd64((uint64_t)hits, (uint64_t)all);
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
 * (query optimal-first-seat: the reading, and the figure p_first as the
 * number stored). */
typedef struct win_rows {
    ud_chart_bar bars[16];
    char labels[16][128];
    int n;
} win_rows;

/* The cell of column NAME that holds a number, or NULL. */
static const ud_faq_cell *number_called(int cols, const ud_faq_cell *cells, const char *name)
{
    for (int i = 0; i < cols; i++)
        if (strcmp(cells[i].name, name) == 0)
            return cells[i].is_number ? &cells[i] : NULL;
    return NULL;
}

static void win_row(void *ctx, int cols, const ud_faq_cell *cells)
{
    win_rows *w = ctx;
    const ud_faq_cell *p = number_called(cols, cells, "p_first");
    if (w->n >= 16 || !p || cols < 1)
        return;
    snprintf(w->labels[w->n], sizeof w->labels[w->n], "%s", cells[0].text);
    w->bars[w->n] = (ud_chart_bar){ w->labels[w->n], 100.0 * p->number, -1, 0 };
    w->n++;
}

static void win_chart(const ud_faq_writer *w)
{
    win_rows *r = calloc(1, sizeof *r);
    if (!r)
        return;
    w->query(w->ctx, "optimal-first-seat", NULL, 0, win_row, r);
    if (!r->n) {
        free(r); /* not solved in this database (undead verify, or undead solve zombie-dice
                      game, stores the case): no section */
        return;
    }
    w->h3(w->ctx, "zombie-dice-chart-first-seat", "First seat's win chance under optimal play");
    w->p(w->ctx,
         "Two players, both playing optimally, from 0-0: the chance that the seat that opens every round "
         "wins, exact up to the solver's stated truncation (undead solve zombie-dice game).");
    if (w->html)
        w->bars(w->ctx, "P(first seat wins), optimal play", "%", r->bars, r->n, 3);
    const char *head[2] = { "Readings", "P(first seat wins), %" };
    w->table_begin(w->ctx, 2, head);
    for (int i = 0; i < r->n; i++) {
        char v[32];
        snprintf(v, sizeof v, "%.3f", r->bars[i].value);
        w->table_row(w->ctx, (const char *const[]){ r->bars[i].label, v });
    }
    w->table_end(w->ctx);
    free(r);
}

static void charts(const ud_game *g, const ud_faq_writer *w)
{
    bust_table *t = malloc(sizeof *t);
    if (!t)
        return;
    bust_compute(t);
    w->h3(w->ctx, "zombie-dice-chart-bust",
          "Bust chance of the next roll, by shotguns held and dice in hand");
    w->p(w->ctx,
         "The chance that the next roll ends the turn (three shotguns in all), for every hand of three "
         "base dice (G green, Y yellow, R red; kept feet dice included) and the shotguns already set "
         "aside this turn. Exact, from the faces in the die table: a green die has 1 shotgun face in 6, "
         "a yellow 2, a red 3.");
    const char *rows[3] = { "0 shotguns held", "1 shotgun held", "2 shotguns held" };
    const char *cols[16];
    for (int i = 0; i < t->n; i++)
        cols[i] = t->name[i];
    if (w->html)
        w->heat(w->ctx, "Bust chance of the next roll", 3, t->n, rows, cols, bust_cell, t);
    const char *head[4] = { "Hand", "0 held", "1 held", "2 held" };
    w->table_begin(w->ctx, 4, head);
    for (int i = 0; i < t->n; i++) {
        char cell[3][48];
        for (int held = 0; held < 3; held++)
            snprintf(cell[held], sizeof cell[held], "%ld/%ld = %.4f", t->num[held][i], t->den[held][i],
                     (double)t->num[held][i] / (double)t->den[held][i]);
        w->table_row(w->ctx, (const char *const[]){ t->name[i], cell[0], cell[1], cell[2] });
    }
    w->table_end(w->ctx);
    free(t);
    win_chart(w);
}

/* The name the players' FAQ cites a rule text by (its title in the
 * source key), else its number. */
static void cite_name(const ud_game *g, const char *file, char *out, size_t size)
{
    const ud_faq_extras *fx = g->extras ? g->extras->faq : NULL;
    for (const ud_faq_source *s = fx ? fx->sources : NULL; s && s->file; s++)
        if (strcmp(s->file, file) == 0 && s->title) {
            snprintf(out, size, "%s", s->title);
            return;
        }
    snprintf(out, size, "%.*s", (int)strcspn(file, "_"), file);
}

/* 001's probability tip, verbatim ("Tips and Strategies for Zombie
 * Domination"): two red dice and a green, whose chance the chart gives. */
static const char tip_001[] = "holding two red dice and one green die gives you a 44.4% chance of rolling at "
                              "least one Shotgun and ending your turn";

/* The players' charts: the bust chance of the next roll, with 001's
 * 44.4% corrected beside it. */
static void players_charts(const ud_game *g, const ud_faq_writer *w)
{
    bust_table *t = malloc(sizeof *t);
    if (!t)
        return;
    bust_compute(t);
    w->h3(w->ctx, "zombie-dice-players-chart-bust", "Will the next roll end my turn?");
    w->p(w->ctx,
         "Find the three dice you would roll (G green, Y yellow, R red; footprint dice you roll again count) "
         "and the shotguns already in front of you: the cell is the chance that this roll brings your "
         "shotguns to three, ending your turn with no brains. A green die has one shotgun face in six, a "
         "yellow two, a red three.");
    const char *rows[3] = { "No shotgun yet", "1 shotgun", "2 shotguns" };
    const char *cols[16];
    for (int i = 0; i < t->n; i++)
        cols[i] = t->name[i];
    if (w->html)
        w->heat(w->ctx, "Chance the next roll ends your turn", 3, t->n, rows, cols, bust_cell, t);
    else {
        const char *head[4] = { "Dice rolled", "No shotgun yet", "1 shotgun", "2 shotguns" };
        w->table_begin(w->ctx, 4, head);
        for (int i = 0; i < t->n; i++) {
            char cell[3][16];
            for (int held = 0; held < 3; held++)
                snprintf(cell[held], sizeof cell[held], "%.1f%%",
                         100.0 * (double)t->num[held][i] / (double)t->den[held][i]);
            w->table_row(w->ctx, (const char *const[]){ t->name[i], cell[0], cell[1], cell[2] });
        }
        w->table_end(w->ctx);
    }
    /* two red and a green: at least one shotgun is what ends a turn that
     * has two already */
    for (int i = 0; i < t->n; i++) {
        if (strcmp(t->name[i], "GRR") != 0)
            continue;
        char name[160], text[800];
        cite_name(g, "001_4f6e2b55ff14832a.txt", name, sizeof name);
        w->h3(w->ctx, "zombie-dice-players-chart-44", "A correction: two red dice and a green");
        snprintf(
            text, sizeof text,
            "%s (Tips and Strategies) says: \xe2\x80\x9c%s\xe2\x80\x9d. The chance is %.1f%%, not 44.4%%: "
            "%ld in %ld of at least one shotgun (the chart's GRR column, with 2 shotguns). With no shotgun "
            "yet, the same dice end your turn only by three shotguns at once: %.1f%%.",
            name, tip_001, 100.0 * (double)t->num[2][i] / (double)t->den[2][i], t->num[2][i], t->den[2][i],
            100.0 * (double)t->num[0][i] / (double)t->den[0][i]);
        w->p(w->ctx, text);
    }
    free(t);
}

static const ud_faq_legend legend[] = {
    { "green:brain", "brain" },
    { "yellow:shotgun", "shotgun" },
    { "red:feet", "feet (footprints)" },
    { "hunk:double-brain", "double brain" },
    { "hunk:double-shotgun", "double shotgun" },
    { "santa:helmet", "helmet" },
    { "santa:energy-drink", "energy drink" },
    { "hottie:feet", "Hottie" },
    { "bus:yield", "School Bus face" },
    { "green", "a die drawn, not yet rolled" },
    { NULL, NULL },
};

/* The figures of the turn analyses' outcomes (undead solve zombie-dice turn). */
static const ud_faq_legend figures[] = {
    { "ev", "brains a turn, expected" },
    { "bust", "chance of a bust" },
    { NULL, NULL },
};

static const ud_faq_examples examples[] = {
    { "examples", "Worked examples from the texts",
      "The texts' own worked examples, replayed step by step. The quoted comments are the text; the "
      "numbered steps are what the rules do, each tagged with the rule that did it." },
    { "endgame", "End of game and tiebreaks",
      "How a game ends under each reading of the end and tiebreak "
      "rules." },
    { "expansions", "Expansion dice and the School Bus", "One case per expansion ruling." },
    { NULL, NULL, NULL },
};

/* Over the verify run the FAQ shows (the FAQ adds verify=ID): its golden
 * cases hold the rarest situations. */
static const ud_faq_query edge_queries[] = {
    { "shortage-two-shotguns", { "limit=8" } },
    { "shortage-turns", { "limit=8" } },
    { "tiebreak-decided", { "limit=8" } },
    { NULL, { NULL } },
};

/* Who played a reading measured by players of its own (game.c,
 * zd_reading_measures), in players' words. */
static const ud_faq_measured players_measured[] = {
    { &zd_variants[ZD_V_BUS], ZD_BUS_ON, "two players who board the School Bus whenever they may" },
    { NULL, 0, NULL },
};

const ud_faq_extras zd_faq = {
    .glyph = zd_faq_glyph,
    .legend_title = "Faces: ",
    .legend = legend,
    .examples = examples,
    .examples_intro = "Dice are drawn in their colours; the line under each picture is the transcript's "
                      "own text.",
    .reading_policy = "every seat stopping at two shotguns",
    .claims_intro = "Every number the texts state, recomputed exactly from the dice (undead solve): "
                    "verified when the stated figure is the exact value rounded as printed.",
    .figures = figures,
    .charts = charts,
    .edge_queries = edge_queries,
    .questions = zd_players_faq,
    .sources = zd_faq_sources,
    .players_charts = players_charts,
    .players_who = "who each stop at two shotguns",
    .players_measured = players_measured,
};
