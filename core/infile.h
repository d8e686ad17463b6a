/*
 * infile.h - the one check of a path undead reads: that it is what was
 * expected (a regular file, or a folder) before anything waits on it.
 *
 * Opening a FIFO for reading waits for a writer that may never come, and a
 * device such as /dev/zero never ends, so a path read as a file (a record,
 * a golden case, a fuzz input, a content file, a baseline) is opened with
 * O_NONBLOCK and refused unless fstat says it is a regular file.  Every
 * refusal is worded the same whoever asks:
 *
 *   missing          "no such file or folder"
 *   a folder         "is a folder, expected a file"
 *   a file           "is a file, expected a folder"
 *   anything else    "expected 'PATH' to be a regular file, found a FIFO"
 *                    (a device, a socket)
 *   another error    "expected a readable file 'PATH' (REASON)"
 *
 * The caller prints it after "PATH: ".  Where the place printed is another
 * file's line (an include at FILE:LINE:COL), `named` puts the path in the
 * first three too: "'PATH' is a folder, expected a file".
 */
#ifndef UD_INFILE_H
#define UD_INFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"

/* Open path to read a regular file: a descriptor (close-on-exec, reads
 * block as usual), or -1 with why filled. */
int ud_infile_open(const char *path, bool named, ud_buf *why);

/* ud_infile_open as a stream ("rb"); NULL with why filled. */
FILE *ud_infile_fopen(const char *path, bool named, ud_buf *why);

/* Is path (links followed) a regular file?  Nothing is opened (for a file
 * another library opens: SQLite's database); false with why filled. */
bool ud_infile_is_file(const char *path, bool named, ud_buf *why);

/* Is path (links followed) a folder?  Nothing is opened; false with why
 * filled ("no such file or folder", "is a file, expected a folder"). */
bool ud_infile_is_dir(const char *path, bool named, ud_buf *why);

/* Does path name anything at all (links followed)?  For a file that may
 * be absent (a golden transcript not written yet), asked before reading
 * it with ud_infile_open. */
bool ud_infile_exists(const char *path);

#endif
