/*
 * text_match.c - quotations found in a rule text.
 *
 * Matching is on the matching form (text_norm) of the whole text, the
 * statements one space apart, so a quotation may run from one statement
 * into the next.  Only what a transcription changes is forgiven: runs of
 * whitespace, the emphasis marks (* and **) and typographic quotes; case,
 * dashes and every word must be as the text has them.  An omission
 * ("[...]") stands for at most OMISSION_MAX bytes (as the FAQ's own test
 * has it) and the parts lie in one section: a quotation is a passage with
 * words left out, not pieces gathered across a page.  The statements it
 * finds are those its parts lie in, not those an omission passes over.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_impl.h"

#define OMITTED "[...]"
enum { OMISSION_MAX = 600, MAX_PIECES = 16 };

_Noreturn void text_oom(void)
{
    fputs("undead text: out of memory\n", stderr);
    exit(2);
}

/* The width of a typographic character at p (left bytes on) that a
 * transcription may write plainly (curly quotes, a no-break space), and
 * its plain form in *plain; 0 for any other byte. */
static size_t typographic(const unsigned char *p, size_t left, char *plain)
{
    if (left >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x98 || p[2] == 0x99))
        return *plain = '\'', 3;
    if (left >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x9C || p[2] == 0x9D))
        return *plain = '"', 3;
    if (left >= 2 && p[0] == 0xC2 && p[1] == 0xA0)
        return *plain = ' ', 2;
    return 0;
}

char *text_squeeze(const char *s, size_t len, bool plain_typography)
{
    char *out = malloc(len + 1), *o = out;
    if (!out)
        text_oom();
    bool space = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        size_t width = plain_typography ? typographic((const unsigned char *)s + i, len - i, &c) : 0;
        if (width)
            i += width - 1;
        if (c == '*')
            continue;
        if (isspace((unsigned char)c)) {
            space = o != out;
            continue;
        }
        if (space)
            *o++ = ' ';
        space = false;
        *o++ = c;
    }
    *o = '\0';
    return out;
}

char *text_norm(const char *s) { return text_squeeze(s, strlen(s), true); }

void text_slug(char *out, size_t size, const char *prefix, const char *s, int max_words)
{
    size_t o = (size_t)snprintf(out, size, "%s", prefix);
    int words = 0;
    bool in_word = false;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (isalnum(c)) {
            if (!in_word) {
                if (words == max_words)
                    break;
                if (words++ && o + 2 < size)
                    out[o++] = '-';
            }
            if (o + 2 >= size)
                break;
            out[o++] = (char)tolower(c);
            in_word = true;
        } else if (c != '\'')
            in_word = false;
    }
    while (o > strlen(prefix) && out[o - 1] == '-')
        o--;
    out[o] = '\0';
}

void text_stmt_anchor(text_stmt *st)
{
    uint32_t h = 2166136261u; /* FNV-1a over the matching form */
    for (const char *p = st->norm; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    char words[40];
    text_slug(words, sizeof words, "s-", st->norm, 5);
    snprintf(st->anchor, sizeof st->anchor, "%s-%04x", words, (unsigned)(h & 0xffff));
}

void text_flatten(text_doc *d)
{
    size_t len = 1;
    for (int i = 0; i < d->n_stmts; i++)
        len += strlen(d->stmts[i].norm) + 1;
    d->flat = malloc(len);
    d->starts = malloc(((size_t)d->n_stmts + 1) * sizeof *d->starts);
    if (!d->flat || !d->starts)
        text_oom();
    size_t at = 0;
    for (int i = 0; i < d->n_stmts; i++) {
        if (i)
            d->flat[at++] = ' ';
        d->starts[i] = at;
        size_t n = strlen(d->stmts[i].norm);
        memcpy(d->flat + at, d->stmts[i].norm, n);
        at += n;
    }
    d->flat[at] = '\0';
    d->starts[d->n_stmts] = at + 1;
}

/* s lowercased, letters and digits only, into out. */
static void squash(char *out, size_t size, const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n && s[i] && o + 1 < size; i++)
        if (isalnum((unsigned char)s[i]))
            out[o++] = (char)tolower((unsigned char)s[i]);
    out[o] = '\0';
}

bool text_section_matches(const char *title, const char *hint)
{
    if (!title || !hint)
        return false;
    const char *paren = strstr(hint, " (");
    char t[256], h[256];
    squash(t, sizeof t, title, strlen(title));
    squash(h, sizeof h, hint, paren ? (size_t)(paren - hint) : strlen(hint));
    if (strlen(t) < 3 || strlen(h) < 3)
        return false;
    return strstr(t, h) || strstr(h, t);
}

/* The statement holding byte at of the flat text. */
static int stmt_at(const text_doc *d, size_t at)
{
    int lo = 0, hi = d->n_stmts - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (d->starts[mid] <= at)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The quotation's parts between omissions, in place in q: their count, 0
 * when one is empty or there are too many. */
static int pieces_of(char *q, char **piece)
{
    int n = 0;
    for (char *p = q;;) {
        if (n == MAX_PIECES)
            return 0;
        char *mark = strstr(p, OMITTED);
        if (mark)
            *mark = '\0';
        while (*p == ' ')
            p++;
        size_t l = strlen(p);
        while (l && p[l - 1] == ' ')
            p[--l] = '\0';
        if (!l)
            return 0;
        piece[n++] = p;
        if (!mark)
            return n;
        p = mark + strlen(OMITTED);
    }
}

/* The place that begins at start, pieces in order: the statements each
 * piece lies in into span (first and last of each piece, 2 * n), and
 * true; false when a piece is missing or too far, or the place runs out
 * of the section it began in. */
static bool place_of(const text_doc *d, const char *start, char **piece, int n, bool whole, int *span)
{
    const char *at = start;
    for (int i = 0; i < n; i++) {
        const char *hit = i ? strstr(at, piece[i]) : start;
        if (!hit || hit - at > OMISSION_MAX)
            return false;
        at = hit + strlen(piece[i]);
        span[2 * i] = stmt_at(d, (size_t)(hit - d->flat));
        span[2 * i + 1] = stmt_at(d, (size_t)(at - 1 - d->flat));
    }
    if (n > 1 && d->stmts[span[0]].section != d->stmts[span[2 * n - 1]].section)
        return false;
    int last = span[2 * n - 1];
    return !whole || (start == d->flat + d->starts[span[0]] &&
                      at == d->flat + d->starts[last] + strlen(d->stmts[last].norm));
}

static void hits_add(text_hits *h, int s)
{
    for (int i = 0; i < h->n; i++)
        if (h->stmt[i] == s)
            return;
    int *g = realloc(h->stmt, ((size_t)h->n + 1) * sizeof *g);
    if (!g)
        text_oom();
    h->stmt = g;
    int i = h->n++;
    for (; i > 0 && h->stmt[i - 1] > s; i--)
        h->stmt[i] = h->stmt[i - 1];
    h->stmt[i] = s;
}

/* Every place of the pieces in the text, into all and (those in a section
 * hint names) into hinted: the statements the pieces lie in, not those an
 * omission passes over. */
static void places(const text_doc *d, char **piece, int n, const char *hint, bool whole, text_hits *all,
                   text_hits *hinted)
{
    int span[2 * MAX_PIECES];
    for (const char *start = strstr(d->flat, piece[0]); start; start = strstr(start + 1, piece[0])) {
        if (!place_of(d, start, piece, n, whole, span))
            continue;
        int sec = d->stmts[span[0]].section;
        bool in_hint = hint && sec >= 0 && text_section_matches(d->sections[sec].title, hint);
        for (int i = 0; i < n; i++)
            for (int s = span[2 * i]; s <= span[2 * i + 1]; s++) {
                hits_add(all, s);
                if (in_hint)
                    hits_add(hinted, s);
            }
    }
}

bool text_find(const text_doc *d, const char *quote, const char *hint, bool whole, text_hits *hits)
{
    memset(hits, 0, sizeof *hits);
    char *q = text_norm(quote);
    char *piece[MAX_PIECES];
    int n = d->n_stmts ? pieces_of(q, piece) : 0;
    text_hits all = { 0 }, hinted = { 0 };
    if (n)
        places(d, piece, n, hint, whole, &all, &hinted);
    free(q);
    if (hinted.n) {
        *hits = hinted;
        text_hits_free(&all);
    } else {
        *hits = all;
        text_hits_free(&hinted);
    }
    return hits->n > 0;
}

void text_hits_free(text_hits *h)
{
    free(h->stmt);
    h->stmt = NULL;
    h->n = 0;
}
