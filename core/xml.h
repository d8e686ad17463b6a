/*
 * xml.h - text escaped for XML and HTML (SVG labels, the FAQ's pages):
 * & < > and " become entities, every other byte is written as it is.
 * The same escaping to a FILE * or to a ud_buf; ud_xml_entity for a
 * writer that escapes other characters too (Markdown's) and needs the
 * XML part one character at a time.
 */
#ifndef UD_XML_H
#define UD_XML_H

#include <stdio.h>

#include "buf.h"

/* The entity that stands for c ("&amp;", "&lt;", "&gt;", "&quot;"), or
 * NULL when c stands for itself. */
const char *ud_xml_entity(char c);

/* s escaped, to out. */
void ud_xml_escape(FILE *out, const char *s);
void ud_xml_escape_buf(ud_buf *out, const char *s);

#endif
