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

/* The request that sets a game up (without outcomes). */
json_t *cf_new_request(const cf_opts *o, cf_chance_mode mode, uint64_t seed);

#endif
