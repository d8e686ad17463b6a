/*
 * conform_shrink.c - the smallest game that still departs (see conform.h).
 *
 * The tape of choices is shrunk as property-based testing tools shrink
 * their inputs: cut runs of choices (long runs first), then lower single
 * choices (to 0: the first offer, the first outcome), keeping each change
 * that still departs the same way (same kind, same key) in fewer
 * decisions, or as many decisions and fewer or smaller choices.  Past its
 * end a replayed tape chooses 0, so a cut tape is still a whole game.
 */
#include <stdlib.h>
#include <string.h>

#include "conform.h"

typedef struct shrink {
    cf_run *run;
    uint64_t seed, best_seed;
    cf_tape best, cand;
    cf_departure best_dep;
    int tries, max_tries;
} shrink;

static uint64_t tape_sum(const cf_tape *t, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n && i < t->n; i++)
        s += t->val[i];
    return s;
}

/* Whether departure d (tape c) is the same fault as the best, and smaller. */
static bool better(const shrink *sh, const cf_departure *d, const cf_tape *c)
{
    const cf_departure *b = &sh->best_dep;
    if (d->kind != b->kind || (d->kind == CF_DEP_STATE && strcmp(d->key, b->key) != 0))
        return false;
    if (d->decisions != b->decisions)
        return d->decisions < b->decisions;
    if (d->tape_pos != b->tape_pos)
        return d->tape_pos < b->tape_pos;
    return tape_sum(c, d->tape_pos) < tape_sum(&sh->best, b->tape_pos);
}

/* Play the candidate; keep it when it departs the same way, smaller. */
static bool try_candidate(shrink *sh)
{
    if (sh->tries >= sh->max_tries)
        return false;
    sh->tries++;
    cf_departure d;
    cf_departure_init(&d);
    cf_tape_replay(&sh->cand);
    cf_verdict v = cf_play(sh->run, &sh->cand, sh->seed, 0, &d);
    bool keep = v == CF_DEPART && better(sh, &d, &sh->cand);
    if (keep) {
        sh->best_seed = sh->seed;
        cf_tape_truncate(&sh->cand, d.tape_pos);
        cf_tape_copy(&sh->best, &sh->cand);
        cf_departure_free(&sh->best_dep);
        sh->best_dep = d;
    } else
        cf_departure_free(&d);
    if (v == CF_BROKEN)
        cf_run_restart(sh->run); /* a changed game the adapter cannot take: go on with a fresh one */
    return keep;
}

static bool cut_runs(shrink *sh)
{
    bool any = false;
    for (size_t k = 16; k >= 1; k /= 2) {
        for (size_t i = sh->best.n; i-- > 0;) {
            if (i + k > sh->best.n)
                continue;
            cf_tape_copy(&sh->cand, &sh->best);
            memmove(sh->cand.val + i, sh->cand.val + i + k, (sh->cand.n - i - k) * sizeof *sh->cand.val);
            memmove(sh->cand.range + i, sh->cand.range + i + k,
                    (sh->cand.n - i - k) * sizeof *sh->cand.range);
            sh->cand.n -= k;
            if (try_candidate(sh))
                any = true;
            if (sh->tries >= sh->max_tries)
                return any;
        }
        if (k == 1)
            break;
    }
    return any;
}

static bool lower_values(shrink *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->best.n; i++) {
        if (sh->best.val[i] == 0)
            continue;
        uint32_t was = sh->best.val[i];
        uint32_t try_to[2] = { 0, was / 2 };
        for (int t = 0; t < 2 && sh->best.val[i] == was; t++) {
            if (t == 1 && (try_to[1] == 0 || try_to[1] == was))
                break;
            cf_tape_copy(&sh->cand, &sh->best);
            sh->cand.val[i] = try_to[t];
            if (try_candidate(sh))
                any = true;
        }
        if (sh->tries >= sh->max_tries)
            return any;
    }
    return any;
}

/* Other seeded games first: a departure that shows late in one game may
 * show early in another, which no cutting of the first would find. */
static void other_games(shrink *sh, int games)
{
    for (int k = 1; k <= games && sh->tries < sh->max_tries; k++) {
        sh->seed = sh->best_seed + UINT64_C(0x9e3779b9) * (uint64_t)k;
        cf_tape_record(&sh->cand, sh->seed);
        sh->tries++;
        cf_departure d;
        cf_departure_init(&d);
        cf_verdict v = cf_play(sh->run, &sh->cand, sh->seed, sh->best_dep.decisions + 1, &d);
        if (v == CF_DEPART && better(sh, &d, &sh->cand)) {
            sh->best_seed = sh->seed;
            cf_tape_truncate(&sh->cand, d.tape_pos);
            cf_tape_copy(&sh->best, &sh->cand);
            sh->best.fill = CF_FILL_HASH;
            cf_departure_free(&sh->best_dep);
            sh->best_dep = d;
        } else
            cf_departure_free(&d);
        if (v == CF_BROKEN)
            cf_run_restart(sh->run);
    }
    sh->seed = sh->best_seed;
}

void cf_shrink(cf_run *run, cf_tape *tape, cf_departure *dep, int max_tries)
{
    shrink sh = { .run = run, .seed = 0, .max_tries = max_tries };
    cf_tape_init(&sh.best);
    cf_tape_init(&sh.cand);
    cf_tape_copy(&sh.best, tape);
    cf_tape_truncate(&sh.best, dep->tape_pos);
    sh.best.fill = CF_FILL_HASH;
    sh.best_dep = *dep; /* moved in: dep is handed back at the end */
    sh.seed = sh.best_seed = run->seed;
    if (tape->mode == CF_TAPE_RECORD)
        other_games(&sh, max_tries / 2);
    for (int round = 0; round < 8 && sh.tries < sh.max_tries; round++) {
        bool cut = cut_runs(&sh);
        bool lowered = lower_values(&sh);
        if (!cut && !lowered)
            break;
    }
    *dep = sh.best_dep;
    cf_tape_copy(tape, &sh.best);
    run->seed = sh.best_seed;
    run->shrink_tries = sh.tries;
    cf_tape_free(&sh.best);
    cf_tape_free(&sh.cand);
}
