/*
 * test_blame_snapshot.c - `undead check`'s blame plays a change that
 * leaves the game before the step as it is from a snapshot of the step's
 * start (core/blame.c, "changes played from a snapshot"), and every other
 * change in a worker process that plays a search's trials one after
 * another ("trials in a worker process"): on departing records of every
 * game (a line deleted, a decision deleted, two lines swapped, the record
 * cut), it names the same rule with the same evidence as the slow way,
 * where every change is played over the whole record: in the worker too,
 * and for the first game's first departing record in a child of its own
 * per change, the way before the worker, which is the dearest by far (a
 * fork and exit per change); and some of its changes were played from a
 * snapshot, some in the worker.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The lines of text, split in place (text is changed); how many. */
static int split_lines(char *text, char **line, int max)
{
    int n = 0;
    for (char *p = text; *p && n < max;) {
        line[n++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    return n;
}

/* The record of line[0..n), line `skip` left out (-1: none), lines a and
 * b swapped (a == b: none), malloc'd. */
static char *joined(char **line, int n, int skip, int a, int b)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(line[i]) + 1;
    char *out = malloc(len), *p = out;
    cr_assert_not_null(out);
    for (int i = 0; i < n; i++) {
        if (i == skip)
            continue;
        const char *l = line[i == a ? b : i == b ? a : i];
        size_t k = strlen(l);
        memcpy(p, l, k);
        p[k] = '\n';
        p += k + 1;
    }
    *p = '\0';
    return out;
}

static void expect_same_change(const ud_blame_change *x, const ud_blame_change *y, const char *what)
{
    cr_expect(
        x->kind == y->kind && x->key == y->key && x->value == y->value && x->rule == y->rule &&
            x->op == y->op && x->amount == y->amount && x->amount_i == y->amount_i &&
            x->number == y->number && x->shift == y->shift && strcmp(x->amount_name, y->amount_name) == 0,
        "%s: a change differs (%s, %s)", what, x->rule ? x->rule->id : "-", y->rule ? y->rule->id : "-");
}

/* The blame of text both ways, compared; whether it departs.  When
 * *fork and it departs, the slow way's trials each ran in a child of their
 * own (else in the worker), and *fork is cleared. */
static bool same_both_ways(const char *text, const char *what, bool *fork)
{
    run fast, slow;
    ud_blame bf, bs;
    char ef[2048], es[2048];
    ud_blame_use_snapshots(true);
    ud_blame_use_worker(true);
    run_blamed(&fast, text, &bf, ef, sizeof ef);
    bool forked = *fork && fast.status == RUN_CHECK_ERROR;
    *fork &= !forked;
    ud_blame_use_snapshots(false);
    ud_blame_use_worker(!forked);
    run_blamed(&slow, text, &bs, es, sizeof es);
    ud_blame_use_snapshots(true);
    ud_blame_use_worker(true);
    cr_assert_eq(fast.status, slow.status, "%s", what);
    bool departs = fast.status == RUN_CHECK_ERROR;
    if (departs) {
        cr_expect_str_eq(fast.err.rule, slow.err.rule, "%s", what);
        cr_expect_str_eq(ef, es, "%s", what);
        cr_expect_eq(bf.kind, bs.kind, "%s", what);
        cr_expect_eq(bf.n_found, bs.n_found, "%s", what);
        cr_expect_eq(bf.n_rows, bs.n_rows, "%s", what);
        cr_expect_eq(bf.from_play, bs.from_play, "%s", what);
        for (int i = 0; i < bf.n_found && i < bs.n_found && i < UD_BLAME_SHOWN; i++)
            expect_same_change(&bf.found[i], &bs.found[i], what);
        for (int i = 0; i < bf.n_rows && i < bs.n_rows; i++)
            cr_expect(bf.rows[i] == bs.rows[i], "%s: row %d differs", what, i);
        cr_expect((bf.what == NULL) == (bs.what == NULL) && (!bf.what || strcmp(bf.what, bs.what) == 0), "%s",
                  what);
    }
    run_free(&fast);
    run_free(&slow);
    return departs;
}

/* The first body line: the first decide line's index, or n. */
static int first_decide(char **line, int n, int from)
{
    for (int i = from; i < n; i++)
        if (strncmp(line[i], "decide ", 7) == 0)
            return i;
    return n;
}

/* How much of a game's record each comparison keeps.  The slow way plays
 * every change (about a thousand) over the whole record to the step, so
 * its cost grows with the record: a few dozen plays reach every kind of
 * step (a decision, a roll, a turn's end) in each game, which is what the
 * comparison needs; the sanitizer build runs every trial's child 5 to 15
 * times slower. */
#ifdef UD_TEST_SANITIZED
enum { MAX_LINES = 200000, BODY_MAX = 60 };
#else
enum { MAX_LINES = 200000, BODY_MAX = 120 };
#endif

/* g's seeded games with players, each record changed in the ways of the
 * mask `ways` (bit k: how[k]): the departing ones compared, with
 * fork_first the first of them with a child per change on the slow way
 * (*forked set); how many departed.  (A comparison plays some two
 * thousand trials: the records are few.) */
static int compare_game(const ud_game *g, int players, int games, int ways, bool fork_first, bool *forked)
{
    bool fork = fork_first;
    int departing = 0;
    char **line = malloc(MAX_LINES * sizeof *line);
    cr_assert_not_null(line);
    for (int seed = 1; seed <= games; seed++) {
        ud_result res;
        char *text = play_text(g, players, NULL, (uint64_t)seed, &res, NULL);
        int n = split_lines(text, line, MAX_LINES);
        int body = first_decide(line, n, 0);
        /* a long game's first lines only: every change is played twice
         * over them (the slow way is what the snapshot saves) */
        if (n > body + BODY_MAX)
            n = body + BODY_MAX;
        if (n - body < 8) {
            free(text);
            continue;
        }
        int half = body + (n - body) / 2, third = first_decide(line, n, body + (n - body) / 3);
        int quarter3 = body + 3 * (n - body) / 4;
        char *mutant[4] = { joined(line, n, half, 0, 0), joined(line, n, third < n ? third : -1, 0, 0),
                            joined(line, n, -1, quarter3, quarter3 + 1),
                            joined(line, body + 6 * (n - body) / 10, -1, 0, 0) };
        static const char *const how[4] = { "a line deleted", "a decision deleted", "two lines swapped",
                                            "the record cut" };
        for (int k = 0; k < 4; k++) {
            if (!(ways >> k & 1)) {
                free(mutant[k]);
                continue;
            }
            char what[160];
            snprintf(what, sizeof what, "%s, %d players, seed %d: %s", g->name, players, seed, how[k]);
            departing += same_both_ways(mutant[k], what, &fork);
            free(mutant[k]);
        }
        free(text);
    }
    free(line);
    *forked = fork_first && !fork;
    return departing;
}

/* The child per change, the dearest way (a fork and exit each), is
 * game-agnostic code: both builds play it on the first game only.  So
 * are the four ways of changing a record: the sanitizer build (where a
 * snapshot's fork too costs several times more) changes each game's
 * record in two of them, the first two ways and the last two by turns,
 * every way on some game. */
#ifdef UD_TEST_SANITIZED
static int ways_for(int game) { return game % 2 ? 0xc : 0x3; }
#else
static int ways_for(int game) { return (void)game, 0xf; }
#endif

Test(blame_snapshot, same_blame_on_every_game, .timeout = 1800)
{
    uint64_t before = ud_blame_snapshot_trials(), in_worker = ud_blame_worker_trials();
    uint64_t died = ud_blame_died_trials();
    int game = 0;
    FOR_EACH_GAME(g)
    {
        int players = g->min_players > 2 ? g->min_players : 2 <= g->max_players ? 2 : g->max_players;
        bool forked, fork_first = game == 0;
        int departing = compare_game(g, players, 1, ways_for(game), fork_first, &forked);
        cr_expect_geq(departing, 1, "%s: no departing record compared", g->name);
        cr_expect(forked || !fork_first, "%s: no departing record compared with a child per change", g->name);
        game++;
    }
    /* the snapshot was used: else nothing above compared it */
    cr_expect_gt(ud_blame_snapshot_trials(), before, "no change was played from a snapshot");
    cr_expect_gt(ud_blame_worker_trials(), in_worker, "no change was played in the worker");
    /* a changed row's effect that finds its precondition unmet fails the
     * step (ud_effect_unmet): no trial's process dies of it (under the
     * sanitizers, undefined behaviour would halt it) */
    cr_expect_eq(ud_blame_died_trials(), died, "%llu trials ended their process without an answer",
                 (unsigned long long)(ud_blame_died_trials() - died));
}

/* Six players: the same comparison on a longer table of seats.  The
 * sanitizer build leaves it to the plain build: it plays the same code as
 * the test above (a snapshot's fork several times dearer there), and that
 * test already runs every game under the sanitizers. */
#ifndef UD_TEST_SANITIZED
Test(blame_snapshot, same_blame_six_players, .timeout = 1800)
{
    uint64_t before = ud_blame_snapshot_trials(), in_worker = ud_blame_worker_trials();
    FOR_EACH_GAME(g)
    {
        if (g->max_players < 6)
            continue;
        /* a line deleted and the record cut: the other two ways are
         * the test above's, with fewer players; the slow way in the
         * worker (the child per change is the test above's, on its
         * first game) */
        bool forked;
        cr_expect_geq(compare_game(g, 6, 1, 0x9, false, &forked), 1, "%s: no departing record compared",
                      g->name);
    }
    cr_expect_gt(ud_blame_snapshot_trials(), before, "no change was played from a snapshot");
    cr_expect_gt(ud_blame_worker_trials(), in_worker, "no change was played in the worker");
}
#endif
