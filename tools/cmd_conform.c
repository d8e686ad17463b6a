/*
 * cmd_conform.c - `undead conform GAME [options] -- COMMAND...`: its
 * command line; the run and its drivers are conform/conform_drive.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "conform.h"
#include "record.h"

/* conform's options (opts.h): the drivers', the run's (cf_opts), the
 * game's and the database's. */
typedef struct conform_cli {
    cf_drivers a;
    cf_opts o;
    int chance; /* index in chances[]: a cf_chance_mode */
    int format; /* index in formats[]: 1 json */
    cli_game_opts game;
    rec_opts rec;
    const char *enum_given; /* --max-outcomes or --setup-outcomes, when given */
    int blame_seconds;      /* the blame's time bound (0: none) */
} conform_cli;

static const char *const chances[] = { "dictate", "follow", "both", NULL };
_Static_assert(CF_DICTATE == 0 && CF_FOLLOW == 1 && CF_BOTH == 2,
               "--chance's words are cf_chance_mode's, in order");
static const char *const formats[] = { "text", "json", NULL };

static bool read_games(const char *cmd, const opts_option *o, void *field, const char *arg);
static bool read_enumerated(const char *cmd, const opts_option *o, void *field, const char *arg);

static const opts_option options[] = {
    { .name = "games",
      .kind = OPTS_CALL,
      .call = read_games,
      .metavar = "N",
      .help = "play N seeded games (default 100 when no driver is given)" },
    { .name = "depth",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(conform_cli, a.depth),
      .lo = 1,
      .hi = CF_MAX_DEPTH,
      .metavar = "D",
      .help = "every decision and every outcome of the first D plays (the\n"
              "set-up is play 1, each decision and what follows one more);\n"
              "the paths multiply by a whole play's branching at each depth:\n"
              "from 3 on it can take hours (Zombie Dice's 3 is 869,730\n"
              "paths), so try D before D+1" },
    { .name = "max-outcomes",
      .kind = OPTS_CALL,
      .call = read_enumerated,
      .metavar = "N",
      .help = "with --depth: outcomes enumerated in each play after a\n"
              "decision (default 6); later ones are drawn from a PRNG\n"
              "seeded by the path" },
    { .name = "setup-outcomes",
      .kind = OPTS_CALL,
      .call = read_enumerated,
      .metavar = "N",
      .help = "with --depth: outcomes enumerated in the set-up (default 0:\n"
              "one deal, one first roll, drawn from the PRNG)" },
    { .name = "seconds",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(conform_cli, a.seconds),
      .lo = 1, /* no seconds would compare nothing */
      .hi = 100000000,
      .metavar = "S",
      .help = "fuzz for S seconds: tapes of choices, kept when they fire\n"
              "a row not fired before" },
    { .name = "chance",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(conform_cli, chance),
      .choices = chances,
      .def = CF_BOTH,
      .metavar = "MODE",
      .help = "both (default): each seeded game played twice, in dictate\n"
              "then in follow mode, as many games as the two run one\n"
              "after the other and a departure either sees met as early\n"
              "(--depth and --seconds dictate); dictate: undead decides\n"
              "every outcome (sees an implementation that refuses an\n"
              "outcome the rules allow, or needs more; not one that allows\n"
              "more outcomes than the rules); follow: the implementation\n"
              "rolls, undead checks each outcome and tests the dice and\n"
              "decks with a chi-square test (sees outcomes the rules do not\n"
              "allow and loaded dice; not an outcome it never draws;\n"
              "not with --depth, whose paths enumerate the outcomes)" },
    { .name = "alpha",
      .kind = OPTS_DECIMAL,
      .at = OPTS_AT(conform_cli, a.alpha),
      .dhi = 1,
      .open = true,
      .ddef = 0.001,
      .metavar = "P",
      .help = "level of the chi-square tests (default 0.001, divided by\n"
              "the number of kinds of choice tested)" },
    { .name = "timeout",
      .kind = OPTS_INT,
      .at = OPTS_AT(conform_cli, o.timeout_ms),
      .lo = 1,
      .hi = 100000000,
      .def = 5000,
      .metavar = "MS",
      .help = "longest wait for one answer (default 5000)" },
    { .name = "max-decisions",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(conform_cli, o.max_steps),
      .lo = 1,
      .hi = 1000000,
      .def = 2000,
      .metavar = "N",
      .help = "judge a game up to its N-th decision only: the plays\n"
              "before are compared, the rest is not played, and the game\n"
              "is counted as having no end (default 2000)" },
    { .name = "shrink-tries",
      .kind = OPTS_INT,
      .at = OPTS_AT(conform_cli, a.shrink_tries),
      .hi = 100000000,
      .def = 400,
      .metavar = "N",
      .help = "games the shrinking may play (default 400; 0: no shrinking)" },
    { .name = "confirm-changes",
      .kind = OPTS_INT,
      .at = OPTS_AT(conform_cli, o.confirm_changes),
      .hi = UD_BLAME_SHOWN,
      .def = UD_BLAME_SHOWN,
      .metavar = "N",
      .help = "when several changes of the rules play the departing step as\n"
              "the implementation did, confirm the first N by play: each\n"
              "made to undead's table, the departing game played again to\n"
              "its end and --confirm-games more; one under which the sides\n"
              "part is refuted (default 8, every change shown; 0: none,\n"
              "the cheapest named)" },
    { .name = "confirm-games",
      .kind = OPTS_INT,
      .at = OPTS_AT(conform_cli, o.confirm_games),
      .hi = 1000,
      .def = 10,
      .metavar = "N",
      .help = "seeded games each confirmed change plays after the\n"
              "departing game (default 10)" },
    { .name = "confirm-readings",
      .kind = OPTS_INT,
      .at = OPTS_AT(conform_cli, o.confirm_readings),
      .hi = UD_BLAME_READINGS,
      .def = 4,
      .metavar = "N",
      .help = "when changes of different rows survive every game, play\n"
              "them again under at most N other readings of the keys\n"
              "their rows consult, --confirm-games games each (at least\n"
              "one), both sides told the reading; under one where a change\n"
              "agrees, those that part are refuted (default 4; 0: none)" },
    { .name = "blame-seconds",
      .kind = OPTS_INT,
      .at = OPTS_AT(conform_cli, blame_seconds),
      .hi = 86400,
      .def = UD_BLAME_SECONDS_DEFAULT,
      .metavar = "S",
      .help = "stop looking for the rule the departure breaks after S seconds,\n"
              "naming the best change found so far and saying how many were\n"
              "not tried (default 60; 0: no bound; play's confirmation\n"
              "is bounded by --confirm-games)" },
    { .name = "record",
      .kind = OPTS_STRING,
      .at = OPTS_AT(conform_cli, a.record),
      .metavar = "FILE",
      .help = "write the departure's record to FILE as well" },
    { .name = "no-offers",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(conform_cli, o.no_offers),
      .help = "do not ask for the offers (measuring the protocol only)" },
    { .name = "verbose",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(conform_cli, a.verbose),
      .help = "print every chi-square test" },
    { .name = "format",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(conform_cli, format),
      .choices = formats,
      .metavar = "F",
      .help = "text (default) or json: the departure as one JSON object on a\n"
              "line of its own (the rule, its evidence, the record); the\n"
              "run's other lines stay text" },
    { .name = "repeat",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(conform_cli, a.repeat),
      .lo = 1,
      .hi = 1000,
      .metavar = "R",
      .help = "play the seeded games R times and print the median\n"
              "plays per second (a benchmark of the adapter and the protocol)" },
    CLI_GAME_OPTIONS(conform_cli, game),
    REC_OPTIONS(conform_cli, rec),
    OPTS_END,
};

const opts_command cmd_conform_opts = {
    .name = "conform",
    .usage = "usage: undead conform GAME [options] -- COMMAND [ARG...]\n"
             "Starts COMMAND, an adapter speaking the conformance protocol (docs/conformance.md),\n"
             "and plays it in lockstep with the rules: every state, every set of offered\n"
             "decisions and every outcome of chance is compared.  Stops at the first departure,\n"
             "shrinks it to the fewest decisions and outcomes, names the rule that governs it\n"
             "and prints a record `undead check` replays.\n",
    .options = options,
    .after = "Exit status: 0 no departure, 1 a departure, 2 a broken adapter or a usage error.\n",
    .game_operand = true,
};

/* --games N (field: the whole conform_cli): N, and that it was given (a
 * driver asked for); no games would compare nothing. */
static bool read_games(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    cf_drivers *a = &((conform_cli *)field)->a;
    a->games_set = cli_number(cmd, o->name, arg, 1, 100000000, &a->games);
    return a->games_set;
}

/* --max-outcomes N and --setup-outcomes N (field: the whole conform_cli),
 * from 0 to 100,000,000, and that one was given: alone, without --depth,
 * either changes nothing, whatever its value (the default's too). */
static bool read_enumerated(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    conform_cli *c = field;
    bool setup = o->name[0] == 's';
    if (!cli_number(cmd, o->name, arg, 0, 100000000, setup ? &c->o.enum_setup : &c->o.enum_outcomes))
        return false;
    c->enum_given = o->name;
    return true;
}

/* The program the shell would run for word (execvp's search of $PATH for
 * a word without a '/'), into path; false when there is none. */
static bool program_path(const char *word, char *path, size_t size)
{
    const char *dirs = getenv("PATH");
    if (strchr(word, '/') || !dirs)
        return false;
    for (const char *d = dirs;; d++) {
        const char *end = strchr(d, ':');
        int n = end ? (int)(end - d) : (int)strlen(d);
        struct stat st;
        if ((size_t)snprintf(path, size, "%.*s%s%s", n, d, n ? "/" : "", word) < size &&
            stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
            return true;
        if (!end)
            return false;
        d = end;
    }
}

/* The adapter's files are the run's inputs as much as a content file: the
 * record written over the adapter's script (--record ad.py -- python3
 * ad.py), its program or undead itself would lose it. */
static bool record_not_adapter(const char *record, char *const *command)
{
    char found[4200];
    for (int i = 0; command[i]; i++) {
        struct stat st;
        const char *word = command[i];
        if (i == 0 && program_path(word, found, sizeof found))
            word = found;
        if (stat(word, &st) == 0 && S_ISREG(st.st_mode) &&
            !cli_output_not_input("conform", "--record", record, word, "a file the adapter's command names"))
            return false;
    }
    return true;
}

/* The record is written only if a departure is found: its path is
 * checked before the games (or it would never be), and refused when it is
 * the results database the run records in, a content file read or a file
 * of the adapter's command (written over, it is lost). */
static bool record_ok(const cf_drivers *a, const rec_opts *ro, char *const *command)
{
    return !a->record ||
           (rec_output_ok("conform", "--record", a->record, ro) && record_not_adapter(a->record, command));
}

/* Options given where they change nothing, refused (what each needs
 * named): the chi-square tests' (--alpha, --verbose) run on follow games
 * only, which --chance dictate plays none of, nor --depth and --seconds
 * (they dictate); --repeat plays the seeded games again, which --depth
 * and --seconds play none of; --confirm-games and --confirm-readings are
 * the games and readings of each change --confirm-changes confirms, and 0
 * confirms none. */
static bool options_play(const conform_cli *c, const opts_operands *ops)
{
    bool seeded = c->a.games_set || (!c->a.depth && !c->a.seconds); /* --games' default: none of these */
    bool follows = seeded && (cf_chance_mode)c->chance != CF_DICTATE;
    static const char *const tests[] = { "alpha", "verbose" };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        if (!follows && opts_was_given(&cmd_conform_opts, ops, tests[i])) {
            fprintf(stderr,
                    "undead conform: --%s: the chi-square tests run on follow games, and %s plays none; "
                    "expected seeded games (--games) under --chance follow or both\n",
                    tests[i],
                    seeded       ? "--chance dictate"
                    : c->a.depth ? "--depth"
                                 : "--seconds");
            return false;
        }
    static const char *const confirming[] = { "confirm-games", "confirm-readings" };
    for (size_t i = 0; i < sizeof confirming / sizeof confirming[0]; i++)
        if (c->o.confirm_changes == 0 && opts_was_given(&cmd_conform_opts, ops, confirming[i])) {
            fprintf(stderr,
                    "undead conform: --%s: %s each confirmed change plays, and --confirm-changes 0 "
                    "confirms none; expected --confirm-changes 1 or more\n",
                    confirming[i], i == 0 ? "the games" : "the other readings");
            return false;
        }
    if (!seeded && opts_was_given(&cmd_conform_opts, ops, "repeat")) {
        fprintf(stderr,
                "undead conform: --repeat plays the seeded games again, and %s plays none; expected "
                "--games\n",
                c->a.depth ? "--depth" : "--seconds");
        return false;
    }
    return true;
}

/* The command line read into c: GAME before "--", the adapter's command
 * after it; OPTS_GO_ON, or the exit status to end with. */
static int read_conform(int argc, char **argv, conform_cli *c)
{
    opts_operands ops;
    opts_status st = opts_parse(&cmd_conform_opts, argc, argv, c, &ops);
    if (st != OPTS_OK)
        return st == OPTS_HELP ? UD_EXIT_OK : UD_EXIT_USAGE;
    if (ops.before_dashdash != 1) {
        if (ops.before_dashdash == 0)
            fputs("undead conform: expected the game first, then '-- COMMAND [ARG...]'\n", stderr);
        else if (ops.n == ops.before_dashdash)
            fputs("undead conform: expected '--' between the game and the adapter's command\n", stderr);
        else
            fprintf(stderr, "undead conform: %d operands before '--'; expected one, the game\n",
                    ops.before_dashdash);
        opts_help(stderr, &cmd_conform_opts);
        return UD_EXIT_USAGE;
    }
    if (ops.n == ops.before_dashdash) {
        fprintf(stderr,
                "undead conform: expected '-- COMMAND [ARG...]' after the game: the adapter to run\n");
        return UD_EXIT_USAGE;
    }
    if (!argv[ops.first + 1][0]) { /* an unset variable in the shell: no program is named '' */
        fprintf(stderr, "undead conform: -- '': expected the adapter's command, found an empty word\n");
        return UD_EXIT_USAGE;
    }
    cf_opts *o = &c->o;
    o->chance = (cf_chance_mode)c->chance;
    o->command = argv + ops.first + 1;
    o->content = c->game.content;
    o->game = cli_game("conform", argv[ops.first]);
    if (!o->game || !cli_build_match(o->game, &c->game, &o->match))
        return UD_EXIT_USAGE;
    if (!record_ok(&c->a, &c->rec, o->command))
        return UD_EXIT_USAGE;
    /* taken alone they changed nothing: the enumeration is --depth's */
    if (!c->a.depth && c->enum_given) {
        fprintf(stderr, "undead conform: --%s needs --depth (the outcomes of its enumeration)\n",
                c->enum_given);
        return UD_EXIT_USAGE;
    }
    /* the paths are an odometer over decisions and outcomes: in follow
     * mode the adapter draws the outcomes, the odometer's digits for them
     * never turn over, and the same path would be played for ever */
    if (c->a.depth && o->chance == CF_FOLLOW) {
        fprintf(stderr, "undead conform: --depth enumerates the outcomes, which undead dictates: expected "
                        "--chance dictate or both (the default), found --chance follow\n");
        return UD_EXIT_USAGE;
    }
    if (!options_play(c, &ops))
        return UD_EXIT_USAGE;
    if (!c->a.games_set && !c->a.depth && !c->a.seconds)
        c->a.games = 100;
    c->a.json = c->format == 1;
    return OPTS_GO_ON;
}

int cmd_conform(int argc, char **argv)
{
    conform_cli *c = calloc(1, sizeof *c);
    if (!c) {
        fputs("undead conform: out of memory\n", stderr);
        return UD_EXIT_USAGE;
    }
    c->o.enum_outcomes = 6; /* --max-outcomes's default */
    int rc = read_conform(argc, argv, c);
    if (rc == OPTS_GO_ON) {
        ud_blame_set_seconds((unsigned)c->blame_seconds);
        rc = cf_conform(&c->o, &c->a, &c->rec);
    }
    free(c);
    return rc;
}
