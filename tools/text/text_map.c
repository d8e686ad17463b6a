/*
 * text_map.c - the text map: every quotation undead holds of one rule
 * text, found in it, and what each statement is then (text.h).
 *
 * The quotations are the rows' (each "..." in a summary of a row citing
 * the text, and the `row` notes), the readings' (their summaries' and the
 * `reading` notes), the players' FAQ's (its passages of the text) and the
 * notes' declarations.  The golden cases are replayed once (golden.h) to
 * know which rows each case fires, hand-written and seeded apart.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "error.h"
#include "extras.h"
#include "golden.h"
#include "text_impl.h"

static void *grow(void *p, size_t n, size_t size)
{
    void *q = realloc(p, n * size);
    if (!q)
        text_oom();
    return q;
}

static void add_quote(text_map *m, text_quote_from from, const char *who, const char *section, const char *q,
                      size_t n, const text_note *note)
{
    m->quotes = grow(m->quotes, (size_t)m->n_quotes + 1, sizeof *m->quotes);
    text_quote *tq = &m->quotes[m->n_quotes++];
    memset(tq, 0, sizeof *tq);
    tq->from = from;
    tq->who = who;
    tq->section = section;
    tq->note = note;
    tq->quote = malloc(n + 1);
    if (!tq->quote)
        text_oom();
    memcpy(tq->quote, q, n);
    tq->quote[n] = '\0';
}

/* Each "..." in summary, a quotation of the text. */
static void summary_quotes(text_map *m, text_quote_from from, const char *who, const char *section,
                           const char *summary)
{
    for (const char *open = strchr(summary, '"'); open;) {
        const char *close = strchr(open + 1, '"');
        if (!close)
            break;
        add_quote(m, from, who, section, open + 1, (size_t)(close - open - 1), NULL);
        open = strchr(close + 1, '"');
    }
}

static bool is_text(const char *source, const char *name) { return source && strcmp(source, name) == 0; }

static void game_quotes(text_map *m)
{
    const ud_game *g = m->game;
    const char *name = m->doc.name;
    for (int r = 0; r < g->n_rules; r++)
        if (is_text(g->rules[r].source, name))
            summary_quotes(m, TEXT_Q_ROW, g->rules[r].id, g->rules[r].section, g->rules[r].summary);
    for (int v = 0; v < g->n_variants; v++)
        for (int x = 0; x < g->variants[v].n_values; x++) {
            const ud_variant_value *val = &g->variants[v].values[x];
            if (is_text(val->source, name))
                summary_quotes(m, TEXT_Q_READING, g->variants[v].key, val->section, val->summary);
        }
    const ud_faq_extras *fx = g->extras ? g->extras->faq : NULL;
    for (const ud_faq_question *q = fx ? fx->questions : NULL; q && q->id; q++)
        for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++)
            if (is_text(q->quotes[i].source, name))
                add_quote(m, TEXT_Q_FAQ, q->id, q->quotes[i].section, q->quotes[i].text,
                          strlen(q->quotes[i].text), NULL);
    for (int i = 0; i < m->notes.n; i++) {
        const text_note *n = &m->notes.notes[i];
        text_quote_from from = n->kind == TEXT_NOTE_ROW       ? TEXT_Q_ROW
                               : n->kind == TEXT_NOTE_READING ? TEXT_Q_READING
                                                              : TEXT_Q_NOTE;
        const char *who = from == TEXT_Q_NOTE ? text_note_kind_names[n->kind] : n->ids[0];
        add_quote(m, from, who, NULL, n->quote, strlen(n->quote), n);
    }
}

/* The sections the game cites for this text: headings wherever a plain
 * line says just one (text_split). */
static const char **cited_sections(const ud_game *g, const char *name)
{
    int n = 0;
    const char **h = NULL;
    for (int r = 0; r < g->n_rules; r++)
        if (is_text(g->rules[r].source, name) && g->rules[r].section) {
            h = grow(h, (size_t)n + 2, sizeof *h);
            h[n++] = g->rules[r].section;
        }
    const ud_faq_extras *fx = g->extras ? g->extras->faq : NULL;
    for (const ud_faq_question *q = fx ? fx->questions : NULL; q && q->id; q++)
        for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++)
            if (is_text(q->quotes[i].source, name) && q->quotes[i].section) {
                h = grow(h, (size_t)n + 2, sizeof *h);
                h[n++] = q->quotes[i].section;
            }
    if (h)
        h[n] = NULL;
    return h;
}

static void add_name(const char ***list, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp((*list)[i], name) == 0)
            return;
    *list = grow(*list, (size_t)*n + 1, sizeof **list);
    (*list)[(*n)++] = name;
}

static void add_row(text_entry *e, int r)
{
    for (int i = 0; i < e->n_rows; i++)
        if (e->rows[i] == r)
            return;
    e->rows = grow(e->rows, (size_t)e->n_rows + 1, sizeof *e->rows);
    e->rows[e->n_rows++] = r;
}

/* What the quotation q says of statement s. */
static void apply_quote(text_map *m, const text_quote *q, int s)
{
    text_entry *e = &m->entries[s];
    const ud_game *g = m->game;
    switch (q->from) {
    case TEXT_Q_ROW:
        for (int k = 0; k < TEXT_NOTE_IDS && (q->note ? q->note->ids[k] != NULL : k == 0); k++)
            add_row(e, ud_game_rule_index(g, ud_game_rule(g, q->note ? q->note->ids[k] : q->who)));
        break;
    case TEXT_Q_READING:
        for (int k = 0; k < TEXT_NOTE_IDS && (q->note ? q->note->ids[k] != NULL : k == 0); k++)
            add_name(&e->readings, &e->n_readings, q->note ? q->note->ids[k] : q->who);
        break;
    case TEXT_Q_FAQ:
        add_name(&e->faq, &e->n_faq, q->who);
        break;
    case TEXT_Q_NOTE:
        if (!e->note)
            e->note = q->note;
        break;
    }
}

static void settle(text_map *m)
{
    for (int s = 0; s < m->doc.n_stmts; s++) {
        text_entry *e = &m->entries[s];
        for (int i = 0; i < e->n_rows && m->cases; i++)
            e->pinned |= m->cases[e->rows[i]].n_hand > 0;
        if (e->n_rows)
            e->state = TEXT_ON_ROWS;
        else if (e->note)
            e->state = e->note->kind == TEXT_NOTE_GAP ? TEXT_GAP : TEXT_DECLARED;
        else
            e->state = TEXT_NOT_ENCODED;
    }
}

/* Is the rule text text?  Its statements go on to a terminal, HTML and
 * JSON as they are: a control byte (but tab, and a CR ending a line), a
 * byte that is no UTF-8, a C1 control or a byte-order mark is refused at
 * FILE:LINE:COL on err, the file named escaped. */
static bool text_bytes_ok(const char *path, const char *buf, size_t len, FILE *err)
{
    enum { FINE, CONTROL, NOT_UTF8, C1, BOM } what = FINE;
    int line = 1;
    size_t start = 0, i = 0;
    long cp = 0;
    while (i < len && what == FINE) {
        unsigned char c = (unsigned char)buf[i];
        if (c == '\n') {
            line++;
            start = ++i;
        } else if (c == '\r' && i + 1 < len && buf[i + 1] == '\n')
            i++;
        else if (c < 0x20 ? c != '\t' : c == 0x7f)
            what = CONTROL;
        else if (c < 0x80)
            i++;
        else if ((cp = ud_utf8_char(buf + i, len - i)) < 0)
            what = NOT_UTF8;
        else if (cp < 0xa0)
            what = C1;
        else if (cp == UD_BOM_CHAR)
            what = BOM;
        else
            i += cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }
    if (what == FINE)
        return true;
    ud_buf shown;
    ud_buf_init(&shown);
    fprintf(err, "%s:%d:%d: ", ud_escaped(&shown, path), line, (int)(i - start) + 1);
    ud_buf_free(&shown);
    unsigned char c = (unsigned char)buf[i];
    if (what == CONTROL)
        fprintf(err, "expected printable text, found byte 0x%02x\n", c);
    else if (what == NOT_UTF8)
        fprintf(err, "expected UTF-8 text, found byte 0x%02x\n", c);
    else if (what == C1)
        fprintf(err, "expected printable text, found control character U+%04lX\n", cp);
    else
        fprintf(err, "%s\n", UD_BOM_MESSAGE);
    return false;
}

int text_map_build(text_map *m, const ud_game *g, const char *path, const char *notes_path,
                   const char *golden_dir, FILE *err)
{
    memset(m, 0, sizeof *m);
    m->game = g;
    size_t len;
    char *buf = cli_read_file(path, &len);
    if (!buf)
        return UD_EXIT_USAGE;
    if (!text_bytes_ok(path, buf, len, err)) {
        free(buf);
        return UD_EXIT_USAGE;
    }
    const char *base = strrchr(path, '/');
    const char **headings = cited_sections(g, base ? base + 1 : path);
    text_split(&m->doc, path, buf, headings);
    free(headings);
    free(buf);
    /* an empty file, or blank lines and headings only: every count 0 and
     * nothing to fail would pass a text that is surely not the one meant */
    if (!m->doc.n_stmts) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(err, "%s: no statement in it; expected a rule text (sentences, list items or table rows)\n",
                ud_escaped(&shown, path));
        ud_buf_free(&shown);
        return UD_EXIT_USAGE;
    }
    if (!text_notes_read(&m->notes, notes_path, m->doc.name, g, err))
        return UD_EXIT_USAGE;
    if (golden_dir && text_cases_read(m, golden_dir, err) != 0)
        return UD_EXIT_USAGE;
    game_quotes(m);
    m->entries = calloc((size_t)m->doc.n_stmts + 1, sizeof *m->entries);
    if (!m->entries)
        text_oom();
    for (int i = 0; i < m->n_quotes; i++) {
        text_quote *q = &m->quotes[i];
        q->found = text_find(&m->doc, q->quote, q->section, q->note != NULL, &q->hits);
        for (int h = 0; h < q->hits.n; h++)
            apply_quote(m, q, q->hits.stmt[h]);
    }
    settle(m);
    return UD_EXIT_OK;
}

void text_map_free(text_map *m)
{
    for (int i = 0; i < m->n_quotes; i++) {
        free(m->quotes[i].quote);
        text_hits_free(&m->quotes[i].hits);
    }
    free(m->quotes);
    for (int s = 0; m->entries && s < m->doc.n_stmts; s++) {
        free(m->entries[s].rows);
        free(m->entries[s].readings);
        free(m->entries[s].faq);
    }
    free(m->entries);
    text_cases_free(m);
    text_notes_free(&m->notes);
    text_doc_free(&m->doc);
    memset(m, 0, sizeof *m);
}

/* The section a stale quotation cites, as an index, or TEXT_NO_SECTION. */
static int quote_section(const text_map *m, const text_quote *q)
{
    for (int i = 0; q->section && i < m->doc.n_sections; i++)
        if (text_section_matches(m->doc.sections[i].title, q->section))
            return i;
    return TEXT_NO_SECTION;
}

void text_map_counts(const text_map *m, int section, bool whole, text_counts *c)
{
    memset(c, 0, sizeof *c);
    for (int s = 0; s < m->doc.n_stmts; s++) {
        const text_entry *e = &m->entries[s];
        if (!whole && m->doc.stmts[s].section != section)
            continue;
        c->statements++;
        c->on_rows += e->state == TEXT_ON_ROWS;
        c->pinned += e->pinned;
        c->readings += e->n_readings > 0;
        c->declared += e->state == TEXT_DECLARED;
        c->not_encoded += e->state == TEXT_GAP || e->state == TEXT_NOT_ENCODED;
    }
    for (int i = 0; i < m->n_quotes; i++)
        if (!m->quotes[i].found && (whole || quote_section(m, &m->quotes[i]) == section))
            c->stale++;
}

bool text_map_drifted(const text_map *m)
{
    for (int s = 0; s < m->doc.n_stmts; s++)
        if (m->entries[s].state == TEXT_NOT_ENCODED)
            return true;
    for (int i = 0; i < m->n_quotes; i++)
        if (!m->quotes[i].found)
            return true;
    return false;
}
