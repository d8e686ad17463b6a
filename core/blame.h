/*
 * blame.h - which rule a departure from the rules breaks, by evidence.
 *
 * At the step where a record or another engine parts from the rules,
 * undead knows the position before the step, the outcomes, and what the
 * other side says happened.  The rule is named by the strongest evidence
 * found, in this order:
 *
 *  1. a change that plays the step as the other side said: a reading (the
 *     step played again under another reading of an open question) or a
 *     single rule (one row changed: its guard never or always holding,
 *     its effect skipped or applied twice, the operators of `undead
 *     mutate`, applied at run time to a copy of the table, in every
 *     build), or its change to one of the game's amounts (ud_game.amount)
 *     not made, capped at one, one more or one less: a fault of amounts,
 *     tried for each amount the row changed in the step; or a number the
 *     row reads as data (ud_game.numbers) one more or one less (a bound
 *     on offers one past or one short, a rounding the other way, a rule
 *     that forbids something broken as its row declares): a fault of
 *     boundaries.  When several do, the one that sets fewest of the step's
 *     rows firing otherwise comes first, a reading before a row at equal
 *     cost (the more specific explanation: a reading swaps every row of
 *     its key at once);
 *  2. provenance: the rows whose effects wrote what differs in the step,
 *     or whose guards made the offers that differ (the caller knows which).
 *
 * An explanation of kind 1 or 2 accounts for the whole step: the caller's
 * trial says whether the changed step ends as the other side's did (every
 * key, offer and outcome).  Each trial runs in a child process (a worker
 * that plays a search's trials in turn, replaced when one ends it): a changed
 * table runs rows where their code assumes they never run (an effect
 * whose guard said no indexes an empty pile), which must neither crash
 * the caller nor print a sanitizer's report of a fault that is the
 * change's.  `undead check` (ud_blame_check, below) and `undead conform`
 * (tools/conform_blame.c) both name their rule through here.
 *
 * Where several changes play the step, a caller that can play whole
 * games against the other side (conform: tools/conform/conform_confirm.c)
 * confirms them by play, and ud_blame_confirmed names first the one that
 * play bore out.
 */
#ifndef UD_BLAME_H
#define UD_BLAME_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "check.h"
#include "engine.h"
#include "mutant.h"

typedef enum {
    UD_BLAME_NONE,       /* nothing explains the step */
    UD_BLAME_READING,    /* another reading of an open question plays it so (named first) */
    UD_BLAME_ROW,        /* one row changed plays it so (named first) */
    UD_BLAME_PROVENANCE, /* the rows that wrote what differs (no change explains it) */
} ud_blame_kind;

/* An amount change: what becomes of a row's change to one of the
 * game's amounts (ud_game.amount) each time it fires. */
typedef enum {
    UD_AMOUNT_NONE,
    UD_AMOUNT_FORGET,   /* the change not made */
    UD_AMOUNT_CAP_ONE,  /* a change of several made one */
    UD_AMOUNT_ONE_MORE, /* one more, the way it goes */
    UD_AMOUNT_ONE_LESS, /* one less */
} ud_blame_amount;

/* One change of the step's rules: a reading (key read as value), one
 * row changed by op (UD_MUT_GUARD_NEVER ... UD_MUT_EFFECT_TWICE), or one
 * row's change to amount number `amount_i` changed by `amount` (op
 * UD_MUT_NONE). */
typedef struct ud_blame_change {
    ud_blame_kind kind; /* UD_BLAME_READING or UD_BLAME_ROW */
    int key, value;
    const ud_rule *rule;
    ud_mutant_op op;
    ud_blame_amount amount;
    int amount_i;
    /* amount_i is one of the numbers the row reads (ud_game.numbers),
     * read `shift` from its value (a count or a bound one more or one
     * less, a rounding the other way, a rule broken at a number), not an
     * amount it changes */
    bool number;
    int shift;
    char amount_name[48]; /* the game's name for it, for the report */
} ud_blame_change;

enum { UD_BLAME_SHOWN = 8 };

/* What play said of one explanation (ud_blame_confirmed): a caller that
 * can play whole games against the other side (conform) plays the
 * departing game again from its start, and a few more, with the change
 * made to undead's own table: one under which the two sides part
 * anywhere is refuted. */
typedef enum {
    UD_CONFIRM_NONE,   /* not played */
    UD_CONFIRM_AGREED, /* every game played agreed */
    UD_CONFIRM_PARTED, /* the sides parted: refuted */
    UD_CONFIRM_UNSURE, /* could not confirm: the changed rules crashed, or hit a limit */
} ud_confirm_kind;

typedef struct ud_blame_confirm {
    ud_confirm_kind kind;
    int games;     /* AGREED: the games that agreed (the departing game first) */
    int game;      /* PARTED: the game they parted in (1: the departing game) */
    uint64_t play; /* PARTED: at which play of it */
    /* PARTED: 0 under the run's readings, else 1 + the index in
     * ud_blame.readings of the other reading it parted under */
    int reading;
    int reading_games; /* games that agreed under the other readings played */
    /* PARTED by a record's `witness variant KEY=VALUE` part (ud_blame_check):
     * 1 + that key (0: none) and its value */
    int line_key, line_value;
} ud_blame_confirm;

/* Another reading than the run's, one key read otherwise, under which the
 * changes play left tied were played again (conform: both sides told it). */
typedef struct ud_blame_reading {
    int key, value;
    bool unsupported; /* the other side answered that it does not play it: skipped */
    /* the changes it refuted: those that parted under it, when another
     * agreed under it (a reading under which every change parts, or none
     * agrees, refutes none: the other side differs there otherwise) */
    int refuted;
} ud_blame_reading;

enum { UD_BLAME_READINGS = 8 };

typedef struct ud_blame {
    const ud_game *game;
    ud_blame_kind kind;
    ud_blame_change found[UD_BLAME_SHOWN]; /* READING or ROW: the changes that explain it, best first */
    int n_found;                           /* all that explain it (more than shown: counted only) */
    const ud_rule *rows[UD_BLAME_SHOWN];   /* PROVENANCE: the rows; READING: the rows of its key that
                                            * fired in the step */
    int n_rows;
    const char *what;              /* PROVENANCE: what the rows wrote ("the key 'cup'", "the offers") */
    uint64_t from_play;            /* ud_blame_check: the play the changes began in (the decision's number) */
    uint64_t cost[UD_BLAME_SHOWN]; /* of each change shown: the firings it changes */
    /* the confirmation by play of found[i] (UD_CONFIRM_NONE: not played),
     * and how many games each change was to play */
    ud_blame_confirm confirm[UD_BLAME_SHOWN];
    int confirm_games;
    /* the other readings the changes play left tied were played under
     * (each reading_games games), in the order played */
    ud_blame_reading readings[UD_BLAME_READINGS];
    int n_readings, reading_games;
    /* ud_blame_check on a record with an `after` part: the changes were
     * played on through its lines (from after_first to after_last), not
     * games; a PARTED change's play is the line it parted at */
    int after_first, after_last;
    /* and on a record with `witness` parts: through each of those games,
     * from the first `witness` line to the last line of the last */
    int witness_first, witness_last, witness_games;
    /* the search's time bound (ud_blame_set_seconds) when it cut the
     * search short: the changes not tried, and the changes play could not
     * confirm for want of time; bound_seconds is the bound then (0: it was
     * not reached) */
    int untried, unconfirmed;
    unsigned bound_seconds;
} ud_blame;

/* The changed step, played by the caller on table t and setup (copies
 * with the change made): whether it comes out as the other side said.
 * Runs in a child process.  fired (UD_MAX_RULES counts, zeroed) may be
 * filled with the rows fired in the changed step, for a reading's rows. */
typedef bool (*ud_blame_trial)(void *ctx, const ud_table *t, const ud_setup *setup, uint64_t *fired);

/* For a trial of a refused step, in its child: the row r that ran short
 * of outcomes where the implementation did (the engine counts a row that
 * could not finish as not fired).  That firing, cut short by the
 * departure itself, is ranked as the rules' own step has it: neither
 * for the change nor against it (a change running short in the step's
 * own draw no dearer than one running short in another row's; a row
 * the rules' step does not fire, cut short, no firing more).  Outside a
 * trial: nothing. */
void ud_blame_trial_short(const ud_game *g, const ud_rule *r);

/* Try every change of the game's rules under setup (base: the rows as
 * played): each other reading of each key, then each row of base with
 * each operator.  reference (NULL: trial) plays the step unchanged, for
 * the firings the changes are ranked against.  Fills b with the changes
 * that explain the step, least disturbing first, b->kind the first one's
 * (UD_BLAME_NONE when nothing does: the caller then adds provenance with
 * ud_blame_add_row). */
void ud_blame_search(const ud_table *base, const ud_setup *setup, ud_blame_trial trial,
                     ud_blame_trial reference, void *ctx, ud_blame *b);

/* Make change c in t (a copy of a table built for setup) and setup:
 * false when it changes nothing there (a row not in the table, a guard
 * that always holds made to always hold). */
bool ud_blame_apply(const ud_blame_change *c, ud_table *t, ud_setup *setup);

/* After the caller filled b->confirm for some of the changes shown: the
 * changes every game agreed with first, then those not played or not
 * confirmed, then those refuted, each in its old order (so the one named
 * is the first that play bears out; when every one played parted, the
 * old order stands).  b->kind becomes the first's. */
void ud_blame_confirmed(ud_blame *b);

/* Provenance: add rule to b's rows once (kind becomes PROVENANCE). */
void ud_blame_add_row(ud_blame *b, const ud_rule *rule, const char *what);

/* The rule b names first (NULL: none); its IDs space-separated, at most
 * size bytes (the rows of the first explanation, or the provenance; a
 * reading none of whose rows fired in the step: its key). */
const ud_rule *ud_blame_rule(const ud_blame *b);
void ud_blame_rule_ids(const ud_blame *b, char *out, size_t size);

/* The evidence as one sentence ("single rule: the rules play this step
 * as ... with DL-INFECTION-RECOUNT's guard never holding"). */
void ud_blame_evidence(const ud_game *g, const ud_blame *b, const char *other, ud_buf *out);
/* The rule's lines for a report: its ID and summary (after first), its
 * source and section, and the players' FAQ question that rests on it, if
 * any (each after indent). */
void ud_blame_rule_text(const ud_game *g, const ud_rule *r, const char *first, const char *indent,
                        ud_buf *out);
/* The same as members of a JSON object (no braces): "rule", "evidence",
 * "explanations", "summary", "section", "source", "faq". */
void ud_blame_json(const ud_game *g, const ud_blame *b, const char *other, ud_buf *out);
/* ,"confirmed":[...]: each change the caller confirmed by play (its
 * text, "agrees", "parts" or "not confirmed", the games it agreed in of
 * how many, where it parted); nothing when none was played. */
void ud_blame_confirm_json(const ud_game *g, const ud_blame *b, ud_buf *out);
/* ,"bound_seconds":N,"untried":K,"unconfirmed":C when the time bound cut
 * the blame short (ud_blame_set_seconds); nothing otherwise. */
void ud_blame_bound_json(const ud_blame *b, ud_buf *out);
/* Rule r's members for such an object, each after a comma: "summary",
 * "section", "source", and "faq" (its id and question) if one rests on
 * it; nothing for NULL. */
void ud_blame_rule_json(const ud_game *g, const ud_rule *r, ud_buf *out);
/* s as a JSON string, quotes included. */
void ud_blame_json_string(ud_buf *out, const char *s);
const char *ud_blame_kind_name(ud_blame_kind k);

/* ---- `undead check`: the line that breaks a rule ------------------------------ */

/* After ud_check(t, opts, res, err) refused t at err->line (a rule, not
 * bad input): the step that holds that line is the play of decision
 * res->played (0: the set-up) to the record's next decide line (a
 * refused decide line: from the play that made its position).  Each
 * change is played over the whole record, cut at the step's end, its
 * firings counted from the step on: a change explains the line when the
 * record checks to there. */
void ud_blame_check(const ud_transcript *t, const ud_check_opts *opts, const ud_check_result *res,
                    const ud_error *err, ud_blame *b);

/* ud_blame_check plays a change that leaves the game before the step as
 * it is from a snapshot of the step's start, not from the record's first
 * line (blame.c says why that is the same): on by default.  Off: every
 * change played whole, for a test to compare the two. */
void ud_blame_use_snapshots(bool on);
/* How many changes were played from a snapshot so far (for that test). */
uint64_t ud_blame_snapshot_trials(void);

/* A search plays its trials one after another in a worker process it
 * forks once (blame.c says why the outcome is a fresh child's): on by
 * default.  Off: each trial in a child of its own, for a test to compare
 * the two. */
void ud_blame_use_worker(bool on);
/* How many trials were played in a worker so far (for that test). */
uint64_t ud_blame_worker_trials(void);
/* How many trials so far ended their process (the worker, or a child of
 * their own) without an answer: a crash, a sanitizer's halt, a signal or
 * the alarm.  A row's effect run where its precondition does not hold
 * fails the step instead (ud_effect_unmet), so a test of blame expects
 * none. */
uint64_t ud_blame_died_trials(void);

/* The time bound of one blame (ud_blame_check whole, or one
 * ud_blame_search), in seconds of wall time; 0: none.  A record or a
 * step can make the search long (each of a thousand changes played in a
 * child, each child allowed 10 s), so by default it is bounded: past the
 * bound no more changes are tried or confirmed, the best found so far is
 * named, and the evidence says how many were left untried.  check and
 * conform take it as --blame-seconds. */
enum { UD_BLAME_SECONDS_DEFAULT = 60 };
void ud_blame_set_seconds(unsigned seconds);

#endif
