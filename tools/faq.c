/*
 * faq.c - the rules FAQ (see faq.h): document structure, the HTML and
 * Markdown writers, and the database reads behind each section.
 *
 * The body is written to a memory stream first, collecting the headings,
 * so the table of contents can come before it.  Every read is a named
 * query (db/queries/; a game's own under db/queries/<game>/) that orders
 * its rows, and every number is printed with fixed decimals: the output
 * depends on the database's content only.  What only a game can say (its
 * glyphs, legend, charts, edge-case queries) comes from ud_game.extras.
 */
#include "faq.h"

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "extras.h"
#include "faq_svg.h"
#include "named_query.h"

enum { TOC_MAX = 512, MAX_CHILDREN = 64 };

typedef struct toc_entry {
    int level;
    char id[400];
    char title[300];
} toc_entry;

struct faq_doc {
    FILE *out;
    bool md;
    bool print;                 /* for the PDF: no interactive parts */
    int n_toc;
    toc_entry toc[TOC_MAX];
    int table_cols;
};

/* ---- the writer ---------------------------------------------------------- */

bool faq_is_html(const faq_doc *d) { return !d->md; }
FILE *faq_out(faq_doc *d) { return d->out; }

/* Text, escaped for the format; newlines become spaces in Markdown. */
static void text(faq_doc *d, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", d->out);
        else if (*s == '<')
            fputs("&lt;", d->out);
        else if (*s == '>')
            fputs("&gt;", d->out);
        else if (*s == '"' && !d->md)
            fputs("&quot;", d->out);
        else if (d->md && (*s == '|' || *s == '*' || *s == '`' || *s == '[' || *s == ']' || *s == '\\'))
            fprintf(d->out, "\\%c", *s);
        else if (d->md && *s == '\n')
            fputc(' ', d->out);
        else
            fputc(*s, d->out);
    }
}

static void textf(faq_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void textf(faq_doc *d, const char *fmt, ...)
{
    ud_buf b;
    ud_buf_init(&b);
    va_list ap;
    va_start(ap, fmt);
    ud_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    text(d, ud_buf_str(&b));
    ud_buf_free(&b);
}

static void html(faq_doc *d, const char *s)
{
    if (!d->md)
        fputs(s, d->out);
}

static void md(faq_doc *d, const char *s)
{
    if (d->md)
        fputs(s, d->out);
}

static void code(faq_doc *d, const char *s)
{
    if (d->md) {
        fputc('`', d->out);
        for (; *s; s++)
            fputc(*s == '`' ? '\'' : *s == '|' ? '/' : *s, d->out);
        fputc('`', d->out);
        return;
    }
    fputs("<code>", d->out);
    text(d, s);
    fputs("</code>", d->out);
}

/* An identifier or a reading ("shortage-when=fewer-than-needed", "dice=santa
 * helmet=next-roll", "dice=santa|double-feature") that may break across
 * lines only after an '=', a space, a comma or a '|' (the characters of
 * BREAKS), never inside a name; in code type when AS_CODE. */
static void ident_at(faq_doc *d, const char *s, bool as_code, const char *breaks)
{
    if (d->md) {
        if (as_code)
            code(d, s);
        else
            text(d, s);
        return;
    }
    fputs(as_code ? "<code>" : "", d->out);
    while (*s) {
        /* a piece keeps its '=', ',' or '|'; a line may break after it
         * (<wbr>), or at a space, which stays outside the unbreakable span
         * (a space inside one is no break opportunity) */
        size_t n = strcspn(s, breaks);
        char sep = s[n];
        size_t keep = n + (sep && sep != ' ');
        fputs("<span class=\"nw\">", d->out);
        char *piece = strndup(s, keep);
        text(d, piece ? piece : "");
        free(piece);
        fputs(sep == ' ' ? "</span> " : sep ? "</span><wbr>" : "</span>", d->out);
        s += n + (sep != '\0');
    }
    fputs(as_code ? "</code>" : "", d->out);
}

static void ident(faq_doc *d, const char *s, bool as_code) { ident_at(d, s, as_code, "= ,|"); }

/* A command line: it breaks only between its words. */
static void command(faq_doc *d, const char *s) { ident_at(d, s, true, " "); }

static void link(faq_doc *d, const char *id, const char *label)
{
    if (d->md) {
        fputc('[', d->out);
        text(d, label);
        fprintf(d->out, "](#%s)", id);
        return;
    }
    /* links are to rule IDs and anchors: never broken across lines */
    fprintf(d->out, "<a class=\"nw\" href=\"#%s\">", id);
    text(d, label);
    fputs("</a>", d->out);
}

static void anchor(faq_doc *d, const char *id)
{
    fprintf(d->out, "<a id=\"%s\"></a>", id);
}

static void toc_add(faq_doc *d, int level, const char *id, const char *title)
{
    if (d->n_toc >= TOC_MAX)
        return;
    toc_entry *e = &d->toc[d->n_toc++];
    e->level = level;
    snprintf(e->id, sizeof e->id, "%s", id);
    snprintf(e->title, sizeof e->title, "%s", title);
}

static void heading(faq_doc *d, int level, const char *id, const char *title, bool in_toc)
{
    if (in_toc)
        toc_add(d, level, id, title);
    if (d->md) {
        fprintf(d->out, "\n%.*s ", level, "######");
        anchor(d, id);
        text(d, title);
        fputs("\n\n", d->out);
        return;
    }
    fprintf(d->out, "<h%d id=\"%s\">", level, id);
    text(d, title);
    fprintf(d->out, "</h%d>\n", level);
}

void faq_h3(faq_doc *d, const char *id, const char *title)
{
    heading(d, 3, id, title, true);
}

static void para_begin(faq_doc *d) { html(d, "<p>"); }
static void para_end(faq_doc *d) { fputs(d->md ? "\n\n" : "</p>\n", d->out); }

void faq_p(faq_doc *d, const char *s)
{
    para_begin(d);
    text(d, s);
    para_end(d);
}

/* Tables: begin with the header, then rows of cells written by the
 * caller between cell_begin/cell_end (or faq_table_row for plain text). */
static void table_begin(faq_doc *d, int cols, const char *const *head, const int *widths)
{
    d->table_cols = cols;
    if (d->md) {
        fputs("\n|", d->out);
        for (int c = 0; c < cols; c++) {
            fputc(' ', d->out);
            text(d, head[c]);
            fputs(" |", d->out);
        }
        fputs("\n|", d->out);
        for (int c = 0; c < cols; c++)
            fputs(" --- |", d->out);
        fputc('\n', d->out);
        return;
    }
    fputs("<table>", d->out);
    if (widths) {
        fputs("<colgroup>", d->out);
        for (int c = 0; c < cols; c++)
            fprintf(d->out, "<col style=\"width:%d%%\">", widths[c]);
        fputs("</colgroup>", d->out);
    }
    fputs("<thead><tr>", d->out);
    for (int c = 0; c < cols; c++) {
        fputs("<th>", d->out);
        text(d, head[c]);
        fputs("</th>", d->out);
    }
    fputs("</tr></thead><tbody>\n", d->out);
}

static void row_begin(faq_doc *d, const char *id)
{
    if (d->md)
        fputc('|', d->out);
    else if (id)
        fprintf(d->out, "<tr id=\"%s\">", id);
    else
        fputs("<tr>", d->out);
}

static void row_end(faq_doc *d) { fputs(d->md ? "\n" : "</tr>\n", d->out); }
static void cell_begin(faq_doc *d) { fputs(d->md ? " " : "<td>", d->out); }
static void cell_end(faq_doc *d) { fputs(d->md ? " |" : "</td>", d->out); }

static void table_end(faq_doc *d) { fputs(d->md ? "\n" : "</tbody></table>\n", d->out); }

void faq_table_begin(faq_doc *d, int cols, const char *const *head) { table_begin(d, cols, head, NULL); }
void faq_table_end(faq_doc *d) { table_end(d); }

void faq_table_row(faq_doc *d, const char *const *cells)
{
    row_begin(d, NULL);
    for (int c = 0; c < d->table_cols; c++) {
        cell_begin(d);
        text(d, cells[c] ? cells[c] : "");
        cell_end(d);
    }
    row_end(d);
}

/* ---- database reads ------------------------------------------------------ */

/* The shipped named query NAME (db/queries/NAME.sql) with n parameters
 * "k=v" (char *); NULL when it fails, and the section stays empty. */
static sqlite3_stmt *query(sqlite3 *h, const char *name, int n, ...)
{
    char *params[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < 8; i++)
        params[i] = va_arg(ap, char *);
    va_end(ap);
    nq_query q;
    if (!nq_find(name, &q))
        return NULL;
    ud_buf err;
    ud_buf_init(&err);
    sqlite3_stmt *st = nq_prepare(h, &q, params, n < 8 ? n : 8, &err);
    ud_buf_free(&err);
    return st;
}

/* "run=ID" */
static void run_param(char *out, size_t size, int64_t run)
{
    snprintf(out, size, "run=%lld", (long long)run);
}

static const char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *s = sqlite3_column_text(st, i);
    return s ? (const char *)s : "";
}

/* The game's FAQ parts, or NULL. */
static const ud_faq_extras *faq_extras(const ud_game *g)
{
    return g->extras ? g->extras->faq : NULL;
}

/* A shipped named query: the game's own (db/queries/<folder>/NAME.sql)
 * first, else the shared one (db/queries/NAME.sql). */
static bool find_query(const ud_game *g, const char *name, nq_query *q)
{
    char full[128];
    snprintf(full, sizeof full, "%s/%s", g->folder, name);
    return nq_find(full, q) || nq_find(name, q);
}

/* The runs behind one game's sections. */
typedef struct reading_run {
    int64_t id;
    char reading[128];          /* "defaults", KEY=VALUE or "baseline of KEY=VALUE" */
    int variant[UD_MAX_VARIANTS];
    char policy[96];            /* every seat's policy ("" in older databases) */
    int players;                /* 0 in older databases */
    char start[UD_MEASURE_START * UD_START_LEN];   /* start lines joined by ';', "" for the game's own */
    bool usual;                 /* played by the same players as "defaults", from the same start */
} reading_run;

typedef struct game_runs {
    int64_t verify, golden;
    char verify_status[16];
    char revision[64], version[32];
    int n;
    reading_run reading[MAX_CHILDREN];
} game_runs;

static void load_runs(sqlite3 *h, const ud_game *g, game_runs *gr)
{
    memset(gr, 0, sizeof *gr);
    char game[96], run[48];
    snprintf(game, sizeof game, "game=%s", g->name);
    sqlite3_stmt *st = query(h, "verify-latest", 1, game);
    if (!st)
        return;
    if (sqlite3_step(st) == SQLITE_ROW) {
        gr->verify = sqlite3_column_int64(st, 0);
        snprintf(gr->verify_status, sizeof gr->verify_status, "%s", col_text(st, 1));
        snprintf(gr->revision, sizeof gr->revision, "%s", col_text(st, 2));
        snprintf(gr->version, sizeof gr->version, "%s", col_text(st, 3));
    }
    sqlite3_finalize(st);
    if (!gr->verify)
        return;
    run_param(run, sizeof run, gr->verify);
    st = query(h, "verify-children", 1, run);
    if (!st)
        return;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (strcmp(col_text(st, 1), "golden") == 0) {
            gr->golden = sqlite3_column_int64(st, 0);
            continue;
        }
        if (gr->n >= MAX_CHILDREN || !*col_text(st, 2))
            continue;
        reading_run *rr = &gr->reading[gr->n++];
        rr->id = sqlite3_column_int64(st, 0);
        snprintf(rr->reading, sizeof rr->reading, "%s", col_text(st, 2));
        snprintf(rr->policy, sizeof rr->policy, "%s", col_text(st, 3));
        rr->players = sqlite3_column_int(st, 4);
        snprintf(rr->start, sizeof rr->start, "%s", col_text(st, 5));
    }
    sqlite3_finalize(st);
    const reading_run *def = NULL;
    for (int i = 0; i < gr->n && !def; i++)
        if (strcmp(gr->reading[i].reading, "defaults") == 0)
            def = &gr->reading[i];
    for (int i = 0; i < gr->n; i++)
        gr->reading[i].usual = def && strcmp(gr->reading[i].policy, def->policy) == 0 &&
                               gr->reading[i].players == def->players &&
                               strcmp(gr->reading[i].start, def->start) == 0;
    for (int i = 0; i < gr->n; i++) {
        reading_run *rr = &gr->reading[i];
        for (int v = 0; v < g->n_variants; v++)
            rr->variant[v] = g->variants[v].default_value;
        run_param(run, sizeof run, rr->id);
        st = query(h, "run-variants", 1, run);
        while (st && sqlite3_step(st) == SQLITE_ROW)
            for (int v = 0; v < g->n_variants; v++)
                if (strcmp(col_text(st, 0), g->variants[v].key) == 0)
                    for (int x = 0; x < g->variants[v].n_values; x++)
                        if (strcmp(col_text(st, 1), g->variants[v].values[x].name) == 0)
                            rr->variant[v] = x;
        sqlite3_finalize(st);
    }
}

static const reading_run *find_reading(const game_runs *gr, const char *reading)
{
    for (int i = 0; i < gr->n; i++)
        if (strcmp(gr->reading[i].reading, reading) == 0)
            return &gr->reading[i];
    return NULL;
}

/* The sibling run played under the same readings but key v's default. */
static const reading_run *baseline_of(const ud_game *g, const game_runs *gr, const reading_run *r, int v)
{
    for (int i = 0; i < gr->n; i++) {
        const reading_run *s = &gr->reading[i];
        bool same = s != r && s->variant[v] == g->variants[v].default_value &&
                    strcmp(s->policy, r->policy) == 0 && s->players == r->players &&
                    strcmp(s->start, r->start) == 0;
        for (int w = 0; same && w < g->n_variants; w++)
            same = w == v || s->variant[w] == r->variant[w];
        if (same)
            return s;
    }
    return NULL;
}

static bool metric(sqlite3 *h, int64_t run, const char *name, double *value)
{
    char rp[48], np[200];
    run_param(rp, sizeof rp, run);
    snprintf(np, sizeof np, "name=%s", name);
    sqlite3_stmt *st = query(h, "run-metric", 2, rp, np);
    bool ok = false;
    if (st) {
        if (sqlite3_step(st) == SQLITE_ROW) {
            *value = sqlite3_column_double(st, 0);
            ok = true;
        }
        sqlite3_finalize(st);
    }
    return ok;
}

static uint64_t coverage(sqlite3 *h, int64_t run, const char *rule)
{
    char rp[48], rule_p[96];
    run_param(rp, sizeof rp, run);
    snprintf(rule_p, sizeof rule_p, "rule=%s", rule);
    sqlite3_stmt *st = query(h, "run-coverage", 2, rp, rule_p);
    uint64_t n = 0;
    if (st) {
        if (sqlite3_step(st) == SQLITE_ROW)
            n = (uint64_t)sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    return n;
}

/* ---- section: the rules -------------------------------------------------- */

static void short_source(const char *file, char *out, size_t size)
{
    /* "001_4f6e2b55ff14832a.txt": the text's number is enough in a cell,
     * the full name is in the sources table. */
    size_t n = strcspn(file, "_.");
    snprintf(out, size, "%.*s", (int)n, file);
}

/* Whether the worked examples and the games verify played reach a rule:
 * how many times it fired says nothing to a reader, that it fired does. */
static const char *exercised_by(uint64_t in_examples, uint64_t in_verify)
{
    if (in_examples)
        return in_verify ? "examples, games" : "examples";
    return in_verify ? "games" : "nothing yet";
}

static void section_rules(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr)
{
    char id[96], title[200];
    snprintf(id, sizeof id, "%s-rules", g->name);
    heading(d, 2, id, "The rules, by phase", true);
    faq_p(d, "Every rule row of the spec table, in the order a turn meets it: its stable ID (link to it as "
             "#ID), the rule text and section it comes from, our one-line summary, the readings under which "
             "it applies, and whether the worked examples (golden transcripts) and the games undead verify "
             "played reach it.");
    /* Sources: the full file names once. */
    const char *seen[16];
    int n_seen = 0;
    for (int r = 0; r < g->n_rules; r++) {
        bool known = false;
        for (int i = 0; i < n_seen; i++)
            known |= strcmp(seen[i], g->rules[r].source) == 0;
        if (!known && n_seen < 16)
            seen[n_seen++] = g->rules[r].source;
    }
    para_begin(d);
    text(d, "Rule texts: ");
    for (int i = 0; i < n_seen; i++) {
        char s[32];
        short_source(seen[i], s, sizeof s);
        textf(d, "%s%s = ", i ? "; " : "", s);
        code(d, seen[i]);
    }
    text(d, " (in ../shared/rules/, or beside the game's rows under spec/ when the rules are undead's own).");
    para_end(d);
    static const char *const head[] = { "Rule", "Summary", "Source", "Applies", "Reached by" };
    static const int widths[] = { 25, 27, 16, 19, 13 };
    for (int p = 0; p < g->n_phases; p++) {
        int count = 0;
        for (int r = 0; r < g->n_rules; r++)
            count += g->rules[r].phase == p;
        if (!count)
            continue;
        snprintf(id, sizeof id, "%s-phase-%s", g->name, g->phases[p].name);
        snprintf(title, sizeof title, "Phase %s (%d rule%s)", g->phases[p].name, count, count == 1 ? "" : "s");
        heading(d, 3, id, title, true);
        table_begin(d, 5, head, widths);
        for (int r = 0; r < g->n_rules; r++) {
            const ud_rule *rule = &g->rules[r];
            if (rule->phase != p)
                continue;
            row_begin(d, d->md ? NULL : rule->id);
            /* an ID is never broken across lines: it is what readers search for */
            fputs(d->md ? " " : "<td class=\"id\">", d->out);
            if (d->md)
                anchor(d, rule->id);
            link(d, rule->id, rule->id);
            cell_end(d);
            cell_begin(d);
            text(d, rule->summary);
            cell_end(d);
            cell_begin(d);
            char s[32];
            short_source(rule->source, s, sizeof s);
            textf(d, "%s \"%s\"", s, rule->section);
            cell_end(d);
            cell_begin(d);
            ud_buf when;
            ud_buf_init(&when);
            ud_rule_when(g, rule, &when);
            if (rule->reads) {
                ud_buf_puts(&when, "; consults ");
                ud_rule_reads(g, rule, &when);
            }
            ident(d, ud_buf_str(&when), false);
            ud_buf_free(&when);
            cell_end(d);
            cell_begin(d);
            text(d, exercised_by(coverage(h, gr->golden, rule->id), coverage(h, gr->verify, rule->id)));
            cell_end(d);
            row_end(d);
        }
        table_end(d);
    }
}

/* ---- section: open questions --------------------------------------------- */

static void rules_under(faq_doc *d, const ud_game *g, int v, int x)
{
    int n = 0;
    for (int r = 0; r < g->n_rules; r++) {
        const ud_rule *rule = &g->rules[r];
        if (!ud_rule_exists_under(g, rule, v, x))
            continue;
        text(d, n++ ? ", " : "");
        link(d, rule->id, rule->id);
    }
    int consulted = 0;
    for (int r = 0; r < g->n_rules; r++) {
        const ud_rule *rule = &g->rules[r];
        if (!((rule->reads >> v) & 1u))
            continue;
        text(d, consulted++ ? ", " : n ? "; and the rows that consult it: " : "the rows that consult it: ");
        link(d, rule->id, rule->id);
    }
    if (!n && !consulted)
        text(d, "none");
}

/* A metric's name as a reader says it: "win_rate:p1" is the first seat's
 * win rate (the games it won alone: a shared win, the only kind a
 * cooperative game has, is counted apart), "decisions_per_game" decisions
 * per game, "explored_states:turn" explored states (turn).  The unit
 * follows when it is a percentage. */
static void measure_label(const char *name, const char *unit, char *out, size_t size)
{
    static const char *const ordinal[] = { "first", "second", "third", "fourth", "fifth", "sixth" };
    int seat = 0, used = 0;
    if (sscanf(name, "win_rate:p%d%n", &seat, &used) == 1 && !name[used] && seat >= 1) {
        if (seat <= 6)
            snprintf(out, size, "%s seat's win rate (won alone)", ordinal[seat - 1]);
        else
            snprintf(out, size, "seat %d's win rate (won alone)", seat);
    } else {
        size_t n = 0;
        bool bracket = false;
        for (const char *c = name; *c && n + 3 < size; c++) {
            if (*c == ':' && !bracket) {
                out[n++] = ' ';
                out[n++] = '(';
                bracket = true;
            } else
                out[n++] = *c == '_' ? ' ' : *c;
        }
        if (bracket && n + 1 < size)
            out[n++] = ')';
        out[n] = '\0';
    }
    if (strcmp(unit, "%") == 0) {
        size_t n = strlen(out);
        snprintf(out + n, size - n, ", %%");
    }
}

/* Rule firings per game are a test's coverage count, not something a
 * reading does to the game: the comparisons leave them out. */
static bool is_firing_count(const char *unit)
{
    return strcmp(unit, "firings") == 0;
}

enum { IMPACT_MEASURES = 32 };

/* One measure of a reading against its baseline, with 95% half-widths. */
typedef struct impact_measure {
    char label[160];            /* with its unit, for the table */
    char plain[160];            /* without, for a sentence */
    int decimals;
    double val, base, ci_r, ci_b;
} impact_measure;

/* The 95% half-width of a count of k games out of the run's games, as a
 * count (normal approximation of the binomial). */
static double count_ci95(sqlite3 *h, int64_t run, double k)
{
    double n = 0;
    if (!metric(h, run, "games", &n) || n <= 0)
        return 0;
    double p = k / n;
    return 1.96 * sqrt(p * (1 - p) / n) * n;
}

/* The measures of reading run r and baseline b that a reader can use
 * (rule firing counts left out); how many, at most IMPACT_MEASURES. */
static int impact_measures(sqlite3 *h, const reading_run *r, const reading_run *b, impact_measure *m)
{
    char rp[48];
    run_param(rp, sizeof rp, r->id);
    sqlite3_stmt *st = query(h, "run-metrics", 2, rp, (char *)"measures=1");
    int n = 0;
    while (st && n < IMPACT_MEASURES && sqlite3_step(st) == SQLITE_ROW) {
        const char *name = col_text(st, 0), *unit = col_text(st, 2);
        impact_measure *e = &m[n];
        char ci_name[160];
        snprintf(ci_name, sizeof ci_name, "%s:ci95", name);
        if (is_firing_count(unit) || !metric(h, b->id, name, &e->base))
            continue;
        e->val = sqlite3_column_double(st, 1);
        metric(h, r->id, ci_name, &e->ci_r);
        metric(h, b->id, ci_name, &e->ci_b);
        if (strcmp(unit, "games") == 0 && strcmp(name, "games") != 0) {
            /* a count of games stores no interval: a binomial one */
            e->ci_r = count_ci95(h, r->id, e->val);
            e->ci_b = count_ci95(h, b->id, e->base);
        }
        /* a percentage to hundredths, a count of games whole, a rate finer */
        e->decimals = strcmp(unit, "%") == 0 ? 2 : strcmp(unit, "games") == 0 ? 0 : 4;
        measure_label(name, unit, e->label, sizeof e->label);
        measure_label(name, "", e->plain, sizeof e->plain);
        n++;
    }
    if (st)
        sqlite3_finalize(st);
    return n;
}

static void impact_row(faq_doc *d, const impact_measure *e)
{
    int dec = e->decimals;
    double diff = e->val - e->base, ci = sqrt(e->ci_r * e->ci_r + e->ci_b * e->ci_b);
    row_begin(d, NULL);
    cell_begin(d);
    text(d, e->label);
    cell_end(d);
    cell_begin(d);
    textf(d, "%.*f \xc2\xb1 %.*f", dec, e->base, dec, e->ci_b);
    cell_end(d);
    cell_begin(d);
    textf(d, "%.*f \xc2\xb1 %.*f", dec, e->val, dec, e->ci_r);
    cell_end(d);
    cell_begin(d);
    bool shown = fabs(diff) > ci && fabs(diff) > 0.5e-4;
    textf(d, "%+.*f%s", dec, diff, shown ? " (differs)" : "");
    cell_end(d);
    row_end(d);
}

static const char *count_word(int n)
{
    static const char *const word[] = { "no", "one", "two", "three", "four", "five", "six" };
    return n >= 0 && n <= 6 ? word[n] : NULL;
}

/* "two players", or for a reading measured by players of its own
 * "one player, every seat playing cautious, players who meet this reading". */
static void who_played(faq_doc *d, const reading_run *r, bool explain)
{
    int n = r->players > 0 ? r->players : 2;
    if (count_word(n))
        textf(d, "%s player%s", count_word(n), n == 1 ? "" : "s");
    else
        textf(d, "%d players", n);
    if (!r->usual && r->policy[0]) {
        text(d, n == 1 ? ", playing " : ", every seat playing ");
        ident(d, r->policy, false);
        if (r->start[0]) {
            /* as --start takes them: a reader can replay the position */
            text(d, ", from the start position ");
            char line[UD_START_LEN];
            for (const char *p = r->start; *p;) {
                size_t len = strcspn(p, ";");
                snprintf(line, sizeof line, "%.*s", (int)len, p);
                text(d, p == r->start ? "" : " and ");
                ident(d, line, false);
                p += len + (p[len] == ';');
            }
        }
        if (explain && r->start[0])
            text(d, ": a position that meets this reading, which whole games seldom or never do");
        else if (explain)
            text(d, ": players who meet this reading, which the usual measuring players seldom or never do");
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
        text(d, "undead's defaults");
        return;
    }
    text(d, n == 1 ? "the reading " : "the readings ");
    for (int w = 0, k = 0; w < g->n_variants; w++) {
        if (b->variant[w] == g->variants[w].default_value)
            continue;
        char one[128];
        snprintf(one, sizeof one, "%s=%s", g->variants[w].key, g->variants[w].values[b->variant[w]].name);
        text(d, k++ ? " and " : "");
        ident(d, one, false);
    }
}

/* The measured impact of reading (v, x) against its baseline. */
static void impact(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr, int v, int x)
{
    char reading[128];
    snprintf(reading, sizeof reading, "%s=%s", g->variants[v].key, g->variants[v].values[x].name);
    const reading_run *r = find_reading(gr, reading);
    const reading_run *b = r ? baseline_of(g, gr, r, v) : NULL;
    if (!r || !b) {
        para_begin(d);
        textf(d, "undead verify measures the reading %s; this database holds no run of it.", reading);
        para_end(d);
        return;
    }
    double games = 0;
    metric(h, r->id, "games", &games);
    para_begin(d);
    text(d, "Measured impact of ");
    ident(d, reading, false);
    textf(d, ": %.0f seeded games (", games);
    who_played(d, r, true);
    text(d, "), against the same games ");
    if (!r->usual)
        text(d, "by the same players ");
    text(d, "under ");
    readings_of(d, g, b);
    text(d, "; 95% confidence half-widths; a difference is marked when it exceeds its interval.");
    para_end(d);
    impact_measure *m = calloc(IMPACT_MEASURES, sizeof *m);
    int n = m ? impact_measures(h, r, b, m) : 0;
    int changed = 0;
    for (int i = 0; i < n; i++)
        changed += m[i].val != m[i].base;
    if (changed) {
        static const char *const head[] = { "Measure", "Baseline", "This reading", "Difference" };
        static const int widths[] = { 34, 22, 22, 22 };
        table_begin(d, 4, head, widths);
        for (int i = 0; i < n; i++)
            if (m[i].val != m[i].base)
                impact_row(d, &m[i]);
        table_end(d);
    }
    /* the measures the reading leaves exactly as they were: one sentence,
     * not rows that repeat the baseline; those that are zero under both
     * apart (nothing was compared: a seat never wins alone in a
     * cooperative game) */
    int zero = 0;
    for (int i = 0; i < n; i++)
        zero += m[i].val == 0 && m[i].base == 0;
    if (changed + zero < n) {
        para_begin(d);
        text(d, changed || zero ? "Exactly as under the baseline: " : "Every measure is exactly as under the baseline: ");
        for (int i = 0, k = 0; i < n; i++)
            if (m[i].val == m[i].base && m[i].val != 0)
                textf(d, "%s%s", k++ ? ", " : "", m[i].plain);
        text(d, ".");
        para_end(d);
    }
    if (zero) {
        para_begin(d);
        text(d, "Zero under both readings: ");
        for (int i = 0, k = 0; i < n; i++)
            if (m[i].val == 0 && m[i].base == 0)
                textf(d, "%s%s", k++ ? ", " : "", m[i].plain);
        text(d, ".");
        para_end(d);
    }
    free(m);
}

/* ---- exact figures of a reading (undead solve) ---------------------------- */

enum { EXACT_ROWS = 64, EXACT_FIELDS = 4, EXACT_SHORT = 12 };

/* One policy under one reading: the figures of its outcome ("ev=2.08
 * bust=0.26"), each with its exact fraction when an analysis stored one
 * (several analyses may give the same figures: they become one row). */
typedef struct exact_row {
    char policy[64];
    char reading[160];
    int n;
    char name[EXACT_FIELDS][24];
    double value[EXACT_FIELDS];
    char *exact[EXACT_FIELDS];   /* "NUM/DEN", or NULL */
} exact_row;

typedef struct exact_rows {
    int n;
    exact_row row[EXACT_ROWS];
} exact_rows;

/* "solve:GAME:ANALYSIS:policy=P:reading=R" into P and R; false when the
 * key is not of that shape. */
static bool split_solve_key(const char *key, char *policy, size_t psize, char *reading, size_t rsize)
{
    const char *p = strstr(key, ":policy="), *r = strstr(key, ":reading=");
    if (!p || !r || r < p)
        return false;
    p += strlen(":policy=");
    snprintf(policy, psize, "%.*s", (int)(r - p), p);
    snprintf(reading, rsize, "%s", r + strlen(":reading="));
    return true;
}

static exact_row *exact_row_for(exact_rows *t, const char *policy, const char *reading, const char *outcome)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->row[i].policy, policy) == 0 && strcmp(t->row[i].reading, reading) == 0)
            return &t->row[i];
    if (t->n >= EXACT_ROWS)
        return NULL;
    exact_row *e = &t->row[t->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->policy, sizeof e->policy, "%s", policy);
    snprintf(e->reading, sizeof e->reading, "%s", reading);
    char copy[512];
    snprintf(copy, sizeof copy, "%s", outcome);
    char *save;
    for (char *tok = strtok_r(copy, " ", &save); tok && e->n < EXACT_FIELDS; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            continue;
        snprintf(e->name[e->n], sizeof e->name[e->n], "%.*s", (int)(eq - tok), tok);
        e->value[e->n++] = atof(eq + 1);
    }
    return e;
}

/* The stored fraction belongs to the figure it equals (an analysis stores
 * one exact value; its outcome line gives every figure as a decimal). */
static void exact_attach(exact_row *e, const char *num, const char *den)
{
    double n = atof(num), dd = atof(den);
    if (!*num || !*den || dd == 0)
        return;
    for (int f = 0; f < e->n; f++)
        if (!e->exact[f] && fabs(e->value[f] - n / dd) < 1e-9 * (1 + fabs(e->value[f]))) {
            size_t len = strlen(num) + strlen(den) + 2;
            e->exact[f] = malloc(len);
            if (e->exact[f])
                snprintf(e->exact[f], len, "%s/%s", num, den);
            return;
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
static void exact_cell(faq_doc *d, double value, const char *exact)
{
    bool is_short = exact && strlen(exact) <= EXACT_SHORT;
    if (is_short || !exact || d->md || d->print) {
        textf(d, "%.4f", value);
        if (is_short)
            textf(d, " = %s", exact);
        return;
    }
    html(d, "<details class=\"exact\"><summary>");
    textf(d, "%.4f", value);
    html(d, "</summary><code>");
    text(d, exact);
    html(d, "</code></details>");
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
        if (same && unchanged && !strstr(ud_buf_str(unchanged), r->policy))
            ud_buf_printf(unchanged, "%s%s", unchanged->len ? ", " : "", r->policy);
    }
    return most;
}

static void exact_row_out(faq_doc *d, const exact_row *r, int n_fields)
{
    row_begin(d, NULL);
    cell_begin(d);
    text(d, r->policy);
    cell_end(d);
    cell_begin(d);
    if (strcmp(r->reading, "defaults") == 0)
        text(d, "defaults");
    else
        ident(d, r->reading, true);
    cell_end(d);
    for (int f = 0; f < n_fields; f++) {
        cell_begin(d);
        if (f < r->n)
            exact_cell(d, r->value[f], r->exact[f]);
        cell_end(d);
    }
    row_end(d);
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
    para_begin(d);
    text(d, "Under ");
    ident(d, r->reading, true);
    double moved = 0;
    for (int f = 0; f < r->n; f++)
        moved += exact_spread(t, r->reading, f, f == 0 ? &unchanged : NULL);
    if (moved == 0)
        text(d, " every figure is exactly as under the defaults, for every policy.");
    else {
        text(d, " the figures move by at most");
        for (int f = 0; f < r->n; f++)
            textf(d, "%s %.4f (%s)", f == 0 ? "" : f + 1 == r->n ? " and" : ",", exact_spread(t, r->reading, f, NULL),
                  figure_name(g, r->name[f]));
        if (unchanged.len) {
            text(d, "; under ");
            ident(d, ud_buf_str(&unchanged), false);
            text(d, " they do not move at all.");
        }
        else
            text(d, ".");
    }
    para_end(d);
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
        faq_p(d, d->print || d->md
                     ? "Exact figures (undead solve), for each policy a reading changes: under the defaults and "
                       "under the reading."
                     : "Exact figures (undead solve), for each policy a reading changes: under the defaults and "
                       "under the reading. A long exact fraction opens under its decimal.");
        table_begin(d, 2 + first->n, head, NULL);
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
        table_end(d);
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
static void exact_results(faq_doc *d, sqlite3 *h, const ud_game *g, const char *key)
{
    char game[96];
    snprintf(game, sizeof game, "game=%s", g->name);
    sqlite3_stmt *st = query(h, "solve-results", 3, game, (char *)"claims=0", (char *)"contains=:reading=");
    if (!st)
        return;
    exact_rows *t = calloc(1, sizeof *t);
    while (t && sqlite3_step(st) == SQLITE_ROW) {
        char policy[64], reading[160];
        if (!split_solve_key(col_text(st, 0), policy, sizeof policy, reading, sizeof reading))
            continue;
        if (strcmp(reading, "defaults") != 0 && !reading_of_key_alone(reading, key))
            continue;
        exact_row *e = exact_row_for(t, policy, reading, col_text(st, 2));
        if (e)
            exact_attach(e, col_text(st, 3), col_text(st, 4));
    }
    sqlite3_finalize(st);
    if (!t)
        return;
    const exact_row *first = NULL;
    for (int i = 0; i < t->n && !first; i++)
        if (strcmp(t->row[i].reading, "defaults") != 0 && exact_find(t, t->row[i].policy, "defaults"))
            first = &t->row[i];
    if (first)
        exact_table(d, g, t, first);
    exact_rows_free(t);
    free(t);
}

/* Columns a reader has no use for in a game's own section: run IDs and
 * the game's name. */
static bool column_hidden(const char *name)
{
    return strcmp(name, "run") == 0 || strncmp(name, "run_", 4) == 0 || strcmp(name, "game") == 0;
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

/* A stored case's key as a reader knows the game: a golden case by its
 * file ("golden:GAME:zombie_dice/examples/001-x.in" is 001-x), a seeded
 * one by its seed ("game:GAME:seed=10:..." is "seed 10"); else as it is. */
static void case_label(const char *key, char *out, size_t size)
{
    const char *seed = strstr(key, ":seed=");
    if (strncmp(key, "golden:", 7) == 0) {
        const char *base = strrchr(key, '/');
        base = base ? base + 1 : key;
        size_t n = strlen(base);
        if (n > 3 && strcmp(base + n - 3, ".in") == 0)
            n -= 3;
        snprintf(out, size, "%.*s", (int)n, base);
    } else if (seed)
        snprintf(out, size, "seed %.*s", (int)strcspn(seed + 6, ":"), seed + 6);
    else
        snprintf(out, size, "%s", key);
}

/* Rows of a named query, at most a few, as a table after INTRO (or NULL);
 * when it has none, one sentence saying so (NONE) instead. */
/* A stored outcome as a reader says it: "winner=p2 scores=p1:11,p2:16"
 * is "p2 won (p1 11, p2 16)", "nobody-won scores=p1:3" "nobody won (p1
 * 3)", "shared ..." "a shared win (...)", "partial ..." "scores so far: ...".  Text
 * of another shape is kept as it is. */
static void outcome_words(const char *raw, char *out, size_t size)
{
    char who[64] = "";
    const char *scores = strstr(raw, " scores=");
    size_t head = scores ? (size_t)(scores - raw) : strlen(raw);
    if (head >= sizeof who) {
        snprintf(out, size, "%s", raw);
        return;
    }
    memcpy(who, raw, head);
    who[head] = '\0';
    size_t n;
    if (strncmp(who, "winner=", 7) == 0)
        n = (size_t)snprintf(out, size, "%s won", who + 7);
    else if (strcmp(who, "nobody-won") == 0)
        n = (size_t)snprintf(out, size, "nobody won");
    else if (strcmp(who, "shared") == 0)
        n = (size_t)snprintf(out, size, "a shared win");
    else if (strcmp(who, "partial") == 0)
        n = (size_t)snprintf(out, size, "scores so far");
    else {
        snprintf(out, size, "%s", raw);
        return;
    }
    if (!scores || n + 4 >= size)
        return;
    /* "p1:11,p2:16" -> " (p1 11, p2 16)", or ": p1 11, p2 16" after "scores so far" */
    bool so_far = strcmp(who, "partial") == 0;
    size_t k = n;
    out[k++] = so_far ? ':' : ' ';
    out[k++] = so_far ? ' ' : '(';
    for (const char *c = scores + 8; *c && k + 3 < size; c++) {
        if (*c == ':')
            out[k++] = ' ';
        else if (*c == ',') {
            out[k++] = ',';
            out[k++] = ' ';
        } else
            out[k++] = *c;
    }
    if (!so_far)
        out[k++] = ')';
    out[k] = '\0';
}

static void named_query(faq_doc *d, sqlite3 *h, const ud_game *g, const char *name, char *const *params,
                        int n_params, const char *intro, const char *none)
{
    nq_query q;
    if (!find_query(g, name, &q))
        return;
    ud_buf err;
    ud_buf_init(&err);
    sqlite3_stmt *st = nq_prepare(h, &q, params, n_params, &err);
    ud_buf_free(&err);
    if (!st)
        return;
    int cols = sqlite3_column_count(st), rows = 0, shown[8], n_shown = 0;
    char labels[8][64];
    const char *head[8];
    for (int c = 0; c < cols && n_shown < 8; c++) {
        const char *col = sqlite3_column_name(st, c);
        if (column_hidden(col))
            continue;
        column_label(col, labels[n_shown], sizeof labels[n_shown]);
        head[n_shown] = labels[n_shown];
        shown[n_shown++] = c;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (!rows++) {
            if (intro)
                faq_p(d, intro);
            table_begin(d, n_shown, head, NULL);
        }
        row_begin(d, NULL);
        for (int i = 0; i < n_shown; i++) {
            int c = shown[i];
            cell_begin(d);
            const char *s = col_text(st, c);
            char label[300];
            /* Long values (transcripts) are cut: the query gives them whole. */
            if (strcmp(sqlite3_column_name(st, c), "key") == 0) {
                case_label(s, label, sizeof label);
                text(d, label);
            } else if (strncmp(sqlite3_column_name(st, c), "outcome", 7) == 0) {
                outcome_words(s, label, sizeof label);
                text(d, label);
            } else if (strlen(s) > 300)
                textf(d, "%.300s ...", s);
            else if (sqlite3_column_type(st, c) == SQLITE_FLOAT)
                textf(d, "%.4f", sqlite3_column_double(st, c));
            else
                text(d, s);
            cell_end(d);
        }
        row_end(d);
    }
    if (rows)
        table_end(d);
    else
        faq_p(d, none);
    sqlite3_finalize(st);
}

/* A named query's heading: its summary's first clause ("Games decided by
 * a tiebreak (Zombie Dice): a tiebreaker round ..." gives "Games decided
 * by a tiebreak (Zombie Dice)"), then the rest and how to run it. */
static void edge_query(faq_doc *d, sqlite3 *h, const ud_game *g, const char *name, char *const *params,
                       int n_params)
{
    nq_query q;
    if (!find_query(g, name, &q))
        return;
    char id[160], title[300];
    snprintf(id, sizeof id, "%s-query-%s", g->name, name);
    size_t cut = strcspn(q.summary, ":,.");
    snprintf(title, sizeof title, "%.*s", (int)cut, q.summary);
    heading(d, 3, id, title, true);
    para_begin(d);
    /* after "Clause: rest" the heading holds the clause: the rest follows */
    const char *rest = q.summary[cut] == ':' ? q.summary + cut + 1 : q.summary;
    while (*rest == ' ')
        rest++;
    if (rest != q.summary && *rest)
        textf(d, "%c%s", toupper((unsigned char)*rest), rest + 1);
    else
        text(d, q.summary);
    text(d, " (");
    ud_buf cmd;
    ud_buf_init(&cmd);
    ud_buf_printf(&cmd, "undead db query %s", q.name);
    code(d, ud_buf_str(&cmd));
    ud_buf_free(&cmd);
    text(d, ")");
    para_end(d);
    named_query(d, h, g, name, params, n_params, NULL, "None among the stored games.");
}

static void readings_chart(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr, const char *name,
                           const char *title, int decimals)
{
    svg_bar bars[MAX_CHILDREN];
    int n = 0;
    for (int i = 0; i < gr->n; i++) {
        double v, ci = -1;
        char ci_name[160];
        /* one chart, one kind of players: readings measured by others
         * (and their baselines) are in their own impact tables */
        if (!gr->reading[i].usual || !metric(h, gr->reading[i].id, name, &v))
            continue;
        snprintf(ci_name, sizeof ci_name, "%s:ci95", name);
        metric(h, gr->reading[i].id, ci_name, &ci);
        bars[n] = (svg_bar){ gr->reading[i].reading, v, ci, strcmp(gr->reading[i].reading, "defaults") == 0 };
        n++;
    }
    /* a chart whose bars are all alike says nothing: left out */
    bool alike = true;
    for (int i = 1; i < n; i++)
        alike &= bars[i].value == bars[0].value;
    if (!n || alike)
        return;
    if (!d->md) {
        svg_bars(d->out, title, "", bars, n, decimals);
        return;
    }
    static const char *const head[] = { "Reading", "Value", "95% half-width" };
    para_begin(d);
    text(d, title);
    para_end(d);
    table_begin(d, 3, head, NULL);
    for (int i = 0; i < n; i++) {
        char v[32], c[32];
        snprintf(v, sizeof v, "%.*f", decimals, bars[i].value);
        snprintf(c, sizeof c, "%.*f", decimals, bars[i].ci95);
        faq_table_row(d, (const char *const[]){ bars[i].label, v, c });
    }
    table_end(d);
    (void)g;
}

static void section_questions(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr)
{
    char id[96], title[300];
    snprintf(id, sizeof id, "%s-questions", g->name);
    heading(d, 2, id, "Open questions: where the texts are silent or answer twice", true);
    const ud_faq_extras *fx = faq_extras(g);
    ud_buf intro;
    ud_buf_init(&intro);
    ud_buf_puts(&intro, "Each question below is a variant key: undead runs every reading, and the default is "
                        "marked. For each reading: where it comes from, the rules that exist only under it, and "
                        "its measured impact on seeded games (");
    if (fx && fx->reading_policy)
        ud_buf_puts(&intro, fx->reading_policy);
    else
        ud_buf_printf(&intro, "every seat playing %s", g->n_policies ? g->policies[0].name : "random");
    ud_buf_puts(&intro, g->n_reading_measures ? "; a reading that players like these seldom meet is measured by "
                                                "players who do, as its section says"
                                              : "");
    ud_buf_puts(&intro, "), against the same games under the baseline reading. Exact figures, where undead "
                        "solve computed them, follow.");
    faq_p(d, ud_buf_str(&intro));
    ud_buf_free(&intro);
    for (int v = 0; v < g->n_variants; v++) {
        const ud_variant *var = &g->variants[v];
        snprintf(id, sizeof id, "%s-q-%s", g->name, var->key);
        snprintf(title, sizeof title, "%s: %s", var->key, var->question);
        heading(d, 3, id, title, true);
        static const char *const head[] = { "Reading", "Source", "What it says", "Rules only under it" };
        static const int widths[] = { 16, 22, 34, 28 };
        table_begin(d, 4, head, widths);
        for (int x = 0; x < var->n_values; x++) {
            row_begin(d, NULL);
            cell_begin(d);
            code(d, var->values[x].name);
            if (x == var->default_value)
                text(d, " (default)");
            cell_end(d);
            cell_begin(d);
            char s[32];
            short_source(var->values[x].source, s, sizeof s);
            textf(d, "%s \"%s\"", s, var->values[x].section);
            cell_end(d);
            cell_begin(d);
            text(d, var->values[x].summary);
            cell_end(d);
            cell_begin(d);
            rules_under(d, g, v, x);
            cell_end(d);
            row_end(d);
        }
        table_end(d);
        for (int x = 0; x < var->n_values; x++)
            if (x != var->default_value)
                impact(d, h, g, gr, v, x);
        exact_results(d, h, g, var->key);
        char param[160];
        snprintf(param, sizeof param, "variant=%s", var->key);
        /* the pairs this verify run made: each other verify run in
         * the database would pair its runs with these again */
        char verify[48];
        snprintf(verify, sizeof verify, "verify=%lld", (long long)gr->verify);
        char *params[] = { param, (char *)"limit=3", verify };
        named_query(d, h, g, "readings-differ", params, 3,
                    "Stored games whose outcome differs between the readings (the first three):",
                    "Every stored game ends the same under each reading.");
    }
    snprintf(id, sizeof id, "%s-readings-compared", g->name);
    heading(d, 3, id, "Every reading compared", true);
    faq_p(d, "The same measures for every reading at once (bars: value; whiskers: 95% interval; red: the "
             "defaults).");
    /* the players' measure: the first seat's wins, or the game's own (a
     * cooperative game's party wins together, never a seat alone) */
    if (fx && fx->players_metric) {
        char chart[160];
        measure_label(fx->players_metric, "", chart, sizeof chart);
        chart[0] = (char)toupper((unsigned char)chart[0]);
        readings_chart(d, h, g, gr, fx->players_metric, chart, 4);
    } else {
        readings_chart(d, h, g, gr, "win_rate:p1", "First seat's win rate (won alone), %", 2);
    }
    readings_chart(d, h, g, gr, "decisions_per_game", "Decisions per game", 3);
    /* The ratios only: their denominators' own charts ("ZD-TURN per game")
     * count a rule's firings, a test's coverage rather than the game's. */
    for (int i = 0; i < g->n_ratios; i++)
        readings_chart(d, h, g, gr, g->ratios[i].name, g->ratios[i].name, 4);
}

/* ---- section: the players' FAQ ------------------------------------------- */

/* The game's players' measure (by default the first seat's win rate)
 * under reading (v, x) against its baseline, as one plain sentence;
 * nothing when the database lacks it. */
static void impact_sentence(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr, int v, int x)
{
    char reading[128];
    snprintf(reading, sizeof reading, "%s=%s", g->variants[v].key, g->variants[v].values[x].name);
    const reading_run *r = find_reading(gr, reading);
    const reading_run *b = r ? baseline_of(g, gr, r, v) : NULL;
    const ud_faq_extras *fx = faq_extras(g);
    const char *name = fx && fx->players_metric ? fx->players_metric : "win_rate:p1";
    const char *says = fx && fx->players_metric_says ? fx->players_metric_says : "the first player wins";
    double percent = fx && fx->players_metric_percent > 0 ? fx->players_metric_percent : 1;
    char ci_name[160];
    snprintf(ci_name, sizeof ci_name, "%s:ci95", name);
    double on = 0, off = 0, ci_on = 0, ci_off = 0, games = 0;
    if (!r || !b || !metric(h, r->id, name, &on) || !metric(h, b->id, name, &off))
        return;
    metric(h, r->id, ci_name, &ci_on);
    metric(h, b->id, ci_name, &ci_off);
    metric(h, r->id, "games", &games);
    on *= percent;
    off *= percent;
    ci_on *= percent;
    ci_off *= percent;
    double diff = on - off, ci = sqrt(ci_on * ci_on + ci_off * ci_off);
    para_begin(d);
    text(d, "Measured: under ");
    ident(d, reading, false);
    textf(d, " %s %.1f%% of %.0f seeded games", says, on, games);
    if (!r->usual) {
        text(d, " (");
        who_played(d, r, false);
        text(d, ")");
    }
    textf(d, ", against %.1f%% under the default (", off);
    if ((diff > 0 ? diff : -diff) > ci)
        textf(d, "a difference of %+.1f points, beyond the 95%% interval of \xc2\xb1%.1f).", diff, ci);
    else
        textf(d, "no difference beyond the 95%% interval of \xc2\xb1%.1f points).", ci);
    para_end(d);
}

static void quote_block(faq_doc *d, const ud_faq_quote *q)
{
    char s[32];
    short_source(q->source, s, sizeof s);
    html(d, "<blockquote class=\"quote\">");
    md(d, "> ");
    textf(d, "\xe2\x80\x9c%s\xe2\x80\x9d", q->text);
    html(d, " <span class=\"src\">");
    textf(d, " \xe2\x80\x94 %s, %s", s, q->section);
    html(d, "</span></blockquote>\n");
    md(d, "\n\n");
}

static int variant_index(const ud_game *g, const char *key)
{
    for (int v = 0; key && v < g->n_variants; v++)
        if (strcmp(g->variants[v].key, key) == 0)
            return v;
    return -1;
}

/* One question: the ruling, the passages, the rules, the readings. */
static void players_question(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr,
                             const ud_faq_question *q, bool reference)
{
    char id[128];
    snprintf(id, sizeof id, "%s-ask-%s", g->name, q->id);
    heading(d, 3, id, q->ask, true);
    faq_p(d, q->ruling);
    for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++)
        quote_block(d, &q->quotes[i]);
    para_begin(d);
    text(d, "Rules: ");
    char ids[256];
    snprintf(ids, sizeof ids, "%s", q->rules);
    int n = 0;
    for (char *save, *r = strtok_r(ids, " ", &save); r; r = strtok_r(NULL, " ", &save)) {
        text(d, n++ ? ", " : "");
        if (reference)
            link(d, r, r);
        else
            ident(d, r, true);
    }
    text(d, ".");
    para_end(d);
    int v = variant_index(g, q->variant);
    if (v < 0)
        return;
    const ud_variant *var = &g->variants[v];
    para_begin(d);
    text(d, "The texts differ or are silent here; each reading is a variant (");
    code(d, var->key);
    text(d, "):");
    para_end(d);
    html(d, "<ul>");
    for (int x = 0; x < var->n_values; x++) {
        char s[32];
        short_source(var->values[x].source, s, sizeof s);
        html(d, "<li>");
        md(d, "- ");
        code(d, var->values[x].name);
        textf(d, "%s: %s \xe2\x80\x94 %s, %s", x == var->default_value ? " (undead's default)" : "",
              var->values[x].summary, s, var->values[x].section);
        html(d, "</li>");
        md(d, "\n");
    }
    html(d, "</ul>\n");
    md(d, "\n");
    if (q->why_default) {
        para_begin(d);
        textf(d, "Why the default: %s", q->why_default);
        para_end(d);
    }
    for (int x = 0; x < var->n_values; x++)
        if (x != var->default_value)
            impact_sentence(d, h, g, gr, v, x);
}

static void section_players(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr, bool reference)
{
    const ud_faq_extras *fx = faq_extras(g);
    if (!fx || !fx->questions)
        return;
    char id[96];
    snprintf(id, sizeof id, "%s-players", g->name);
    heading(d, 2, id, "Players' questions", true);
    faq_p(d, "Each answer holds under undead's default readings. Quotations are verbatim from the rule texts "
             "named beside them (file number and section; the sources are listed with the rules); the rulings "
             "are undead's own words. Where the texts differ or are silent, every reading is listed with its "
             "measured effect.");
    for (const ud_faq_question *q = fx->questions; q->id; q++)
        players_question(d, h, g, gr, q, reference);
}

/* ---- section: numeric claims --------------------------------------------- */

static void section_claims(faq_doc *d, sqlite3 *h, const ud_game *g)
{
    char id[96];
    snprintf(id, sizeof id, "%s-claims", g->name);
    char game[96];
    snprintf(game, sizeof game, "game=%s", g->name);
    sqlite3_stmt *st = query(h, "solve-results", 2, game, (char *)"claims=1");
    int n = 0;
    static const char *const head[] = { "Claim", "What the text says", "Verdict", "Exact value" };
    static const int widths[] = { 26, 34, 24, 16 };
    if (st) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            if (!n++) {
                /* a game whose texts state no number has no such section */
                heading(d, 2, id, "Numeric claims in the texts", true);
                const ud_faq_extras *fx = faq_extras(g);
                faq_p(d, fx && fx->claims_intro ? fx->claims_intro
                                                : "Every number the texts state, recomputed exactly (undead "
                                                  "solve): verified when the stated figure is the exact value "
                                                  "rounded as printed.");
                table_begin(d, 4, head, widths);
            }
            const char *key = col_text(st, 0), *name = strrchr(key, ':');
            row_begin(d, NULL);
            cell_begin(d);
            code(d, name ? name + 1 : key);
            cell_end(d);
            cell_begin(d);
            text(d, col_text(st, 1));
            cell_end(d);
            cell_begin(d);
            const char *out = col_text(st, 2);
            html(d, strncmp(out, "verified", 8) == 0 ? "<strong class=\"ok\">" : "<strong class=\"bad\">");
            md(d, "**");
            textf(d, "%.*s", (int)strcspn(out, " "), out);
            md(d, "**");
            html(d, "</strong>");
            cell_end(d);
            cell_begin(d);
            if (*col_text(st, 3)) {
                double num = atof(col_text(st, 3)), den = atof(col_text(st, 4));
                ud_buf exact;
                ud_buf_init(&exact);
                ud_buf_printf(&exact, "%s/%s", col_text(st, 3), col_text(st, 4));
                exact_cell(d, den ? num / den : 0.0, ud_buf_str(&exact));
                ud_buf_free(&exact);
            }
            cell_end(d);
            row_end(d);
        }
        sqlite3_finalize(st);
    }
    if (n)
        table_end(d);
}

/* ---- section: worked examples -------------------------------------------- */

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .in files of dir, sorted by name (byte order). */
static int list_cases(const char *dir, char ***out)
{
    *out = NULL;
    DIR *dp = opendir(dir);
    if (!dp)
        return 0;
    int n = 0, cap = 0;
    char **names = NULL;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".in") != 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **grown = realloc(names, (size_t)cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(dp);
    qsort(names, (size_t)n, sizeof *names, name_cmp);
    *out = names;
    return n;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    ud_buf b;
    ud_buf_init(&b);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
        chunk[n] = '\0';
        ud_buf_puts(&b, chunk);
    }
    fclose(f);
    char *s = strdup(ud_buf_str(&b));
    ud_buf_free(&b);
    return s;
}

/* Split text into lines in place (CR dropped). */
static int split_lines(char *s, char ***out)
{
    int n = 0, cap = 0;
    char **lines = NULL;
    while (s && *s) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        size_t len = strlen(s);
        if (len && s[len - 1] == '\r')
            s[len - 1] = '\0';
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(lines, (size_t)cap * sizeof *lines);
            if (!grown)
                break;
            lines = grown;
        }
        lines[n++] = s;
        s = nl ? nl + 1 : NULL;
    }
    *out = lines;
    return n;
}

static bool is_chance_or_decide(const ud_game *g, const char *line)
{
    char verb[32];
    size_t n = strcspn(line, " ");
    if (n == 0 || n >= sizeof verb)
        return false;
    memcpy(verb, line, n);
    verb[n] = '\0';
    return strcmp(verb, "decide") == 0 || ud_game_is_chance_event(g, verb);
}

static const char *const header_words[] = { "undead-transcript", "game", "variant", "player", "seed",
                                            "start", "partial", NULL };

static bool is_header(const char *line)
{
    for (int i = 0; header_words[i]; i++) {
        size_t n = strlen(header_words[i]);
        if (strncmp(line, header_words[i], n) == 0 && (line[n] == ' ' || line[n] == '\0'))
            return true;
    }
    return false;
}

/* One transcript body line as a step a person can follow. */
static void step(faq_doc *d, const ud_game *g, char *line)
{
    /* the tag: "[RULE-ID]" at the end */
    char *tag = NULL;
    size_t len = strlen(line);
    if (len && line[len - 1] == ']') {
        char *open = strrchr(line, '[');
        if (open) {
            line[len - 1] = '\0';
            tag = open + 1;
            *open = '\0';
            for (char *e = open; e > line && e[-1] == ' '; e--)
                e[-1] = '\0';
        }
    }
    char verb[32] = "";
    size_t vn = strcspn(line, " ");
    if (vn < sizeof verb) {
        memcpy(verb, line, vn);
        verb[vn] = '\0';
    }
    const char *rest = line[vn] ? line + vn + 1 : "";
    html(d, "<li class=\"");
    html(d, line[0] == '=' ? "state" : strcmp(verb, "decide") == 0 ? "decide"
                             : ud_game_is_chance_event(g, verb) ? "chance" : "change");
    html(d, "\">");
    md(d, "- ");
    if (line[0] == '=') {
        text(d, "Table: ");
        code(d, line[1] == ' ' ? line + 2 : line + 1);
    } else if (strcmp(verb, "decide") == 0) {
        size_t pn = strcspn(rest, " ");
        html(d, "<strong>");
        md(d, "**");
        textf(d, "%.*s", (int)pn, rest);
        md(d, "**");
        html(d, "</strong>");
        textf(d, " chooses: %s", rest[pn] ? rest + pn + 1 : "");
    } else if (ud_game_is_chance_event(g, verb)) {
        textf(d, "%s ", verb);
        if (!d->md) {
            /* each token as the game draws it (a die), else in bold (a player) */
            const ud_faq_extras *fx = faq_extras(g);
            char *copy = strdup(rest);
            for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " "))
                if (!fx || !fx->glyph || !fx->glyph(d->out, verb, tok)) {
                    html(d, "<strong>");
                    text(d, tok);
                    html(d, "</strong> ");
                }
            free(copy);
            html(d, " ");
        }
        code(d, rest);
    } else
        code(d, line);
    if (tag) {
        text(d, " ");
        html(d, "<span class=\"tag\">");
        link(d, tag, tag);
        html(d, "</span>");
    }
    fputs(d->md ? "\n" : "</li>\n", d->out);
}

static void comment_text(ud_buf *para, const char *line)
{
    const char *s = line + 1;
    while (*s == ' ')
        s++;
    if (para->len)
        ud_buf_putc(para, ' ');
    ud_buf_puts(para, s);
}

static void flush_para(faq_doc *d, ud_buf *para, bool *in_list)
{
    if (!para->len)
        return;
    if (*in_list) {
        fputs(d->md ? "\n" : "</ol>\n", d->out);
        *in_list = false;
    }
    html(d, "<p class=\"quote\">");
    text(d, ud_buf_str(para));
    para_end(d);
    ud_buf_clear(para);
}

static void open_list(faq_doc *d, bool *in_list, int next)
{
    if (!*in_list) {
        if (!d->md)
            fprintf(d->out, "<ol class=\"steps\" start=\"%d\">", next);
        md(d, "\n");
        *in_list = true;
    }
}

static void example(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr, const char *folder,
                    const char *sub, const char *name, const char *golden_dir)
{
    char in_path[1024], tr_path[1100], id[400], key[600];
    snprintf(in_path, sizeof in_path, "%s/%s/%s/%s", golden_dir, folder, sub, name);
    snprintf(tr_path, sizeof tr_path, "%.*s.transcript", (int)(strlen(in_path) - 3), in_path);
    char *in = read_all(in_path), *tr = read_all(tr_path);
    if (!in || !tr) {
        free(in);
        free(tr);
        return;
    }
    char base[256];
    snprintf(base, sizeof base, "%.*s", (int)(strlen(name) - 3), name);
    snprintf(id, sizeof id, "%s-example-%s-%s", g->name, sub, base);
    heading(d, 3, id, base, true);
    char **il, **tl;
    int ni = split_lines(in, &il), nt = split_lines(tr, &tl);
    /* Setting: players, readings that differ from the defaults, start lines. */
    para_begin(d);
    html(d, "<span class=\"setting\">");
    text(d, "File ");
    code(d, in_path + strlen(golden_dir) + 1);
    text(d, ". Players:");
    for (int i = 0; i < ni; i++)
        if (strncmp(il[i], "player ", 7) == 0)
            textf(d, " %.*s", (int)strcspn(il[i] + 7, " "), il[i] + 7);
    text(d, ".");
    for (int i = 0; i < ni; i++)
        if (strncmp(il[i], "variant ", 8) == 0 || strncmp(il[i], "start ", 6) == 0) {
            text(d, " ");
            ident(d, il[i], true);
        }
    /* Checked in the golden run of this verify. */
    snprintf(key, sizeof key, "golden:%s:%s/%s/%s", g->name, folder, sub, name);
    char rp[48], kp[sizeof key + 8];
    run_param(rp, sizeof rp, gr->golden);
    snprintf(kp, sizeof kp, "key=%s", key);
    sqlite3_stmt *st = gr->golden ? query(h, "case-outcome", 2, rp, kp) : NULL;
    if (st) {
        if (sqlite3_step(st) == SQLITE_ROW) {
            char said[300];
            outcome_words(col_text(st, 1), said, sizeof said);
            textf(d, " Replayed against the rules (undead golden check): %s (%s).", col_text(st, 0), said);
        }
        sqlite3_finalize(st);
    }
    html(d, "</span>");
    para_end(d);

    ud_buf para;
    ud_buf_init(&para);
    bool in_list = false, body = false;
    int t = 0, steps = 0;
    while (t < nt && (tl[t][0] == '#' || is_header(tl[t]) || !tl[t][0]))
        t++;
    for (int i = 0; i < ni; i++) {
        const char *line = il[i];
        if (line[0] == '#') {
            /* the header comment is the example's introduction */
            comment_text(&para, line);
            continue;
        }
        if (!line[0] || is_header(line)) {
            if (!body)
                flush_para(d, &para, &in_list);
            continue;
        }
        body = true;
        if (!is_chance_or_decide(g, line))
            continue;   /* the .in's own checks: the transcript shows what happened */
        flush_para(d, &para, &in_list);
        char verb[32];
        size_t vn = strcspn(line, " ");
        snprintf(verb, sizeof verb, "%.*s", (int)(vn < 31 ? vn : 31), line);
        open_list(d, &in_list, steps + 1);
        /* every transcript line up to and including the matching one */
        while (t < nt) {
            bool match = strncmp(tl[t], verb, strlen(verb)) == 0 && tl[t][strlen(verb)] == ' ';
            if (tl[t][0] && tl[t][0] != '#') {
                step(d, g, tl[t]);
                steps++;
            }
            t++;
            if (match)
                break;
        }
    }
    flush_para(d, &para, &in_list);
    for (; t < nt; t++)
        if (tl[t][0] && tl[t][0] != '#') {
            open_list(d, &in_list, steps + 1);
            step(d, g, tl[t]);
            steps++;
        }
    if (in_list)
        fputs(d->md ? "\n" : "</ol>\n", d->out);
    ud_buf_free(&para);
    free(il);
    free(tl);
    free(in);
    free(tr);
}

/* When a game names no example folders: its golden examples/ folder. */
static const ud_faq_examples default_examples[] = {
    { "examples", "Worked examples from the texts",
      "The texts' own worked examples, replayed step by step. The quoted comments are the text; the "
      "numbered steps are what the rules do, each tagged with the rule that did it." },
    { NULL, NULL, NULL },
};

static void section_examples(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr, const char *folder,
                             const char *golden_dir)
{
    const ud_faq_extras *fx = faq_extras(g);
    const ud_faq_examples *parts = fx && fx->examples ? fx->examples : default_examples;
    char id[96];
    snprintf(id, sizeof id, "%s-examples", g->name);
    heading(d, 2, id, "Worked examples", true);
    if (fx && fx->examples_intro) {
        ud_buf intro;
        ud_buf_init(&intro);
        ud_buf_printf(&intro, "Rendered from the golden transcripts (golden/), which undead golden check "
                              "replays against the rules on every test run. %s", fx->examples_intro);
        faq_p(d, ud_buf_str(&intro));
        ud_buf_free(&intro);
    } else
        faq_p(d, "Rendered from the golden transcripts (golden/), which undead golden check replays against "
                 "the rules on every test run.");
    if (fx && fx->legend && fx->glyph && !d->md) {
        html(d, "<p class=\"legend\">");
        text(d, fx->legend_title ? fx->legend_title : "");
        for (const ud_faq_legend *l = fx->legend; l->token; l++) {
            fx->glyph(d->out, NULL, l->token);
            textf(d, " %s%s ", l->text, l[1].token ? ";" : ".");
        }
        html(d, "</p>\n");
    }
    for (const ud_faq_examples *p = parts; p->folder; p++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s/%s", golden_dir, folder, p->folder);
        char **names;
        int n = list_cases(dir, &names);
        if (!n)
            continue;
        para_begin(d);
        html(d, "<strong>");
        md(d, "**");
        text(d, p->title);
        md(d, "**");
        html(d, "</strong>");
        text(d, ". ");
        text(d, p->intro);
        para_end(d);
        for (int i = 0; i < n; i++) {
            example(d, h, g, gr, folder, p->folder, names[i], golden_dir);
            free(names[i]);
        }
        free(names);
    }
}

/* ---- section: findings --------------------------------------------------- */

static void finding(faq_doc *d, char **keys, char **vals, int n)
{
    const char *idv = NULL;
    for (int i = 0; i < n; i++)
        if (strcmp(keys[i], "id") == 0)
            idv = vals[i];
    if (!idv)
        return;
    heading(d, 3, idv, idv, true);
    html(d, "<dl class=\"finding\">");
    for (int i = 0; i < n; i++) {
        if (strcmp(keys[i], "id") == 0)
            continue;
        if (d->md)
            fprintf(d->out, "- **%s**: ", keys[i]);
        else {
            fputs("<dt>", d->out);
            text(d, keys[i]);
            fputs("</dt><dd>", d->out);
        }
        if (strcmp(keys[i], "rules") == 0) {
            char *copy = strdup(vals[i]);
            int k = 0;
            for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
                text(d, k++ ? ", " : "");
                link(d, tok, tok);
            }
            free(copy);
        } else if (strcmp(keys[i], "transcript") == 0 || strcmp(keys[i], "source") == 0)
            code(d, vals[i]);
        else
            text(d, vals[i]);
        fputs(d->md ? "\n" : "</dd>", d->out);
    }
    html(d, "</dl>\n");
    md(d, "\n");
}

static void section_findings(faq_doc *d, const ud_game *g, const char *folder, const char *golden_dir)
{
    char path[1024], id[96];
    snprintf(path, sizeof path, "%s/%s/findings.txt", golden_dir, folder);
    char *s = read_all(path);
    if (!s)
        return;
    snprintf(id, sizeof id, "%s-findings", g->name);
    heading(d, 2, id, "Findings: worked examples that cannot happen as told", true);
    faq_p(d, "Places where a rule text's worked example cannot happen under the rules as encoded "
             "(golden/.../findings.txt). The golden transcript follows the rules; each record says what "
             "differs.");
    char **lines;
    int n = split_lines(s, &lines);
    char *keys[16], *vals[16];
    int nk = 0;
    for (int i = 0; i <= n; i++) {
        char *line = i < n ? lines[i] : (char *)"";
        if (line[0] == '#')
            continue;
        char *colon = strstr(line, ": ");
        if (!line[0] || !colon) {
            if (nk)
                finding(d, keys, vals, nk);
            nk = 0;
            continue;
        }
        *colon = '\0';
        if (nk < 16) {
            keys[nk] = line;
            vals[nk++] = colon + 2;
        }
    }
    free(lines);
    free(s);
}

/* ---- section: edge cases, provenance ------------------------------------- */

static void section_edges(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr)
{
    char id[96], run[64], game[96];
    snprintf(id, sizeof id, "%s-edge-cases", g->name);
    heading(d, 2, id, "Edge cases from the database", true);
    faq_p(d, "Rare situations the stored games reached, straight from the database's named queries "
             "(db/queries/; at most eight rows each).");
    snprintf(run, sizeof run, "run=%lld", (long long)gr->verify);
    snprintf(game, sizeof game, "game=%s", g->name);
    /* The game's own queries first, then those every game has. */
    const ud_faq_extras *fx = faq_extras(g);
    /* the runs of the verify run shown (its golden run holds the rarest
     * situations), not every run: another verify's would repeat them */
    char verify[48];
    snprintf(verify, sizeof verify, "verify=%lld", (long long)gr->verify);
    for (const ud_faq_query *q = fx && fx->edge_queries ? fx->edge_queries : NULL; q && q->name; q++) {
        char *params[UD_FAQ_QUERY_PARAMS + 1];
        int n = 0;
        while (n < UD_FAQ_QUERY_PARAMS && q->params[n]) {
            params[n] = (char *)q->params[n];
            n++;
        }
        params[n++] = verify;
        edge_query(d, h, g, q->name, params, n);
    }
    /* The rarest rules are left out: firing counts are a test's coverage,
     * not an edge case; a rule that never fired is. */
    struct { const char *name; char *params[3]; int n; } q[] = {
        { "seat-outcomes", { run, game }, 2 },
        { "uncovered-rules", { run }, 1 },
        { "violations", { run, (char *)"limit=8" }, 2 },
    };
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
        edge_query(d, h, g, q[i].name, q[i].params, q[i].n);
}

static void section_provenance(faq_doc *d, sqlite3 *h, const ud_game *g, const game_runs *gr)
{
    char id[96], rp[48];
    snprintf(id, sizeof id, "%s-provenance", g->name);
    heading(d, 2, id, "How this was computed", true);
    run_param(rp, sizeof rp, gr->verify);
    /* what verify found first, then the long list of commands it ran: a
     * list that runs over a page break splits between rows */
    para_begin(d);
    textf(d, "From the newest undead verify (%s), undead %s, source revision %s. What it found:",
          gr->verify_status, gr->version, gr->revision);
    para_end(d);
    static const char *const mhead[] = { "What verify counted", "Count" };
    table_begin(d, 2, mhead, NULL);
    sqlite3_stmt *st = query(h, "run-metrics", 1, rp);
    if (st) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            char v[32], label[160];
            snprintf(v, sizeof v, "%.0f", sqlite3_column_double(st, 1));
            measure_label(col_text(st, 0), col_text(st, 2), label, sizeof label);
            faq_table_row(d, (const char *const[]){ label, v });
        }
        sqlite3_finalize(st);
    }
    table_end(d);
    faq_p(d, "The commands it ran:");
    static const char *const head[] = { "Command", "Status" };
    static const int widths[] = { 85, 15 };
    table_begin(d, 2, head, widths);
    st = query(h, "verify-runs", 1, rp);
    if (st) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            row_begin(d, NULL);
            cell_begin(d);
            command(d, col_text(st, 1));
            cell_end(d);
            cell_begin(d);
            text(d, col_text(st, 2));
            cell_end(d);
            row_end(d);
        }
        sqlite3_finalize(st);
    }
    table_end(d);
}

/* ---- section: the game's charts (ud_faq_writer for its hooks) ------------- */

typedef struct writer_ctx {
    faq_doc *d;
    sqlite3 *h;
    const ud_game *g;
} writer_ctx;

static void w_h3(void *c, const char *id, const char *title) { faq_h3(((writer_ctx *)c)->d, id, title); }
static void w_p(void *c, const char *s) { faq_p(((writer_ctx *)c)->d, s); }
static void w_table_begin(void *c, int cols, const char *const *head)
{
    faq_table_begin(((writer_ctx *)c)->d, cols, head);
}
static void w_table_row(void *c, const char *const *cells) { faq_table_row(((writer_ctx *)c)->d, cells); }
static void w_table_end(void *c) { faq_table_end(((writer_ctx *)c)->d); }

static void w_bars(void *c, const char *title, const char *unit, const ud_chart_bar *bars, int n, int decimals)
{
    faq_doc *d = ((writer_ctx *)c)->d;
    if (!d->md)
        svg_bars(d->out, title, unit, bars, n, decimals);
}

static void w_heat(void *c, const char *title, int rows, int cols, const char *const *row_labels,
                   const char *const *col_labels, void (*cell)(void *, int, int, double *, char *), void *cctx)
{
    faq_doc *d = ((writer_ctx *)c)->d;
    if (!d->md)
        svg_heat(d->out, title, rows, cols, row_labels, col_labels, cell, cctx);
}

static int w_query(void *c, const char *name, const char *const *params, int n_params,
                   void (*row)(void *, int, const char *const *), void *rctx)
{
    writer_ctx *w = c;
    nq_query q;
    if (!find_query(w->g, name, &q))
        return -1;
    ud_buf err;
    ud_buf_init(&err);
    sqlite3_stmt *st = nq_prepare(w->h, &q, (char *const *)params, n_params, &err);
    ud_buf_free(&err);
    if (!st)
        return -1;
    int cols = sqlite3_column_count(st), rows = 0;
    const char **v = calloc((size_t)cols + 1, sizeof *v);
    while (v && sqlite3_step(st) == SQLITE_ROW) {
        for (int i = 0; i < cols; i++)
            v[i] = col_text(st, i);
        row(rctx, cols, v);
        rows++;
    }
    free(v);
    sqlite3_finalize(st);
    return rows;
}

static void section_charts(faq_doc *d, sqlite3 *h, const ud_game *g)
{
    const ud_faq_extras *fx = faq_extras(g);
    if (!fx || !fx->charts)
        return;   /* a game without charts has no such section */
    char id[96];
    snprintf(id, sizeof id, "%s-charts", g->name);
    heading(d, 2, id, "Charts", true);
    writer_ctx c = { d, h, g };
    ud_faq_writer w = { .ctx = &c, .html = !d->md, .out = d->out, .h3 = w_h3, .p = w_p,
                        .table_begin = w_table_begin, .table_row = w_table_row, .table_end = w_table_end,
                        .bars = w_bars, .heat = w_heat, .query = w_query };
    fx->charts(g, &w);
}

/* ---- the document -------------------------------------------------------- */

static const char style[] =
    "body{font-family:sans-serif;font-size:10.5pt;line-height:1.35;color:#111;max-width:52em;margin:1em auto;padding:0 1em}"
    "h1{font-size:20pt;margin-bottom:0.2em}h2{font-size:15pt;border-bottom:2px solid #b03a2e;margin-top:1.6em}"
    "h3{font-size:12pt;margin-top:1.2em}"
    "table{width:100%;table-layout:fixed;border-collapse:collapse;margin:0.5em 0 1em;font-size:9pt}"
    "th,td{border:1px solid #bbb;padding:3px 5px;vertical-align:top;text-align:left;"
    "overflow-wrap:anywhere;word-break:break-word}"
    "td.id{white-space:nowrap;font-size:8.5pt;overflow-wrap:normal;word-break:normal}th{background:#eee}tr:target{background:#fff3c4}"
    "code{font-family:monospace;font-size:0.92em;overflow-wrap:anywhere}.nw{white-space:nowrap}"
    "ol.steps{font-size:9.5pt;padding-left:2.2em}ol.steps li{margin:2px 0}"
    "li.state code{color:#555}li.decide{font-weight:normal}li.chance svg{vertical-align:middle}"
    ".die{vertical-align:middle;margin-right:2px}"
    ".tag{font-size:0.85em}.quote{font-style:italic;color:#333}"
    "blockquote.quote{margin:0.3em 0 0.3em 1.5em;padding-left:0.6em;border-left:3px solid #ccc}"
    "blockquote.quote .src{font-style:normal;font-size:0.9em;color:#555;white-space:nowrap}"
    ".ok{color:#1d7a2a}.bad{color:#b03a2e}.setting{color:#333}"
    "details.exact summary{cursor:pointer}figure.chart{margin:0.6em 0}figure.chart svg{max-width:100%;height:auto}"
    "dl.finding dt{font-weight:bold}dl.finding dd{margin:0 0 0.4em 1.5em}"
    "nav ol{columns:2;column-gap:5em;font-size:9pt;line-height:1.25}nav ol ol{columns:1}"
    "nav h2{break-before:avoid}@page{size:A4;margin:14mm}"
    "@media print{body{max-width:none;margin:0;padding:0}"
    "h1{break-before:page}h2{break-before:auto}nav h2{break-before:avoid}h1,h2,h3{break-after:avoid}"
    "tr,li,figure,dl{break-inside:avoid}"
    "thead{display:table-header-group}a{color:inherit;text-decoration:none}nav{break-after:page}}";

/* The contents entry's page number, for print: the title and the number
 * are two boxes of a flex row, the number's of fixed width at the right,
 * beside the title's last line. */
static const char page_number_style[] =
    "nav li>a{display:flex;align-items:flex-end}nav a .t{flex:1 1 auto;min-width:0}"
    "nav a .pg{flex:none;width:2.6em;text-align:right;font-variant-numeric:tabular-nums}";

static void toc_item(faq_doc *d, const toc_entry *e, const faq_opts *o)
{
    fprintf(d->out, "<li><a href=\"#%s\">", e->id);
    if (!o->print) {
        text(d, e->title);
        fputs("</a>", d->out);
        return;
    }
    fputs("<span class=\"t\">", d->out);
    text(d, e->title);
    fputs("</span><span class=\"pg\">", d->out);
    int page = pdf_pages_find(o->pages, e->id);
    if (page > 0)
        fprintf(d->out, "%d", page);
    fputs("</span></a>", d->out);
}

static const char players_intro[] =
    "from the rule tables: the questions players ask, each with a short ruling under undead's default "
    "readings, the passages of the rule texts it rests on (verbatim), the rules that enforce it, and, where "
    "the texts differ or are silent, each reading with its measured effect (the results database).";
static const char reference_intro[] =
    "from the rule tables, the variants, the golden transcripts and the results database: the players' "
    "rulings are undead's own words; every other answer below was computed, none written by hand.";

bool faq_write(FILE *out, const faq_opts *o, ud_buf *err)
{
    faq_doc *d = calloc(1, sizeof *d);
    if (!d) {
        ud_buf_puts(err, "out of memory");
        return false;
    }
    d->md = o->format == FAQ_MD;
    d->print = o->print;
    char *body = NULL;
    size_t body_len = 0;
    d->out = open_memstream(&body, &body_len);
    if (!d->out) {
        free(d);
        ud_buf_puts(err, "cannot open a memory stream");
        return false;
    }
    game_runs *gr = calloc(1, sizeof *gr);
    for (int i = 0; gr && i < o->n_games; i++) {
        const ud_game *g = o->games[i];
        load_runs(o->db, g, gr);
        if (!gr->verify) {
            ud_buf_printf(err, "the database holds no finished verify run of %s: run 'undead verify' first",
                          g->name);
            fclose(d->out);
            free(body);
            free(gr);
            free(d);
            return false;
        }
        if (o->n_games > 1) {
            heading(d, 1, g->name, g->title, true);
        }
        bool reference = o->part != FAQ_PLAYERS;
        if (o->part != FAQ_REFERENCE)
            section_players(d, o->db, g, gr, reference);
        if (!reference)
            continue;
        section_rules(d, o->db, g, gr);
        section_questions(d, o->db, g, gr);
        section_claims(d, o->db, g);
        section_charts(d, o->db, g);
        section_examples(d, o->db, g, gr, g->folder, o->golden_dir);
        section_findings(d, g, g->folder, o->golden_dir);
        section_edges(d, o->db, g, gr);
        section_provenance(d, o->db, g, gr);
    }
    fclose(d->out);
    free(gr);

    /* Head, title, contents, then the body. */
    const char *title = o->n_games == 1 ? o->games[0]->title : "every game";
    const char *kind = o->part == FAQ_PLAYERS ? "Players' FAQ" : "Rules FAQ";
    const char *intro = o->part == FAQ_PLAYERS ? players_intro : reference_intro;
    if (d->md) {
        fprintf(out, "# %s: %s\n\n", kind, title);
        fprintf(out, "Generated by `undead faq` %s\n\n## Contents\n\n", intro);
        for (int i = 0; i < d->n_toc; i++)
            if (d->toc[i].level <= 3)
                fprintf(out, "%*s- [%s](#%s)\n", (d->toc[i].level > 2 ? d->toc[i].level - 2 : 0) * 2, "", d->toc[i].title, d->toc[i].id);
        fwrite(body, 1, body_len, out);
    } else {
        fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", out);
        d->out = out;
        textf(d, "%s: %s", kind, title);
        fprintf(out, "</title>\n<style>%s%s</style>\n</head><body>\n<header><h1>", style,
                o->print ? page_number_style : "");
        textf(d, "%s: %s", kind, title);
        fputs("</h1><p>Generated by <code>undead faq</code> ", out);
        text(d, intro);
        if (o->part != FAQ_PLAYERS && o->n_games && o->games[0]->n_rules) {
            fputs(" Each rule has a stable anchor: <code>#RULE-ID</code> (e.g. ", out);
            link(d, o->games[0]->rules[0].id, o->games[0]->rules[0].id);
            fputs(").", out);
        }
        fputs("</p></header>\n<nav id=\"contents\"><h2>Contents</h2>\n<ol>", out);
        int level = 2;
        bool open_item = false;
        for (int i = 0; i < d->n_toc; i++) {
            int l = d->toc[i].level < 2 ? 2 : d->toc[i].level;
            if (l > level) {
                fputs("<ol>", out);
                open_item = false;
            }
            while (l < level) {
                fputs("</li></ol>", out);
                level--;
            }
            if (open_item && l == level)
                fputs("</li>", out);
            level = l;
            toc_item(d, &d->toc[i], o);
            open_item = true;
        }
        while (level > 2) {
            fputs("</li></ol>", out);
            level--;
        }
        fputs(open_item ? "</li></ol></nav>\n" : "</ol></nav>\n", out);
        fwrite(body, 1, body_len, out);
        fputs("</body></html>\n", out);
    }
    free(body);
    free(d);
    return true;
}
