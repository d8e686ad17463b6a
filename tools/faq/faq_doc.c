/*
 * faq_doc.c - the FAQ's document writer (faq_doc.h): the markup of HTML
 * and Markdown for text, code, identifiers, links, headings (collected for
 * the contents), paragraphs and tables, and the writer a game's hooks get
 * (faq_h3, faq_p, faq_table_*; faq.h).
 */
#include "faq_doc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "xml.h"

bool faq_is_html(const faq_doc *d) { return !d->md; }
FILE *faq_out(faq_doc *d) { return d->out; }

/* Text, escaped for the format; newlines become spaces in Markdown: the
 * one place the FAQ escapes text (HTML's &, <, >, " and Markdown's
 * markup characters). */
void faq_text(faq_doc *d, const char *s)
{
    for (; *s; s++) {
        const char *entity = ud_xml_entity(*s);
        if (entity && !(d->md && *s == '"')) /* Markdown keeps its quotes */
            fputs(entity, d->out);
        else if (d->md && (*s == '|' || *s == '*' || *s == '`' || *s == '[' || *s == ']' || *s == '\\'))
            fprintf(d->out, "\\%c", *s);
        else if (d->md && *s == '\n')
            fputc(' ', d->out);
        else
            fputc(*s, d->out);
    }
}

void faq_textf(faq_doc *d, const char *fmt, ...)
{
    ud_buf b;
    ud_buf_init(&b);
    va_list ap;
    va_start(ap, fmt);
    ud_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    faq_text(d, ud_buf_str(&b));
    ud_buf_free(&b);
}

void faq_html(faq_doc *d, const char *s)
{
    if (!d->md)
        fputs(s, d->out);
}

void faq_md(faq_doc *d, const char *s)
{
    if (d->md)
        fputs(s, d->out);
}

void faq_code(faq_doc *d, const char *s)
{
    if (d->md) {
        fputc('`', d->out);
        for (; *s; s++)
            fputc(*s == '`' ? '\'' : *s == '|' ? '/' : *s, d->out);
        fputc('`', d->out);
        return;
    }
    fputs("<code>", d->out);
    faq_text(d, s);
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
            faq_code(d, s);
        else
            faq_text(d, s);
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
        faq_text(d, piece ? piece : "");
        free(piece);
        fputs(sep == ' ' ? "</span> " : sep ? "</span><wbr>" : "</span>", d->out);
        s += n + (sep != '\0');
    }
    fputs(as_code ? "</code>" : "", d->out);
}

void faq_ident(faq_doc *d, const char *s, bool as_code) { ident_at(d, s, as_code, "= ,|"); }

/* A command line: it breaks only between its words. */
void faq_command(faq_doc *d, const char *s) { ident_at(d, s, true, " "); }

void faq_link(faq_doc *d, const char *id, const char *label)
{
    if (d->md) {
        fputc('[', d->out);
        faq_text(d, label);
        fprintf(d->out, "](#%s)", id);
        return;
    }
    /* links are to rule IDs and anchors: never broken across lines */
    fprintf(d->out, "<a class=\"nw\" href=\"#%s\">", id);
    faq_text(d, label);
    fputs("</a>", d->out);
}

void faq_link_text(faq_doc *d, const char *id, const char *label)
{
    if (d->md) {
        faq_link(d, id, label);
        return;
    }
    fprintf(d->out, "<a href=\"#%s\">", id);
    faq_text(d, label);
    fputs("</a>", d->out);
}

void faq_anchor(faq_doc *d, const char *id) { fprintf(d->out, "<a id=\"%s\"></a>", id); }

static void toc_add(faq_doc *d, int level, const char *id, const char *title)
{
    if (d->n_toc >= TOC_MAX)
        return;
    toc_entry *e = &d->toc[d->n_toc++];
    e->level = level;
    snprintf(e->id, sizeof e->id, "%s", id);
    snprintf(e->title, sizeof e->title, "%s", title);
}

void faq_heading_class(faq_doc *d, int level, const char *id, const char *title, bool in_toc, const char *cls)
{
    level += d->shift;
    if (level > 6)
        level = 6;
    if (in_toc)
        toc_add(d, level, id, title);
    if (d->md) {
        fprintf(d->out, "\n%.*s ", level, "######");
        faq_anchor(d, id);
        faq_text(d, title);
        fputs("\n\n", d->out);
        return;
    }
    fprintf(d->out, "<h%d id=\"%s\"", level, id);
    if (cls)
        fprintf(d->out, " class=\"%s\"", cls);
    fputc('>', d->out);
    faq_text(d, title);
    fprintf(d->out, "</h%d>\n", level);
}

void faq_heading(faq_doc *d, int level, const char *id, const char *title, bool in_toc)
{
    faq_heading_class(d, level, id, title, in_toc, NULL);
}

void faq_h3(faq_doc *d, const char *id, const char *title) { faq_heading(d, 3, id, title, true); }

void faq_para_begin(faq_doc *d) { faq_html(d, "<p>"); }
void faq_para_end(faq_doc *d) { fputs(d->md ? "\n\n" : "</p>\n", d->out); }

void faq_p(faq_doc *d, const char *s)
{
    faq_para_begin(d);
    faq_text(d, s);
    faq_para_end(d);
}

/* Tables: begin with the header, then rows of cells written by the
 * caller between cell_begin/cell_end (or faq_table_row for plain text). */
void faq_table_begin_widths(faq_doc *d, int cols, const char *const *head, const int *widths)
{
    d->table_cols = cols;
    if (d->md) {
        fputs("\n|", d->out);
        for (int c = 0; c < cols; c++) {
            fputc(' ', d->out);
            faq_text(d, head[c]);
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
        faq_text(d, head[c]);
        fputs("</th>", d->out);
    }
    fputs("</tr></thead><tbody>\n", d->out);
}

void faq_row_begin(faq_doc *d, const char *id)
{
    if (d->md)
        fputc('|', d->out);
    else if (id)
        fprintf(d->out, "<tr id=\"%s\">", id);
    else
        fputs("<tr>", d->out);
}

void faq_row_end(faq_doc *d) { fputs(d->md ? "\n" : "</tr>\n", d->out); }
void faq_cell_begin(faq_doc *d) { fputs(d->md ? " " : "<td>", d->out); }
void faq_cell_end(faq_doc *d) { fputs(d->md ? " |" : "</td>", d->out); }

void faq_table_end(faq_doc *d) { fputs(d->md ? "\n" : "</tbody></table>\n", d->out); }

void faq_table_begin(faq_doc *d, int cols, const char *const *head)
{
    faq_table_begin_widths(d, cols, head, NULL);
}

void faq_table_row(faq_doc *d, const char *const *cells)
{
    faq_row_begin(d, NULL);
    for (int c = 0; c < d->table_cols; c++) {
        faq_cell_begin(d);
        faq_text(d, cells[c] ? cells[c] : "");
        faq_cell_end(d);
    }
    faq_row_end(d);
}
