/*
 * faq.h - the printable rules FAQ (`undead faq`): one document generated
 * from the rule tables, the variants, the golden transcripts and findings,
 * and the results database - nothing else, so the same database gives the
 * same bytes (no clock, no host, no path outside the inputs).
 *
 * From the database it reads, per game, the newest verify run that ended
 * (cmd_verify.c) and the runs that name it (param verify-run): the golden
 * run and one sim run per variant reading; exact figures and the texts'
 * numeric claims are the newest cases of kind "solve" (undead solve).
 */
#ifndef UD_FAQ_H
#define UD_FAQ_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "db.h"
#include "games.h"
#include "faq_editions.h"
#include "pdf_pages.h"

typedef enum { FAQ_HTML, FAQ_MD } faq_format;

/* Which part: both (the players' questions first, then the reference:
 * rules, readings, claims, examples, findings), or one of them. */
typedef enum { FAQ_ALL, FAQ_PLAYERS, FAQ_REFERENCE } faq_part;

/* The rule texts as the reference shows them (undead faq --texts; the
 * text map is the command's, tools/text/): a section per game, the text
 * with each statement's coverage, and from each rule row its statements. */
typedef struct faq_texts {
    /* g's texts, HTML or Markdown, headings from level h, into out; false:
     * no text of g was given (the section says so). */
    bool (*body)(const ud_game *g, bool html, int h, ud_buf *out, void *ctx);
    /* The statements rule r of g quotes: an "ANCHOR\tLABEL" line each. */
    void (*rule_statements)(const ud_game *g, int r, ud_buf *out, void *ctx);
    void *ctx;
} faq_texts;

typedef struct faq_opts {
    const ud_game **games; /* n_games of them, in the order given */
    int n_games;
    db *db;                 /* the results database, open for reading */
    const char *golden_dir; /* golden/ */
    faq_format format;
    faq_part part;
    /* The players' FAQ's editions (faq_editions.h): its version line and
     * the marks of questions changed since the edition before. */
    const faq_editions *editions;
    /* For print (the PDF): nothing interactive (a long exact fraction is
     * left out rather than folded away), and each contents entry ends in a
     * page number, from the pages its heading's id landed on (NULL on the
     * first printing: the slots are left empty).  The slot has a fixed
     * width and takes no part in line breaking, so filling it in cannot
     * move a heading to another page. */
    bool print;
    const pdf_pages *pages;
    const faq_texts *texts; /* NULL: no rule texts given */
} faq_opts;

/* Write the FAQ; false with err filled (nothing useful written), and
 * *bad_input set when a file it reads was refused (a FIFO where a golden
 * file is expected: exit 2, as every input error). */
bool faq_write(FILE *out, const faq_opts *o, ud_buf *err, bool *bad_input);
/* Whether the FAQ can be written: every game's FAQ data names only what
 * the game has (ud_faq_check, core/extras.h), and o->db holds a finished
 * verify run of every game asked for (the FAQ is written from them).  False
 * with err saying what is missing: each name the FAQ data gives that the
 * game lacks, with where it was named, or the first game without a verify
 * run and the command that makes one (db_path: the --db given, named in it
 * unless it is the default).  Asked before anything is written: either is
 * bad input, exit 2, not a failed check. */
bool faq_runs_ready(const faq_opts *o, const char *db_path, ud_buf *err);

/* The FAQ to OUTPUT (standard output when NULL), whole or not at all: a
 * run that fails leaves OUTPUT as it was (outfile.h).  The exit status:
 * 0; 1 when the FAQ could not be made; 2 when OUTPUT could not be written
 * or a file the FAQ reads was refused; why is said on standard error. */
int faq_write_file(const faq_opts *o, const char *output);
/* The FAQ printed to the PDF OUTPUT by the browser CHROMIUM (headless),
 * its contents carrying page numbers: printed until every heading lands
 * on the page the contents say (o->print and o->pages are set here).
 * Whole or not at all, as faq_write_file; the exit status, 2 too when
 * the environment fails it (the browser missing or failing, a cut PDF,
 * pdfinfo missing), each said with what to do. */
int faq_print_pdf(faq_opts *o, const char *chromium, const char *output);

/* ---- the writer behind ud_faq_writer (a game's hooks, core/extras.h) ---- */

typedef struct faq_doc faq_doc;
void faq_h3(faq_doc *d, const char *id, const char *title);
void faq_p(faq_doc *d, const char *text);
bool faq_is_html(const faq_doc *d);
FILE *faq_out(faq_doc *d);
void faq_table_begin(faq_doc *d, int cols, const char *const *head);
void faq_table_row(faq_doc *d, const char *const *cells);
void faq_table_end(faq_doc *d);

#endif
