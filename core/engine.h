/*
 * engine.h - the rule-table runner.
 *
 * The runner owns the game loop and nothing else: it looks up the rows of
 * the current phase (indexed once per variant setting by ud_table_build),
 * fires each row whose guard holds, counts the firing, and stops at a
 * decision or at the end of the game.  Games write no loop of their own.
 *
 * Two ways to run the same rows: this file interprets the table (a guard
 * and an effect call through pointers per row), and a game that lists
 * its rows as an X-macro has them compiled into one function as well
 * (compiled.h), which the engine then runs; ud_table.interpret picks the
 * interpreter, the reference the compiled rows are tested against.
 *
 * Speed matters here (half a million games a second): no allocation, and
 * no text is formatted unless a sink is attached.
 */
#ifndef UD_ENGINE_H
#define UD_ENGINE_H

#include <stdint.h>
#include <string.h>

#include "chance.h"
#include "game.h"
#include "mutant.h"

/* Sanitizer builds check every invariant after every firing by default,
 * and the automated runs (ud_play, ud_check) check them whatever their
 * caller asked; release builds check them on request (sim without --fast,
 * play/check --invariants, golden, fuzzing). */
#if defined(__SANITIZE_ADDRESS__)
#define UD_FORCE_INVARIANTS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define UD_FORCE_INVARIANTS 1
#endif
#endif
#ifndef UD_FORCE_INVARIANTS
#define UD_FORCE_INVARIANTS 0
#endif

/* One active row, laid out for the hot loop: what the runner touches
 * for every row sits together, away from the row's prose. */
typedef struct ud_row {
    bool (*guard)(const void *state, const ud_step *s);
    void (*effect)(void *state, ud_step *s);
    const ud_rule *rule;
    uint16_t index; /* into game->rules, for firing counts */
    uint8_t kind;   /* ud_row_kind */
} ud_row;

/* Active rows of each phase for one variant setting, in table order:
 * phase ph's effect rows are row[effects[ph]] .. row[effects[ph] +
 * n_effects[ph] - 1], then a stop row (effect NULL); its offer rows
 * start at row[offers[ph]] and end with a stop row too.  The stop rows
 * let the hot loop run on one pointer, with no bound to keep live. */
typedef struct ud_table {
    const ud_game *game;
    int n_phases; /* copied from game for the hot loop */
    int n_rows;   /* active rows, stop rows not counted */
    int effects[UD_MAX_PHASES];
    int n_effects[UD_MAX_PHASES];
    int offers[UD_MAX_PHASES];
    int n_offers[UD_MAX_PHASES];
    /* ud_phase_kind for every value the phase byte can hold, so that the
     * hot loop needs no bounds check: a byte that is no phase reads
     * UD_TABLE_NO_PHASE. */
    uint8_t kind[256];
    uint8_t active[UD_MAX_RULES]; /* by rule index: in the table for this setting */
    bool interpret;               /* interpret the rows even if the game has them compiled
                         (the reference the compiled rows are tested against) */
    bool defaults;                /* every variant at its default reading: a compiled runner may
                    * run its copy with those readings folded in (compiled.h) */
    ud_row row[UD_MAX_RULES + 2 * UD_MAX_PHASES];
    /* How far each of the game's numbers (ud_game.numbers) is read from
     * its value: 0, unless blame plays a row with one changed. */
    int8_t number_shift[UD_MAX_NUMBERS];
} ud_table;

enum { UD_TABLE_NO_PHASE = 255 };

/* Receives every transcript line the engine produces. rule is the row
 * that caused it (NULL for a state line). */
typedef struct ud_sink ud_sink;
struct ud_sink {
    void (*line)(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule);
    void *ctx;
};

typedef enum {
    UD_DECIDE, /* s->offers lists the legal actions for to_move() */
    UD_OVER,
    UD_ERROR, /* s->fail says why */
} ud_status;

typedef enum {
    UD_FAIL_NONE,
    UD_FAIL_RULE,      /* a rule forbids it, or input disagrees with a rule */
    UD_FAIL_INVARIANT, /* an invariant broke: an engine or spec bug */
    UD_FAIL_INPUT,     /* malformed input outside any rule */
    UD_FAIL_LIMIT,     /* a limit of undead's where the text sets none: no rule broken */
} ud_fail_kind;

/* A failure no rule decided: input undead cannot read, or a limit of
 * undead's own.  Tools report both with exit 2, never as a violation (1). */
static inline int ud_fail_not_rule(ud_fail_kind k) { return k == UD_FAIL_INPUT || k == UD_FAIL_LIMIT; }

typedef struct ud_failure {
    ud_fail_kind kind;
    const char *id; /* rule or invariant ID, or NULL */
    char msg[512];
} ud_failure;

struct ud_step {
    const ud_table *table;
    const ud_setup *setup;
    ud_chance *chance;
    ud_sink *sink;       /* NULL: fast mode, nothing formatted */
    size_t phase_offset; /* of the phase byte in the state (the game's) */
    uint64_t *fired;     /* per-rule firing counts (unused_fired if none asked) */
    int check_invariants;
    ud_action action;       /* the decision being resolved (kind -1: none) */
    const ud_rule *rule;    /* the row firing now */
    uint64_t steps;         /* rows fired in this game */
    uint64_t picks;         /* outcomes drawn through ud_pick_slow (a script's, a
                                * fuzzer's): automatic play that draws them moves on */
    unsigned exchange_run;  /* the open group of exchangeable picks, 0: none */
    unsigned exchange_runs; /* groups opened in this step */
    /* Called as automatic play enters a phase, before its rows: the state
     * and this step's counters there are all a run needs to go on from
     * that point (ud_advance on a copy of both), which lets an enumerator
     * resume a step there instead of replaying it from its start.  NULL:
     * none.  A compiled runner calls it only with check_invariants set (as
     * every exploration runs): the copy without checks, which simulations
     * run, does not even test it; without calls, an enumerator replays
     * from the step's start. */
    void (*entered)(ud_step *s, const void *state);
    void *entered_ctx;
    /* Set: ud_check_invariants checks nothing and holds.  For an
     * enumerator that replays firings it has checked already, rule for
     * rule on the same states (the explorer, core/explore.c, until a
     * replay takes the last pick of its prefix): the runner still runs
     * its checking copy (and calls entered), and the enumerator clears
     * it where the firings it has not checked begin. */
    bool invariants_paused;
    /* The reading audit (ud_reading): NULL, or per-rule bit masks of the
     * variant keys each row was seen to consult; reading_row is the index
     * of the row whose guard or effect runs now, kept up to date only
     * while an audit is on. */
    uint32_t *reads_seen;
    int reading_row;
    /* Blame's snapshot (core/blame.c): NULL, or per-rule marks, set for
     * every row the interpreter reaches (its guard asked, or its effect
     * run where it has none); kept only while an audit is on (reads_seen
     * set), in the interpreted rows only. */
    uint8_t *visited;
    /* The count audit (`undead golden coverage`): NULL, or per-rule counts
     * of the firings after which the game's counts (ud_game.counts)
     * differed from those before; counts_last is their hash after the
     * last firing (or the start), counts_known whether it is set. */
    uint64_t *count_changes;
    uint64_t counts_last;
    bool counts_known;
    ud_failure fail;
    /* Below: not cleared by ud_step_init (only offers.n is): offers is
     * large, and a game runs thousands of them a second. */
    ud_offers offers;
    /* Counts nobody asked for land here, so the hot loop counts without
     * a test.  Never read. */
    uint64_t unused_fired[UD_MAX_RULES];
};

void ud_table_build(ud_table *t, const ud_game *g, const int *variant);

/* Prepare a step context; fired may be NULL. */
void ud_step_init(ud_step *s, const ud_table *t, const ud_setup *setup, ud_chance *chance, ud_sink *sink,
                  uint64_t *fired);

/* init the state from the setup, then advance to the first decision. */
ud_status ud_start(ud_step *s, void *state);
/* The position the setup's start lines make (init, each line, the game's
 * check_start) on a scratch state, nothing played: false with the message
 * ud_start fails with ("start 'LINE': ..." or "start lines: ...") in err.
 * A command that plays many games asks it first, so a bad line is
 * refused as bad input before any game rather than as a game's failure. */
bool ud_start_lines_check(const ud_game *g, const ud_setup *setup, ud_buf *err);
/* Run automatic phases until a decision or the end. */
ud_status ud_advance(ud_step *s, void *state);
/* Resolve a decision: the action must be offered; then advance. */
ud_status ud_decide(ud_step *s, void *state, const ud_action *action);
/* Resolve the decision with offer i (0 <= i < s->offers.n). */
ud_status ud_decide_offer(ud_step *s, void *state, int i);

/* For rule effects: one of n equally likely outcomes, or -1 (failure
 * recorded in s->fail).  The PRNG case is inline: it is the hot path. */
int ud_pick_slow(ud_step *s, const char *event, int n, ud_label_fn label, const void *ctx);
static inline int ud_pick(ud_step *s, const char *event, int n, ud_label_fn label, const void *ctx)
{
    if (s->chance->rng && s->fail.kind == UD_FAIL_NONE && n > 0)
        return (int)ud_rng_below(s->chance->rng, (uint32_t)n);
    return ud_pick_slow(s, event, n, label, ctx);
}
/* Picks whose order changes nothing but the words of the transcript
 * (several dice rolled at once and kept as counts of faces): between
 * ud_exchangeable_begin and ud_exchangeable_end, an enumerator (the
 * explorer) may visit one order of each multiset of outcomes, weighted by
 * the number of its orders, instead of every order.  Only for picks with
 * the same event, n and labels, whose effect on the state is the same in
 * any order.  Costs nothing on the PRNG path. */
static inline void ud_exchangeable_begin(ud_step *s) { s->exchange_run = ++s->exchange_runs; }
static inline void ud_exchangeable_end(ud_step *s) { s->exchange_run = 0; }
/* The seeded PRNG behind s, or NULL when chance comes from elsewhere
 * (a script, a fuzzer's bytes, the explorer) or a failure is pending.
 * An effect that makes several picks in a row may take them from a
 * local copy of it (ud_rng_below, then copy it back): the same numbers
 * ud_pick would give, without the per-pick checks and with the state in
 * registers.  With NULL it must call ud_pick, which labels outcomes. */
static inline ud_rng *ud_plain_rng(const ud_step *s)
{
    return s->fail.kind == UD_FAIL_NONE ? s->chance->rng : NULL;
}
/* The reading of variant key `key` that this game is played under: the
 * one way a row's guard or effect (or a helper they call) asks which
 * reading applies.  A row that asks declares the key in its `reads`
 * (game.h), so that `undead rules` shows it; with an audit on
 * (s->reads_seen), the key is noted against the row asking, and
 * tests/test_readings.c fails on any key a row asks without declaring.
 * Rule code never reads setup->variant[] directly (tests/readings_source.sh). */
static inline int ud_reading(const ud_step *s, int key)
{
    if (__builtin_expect(s->reads_seen != NULL, 0))
        s->reads_seen[s->reading_row] |= 1u << key;
#ifdef UD_MUTANTS
    if (s->table)
        return ud_mutant_reading(s->table->game, key, s->setup->variant[key]);
#endif
    return s->setup->variant[key];
}

/* Number n of the game's numbers (ud_game.numbers, game.h) as the row
 * asking reads it: its value, unless blame changed it in the table. */
static inline int ud_number_value(const ud_step *s, int n)
{
    return s->table->game->numbers[n].value + s->table->number_shift[n];
}

void ud_emitf(ud_step *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define UD_EMIT(s, ...)                 \
    do {                                \
        if ((s)->sink)                  \
            ud_emitf((s), __VA_ARGS__); \
    } while (0)
/* A game's cast of the state an effect may change (its ST macro): the
 * state as given, refused by the compiler where it is const.  A guard,
 * or an offer row's effect (UD_OFFER_ROW), that asks for the state to
 * change it does not compile. */
static inline void *ud_mutable(void *state) { return state; }

/* An offer row's effect.  It adds to s->offers and cannot change the
 * state, which it reads as const: UD_OFFER_ROW(NAME, P, S) { body }
 * defines NAME_offers(const void *P, ud_step *S) as the body, and NAME,
 * the row's effect of the usual type, calling it.  The compiled runners
 * call NAME_offers for every offer row (compiled.h), so a game's offer
 * row whose effect was not made so does not compile.  Since it cannot
 * change the state, neither runner checks the invariants after an offer
 * row when it checked them after an earlier firing: the state is the
 * one that check passed.  _DECL and _EXTERN: the same for an effect
 * defined in one file and listed in another. */
#define UD_OFFER_ROW(NAME, P, S)                                   \
    static void NAME##_offers(const void *P, ud_step *S);          \
    static void NAME(void *P, ud_step *S) { NAME##_offers(P, S); } \
    static void NAME##_offers(const void *P, ud_step *S)
#define UD_OFFER_ROW_DECL(NAME)                  \
    void NAME##_offers(const void *, ud_step *); \
    void NAME(void *, ud_step *)
#define UD_OFFER_ROW_EXTERN(NAME, P, S)                     \
    void NAME(void *P, ud_step *S) { NAME##_offers(P, S); } \
    void NAME##_offers(const void *P, ud_step *S)

/* For offer rows: action is legal now, offered by the row firing.  More
 * than UD_MAX_OFFERS is an error naming the limit, never a silent drop. */
void ud_offer_overflow(ud_step *s);
/* An action the row knows is not offered yet (each face, card or place
 * offered once, then pass or keep): no search for a duplicate, which is
 * quadratic in the number of offers. */
static inline void ud_offer_new(ud_step *s, const ud_action *a)
{
    if (__builtin_expect(s->offers.n >= UD_MAX_OFFERS, 0)) {
        ud_offer_overflow(s);
        return;
    }
    s->offers.action[s->offers.n] = *a;
    s->offers.by[s->offers.n] = s->rule;
    s->offers.n++;
}
/* For an offer row that offers many new actions in a loop (each move of
 * each zombie): ud_offer_new for each, with the count and the row kept
 * in registers.  Through s, both are read back after every write, since
 * the state the row reads is bytes, which a write may alias. */
typedef struct ud_offer_batch {
    ud_offers *offers;
    const ud_rule *by;
    int n;
} ud_offer_batch;
static inline ud_offer_batch ud_offer_batch_start(ud_step *s)
{
    return (ud_offer_batch){ &s->offers, s->rule, s->offers.n };
}
/* False past UD_MAX_OFFERS, the failure in s (and the offers so far
 * kept): the row stops there. */
static inline bool ud_offer_batch_add(ud_step *s, ud_offer_batch *b, const ud_action *a)
{
    if (__builtin_expect(b->n >= UD_MAX_OFFERS, 0)) {
        b->offers->n = b->n;
        ud_offer_overflow(s);
        return false;
    }
    b->offers->action[b->n] = *a;
    b->offers->by[b->n] = b->by;
    b->n++;
    return true;
}
static inline void ud_offer_batch_end(ud_offer_batch *b) { b->offers->n = b->n; }
static inline void ud_offer_action(ud_step *s, const ud_action *a)
{
    for (int i = 0; i < s->offers.n; i++)
        if (ud_action_eq(&s->offers.action[i], a))
            return;
    ud_offer_new(s, a);
}
/* Copy the n offers of src (not the whole arrays). */
static inline void ud_offers_copy(ud_offers *dst, const ud_offers *src)
{
    dst->n = src->n;
    memcpy(dst->action, src->action, (size_t)src->n * sizeof src->action[0]);
    memcpy(dst->by, src->by, (size_t)src->n * sizeof src->by[0]);
}
/* The same for a kind that takes no arguments. */
static inline void ud_offer(ud_step *s, int kind)
{
    ud_action a = ud_act(kind);
    ud_offer_action(s, &a);
}
void ud_failf(ud_step *s, ud_fail_kind kind, const char *id, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The row firing's effect found its precondition unmet (what: what is
 * missing): its guard was overridden by a mutant (always holding), or
 * the row changed by blame's trial.  An invariant failure naming the row, so that such a run ends
 * the same way in every build, never in undefined behaviour (an index -1,
 * a division by no seats) that a sanitizer halts and a plain build plays
 * on from. */
void ud_effect_unmet(ud_step *s, const char *what);
const char *ud_player(const ud_step *s, int seat);

/* Automatic play that fires this many rows without reaching a decision,
 * the end, or an outcome drawn from a script or a fuzzer's bytes is stuck
 * (phases that hand over to each other for ever: a bug in a game's rows).
 * The bound is per step, not per advance: a record may make a long run of
 * turns with no decision in it (15,000 busts on the first, compulsory
 * roll), and every such turn draws outcomes from the record.  Under the
 * PRNG (whose fast path counts no picks) the bound stays per advance:
 * 100,000 rows with no decision there is a bug, not luck. */
enum { UD_MAX_ROWS_PER_ADVANCE = 100000 };

/* A game played by policies (play, sim, check of a record that leaves its
 * decisions to the seats' policies) stops after this many decisions: some
 * policies never end a game (every seat `always-roll`), and everything
 * kept of a game (its transcript, its events in the database) must stay
 * small.  Random play ends well inside it (tests/test_random_sim.c). */
enum { UD_DEFAULT_MAX_DECISIONS = 10000 };
/* The message of a game stopped by that bound (printf format, one %llu). */
#define UD_NO_END_FMT                                                                  \
    "no end after %llu decisions; giving up (undead's bound on one game's decisions: " \
    "do the players' policies ever end it?)"

/* For the runners (engine.c, compiled.h): where automatic play stops (a
 * decision, the end, or a phase byte that names no phase), and their two
 * failures. */
ud_status ud_phase_stop(ud_step *s, void *state, int ph);
/* After the offer rows of decision phase ph have run: UD_DECIDE, or an
 * error if none offered anything. */
ud_status ud_offers_done(ud_step *s, const void *state, int ph);
ud_status ud_fail_endless(ud_step *s);
ud_status ud_fail_no_row(ud_step *s, int ph, bool from_decision);

/* The guard of a row that always fires, for games that list their rows
 * for compiled.h (the table interpreter also accepts NULL).  An inline
 * definition with one external definition (engine.c): the compiled
 * runners inline the call, and every table holds the same address, so
 * that core/mutant.c can tell such a row has no guard to mutate. */
inline bool ud_always(const void *state, const ud_step *s)
{
    (void)state;
    (void)s;
    return true;
}

/* Check every invariant now; on a violation fill s->fail and return false. */
bool ud_check_every_invariant(ud_step *s, const void *state);
/* The same, unless s->invariants_paused (then true, nothing checked):
 * what the runners call after every firing.  The game's test of all its
 * invariants at once, if it has one, first (ud_game.invariants_hold):
 * the rows are asked one by one only where it cannot say they all hold. */
/* The count audit: after a firing (or the start, s->rule NULL), whether
 * the game's counts changed, charged to the row (engine.c). */
void ud_note_counts(ud_step *s, const void *state);

static inline bool ud_check_invariants(ud_step *s, const void *state)
{
    if (__builtin_expect(s->count_changes != NULL, 0))
        ud_note_counts(s, state);
    if (s->invariants_paused)
        return true;
    const ud_game *g = s->table->game;
    if (g->invariants_hold && g->invariants_hold(g, state))
        return true;
    return ud_check_every_invariant(s, state);
}

#endif
