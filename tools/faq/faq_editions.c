/*
 * faq_editions.c - the players' FAQ's record of published editions
 * (faq_editions.h): read and checked line by line, compared with the
 * questions as they are now, and extended by one edition.
 */
#include "faq_editions.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"
#include "games.h"
#include "infile.h"
#include "outfile.h"

/* A record is a few lines per question per edition: these bounds keep a
 * hostile file from taking unbounded memory. */
enum { LINE_MAX_BYTES = 512, KEY_MAX = 160, EDITIONS_MAX = 999, ENTRIES_MAX = 4096, RECORD_MAX = 4 << 20 };

typedef struct entry {
    char key[KEY_MAX]; /* "GAME/QUESTION-ID" */
    uint64_t print;
} entry;

typedef struct edition {
    int number;
    char date[11]; /* YYYY-MM-DD */
    entry *entries;
    int n, cap;
} edition;

struct faq_editions {
    edition *eds;
    int n;
    ud_buf text; /* the record's lines as read, kept when it is extended */
    bool draft;  /* the questions today differ from the newest edition */
};

/* FNV-1a, 64 bits: a fingerprint to notice a change, not a defence. */
static uint64_t fnv(uint64_t h, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
        h = (h ^ *p) * 0x100000001b3ULL;
    return (h ^ 0x1f) * 0x100000001b3ULL; /* a field separator: "ab","c" is not "a","bc" */
}

uint64_t faq_question_print(const ud_game *g, const ud_faq_question *q)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv(fnv(fnv(h, q->ask), q->ruling), q->why_ruling);
    for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++)
        h = fnv(fnv(fnv(h, q->quotes[i].source), q->quotes[i].section), q->quotes[i].text);
    for (int i = 0; i < UD_FAQ_SEE && q->see[i]; i++)
        h = fnv(h, q->see[i]);
    if (q->variant) {
        h = fnv(fnv(h, q->variant->key), q->variant->values[q->variant->default_value].name);
        for (int i = 0; i < UD_FAQ_HOUSE && q->house[i].plain; i++)
            h = fnv(fnv(h, q->variant->values[q->house[i].value].name), q->house[i].plain);
    }
    (void)g; /* the key names the game */
    return h;
}

static const entry *find_entry(const edition *ed, const char *key)
{
    for (int i = 0; i < ed->n; i++)
        if (strcmp(ed->entries[i].key, key) == 0)
            return &ed->entries[i];
    return NULL;
}

static bool add_entry(edition *ed, const char *key, uint64_t print)
{
    if (ed->n == ed->cap) {
        int cap = ed->cap ? 2 * ed->cap : 64;
        entry *grown = realloc(ed->entries, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        ed->entries = grown;
        ed->cap = cap;
    }
    snprintf(ed->entries[ed->n].key, KEY_MAX, "%s", key);
    ed->entries[ed->n++].print = print;
    return true;
}

/* Is s a date YYYY-MM-DD, one the calendar has (no 30 February, no 31
 * November)? */
static bool is_date(const char *s)
{
    int y, m, d;
    char end;
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !isdigit((unsigned char)s[i]))
            return false;
    if (sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &end) != 3 || m < 1 || m > 12)
        return false;
    static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d >= 1 && d <= days[m - 1] + (m == 2 && leap);
}

/* "edition N DATE": the next edition, numbered in order and dated no
 * earlier than the one before.  False with why filled. */
static bool read_edition_line(faq_editions *e, const char *line, ud_buf *why)
{
    int number, used = 0;
    char date[16];
    if (sscanf(line, "edition %d %15s%n", &number, date, &used) != 2 || line[used] || !is_date(date)) {
        ud_buf_puts(why, "expected 'edition N YYYY-MM-DD'");
        return false;
    }
    if (number != e->n + 1) {
        ud_buf_printf(why, "expected edition %d (editions are numbered 1, 2, 3 in order)", e->n + 1);
        return false;
    }
    if (e->n == EDITIONS_MAX) {
        ud_buf_printf(why, "more than %d editions", EDITIONS_MAX);
        return false;
    }
    if (e->n && strcmp(date, e->eds[e->n - 1].date) < 0) {
        ud_buf_printf(why, "expected a date no earlier than edition %d's (%s)", e->n, e->eds[e->n - 1].date);
        return false;
    }
    /* an edition with no question under it is no edition a booklet had
     * (a hand-edited record): every question would read as changed */
    if (e->n && !e->eds[e->n - 1].n) {
        ud_buf_printf(why,
                      "expected edition %d's questions ('GAME/QUESTION-ID' and a fingerprint) before "
                      "edition %d",
                      e->n, number);
        return false;
    }
    edition *grown = realloc(e->eds, (size_t)(e->n + 1) * sizeof *grown);
    if (!grown) {
        ud_buf_puts(why, "out of memory");
        return false;
    }
    e->eds = grown;
    e->eds[e->n] = (edition){ .number = number };
    memcpy(e->eds[e->n].date, date, 11);
    e->n++;
    return true;
}

/* "GAME/ID HEX16": one question of the newest edition. */
static bool read_entry_line(faq_editions *e, const char *line, ud_buf *why)
{
    char key[KEY_MAX], hex[32];
    int used = 0;
    if (sscanf(line, "%159s %31s%n", key, hex, &used) != 2 || line[used] || !strchr(key, '/') ||
        strlen(hex) != 16 || strspn(hex, "0123456789abcdef") != 16) {
        ud_buf_puts(why, "expected 'GAME/QUESTION-ID' and a fingerprint of 16 hex digits");
        return false;
    }
    if (!e->n) {
        ud_buf_puts(why, "expected 'edition N YYYY-MM-DD' before the first question");
        return false;
    }
    edition *ed = &e->eds[e->n - 1];
    if (find_entry(ed, key)) {
        ud_buf_printf(why, "expected each question once in an edition; '%s' is in edition %d twice", key,
                      ed->number);
        return false;
    }
    if (ed->n == ENTRIES_MAX) {
        ud_buf_printf(why, "more than %d questions in one edition", ENTRIES_MAX);
        return false;
    }
    if (!add_entry(ed, key, strtoull(hex, NULL, 16))) {
        ud_buf_puts(why, "out of memory");
        return false;
    }
    return true;
}

/* One line of the record: a comment, a blank, an edition, a question. */
static bool read_line(faq_editions *e, const char *line, ud_buf *why)
{
    if (!line[0] || line[0] == '#')
        return true;
    if (strncmp(line, "edition", 7) == 0 && (line[7] == ' ' || !line[7]))
        return read_edition_line(e, line, why);
    return read_entry_line(e, line, why);
}

static void each_question(void (*visit)(const ud_game *, const ud_faq_question *, void *), void *arg)
{
    for (const ud_game *const *g = ud_games; *g; g++) {
        const ud_faq_extras *fx = faq_extras(*g);
        for (const ud_faq_question *q = fx && fx->questions ? fx->questions : NULL; q && q->id; q++)
            visit(*g, q, arg);
    }
}

static void key_of(const ud_game *g, const ud_faq_question *q, char *key)
{
    snprintf(key, KEY_MAX, "%s/%s", g->name, q->id);
}

typedef struct differs {
    const edition *ed;
    int seen;
    bool any;
} differs;

static void compare_question(const ud_game *g, const ud_faq_question *q, void *arg)
{
    differs *d = arg;
    char key[KEY_MAX];
    key_of(g, q, key);
    const entry *en = find_entry(d->ed, key);
    d->seen += en != NULL;
    d->any |= !en || en->print != faq_question_print(g, q);
}

/* Whether the questions today differ from edition ed (one changed, added
 * or taken out). */
static bool differs_from(const edition *ed)
{
    differs d = { .ed = ed };
    each_question(compare_question, &d);
    return d.any || d.seen != ed->n;
}

static bool read_record(faq_editions *e, const char *path, FILE *in, ud_buf *err)
{
    char line[LINE_MAX_BYTES + 1];
    size_t len;
    ud_buf why;
    ud_buf_init(&why);
    bool ok = true;
    int edition_at = 0; /* the line of the newest edition */
    for (int no = 1; ok; no++) {
        ud_line_status st = ud_infile_line(in, line, LINE_MAX_BYTES, &len);
        if (st == UD_LINE_END) {
            if (ferror(in)) {
                ud_buf_printf(err, "%s:%d: cannot read it: %s", path, no, strerror(errno));
                ok = false;
            } else if (e->n && !e->eds[e->n - 1].n) {
                ud_buf_printf(err,
                              "%s:%d: expected edition %d's questions under it ('GAME/QUESTION-ID' and a "
                              "fingerprint of 16 hex digits), found the end of the record",
                              path, edition_at, e->n);
                ok = false;
            }
            break;
        }
        if (st == UD_LINE_NUL) { /* said whole: the line's text is not quoted after it */
            ud_buf_printf(err, "%s:%d: expected text, found a NUL byte", path, no);
            ok = false;
            break;
        }
        if (st == UD_LINE_TOO_LONG)
            ud_buf_printf(&why, "expected a line of at most %d bytes", LINE_MAX_BYTES);
        else if (e->text.len + len >= RECORD_MAX)
            ud_buf_printf(&why, "expected a record of at most %d MiB", RECORD_MAX >> 20);
        else if (len && line[len - 1] == '\r')
            line[--len] = '\0'; /* a record edited on another system */
        int editions = e->n;
        if (!why.len && read_line(e, line, &why)) {
            if (e->n != editions)
                edition_at = no;
            ud_buf_printf(&e->text, "%s\n", line);
            continue;
        }
        ud_buf shown;
        ud_buf_init(&shown);
        ud_buf_printf(err, "%s:%d: %s, found '%s'", path, no, ud_buf_str(&why),
                      ud_escaped(&shown, st == UD_LINE_OK ? line : "..."));
        ud_buf_free(&shown);
        ok = false;
    }
    ud_buf_free(&why);
    return ok;
}

faq_editions *faq_editions_read(const char *path, bool may_be_missing, ud_buf *err)
{
    faq_editions *e = calloc(1, sizeof *e);
    if (!e) {
        ud_buf_puts(err, "out of memory");
        return NULL;
    }
    ud_buf_init(&e->text);
    if (!(may_be_missing && !ud_infile_exists(path))) {
        ud_buf why;
        ud_buf_init(&why);
        FILE *in = ud_infile_fopen(path, true, &why);
        bool ok = in && read_record(e, path, in, err);
        if (!in)
            ud_buf_printf(err, "%s: %s (expected the record of the FAQ's editions)", path, ud_buf_str(&why));
        if (in)
            fclose(in);
        ud_buf_free(&why);
        if (!ok) {
            faq_editions_free(e);
            return NULL;
        }
    }
    e->draft = !e->n || differs_from(&e->eds[e->n - 1]);
    return e;
}

void faq_editions_free(faq_editions *e)
{
    if (!e)
        return;
    for (int i = 0; i < e->n; i++)
        free(e->eds[i].entries);
    free(e->eds);
    ud_buf_free(&e->text);
    free(e);
}

int faq_editions_base(const faq_editions *e)
{
    if (!e->n)
        return 0;
    return e->draft ? e->n : e->n - 1;
}

faq_mark faq_editions_mark(const faq_editions *e, const ud_game *g, const ud_faq_question *q)
{
    int base = faq_editions_base(e);
    if (!base)
        return FAQ_MARK_NONE;
    char key[KEY_MAX];
    key_of(g, q, key);
    const entry *en = find_entry(&e->eds[base - 1], key);
    if (!en)
        return FAQ_MARK_NEW;
    return en->print != faq_question_print(g, q) ? FAQ_MARK_CHANGED : FAQ_MARK_NONE;
}

void faq_editions_line(const faq_editions *e, char *out, size_t size)
{
    if (!e->n) {
        snprintf(out, size, "Draft \xc2\xb7 no edition recorded");
        return;
    }
    const edition *last = &e->eds[e->n - 1];
    char date[64];
    faq_date_words(last->date, date, sizeof date);
    if (e->draft)
        snprintf(out, size, "Draft after edition %d (%s) \xc2\xb7 \xe2\x9c\xb1 changed since then",
                 last->number, date);
    else if (last->number > 1)
        snprintf(out, size, "Edition %d \xc2\xb7 %s \xc2\xb7 \xe2\x9c\xb1 changed since edition %d",
                 last->number, date, last->number - 1);
    else
        snprintf(out, size, "Edition %d \xc2\xb7 %s", last->number, date);
}

static void write_question(const ud_game *g, const ud_faq_question *q, void *arg)
{
    char key[KEY_MAX];
    key_of(g, q, key);
    ud_buf_printf(arg, "%s %016" PRIx64 "\n", key, faq_question_print(g, q));
}

bool faq_editions_record(const faq_editions *e, const char *path, const char *date, int *number, ud_buf *err)
{
    *number = 0;
    if (!is_date(date)) {
        ud_buf_printf(err, "--new-edition '%s': expected a date YYYY-MM-DD", date);
        return false;
    }
    if (e->n && strcmp(date, e->eds[e->n - 1].date) < 0) {
        ud_buf_printf(err, "--new-edition %s: expected a date no earlier than edition %d's (%s)", date, e->n,
                      e->eds[e->n - 1].date);
        return false;
    }
    if (!e->draft)
        return true;
    ud_buf text;
    ud_buf_init(&text);
    if (!e->text.len)
        ud_buf_puts(&text, "# The players' FAQ's published editions: under each, every question's\n"
                           "# fingerprint as that edition printed it.  Written by\n"
                           "# `undead faq --new-edition DATE`; see tools/faq/faq_editions.h.\n");
    else
        ud_buf_puts(&text, ud_buf_str(&e->text));
    ud_buf_printf(&text, "edition %d %s\n", e->n + 1, date);
    each_question(write_question, &text);
    ud_buf why;
    ud_buf_init(&why);
    bool ok = ud_outfile_write_all(path, ud_buf_str(&text), text.len, &why);
    if (ok)
        *number = e->n + 1;
    else
        ud_buf_printf(err, "%s: %s", path, ud_buf_str(&why));
    ud_buf_free(&why);
    ud_buf_free(&text);
    return ok;
}
