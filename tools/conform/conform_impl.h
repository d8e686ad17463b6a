/*
 * conform_impl.h - what the conform_*.c files share and nobody else needs.
 */
#ifndef UD_CONFORM_IMPL_H
#define UD_CONFORM_IMPL_H

#include <stdarg.h>

#include "conform.h"

/* Fill run->broken: "request N (REQUEST): " and the message. */
void cf_broken(cf_run *run, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Send req (its reference taken) and read one answer object; NULL with
 * run->broken filled when the adapter broke the protocol or said "error". */
json_t *cf_ask(cf_run *run, json_t *req);
/* Member name of reply with JSON type type, or NULL with run->broken
 * saying the answer is not the one asked for (what: what was expected). */
json_t *cf_member(cf_run *run, json_t *reply, const char *name, json_type type, const char *what);

/* Part `where` of an answer ("unused", "state"."brains", "offers"[2]) is
 * not of the JSON type the protocol gives it (found: what was given, NULL
 * when it is missing): run->broken names the request, the part, the type
 * expected and what was given. */
void cf_wrong_type(cf_run *run, const char *where, const char *expected, const json_t *found);
/* Every member of object o (the answer's member `name`) is a string;
 * false with run->broken naming the first that is not. */
bool cf_strings_only(cf_run *run, const json_t *o, const char *name);

/* One line of the protocol read as JSON (a key given twice refused); NULL
 * with why filled.  A string or key holding U+0000 (\u0000) is said in
 * the protocol's words, not as the JSON library's (which names its flag
 * JSON_ALLOW_NUL): the protocol's strings hold no NUL, escaped or not. */
json_t *cf_json_read(const char *line, size_t len, char *why, size_t size);

/* Numbers as they were written (conform_numbers.c).  json_loadb, but a
 * number jansson cannot hold as written (an integer beyond json_int_t, a
 * fraction or an exponent) is read as a real, never an integer, and the
 * text of each number it would print otherwise is kept while the tree
 * lives. */
json_t *cf_json_load(const char *line, size_t len, size_t flags, json_error_t *jerr);
/* The text number v was written with, when it is not how jansson prints
 * it; else NULL. */
const char *cf_json_number_text(const json_t *v);
/* v stands for an integer beyond json_int_t (a real whose text is an
 * integer). */
bool cf_json_big_integer(const json_t *v);
/* The compact JSON text of any value v, its numbers as written. */
void cf_json_put(ud_buf *out, const json_t *v);

/* The request that sets a game up (without outcomes). */
json_t *cf_new_request(const cf_opts *o, cf_chance_mode mode, uint64_t seed);

/* ---- confirmation by play (conform_confirm.c, conform_readings.c) ---------------------- */

/* What a confirmation's child shares with the parent (conform_confirm.c). */
typedef struct cf_confirm_shared cf_confirm_shared;

/* Change c played in a child process under reading `under` (another
 * reading than the run's, both sides told it): cf_reading_games(run->o)
 * seeded games, as cf_confirm plays its seeded games.  *unsupported: the
 * adapter answered that it does not play that reading (nothing confirmed
 * or refuted). */
ud_blame_confirm cf_confirm_under(const cf_run *run, const ud_blame_change *c, const ud_blame_reading *under,
                                  cf_confirm_shared *shared, bool *unsupported);

/* After cf_confirm played b's first n changes under the run's readings:
 * when those every game agreed with name two rules or more, play them
 * again under other readings of the keys their rows consult (at most
 * run->o->confirm_readings), one at a time while they stay tied; under a
 * reading where one agrees, the others that part are refuted there
 * (b->confirm[i].reading).  Fills b->readings. */
void cf_confirm_readings(cf_run *run, ud_blame *b, int n, cf_confirm_shared *shared);

/* The seeded games a change plays under each other reading: --confirm-games, at least one. */
int cf_reading_games(const cf_opts *o);

#endif
