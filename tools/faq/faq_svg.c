/*
 * faq_svg.c - charts for the FAQ as inline SVG (see faq_svg.h).  Numbers are printed with fixed decimals so two runs give the same bytes.
 */
#include "faq_svg.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "xml.h"

void svg_bars(FILE *out, const char *title, const char *unit, const svg_bar *bars, int n, int decimals)
{
    double hi = 0;
    for (int i = 0; i < n; i++) {
        double v = bars[i].value + (bars[i].ci95 > 0 ? bars[i].ci95 : 0);
        if (v > hi)
            hi = v;
    }
    if (hi <= 0)
        hi = 1;
    const int label_w = 230, plot_w = 330, row_h = 20, top = 28, width = 660;
    int height = top + n * row_h + 10;
    fprintf(
        out,
        "<figure class=\"chart\"><svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
        width, height, width, height);
    ud_xml_escape(out, title);
    fputs("\">", out);
    fprintf(out, "<text x=\"0\" y=\"16\" font-size=\"13\" font-weight=\"bold\" font-family=\"sans-serif\">");
    ud_xml_escape(out, title);
    if (unit && *unit) {
        fputs(" (", out);
        ud_xml_escape(out, unit);
        fputs(")", out);
    }
    fputs("</text>", out);
    for (int i = 0; i < n; i++) {
        double y = top + i * row_h;
        double w = bars[i].value / hi * plot_w;
        fprintf(out,
                "<text x=\"%d\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\" font-family=\"sans-serif\">",
                label_w - 6, y + 13);
        ud_xml_escape(out, bars[i].label);
        fputs("</text>", out);
        fprintf(out, "<rect x=\"%d\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", label_w, y + 3,
                w > 0 ? w : 0, row_h - 6, bars[i].highlight ? "#b03a2e" : "#7f8c8d");
        if (bars[i].ci95 > 0) {
            /* an interval reaching below zero stops at the axis, off the labels */
            double low = bars[i].value - bars[i].ci95;
            double a = (low > 0 ? low : 0) / hi * plot_w + label_w;
            double b = (bars[i].value + bars[i].ci95) / hi * plot_w + label_w;
            fprintf(
                out,
                "<path d=\"M%.1f %.0fH%.1fM%.1f %.0fv8M%.1f %.0fv8\" stroke=\"#000000\" stroke-width=\"1\"/>",
                a, y + 10, b, a, y + 6, b, y + 6);
        }
        fprintf(out, "<text x=\"%d\" y=\"%.0f\" font-size=\"11\" font-family=\"sans-serif\">%.*f",
                label_w + plot_w + 8, y + 13, decimals, bars[i].value);
        if (bars[i].ci95 >= 0)
            fprintf(out, " \xc2\xb1 %.*f", decimals, bars[i].ci95);
        fputs("</text>", out);
    }
    fputs("</svg></figure>\n", out);
}

/* sRGB channel to linear light (WCAG 2 relative luminance). */
static double linear(int channel)
{
    double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* Whether white text has more contrast than black on this colour. */
static bool white_reads_better(int r, int g, int b)
{
    double l = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    return 1.05 / (l + 0.05) > (l + 0.05) / 0.05;
}

void svg_heat(FILE *out, const char *title, int rows, int cols, const char *const *row_labels,
              const char *const *col_labels, void (*cell)(void *ctx, int r, int c, double *v, char *text),
              void *ctx)
{
    const int left = 110, ch = 30, top = 44;
    /* a column as wide as its longest label and a gap (11px sans-serif
     * runs under 6.5px a character): "2 bullets" never runs into "3 or more" */
    int cw = 52;
    for (int c = 0; c < cols; c++) {
        int need = (int)(6.5 * (double)strlen(col_labels[c])) + 14;
        cw = need > cw ? need : cw;
    }
    int width = left + cols * cw + 2, height = top + rows * ch + 2;
    fprintf(
        out,
        "<figure class=\"chart\"><svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
        width, height, width, height);
    ud_xml_escape(out, title);
    fputs("\"><text x=\"0\" y=\"16\" font-size=\"13\" font-weight=\"bold\" font-family=\"sans-serif\">", out);
    ud_xml_escape(out, title);
    fputs("</text>", out);
    for (int c = 0; c < cols; c++) {
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" font-family=\"sans-serif\">",
                left + c * cw + cw / 2, top - 6);
        ud_xml_escape(out, col_labels[c]);
        fputs("</text>", out);
    }
    for (int r = 0; r < rows; r++) {
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\" font-family=\"sans-serif\">",
                left - 6, top + r * ch + ch / 2 + 4);
        ud_xml_escape(out, row_labels[r]);
        fputs("</text>", out);
        for (int c = 0; c < cols; c++) {
            double v = 0;
            char text[33] = "";
            cell(ctx, r, c, &v, text);
            if (v < 0)
                v = 0;
            if (v > 1)
                v = 1;
            /* white to dark red, the figure in black or white, whichever
             * stands out more from the cell */
            int red = (int)lround(255 - 115 * v), gb = (int)lround(255 - 225 * v);
            fprintf(
                out,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%02x%02x%02x\" stroke=\"#ffffff\"/>",
                left + c * cw, top + r * ch, cw, ch, red, gb, gb);
            fprintf(out,
                    "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" fill=\"%s\" "
                    "font-family=\"sans-serif\">",
                    left + c * cw + cw / 2, top + r * ch + ch / 2 + 4,
                    white_reads_better(red, gb, gb) ? "#ffffff" : "#000000");
            ud_xml_escape(out, text);
            fputs("</text>", out);
        }
    }
    fputs("</svg></figure>\n", out);
}
