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

/* The request that sets a game up (without outcomes). */
json_t *cf_new_request(const cf_opts *o, uint64_t seed);

#endif
