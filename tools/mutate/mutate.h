/*
 * mutate.h - `undead mutate`'s library: the plan of checks and the run of
 * every mutant against it (mutate_run.c), running one check against one
 * mutant in a child process (mutate_kill.c), the game's declared
 * equivalent mutants, explained survivors and duplicates (mutate_decl.c),
 * and a duplicate checked by play against its twin (mutate_dup.c); cmd_mutate.c
 * is the command (its options, the report, the database).  docs/mutation.md says what it
 * measures and how to read it.
 */
#ifndef UD_MUTATE_H
#define UD_MUTATE_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "mutant.h"

/* The checks, in the order they are tried: the first that fails kills. */
typedef enum {
    MUT_GOLDEN, /* undead golden check over golden/<folder> */
    MUT_TESTS,  /* the game's tests (CTest label mutate-<folder>), no rebuild */
    MUT_SIM,    /* a seeded sim with every invariant after every step */
    MUT_FUZZ,   /* each of the game's fuzz targets for S seconds from its corpus */
    MUT_N_KILLERS
} mut_killer;

const char *mut_killer_name(mut_killer k);

/* One check as a command line (argv NULL-ended, at most MUT_MAX_ARGS). */
enum { MUT_MAX_ARGS = 24, MUT_REASON = 240 };
typedef struct mut_command {
    mut_killer killer;
    const char *label; /* what the report names: "golden", "tests", "fuzz zombie_dice_engine" */
    const char *argv[MUT_MAX_ARGS];
    double timeout; /* seconds; past it the child's process group is killed */
} mut_command;

/* Run c with UNDEAD_MUTANT=mutant (NULL: none) in a child process of its
 * own process group, its output to a temporary file (at most 16 MiB:
 * RLIMIT_FSIZE).  Returns true when the command passed (exit 0); else
 * reason holds why: the output line that says it, a signal, "hang" after
 * the timeout.  *seconds: how long it ran. */
bool mut_run(const mut_command *c, const char *mutant, char reason[MUT_REASON], double *seconds);

/* What the game's folder declares about its mutants
 * (spec/<folder>/mutants.txt):
 *   equivalent ID/OPERATOR  why no game can change
 *   survives ID/OPERATOR    why no check pins it (yet)
 *   duplicate ID/OPERATOR TWIN/OPERATOR  why no game can tell the two
 *                           mutants apart (checked by play: mutate_dup.c)
 *   protocol-duplicate ID/OPERATOR TWIN/OPERATOR  why no game shows the
 *                           conformance protocol a difference: the two
 *                           records differ only in the lines rows write,
 *                           which the protocol does not carry (checked by
 *                           play, as the protocol sees the games)
 * '#' starts a comment; blank lines are skipped; a line is at most 1022
 * bytes of printable UTF-8 text (CRLF taken). */
enum { MUT_DECL_EQUIVALENT = 1, MUT_DECL_SURVIVES, MUT_DECL_DUPLICATE };
typedef struct mut_decl {
    char mutant[96]; /* ID/OPERATOR as ud_mutant_name writes it */
    char twin[96];   /* MUT_DECL_DUPLICATE: the mutant it cannot be told from */
    int kind;
    bool protocol; /* MUT_DECL_DUPLICATE: told apart by records, not by the protocol */
    char why[MUT_REASON];
    int line;
    bool used; /* set by the caller: the mutant was run */
} mut_decl;

typedef struct mut_decls {
    mut_decl *d;
    int n;
    char path[4096];
} mut_decls;

/* Read path (a missing file declares nothing); every mutant it names
 * must be one of g's.  false with "FILE:LINE: ..." in err. */
bool mut_decls_read(mut_decls *ds, const char *path, const ud_game *g, ud_buf *err);
mut_decl *mut_decls_find(mut_decls *ds, const char *mutant);
void mut_decls_free(mut_decls *ds);

/* ---- a declared duplicate checked by play (mutate_dup.c) --------------- */

/* What the seeded games said of a mutant and its twin. */
typedef struct mut_dup_report {
    uint64_t games;       /* seeded games played under each of the two */
    uint64_t changed[2];  /* of them, those whose record each changed (from no mutant) */
    uint64_t fired[3][2]; /* [under the mutant, its twin, none][the mutant's row, the twin's]: firings */
    bool same;            /* every record the same, row tags stripped (or what the protocol shows) */
    char differ[2 * MUT_REASON]; /* else the first that differs: its seed, players, readings
                                  * (policy random), line and the two texts */
} mut_dup_report;

/* Play g's games under mutant and under twin (each a name as
 * ud_mutant_name writes it), in this process: every seat count from the
 * least to three more, `games` seeds each (policy random), under the
 * default readings and then each other reading of each question; each
 * game also with no mutant, to count the games each changed.  Compares
 * the records, or (protocol) what `undead conform` sees of each game:
 * every chance pick with the outcomes it could take, and each state, seat
 * to move, offers and result.  Stops at the first that differs.  false
 * (err says why) when a name is no mutant of g or this is no mutation
 * build. */
bool mut_dup_compare(const ud_game *g, const char *mutant, const char *twin, bool protocol, uint64_t games,
                     mut_dup_report *rep, ud_buf *err);

/* ---- the run (mutate_run.c) --------------------------------------------- */

enum { MUT_MAX_MUTANTS = 4 * UD_MAX_RULES + 64, MUT_MAX_COMMANDS = 8 };

/* What the plan's checks run (undead mutate's options). */
typedef struct mut_plan_opts {
    unsigned checks;                  /* bit k: check k runs (mut_killer) */
    uint64_t sim_games, seed;         /* the sim check's games and first seed */
    uint64_t fuzz_seconds;            /* each fuzz target's time; 0: none */
    uint64_t dup_games;               /* a declared duplicate's check: seeds per table */
    const char *fuzz_dir, *build_dir; /* NULL: beside this program's build tree */
    bool recheck;                     /* a declared equivalent gets every check */
} mut_plan_opts;

/* The checks as command lines, and the folders and words they name. */
typedef struct mut_plan {
    mut_command cmd[MUT_MAX_COMMANDS];
    int n_cmd;
    bool recheck; /* a declared equivalent gets the slow checks too */
    char game_arg[64], golden[4096], build[4096], fuzz[4096], corpus[MUT_MAX_COMMANDS][4096];
    char self[4096], games_arg[32], seed_arg[32], fuzz_time[48], tmp_root[64], dup_games_arg[32];
} mut_plan;

/* One mutant's verdict. */
typedef struct mut_result {
    ud_mutant m;
    char name[96];
    mut_decl *decl; /* what the game's folder declares of it, or NULL */
    int killer;     /* mut_killer, or -1: survived */
    char reason[MUT_REASON];
    double seconds;
    /* A declared duplicate: its check by play failed, and why (the
     * mutant's verdict above is its own, as any mutant's). */
    bool dup_wrong;
    char dup_reason[MUT_REASON];
} mut_result;

/* The plan of game g's checks; false (said) when one cannot be made (no
 * build tree with tests, no fuzz target, a path too long).  It owns a
 * temporary folder: mut_plan_clean removes it. */
bool mut_plan_make(mut_plan *p, const ud_game *g, const mut_plan_opts *o);
/* Every check passes with no mutant, or nothing it says of a mutant means
 * anything; its time sets the timeout (ten times as long, at least the
 * command's floor).  False (said) when one fails. */
bool mut_plan_check_unmutated(mut_plan *p);
/* The n mutants of res checked against the plan, jobs at a time, each
 * stopped by the first check that fails (res[i].decl set first: a
 * declared equivalent gets golden and sim only, unless recheck; a
 * declared duplicate also gets its check by play, `undead mutate GAME
 * --check-duplicates --only ID/OPERATOR` in a child process); false
 * when there is no memory to run them. */
bool mut_plan_run(const mut_plan *p, mut_result *res, int n, int jobs);
void mut_plan_clean(mut_plan *p);

/* The mutants of g to run into out (room for MUT_MAX_MUTANTS): all, or a
 * sample of about `sample` spread evenly over the table (0: all), of
 * those named in only (none: any); their number. */
int mut_choose(const ud_game *g, uint64_t sample, const char *const *only, int n_only, mut_result *out);

#endif
