/*
 * conform_confirm.c - a departure's explanations told apart by play
 * (conform.h: cf_confirm).
 *
 * Several changes of the rules may play the parting step as the
 * implementation did, at the same cost or near it: two rows with one
 * effect, a reading that does what one row's guard does, a row of an
 * earlier play that left only what the state does not show.  The step
 * cannot tell them apart; the rest of the game, and other games, often
 * can.  So each is played: undead's table changed so, against the
 * implementation itself, the departing game again from its start (the
 * same tape of choices: the same game up to the departure) on to its end,
 * then a few seeded games more.  A change under which the two sides part
 * anywhere is not what the implementation does.
 *
 * Each change is played in a child process with an adapter of its own:
 * a changed table runs rows where their code assumes they never run, and
 * the run's own adapter stands mid-game at the departure.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "conform_impl.h"

/* What a confirmation's child hands back, in memory both share: its
 * result, and its adapter's process group, which the parent ends if the
 * child dies before it could (the adapter leads a group of its own). */
typedef struct cf_confirm_shared {
    ud_blame_confirm res;
    bool unsupported; /* the adapter does not play the reading it was told */
    pid_t adapter;
    /* the departing game past its step as the change plays it, when the
     * implementation agreed to its end (cf_after_lines), NUL-ended */
    int64_t after_last; /* the record's last decision (-1: none) */
    size_t after_len;
    char after[CF_AFTER_BYTES + 1024];
    /* bit k (k >= 1): the lines of the seeded game k + 1 wanted as the
     * record's `witness` parts (0: a confirmation, none wanted) */
    unsigned witness_games;
    size_t witness_len;
    char witness[CF_AFTER_BYTES + 1024];
} confirm_shared;

/* One game of a confirmation: *res filled and true when it agreed (to its
 * end, or to the bound on decisions), false when the sides parted (at
 * game `game`) or the play could not go on (the adapter answering that it
 * does not play what `new` asked: shared->unsupported). */
static bool confirm_game(cf_run *cr, cf_tape *tape, uint64_t seed, int game, ud_blame_confirm *res,
                         confirm_shared *shared)
{
    cf_departure dep;
    cf_departure_init(&dep);
    cf_verdict v = cf_play(cr, tape, seed, 0, &dep);
    bool agreed = v == CF_AGREE || v == CF_ENDLESS;
    if (v == CF_DEPART && dep.kind != CF_DEP_RULES && dep.kind != CF_DEP_LIMIT)
        *res = (ud_blame_confirm){
            .kind = UD_CONFIRM_PARTED, .games = res->games, .game = game, .play = dep.step
        };
    else if (!agreed)
        res->kind = UD_CONFIRM_UNSURE; /* undead's changed rules failed, or the adapter broke */
    if (v == CF_BROKEN && cr->unsupported)
        shared->unsupported = true;
    cf_departure_free(&dep);
    return agreed;
}

/* In the child, the departing game agreed to its end under the change:
 * its lines from the record's last decision on, for the record. */
static void after_part(const cf_run *cr, const cf_tape *t, int64_t last, confirm_shared *shared)
{
    ud_buf lines;
    ud_buf_init(&lines);
    if (cf_after_lines(cr, t, last, false, &lines) && lines.len < sizeof shared->after) {
        memcpy(shared->after, ud_buf_str(&lines), lines.len + 1);
        shared->after_len = lines.len;
    }
    ud_buf_free(&lines);
}

/* In the child, a seeded game (game, seed) agreed to its end under the
 * change: its lines from the set-up on, a `witness` part of the record;
 * played under another reading (under: not NULL), a `witness variant
 * KEY=VALUE` part, game the number among that reading's games. */
static void witness_part(const cf_run *cr, const cf_tape *t, int game, uint64_t seed,
                         const ud_blame_reading *under, confirm_shared *shared)
{
    ud_buf lines;
    ud_buf_init(&lines);
    if (cf_after_lines(cr, t, -1, true, &lines)) {
        char head[512];
        int n;
        if (under) {
            const ud_variant *v = &cr->o->game->variants[under->key];
            n = snprintf(
                head, sizeof head,
                "# undead conform: the implementation's game %d under the reading %s=%s (seed %llu), as "
                "it played it (undead check tells its explanations apart by it)\nwitness variant "
                "%s=%s\n",
                game, v->key, v->values[under->value].name, (unsigned long long)seed, v->key,
                v->values[under->value].name);
        } else
            n = snprintf(
                head, sizeof head,
                "# undead conform: the implementation's game %d (seed %llu), as it played it (undead "
                "check tells its explanations apart by it)\nwitness\n",
                game, (unsigned long long)seed);
        size_t room = sizeof shared->witness - shared->witness_len;
        if (n > 0 && (size_t)n + lines.len < room) {
            memcpy(shared->witness + shared->witness_len, head, (size_t)n);
            memcpy(shared->witness + shared->witness_len + (size_t)n, ud_buf_str(&lines), lines.len + 1);
            shared->witness_len += (size_t)n + lines.len;
        }
    }
    ud_buf_free(&lines);
}

/* The games change c plays in the child (undead's side only): under the
 * run's readings, the departing game again (tape) and then the seeded
 * games; under another reading (`under`), the seeded games alone, as the
 * departing game is another game there. */
static void confirm_games(cf_run *cr, const cf_run *run, const cf_tape *tape, const ud_blame_reading *under,
                          ud_blame_confirm *res, confirm_shared *shared)
{
    cf_tape t;
    cf_tape_init(&t);
    cf_tape_copy(&t, tape);
    cf_tape_replay(&t);
    int first = under ? 1 : 0, last = under ? cf_reading_games(run->o) : run->o->confirm_games;
    res->kind = UD_CONFIRM_AGREED;
    for (int k = first; k <= last; k++) {
        uint64_t seed = run->seed + (uint64_t)k;
        if (k > 0) /* a seeded game more, under the seats' policies */
            cf_tape_record(&t, seed);
        if (!confirm_game(cr, &t, seed, k + 1 - first, res, shared))
            break;
        res->games++;
        if (k == 0 && !shared->witness_games)
            after_part(cr, &t, shared->after_last, shared);
        if (k > 0 && (shared->witness_games >> k & 1u))
            witness_part(cr, &t, k + 1 - first, seed, under, shared);
        if (shared->witness_games && shared->witness_games >> (k + 1) == 0)
            break; /* the last game wanted */
    }
    cf_tape_free(&t);
}

/* In the child: change c played as cf_confirm says, into *res; under the
 * run's readings, or (under: not NULL) another one that both sides are
 * told, undead's table built for it and then changed (a change that
 * changes nothing there, its row not in that reading's table, plays that
 * reading's rules as they are: what the change predicts there). */
static void confirm_change(const cf_run *run, const cf_tape *tape, const ud_blame_change *c,
                           const ud_blame_reading *under, ud_blame_confirm *res, confirm_shared *shared)
{
    pid_t *adapter = &shared->adapter;
    cf_opts o = *run->o;
    if (o.max_steps > CF_CONFIRM_DECISIONS)
        o.max_steps = CF_CONFIRM_DECISIONS;
    if (under) /* the adapter's `new` names it (cf_new_request), and cf_run_open builds the table for it */
        o.match.setup.variant[under->key] = under->value;
    cf_run *cr = calloc(1, sizeof *cr);
    ud_setup *setup = malloc(sizeof *setup);
    res->kind = UD_CONFIRM_UNSURE;
    if (cr && setup && cf_run_open(cr, &o) == CF_AGREE) {
        *adapter = cr->link.proc.pid;
        *setup = o.match.setup;
        if (!under)
            cr->table = run->table;
        if (ud_blame_apply(c, &cr->table, setup) || under) {
            cr->rules_setup = setup;
            cr->changed_rules = true;
            cr->chance = run->chance;
            confirm_games(cr, run, tape, under, res, shared);
        }
    }
    if (cr)
        cf_run_close(cr);
    *adapter = -1; /* ended and reaped: its number may be another's now */
    free(cr);
    free(setup);
}

/* Change c played in a child process (one that dies, or runs past
 * CF_CONFIRM_SECONDS, confirms nothing). */
static ud_blame_confirm confirm_isolated(const cf_run *run, const cf_tape *tape, const ud_blame_change *c,
                                         const ud_blame_reading *under, confirm_shared *shared)
{
    fflush(NULL);
    shared->res = (ud_blame_confirm){ .kind = UD_CONFIRM_UNSURE };
    shared->unsupported = false;
    shared->adapter = -1;
    shared->after_len = shared->witness_len = 0;
    shared->after[0] = shared->witness[0] = '\0';
    pid_t pid = fork();
    if (pid < 0)
        return shared->res;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) { /* the changed rules' messages, and the adapter's, are not the run's */
            dup2(null, 1);
            dup2(null, 2);
        }
        alarm(CF_CONFIRM_SECONDS);
        ud_blame_confirm res = { 0 };
        confirm_change(run, tape, c, under, &res, shared);
        shared->res = res;
        _exit(0);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        /* crashed or out of time: its adapter may still run, mid-game */
        if (shared->adapter > 0)
            kill(-shared->adapter, SIGKILL);
        shared->res = (ud_blame_confirm){ .kind = UD_CONFIRM_UNSURE };
    }
    return shared->res;
}

ud_blame_confirm cf_confirm_under(const cf_run *run, const ud_blame_change *c, const ud_blame_reading *under,
                                  cf_confirm_shared *shared, bool *unsupported)
{
    cf_tape none;
    cf_tape_init(&none);
    ud_blame_confirm res = confirm_isolated(run, &none, c, under, shared);
    *unsupported = shared->unsupported;
    cf_tape_free(&none);
    return res;
}

/* The seeded games (bit k: the game of seed run->seed + k, k >= 1) in
 * which a change that the first one outlived parted, under the run's
 * readings (reading 0: bit k is game k + 1, the departing game the first)
 * or under b's reading `reading` (1 + its index: bit k is that reading's
 * game k); at most max of them, the first games first. */
static unsigned witness_games(const ud_blame *b, int n, int reading, int max)
{
    unsigned games = 0;
    if (b->confirm[0].kind != UD_CONFIRM_AGREED)
        return 0;
    for (int i = 1; i < n; i++) {
        const ud_blame_confirm *c = &b->confirm[i];
        int k = reading ? c->game : c->game - 1;
        if (c->kind == UD_CONFIRM_PARTED && c->reading == reading && k >= 1 && k < 32)
            games |= 1u << k;
    }
    unsigned kept = 0;
    for (int k = 1, m = 0; k < 32 && m < max; k++)
        if (games >> k & 1u) {
            kept |= 1u << k;
            m++;
        }
    return kept;
}

/* The `witness` parts in a child's lines (each begins a line). */
static int parts_in(const char *lines)
{
    int m = 0;
    for (const char *p = lines; (p = strstr(p, "\nwitness")) != NULL; p++)
        m++;
    return m;
}

/* The games in which the changes that play the step parted, played again
 * under the change named first, for the record: `undead check` plays its
 * own explanations through them (the departing game alone, its `after`
 * part, tells apart only what that game does).  Those under the run's
 * readings first, then those under each other reading that refuted a
 * change (b->readings' order), `witness variant KEY=VALUE` parts: at most
 * UD_WITNESS_MAX parts in all, in at most sizeof shared->witness bytes. */
static void witnesses(const cf_run *run, const cf_tape *tape, const ud_blame *b, int n,
                      confirm_shared *shared, ud_buf *witness)
{
    int parts = 0;
    for (int reading = 0; reading <= b->n_readings && parts < UD_WITNESS_MAX; reading++) {
        shared->witness_games = witness_games(b, n, reading, UD_WITNESS_MAX - parts);
        if (!shared->witness_games)
            continue;
        const ud_blame_reading *under = reading ? &b->readings[reading - 1] : NULL;
        ud_blame_confirm res = confirm_isolated(run, tape, &b->found[0], under, shared);
        if (res.kind == UD_CONFIRM_AGREED && shared->witness_len &&
            witness->len + shared->witness_len < sizeof shared->witness) {
            ud_buf_puts(witness, shared->witness);
            parts += parts_in(shared->witness);
        }
    }
    shared->witness_games = 0;
}

void cf_confirm(cf_run *run, const cf_tape *tape, ud_blame *b, int64_t last, ud_buf *after, ud_buf *witness)
{
    int shown = b->n_found < UD_BLAME_SHOWN ? b->n_found : UD_BLAME_SHOWN;
    int n = shown < run->o->confirm_changes ? shown : run->o->confirm_changes;
    if (n < 2 || (b->kind != UD_BLAME_READING && b->kind != UD_BLAME_ROW))
        return;
    confirm_shared *shared =
        mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED)
        return;
    b->confirm_games = 1 + run->o->confirm_games;
    shared->after_last = last;
    ud_buf after_of[UD_BLAME_SHOWN];
    ud_blame_change was[UD_BLAME_SHOWN];
    for (int i = 0; i < n; i++) {
        b->confirm[i] = confirm_isolated(run, tape, &b->found[i], NULL, shared);
        ud_buf_init(&after_of[i]);
        if (b->confirm[i].kind == UD_CONFIRM_AGREED && shared->after_len)
            ud_buf_puts(&after_of[i], shared->after);
        was[i] = b->found[i];
    }
    /* changes every game agreed with, of other rules: other readings */
    cf_confirm_readings(run, b, n, shared);
    ud_blame_confirmed(b);
    witnesses(run, tape, b, n, shared, witness);
    munmap(shared, sizeof *shared);
    /* the record's `after` part: the game of the change named first */
    for (int i = 0; i < n; i++) {
        if (b->confirm[0].kind == UD_CONFIRM_AGREED && memcmp(&was[i], &b->found[0], sizeof was[i]) == 0)
            ud_buf_puts(after, ud_buf_str(&after_of[i]));
        ud_buf_free(&after_of[i]);
    }
}
