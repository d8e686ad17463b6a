/*
 * verify.h - the steps of `undead verify` (cmd_verify.c), by concern:
 * which variant combinations are simulated (verify_plan.c), the
 * measurement of each variant reading against the defaults
 * (verify_readings.c), and the golden, exploration, analysis and fuzz
 * corpus steps (verify_steps.c).  Each step prints what failed and
 * returns how many checks failed; a step one of the tool's limits cut
 * short says so and counts in verify_row.cut instead.
 */
#ifndef UD_VERIFY_H
#define UD_VERIFY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "record.h"

typedef struct verify_opts {
    const char *golden_dir, *fuzz_dir;
    const char *texts_dir; /* --texts: the rule texts, mapped against the rows (undead text); NULL: not */
    uint64_t games, reading_games, seed;
    int jobs;
    bool timing;         /* --timing: each step's seconds on standard error at the end */
    uint64_t max_memory; /* --max-memory; 0: the default */
    const char *skip[8]; /* --skip-analysis */
    int n_skip;
    rec_opts ro;
} verify_opts;

/* One game's line of the summary, and its verify run's metrics. */
typedef struct verify_row {
    int rules, covered, cases, cases_failed, problems, readings, combos;
    uint64_t simulated, corpus, explored;
    int bounds; /* exploration bounds the game has */
    int violations;
    int unreadable; /* golden or corpus files refused or not read: verify exits 2 */
    int cut;        /* steps a limit stopped before their end (an exploration
              * past --max-memory): no failed check, exit 2 */
    int cut_memory; /* of them, explorations --max-memory cut */
    /* --texts: the text map's counts over the game's texts (text.h) */
    int texts, text_statements, text_on_rows, text_pinned, text_readings, text_declared, text_not_encoded,
        text_stale;
} verify_row;

/* "GAME: STEP I/N" on standard error when it is a terminal (n 0: no count). */
void verify_progress(const char *game, const char *step, int i, int n);

/* verify_timing.c: --timing.  A moment, on the wall clock and in the
 * process's CPU (every thread's). */
typedef struct verify_mark {
    double wall, cpu;
} verify_mark;
verify_mark verify_mark_now(void);
/* Keep the steps' seconds from now on (on), or nothing. */
void verify_timing_start(bool on);
/* The step of game that began at since has ended. */
void verify_time_step(const char *game, const char *step, verify_mark since);
/* Every step's wall and CPU seconds, each game's sum and the whole run's,
 * as one block on out; nothing unless started on. */
void verify_timing_print(FILE *out);

/* verify_plan.c: */
/* Every variant of g at its default (the rest of the array 0). */
void verify_defaults(const ud_game *g, int *variant);
/* Reading (v, x) changes the rule rows on its own, the others at their
 * defaults. */
bool verify_alone(const ud_game *g, int v, int x);
/* The first reading (w, y) of another key with which (v, x) changes the
 * rows; false if there is none. */
bool verify_companion(const ud_game *g, int v, int x, int *w_out, int *y_out);
/* Seeded simulations over the variant combinations, with
 * invariants on; their firing counts added to fired. */
int verify_simulate_combos(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row,
                           uint64_t *fired);

/* verify_readings.c: a seeded simulation per variant reading, measured
 * against the defaults (for the FAQ), each recorded as a sim run. */
int verify_simulate_readings(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row,
                             uint64_t *fired);

/* verify_steps.c: */
/* Replay every file of dir through a fuzz body (the engine's, or the
 * transcript's); returns the files replayed.  A file that cannot be read
 * (a FIFO, a device: refused, never waited on) is said and counted in
 * row->unreadable. */
uint64_t verify_replay_dir(const char *dir, const ud_game *g, bool engine, verify_row *row);
/* The golden cases of g, recorded as a golden run like `undead golden check`. */
int verify_run_golden(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row, uint64_t *fired);
/* Every exploration bound of g (or its opening, for a game with none). */
int verify_explore_bounds(const ud_game *g, recorder *vr, verify_row *row, const verify_opts *o);
/* Whether name is an analysis of one of the n games; if not, says so. */
bool verify_skip_names_an_analysis(const char *name, const ud_game *const *games, int n);
/* The analyses g marks for verify, each a solve run linked to verify_run;
 * one a limit stopped (exit 2) counts in row->cut, not as a failure. */
int verify_run_analyses(const ud_game *g, const verify_opts *o, int64_t verify_run, verify_row *row);

#endif
