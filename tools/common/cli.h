/*
 * cli.h - what every undead subcommand shares: exit codes, the game
 * options (--seed --players --policy --variant --start), file reading.
 */
#ifndef UD_CLI_H
#define UD_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games.h"
#include "opts.h"
#include "play.h"

enum { UD_EXIT_OK = 0, UD_EXIT_FAIL = 1, UD_EXIT_USAGE = 2 };

/* Raw game options as typed, turned into a ud_match by cli_build_match. */
typedef struct cli_game_opts {
    const char *players;  /* every --players, joined by commas */
    const char *policies; /* every --policy, joined by commas */
    char players_text[512], policies_text[512];
    const char *variants[UD_MAX_VARIANTS * 2];
    int n_variants;
    const char *starts[UD_MAX_START];
    int n_starts;
    uint64_t seed;
    const char *content; /* --content DIR, or NULL: the built-in set */
} cli_game_opts;

/* The game options' entries in a command's option table (opts.h), for a
 * command whose struct T keeps them in its cli_game_opts F. */
#define CLI_GAME_OPTIONS(T, F)                                                                 \
    { .name = "seed",                                                                          \
      .kind = OPTS_NUMBER,                                                                     \
      .at = OPTS_AT(T, F.seed),                                                                \
      .hi = UINT64_MAX,                                                                        \
      .def = 1,                                                                                \
      .metavar = "N",                                                                          \
      .help = "seed of the PRNG (default 1)" },                                                \
        { .name = "players",                                                                   \
          .kind = OPTS_CALL,                                                                   \
          .at = OPTS_AT(T, F),                                                                 \
          .call = cli_game_list,                                                               \
          .repeats = true,                                                                     \
          .metavar = "A,B,...",                                                                \
          .help = "player names, as many as the game allows (default p1,p2);\n"                \
                  "--players A --players B is the same as --players A,B" },                    \
        { .name = "policy",                                                                    \
          .kind = OPTS_CALL,                                                                   \
          .at = OPTS_AT(T, F),                                                                 \
          .call = cli_game_list,                                                               \
          .repeats = true,                                                                     \
          .metavar = "P[,P...]",                                                               \
          .help = "policy per seat, e.g. stop-at-shotguns:2 (the last one repeats;\n"          \
                  "a repeated --policy adds to the list, as --players does;\n"                 \
                  "no more policies than players)" },                                          \
        { .name = "variant",                                                                   \
          .kind = OPTS_LIST,                                                                   \
          .at = OPTS_AT(T, F.variants),                                                        \
          .count = OPTS_AT(T, F.n_variants),                                                   \
          .max = UD_MAX_VARIANTS * 2,                                                          \
          .metavar = "KEY=VALUE",                                                              \
          .help = "a reading of an open rule (see 'undead variants GAME')" },                  \
        { .name = "start",                                                                     \
          .kind = OPTS_LIST,                                                                   \
          .at = OPTS_AT(T, F.starts),                                                          \
          .count = OPTS_AT(T, F.n_starts),                                                     \
          .max = UD_MAX_START,                                                                 \
          .items = "start lines",                                                              \
          .metavar = "LINE",                                                                   \
          .help = "a starting-position line, e.g. \"score p1 12\"" },                          \
    {                                                                                          \
        .name = "content", .kind = OPTS_STRING, .at = OPTS_AT(T, F.content), .metavar = "DIR", \
        .help = "the game's content files from DIR instead of the built-in\n"                  \
                "set (games with content, e.g. one-die: spec/GAME/content/)"                   \
    }

/* The command being run, named in the messages of the options every
 * command shares ("undead play: --seed: ..."): set once, by main. */
void cli_set_command(const char *cmd);
/* --players and --policy (field: the cli_game_opts): a repeated one adds
 * to the list; false (message printed) when the list grows too long. */
bool cli_game_list(const char *cmd, const opts_option *o, void *field, const char *arg);
/* Load a game's content from dir (--content); false with FILE:LINE:COL
 * printed when a file is bad or the game has none. */
bool cli_load_content(const ud_game *g, const char *dir);
/* Build the match; false (message printed) on a bad value. */
bool cli_build_match(const ud_game *g, const cli_game_opts *o, ud_match *m);
/* The game named on the command line, or NULL (message printed). */
const ud_game *cli_game(const char *cmd, const char *name);
/* A size in bytes as typed: a whole number, or one with K, M, G or T
 * (powers of 1024: 512M, 4G); false when it is not one or overflows. */
bool cli_parse_size(const char *s, uint64_t *out);
/* Every option that takes a number reads it here, the same way: digits
 * alone (no sign, no space before or after: core's ud_parse_number), within
 * the option's bounds.  Each prints, on a value it refuses, one message
 * naming the option (opt, without its dashes) and the value as typed:
 *   undead CMD: --OPT: expected a whole number from LO to HI, got 'ARG'
 * (cmd NULL: the command being run, cli_set_command), the value with
 * its control characters escaped (ud_buf_put_escaped).  cli_number: a
 * whole number from lo to hi. */
bool cli_number(const char *cmd, const char *opt, const char *arg, uint64_t lo, uint64_t hi, uint64_t *out);
/* cli_number into an int. */
bool cli_int(const char *cmd, const char *opt, const char *arg, int lo, int hi, int *out);
/* A size in bytes (cli_parse_size) from 1 to hi: "expected a size in bytes
 * from 1 to 1G (e.g. 512K, 64M), got 'ARG'". */
bool cli_size(const char *cmd, const char *opt, const char *arg, uint64_t hi, uint64_t *out);
/* A number with an optional fraction (0.05, 95, 12.5: digits and one '.',
 * no sign, no exponent) from lo to hi, the ends excluded when open. */
bool cli_decimal(const char *cmd, const char *opt, const char *arg, double lo, double hi, bool open,
                 double *out);
/* The largest --max-memory: a petabyte (1024T), beyond any machine's
 * memory, and a bound the refusal can state. */
#define CLI_MAX_MEMORY_MAX (1ull << 50)
/* bytes as a person reads it ("1.0 GiB", "512 bytes"). */
void cli_format_size(uint64_t bytes, char *out, size_t size);
/* Standard output, checked (stdout_check.c): cli_watch_stdout at start
 * keeps the reason of a failed write; cli_close_stdout before exit flushes
 * and closes it, and a write that failed (a full disk, /dev/full) is
 * reported as "undead: writing standard output: REASON" and turns rc into
 * UD_EXIT_USAGE; else rc. */
void cli_watch_stdout(void);
int cli_close_stdout(int rc);
/* In a child about to run another program: the signals undead ignores
 * for itself (SIGXFSZ: undead.c) get their default action back. */
void cli_child_signals(void);
/* Is path a directory?  If not, prints "undead CMD: PATH: no such directory
 * (WHY)", or what it is instead ("is a file, expected a folder": infile.h),
 * naming the part of path that is not a folder ("undead verify: p: is a
 * FIFO, expected a folder (WHY)" for p/zombie_dice), and returns false: a
 * folder a command reads from must not go missing silently (undead's data
 * not installed: datadir.h). */
bool cli_need_dir(const char *cmd, const char *path, const char *why);
/* The results database a command uses: --db PATH (opt, when given), else
 * $UNDEAD_DB, else undead.db in the current folder.  NULL (message
 * printed: "undead CMD: results database: UNDEAD_DB is empty ...") when
 * UNDEAD_DB is set to nothing, which is refused as --db '' is.  It sets
 * the wait for another process's lock from $UNDEAD_DB_BUSY_MS (db.h:
 * db_set_busy_ms), NULL too when that is not a number of milliseconds. */
const char *cli_db_path(const char *cmd, const char *opt);
/* After a database error: when the database was the one UNDEAD_DB names
 * (opt, the --db option, NULL), a line on standard error saying so, as
 * the error names only the file. */
void cli_db_env_note(const char *cmd, const char *opt);
/* The one path cli_db_path takes for SQLite's database in memory (the
 * outcomes baseline's scratch); ':memory:' given by a user is refused. */
extern const char cli_memory_db[];
/* Is path a directory (following links)?  Says nothing. */
bool cli_is_dir(const char *path);
/* Could the file an option names (opt as typed: "-o", "--export") be
 * written?  Asked before any work (core/outfile.h, ud_outfile_check); if
 * not, prints "undead CMD: OPT PATH: WHY" ("undead show: -o '': expected a
 * file name") and returns false. */
bool cli_output_ok(const char *cmd, const char *opt, const char *path);
/* Is the file an option writes (out) another file than one the command
 * reads (in, "WHAT": "the results database")?  Written over, the input
 * would be lost (faq -o undead.db).  If it is the same file (a link to
 * it too), prints "undead CMD: OPT OUT: is the same file as WHAT (IN):
 * expected another file" and returns false.  Neither there yet, the same
 * name in the same folder is the same file (the database is made first). */
bool cli_output_not_input(const char *cmd, const char *opt, const char *out, const char *in,
                          const char *what);
/* cli_output_not_input for the results database DB_PATH and its SQLite
 * companions (DB-wal, DB-shm, DB-journal). */
bool cli_output_not_db(const char *cmd, const char *opt, const char *out, const char *db_path);
/* Is the file an option writes none of the files the command has read so
 * far (infile.h: a content file, a golden case, the record from standard
 * input)?  If it is one, prints "undead CMD: OPT OUT: is the same file as
 * a file it reads (IN): expected another file" and returns false. */
bool cli_output_not_read(const char *cmd, const char *opt, const char *out);
/* A file the command reads and then writes again whole (faq's record of
 * editions, db baseline update's --file) must not be the regular file
 * standard output or error goes to: written there, the new text would
 * follow the old one (outfile.h) instead of replacing it.  False with a
 * message naming the stream ("undead CMD: OPT PATH: is the same file as
 * standard output: expected another file ..."; OPT NULL: the path alone). */
bool cli_rewrite_not_std(const char *cmd, const char *opt, const char *path);
/* Read a whole file ("-" for stdin); NULL with a message printed, "PATH:
 * why".  A path that is not a regular file (a FIFO, a device, a folder) is
 * refused before anything is read (infile.h), never waited on. */
char *cli_read_file(const char *path, size_t *len);
/* cli_read_file, and the reason it failed (without the path) in said. */
char *cli_read_file_said(const char *path, size_t *len, ud_buf *said);

#endif
