/*
 * faq_svg.h - the FAQ's pictures as inline SVG (no scripts, no fonts but
 * the reader's sans-serif): two chart kinds, horizontal bars with 95%
 * intervals and a heat table.  (A game draws its own chance tokens:
 * ud_faq_extras.glyph.)
 * Every number drawn is also printed as text beside or inside it, so a
 * printed page and pdftotext say the same thing.
 */
#ifndef UD_FAQ_SVG_H
#define UD_FAQ_SVG_H

#include <stdio.h>

#include "extras.h"

typedef ud_chart_bar svg_bar;

/* Horizontal bars with interval whiskers; value text at each bar's end. */
void svg_bars(FILE *out, const char *title, const char *unit, const svg_bar *bars, int n, int decimals);

/* A table of cells coloured by value in [0,1], each with its text.
 * cell(r, c) gives the value and writes its text (at most 32 bytes). */
void svg_heat(FILE *out, const char *title, int rows, int cols, const char *const *row_labels,
              const char *const *col_labels, void (*cell)(void *ctx, int r, int c, double *v, char *text),
              void *ctx);

#endif
