/*
 * cmd_play.c - `undead play`: one automated (or human) game, printed as a
 * transcript while it is played.
 */
#include <stdio.h>
#include <stdlib.h>
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
             "Plays one game and prints its transcript (the policy 'human' asks at the terminal;\n"
             "its input ending before a decision stops the game there, exit 2).\n" REC_NOTE,
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

/* The transcript's header, to standard output: how many lines it took
 * (the transcript's lines are counted from it, for a game that stops). */
static int write_header(const ud_game *g, const ud_match *m)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) { /* no memory: the header all the same, its lines not counted */
        ud_transcript_write_header(stdout, g, &m->setup, m->policy, &m->seed, 0);
        return 0;
    }
    ud_transcript_write_header(mem, g, &m->setup, m->policy, &m->seed, 0);
    fclose(mem);
    int lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    fwrite(text, 1, len, stdout);
    free(text);
    return lines;
}

/* A human seat's input ended before its decision: a clean stop, said in
 * one line naming the player, where the game stopped (its decision and
 * the transcript's last line) and where its record is, after the run is
 * ended (r: ended, run: its ID; db_path: NULL with --no-db). */
static void say_input_ended(const ud_match *m, const ud_result *res, int last_line, const recorder *r,
                            int64_t run, const char *db_path)
{
    ud_buf shown;
    ud_buf_init(&shown);
    fprintf(
        stderr,
        "undead play: standard input ended before %s's decision (decision %llu of the game, after line %d "
        "of the transcript): the game stopped there, unfinished; ",
        m->setup.names[res->undecided], (unsigned long long)res->decisions, last_line);
    if (!db_path)
        fputs("no record was written (--no-db)\n", stderr);
    else if (r->lost)
        fputs("its record could not be written (see above)\n", stderr);
    else
        fprintf(stderr, "its record is run %lld in %s (status failed)\n", (long long)run,
                ud_escaped(&shown, db_path));
    ud_buf_free(&shown);
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
    int header_lines = write_header(g, &m);
    capture cap;
    cap_init(&cap, stdout);
    uint64_t fired[UD_MAX_RULES] = { 0 };
    ud_result res;
    ud_play(&m, &t, state, &cap.sink, fired, a.invariants, &res);
    fflush(stdout);
    rc = UD_EXIT_OK;
    bool input_ended =
        res.status != UD_OVER && res.undecided >= 0 && m.policy[res.undecided].def == &ud_policy_human;
    if (res.status != UD_OVER && !input_ended)
        fprintf(stderr, "undead play: %s%s%s%s\n",
                res.fail.kind == UD_FAIL_LIMIT ? "stopped at a limit of undead's, no rule broken: " : "",
                res.fail.id ? res.fail.id : "", res.fail.id ? ": " : "", res.fail.msg);
    if (res.status != UD_OVER)
        rc = ud_fail_not_rule(res.fail.kind) ? UD_EXIT_USAGE : UD_EXIT_FAIL;
    record(&r, &m, &res, fired, &cap, a.invariants);
    int last_line = header_lines + cap.n;
    cap_free(&cap);
    int64_t run = r.run;
    rc = rec_end(&r, rc);
    if (input_ended)
        say_input_ended(&m, &res, last_line, &r, run, a.rec.off ? NULL : cli_db_path("play", a.rec.path));
    return rc;
}
