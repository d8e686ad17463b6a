/*
 * faq_findings.c - the findings: worked examples of the texts that cannot
 * happen as told (golden/GAME/findings.txt).
 *
 * The file is written by hand, not by undead: records of "KEY: VALUE"
 * lines, a blank line between two, '#' starting a comment.  It is read
 * into typed fields (one per key undead knows) before anything is
 * written, and a line that is none of these is refused, naming the file
 * and line, so that a typo cannot drop a finding or a field silently.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "faq_sections.h"

/* A finding's fields, in the order the FAQ shows them (the id heads it). */
typedef enum { F_ID, F_SOURCE, F_QUOTE, F_RULES, F_FINDING, F_TRANSCRIPT, F_COUNT } finding_field;
static const char *const field_names[F_COUNT] = { "id", "source", "quote", "rules", "finding", "transcript" };

typedef struct finding {
    const char *field[F_COUNT]; /* NULL: not given */
    int line;                   /* where the record begins */
} finding;

typedef struct findings {
    finding *at;
    int n, cap;
} findings;

static void finding_write(faq_doc *d, const finding *f)
{
    faq_heading(d, 3, f->field[F_ID], f->field[F_ID], true);
    faq_html(d, "<dl class=\"finding\">");
    for (int k = F_ID + 1; k < F_COUNT; k++) {
        const char *v = f->field[k];
        if (!v)
            continue;
        if (d->md)
            fprintf(d->out, "- **%s**: ", field_names[k]);
        else {
            fputs("<dt>", d->out);
            faq_text(d, field_names[k]);
            fputs("</dt><dd>", d->out);
        }
        if (k == F_RULES) {
            char *copy = strdup(v);
            int n = 0;
            for (char *tok = copy ? strtok(copy, " ") : NULL; tok; tok = strtok(NULL, " ")) {
                faq_text(d, n++ ? ", " : "");
                faq_link(d, tok, tok);
            }
            free(copy);
        } else if (k == F_TRANSCRIPT || k == F_SOURCE)
            faq_code(d, v);
        else
            faq_text(d, v);
        fputs(d->md ? "\n" : "</dd>", d->out);
    }
    faq_html(d, "</dl>\n");
    faq_md(d, "\n");
}

/* "PATH:LINE: what", the first refusal kept (the FAQ then fails, exit 2). */
static bool refuse(faq_doc *d, const char *path, int line, const char *what)
{
    if (!d->refused[0])
        snprintf(d->refused, sizeof d->refused, "%s:%d: %s", path, line, what);
    return false;
}

/* The record ended (a blank line or the file's end): kept when it has an
 * id; false (refused) when it has fields but none. */
static bool end_record(faq_doc *d, const char *path, findings *all, finding *f)
{
    bool any = false;
    for (int k = 0; k < F_COUNT; k++)
        any |= f->field[k] != NULL;
    if (!any)
        return true;
    if (!f->field[F_ID])
        return refuse(d, path, f->line, "a finding without an 'id: ' line");
    if (all->n == all->cap) {
        int cap = all->cap ? all->cap * 2 : 8;
        finding *grown = realloc(all->at, (size_t)cap * sizeof *grown);
        if (!grown)
            return refuse(d, path, f->line, "out of memory");
        all->at = grown;
        all->cap = cap;
    }
    all->at[all->n++] = *f;
    memset(f, 0, sizeof *f);
    return true;
}

/* One "KEY: VALUE" line (line: its number) into f; false (refused) when it
 * is not one, or names a key undead does not know or one given already. */
static bool field_line(faq_doc *d, const char *path, int line, char *text, finding *f)
{
    char *colon = strchr(text, ':');
    if (!colon || colon == text || colon[1] != ' ' || !colon[2])
        return refuse(d, path, line, "expected 'KEY: VALUE', a blank line or a '#' comment");
    *colon = '\0';
    int k = 0;
    while (k < F_COUNT && strcmp(text, field_names[k]) != 0)
        k++;
    ud_buf msg, shown;
    ud_buf_init(&msg);
    ud_buf_init(&shown);
    if (k == F_COUNT)
        ud_buf_printf(&msg, "unknown key '%s'; expected one of: id source quote rules finding transcript",
                      ud_escaped(&shown, text));
    else if (f->field[k])
        ud_buf_printf(&msg, "'%s' given twice in one finding", field_names[k]);
    bool ok = msg.len == 0 || refuse(d, path, line, ud_buf_str(&msg));
    ud_buf_free(&msg);
    ud_buf_free(&shown);
    if (!ok)
        return false;
    if (!f->line)
        f->line = line;
    f->field[k] = colon + 2;
    return true;
}

/* Every finding of the lines, in order; false (refused) at the first bad
 * line. */
static bool read_findings(faq_doc *d, const char *path, char **lines, int n, findings *all)
{
    finding f = { 0 };
    for (int i = 0; i < n; i++) {
        if (lines[i][0] == '#')
            continue;
        if (!(lines[i][0] ? field_line(d, path, i + 1, lines[i], &f) : end_record(d, path, all, &f)))
            return false;
    }
    return end_record(d, path, all, &f);
}

void faq_section_findings(faq_doc *d, const ud_game *g, const char *folder, const char *golden_dir)
{
    char path[1024], id[96];
    snprintf(path, sizeof path, "%s/%s/findings.txt", golden_dir, folder);
    char *s = faq_read_all(d, path);
    if (!s)
        return;
    char **lines;
    int n = faq_split_lines(s, &lines);
    findings all = { 0 };
    if (read_findings(d, path, lines, n, &all)) {
        snprintf(id, sizeof id, "%s-findings", g->name);
        faq_heading(d, 2, id, "Findings: worked examples that cannot happen as told", true);
        faq_p(d, "Places where a rule text's worked example cannot happen under the rules as encoded "
                 "(golden/.../findings.txt). The golden transcript follows the rules; each record says what "
                 "differs.");
        for (int i = 0; i < all.n; i++)
            finding_write(d, &all.at[i]);
    }
    free(all.at);
    free(lines);
    free(s);
}
