/*
 * replay.h - a game record as one self-contained HTML page that steps
 * through it (`undead show GAME RECORD --format html`, `undead golden
 * --html DIR`): no server, no network, its script inline.
 *
 * Every step is a position the rules reached: the record is replayed by the
 * checker (ud_check) up to each line that gives an outcome or a decision,
 * and the page shows, for each, the position drawn (the game's SVG, or its
 * state line when it has no drawing), the record's lines that step read,
 * the rows that fired in it with their sections and summaries, and the
 * state.  A record that breaks a rule opens at its departure, marked, with
 * the rule named as `undead check` names it (core/blame.h).  A record
 * that writes out neither outcomes nor decisions (a seed and policies) is
 * stepped through as the rules play it: its canonical record.
 */
#ifndef UD_REPLAY_H
#define UD_REPLAY_H

#include <stdbool.h>

#include "buf.h"
#include "transcript.h"

/* The most steps a page draws: each step's drawing is kept in the page
 * (a few kilobytes each), so this bounds the page's size and memory. */
enum { REPLAY_MAX_STEPS = 5000 };

typedef enum {
    REPLAY_LEGAL,   /* every line of the record is the rules' */
    REPLAY_DEPARTS, /* the page opens at the line that breaks a rule */
    REPLAY_REFUSED  /* no page: why is in err (too many steps, a limit of undead's) */
} replay_status;

/* The page of record t (text: the record as read, len bytes; shown: its
 * name in captions and the title) into out.  REPLAY_REFUSED with err
 * filled when no page can be made. */
replay_status replay_html(const ud_transcript *t, const char *text, size_t len, const char *shown,
                          ud_buf *out, ud_buf *err);

/* The page of the record at in_path (shown: its name on the page) to the
 * file out_path, its folders made where missing.  REPLAY_REFUSED with why
 * filled when the record cannot be read or the page written. */
replay_status replay_file(const char *in_path, const char *shown, const char *out_path, ud_buf *why);

/* One page in an index of pages. */
typedef struct replay_entry {
    const char *game; /* its game's title: the index groups by it, in the order given */
    const char *name; /* the case's name, as the link's text */
    const char *page; /* the page's path, relative to the index */
    bool departs;     /* the record breaks a rule */
} replay_entry;

/* The index of n pages, written to the file path. */
bool replay_index(const char *path, const replay_entry *e, int n, ud_buf *why);

#endif
