/*
 * text_write.c - the text map as a terminal summary, TSV or JSON.
 *
 * The summary is a table per section (statements, on rows, pinned by a
 * hand-written case, raising an open question, declared, not encoded,
 * stale quotations) and then what needs a person: each statement not
 * encoded (with a gap's reason) and each stale quotation.  TSV is a line
 * per statement, then a line per stale quotation; JSON has both and the
 * counts.
 */
#include <string.h>

#include "blame.h"
#include "text_impl.h"

static const char *const state_names[] = { "on-rows", "declared", "gap", "not-encoded" };
static const char *const block_names[] = { "sentence", "item", "row" };
static const char *const from_names[] = { "row", "reading", "faq", "note" };

static const char *section_title(const text_map *m, int s)
{
    return s >= 0 ? m->doc.sections[s].title : "(before the first heading)";
}

static void counts_line(ud_buf *b, const char *title, const text_counts *c)
{
    ud_buf_printf(b, "  %-44.44s %10d %7d %6d %8d %8d %11d %5d\n", title, c->statements, c->on_rows,
                  c->pinned, c->readings, c->declared, c->not_encoded, c->stale);
}

/* A quotation as the summary shows it: who holds it and its words. */
static void quote_line(ud_buf *b, const text_map *m, const text_quote *q)
{
    ud_buf_printf(b, "  stale %s %s", from_names[q->from], q->who);
    if (q->note)
        ud_buf_printf(b, " (%s:%d)", m->notes.path, q->note->line);
    else if (q->section)
        ud_buf_printf(b, " (section %s)", q->section);
    ud_buf_printf(b, ": \"%s\" is not in %s\n", q->quote, m->doc.name);
}

/* Whether statement s is on rows that no hand-written case fires (only
 * when the golden cases were read). */
static bool unpinned(const text_map *m, int s)
{
    return m->cases && m->entries[s].state == TEXT_ON_ROWS && !m->entries[s].pinned;
}

static void needs_person(ud_buf *b, const text_map *m)
{
    int n = 0;
    for (int s = 0; s < m->doc.n_stmts; s++)
        n += m->entries[s].state >= TEXT_GAP || unpinned(m, s);
    for (int i = 0; i < m->n_quotes; i++)
        n += !m->quotes[i].found;
    if (!n) {
        ud_buf_printf(b, "every statement is on a row or declared%s, and every quotation is found\n",
                      m->cases ? ", every row pinned by a hand-written case" : "");
        return;
    }
    ud_buf_printf(b, "needs a person (%d):\n", n);
    for (int s = 0; s < m->doc.n_stmts; s++) {
        const text_entry *e = &m->entries[s];
        const text_stmt *st = &m->doc.stmts[s];
        if (e->state == TEXT_NOT_ENCODED)
            ud_buf_printf(b, "  %s:%d %s not encoded: \"%s\"\n", m->doc.name, st->line, st->anchor, st->text);
        else if (e->state == TEXT_GAP)
            ud_buf_printf(b, "  %s:%d %s not encoded (%s): \"%s\"\n", m->doc.name, st->line, st->anchor,
                          e->note->reason, st->text);
        else if (unpinned(m, s))
            ud_buf_printf(b, "  %s:%d %s pinned by no hand-written case (its rows: %s%s): \"%s\"\n",
                          m->doc.name, st->line, st->anchor, m->game->rules[e->rows[0]].id,
                          e->n_rows > 1 ? ", ..." : "", st->text);
    }
    for (int i = 0; i < m->n_quotes; i++)
        if (!m->quotes[i].found)
            quote_line(b, m, &m->quotes[i]);
}

/* Whether row r quotes a statement of the text. */
static bool row_quoted(const text_map *m, int r)
{
    for (int s = 0; s < m->doc.n_stmts; s++)
        for (int i = 0; i < m->entries[s].n_rows; i++)
            if (m->entries[s].rows[i] == r)
                return true;
    return false;
}

/* The rows citing the text that quote none of its statements (a ruling
 * of undead's own where the text is silent, a mechanic of its model, or a
 * row whose quotation is missing): from the rows outward again. */
static void unquoted_rows(ud_buf *b, const text_map *m)
{
    int citing = 0, n = 0;
    ud_buf ids;
    ud_buf_init(&ids);
    for (int r = 0; r < m->game->n_rules; r++) {
        if (!m->game->rules[r].source || strcmp(m->game->rules[r].source, m->doc.name) != 0)
            continue;
        citing++;
        if (!row_quoted(m, r))
            ud_buf_printf(&ids, "%s%s", n++ ? " " : "", m->game->rules[r].id);
    }
    if (n)
        ud_buf_printf(b, "%d of the %d rows citing the text quote none of its statements: %s\n", n, citing,
                      ud_buf_str(&ids));
    ud_buf_free(&ids);
}

static void write_summary(ud_buf *b, const text_map *m)
{
    ud_buf_printf(b, "%s (%s): %d statements in %d sections\n", m->doc.name, m->game->name, m->doc.n_stmts,
                  m->doc.n_sections);
    ud_buf_printf(b, "  %-44s %10s %7s %6s %8s %8s %11s %5s\n", "section", "statements", "on rows", "pinned",
                  "readings", "declared", "not encoded", "stale");
    text_counts c;
    for (int s = -1; s < m->doc.n_sections; s++) {
        text_map_counts(m, s, false, &c);
        if (c.statements || c.stale)
            counts_line(b, section_title(m, s), &c);
    }
    text_map_counts(m, TEXT_NO_SECTION, false, &c);
    if (c.stale)
        counts_line(b, "(quotations citing no section of it)", &c);
    text_map_counts(m, -1, true, &c);
    counts_line(b, "total", &c);
    if (!m->cases)
        ud_buf_puts(b, "(no golden cases read: pinned counts none)\n");
    unquoted_rows(b, m);
    needs_person(b, m);
}

/* A list of names, comma-separated (TSV); "-" for none. */
static void tsv_list(ud_buf *b, const char *const *names, int n)
{
    if (!n)
        ud_buf_putc(b, '-');
    for (int i = 0; i < n; i++)
        ud_buf_printf(b, "%s%s", i ? "," : "", names[i]);
}

/* Whether name is among the first n of names. */
static bool among(char **names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* How many cases fire a row of the statement: each case once, however
 * many of its rows it fires. */
static int distinct_cases(const text_map *m, const text_entry *e, bool seeded)
{
    int n = 0;
    for (int i = 0; i < e->n_rows && m->cases; i++) {
        const text_cases *c = &m->cases[e->rows[i]];
        char **names = seeded ? c->seeded : c->hand;
        int count = seeded ? c->n_seeded : c->n_hand;
        for (int k = 0; k < count; k++) {
            bool seen = among(names, k, names[k]);
            for (int j = 0; j < i && !seen; j++) {
                const text_cases *o = &m->cases[e->rows[j]];
                seen = among(seeded ? o->seeded : o->hand, seeded ? o->n_seeded : o->n_hand, names[k]);
            }
            n += !seen;
        }
    }
    return n;
}

/* s with tabs and newlines as spaces (a TSV field). */
static void tsv_field(ud_buf *b, const char *s)
{
    for (; s && *s; s++)
        ud_buf_putc(b, *s == '\t' || *s == '\n' ? ' ' : *s);
}

static void write_tsv(ud_buf *b, const text_map *m)
{
    ud_buf_puts(
        b,
        "anchor\tline\tsection\tblock\tstate\trows\thand_cases\tseeded_cases\treadings\tfaq\tnote\treason\ttext\n");
    for (int s = 0; s < m->doc.n_stmts; s++) {
        const text_entry *e = &m->entries[s];
        const text_stmt *st = &m->doc.stmts[s];
        ud_buf_printf(b, "%s\t%d\t", st->anchor, st->line);
        tsv_field(b, section_title(m, st->section));
        ud_buf_printf(b, "\t%s\t%s\t", block_names[st->block], state_names[e->state]);
        if (!e->n_rows)
            ud_buf_putc(b, '-');
        for (int i = 0; i < e->n_rows; i++)
            ud_buf_printf(b, "%s%s", i ? "," : "", m->game->rules[e->rows[i]].id);
        ud_buf_printf(b, "\t%d\t%d\t", distinct_cases(m, e, false), distinct_cases(m, e, true));
        tsv_list(b, e->readings, e->n_readings);
        ud_buf_putc(b, '\t');
        tsv_list(b, e->faq, e->n_faq);
        ud_buf_printf(b, "\t%s\t", e->note ? text_note_kind_names[e->note->kind] : "-");
        tsv_field(b, e->note && e->note->reason ? e->note->reason : "-");
        ud_buf_putc(b, '\t');
        tsv_field(b, st->text);
        ud_buf_putc(b, '\n');
    }
    for (int i = 0; i < m->n_quotes; i++) {
        const text_quote *q = &m->quotes[i];
        if (q->found)
            continue;
        ud_buf_puts(b, "-\t-\t");
        tsv_field(b, q->section ? q->section : "-");
        ud_buf_printf(b, "\tquotation\tstale\t%s:%s\t0\t0\t-\t-\t-\t-\t", from_names[q->from], q->who);
        tsv_field(b, q->quote);
        ud_buf_putc(b, '\n');
    }
}

static void json_names(ud_buf *b, const char *key, const char *const *names, int n)
{
    ud_buf_printf(b, ",\"%s\":[", key);
    for (int i = 0; i < n; i++) {
        if (i)
            ud_buf_putc(b, ',');
        ud_blame_json_string(b, names[i]);
    }
    ud_buf_putc(b, ']');
}

static void json_counts(ud_buf *b, const text_counts *c)
{
    ud_buf_printf(b,
                  "{\"statements\":%d,\"on_rows\":%d,\"pinned\":%d,\"readings\":%d,\"declared\":%d,"
                  "\"not_encoded\":%d,\"stale\":%d}",
                  c->statements, c->on_rows, c->pinned, c->readings, c->declared, c->not_encoded, c->stale);
}

static void json_rows(ud_buf *b, const text_map *m, const text_entry *e)
{
    ud_buf_puts(b, ",\"rows\":[");
    for (int i = 0; i < e->n_rows; i++) {
        ud_buf_printf(b, "%s{\"id\":", i ? "," : "");
        ud_blame_json_string(b, m->game->rules[e->rows[i]].id);
        const text_cases *c = m->cases ? &m->cases[e->rows[i]] : NULL;
        json_names(b, "hand", (const char *const *)(c ? c->hand : NULL), c ? c->n_hand : 0);
        json_names(b, "seeded", (const char *const *)(c ? c->seeded : NULL), c ? c->n_seeded : 0);
        ud_buf_putc(b, '}');
    }
    ud_buf_putc(b, ']');
}

static void json_stmt(ud_buf *b, const text_map *m, int s)
{
    const text_entry *e = &m->entries[s];
    const text_stmt *st = &m->doc.stmts[s];
    ud_buf_printf(b, "{\"anchor\":\"%s\",\"line\":%d,\"section\":", st->anchor, st->line);
    ud_blame_json_string(b, section_title(m, st->section));
    ud_buf_printf(b, ",\"block\":\"%s\",\"state\":\"%s\",\"pinned\":%s,\"text\":", block_names[st->block],
                  state_names[e->state], e->pinned ? "true" : "false");
    ud_blame_json_string(b, st->text);
    json_rows(b, m, e);
    json_names(b, "readings", e->readings, e->n_readings);
    json_names(b, "faq", e->faq, e->n_faq);
    if (e->note) {
        ud_buf_printf(b, ",\"note\":{\"kind\":\"%s\",\"line\":%d,\"reason\":",
                      text_note_kind_names[e->note->kind], e->note->line);
        ud_blame_json_string(b, e->note->reason ? e->note->reason : "");
        ud_buf_putc(b, '}');
    }
    ud_buf_putc(b, '}');
}

static void write_json(ud_buf *b, const text_map *m)
{
    text_counts c;
    ud_buf_puts(b, "{\"game\":");
    ud_blame_json_string(b, m->game->name);
    ud_buf_puts(b, ",\"text\":");
    ud_blame_json_string(b, m->doc.name);
    text_map_counts(m, -1, true, &c);
    ud_buf_puts(b, ",\"counts\":");
    json_counts(b, &c);
    ud_buf_puts(b, ",\"sections\":[");
    for (int s = 0; s < m->doc.n_sections; s++) {
        text_map_counts(m, s, false, &c);
        ud_buf_printf(b, "%s{\"anchor\":\"%s\",\"line\":%d,\"title\":", s ? "," : "",
                      m->doc.sections[s].anchor, m->doc.sections[s].line);
        ud_blame_json_string(b, m->doc.sections[s].title);
        ud_buf_puts(b, ",\"counts\":");
        json_counts(b, &c);
        ud_buf_putc(b, '}');
    }
    ud_buf_puts(b, "],\"statements\":[");
    for (int s = 0; s < m->doc.n_stmts; s++) {
        if (s)
            ud_buf_putc(b, ',');
        ud_buf_puts(b, "\n");
        json_stmt(b, m, s);
    }
    ud_buf_puts(b, "],\"unquoted_rows\":[");
    for (int r = 0, n = 0; r < m->game->n_rules; r++)
        if (m->game->rules[r].source && strcmp(m->game->rules[r].source, m->doc.name) == 0 &&
            !row_quoted(m, r)) {
            ud_buf_printf(b, "%s", n++ ? "," : "");
            ud_blame_json_string(b, m->game->rules[r].id);
        }
    ud_buf_puts(b, "],\"stale\":[");
    for (int i = 0, n = 0; i < m->n_quotes; i++) {
        const text_quote *q = &m->quotes[i];
        if (q->found)
            continue;
        ud_buf_printf(b, "%s{\"from\":\"%s\",\"who\":", n++ ? "," : "", from_names[q->from]);
        ud_blame_json_string(b, q->who);
        ud_buf_puts(b, ",\"quote\":");
        ud_blame_json_string(b, q->quote);
        ud_buf_printf(b, ",\"note_line\":%d}", q->note ? q->note->line : 0);
    }
    ud_buf_puts(b, "]}\n");
}

void text_render(const text_map *m, text_format f, ud_buf *b)
{
    if (f == TEXT_FMT_SUMMARY)
        write_summary(b, m);
    else if (f == TEXT_FMT_TSV)
        write_tsv(b, m);
    else if (f == TEXT_FMT_JSON)
        write_json(b, m);
    else
        text_page(b, m, f == TEXT_FMT_HTML);
}
