/*
 * mutant.h - mutants of the rule tables, switched on at run time.
 *
 * A mutant is one small, deliberate fault in one row of a game (its guard
 * never holds, always holds, its effect skipped or applied twice) or in
 * one reading (every row reads the next value of a variant key).  `undead
 * mutate` (tools/cmd_mutate.c) switches each on in turn and runs the
 * project's own checks against it: a check that fails has "killed" the
 * mutant; a mutant that no check kills is behaviour no case pins
 * (docs/mutation.md).
 *
 * All mutants are built into one binary ("mutant schemata"): a build with
 * UD_MUTANTS defined (cmake -DUD_MUTANTS=ON, the `mutants` preset) routes
 * every guard and effect call of the interpreter (engine.c) and of the
 * compiled runners (compiled.h) through the hooks below, and the mutant
 * in force is named by the environment variable UNDEAD_MUTANT, read when
 * a table of its game is built, so every process a check starts (golden
 * check, a test binary, sim, a fuzz target) runs the same mutant.  In
 * every other build the hooks are the plain calls: the normal builds pay
 * nothing.
 *
 * UNDEAD_MUTANT is GAME:ID/OPERATOR, e.g. zombie-dice:ZD-BUST/guard-never
 * or zombie-dice:reading/shortage-when+1 (the key's value read as the
 * next one, cyclically; +2 the one after, for keys with three values), or
 * GAME:fault/NAME, a fault the game's code declares (game.h, ud_fault):
 * an illegal state no row mutant can make, made where it would happen.
 */
#ifndef UD_MUTANT_H
#define UD_MUTANT_H

#include <stdbool.h>

#include "buf.h"
#include "game.h"

typedef enum {
    UD_MUT_NONE,
    UD_MUT_GUARD_NEVER,  /* the row's guard never holds: the row never fires */
    UD_MUT_GUARD_ALWAYS, /* the guard always holds, wherever its phase runs the row */
    UD_MUT_EFFECT_SKIP,  /* the row fires (counted) but its effect does nothing */
    UD_MUT_EFFECT_TWICE, /* the effect is applied twice per firing */
    UD_MUT_READING,      /* a variant key's value is read as another one */
    UD_MUT_FAULT,        /* one of the game's declared faults (game.h, ud_fault) */
    UD_MUT_N_OPS
} ud_mutant_op;

typedef struct ud_mutant {
    const ud_game *game;
    const ud_rule *rule; /* the row mutated; NULL for a reading */
    ud_mutant_op op;
    int key;               /* UD_MUT_READING: the variant key */
    int shift;             /* UD_MUT_READING: value v is read as (v + shift) % n */
    const ud_fault *fault; /* UD_MUT_FAULT */
} ud_mutant;

/* The operator's name as UNDEAD_MUTANT and reports write it. */
const char *ud_mutant_op_name(ud_mutant_op op);

/* Every mutant of game g, in table order (each row's operators, then each
 * key's shifts, then the game's faults of illegal states: its faults of
 * amounts are `undead conform`'s, parsed but not listed), into out (at most cap; returns how many g has).  An
 * operator that would not change the code is not a mutant: "guard always"
 * of a row that has no guard. */
int ud_mutant_list(const ud_game *g, ud_mutant *out, int cap);

/* The mutant's name, ID/OPERATOR (reading/KEY+SHIFT for a reading,
 * fault/NAME for a fault). */
void ud_mutant_name(const ud_mutant *m, ud_buf *out);

/* Parse GAME:ID/OPERATOR (games looked up with find); false with the
 * reason in err. */
bool ud_mutant_parse(const char *text, const ud_game *(*find)(const char *name), ud_mutant *m, ud_buf *err);

/* Whether this build has the mutants built in (UD_MUTANTS). */
static inline bool ud_mutants_built(void)
{
#ifdef UD_MUTANTS
    return true;
#else
    return false;
#endif
}

#ifdef UD_MUTANTS
/* The mutant in force (op UD_MUT_NONE: none), set from UNDEAD_MUTANT by
 * ud_mutant_arm when a table of the game it names is first built
 * (engine.c: every run builds its table first).  A malformed value exits
 * with status 2: `undead mutate` checks the names before it runs them. */
extern ud_mutant ud_the_mutant;
void ud_mutant_arm(const ud_game *g);

static inline bool ud_mutant_guard(const ud_rule *r, bool held)
{
    if (__builtin_expect(r != ud_the_mutant.rule, 1))
        return held;
    return ud_the_mutant.op == UD_MUT_GUARD_ALWAYS  ? true
           : ud_the_mutant.op == UD_MUT_GUARD_NEVER ? false
                                                    : held;
}
static inline int ud_mutant_effect_times(const ud_rule *r)
{
    if (__builtin_expect(r != ud_the_mutant.rule, 1))
        return 1;
    return ud_the_mutant.op == UD_MUT_EFFECT_SKIP ? 0 : ud_the_mutant.op == UD_MUT_EFFECT_TWICE ? 2 : 1;
}
static inline int ud_mutant_reading(const ud_game *g, int key, int value)
{
    if (__builtin_expect(ud_the_mutant.op != UD_MUT_READING, 1) || g != ud_the_mutant.game ||
        key != ud_the_mutant.key)
        return value;
    return (value + ud_the_mutant.shift) % g->variants[key].n_values;
}
/* Whether the game's fault f is the mutant in force. */
static inline bool ud_fault_on(const ud_fault *f) { return __builtin_expect(ud_the_mutant.fault == f, 0); }
/* A guard's verdict, and an effect call (a statement using `s`), as the
 * mutant in force changes them.  The second call of "twice" is skipped
 * when the first failed: a failure stops the row anyway. */
#define UD_MUT_GUARD(RULE, HELD) ud_mutant_guard((RULE), (HELD))
#define UD_MUT_EFFECT(RULE, CALL)                                           \
    do {                                                                    \
        int times_ = ud_mutant_effect_times(RULE);                          \
        for (int t_ = 0; t_ < times_ && s->fail.kind == UD_FAIL_NONE; t_++) \
            CALL;                                                           \
    } while (0)
#else
static inline bool ud_fault_on(const ud_fault *f)
{
    (void)f;
    return false;
}
#define UD_MUT_GUARD(RULE, HELD) (HELD)
#define UD_MUT_EFFECT(RULE, CALL) CALL
#endif

#endif
