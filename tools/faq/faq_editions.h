/*
 * faq_editions.h - the players' FAQ's published editions, as a publisher
 * keeps them: the version line ("Edition 2 · 12 December 2026") and, per
 * question, a mark when it changed since the edition before.
 *
 * The record (spec/faq-editions.txt in undead's data folder, or the file
 * `undead faq --editions` names) lists each edition and, under it, a
 * fingerprint of every question of every game as that edition printed it:
 *
 *     # comment
 *     edition 1 2026-11-29
 *     zombie-dice/first-player 9c0f54e1a2b3c4d5
 *     ...
 *
 * A fingerprint covers what a player reads of the question (its words, the
 * answer, the ruling's reason, the passages, the related questions, the
 * house rules, and the reading that decides it), not the rules behind it
 * nor the measured figures.
 *
 * The booklet today is edition N when every question prints as the newest
 * edition N recorded it; its marks are then the questions that changed
 * since edition N-1 (none for edition 1).  Otherwise it is a draft after
 * edition N, and its marks are the questions that changed since N.
 * `undead faq --new-edition DATE` records the booklet as it is now as the
 * next edition.
 */
#ifndef UD_FAQ_EDITIONS_H
#define UD_FAQ_EDITIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "extras.h"

typedef struct faq_editions faq_editions;

typedef enum { FAQ_MARK_NONE, FAQ_MARK_CHANGED, FAQ_MARK_NEW } faq_mark;

/* Read the record at path.  A path that does not exist gives an empty
 * record (no edition yet) when MAY_BE_MISSING, else an error.  NULL with
 * err filled ("PATH:LINE: expected ..., found '...'") when it cannot be
 * read or is not a record of editions. */
faq_editions *faq_editions_read(const char *path, bool may_be_missing, ud_buf *err);
void faq_editions_free(faq_editions *e);

/* The fingerprint of question q of game g. */
uint64_t faq_question_print(const ud_game *g, const ud_faq_question *q);

/* What the booklet is today, in words, into out: "Edition 2 · 12 December
 * 2026 · ✱ changed since edition 1", "Draft after edition 1 (29 November
 * 2026) · ✱ changed since then", "Draft · no edition recorded". */
void faq_editions_line(const faq_editions *e, char *out, size_t size);
/* Question q of game g against the edition the marks compare with. */
faq_mark faq_editions_mark(const faq_editions *e, const ud_game *g, const ud_faq_question *q);
/* The edition the marks compare with (0: none, nothing is marked). */
int faq_editions_base(const faq_editions *e);

/* Record the booklet as it is now as the next edition, dated DATE
 * (YYYY-MM-DD, not before the newest edition's), by rewriting the record
 * at path whole (outfile.h): its old text kept, the new edition after it.
 * *number is the edition written; 0 when nothing changed since the newest
 * edition (nothing written, true).  False with err filled. */
bool faq_editions_record(const faq_editions *e, const char *path, const char *date, int *number, ud_buf *err);

#endif
