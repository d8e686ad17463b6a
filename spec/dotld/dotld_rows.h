/*
 * dotld_rows.h - what Dice of the Living Dead's rows share inside
 * spec/dotld/ (state.c): the effect vocabulary of the content files.
 */
#ifndef DOTLD_ROWS_H
#define DOTLD_ROWS_H

#include <stddef.h>

#include "dotld.h"

/* Each helper that asks for a reading takes the step and asks through
 * ud_reading: a row that calls it declares the key in its reads
 * (dl_met: stress-repeat; dl_lose_healthy: no-healthy; dl_infect:
 * stress-repeat; dl_lose_time: time-out and stress-repeat;
 * dl_apply_effect: no-healthy and stress-repeat). */
void dl_met(dl_state *st, const ud_step *s, int condition);
int dl_lose_healthy(dl_state *st, const ud_step *s, int n);
int dl_infect(dl_state *st, ud_step *s, int n);
void dl_lose_time(dl_state *st, const ud_step *s, int n);
void dl_apply_effect(dl_state *st, ud_step *s, const dl_effect *e, dl_effect *done);
/* v as a party count: at least 0; past undead's limit (DL_MAX_COUNT, the
 * text sets none) the game stops with an error naming it. */
int16_t dl_count(ud_step *s, int v, const char *what);
void dl_effect_text(const dl_effect *e, char *out, size_t size);
void dl_outcome_text(const dl_effect *e, const dl_effect *done, char *out, size_t size);

#endif
