/*
 * faq_queries.c - a named query's rows as a table a reader can use (run
 * and case IDs left out, a stored case's key and outcome in words, said
 * from the case's typed fields), under its own heading for the edge cases.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "faq_sections.h"

/* Columns a reader has no use for in a game's own section: run IDs, the
 * game's name, and stored cases' IDs (case_id, case_id_a, ...: the key and
 * outcome columns are said from the case they name). */
static bool column_hidden(const char *name)
{
    return strcmp(name, "run") == 0 || strncmp(name, "run_", 4) == 0 || strcmp(name, "game") == 0 ||
           strncmp(name, "case_id", 7) == 0;
}

/* A column's name as a heading: "table_before" is "table before", "key"
 * (a stored case) "game", "seq" (an event's place in it) "step". */
static void column_label(const char *name, char *out, size_t size)
{
    if (strcmp(name, "key") == 0 || strcmp(name, "seq") == 0) {
        snprintf(out, size, "%s", name[0] == 'k' ? "game" : "step");
        return;
    }
    snprintf(out, size, "%s", name);
    for (char *c = out; *c; c++)
        if (*c == '_')
            *c = ' ';
}

/* The stored case a cell speaks of: an outcome column "outcome[SUFFIX]"
 * is the case of column "case_id[SUFFIX]" of its row, a key the row's
 * first case column's; 0 when the row names none. */
static int64_t case_of(int cols, const db_cell *cells, const char *name)
{
    const char *suffix = strncmp(name, "outcome", 7) == 0 ? name + 7 : NULL;
    for (int i = 0; i < cols; i++)
        if (cells[i].is_int && strncmp(cells[i].name, "case_id", 7) == 0 &&
            (!suffix || strcmp(cells[i].name + 7, suffix) == 0))
            return cells[i].integer;
    return 0;
}

/* What a reader is told of a stored case: its name, or its outcome. */
typedef struct case_words {
    bool outcome;
    char text[300];
} case_words;

static void say_case(void *ctx, const db_faq_case_info *c)
{
    case_words *w = ctx;
    if (w->outcome)
        faq_outcome_words(c, w->text, sizeof w->text);
    else
        faq_case_label(c, w->text, sizeof w->text);
}

/* A named query's rows as a table (faq_named_query): the columns a reader
 * can use, the table begun with the first row. */
typedef struct table_ctx {
    faq_doc *d;
    db *h;
    const char *intro;
    int rows;
} table_ctx;

/* One cell: a stored case's key or outcome in words (from the case its row
 * names), a long value cut, a number with fixed decimals, else the text. */
static void table_cell(table_ctx *x, int cols, const db_cell *cells, const db_cell *cell)
{
    faq_doc *d = x->d;
    const char *s = cell->text;
    bool key = strcmp(cell->name, "key") == 0, outcome = strncmp(cell->name, "outcome", 7) == 0;
    int64_t id = key || outcome ? case_of(cols, cells, cell->name) : 0;
    case_words w = { outcome, "" };
    if (id > 0)
        db_faq_case_by_id(x->h, id, say_case, &w);
    faq_cell_begin(d);
    /* Long values (transcripts) are cut: the query gives them whole. */
    if (w.text[0])
        faq_text(d, w.text);
    else if (strlen(s) > 300)
        faq_textf(d, "%.300s ...", s);
    else if (cell->is_real)
        faq_textf(d, "%.4f", cell->real);
    else
        faq_text(d, s);
    faq_cell_end(d);
}

static void table_row(void *c, int cols, const db_cell *cells)
{
    table_ctx *x = c;
    faq_doc *d = x->d;
    int shown[8], n_shown = 0;
    char labels[8][64];
    const char *head[8];
    for (int i = 0; i < cols && n_shown < 8; i++) {
        if (column_hidden(cells[i].name))
            continue;
        column_label(cells[i].name, labels[n_shown], sizeof labels[n_shown]);
        head[n_shown] = labels[n_shown];
        shown[n_shown++] = i;
    }
    if (!x->rows++) {
        if (x->intro)
            faq_p(d, x->intro);
        faq_table_begin_widths(d, n_shown, head, NULL);
    }
    faq_row_begin(d, NULL);
    for (int i = 0; i < n_shown; i++)
        table_cell(x, cols, cells, &cells[shown[i]]);
    faq_row_end(d);
}

void faq_named_query(faq_doc *d, db *h, const ud_game *g, const char *name, char *const *params, int n_params,
                     const char *intro, const char *none)
{
    nq_query q;
    if (!faq_find_query(g, name, &q))
        return;
    table_ctx c = { d, h, intro, 0 };
    int rows = db_faq_rows(h, &q, params, n_params, table_row, &c);
    if (rows > 0)
        faq_table_end(d);
    else if (rows == 0)
        faq_p(d, none);
}

/* A named query's heading: its summary's first clause ("Games decided by
 * a tiebreak (Zombie Dice): a tiebreaker round ..." gives "Games decided
 * by a tiebreak (Zombie Dice)"), then the rest and how to run it. */
void faq_edge_query(faq_doc *d, db *h, const ud_game *g, const char *name, char *const *params, int n_params)
{
    nq_query q;
    if (!faq_find_query(g, name, &q))
        return;
    char id[160], title[300];
    snprintf(id, sizeof id, "%s-query-%s", g->name, name);
    size_t cut = strcspn(q.summary, ":,.");
    snprintf(title, sizeof title, "%.*s", (int)cut, q.summary);
    faq_heading(d, 3, id, title, true);
    faq_para_begin(d);
    /* after "Clause: rest" the heading holds the clause: the rest follows */
    const char *rest = q.summary[cut] == ':' ? q.summary + cut + 1 : q.summary;
    while (*rest == ' ')
        rest++;
    if (rest != q.summary && *rest)
        faq_textf(d, "%c%s", toupper((unsigned char)*rest), rest + 1);
    else
        faq_text(d, q.summary);
    faq_text(d, " (");
    ud_buf cmd;
    ud_buf_init(&cmd);
    ud_buf_printf(&cmd, "undead db query %s", q.name);
    faq_code(d, ud_buf_str(&cmd));
    ud_buf_free(&cmd);
    faq_text(d, ")");
    faq_para_end(d);
    faq_named_query(d, h, g, name, params, n_params, NULL, "None among the stored games.");
}
