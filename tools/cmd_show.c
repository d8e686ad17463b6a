/*
 * cmd_show.c - `undead show GAME FILE`: draw one position of a game record.
 *
 * The record is replayed by the checker (ud_check) up to the position after
 * line --at, so what is drawn is a position the rules reached, never the
 * record's own say-so; an illegal step before that line is reported as
 * `undead check` reports it.  The drawing is the game's (ud_game.draw_text,
 * draw_svg): this file names no game.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blame.h"
#include "check.h"
#include "cli.h"
#include "commands.h"
#include "outfile.h"
#include "replay.h"

/* show's options (opts.h). */
typedef struct show_opts {
    uint64_t at; /* 0: the end */
    int format;  /* SHOW_TEXT, SHOW_SVG or SHOW_HTML */
    const char *out, *content;
} show_opts;

static const char *const formats[] = { "text", "svg", "html", NULL };
enum { SHOW_TEXT, SHOW_SVG, SHOW_HTML };

static const opts_option options[] = {
    { .name = "at",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(show_opts, at),
      .lo = 1,
      .hi = 100000000,
      .metavar = "LINE",
      .help = "the position after this line of FILE (a decision or outcome after\n"
              "it is not read; what the rules do without input is)" },
    { .name = "format",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(show_opts, format),
      .choices = formats,
      .metavar = "F",
      .help = "text (default), svg, or html: one page that steps through\n"
              "the whole record in a browser (buttons, slider, arrow keys),\n"
              "each position drawn with the rows that fired; a record that\n"
              "breaks a rule opens at the line that breaks it" },
    { .short_name = 'o',
      .kind = OPTS_STRING,
      .at = OPTS_AT(show_opts, out),
      .metavar = "OUT",
      .help = "write the drawing to OUT instead of standard output" },
    { .name = "content",
      .kind = OPTS_STRING,
      .at = OPTS_AT(show_opts, content),
      .metavar = "DIR",
      .help = "the game's content files from DIR (as given to 'undead play --content')" },
    OPTS_END,
};

const opts_command cmd_show_opts = {
    .name = "show",
    .usage =
        "usage: undead show GAME FILE [--at LINE] [--format text|svg|html] [-o OUT] ('-' reads standard input)\n"
        "Replays the game record FILE against the rules up to the position after line LINE\n"
        "(default: the end) and draws it: a text map with a legend, or a standalone SVG;\n"
        "or, with --format html, the whole record as one page a browser steps through.\n"
        "An illegal step before LINE is reported as FILE:LINE: RULE-ID: what is wrong (exit 1);\n"
        "a malformed file as FILE:LINE:COL: expected ... (exit 2).\n",
    .options = options,
    .column = 19,
    .game_operand = true,
};

static bool any_input_lines(const ud_transcript *t)
{
    for (int i = 0; i < t->n; i++)
        if (t->lines[i].kind == UD_TL_CHANCE || t->lines[i].kind == UD_TL_DECIDE)
            return true;
    return false;
}

/* Write the drawing to path, every write checked, whole or not at all
 * (outfile.h: a failed write leaves the file as it was); false with a
 * message. */
static bool write_out(const char *path, const ud_buf *b)
{
    ud_buf why;
    ud_buf_init(&why);
    ud_outfile out;
    bool ok = ud_outfile_open(&out, path, &why);
    if (!ok)
        fprintf(stderr, "undead show: %s: cannot write: %s\n", path, ud_buf_str(&why));
    else if (fwrite(ud_buf_str(b), 1, b->len, out.f) != b->len) {
        fprintf(stderr, "undead show: %s: writing: %s\n", path, strerror(errno));
        ud_outfile_abort(&out);
        ok = false;
    } else if (!(ok = ud_outfile_commit(&out, &why)))
        fprintf(stderr, "undead show: %s: writing: %s\n", path, ud_buf_str(&why));
    ud_buf_free(&why);
    return ok;
}

/* A refusal of t's check said as `undead check` says its first line:
 * the rule by evidence (core/blame.h), not only the row the rules needed
 * at the line; a record that cannot be checked (no outcome where one is
 * needed, a limit of undead's) is bad input, exit 2, as check says. */
static int refused(const ud_transcript *t, const ud_check_opts *co, const ud_check_result *res, ud_error *err,
                   const char *shown)
{
    ud_blame b;
    ud_blame_check(t, co, res, err, &b);
    if (b.kind != UD_BLAME_NONE)
        ud_blame_rule_ids(&b, err->rule, sizeof err->rule);
    ud_error_print(err, shown, stderr);
    return err->input ? UD_EXIT_USAGE : UD_EXIT_FAIL;
}

/* The last line a check cut after `line` reads: `line`, or the last line of
 * the chance step it is in, whose outcomes go on over the next lines (one
 * step: core/check.c reads them all, ud_transcript_step_end). */
static int read_to(const ud_transcript *t, int line)
{
    int n = 0;
    while (n < t->n && t->lines[n].line <= line)
        n++;
    n = ud_transcript_step_end(t, n);
    return n > 0 && t->lines[n - 1].line > line ? t->lines[n - 1].line : line;
}

/* Replay t up to o->at into state and draw it into out. */
static int draw(const ud_game *g, const ud_transcript *t, const char *shown, const show_opts *o, void *state,
                ud_buf *out)
{
    ud_check_opts co = { .stop_after_line = (int)o->at, .state_out = state };
    ud_check_result res;
    ud_error err;
    if (ud_check(t, &co, &res, &err) != 0)
        return refused(t, &co, &res, &err, shown);
    char caption[300];
    int line = o->at && o->at < (uint64_t)t->end_line ? (int)o->at : t->end_line;
    int read = read_to(t, line);
    char goes_on[80] = "";
    if (read > line)
        snprintf(goes_on, sizeof goes_on, " (the chance step goes on past line %d)", line);
    snprintf(caption, sizeof caption, "%s, after line %d%s%s%s", shown, read, goes_on,
             read == t->end_line ? " (the end)" : "", res.complete ? ": the game is over" : "");
    void (*hook)(const ud_game *, const void *, const ud_setup *, const char *, ud_buf *) =
        o->format == SHOW_SVG ? g->draw_svg : g->draw_text;
    if (hook) {
        hook(g, state, &t->setup, caption, out);
        return UD_EXIT_OK;
    }
    ud_buf desc;
    ud_buf_init(&desc);
    g->describe(g, state, &t->setup, &desc);
    int rc = UD_EXIT_OK;
    if (o->format == SHOW_SVG) {
        /* a state line is no picture: no SVG rather than an empty one */
        fprintf(stderr, "undead show: %s has no SVG drawing; its state line reads: = %s\n", g->name,
                ud_buf_str(&desc));
        rc = UD_EXIT_USAGE;
    } else {
        ud_buf_printf(out, "%s\n%s has no drawing; its state line reads:\n= %s\n", caption, g->name,
                      ud_buf_str(&desc));
    }
    ud_buf_free(&desc);
    return rc;
}

/* --format html: the page that steps through the whole record, to -o or
 * standard output; the exit status (1: the record breaks a rule, and the
 * page, written all the same, opens at the line that breaks it). */
static int page(const ud_transcript *t, const char *text, size_t len, const char *shown, const show_opts *o)
{
    ud_buf out, why;
    ud_buf_init(&out);
    ud_buf_init(&why);
    replay_status st = replay_html(t, text, len, shown, &out, &why);
    int rc = UD_EXIT_OK;
    if (st == REPLAY_REFUSED) {
        fprintf(stderr, "undead show: %s: no page: %s\n", shown, ud_buf_str(&why));
        rc = UD_EXIT_USAGE;
    } else if (o->out && !write_out(o->out, &out))
        rc = UD_EXIT_USAGE;
    else {
        if (!o->out)
            fwrite(ud_buf_str(&out), 1, out.len, stdout); /* checked by cli_close_stdout */
        if (st == REPLAY_DEPARTS) {
            fprintf(stderr,
                    "undead show: %s breaks a rule: the page opens at the line that breaks it "
                    "('undead check' names it there too)\n",
                    shown);
            rc = UD_EXIT_FAIL;
        }
    }
    ud_buf_free(&why);
    ud_buf_free(&out);
    return rc;
}

int cmd_show(int argc, char **argv)
{
    show_opts o = { 0 };
    opts_operands ops;
    int rc = opts_read(&cmd_show_opts, argc, argv, &o, &ops, 2, 2);
    if (rc != OPTS_GO_ON)
        return rc;
    if (o.format == SHOW_HTML && o.at) {
        fputs("undead show: --at is for text and svg: the html page steps through every line "
              "(expected --format text or svg with --at)\n",
              stderr);
        return UD_EXIT_USAGE;
    }
    const ud_game *g = cli_game("show", argv[ops.first]);
    if (!g || (o.out && !cli_output_ok("show", "-o", o.out)))
        return UD_EXIT_USAGE;
    if (o.content && !cli_load_content(g, o.content))
        return UD_EXIT_USAGE;
    const char *file = argv[ops.first + 1];
    if (o.out && strcmp(file, "-") != 0 && !cli_output_not_input("show", "-o", o.out, file, "the record"))
        return UD_EXIT_USAGE;
    /* the name in messages and the caption, escaped (a newline or an ESC
     * in it cannot break a line or reach the terminal); static: it lives
     * to the exit, whichever return is taken */
    static ud_buf shown_buf;
    ud_buf_init(&shown_buf);
    const char *shown = ud_escaped(&shown_buf, strcmp(file, "-") == 0 ? "<stdin>" : file);
    size_t len;
    char *text = cli_read_file(file, &len);
    if (!text)
        return UD_EXIT_USAGE;
    /* the content files and a record read from standard input are known
     * now: none may be written over, whichever the format (the page too) */
    if (o.out && !cli_output_not_read("show", "-o", o.out)) {
        free(text);
        return UD_EXIT_USAGE;
    }
    char named[64];
    int game_line = ud_transcript_scan_game(text, len, named, sizeof named);
    if (game_line && strcmp(named, g->name) != 0) {
        fprintf(stderr, "%s:%d: the record is a game of %s, not %s\n", shown, game_line, named, g->name);
        free(text);
        return UD_EXIT_USAGE;
    }
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    rc = ud_transcript_parse(text, len, ud_find_game, &t, &err);
    if (rc != 0) {
        free(text);
        ud_error_print(&err, shown, stderr);
        return UD_EXIT_USAGE;
    }
    if (o.format == SHOW_HTML) {
        rc = page(&t, text, len, shown, &o);
        free(text);
        ud_transcript_free(&t);
        return rc;
    }
    free(text);
    if (o.at > (uint64_t)t.last_line) {
        fprintf(stderr, "undead show: --at %llu: %s has %d lines\n", (unsigned long long)o.at, shown,
                t.last_line);
        ud_transcript_free(&t);
        return UD_EXIT_USAGE;
    }
    if (o.at && !any_input_lines(&t)) {
        fprintf(stderr,
                "undead show: --at %llu: %s writes out neither outcomes nor decisions, so the "
                "rules play it from its seed to the end; 'undead check --print %s' writes the whole "
                "record\n",
                (unsigned long long)o.at, shown, shown);
        ud_transcript_free(&t);
        return UD_EXIT_USAGE;
    }
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_buf out;
    ud_buf_init(&out);
    rc = draw(g, &t, shown, &o, state, &out);
    ud_transcript_free(&t);
    if (rc == UD_EXIT_OK) {
        if (o.out)
            rc = write_out(o.out, &out) ? UD_EXIT_OK : UD_EXIT_USAGE;
        else
            fwrite(ud_buf_str(&out), 1, out.len, stdout); /* checked by cli_close_stdout */
    }
    ud_buf_free(&out);
    return rc;
}
