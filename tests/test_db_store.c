/*
 * test_db_store.c - the results database: opening (new, ours, foreign,
 * newer, not SQLite), bound values, recovery of runs whose process is
 * gone; and, for every registered game, a simulation recorded through the
 * CLI (one case per game, each seat's outcome as the engine plays it, the
 * game's rules in coverage), a played and a checked game recorded, every
 * shipped named query run on it, and db diff of a rerun (unchanged).
 * A game's own cases (exact probabilities, a switched reading, its
 * edge-case queries) live beside it (spec/GAME/tests/).
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db.h"
#include "db_sql.h"
#include "faq_read.h"
#include "named_query.h"
#include "owner.h"
#include "support_db.h"
#include "support.h"

TestSuite(db, .init = db_suite_init, .fini = db_suite_fini);

/* db_open's error text for path (which must be refused). */
static char *refused(const char *path)
{
    ud_buf err;
    ud_buf_init(&err);
    db *d = db_open(path, true, &err);
    cr_assert_null(d, "%s was opened", path);
    return err.data;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
}

Test(db, new_database_has_schema_version_wal_and_foreign_keys)
{
    db *d = open_ok(path_in("new.db"));
    sqlite3 *h = db_sqlite(d);
    cr_expect_eq(one_int(h, "PRAGMA user_version"), DB_SCHEMA_VERSION);
    cr_expect_eq(one_int(h, "PRAGMA application_id"), DB_APPLICATION_ID);
    cr_expect_eq(one_int(h, "PRAGMA foreign_keys"), 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM sqlite_schema WHERE name = 'cases'"), 1);
    sqlite3_stmt *st;
    sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &st, NULL);
    cr_assert_eq(sqlite3_step(st), SQLITE_ROW);
    cr_expect_str_eq((const char *)sqlite3_column_text(st, 0), "wal");
    sqlite3_finalize(st);
    db_close(d);
    d = open_ok(path_in("new.db")); /* reopening an up-to-date database changes nothing */
    db_close(d);
}

Test(db, a_run_and_its_rows_are_written_with_bound_values)
{
    db *d = open_ok(path_in("w.db"));
    db_run r = { "sim", "undead sim x --variant 'a=b'", "some-game" };
    int64_t run_id = db_run_begin(d, &r);
    cr_assert_gt(run_id, 0);
    db_case c = { .key = "k'; DROP TABLE runs; --",
                  .kind = "sim",
                  .game = "some-game",
                  .variants = "",
                  .inputs = "",
                  .status = "complete",
                  .outcome = "winner=a",
                  .decisions = 3,
                  .rules = "G-TURN:1" };
    int64_t id = db_case_add(d, run_id, &c);
    cr_assert_gt(id, 0);
    /* an analysis's case keeps its analysis and policy as fields, and its
     * figures as rows, in order, the exact value with its figure */
    const db_figure figs[] = { { "ev", 1.25, "5", "4" }, { "bust'; --", 0.5, NULL, NULL } };
    db_case figure = { .key = "solve:some-game:turn:policy=p:1:reading=defaults",
                       .kind = "solve",
                       .game = "some-game",
                       .variants = "defaults",
                       .inputs = "",
                       .status = "complete",
                       .outcome = "ev=1.25 bust=0.5",
                       .decisions = -1,
                       .rules = "",
                       .analysis = "turn",
                       .policy = "p:1",
                       .figures = figs,
                       .n_figures = 2 };
    int64_t figure_id = db_case_add(d, run_id, &figure);
    cr_assert_gt(figure_id, 0);
    db_case_rule(d, id, "G-TURN", 1);
    db_event(d, id, 1, NULL, "= turn=a shotguns=2", 0);
    db_event(d, id, 2, "G-SHORTAGE", "shortage cup=2 needed=2", 1);
    db_violation(d, run_id, id, "G-INV-CUP", "G-DRAW", "cup holds 14 dice", "undead-transcript 1\n");
    db_metric(d, run_id, "games", 1, "games");
    db_coverage(d, run_id, "some-game", "G-TURN", 1);
    db_case_outcome(d, id, 1, "a", 13, "won");
    db_case_outcome(d, id, 2, "b'; --", DB_NO_SCORE, "out");
    cr_assert(db_run_end(d, run_id, "complete", 0), "%s", db_error(d));
    sqlite3 *h = db_sqlite(d);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM runs WHERE status = 'complete'"), 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases WHERE key LIKE 'k''; DROP%'"), 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases WHERE analysis = 'turn' AND policy = 'p:1'"), 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases WHERE kind = 'sim' AND analysis IS NULL"
                            " AND policy IS NULL"),
                 1);
    char sql[256];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM case_figures WHERE case_id = %lld AND position = 1"
             " AND name = 'ev' AND value = 1.25 AND exact_num = '5' AND exact_den = '4'",
             (long long)figure_id);
    cr_expect_eq(one_int(h, sql), 1);
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM case_figures WHERE case_id = %lld AND position = 2"
             " AND name = 'bust''; --' AND value = 0.5 AND exact_num IS NULL",
             (long long)figure_id);
    cr_expect_eq(one_int(h, sql), 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM case_figures"), 2);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM events_with_state WHERE state LIKE '%shotguns=2%'"), 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM violations v JOIN cases c ON c.id = v.case_id"
                            " WHERE v.invariant = 'G-INV-CUP' AND v.rule = 'G-DRAW'"),
                 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM case_outcomes WHERE seat = 1 AND player = 'a'"
                            " AND score = 13 AND outcome = 'won'"),
                 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM case_outcomes WHERE seat = 2 AND player = 'b''; --'"
                            " AND score IS NULL AND outcome = 'out'"),
                 1);
    /* an outcome outside the five is refused */
    run_id = db_run_begin(d, &r);
    db_case_outcome(d, id, 3, "c", 0, "drew");
    cr_expect_not(db_run_end(d, run_id, "complete", 0));
    cr_expect(db_error(d) != NULL);
    db_close(d);
    d = open_ok(path_in("w.db"));
    h = db_sqlite(d);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM case_outcomes"), 2);
    /* foreign keys hold: a case of a missing run is refused */
    db_case bad = c;
    bad.key = "other";
    cr_expect_eq(db_case_add(d, 999, &bad), 0);
    cr_expect(db_error(d) != NULL);
    db_close(d);
}

/* What db_faq_policy_results hands over, copied (its strings live only
 * during the call). */
typedef struct read_back {
    int n;
    char analysis[4][32];
    int n_figures[4];
    char figure[4][4][64]; /* "name=value=num/den" */
} read_back;

static void keep_result(void *ctx, const db_policy_result *r)
{
    read_back *rb = ctx;
    if (rb->n >= 4)
        return;
    snprintf(rb->analysis[rb->n], sizeof rb->analysis[rb->n], "%s", r->analysis);
    rb->n_figures[rb->n] = r->n_figures;
    for (int f = 0; f < r->n_figures && f < 4; f++)
        snprintf(rb->figure[rb->n][f], sizeof rb->figure[rb->n][f], "%s=%g=%s/%s", r->figures[f].name,
                 r->figures[f].value, r->figures[f].exact_num, r->figures[f].exact_den);
    rb->n++;
}

static void keep_claim(void *ctx, const db_solve_result *r)
{
    snprintf(ctx, 64, "%s %s", r->name, r->outcome);
}

/* The FAQ reads an analysis's figures back per case, in order, each with
 * its own exact value, and a claim's name from its figure. */
Test(db, the_faq_reads_each_cases_figures_back_in_order)
{
    db *d = open_ok(path_in("figures.db"));
    db_run r = { "solve", "undead solve some-game turn", "some-game" };
    int64_t run_id = db_run_begin(d, &r);
    const db_figure turn[] = { { "ev", 1.25, "5", "4" }, { "bust", 0.5, NULL, NULL } };
    const db_figure bust[] = { { "ev", 1.25, NULL, NULL }, { "bust", 0.5, "1", "2" } };
    const db_figure claim[] = { { "001-half", 0.5, "1", "2" } };
    db_case cs[] = {
        { .key = "solve:some-game:turn:policy=p:reading=defaults",
          .analysis = "turn",
          .figures = turn,
          .n_figures = 2 },
        { .key = "solve:some-game:turn-bust:policy=p:reading=defaults",
          .analysis = "turn-bust",
          .figures = bust,
          .n_figures = 2 },
        { .key = "claim:some-game:001-half",
          .outcome = "verified exact=1/2",
          .prob_num = "1",
          .prob_den = "2",
          .figures = claim,
          .n_figures = 1 },
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        cs[i].kind = "solve";
        cs[i].game = "some-game";
        cs[i].variants = "defaults";
        cs[i].inputs = "";
        cs[i].status = "complete";
        cs[i].outcome = cs[i].outcome ? cs[i].outcome : "figures";
        cs[i].decisions = -1;
        cs[i].rules = "";
        cs[i].policy = cs[i].analysis ? "p" : NULL;
        cr_assert_gt(db_case_add(d, run_id, &cs[i]), 0, "%s", db_error(d));
    }
    cr_assert(db_run_end(d, run_id, "complete", 0), "%s", db_error(d));
    read_back rb = { 0 };
    db_faq_policy_results(d, "some-game", keep_result, &rb);
    cr_assert_eq(rb.n, 2);
    /* in key order: turn-bust before turn */
    cr_expect_str_eq(rb.analysis[0], "turn-bust");
    cr_expect_eq(rb.n_figures[0], 2);
    cr_expect_str_eq(rb.figure[0][0], "ev=1.25=/");
    cr_expect_str_eq(rb.figure[0][1], "bust=0.5=1/2");
    cr_expect_str_eq(rb.analysis[1], "turn");
    cr_expect_eq(rb.n_figures[1], 2);
    cr_expect_str_eq(rb.figure[1][0], "ev=1.25=5/4");
    cr_expect_str_eq(rb.figure[1][1], "bust=0.5=/");
    char got[64] = "";
    db_faq_claims(d, "some-game", keep_claim, got);
    cr_expect_str_eq(got, "001-half verified exact=1/2");
    db_close(d);
}

Test(db, refuses_a_file_that_is_not_sqlite_and_leaves_it_alone)
{
    const char *p = path_in("notes.db");
    write_file(p, "these are my notes, not a database\n");
    char *msg = refused(p);
    cr_expect(strstr(msg, "not a SQLite database"), "%s", msg);
    free(msg);
    size_t len;
    char *text = slurp(p, &len);
    cr_expect_str_eq(text, "these are my notes, not a database\n");
    free(text);
}

Test(db, refuses_another_programs_database)
{
    const char *p = path_in("other.db");
    sqlite3 *h;
    cr_assert_eq(sqlite3_open(p, &h), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(h, "CREATE TABLE t(x); INSERT INTO t VALUES (1)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    char *msg = refused(p);
    cr_expect(strstr(msg, "not an undead results database"), "%s", msg);
    free(msg);
    cr_assert_eq(sqlite3_open(p, &h), SQLITE_OK);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM t"), 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM sqlite_schema"), 1);
    sqlite3_stmt *st;
    sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &st, NULL);
    sqlite3_step(st);
    cr_expect_str_eq((const char *)sqlite3_column_text(st, 0), "delete", "the journal mode was changed");
    sqlite3_finalize(st);
    sqlite3_close(h);
}

Test(db, refuses_a_newer_schema_with_a_clear_message)
{
    const char *p = path_in("newer.db");
    db_close(open_ok(p));
    sqlite3 *h;
    cr_assert_eq(sqlite3_open(p, &h), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(h, "PRAGMA user_version = 99", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    char *msg = refused(p);
    cr_expect(strstr(msg, "schema version 99 is newer"), "%s", msg);
    free(msg);
}

/* The whole file's bytes, to compare before and after. */
static char *file_bytes(const char *path, size_t *len)
{
    char *text = slurp(path, len);
    cr_assert(text, "cannot read %s", path);
    return text;
}

/* A user_version set by hand: one undead never wrote (-1, 0) is refused
 * as unknown; an older one the tables do not match (1 to 6 over version
 * 8's tables; not 7, whose migration makes runs and cases anew, as it can
 * over its own) is refused by a writer when its migration meets them, and by
 * a reader, which migrates nothing, as older; neither is changed. */
Test(db, refuses_a_schema_version_set_by_hand_and_leaves_the_file_alone)
{
    static const struct {
        int version;
        const char *msg;
    } cases[] = {
        { -1, "database schema version -1 is not one undead knows (expected 8); refusing to use it "
              "(nothing was changed)" },
        { 0, "database schema version 0 is not one undead knows (expected 8); refusing to use it "
             "(nothing was changed)" },
        { 1, "database schema version 1 does not match its tables (migrating it to version 8: table "
             "case_outcomes already exists); refusing to use it (nothing was changed)" },
        { 2, "database schema version 2 does not match its tables (migrating it to version 8: view "
             "unfinished_runs already exists); refusing to use it (nothing was changed)" },
        { 3, "database schema version 3 does not match its tables (migrating it to version 8: table "
             "case_figures already exists); refusing to use it (nothing was changed)" },
        { 4, "database schema version 4 does not match its tables (migrating it to version 8: view "
             "newest_cases already exists); refusing to use it (nothing was changed)" },
        { 5, "database schema version 5 does not match its tables (migrating it to version 8: duplicate "
             "column name: proc_start); refusing to use it (nothing was changed)" },
        { 6, "database schema version 6 does not match its tables (migrating it to version 8: duplicate "
             "column name: seed); refusing to use it (nothing was changed)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *p = path_in("tampered.db");
        unlink(p);
        db *d = open_ok(p);
        db_run r = { "sim", "undead sim x", "some-game" };
        cr_assert(db_run_end(d, db_run_begin(d, &r), "complete", 0));
        db_close(d);
        sqlite3 *h;
        cr_assert_eq(sqlite3_open(p, &h), SQLITE_OK);
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", cases[i].version);
        cr_assert_eq(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(h);
        size_t len0, len1;
        char *before = file_bytes(p, &len0);
        for (int ro = 0; ro < 2; ro++) {
            char want[512];
            if (ro && cases[i].version > 0)
                snprintf(want, sizeof want,
                         "%s: schema version %d is older than this undead's (8); 'undead db migrate --db "
                         "%s' brings it forward (nothing was changed)",
                         p, cases[i].version, p);
            else
                snprintf(want, sizeof want, "%s: %s", p, cases[i].msg);
            ud_buf err;
            ud_buf_init(&err);
            d = ro ? db_open_read(p, &err) : db_open(p, true, &err);
            cr_assert_null(d, "version %d was opened", cases[i].version);
            cr_expect_str_eq(ud_buf_str(&err), want);
            ud_buf_free(&err);
            char *after = file_bytes(p, &len1);
            cr_expect(len0 == len1 && memcmp(before, after, len0) == 0, "version %d: the file changed",
                      cases[i].version);
            free(after);
        }
        free(before);
    }
}

/* The readers open read-only: nothing is written (not even the recovery
 * of runs whose process is gone), the file's bytes stay, and the handle
 * refuses writes. */
Test(db, a_reader_opens_read_only_and_writes_nothing)
{
    const char *p = path_in("read.db");
    db *d = open_ok(p);
    db_run r = { "sim", "undead sim x", "some-game" };
    cr_assert(db_run_begin(d, &r));
    db_close(d);
    sqlite3 *h;
    cr_assert_eq(sqlite3_open(p, &h), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(h, "UPDATE runs SET pid = 999999999", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h); /* the last connection: checkpointed, no -wal left */
    size_t len0, len1;
    char *before = file_bytes(p, &len0);
    ud_buf err;
    ud_buf_init(&err);
    d = db_open_read(p, &err);
    cr_assert(d, "db_open_read: %s", ud_buf_str(&err));
    ud_buf_free(&err);
    cr_expect(db_read_only(d));
    cr_expect_eq(sqlite3_db_readonly(db_sqlite(d), "main"), 1);
    cr_expect_str_eq((const char *)one_text(db_sqlite(d), "SELECT status FROM runs"), "running",
                     "a reader recovered runs");
    cr_expect_neq(sqlite3_exec(db_sqlite(d), "DELETE FROM runs", NULL, NULL, NULL), SQLITE_OK);
    db_close(d);
    char *after = file_bytes(p, &len1);
    cr_expect(len0 == len1 && memcmp(before, after, len0) == 0, "reading changed the file");
    free(before);
    free(after);
}

Test(db, a_run_whose_process_is_gone_is_marked_interrupted)
{
    const char *p = path_in("stale.db");
    pid_t child = fork();
    if (child == 0) {
        db *d = open_ok(p);
        db_run r = { "sim", "undead sim", "some-game" };
        db_run_begin(d, &r);
        _exit(0); /* gone without ending the run */
    }
    int status;
    waitpid(child, &status, 0);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    db *d = open_ok(p);
    sqlite3 *h = db_sqlite(d);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM runs WHERE status = 'interrupted' AND ended IS NOT NULL"),
                 1);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM runs WHERE status = 'running'"), 0);
    db_close(d);
}

Test(db, a_running_run_of_a_live_process_is_left_alone)
{
    const char *p = path_in("live.db");
    db *d = open_ok(p);
    db_run r = { "sim", "undead sim", "some-game" };
    int64_t run_id = db_run_begin(d, &r);
    sqlite3 *h = db_sqlite(d);
    /* pretend the run belongs to our parent, which is alive */
    char parent[OWNER_ID_MAX], sql[256];
    cr_assert(owner_identity(getppid(), parent));
    snprintf(sql, sizeof sql, "UPDATE runs SET pid = %d, proc_start = '%s' WHERE id = %lld", (int)getppid(),
             parent, (long long)run_id);
    cr_assert_eq(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
    db *other = open_ok(p);
    cr_expect_eq(one_int(db_sqlite(other), "SELECT count(*) FROM runs WHERE status = 'running'"), 1);
    db_close(other);
    db_close(d);
}

static int64_t int_of(sqlite3 *h, const char *fmt, ...)
{
    char sql[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sql, sizeof sql, fmt, ap);
    va_end(ap);
    return one_int(h, sql);
}

static const char *const outcome_word[] = {
    [UD_SEAT_PLAYING] = "none", [UD_SEAT_WON] = "won", [UD_SEAT_SHARED] = "shared",
    [UD_SEAT_LOST] = "lost",    [UD_SEAT_OUT] = "out",
};

enum { SIM_GAMES = 20 };

/* Every game: a recorded simulation holds one case per game, each seat's
 * outcome as the engine plays the same seed, and coverage of the game's
 * own rules only. */
Test(db, a_simulation_of_every_game_is_recorded)
{
    FOR_EACH_GAME(g)
    {
        for (int n = g->min_players; n <= g->min_players + 1 && n <= g->max_players; n++) {
            char dbp[128], names[128] = "", games[16];
            snprintf(dbp, sizeof dbp, "%s/%s-%d.db", db_scratch(), g->name, n);
            for (int i = 0; i < n; i++)
                sprintf(names + strlen(names), "%sp%d", i ? "," : "", i + 1);
            snprintf(games, sizeof games, "%d", SIM_GAMES);
            char *out;
            cr_assert_eq(cli(&out, "sim", g->name, "--games", games, "--players", names, "--policy", "random",
                             "--db", dbp, NULL),
                         0, "%s", g->name);
            free(out);
            db *d = open_ok(dbp);
            sqlite3 *h = db_sqlite(d);
            cr_expect_eq(
                int_of(h, "SELECT count(*) FROM runs WHERE game = '%s' AND status = 'complete'", g->name), 1);
            cr_expect_eq(int_of(h, "SELECT count(*) FROM cases WHERE game = '%s' AND kind = 'sim'", g->name),
                         SIM_GAMES, "%s", g->name);
            cr_expect_eq(int_of(h, "SELECT count(*) FROM case_outcomes"), SIM_GAMES * n, "%s", g->name);
            /* Rules recorded are the game's. */
            sqlite3_stmt *st;
            cr_assert_eq(sqlite3_prepare_v2(h, "SELECT rule FROM coverage UNION SELECT rule FROM case_rules",
                                            -1, &st, NULL),
                         SQLITE_OK);
            int rules = 0;
            while (sqlite3_step(st) == SQLITE_ROW) {
                const char *id = (const char *)sqlite3_column_text(st, 0);
                cr_expect_not_null(ud_game_rule(g, id), "%s: rule %s is not the game's", g->name, id);
                rules++;
            }
            sqlite3_finalize(st);
            cr_expect_gt(rules, 0, "%s: no coverage recorded", g->name);
            /* Game i of the simulation is seed 1+i: the same outcomes as
             * the engine gives that seed. */
            for (int k = 0; k < SIM_GAMES; k++) {
                ud_result res;
                char *text = play_text(g, n, NULL, (uint64_t)(1 + k), &res, NULL);
                free(text);
                char key[64];
                snprintf(key, sizeof key, "%%:seed=%d:%%", 1 + k);
                if (res.status != UD_OVER) {
                    cr_expect_eq(
                        int_of(h, "SELECT count(*) FROM cases WHERE key LIKE '%s' AND status = 'complete'",
                               key),
                        0, "%s seed %d", g->name, 1 + k);
                    continue;
                }
                cr_expect_eq(
                    int_of(h, "SELECT count(*) FROM cases WHERE key LIKE '%s' AND status = 'complete'", key),
                    1, "%s seed %d", g->name, 1 + k);
                for (int seat = 0; seat < n; seat++)
                    cr_expect_eq(
                        int_of(h,
                               "SELECT count(*) FROM case_outcomes o JOIN cases c ON c.id = o.case_id"
                               " WHERE c.key LIKE '%s' AND o.seat = %d AND o.player = 'p%d'"
                               " AND o.outcome = '%s' AND o.score = %d",
                               key, seat + 1, seat + 1, outcome_word[res.outcome[seat]], res.score[seat]),
                        1, "%s seed %d seat %d: expected %s with %d", g->name, 1 + k, seat + 1,
                        outcome_word[res.outcome[seat]], res.score[seat]);
                if (res.winner >= 0)
                    cr_expect_eq(int_of(h,
                                        "SELECT count(*) FROM cases WHERE key LIKE '%s' AND winner = 'p%d'",
                                        key, res.winner + 1),
                                 1, "%s seed %d: winner", g->name, 1 + k);
            }
            db_close(d);
        }
    }
}

/* Every game: play and check record a case each; a rerun of a simulation
 * diffs as unchanged. */
Test(db, play_check_and_rerun_of_every_game_are_recorded)
{
    FOR_EACH_GAME(g)
    {
        char dbp[128], file[128];
        snprintf(dbp, sizeof dbp, "%s/%s-pc.db", db_scratch(), g->name);
        snprintf(file, sizeof file, "%s/%s.in", db_scratch(), g->name);
        char *out;
        cr_assert_eq(cli(&out, "play", g->name, "--seed", "5", "--db", dbp, NULL), 0, "%s", g->name);
        write_file(file, out);
        free(out);
        cr_assert_eq(cli(&out, "check", "--db", dbp, file, NULL), 0, "%s", g->name);
        free(out);
        db *d = open_ok(dbp);
        sqlite3 *h = db_sqlite(d);
        cr_expect_eq(int_of(h, "SELECT count(*) FROM cases WHERE game = '%s' AND kind = 'play'", g->name), 1);
        cr_expect_eq(
            int_of(h, "SELECT count(*) FROM cases WHERE game = '%s' AND kind = 'transcript'", g->name), 1);
        /* The same game played and checked (kind "transcript"): the same outcome. */
        cr_expect_eq(int_of(h, "SELECT count(DISTINCT outcome) FROM cases"), 1, "%s", g->name);
        db_close(d);
        for (int i = 0; i < 2; i++) {
            cr_assert_eq(cli(&out, "sim", g->name, "--games", "30", "--db", dbp, NULL), 0, "%s", g->name);
            free(out);
        }
        cr_expect_eq(cli(&out, "db", "diff", "last~1", "last", "--db", dbp, NULL), 0, "%s", g->name);
        cr_expect(strstr(out, "0 changed, 0 added, 0 removed, 30 unchanged"), "%s: %s", g->name, out);
        free(out);
    }
}

/* Every shipped named query runs on a database holding every game (a
 * simulation of each and the golden files) and has a summary. */
Test(db, every_named_query_runs_on_every_game)
{
    char *dbp = strdup(path_in("q.db")), *out;
    FOR_EACH_GAME(g)
    {
        cr_assert_eq(cli(&out, "sim", g->name, "--games", "100", "--db", dbp, NULL), 0, "%s", g->name);
        free(out);
    }
    cr_assert_eq(cli(&out, "golden", "check", "--dir", UD_SOURCE_DIR "/golden", "--db", dbp, NULL), 0);
    free(out);
    db *d = open_ok(dbp);
    int n = 0;
    for (const db_named_sql *s = db_queries; s->name; s++, n++) {
        nq_query q;
        cr_assert(nq_find(s->name, &q));
        cr_expect_gt(strlen(q.summary), 10, "%s: no summary line", s->name);
        FOR_EACH_GAME(g)
        {
            char *values[NQ_MAX_PARAMS];
            char buf[NQ_MAX_PARAMS][96];
            int nv = 0;
            for (int i = 0; i < q.n_params; i++) {
                if (!q.params[i].required)
                    continue;
                const char *v = !strcmp(q.params[i].name, "rule") ? g->rules[0].id
                                : !strcmp(q.params[i].name, "variant")
                                    ? (g->n_variants ? g->variants[0].key : "none")
                                : !strcmp(q.params[i].name, "game")    ? g->name
                                : !strcmp(q.params[i].name, "version") ? UD_VERSION
                                : !strcmp(q.params[i].name, "name")    ? "games"
                                                                       : "1";
                snprintf(buf[nv], sizeof buf[nv], "%s=%s", q.params[i].name, v);
                values[nv] = buf[nv];
                nv++;
            }
            ud_buf err;
            ud_buf_init(&err);
            sqlite3_stmt *st = nq_prepare(db_sqlite(d), &q, values, nv, &err);
            cr_assert(st, "%s: %s", s->name, ud_buf_str(&err));
            int rc;
            while ((rc = sqlite3_step(st)) == SQLITE_ROW)
                ;
            cr_expect_eq(rc, SQLITE_DONE, "%s (%s): %s", s->name, g->name, sqlite3_errmsg(db_sqlite(d)));
            sqlite3_finalize(st);
            ud_buf_free(&err);
        }
    }
    cr_expect_geq(n, 8);
    db_close(d);
    cr_expect_eq(cli(&out, "db", "query", "no-such-query", "--db", dbp, NULL), 2);
    free(out);
    free(dbp);
}

/* A second connection of the process that runs a run (verify's analyses
 * open one) leaves the run alone: the process is not gone. */
Test(db, a_second_connection_of_the_same_process_leaves_its_run_alone)
{
    const char *p = path_in("own.db");
    db *d = open_ok(p);
    db_run r = { "verify", "undead verify", "some-game" };
    int64_t run_id = db_run_begin(d, &r);
    cr_assert(run_id);
    db *second = open_ok(p);
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT status FROM runs WHERE id = %lld", (long long)run_id);
    cr_expect_str_eq(one_text(db_sqlite(second), sql), "running");
    db_close(second);
    cr_expect_str_eq(one_text(db_sqlite(d), sql), "running");
    db_close(d);
}

/* A row of this process's pid written by another process (a pid used
 * again) is that process's, which is gone: marked interrupted, ended at
 * its last write, not at the time of the sweep. */
Test(db, a_run_of_a_pid_used_again_is_interrupted_at_its_last_write)
{
    const char *p = path_in("reused.db");
    db *d = open_ok(p);
    db_run r = { "sim", "undead sim", "some-game" };
    int64_t run_id = db_run_begin(d, &r);
    char sql[256];
    snprintf(sql, sizeof sql,
             "UPDATE runs SET proc_start = 'another-boot/1', last_write = '2020-01-02T03:04:05.678Z'"
             " WHERE id = %lld",
             (long long)run_id);
    cr_assert_eq(sqlite3_exec(db_sqlite(d), sql, NULL, NULL, NULL), SQLITE_OK);
    db_close(d);
    d = open_ok(p);
    snprintf(sql, sizeof sql, "SELECT status || ' ' || ended FROM runs WHERE id = %lld", (long long)run_id);
    cr_expect_str_eq(one_text(db_sqlite(d), sql), "interrupted 2020-01-02T03:04:05.678Z");
    db_close(d);
}

/* A run's identity is its process's, and every commit says it was alive. */
Test(db, a_run_names_its_process_and_each_commit_its_time)
{
    const char *p = path_in("beat.db");
    db *d = open_ok(p);
    db_run r = { "sim", "undead sim", "some-game" };
    int64_t run_id = db_run_begin(d, &r);
    char mine[OWNER_ID_MAX], sql[160];
    cr_assert(owner_identity(getpid(), mine));
    sqlite3 *h = db_sqlite(d);
    snprintf(sql, sizeof sql, "SELECT proc_start FROM runs WHERE id = %lld", (long long)run_id);
    cr_expect_str_eq(one_text(h, sql), mine);
    snprintf(sql, sizeof sql, "UPDATE runs SET last_write = '2000-01-01T00:00:00.000Z' WHERE id = %lld",
             (long long)run_id);
    cr_assert_eq(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
    db_metric(d, run_id, "games", 1, "games");
    cr_assert(db_commit(d));
    snprintf(sql, sizeof sql, "SELECT last_write > '2000-01-01T00:00:00.000Z' FROM runs WHERE id = %lld",
             (long long)run_id);
    cr_expect_eq(one_int(h, sql), 1, "a commit did not record that the run was alive");
    db_close(d);
}
