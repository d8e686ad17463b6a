/*
 * text_page.c - the whole text as a page (HTML or Markdown): each
 * statement under its heading, marked by its state, with links to the
 * rows that quote it, the golden cases that fire them, the readings and
 * the players' questions; and an index of those, each linking back to
 * its statements.  The anchors are the FAQ's where it has them (a row by
 * its ID, a question as GAME-ask-ID), so the same body sits in the FAQ's
 * reference (text_page_body) and links into it.
 */
#include <string.h>

#include "text_impl.h"
#include "xml.h"

static const char *const mark[] = { "on rows", "declared", "not encoded (known)", "not encoded" };
static const char *const css_class[] = { "rows", "declared", "gap", "missing" };

typedef struct page {
    ud_buf *b;
    const text_map *m;
    bool html;
    int h;
    const char *prefix;
} page;

/* s as the page's text: escaped for HTML; for Markdown, its marks escaped. */
static void put(const page *p, const char *s)
{
    if (p->html) {
        ud_xml_escape_buf(p->b, s);
        return;
    }
    for (; *s; s++) {
        if (strchr("\\`*_[]<>#|", *s))
            ud_buf_putc(p->b, '\\');
        ud_buf_putc(p->b, *s);
    }
}

static void link(const page *p, const char *href_prefix, const char *id, const char *label)
{
    if (p->html) {
        ud_buf_printf(p->b, "<a href=\"#%s", href_prefix);
        ud_xml_escape_buf(p->b, id);
        ud_buf_puts(p->b, "\">");
        put(p, label);
        ud_buf_puts(p->b, "</a>");
    } else {
        ud_buf_puts(p->b, "[");
        put(p, label);
        ud_buf_printf(p->b, "](#%s%s)", href_prefix, id);
    }
}

static void heading(const page *p, int level, const char *anchor, const char *title)
{
    if (p->html) {
        ud_buf_printf(p->b, "<h%d id=\"%s%s\">", level, p->prefix, anchor);
        put(p, title);
        ud_buf_printf(p->b, "</h%d>\n", level);
    } else {
        ud_buf_printf(p->b, "\n%.*s <a id=\"%s%s\"></a>", level, "######", p->prefix, anchor);
        put(p, title);
        ud_buf_puts(p->b, "\n\n");
    }
}

static const ud_faq_question *question(const ud_game *g, const char *id)
{
    const ud_faq_extras *fx = g->extras ? g->extras->faq : NULL;
    for (const ud_faq_question *q = fx ? fx->questions : NULL; q && q->id; q++)
        if (strcmp(q->id, id) == 0)
            return q;
    return NULL;
}

/* "; " before every reference but the first (*first says which). */
static void sep(const page *p, bool *first, const char *what)
{
    ud_buf_printf(p->b, "%s%s", *first ? "" : "; ", what);
    *first = false;
}

/* The references of one statement: rows (their cases), readings, questions, note. */
static void refs(const page *p, const text_entry *e)
{
    const text_map *m = p->m;
    char ask[128];
    bool first = true;
    for (int i = 0; i < e->n_rows; i++) {
        const char *id = m->game->rules[e->rows[i]].id;
        if (i)
            ud_buf_puts(p->b, ", ");
        else
            sep(p, &first, "rows: ");
        link(p, "", id, id);
        if (m->cases)
            ud_buf_printf(p->b, " (%d hand-written, %d seeded)", m->cases[e->rows[i]].n_hand,
                          m->cases[e->rows[i]].n_seeded);
    }
    snprintf(ask, sizeof ask, "%s-q-", m->game->name);
    for (int i = 0; i < e->n_readings; i++) {
        if (i)
            ud_buf_puts(p->b, ", ");
        else
            sep(p, &first, "open question: ");
        link(p, ask, e->readings[i], e->readings[i]);
    }
    snprintf(ask, sizeof ask, "%s-ask-", m->game->name);
    for (int i = 0; i < e->n_faq; i++) {
        const ud_faq_question *q = question(m->game, e->faq[i]);
        if (i)
            ud_buf_puts(p->b, ", ");
        else
            sep(p, &first, "players' FAQ: ");
        link(p, ask, e->faq[i], q ? q->ask : e->faq[i]);
    }
    if (e->note && e->note->reason) {
        sep(p, &first, text_note_kind_names[e->note->kind]);
        ud_buf_puts(p->b, ": ");
        put(p, e->note->reason);
    }
}

static void statement(const page *p, int s)
{
    const text_stmt *st = &p->m->doc.stmts[s];
    const text_entry *e = &p->m->entries[s];
    if (p->html) {
        ud_buf_printf(p->b, "<p class=\"st %s\" id=\"%s%s\"><span class=\"mark\">%s</span> ",
                      css_class[e->state], p->prefix, st->anchor, mark[e->state]);
        put(p, st->text);
        ud_buf_puts(p->b, "<br><span class=\"refs\">");
        refs(p, e);
        ud_buf_puts(p->b, "</span></p>\n");
    } else {
        ud_buf_printf(p->b, "- <a id=\"%s%s\"></a>**%s** ", p->prefix, st->anchor, mark[e->state]);
        put(p, st->text);
        ud_buf_puts(p->b, " — ");
        refs(p, e);
        ud_buf_putc(p->b, '\n');
    }
}

static void counts_para(const page *p, const text_counts *c)
{
    ud_buf_printf(
        p->b,
        "%s%d statements: %d on rows (%d pinned by a hand-written case), %d raising an open question, "
        "%d declared, %d not encoded; %d stale quotations.%s",
        p->html ? "<p class=\"counts\">" : "", c->statements, c->on_rows, c->pinned, c->readings, c->declared,
        c->not_encoded, c->stale, p->html ? "</p>\n" : "\n\n");
}

void text_page_body(const text_map *m, ud_buf *b, bool html, int h, const char *prefix)
{
    page p = { b, m, html, h, prefix ? prefix : "" };
    text_counts c;
    text_map_counts(m, -1, true, &c);
    counts_para(&p, &c);
    for (int sec = -1; sec < m->doc.n_sections; sec++) {
        text_map_counts(m, sec, false, &c);
        if (!c.statements)
            continue;
        if (sec >= 0)
            heading(&p, h, m->doc.sections[sec].anchor, m->doc.sections[sec].title);
        for (int s = 0; s < m->doc.n_stmts; s++)
            if (m->doc.stmts[s].section == sec)
                statement(&p, s);
    }
    for (int i = 0; i < m->n_quotes; i++) {
        const text_quote *q = &m->quotes[i];
        if (q->found)
            continue;
        ud_buf_puts(b, html ? "<p class=\"st stale\"><span class=\"mark\">stale</span> " : "- **stale** ");
        put(&p, q->who);
        ud_buf_puts(b, ": \u201C");
        put(&p, q->quote);
        ud_buf_puts(b, html ? "\u201D is not in the text</p>\n" : "\u201D is not in the text\n");
    }
}
