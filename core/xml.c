/*
 * xml.c - text escaped for XML and HTML (see xml.h).
 */
#include "xml.h"

const char *ud_xml_entity(char c)
{
    switch (c) {
    case '&':
        return "&amp;";
    case '<':
        return "&lt;";
    case '>':
        return "&gt;";
    case '"':
        return "&quot;";
    default:
        return NULL;
    }
}

void ud_xml_escape(FILE *out, const char *s)
{
    for (; *s; s++) {
        const char *e = ud_xml_entity(*s);
        if (e)
            fputs(e, out);
        else
            fputc(*s, out);
    }
}

void ud_xml_escape_buf(ud_buf *out, const char *s)
{
    for (; *s; s++) {
        const char *e = ud_xml_entity(*s);
        if (e)
            ud_buf_puts(out, e);
        else
            ud_buf_putc(out, *s);
    }
}
