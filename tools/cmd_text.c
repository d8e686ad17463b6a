/*
 * cmd_text.c - `undead text GAME FILE`: the rule text as the index of what
 * undead does with it.  Its options; the map is text/ (text.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "datadir.h"
#include "infile.h"
#include "outfile.h"
#include "text.h"

/* text's options (opts.h). */
typedef struct text_opts {
    int format; /* text_format */
    const char *notes, *golden, *out;
    bool no_golden;
} text_opts;

static const char *const formats[] = { "summary", "tsv", "json", "md", "html", NULL };

static const opts_option options[] = {
    { .name = "format",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(text_opts, format),
      .choices = formats,
      .metavar = "F",
      .help = "summary (default: a table per section and what needs a person), tsv or json\n"
              "(a line or object per statement), md or html (the whole text, each statement\n"
              "marked, with links to its rows, cases, readings and questions and back)" },
    { .name = "notes",
      .kind = OPTS_STRING,
      .at = OPTS_AT(text_opts, notes),
      .metavar = "FILE",
      .help = "the game's notes on its texts (default: spec/FOLDER/text-notes in undead's\n"
              "data folder, where a missing file is no notes; a FILE given must be there)" },
    { .name = "golden",
      .kind = OPTS_STRING,
      .at = OPTS_AT(text_opts, golden),
      .metavar = "DIR",
      .help = "the golden folder whose cases pin the rows (default: golden in\n"
              "undead's data folder)" },
    { .name = "no-golden",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(text_opts, no_golden),
      .help = "replay no golden case (no statement counts as pinned)" },
    { .short_name = 'o',
      .kind = OPTS_STRING,
      .at = OPTS_AT(text_opts, out),
      .metavar = "OUT",
      .help = "write to OUT instead of standard output" },
    OPTS_END,
};

const opts_command cmd_text_opts = {
    .name = "text",
    .usage = "usage: undead text GAME FILE [--format summary|tsv|json|md|html] [--notes FILE] [-o OUT]\n"
             "Splits the rule text FILE into statements (a sentence, a list item, a table row) under\n"
             "their sections and finds in it every quotation undead holds of it: the rows' (a quotation\n"
             "in a summary, or a row line of the notes), the readings', the players' FAQ's and the\n"
             "notes'.  Each statement is on rows (with the golden cases firing them, hand-written and\n"
             "seeded apart), declared by a note (flavour, example, components, edition, players,\n"
             "advice) or not encoded (a gap note says it is known); a quotation the text does not\n"
             "hold is stale.  Exit 1 when a statement is on no row and in no note, or a quotation\n"
             "is stale; exit 2 on a text or notes file that cannot be read, a text with no\n"
             "statement, or a bad note (FILE:LINE: expected ...).\n",
    .options = options,
    .after =
        "The notes file: '# comment' lines, 'text NAME' before each text's notes, then one note a line,\n"
        "keyed by a quotation (\\\" for a quote in it): 'row ID[,ID...] \"QUOTE\"', 'reading KEY \"QUOTE\"',\n"
        "or 'KIND \"QUOTE\" REASON' with KIND flavour, example, components, edition, players, advice\n"
        "or gap (a rule undead does not encode yet).\n",
    .column = 19,
    .game_operand = true,
};

static bool write_out(const char *path, const ud_buf *b)
{
    if (!path) { /* a failed write is said once, by cli_close_stdout, exit 2 */
        fwrite(ud_buf_str(b), 1, b->len, stdout);
        return true;
    }
    /* the rule text, the notes or a golden case written over is lost */
    if (!cli_output_not_read("text", "-o", path))
        return false;
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    ud_escaped(&shown, path);
    ud_outfile out;
    bool ok = ud_outfile_open(&out, path, &why);
    if (!ok)
        fprintf(stderr, "undead text: %s: cannot write: %s\n", ud_buf_str(&shown), ud_buf_str(&why));
    else if (fwrite(ud_buf_str(b), 1, b->len, out.f) != b->len) {
        fprintf(stderr, "undead text: %s: writing: %s\n", ud_buf_str(&shown), strerror(errno));
        ud_outfile_abort(&out);
        ok = false;
    } else if (!(ok = ud_outfile_commit(&out, &why)))
        fprintf(stderr, "undead text: %s: writing: %s\n", ud_buf_str(&shown), ud_buf_str(&why));
    ud_buf_free(&why);
    ud_buf_free(&shown);
    return ok;
}

/* A --notes given must name a file: only the default may be missing (a
 * game with no notes yet); a mistyped name would read as no notes. */
static bool notes_there(const char *path)
{
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    bool ok = ud_infile_is_file(path, false, &why);
    if (!ok)
        fprintf(stderr, "undead text: --notes %s: %s\n", ud_escaped(&shown, path), ud_buf_str(&why));
    ud_buf_free(&why);
    ud_buf_free(&shown);
    return ok;
}

int cmd_text(int argc, char **argv)
{
    text_opts o = { 0 };
    opts_operands ops;
    int rc = opts_read(&cmd_text_opts, argc, argv, &o, &ops, 2, 2);
    if (rc != OPTS_GO_ON)
        return rc;
    const ud_game *g = cli_game("text", argv[ops.first]);
    if (!g || (o.out && !cli_output_ok("text", "-o", o.out)))
        return UD_EXIT_USAGE;
    const char *file = argv[ops.first + 1];
    char notes_buf[4096], golden_buf[4096], rel[512];
    snprintf(rel, sizeof rel, "spec/%s/text-notes", g->folder);
    if (o.notes && !notes_there(o.notes))
        return UD_EXIT_USAGE;
    if (!o.notes && !(o.notes = cli_data_path("text", rel, "--notes FILE", notes_buf, sizeof notes_buf)))
        return UD_EXIT_USAGE;
    if (o.no_golden)
        o.golden = NULL;
    else if (!o.golden &&
             !(o.golden = cli_data_path("text", "golden", "--golden DIR", golden_buf, sizeof golden_buf)))
        return UD_EXIT_USAGE;
    /* a missing --golden, or a file there, said as such: not as golden's
     * unreadable cases */
    if (o.golden &&
        !cli_need_dir("text", o.golden, "the golden cases that pin the rows: " CLI_DATA_HINT("--golden")))
        return UD_EXIT_USAGE;
    text_map m;
    rc = text_map_build(&m, g, file, o.notes, o.golden, stderr);
    if (rc == UD_EXIT_OK) {
        ud_buf out;
        ud_buf_init(&out);
        text_render(&m, (text_format)o.format, &out);
        rc = !write_out(o.out, &out) ? UD_EXIT_USAGE : text_map_drifted(&m) ? UD_EXIT_FAIL : UD_EXIT_OK;
        ud_buf_free(&out);
    }
    text_map_free(&m);
    return rc;
}
