/*
 * cmd_play.c - `undead play`: one automated (or human) game, printed as a
 * transcript while it is played.
 */
#include <stdio.h>
#include <string.h>

#include "capture.h"
#include "cli.h"
#include "record.h"
#include "transcript.h"

static const char usage[] =
    "usage: undead play GAME [options]\n"
    "Plays one game and prints its transcript (the policy 'human' asks at the terminal).\n" REC_NOTE
        CLI_GAME_HELP "  --invariants          check every invariant after every step\n" REC_HELP;

/* The game's metrics and coverage, and the game as one case. */
static void record(recorder *r, const ud_match *m, const ud_result *res, const uint64_t *fired,
                   const capture *cap, int invariants)
{
    rec_match(r, m);
    rec_param(r, "invariants", "%s", invariants ? "on" : "off");
    rec_game(r, "play", m, res, fired, cap);
    rec_coverage(r, m->game, fired);
    rec_metric(r, "decisions", (double)res->decisions, "decisions");
    rec_metric(r, "steps", (double)res->steps, "rule firings");
}

int cmd_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        CLI_GAME_LONGOPTS, { "invariants", no_argument, NULL, 'i' },
        REC_LONGOPTS,      { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    cli_game_opts o = { .seed = 1 };
    rec_opts ro = { 0 };
    int invariants = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        }
        if (c == 'i')
            invariants = 1;
        else if (c == '?' || (!rec_opt(&ro, c, optarg) && !cli_game_opt(&o, c, optarg)))
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
    recorder r;
    if (!rec_begin(&r, &ro, "play", g))
        return UD_EXIT_USAGE;
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    unsigned char state[4096] __attribute__((aligned(16)));
    ud_transcript_write_header(stdout, g, &m.setup, m.policy, &m.seed, 0);
    capture cap;
    cap_init(&cap, stdout);
    uint64_t fired[UD_MAX_RULES] = { 0 };
    ud_result res;
    ud_play(&m, &t, state, &cap.sink, fired, invariants, &res);
    fflush(stdout);
    int rc = UD_EXIT_OK;
    if (res.status != UD_OVER) {
        fprintf(stderr, "undead play: %s%s%s%s\n",
                res.fail.kind == UD_FAIL_LIMIT ? "stopped at a limit of undead's, no rule broken: " : "",
                res.fail.id ? res.fail.id : "", res.fail.id ? ": " : "", res.fail.msg);
        rc = ud_fail_not_rule(res.fail.kind) ? UD_EXIT_USAGE : UD_EXIT_FAIL;
    }
    record(&r, &m, &res, fired, &cap, invariants);
    cap_free(&cap);
    return rec_end(&r, rc);
}
