/*
 * policy.h - automated (and human) players: a named policy per seat.
 * Game-specific policies live in the game's table; "random" and "human"
 * work for every game.
 */
#ifndef UD_POLICY_H
#define UD_POLICY_H

#include <stdio.h>

#include "game.h"
#include "rng.h"

typedef struct ud_policy {
    const ud_policy_def *def;
    int param;
} ud_policy;

extern const ud_policy_def ud_policy_random;
extern const ud_policy_def ud_policy_human;

/* Parse "name" or "name:N" for game g. */
bool ud_policy_parse(const ud_game *g, const char *spec, ud_policy *out, ud_buf *err);
/* "name" or "name:N", as parse accepts it. */
void ud_policy_format(const ud_policy *p, char *out, size_t size);
/* The index into offers of the action chosen, or -1 when the policy cannot
 * answer (human at EOF).  The policy sees what the seat may see
 * (ud_game.observe). */
int ud_policy_choose(const ud_policy *p, const ud_game *g, const void *state, int seat,
                     const ud_offers *offers, ud_rng *rng);
/* Where the human policy reads answers and writes prompts (stdin/stderr
 * unless changed: tests point them at files). */
void ud_policy_human_io(FILE *in, FILE *out);
/* A front-end that asks instead of the human policy's plain prompt (undead
 * play's table, tools/table/): given what the seat may see and the offers,
 * the index of the offer chosen, or -1 (the input ended, or the player
 * quit).  NULL: the plain prompt. */
typedef int (*ud_human_front)(void *ctx, const ud_game *g, const void *state, int seat, const ud_offers *o);
void ud_policy_human_front(ud_human_front front, void *ctx);

#endif
