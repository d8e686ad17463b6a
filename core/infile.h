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
 *   not a folder     "is a file, expected a folder" ("is a FIFO", "is a
 *                    device", "is a socket")
 *   not a file       "expected 'PATH' to be a regular file, found a FIFO"
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
 * filled ("no such file or folder", "is a file, expected a folder", "is a
 * FIFO, expected a folder"). */
bool ud_infile_is_dir(const char *path, bool named, ud_buf *why);

/* Every regular file opened with ud_infile_open (and standard input, when
 * ud_infile_note_fd names it) is remembered, so that a command can refuse
 * an output that is one of its inputs: written over, the input would be
 * lost (show --content DIR -o DIR/goal.txt).  The path it was read as
 * when path (links followed) is a regular file read so far; else NULL. */
const char *ud_infile_read_before(const char *path);

/* Remember the file open as fd (standard input read as a record) as read,
 * named shown; nothing when it is not a regular file. */
void ud_infile_note_fd(int fd, const char *shown);

/* Does path name anything at all (links followed)?  For a file that may
 * be absent (a golden transcript not written yet), asked before reading
 * it with ud_infile_open. */
bool ud_infile_exists(const char *path);

/* One line of a stream read a line at a time (undead serve's requests,
 * the human policy's answers), bounded whatever the line's length. */
typedef enum {
    UD_LINE_OK,       /* a line, without its '\n' (a last line without one counts) */
    UD_LINE_END,      /* the end of the stream, or a read error (ferror says which) */
    UD_LINE_TOO_LONG, /* longer than max bytes: read to its '\n' and dropped */
    UD_LINE_NUL       /* it holds a NUL byte, which a C string of it would cut at */
} ud_line_status;

/* The next line of in into buf (room for max bytes and a NUL; a line of
 * exactly max bytes is read whole), *len its length (UD_LINE_NUL: the
 * first NUL's offset).  A refused line is read to its end, so the next
 * call reads the next line and memory stays bounded. */
ud_line_status ud_infile_line(FILE *in, char *buf, size_t max, size_t *len);

#endif
