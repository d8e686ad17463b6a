/*
 * capture.c - transcript lines kept in memory (see capture.h).
 */
#include "capture.h"

#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "transcript.h"

static void sink_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    capture *c = k->ctx;
    if (c->echo)
        ud_transcript_write_line(c->echo, text, rule ? rule->id : NULL);
    cap_add(c, text, rule ? rule->id : NULL);
}

void cap_init(capture *c, FILE *echo)
{
    memset(c, 0, sizeof *c);
    c->sink.line = sink_line;
    c->sink.ctx = c;
    c->echo = echo;
}

void cap_clear(capture *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->lines[i].text);
    c->n = 0;
}

void cap_free(capture *c)
{
    cap_clear(c);
    free(c->lines);
    c->lines = NULL;
    c->cap = 0;
}

void cap_add(capture *c, const char *text, const char *rule)
{
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 128;
        cap_line *p = realloc(c->lines, (size_t)cap * sizeof *p);
        if (!p) {
            c->oom = true;
            return;
        }
        c->lines = p;
        c->cap = cap;
    }
    cap_line *l = &c->lines[c->n];
    if (!(l->text = strdup(text))) {
        c->oom = true;
        return;
    }
    snprintf(l->rule, sizeof l->rule, "%s", rule ? rule : "");
    c->n++;
}

bool cap_from_transcript(capture *c, const char *text, size_t len)
{
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    if (ud_transcript_parse(text, len, ud_find_game, &t, &err) != 0)
        return false;
    ud_buf line;
    ud_buf_init(&line);
    for (int i = 0; i < t.n; i++) {
        const ud_tline *tl = &t.lines[i];
        ud_buf_clear(&line);
        for (int k = 0; k < tl->ntok; k++)
            ud_buf_printf(&line, "%s%s", k ? " " : "", tl->tok[k]);
        cap_add(c, ud_buf_str(&line), tl->tag);
    }
    ud_buf_free(&line);
    ud_transcript_free(&t);
    return true;
}
