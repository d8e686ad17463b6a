/*
 * cmd_faq.c - `undead faq`: the printable rules FAQ (faq/) as HTML,
 * Markdown, or PDF printed by headless Chromium (faq/faq_pdf.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "datadir.h"
#include "db.h"
#include "faq.h"
#include "outfile.h"

static const char usage[] =
    "usage: undead faq [--game G]... [--part P] [--format html|md|pdf] [-o FILE] [options]\n"
    "Writes the rules FAQ: every rule by phase with its source, every open question with\n"
    "its readings and their measured impact, the texts' numeric claims, worked examples\n"
    "with the dice drawn, findings, edge cases and charts - all from the rule tables, the\n"
    "golden transcripts and the results database (run 'undead verify' first).  The same\n"
    "database gives the same bytes.\n"
    "  --game G              only this game (repeatable; default every game)\n"
    "  --part P              players (the questions players ask, a few pages a game),\n"
    "                        reference (rules, readings, claims, examples, findings), or\n"
    "                        all (default: the players' questions first, then the reference)\n"
    "  --format F            html (default; stands alone, prints well), md, or pdf\n"
    "  -o, --output FILE     write here (default: standard output; required for pdf)\n"
    "  --db PATH             the results database (default: $UNDEAD_DB, else undead.db)\n"
    "  --golden DIR          golden directory (default: golden in undead's data folder:\n"
    "                        $UNDEAD_DATA_DIR, else the checkout of this build, else\n"
    "                        PREFIX/share/undead)\n"
    "  --chromium PATH       the browser that prints the PDF (default $UNDEAD_CHROMIUM,\n"
    "                        else chromium); the contents' page numbers are read\n"
    "                        back from the printed PDF with pdfinfo (poppler-utils)\n";

/* Whether the FAQ could be written to path (a folder, a read-only place
 * refused), said on standard error: asked before the database is read, so
 * that a wrong -o is named first.  A trial open, at once abandoned. */
static bool output_writable(const char *path)
{
    ud_buf why;
    ud_buf_init(&why);
    ud_outfile out;
    bool ok = ud_outfile_open(&out, path, &why);
    if (ok)
        ud_outfile_abort(&out);
    else
        fprintf(stderr, "undead faq: %s: %s\n", path, ud_buf_str(&why));
    ud_buf_free(&why);
    return ok;
}

/* faq_runs_ready, saying why not on standard error. */
static bool runs_ready(const faq_opts *o, const char *db_path)
{
    ud_buf err;
    ud_buf_init(&err);
    bool ok = faq_runs_ready(o, db_path, &err);
    if (!ok)
        fprintf(stderr, "undead faq: %s\n", ud_buf_str(&err));
    ud_buf_free(&err);
    return ok;
}

/* undead faq, with room in GAMES for every game it may be asked for. */
static int faq_run(int argc, char **argv, const ud_game **games)
{
    static const struct option longopts[] = {
        { "game", required_argument, NULL, 'g' },
        { "format", required_argument, NULL, 'f' },
        { "part", required_argument, NULL, 'p' },
        { "output", required_argument, NULL, 'o' },
        { "db", required_argument, NULL, 'd' },
        { "golden", required_argument, NULL, 'G' },
        { "chromium", required_argument, NULL, 'c' },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    faq_opts o = { .games = games, .golden_dir = NULL, .format = FAQ_HTML };
    const char *output = NULL, *db_path = NULL, *format = "html";
    const char *chromium = getenv("UNDEAD_CHROMIUM");
    if (!chromium || !*chromium)
        chromium = "chromium";
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return UD_EXIT_OK;
        case 'g':
            if (!(o.games[o.n_games++] = cli_game("faq", optarg)))
                return UD_EXIT_USAGE;
            break;
        case 'f':
            format = optarg;
            break;
        case 'p':
            if (strcmp(optarg, "players") == 0)
                o.part = FAQ_PLAYERS;
            else if (strcmp(optarg, "reference") == 0)
                o.part = FAQ_REFERENCE;
            else if (strcmp(optarg, "all") == 0)
                o.part = FAQ_ALL;
            else {
                fprintf(stderr, "undead faq: --part: expected players, reference or all, got '%s'\n", optarg);
                return UD_EXIT_USAGE;
            }
            break;
        case 'o':
            output = optarg;
            break;
        case 'd':
            db_path = optarg;
            break;
        case 'G':
            o.golden_dir = optarg;
            break;
        case 'c':
            chromium = optarg;
            break;
        default:
            fputs(usage, stderr);
            return UD_EXIT_USAGE;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "undead faq: unexpected argument '%s'\n", argv[optind]);
        fputs(usage, stderr);
        return UD_EXIT_USAGE;
    }
    bool pdf = strcmp(format, "pdf") == 0;
    if (pdf || strcmp(format, "html") == 0)
        o.format = FAQ_HTML;
    else if (strcmp(format, "md") == 0)
        o.format = FAQ_MD;
    else {
        fprintf(stderr, "undead faq: --format: expected html, md or pdf, got '%s'\n", format);
        return UD_EXIT_USAGE;
    }
    if (pdf && !output) {
        fputs("undead faq: --format pdf needs -o FILE\n", stderr);
        return UD_EXIT_USAGE;
    }
    if (!o.n_games)
        for (const ud_game *const *g = ud_games; *g; g++)
            o.games[o.n_games++] = *g;

    /* The worked examples and findings come from the golden folders: one
     * that is missing (the data not installed, a mistyped --golden) is an
     * error, not a FAQ without them. */
    char golden_default[4096];
    if (!o.golden_dir &&
        !(o.golden_dir = cli_data_path("faq", "golden", "--golden", golden_default, sizeof golden_default)))
        return UD_EXIT_USAGE;
    for (int i = 0; i < o.n_games; i++) {
        char path[4200];
        const char *folder = o.games[i]->folder;
        snprintf(path, sizeof path, "%s/%s", o.golden_dir, folder);
        if (!cli_need_dir("faq", path,
                          "the worked examples and findings are read from it: " CLI_DATA_HINT("--golden")))
            return UD_EXIT_USAGE;
    }
    if (output && !output_writable(output))
        return UD_EXIT_USAGE;
    if (!(db_path = cli_db_path("faq", db_path)))
        return UD_EXIT_USAGE;
    ud_buf err;
    ud_buf_init(&err);
    db *d = db_open_read(db_path, &err);
    if (!d) {
        fprintf(stderr, "undead faq: results database: %s\n", ud_buf_str(&err));
        ud_buf_free(&err);
        return UD_EXIT_USAGE;
    }
    ud_buf_free(&err);
    o.db = d;
    if (!runs_ready(&o, db_path)) { /* no run to write from: bad input, exit 2 */
        db_close(d);
        return UD_EXIT_USAGE;
    }

    int status = pdf ? faq_print_pdf(&o, chromium, output) : faq_write_file(&o, output);
    db_close(d);
    return status;
}

int cmd_faq(int argc, char **argv)
{
    /* every registered game by default; each --game takes an argument, so
     * there are fewer than argc of them (a game named twice is written
     * twice) */
    int registered = 0;
    while (ud_games[registered])
        registered++;
    const ud_game **games = calloc((size_t)(registered > argc ? registered : argc) + 1, sizeof *games);
    if (!games) {
        fputs("undead faq: out of memory\n", stderr);
        return UD_EXIT_FAIL;
    }
    int status = faq_run(argc, argv, games);
    free(games);
    return status;
}
