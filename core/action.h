/*
 * action.h - parametric actions written and read one way.
 *
 * A decision is an action kind plus up to UD_ACTION_MAX_ARGS integer
 * arguments (game.h: ud_action, ud_action_kind).  Each kind's pattern
 * says how it is written ("freeze %s", "place T%d at %d,%d rot %d"), so
 * the transcript writer, the checker, the human policy and every error
 * message use the same text, and no game writes a parser of its own.
 */
#ifndef UD_ACTION_H
#define UD_ACTION_H

#include "buf.h"
#include "game.h"

/* "freeze 1,3,5": the kind's name, then its pattern filled in.  setup
 * names the seats of %p arguments (NULL: seats are written as numbers). */
void ud_action_format(const ud_game *g, const ud_setup *setup, const ud_action *a, ud_buf *out);

/* The action written in words[0..n) (already split at white space).
 * 0 on success; -1 with a message in err and, in *bad_word, the index of
 * the word where the text stopped matching. */
int ud_action_parse(const ud_game *g, const ud_setup *setup, char *const *words, int n, ud_action *out,
                    ud_buf *err, int *bad_word);

/* The kind's pattern for people: "freeze <list>", "place T<n> at <n>,<n> rot <n>". */
void ud_action_usage(const ud_game *g, int kind, ud_buf *out);

/* Whether the kind's pattern is well formed (for the self-check): known
 * placeholders, at most UD_ACTION_MAX_ARGS of them. */
bool ud_action_kind_valid(const ud_action_kind *k, ud_buf *why);

#endif
