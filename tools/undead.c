/*
 * undead.c - the `undead` command: dispatch to a subcommand.
 * Exit status: 0 success, 1 a rule violation or failed check, 2 a usage
 * or input error.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "games.h"
#include "record.h"
#include "selfcheck.h"

static void usage(FILE *out)
{
    fputs("usage: undead COMMAND [options]   (undead COMMAND --help for more)\n\n", out);
    for (int i = 0; i < undead_n_commands; i++)
        fprintf(out, "  %-10s %s\n", undead_commands[i].name, undead_commands[i].summary);
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
    /* A write past the file-size limit (ulimit -f) fails with EFBIG, which
     * every writer reports ("File too large", exit 2, the temporary file
     * removed), instead of SIGXFSZ ending undead with nothing said.  The
     * programs undead starts get the default back (cli_child_signals). */
    signal(SIGXFSZ, SIG_IGN);
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
        if (argc > 2) {
            ud_buf shown;
            ud_buf_init(&shown);
            fprintf(stderr, "undead: --version takes no operand; found '%s'\n", ud_escaped(&shown, argv[2]));
            ud_buf_free(&shown);
            return cli_close_stdout(UD_EXIT_USAGE);
        }
        printf("undead %s\n", UD_VERSION);
        return cli_close_stdout(UD_EXIT_OK);
    }
    rec_command_line(argc, argv);
    for (int i = 0; i < undead_n_commands; i++)
        if (strcmp(argv[1], undead_commands[i].name) == 0) {
            cli_set_command(undead_commands[i].name);
            return cli_close_stdout(undead_commands[i].run(argc - 1, argv + 1));
        }
    ud_buf shown;
    ud_buf_init(&shown);
    fprintf(stderr, "undead: unknown command '%s'\n", ud_escaped(&shown, argv[1]));
    ud_buf_free(&shown);
    usage(stderr);
    return UD_EXIT_USAGE;
}
