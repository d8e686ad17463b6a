/*
 * cmd_play.c - `undead play`: one automated (or human) game, printed as a
 * transcript while it is played.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "transcript.h"

static const char usage[] =
    "usage: undead play GAME [options]\n"
    "Plays one game and prints its transcript (the policy 'human' asks at the terminal).\n"
    CLI_GAME_HELP
    "  --invariants          check every invariant after every step\n";

int cmd_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        CLI_GAME_LONGOPTS,
        { "invariants", no_argument, NULL, 'i' },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    cli_game_opts o = { .seed = 1 };
    int invariants = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        }
        if (c == 'i')
            invariants = 1;
        else if (c == '?' || !cli_game_opt(&o, c, optarg))
            return UD_EXIT_USAGE;
    }
    if (optind + 1 != argc) {
        fputs(usage, stderr);
        return UD_EXIT_USAGE;
    }
    const ud_game *g = cli_game("play", argv[optind]);
    ud_match m;
    if (!g || !cli_build_match(g, &o, &m))
        return UD_EXIT_USAGE;
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    unsigned char state[4096] __attribute__((aligned(16)));
    ud_transcript_write_header(stdout, g, &m.setup, m.policy, &m.seed, 0);
    ud_sink sink;
    ud_sink_to_file(&sink, stdout);
    ud_result res;
    ud_play(&m, &t, state, &sink, NULL, invariants, &res);
    fflush(stdout);
    if (res.status != UD_OVER) {
        fprintf(stderr, "undead play: %s%s%s\n", res.fail.id ? res.fail.id : "",
                res.fail.id ? ": " : "", res.fail.msg);
        return res.fail.kind == UD_FAIL_INPUT ? UD_EXIT_USAGE : UD_EXIT_FAIL;
    }
    return UD_EXIT_OK;
}
