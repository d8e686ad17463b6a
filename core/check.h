/*
 * check.h - replaying a transcript against the rules.
 *
 * The engine runs with a scripted chance source fed by the transcript's
 * chance lines and a scripted player fed by its decide lines (or, where a
 * transcript has none, the seed and the seats' policies).  Every line the
 * engine produces is matched against the transcript: change lines a person
 * left out are filled in (unless the record is complete, or the check
 * strict), those present must agree, state lines are
 * checked where they stand.  The same run writes the canonical transcript,
 * which is how golden files are regenerated.
 */
#ifndef UD_CHECK_H
#define UD_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "transcript.h"

typedef struct ud_check_result {
    int complete; /* the game ended (else a partial transcript) */
    int winner;   /* as ud_game.winner */
    int score[UD_MAX_PLAYERS];
    uint8_t outcome[UD_MAX_PLAYERS]; /* ud_seat_outcome per seat */
    int n_players;
    uint64_t decisions;
    /* Decisions whose play had begun (ud_decide called) when the check
     * ended: set on a refusal too, where the refused line is in the play
     * of decision `played` (0: the set-up), or is the decision after it. */
    uint64_t played;
    /* On a refusal, what it is about, for a blame's provenance: a decide
     * line by a player not to move, a state line's key, or the verb of a
     * change line the rules do not produce (else false, ""). */
    bool wrong_seat;
    int seat_named; /* wrong_seat: the seat the decide line names (-1: none of the table's) */
    char state_key[32];
    char change_verb[32]; /* a change line the rules do not produce at all: its verb */
    /* A record's offers list the rules' offers differ from: the row that
     * offers decisions of the kind in question (offers.h), else NULL. */
    const ud_rule *offers_row;
    bool at_end;          /* the record ends where the rules need more */
    bool partial_at_pick; /* a partial record ended where the rules need an outcome */
} ud_check_result;

typedef struct ud_check_opts {
    FILE *regen;     /* write the canonical transcript here, or NULL */
    uint64_t *fired; /* per-rule firing counts, or NULL */
    /* per-rule counts of the firings that changed the game's counts
     * (ud_game.counts; needs check_invariants), or NULL */
    uint64_t *count_changes;
    int check_invariants;
    int strict;             /* as a record's "complete" header line: every change line
                                   * the rules produce must be written, in order */
    uint64_t max_decisions; /* bounds the decisions left to the policies (a record's
                                   * own are bounded by its length); 0: the default */
    /* Stop after the record's line stop_after_line (a line number of the
     * file; 0: read the whole record).  The lines after it are left unread,
     * as if the record were partial there: the check goes on only as far as
     * the rules go without input (to the next outcome or decision, or the
     * end) and an illegal line after it is never seen.  A chance line's
     * outcomes that go on in the next lines of the same verb are read to
     * their end.  It stops nothing in a record that writes out neither
     * its outcomes nor its decisions (a seed and policies only). */
    int stop_after_line;
    void *state_out; /* NULL, or state_size bytes: the state where a legal
                                   * check ended (what undead show draws) */
    /* NULL, or the rows for the record's game and variant setting (as
     * ud_table_build makes them, engine.h), so that a caller checking many
     * records, such as the transcript fuzz target, builds each table once
     * rather than once per record. */
    const struct ud_table *table;
    /* Set: no invariant is checked, even in a sanitizer build (which
     * otherwise checks them whatever check_invariants says).  Only for a
     * record of a game just played with every invariant after every row:
     * the replay fires the same rows on the same states (the engine fuzz
     * targets' round trip, core/fuzzing.c). */
    int replay_of_checked;
    /* Blame (core/blame.h): NULL, or rows and readings changed from the
     * play of decision changed_from on (0: from the set-up), the record
     * checked against them from there; before it, the record's own. */
    const struct ud_table *changed_table;
    const ud_setup *changed_setup;
    uint64_t changed_from;
    uint64_t *changed_fired; /* NULL, or the firings counted from there on */
    /* Set: the changed rules play the whole record, from the set-up on;
     * changed_from is then only where the firings begin to be counted. */
    int changed_whole;
    /* Blame: a record that leaves its decisions to the policies ends, as
     * a partial one would, at the first decision once its every line is
     * read (the step studied ends at a decision; the policies' play after
     * it is no part of the record). */
    int stop_at_policies;
    /* Blame: each state line is the other side's whole state, a key the
     * rules show and the line does not name a difference as a wrong value
     * is (the games of a record's `after` and `witness` parts, which
     * undead conform writes from states it compared whole). */
    int whole_states;
    /* NULL, or called wherever the rules wait for an outcome or a decision
     * and the record goes on with its line index `next`: there a check of
     * the record cut before that line (stop_after_line) would end, with
     * this state and the firings counted so far (fired).  One check thus
     * gives the position after every step of a record (undead show) where
     * one check per step would be quadratic in its length. */
    void (*at_input)(void *ctx, int next, const void *state);
    void *at_input_ctx;
    /* Blame's snapshot (core/blame.c): NULL, or per-rule marks set for
     * every row the play reaches, its guard asked or its effect run
     * (ud_step.visited: an interpreted table only). */
    uint8_t *visited;
    /* Blame's snapshot: NULL, or called where the play of decision
     * changed_from (1 or more) begins, its rules in place, before the
     * decision is applied; the check goes on when it returns. */
    void (*at_step)(void *ctx);
    void *at_step_ctx;
} ud_check_opts;

/* 0: legal; -1: err says where and which rule. */
int ud_check(const ud_transcript *t, const ud_check_opts *opts, ud_check_result *res, ud_error *err);

#endif
