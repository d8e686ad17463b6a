/*
 * faq_words.c - stored values as a reader says them (a rule text's short
 * name, a metric's name, a case's outcome and name, from the typed fields
 * the database keeps), and reading the golden files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"
#include "infile.h"

void faq_date_words(const char *iso, char *out, size_t size)
{
    static const char *const month[] = {
        "January", "February", "March",     "April",   "May",      "June",
        "July",    "August",   "September", "October", "November", "December"
    };
    int y = 0, m = 0, day = 0;
    if (sscanf(iso, "%4d-%2d-%2d", &y, &m, &day) == 3 && m >= 1 && m <= 12 && day >= 1 && day <= 31)
        snprintf(out, size, "%d %s %d", day, month[m - 1], y);
    else
        snprintf(out, size, "%s", iso);
}

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

/* The seats' scores as a reader says them: "p1 11, p2 16" (a seat whose
 * score is not kept by its name alone). */
static void scores_words(const db_faq_case_info *c, ud_buf *out)
{
    for (int i = 0; i < c->n_seats; i++) {
        ud_buf_printf(out, "%s%s", i ? ", " : "", c->seats[i].player);
        if (c->seats[i].has_score)
            ud_buf_printf(out, " %lld", (long long)c->seats[i].score);
    }
}

/* A stored case's outcome as a reader says it, from its status, winner and
 * seats: "p2 won (p1 11, p2 16)", "a shared win (...)", "nobody won (p1
 * 3)" (a solo loss), "scores so far: p1 3, p2 5" (a partial transcript).
 * A case without seats (an analysis's) or one that did not end (an illegal
 * line, a violation, an error) is said by its outcome text, whole. */
void faq_outcome_words(const db_faq_case_info *c, char *out, size_t size)
{
    bool partial = strcmp(c->status, "partial") == 0;
    if (!c->n_seats || (!partial && strcmp(c->status, "complete") != 0)) {
        snprintf(out, size, "%s", c->outcome);
        return;
    }
    ud_buf b;
    ud_buf_init(&b);
    if (partial)
        ud_buf_puts(&b, "scores so far: ");
    else if (strcmp(c->winner, "*shared*") == 0)
        ud_buf_puts(&b, "a shared win (");
    else if (c->winner[0])
        ud_buf_printf(&b, "%s won (", c->winner);
    else
        ud_buf_puts(&b, "nobody won (");
    scores_words(c, &b);
    if (!partial)
        ud_buf_putc(&b, ')');
    snprintf(out, size, "%s", ud_buf_str(&b));
    ud_buf_free(&b);
}

/* A stored case as a reader knows the game: a golden case by its file
 * (inputs "zombie_dice/examples/001-x.in" is 001-x), a seeded one by its
 * seed ("seed 10"); else by its key, as it is. */
void faq_case_label(const db_faq_case_info *c, char *out, size_t size)
{
    if (strcmp(c->kind, "golden") == 0) {
        const char *base = strrchr(c->inputs, '/');
        base = base ? base + 1 : c->inputs;
        size_t n = strlen(base);
        if (n > 3 && strcmp(base + n - 3, ".in") == 0)
            n -= 3;
        snprintf(out, size, "%.*s", (int)n, base);
    } else if (c->seeded)
        snprintf(out, size, "seed %llu", (unsigned long long)c->seed);
    else
        snprintf(out, size, "%s", c->key);
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
