/*
 * faq_svg.c - dice and charts for the FAQ as inline SVG (see faq_svg.h).
 * Colours and face pictures are keyed by the outcome labels transcripts
 * use; an unknown colour is grey and an unknown face is written out.
 * Numbers are printed with fixed decimals so two runs give the same bytes.
 */
#include "faq_svg.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

static void esc(FILE *out, const char *s)
{
    for (; *s; s++)
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if (*s == '"')
            fputs("&quot;", out);
        else
            fputc(*s, out);
}

typedef struct die_colour {
    const char *name, *fill, *ink;
} die_colour;

static const die_colour colours[] = {
    { "green", "#3f9b45", "#ffffff" },  { "yellow", "#f2c530", "#222222" },
    { "red", "#c0392b", "#ffffff" },    { "hunk", "#3d5bd9", "#ffffff" },
    { "hottie", "#d35fb7", "#ffffff" }, { "santa", "#ffffff", "#b01818" },
    { "bus", "#f5b400", "#222222" },
};

static const die_colour *colour_of(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
        if (strlen(colours[i].name) == len && strncmp(colours[i].name, name, len) == 0)
            return &colours[i];
    return NULL;
}

/* Pictures drawn in a 24x24 box centred on (12, 12). */
static void brain(FILE *out, double x, double y, double s)
{
    fprintf(out, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" ry=\"%.1f\" fill=\"#f6a5c0\" stroke=\"#7a2d48\" stroke-width=\"1\"/>",
            x, y, 6 * s, 4.6 * s);
    fprintf(out, "<path d=\"M%.1f %.1fq%.1f %.1f %.1f 0t%.1f 0\" fill=\"none\" stroke=\"#7a2d48\" stroke-width=\"0.9\"/>",
            x - 4 * s, y, 2 * s, -2.5 * s, 4 * s, 4 * s);
}

static void shotgun(FILE *out, double x, double y, double s)
{
    fputs("<polygon fill=\"#111111\" stroke=\"#ffffff\" stroke-width=\"0.6\" points=\"", out);
    for (int i = 0; i < 16; i++) {
        double a = i * 3.14159265358979 / 8, r = (i % 2 ? 2.6 : 6.2) * s;
        fprintf(out, "%s%.1f,%.1f", i ? " " : "", x + r * cos(a), y + r * sin(a));
    }
    fputs("\"/>", out);
}

static void feet(FILE *out, double x, double y, const char *ink)
{
    fprintf(out, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"2.2\" ry=\"3.6\" fill=\"%s\"/>", x - 3, y + 1.5, ink);
    fprintf(out, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"2.2\" ry=\"3.6\" fill=\"%s\"/>", x + 3, y - 2, ink);
}

static void word(FILE *out, const char *text, const char *ink, double size)
{
    fprintf(out, "<text x=\"12\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"%s\" "
                 "font-family=\"sans-serif\">",
            12 + size * 0.35, size, ink);
    esc(out, text);
    fputs("</text>", out);
}

void svg_die(FILE *out, const char *label)
{
    const char *colon = strchr(label, ':');
    size_t clen = colon ? (size_t)(colon - label) : strlen(label);
    const char *face = colon ? colon + 1 : "";
    const die_colour *c = colour_of(label, clen);
    const char *fill = c ? c->fill : "#9a9a9a", *ink = c ? c->ink : "#ffffff";
    bool bus = c && strcmp(c->name, "bus") == 0;
    int w = bus ? 40 : 24;
    fprintf(out, "<svg class=\"die\" width=\"%d\" height=\"24\" viewBox=\"0 0 %d 24\" role=\"img\" aria-label=\"",
            w, w);
    esc(out, label);
    fputs("\"><title>", out);
    esc(out, label);
    fprintf(out, "</title><rect x=\"1\" y=\"1\" width=\"%d\" height=\"22\" rx=\"4\" fill=\"%s\" stroke=\"#333333\" stroke-width=\"1\"/>",
            w - 2, fill);
    if (bus) {
        /* The bus faces are words on a d12: write them out. */
        fprintf(out, "<text x=\"%d\" y=\"15\" font-size=\"7\" text-anchor=\"middle\" fill=\"%s\" "
                     "font-family=\"sans-serif\">", w / 2, ink);
        esc(out, *face ? face : "bus");
        fputs("</text>", out);
    } else if (!*face)
        word(out, "?", ink, 12);
    else if (strcmp(face, "brain") == 0)
        brain(out, 12, 12, 1);
    else if (strcmp(face, "double-brain") == 0) {
        brain(out, 12, 7.5, 0.7);
        brain(out, 12, 16.5, 0.7);
    } else if (strcmp(face, "shotgun") == 0)
        shotgun(out, 12, 12, 1);
    else if (strcmp(face, "double-shotgun") == 0) {
        shotgun(out, 8, 8, 0.7);
        shotgun(out, 16, 16, 0.7);
    } else if (strcmp(face, "feet") == 0)
        feet(out, 12, 12, strcmp(ink, "#ffffff") == 0 && c && strcmp(c->name, "santa") != 0 ? "#ffffff" : "#333333");
    else if (strcmp(face, "helmet") == 0)
        fputs("<path d=\"M5 16a7 7 0 0 1 14 0z\" fill=\"#7d7d7d\" stroke=\"#222222\"/>"
              "<rect x=\"4\" y=\"15.5\" width=\"16\" height=\"2.5\" fill=\"#555555\"/>", out);
    else if (strcmp(face, "energy-drink") == 0)
        fputs("<rect x=\"8\" y=\"5\" width=\"8\" height=\"14\" rx=\"1.5\" fill=\"#2a7de1\" stroke=\"#113366\"/>"
              "<path d=\"M12 7l-2 5h3l-2 5\" fill=\"none\" stroke=\"#ffe14d\" stroke-width=\"1.3\"/>", out);
    else
        word(out, face, ink, 6);
    fputs("</svg>", out);
}

void svg_bars(FILE *out, const char *title, const char *unit, const svg_bar *bars, int n,
              int decimals)
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
    fprintf(out, "<figure class=\"chart\"><svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
            width, height, width, height);
    esc(out, title);
    fputs("\">", out);
    fprintf(out, "<text x=\"0\" y=\"16\" font-size=\"13\" font-weight=\"bold\" font-family=\"sans-serif\">");
    esc(out, title);
    if (unit && *unit) {
        fputs(" (", out);
        esc(out, unit);
        fputs(")", out);
    }
    fputs("</text>", out);
    for (int i = 0; i < n; i++) {
        double y = top + i * row_h;
        double w = bars[i].value / hi * plot_w;
        fprintf(out, "<text x=\"%d\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\" font-family=\"sans-serif\">",
                label_w - 6, y + 13);
        esc(out, bars[i].label);
        fputs("</text>", out);
        fprintf(out, "<rect x=\"%d\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", label_w, y + 3,
                w > 0 ? w : 0, row_h - 6, bars[i].highlight ? "#b03a2e" : "#7f8c8d");
        if (bars[i].ci95 > 0) {
            double a = (bars[i].value - bars[i].ci95) / hi * plot_w + label_w;
            double b = (bars[i].value + bars[i].ci95) / hi * plot_w + label_w;
            fprintf(out, "<path d=\"M%.1f %.0fH%.1fM%.1f %.0fv8M%.1f %.0fv8\" stroke=\"#000000\" stroke-width=\"1\"/>",
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

void svg_heat(FILE *out, const char *title, int rows, int cols, const char *const *row_labels,
              const char *const *col_labels, void (*cell)(void *ctx, int r, int c, double *v, char *text),
              void *ctx)
{
    const int left = 110, cw = 52, ch = 30, top = 44;
    int width = left + cols * cw + 2, height = top + rows * ch + 2;
    fprintf(out, "<figure class=\"chart\"><svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
            width, height, width, height);
    esc(out, title);
    fputs("\"><text x=\"0\" y=\"16\" font-size=\"13\" font-weight=\"bold\" font-family=\"sans-serif\">", out);
    esc(out, title);
    fputs("</text>", out);
    for (int c = 0; c < cols; c++) {
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" font-family=\"sans-serif\">",
                left + c * cw + cw / 2, top - 6);
        esc(out, col_labels[c]);
        fputs("</text>", out);
    }
    for (int r = 0; r < rows; r++) {
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\" font-family=\"sans-serif\">",
                left - 6, top + r * ch + ch / 2 + 4);
        esc(out, row_labels[r]);
        fputs("</text>", out);
        for (int c = 0; c < cols; c++) {
            double v = 0;
            char text[33] = "";
            cell(ctx, r, c, &v, text);
            if (v < 0)
                v = 0;
            if (v > 1)
                v = 1;
            /* white to dark red */
            int g = (int)lround(255 - 200 * v), b = (int)lround(255 - 210 * v);
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ff%02x%02x\" stroke=\"#ffffff\"/>",
                    left + c * cw, top + r * ch, cw, ch, g, b);
            fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" fill=\"%s\" "
                         "font-family=\"sans-serif\">",
                    left + c * cw + cw / 2, top + r * ch + ch / 2 + 4, v > 0.55 ? "#ffffff" : "#000000");
            esc(out, text);
            fputs("</text>", out);
        }
    }
    fputs("</svg></figure>\n", out);
}
