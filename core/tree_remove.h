/*
 * tree_remove.h - a folder removed with everything in it, from a signal
 * handler too (outfile.c's, which removes a command's working folder when
 * a signal ends undead: the PDF's browser profile).
 */
#ifndef UD_TREE_REMOVE_H
#define UD_TREE_REMOVE_H

#include <stdbool.h>

/* Remove dir and everything below it; a symbolic link is removed, never
 * followed.  True when dir is gone.  On Linux it is async-signal-safe:
 * no memory allocated, no stdio, only system calls on descriptors
 * (open, getdents64, unlinkat); elsewhere it reads folders with
 * opendir, which a signal handler may not call. */
bool ud_tree_remove(const char *dir);

#endif
