/*
 * transcript.h - the line-oriented game record (grammar: golden/README.md).
 *
 * A transcript is a header (version, game, variants, players, seed, start
 * lines) and a body of event lines.  Body lines are of five kinds, told
 * apart by their first word:
 *   chance  - a verb the game lists in chance_events ("draw", "roll"):
 *             outcomes, replayed by the scripted chance source;
 *   decide  - "decide PLAYER ACTION": a player's choice;
 *   state   - "= key=value ...": checked against the state where it stands;
 *   standing - "waits", "needs", "over", "offers": where the record's game
 *             stands at its end (below);
 *   change  - anything else: what the rules did, tagged "[RULE-ID]".
 * The parser is strict and reports FILE:LINE:COL: expected ...
 */
#ifndef UD_TRANSCRIPT_H
#define UD_TRANSCRIPT_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "game.h"
#include "policy.h"

enum { UD_TRANSCRIPT_VERSION = 1, UD_TL_MAX_TOKENS = UD_MAX_LINE_WORDS, UD_TL_MAX_LEN = 1024 };

/* UD_TL_WAITS, UD_TL_NEEDS, UD_TL_OVER, UD_TL_OFFERS: a record's last
 * line, where its game stands at its end ("waits PLAYER": at a decision
 * by PLAYER; "needs EVENT": wanting an outcome of EVENT the record does
 * not give; "over PLAYER=OUTCOME...": over, each player named with its
 * outcome, one of ud_seat_outcome_name; the check refuses a player
 * missing or unknown, or another word, as a departure of the record's
 * game; "offers PLAYER ACTION | ACTION ...": at a decision by PLAYER,
 * offering exactly these actions, each written as a decide line writes
 * it, the list going on in the next lines that start "offers PLAYER";
 * the check compares the list with the rules' offers as a set, and
 * refuses any other set, or a word no action is, as a departure of the
 * record's game), as `undead conform` ends the record of an
 * implementation's departure.  Kept last in the enum (kind >=
 * UD_TL_WAITS); only an offers line may follow an offers line. */
typedef enum {
    UD_TL_CHANCE,
    UD_TL_DECIDE,
    UD_TL_STATE,
    UD_TL_CHANGE,
    UD_TL_WAITS,
    UD_TL_NEEDS,
    UD_TL_OVER,
    UD_TL_OFFERS
} ud_tline_kind;

typedef struct ud_tline {
    int line;
    ud_tline_kind kind;
    int ntok;
    char *tok[UD_TL_MAX_TOKENS]; /* point into text */
    int col[UD_TL_MAX_TOKENS];
    ud_action action; /* a decide line's action, parsed */
    char *tag;        /* rule ID without brackets, or NULL */
    int tag_col;
    char *text; /* the line, NUL-terminated, in the transcript's text */
} ud_tline;

/* A record's further games of the other side (`witness` parts): at most */
enum { UD_WITNESS_MAX = 4 };

typedef struct ud_transcript {
    const ud_game *game;
    ud_setup setup;
    ud_policy policy[UD_MAX_PLAYERS];
    uint64_t seed;
    int has_seed;
    int partial;
    int complete;  /* every change line is written: none may be left out */
    int last_line; /* number of the file's last line */
    int end_line;  /* the record's game's last line: last_line, or the one before `after` or `witness` */
    ud_tline *lines;
    int n;
    int cap;
    /* After an `after` line: the other side's game past the departure the
     * record ends in (undead conform writes it), lines[n .. n + n_after).
     * It is no part of the record's game: a check ends at lines[n - 1];
     * the blame plays its changes on through these lines to rank them. */
    int n_after;
    int after_line; /* the `after` line's number, 0: none */
    /* After each `witness` line: a further game the other side played,
     * whole from its set-up under the record's header (undead conform
     * writes those that told its explanations apart), lines[witness_at[k]
     * .. witness_at[k] + witness_n[k]), past the `after` part.  No part of
     * the record's game either; the blame plays its changes through each. */
    int n_witness;
    int witness_at[UD_WITNESS_MAX];
    int witness_n[UD_WITNESS_MAX];
    int witness_line[UD_WITNESS_MAX]; /* each `witness` line's number */
    /* the reading a witness game was played under, `witness variant
     * KEY=VALUE`: the header's readings with that key read so (the
     * game's variant key index and value index), -1 for none (a plain
     * `witness` line: the header's readings) */
    int witness_key[UD_WITNESS_MAX];
    int witness_value[UD_WITNESS_MAX];
    char *text; /* owned: one copy of the parsed text, each line NUL-terminated */
} ud_transcript;

typedef const ud_game *(*ud_game_lookup)(const char *name);

/* Parse text (need not be NUL-terminated).  On failure fills err and
 * returns -1; the transcript is then freed. */
int ud_transcript_parse(const char *text, size_t len, ud_game_lookup find, ud_transcript *t, ud_error *err);
void ud_transcript_free(ud_transcript *t);

/* Write the header lines for a game about to be played or regenerated. */
void ud_transcript_write_header(FILE *out, const ud_game *g, const ud_setup *setup, const ud_policy *policy,
                                const uint64_t *seed, int partial);
/* Write one body line: text padded, then "[RULE]" when rule is given. */
void ud_transcript_write_line(FILE *out, const char *text, const char *rule);

/* ---- scans of a record's header, before (or besides) a parse ---------------
 * A command sometimes needs one header line of a record it has not parsed
 * (the game, to load its content first) or a line the parse does not keep
 * (where the header set a variant).  Both look at the lines' starts only
 * and accept any text: the parser reports what is malformed. */

/* The name the first line starting "game " gives, up to a space or CR,
 * copied to name (size bytes, truncated); returns that line's number, or
 * 0 with name untouched when no line starts so. */
int ud_transcript_scan_game(const char *text, size_t len, char *name, size_t size);
/* The first line starting "variant KEY=": returns its number, or 0; *kv
 * and *kv_len (either may be NULL) get what follows "variant " on it
 * ("KEY=VALUE", pointing into text). */
int ud_transcript_scan_variant(const char *text, size_t len, const char *key, const char **kv,
                               size_t *kv_len);
/* A reading asked for a parsed record t (text its source) from outside
 * it, as KEY=VALUE in kv: set in t->setup, unless the header names KEY
 * with another value.  Returns 0 when set; -1 when kv is no reading of
 * t's game; or the number of the header line that disagrees, its
 * "KEY=VALUE" in *said and *said_len (t unchanged). */
int ud_transcript_set_variant(ud_transcript *t, const char *text, size_t len, const char *kv,
                              const char **said, size_t *said_len);

/* Body line i + 1 goes on with chance line i's step: both are chance
 * lines of the same event (a step needing more outcomes than one line
 * holds, UD_MAX_LINE_WORDS words). */
bool ud_transcript_chance_run_continues(const ud_transcript *t, int i);

/* The first body line a check that reads lines 0..n-1 leaves unread: n,
 * or past it while line n-1's chance step goes on (a step is read whole,
 * with a 'needs EVENT' of its event after it; ud_check_opts.stop_after_line). */
int ud_transcript_step_end(const ud_transcript *t, int n);

/* Body line i + 1 goes on with offers line i's list (both offers lines:
 * the parser holds them to one player). */
bool ud_transcript_offers_run_continues(const ud_transcript *t, int i);

/* The next action of an offers line tl: its words are tl->tok[*from] up
 * to, not including, tl->tok[*to] (a "|", or the line's end).  Start
 * with *to = 1 (the player's word); false when no action is left:
 *     for (int from = 0, to = 1; ud_transcript_next_offer(tl, &from, &to);) ... */
bool ud_transcript_next_offer(const ud_tline *tl, int *from, int *to);

#endif
