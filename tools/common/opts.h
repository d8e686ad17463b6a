/*
 * opts.h - the one option layer of the undead subcommands: each command
 * declares its options once, in a table, and the layer reads argv, checks
 * every value, reports every error the same way, and writes `--help`
 * (from which the man page is made, cmake/man.cmake) and the shell
 * completion (opts_complete.c) from the same table.
 *
 * A command keeps its options in one struct of its own; a table entry says
 * where in it a value goes (OPTS_AT) and how it is read.  The numbers go
 * through cli.h's readers (cli_number, cli_int, cli_size, cli_decimal over
 * core's ud_parse_number), so every refusal reads
 *   undead CMD: --OPT: expected ..., got 'VALUE'
 * (VALUE with its control characters escaped, ud_buf_put_escaped).
 * What the layer itself refuses, exit 2 (opts_parse says OPTS_BAD):
 *   undead CMD: --OPT: no such option (see undead CMD --help)
 *   undead CMD: --OPT: ambiguous: --OPT-A or --OPT-B
 *   undead CMD: --OPT: expected METAVAR, got nothing
 *   undead CMD: --OPT: takes no value, got 'VALUE'
 *   undead CMD: --OPT: expected A, B or C, got 'VALUE'        (a choice)
 *   undead CMD: --OPT '': expected a folder name              (a DIR: '' names none)
 *   undead CMD: --OPT: at most N                              (a repeatable one)
 *   undead CMD: option --OPT given twice ('A', then 'B'): expected it once
 *                                                   (one that takes a value, not .repeats)
 * A long option may be abbreviated to any prefix that names one option
 * alone; --OPT=VALUE and --OPT VALUE are the same (a VALUE that begins with
 * '-' is still the value), as are -X VALUE and -XVALUE; "--" ends the
 * options (what follows is operands, whatever it looks like); "-" is an
 * operand.  --help and -h print the help.
 */
#ifndef UD_OPTS_H
#define UD_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum opts_kind {
    OPTS_FLAG,    /* no value: the bool at .at becomes true (or, with .call, .call is handed NULL) */
    OPTS_STRING,  /* a text: the const char * at .at */
    OPTS_NUMBER,  /* a whole number from .lo to .hi: the uint64_t at .at (cli_number) */
    OPTS_INT,     /* a whole number from .lo to .hi: the int at .at (cli_int) */
    OPTS_SIZE,    /* a size in bytes from 1 to .hi, with K, M, G or T: the uint64_t at .at (cli_size) */
    OPTS_DECIMAL, /* a number with a fraction from .dlo to .dhi (the ends excluded when .open): double */
    OPTS_CHOICE,  /* one word of .choices: its index, the int at .at */
    OPTS_LIST,    /* repeatable: each value appended to the const char *[.max] at .at, counted by the
                   * int at .count */
    OPTS_CALL,    /* a value read by .call, which is handed the field at .at */
} opts_kind;

typedef struct opts_option opts_option;

/* What an OPTS_CALL option does with its value: false with the message
 * printed (cmd: the command, for it). */
typedef bool (*opts_reader)(const char *cmd, const opts_option *o, void *field, const char *arg);

struct opts_option {
    const char *name; /* the long name, without "--"; NULL: a short option alone */
    char short_name;  /* -X as well (or alone), or 0 */
    opts_kind kind;
    size_t at;                  /* where the value goes in the command's struct (OPTS_AT) */
    size_t count;               /* OPTS_LIST: where the count of values is */
    uint64_t lo, hi;            /* OPTS_NUMBER, OPTS_INT: the bounds; OPTS_SIZE: hi */
    double dlo, dhi;            /* OPTS_DECIMAL: the bounds, */
    bool open;                  /* the ends excluded */
    const char *const *choices; /* OPTS_CHOICE: the words, NULL at the end */
    int max;                    /* OPTS_LIST: at most this many, */
    const char *items;          /* what they are, in "expected at most MAX ITEMS" (NULL: "of them") */
    opts_reader call;           /* OPTS_CALL */
    /* An OPTS_CALL option that may be given again, each value adding to
     * what the reader keeps (--players, --game).  Every other option that
     * takes a value is given once: a second is refused ("option --OPT
     * given twice"), not taken over the first; OPTS_LIST options add up
     * and flags may be repeated. */
    bool repeats;
    /* The value before any is given (the struct's zero otherwise, or what
     * the command set before opts_parse, such as a default that depends
     * on the machine): def for whole numbers, sizes and choices, ddef for
     * decimals, sdef for a text. */
    uint64_t def;
    double ddef;
    const char *sdef;
    const char *metavar; /* what the value is called in the help ("N", "DIR"); NULL for a flag */
    /* The help text: its second and later lines are indented to the help's
     * column.  NULL: the option is described in the usage text instead
     * (undead db's --param), and has no line of its own. */
    const char *help;
};

#define OPTS_AT(type, field) offsetof(type, field)
#define OPTS_END \
    {            \
        0        \
    }

/* One command's options and help. */
typedef struct opts_command {
    const char *name;           /* "sim" */
    const char *usage;          /* the help before the options */
    const opts_option *options; /* ending in OPTS_END */
    const char *after;          /* the help after the options, or NULL */
    int column;                 /* where each option's help text begins (0: 24) */
    /* Options known only at run time (solve: the options of every game's
     * analyses), ending in OPTS_END, or NULL; they are read as the table's. */
    const opts_option *(*more)(void);
    /* What --help prints after the text (solve: the analyses), or NULL. */
    void (*more_help)(FILE *out);
    /* For the shell completion: the first operand is a game's name, or
     * the operands are one word of these (NULL: files). */
    bool game_operand;
    const char *const *words;
} opts_command;

/* What opts_parse found. */
typedef enum { OPTS_OK, OPTS_HELP, OPTS_BAD } opts_status;

/* The operands, in the order given: argv[first] to argv[first + n - 1]
 * (argv is reordered, the options before them, as getopt did); the first
 * before_dashdash of them came before "--" (all of them when there was
 * none), and dashdash says whether there was one. */
/* The options a table may hold that opts_parse notes as given. */
#define OPTS_MAX_OPTIONS 256

typedef struct opts_operands {
    int first, n, before_dashdash;
    bool dashdash;
    /* a bit per option, in opts_each's order: taken from the command line */
    unsigned char given[OPTS_MAX_OPTIONS / 8];
} opts_operands;

/* Read argv (argv[0] is the command's name) into the struct at target,
 * every default first: OPTS_OK; OPTS_HELP when --help was given (the help
 * printed on standard output: exit 0); OPTS_BAD with the message printed
 * (exit 2). */
opts_status opts_parse(const opts_command *c, int argc, char **argv, void *target, opts_operands *ops);

/* Whether the option called name (long name, without dashes) was taken
 * from the command line by opts_parse, however it was written (a prefix,
 * --NAME=VALUE, its short letter): for an option whose default and a
 * value given alike would otherwise be taken silently where it has no
 * use. */
bool opts_was_given(const opts_command *c, const opts_operands *ops, const char *name);

/* opts_parse, and the operands counted: from min to max of them (max -1:
 * any number), else the help on standard error.  OPTS_GO_ON to go on, else
 * the exit status to end with (0 after --help; 2: a bad option, or as many
 * operands as the command does not take). */
enum { OPTS_GO_ON = -1 };
int opts_read(const opts_command *c, int argc, char **argv, void *target, opts_operands *ops, int min,
              int max);

/* The command's help: the usage text, a line per option (label, help text
 * from the column on), the text after them, and more_help's. */
void opts_help(FILE *out, const opts_command *c);

/* The label an option's help line begins with: "--games N", "-o, --output FILE". */
void opts_label(const opts_option *o, char *out, size_t size);

/* Every option of c, the run-time ones (more) after the table's, calling
 * each(o, ctx) until it returns false. */
void opts_each(const opts_command *c, bool (*each)(const opts_option *o, void *ctx), void *ctx);

/* ---- the shell completion (opts_complete.c) ---- */

/* A command as the completion lists it. */
typedef struct opts_entry {
    const char *name, *summary;
    const opts_command *opts;
} opts_entry;

/* The completion script of undead's n commands for bash or zsh, or
 * "words": a line per command, its name then every long option, then each
 * option's choices as "--OPT=WORD" (the test that holds the tables to the
 * help, the man page and the scripts reads it).  False when shell is none
 * of them. */
bool opts_complete(FILE *out, const char *shell, const opts_entry *cmds, int n);

#endif
