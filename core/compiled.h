/*
 * compiled.h - a rule table compiled into the runner's loop.
 *
 * The engine interprets a game's rows (engine.c, run_rows): a guard call
 * and an effect call through pointers for every row, one call site for
 * all of them.  A game that lists its rows once, as an X-macro, can also
 * have them compiled: UD_COMPILED_RUNNER expands the same list into one
 * function with a `case` per phase holding that phase's rows in table
 * order, each a direct (inlinable) guard and effect with a branch of its
 * own.  Same rows, same order, same bookkeeping (firing counts, steps,
 * invariants, phase changes): what it changes is speed (measured in
 * README.md), and the interpreter stays as the reference that a test
 * compares it against game by game (tests/test_compiled.c).
 *
 * The row list: LIST(X, C) expands to one X(C, IDX, PHASE, KIND, GUARD,
 * EFFECT, ...) per row, IDX the row's index in the game's rule array
 * (an enum generated from the same list), GUARD a function (ud_always
 * for none), the rest (id, source, summary, variant conditions) the
 * game's own.  C is passed through for the list's users.
 */
#ifndef UD_COMPILED_H
#define UD_COMPILED_H

#include "engine.h"
#include "mutant.h"

/* Phases a compiled runner can hold: a case is generated for each. */
enum { UD_COMPILED_MAX_PHASES = 32 };

/* One row inside `case P`: rows of other phases, offer rows and rows
 * the variant setting leaves out fold away or are skipped (a row with no
 * variant condition is in every table: the compiler reads that from the
 * game's const rule array and drops the test).  In the copy for the
 * game's default readings (DEFAULTS_ONLY, UD_COMPILED_TABLE_DEFAULTS)
 * every row's condition is read from the const array of those readings,
 * so the rows they leave out fold away too. */
#define UD_COMPILED_ACTIVE(IDX)                              \
    (DEFAULTS_ONLY ? ud_rule_active(&rules_[IDX], defaults_) \
                   : ((rules_[IDX].variant < 0 && rules_[IDX].values2 == 0) || active_[IDX]))

/* What every firing does, compiled and interpreted alike: remember the
 * row (effects name it in transcript lines and failures), run the
 * effect, stop on a failure, count, check the invariants if asked. */
#define UD_COMPILED_FIRE(IDX, EFFECT)                                                \
    s->rule = &rules_[IDX];                                                          \
    UD_MUT_EFFECT(&rules_[IDX], EFFECT(state, s));                                   \
    if (__builtin_expect(s->fail.kind != UD_FAIL_NONE, 0))                           \
        UD_COMPILED_RETURN(UD_ERROR); /* a row that could not finish did not fire */ \
    steps_++;                                                                        \
    fired_[IDX]++;                                                                   \
    if (CHECKED) {                                                                   \
        s->steps = steps_;                                                           \
        if (!ud_check_invariants(s, state))                                          \
            return UD_ERROR;                                                         \
        checked_ = true;                                                             \
    }

/* An offer row's firing: its const body (UD_OFFER_ROW, engine.h), named
 * here so that an offer row made otherwise does not compile.  It cannot
 * change the state, so the invariants are checked after it only if no
 * firing of this call has checked them yet (a call that starts at a
 * decision phase): the state is the one the last check passed. */
#define UD_COMPILED_OFFER_CALL_OFFER(EFFECT) EFFECT##_offers(state, s)
#define UD_COMPILED_OFFER_CALL_EFFECT(EFFECT) (void)0 /* not an offer row: folded away */
#define UD_COMPILED_OFFER_FIRE(IDX, CALL)                  \
    s->rule = &rules_[IDX];                                \
    UD_MUT_EFFECT(&rules_[IDX], CALL);                     \
    if (__builtin_expect(s->fail.kind != UD_FAIL_NONE, 0)) \
        UD_COMPILED_RETURN(UD_ERROR);                      \
    steps_++;                                              \
    fired_[IDX]++;                                         \
    if (CHECKED && !checked_) {                            \
        s->steps = steps_;                                 \
        if (!ud_check_invariants(s, state))                \
            return UD_ERROR;                               \
        checked_ = true;                                   \
    }

/* Leave the runner: the step count lives in a register until then. */
#define UD_COMPILED_RETURN(X) \
    do {                      \
        s->steps = steps_;    \
        return (X);           \
    } while (0)

/* The reading audit (engine.h, ud_reading) names the row about to be
 * asked; only the checking copy keeps it, so simulations pay nothing. */
#define UD_COMPILED_AUDIT(IDX) \
    (!CHECKED || __builtin_expect(s->reads_seen == NULL, 1) || ((s->reading_row = (IDX)), true))

#define UD_COMPILED_ROW(P, IDX, PH, KIND, GUARD, EFFECT, ...)                                          \
    if ((PH) == (P) && (KIND) == UD_ROW_EFFECT && UD_COMPILED_ACTIVE(IDX) && UD_COMPILED_AUDIT(IDX) && \
        UD_MUT_GUARD(&rules_[IDX], GUARD(state, s))) {                                                 \
        any_ = true;                                                                                   \
        UD_COMPILED_FIRE(IDX, EFFECT)                                                                  \
        if (*phase_ != (P))                                                                            \
            goto enter_;                                                                               \
    }

/* An offer row inside `case P` of a decision phase. */
#define UD_COMPILED_OFFER_ROW(P, IDX, PH, KIND, GUARD, EFFECT, ...)                                   \
    if ((PH) == (P) && (KIND) == UD_ROW_OFFER && UD_COMPILED_ACTIVE(IDX) && UD_COMPILED_AUDIT(IDX) && \
        UD_MUT_GUARD(&rules_[IDX], GUARD(state, s))) {                                                \
        UD_COMPILED_OFFER_FIRE(IDX, UD_COMPILED_OFFER_CALL_##KIND(EFFECT))                            \
    }

#define UD_COMPILED_OFFER_CASE(P, LIST) \
    case P:                             \
        LIST(UD_COMPILED_OFFER_ROW, P)  \
        break;

#define UD_COMPILED_CASE(P, LIST) \
    case P:                       \
        LIST(UD_COMPILED_ROW, P)  \
        break;

/* A case per phase number (four to a line, kept by hand). */
/* clang-format off */
#define UD_COMPILED_CASES(CASE, LIST)                                     \
    CASE(0, LIST) CASE(1, LIST) CASE(2, LIST) CASE(3, LIST)               \
    CASE(4, LIST) CASE(5, LIST) CASE(6, LIST) CASE(7, LIST)               \
    CASE(8, LIST) CASE(9, LIST) CASE(10, LIST) CASE(11, LIST)             \
    CASE(12, LIST) CASE(13, LIST) CASE(14, LIST) CASE(15, LIST)           \
    CASE(16, LIST) CASE(17, LIST) CASE(18, LIST) CASE(19, LIST)           \
    CASE(20, LIST) CASE(21, LIST) CASE(22, LIST) CASE(23, LIST)             \
    CASE(24, LIST) CASE(25, LIST) CASE(26, LIST) CASE(27, LIST)             \
    CASE(28, LIST) CASE(29, LIST) CASE(30, LIST) CASE(31, LIST)
/* clang-format on */

/* The runner's body, for CHECKED 0 (no invariant checks: simulations
 * at full speed) or 1, and DEFAULTS_ONLY 0, or 1 for the table of the
 * default readings DEFAULTS (an int array, const, in the same file). */
#define UD_COMPILED_BODY(LIST, RULES, DEFAULTS)                                       \
    {                                                                                 \
        const int *const defaults_ = (DEFAULTS);                                      \
        (void)defaults_;                                                              \
        const unsigned char *phase_ = (const unsigned char *)state + s->phase_offset; \
        const uint8_t *active_ = s->table->active;                                    \
        const uint8_t *kind_ = s->table->kind;                                        \
        const ud_rule *const rules_ = (RULES);                                        \
        uint64_t *const fired_ = s->fired;                                            \
        uint64_t start_ = s->steps, picks_ = s->picks;                                \
        uint64_t steps_ = start_;                                                     \
        bool any_, checked_ = false; /* checked_: after a firing of this call */      \
        (void)checked_;                                                               \
        if (from_decision)                                                            \
            goto rows_;                                                               \
    enter_:                                                                           \
        s->action.kind = -1; /* the decision, if any, has been resolved */            \
        from_decision = false;                                                        \
        ph = *phase_;                                                                 \
        if (kind_[ph] == UD_PHASE_DECISION) {                                         \
            s->offers.n = 0;                                                          \
            switch (ph) {                                                             \
                UD_COMPILED_CASES(UD_COMPILED_OFFER_CASE, LIST)                       \
            default:                                                                  \
                break;                                                                \
            }                                                                         \
            s->steps = steps_;                                                        \
            return ud_offers_done(s, state, ph);                                      \
        }                                                                             \
        if (__builtin_expect(kind_[ph] != UD_PHASE_AUTO, 0)) {                        \
            s->steps = steps_;                                                        \
            return ud_phase_stop(s, state, ph);                                       \
        }                                                                             \
        if (__builtin_expect(steps_ - start_ > UD_MAX_ROWS_PER_ADVANCE, 0)) {         \
            if (s->picks == picks_)                                                   \
                UD_COMPILED_RETURN(ud_fail_endless(s));                               \
            start_ = steps_; /* outcomes were drawn: not stuck */                     \
            picks_ = s->picks;                                                        \
        }                                                                             \
        if (CHECKED && __builtin_expect(s->entered != NULL, 0)) {                     \
            s->steps = steps_;                                                        \
            s->entered(s, state);                                                     \
        }                                                                             \
    rows_:                                                                            \
        any_ = false;                                                                 \
        switch (ph) {                                                                 \
            UD_COMPILED_CASES(UD_COMPILED_CASE, LIST)                                 \
        default:                                                                      \
            break;                                                                    \
        }                                                                             \
        if (!any_)                                                                    \
            UD_COMPILED_RETURN(ud_fail_no_row(s, ph, from_decision));                 \
        goto enter_;                                                                  \
    }

/* Defines `int NAME(ud_step *, void *, int, bool)` for ud_game's
 * compiled_rows, the same contract as the interpreter (engine.c).  LIST
 * is the row list, RULES the game's rule array it generated (const and
 * defined in the same file, so that what is constant in it folds).  Two
 * copies of the loop: with invariant checks after every firing, and
 * without them for runs that asked for speed. */
#define UD_COMPILED_RUNNER(NAME, LIST, RULES)                                        \
    static int NAME##_unchecked(ud_step *s, void *state, int ph, bool from_decision) \
    {                                                                                \
        enum { CHECKED = 0, DEFAULTS_ONLY = 0 };                                     \
        UD_COMPILED_BODY(LIST, RULES, NULL)                                          \
    }                                                                                \
    static int NAME##_checked(ud_step *s, void *state, int ph, bool from_decision)   \
    {                                                                                \
        enum { CHECKED = 1, DEFAULTS_ONLY = 0 };                                     \
        UD_COMPILED_BODY(LIST, RULES, NULL)                                          \
    }

/* The same, with a third copy for runs without invariant checks under
 * the game's default readings DEFAULTS (ud_table.defaults): what `undead
 * sim` and `bench` play unless told otherwise, its rows' conditions
 * folded (UD_COMPILED_ACTIVE). */
#define UD_COMPILED_RUNNER_DEFAULTS(NAME, LIST, RULES, DEFAULTS)                    \
    UD_COMPILED_RUNNER(NAME, LIST, RULES)                                           \
    static int NAME##_defaults(ud_step *s, void *state, int ph, bool from_decision) \
    {                                                                               \
        enum { CHECKED = 0, DEFAULTS_ONLY = 1 };                                    \
        UD_COMPILED_BODY(LIST, RULES, DEFAULTS)                                     \
    }                                                                               \
    int NAME(ud_step *s, void *state, int ph, bool from_decision)                   \
    {                                                                               \
        if (s->check_invariants)                                                    \
            return NAME##_checked(s, state, ph, from_decision);                     \
        if (s->table->defaults)                                                     \
            return NAME##_defaults(s, state, ph, from_decision);                    \
        return NAME##_unchecked(s, state, ph, from_decision);                       \
    }

/* The entry point of UD_COMPILED_RUNNER's two copies. */
#define UD_COMPILED_ENTRY(NAME)                                   \
    int NAME(ud_step *s, void *state, int ph, bool from_decision) \
    {                                                             \
        if (s->check_invariants)                                  \
            return NAME##_checked(s, state, ph, from_decision);   \
        return NAME##_unchecked(s, state, ph, from_decision);     \
    }

/* Used by UD_COMPILED_TABLE: a row's index, and the row as a ud_rule. */
#define UD_COMPILED_INDEX(C, IDX, ...) IDX,
#define UD_COMPILED_RULE(C, IDX, PHASE, KIND, GUARD, EFFECT, ID, SOURCE, SECTION, SUMMARY, COND, COND2) \
    [IDX] = { ID, SOURCE, SECTION, SUMMARY, PHASE, KIND, COND, GUARD, EFFECT, COND2 },

/* The end of a compiled game's rules.c, after its row list LIST: the
 * enum of row indexes (LIST's IDX names), the game's rule array RULES of
 * N_RULES rows (the count its header declares, checked against the
 * list), a check that its N_PHASES phases fit the runner's cases, and
 * the compiled runner RUNNER (UD_COMPILED_RUNNER) for ud_game's
 * compiled_rows.  One macro, so that every game ends the same way. */
#define UD_COMPILED_TABLE_HEAD(LIST, RULES, N_RULES, N_PHASES)                                            \
    enum { LIST(UD_COMPILED_INDEX, 0) RULES##_row_count_ };                                               \
    const ud_rule RULES[N_RULES] = { LIST(UD_COMPILED_RULE, 0) };                                         \
    _Static_assert((int)RULES##_row_count_ == (int)(N_RULES), #N_RULES " must count the rows of " #LIST); \
    _Static_assert((int)(N_PHASES) <= (int)UD_COMPILED_MAX_PHASES, "more phases than compiled.h has cases");
#define UD_COMPILED_TABLE(LIST, RULES, N_RULES, N_PHASES, RUNNER) \
    UD_COMPILED_TABLE_HEAD(LIST, RULES, N_RULES, N_PHASES)        \
    UD_COMPILED_RUNNER(RUNNER, LIST, RULES)                       \
    UD_COMPILED_ENTRY(RUNNER)
/* The same, with the runner's copy for the default readings DEFAULTS
 * (UD_COMPILED_RUNNER_DEFAULTS): a static const int array of the game's
 * variants' default values, defined before. */
#define UD_COMPILED_TABLE_DEFAULTS(LIST, RULES, N_RULES, N_PHASES, RUNNER, DEFAULTS) \
    UD_COMPILED_TABLE_HEAD(LIST, RULES, N_RULES, N_PHASES)                           \
    UD_COMPILED_RUNNER_DEFAULTS(RUNNER, LIST, RULES, DEFAULTS)

#endif
