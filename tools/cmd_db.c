/*
 * cmd_db.c - `undead db`: reading the results database.
 *   runs                 a table of runs
 *   show RUN             one run's summary
 *   diff RUN_A RUN_B     cases added, removed and changed (exit 1 if any changed)
 *   query NAME|--list    a named query of db/queries/
 *   integrity            PRAGMA integrity_check
 *   baseline check|update GAME   the outcomes baseline in golden/ (baseline.c)
 * RUN is a run ID, "last", or "last~N" (N runs before the last).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "baseline.h"
#include "cli.h"
#include "db.h"
#include "named_query.h"
#include "table.h"

static const char usage[] =
    "usage: undead db runs [--limit N]\n"
    "       undead db show RUN\n"
    "       undead db diff RUN_A RUN_B [--rules] [--strict]\n"
    "       undead db query NAME [--param KEY=VALUE]...\n"
    "       undead db query --list\n"
    "       undead db integrity\n"
    "       undead db baseline check|update GAME [--file CSV] [--golden DIR] [--games N]\n"
    "Reads the results database that play, sim, check and golden write.\n"
    "RUN is a run ID, 'last', or 'last~N' (the Nth run before the last).\n"
    "  --db PATH        the database (default undead.db)\n"
    "  --format F       text (aligned columns, default), csv or json\n"
    "  --limit N        runs: the newest N runs (default 30)\n"
    "  --rules          diff: also list cases whose outcome is the same but whose rules fired differ\n"
    "  --strict         diff: exit 1 on added or removed cases too\n"
    "Exit status of diff: 1 when a case's outcome changed (or, with --strict, any case\n"
    "was added or removed); baseline check: 1 when the outcomes differ from the baseline.\n";

typedef struct db_opts {
    const char *path;
    tbl_format format;
    long limit;
    bool rules, strict, list;
    char **params;
    int n_params;
    baseline_opts baseline;
} db_opts;

static int parse(int argc, char **argv, db_opts *o)
{
    enum { O_DB = 1, O_FORMAT, O_LIMIT, O_RULES, O_STRICT, O_PARAM, O_LIST, O_FILE, O_GOLDEN, O_GAMES };
    static const struct option longopts[] = {
        { "db", required_argument, NULL, O_DB },
        { "format", required_argument, NULL, O_FORMAT },
        { "limit", required_argument, NULL, O_LIMIT },
        { "rules", no_argument, NULL, O_RULES },
        { "strict", no_argument, NULL, O_STRICT },
        { "param", required_argument, NULL, O_PARAM },
        { "list", no_argument, NULL, O_LIST },
        { "file", required_argument, NULL, O_FILE },
        { "golden", required_argument, NULL, O_GOLDEN },
        { "games", required_argument, NULL, O_GAMES },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    o->params = calloc((size_t)argc + 1, sizeof *o->params);
    uint64_t n;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(usage, stdout); return -1;
        case O_DB: o->path = optarg; break;
        case O_RULES: o->rules = true; break;
        case O_STRICT: o->strict = true; break;
        case O_LIST: o->list = true; break;
        case O_PARAM: o->params[o->n_params++] = optarg; break;
        case O_FILE: o->baseline.file = optarg; break;
        case O_GOLDEN: o->baseline.golden = optarg; break;
        case O_FORMAT:
            if (!tbl_parse_format(optarg, &o->format)) {
                fprintf(stderr, "undead db: --format: expected text, csv or json, got '%s'\n", optarg);
                return UD_EXIT_USAGE;
            }
            break;
        case O_LIMIT:
        case O_GAMES:
            if (!cli_parse_u64(optarg, &n) || n == 0 || n > 1000000000) {
                fprintf(stderr, "undead db: expected a whole number above 0, got '%s'\n", optarg);
                return UD_EXIT_USAGE;
            }
            if (c == O_LIMIT)
                o->limit = (long)n;
            else
                o->baseline.games = n;
            break;
        default: fputs(usage, stderr); return UD_EXIT_USAGE;
        }
    }
    return UD_EXIT_OK;
}

static db *open_db(const db_opts *o)
{
    ud_buf err;
    ud_buf_init(&err);
    db *d = db_open(o->path ? o->path : "undead.db", false, &err);
    if (!d)
        fprintf(stderr, "undead db: %s\n", ud_buf_str(&err));
    ud_buf_free(&err);
    return d;
}

static sqlite3_stmt *prepare(db *d, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db_sqlite(d), sql, -1, &st, NULL) != SQLITE_OK)
        fprintf(stderr, "undead db: %s\n", sqlite3_errmsg(db_sqlite(d)));
    return st;
}

/* Print st's rows and finalize it; false on a SQL error. */
static bool print_rows(db *d, sqlite3_stmt *st, tbl_format f)
{
    if (!st)
        return false;
    long rows = tbl_print(st, f, stdout);
    if (rows < 0)
        fprintf(stderr, "undead db: %s\n", sqlite3_errmsg(db_sqlite(d)));
    sqlite3_finalize(st);
    return rows >= 0;
}

/* RUN as typed: an ID, last, or last~N; 0 (message printed) if there is no such run. */
static int64_t resolve_run(db *d, const char *word)
{
    int64_t back = -1;
    uint64_t n;
    if (strcmp(word, "last") == 0)
        back = 0;
    else if (strncmp(word, "last~", 5) == 0 && cli_parse_u64(word + 5, &n))
        back = (int64_t)n;
    sqlite3_stmt *st = prepare(d, back >= 0 ? "SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?"
                                            : "SELECT id FROM runs WHERE id = ?");
    if (!st)
        return 0;
    if (back >= 0)
        sqlite3_bind_int64(st, 1, back);
    else if (cli_parse_u64(word, &n))
        sqlite3_bind_int64(st, 1, (int64_t)n);
    int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    if (!id)
        fprintf(stderr, "undead db: no run '%s' (expected a run ID, 'last' or 'last~N'; see 'undead db runs')\n",
                word);
    return id;
}

static int db_runs(db *d, const db_opts *o)
{
    sqlite3_stmt *st = prepare(d,
        "SELECT * FROM (SELECT r.id, r.started, r.status, r.command, coalesce(r.game, '') AS game,"
        " (SELECT count(*) FROM cases c WHERE c.run_id = r.id) AS cases,"
        " (SELECT count(*) FROM violations v WHERE v.run_id = r.id) AS violations,"
        " round((julianday(coalesce(r.ended, r.started)) - julianday(r.started)) * 86400, 2) AS seconds,"
        " r.undead_version AS version, r.source_revision AS revision, r.command_line"
        " FROM runs r ORDER BY r.id DESC LIMIT ?) ORDER BY id");
    if (st)
        sqlite3_bind_int64(st, 1, o->limit ? o->limit : 30);
    return print_rows(d, st, o->format) ? UD_EXIT_OK : UD_EXIT_FAIL;
}

/* One section of show: a heading and the rows of sql for the run. */
static bool section(db *d, int64_t run, const char *title, const char *sql)
{
    printf("\n%s\n", title);
    sqlite3_stmt *st = prepare(d, sql);
    if (st)
        sqlite3_bind_int64(st, 1, run);
    return print_rows(d, st, TBL_TEXT);
}

static int db_show(db *d, int64_t run)
{
    static const char *const sections[][2] = {
        { "run", "SELECT id, status, exit_code, command, game, started, ended, undead_version,"
                 " source_revision, host, pid, command_line FROM runs WHERE id = ?" },
        { "variants", "SELECT key, value FROM run_variants WHERE run_id = ? ORDER BY position" },
        { "parameters", "SELECT name, value FROM run_params WHERE run_id = ? ORDER BY name" },
        { "metrics", "SELECT name, value, unit FROM metrics WHERE run_id = ? ORDER BY name" },
        { "cases by status", "SELECT kind, status, count(*) AS cases FROM cases WHERE run_id = ?"
                             " GROUP BY kind, status ORDER BY kind, status" },
        { "winners among the cases", "SELECT coalesce(winner, '(none)') AS winner, count(*) AS cases"
                                     " FROM cases WHERE run_id = ? GROUP BY winner ORDER BY cases DESC" },
        { "rules that never fired", "SELECT game, rule FROM coverage WHERE run_id = ? AND fired = 0"
                                    " ORDER BY game, rule" },
        { "rarest rules that fired", "SELECT game, rule, fired FROM coverage WHERE run_id = ?"
                                     " AND fired > 0 ORDER BY fired, rule LIMIT 5" },
        { "invariant violations", "SELECT invariant, rule, message FROM violations WHERE run_id = ?"
                                  " ORDER BY id" },
    };
    bool ok = true;
    for (size_t i = 0; i < sizeof sections / sizeof sections[0] && ok; i++)
        ok = section(d, run, sections[i][0], sections[i][1]);
    return ok ? UD_EXIT_OK : UD_EXIT_FAIL;
}

static const char diff_sql[] =
    "SELECT change, key, outcome_a, outcome_b FROM ("
    " SELECT 'changed' AS change, a.key, a.outcome AS outcome_a, b.outcome AS outcome_b, 0 AS ord"
    "  FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "  WHERE a.run_id = ?1 AND a.outcome <> b.outcome"
    " UNION ALL SELECT 'removed', a.key, a.outcome, NULL, 1 FROM cases a"
    "  WHERE a.run_id = ?1 AND NOT EXISTS (SELECT 1 FROM cases b WHERE b.run_id = ?2 AND b.key = a.key)"
    " UNION ALL SELECT 'added', b.key, NULL, b.outcome, 2 FROM cases b"
    "  WHERE b.run_id = ?2 AND NOT EXISTS (SELECT 1 FROM cases a WHERE a.run_id = ?1 AND a.key = b.key)"
    " UNION ALL SELECT 'rules', a.key, a.rules, b.rules, 3"
    "  FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "  WHERE ?3 AND a.run_id = ?1 AND a.outcome = b.outcome AND a.rules <> b.rules"
    ") ORDER BY ord, key";

static const char diff_count_sql[] =
    "SELECT"
    " (SELECT count(*) FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "   WHERE a.run_id = ?1 AND a.outcome <> b.outcome),"
    " (SELECT count(*) FROM cases a WHERE a.run_id = ?1"
    "   AND NOT EXISTS (SELECT 1 FROM cases b WHERE b.run_id = ?2 AND b.key = a.key)),"
    " (SELECT count(*) FROM cases b WHERE b.run_id = ?2"
    "   AND NOT EXISTS (SELECT 1 FROM cases a WHERE a.run_id = ?1 AND a.key = b.key)),"
    " (SELECT count(*) FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "   WHERE a.run_id = ?1 AND a.outcome = b.outcome)";

static int db_diff(db *d, int64_t a, int64_t b, const db_opts *o)
{
    sqlite3_stmt *st = prepare(d, diff_count_sql);
    if (!st)
        return UD_EXIT_USAGE;
    sqlite3_bind_int64(st, 1, a);
    sqlite3_bind_int64(st, 2, b);
    int64_t n[4] = { 0 };
    if (sqlite3_step(st) == SQLITE_ROW)
        for (int i = 0; i < 4; i++)
            n[i] = sqlite3_column_int64(st, i);
    sqlite3_finalize(st);
    bool any = n[0] || n[1] || n[2] || o->rules;
    if (any) {
        st = prepare(d, diff_sql);
        if (st) {
            sqlite3_bind_int64(st, 1, a);
            sqlite3_bind_int64(st, 2, b);
            sqlite3_bind_int(st, 3, o->rules);
        }
        if (!print_rows(d, st, o->format))
            return UD_EXIT_USAGE;
    }
    if (o->format == TBL_TEXT)
        printf("%sdiff run %lld -> run %lld: %lld changed, %lld added, %lld removed, %lld unchanged\n",
               any ? "\n" : "", (long long)a, (long long)b, (long long)n[0], (long long)n[2],
               (long long)n[1], (long long)n[3]);
    return n[0] || (o->strict && (n[1] || n[2])) ? UD_EXIT_FAIL : UD_EXIT_OK;
}

static int db_query(db *d, const char *name, const db_opts *o)
{
    nq_query q;
    if (!nq_find(name, &q)) {
        fprintf(stderr, "undead db query: no query '%s' (see 'undead db query --list')\n", name);
        return UD_EXIT_USAGE;
    }
    ud_buf err;
    ud_buf_init(&err);
    sqlite3_stmt *st = nq_prepare(db_sqlite(d), &q, o->params, o->n_params, &err);
    if (!st)
        fprintf(stderr, "undead db: %s\n", ud_buf_str(&err));
    ud_buf_free(&err);
    if (!st)
        return UD_EXIT_USAGE;
    return print_rows(d, st, o->format) ? UD_EXIT_OK : UD_EXIT_FAIL;
}

static int db_integrity(db *d)
{
    sqlite3_stmt *st = prepare(d, "PRAGMA integrity_check");
    bool ok = false;
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        const char *r = (const char *)sqlite3_column_text(st, 0);
        ok = strcmp(r, "ok") == 0;
        puts(r);
    }
    sqlite3_finalize(st);
    return ok ? UD_EXIT_OK : UD_EXIT_FAIL;
}

/* Subcommands that read the database, with their operands. */
static int run_reader(const char *sub, int nargs, char **args, const db_opts *o)
{
    bool known = (!strcmp(sub, "runs") && nargs == 0) || (!strcmp(sub, "show") && nargs == 1) ||
                 (!strcmp(sub, "diff") && nargs == 2) || (!strcmp(sub, "integrity") && nargs == 0) ||
                 (!strcmp(sub, "query") && nargs == 1);
    if (!known) {
        fputs(usage, stderr);
        return UD_EXIT_USAGE;
    }
    db *d = open_db(o);
    if (!d)
        return UD_EXIT_USAGE;
    int rc = UD_EXIT_USAGE;
    int64_t a = 0, b = 0;
    if (!strcmp(sub, "runs"))
        rc = db_runs(d, o);
    else if (!strcmp(sub, "integrity"))
        rc = db_integrity(d);
    else if (!strcmp(sub, "query"))
        rc = db_query(d, args[0], o);
    else if (!strcmp(sub, "show") && (a = resolve_run(d, args[0])))
        rc = db_show(d, a);
    else if (!strcmp(sub, "diff") && (a = resolve_run(d, args[0])) && (b = resolve_run(d, args[1])))
        rc = db_diff(d, a, b, o);
    db_close(d);
    return rc;
}

int cmd_db(int argc, char **argv)
{
    db_opts o = { 0 };
    int rc = parse(argc, argv, &o);
    if (rc != UD_EXIT_OK) {
        free(o.params);
        return rc < 0 ? UD_EXIT_OK : rc;
    }
    const char *sub = optind < argc ? argv[optind] : "";
    int nargs = argc - optind - 1;
    char **args = argv + optind + 1;
    if (!strcmp(sub, "query") && o.list && nargs == 0) {
        nq_list(stdout);
        rc = UD_EXIT_OK;
    } else if (!strcmp(sub, "baseline") && nargs == 2) {
        rc = baseline_run(args[0], args[1], &o.baseline);
    } else if (!*sub) {
        fputs(usage, stderr);
        rc = UD_EXIT_USAGE;
    } else {
        rc = run_reader(sub, nargs, args, &o);
    }
    free(o.params);
    return rc;
}
