/*
 * faq_sections.h - what the FAQ's sections (faq_*.c) share: the runs of
 * one game's newest verify run (faq_runs.c), a few ways of saying stored
 * values in words, and one function per section, called by faq.c in the
 * document's order.  Sections read the database only through
 * db/faq_read.h.
 */
#ifndef UD_FAQ_SECTIONS_H
#define UD_FAQ_SECTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "db.h"
#include "extras.h"
#include "faq_doc.h"
#include "faq_editions.h"
#include "faq_read.h"
#include "named_query.h"

enum { MAX_CHILDREN = 64 };

/* The runs behind one game's sections. */
typedef struct reading_run {
    int64_t id;
    char reading[128]; /* "defaults", KEY=VALUE or "baseline of KEY=VALUE" */
    int variant[UD_MAX_VARIANTS];
    char policy[96];                             /* every seat's policy ("" in older databases) */
    int players;                                 /* 0 in older databases */
    char start[UD_MEASURE_START * UD_START_LEN]; /* start lines joined by ';', "" for the game's own */
    bool usual; /* played by the same players as "defaults", from the same start */
} reading_run;

typedef struct game_runs {
    int64_t verify, golden;
    char verify_status[16];
    char revision[64], version[32];
    char ended[32]; /* when the verify run ended (UTC, ISO 8601) */
    int n;
    reading_run reading[MAX_CHILDREN];
} game_runs;

/* ---- faq_runs.c ---- */
void faq_load_runs(db *h, const ud_game *g, game_runs *gr);
const reading_run *faq_find_reading(const game_runs *gr, const char *reading);
/* The sibling run played under the same readings but key v's default. */
const reading_run *faq_baseline_of(const ud_game *g, const game_runs *gr, const reading_run *r, int v);
/* The game's FAQ parts, or NULL. */
const ud_faq_extras *faq_extras(const ud_game *g);
/* A shipped named query: the game's own (spec/<folder>/queries/NAME.sql)
 * first, else the shared one (db/queries/NAME.sql). */
bool faq_find_query(const ud_game *g, const char *name, nq_query *q);

/* ---- faq_words.c: stored values in words, files ---- */
/* "2026-11-27T21:34:14.899Z" (or "2026-11-27") as "27 November 2026"; the
 * text as it is when it is not a date. */
void faq_date_words(const char *iso, char *out, size_t size);
/* "001_4f6e2b55ff14832a.txt" is "001". */
void faq_short_source(const char *file, char *out, size_t size);
/* A metric's name as a reader says it ("win_rate:p1": first seat's win rate ...). */
void faq_measure_label(const char *name, const char *unit, char *out, size_t size);
/* A stored case's outcome as a reader says it, from its status, winner and
 * seats ("p2 won (p1 11, p2 16)"); its outcome text when it has no seats. */
void faq_outcome_words(const db_faq_case_info *c, char *out, size_t size);
/* A stored case as a reader knows the game: a golden one by its file
 * ("001-x"), a seeded one by its seed ("seed 10"), else its key. */
void faq_case_label(const db_faq_case_info *c, char *out, size_t size);
/* A whole file, or NULL: when it is missing (the section is left out),
 * or refused (not a regular file, a read error: said in d->refused, and
 * the FAQ fails).  Its lines split in place. */
char *faq_read_all(faq_doc *d, const char *path);
int faq_split_lines(char *s, char ***out);

/* ---- shared by several sections ---- */
/* faq_impact.c: "two players" ("one player", "7 players"). */
const char *faq_count_players(int n);
/* faq_impact.c: who played a reading's games ("two players", ...). */
void faq_who_played(faq_doc *d, const reading_run *r, bool explain);
/* faq_impact.c: the measured impact of reading (v, x) against its baseline. */
void faq_impact(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, int v, int x);
/* faq_exact.c: one exact figure, and the table of a key's exact figures. */
void faq_exact_cell(faq_doc *d, double value, const char *exact);
void faq_exact_results(faq_doc *d, db *h, const ud_game *g, const char *key);
/* faq_queries.c: a named query's rows as a table (INTRO before it), or
 * the sentence NONE; and the same under a heading of its own. */
void faq_named_query(faq_doc *d, db *h, const ud_game *g, const char *name, char *const *params, int n_params,
                     const char *intro, const char *none);
void faq_edge_query(faq_doc *d, db *h, const ud_game *g, const char *name, char *const *params, int n_params);

/* ---- the players' questions (faq_players.c, faq_players_ref.c) ---- */
/* Whether the game has players' questions; its name in the players' part. */
bool faq_has_questions(const ud_game *g);
const char *faq_players_title(const ud_game *g);
/* The game's question whose id is ID, or NULL. */
const ud_faq_question *faq_find_question(const ud_game *g, const char *id);
/* The index of variant v in g's table (a question's, core/extras.h), or
 * -1 for NULL or a variant that is not one of g's. */
int faq_variant_index(const ud_game *g, const ud_variant *v);
/* Reading (v, x) as the tables write it: "KEY=VALUE". */
void faq_reading_text(const ud_game *g, int v, int x, char *out, size_t size);
/* The effect of reading (v, x), g's variant v at value x, on the players'
 * measure (the first seat's wins, or the game's own), in percent, against
 * its baseline: REAL when the difference exceeds the 95% interval of the
 * two.  False when x is v's default, or the database holds no measure of
 * it. */
typedef struct faq_effect {
    double on, off, ci, games;
    bool real;
    const reading_run *run;
} faq_effect;
bool faq_house_effect(db *h, const ud_game *g, const game_runs *gr, int v, int x, faq_effect *e);

/* ---- the sections, in the document's order ---- */
/* The players' part of a game (nothing when it has no questions);
 * WITH_REFERENCE: the reference is in the same document, and each answer
 * links to its entry there (faq_section_players_ref, the reference's
 * first section); EDITIONS: a question changed since the edition the
 * booklet compares with is marked so (faq_editions.h; NULL: no marks). */
void faq_section_players(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, bool with_reference,
                         const faq_editions *editions);
void faq_section_players_charts(faq_doc *d, db *h, const ud_game *g);
void faq_section_players_ref(faq_doc *d, db *h, const ud_game *g, const game_runs *gr);
void faq_section_rules(faq_doc *d, db *h, const ud_game *g, const game_runs *gr);
/* faq_texts.c: the rule texts with their coverage (faq_opts.texts; none: no section) */
void faq_section_texts(faq_doc *d, const ud_game *g);
void faq_rule_statements(faq_doc *d, const ud_game *g, int r);
void faq_section_questions(faq_doc *d, db *h, const ud_game *g, const game_runs *gr);
void faq_section_claims(faq_doc *d, db *h, const ud_game *g);
void faq_section_charts(faq_doc *d, db *h, const ud_game *g);
void faq_section_examples(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, const char *folder,
                          const char *golden_dir);
void faq_section_findings(faq_doc *d, const ud_game *g, const char *folder, const char *golden_dir);
void faq_section_edges(faq_doc *d, db *h, const ud_game *g, const game_runs *gr);
void faq_section_mutants(faq_doc *d, db *h, const ud_game *g);
void faq_section_provenance(faq_doc *d, db *h, const ud_game *g, const game_runs *gr);

#endif
