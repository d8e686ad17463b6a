/*
 * offers.h - two sides' decisions at one position, compared as sets.
 *
 * `undead conform` holds an implementation's offers to the rules', and
 * `undead check` a record's offers line (transcript.h) to them: both
 * compare the decisions as text, each as ud_action_format writes it (the
 * order of the offers means nothing), and both name the same row where
 * they differ, so that the record of a departure names the rule conform
 * named.
 */
#ifndef UD_OFFERS_H
#define UD_OFFERS_H

#include <stdbool.h>

#include "game.h"

/* The rules' offers (ours[i], offered by the row by[i], n_ours of them)
 * against another side's (theirs, n_theirs): ours_seen[i] says whether
 * ours[i] is among theirs, theirs_seen[j] whether theirs[j] is among
 * ours.  Returns whether the sets differ; then *row is the row that
 * offers decisions of the kind in question: of the first decision only
 * the other side offers (in its order), the rules' first decision of
 * the same kind (its first word), else the row of the rules' first
 * decision the other side lacks, else of the rules' first decision
 * (NULL: the rules offer none). */
bool ud_offers_differ(const char *const *ours, const ud_rule *const *by, int n_ours,
                      const char *const *theirs, int n_theirs, bool *ours_seen, bool *theirs_seen,
                      const ud_rule **row);

#endif
