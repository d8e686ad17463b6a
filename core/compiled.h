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

/* Phases a compiled runner can hold: a case is generated for each. */
enum { UD_COMPILED_MAX_PHASES = 24 };

/* One row inside `case P`: rows of other phases, offer rows and rows
 * the variant setting leaves out fold away or are skipped. */
#define UD_COMPILED_ROW(P, IDX, PH, KIND, GUARD, EFFECT, ...)                         \
    if ((PH) == (P) && (KIND) == UD_ROW_EFFECT && active_[IDX] && GUARD(state, s)) { \
        any_ = true;                                                                 \
        s->rule = &rules_[IDX];                                                      \
        EFFECT(state, s);                                                            \
        if (__builtin_expect(s->fail.kind != UD_FAIL_NONE, 0))                       \
            return UD_ERROR;   /* a row that could not finish did not fire */        \
        s->steps++;                                                                  \
        s->fired[IDX]++;                                                             \
        if (__builtin_expect(s->check_invariants, 0) && !ud_check_invariants(s, state)) \
            return UD_ERROR;                                                         \
        if (*phase_ != (P))                                                          \
            goto enter_;                                                             \
    }

#define UD_COMPILED_CASE(P, LIST) \
    case P:                       \
        LIST(UD_COMPILED_ROW, P)  \
        break;

/* Defines `int NAME(ud_step *, void *, int, bool)` for ud_game's
 * compiled_rows: the same contract as the interpreter (engine.c). */
#define UD_COMPILED_RUNNER(NAME, LIST)                                                \
    int NAME(ud_step *s, void *state, int ph, bool from_decision)                     \
    {                                                                                 \
        const unsigned char *phase_ = (const unsigned char *)state + s->phase_offset; \
        const uint8_t *active_ = s->table->active;                                    \
        const ud_rule *rules_ = s->table->game->rules;                                \
        uint64_t start_ = s->steps;                                                   \
        bool any_;                                                                    \
        if (from_decision)                                                            \
            goto rows_;                                                               \
    enter_:                                                                           \
        s->action = -1;   /* the decision, if any, has been resolved */               \
        from_decision = false;                                                        \
        ph = *phase_;                                                                 \
        if (__builtin_expect(s->table->kind[ph] != UD_PHASE_AUTO, 0))                 \
            return ud_phase_stop(s, state, ph);                                       \
        if (__builtin_expect(s->steps - start_ > UD_MAX_ROWS_PER_ADVANCE, 0))         \
            return ud_fail_endless(s);                                                \
    rows_:                                                                            \
        any_ = false;                                                                 \
        switch (ph) {                                                                 \
            UD_COMPILED_CASE(0, LIST) UD_COMPILED_CASE(1, LIST)                       \
            UD_COMPILED_CASE(2, LIST) UD_COMPILED_CASE(3, LIST)                       \
            UD_COMPILED_CASE(4, LIST) UD_COMPILED_CASE(5, LIST)                       \
            UD_COMPILED_CASE(6, LIST) UD_COMPILED_CASE(7, LIST)                       \
            UD_COMPILED_CASE(8, LIST) UD_COMPILED_CASE(9, LIST)                       \
            UD_COMPILED_CASE(10, LIST) UD_COMPILED_CASE(11, LIST)                     \
            UD_COMPILED_CASE(12, LIST) UD_COMPILED_CASE(13, LIST)                     \
            UD_COMPILED_CASE(14, LIST) UD_COMPILED_CASE(15, LIST)                     \
            UD_COMPILED_CASE(16, LIST) UD_COMPILED_CASE(17, LIST)                     \
            UD_COMPILED_CASE(18, LIST) UD_COMPILED_CASE(19, LIST)                     \
            UD_COMPILED_CASE(20, LIST) UD_COMPILED_CASE(21, LIST)                     \
            UD_COMPILED_CASE(22, LIST) UD_COMPILED_CASE(23, LIST)                     \
        default:                                                                      \
            break;                                                                    \
        }                                                                             \
        if (!any_)                                                                    \
            return ud_fail_no_row(s, ph, from_decision);                              \
        goto enter_;                                                                  \
    }

#endif
