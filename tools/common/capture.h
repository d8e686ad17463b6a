/*
 * capture.h - keeping a game's transcript lines in memory, each with the
 * rule that produced it, so they can be stored as events (record.c).
 * Filled by the engine through cap->sink, or from a canonical transcript's
 * text (check and golden produce one).
 */
#ifndef UD_CAPTURE_H
#define UD_CAPTURE_H

#include <stdbool.h>
#include <stdio.h>

#include "engine.h"

typedef struct cap_line {
    char *text;    /* without the [RULE] tag */
    char rule[40]; /* "" for state lines and untagged lines */
} cap_line;

typedef struct capture {
    ud_sink sink; /* hand this to the engine */
    FILE *echo;   /* lines are also written here as a transcript, or NULL */
    cap_line *lines;
    int n, cap;
    bool oom;
} capture;

void cap_init(capture *c, FILE *echo);
void cap_clear(capture *c);
void cap_free(capture *c);
/* Add one line (text copied). */
void cap_add(capture *c, const char *text, const char *rule);
/* The body lines of a transcript's text; false if it does not parse. */
bool cap_from_transcript(capture *c, const char *text, size_t len);

#endif
