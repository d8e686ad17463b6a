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
#include "outfile.h"
#include "record.h"
#include "play_table.h"
#include "transcript.h"

/* play's options (opts.h). */
typedef struct play_args {
    cli_game_opts game;
    bool invariants;
    const char *record; /* --record FILE: the transcript there, not on standard output */
    rec_opts rec;
} play_args;

static const opts_option options[] = {
    CLI_GAME_OPTIONS(play_args, game),
    { .name = "invariants",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(play_args, invariants),
      .help = "check every invariant after every step" },
    { .name = "record",
      .kind = OPTS_STRING,
      .at = OPTS_AT(play_args, record),
      .metavar = "FILE",
      .help = "write the game's record (its transcript) to FILE, whole, also\n"
              "when the game stops early, instead of standard output" },
    REC_OPTIONS(play_args, rec),
    OPTS_END,
};

const opts_command cmd_play_opts = {
    .name = "play",
    .usage = "usage: undead play GAME [options]\n"
             "Plays one game and prints its transcript.  A seat on the policy 'human' is a person\n"
             "at the table: before each of their decisions the table is drawn (what that seat may\n"
             "see) and they answer by number, by the choice's words (any case, or any unique\n"
             "start), '?' to have the choices explained, or 'quit'; the record then goes only to\n"
             "--record FILE and the database, not the screen.  Input ending before a decision,\n"
             "or quit, stops the game there (exit 2), saying where its record is.\n" REC_NOTE,
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

/* The transcript's header, to out: how many lines it took (the
 * transcript's lines are counted from it, for a game that stops). */
static int write_header(const ud_game *g, const ud_match *m, FILE *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) { /* no memory: the header all the same, its lines not counted */
        ud_transcript_write_header(out, g, &m->setup, m->policy, &m->seed, 0);
        return 0;
    }
    ud_transcript_write_header(mem, g, &m->setup, m->policy, &m->seed, 0);
    fclose(mem);
    int lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    fwrite(text, 1, len, out);
    free(text);
    return lines;
}

/* A person's seat gave no decision (its input ended, or they quit): a
 * clean stop, said in one line naming the player, where the game stopped
 * (their decision and the transcript's last line) and where its record
 * is, after the run is ended (r: ended, run: its ID; db_path: NULL with
 * --no-db; file: --record's, or NULL, and whether it was written). */
static void say_stopped(const ud_match *m, const ud_result *res, bool quit, int read_error, int last_line,
                        const recorder *r, int64_t run, const char *db_path, const char *file,
                        bool file_written)
{
    ud_buf shown;
    ud_buf_init(&shown);
    const char *who = m->setup.names[res->undecided];
    if (quit)
        fprintf(stderr, "undead play: %s quit at their decision", who);
    else if (read_error)
        fprintf(stderr, "undead play: standard input could not be read (%s) before %s's decision",
                strerror(read_error), who);
    else
        fprintf(stderr, "undead play: standard input ended before %s's decision", who);
    fprintf(stderr,
            " (decision %llu of the game, after line %d of the transcript): the game stopped there, "
            "unfinished; ",
            (unsigned long long)res->decisions, last_line);
    if (file && !file_written) /* said above: --record FILE: WHY */
        fprintf(stderr, "its record could not be written to %s%s", ud_escaped(&shown, file),
                db_path ? "; " : "\n");
    else if (file)
        fprintf(stderr, "its record is in %s%s", ud_escaped(&shown, file), db_path ? " and " : "\n");
    if (!db_path)
        fputs(file ? "" : "no record was written (--no-db)\n", stderr);
    else if (r->lost)
        fputs("its record could not be written in the database (see above)\n", stderr);
    else
        fprintf(stderr, "%srun %lld in %s (status failed)\n", file && file_written ? "" : "its record is ",
                (long long)run, ud_escaped(&shown, db_path));
    ud_buf_free(&shown);
}

/* Where the transcript goes while the game is played: standard output, or
 * memory (text, len) when it goes to --record FILE or a person is at the
 * table (the table is on standard output then).  NULL: out of memory. */
static FILE *transcript_out(const play_args *a, bool at_table, char **text, size_t *len)
{
    if (!a->record && !at_table)
        return stdout;
    FILE *f = open_memstream(text, len);
    if (!f)
        fputs("undead play: out of memory\n", stderr);
    return f;
}

/* --record FILE: the transcript written whole; false, said, when not.  A
 * game that stopped early is a partial record (its header says so), which
 * undead check replays as far as it goes. */
static bool write_record(const char *path, const ud_match *m, bool partial, const char *text, size_t len)
{
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    char *whole = NULL, *header = NULL;
    size_t whole_len = 0, header_len = 0;
    FILE *h = partial ? open_memstream(&header, &header_len) : NULL, *w = NULL;
    if (h) { /* the header as written, and the header of a partial record */
        ud_transcript_write_header(h, m->game, &m->setup, m->policy, &m->seed, 0);
        fclose(h);
        if (header && text && header_len <= len && memcmp(header, text, header_len) == 0 &&
            (w = open_memstream(&whole, &whole_len))) {
            ud_transcript_write_header(w, m->game, &m->setup, m->policy, &m->seed, 1);
            fwrite(text + header_len, 1, len - header_len, w);
            fclose(w);
            if (whole) {
                text = whole;
                len = whole_len;
            }
        }
    }
    bool ok = ud_outfile_write_all(path, text ? text : "", text ? len : 0, &why);
    free(whole);
    free(header);
    if (!ok)
        fprintf(stderr, "undead play: --record %s: %s\n", ud_escaped(&shown, path), ud_buf_str(&why));
    ud_buf_free(&why);
    ud_buf_free(&shown);
    return ok;
}

/* The game played, its transcript to out and cap; a person's seats asked
 * at the table.  *quit: a person quit; *read_error: the errno of a read of
 * their answers that failed, else 0. */
static void play_game(const ud_match *m, bool at_table, FILE *out, capture *cap, uint64_t *fired,
                      bool invariants, ud_result *res, int *header_lines, bool *quit, int *read_error)
{
    ud_table t;
    ud_table_build(&t, m->game, m->setup.variant);
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    table tb;
    *header_lines = write_header(m->game, m, out);
    cap_init(cap, out);
    if (at_table)
        table_begin(&tb, m, stdin, stdout, cap, state);
    ud_play(m, &t, state, &cap->sink, fired, invariants, res);
    *quit = at_table && tb.quit;
    *read_error = at_table ? tb.read_error : 0;
    if (at_table) {
        if (res->status == UD_OVER)
            table_say_end(&tb, res);
        table_end(&tb);
    }
    fflush(stdout);
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
    if (!g || !cli_build_match(g, &a.game, &m) ||
        (a.record && !rec_output_ok("play", "--record", a.record, &a.rec)))
        return UD_EXIT_USAGE;
    recorder r;
    if (!rec_begin(&r, &a.rec, "play", g))
        return UD_EXIT_USAGE;
    bool at_table = table_has_person(&m), quit;
    int read_error;
    char *text = NULL;
    size_t text_len = 0;
    FILE *out = transcript_out(&a, at_table, &text, &text_len);
    if (!out)
        return rec_end(&r, UD_EXIT_USAGE);
    capture cap;
    uint64_t fired[UD_MAX_RULES] = { 0 };
    ud_result res;
    int header_lines;
    play_game(&m, at_table, out, &cap, fired, a.invariants, &res, &header_lines, &quit, &read_error);
    if (out != stdout)
        fclose(out);
    rc = UD_EXIT_OK;
    bool stopped =
        res.status != UD_OVER && res.undecided >= 0 && m.policy[res.undecided].def == &ud_policy_human;
    if (res.status != UD_OVER && !stopped)
        fprintf(stderr, "undead play: %s%s%s%s\n",
                res.fail.kind == UD_FAIL_LIMIT ? "stopped at a limit of undead's, no rule broken: " : "",
                res.fail.id ? res.fail.id : "", res.fail.id ? ": " : "", res.fail.msg);
    if (res.status != UD_OVER)
        rc = ud_fail_not_rule(res.fail.kind) ? UD_EXIT_USAGE : UD_EXIT_FAIL;
    bool written = !a.record || write_record(a.record, &m, res.status != UD_OVER, text, text_len);
    if (!written)
        rc = UD_EXIT_USAGE;
    free(text);
    record(&r, &m, &res, fired, &cap, a.invariants);
    /* the line the record stopped after: a --record file's header then
     * holds "partial" too */
    int last_line = header_lines + cap.n + (a.record && stopped);
    cap_free(&cap);
    int64_t run = r.run;
    rc = rec_end(&r, rc);
    if (stopped)
        say_stopped(&m, &res, quit, read_error, last_line, &r, run,
                    a.rec.off ? NULL : cli_db_path("play", a.rec.path), a.record, written);
    return rc;
}
