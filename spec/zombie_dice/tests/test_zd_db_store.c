/*
 * test_zd_db_store.c - the results database on Zombie Dice: the exact
 * probability of a hand-written transcript, db diff of a switched reading,
 * the game's named queries finding the edge cases its golden files hold,
 * and per-seat outcomes of its golden endgames (a shared win, a final
 * turn).  What every game must record is in tests/test_db_store.c.
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "capture.h"
#include "db.h"
#include "db_sql.h"
#include "named_query.h"
#include "support_db.h"
#include "prob.h"
#include "zd_support.h"

TestSuite(zd_db, .init = db_suite_init, .fini = db_suite_fini);

/* One green drawn from the full cup (6 of 13), rolled to a brain (3 of 6): 3/13 for the pair,
 * three dice drawn and rolled. */
Test(zd_db, exact_probability_of_a_transcript)
{
    const char *text = ZD_HEADER "player a\nplayer b\npartial\n"
                                 "draw green green green\nroll green:brain green:brain green:brain\n";
    capture cap;
    cap_init(&cap, NULL);
    cr_assert(cap_from_transcript(&cap, text, strlen(text)));
    ud_setup setup;
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
    setup = t.setup;
    ud_transcript_free(&t);
    prob p;
    cr_assert(prob_of_lines(&zd_game, &setup, &cap, &p));
    /* (6/13)(5/12)(4/11) for the greens, (3/6)^3 for the brains = 120/1716 * 1/8 = 5/572 */
    cr_expect_str_eq(p.num, "5");
    cr_expect_str_eq(p.den, "572");
    prob_free(&p);
    cap_free(&cap);
}

Test(zd_db, diff_of_a_rerun_is_empty_and_of_a_switched_variant_is_not)
{
    char *dbp = strdup(path_in("diff.db")), *out;
    cr_assert_eq(cli(&out, "sim", "zombie-dice", "--games", "300", "--db", dbp, NULL), 0);
    free(out);
    cr_assert_eq(cli(&out, "sim", "zombie-dice", "--games", "300", "--db", dbp, NULL), 0);
    free(out);
    cr_assert_eq(cli(&out, "sim", "zombie-dice", "--games", "300", "--db", dbp, "--variant",
                     "shortage-order=cup-first", NULL),
                 0);
    free(out);
    cr_expect_eq(cli(&out, "db", "diff", "1", "2", "--db", dbp, NULL), 0, "%s", out);
    cr_expect(strstr(out, "0 changed, 0 added, 0 removed, 100 unchanged"), "%s", out);
    free(out);
    cr_expect_eq(cli(&out, "db", "diff", "last~1", "last", "--db", dbp, NULL), 1);
    cr_expect(strstr(out, "changed  game:zombie-dice:seed="), "%s", out);
    free(out);
    cr_expect_eq(cli(&out, "db", "query", "readings-differ", "--param", "variant=shortage-order", "--db", dbp,
                     "--format", "csv", NULL),
                 0);
    cr_expect(strstr(out, "return-first") && strstr(out, "cup-first"), "%s", out);
    free(out);
    free(dbp);
}

Test(zd_db, every_named_query_runs_and_has_a_header)
{
    char *dbp = strdup(path_in("q.db")), *out;
    cr_assert_eq(cli(&out, "sim", "zombie-dice", "--games", "500", "--db", dbp, NULL), 0);
    free(out);
    cr_assert_eq(cli(&out, "golden", "check", "--dir", UD_SOURCE_DIR "/golden", "--db", dbp, NULL), 0);
    free(out);
    db *d = open_ok(dbp);
    int n = 0;
    for (const db_named_sql *s = db_queries; s->name; s++, n++) {
        nq_query q;
        cr_assert(nq_find(s->name, &q));
        cr_expect_gt(strlen(q.summary), 10, "%s: no summary line", s->name);
        char *values[NQ_MAX_PARAMS];
        char buf[NQ_MAX_PARAMS][64];
        int nv = 0;
        for (int i = 0; i < q.n_params; i++) {
            if (!q.params[i].required)
                continue;
            const char *v = !strcmp(q.params[i].name, "rule")      ? "ZD-BUST"
                            : !strcmp(q.params[i].name, "variant") ? "shortage-order"
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
        cr_expect_eq(rc, SQLITE_DONE, "%s: %s", s->name, sqlite3_errmsg(db_sqlite(d)));
        sqlite3_finalize(st);
        ud_buf_free(&err);
    }
    cr_expect_geq(n, 8);
    db_close(d);
    /* the edge cases the golden files hold are found */
    cr_expect_eq(cli(&out, "db", "query", "shortage-two-shotguns", "--db", dbp, NULL), 0);
    cr_expect(strstr(out, "001-shortage-return-first.in") && strstr(out, "shotguns=2"), "%s", out);
    free(out);
    cr_expect_eq(cli(&out, "db", "query", "tiebreak-decided", "--db", dbp, "--format", "json", NULL), 0);
    cr_expect(strstr(out, "tiebreak-one-round-broken.in"), "%s", out);
    free(out);
    cr_expect_eq(
        cli(&out, "db", "query", "zombie_dice/tiebreak-decided", "--db", dbp, "--format", "json", NULL), 0);
    cr_expect(strstr(out, "tiebreak-one-round-broken.in"), "%s", out);
    free(out);
    cr_expect_eq(cli(&out, "db", "query", "no-such-query", "--db", dbp, NULL), 2);
    free(out);
    cr_expect_eq(cli(&out, "db", "query", "rule-cases", "--db", dbp, NULL), 2);
    free(out);
    free(dbp);
}

/* Every case with players has one outcome row per seat, agreeing with its
 * winner column: one 'won' seat for a named winner, the top-scoring seats
 * 'shared' for a shared win, and 'lost' for the others. */
Test(zd_db, every_case_has_its_seats_outcomes)
{
    char *dbp = strdup(path_in("o.db")), *out;
    cr_assert_eq(cli(&out, "sim", "zombie-dice", "--games", "20", "--players", "a,b,c", "--db", dbp, NULL),
                 0);
    free(out);
    cr_assert_eq(cli(&out, "check", "--db", dbp,
                     UD_SOURCE_DIR "/golden/zombie_dice/endgame/tiebreak-one-round-stands.in",
                     UD_SOURCE_DIR "/golden/zombie_dice/endgame/final-turn.in", NULL),
                 0);
    free(out);
    db *d = open_ok(dbp);
    sqlite3 *h = db_sqlite(d);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases"), 22);
    /* as many seats as the outcome text lists scores ("... scores=a:13,b:9") */
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases c, (SELECT substr(outcome, instr(outcome, 'scores=')"
                            " + 7) AS s, id FROM cases) x WHERE x.id = c.id AND (SELECT count(*) FROM"
                            " case_outcomes o WHERE o.case_id = c.id) <> length(x.s) - length(replace(x.s,"
                            " ',', '')) + 1"),
                 0);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM case_outcomes"), 20 * 3 + 2 + 3);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases c WHERE c.winner NOT LIKE '*%' AND"
                            " (SELECT count(*) FROM case_outcomes o WHERE o.case_id = c.id"
                            "  AND o.outcome = 'won' AND o.player = c.winner) <> 1"),
                 0);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases c WHERE (SELECT count(*) FROM case_outcomes o"
                            " WHERE o.case_id = c.id AND o.outcome = 'won') <> (c.winner NOT LIKE '*%')"),
                 0);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM cases WHERE winner = '*shared*'"), 1);
    cr_expect_geq(one_int(h, "SELECT count(*) FROM case_outcomes o JOIN cases c ON c.id = o.case_id"
                             " WHERE c.winner = '*shared*' AND o.outcome = 'shared'"),
                  2);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM case_outcomes o JOIN cases c ON c.id = o.case_id"
                            " WHERE c.winner = '*shared*' AND o.outcome = 'shared' AND o.score <>"
                            " (SELECT max(score) FROM case_outcomes t WHERE t.case_id = o.case_id)"),
                 0);
    cr_expect_eq(one_int(h, "SELECT count(*) FROM case_outcomes WHERE outcome = 'lost'"),
                 one_int(h, "SELECT count(*) FROM case_outcomes") -
                     one_int(h, "SELECT count(*) FROM case_outcomes WHERE outcome IN ('won', 'shared')"));
    db_close(d);
    free(dbp);
}
