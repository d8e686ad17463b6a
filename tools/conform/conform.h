/*
 * conform.h - `undead conform` and `undead serve`: another implementation
 * of a game held to the rule table in lockstep, over the JSON Lines
 * protocol docs/conformance.md defines.
 *
 * One game is driven by a tape of choices (each decision's offer, each
 * outcome of chance), as a fuzzer's bytes drive a fuzz target: a seeded
 * game records its tape as it goes, and the same tape replays it exactly.
 * That is what makes a departure shrinkable (cut the tape, replay) and
 * the decisions and outcomes enumerable to a depth (run the tape as an
 * odometer).
 */
#ifndef UD_CONFORM_H
#define UD_CONFORM_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "blame.h"
#include "buf.h"
#include "capture.h"
#include "child.h"
#include "engine.h"
#include "error.h"
#include "play.h"
#include "record.h"

enum { CF_PROTOCOL = 1, CF_MAX_DEPTH = 64 };

/* Who decides the outcomes of chance (docs/conformance.md): undead
 * (dictate), the implementation (follow), or both, each seeded game
 * played first in dictate mode, then with the same seed in follow mode
 * (the default: each mode sees what the other cannot). */
typedef enum { CF_DICTATE, CF_FOLLOW, CF_BOTH } cf_chance_mode;

/* ---- the tape ------------------------------------------------------------ */

typedef enum {
    CF_TAPE_RECORD, /* choices from the PRNG (outcomes) and the policies (decisions), recorded */
    CF_TAPE_REPLAY, /* choices from the tape, then as `fill` says */
} cf_tape_mode;

/* Where a replayed tape's choices come from past its end. */
typedef enum {
    CF_FILL_HASH,   /* a PRNG seeded with a hash of the tape: a cut tape is still one
                     * game, and not the first offer and first outcome for ever (which
                     * would tie a roll-off for ever) */
    CF_FILL_ZERO,   /* 0: the enumeration's odometer counts up from there */
    CF_FILL_RANDOM, /* the PRNG as the caller seeded it (the fuzzer's new choices) */
} cf_fill;

typedef struct cf_tape {
    uint32_t *val;   /* each choice made */
    uint32_t *range; /* of how many */
    uint32_t *next;  /* the enumeration's next value of each choice (range: none) */
    size_t n, cap;
    size_t pos;
    cf_tape_mode mode;
    cf_fill fill;
    bool oom;
    ud_rng rng, policy_rng; /* CF_TAPE_RECORD */
} cf_tape;

void cf_tape_init(cf_tape *t);
void cf_tape_free(cf_tape *t);
/* Start a game: recording from seed, or replaying what the tape holds. */
void cf_tape_record(cf_tape *t, uint64_t seed);
void cf_tape_replay(cf_tape *t);
/* Keep only the first n choices. */
void cf_tape_truncate(cf_tape *t, size_t n);
void cf_tape_copy(cf_tape *dst, const cf_tape *src);
/* The next choice among n: recorded (from the PRNG, or `chosen` when it
 * is not negative: a policy's pick) or replayed.  Its enumeration's next
 * value is the one after it. */
uint32_t cf_tape_next(cf_tape *t, uint32_t n, int chosen);
/* The enumeration's next value of the choice just made (n: none, the
 * choice is not enumerated). */
void cf_tape_set_next(cf_tape *t, uint32_t next);

/* ---- the run's settings ---------------------------------------------------- */

typedef struct cf_opts {
    const ud_game *game;
    ud_match match; /* setup (players, readings, start lines) and each seat's policy */
    cf_chance_mode chance;
    int timeout_ms;     /* for each answer */
    uint64_t max_steps; /* decisions in one game before it counts as endless */
    /* --depth: outcomes of one play enumerated (the rest drawn from a PRNG
     * seeded by the path: a bust after a bust is still one path), in the
     * set-up and in the plays after decisions */
    uint64_t enum_setup, enum_outcomes;
    bool no_offers;       /* skip the offers query (speed measurements only) */
    char *const *command; /* the adapter, NULL-ended */
    const char *content;  /* --content DIR, or NULL: the game's built-in content */
    /* A departure's explanations confirmed by play (cf_confirm): the first
     * confirm_changes of them, each in the departing game again and
     * confirm_games more seeded games (0 changes: none played). */
    int confirm_changes, confirm_games;
    /* Changes every game agreed with that name two rules or more, played
     * again under other readings of the keys their rows consult (both
     * sides told it), at most confirm_readings of them (0: none). */
    int confirm_readings;
} cf_opts;

/* ---- the link to the adapter ------------------------------------------------ */

typedef struct cf_link {
    child proc;
    bool started;
    int timeout_ms;
    uint64_t requests;
    char last_request[160]; /* for reports: the request an answer is to */
} cf_link;

/* How a game, or a request, came out. */
typedef enum {
    CF_AGREE,  /* every step agreed */
    CF_DEPART, /* a departure from the rules (exit 1) */
    CF_BROKEN, /* the adapter broke the protocol, crashed or hung (exit 2) */
    CF_ENDLESS /* no end within max_steps decisions: not judged */
} cf_verdict;

/* ---- a departure ------------------------------------------------------------ */

typedef enum {
    CF_DEP_STATE,   /* the state after a step differs */
    CF_DEP_TO_MOVE, /* another player is to move */
    CF_DEP_OVER,    /* one side says the game is over, the other not */
    CF_DEP_RESULT,  /* the game ended with other outcomes */
    CF_DEP_OFFERS,  /* another set of legal decisions */
    CF_DEP_REFUSED, /* dictate: the implementation refused an outcome the rules allow */
    CF_DEP_UNUSED,  /* dictate: the implementation left outcomes the rules use */
    CF_DEP_OUTCOME, /* follow: an outcome the rules do not allow at that point */
    CF_DEP_MISSING, /* follow: the rules need an outcome the implementation did not draw */
    CF_DEP_EXTRA,   /* follow: the implementation drew outcomes the rules do not use */
    CF_DEP_RULES,   /* undead's own engine failed (an invariant): not the adapter's fault */
    CF_DEP_LIMIT,   /* a limit of undead's (the text sets none) stopped its rules: no departure, exit 2 */
} cf_dep_kind;

extern const char *const cf_dep_kind_name[];

typedef struct cf_departure {
    cf_dep_kind kind;
    uint64_t step;      /* requests that play (new, decide) before and including this one */
    uint64_t decisions; /* decisions taken before this step */
    size_t tape_pos;    /* choices the tape had made when it showed */
    char key[64];       /* CF_DEP_STATE: the first key that differs */
    char rule[UD_ERROR_RULE_MAX];
    ud_blame_kind blame;    /* the evidence that named rule (cf_blame) */
    ud_buf expected, found; /* one line each, as a person reads them */
    ud_buf why;             /* how the rule was found, more detail */
    ud_buf confirmed;       /* the changes confirmed by play, as a JSON member (ud_blame_confirm_json) */
    ud_buf after;           /* the implementation's game from its last decision, as the change confirmed first
                             * plays it (cf_after_lines), for the record's `after` part; or empty */
    ud_buf witness;         /* the record's `witness` parts (cf_confirm), each with its line; or empty */
    char request[160];
    bool at_offers;         /* found in an offers answer, at the position before a decision */
    json_t *outcomes;       /* the step's outcome lines (dictated, or the adapter's), or NULL */
    json_t *their_state;    /* the adapter's state object, or NULL */
    bool their_over;        /* whether the adapter said the game is over */
    json_t *their_offers;   /* CF_DEP_OFFERS: the adapter's offers */
    json_t *their_to_move;  /* CF_DEP_TO_MOVE found in an offers answer: its "to_move" */
    bool changed;           /* the blame found a change of the rules that plays the step so */
    ud_blame_change change; /* ... the first one (cf_blame) */
    json_t *their_report;   /* a play's departure: the adapter's whole answer (its to_move,
                           * result, unused), or NULL */
} cf_departure;

void cf_departure_init(cf_departure *d);
void cf_departure_free(cf_departure *d);

/* Chi-square tallies of the outcomes an implementation drew (follow). */
typedef struct cf_tally cf_tally;

/* ---- one run: the adapter, the rules, the games ----------------------------- */

typedef struct cf_run {
    const cf_opts *o;
    ud_table table;
    cf_link link;
    cf_tally *tally;       /* NULL: none kept */
    cf_chance_mode chance; /* the game being played: CF_DICTATE or CF_FOLLOW */
    uint64_t steps;        /* plays (new, decide) over all games */
    uint64_t queries;
    uint64_t fired[UD_MAX_RULES];
    char adapter_name[128];
    uint64_t seed;    /* the seed the last game gave the adapter (shrinking replays it) */
    int shrink_tries; /* games the last shrink played */
    /* Where the last game stood after each play: the tape's position
     * after play d (d = 1 ... depth_reached), for the depth driver. */
    size_t depth_pos[CF_MAX_DEPTH + 2];
    int depth_reached;
    ud_buf broken;    /* CF_BROKEN: what happened */
    bool unsupported; /* ... the adapter answered that it does not play what was asked */
    /* A confirmation's game (cf_confirm): undead's side plays a changed
     * table under these readings (NULL: the match's), its invariants not
     * checked (a changed row may break one); the adapter is told the
     * match's readings as ever. */
    const ud_setup *rules_setup;
    bool changed_rules;
} cf_run;

/* Start the adapter and say hello; CF_BROKEN (run->broken says why) or CF_AGREE. */
cf_verdict cf_run_open(cf_run *run, const cf_opts *o);
void cf_run_close(cf_run *run);
/* Restart the adapter (after a departure left it mid-game). */
cf_verdict cf_run_restart(cf_run *run);

/* Play one game through the adapter, driven by tape (as the caller set
 * it: cf_tape_record or cf_tape_replay), to the end, a departure, a
 * broken adapter or max_steps decisions; with max_plays > 0, stop
 * (CF_AGREE) once that many plays are done and compared (the set-up is
 * play 1, each decision with what follows it one more).  seed goes to the
 * adapter (its own random source, in follow mode). */
cf_verdict cf_play(cf_run *run, cf_tape *tape, uint64_t seed, uint64_t max_plays, cf_departure *dep);

/* The record of the game the tape plays, as undead plays it, as far as
 * the departure's step, ending with what the adapter said there (its
 * outcomes, its state and where its game stands: waits, needs, over, or
 * the offers it made), in transcript form: `undead check` replays it. */
void cf_record(const cf_run *run, const cf_tape *tape, const cf_departure *dep, ud_buf *out);

/* Which rule governs a departure, by evidence (core/blame.h): another
 * reading, or a single row changed (its guard never or always holding,
 * its effect skipped or applied twice), that makes the step come out as
 * the adapter's did, every key, offer and outcome; else the rows of the
 * step that changed the keys that differ, or the row that drew or
 * offered what differs.  Fills dep->rule, dep->blame and dep->why. */
void cf_blame(cf_run *run, const cf_tape *tape, cf_departure *dep);

/* Confirm b's explanations by play: for each of its first
 * run->o->confirm_changes changes, in a child process with an adapter of
 * its own, the departing game (tape, from its start, seed run->seed)
 * played again with the change made to undead's table, on to its end,
 * then run->o->confirm_games seeded games more (seeds run->seed + 1, ...),
 * each at most CF_CONFIRM_DECISIONS decisions; one under which the sides
 * part is refuted, one whose play crashed or met a limit is not
 * confirmed.  Where those every game agreed with name two rules or more,
 * they are played again under other readings (cf_confirm_readings,
 * conform_impl.h).  Fills b->confirm and orders b by it
 * (ud_blame_confirmed).
 * Plays nothing when fewer than two changes explain the step.  When the
 * change named first is borne out, after gets the departing game's lines
 * from the play of decision `last` on as it played them (cf_after_lines):
 * the implementation's own game from the record's last decision, which it
 * agreed with; and witness gets the seeded games in which another change
 * parted, as that change plays them from their set-up (each after a
 * `witness` line): the record's further games. */
enum { CF_CONFIRM_DECISIONS = 1000, CF_CONFIRM_SECONDS = 30 };
/* The seeded games undead plays alone under each reading a tie could be
 * played again under, to try first those where its tied changes part
 * (cf_confirm_readings). */
enum { CF_TELLING_GAMES = 3 };
/* A record's `after` part: at most so many lines, and bytes */
enum { CF_AFTER_LINES = 8000, CF_AFTER_BYTES = 1024 * 1024 };
void cf_confirm(cf_run *run, const cf_tape *tape, ud_blame *b, int64_t last, ud_buf *after, ud_buf *witness);

/* The lines of the game tape plays under run's table and readings (a
 * confirmation's changed ones), as a record's lines (decisions, outcomes,
 * states), from the play of decision `last` on (its decide line left
 * out: the record has it; -1: from the set-up on) to the tape's end; at
 * most CF_AFTER_LINES lines, ended at a decision.  With over (a witness
 * part: a whole game), a game the rules ended there ends with its `over`
 * line: where and how it ended.  False: none. */
bool cf_after_lines(const cf_run *run, const cf_tape *tape, int64_t last, bool over, ud_buf *out);

/* The shortest tape that still departs the same way (same kind, same
 * key): cuts and lowers the choices, replaying each candidate through
 * the adapter (at most max_tries games, with the seed run->seed).  tape
 * and dep become the shrunk game's. */
void cf_shrink(cf_run *run, cf_tape *tape, cf_departure *dep, int max_tries);

/* ---- pieces shared with `undead serve` -------------------------------------- */

/* The state as the protocol writes it: describe()'s key=value words as
 * one object of strings. */
json_t *cf_state_json(const ud_game *g, const void *state, const ud_setup *setup);
/* Compare the adapter's state object with undead's state: false with the
 * first key that differs in key (size bytes), and expected/found lines
 * (either may be NULL: no lines).  Lists in no order (the game's
 * unordered_state_keys) compare as sets. */
bool cf_same_state(const ud_game *g, const void *state, const ud_setup *setup, json_t *theirs, char *key,
                   size_t size, ud_buf *expected, ud_buf *found);
/* Each seat's outcome by name ("won", ...). */
json_t *cf_result_json(const ud_game *g, const void *state, const ud_setup *setup);
/* Text the adapter gave (a name, a state value, an offer, a reason), as
 * conform prints or stores it: each control character (C0, DEL, C1: a
 * terminal's escape sequences among them) written \xNN, so that none
 * reaches a terminal live; the rest as it is. */
void cf_put_shown(ud_buf *out, const char *text);
/* The same into out (size bytes, cut to fit); returns out. */
const char *cf_shown(const char *text, char *out, size_t size);
/* The JSON text of v, one line (ends without '\n'); "" when it cannot be made. */
void cf_json_line(const json_t *v, ud_buf *out);
/* The JSON text of any value v (a string with its quotes), cut to a length
 * a message can quote (at most 60 bytes). */
void cf_json_brief(const json_t *v, char *out, size_t size);

/* ---- chance tallies ---------------------------------------------------------- */

cf_tally *cf_tally_new(void);
void cf_tally_free(cf_tally *t);
/* One outcome drawn: which of the pick's n labels came up. */
void cf_tally_add(cf_tally *t, const ud_pick_req *p, int chosen);
/* The chi-square test of each kind of choice with enough draws, to out;
 * returns the smallest p-value (1 when none was tested) and its kind. */
double cf_tally_report(const cf_tally *t, ud_buf *out, char *worst, size_t worst_size, int *tested);

/* ---- undead serve: the reference adapter (conform_serve.c) ---------------- */

/* undead's own engine answering the protocol's requests for game g. */
typedef struct cf_server cf_server;
/* A server of g, its content from the folder content (NULL: the built-in
 * set); NULL (said) when there is no memory or the content is refused. */
cf_server *cf_server_new(const ud_game *g, const char *content);
/* Pin a reading, KEY=VALUE, over whatever a `new` request names; false
 * (said) when g has no such reading. */
bool cf_server_pin(cf_server *sv, const char *kv);
/* Answer every request line of standard input on standard output, until
 * `quit` or the end: the exit status (2 when standard input or output
 * fails). */
int cf_serve(cf_server *sv);
void cf_server_free(cf_server *sv);
/* What an adapter of g speaks, learnt from seeded games under the
 * defaults (state keys, decisions, outcomes of chance, start lines,
 * readings), printed on standard output. */
void cf_print_schema(const ud_game *g);

/* ---- undead conform: the drivers (conform_drive.c) ------------------------- */

/* What the drivers do: seeded games, every path to a depth, a fuzzer (in
 * this order, those asked), and how a departure is reported. */
typedef struct cf_drivers {
    uint64_t games, depth, seconds; /* --games N, --depth D, --seconds S */
    bool games_set;                 /* --games given */
    int shrink_tries;               /* games a departure's shrinking may play */
    double alpha;                   /* the chi-square tests' level (follow) */
    const char *record;             /* --record FILE, or NULL */
    bool verbose;                   /* every chi-square test printed */
    bool json;                      /* --format json: the departure as one JSON object */
    uint64_t repeat;                /* the seeded games R times: a benchmark */
} cf_drivers;

/* Hold o's adapter to the rules with the drivers d asks for, recording
 * the run as ro says: the exit status (0 no departure, 1 a departure, 2 a
 * broken adapter or a database that cannot be written). */
int cf_conform(const cf_opts *o, const cf_drivers *d, const rec_opts *ro);

#endif
