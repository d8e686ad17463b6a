/*
 * svg.h - what the games' standalone SVG drawings (undead show) share: the
 * document's head (its size, the caption as its title, the game's style
 * sheet, a white ground), a line of text escaped for XML, and text wrapped
 * to a width.  Every drawing is one standalone document: no script, no
 * external reference, generic font families, so any browser or converter
 * draws it the same way.
 */
#ifndef UD_SVG_H
#define UD_SVG_H

#include "buf.h"

/* The XML declaration, the <svg> element of width x height pixels, the
 * caption as its <title>, style (CSS rules, written as they are) and a
 * white ground.  ud_svg_end closes the element. */
void ud_svg_begin(ud_buf *out, int width, int height, const char *caption, const char *style);
void ud_svg_end(ud_buf *out);

/* <text x y attrs>s</text>, s escaped. */
void ud_svg_text(ud_buf *out, int x, int y, const char *attrs, const char *s);

/* s in lines of at most width pixels of a font-size font (a sans-serif
 * character taken as 0.6 of the font size: SVG 1.1 has no wrapping of its
 * own), the first at baseline y; the y of the line after the last. */
int ud_svg_wrapped(ud_buf *out, int x, int y, int width, int font, const char *attrs, const char *s);

/* The head of a game's drawing in body, from the top: the caption (a
 * heading), the game's title (a light line) and its status (a bold line
 * of status_font pixels), each wrapped to the drawing's width; the y of
 * the line after them. */
int ud_svg_heading(ud_buf *body, int width, const char *caption, const char *title, const char *status,
                   int status_font);

/* The whole document into out: ud_svg_begin with the style the drawings
 * share (the text's family, the classes h, b and l of ud_svg_heading) and
 * the game's own style rules, then body, then the end; body is freed. */
void ud_svg_finish(ud_buf *out, int width, int height, const char *caption, const char *style, ud_buf *body);

#endif
