/*
 * faq_exact.c - the exact figures undead solve stored for a variant
 * key's readings: a table per policy and a sentence per reading.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"

enum { EXACT_ROWS = 64, EXACT_FIELDS = 4, EXACT_SHORT = 12 };

/* One policy under one reading: the figures its cases give ("ev",
 * "bust"), each with its exact fraction when a case stored one (several
 * analyses may give the same figures, each with another one exact: they
 * become one row). */
typedef struct exact_row {
    char policy[64];
    char reading[160];
    int n;
    char name[EXACT_FIELDS][24];
    double value[EXACT_FIELDS];
    char *exact[EXACT_FIELDS]; /* "NUM/DEN", or NULL */
} exact_row;

typedef struct exact_rows {
    int n;
    exact_row row[EXACT_ROWS];
} exact_rows;

/* The row of (policy, reading), made from r's figures when it is new. */
static exact_row *exact_row_for(exact_rows *t, const db_policy_result *r)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->row[i].policy, r->policy) == 0 && strcmp(t->row[i].reading, r->reading) == 0)
            return &t->row[i];
    if (t->n >= EXACT_ROWS)
        return NULL;
    exact_row *e = &t->row[t->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->policy, sizeof e->policy, "%s", r->policy);
    snprintf(e->reading, sizeof e->reading, "%s", r->reading);
    for (int f = 0; f < r->n_figures && e->n < EXACT_FIELDS; f++) {
        snprintf(e->name[e->n], sizeof e->name[e->n], "%s", r->figures[f].name);
        e->value[e->n++] = r->figures[f].value;
    }
    return e;
}

/* The exact fractions r's figures carry, each on the row's figure of the
 * same name (the first case to give one keeps it). */
static void exact_attach(exact_row *e, const db_policy_result *r)
{
    for (int i = 0; i < r->n_figures; i++) {
        const db_faq_figure *fig = &r->figures[i];
        if (!*fig->exact_num || !*fig->exact_den)
            continue;
        for (int f = 0; f < e->n; f++)
            if (!e->exact[f] && strcmp(e->name[f], fig->name) == 0) {
                size_t len = strlen(fig->exact_num) + strlen(fig->exact_den) + 2;
                e->exact[f] = malloc(len);
                if (e->exact[f])
                    snprintf(e->exact[f], len, "%s/%s", fig->exact_num, fig->exact_den);
                break;
            }
    }
}

static void exact_rows_free(exact_rows *t)
{
    for (int i = 0; i < t->n; i++)
        for (int f = 0; f < t->row[i].n; f++)
            free(t->row[i].exact[f]);
}

/* Whether a reading (its KEY=VALUE list) is KEY's alone: the tables show a
 * reading beside the defaults, not its combinations with other keys. */
static bool reading_of_key_alone(const char *reading, const char *key)
{
    size_t n = strlen(key);
    return strncmp(reading, key, n) == 0 && reading[n] == '=' && !strchr(reading, ' ');
}

static const exact_row *exact_find(const exact_rows *t, const char *policy, const char *reading)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->row[i].policy, policy) == 0 && strcmp(t->row[i].reading, reading) == 0)
            return &t->row[i];
    return NULL;
}

/* A figure's plain name: the game's (ud_faq_extras.figures), else its own. */
static const char *figure_name(const ud_game *g, const char *field)
{
    const ud_faq_extras *fx = faq_extras(g);
    for (const ud_faq_legend *l = fx && fx->figures ? fx->figures : NULL; l && l->token; l++)
        if (strcmp(l->token, field) == 0)
            return l->text;
    return field;
}

/* One exact figure: the decimal; the fraction beside it when it is short,
 * else in HTML one click away (a <details>), in print left out. */
void faq_exact_cell(faq_doc *d, double value, const char *exact)
{
    bool is_short = exact && strlen(exact) <= EXACT_SHORT;
    if (is_short || !exact || d->md || d->print) {
        faq_textf(d, "%.4f", value);
        if (is_short)
            faq_textf(d, " = %s", exact);
        return;
    }
    faq_html(d, "<details class=\"exact\"><summary>");
    faq_textf(d, "%.4f", value);
    faq_html(d, "</summary><code>");
    faq_text(d, exact);
    faq_html(d, "</code></details>");
}

/* The largest change a reading makes to figure f over the policies, and
 * the policies whose figures it leaves exactly as they are. */
static double exact_spread(const exact_rows *t, const char *reading, int f, ud_buf *unchanged)
{
    double most = 0;
    for (int i = 0; i < t->n; i++) {
        const exact_row *r = &t->row[i], *base = exact_find(t, r->policy, "defaults");
        if (strcmp(r->reading, reading) != 0 || !base || f >= r->n || f >= base->n)
            continue;
        double diff = fabs(r->value[f] - base->value[f]);
        most = diff > most ? diff : most;
        bool same = true;
        for (int k = 0; k < r->n && k < base->n; k++)
            same &= r->value[k] == base->value[k];
        /* a policy has one row per reading (exact_row_for): named once */
        if (same && unchanged)
            ud_buf_printf(unchanged, "%s%s", unchanged->len ? ", " : "", r->policy);
    }
    return most;
}

static void exact_row_out(faq_doc *d, const exact_row *r, int n_fields)
{
    faq_row_begin(d, NULL);
    faq_cell_begin(d);
    faq_text(d, r->policy);
    faq_cell_end(d);
    faq_cell_begin(d);
    if (strcmp(r->reading, "defaults") == 0)
        faq_text(d, "defaults");
    else
        faq_ident(d, r->reading, true);
    faq_cell_end(d);
    for (int f = 0; f < n_fields; f++) {
        faq_cell_begin(d);
        if (f < r->n)
            faq_exact_cell(d, r->value[f], r->exact[f]);
        faq_cell_end(d);
    }
    faq_row_end(d);
}

static bool exact_same(const exact_row *a, const exact_row *b)
{
    bool same = a->n == b->n;
    for (int f = 0; same && f < a->n; f++)
        same = a->value[f] == b->value[f];
    return same;
}

/* The conclusion for one reading: how far it moves each figure at most,
 * and under which policies it moves nothing. */
static void exact_sentence(faq_doc *d, const ud_game *g, const exact_rows *t, const exact_row *r)
{
    ud_buf unchanged;
    ud_buf_init(&unchanged);
    faq_para_begin(d);
    faq_text(d, "Under ");
    faq_ident(d, r->reading, true);
    double moved = 0;
    for (int f = 0; f < r->n; f++)
        moved += exact_spread(t, r->reading, f, f == 0 ? &unchanged : NULL);
    if (moved == 0)
        faq_text(d, " every figure is exactly as under the defaults, for every policy.");
    else {
        faq_text(d, " the figures move by at most");
        for (int f = 0; f < r->n; f++)
            faq_textf(d, "%s %.4f (%s)",
                      f == 0          ? ""
                      : f + 1 == r->n ? " and"
                                      : ",",
                      exact_spread(t, r->reading, f, NULL), figure_name(g, r->name[f]));
        if (unchanged.len) {
            faq_text(d, "; under ");
            faq_ident(d, ud_buf_str(&unchanged), false);
            faq_text(d, " they do not move at all.");
        } else
            faq_text(d, ".");
    }
    faq_para_end(d);
    ud_buf_free(&unchanged);
}

/* The table of exact_results and its sentences; FIRST: a reading's row
 * (it names the figures). */
static void exact_table(faq_doc *d, const ud_game *g, const exact_rows *t, const exact_row *first)
{
    const char *head[2 + EXACT_FIELDS] = { "Policy", "Reading" };
    for (int f = 0; f < first->n; f++)
        head[2 + f] = figure_name(g, first->name[f]);
    /* a reading that changes nothing under any policy has no row: then
     * the sentences below say so, under no empty table */
    bool any_row = false;
    for (int i = 0; i < t->n && !any_row; i++)
        for (int j = 0; j < t->n && !any_row && strcmp(t->row[i].reading, "defaults") == 0; j++)
            any_row = j != i && strcmp(t->row[j].policy, t->row[i].policy) == 0 &&
                      !exact_same(&t->row[j], &t->row[i]);
    if (any_row) {
        faq_p(d,
              d->print || d->md
                  ? "Exact figures (undead solve), for each policy a reading changes: under the defaults and "
                    "under the reading."
                  : "Exact figures (undead solve), for each policy a reading changes: under the defaults and "
                    "under the reading. A long exact fraction opens under its decimal.");
        faq_table_begin_widths(d, 2 + first->n, head, NULL);
        for (int i = 0; i < t->n; i++) {
            const exact_row *base = &t->row[i];
            if (strcmp(base->reading, "defaults") != 0)
                continue;
            bool defaults_shown = false;
            for (int j = 0; j < t->n; j++) {
                if (strcmp(t->row[j].policy, base->policy) != 0 || j == i || exact_same(&t->row[j], base))
                    continue;
                if (!defaults_shown)
                    exact_row_out(d, base, first->n);
                defaults_shown = true;
                exact_row_out(d, &t->row[j], first->n);
            }
        }
        faq_table_end(d);
    }
    /* one sentence per reading, in the order the rows met them */
    for (int i = 0; i < t->n; i++) {
        bool seen = strcmp(t->row[i].reading, "defaults") == 0;
        for (int j = 0; j < i && !seen; j++)
            seen = strcmp(t->row[j].reading, t->row[i].reading) == 0;
        if (!seen)
            exact_sentence(d, g, t, &t->row[i]);
    }
}

/* Exact figures undead solve stored for variant KEY's readings: for every
 * policy, the defaults and each reading of KEY alone (rows a reading
 * leaves unchanged are left out), then one sentence saying how far the
 * reading moves them. */
/* Where a key's figures are collected (faq_exact_results). */
typedef struct exact_ctx {
    exact_rows *t;
    const char *key;
} exact_ctx;

static void exact_add(void *c, const db_policy_result *r)
{
    exact_ctx *x = c;
    if (strcmp(r->reading, "defaults") != 0 && !reading_of_key_alone(r->reading, x->key))
        return;
    exact_row *e = exact_row_for(x->t, r);
    if (e)
        exact_attach(e, r);
}

void faq_exact_results(faq_doc *d, db *h, const ud_game *g, const char *key)
{
    exact_rows *t = calloc(1, sizeof *t);
    if (!t)
        return;
    exact_ctx c = { t, key };
    db_faq_policy_results(h, g->name, exact_add, &c);
    const exact_row *first = NULL;
    for (int i = 0; i < t->n && !first; i++)
        if (strcmp(t->row[i].reading, "defaults") != 0 && exact_find(t, t->row[i].policy, "defaults"))
            first = &t->row[i];
    if (first)
        exact_table(d, g, t, first);
    exact_rows_free(t);
    free(t);
}
