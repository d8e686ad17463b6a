/*
 * faq_read.h - the reads behind `undead faq` (tools/faq/): each runs a
 * shipped named query (db/queries/) and hands its rows over as C values,
 * so the FAQ holds no SQL and never touches a statement.  Strings passed
 * to a callback live until it returns.  A query that fails gives what a
 * query without rows gives (the section it feeds stays empty).
 */
#ifndef UD_FAQ_READ_H
#define UD_FAQ_READ_H

#include <stdbool.h>
#include <stdint.h>

#include "db.h"
#include "named_query.h"

/* The newest verify run of a game that ended (verify-latest). */
typedef struct db_verify_run {
    int64_t id; /* 0: none */
    char status[16];
    char revision[64], version[32];
    char ended[32]; /* UTC, ISO 8601, as stored */
} db_verify_run;
void db_faq_latest_verify(db *d, const char *game, db_verify_run *out);

/* The newest mutation run of a game that ended (mutate-latest). */
typedef struct db_mutate_run {
    int64_t id; /* 0: none */
    char ended[32], revision[64];
    long sample; /* mutants sampled; 0: every one */
} db_mutate_run;
void db_faq_latest_mutate(db *d, const char *game, db_mutate_run *out);

/* One run a verify run made (verify-children): its golden run, or a sim
 * run under one reading, with who played it. */
typedef struct db_child_run {
    int64_t id;
    const char *command; /* "golden", "sim", ... */
    const char *reading; /* "defaults", KEY=VALUE, "baseline of ...", or "" */
    const char *policy;  /* "" in older databases */
    int players;         /* 0 in older databases */
    const char *start;   /* start lines joined by ';', "" for the game's own */
} db_child_run;
void db_faq_verify_children(db *d, int64_t verify, void (*each)(void *ctx, const db_child_run *r), void *ctx);

/* The variant readings a run played under, as recorded (run-variants). */
void db_faq_run_variants(db *d, int64_t run, void (*each)(void *ctx, const char *key, const char *value),
                         void *ctx);

/* One metric of a run; false when the run has none of that name. */
bool db_faq_metric(db *d, int64_t run, const char *name, double *value);
/* Every metric of a run by name; MEASURES_ONLY: the measures a reading is
 * compared on (no counts, no intervals). */
void db_faq_metrics(db *d, int64_t run, bool measures_only,
                    void (*each)(void *ctx, const char *name, double value, const char *unit), void *ctx);
/* How many times RULE fired in a run (0 when it never did). */
uint64_t db_faq_coverage(db *d, int64_t run, const char *rule);

/* A verify run and every run it made: command line, status (verify-runs). */
void db_faq_verify_runs(db *d, int64_t verify,
                        void (*each)(void *ctx, const char *command_line, const char *status), void *ctx);

/* One seat of a stored case (case-seats). */
typedef struct db_faq_seat {
    const char *player;
    bool has_score; /* false: the game keeps no score, or it is unknown */
    int64_t score;
    const char *outcome; /* won, shared, lost, out, none */
} db_faq_seat;

/* One stored case, as typed as the database keeps it (case-outcome and
 * case-seats): what a reader says of it comes from these fields, never from
 * its key or its outcome's text. */
typedef struct db_faq_case_info {
    int64_t id;
    const char *key, *kind;
    const char *status;  /* complete, partial, illegal, violation, error */
    const char *outcome; /* the canonical text, for what the fields below do not say */
    const char *winner;  /* a name, "*shared*", or "" for none */
    const char *inputs;  /* a golden or checked transcript's path, ... */
    bool seeded;         /* a game undead played: seed */
    uint64_t seed;
    int n_seats; /* in sitting order */
    const db_faq_seat *seats;
} db_faq_case_info;

/* One case of a run by its key, or a case by its ID (case-outcome, its
 * seats from case-seats); nothing is called when there is no such case. */
void db_faq_case(db *d, int64_t run, const char *key, void (*each)(void *ctx, const db_faq_case_info *c),
                 void *ctx);
void db_faq_case_by_id(db *d, int64_t id, void (*each)(void *ctx, const db_faq_case_info *c), void *ctx);

/* The texts' numeric claims of a game, the newest result of each
 * (claims). */
typedef struct db_solve_result {
    const char *key, *inputs, *outcome;
    const char *prob_num, *prob_den; /* "" when none was stored */
    const char *name;                /* its figure's name: the claim's ID; "" when it has none */
    bool has_value;                  /* the figure is stored: value */
    double value;
    int verified; /* the figure "verified": 1 verified, 0 refuted, -1 not stored */
} db_solve_result;
void db_faq_claims(db *d, const char *game, void (*each)(void *ctx, const db_solve_result *r), void *ctx);

/* One named figure of a case (case_figures). */
typedef struct db_faq_figure {
    const char *name; /* "ev", "bust", "p1_wins", ... */
    double value;
    const char *exact_num, *exact_den; /* "" when none was stored */
} db_faq_figure;

enum { DB_FAQ_FIGURES = 12 };

/* The figures of a game's analyses that compare policies under each
 * reading, the newest case of each, in key order (analysis-figures). */
typedef struct db_policy_result {
    const char *analysis, *policy;
    const char *reading; /* the case's variants: "defaults" or KEY=VALUE ... */
    int n_figures;
    db_faq_figure figures[DB_FAQ_FIGURES]; /* in the order the case gives them */
} db_policy_result;
void db_faq_policy_results(db *d, const char *game, void (*each)(void *ctx, const db_policy_result *r),
                           void *ctx);

/* Any named query's rows, each cell with its column's name and, for a
 * number (stored as a floating-point number or an integer), the number
 * itself; how many rows, or -1 when it could not run. */
typedef struct db_cell {
    const char *name;
    const char *text; /* "" for NULL */
    bool is_real;     /* a floating-point value: real */
    double real;
    bool is_int; /* an integer: integer */
    int64_t integer;
} db_cell;
int db_faq_rows(db *d, const nq_query *q, char *const *params, int n_params,
                void (*row)(void *ctx, int cols, const db_cell *cells), void *ctx);

#endif
