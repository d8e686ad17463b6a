/*
 * cmd_check.c - `undead check`: verify transcripts against the rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"

static const char usage[] =
    "usage: undead check [--print] [--invariants] FILE... ('-' reads standard input)\n"
    "Replays each transcript against the rules. Prints FILE:LINE: RULE-ID: what is wrong\n"
    "at the first illegal step (exit 1), or the final scores (exit 0).\n"
    "A malformed file is reported as FILE:LINE:COL: expected ... (exit 2).\n"
    "  --print        print the canonical transcript (every line the rules imply, tagged)\n"
    "  --invariants   check every invariant after every step\n";

static void print_result(const char *file, const ud_transcript *t, const ud_check_result *r)
{
    printf("%s: ok%s:", file, r->complete ? "" : " (partial)");
    for (int i = 0; i < r->n_players; i++)
        printf(" %s=%d", t->setup.names[i], r->score[i]);
    if (r->complete && r->winner >= 0)
        printf("; winner %s", t->setup.names[r->winner]);
    else if (r->complete && r->winner == -2)
        printf("; shared win");
    putchar('\n');
}

int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "print", no_argument, NULL, 'p' },
        { "invariants", no_argument, NULL, 'i' },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    int print = 0, invariants = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        }
        if (c == 'p')
            print = 1;
        else if (c == 'i')
            invariants = 1;
        else {
            fputs(usage, stderr);
            return UD_EXIT_USAGE;
        }
    }
    if (optind >= argc) {
        fputs(usage, stderr);
        return UD_EXIT_USAGE;
    }
    int worst = UD_EXIT_OK;
    for (int i = optind; i < argc; i++) {
        const char *file = argv[i];
        const char *shown = strcmp(file, "-") == 0 ? "<stdin>" : file;
        size_t len;
        char *text = cli_read_file(file, &len);
        if (!text) {
            worst = UD_EXIT_USAGE;
            continue;
        }
        ud_transcript t;
        ud_error err;
        memset(&err, 0, sizeof err);
        if (ud_transcript_parse(text, len, ud_find_game, &t, &err) != 0) {
            ud_error_print(&err, shown, stderr);
            free(text);
            worst = UD_EXIT_USAGE;
            continue;
        }
        free(text);
        ud_check_opts opts = { .regen = print ? stdout : NULL, .check_invariants = invariants };
        ud_check_result res;
        if (ud_check(&t, &opts, &res, &err) != 0) {
            fflush(stdout);
            ud_error_print(&err, shown, stderr);
            if (worst == UD_EXIT_OK)
                worst = UD_EXIT_FAIL;
        } else if (!print) {
            print_result(shown, &t, &res);
        }
        ud_transcript_free(&t);
    }
    return worst;
}
