/*
 * text_notes.c - a game's notes on its rule texts (spec/<folder>/text-notes).
 *
 * The file says, text by text, what no row's own summary quotes: which
 * rows encode a statement, which statement raises an open question, and
 * why a statement is on no row.  Every line is keyed by a quotation, found
 * in the text as the rows' are, never by a line number:
 *
 *   # a comment
 *   text 000_667bbeec5fdf16bd.txt
 *   row ZD-BUST,ZD-SHOTGUN-ASIDE "If you rolled three shotguns, your turn is over."
 *   reading first "The first player is the one who won the last game"
 *   flavour "Eat brains. Don't get shotgunned." the sheet's tagline, no rule
 *
 * A '"' inside a quotation is written \" (and a backslash \\).  The kinds
 * after row and reading (text_note_kind) each need a one-line reason.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "infile.h"
#include "text_impl.h"

const char *const text_note_kind_names[TEXT_NOTE_KINDS] = {
    "row", "reading", "flavour", "example", "components", "edition", "players", "advice", "gap",
};

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        text_oom();
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* The quotation at s (which begins with '"'), unescaped: newly allocated,
 * *end after its closing '"'; NULL when it is not closed. */
static char *read_quote(const char *s, const char **end)
{
    char *q = malloc(strlen(s) + 1), *o = q;
    if (!q)
        text_oom();
    for (s++; *s && *s != '"'; s++) {
        if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
            s++;
        *o++ = *s;
    }
    *o = '\0';
    if (*s != '"') {
        free(q);
        return NULL;
    }
    *end = s + 1;
    return q;
}

static bool has_variant(const ud_game *g, const char *key)
{
    for (int v = 0; v < g->n_variants; v++)
        if (strcmp(g->variants[v].key, key) == 0)
            return true;
    return false;
}

/* The IDs (comma-separated, up to the space at *s) into n->ids, each one
 * of g's rows (or, for a reading, variant keys); false with the message. */
static bool read_ids(text_note *n, const char **s, const ud_game *g, ud_buf *why)
{
    int k = 0;
    const char *p = *s;
    while (*p && *p != ' ' && *p != '\t') {
        const char *e = p;
        while (*e && *e != ',' && *e != ' ' && *e != '\t')
            e++;
        if (k == TEXT_NOTE_IDS - 1) {
            ud_buf_printf(why, "expected at most %d IDs", TEXT_NOTE_IDS - 1);
            return false;
        }
        n->ids[k] = dup_n(p, (size_t)(e - p));
        bool known =
            n->kind == TEXT_NOTE_ROW ? ud_game_rule(g, n->ids[k]) != NULL : has_variant(g, n->ids[k]);
        if (!known) {
            ud_buf_printf(why, "expected a %s of %s, got '%s'",
                          n->kind == TEXT_NOTE_ROW ? "rule ID" : "variant key", g->name, n->ids[k]);
            k++;
            return false;
        }
        k++;
        p = *e == ',' ? e + 1 : e;
    }
    if (!k)
        ud_buf_puts(why, n->kind == TEXT_NOTE_ROW ? "expected a rule ID before the quotation"
                                                  : "expected a variant key before the quotation");
    *s = p;
    return k > 0;
}

/* One note line into n; false with what was expected in why. */
static bool parse_note(text_note *n, const char *s, const ud_game *g, ud_buf *why)
{
    const char *w = s;
    while (*s && !isspace((unsigned char)*s))
        s++;
    int kind = -1;
    for (int k = 0; k < TEXT_NOTE_KINDS; k++)
        if ((size_t)(s - w) == strlen(text_note_kind_names[k]) &&
            !strncmp(w, text_note_kind_names[k], (size_t)(s - w)))
            kind = k;
    if (kind < 0) {
        ud_buf_puts(
            why,
            "expected text, row, reading, flavour, example, components, edition, players, advice or gap");
        return false;
    }
    n->kind = (text_note_kind)kind;
    s = skip_space(s);
    if ((n->kind == TEXT_NOTE_ROW || n->kind == TEXT_NOTE_READING) && !read_ids(n, &s, g, why))
        return false;
    s = skip_space(s);
    const char *end;
    if (*s != '"' || !(n->quote = read_quote(s, &end))) {
        ud_buf_puts(why, "expected a quotation in double quotes");
        return false;
    }
    s = skip_space(end);
    if (*s)
        n->reason = strdup(s);
    if (!n->reason && n->kind != TEXT_NOTE_ROW && n->kind != TEXT_NOTE_READING) {
        ud_buf_printf(why, "expected a one-line reason after the quotation of a %s note",
                      text_note_kind_names[kind]);
        return false;
    }
    return true;
}

static void note_free(text_note *n)
{
    for (int k = 0; k < TEXT_NOTE_IDS; k++)
        free(n->ids[k]);
    free(n->quote);
    free(n->reason);
}

/* Where the reading is: the file as named in messages (escaped), whether
 * a `text` line came yet, and whether it named the text read. */
typedef struct notes_place {
    const char *shown;
    int no;
    bool texts, mine;
} notes_place;

/* One line of the file (len bytes); false with the message printed.  Every
 * note is read, whichever text it is of (a bad note is bad wherever it
 * is); those of the text called name are kept. */
static bool notes_line(text_notes *out, char *line, size_t len, notes_place *at, const char *name,
                       const ud_game *g, FILE *err)
{
    if (memchr(line, '\0', len)) {
        fprintf(err, "%s:%d: expected text, found a NUL byte\n", at->shown, at->no);
        return false;
    }
    while (len && isspace((unsigned char)line[len - 1]))
        line[--len] = '\0';
    const char *s = skip_space(line);
    if (!*s || *s == '#')
        return true;
    if (!strncmp(s, "text ", 5)) {
        at->texts = true;
        at->mine = strcmp(skip_space(s + 5), name) == 0;
        return true;
    }
    if (!at->texts) {
        fprintf(
            err,
            "%s:%d: expected 'text NAME' (the rule text the notes below it are of) before the first note\n",
            at->shown, at->no);
        return false;
    }
    text_note n = { .line = at->no };
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    bool ok = parse_note(&n, s, g, &why);
    if (!ok)
        fprintf(err, "%s:%d: %s\n", at->shown, at->no, ud_escaped(&shown, ud_buf_str(&why)));
    if (!ok || !at->mine)
        note_free(&n);
    else {
        text_note *grown = realloc(out->notes, ((size_t)out->n + 1) * sizeof *grown);
        if (!grown)
            text_oom();
        out->notes = grown;
        out->notes[out->n++] = n;
    }
    ud_buf_free(&why);
    ud_buf_free(&shown);
    return ok;
}

bool text_notes_read(text_notes *out, const char *path, const char *name, const ud_game *g, FILE *err)
{
    memset(out, 0, sizeof *out);
    if (!path || !ud_infile_exists(path))
        return true; /* the default file of a game with no notes yet (cmd_text.c: a --notes must be there) */
    out->path = strdup(path);
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    ud_escaped(&shown, path);
    /* a FIFO or a device is refused, never waited on (infile.h) */
    FILE *f = ud_infile_fopen(path, false, &why);
    if (!f)
        fprintf(err, "%s: %s\n", ud_buf_str(&shown), ud_buf_str(&why));
    char *line = NULL;
    size_t cap = 0;
    bool ok = f != NULL;
    notes_place at = { .shown = ud_buf_str(&shown) };
    ssize_t got;
    while (ok && (got = getline(&line, &cap, f)) >= 0) {
        at.no++;
        ok = notes_line(out, line, (size_t)got, &at, name, g, err);
    }
    if (ok && ferror(f)) {
        fprintf(err, "%s: reading: %s\n", ud_buf_str(&shown), strerror(errno));
        ok = false;
    }
    free(line);
    if (f)
        fclose(f);
    ud_buf_free(&why);
    ud_buf_free(&shown);
    return ok;
}

void text_notes_free(text_notes *n)
{
    for (int i = 0; i < n->n; i++)
        note_free(&n->notes[i]);
    free(n->notes);
    free(n->path);
    memset(n, 0, sizeof *n);
}
