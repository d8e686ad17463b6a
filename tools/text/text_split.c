/*
 * text_split.c - a rule text split into sections and statements.
 *
 * The texts are Markdown (000, 002, 004) or plain lines (001, 003, One
 * Die's): headings are "#" lines, else lines that name a section a row
 * cites, else (in a text with no "#" heading) short lines that look like
 * one (text_heading.c).  A blank line, a heading, a list item or a table
 * row ends a paragraph; a paragraph or list item is split into sentences,
 * a table row is one statement.  A line ending in two spaces (Markdown's
 * hard break) ends a sentence, as the texts' lists of names use it.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "text_impl.h"

/* The paragraph being gathered: its lines joined, and the line each byte
 * came from. */
typedef struct para {
    ud_buf text;
    int *line_of; /* per byte of text */
    size_t cap;
    text_block block;
    int first_line;
} para;

static void *grow(void *p, size_t n, size_t size)
{
    void *q = realloc(p, n * size);
    if (!q)
        text_oom();
    return q;
}

static void para_add(para *p, const char *s, size_t len, int line)
{
    if (p->text.len + len + 2 > p->cap) {
        p->cap = (p->text.len + len + 2) * 2;
        p->line_of = grow(p->line_of, p->cap, sizeof *p->line_of);
    }
    for (size_t i = 0; i < len; i++) {
        p->line_of[p->text.len] = line;
        ud_buf_putc(&p->text, s[i]);
    }
}

/* s made a statement's display text: whitespace squeezed, '*' dropped. */
static char *clean(const char *s, size_t len) { return text_squeeze(s, len, false); }

static bool has_word(const char *s)
{
    for (; *s; s++)
        if (isalnum((unsigned char)*s))
            return true;
    return false;
}

static void add_stmt(text_doc *d, const char *s, size_t len, int line, text_block block, int *cap)
{
    char *t = clean(s, len);
    if (!has_word(t)) {
        free(t);
        return;
    }
    if (d->n_stmts == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        d->stmts = grow(d->stmts, (size_t)*cap, sizeof *d->stmts);
    }
    text_stmt *st = &d->stmts[d->n_stmts++];
    memset(st, 0, sizeof *st);
    st->text = t;
    st->norm = text_norm(t);
    st->line = line;
    st->section = d->n_sections - 1;
    st->block = block;
}

/* Where the sentence that starts at s[i] ends (exclusive), or 0 when it
 * runs to the end.  A sentence ends after a run of . ! ? and any closing
 * marks, before whitespace and a capital, digit, quote or bracket; not
 * after an initial ("A.") or a known abbreviation.  A '\n' (a hard break)
 * always ends one. */
static size_t sentence_end(const char *s, size_t i, size_t n)
{
    for (; i < n; i++) {
        if (s[i] == '\n')
            return i;
        if (!strchr(".!?", s[i]))
            continue;
        size_t j = i;
        while (j < n && strchr(".!?", s[j]))
            j++;
        size_t run = j - i;
        while (j < n && strchr(")\"'*]", s[j]))
            j++;
        if (j + 3 <= n && (unsigned char)s[j] == 0xE2 && (unsigned char)s[j + 1] == 0x80 &&
            ((unsigned char)s[j + 2] == 0x9D || (unsigned char)s[j + 2] == 0x99))
            j += 3; /* a closing typographic quote */
        if (j >= n)
            return 0;
        if (!isspace((unsigned char)s[j])) {
            i = j - 1;
            continue;
        }
        size_t k = j;
        while (k < n && s[k] == ' ')
            k++;
        if (k < n && text_starts_sentence(s + k) && !text_abbreviation(s, i, run))
            return j;
        i = j - 1;
    }
    return 0;
}

static void para_flush(text_doc *d, para *p, int *cap)
{
    const char *s = ud_buf_str(&p->text);
    size_t n = p->text.len, at = 0;
    while (at < n) {
        while (at < n && isspace((unsigned char)s[at]))
            at++;
        if (at >= n)
            break;
        size_t end = p->block == TEXT_ROW ? 0 : sentence_end(s, at, n);
        if (!end)
            end = n;
        add_stmt(d, s + at, end - at, p->line_of[at], p->block, cap);
        at = end;
    }
    ud_buf_clear(&p->text);
    p->block = TEXT_SENTENCE;
}

static void add_section(text_doc *d, const char *title, size_t len, int line, int *cap)
{
    char *t = clean(title, len);
    size_t tl = strlen(t);
    while (tl && (t[tl - 1] == ':' || t[tl - 1] == ' '))
        t[--tl] = '\0';
    if (d->n_sections == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        d->sections = grow(d->sections, (size_t)*cap, sizeof *d->sections);
    }
    text_section *sec = &d->sections[d->n_sections++];
    sec->title = t;
    sec->line = line;
    text_slug(sec->anchor, sizeof sec->anchor, "sec-", t, 8);
}

/* The list marker a line starts with ("- ", "* ", "• ", "1. ", "- 1. "):
 * its length, or 0. */
static size_t list_marker(const char *s)
{
    size_t i = 0, at = 0;
    while (s[i] == ' ')
        i++;
    for (;;) {
        size_t j = i;
        if ((s[j] == '-' || s[j] == '*') && s[j + 1] == ' ')
            j += 2;
        else if (!strncmp(s + j, "\xE2\x80\xA2", 3) && s[j + 3] == ' ')
            j += 4;
        else if (isdigit((unsigned char)s[j])) {
            while (isdigit((unsigned char)s[j]))
                j++;
            if (s[j] != '.' || s[j + 1] != ' ')
                return at;
            j += 2;
        } else
            return at;
        while (s[j] == ' ')
            j++;
        at = i = j;
    }
}

static bool table_separator(const char *s)
{
    for (; *s; s++)
        if (!strchr("|-: \t", *s))
            return false;
    return true;
}

typedef struct splitter {
    text_doc *d;
    para p;
    int stmt_cap, sec_cap;
    bool markdown;               /* the text has "#" headings */
    const char *const *headings; /* the sections cited */
    bool prev_blank, prev_ended; /* the line before */
} splitter;

/* One line of the text (without its newline). */
static void split_line(splitter *sp, const char *line, size_t len, int no, const char *next)
{
    while (len && (line[len - 1] == '\r'))
        len--;
    bool hard_break = len >= 2 && line[len - 1] == ' ' && line[len - 2] == ' ';
    size_t lead = 0;
    while (lead < len && isspace((unsigned char)line[lead]))
        lead++;
    if (lead == len) {
        para_flush(sp->d, &sp->p, &sp->stmt_cap);
        sp->prev_blank = true;
        return;
    }
    char *l = clean(line, len); /* the trimmed line, for the tests below */
    size_t marker = list_marker(line);
    bool hashes = line[lead] == '#' && (line[lead + 1] == '#' || line[lead + 1] == ' ');
    bool heading = hashes || (!marker && text_heading(l, sp->headings, sp->markdown, sp->prev_blank,
                                                      sp->prev_ended, next));
    if (heading) {
        para_flush(sp->d, &sp->p, &sp->stmt_cap);
        size_t h = lead;
        while (hashes && h < len && line[h] == '#')
            h++;
        add_section(sp->d, line + h, len - h, no, &sp->sec_cap);
    } else if (line[lead] == '|') {
        para_flush(sp->d, &sp->p, &sp->stmt_cap);
        if (!table_separator(line + lead)) {
            sp->p.block = TEXT_ROW;
            para_add(&sp->p, line + lead, len - lead, no);
            para_flush(sp->d, &sp->p, &sp->stmt_cap);
        }
    } else {
        if (marker || (sp->prev_ended && lead == 0))
            para_flush(sp->d, &sp->p, &sp->stmt_cap);
        if (marker)
            sp->p.block = TEXT_ITEM;
        if (sp->p.text.len)
            para_add(&sp->p, " ", 1, no);
        para_add(&sp->p, line + marker, len - marker, no);
        if (hard_break)
            para_add(&sp->p, "\n", 1, no);
    }
    sp->prev_blank = false;
    sp->prev_ended = heading || text_ends_sentence(l) || hard_break;
    free(l);
}

static bool has_markdown_heading(const char *buf)
{
    for (const char *s = buf; s; s = strchr(s, '\n')) {
        if (*s == '\n')
            s++;
        if (s[0] == '#' && (s[1] == ' ' || s[1] == '#'))
            return true;
    }
    return false;
}

/* One name to make unique, and where it stands: sorted by the name, then
 * by place, the names alike lie together in the order of the text. */
typedef struct named {
    const char *key;
    int at;
} named;

static int by_key_then_place(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* The k-th of n things with the same key (k from 1, in the text's order)
 * gets "-k" after its anchor when k > 1: a sort, not a comparison of every
 * pair, so that a text of many statements takes n log n, not n squared. */
static void number_alike(int n, const char *(*key)(const text_doc *, int), char *(*anchor)(text_doc *, int),
                         text_doc *d)
{
    named *v = n > 0 ? malloc((size_t)n * sizeof *v) : NULL;
    if (n > 0 && !v)
        text_oom();
    for (int i = 0; i < n; i++)
        v[i] = (named){ key(d, i), i };
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, by_key_then_place);
    /* counted first: a section's key is its anchor, which the numbers change */
    int *rank = n > 0 ? malloc((size_t)n * sizeof *rank) : NULL;
    if (n > 0 && !rank)
        text_oom();
    for (int i = 0; i < n; i++)
        rank[i] = i > 0 && strcmp(v[i - 1].key, v[i].key) == 0 ? rank[i - 1] + 1 : 1;
    for (int i = 0; i < n; i++)
        if (rank[i] > 1) {
            char *a = anchor(d, v[i].at);
            size_t l = strlen(a);
            snprintf(a + l, TEXT_ANCHOR_BYTES - l, "-%d", rank[i]);
        }
    free(rank);
    free(v);
}

static const char *stmt_key(const text_doc *d, int i) { return d->stmts[i].norm; }
static char *stmt_anchor(text_doc *d, int i) { return d->stmts[i].anchor; }
static const char *section_key(const text_doc *d, int i) { return d->sections[i].anchor; }
static char *section_anchor(text_doc *d, int i) { return d->sections[i].anchor; }

/* Anchors made unique by a count ("-2") where two statements are the same. */
static void unique_anchors(text_doc *d)
{
    number_alike(d->n_stmts, stmt_key, stmt_anchor, d);
    number_alike(d->n_sections, section_key, section_anchor, d);
}

void text_split(text_doc *d, const char *name, const char *buf, const char *const *headings)
{
    memset(d, 0, sizeof *d);
    const char *base = strrchr(name, '/');
    d->name = strdup(base ? base + 1 : name);
    if (!d->name)
        text_oom();
    splitter sp = { .d = d, .markdown = has_markdown_heading(buf), .headings = headings, .prev_blank = true };
    ud_buf_init(&sp.p.text);
    int no = 1;
    for (const char *s = buf; *s; no++) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        split_line(&sp, s, len, no, nl ? nl + 1 : "");
        s = nl ? nl + 1 : s + len;
    }
    para_flush(d, &sp.p, &sp.stmt_cap);
    ud_buf_free(&sp.p.text);
    free(sp.p.line_of);
    for (int i = 0; i < d->n_stmts; i++)
        text_stmt_anchor(&d->stmts[i]);
    unique_anchors(d);
    text_flatten(d);
}

void text_doc_free(text_doc *d)
{
    for (int i = 0; i < d->n_stmts; i++) {
        free(d->stmts[i].text);
        free(d->stmts[i].norm);
    }
    for (int i = 0; i < d->n_sections; i++)
        free(d->sections[i].title);
    free(d->stmts);
    free(d->sections);
    free(d->flat);
    free(d->starts);
    free(d->name);
    memset(d, 0, sizeof *d);
}
