/*
 * outfile.h - a named output file, replaced whole or not at all.
 *
 * A command that fails must leave the file it was told to write as it was
 * (an FAQ that cannot be written must not delete yesterday's).  So every
 * file a command writes by name (faq -o, show -o, solve --export, golden
 * and baseline updates, conform --record) is written to a temporary file
 * beside it, in the same folder so that the rename is atomic, and renamed
 * over it only when every write succeeded; on failure the temporary is
 * removed.  The new file keeps the old one's permissions; a link is
 * followed, and the file it names replaced (made, when the link leads to
 * no file yet, as a shell's '>' makes it: the link is never replaced by
 * a file; one leading nowhere it can write, a loop or a closed
 * descriptor's /proc link, is refused).  A path that exists and is not
 * a regular file (/dev/full, a FIFO, a terminal) cannot be replaced and
 * holds nothing to keep: it is written in place.
 *
 * A path naming the file standard output or standard error goes to
 * (--record /dev/stdout > log, or log itself) is not replaced either: a
 * rename would put the new file where the command's other output went,
 * and what was printed there would be lost.  The temporary is made as
 * for any regular file, and at the commit its bytes are written through
 * that descriptor (after what the command printed, standard output and
 * error flushed first), so the file keeps what was printed and gets the
 * new text after it, whole or not at all (a write that fails, or one of
 * the signals below, cuts the file back to its size before the copy).
 * A non-regular file standard output or error goes to (a pipe, a
 * terminal, a socket) is written in place through that descriptor,
 * flushed first, so that what was printed before stays before.
 *
 * A signal that ends undead (SIGINT, SIGTERM, SIGHUP, SIGQUIT) between
 * open and commit removes the temporaries open before it ends it; a
 * process killed otherwise (SIGKILL) leaves its temporary behind:
 * ".NAME.PID-N.tmp" beside NAME (a dot file: the golden and corpus walks
 * skip it).  A working folder a command makes for a while (the PDF's, in
 * TMPDIR) is held the same way (ud_outfile_hold_dir): such a signal removes
 * it with everything in it.
 */
#ifndef UD_OUTFILE_H
#define UD_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "buf.h"

typedef struct ud_outfile {
    FILE *f;      /* write here (ud_outfile_open); NULL after commit or abort */
    char *target; /* the file replaced: the path, or the file its link names */
    char *tmp;    /* the temporary beside it; NULL when written in place */
    int std_fd;   /* 1 or 2: the target is that stream's file (written
                     through it, not renamed over); 0 when it is not */
} ud_outfile;

/* Start writing path.  False with why filled (the reason alone, e.g. "is a
 * folder, expected a file", "Permission denied": the caller names the
 * path) when it cannot be written (an empty name: "expected a file
 * name"); nothing has changed then. */
bool ud_outfile_open(ud_outfile *o, const char *path, ud_buf *why);

/* ud_outfile_open for a file another program writes by name (a browser
 * printing a PDF): no stream; the program writes ud_outfile_path(o). */
bool ud_outfile_reserve(ud_outfile *o, const char *path, ud_buf *why);

/* Could path be written?  Asked before a command's work, so that a wrong
 * output path is named at once, not after minutes: an empty name, a
 * folder, a file that cannot be written, a folder that takes no new file
 * (missing, read-only, /proc) are refused, with why filled as
 * ud_outfile_open fills it ("expected a file name", "cannot make a file in
 * its folder /proc: ...").  A temporary is made and removed at once; a
 * device or FIFO is not opened. */
bool ud_outfile_check(const char *path, ud_buf *why);

/* Where the bytes go until the commit: the temporary, or the path itself
 * when it is written in place. */
const char *ud_outfile_path(const ud_outfile *o);

/* Every write is done: close the stream, checking it (a full disk shows
 * in the error flag or in the last flush), and put the file in place.
 * False with why filled (the failed write's reason) and the path as it
 * was.  Either way o is finished. */
bool ud_outfile_commit(ud_outfile *o, ud_buf *why);

/* The command failed: close the stream, remove the temporary; the path
 * is as it was.  Does nothing on a finished o. */
void ud_outfile_abort(ud_outfile *o);

/* A working folder the command made (mkdtemp) and removes when done, with
 * ud_outfile_remove_dir: until then a signal that ends undead removes it
 * with everything in it, as it removes the temporaries.  False (nothing
 * held: a signal would leave it) when out of memory or when 4 are held. */
bool ud_outfile_hold_dir(const char *dir);

/* The process writing in a held folder (a browser printing the PDF), or 0
 * when none is: made the leader of its own process group (setpgid) by the
 * caller, it is ended with its group (SIGKILL) and waited for before the
 * signal's removals, so that it writes nothing after them.  Set back to 0
 * before the writer is reaped (waitid with WNOWAIT tells it ended): a pid
 * reaped may be another process's. */
void ud_outfile_dir_writer(const char *dir, pid_t writer);

/* Remove a folder with everything in it (tree_remove.h), and let it go if
 * it was held; true when it is gone. */
bool ud_outfile_remove_dir(const char *dir);

/* Do a and b (links followed) name one file: the same file, or, when
 * neither exists yet, the same name in the same folder (one will make the
 * file the other then writes over: play --db x.db --record x.db)? */
bool ud_outfile_same(const char *a, const char *b);

/* The whole of a file in one call: open, write len bytes, commit; false
 * with why filled (the reason alone) and the path as it was. */
bool ud_outfile_write_all(const char *path, const void *bytes, size_t len, ud_buf *why);

#endif
