/*
 * record.h - what each command records in the results database: the
 * glue between the commands (play, sim, check, golden, baseline) and db.h.
 * Games never see it; a command hands over what it computed.
 *
 * Case keys name the scenario and never the rules' readings, so a key
 * means the same game in every version and under every variant setting
 * (see db/README.md):
 *   game:GAME:seed=N:players=A,B:policies=P,Q[:start=LINE;LINE]   play, sim
 *   transcript:GAME:PATH                                          check
 *   golden:GAME:PATH-BELOW-THE-GOLDEN-DIR                         golden
 */
#ifndef UD_RECORD_H
#define UD_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "capture.h"
#include "check.h"
#include "db.h"
#include "golden.h"
#include "opts.h"
#include "play.h"

/* The database options every recording command takes. */
typedef struct rec_opts {
    const char *path; /* --db; NULL: cli_db_path's default */
    bool off;         /* --no-db */
} rec_opts;

/* The database options' entries in a command's option table (opts.h), for
 * a command whose struct T keeps them in its rec_opts F. */
#define REC_OPTIONS(T, F)                                                                            \
    { .name = "db",                                                                                  \
      .kind = OPTS_STRING,                                                                           \
      .at = OPTS_AT(T, F.path),                                                                      \
      .metavar = "PATH",                                                                             \
      .help = "record the run in this results database (default: $UNDEAD_DB,\n"                      \
              "else undead.db in the current folder, made there if missing)" },                      \
    {                                                                                                \
        .name = "no-db", .kind = OPTS_FLAG, .at = OPTS_AT(T, F.off), .help = "do not record the run" \
    }
/* The first lines of the help of a command that records by default. */
#define REC_NOTE                                                                             \
    "It records the run in the results database: undead.db in the folder it runs in (made\n" \
    "there if missing) unless --db PATH or $UNDEAD_DB names another, or --no-db is given.\n"

/* A case's variant settings as the database keeps them (db/README.md,
 * "Variant settings"): the readings that differ from the game's defaults,
 * KEY=VALUE in the game's variant order, one space apart; "defaults" when
 * none differs.  variant: one value index per variant of g. */
void rec_variants_text(const ud_game *g, const int *variant, ud_buf *out);

typedef struct recorder {
    db *db; /* NULL: recording is off */
    int64_t run;
    uint64_t case_bytes;  /* bytes of transcript lines stored so far (text and rule) */
    uint64_t case_budget; /* rec_replay_game_within's bound on case_bytes; 0: none */
    bool lost;            /* rec_end: the run could not be written whole (said) */
    const char *command;  /* the command recording (rec_begin's), for rec_end's message */
} recorder;

/* Could the file a recording command writes by name (opt: "--record") be
 * written, and is it neither a file the command has read (a content file)
 * nor the results database the run records in (o)?  Written over, either
 * would be lost.  False, said (exit 2). */
bool rec_output_ok(const char *cmd, const char *opt, const char *path, const rec_opts *o);

/* Keep the command line as typed, before the option layer reorders argv
 * (main). */
void rec_command_line(int argc, char *const *argv);

/* Open the database and start a run.  With --no-db, r records nothing
 * and this succeeds.  false (message printed): the database cannot be
 * used, and the command should not run. */
bool rec_begin(recorder *r, const rec_opts *o, const char *command, const ud_game *g);
/* rec_begin with the run's command line given (a run one command makes
 * for another, as verify does: the command that would do the same). */
bool rec_begin_as(recorder *r, const rec_opts *o, const char *command, const ud_game *g, const char *line);
/* End the run: status from exit_code (0 complete, else failed).  Returns
 * exit_code, or UD_EXIT_USAGE if recording failed (message printed). */
int rec_end(recorder *r, int exit_code);

/* The run's variant readings and match parameters (seed, players, policies). */
void rec_match(recorder *r, const ud_match *m);
void rec_param(recorder *r, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void rec_metric(recorder *r, const char *name, double value, const char *unit);
/* Per-rule firing counts of the run (zeros included). */
void rec_coverage(recorder *r, const ud_game *g, const uint64_t *fired);

/* A game played from a match (play, sim): its lines are in cap. */
void rec_game(recorder *r, const char *kind, const ud_match *m, const ud_result *res, const uint64_t *fired,
              const capture *cap);

/* Play game `seed` of match m again with its lines captured (it is the
 * game `undead play --seed SEED` shows) and store it as a case. */
/* rec_replay_game, unless the game's transcript lines would take
 * case_bytes past case_budget: then nothing is stored and false. */
bool rec_replay_game_within(recorder *r, const char *kind, const ud_match *m, uint64_t seed, int invariants);
void rec_replay_game(recorder *r, const char *kind, const ud_match *m, uint64_t seed, int invariants);

/* What a replayed transcript gave (check, golden). */
typedef struct rec_transcript {
    const char *kind;    /* "transcript" or "golden" */
    const char *name;    /* the path in the key */
    const ud_game *game; /* NULL: did not parse */
    const ud_setup *setup;
    int legal;                  /* replayed without a rule error */
    const ud_check_result *res; /* when legal */
    const ud_error *err;        /* when not legal */
    const uint64_t *fired;
    const char *canonical; /* the canonical transcript, or NULL */
    size_t canonical_len;
} rec_transcript;

void rec_transcript_case(recorder *r, const rec_transcript *t);

/* A golden_run callback (golden.h): each case keyed by its path below dir. */
typedef struct rec_golden {
    recorder *r;
    const char *dir;
} rec_golden;
void rec_golden_case(const golden_case *gc, void *rec_golden_ctx);

/* Commit the batch if due (call between cases). */
void rec_tick(recorder *r);

#endif
