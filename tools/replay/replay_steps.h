/*
 * replay_steps.h - a record cut into the steps the page shows
 * (replay_steps.c), from which replay_page.c writes the page.
 */
#ifndef UD_REPLAY_STEPS_H
#define UD_REPLAY_STEPS_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "transcript.h"

/* A row that fired in a step, and how many times. */
typedef struct replay_row {
    int rule; /* index in the game's rules */
    uint64_t times;
} replay_row;

typedef struct replay_step {
    int first_line, line; /* the record's lines this step read (line 0: the set-up) */
    char *svg;            /* the position drawn (the game's SVG), or NULL */
    char *state;          /* the state line (describe) */
    replay_row *rows;
    int n_rows;
    bool over; /* the game is over here */
} replay_step;

typedef struct replay {
    const ud_transcript *t; /* the record stepped through (the canonical one
                             * when the record gave only a seed) */
    bool canonical;         /* t is the rules' record of a seed-only record, */
    ud_transcript own;      /* kept here */
    const char *text;       /* the text of the record stepped through, len bytes */
    size_t len;
    char *own_text; /* the canonical record's text, when it is */
    replay_step *steps;
    int n;
    /* The departure: the step it opens at (its position the last one the
     * rules reached), the refused line, the rule as check names it, the
     * evidence and the rule's text. */
    bool departs;
    int depart_step;
    ud_error err;
    ud_buf evidence, rule_text;
} replay;

/* Cut record t (its text: len bytes; shown: its name in captions) into
 * steps.  False with why filled when no page can be made (too many
 * steps, a limit of undead's, a record the check cannot read). */
bool replay_steps(const ud_transcript *t, const char *text, size_t len, const char *shown, replay *r,
                  ud_buf *why);
void replay_free(replay *r);

#endif
