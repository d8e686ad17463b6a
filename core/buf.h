/*
 * buf.h - a growable text buffer: the one place output text is assembled
 * (transcript lines, state descriptions, error messages).
 */
#ifndef UD_BUF_H
#define UD_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct ud_buf {
    char *data; /* always NUL-terminated once anything was appended */
    size_t len;
    size_t cap;
} ud_buf;

void ud_buf_init(ud_buf *b);
void ud_buf_free(ud_buf *b);
void ud_buf_clear(ud_buf *b);
void ud_buf_puts(ud_buf *b, const char *s);
void ud_buf_putc(ud_buf *b, char c);
void ud_buf_printf(ud_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ud_buf_vprintf(ud_buf *b, const char *fmt, va_list ap);
/* The text so far; "" for an empty buffer (never NULL). */
const char *ud_buf_str(const ud_buf *b);

/* Append s wrapped at its spaces for a terminal, and a newline: the first
 * line goes on from column col (what the line holds already), every line
 * ends within width columns but for a word longer than a line, and the
 * lines after the first begin with indent spaces.  No line ends in a
 * space.  (The games' text drawings, undead show.) */
void ud_buf_wrapped(ud_buf *b, const char *s, int col, int width, int indent);

/* The character starting a UTF-8 sequence of two to four of the len
 * bytes at text, or -1 when the bytes are not one (cut short, overlong, a
 * surrogate, past U+10FFFF): the one decoder of the readers that refuse
 * what is not UTF-8 text (content files, rule texts). */
long ud_utf8_char(const char *text, size_t len);

/* The offset of the first byte of text (len bytes) that is not printable
 * UTF-8 text: a control byte but tab (a NUL too), DEL, a byte no UTF-8
 * character is, a C1 control, a byte-order mark; len when there is none.
 * why gets what was found, as the readers of text files say it
 * ("expected printable text, found byte 0x1b"). */
size_t ud_text_fault(const char *text, size_t len, ud_buf *why);

/* Append s as a message may show it on a terminal: printable ASCII and
 * well-formed UTF-8 as they are, every other byte escaped (\n, \t, \r,
 * else \xHH: \x1b, \x7f, \xff; a C1 control's two bytes, \xc2\x9b), and
 * the characters a terminal shows as nothing or that reorder the line as
 * \uHHHH (\ufeff, \u200b, \u202e, \u2028, \u00ad), so that a value a
 * person typed cannot end a message's line, move the cursor, change the
 * colours or hide in its quotes.  The one quoting of values in messages. */
void ud_buf_put_escaped(ud_buf *b, const char *s);
/* s through ud_buf_put_escaped into tmp (cleared first); tmp's text, for
 * a "%s" of a message. */
const char *ud_escaped(ud_buf *tmp, const char *s);

#endif
