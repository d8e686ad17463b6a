/*
 * mutate.h - `undead mutate`: the pieces shared by cmd_mutate.c (plan,
 * report, database), mutate_kill.c (running one check against one mutant
 * in a child process) and mutate_decl.c (the game's declared equivalent
 * mutants and explained survivors).  docs/mutation.md says what it
 * measures and how to read it.
 */
#ifndef UD_MUTATE_H
#define UD_MUTATE_H

#include <stdbool.h>

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
 * '#' starts a comment; blank lines are skipped. */
enum { MUT_DECL_EQUIVALENT = 1, MUT_DECL_SURVIVES };
typedef struct mut_decl {
    char mutant[96]; /* ID/OPERATOR as ud_mutant_name writes it */
    int kind;
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

#endif
