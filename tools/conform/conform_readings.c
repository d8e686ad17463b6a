/*
 * conform_readings.c - changes that play left tied, played again under
 * other readings (conform_impl.h: cf_confirm_readings).
 *
 * Two changes of the rules may agree with the implementation in every
 * game played under the run's readings and still differ under another:
 * one names a row that is in the table only under some readings of a
 * key (ZD-SHORTAGE-THREE, under shortage-when=fewer-than-three), or that
 * consults a key, or sits in a phase whose rows do.  Under a reading
 * where the row is not in the table, its change changes nothing, and it
 * predicts that reading's rules as they are; the other change predicts
 * something else.  So the tied changes are played again, each under a
 * few other readings of those keys, both sides told the reading through
 * `new` as any game's readings are: under a reading where one agrees
 * with the implementation, those that part are refuted.  A reading under
 * which every change parts (or none could be confirmed) refutes none:
 * the implementation differs there in something no tied change explains,
 * or plays that reading otherwise (`undead serve --variant` pinned to
 * another: it plays its own reading whatever `new` names, which a
 * reading among the changes, made over the one tried, plays too).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "conform_impl.h"
#include "seen.h"

/* What change c names: its row, or a reading's key (so that two changes
 * of one row are not a tie worth playing for). */
static intptr_t named(const ud_blame_change *c)
{
    return c->kind == UD_BLAME_READING ? -1 - (intptr_t)c->key : (intptr_t)c->rule;
}

/* Whether the changes every game agreed with (of the first n) name two
 * rules or more. */
static bool tied(const ud_blame *b, int n)
{
    intptr_t first = 0;
    bool have = false;
    for (int i = 0; i < n; i++) {
        if (b->confirm[i].kind != UD_CONFIRM_AGREED)
            continue;
        if (have && named(&b->found[i]) != first)
            return true;
        first = named(&b->found[i]);
        have = true;
    }
    return false;
}

/* The keys of row r's condition (it is in the table only under some of
 * their readings). */
static unsigned condition_keys(const ud_rule *r)
{
    unsigned keys = 0;
    if (r->variant >= 0)
        keys |= 1u << r->variant;
    if (r->values2)
        keys |= 1u << r->variant2;
    return keys;
}

/* The keys of change c, by tier: 0 the keys of its row's condition (a
 * reading: its own key), 1 the keys its row consults, 2 the keys of the
 * other rows of its row's phase (their conditions and what they consult). */
static unsigned keys_of(const ud_game *g, const ud_blame_change *c, int tier)
{
    if (c->kind == UD_BLAME_READING)
        return tier == 0 ? 1u << c->key : 0;
    if (tier == 0)
        return condition_keys(c->rule);
    if (tier == 1)
        return c->rule->reads;
    unsigned keys = 0;
    for (int r = 0; r < g->n_rules; r++)
        if (g->rules[r].phase == c->rule->phase && &g->rules[r] != c->rule)
            keys |= condition_keys(&g->rules[r]) | g->rules[r].reads;
    return keys;
}

/* Whether some tied change changes anything under these readings (a row
 * not in that table changes nothing: when none is, every change predicts
 * the reading's own rules, and its games tell nothing apart). */
static bool some_change_made(const ud_blame *b, int n, const int *variant)
{
    for (int i = 0; i < n; i++)
        if (b->confirm[i].kind == UD_CONFIRM_AGREED &&
            (b->found[i].kind == UD_BLAME_READING || ud_rule_active(b->found[i].rule, variant)))
            return true;
    return false;
}

/* The readings a tie could be played again under, at most max, into out:
 * one key read otherwise than the run reads it, each other value of the
 * keys of tier 0 first, then of tier 1, then of tier 2 (keys_of), then
 * of every other key, each tier's keys in the game's order. */
static int candidate_readings(const ud_game *g, const ud_setup *su, const ud_blame *b, int n, int max,
                              ud_blame_reading *out)
{
    unsigned done = 0;
    int count = 0;
    for (int tier = 0; tier <= 3; tier++) {
        unsigned keys = 0;
        for (int i = 0; i < n && tier < 3; i++)
            if (b->confirm[i].kind == UD_CONFIRM_AGREED)
                keys |= keys_of(g, &b->found[i], tier);
        if (tier == 3)
            keys = ~0u;
        keys &= ~done;
        done |= keys;
        for (int k = 0; k < g->n_variants && k < UD_MAX_VARIANTS; k++) {
            int variant[UD_MAX_VARIANTS];
            memcpy(variant, su->variant, sizeof variant);
            for (int v = 0; ((keys >> k) & 1u) && v < g->variants[k].n_values; v++) {
                variant[k] = v;
                if (v == su->variant[k] || !some_change_made(b, n, variant))
                    continue;
                if (count == max)
                    return count;
                out[count++] = (ud_blame_reading){ .key = k, .value = v };
            }
        }
    }
    return count;
}

/* A hash of what the protocol shows of change c's seeded games under
 * reading rd (FNV-1a over the lines: the games are compared, not kept). */
static uint64_t seen_hash(const cf_run *run, const ud_blame_change *c, const ud_blame_reading *rd, int games,
                          ud_buf *view)
{
    static ud_table t;
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    static uint64_t fired[UD_MAX_RULES];
    const cf_opts *o = run->o;
    ud_match m = o->match;
    m.game = o->game;
    m.setup.variant[rd->key] = rd->value;
    m.max_decisions = CF_CONFIRM_DECISIONS;
    ud_table_build(&t, o->game, m.setup.variant);
    ud_blame_apply(c, &t, &m.setup); /* one that changes nothing here predicts the reading's own rules */
    uint64_t h = UINT64_C(14695981039346656037);
    for (int k = 1; k <= games; k++) {
        m.seed = run->seed + (uint64_t)k;
        ud_seen_play(&m, &t, state, UD_SEEN_PROTOCOL, view, fired);
        for (size_t i = 0; i < view->len; i++)
            h = (h ^ (unsigned char)view->data[i]) * UINT64_C(1099511628211);
    }
    return h;
}

/* Which of the candidate readings cand[0..count) (count at most 64) tell
 * the tied changes apart by undead's own play: each change made to
 * undead's table built for the reading, a few seeded games under the
 * seats' policies, and what the protocol would show of them compared (no
 * implementation is asked).  Bit k: cand[k] does.  In a child process (a
 * changed table runs rows where their code assumes they never run), at
 * most CF_CONFIRM_SECONDS; 0 when it could not tell. */
static uint64_t telling_readings(const cf_run *run, const ud_blame *b, int n, const ud_blame_reading *cand,
                                 int count)
{
    uint64_t *shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED)
        return 0;
    *shared = 0;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(CF_CONFIRM_SECONDS);
        ud_buf view;
        ud_buf_init(&view);
        for (int k = 0; k < count; k++) {
            uint64_t first = 0;
            bool have = false, told = false;
            for (int i = 0; i < n && !told; i++) {
                if (b->confirm[i].kind != UD_CONFIRM_AGREED)
                    continue;
                uint64_t h = seen_hash(run, &b->found[i], &cand[k], CF_TELLING_GAMES, &view);
                told = have && h != first;
                first = have ? first : h;
                have = true;
            }
            if (told)
                *shared |= UINT64_C(1) << k;
        }
        ud_buf_free(&view);
        _exit(0);
    }
    uint64_t mask = 0;
    int status = 0;
    if (pid > 0) {
        pid_t got;
        while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
            ;
        if (got == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0)
            mask = *shared;
    }
    munmap(shared, sizeof *shared);
    return mask;
}

/* The readings to play the tied changes under, at most max, into out:
 * those under which undead's own play tells them apart first, then the
 * others, each in candidate_readings' order. */
static int tie_readings(const cf_run *run, const ud_blame *b, int n, int max, ud_blame_reading *out)
{
    ud_blame_reading cand[64];
    int count = candidate_readings(run->o->game, &run->o->match.setup, b, n, 64, cand);
    uint64_t told = telling_readings(run, b, n, cand, count);
    int m = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < count && m < max; k++)
            if (((told >> k) & 1u) == (pass == 0))
                out[m++] = cand[k];
    return m;
}

int cf_reading_games(const cf_opts *o) { return o->confirm_games > 0 ? o->confirm_games : 1; }

/* The tied changes (of b's first n) played under reading rd, b's
 * reading number `index` (1 the first): refuted there when they part and
 * another agrees. */
static void play_under(cf_run *run, ud_blame *b, int n, ud_blame_reading *rd, int index,
                       cf_confirm_shared *shared)
{
    ud_blame_confirm res[UD_BLAME_SHOWN] = { 0 };
    bool agreed = false;
    for (int i = 0; i < n; i++) {
        if (b->confirm[i].kind != UD_CONFIRM_AGREED)
            continue;
        res[i] = cf_confirm_under(run, &b->found[i], rd, shared, &rd->unsupported);
        if (rd->unsupported)
            return; /* skipped: held against no change */
        agreed |= res[i].kind == UD_CONFIRM_AGREED;
    }
    for (int i = 0; i < n; i++) {
        ud_blame_confirm *c = &b->confirm[i];
        if (c->kind != UD_CONFIRM_AGREED)
            continue;
        if (agreed && res[i].kind == UD_CONFIRM_PARTED) {
            *c = (ud_blame_confirm){ .kind = UD_CONFIRM_PARTED,
                                     .games = c->games,
                                     .game = res[i].game,
                                     .play = res[i].play,
                                     .reading = index,
                                     .reading_games = c->reading_games };
            rd->refuted++;
        } else if (res[i].kind == UD_CONFIRM_AGREED)
            c->reading_games += res[i].games;
    }
}

void cf_confirm_readings(cf_run *run, ud_blame *b, int n, cf_confirm_shared *shared)
{
    const cf_opts *o = run->o;
    int max = o->confirm_readings < UD_BLAME_READINGS ? o->confirm_readings : UD_BLAME_READINGS;
    if (max <= 0 || !tied(b, n))
        return;
    ud_blame_reading tried[UD_BLAME_READINGS];
    int count = tie_readings(run, b, n, max, tried);
    b->reading_games = cf_reading_games(o);
    for (int k = 0; k < count && tied(b, n); k++) {
        b->readings[b->n_readings] = tried[k];
        b->n_readings++;
        play_under(run, b, n, &b->readings[b->n_readings - 1], b->n_readings, shared);
    }
}
