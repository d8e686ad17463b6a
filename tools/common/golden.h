/*
 * golden.h - running the golden cases (shared by `undead golden` and
 * `undead verify`).  A case is any NAME.in below DIR (a symbolic link to
 * a folder below DIR is not followed), replayed against the rules;
 * its canonical transcript is compared with, or written to,
 * NAME.transcript beside it.
 */
#ifndef UD_GOLDEN_H
#define UD_GOLDEN_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "games.h"

/* GOLDEN_REPLAY replays every case for its caller's on_case (the outcomes
 * baseline) and prints no report: no difference, no update, no uncovered
 * row. */
typedef enum { GOLDEN_CHECK, GOLDEN_UPDATE, GOLDEN_COVERAGE, GOLDEN_REPLAY } golden_mode;

/* Per-game arrays hold one slot per registered game: UD_N_GAMES, counted
 * from spec/<folder>/game.cmake when the registry is generated, so no game
 * is ever left out for want of room. */
enum { GOLDEN_MAX_GAMES = UD_N_GAMES };

/* What one case gave; handed to the optional per-case callback. */
typedef struct golden_case {
    const char *in_path;
    const ud_game *game; /* NULL when the file did not parse */
    int ok;              /* replayed legally (and, for check, matched) */
    int complete;        /* the game ended */
    int winner;
    int score[UD_MAX_PLAYERS];
    uint8_t outcome[UD_MAX_PLAYERS]; /* ud_seat_outcome per seat */
    int n_players;
    const uint64_t *fired; /* per-rule firing counts of this case */
    /* For the results database (record.c): */
    int legal;      /* replayed without a rule error (ok may still be 0: a diff) */
    int bad;        /* not read as a record (unreadable, malformed: bad input), or
                     * its transcript could not be written */
    ud_error err;   /* why not, when not legal */
    ud_setup setup; /* players and variants of the case */
    uint64_t decisions;
    const char *transcript; /* the canonical transcript (up to an error), or NULL */
    size_t transcript_len;
} golden_case;

typedef struct golden_report {
    int cases;
    int failed;
    int bad; /* of the failed, golden_case.bad: bad input or I/O (a FIFO,
              * a full disk), and each folder below dir that could not be
              * read (counted failed too, not a case): exit 2 */
    int updated;
    int uncovered;                  /* rule rows of the games counted fired by no case */
    int cases_of[GOLDEN_MAX_GAMES]; /* per ud_games index */
    bool counted[GOLDEN_MAX_GAMES]; /* the games whose rows are counted: a case, or DIR/FOLDER */
    uint64_t fired[GOLDEN_MAX_GAMES][UD_MAX_RULES]; /* per game, per rule */
    /* The same counted over the hand-written cases only: every case but
     * those under a folder named seeded/ (whole games from seeds). */
    uint64_t fired_by_hand[GOLDEN_MAX_GAMES][UD_MAX_RULES];
    /* Firings that changed the game's counts (ud_game.counts), any case. */
    uint64_t count_changes[GOLDEN_MAX_GAMES][UD_MAX_RULES];
    int seeded_only;        /* rule rows fired only by seeded games */
    int seeded_only_counts; /* of those, rows that change a count */
} golden_report;

/* Whether row r of game gi (ud_games index) changes a count: it changed
 * one in some case, or the game declares no counts (ud_game.counts). */
bool golden_row_changes_counts(const golden_report *rep, int gi, int r);

/* Run every case under dir.  The report goes to standard output: a
 * difference from the golden transcript (FILE:LINE: golden: / regenerated:),
 * "updated FILE", "uncovered GAME RULE"; the errors to standard error: a
 * case that cannot be read or parsed (FILE:LINE:COL: ...), a rule it breaks
 * (FILE:LINE: RULE-ID: ...), a missing transcript, a failed write, no
 * cases.  The rows counted uncovered are those of the games dir holds
 * cases of, or a folder of (DIR/FOLDER, ud_game.folder): a folder of one
 * game's cases says nothing of the others'.  Coverage also prints, per game, the rows fired by hand-written
 * cases and those fired only by seeded games ("hand-written GAME: ...",
 * then a "seeded-only GAME RULE [changes-a-count]" line each).  on_case (may be NULL) sees each case.  Returns the number of
 * cases found (0: none, message printed). */
int golden_run(const char *dir, golden_mode mode, golden_report *rep,
               void (*on_case)(const golden_case *c, void *ctx), void *ctx);

/* Index of g in ud_games, or -1. */
int golden_game_index(const ud_game *g);

#endif
