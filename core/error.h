/*
 * error.h - an error about user input: where it is and what was expected.
 * Printed as FILE:LINE:COL: message (parse errors) or
 * FILE:LINE: RULE-ID: message (rule errors).
 */
#ifndef UD_ERROR_H
#define UD_ERROR_H

#include <stdio.h>

/* Room for a few rule IDs: a fault may have more than one row to blame. */
enum { UD_ERROR_RULE_MAX = 64 };

typedef struct ud_error {
    int set;
    int internal;                 /* an invariant or engine failure, not the input's fault */
    int input;                    /* the input cannot be checked (exit 2), not a step the rules refuse */
    int limit;                    /* of them: a limit of undead's stopped the check (the text sets none) */
    int line;                     /* 1-based; 0 when not about a line */
    int col;                      /* 1-based; 0 when not about a column */
    char rule[UD_ERROR_RULE_MAX]; /* rule or invariant ID (or IDs, space-separated), "" for a parse error */
    char msg[600];
} ud_error;

/* A UTF-8 byte-order mark (U+FEFF) in a content file or a game record is
 * refused where it stands, with this message: quoted in any other one
 * (an unknown kind, a first line that is not the version) it would print
 * as nothing, and the user would read a word that looks right. */
#define UD_BOM_CHAR 0xfeffL
#define UD_BOM_BYTES "\xef\xbb\xbf"
#define UD_BOM_MESSAGE \
    "a UTF-8 byte-order mark (U+FEFF): expected text without one (save the file as UTF-8 without a BOM)"

void ud_error_set(ud_error *e, int line, int col, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void ud_error_print(const ud_error *e, const char *file, FILE *out);

#endif
