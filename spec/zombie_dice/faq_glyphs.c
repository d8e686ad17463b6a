/*
 * faq_glyphs.c - Zombie Dice's chance tokens drawn as dice for the FAQ
 * (ud_faq_extras.glyph): inline SVG keyed by the outcome labels
 * transcripts use ("green:brain", "santa:helmet", "bus:two-brains", or a
 * bare colour for a die just drawn).  An unknown colour is grey and an
 * unknown face is written out.  The lot verb names a player: not drawn.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "xml.h"
#include "zd_extras.h"

typedef struct die_colour {
    const char *name, *fill, *ink;
} die_colour;

static const die_colour colours[] = {
    { "green", "#3f9b45", "#ffffff" }, { "yellow", "#f2c530", "#222222" }, { "red", "#c0392b", "#ffffff" },
    { "hunk", "#3d5bd9", "#ffffff" },  { "hottie", "#d35fb7", "#ffffff" }, { "santa", "#ffffff", "#b01818" },
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
    fprintf(
        out,
        "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" ry=\"%.1f\" fill=\"#f6a5c0\" stroke=\"#7a2d48\" stroke-width=\"1\"/>",
        x, y, 6 * s, 4.6 * s);
    fprintf(
        out,
        "<path d=\"M%.1f %.1fq%.1f %.1f %.1f 0t%.1f 0\" fill=\"none\" stroke=\"#7a2d48\" stroke-width=\"0.9\"/>",
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
    fprintf(out,
            "<text x=\"12\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"%s\" "
            "font-family=\"sans-serif\">",
            12 + size * 0.35, size, ink);
    ud_xml_escape(out, text);
    fputs("</text>", out);
}

static void die(FILE *out, const char *label)
{
    const char *colon = strchr(label, ':');
    size_t clen = colon ? (size_t)(colon - label) : strlen(label);
    const char *face = colon ? colon + 1 : "";
    const die_colour *c = colour_of(label, clen);
    const char *fill = c ? c->fill : "#9a9a9a", *ink = c ? c->ink : "#ffffff";
    bool bus = c && strcmp(c->name, "bus") == 0;
    int w = bus ? 40 : 24;
    fprintf(out,
            "<svg class=\"die\" width=\"%d\" height=\"24\" viewBox=\"0 0 %d 24\" role=\"img\" aria-label=\"",
            w, w);
    ud_xml_escape(out, label);
    fputs("\"><title>", out);
    ud_xml_escape(out, label);
    fprintf(
        out,
        "</title><rect x=\"1\" y=\"1\" width=\"%d\" height=\"22\" rx=\"4\" fill=\"%s\" stroke=\"#333333\" stroke-width=\"1\"/>",
        w - 2, fill);
    if (bus) {
        /* The bus faces are words on a d12: write them out. */
        fprintf(out,
                "<text x=\"%d\" y=\"15\" font-size=\"7\" text-anchor=\"middle\" fill=\"%s\" "
                "font-family=\"sans-serif\">",
                w / 2, ink);
        ud_xml_escape(out, *face ? face : "bus");
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
        feet(out, 12, 12,
             strcmp(ink, "#ffffff") == 0 && c && strcmp(c->name, "santa") != 0 ? "#ffffff" : "#333333");
    else if (strcmp(face, "helmet") == 0)
        fputs("<path d=\"M5 16a7 7 0 0 1 14 0z\" fill=\"#7d7d7d\" stroke=\"#222222\"/>"
              "<rect x=\"4\" y=\"15.5\" width=\"16\" height=\"2.5\" fill=\"#555555\"/>",
              out);
    else if (strcmp(face, "energy-drink") == 0)
        fputs(
            "<rect x=\"8\" y=\"5\" width=\"8\" height=\"14\" rx=\"1.5\" fill=\"#2a7de1\" stroke=\"#113366\"/>"
            "<path d=\"M12 7l-2 5h3l-2 5\" fill=\"none\" stroke=\"#ffe14d\" stroke-width=\"1.3\"/>",
            out);
    else
        word(out, face, ink, 6);
    fputs("</svg>", out);
}

bool zd_faq_glyph(FILE *out, const char *verb, const char *token)
{
    if (verb && strcmp(verb, "lot") == 0)
        return false;
    die(out, token);
    return true;
}
