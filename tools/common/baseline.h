/*
 * baseline.h - `undead db baseline check|update GAME`: the regression
 * baseline of outcomes kept in the repository as text a reviewer can diff
 * (golden/<game>/outcomes.csv).  It holds every golden case of the game and
 * the first N seeded games under every variant combination, each as
 * key,variants,outcome,probability,rules.  check recomputes them (in a
 * private in-memory database, through the same recording code as every
 * run) and shows the cases that changed; update rewrites the file.
 */
#ifndef UD_BASELINE_H
#define UD_BASELINE_H

#include <stdint.h>

typedef struct baseline_opts {
    const char *file;   /* default GOLDEN/<folder>/outcomes.csv */
    const char *golden; /* default golden under the data root (datadir.h) */
    uint64_t games;     /* seeded games per variant combination; default 8 */
} baseline_opts;

/* mode is "check" or "update".  Exit status: 0 same (or updated), 1 changed
 * (check), 2 usage or I/O error. */
int baseline_run(const char *mode, const char *game, const baseline_opts *o);

#endif
