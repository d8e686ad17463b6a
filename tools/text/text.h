/*
 * text.h - the text map: a rule text as the index of what undead does with
 * it (`undead text GAME FILE`, and the counts `verify` and the FAQ show).
 *
 * The text is split into statements (a sentence, a list item's sentence,
 * a table row), each under its section and with an anchor made from its
 * own words, so it keeps its anchor when the text around it changes.
 * Every quotation undead holds of the text is then found in it, never
 * placed by a line number: the rows' ("..." in a summary, or a `row` line
 * of the game's text-notes), the readings', the players' FAQ's and the
 * notes' own.  A quotation is verbatim: only runs of whitespace, the
 * transcription's emphasis marks (*, **) and typographic quotes may differ;
 * "[...]" marks an omission (at most 600 bytes, as the FAQ's test has it),
 * its parts in order within one section.  What no quotation finds is stale; a statement no row quotes
 * is declared by a note (text_note_kind) or is not encoded.
 */
#ifndef UD_TEXT_H
#define UD_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "extras.h"
#include "game.h"

/* ---- the text, split (text_split.c) ------------------------------------ */

typedef enum { TEXT_SENTENCE, TEXT_ITEM, TEXT_ROW } text_block; /* what the statement stands in */

enum { TEXT_ANCHOR_BYTES = 56 }; /* an anchor's room, its NUL included */

typedef struct text_section {
    char *title;                    /* the heading as shown, emphasis marks and a final ':' removed */
    int line;                       /* 1-based */
    char anchor[TEXT_ANCHOR_BYTES]; /* "sec-" and its words */
} text_section;

typedef struct text_stmt {
    char *text;  /* as the text has it: whitespace squeezed, emphasis marks removed */
    char *norm;  /* the form quotations are matched in (text_norm) */
    int line;    /* its first line, 1-based */
    int section; /* an index into sections, -1 before the first heading */
    text_block block;
    char anchor
        [TEXT_ANCHOR_BYTES]; /* its first words and a hash of all of them: "s-if-you-rolled-three-3fa2" */
} text_stmt;

typedef struct text_doc {
    char *name; /* the file's base name, as rows cite it */
    text_section *sections;
    int n_sections;
    text_stmt *stmts;
    int n_stmts;
    /* The matching form of the whole text: every statement's norm, one
     * space between them, statement i from starts[i] (text_match.c). */
    char *flat;
    size_t *starts;
} text_doc;

/* Split the text buf (NUL-terminated) of the file called name into doc.
 * headings: the section names the rows and quotations cite (NULL-ended, or
 * NULL), each a heading wherever a line of a plain text says just it.
 * Never fails (a text of no statements is a document of none). */
void text_split(text_doc *doc, const char *name, const char *buf, const char *const *headings);
void text_doc_free(text_doc *doc);

/* ---- quotations (text_match.c) ---------------------------------------- */

/* s in the matching form, newly allocated: runs of whitespace one space,
 * trimmed, every '*' dropped, typographic quotes and apostrophes made
 * ASCII. */
char *text_norm(const char *s);

/* The statements a quotation finds.  A quotation found more than once
 * finds each place; hint (a section name a row cites, or NULL) keeps only
 * the places in a section it names, when there are any. */
typedef struct text_hits {
    int *stmt; /* statement indexes, ascending, each once */
    int n;
} text_hits;

/* Find quote (as written, "[...]" for an omission) in doc: true when found,
 * the statements in hits (freed by text_hits_free).  whole: the quotation
 * must begin where a statement begins and end where one ends (a note's
 * key, so that a short one cannot declare every sentence it occurs in).
 * False, hits empty, when it is not found or is malformed (an omission at
 * either end). */
bool text_find(const text_doc *doc, const char *quote, const char *hint, bool whole, text_hits *hits);
void text_hits_free(text_hits *hits);

/* ---- the game's notes (text_notes.c) ----------------------------------- */

/* What a note says of the statements its quotation finds. */
typedef enum {
    TEXT_NOTE_ROW,        /* rows encode it: `row ID[,ID...] "QUOTE"` */
    TEXT_NOTE_READING,    /* it raises the open question KEY: `reading KEY "QUOTE"` */
    TEXT_NOTE_FLAVOUR,    /* story, credits, page furniture: no rule */
    TEXT_NOTE_EXAMPLE,    /* an example the text gives (the rules it shows are quoted elsewhere) */
    TEXT_NOTE_COMPONENTS, /* a component list */
    TEXT_NOTE_EDITION,    /* a rule of another edition or product */
    TEXT_NOTE_PLAYERS,    /* left to the players: how they play, not what the rules allow */
    TEXT_NOTE_ADVICE,     /* strategy advice or probability tips: no rule */
    TEXT_NOTE_GAP,        /* a rule undead does not encode yet: listed as not encoded */
    TEXT_NOTE_KINDS
} text_note_kind;

extern const char *const text_note_kind_names[TEXT_NOTE_KINDS]; /* "row", "reading", "flavour", ... */

enum { TEXT_NOTE_IDS = 8 };

typedef struct text_note {
    text_note_kind kind;
    char *ids[TEXT_NOTE_IDS]; /* row: rule IDs; reading: the variant key; NULL-ended */
    char *quote;
    char *reason; /* one line; required for every kind but row and reading */
    int line;     /* in the notes file */
} text_note;

typedef struct text_notes {
    char *path;
    text_note *notes;
    int n;
} text_notes;

/* Read the notes of the text called name from the file at path: the lines
 * after `text NAME` up to the next `text` line.  A missing file is no
 * notes (path may be NULL).  False, with "PATH:LINE: expected ..." on err,
 * on a line that is not a note, or a row ID or variant key g does not
 * have. */
bool text_notes_read(text_notes *out, const char *path, const char *name, const ud_game *g, FILE *err);
void text_notes_free(text_notes *n);

/* ---- the map (text_map.c) ---------------------------------------------- */

typedef enum { TEXT_Q_ROW, TEXT_Q_READING, TEXT_Q_FAQ, TEXT_Q_NOTE } text_quote_from;

/* One quotation of the text undead holds, and where it is held. */
typedef struct text_quote {
    text_quote_from from;
    const char *who;     /* the rule ID, variant key, question id, or note kind */
    const char *section; /* the section it cites (may be NULL) */
    char *quote;
    const text_note *note; /* TEXT_Q_NOTE, TEXT_Q_ROW from a note, TEXT_Q_READING from a note: the note */
    text_hits hits;
    bool found;
} text_quote;

/* The golden cases that fire one row, by name (the path below the golden
 * folder), hand-written and seeded apart. */
typedef struct text_cases {
    char **hand, **seeded;
    int n_hand, n_seeded;
} text_cases;

typedef enum { TEXT_ON_ROWS, TEXT_DECLARED, TEXT_GAP, TEXT_NOT_ENCODED } text_state;

/* What undead does with one statement. */
typedef struct text_entry {
    text_state state;
    int *rows; /* rule indexes in the game, each once */
    int n_rows;
    bool pinned;                  /* a row of it is fired by a hand-written case */
    const char **readings, **faq; /* variant keys, question ids, each once */
    int n_readings, n_faq;
    const text_note *note; /* the declaring note (or the gap's) */
} text_entry;

typedef struct text_map {
    const ud_game *game;
    text_doc doc;
    text_notes notes;
    text_quote *quotes;
    int n_quotes;
    text_entry *entries; /* one per statement */
    text_cases *cases;   /* one per rule of the game; NULL when no golden cases were read */
    char *golden;        /* the folder they came from (the names are below it) */
} text_map;

/* Build the map of the text file at path for game g: notes from
 * notes_path (NULL or missing: none), the golden cases from golden_dir
 * (NULL: none read).  0 on success; 2 with the message on err (a text
 * that cannot be read, a bad note, a golden folder that cannot be read). */
int text_map_build(text_map *m, const ud_game *g, const char *path, const char *notes_path,
                   const char *golden_dir, FILE *err);
void text_map_free(text_map *m);

/* The counts of one section (-1: the statements before the first heading;
 * TEXT_NO_SECTION: the stale quotations that cite no section of the text),
 * or, whole true, of the whole text. */
enum { TEXT_NO_SECTION = -2 };
typedef struct text_counts {
    int statements, on_rows, pinned, readings, declared, not_encoded, stale;
} text_counts;

void text_map_counts(const text_map *m, int section, bool whole, text_counts *c);
/* Whether CI fails the text: a statement on no row and declared by no
 * note, or a stale quotation. */
bool text_map_drifted(const text_map *m);

/* ---- a game's texts (text_game.c) --------------------------------------- */

enum { TEXT_GAME_MAX = 8 };

/* Every text g's rows cite, mapped: found in texts_dir, else in the game's
 * folder under undead's data (spec/<folder>/), with its notes from there. */
typedef struct text_game {
    text_map maps[TEXT_GAME_MAX];
    int n;
    const char *missing[TEXT_GAME_MAX]; /* the sources found in neither place */
    int n_missing;
} text_game;

/* 0, or 2 with the message on err (a text or notes file that cannot be
 * read, a bad note, undead's data not found); golden_dir may be NULL. */
int text_game_build(text_game *tg, const ud_game *g, const char *texts_dir, const char *golden_dir,
                    FILE *err);
void text_game_free(text_game *tg);

/* ---- output (text_write.c, text_page.c) -------------------------------- */

typedef enum { TEXT_FMT_SUMMARY, TEXT_FMT_TSV, TEXT_FMT_JSON, TEXT_FMT_MD, TEXT_FMT_HTML } text_format;

/* The map in format f, appended to out. */
void text_render(const text_map *m, text_format f, ud_buf *out);

/* The text with its coverage, as part of a page (the FAQ's reference):
 * HTML or Markdown, its headings at level h, its statements' and
 * sections' anchors prefixed by prefix; a row linked as "#ID", a question
 * as "#GAME-ask-ID", a reading as "#GAME-q-KEY" (its open question), as the FAQ
 * has them. */
void text_page_body(const text_map *m, ud_buf *out, bool html, int h, const char *prefix);
/* The style sheet of those statements (HTML: its classes st, rows,
 * declared, gap, missing, stale, mark, refs), for a page that holds them. */
extern const char text_page_css[];

#endif
