/*
 * faq_words.c - stored values as a reader says them (a rule text's short
 * name, a metric's name, an outcome), and reading the golden files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"
#include "infile.h"

void faq_short_source(const char *file, char *out, size_t size)
{
    /* "001_4f6e2b55ff14832a.txt": the text's number is enough in a cell,
     * the full name is in the sources table. */
    size_t n = strcspn(file, "_.");
    snprintf(out, size, "%.*s", (int)n, file);
}

/* A metric's name as a reader says it: "win_rate:p1" is the first seat's
 * win rate (the games it won alone: a shared win, the only kind a
 * cooperative game has, is counted apart), "decisions_per_game" decisions
 * per game, "explored_states:turn" explored states (turn).  The unit
 * follows when it is a percentage. */
void faq_measure_label(const char *name, const char *unit, char *out, size_t size)
{
    static const char *const ordinal[] = { "first", "second", "third", "fourth", "fifth", "sixth" };
    int seat = 0, used = 0;
    if (sscanf(name, "win_rate:p%d%n", &seat, &used) == 1 && !name[used] && seat >= 1) {
        if (seat <= 6)
            snprintf(out, size, "%s seat's win rate (won alone)", ordinal[seat - 1]);
        else
            snprintf(out, size, "seat %d's win rate (won alone)", seat);
    } else {
        size_t n = 0;
        bool bracket = false;
        for (const char *c = name; *c && n + 3 < size; c++) {
            if (*c == ':' && !bracket) {
                out[n++] = ' ';
                out[n++] = '(';
                bracket = true;
            } else
                out[n++] = *c == '_' ? ' ' : *c;
        }
        if (bracket && n + 1 < size)
            out[n++] = ')';
        out[n] = '\0';
    }
    if (strcmp(unit, "%") == 0) {
        size_t n = strlen(out);
        snprintf(out + n, size - n, ", %%");
    }
}

/* A stored outcome as a reader says it: "winner=p2 scores=p1:11,p2:16"
 * is "p2 won (p1 11, p2 16)", "nobody-won scores=p1:3" "nobody won (p1
 * 3)", "shared ..." "a shared win (...)", "partial ..." "scores so far: ...".  Text
 * of another shape is kept as it is. */
void faq_outcome_words(const char *raw, char *out, size_t size)
{
    char who[64] = "";
    const char *scores = strstr(raw, " scores=");
    size_t head = scores ? (size_t)(scores - raw) : strlen(raw);
    if (head >= sizeof who) {
        snprintf(out, size, "%s", raw);
        return;
    }
    memcpy(who, raw, head);
    who[head] = '\0';
    size_t n;
    if (strncmp(who, "winner=", 7) == 0)
        n = (size_t)snprintf(out, size, "%s won", who + 7);
    else if (strcmp(who, "nobody-won") == 0)
        n = (size_t)snprintf(out, size, "nobody won");
    else if (strcmp(who, "shared") == 0)
        n = (size_t)snprintf(out, size, "a shared win");
    else if (strcmp(who, "partial") == 0)
        n = (size_t)snprintf(out, size, "scores so far");
    else {
        snprintf(out, size, "%s", raw);
        return;
    }
    if (!scores || n + 4 >= size)
        return;
    /* "p1:11,p2:16" -> " (p1 11, p2 16)", or ": p1 11, p2 16" after "scores so far" */
    bool so_far = strcmp(who, "partial") == 0;
    size_t k = n;
    out[k++] = so_far ? ':' : ' ';
    out[k++] = so_far ? ' ' : '(';
    for (const char *c = scores + 8; *c && k + 3 < size; c++) {
        if (*c == ':')
            out[k++] = ' ';
        else if (*c == ',') {
            out[k++] = ',';
            out[k++] = ' ';
        } else
            out[k++] = *c;
    }
    if (!so_far)
        out[k++] = ')';
    out[k] = '\0';
}
char *faq_read_all(faq_doc *d, const char *path)
{
    if (!ud_infile_exists(path))
        return NULL;
    ud_buf why;
    ud_buf_init(&why);
    FILE *f = ud_infile_fopen(path, false, &why);
    if (!f && !d->refused[0])
        snprintf(d->refused, sizeof d->refused, "%s: %s", path, ud_buf_str(&why));
    ud_buf_free(&why);
    if (!f)
        return NULL;
    ud_buf b;
    ud_buf_init(&b);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
        chunk[n] = '\0';
        ud_buf_puts(&b, chunk);
    }
    bool failed = ferror(f) != 0;
    if (failed && !d->refused[0])
        snprintf(d->refused, sizeof d->refused, "%s: read error: %s", path, strerror(errno));
    fclose(f);
    char *s = failed ? NULL : strdup(ud_buf_str(&b));
    ud_buf_free(&b);
    return s;
}

/* Split text into lines in place (CR dropped). */
int faq_split_lines(char *s, char ***out)
{
    int n = 0, cap = 0;
    char **lines = NULL;
    while (s && *s) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        size_t len = strlen(s);
        if (len && s[len - 1] == '\r')
            s[len - 1] = '\0';
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(lines, (size_t)cap * sizeof *lines);
            if (!grown)
                break;
            lines = grown;
        }
        lines[n++] = s;
        s = nl ? nl + 1 : NULL;
    }
    *out = lines;
    return n;
}
