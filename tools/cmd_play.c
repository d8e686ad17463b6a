/*
 * cmd_play.c - `undead play`: one automated (or human) game, printed as a
 * transcript while it is played.
 */
#include <stdio.h>
#include <string.h>

#include "capture.h"
#include "cli.h"
#include "commands.h"
#include "record.h"
#include "transcript.h"

/* play's options (opts.h). */
typedef struct play_args {
    cli_game_opts game;
    bool invariants;
    rec_opts rec;
} play_args;

static const opts_option options[] = {
    CLI_GAME_OPTIONS(play_args, game),
    { .name = "invariants",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(play_args, invariants),
      .help = "check every invariant after every step" },
    REC_OPTIONS(play_args, rec),
    OPTS_END,
};

const opts_command cmd_play_opts = {
    .name = "play",
    .usage = "usage: undead play GAME [options]\n"
             "Plays one game and prints its transcript (the policy 'human' asks at the terminal).\n" REC_NOTE,
    .options = options,
    .game_operand = true,
};

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
    play_args a = { 0 };
    opts_operands ops;
    int rc = opts_read(&cmd_play_opts, argc, argv, &a, &ops, 1, 1);
    if (rc != OPTS_GO_ON)
        return rc;
    const ud_game *g = cli_game("play", argv[ops.first]);
    ud_match m;
    if (!g || !cli_build_match(g, &a.game, &m))
        return UD_EXIT_USAGE;
    recorder r;
    if (!rec_begin(&r, &a.rec, "play", g))
        return UD_EXIT_USAGE;
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    unsigned char state[4096] __attribute__((aligned(16)));
    ud_transcript_write_header(stdout, g, &m.setup, m.policy, &m.seed, 0);
    capture cap;
    cap_init(&cap, stdout);
    uint64_t fired[UD_MAX_RULES] = { 0 };
    ud_result res;
    ud_play(&m, &t, state, &cap.sink, fired, a.invariants, &res);
    fflush(stdout);
    rc = UD_EXIT_OK;
    if (res.status != UD_OVER) {
        fprintf(stderr, "undead play: %s%s%s%s\n",
                res.fail.kind == UD_FAIL_LIMIT ? "stopped at a limit of undead's, no rule broken: " : "",
                res.fail.id ? res.fail.id : "", res.fail.id ? ": " : "", res.fail.msg);
        rc = ud_fail_not_rule(res.fail.kind) ? UD_EXIT_USAGE : UD_EXIT_FAIL;
    }
    record(&r, &m, &res, fired, &cap, a.invariants);
    cap_free(&cap);
    return rec_end(&r, rc);
}
