/*
 * faq_svg.h - the FAQ's pictures as inline SVG (no scripts, no fonts but
 * the reader's sans-serif): dice drawn from transcript outcome labels, and
 * two chart kinds (horizontal bars with 95% intervals, and a heat table).
 * Every number drawn is also printed as text beside or inside it, so a
 * printed page and pdftotext say the same thing.
 */
#ifndef UD_FAQ_SVG_H
#define UD_FAQ_SVG_H

#include <stdio.h>

/* One die from a chance outcome "COLOUR:FACE" (e.g. green:brain,
 * santa:helmet, bus:two-brains) or a bare colour (a die just drawn). */
void svg_die(FILE *out, const char *label);

typedef struct svg_bar {
    const char *label;
    double value, ci95;        /* ci95 < 0: none */
    int highlight;             /* drawn in the accent colour (the default) */
} svg_bar;

/* Horizontal bars with interval whiskers; value text at each bar's end. */
void svg_bars(FILE *out, const char *title, const char *unit, const svg_bar *bars, int n,
              int decimals);

/* A table of cells coloured by value in [0,1], each with its text.
 * cell(r, c) gives the value and writes its text (at most 32 bytes). */
void svg_heat(FILE *out, const char *title, int rows, int cols, const char *const *row_labels,
              const char *const *col_labels, void (*cell)(void *ctx, int r, int c, double *v, char *text),
              void *ctx);

#endif
