/*
 * dotld_rows.h - what Dice of the Living Dead's rows share inside
 * spec/dotld/ (state.c): the effect vocabulary of the content files.
 */
#ifndef DOTLD_ROWS_H
#define DOTLD_ROWS_H

#include <stddef.h>

#include "dotld.h"

void dl_met(dl_state *st, const int *variant, int condition);
int dl_lose_healthy(dl_state *st, const int *variant, int n);
int dl_infect(dl_state *st, const int *variant, int n);
void dl_lose_time(dl_state *st, const int *variant, int n);
void dl_apply_effect(dl_state *st, const int *variant, const dl_effect *e);
void dl_effect_text(const dl_effect *e, char *out, size_t size);

#endif
