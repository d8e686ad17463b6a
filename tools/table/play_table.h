/*
 * play_table.h - undead play at the table: a person's seat (the policy
 * "human") asked as a player is, not as a program's log.  Before each of
 * the person's decisions the table is drawn as the game draws it for a
 * terminal (ud_game.draw_text; its state line where it has none), from
 * what that seat may see; the prompt names the player and numbers the
 * choices, which may also be typed as words, in any case, or any unique
 * start of one; "?" explains the choices in players' words (the players'
 * FAQ question on the rule that offers each, else the rule's summary);
 * "quit" ends the game there.  Colour only on a terminal, and never with
 * NO_COLOR set.
 */
#ifndef UD_PLAY_TABLE_H
#define UD_PLAY_TABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "capture.h"
#include "play.h"

typedef struct table {
    const ud_match *m;
    FILE *in, *out;
    bool color;
    bool quit;             /* the player typed quit */
    int read_error;        /* the errno of a read of the answers that failed (a folder, a
                            * closed descriptor), else 0: the input did not end, it failed */
    uint64_t decisions;    /* the person's decisions asked so far */
    const capture *record; /* the game's lines so far, or NULL */
    int said;              /* how many of them the table has shown */
    const void *live;      /* the game's true state (the person sees a view of it), or NULL */
} table;

/* Ask every human seat of m at this table (in: answers, out: the table and
 * prompts) until table_end; before each decision, what happened since the
 * last one (the record's lines in record, without their rule tags).  live:
 * the state the game is played in (odds deal its hidden part again from
 * it, ud_game.resample), or NULL. */
void table_begin(table *t, const ud_match *m, FILE *in, FILE *out, const capture *record, const void *live);
void table_end(table *t);

/* Whether m has a seat on the policy human. */
bool table_has_person(const ud_match *m);

/* "odds" (play_odds.c): the game's exact figures for this choice where it
 * has them, else each choice's estimated chance that seat wins, by
 * simulation from the position (what the seat cannot see dealt again each
 * time), with its margin. */
void table_odds(const table *t, const ud_game *g, const void *state, int seat, const ud_offers *o);

/* The end of the game, said at the table: who won, each seat's score. */
void table_say_end(const table *t, const ud_result *res);

#endif
