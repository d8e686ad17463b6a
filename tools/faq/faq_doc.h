/*
 * faq_doc.h - the FAQ's document writer (faq_doc.c), shared by the files
 * that write its sections (faq_*.c): the same calls write HTML or
 * Markdown, and every heading a section writes lands in the contents.
 * faq_text is the one place text is escaped for the format.
 */
#ifndef UD_FAQ_DOC_H
#define UD_FAQ_DOC_H

#include <stdbool.h>
#include <stdio.h>

#include "faq.h"

enum { TOC_MAX = 512 };

typedef struct toc_entry {
    int level;
    char id[400];
    char title[300];
} toc_entry;

struct faq_doc {
    FILE *out;
    bool md;
    bool print; /* for the PDF: no interactive parts */
    /* Added to every heading's level: 1 when the document holds both
     * parts, whose headings (level 1) stand above the games'. */
    int shift;
    int n_toc;
    toc_entry toc[TOC_MAX];
    int table_cols;
    /* The first file a section could not read (a FIFO, a device where a
     * golden file is expected: infile.h), as "PATH: why"; "" when none.
     * The FAQ is not written then. */
    char refused[1200];
    const faq_texts *texts; /* faq_opts.texts */
};

/* Text, escaped for the format; newlines become spaces in Markdown. */
void faq_text(faq_doc *d, const char *s);
void faq_textf(faq_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Markup written as it is, in HTML only (faq_html) or Markdown only (faq_md). */
void faq_html(faq_doc *d, const char *s);
void faq_md(faq_doc *d, const char *s);
void faq_code(faq_doc *d, const char *s);
/* An identifier or a reading that breaks across lines only after '=', a
 * space, a comma or a '|'; in code type when AS_CODE. */
void faq_ident(faq_doc *d, const char *s, bool as_code);
/* A command line: it breaks only between its words. */
void faq_command(faq_doc *d, const char *s);
/* A link to anchor ID: faq_link never breaks across lines (rule IDs),
 * faq_link_text is words that wrap (a question's title). */
void faq_link(faq_doc *d, const char *id, const char *label);
void faq_link_text(faq_doc *d, const char *id, const char *label);
void faq_anchor(faq_doc *d, const char *id);
/* A heading of LEVEL (d->shift added) with anchor ID, in the contents
 * when IN_TOC; faq_heading_class gives it the HTML class CLS. */
void faq_heading(faq_doc *d, int level, const char *id, const char *title, bool in_toc);
void faq_heading_class(faq_doc *d, int level, const char *id, const char *title, bool in_toc,
                       const char *cls);
void faq_para_begin(faq_doc *d);
void faq_para_end(faq_doc *d);
/* Tables: the header (column WIDTHS in percent, or NULL), then rows of
 * cells written between faq_cell_begin/faq_cell_end (or faq_table_row). */
void faq_table_begin_widths(faq_doc *d, int cols, const char *const *head, const int *widths);
void faq_row_begin(faq_doc *d, const char *id);
void faq_row_end(faq_doc *d);
void faq_cell_begin(faq_doc *d);
void faq_cell_end(faq_doc *d);

#endif
