/*
 * chance_script.h - a scripted chance source: outcomes taken from the
 * words of a sequence of chance lines, in order ("roll green:brain
 * red:shotgun ...": word 0 the event, the others outcomes).
 *
 * Two users replay a record this way: the checker (check.c), which must
 * say precisely where a line parts from the rules, and the exact
 * probability of a record (tools/common/prob.c), which trusts its lines.  The
 * script keeps the line being consumed and which of its words are used;
 * where the next line comes from is the user's (next_line): the checker
 * goes on only into a line of the same event right after it, prob.c into
 * the next chance line anywhere ahead.
 */
#ifndef UD_CHANCE_SCRIPT_H
#define UD_CHANCE_SCRIPT_H

#include <stdbool.h>

#include "chance.h"

/* Words of one chance line (a transcript line has UD_MAX_LINE_WORDS at
 * most; prob.c splits its lines into this many). */
enum { UD_SCRIPT_MAX_TOKENS = 32 };

/* ud_chance_script_pick's results besides an outcome (0..n-1). */
enum {
    UD_SCRIPT_NO_MATCH = -1, /* no unused word of the line names an outcome of the pick */
    UD_SCRIPT_RAN_OUT = -2,  /* the line is used up and next_line gave no other */
};

typedef struct ud_chance_script ud_chance_script;
struct ud_chance_script {
    char *const *tok; /* the line being consumed; NULL before the first */
    int ntok;
    unsigned char used[UD_SCRIPT_MAX_TOKENS];
    /* Called when a pick finds no line or a used-up one: load the line
     * to go on with (ud_chance_script_load) and return true, or return
     * false to leave the used-up line as it is (UD_SCRIPT_RAN_OUT). */
    bool (*next_line)(ud_chance_script *s, const ud_pick_req *p);
    void *ctx; /* the user's, for next_line */
};

void ud_chance_script_init(ud_chance_script *s, bool (*next_line)(ud_chance_script *, const ud_pick_req *),
                           void *ctx);

/* Make tok[0..ntok) the line being consumed, none of its words used.
 * Words past UD_SCRIPT_MAX_TOKENS are not seen. */
void ud_chance_script_load(ud_chance_script *s, char *const *tok, int ntok);

/* The outcome of p the line names next (ud_chance_match: the first
 * unused word that is one of p's labels, now used; *same, when not NULL,
 * how many of p's outcomes carry it), after going on to the next line
 * when this one is used up; or UD_SCRIPT_NO_MATCH, UD_SCRIPT_RAN_OUT. */
int ud_chance_script_pick(ud_chance_script *s, const ud_pick_req *p, int *same);

/* Index of the line's first unused outcome word; ntok when all are used
 * (or there is no line). */
int ud_chance_script_first_unused(const ud_chance_script *s);

/* How many of the line's outcome words are used. */
int ud_chance_script_n_used(const ud_chance_script *s);

static inline bool ud_chance_script_used_up(const ud_chance_script *s)
{
    return ud_chance_script_first_unused(s) == s->ntok;
}

/* The distinct labels of p's outcomes, '|'-separated, in out (truncated
 * to size): what a line should have named, for a scripted source's
 * messages.  Returns out. */
const char *ud_chance_script_labels(const ud_pick_req *p, char *out, size_t size);

#endif
