/*
 * text_impl.h - what the text map's files share (tools/text/ only; the
 * face is text.h).
 */
#ifndef UD_TEXT_IMPL_H
#define UD_TEXT_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "text.h"

/* Out of memory: the message, exit 2. */
_Noreturn void text_oom(void);
/* s[0..len) with runs of whitespace made one space (none at either end)
 * and emphasis marks ('*') dropped; with plain_typography, curly quotes
 * and no-break spaces written plainly too.  Malloc'd; never NULL. */
char *text_squeeze(const char *s, size_t len, bool plain_typography);

/* ---- text_heading.c: how a line reads ---- */

/* Whether s (after a sentence's end and its spaces) begins a sentence: a
 * capital, a digit, a quote or an opening bracket. */
bool text_starts_sentence(const char *s);
/* Whether the run of n marks at s[i] ends an initial ("A.") or a known
 * abbreviation ("Inc.", "e.g."), not a sentence. */
bool text_abbreviation(const char *s, size_t i, size_t n);
/* Whether the trimmed line l ends a sentence (., !, ? or :, closing marks
 * after). */
bool text_ends_sentence(const char *l);
/* Whether the trimmed line l (emphasis dropped) is a heading: a section
 * cited (headings), else, in a text without "#" headings, a short line
 * that reads as one (see text_heading.c). */
bool text_heading(const char *l, const char *const *headings, bool markdown, bool prev_blank, bool prev_ended,
                  const char *next);

/* ---- text_match.c ---- */

/* prefix and the first max_words words of s, lowercased, joined by '-',
 * into out. */
void text_slug(char *out, size_t size, const char *prefix, const char *s, int max_words);
/* The statement's anchor: "s-", its first words and a hash of its norm. */
void text_stmt_anchor(text_stmt *st);
/* doc->flat and doc->starts from the statements' norms. */
void text_flatten(text_doc *doc);
/* Whether a section title answers a hint (a section a quotation cites). */
bool text_section_matches(const char *title, const char *hint);

/* ---- text_index.c ---- */

/* The whole page: the text (text_page_body) and the index of rows,
 * readings and questions linking back. */
void text_page(ud_buf *b, const text_map *m, bool html);

/* ---- text_cases.c ---- */

/* m->cases from the golden cases under golden_dir: 0, or 2 with the
 * message on err when a case or folder could not be read. */
int text_cases_read(text_map *m, const char *golden_dir, FILE *err);
void text_cases_free(text_map *m);

#endif
