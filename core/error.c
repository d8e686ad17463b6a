/*
 * error.c - recording and printing input errors (see error.h).
 */
#include "error.h"

#include "buf.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void ud_error_set(ud_error *e, int line, int col, const char *rule, const char *fmt, ...)
{
    if (e->set)
        return; /* keep the first: later ones are usually its echoes */
    e->set = 1;
    e->line = line;
    e->col = col;
    snprintf(e->rule, sizeof e->rule, "%s", rule ? rule : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

void ud_error_print(const ud_error *e, const char *file, FILE *out)
{
    /* FILE:LINE:COL: for a malformed file, FILE:LINE: RULE-ID: for a step
     * the rules do not allow (the documented forms). */
    /* the name as typed may hold a newline or an ESC: escaped as values
     * in messages are, so that it cannot break the line or reach the
     * terminal */
    ud_buf shown;
    ud_buf_init(&shown);
    fprintf(out, "%s", ud_escaped(&shown, file));
    if (e->line > 0)
        fprintf(out, ":%d", e->line);
    if (e->col > 0 && !e->rule[0])
        fprintf(out, ":%d", e->col);
    if (e->rule[0])
        fprintf(out, ": %s", e->rule);
    /* the message quotes the file's own words (a record's, a content
     * file's): a direction override or a zero-width character among them
     * would reorder or hide the rest of the line; escaped the same way */
    fprintf(out, ": %s\n", ud_escaped(&shown, e->msg));
    ud_buf_free(&shown);
}
