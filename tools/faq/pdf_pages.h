/*
 * pdf_pages.h - on which page each named destination of a PDF lands, as
 * poppler's `pdfinfo -dests` reports it.
 *
 * Chromium does not lay out CSS target-counter(), so `undead faq --format
 * pdf` prints once, reads here where each heading landed (Chromium names a
 * destination after every id a link points to: the contents link to every
 * heading), writes the numbers into the contents and prints again.
 */
#ifndef UD_PDF_PAGES_H
#define UD_PDF_PAGES_H

#include <stdbool.h>

#include "buf.h"

typedef struct pdf_page_of {
    char *name;
    int page; /* from 1 */
} pdf_page_of;

typedef struct pdf_pages {
    pdf_page_of *v;
    int n;
} pdf_pages;

/* Run PDFINFO -dests on PDF and keep every destination; false with err
 * filled (the tool missing, failing, or printing nothing readable). */
bool pdf_pages_read(const char *pdfinfo, const char *pdf, pdf_pages *out, ud_buf *err);

/* The page of destination NAME, or 0 when the PDF has none by that name. */
int pdf_pages_find(const pdf_pages *p, const char *name);

/* The first destination whose page differs between a and b (or that one
 * of them lacks), or NULL when they agree. */
const char *pdf_pages_moved(const pdf_pages *a, const pdf_pages *b);

void pdf_pages_free(pdf_pages *p);

#endif
