/*
 * analysis.h - running a game's named analyses (core/extras.h) and
 * recording what they hand the sink: each as a "solve" run of its own,
 * its results as cases of kind "solve".  Used by solve and verify.
 */
#ifndef UD_ANALYSIS_H
#define UD_ANALYSIS_H

#include <stdio.h>

#include "extras.h"
#include "record.h"

/* Run analysis a of game g with args, printing its figures to out (NULL:
 * quietly) and recording it as a run "solve" (param what=NAME; with
 * verify_run > 0 also verify-run=ID, written as the run starts, so a
 * verify killed meanwhile leaves it recognisably its own) unless
 * recording is off.  Returns a UD_EXIT_* code; errors are printed to
 * stderr prefixed with "undead CMD: ". */
int analysis_run(const char *cmd, const ud_game *g, const ud_analysis *a, const ud_analysis_args *args,
                 FILE *out, const rec_opts *ro, int64_t verify_run);

#endif
