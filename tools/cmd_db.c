/*
 * cmd_db.c - `undead db`: reading the results database (the reads are
 * db/read.c; this is the command line around them).
 *   runs                 a table of runs
 *   show RUN             one run's summary
 *   diff RUN_A RUN_B     cases added, removed and changed (exit 1 if any changed)
 *   query NAME|--list    a named query (db/queries/; GAME-FOLDER/NAME for spec/GAME-FOLDER/queries/)
 *   integrity            PRAGMA integrity_check, undead's tables, foreign_key_check
 *   migrate              bring an older schema forward (the one subcommand that writes)
 *   baseline check|update GAME   the outcomes baseline in golden/ (baseline.c)
 * RUN is a run ID, "last", or "last~N" (N runs before the last).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "baseline.h"
#include "cli.h"
#include "commands.h"
#include "infile.h"
#include "db.h"
#include "db_read.h"
#include "named_query.h"
#include "table.h"

/* db's options (opts.h). */
typedef struct db_opts {
    const char *path;
    int format; /* a tbl_format: text, csv, json in this order */
    uint64_t limit;
    bool rules, strict, list;
    char **params; /* every --param, room for as many as there are words */
    int n_params;
    baseline_opts baseline;
} db_opts;

static const char *const formats[] = { "text", "csv", "json", NULL };
_Static_assert(TBL_TEXT == 0 && TBL_CSV == 1 && TBL_JSON == 2, "--format's words are tbl_format's, in order");
static const char *const subcommands[] = { "runs",      "show",    "diff",     "query",
                                           "integrity", "migrate", "baseline", NULL };

static bool read_param(const char *cmd, const opts_option *o, void *field, const char *arg);

/* baseline update --file: never the results database (db changes nothing
 * in it; written over, every run would be lost). */
static bool baseline_file_ok(const char *mode, const db_opts *o)
{
    if (strcmp(mode, "update") != 0 || !o->baseline.file)
        return true;
    const char *db_path = cli_db_path("db baseline", o->path); /* NULL: said */
    return db_path && cli_output_not_db("db baseline", "--file", o->baseline.file, db_path);
}

static const opts_option options[] = {
    { .name = "db",
      .kind = OPTS_STRING,
      .at = OPTS_AT(db_opts, path),
      .metavar = "PATH",
      .help = "the database (default: $UNDEAD_DB, else undead.db)" },
    { .name = "format",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(db_opts, format),
      .choices = formats,
      .metavar = "F",
      .help = "runs, diff, query: text (aligned columns, default), csv or json" },
    { .name = "limit",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(db_opts, limit),
      .lo = 1,
      .hi = 1000000000,
      .def = 30,
      .metavar = "N",
      .help = "runs: the newest N runs (default 30)" },
    { .name = "rules",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(db_opts, rules),
      .help = "diff: also list cases whose outcome is the same but whose rules fired differ" },
    { .name = "strict",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(db_opts, strict),
      .help = "diff: exit 1 on added or removed cases too" },
    { .name = "golden",
      .kind = OPTS_STRING,
      .at = OPTS_AT(db_opts, baseline.golden),
      .metavar = "DIR",
      .help = "baseline: the golden directory holding GAME's outcomes.csv\n"
              "(default: golden in undead's data folder, as for 'undead golden')" },
    /* described in the usage lines */
    { .name = "param", .kind = OPTS_CALL, .call = read_param, .repeats = true, .metavar = "KEY=VALUE" },
    { .name = "list", .kind = OPTS_FLAG, .at = OPTS_AT(db_opts, list) },
    { .name = "file", .kind = OPTS_STRING, .at = OPTS_AT(db_opts, baseline.file), .metavar = "CSV" },
    { .name = "games",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(db_opts, baseline.games),
      .lo = 1,
      .hi = 1000000000,
      .metavar = "N" },
    OPTS_END,
};

const opts_command cmd_db_opts = {
    .name = "db",
    .usage = "usage: undead db runs [--limit N]\n"
             "       undead db show RUN\n"
             "       undead db diff RUN_A RUN_B [--rules] [--strict]\n"
             "       undead db query NAME [--param KEY=VALUE]...\n"
             "       undead db query --list\n"
             "       undead db integrity\n"
             "       undead db migrate\n"
             "       undead db baseline check|update GAME [--file CSV] [--golden DIR] [--games N]\n"
             "Reads the results database that play, sim, check and golden write; opens it\n"
             "read-only and changes nothing in it, but 'migrate', which brings a database of an\n"
             "older undead forward (as every command that records does first).\n"
             "RUN is a run ID, 'last', or 'last~N' (the Nth run before the last).  A database\n"
             "another process holds locked is waited for $UNDEAD_DB_BUSY_MS milliseconds (default\n"
             "30000), then refused as busy (exit 2), as by every command.\n",
    .options = options,
    .after = "Exit status of diff: 1 when a case's outcome changed (or, with --strict, any case\n"
             "was added or removed); baseline check: 1 when the outcomes differ from the baseline,\n"
             "2 when --file names a file that is missing or not a baseline.  diff refuses two runs\n"
             "of different games (exit 2).  integrity: 1 when the file is damaged, is not a results\n"
             "database (an empty SQLite file, another program's), lost a table or a column, or\n"
             "holds rows that name a run or case that is not there (PRAGMA foreign_key_check).\n",
    .column = 19,
    .words = subcommands,
};

/* --param KEY=VALUE (field: the whole db_opts), for a named query. */
static bool read_param(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    db_opts *d = field;
    (void)cmd, (void)o;
    d->params[d->n_params++] = (char *)arg;
    return true;
}

static db *open_db(const db_opts *o)
{
    const char *path = cli_db_path("db", o->path);
    if (!path)
        return NULL;
    ud_buf err;
    ud_buf_init(&err);
    db *d = db_open_read(path, &err);
    if (!d) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead db: %s\n", ud_escaped(&shown, ud_buf_str(&err)));
        cli_db_env_note("db", o->path);
        ud_buf_free(&shown);
    }
    ud_buf_free(&err);
    return d;
}

/* Print st's rows and finalize it; false on a SQL error (st NULL: the
 * statement did not prepare). */
static bool print_rows(db *d, sqlite3_stmt *st, tbl_format f)
{
    long rows = st ? tbl_print(st, f, stdout) : -1;
    if (rows < 0)
        fprintf(stderr, "undead db: %s\n", sqlite3_errmsg(db_sqlite(d)));
    sqlite3_finalize(st);
    return rows >= 0;
}

/* RUN as typed: an ID, last, or last~N; 0 (message printed) if there is no such run. */
static int64_t resolve_run(db *d, const char *word)
{
    int64_t id = db_find_run(d, word);
    if (!id) {
        ud_buf shown;
        ud_buf_init(&shown);
        /* a database with no run at all: no word names one, and the
         * grammar of run words is not what the user lacks */
        sqlite3_stmt *st = NULL;
        bool none =
            sqlite3_prepare_v2(db_sqlite(d), "SELECT 1 FROM runs LIMIT 1", -1, &st, NULL) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_DONE;
        sqlite3_finalize(st);
        fprintf(stderr, "undead db: no run '%s' (%s)\n", ud_escaped(&shown, word),
                none
                    ? "the database holds no run: a command that records, such as 'undead sim GAME', adds one"
                    : "expected a run ID, 'last' or 'last~N'; see 'undead db runs'");
        ud_buf_free(&shown);
    }
    return id;
}

static int db_runs(db *d, const db_opts *o)
{
    return print_rows(d, db_read_runs(d, (long)o->limit), (tbl_format)o->format) ? UD_EXIT_OK : UD_EXIT_FAIL;
}

static int db_show(db *d, int64_t run)
{
    bool ok = true;
    for (int i = 0; i < db_show_sections() && ok; i++) {
        printf("\n%s\n", db_show_title(i));
        ok = print_rows(d, db_read_show(d, i, run), TBL_TEXT);
    }
    return ok ? UD_EXIT_OK : UD_EXIT_FAIL;
}

/* A side of a diff that did not finish: the run was interrupted (or still
 * runs), or it is part of a verify run that was.  Its cases are only those
 * it reached, so what it lacks is not "removed".  Says so on stdout. */
static void note_unfinished(db *d, int64_t run)
{
    db_run_finish f;
    if (!db_read_run_finish(d, run, &f))
        return;
    bool own = strcmp(f.status, "interrupted") == 0 || strcmp(f.status, "running") == 0;
    bool par =
        f.verify && (strcmp(f.verify_status, "interrupted") == 0 || strcmp(f.verify_status, "running") == 0);
    if (own)
        printf("note: run %lld %s: it did not finish, so cases it lacks are not removed ones\n",
               (long long)run, strcmp(f.status, "running") == 0 ? "is still running" : "was interrupted");
    else if (par)
        printf("note: run %lld is part of verify run %lld, which %s: left out of everything derived\n",
               (long long)run, (long long)f.verify,
               strcmp(f.verify_status, "running") == 0 ? "is still running" : "was interrupted");
}

/* Two runs of different games have no case in common (a case's key
 * names its game): their diff would list every case of one as removed
 * and every case of the other as added, and say nothing.  Refused, naming
 * both; a run that spans games (a golden check of every game) may be
 * compared with any.  False (said) when refused. */
static bool same_game(db *d, int64_t a, int64_t b)
{
    char game_a[128], game_b[128];
    if (!db_read_run_game(d, a, game_a, sizeof game_a) || !db_read_run_game(d, b, game_b, sizeof game_b)) {
        fprintf(stderr, "undead db: %s\n", sqlite3_errmsg(db_sqlite(d)));
        return false;
    }
    if (!*game_a || !*game_b || strcmp(game_a, game_b) == 0)
        return true;
    ud_buf shown_a, shown_b;
    ud_buf_init(&shown_a);
    ud_buf_init(&shown_b);
    fprintf(stderr,
            "undead db diff: run %lld is of %s and run %lld of %s: expected two runs of the same game "
            "(their cases are paired by key, which names the game)\n",
            (long long)a, ud_escaped(&shown_a, game_a), (long long)b, ud_escaped(&shown_b, game_b));
    ud_buf_free(&shown_a);
    ud_buf_free(&shown_b);
    return false;
}

static int db_diff(db *d, int64_t a, int64_t b, const db_opts *o)
{
    if (!same_game(d, a, b))
        return UD_EXIT_USAGE;
    db_diff_count n;
    if (!db_diff_counts(d, a, b, &n)) {
        fprintf(stderr, "undead db: %s\n", sqlite3_errmsg(db_sqlite(d)));
        return UD_EXIT_USAGE;
    }
    bool any = n.changed || n.removed || n.added || o->rules;
    if (any && !print_rows(d, db_read_diff(d, a, b, o->rules), (tbl_format)o->format))
        return UD_EXIT_USAGE;
    if (o->format == TBL_TEXT)
        printf("%sdiff run %lld -> run %lld: %lld changed, %lld added, %lld removed, %lld unchanged\n",
               any ? "\n" : "", (long long)a, (long long)b, (long long)n.changed, (long long)n.added,
               (long long)n.removed, (long long)n.unchanged);
    if (o->format == TBL_TEXT) {
        note_unfinished(d, a);
        note_unfinished(d, b);
    }
    return n.changed || (o->strict && (n.removed || n.added)) ? UD_EXIT_FAIL : UD_EXIT_OK;
}

/* The --param values as the query takes them, in ids (o->n_params of
 * them, each NAME=VALUE): a parameter given twice is refused, and a run
 * (run=VALUE, but null) is named as everywhere else, an ID, last or
 * last~N, and bound as its ID; false with the message printed. */
static bool query_params(db *d, const db_opts *o, char **ids, char (*id_text)[32])
{
    for (int i = 0; i < o->n_params; i++) {
        const char *p = o->params[i];
        size_t len = strcspn(p, "=");
        for (int k = 0; k < i; k++)
            if (strncmp(o->params[k], p, len + 1) == 0 && p[len] == '=') {
                fprintf(stderr, "undead db: --param %.*s: given twice; expected each parameter once\n",
                        (int)len, p);
                return false;
            }
        ids[i] = o->params[i];
        if (len == 3 && strncmp(p, "run=", 4) == 0 && strcmp(p + 4, "null") != 0) {
            int64_t run = resolve_run(d, p + 4);
            if (!run)
                return false;
            snprintf(id_text[i], sizeof id_text[i], "run=%lld", (long long)run);
            ids[i] = id_text[i];
        }
    }
    return true;
}

static int db_query(db *d, const char *name, const db_opts *o)
{
    nq_query q;
    if (!nq_find(name, &q)) {
        fprintf(stderr, "undead db query: no query '%s' (see 'undead db query --list')\n", name);
        return UD_EXIT_USAGE;
    }
    char **ids = calloc((size_t)o->n_params + 1, sizeof *ids);
    char(*id_text)[32] = calloc((size_t)o->n_params + 1, sizeof *id_text);
    if (!ids || !id_text || !query_params(d, o, ids, id_text)) {
        if (!ids || !id_text)
            fputs("undead db: out of memory\n", stderr);
        free(ids);
        free(id_text);
        return UD_EXIT_USAGE;
    }
    ud_buf err;
    ud_buf_init(&err);
    sqlite3_stmt *st = nq_prepare(db_sqlite(d), &q, ids, o->n_params, &err);
    free(ids);
    free(id_text);
    if (!st)
        fprintf(stderr, "undead db: %s\n", ud_buf_str(&err));
    ud_buf_free(&err);
    if (!st)
        return UD_EXIT_USAGE;
    return print_rows(d, st, (tbl_format)o->format) ? UD_EXIT_OK : UD_EXIT_FAIL;
}

static void print_line(void *ctx, const char *text)
{
    (void)ctx;
    puts(text);
}

/* integrity reports on the file as it is (db_integrity_file).  0: "ok";
 * 1: the problems, printed; 2: a SQLite library too old, no such file,
 * or not a regular one, or another process holding its lock past the wait
 * (busy, not a problem of the file's). */
static int db_integrity_raw(const char *path)
{
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    /* a library too old is no fault of the file's (exit 2, not 1) */
    if (!db_sqlite_new_enough(&why)) {
        fprintf(stderr, "undead db integrity: %s\n", ud_buf_str(&why));
        ud_buf_free(&why);
        return UD_EXIT_USAGE;
    }
    ud_escaped(&shown, *path ? path : "''");
    if (!*path || !ud_infile_is_file(path, false, &why)) {
        fprintf(stderr, "undead db integrity: %s: %s\n", ud_buf_str(&shown),
                *path ? ud_buf_str(&why) : "no such file or folder");
        ud_buf_free(&why);
        ud_buf_free(&shown);
        return UD_EXIT_USAGE;
    }
    ud_buf_free(&why);
    ud_buf err;
    ud_buf_init(&err);
    db_check check = db_integrity_file(path, print_line, NULL, &err);
    if (check == DB_CHECK_ERROR)
        printf("%s: %s\n", ud_buf_str(&shown), ud_buf_str(&err));
    else if (check == DB_CHECK_BUSY)
        fprintf(stderr, "undead db integrity: %s: %s\n", ud_buf_str(&shown), ud_buf_str(&err));
    ud_buf_free(&err);
    ud_buf_free(&shown);
    return check == DB_CHECK_OK ? UD_EXIT_OK : check == DB_CHECK_BUSY ? UD_EXIT_USAGE : UD_EXIT_FAIL;
}

/* migrate: the writing open, which migrates an older schema (db_open);
 * an existing file only, never a new one. */
static int db_migrate(const char *path)
{
    ud_buf err;
    ud_buf_init(&err);
    db *d = db_open(path, false, &err);
    ud_buf shown;
    ud_buf_init(&shown);
    if (d)
        printf("%s: schema version %d\n", ud_escaped(&shown, path), DB_SCHEMA_VERSION);
    else
        fprintf(stderr, "undead db migrate: %s\n", ud_escaped(&shown, ud_buf_str(&err)));
    ud_buf_free(&shown);
    ud_buf_free(&err);
    db_close(d);
    return d ? UD_EXIT_OK : UD_EXIT_USAGE;
}

/* Subcommands that read the database, with their operands. */
static int run_reader(const char *sub, int nargs, char **args, const db_opts *o)
{
    bool known = (!strcmp(sub, "runs") && nargs == 0) || (!strcmp(sub, "show") && nargs == 1) ||
                 (!strcmp(sub, "diff") && nargs == 2) || (!strcmp(sub, "integrity") && nargs == 0) ||
                 (!strcmp(sub, "query") && nargs == 1) || (!strcmp(sub, "migrate") && nargs == 0);
    if (!known) {
        static const char *const subs[] = { "runs",  "show",    "diff",    "integrity",
                                            "query", "migrate", "baseline" };
        bool named = false;
        for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
            named |= !strcmp(sub, subs[i]);
        ud_buf shown;
        ud_buf_init(&shown);
        /* the word or the count that is wrong, then the usage */
        if (named)
            fprintf(stderr, "undead db %s: %d operand%s given; expected those of the usage below\n", sub,
                    nargs, nargs == 1 ? "" : "s");
        else
            fprintf(stderr,
                    "undead db: no subcommand '%s'; expected runs, show, diff, query, integrity, migrate or "
                    "baseline\n",
                    ud_escaped(&shown, sub));
        ud_buf_free(&shown);
        opts_help(stderr, &cmd_db_opts);
        return UD_EXIT_USAGE;
    }
    if (!strcmp(sub, "integrity") || !strcmp(sub, "migrate")) {
        const char *path = cli_db_path("db", o->path);
        if (!path)
            return UD_EXIT_USAGE;
        int rc = !strcmp(sub, "integrity") ? db_integrity_raw(path) : db_migrate(path);
        if (rc != UD_EXIT_OK)
            cli_db_env_note("db", o->path);
        return rc;
    }
    db *d = open_db(o);
    if (!d)
        return UD_EXIT_USAGE;
    int rc = UD_EXIT_USAGE;
    int64_t a = 0, b = 0;
    if (!strcmp(sub, "runs"))
        rc = db_runs(d, o);
    else if (!strcmp(sub, "query"))
        rc = db_query(d, args[0], o);
    else if (!strcmp(sub, "show") && (a = resolve_run(d, args[0])))
        rc = db_show(d, a);
    else if (!strcmp(sub, "diff") && (a = resolve_run(d, args[0])) && (b = resolve_run(d, args[1])))
        rc = db_diff(d, a, b, o);
    db_close(d);
    return rc;
}

/* runs, diff and query print their rows as --format says; the others
 * write text of their own, and a --format csv or json given them is
 * refused rather than ignored.  False (message printed) when refused. */
static bool format_applies(const char *sub, const db_opts *o)
{
    /* query --list names the queries, as text of its own */
    bool list = !strcmp(sub, "query") && o->list;
    if (o->format == TBL_TEXT || !strcmp(sub, "runs") || !strcmp(sub, "diff") ||
        (!strcmp(sub, "query") && !list))
        return true;
    fprintf(stderr, "undead db: --format %s: db %s writes text only (csv and json: runs, diff, query NAME)\n",
            o->format == TBL_CSV ? "csv" : "json", list ? "query --list" : sub);
    return false;
}

/* The option of another subcommand given this one (sub with nargs
 * operands, args), or NULL: --param and --list belong to query (with a
 * name, and without), --rules and --strict to diff, --limit to runs,
 * --golden, --file and --games to baseline.  baseline check reads no
 * database, so --db is not its (update guards its --file against it). */
static const char *foreign_option(const char *sub, int nargs, char **args, const opts_operands *ops,
                                  const db_opts *o)
{
    bool query = !strcmp(sub, "query"), diff = !strcmp(sub, "diff"), baseline = !strcmp(sub, "baseline");
    bool baseline_check = baseline && nargs > 0 && !strcmp(args[0], "check");
    if (o->n_params && !(query && nargs > 0))
        return "--param";
    if (o->list && !(query && nargs == 0))
        return "--list";
    if ((o->rules || o->strict) && !diff)
        return o->rules ? "--rules" : "--strict";
    if (opts_was_given(&cmd_db_opts, ops, "limit") && strcmp(sub, "runs") != 0)
        return "--limit";
    if (!baseline && (o->baseline.golden || o->baseline.file || opts_was_given(&cmd_db_opts, ops, "games")))
        return o->baseline.golden ? "--golden" : o->baseline.file ? "--file" : "--games";
    if (baseline_check && opts_was_given(&cmd_db_opts, ops, "db"))
        return "--db";
    return NULL;
}

/* An option of one subcommand given another is refused rather than
 * ignored.  False (message printed) when refused. */
static bool options_apply(const char *sub, int nargs, char **args, const opts_operands *ops, const db_opts *o)
{
    const char *opt = foreign_option(sub, nargs, args, ops, o);
    if (!opt)
        return true;
    if (!strcmp(opt, "--db")) {
        fputs("undead db: --db: db baseline check reads no results database; expected no --db\n", stderr);
        return false;
    }
    const char *belongs = !strcmp(opt, "--param")                               ? "db query NAME"
                          : !strcmp(opt, "--list")                              ? "db query without a NAME"
                          : !strcmp(opt, "--rules") || !strcmp(opt, "--strict") ? "db diff"
                          : !strcmp(opt, "--limit")                             ? "db runs"
                                                                                : "db baseline";
    bool named = nargs > 0 && (!strcmp(sub, "query") || !strcmp(sub, "baseline"));
    fprintf(stderr, "undead db: %s: not an option of db %s%s%s; expected it with %s only\n", opt, sub,
            named ? " " : "", named ? (!strcmp(sub, "query") ? "NAME" : args[0]) : "", belongs);
    return false;
}

int cmd_db(int argc, char **argv)
{
    db_opts o = { .params = calloc((size_t)argc + 1, sizeof *o.params) };
    if (!o.params) {
        fputs("undead db: out of memory\n", stderr);
        return UD_EXIT_USAGE;
    }
    opts_operands ops;
    int rc = opts_read(&cmd_db_opts, argc, argv, &o, &ops, 0, -1);
    if (rc != OPTS_GO_ON) {
        free(o.params);
        return rc;
    }
    const char *sub = ops.n ? argv[ops.first] : "";
    int nargs = ops.n - 1;
    char **args = argv + ops.first + 1;
    if (*sub && (!format_applies(sub, &o) || !options_apply(sub, nargs, args, &ops, &o))) {
        rc = UD_EXIT_USAGE;
    } else if (!strcmp(sub, "query") && o.list && nargs == 0) {
        nq_list(stdout);
        rc = UD_EXIT_OK;
    } else if (!strcmp(sub, "baseline") && nargs == 2) {
        rc = baseline_file_ok(args[0], &o) ? baseline_run(args[0], args[1], &o.baseline) : UD_EXIT_USAGE;
    } else if (!*sub) {
        fprintf(stderr,
                "undead db: %s; expected runs, show, diff, query, integrity, migrate or baseline (the "
                "usage below)\n",
                ops.n ? "an empty subcommand ''" : "no subcommand given");
        opts_help(stderr, &cmd_db_opts);
        rc = UD_EXIT_USAGE;
    } else {
        rc = run_reader(sub, nargs, args, &o);
    }
    free(o.params);
    return rc;
}
