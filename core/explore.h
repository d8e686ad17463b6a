/*
 * explore.h - exhaustive exploration of a bounded game (what TLC and SPIN
 * report, for rule tables).
 *
 * From the start state, every action offered at every decision is taken
 * and every chance outcome is followed: chance is enumerated by replaying
 * a step with a source that follows a prescribed prefix of choices and
 * stops at the first new pick, recording how many outcomes it has and
 * their labels.  Outcomes with equal labels are interchangeable (chance.h)
 * and are followed once, with weight count/n; every pick's weights are
 * checked to sum to exactly 1 (GMP rationals).
 *
 * Nodes are the states where the game waits: decisions and the end, plus
 * states the bound cuts (a leaf).  They are deduplicated by a canonical
 * key: the state's bytes, or the bound's key function.  Depth is the
 * number of decisions from the start.  A rule failure or a broken
 * invariant is a violation, reported with the shortest path to it as a
 * transcript `undead check` replays.
 */
#ifndef UD_EXPLORE_H
#define UD_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gmp.h>

#include "buf.h"
#include "engine.h"
#include "policy.h"

enum {
    UD_EXPLORE_MAX_DEPTH = 256,
    UD_EXPLORE_MAX_PICKS = 64,
    /* one position's steps visit at most this many chance outcomes for
     * each state --max-states allows (its leaves, before repeats merge) */
    UD_EXPLORE_VISITS_PER_STATE = 64,
    UD_EXPLORE_MAX_JOBS = 64,
    UD_EXPLORE_MAX_HORIZON = 10000
};

/* The outcomes one position's steps may visit under a bound of
 * max_states distinct states (saturating). */
static inline uint64_t ud_explore_max_visits(uint64_t max_states)
{
    return max_states > UINT64_MAX / UD_EXPLORE_VISITS_PER_STATE ? UINT64_MAX
                                                                 : max_states * UD_EXPLORE_VISITS_PER_STATE;
}

/* A game's bound: which states are leaves and how states are keyed. */
typedef struct ud_explore_bound {
    const char *game; /* the game's name */
    const char *name; /* e.g. "turn" */
    const char *summary;
    size_t key_size; /* bytes key() writes; 0: the state's bytes */
    void (*key)(const void *state, unsigned char *out);
    /* A leaf: not expanded.  Also asked at every new chance pick, where a
     * true answer ends the branch there (e.g. the next turn has begun). */
    bool (*cut)(const void *state);
    /* Describe a leaf for the outcome table (e.g. "bank 3", "bust"). */
    void (*outcome)(const void *state, ud_buf *out);
    /* Start lines (ud_game.apply_start) the bound explores from, before
     * the setup's own (a setup line replaces the bound's lines that begin
     * with the same word); NULL-terminated; NULL:
     * none.  A bound on a small position (a short deck) carries it here,
     * so every command that explores the bound (explore, verify) starts
     * from the same place. */
    const char *const *start;
    /* How far the game has gone since the start in the bound's own unit
     * (progress_unit, singular: "round", as in "not over after 3
     * rounds"), for a horizon (opts.horizon);
     * NULL: the bound takes none.  A bound whose states are infinitely
     * many (a round may return the same position with one more supply)
     * is explored to a horizon instead: every state that has gone
     * `horizon` units is a leaf, and the chance of not having ended by
     * then is one outcome, the remainder. */
    int (*progress)(const void *state);
    const char *progress_unit;
} ud_explore_bound;

typedef struct ud_explore_level {
    uint64_t generated;               /* successors produced at this depth (with duplicates) */
    uint64_t distinct;                /* new states first seen at this depth */
    uint64_t decision, terminal, cut; /* of the distinct ones */
    uint64_t chance;                  /* chance picks enumerated expanding the previous depth */
} ud_explore_level;

/* Called for every (state, action) expanded: the distinct results and
 * their exact probabilities (they sum to 1). */
typedef void (*ud_explore_edge_fn)(void *ctx, const void *state, const ud_action *action, int n,
                                   const void *const *children, mpq_t *const *weights);

typedef struct ud_explore_opts {
    const ud_game *game;
    const ud_setup *setup;
    const ud_explore_bound *bound; /* NULL: no cut, state bytes as key */
    int max_depth;                 /* decisions from the start; < 0: no limit */
    const ud_policy *policy;       /* NULL: every offered action */
    uint64_t max_states;           /* 0: a default (10 million) */
    /* Bytes the search's own growing arrays may take (states, nodes,
     * index, edges, weights, the threads' children); the search stops
     * with what it has when the next growth would pass it, as at
     * max_states (report.memory_cut).  0: ud_membound_default()
     * (membound.h). */
    uint64_t max_memory;
    int check_invariants;
    /* Compute the exact probability of each leaf outcome (bound->outcome
     * labels), cycles included (absorb.h); needs one action per decision:
     * a deterministic policy, followed. */
    int outcomes;
    /* With outcomes: solve the chain with the plain mpq_t pass (absorb.h
     * ud_absorb) instead of the smooth-denominator one; the same figures,
     * slower, for comparison. */
    int reference;
    ud_explore_edge_fn on_edge;
    void *edge_ctx;
    /* Enumerate every order of exchangeable picks too (engine.h,
     * ud_exchangeable_begin): slower, the same results; for tests. */
    int every_order;
    /* Threads expanding nodes (0 or 1: this one).  The states, counts,
     * outcomes and traces are the same for any number: expansions are
     * merged into the graph in node order.  on_edge is called on the
     * calling thread; a followed policy is asked from several. */
    int jobs;
    /* With a bound that has progress: stop every path that has gone this
     * many of its units (a leaf, "not over after N rounds"); the key then
     * holds the progress, so no path can cycle past it.  0: none. */
    int horizon;
} ud_explore_opts;

typedef struct ud_explore_report {
    uint64_t generated, distinct, decision, terminal, cut, chance, transitions;
    uint64_t chance_sums_checked; /* picks whose weights summed to exactly 1 (a pick
                                      * inside an exchangeable run: its step's outcomes) */
    int depth;                    /* deepest depth with a new state */
    int complete;                 /* no depth, state or memory limit was hit */
    int memory_cut;               /* the search stopped at opts.max_memory */
    int states_cut;               /* it stopped at opts.max_states (max_states):
                                      * the distinct states, or (step_cut) one
                                      * step's distinct outcomes */
    int step_cut;
    int visits_cut;        /* with states_cut: one position's steps visited more
                     * than UD_EXPLORE_VISITS_PER_STATE * max_states outcomes */
    int picks_cut;         /* it stopped at a step that went on for more
                                      * than UD_EXPLORE_MAX_PICKS chance picks with
                                      * no decision or leaf (a bound that ends
                                      * paths sooner explores it) */
    uint64_t max_states;   /* the state bound it ran under */
    int outcomes_cut;      /* with opts.outcomes: the search was complete but
                                      * solving the chain would pass opts.max_memory;
                                      * the counts stand, no outcome is computed */
    uint64_t memory_limit; /* the bound it ran under, in bytes */
    uint64_t memory_peak;  /* the most its arrays took at once, in bytes */
    ud_explore_level level[UD_EXPLORE_MAX_DEPTH + 1];
    int violated; /* a violation was found (the search stops) */
    ud_failure fail;
    char *trace;    /* transcript up to the violation (malloc), or NULL */
    int n_outcomes; /* with opts.outcomes: distinct leaf labels (0 at
                                      * outcomes_cut) */
    int remainder;  /* of them, the paths not over at opts.horizon
                                      * ("not over after N rounds"); -1: none */
    char (*outcome_label)[64];
    mpq_t *outcome_p; /* exact, summing to 1 */
    int smooth_pass;  /* 1: the chain was solved by the smooth-denominator
                                      * pass, 0: by the mpq pass (reference, or a chain
                                      * the fast one does not take) */
    double seconds;
    double solve_seconds; /* of seconds, solving the chain (opts.outcomes) */
} ud_explore_report;

/* 0: explored (maybe with a violation in rep); -1: could not run (err). */
int ud_explore(const ud_explore_opts *o, ud_explore_report *rep, ud_buf *err);
void ud_explore_report_free(ud_explore_report *rep);
/* Whether a limit cut the search short: true with, in out, words naming
 * the option that sets it ("the --max-memory bound was hit"); false when
 * none did (a complete search, or one that stopped at the depth it was
 * asked to).  A limit is the tool's, not a broken rule: the callers report
 * it apart from a violation (exit 2, or explore's partial table, exit 0). */
bool ud_explore_limit_hit(const ud_explore_report *rep, ud_buf *out);

#endif
