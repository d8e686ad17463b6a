/*
 * undead.c - the `undead` command: dispatch to a subcommand.
 * Exit status: 0 success, 1 a rule violation or failed check, 2 a usage
 * or input error.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "games.h"
#include "record.h"
#include "selfcheck.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    { "verify", cmd_verify, "the main job: every check on every game, with a summary" },
    { "faq", cmd_faq, "write the printable rules FAQ (HTML, Markdown or PDF) from the tables and database" },
    { "games", cmd_games, "list the built-in games" },
    { "rules", cmd_rules, "list a game's rule rows (ID, source, summary)" },
    { "variants", cmd_variants, "list a game's open questions and their readings" },
    { "policies", cmd_policies, "list a game's automated players" },
    { "play", cmd_play, "play one game and print its transcript" },
    { "check", cmd_check, "verify transcripts against the rules" },
    { "show", cmd_show, "draw a position of a game record: a text map or an SVG" },
    { "sim", cmd_sim, "play many games with invariants on; print statistics" },
    { "bench", cmd_bench, "measure games per second (medians and ratios)" },
    { "db", cmd_db, "the results database: runs, show, diff, query, baseline" },
    { "golden", cmd_golden, "regenerate and diff the golden transcripts" },
    { "explore", cmd_explore, "visit every reachable state of a bounded game; counts per depth" },
    { "mutate", cmd_mutate,
      "mutation analysis: what the goldens, tests and invariants catch (mutation build)" },
    { "conform", cmd_conform,
      "hold another implementation of a game to the rules, step by step (docs/conformance.md)" },
    { "serve", cmd_serve, "undead's own engine behind the conformance protocol (the reference adapter)" },
    { "solve", cmd_solve, "exact figures: one turn, the two-player game, the texts' claims" },
};

static void usage(FILE *out)
{
    fputs("usage: undead COMMAND [options]   (undead COMMAND --help for more)\n\n", out);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\nExit status: 0 success, 1 a rule violation or failed check, 2 usage or input error.\n", out);
}

/* A game that outgrows one of undead's fixed limits is refused before
 * anything runs, with the limit named (selfcheck.c). */
static bool games_within_limits(void)
{
    ud_buf out;
    ud_buf_init(&out);
    int problems = 0;
    for (const ud_game *const *g = ud_games; *g; g++)
        problems += ud_game_check_limits(*g, &out);
    if (problems)
        fprintf(stderr, "undead: a built-in game exceeds undead's limits:\n%s", ud_buf_str(&out));
    ud_buf_free(&out);
    return problems == 0;
}

#ifdef UD_WITH_JEMALLOC
/* jemalloc reads this as it starts (MALLOC_CONF in the environment
 * overrides it): its memory in huge pages where the kernel allows them
 * on request (transparent_hugepage "madvise").  The exact chain solve
 * walks millions of numbers spread over a few hundred megabytes: the
 * School Bus's turn took 105,000 page faults in small pages and 15,000
 * in huge ones, and some 7% less time (docs/speed.md). */
const char *malloc_conf = "thp:always";
#endif

int main(int argc, char **argv)
{
    cli_watch_stdout();
    if (!games_within_limits())
        return UD_EXIT_USAGE;
    if (argc < 2) {
        usage(stderr);
        return cli_close_stdout(UD_EXIT_USAGE);
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return cli_close_stdout(UD_EXIT_OK);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("undead %s\n", UD_VERSION);
        return cli_close_stdout(UD_EXIT_OK);
    }
    rec_command_line(argc, argv);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            cli_set_command(commands[i].name);
            return cli_close_stdout(commands[i].run(argc - 1, argv + 1));
        }
    ud_buf shown;
    ud_buf_init(&shown);
    fprintf(stderr, "undead: unknown command '%s'\n", ud_escaped(&shown, argv[1]));
    ud_buf_free(&shown);
    usage(stderr);
    return UD_EXIT_USAGE;
}
