/*
 * text_index.c - the text map's page on its own: the text (text_page.c),
 * then an index of the rows, readings and players' questions that quote
 * it, each under the anchor the FAQ gives it and linking back to its
 * statements; a row with the golden cases that fire it.
 */
#include <string.h>

#include "text_impl.h"
#include "xml.h"

static const char *const style = "body{font-family:sans-serif;max-width:60em;margin:auto;line-height:1.4}";

const char text_page_css[] =
    ".st{margin:.4em 0;padding:.2em .5em;border-left:.4em solid #ccc}"
    ".st.rows{border-color:#3a3}.st.declared{border-color:#99c}.st.gap{border-color:#e90}"
    ".st.missing,.st.stale{border-color:#d22;background:#fee}"
    ".mark{font-size:80%;font-weight:bold;text-transform:uppercase;margin-right:.5em}"
    ".refs{font-size:85%;color:#444}p.st:target{background:#fff3c4}";

static void put(ud_buf *b, bool html, const char *s)
{
    if (html)
        ud_xml_escape_buf(b, s);
    else
        ud_buf_puts(b, s);
}

/* Links back to every statement whose entry names id (as a row, reading
 * or question). */
static void back_links(ud_buf *b, const text_map *m, bool html, int kind, const char *id, int r)
{
    int n = 0;
    for (int s = 0; s < m->doc.n_stmts; s++) {
        const text_entry *e = &m->entries[s];
        bool in = false;
        for (int i = 0; kind == 0 && i < e->n_rows; i++)
            in |= e->rows[i] == r;
        for (int i = 0; kind == 1 && i < e->n_readings; i++)
            in |= strcmp(e->readings[i], id) == 0;
        for (int i = 0; kind == 2 && i < e->n_faq; i++)
            in |= strcmp(e->faq[i], id) == 0;
        if (!in)
            continue;
        const text_stmt *st = &m->doc.stmts[s];
        if (html)
            ud_buf_printf(b, "%s<a href=\"#%s\">line %d</a>", n++ ? ", " : " quotes ", st->anchor, st->line);
        else
            ud_buf_printf(b, "%s[line %d](#%s)", n++ ? ", " : " quotes ", st->line, st->anchor);
    }
}

static void index_head(ud_buf *b, bool html, const char *anchor, const char *title)
{
    if (html) {
        ud_buf_printf(b, "<p id=\"%s\"><b>", anchor);
        ud_xml_escape_buf(b, title);
        ud_buf_puts(b, "</b>");
    } else
        ud_buf_printf(b, "- <a id=\"%s\"></a>**%s**", anchor, title);
}

/* The cases' names, each linked to its record (the .in file, by the path
 * undead read it from). */
static void case_names(ud_buf *b, const text_map *m, bool html, const char *what, char **names, int n)
{
    if (!n)
        return;
    ud_buf_printf(b, "; %s: ", what);
    for (int i = 0; i < n; i++) {
        ud_buf_puts(b, i ? ", " : "");
        if (html) {
            ud_buf_puts(b, "<a href=\"");
            ud_xml_escape_buf(b, m->golden);
            ud_buf_putc(b, '/');
            ud_xml_escape_buf(b, names[i]);
            ud_buf_puts(b, "\">");
            ud_xml_escape_buf(b, names[i]);
            ud_buf_puts(b, "</a>");
        } else
            ud_buf_printf(b, "[%s](%s/%s)", names[i], m->golden, names[i]);
    }
}

static void rows_index(ud_buf *b, const text_map *m, bool html)
{
    for (int r = 0; r < m->game->n_rules; r++) {
        bool quoted = false;
        for (int s = 0; s < m->doc.n_stmts && !quoted; s++)
            for (int i = 0; i < m->entries[s].n_rows; i++)
                quoted |= m->entries[s].rows[i] == r;
        if (!quoted)
            continue;
        const ud_rule *rule = &m->game->rules[r];
        index_head(b, html, rule->id, rule->id);
        ud_buf_puts(b, " ");
        put(b, html, rule->summary);
        back_links(b, m, html, 0, NULL, r);
        if (m->cases) {
            case_names(b, m, html, "hand-written cases", m->cases[r].hand, m->cases[r].n_hand);
            if (m->cases[r].n_seeded)
                ud_buf_printf(b, "; %d seeded games", m->cases[r].n_seeded);
        }
        ud_buf_puts(b, html ? "</p>\n" : "\n");
    }
}

static void readings_index(ud_buf *b, const text_map *m, bool html)
{
    char anchor[128];
    for (int v = 0; v < m->game->n_variants; v++) {
        const ud_variant *var = &m->game->variants[v];
        bool quoted = false;
        for (int s = 0; s < m->doc.n_stmts; s++)
            for (int i = 0; i < m->entries[s].n_readings; i++)
                quoted |= strcmp(m->entries[s].readings[i], var->key) == 0;
        if (!quoted)
            continue;
        snprintf(anchor, sizeof anchor, "%s-q-%s", m->game->name, var->key);
        index_head(b, html, anchor, var->key);
        ud_buf_puts(b, " ");
        put(b, html, var->question);
        back_links(b, m, html, 1, var->key, -1);
        ud_buf_puts(b, html ? "</p>\n" : "\n");
    }
}

static void questions_index(ud_buf *b, const text_map *m, bool html)
{
    const ud_faq_extras *fx = m->game->extras ? m->game->extras->faq : NULL;
    char anchor[128];
    for (const ud_faq_question *q = fx ? fx->questions : NULL; q && q->id; q++) {
        bool quoted = false;
        for (int s = 0; s < m->doc.n_stmts; s++)
            for (int i = 0; i < m->entries[s].n_faq; i++)
                quoted |= strcmp(m->entries[s].faq[i], q->id) == 0;
        if (!quoted)
            continue;
        snprintf(anchor, sizeof anchor, "%s-ask-%s", m->game->name, q->id);
        index_head(b, html, anchor, q->ask);
        back_links(b, m, html, 2, q->id, -1);
        ud_buf_puts(b, html ? "</p>\n" : "\n");
    }
}

static void index_section(ud_buf *b, const text_map *m, bool html, const char *title,
                          void (*each)(ud_buf *, const text_map *, bool))
{
    if (html)
        ud_buf_printf(b, "<h2>%s</h2>\n", title);
    else
        ud_buf_printf(b, "\n## %s\n\n", title);
    each(b, m, html);
}

void text_page(ud_buf *b, const text_map *m, bool html)
{
    if (html) {
        ud_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
        ud_xml_escape_buf(b, m->doc.name);
        ud_buf_printf(b, ": the text map</title><style>%s%s</style></head><body>\n<h1>", style,
                      text_page_css);
        ud_xml_escape_buf(b, m->doc.name);
        ud_buf_printf(b, " (%s): the text map</h1>\n", m->game->name);
    } else
        ud_buf_printf(b, "# %s (%s): the text map\n\n", m->doc.name, m->game->name);
    text_page_body(m, b, html, 2, "");
    index_section(b, m, html, "Rows", rows_index);
    index_section(b, m, html, "Open questions", readings_index);
    index_section(b, m, html, "Players' questions", questions_index);
    if (html)
        ud_buf_puts(b, "</body></html>\n");
}
