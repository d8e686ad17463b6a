/*
 * buf.c - growable text buffer.  Allocation failure aborts: undead is a
 * command-line verifier, and a half-written transcript is worse than none.
 */
#include "buf.h"

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
