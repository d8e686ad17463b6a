/*
 * faq_impact.c - a reading's measured impact: the measures of its sim
 * run against its baseline's, with 95% intervals, and who played them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"

/* Rule firings per game are a test's coverage count, not something a
 * reading does to the game: the comparisons leave them out. */
static bool is_firing_count(const char *unit) { return strcmp(unit, "firings") == 0; }

enum { IMPACT_MEASURES = 32 };

/* One measure of a reading against its baseline, with 95% half-widths. */
typedef struct impact_measure {
    char label[160]; /* with its unit, for the table */
    char plain[160]; /* without, for a sentence */
    int decimals;
    double val, base, ci_r, ci_b;
} impact_measure;

/* The 95% half-width of a count of k games out of the run's games, as a
 * count (normal approximation of the binomial). */
static double count_ci95(db *h, int64_t run, double k)
{
    double n = 0;
    if (!db_faq_metric(h, run, "games", &n) || n <= 0)
        return 0;
    double p = k / n;
    return 1.96 * sqrt(p * (1 - p) / n) * n;
}

/* Where the measures are collected (impact_measures). */
typedef struct measures_ctx {
    db *h;
    const reading_run *r, *b;
    impact_measure *m;
    int n;
} measures_ctx;

static void add_measure(void *c, const char *name, double value, const char *unit)
{
    measures_ctx *x = c;
    if (x->n >= IMPACT_MEASURES)
        return;
    impact_measure *e = &x->m[x->n];
    char ci_name[160];
    snprintf(ci_name, sizeof ci_name, "%s:ci95", name);
    if (is_firing_count(unit) || !db_faq_metric(x->h, x->b->id, name, &e->base))
        return;
    e->val = value;
    db_faq_metric(x->h, x->r->id, ci_name, &e->ci_r);
    db_faq_metric(x->h, x->b->id, ci_name, &e->ci_b);
    if (strcmp(unit, "games") == 0 && strcmp(name, "games") != 0) {
        /* a count of games stores no interval: a binomial one */
        e->ci_r = count_ci95(x->h, x->r->id, e->val);
        e->ci_b = count_ci95(x->h, x->b->id, e->base);
    }
    /* a percentage to hundredths, a count of games whole, a rate finer */
    e->decimals = strcmp(unit, "%") == 0 ? 2 : strcmp(unit, "games") == 0 ? 0 : 4;
    faq_measure_label(name, unit, e->label, sizeof e->label);
    faq_measure_label(name, "", e->plain, sizeof e->plain);
    x->n++;
}

/* The measures of reading run r and baseline b that a reader can use
 * (rule firing counts left out); how many, at most IMPACT_MEASURES. */
static int impact_measures(db *h, const reading_run *r, const reading_run *b, impact_measure *m)
{
    measures_ctx c = { h, r, b, m, 0 };
    db_faq_metrics(h, r->id, true, add_measure, &c);
    return c.n;
}

static void impact_row(faq_doc *d, const impact_measure *e)
{
    int dec = e->decimals;
    double diff = e->val - e->base, ci = sqrt(e->ci_r * e->ci_r + e->ci_b * e->ci_b);
    faq_row_begin(d, NULL);
    faq_cell_begin(d);
    faq_text(d, e->label);
    faq_cell_end(d);
    faq_cell_begin(d);
    faq_textf(d, "%.*f \xc2\xb1 %.*f", dec, e->base, dec, e->ci_b);
    faq_cell_end(d);
    faq_cell_begin(d);
    faq_textf(d, "%.*f \xc2\xb1 %.*f", dec, e->val, dec, e->ci_r);
    faq_cell_end(d);
    faq_cell_begin(d);
    bool shown = fabs(diff) > ci && fabs(diff) > 0.5e-4;
    faq_textf(d, "%+.*f%s", dec, diff, shown ? " (differs)" : "");
    faq_cell_end(d);
    faq_row_end(d);
}

static const char *count_word(int n)
{
    static const char *const word[] = { "no", "one", "two", "three", "four", "five", "six" };
    return n >= 0 && n <= 6 ? word[n] : NULL;
}

const char *faq_count_players(int n)
{
    static const char *const words[] = { "no players",   "one player",   "two players", "three players",
                                         "four players", "five players", "six players" };
    static char other[32]; /* the FAQ is written by one thread */
    if (n >= 0 && n <= 6)
        return words[n];
    snprintf(other, sizeof other, "%d players", n);
    return other;
}

/* "two players", or for a reading measured by players of its own
 * "one player, every seat playing cautious, players who meet this reading". */
void faq_who_played(faq_doc *d, const reading_run *r, bool explain)
{
    int n = r->players > 0 ? r->players : 2;
    if (count_word(n))
        faq_textf(d, "%s player%s", count_word(n), n == 1 ? "" : "s");
    else
        faq_textf(d, "%d players", n);
    if (!r->usual && r->policy[0]) {
        faq_text(d, n == 1 ? ", playing " : ", every seat playing ");
        faq_ident(d, r->policy, false);
        if (r->start[0]) {
            /* as --start takes them: a reader can replay the position */
            faq_text(d, ", from the start position ");
            char line[UD_START_LEN];
            for (const char *p = r->start; *p;) {
                size_t len = strcspn(p, ";");
                snprintf(line, sizeof line, "%.*s", (int)len, p);
                faq_text(d, p == r->start ? "" : " and ");
                faq_ident(d, line, false);
                p += len + (p[len] == ';');
            }
        }
        if (explain && r->start[0])
            faq_text(d, ": a position that meets this reading, which whole games seldom or never do");
        else if (explain)
            faq_text(d,
                     ": players who meet this reading, which the usual measuring players seldom or never do");
    }
}

/* "undead's defaults", or "the reading KEY=VALUE" for the readings of run
 * b that are not the defaults. */
static void readings_of(faq_doc *d, const ud_game *g, const reading_run *b)
{
    int n = 0;
    for (int w = 0; w < g->n_variants; w++)
        n += b->variant[w] != g->variants[w].default_value;
    if (!n) {
        faq_text(d, "undead's defaults");
        return;
    }
    faq_text(d, n == 1 ? "the reading " : "the readings ");
    for (int w = 0, k = 0; w < g->n_variants; w++) {
        if (b->variant[w] == g->variants[w].default_value)
            continue;
        char one[128];
        snprintf(one, sizeof one, "%s=%s", g->variants[w].key, g->variants[w].values[b->variant[w]].name);
        faq_text(d, k++ ? " and " : "");
        faq_ident(d, one, false);
    }
}

/* The measured impact of reading (v, x) against its baseline. */
void faq_impact(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, int v, int x)
{
    char reading[128];
    snprintf(reading, sizeof reading, "%s=%s", g->variants[v].key, g->variants[v].values[x].name);
    const reading_run *r = faq_find_reading(gr, reading);
    const reading_run *b = r ? faq_baseline_of(g, gr, r, v) : NULL;
    if (!r || !b) {
        faq_para_begin(d);
        faq_textf(d, "undead verify measures the reading %s; this database holds no run of it.", reading);
        faq_para_end(d);
        return;
    }
    double games = 0;
    db_faq_metric(h, r->id, "games", &games);
    faq_para_begin(d);
    faq_text(d, "Measured impact of ");
    faq_ident(d, reading, false);
    faq_textf(d, ": %.0f seeded games (", games);
    faq_who_played(d, r, true);
    faq_text(d, "), against the same games ");
    if (!r->usual)
        faq_text(d, "by the same players ");
    faq_text(d, "under ");
    readings_of(d, g, b);
    faq_text(d, "; 95% confidence half-widths; a difference is marked when it exceeds its interval.");
    faq_para_end(d);
    impact_measure *m = calloc(IMPACT_MEASURES, sizeof *m);
    int n = m ? impact_measures(h, r, b, m) : 0;
    int changed = 0;
    for (int i = 0; i < n; i++)
        changed += m[i].val != m[i].base;
    if (changed) {
        static const char *const head[] = { "Measure", "Baseline", "This reading", "Difference" };
        static const int widths[] = { 34, 22, 22, 22 };
        faq_table_begin_widths(d, 4, head, widths);
        for (int i = 0; i < n; i++)
            if (m[i].val != m[i].base)
                impact_row(d, &m[i]);
        faq_table_end(d);
    }
    /* the measures the reading leaves exactly as they were: one sentence,
     * not rows that repeat the baseline; those that are zero under both
     * apart (nothing was compared: a seat never wins alone in a
     * cooperative game) */
    int zero = 0;
    for (int i = 0; i < n; i++)
        zero += m[i].val == 0 && m[i].base == 0;
    if (changed + zero < n) {
        faq_para_begin(d);
        faq_text(d, changed || zero ? "Exactly as under the baseline: "
                                    : "Every measure is exactly as under the baseline: ");
        for (int i = 0, k = 0; i < n; i++)
            if (m[i].val == m[i].base && m[i].val != 0)
                faq_textf(d, "%s%s", k++ ? ", " : "", m[i].plain);
        faq_text(d, ".");
        faq_para_end(d);
    }
    if (zero) {
        faq_para_begin(d);
        faq_text(d, "Zero under both readings: ");
        for (int i = 0, k = 0; i < n; i++)
            if (m[i].val == 0 && m[i].base == 0)
                faq_textf(d, "%s%s", k++ ? ", " : "", m[i].plain);
        faq_text(d, ".");
        faq_para_end(d);
    }
    free(m);
}
