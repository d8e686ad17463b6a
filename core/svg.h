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

#endif
