/*
 * cmd_golden.c - `undead golden check|update|coverage` (see golden.h).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "golden.h"

static const char usage[] =
    "usage: undead golden check|update|coverage [--dir DIR]\n"
    "  check     regenerate every DIR/**/NAME.in and diff it with NAME.transcript (exit 1 on a difference)\n"
    "  update    rewrite the NAME.transcript files (read the diff before committing)\n"
    "  coverage  list rule rows that fire in no golden case (exit 1 if any)\n"
    "  --dir DIR the golden directory (default: golden)\n";

int cmd_golden(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "dir", required_argument, NULL, 'd' },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    const char *dir = "golden";
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        }
        if (c != 'd') {
            fputs(usage, stderr);
            return UD_EXIT_USAGE;
        }
        dir = optarg;
    }
    static const char *const modes[] = { "check", "update", "coverage" };
    const char *word = optind + 1 == argc ? argv[optind] : "";
    int mode = -1;
    for (int i = 0; i < 3; i++)
        if (strcmp(word, modes[i]) == 0)
            mode = i;
    if (mode < 0) {
        fputs(usage, stderr);
        return UD_EXIT_USAGE;
    }
    golden_report rep;
    if (golden_run(dir, (golden_mode)mode, &rep, NULL, NULL) == 0)
        return UD_EXIT_USAGE;
    printf("golden %s: %d case(s), %d failed, %d updated, %d rule row(s) fired by no case\n",
           word, rep.cases, rep.failed, rep.updated, rep.uncovered);
    if (rep.failed)
        return UD_EXIT_FAIL;
    return mode == GOLDEN_COVERAGE && rep.uncovered ? UD_EXIT_FAIL : UD_EXIT_OK;
}
