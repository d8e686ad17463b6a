/*
 * text_heading.c - how a line of a rule text reads: where a sentence
 * ends, and which plain lines are headings.
 *
 * A plain text's headings are lines by themselves (after a blank line, a
 * heading or a finished sentence), at most 60 bytes, beginning with a
 * capital and ending in a letter, digit or ':'.  One is a heading when it
 * is a short label ("Scoring:", "PLAYER TURN:"), when its words are
 * capitalised as a title's ("How to Play Zombie Dice"), or when a short
 * line opens a paragraph ("Your turn").  A section a row cites is a
 * heading wherever a line says just it, in any text.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "text_impl.h"

bool text_starts_sentence(const char *s)
{
    unsigned char c = (unsigned char)s[0];
    if (isupper(c) || isdigit(c) || strchr("\"'([*", s[0]))
        return c != '\0';
    /* an opening typographic quote */
    return c == 0xE2 && (unsigned char)s[1] == 0x80 &&
           ((unsigned char)s[2] == 0x9C || (unsigned char)s[2] == 0x98);
}

bool text_abbreviation(const char *s, size_t i, size_t n)
{
    static const char *const known[] = { "inc", "e.g", "i.e", "etc", "vs", "mr", "mrs", "dr", "st", NULL };
    if (n != 1 || s[i] != '.')
        return false;
    size_t w = i;
    while (w > 0 && (isalpha((unsigned char)s[w - 1]) || s[w - 1] == '.'))
        w--;
    size_t len = i - w;
    if (len == 1 && isupper((unsigned char)s[w]))
        return true;
    for (int k = 0; known[k]; k++)
        if (len == strlen(known[k]) && strncasecmp(s + w, known[k], len) == 0)
            return true;
    return false;
}

/* The length of l without its closing marks (brackets, quotes). */
static size_t without_closers(const char *l)
{
    size_t n = strlen(l);
    for (;;) {
        if (n && strchr(")\"'*]", l[n - 1]))
            n--;
        else if (n >= 3 && (unsigned char)l[n - 3] == 0xE2 && (unsigned char)l[n - 2] == 0x80 &&
                 ((unsigned char)l[n - 1] == 0x9D || (unsigned char)l[n - 1] == 0x99))
            n -= 3;
        else
            return n;
    }
}

bool text_ends_sentence(const char *l)
{
    size_t n = without_closers(l);
    return n && strchr(".!?:", l[n - 1]);
}

/* Whether l, a final ':' aside, is a section in headings (each up to its
 * first " (", the row's own remark). */
static bool cited(const char *l, const char *const *headings)
{
    size_t n = strlen(l);
    while (n && (l[n - 1] == ':' || l[n - 1] == ' '))
        n--;
    for (int i = 0; headings && headings[i]; i++) {
        const char *h = headings[i];
        const char *paren = strstr(h, " (");
        size_t hl = paren ? (size_t)(paren - h) : strlen(h);
        if (hl == n && n && strncasecmp(l, h, n) == 0)
            return true;
    }
    return false;
}

static bool function_word(const char *w, size_t n)
{
    static const char *const small[] = { "a",  "an", "the", "and",  "or", "of", "to", "for",
                                         "in", "on", "up",  "with", "by", "at", NULL };
    for (int k = 0; small[k]; k++)
        if (n == strlen(small[k]) && strncmp(w, small[k], n) == 0)
            return true;
    return false;
}

/* Words of l, and whether each is capitalised (or a small word) and made
 * of letters, digits and - ' ! : & only. */
static int title_words(const char *l, bool *title)
{
    int words = 0;
    *title = true;
    for (const char *s = l; *s;) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        const char *w = s;
        while (*s && *s != ' ')
            s++;
        words++;
        size_t n = (size_t)(s - w);
        if (!isupper((unsigned char)w[0]) && !isdigit((unsigned char)w[0]) && !function_word(w, n))
            *title = false;
        for (size_t i = 0; i < n; i++)
            if (!isalnum((unsigned char)w[i]) && !strchr("-'!:&", w[i]))
                *title = false;
    }
    return words;
}

bool text_heading(const char *l, const char *const *headings, bool markdown, bool prev_blank, bool prev_ended,
                  const char *next)
{
    if (cited(l, headings))
        return true;
    size_t n = strlen(l);
    if (markdown || !(prev_blank || prev_ended) || n == 0 || n > 60 || !isupper((unsigned char)l[0]))
        return false;
    char last = l[n - 1];
    if (last != ':' && !isalnum((unsigned char)last))
        return false;
    bool title;
    int words = title_words(l, &title);
    if (last == ':' && words <= 4)
        return true;
    if (title && words <= 8)
        return true;
    bool next_text = false;
    for (const char *s = next; *s && *s != '\n'; s++)
        next_text |= !isspace((unsigned char)*s);
    return prev_blank && next_text && words <= 4;
}
