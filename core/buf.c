/*
 * buf.c - growable text buffer.  Allocation failure aborts: undead is a
 * command-line verifier, and a half-written transcript is worse than none.
 */
#include "buf.h"
#include "error.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ud_buf_init(ud_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
}

void ud_buf_free(ud_buf *b)
{
    free(b->data);
    ud_buf_init(b);
}

void ud_buf_clear(ud_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

static void reserve(ud_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) {
        fputs("undead: out of memory\n", stderr);
        abort();
    }
    b->data = p;
    b->cap = cap;
}

void ud_buf_puts(ud_buf *b, const char *s)
{
    size_t n = strlen(s);
    reserve(b, n);
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
}

void ud_buf_putc(ud_buf *b, char c)
{
    reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

/* Formatted straight into the room the buffer has (at least 64 bytes),
 * and only a text longer than that room formatted again, into a larger
 * one: most pieces fit, and a format is the costly part (more so under
 * the sanitizers, which check every argument). */
void ud_buf_vprintf(ud_buf *b, const char *fmt, va_list ap)
{
    enum { ROOM_MIN = 64 };
    reserve(b, ROOM_MIN);
    size_t room = b->cap - b->len;
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(b->data + b->len, room, fmt, copy);
    va_end(copy);
    if (n < 0) {
        b->data[b->len] = '\0'; /* nothing appended */
        return;
    }
    if ((size_t)n >= room) {
        reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void ud_buf_printf(ud_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ud_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *ud_buf_str(const ud_buf *b) { return b->data ? b->data : ""; }

/* The length of the well-formed UTF-8 sequence of two or more bytes at s
 * (no overlong form, no surrogate, nothing above U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *s)
{
    unsigned char c = s[0];
    size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    unsigned char lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    unsigned char hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    if (n == 0 || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

long ud_utf8_char(const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text;
    int n = p[0] >= 0xf0 && p[0] <= 0xf4  ? 4
            : p[0] >= 0xe0 && p[0] < 0xf0 ? 3
            : p[0] >= 0xc2 && p[0] < 0xe0 ? 2
                                          : 0;
    if (n == 0 || (size_t)n > len)
        return -1;
    long cp = p[0] & (0x7f >> n);
    for (int k = 1; k < n; k++) {
        if ((p[k] & 0xc0) != 0x80)
            return -1;
        cp = cp << 6 | (p[k] & 0x3f);
    }
    static const long least[] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1;
    return cp;
}

size_t ud_text_fault(const char *text, size_t len, ud_buf *why)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            ud_buf_printf(why, "expected printable text, found byte 0x%02x", c);
            return i;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        long cp = ud_utf8_char(text + i, len - i);
        if (cp < 0)
            ud_buf_printf(why, "expected UTF-8 text, found byte 0x%02x", c);
        else if (cp < 0xa0)
            ud_buf_printf(why, "expected printable text, found control character U+%04lX", cp);
        else if (cp == UD_BOM_CHAR)
            ud_buf_puts(why, UD_BOM_MESSAGE);
        if (cp < 0xa0 || cp == UD_BOM_CHAR)
            return i;
        i += cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }
    return len;
}

/* Is the well-formed sequence p of n bytes a character a terminal shows as
 * nothing, or one that reorders or breaks the line: the soft hyphen, the
 * zero-width and direction marks (U+200B..U+200F), the line and paragraph
 * separators and direction embeddings (U+2028..U+202E), the invisible
 * operators and isolates (U+2060..U+206F), the byte-order mark (U+FEFF)?
 * Quoted as it is, '\u200b1' would read '1'. */
static long invisible_char(const unsigned char *p, size_t n)
{
    long c = ud_utf8_char((const char *)p, n);
    bool hidden = c == 0xad || (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) ||
                  (c >= 0x2060 && c <= 0x206f) || c == 0xfeff;
    return hidden ? c : 0;
}

void ud_buf_put_escaped(ud_buf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        size_t n = *p >= 0x80 ? utf8_sequence(p) : 0;
        bool c1 = n == 2 && p[0] == 0xc2 && p[1] < 0xa0; /* U+0080..U+009F: controls too */
        long hidden = n ? invisible_char(p, n) : 0;
        if (hidden) {
            ud_buf_printf(b, "\\u%04lx", hidden);
            p += n;
            continue;
        }
        if (n && !c1) {
            reserve(b, n);
            memcpy(b->data + b->len, p, n);
            b->len += n;
            b->data[b->len] = '\0';
            p += n;
            continue;
        }
        if (*p >= 0x20 && *p < 0x7f)
            ud_buf_putc(b, (char)*p);
        else if (*p == '\n' || *p == '\t' || *p == '\r')
            ud_buf_printf(b, "\\%c", *p == '\n' ? 'n' : *p == '\t' ? 't' : 'r');
        else
            ud_buf_printf(b, "\\x%02x", *p);
        p++;
    }
}

const char *ud_escaped(ud_buf *tmp, const char *s)
{
    ud_buf_clear(tmp);
    ud_buf_put_escaped(tmp, s);
    return ud_buf_str(tmp);
}

void ud_buf_wrapped(ud_buf *b, const char *s, int col, int width, int indent)
{
    while (*s) {
        size_t word = strcspn(s, " ");
        if (col > indent && col + (int)word > width) {
            while (b->len && b->data[b->len - 1] == ' ')
                b->data[--b->len] = '\0';
            ud_buf_printf(b, "\n%*s", indent, "");
            col = indent;
        }
        ud_buf_printf(b, "%.*s", (int)word, s);
        col += (int)word;
        s += word;
        if (*s == ' ') {
            ud_buf_putc(b, ' ');
            col++;
            s++;
        }
    }
    while (b->len && b->data[b->len - 1] == ' ')
        b->data[--b->len] = '\0';
    ud_buf_putc(b, '\n');
}
