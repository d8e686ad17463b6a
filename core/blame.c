/*
 * blame.c - which rule a departure breaks, by evidence (see blame.h): the
 * changes of a step's rules tried one by one in a child process, the
 * evidence and the rule written for a report, and `undead check`'s step.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L
#include "blame.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "extras.h"

/* ---- one change ---------------------------------------------------------------- */

static bool never(const void *state, const ud_step *s)
{
    (void)state;
    (void)s;
    return false;
}

static void skipped(void *state, ud_step *s)
{
    (void)state;
    (void)s;
}

/* The effect applied twice: C has no closures, and a change is made in a
 * child process that plays one changed step, so the row's own effect
 * waits here while it runs. */
static void (*twice_of)(void *state, ud_step *s);
static void twice(void *state, ud_step *s)
{
    twice_of(state, s);
    if (s->fail.kind == UD_FAIL_NONE)
        twice_of(state, s);
}

static bool change_row(ud_row *row, ud_mutant_op op)
{
    switch (op) {
    case UD_MUT_GUARD_NEVER:
        row->guard = never;
        return true;
    case UD_MUT_GUARD_ALWAYS:
        if (!row->guard || row->guard == ud_always)
            return false;
        row->guard = ud_always;
        return true;
    case UD_MUT_EFFECT_SKIP:
        row->effect = skipped;
        return true;
    case UD_MUT_EFFECT_TWICE:
        twice_of = row->effect;
        row->effect = twice;
        return true;
    default:
        return false;
    }
}

/* ---- amount changes ------------------------------------------------------------ */

/* A row's change to one amount made otherwise (blame.h, ud_blame_amount),
 * the row's own effect waiting here as twice's does. */
static void (*amount_of)(void *state, ud_step *s);
static ud_blame_amount amount_op;
static int amount_at;

static int changed_amount(ud_blame_amount op, int before, int after)
{
    int d = after - before, way = d > 0 ? 1 : -1;
    switch (op) {
    case UD_AMOUNT_FORGET:
        return before;
    case UD_AMOUNT_CAP_ONE:
        return d > 1 || d < -1 ? before + way : after;
    case UD_AMOUNT_ONE_MORE:
        return d ? after + way : after;
    case UD_AMOUNT_ONE_LESS:
        return d ? after - way : after;
    default:
        return after;
    }
}

static void amount_changed(void *state, ud_step *s)
{
    const ud_game *g = s->table->game;
    int before = g->amount(state, amount_at, NULL);
    amount_of(state, s);
    if (s->fail.kind != UD_FAIL_NONE)
        return;
    int after = g->amount(state, amount_at, NULL);
    int v = changed_amount(amount_op, before, after);
    if (v != after)
        g->amount(state, amount_at, &v);
}

/* The reference step watched: for each row and amount, the largest change
 * the row made to it in one firing of the step (at most 255), in memory
 * the parent shares; firings outside the step (the game before it, which
 * a trial plays again) are not the step's, told by the firing counts the
 * step is given. */
static uint8_t *watch_moved;
static const uint64_t *watch_fired;

static void amount_watched(void *state, ud_step *s)
{
    const ud_game *g = s->table->game;
    int before[UD_MAX_AMOUNTS];
    for (int i = 0; i < g->n_amounts; i++)
        before[i] = g->amount(state, i, NULL);
    s->rule->effect(state, s);
    if (s->fail.kind != UD_FAIL_NONE || s->fired != watch_fired)
        return;
    uint8_t *moved = &watch_moved[ud_game_rule_index(g, s->rule) * UD_MAX_AMOUNTS];
    for (int i = 0; i < g->n_amounts; i++) {
        int d = g->amount(state, i, NULL) - before[i];
        d = d < 0 ? -d : d;
        if (d > moved[i])
            moved[i] = (uint8_t)(d > 255 ? 255 : d);
    }
}

static bool has_amounts(const ud_game *g)
{
    return g->amount && g->n_amounts > 0 && g->n_amounts <= UD_MAX_AMOUNTS;
}

/* Every row of t watched (the table interpreted: the compiled runner
 * does not look at the rows). */
static void watch_amounts(ud_table *t)
{
    t->interpret = true;
    for (int i = 0; i < UD_MAX_RULES + 2 * UD_MAX_PHASES; i++)
        if (t->row[i].effect && t->row[i].rule && t->row[i].kind == UD_ROW_EFFECT)
            t->row[i].effect = amount_watched;
}

bool ud_blame_apply(const ud_blame_change *c, ud_table *t, ud_setup *setup)
{
    const ud_game *g = t->game;
    if (c->kind == UD_BLAME_NONE)
        return true; /* the step as played: the reference */
    if (c->kind == UD_BLAME_READING) {
        if (setup->variant[c->key] == c->value)
            return false;
        setup->variant[c->key] = c->value;
        ud_table_build(t, g, setup->variant);
        return true;
    }
    /* the compiled runner does not look at the rows: interpret them */
    t->interpret = true;
    for (int i = 0; i < UD_MAX_RULES + 2 * UD_MAX_PHASES; i++) {
        if (t->row[i].rule != c->rule || !t->row[i].effect)
            continue;
        if (c->amount == UD_AMOUNT_NONE)
            return change_row(&t->row[i], c->op);
        if (c->number) {
            if (c->amount_i < 0 || c->amount_i >= g->n_numbers || c->amount_i >= UD_MAX_NUMBERS ||
                c->shift == 0 || c->shift < INT8_MIN || c->shift > INT8_MAX)
                return false;
            t->number_shift[c->amount_i] = (int8_t)c->shift;
            return true;
        }
        if (!has_amounts(g) || c->amount_i < 0 || c->amount_i >= g->n_amounts)
            return false;
        amount_of = t->row[i].effect;
        amount_op = c->amount;
        amount_at = c->amount_i;
        t->row[i].effect = amount_changed;
        return true;
    }
    return false;
}

/* ---- trials in child processes ---------------------------------------------------- */

/* In a trial's child: where it notes the row that ran short of outcomes
 * (shared with the parent; NULL outside a trial). */
static int16_t *trial_short;

void ud_blame_trial_short(const ud_game *g, const ud_rule *r)
{
    int i = r ? ud_game_rule_index(g, r) : -1;
    if (trial_short && i >= 0 && i < g->n_rules && i < UD_MAX_RULES)
        *trial_short = (int16_t)i;
}

/* A change played from a snapshot instead (ud_blame_check's, below):
 * whether c explains the step (1) or not (0), its firings in fired; -1:
 * not from a snapshot, play it whole.  c NULL: the search is over. */
typedef int (*snapshot_trial)(void *ctx, const ud_blame_change *c, uint64_t *fired);

typedef struct search {
    const ud_table *base;
    const ud_setup *setup;
    ud_blame_trial trial;
    snapshot_trial snapshot; /* NULL: every change played whole */
    void *ctx;
    uint64_t *fired;               /* shared with the child: the changed step's firings */
    uint8_t *moved;                /* shared: the reference step's amount changes (watch_moved) */
    int16_t *short_row;            /* shared: the row the changed step ran short in, or -1 */
    uint64_t ref[UD_MAX_RULES];    /* the step's firings under the rules as they are */
    uint64_t cost[UD_BLAME_SHOWN]; /* of each change kept in the blame */
    int untried;                   /* changes not played: the blame's bound had passed */
    pid_t worker;                  /* its trials' process (0: none now) */
    int to, from;                  /* the worker's requests and answers */
    int served;                    /* trials the worker has played */
} search;

/* ---- the time bound ----------------------------------------------------------------- */

static unsigned bound_seconds = UD_BLAME_SECONDS_DEFAULT;
static double bound_end; /* CLOCK_MONOTONIC seconds; 0: no bound running */

void ud_blame_set_seconds(unsigned seconds) { bound_seconds = seconds; }

static double monotonic_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A blame begins: its bound runs from now. */
static void bound_begin(void) { bound_end = bound_seconds ? monotonic_now() + bound_seconds : 0; }

/* The seconds the blame has left (at most `cap`), 0 when its bound has
 * passed. */
static unsigned bound_left(unsigned cap)
{
    if (bound_end == 0)
        return cap;
    double left = bound_end - monotonic_now();
    if (left <= 0)
        return 0;
    return left >= cap ? cap : (unsigned)left + 1;
}

/* Note on b that the bound cut the blame short. */
static void bound_reached(ud_blame *b) { b->bound_seconds = bound_seconds; }

/* In a trial's child: its messages are not the run's (a changed row may
 * fail loudly), and a trial that runs past 10 seconds, or past the
 * blame's bound, explains nothing. */
static void trial_child_begins(void)
{
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
        dup2(null, 1);
        dup2(null, 2);
    }
    unsigned left = bound_left(10);
    alarm(left ? left : 1);
}

/* In a trial's process (a child of its own, or the worker below): change
 * c made in t, a copy of the search's table, and in a copy of its setup,
 * then played by trial.  What a change or a trial sets of this file's
 * statics is set afresh first. */
static bool trial_played(const search *se, ud_blame_trial trial, const ud_blame_change *c, ud_table *t)
{
    twice_of = NULL;
    amount_of = NULL;
    amount_op = UD_AMOUNT_NONE;
    amount_at = 0;
    watch_moved = NULL;
    watch_fired = NULL;
    trial_short = se->short_row;
    ud_setup setup = *se->setup;
    *t = *se->base;
    if (!ud_blame_apply(c, t, &setup))
        return false;
    if (c->kind == UD_BLAME_NONE && se->moved) { /* the reference: its amount changes watched */
        watch_moved = se->moved;
        watch_fired = se->fired;
        watch_amounts(t);
    }
    return trial(se->ctx, t, &setup, se->fired);
}

/* ---- trials in a worker process ----------------------------------------------------- */

/* Why a worker.  Each trial once ran in a child of its own, forked for
 * it and ended by it: on a process the size of undead's that costs some
 * milliseconds of system time (its page tables copied, its pages faulted
 * in again as either side writes them, the other processor's TLB
 * flushed), more than many a trial's own play, a thousand times or two
 * in a blame.  So a search forks one worker (at its first trial played
 * whole) that plays its trials one after the other: the parent writes
 * it a request (the change by value: its rule points into the game's
 * static rules, nothing on the heap; the trial function; the seconds
 * the trial may run), and the worker answers 10 or 11, as a child's exit
 * status said.
 *
 * Why a trial there ends as it would in a child of its own.  The worker
 * is forked from the parent during the search, and the parent changes
 * nothing a trial reads until the search ends (the table, the setup, the
 * caller's ctx), so the worker starts from what a fresh child would.
 * What a trial changes is set afresh before the next (trial_played): the
 * table and the setup are copied from the parent's again, the change
 * made in the copies; this file's statics that a change or the reference
 * sets (twice_of, amount_of, amount_op, amount_at, watch_moved,
 * watch_fired) and trial_short; the alarm, armed for each trial with the
 * seconds a child had (trial_child_begins).  The parent zeroes the
 * shared counts (fired, short_row) before each request, as it did before
 * each fork.  Anything else a trial leaves behind is memory: what it
 * leaks, and the games' caches, which hold only what they would work
 * out again; so the worker is replaced every WORKER_TRIALS trials.  A
 * trial that crashes or runs past its alarm ends the worker as it ended
 * its child: the parent reads no answer, counts the change as explaining
 * nothing, reaps the worker and starts another for the next trial.
 *
 * The worker ends with its search, before the snapshot helper
 * (snapshot_trial_of): a worker forked after the helper holds the pipe
 * the helper waits to see closed. */

/* Trials played in a worker unless a test compares with the old way. */
static bool workers = true;
static uint64_t worker_trials, died_trials;

void ud_blame_use_worker(bool on) { workers = on; }

uint64_t ud_blame_worker_trials(void) { return worker_trials; }

uint64_t ud_blame_died_trials(void) { return died_trials; }

/* A trial child's wait status as its verdict (exit 10: it explains the
 * step, 11: it does not); any other end is a trial that died, counted. */
static bool trial_verdict_of(int status)
{
    if (!WIFEXITED(status) || (WEXITSTATUS(status) != 10 && WEXITSTATUS(status) != 11))
        died_trials++;
    return WIFEXITED(status) && WEXITSTATUS(status) == 10;
}

enum { WORKER_TRIALS = 128 };

typedef struct trial_request {
    ud_blame_change c;
    ud_blame_trial trial;
    unsigned seconds; /* its alarm */
} trial_request;

static bool write_all(int fd, const void *p, size_t n)
{
    const char *b = p;
    while (n > 0) {
        ssize_t w = write(fd, b, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        b += w;
        n -= (size_t)w;
    }
    return true;
}

static bool read_all(int fd, void *p, size_t n)
{
    char *b = p;
    while (n > 0) {
        ssize_t r = read(fd, b, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        b += r;
        n -= (size_t)r;
    }
    return true;
}

/* The worker's side: standard output and error as a trial's child has
 * them, then a trial for each request until the parent ends it. */
static void worker_serves(const search *se, int in, int out)
{
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
        dup2(null, 1);
        dup2(null, 2);
    }
    ud_table *t = malloc(sizeof *t);
    trial_request rq;
    while (read_all(in, &rq, sizeof rq)) {
        alarm(rq.seconds);
        unsigned char verdict = t && trial_played(se, rq.trial, &rq.c, t) ? 10 : 11;
        alarm(0);
        if (!write_all(out, &verdict, sizeof verdict))
            break;
    }
    _exit(0);
}

static void worker_end(search *se)
{
    if (se->worker <= 0)
        return;
    close(se->to);
    close(se->from);
    kill(se->worker, SIGKILL);
    while (waitpid(se->worker, NULL, 0) < 0 && errno == EINTR)
        ;
    se->worker = 0;
}

static bool worker_begin(search *se)
{
    int req[2], ans[2];
    if (pipe(req) != 0)
        return false;
    if (pipe(ans) != 0) {
        close(req[0]);
        close(req[1]);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(req[1]);
        close(ans[0]);
        /* above 2 (undead started with its output closed), so that
         * worker_serves's /dev/null does not take their place */
        int in = fcntl(req[0], F_DUPFD, 3), out = fcntl(ans[1], F_DUPFD, 3);
        if (in < 0 || out < 0)
            _exit(0);
        close(req[0]);
        close(ans[1]);
        worker_serves(se, in, out);
    }
    close(req[0]);
    close(ans[1]);
    if (pid < 0) {
        close(req[1]);
        close(ans[0]);
        return false;
    }
    se->worker = pid;
    se->to = req[1];
    se->from = ans[0];
    se->served = 0;
    return true;
}

/* n bytes written to a helper process (the worker, a snapshot) with
 * SIGPIPE held back: a helper that died (killed from outside, out of
 * memory) between two trials leaves the pipe without a reader, and the
 * signal would end undead itself; the write fails instead (EPIPE), and a
 * SIGPIPE it raised is taken off. */
static bool sent(int fd, const void *p, size_t n)
{
    sigset_t pipe_sig, old;
    sigemptyset(&pipe_sig);
    sigaddset(&pipe_sig, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_sig, &old);
    bool ok = write_all(fd, p, n);
    if (!ok && errno == EPIPE) {
        const struct timespec now = { 0, 0 };
        while (sigtimedwait(&pipe_sig, NULL, &now) < 0 && errno == EINTR)
            ;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return ok;
}

/* Change c played in the search's worker (one that dies explains
 * nothing). */
static bool worker_trial(search *se, const ud_blame_change *c)
{
    if (se->worker > 0 && se->served >= WORKER_TRIALS)
        worker_end(se); /* its memory bounded */
    if (se->worker <= 0 && !worker_begin(se))
        return false;
    unsigned left = bound_left(10);
    trial_request rq;
    memset(&rq, 0, sizeof rq);
    rq.c = *c;
    rq.trial = se->trial;
    rq.seconds = left ? left : 1;
    se->served++;
    worker_trials++;
    unsigned char verdict = 0;
    if (!sent(se->to, &rq, sizeof rq) || !read_all(se->from, &verdict, sizeof verdict)) {
        worker_end(se); /* dead: another for the next trial */
        died_trials++;
        return false;
    }
    return verdict == 10;
}

/* Whether change c explains the step, played in the worker, or in a
 * child of its own (a trial that crashes, or runs past 10 seconds,
 * explains nothing). */
static bool isolated(search *se, const ud_blame_change *c)
{
    if (c->kind != UD_BLAME_NONE && bound_left(1) == 0) {
        se->untried++;
        return false;
    }
    fflush(NULL);
    memset(se->fired, 0, UD_MAX_RULES * sizeof se->fired[0]);
    if (se->short_row)
        *se->short_row = -1;
    int from_snapshot = se->snapshot && c->kind != UD_BLAME_NONE ? se->snapshot(se->ctx, c, se->fired) : -1;
    if (from_snapshot >= 0)
        return from_snapshot == 1;
    if (workers)
        return worker_trial(se, c);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        trial_child_begins();
        ud_table *t = malloc(sizeof *t);
        _exit(t && trial_played(se, se->trial, c, t) ? 10 : 11);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        ;
    return trial_verdict_of(status);
}

/* How far the changed step's firings are from the step as the rules
 * play it: of the changes that explain a step, the one that disturbs
 * least comes first (the row a fault is in usually changes only what the
 * other side shows; a change elsewhere that happens to make the same
 * lines sets other rows firing too).  A row changed by c counts as it
 * took effect: with its effect skipped it fired in name only (else that
 * change would always cost nothing where the row fires anyway, and come
 * before the reading or the guard that does the same), applied twice it
 * fired twice. */
static uint64_t disturbance(const search *se, const ud_blame_change *c)
{
    const ud_game *g = se->base->game;
    uint64_t d = 0;
    for (int r = 0; r < UD_MAX_RULES; r++) {
        uint64_t f = se->fired[r];
        /* a firing cut short by a refusal counts as the rules' own step
         * has it, before the change's operator (ud_blame_trial_short) */
        if (se->short_row && r == *se->short_row && f < se->ref[r])
            f++;
        if (c->kind == UD_BLAME_ROW && r < g->n_rules && c->rule == &g->rules[r])
            f = c->op == UD_MUT_EFFECT_SKIP ? 0 : c->op == UD_MUT_EFFECT_TWICE ? 2 * f : f;
        d += f > se->ref[r] ? f - se->ref[r] : se->ref[r] - f;
    }
    return d;
}

static void reading_rows(ud_blame *b, const ud_game *g, int key, const uint64_t *ref, const uint64_t *fired);

/* Keep c among the UD_BLAME_SHOWN least disturbing, in order: readings
 * and single rows ranked together, a tie keeping the order tried (the
 * readings first, then the rows in table order).  Both kinds reproduce
 * the whole step; the one that sets fewer of the step's rows firing
 * otherwise is the more specific explanation.  A reading swaps every row
 * of its key at once, so a single row that explains the step while
 * changing less (ZD-GOAL-FINISH-ROUND's guard never holding, against
 * end=final-turn, which also sets ZD-GOAL-FINAL-TURN firing) comes
 * first; at equal cost the reading does (an implementation of another
 * reading is no broken row). */
static void found(search *se, ud_blame *b, const ud_blame_change *c)
{
    uint64_t cost = disturbance(se, c);
    int n = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    int at = n;
    while (at > 0 && se->cost[at - 1] > cost)
        at--;
    /* An amount or a number never before a reading that plays the step
     * too (tried first, so already here): another reading is the texts'
     * own open question, and a hidden change that plays it as cheaply is
     * no narrower explanation of it. */
    for (int i = 0; c->amount != UD_AMOUNT_NONE && i < n; i++)
        if (b->found[i].kind == UD_BLAME_READING && at <= i)
            at = i + 1;
    b->n_found++;
    if (at == UD_BLAME_SHOWN)
        return;
    int last = n < UD_BLAME_SHOWN ? n : UD_BLAME_SHOWN - 1;
    for (int i = last; i > at; i--) {
        b->found[i] = b->found[i - 1];
        se->cost[i] = se->cost[i - 1];
    }
    b->found[at] = *c;
    se->cost[at] = cost;
    if (at == 0) { /* a reading named first: its rows that fired in the step */
        b->n_rows = 0;
        if (c->kind == UD_BLAME_READING)
            reading_rows(b, se->base->game, c->key, se->ref, se->fired);
    }
}

/* The rows of key that fired in a reading's step: its rows.  Where the
 * other reading fires none of them, the rows of key the rules fire there
 * (which it switches off: the other side never declares the last player
 * standing the winner, and under last-standing=plays-on no row of the key
 * fires where ZC-LAST-STANDING does). */
static void reading_rows(ud_blame *b, const ud_game *g, int key, const uint64_t *ref, const uint64_t *fired)
{
    for (int pass = 0; pass < 2 && !b->n_rows; pass++) {
        const uint64_t *f = pass ? ref : fired;
        for (int r = 0; r < g->n_rules && b->n_rows < UD_BLAME_SHOWN; r++)
            if (f[r] && ud_rule_depends_on(&g->rules[r], key))
                b->rows[b->n_rows++] = &g->rules[r];
    }
}

/* A reading named first with none of its rows fired in the step (a
 * setup row's reading, met steps later: start-items=none plays the step
 * as DL-STREET-MAP's guard never holding does): the rows of its key whose
 * single changes explain the step as well, as ranked by same (the same
 * cost in the search, the same verdict of play after it). */
static void reading_tied_rows(ud_blame *b, bool (*same)(const ud_blame *b, int i))
{
    if (b->kind != UD_BLAME_READING || b->n_rows || !b->n_found)
        return;
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    for (int i = 1; i < shown && b->n_rows < UD_BLAME_SHOWN; i++) {
        const ud_blame_change *c = &b->found[i];
        if (c->kind != UD_BLAME_ROW || !same(b, i) || !ud_rule_depends_on(c->rule, b->found[0].key))
            continue;
        bool have = false;
        for (int k = 0; k < b->n_rows; k++)
            have |= b->rows[k] == c->rule;
        if (!have)
            b->rows[b->n_rows++] = c->rule;
    }
}

static bool same_cost(const ud_blame *b, int i) { return b->cost[i] == b->cost[0]; }

static void try_readings(search *se, ud_blame *b)
{
    const ud_game *g = se->base->game;
    for (int v = 0; v < g->n_variants; v++)
        for (int x = 0; x < g->variants[v].n_values; x++) {
            ud_blame_change c = { .kind = UD_BLAME_READING, .key = v, .value = x };
            if (x == se->setup->variant[v] || !isolated(se, &c))
                continue;
            found(se, b, &c);
        }
}

static const ud_mutant_op row_ops[] = { UD_MUT_GUARD_NEVER, UD_MUT_GUARD_ALWAYS, UD_MUT_EFFECT_SKIP,
                                        UD_MUT_EFFECT_TWICE };

static void try_rows(search *se, ud_blame *b)
{
    const ud_game *g = se->base->game;
    for (int r = 0; r < g->n_rules; r++) {
        if (!se->base->active[r])
            continue;
        for (size_t k = 0; k < sizeof row_ops / sizeof row_ops[0]; k++) {
            ud_blame_change c = { .kind = UD_BLAME_ROW, .rule = &g->rules[r], .op = row_ops[k] };
            if (isolated(se, &c))
                found(se, b, &c);
        }
    }
}

static const char *const amount_words[] = { [UD_AMOUNT_FORGET] = "not made",
                                            [UD_AMOUNT_CAP_ONE] = "capped at one",
                                            [UD_AMOUNT_ONE_MORE] = "one more",
                                            [UD_AMOUNT_ONE_LESS] = "one less" };

/* Each row's change to each amount it changed in the step, made
 * otherwise: not made, capped at one and one less only where it changed
 * it by more than one (else they are "not made" again).  Tried after the
 * rows' own operators, so that at equal cost the operator of `undead
 * mutate` comes first. */
static void try_amounts(search *se, ud_blame *b)
{
    const ud_game *g = se->base->game;
    for (int r = 0; r < g->n_rules; r++)
        for (int i = 0; i < g->n_amounts; i++) {
            int moved = se->moved[r * UD_MAX_AMOUNTS + i];
            for (ud_blame_amount op = UD_AMOUNT_FORGET; moved && op <= UD_AMOUNT_ONE_LESS; op++) {
                if (moved == 1 && (op == UD_AMOUNT_CAP_ONE || op == UD_AMOUNT_ONE_LESS))
                    continue;
                ud_blame_change c = {
                    .kind = UD_BLAME_ROW, .rule = &g->rules[r], .op = UD_MUT_NONE, .amount = op, .amount_i = i
                };
                if (!isolated(se, &c))
                    continue;
                ud_buf name;
                ud_buf_init(&name);
                if (g->amount_name)
                    g->amount_name(se->setup, i, &name);
                else
                    ud_buf_printf(&name, "amount %d", i + 1);
                snprintf(c.amount_name, sizeof c.amount_name, "%s", ud_buf_str(&name));
                ud_buf_free(&name);
                found(se, b, &c);
            }
        }
}

/* The shifts a number is tried at (ud_number_kind): a count or a bound
 * one more and one less, a rounding the other way, a breach at its
 * number, one more and one less; into shift, how many. */
static int number_shifts(const ud_number *n, int shift[3])
{
    switch (n->kind) {
    case UD_NUMBER_ROUNDING:
        shift[0] = n->value ? -1 : 1;
        return 1;
    case UD_NUMBER_BREACH:
        shift[0] = n->breach - n->value;
        shift[1] = shift[0] + 1;
        shift[2] = shift[0] - 1;
        return 3;
    default:
        shift[0] = 1;
        shift[1] = -1;
        return 2;
    }
}

/* Each number an active row reads, changed as its kind says: tried after
 * the rows' own operators, before the amount changes. */
static void try_numbers(search *se, ud_blame *b)
{
    const ud_game *g = se->base->game;
    for (int k = 0; k < g->n_numbers && k < UD_MAX_NUMBERS; k++) {
        const ud_rule *r = ud_game_rule(g, g->numbers[k].rule);
        if (!r || !se->base->active[ud_game_rule_index(g, r)])
            continue;
        int shift[3], n = number_shifts(&g->numbers[k], shift);
        for (int i = 0; i < n; i++) {
            ud_blame_change c = { .kind = UD_BLAME_ROW,
                                  .rule = r,
                                  .op = UD_MUT_NONE,
                                  .amount = shift[i] > 0 ? UD_AMOUNT_ONE_MORE : UD_AMOUNT_ONE_LESS,
                                  .amount_i = k,
                                  .number = true,
                                  .shift = shift[i] };
            snprintf(c.amount_name, sizeof c.amount_name, "%s", g->numbers[k].name);
            if (shift[i] != 0 && isolated(se, &c))
                found(se, b, &c);
        }
    }
}

static void search_with(const ud_table *base, const ud_setup *setup, ud_blame_trial trial,
                        ud_blame_trial reference, snapshot_trial snapshot, void *ctx, ud_blame *b);

void ud_blame_search(const ud_table *base, const ud_setup *setup, ud_blame_trial trial,
                     ud_blame_trial reference, void *ctx, ud_blame *b)
{
    bound_begin();
    search_with(base, setup, trial, reference, NULL, ctx, b);
}

static void search_with(const ud_table *base, const ud_setup *setup, ud_blame_trial trial,
                        ud_blame_trial reference, snapshot_trial snapshot, void *ctx, ud_blame *b)
{
    memset(b, 0, sizeof *b);
    b->game = base->game;
    search *se = calloc(1, sizeof *se);
    if (!se)
        return;
    *se = (search){ .base = base, .setup = setup, .trial = trial, .snapshot = snapshot, .ctx = ctx };
    se->fired = mmap(NULL, UD_MAX_RULES * sizeof se->fired[0], PROT_READ | PROT_WRITE,
                     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (se->fired == MAP_FAILED) {
        free(se);
        return;
    }
    size_t moved_size = UD_MAX_RULES * UD_MAX_AMOUNTS;
    if (has_amounts(base->game)) {
        se->moved = mmap(NULL, moved_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (se->moved == MAP_FAILED)
            se->moved = NULL;
        else
            memset(se->moved, 0, moved_size);
    }
    se->short_row =
        mmap(NULL, sizeof *se->short_row, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (se->short_row == MAP_FAILED)
        se->short_row = NULL; /* a firing cut short counts as none */
    ud_blame_change none = { .kind = UD_BLAME_NONE };
    se->trial = reference ? reference : trial;
    isolated(se, &none); /* the reference firings, whether or not it explains */
    se->trial = trial;
    memcpy(se->ref, se->fired, sizeof se->ref);
    /* the readings first, so that a reading wins a tie (found) */
    try_readings(se, b);
    try_rows(se, b);
    /* a number before an amount at equal cost: a row declares a number
     * where its text states one (the hit number, a rounding down, no
     * limit), and an amount change is tried on every row that changed
     * the amount in the step, so the number is the narrower explanation
     * (DL-SUPPLIES's half rounded up, not DL-LURKING-ZOMBIE's change to
     * the healthy survivors one more, both losing the survivor) */
    if (base->game->numbers)
        try_numbers(se, b);
    if (se->moved)
        try_amounts(se, b);
    b->kind = b->n_found ? b->found[0].kind : UD_BLAME_NONE;
    memcpy(b->cost, se->cost, sizeof b->cost);
    b->untried = se->untried; /* b was begun anew above */
    if (se->untried)
        bound_reached(b);
    reading_tied_rows(b, same_cost);
    worker_end(se); /* before the snapshot helper (above: the worker) */
    if (snapshot)
        snapshot(ctx, NULL, NULL); /* its helper shares se->fired: ended first */
    if (se->moved)
        munmap(se->moved, moved_size);
    if (se->short_row)
        munmap(se->short_row, sizeof *se->short_row);
    munmap(se->fired, UD_MAX_RULES * sizeof se->fired[0]);
    free(se);
}

/* The rank play gives a change: borne out, not played or not
 * confirmed, refuted. */
static int confirm_rank(ud_confirm_kind k)
{
    return k == UD_CONFIRM_AGREED ? 0 : k == UD_CONFIRM_PARTED ? 2 : 1;
}

/* Ranked as the first by play, or by the search where play did not
 * rank the first. */
static bool same_confirm(const ud_blame *b, int i)
{
    if (b->confirm[0].kind == UD_CONFIRM_NONE)
        return b->confirm[i].kind == UD_CONFIRM_NONE && same_cost(b, i);
    return b->confirm[i].kind == b->confirm[0].kind;
}

void ud_blame_confirmed(ud_blame *b)
{
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    ud_blame_change first = b->found[0];
    ud_blame_change found[UD_BLAME_SHOWN];
    ud_blame_confirm confirm[UD_BLAME_SHOWN];
    uint64_t cost[UD_BLAME_SHOWN];
    int n = 0;
    for (int rank = 0; rank <= 2; rank++) /* a stable partition: each rank in its old order */
        for (int i = 0; i < shown; i++)
            if (confirm_rank(b->confirm[i].kind) == rank) {
                found[n] = b->found[i];
                confirm[n] = b->confirm[i];
                cost[n++] = b->cost[i];
            }
    memcpy(b->found, found, (size_t)n * sizeof found[0]);
    memcpy(b->confirm, confirm, (size_t)n * sizeof confirm[0]);
    memcpy(b->cost, cost, (size_t)n * sizeof cost[0]);
    if (shown == 0)
        return;
    if (memcmp(&first, &b->found[0], sizeof first) != 0) {
        /* another change named first: a reading's rows fired in the step
         * are known only for the one the search named (its key stands for
         * them) */
        b->kind = b->found[0].kind;
        b->n_rows = 0;
    }
    reading_tied_rows(b, same_confirm);
}

void ud_blame_add_row(ud_blame *b, const ud_rule *rule, const char *what)
{
    if (!rule)
        return;
    b->kind = UD_BLAME_PROVENANCE;
    b->what = what;
    for (int i = 0; i < b->n_rows; i++)
        if (b->rows[i] == rule)
            return;
    if (b->n_rows < UD_BLAME_SHOWN)
        b->rows[b->n_rows++] = rule;
}

/* ---- what it names ------------------------------------------------------------------ */

const char *ud_blame_kind_name(ud_blame_kind k)
{
    static const char *const names[] = { [UD_BLAME_NONE] = "none",
                                         [UD_BLAME_READING] = "reading",
                                         [UD_BLAME_ROW] = "single rule",
                                         [UD_BLAME_PROVENANCE] = "provenance" };
    return k <= UD_BLAME_PROVENANCE ? names[k] : "?";
}

const ud_rule *ud_blame_rule(const ud_blame *b)
{
    if (b->kind == UD_BLAME_ROW && b->n_found)
        return b->found[0].rule;
    if ((b->kind == UD_BLAME_READING || b->kind == UD_BLAME_PROVENANCE) && b->n_rows)
        return b->rows[0];
    return NULL;
}

void ud_blame_rule_ids(const ud_blame *b, char *out, size_t size)
{
    ud_buf ids;
    ud_buf_init(&ids);
    if (b->kind == UD_BLAME_ROW)
        ud_buf_puts(&ids, b->found[0].rule->id);
    else if (b->kind == UD_BLAME_READING && !b->n_rows && b->n_found && b->game)
        ud_buf_puts(&ids, b->game->variants[b->found[0].key].key);
    else
        for (int i = 0; i < b->n_rows; i++)
            if (ids.len + strlen(b->rows[i]->id) + 2 < size)
                ud_buf_printf(&ids, "%s%s", ids.len ? " " : "", b->rows[i]->id);
    snprintf(out, size, "%s", ud_buf_str(&ids));
    ud_buf_free(&ids);
}

static const char *op_words(ud_mutant_op op)
{
    switch (op) {
    case UD_MUT_GUARD_NEVER:
        return "'s guard never holding";
    case UD_MUT_GUARD_ALWAYS:
        return "'s guard always holding";
    case UD_MUT_EFFECT_SKIP:
        return "'s effect skipped";
    case UD_MUT_EFFECT_TWICE:
        return "'s effect applied twice";
    default:
        return "";
    }
}

/* A number's change, as its kind says it: "ZB-COMBAT-ROLL's hit number
 * one more (5 for 4)", "DL-AMMO's ammo offered, up to the party's, one
 * past", "DL-SUPPLIES's half of the survivors rounded up, not down",
 * "ZD-NO-CAP broken: a score capped at 13". */
static void number_text(const ud_number *n, const ud_blame_change *c, ud_buf *out)
{
    int v = n->value + c->shift;
    switch (n->kind) {
    case UD_NUMBER_BOUND:
        ud_buf_printf(out, "%s's %s, %s", c->rule->id, c->amount_name,
                      c->shift > 0 ? "one past" : "one short");
        break;
    case UD_NUMBER_ROUNDING:
        ud_buf_printf(out, "%s's %s rounded %s, not %s", c->rule->id, c->amount_name, v ? "up" : "down",
                      v ? "down" : "up");
        break;
    case UD_NUMBER_BREACH:
        ud_buf_printf(out, "%s broken: %s %d", c->rule->id, c->amount_name, v);
        break;
    default:
        ud_buf_printf(out, "%s's %s %s (%d for %d)", c->rule->id, c->amount_name, amount_words[c->amount], v,
                      n->value);
    }
}

static void change_text(const ud_game *g, const ud_blame_change *c, ud_buf *out)
{
    if (c->kind == UD_BLAME_READING)
        ud_buf_printf(out, "%s=%s", g->variants[c->key].key, g->variants[c->key].values[c->value].name);
    else if (c->number)
        number_text(&g->numbers[c->amount_i], c, out);
    else if (c->amount != UD_AMOUNT_NONE)
        ud_buf_printf(out, "%s's change to %s %s", c->rule->id, c->amount_name, amount_words[c->amount]);
    else
        ud_buf_printf(out, "%s%s", c->rule->id, op_words(c->op));
}

/* Whether the changes were played through a record's lines (its `after`
 * and `witness` parts, ud_blame_check), not against an implementation. */
static bool by_lines(const ud_blame *b) { return b->after_first || b->witness_first; }

/* "; by the other side's game from its last decision (the record's lines
 * A-B, after 'after') and its further games (lines C-D, after 'witness'): " */
static void record_parts_text(const ud_blame *b, ud_buf *out)
{
    ud_buf_puts(out, "; by the other side's ");
    if (b->after_first)
        ud_buf_printf(out, "game from its last decision (the record's lines %d-%d, after 'after')%s",
                      b->after_first, b->after_last, b->witness_first ? " and its " : "");
    if (b->witness_first)
        ud_buf_printf(out, "further game%s (the record's lines %d-%d, after 'witness')",
                      b->witness_games > 1 ? "s" : "", b->witness_first, b->witness_last);
    ud_buf_puts(out, ": ");
}

static void reading_text(const ud_game *g, const ud_blame_reading *r, ud_buf *out)
{
    ud_buf_printf(out, "%s=%s", g->variants[r->key].key, g->variants[r->key].values[r->value].name);
}

/* The reading of the record's `witness variant` part a change parted in
 * (c->line_key > 0), as a reading. */
static ud_blame_reading part_reading(const ud_blame_confirm *c)
{
    return (ud_blame_reading){ .key = c->line_key - 1, .value = c->line_value };
}

/* The play under other readings, after the run's left changes tied:
 * "; under other readings (10 games each, both sides told it): Y parts
 * under K=V at game 2, play 7; K=W told none apart; K=U not played (the
 * other side does not play it)". */
static void readings_text(const ud_game *g, const ud_blame *b, ud_buf *out)
{
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    if (!b->n_readings)
        return;
    ud_buf_printf(out, "; under other readings (%d games each, both sides told it):", b->reading_games);
    const char *sep = " ";
    for (int i = 0; i < shown; i++) {
        const ud_blame_confirm *c = &b->confirm[i];
        if (c->kind != UD_CONFIRM_PARTED || !c->reading)
            continue;
        ud_buf_puts(out, sep);
        change_text(g, &b->found[i], out);
        ud_buf_puts(out, " parts under ");
        reading_text(g, &b->readings[c->reading - 1], out);
        ud_buf_printf(out, " at game %d, play %llu", c->game, (unsigned long long)c->play);
        sep = "; ";
    }
    for (int k = 0; k < b->n_readings; k++) {
        const ud_blame_reading *r = &b->readings[k];
        if (!r->unsupported && r->refuted)
            continue;
        ud_buf_puts(out, sep);
        reading_text(g, r, out);
        ud_buf_puts(out,
                    r->unsupported ? " not played (the other side does not play it)" : " told none apart");
        sep = "; ";
    }
}

/* The confirmation by play, when the caller played any change: "; by
 * play: confirmed, 4 games agree under X; Y parts at game 1, play 37". */
static void confirm_text(const ud_game *g, const ud_blame *b, ud_buf *out)
{
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    int played = 0, agreed = 0;
    for (int i = 0; i < shown; i++) {
        played += b->confirm[i].kind != UD_CONFIRM_NONE;
        agreed += b->confirm[i].kind == UD_CONFIRM_AGREED;
    }
    if (!played)
        return;
    bool lines = by_lines(b);
    if (lines)
        record_parts_text(b, out);
    else
        ud_buf_printf(
            out, "; by play (the departing game again to its end, then %d more): ", b->confirm_games - 1);
    if (agreed == 1 && lines) {
        ud_buf_puts(out, "confirmed, those lines agree with ");
        change_text(g, &b->found[0], out);
    } else if (agreed == 1) {
        ud_buf_printf(out, "confirmed, %d games agree with ", b->confirm[0].games);
        change_text(g, &b->found[0], out);
        if (b->confirm[0].reading_games)
            ud_buf_printf(out, " (and %d under other readings)", b->confirm[0].reading_games);
    } else if (agreed > 1) {
        if (lines)
            ud_buf_puts(out, "no line of them told these apart: ");
        else
            ud_buf_printf(out, "no game of %d told these apart: ", b->confirm_games);
        for (int i = 0; i < agreed; i++) {
            ud_buf_puts(out, i ? ", " : "");
            change_text(g, &b->found[i], out);
        }
    } else
        ud_buf_puts(out, "no change played was confirmed");
    for (int i = 0; i < shown; i++) {
        const ud_blame_confirm *c = &b->confirm[i];
        if ((c->kind != UD_CONFIRM_PARTED && c->kind != UD_CONFIRM_UNSURE) || c->reading)
            continue;
        ud_buf_puts(out, "; ");
        change_text(g, &b->found[i], out);
        if (c->kind == UD_CONFIRM_PARTED && lines) {
            ud_buf_printf(out, " parts at line %llu", (unsigned long long)c->play);
            if (c->line_key > 0) {
                ud_buf_puts(out, ", in a game under ");
                ud_blame_reading r = part_reading(c);
                reading_text(g, &r, out);
            }
        } else if (c->kind == UD_CONFIRM_PARTED)
            ud_buf_printf(out, " parts at game %d, play %llu", c->game, (unsigned long long)c->play);
        else
            ud_buf_puts(out, " could not be confirmed (its play crashed or met a limit)");
    }
    readings_text(g, b, out);
}

/* What the time bound left undone, if it cut the blame short. */
static void bound_text(const ud_blame *b, ud_buf *out)
{
    if (!b->bound_seconds)
        return;
    ud_buf_printf(out, " (the search stopped at its bound of %u s, --blame-seconds:", b->bound_seconds);
    if (b->untried)
        ud_buf_printf(out, " %d change%s not tried", b->untried, b->untried == 1 ? "" : "s");
    if (b->unconfirmed)
        ud_buf_printf(out, "%s %d not confirmed", b->untried ? "," : "", b->unconfirmed);
    ud_buf_puts(out, "; one of them may explain the step better)");
}

static void evidence_of(const ud_game *g, const ud_blame *b, const char *other, ud_buf *out)
{
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    ud_buf_printf(out, "%s: ", ud_blame_kind_name(b->kind));
    switch (b->kind) {
    case UD_BLAME_READING:
    case UD_BLAME_ROW:
        ud_buf_printf(out, "undead plays this step as %s did ", other);
        for (int i = 0; i < shown; i++) {
            ud_buf_puts(out, i ? "; or " : "");
            ud_buf_puts(out, b->found[i].kind == UD_BLAME_READING ? "under the reading " : "with ");
            change_text(g, &b->found[i], out);
            if (i == 0 && b->kind == UD_BLAME_READING && b->n_rows) { /* the reading's rows, beside it */
                ud_buf_puts(out, " (rows");
                for (int r = 0; r < b->n_rows; r++)
                    ud_buf_printf(out, " %s", b->rows[r]->id);
                ud_buf_puts(out, ")");
            }
        }
        if (b->n_found > shown)
            ud_buf_printf(out, "; and %d more single changes", b->n_found - shown);
        confirm_text(g, b, out);
        break;
    case UD_BLAME_PROVENANCE:
        ud_buf_printf(out,
                      "no other reading and no single changed row plays this step as %s did; the rows "
                      "that wrote %s:",
                      other, b->what ? b->what : "what differs");
        for (int i = 0; i < b->n_rows; i++)
            ud_buf_printf(out, "%s %s", i ? "," : "", b->rows[i]->id);
        break;
    default:
        ud_buf_printf(out,
                      "nothing explains it: no other reading and no single changed row plays this step "
                      "as %s did, and no row of the step wrote what differs",
                      other);
    }
}

void ud_blame_evidence(const ud_game *g, const ud_blame *b, const char *other, ud_buf *out)
{
    evidence_of(g, b, other, out);
    bound_text(b, out);
}

/* The players' FAQ question that rests on rule r, or NULL. */
static const ud_faq_question *faq_question(const ud_game *g, const ud_rule *r)
{
    if (!g->extras || !g->extras->faq || !g->extras->faq->questions)
        return NULL;
    for (const ud_faq_question *q = g->extras->faq->questions; q->id; q++)
        for (int i = 0; i < UD_FAQ_RULES && q->rules[i]; i++)
            if (strcmp(q->rules[i], r->id) == 0)
                return q;
    return NULL;
}

void ud_blame_rule_text(const ud_game *g, const ud_rule *r, const char *first, const char *indent,
                        ud_buf *out)
{
    ud_buf_printf(out, "%s%s: %s\n", first, r->id, r->summary);
    ud_buf_printf(out, "%sfrom %s, %s\n", indent, r->source, r->section);
    const ud_faq_question *q = faq_question(g, r);
    if (q)
        ud_buf_printf(out, "%splayers' FAQ: %s (#%s)\n", indent, q->ask, q->id);
}

void ud_blame_json_string(ud_buf *out, const char *s)
{
    ud_buf_putc(out, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            ud_buf_printf(out, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            ud_buf_printf(out, "\\u%04x", *p);
        else
            ud_buf_putc(out, (char)*p);
    }
    ud_buf_putc(out, '"');
}

static const char *const confirm_words[] = { [UD_CONFIRM_NONE] = "not played",
                                             [UD_CONFIRM_AGREED] = "agrees",
                                             [UD_CONFIRM_PARTED] = "parts",
                                             [UD_CONFIRM_UNSURE] = "not confirmed" };

/* ,"confirm_readings":[...]: each other reading played, its games, and
 * whether the other side played it and it told changes apart. */
static void readings_json(const ud_game *g, const ud_blame *b, ud_buf *text, ud_buf *out)
{
    for (int k = 0; k < b->n_readings; k++) {
        const ud_blame_reading *r = &b->readings[k];
        ud_buf_puts(out, k ? "," : ",\"confirm_readings\":[");
        ud_buf_clear(text);
        reading_text(g, r, text);
        ud_buf_puts(out, "{\"reading\":");
        ud_blame_json_string(out, ud_buf_str(text));
        ud_buf_printf(out, ",\"games\":%d,\"play\":\"%s\",\"refuted\":%d}",
                      r->unsupported ? 0 : b->reading_games, r->unsupported ? "unsupported" : "played",
                      r->refuted);
    }
    if (b->n_readings)
        ud_buf_puts(out, "]");
}

void ud_blame_confirm_json(const ud_game *g, const ud_blame *b, ud_buf *out)
{
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN, n = 0;
    ud_buf text;
    ud_buf_init(&text);
    for (int i = 0; i < shown; i++) {
        const ud_blame_confirm *c = &b->confirm[i];
        if (c->kind == UD_CONFIRM_NONE)
            continue;
        ud_buf_puts(out, n++ ? "," : ",\"confirmed\":[");
        ud_buf_clear(&text);
        change_text(g, &b->found[i], &text);
        ud_buf_puts(out, "{\"change\":");
        ud_blame_json_string(out, ud_buf_str(&text));
        ud_buf_printf(out, ",\"play\":\"%s\",\"games_agreed\":%d,\"games\":%d", confirm_words[c->kind],
                      c->games, b->confirm_games);
        if (c->kind == UD_CONFIRM_PARTED && by_lines(b))
            ud_buf_printf(out, ",\"parts_at_line\":%llu", (unsigned long long)c->play);
        else if (c->kind == UD_CONFIRM_PARTED)
            ud_buf_printf(out, ",\"parts_at_game\":%d,\"parts_at_play\":%llu", c->game,
                          (unsigned long long)c->play);
        if (c->kind == UD_CONFIRM_PARTED && (c->reading || c->line_key > 0)) {
            /* under another reading: played by conform, or a record's
             * `witness variant` part by check */
            ud_buf_clear(&text);
            if (c->reading)
                reading_text(g, &b->readings[c->reading - 1], &text);
            else {
                ud_blame_reading r = part_reading(c);
                reading_text(g, &r, &text);
            }
            ud_buf_puts(out, ",\"parts_under\":");
            ud_blame_json_string(out, ud_buf_str(&text));
        }
        if (b->n_readings && c->kind == UD_CONFIRM_AGREED)
            ud_buf_printf(out, ",\"games_agreed_other_readings\":%d", c->reading_games);
        ud_buf_puts(out, "}");
    }
    if (n)
        ud_buf_puts(out, "]");
    readings_json(g, b, &text, out);
    ud_buf_free(&text);
}

void ud_blame_bound_json(const ud_blame *b, ud_buf *out)
{
    if (b->bound_seconds)
        ud_buf_printf(out, ",\"bound_seconds\":%u,\"untried\":%d,\"unconfirmed\":%d", b->bound_seconds,
                      b->untried, b->unconfirmed);
}

void ud_blame_json(const ud_game *g, const ud_blame *b, const char *other, ud_buf *out)
{
    char ids[UD_ERROR_RULE_MAX];
    ud_blame_rule_ids(b, ids, sizeof ids);
    ud_buf text;
    ud_buf_init(&text);
    ud_buf_puts(out, "\"rule\":");
    ud_blame_json_string(out, ids);
    ud_buf_printf(out, ",\"evidence\":\"%s\",\"why\":", ud_blame_kind_name(b->kind));
    ud_blame_evidence(g, b, other, &text);
    ud_blame_json_string(out, ud_buf_str(&text));
    ud_buf_puts(out, ",\"explanations\":[");
    for (int i = 0; i < b->n_found && i < UD_BLAME_SHOWN; i++) {
        ud_buf_clear(&text);
        change_text(g, &b->found[i], &text);
        if (i)
            ud_buf_putc(out, ',');
        ud_blame_json_string(out, ud_buf_str(&text));
    }
    ud_buf_puts(out, "]");
    ud_blame_bound_json(b, out);
    ud_blame_confirm_json(g, b, out);
    ud_blame_rule_json(g, ud_blame_rule(b), out);
    ud_buf_free(&text);
}

void ud_blame_rule_json(const ud_game *g, const ud_rule *r, ud_buf *out)
{
    if (r) {
        ud_buf_puts(out, ",\"summary\":");
        ud_blame_json_string(out, r->summary);
        ud_buf_puts(out, ",\"section\":");
        ud_blame_json_string(out, r->section);
        ud_buf_puts(out, ",\"source\":");
        ud_blame_json_string(out, r->source);
        const ud_faq_question *q = faq_question(g, r);
        if (q) {
            ud_buf_puts(out, ",\"faq\":{\"id\":");
            ud_blame_json_string(out, q->id);
            ud_buf_puts(out, ",\"ask\":");
            ud_blame_json_string(out, q->ask);
            ud_buf_puts(out, "}");
        }
    }
}

/* ---- `undead check` ------------------------------------------------------------------- */

/* The helper that plays changes from the step's start (below: "changes
 * played from a snapshot"), as the parent knows it. */
typedef struct snapshot {
    pid_t pid;
    int to, from;         /* the helper's requests and answers */
    bool up;              /* it stands at P */
    bool same;            /* same_history holds under the rows as they are */
    bool failed;          /* it could not be made or reached: every change played whole */
    bool history_at_pick; /* same_history's play ended at a pick, inside a row's effect */
    uint8_t visited[UD_MAX_RULES];
    uint64_t fired[UD_MAX_RULES]; /* before P */
} snapshot;

typedef struct check_step {
    const ud_transcript *t;
    ud_transcript whole; /* t, its end as the blame reads it */
    bool step_ends;      /* the record's step ends at a decision where it is cut, or at its end */
    int refused_line;
    bool rules_over; /* the rules' own step, the record cut before the refused line, ends the game */
    ud_check_opts opts;
    /* The rules' own game before the play changed_from, as a state line
     * shows it (history_shown), made once for every change tried from
     * there; false when there is no such past or the rules refuse it. */
    bool has_rules_past;
    ud_buf rules_past;
    snapshot *snap; /* the helper at the step's start (NULL: none yet) */
} check_step;

/* The check's options for one trial: the record's own, played under the
 * changed table and setup, its firings counted into fired. */
static ud_check_opts trial_opts(const check_step *cs, const ud_table *t, const ud_setup *setup,
                                uint64_t *fired)
{
    ud_check_opts o = cs->opts;
    o.changed_table = t;
    o.changed_setup = setup;
    o.changed_fired = fired;
    o.stop_at_policies = 1;
    return o;
}

/* The line of the record's n-th decide line (n >= 1), or 0. */
static int decide_line(const ud_transcript *t, uint64_t n)
{
    for (int i = 0; i < t->n; i++)
        if (t->lines[i].kind == UD_TL_DECIDE && --n == 0)
            return t->lines[i].line;
    return 0;
}

/* The game as a state line shows it where the record is cut after line
 * `before`, played under t and setup (NULL, NULL: the rules' own), into
 * out; false when the record is refused there. */
static bool history_shown(const check_step *cs, const ud_table *t, const ud_setup *setup, int before,
                          ud_buf *out, snapshot *note)
{
    const ud_game *g = cs->t->game;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_check_opts o = t ? trial_opts(cs, t, setup, NULL) : cs->opts;
    if (note) { /* the rows it reaches and fires, for the snapshot */
        o.visited = note->visited;
        o.fired = note->fired;
    }
    o.changed_whole = t != NULL;
    o.changed_from = UINT64_MAX; /* no firing counted */
    o.stop_after_line = before;
    o.stop_at_policies = 1;
    o.state_out = state;
    ud_check_result res;
    ud_error err;
    if (g->state_size > sizeof state || ud_check(cs->t, &o, &res, &err) != 0)
        return false;
    if (note && res.partial_at_pick)
        note->history_at_pick = true;
    g->describe(g, state, &cs->t->setup, out);
    return true;
}

/* The record's game before the play the change begins in, played under
 * the change from the set-up on, checks, and ends where the rules' own
 * does as far as a state line shows (conform compares every state the
 * implementation shows; a record that writes none cannot refute a change
 * that played its past otherwise, so the rules' own past stands in for
 * it): a change that would have parted from the record, or from the
 * game the rules played, earlier is not what its author (or the
 * implementation conform held) played, however well it plays the step,
 * as conform's trial holds its changes to the game before the step.  (A
 * record that leaves its decisions to the policies has no such line to
 * cut at.) */
static int history_end(const check_step *cs)
{
    return cs->opts.changed_from > 0 ? decide_line(cs->t, cs->opts.changed_from) - 1 : 0;
}

static bool same_history(const check_step *cs, const ud_table *t, const ud_setup *setup)
{
    int before = history_end(cs);
    if (before <= 0)
        return true;
    ud_buf changed;
    ud_buf_init(&changed);
    bool same = cs->has_rules_past && history_shown(cs, t, setup, before, &changed, NULL) &&
                strcmp(ud_buf_str(&changed), ud_buf_str(&cs->rules_past)) == 0;
    ud_buf_free(&changed);
    return same;
}

/* cs->rules_past for the play the changes are tried from. */
static void rules_past_from(check_step *cs)
{
    int before = history_end(cs);
    ud_buf_clear(&cs->rules_past);
    cs->has_rules_past = before > 0 && history_shown(cs, NULL, NULL, before, &cs->rules_past, NULL);
}

/* A changed play of the record (ud_check's rc and res): whether it ends
 * where the record's step does, as check_trial says below. */
static bool trial_verdict(const check_step *cs, int rc, const ud_check_result *res)
{
    if (rc != 0)
        return false;
    return !cs->step_ends || (!res->partial_at_pick && (bool)res->complete == cs->rules_over);
}

static bool check_trial(void *ctx, const ud_table *t, const ud_setup *setup, uint64_t *fired)
{
    check_step *cs = ctx;
    ud_check_opts o = trial_opts(cs, t, setup, fired);
    /* the changed rules play the whole record, as conform's trial plays
     * the whole game under them: a change that shows only in the step (an
     * amount a row changes at every roll, forgotten) must have played the
     * game before it as the record did, and a change made before the step
     * (the end of the game set off a turn early, shown only where the game
     * ends) is one too; the firings are counted from the step on */
    o.changed_whole = 1;
    ud_check_result res;
    ud_error err;
    if (!same_history(cs, t, setup))
        return false;
    /* where the record's step ends (its next decision, or the end of a
     * record that is not partial), the changed step ends too: at a
     * decision, not wanting an outcome the record does not give, or over
     * where the rules' own step is (a record cannot say its game goes on) */
    return trial_verdict(cs, ud_check(cs->t, &o, &res, &err), &res);
}

/* The step unchanged, the record cut before the refused line: the
 * firings of the rules' own step, to rank the changes against. */
static bool check_reference(void *ctx, const ud_table *t, const ud_setup *setup, uint64_t *fired)
{
    check_step *cs = ctx;
    ud_check_opts o = trial_opts(cs, t, setup, fired);
    o.stop_after_line = cs->refused_line - 1;
    ud_check_result res;
    ud_error err;
    return ud_check(cs->t, &o, &res, &err) == 0;
}

/* Whether the rules' own step, the record cut before the refused line,
 * ends the game. */
static bool rules_end_game(const check_step *cs)
{
    ud_check_opts o = cs->opts;
    o.stop_after_line = cs->refused_line - 1;
    ud_check_result res;
    ud_error err;
    return ud_check(cs->t, &o, &res, &err) == 0 && res.complete;
}

/* The last line of the step that holds line: the line before the
 * record's next decide line, or 0 (the record's end). */
static int step_end(const ud_transcript *t, int line)
{
    for (int i = 0; i < t->n; i++)
        if (t->lines[i].kind == UD_TL_DECIDE && t->lines[i].line > line)
            return t->lines[i].line - 1;
    return 0;
}

/* Provenance: the rows of the step that changed who is to move, or the
 * value of a state key.  Every row's effect is wrapped (the table
 * interpreted, one watch at a time in a process: C has no closures), so
 * that rows that write no line are seen too. */
typedef struct watcher {
    const ud_transcript *t;
    const ud_check_result *res;
    const ud_rule *rows[UD_MAX_RULES];
    int n;
    int seat;
    char value[256];
} watcher;

static watcher *the_watcher;

static void key_value(const watcher *w, const void *state, char *out, size_t size)
{
    ud_buf d;
    ud_buf_init(&d);
    w->t->game->describe(w->t->game, state, &w->t->setup, &d);
    size_t klen = strlen(w->res->state_key);
    out[0] = '\0';
    for (const char *p = ud_buf_str(&d); *p; p += strcspn(p, " "), p += strspn(p, " "))
        if (strncmp(p, w->res->state_key, klen) == 0 && p[klen] == '=')
            snprintf(out, size, "%.*s", (int)strcspn(p, " "), p);
    ud_buf_free(&d);
}

static void watched_effect(void *state, ud_step *s)
{
    watcher *w = the_watcher;
    const ud_rule *rule = s->rule;
    char before[256] = "", after[256] = "";
    int seat = w->t->game->to_move(state);
    if (w->res->state_key[0])
        key_value(w, state, before, sizeof before);
    rule->effect(state, s);
    if (s->fail.kind != UD_FAIL_NONE)
        return;
    bool changed;
    if (w->res->state_key[0]) {
        key_value(w, state, after, sizeof after);
        changed = strcmp(before, after) != 0;
    } else /* who is to move: the rows that took the move from the player who decided */
        changed = seat != w->t->game->to_move(state) && seat == w->res->seat_named;
    if (changed && w->n < UD_MAX_RULES)
        w->rows[w->n++] = rule;
}

/* A change line the rules do not produce at all: the rows that write
 * lines of its verb, as the record's game so far shows them (the
 * canonical record's tags). */
static void verb_provenance(const ud_transcript *t, const check_step *cs, const char *verb, ud_blame *b)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    ud_check_opts o = cs->opts;
    o.stop_after_line = 0;
    o.regen = f;
    ud_check_result r2;
    ud_error err;
    ud_check(t, &o, &r2, &err);
    if (fclose(f) != 0 || !text) {
        free(text);
        return;
    }
    size_t vlen = strlen(verb);
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *tag = strrchr(line, '[');
        if (strncmp(line, verb, vlen) != 0 || line[vlen] != ' ' || !tag)
            continue;
        char id[UD_ERROR_RULE_MAX];
        snprintf(id, sizeof id, "%.*s", (int)strcspn(tag + 1, "]"), tag + 1);
        ud_blame_add_row(b, ud_game_rule(t->game, id), "lines of this kind in the game so far");
    }
    free(text);
}

static void check_provenance(const ud_transcript *t, check_step *cs, const ud_check_result *res, ud_blame *b)
{
    if (res->change_verb[0])
        verb_provenance(t, cs, res->change_verb, b);
    /* an offers list: the row of the decisions in question, as conform
     * names it where no change explains the offers */
    if (res->offers_row)
        ud_blame_add_row(b, res->offers_row, "the decisions of the kind in question");
    if (!res->wrong_seat && !res->state_key[0])
        return;
    watcher *w = calloc(1, sizeof *w);
    ud_table *watched = malloc(sizeof *watched);
    if (!w || !watched) {
        free(w);
        free(watched);
        return;
    }
    *w = (watcher){ .t = t, .res = res };
    *watched = *cs->opts.table;
    watched->interpret = true;
    for (int i = 0; i < UD_MAX_RULES + 2 * UD_MAX_PHASES; i++)
        if (watched->row[i].effect && watched->row[i].rule)
            watched->row[i].effect = watched_effect;
    the_watcher = w;
    ud_check_opts o = cs->opts;
    /* a key: this play; the move: the last time the player who decided
     * had it, however long ago */
    o.changed_from = res->wrong_seat ? 0 : res->played;
    o.changed_table = watched;
    ud_check_result r2;
    ud_error err;
    ud_check(t, &o, &r2, &err);
    the_watcher = NULL;
    /* the last writer first: the move, the row that last took it from
     * the player, alone; a key, every row that wrote it */
    for (int i = 0; i < (res->wrong_seat && w->n ? 1 : w->n); i++)
        ud_blame_add_row(b, w->rows[w->n - 1 - i],
                         res->wrong_seat ? "the move away from the player who decided, last"
                                         : "the key in question in this step, last first");
    free(w);
    free(watched);
}

/* ---- changes played from a snapshot of the step's start ------------------------------ */

/* Each change above is played over the whole record from its first line
 * (check_trial: the game before the step, then the record to the step's
 * end), twice over when the step has a past (same_history): on a long
 * record, every change of every row costs two replays of it.  Most
 * changes touch nothing before the step, and for those the replay up to
 * the step is the same every time: it is played once, in a helper
 * process stopped where the play of decision changed_from begins
 * (ud_check_opts.at_step), which forks a child for each such change that
 * makes the change there and plays on from that point.
 *
 * Why that child ends as check_trial would, with the same firings.  The
 * helper plays the record under a copy of the rows interpreted
 * (ud_check_opts.visited, which needs them so), the changed rows being
 * interpreted too (ud_blame_apply).  A change of the kinds played so
 * (UD_BLAME_ROW, not a number) changes only the guard or the effect of
 * rows of one rule R, nothing else of the table or the setup.  Both
 * plays of the same record from the same set-up do the same thing, step
 * for step, for as long as neither reaches a row whose guard or effect
 * differs; so they do up to a point P if, before P, the play under the
 * rows as they are never
 *   - fired R (a changed effect: skipped, applied twice, an amount made
 *     otherwise; or a guard never holding, which differs only where the
 *     guard held: where R would fire), or
 *   - reached R at all (a guard always holding, which differs wherever
 *     the guard was asked and said no).
 * The helper notes both (ud_check_opts.fired, .visited) over the two
 * plays check_trial makes before the step (same_history's, cut before
 * the step's decide line; and the record's up to the play of decision
 * changed_from), and a change of such an R is played from the snapshot:
 *   - same_history under the change is same_history under the rows as
 *     they are (interpreted), which the helper works out once;
 *   - the whole record under the change is the helper's play up to P
 *     (the same, step for step), then the child's play on from P under
 *     the change, which is what the whole play does after P: the firings
 *     counted from the step on (ud_check_opts.changed_fired) begin at P,
 *     and the verdict is check_trial's (trial_verdict).
 * Any other change (a reading, a number, a row that fired or was reached
 * before the step as the op says), or a helper that cannot be made or
 * reached, is played whole as before, so the blame names the same rule
 * either way; test_blame_snapshot compares the two on departing records
 * of every game.  One difference of time only: a child's 10 seconds
 * (isolated) count from P, not from the record's start. */

/* Played from snapshots unless a test compares with the slow way. */
static bool snapshots = true;
static uint64_t snapshot_trials;

void ud_blame_use_snapshots(bool on) { snapshots = on; }

uint64_t ud_blame_snapshot_trials(void) { return snapshot_trials; }

/* The helper's side: where it stands, the rows it plays, its pipes. */
typedef struct helper {
    snapshot *at; /* its copy: what it reports at P */
    ud_table *rows;
    ud_setup *setup;
    int in, out;
    bool child; /* a change's child, playing on from P */
} helper;

/* At P (ud_check_opts.at_step): report, then a child for each change
 * asked for, which returns to play on under the change; the helper
 * itself ends when the parent closes its requests. */
static void helper_at_step(void *ctx)
{
    helper *h = ctx;
    h->at->up = true;
    if (!write_all(h->out, h->at, sizeof *h->at))
        _exit(0);
    ud_blame_change c;
    while (read_all(h->in, &c, sizeof c)) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            alarm(10);
            close(h->in);
            close(h->out);
            if (!ud_blame_apply(&c, h->rows, h->setup))
                _exit(11);
            h->child = true;
            return;
        }
        int status = -1;
        while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (!write_all(h->out, &status, sizeof status))
            _exit(0);
    }
    _exit(0);
}

/* The helper: same_history once, then the record to P (where
 * helper_at_step serves); a change's child comes back here from P and
 * ends with check_trial's verdict. */
static void helper_run(check_step *cs, uint64_t *fired, int in, int out)
{
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
        dup2(null, 1);
        dup2(null, 2);
    }
    snapshot *at = calloc(1, sizeof *at);
    ud_table *rows = malloc(sizeof *rows);
    ud_setup setup = cs->t->setup;
    if (!at || !rows)
        _exit(0);
    *rows = *cs->opts.table;
    rows->interpret = true;
    int before = history_end(cs);
    ud_buf past;
    ud_buf_init(&past);
    at->same = before <= 0 || (cs->has_rules_past && history_shown(cs, rows, &setup, before, &past, at) &&
                               strcmp(ud_buf_str(&past), ud_buf_str(&cs->rules_past)) == 0);
    helper h = { .at = at, .rows = rows, .setup = &setup, .in = in, .out = out };
    ud_check_opts o = trial_opts(cs, rows, &setup, fired);
    o.changed_whole = 1;
    o.visited = at->visited;
    o.fired = at->fired;
    o.at_step = helper_at_step;
    o.at_step_ctx = &h;
    ud_check_result res;
    ud_error err;
    int rc = ud_check(cs->t, &o, &res, &err);
    if (!h.child) { /* it never reached P: said so */
        (void)write_all(out, at, sizeof *at);
        _exit(0);
    }
    _exit(trial_verdict(cs, rc, &res) ? 10 : 11);
}

static void snapshot_end(check_step *cs)
{
    snapshot *sn = cs->snap;
    if (!sn)
        return;
    if (sn->pid > 0) {
        close(sn->to);
        close(sn->from);
        while (waitpid(sn->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    free(sn);
    cs->snap = NULL;
}

/* The helper made and brought to P (forked now, so that it shares the
 * search's fired counts); cs->snap->up says whether it got there. */
static void snapshot_begin(check_step *cs, uint64_t *fired)
{
    snapshot *sn = cs->snap = calloc(1, sizeof *sn);
    int req[2], ans[2];
    if (!sn)
        return;
    sn->failed = true;
    if (cs->opts.changed_from == 0 || pipe(req) != 0)
        return;
    if (pipe(ans) != 0) {
        close(req[0]);
        close(req[1]);
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(req[1]);
        close(ans[0]);
        helper_run(cs, fired, req[0], ans[1]);
    }
    close(req[0]);
    close(ans[1]);
    if (pid < 0) {
        close(req[1]);
        close(ans[0]);
        return;
    }
    *sn = (snapshot){ .pid = pid, .to = req[1], .from = ans[0] };
    snapshot tmp;
    /* a same_history that ended inside an effect ran a row it did not
     * count as fired: nothing is known of that row, so none is played so */
    if (!read_all(sn->from, &tmp, sizeof tmp) || !tmp.up || tmp.history_at_pick) {
        sn->failed = true;
        return;
    }
    sn->up = true;
    sn->same = tmp.same;
    memcpy(sn->visited, tmp.visited, sizeof sn->visited);
    memcpy(sn->fired, tmp.fired, sizeof sn->fired);
}

/* Whether change c leaves the play before P as it is (above). */
static bool untouched_before(const snapshot *sn, const ud_game *g, const ud_blame_change *c)
{
    if (c->kind != UD_BLAME_ROW || c->number || !c->rule)
        return false;
    int r = ud_game_rule_index(g, c->rule);
    if (r < 0 || r >= UD_MAX_RULES || sn->fired[r])
        return false;
    return c->amount != UD_AMOUNT_NONE || c->op != UD_MUT_GUARD_ALWAYS || !sn->visited[r];
}

/* The search's snapshot_trial for `undead check`. */
static int snapshot_trial_of(void *ctx, const ud_blame_change *c, uint64_t *fired)
{
    check_step *cs = ctx;
    if (!c) {
        snapshot_end(cs);
        return -1;
    }
    if (c->kind != UD_BLAME_ROW || c->number)
        return -1;
    if (!cs->snap)
        snapshot_begin(cs, fired);
    snapshot *sn = cs->snap;
    if (!sn || sn->failed || !sn->up || !untouched_before(sn, cs->t->game, c))
        return -1;
    snapshot_trials++;
    if (!sn->same) /* the past differs under the change as without it */
        return 0;
    int status;
    if (!sent(sn->to, c, sizeof *c) || !read_all(sn->from, &status, sizeof status)) {
        sn->failed = true; /* played whole from now on */
        snapshot_trials--;
        return -1;
    }
    return trial_verdict_of(status);
}

/* How many plays before the refused line's own a change may begin: a
 * rule broken in an earlier play of the same turn (a second card played
 * out of turn in one round) shows only at the refused line. */
enum { EARLIER_PLAYS = 2 };

/* ---- confirmation by the record ---------------------------------------------------- */

/* go, a copy of a record's header, made the other side's game of n lines
 * (a record of its own: no parts, and partial, as the other side's game
 * may be cut short). */
static void as_other_side(ud_transcript *go, ud_tline *lines, int n, int end_line)
{
    go->lines = lines;
    go->n = go->cap = n;
    go->end_line = n ? lines[n - 1].line : end_line;
    go->n_after = go->n_witness = 0;
    go->partial = 1;
}

/* The record's game to its last decide line, then the other side's game
 * from that decision's play on (the `after` part), which holds the step
 * as the other side played it whole (a refused step's outcomes too) and
 * goes on past it.  Lines point into t. */
static bool game_with_after(const ud_transcript *t, ud_transcript *go)
{
    int k = t->n;
    while (k > 0 && t->lines[k - 1].kind != UD_TL_DECIDE)
        k--;
    *go = *t;
    go->lines = malloc((size_t)(k + t->n_after) * sizeof go->lines[0]);
    if (!go->lines)
        return false;
    memcpy(go->lines, t->lines, (size_t)k * sizeof go->lines[0]);
    memcpy(go->lines + k, t->lines + t->n, (size_t)t->n_after * sizeof go->lines[0]);
    as_other_side(go, go->lines, k + t->n_after, t->end_line);
    return true;
}

/* Change c played through go, in a child (one that dies, or runs past 10
 * seconds, confirms nothing): agreed to its end, or parted at a line. */
static ud_blame_confirm after_trial(const check_step *cs, const ud_table *base, const ud_setup *base_setup,
                                    const ud_transcript *go, const ud_blame_change *c, int *shared_line)
{
    fflush(NULL);
    *shared_line = -1;
    pid_t pid = fork();
    if (pid < 0)
        return (ud_blame_confirm){ .kind = UD_CONFIRM_UNSURE };
    if (pid == 0) {
        trial_child_begins();
        ud_table *t = malloc(sizeof *t);
        uint64_t *fired = calloc(UD_MAX_RULES, sizeof *fired);
        ud_setup setup = go->setup;
        if (!t || !fired)
            _exit(12);
        /* a game under another reading (a `witness variant` part): the
         * table built for it, then changed; a change that changes
         * nothing there (its row not in that reading's table) predicts
         * that reading's rules as they are, as conform played it */
        bool other = memcmp(go->setup.variant, base_setup->variant, sizeof setup.variant) != 0;
        if (other)
            ud_table_build(t, go->game, setup.variant);
        else
            *t = *base;
        if (!ud_blame_apply(c, t, &setup) && !other)
            _exit(12);
        ud_check_opts o = trial_opts(cs, t, &setup, fired);
        o.changed_whole = 1;
        o.stop_after_line = 0;
        o.whole_states = 1; /* conform compared the other side's states whole */
        ud_check_result res;
        ud_error err;
        int rc = ud_check(go, &o, &res, &err);
        /* refused by a rule at a line: parted there (a limit, or the
         * changed rules failing, says nothing) */
        bool parted = rc != 0 && err.set && !err.input && !err.internal && !err.limit && err.line > 0;
        if (parted)
            *shared_line = err.line;
        _exit(rc == 0 ? 10 : parted ? 11 : 12);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        ;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 12;
    if (code == 10)
        return (ud_blame_confirm){ .kind = UD_CONFIRM_AGREED, .games = 1 };
    if (code == 11 && *shared_line > 0)
        return (ud_blame_confirm){ .kind = UD_CONFIRM_PARTED, .game = 1, .play = (uint64_t)*shared_line };
    return (ud_blame_confirm){ .kind = UD_CONFIRM_UNSURE };
}

/* The record's witness game k (lines shared with t) as a record of its
 * own, under t's header (a `witness variant KEY=VALUE` part: with that
 * key read so): the other side's game from its set-up. */
static ud_transcript witness_game(const ud_transcript *t, int k)
{
    ud_transcript go = *t;
    if (t->witness_key[k] >= 0)
        go.setup.variant[t->witness_key[k]] = t->witness_value[k];
    as_other_side(&go, t->lines + t->witness_at[k], t->witness_n[k], t->end_line);
    return go;
}

/* Change c played on through the record's parts: the `after` lines (in
 * go, NULL: none), then each witness game; agreed with all of them, or
 * parted at a line (the first part that tells). */
static ud_blame_confirm parts_trial(const check_step *cs, const ud_table *base, const ud_transcript *t,
                                    const ud_transcript *go, const ud_blame_change *c, int *line)
{
    ud_blame_confirm res = { .kind = UD_CONFIRM_AGREED };
    if (go) {
        res = after_trial(cs, base, &t->setup, go, c, line);
        if (res.kind != UD_CONFIRM_AGREED)
            return res;
    }
    for (int k = 0; k < t->n_witness; k++) {
        ud_transcript w = witness_game(t, k);
        ud_blame_confirm r = after_trial(cs, base, &t->setup, &w, c, line);
        if (r.kind != UD_CONFIRM_AGREED)
            return (ud_blame_confirm){ .kind = r.kind,
                                       .games = res.games,
                                       .game = 2 + k,
                                       .play = r.play,
                                       .line_key = t->witness_key[k] + 1,
                                       .line_value = t->witness_value[k] };
        res.games++;
    }
    return res;
}

/* The changes that explain the step, told apart by the other side's games
 * in the record past it, as conform's confirmation tells them apart by
 * play: each played on through the record's `after` lines and `witness`
 * games; one that parts from them is not what the other side does. */
static void confirm_by_parts(const check_step *cs, const ud_table *base, const ud_transcript *t, ud_blame *b)
{
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    if ((t->n_after == 0 && t->n_witness == 0) || shown < 2 ||
        (b->kind != UD_BLAME_READING && b->kind != UD_BLAME_ROW))
        return;
    ud_transcript go;
    if (t->n_after && !game_with_after(t, &go))
        return;
    int *line = mmap(NULL, sizeof *line, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (line != MAP_FAILED) {
        for (int i = 0; i < shown; i++) {
            if (bound_left(1) == 0) { /* out of time: not confirmed, and said so */
                b->confirm[i] = (ud_blame_confirm){ .kind = UD_CONFIRM_UNSURE };
                b->unconfirmed++;
                bound_reached(b);
                continue;
            }
            b->confirm[i] = parts_trial(cs, base, t, t->n_after ? &go : NULL, &b->found[i], line);
        }
        munmap(line, sizeof *line);
        b->confirm_games = (t->n_after > 0) + t->n_witness;
        if (t->n_after) {
            b->after_first = t->lines[t->n].line;
            b->after_last = t->lines[t->n + t->n_after - 1].line;
        }
        if (t->n_witness) {
            int k = t->n_witness - 1;
            b->witness_games = t->n_witness;
            b->witness_first = t->witness_line[0];
            b->witness_last = t->lines[t->witness_at[k] + t->witness_n[k] - 1].line;
        }
        ud_blame_confirmed(b);
    }
    if (t->n_after)
        free(go.lines);
}

void ud_blame_check(const ud_transcript *t, const ud_check_opts *opts, const ud_check_result *res,
                    const ud_error *err, ud_blame *b)
{
    memset(b, 0, sizeof *b);
    /* Nothing to blame where no rule refused the line: a parse error, an
     * engine failure, a limit of undead's, or the bound on one game's
     * decisions (a record whose policies never end the game: every trial
     * would play out that bound again, minutes in all). */
    if (!err->set || err->input || err->internal || err->limit || err->line <= 0 || !err->rule[0])
        return;
    bound_begin();
    ud_table *base = malloc(sizeof *base);
    check_step *cs = calloc(1, sizeof *cs);
    if (!base || !cs) {
        free(base);
        free(cs);
        return;
    }
    if (opts->table)
        *base = *opts->table;
    else
        ud_table_build(base, t->game, t->setup.variant);
    /* Past the step the record's game may go on or not: a change need
     * only play the step as the record does, unless the record's end is
     * what the rules refuse (then the changed rules must end there). */
    cs->whole = *t;
    cs->whole.partial = res->at_end ? t->partial : 1;
    cs->t = &cs->whole;
    cs->opts.table = base;
    cs->opts.strict = opts->strict;
    cs->opts.max_decisions = opts->max_decisions;
    cs->opts.replay_of_checked = 1; /* the changed rows may break an invariant the record does not */
    cs->opts.stop_after_line = step_end(t, err->line);
    cs->refused_line = err->line;
    ud_buf_init(&cs->rules_past);
    cs->rules_over = rules_end_game(cs);
    /* a record that ends on a state line, and is not partial, ends where
     * the game waited for a decision (or was over): a conform record */
    ud_tline_kind last = t->n > 0 ? t->lines[t->n - 1].kind : UD_TL_CHANGE;
    bool ends_on_state = last == UD_TL_STATE && !t->partial;
    cs->step_ends = ends_on_state || cs->opts.stop_after_line > 0;
    if (cs->opts.stop_after_line == 0 && (last >= UD_TL_WAITS || ends_on_state)) {
        /* The refused step is the record's last, and its end says where its
         * game stands: at a decision by a player, wanting an outcome, or
         * over with each player's outcome (its last line: waits, needs,
         * over), else over (a whole record's end).  A
         * change explains the step when the record checks to that end as
         * it is: the record of an implementation that ended its game, or
         * played on past the rules' end, is explained only by a change that
         * does the same. */
        cs->whole = *t;
        cs->step_ends = false;
    }
    /* A refused decide line takes a decision the position did not offer
     * (or from the wrong player): the position is the previous play's, so
     * its firings are the step's, as conform's step is the play that made
     * the offers.  (Each change plays the whole record, so beginning
     * there tries every change; from the refused line's own play on, the
     * firings counted would be only what follows the decision.) */
    uint64_t first_back = 0;
    for (int i = 0; i < t->n; i++)
        if (t->lines[i].line == err->line && t->lines[i].kind == UD_TL_DECIDE && res->played > 0)
            first_back = 1;
    int untried = 0;
    for (uint64_t back = first_back; back <= EARLIER_PLAYS && back <= res->played &&
                                     b->kind == UD_BLAME_NONE && (back == first_back || bound_left(1) > 0);
         back++) {
        cs->opts.changed_from = res->played - back;
        rules_past_from(cs);
        search_with(base, &t->setup, check_trial, check_reference, snapshots ? snapshot_trial_of : NULL, cs,
                    b);
        b->from_play = cs->opts.changed_from;
        untried += b->untried; /* each search begins b anew */
    }
    b->untried = untried;
    if (untried)
        bound_reached(b);
    confirm_by_parts(cs, base, t, b);
    if (b->kind == UD_BLAME_NONE)
        check_provenance(t, cs, res, b);
    ud_buf_free(&cs->rules_past);
    free(base);
    free(cs);
}
