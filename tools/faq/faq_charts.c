/*
 * faq_charts.c - the game's own charts, drawn by its hook through the
 * writer it is handed (ud_faq_writer: headings, tables, SVG bars and heat
 * maps, named queries).
 */
#include <stdlib.h>

#include "faq_svg.h"
#include "faq_sections.h"

typedef struct writer_ctx {
    faq_doc *d;
    db *h;
    const ud_game *g;
    /* The players' charts: each heading opens a block kept on one page
     * (its caption never parted from its chart); OPEN: one is open. */
    bool blocks, open;
} writer_ctx;

static void w_h3(void *c, const char *id, const char *title)
{
    writer_ctx *w = c;
    if (w->blocks && !w->d->md) {
        fputs(w->open ? "</div>\n<div class=\"chart-block\">" : "<div class=\"chart-block\">", w->d->out);
        w->open = true;
    }
    faq_h3(w->d, id, title);
}
static void w_p(void *c, const char *s) { faq_p(((writer_ctx *)c)->d, s); }
static void w_table_begin(void *c, int cols, const char *const *head)
{
    faq_table_begin(((writer_ctx *)c)->d, cols, head);
}
static void w_table_row(void *c, const char *const *cells) { faq_table_row(((writer_ctx *)c)->d, cells); }
static void w_table_end(void *c) { faq_table_end(((writer_ctx *)c)->d); }

static void w_bars(void *c, const char *title, const char *unit, const ud_chart_bar *bars, int n,
                   int decimals)
{
    faq_doc *d = ((writer_ctx *)c)->d;
    if (!d->md)
        svg_bars(d->out, title, unit, bars, n, decimals);
}

static void w_heat(void *c, const char *title, int rows, int cols, const char *const *row_labels,
                   const char *const *col_labels, void (*cell)(void *, int, int, double *, char *),
                   void *cctx)
{
    faq_doc *d = ((writer_ctx *)c)->d;
    if (!d->md)
        svg_heat(d->out, title, rows, cols, row_labels, col_labels, cell, cctx);
}

/* A game's query's rows handed to its hook as cells: a number as the
 * number stored. */
typedef struct query_rows {
    void (*row)(void *, int, const ud_faq_cell *);
    void *ctx;
} query_rows;

static void query_row(void *c, int cols, const db_cell *cells)
{
    query_rows *q = c;
    ud_faq_cell *v = calloc((size_t)cols + 1, sizeof *v);
    if (!v)
        return;
    for (int i = 0; i < cols; i++)
        v[i] = (ud_faq_cell){ .name = cells[i].name,
                              .text = cells[i].text,
                              .is_number = cells[i].is_real || cells[i].is_int,
                              .number = cells[i].is_real ? cells[i].real : (double)cells[i].integer };
    q->row(q->ctx, cols, v);
    free(v);
}

static int w_query(void *c, const char *name, const char *const *params, int n_params,
                   void (*row)(void *, int, const ud_faq_cell *), void *rctx)
{
    writer_ctx *w = c;
    nq_query q;
    if (!faq_find_query(w->g, name, &q))
        return -1;
    query_rows rows = { row, rctx };
    return db_faq_rows(w->h, &q, (char *const *)params, n_params, query_row, &rows);
}

/* The writer a game's chart hook is handed, writing to D. */
static ud_faq_writer writer_of(writer_ctx *c)
{
    return (ud_faq_writer){ .ctx = c,
                            .html = !c->d->md,
                            .out = c->d->out,
                            .h3 = w_h3,
                            .p = w_p,
                            .table_begin = w_table_begin,
                            .table_row = w_table_row,
                            .table_end = w_table_end,
                            .bars = w_bars,
                            .heat = w_heat,
                            .query = w_query };
}

void faq_section_charts(faq_doc *d, db *h, const ud_game *g)
{
    const ud_faq_extras *fx = faq_extras(g);
    if (!fx || !fx->charts)
        return; /* a game without charts has no such section */
    char id[96];
    snprintf(id, sizeof id, "%s-charts", g->name);
    faq_heading(d, 2, id, "Charts", true);
    writer_ctx c = { d, h, g, false, false };
    ud_faq_writer w = writer_of(&c);
    fx->charts(g, &w);
}

void faq_section_players_charts(faq_doc *d, db *h, const ud_game *g)
{
    const ud_faq_extras *fx = faq_extras(g);
    if (!fx || !fx->players_charts)
        return;
    char id[96];
    snprintf(id, sizeof id, "%s-players-charts", g->name);
    faq_html(d, "<div class=\"players-charts\">");
    faq_heading(d, 2, id, "Charts", true);
    writer_ctx c = { d, h, g, true, false };
    ud_faq_writer w = writer_of(&c);
    fx->players_charts(g, &w);
    faq_html(d, c.open ? "</div></div>\n" : "</div>\n");
}
