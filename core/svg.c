/*
 * svg.c - the games' SVG drawings' shared parts (see svg.h).
 */
#include "svg.h"

#include <string.h>

#include "xml.h"

void ud_svg_begin(ud_buf *out, int width, int height, const char *caption, const char *style)
{
    ud_buf_printf(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
        width, height, width, height);
    ud_buf_puts(out, "<title>");
    ud_xml_escape_buf(out, caption);
    ud_buf_puts(out, "</title>\n<style>\n");
    ud_buf_puts(out, style);
    ud_buf_puts(out, "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
}

void ud_svg_end(ud_buf *out) { ud_buf_puts(out, "</svg>\n"); }

void ud_svg_text(ud_buf *out, int x, int y, const char *attrs, const char *s)
{
    ud_buf_printf(out, "<text x=\"%d\" y=\"%d\" %s>", x, y, attrs);
    ud_xml_escape_buf(out, s);
    ud_buf_puts(out, "</text>\n");
}

int ud_svg_wrapped(ud_buf *out, int x, int y, int width, int font, const char *attrs, const char *s)
{
    size_t per = (size_t)(width * 10 / (font * 6));
    if (per < 2)
        per = 2;
    char line[512];
    while (*s) {
        size_t n = strlen(s);
        if (n > per) {
            n = per;
            while (n > per / 2 && s[n] != ' ')
                n--;
            if (s[n] != ' ')
                n = per; /* one long word: cut it, */
            while (n > 1 && ((unsigned char)s[n] & 0xC0) == 0x80)
                n--; /* but not inside a UTF-8 character */
        }
        if (n >= sizeof line)
            n = sizeof line - 1;
        memcpy(line, s, n);
        line[n] = '\0';
        ud_svg_text(out, x, y, attrs, line);
        y += font + 6;
        s += n;
        while (*s == ' ')
            s++;
    }
    return y;
}

int ud_svg_heading(ud_buf *body, int width, const char *caption, const char *title, const char *status,
                   int status_font)
{
    int y = ud_svg_wrapped(body, 12, 24, width - 24, 14, "class=\"h\"", caption);
    y = ud_svg_wrapped(body, 12, y, width - 24, 12, "class=\"l\"", title);
    return ud_svg_wrapped(body, 12, y, width - 24, status_font, "class=\"b\"", status);
}

void ud_svg_finish(ud_buf *out, int width, int height, const char *caption, const char *style, ud_buf *body)
{
    ud_buf sheet;
    ud_buf_init(&sheet);
    ud_buf_puts(&sheet, "text { font-family: sans-serif; fill: #222; }\n");
    ud_buf_puts(&sheet, style);
    ud_buf_puts(&sheet, ".h { font-size: 14px; font-weight: bold; }\n"
                        ".b { font-size: 13px; font-weight: bold; }\n"
                        ".l { font-size: 12px; }\n");
    ud_svg_begin(out, width, height, caption, ud_buf_str(&sheet));
    ud_buf_puts(out, ud_buf_str(body));
    ud_svg_end(out);
    ud_buf_free(&sheet);
    ud_buf_free(body);
}
