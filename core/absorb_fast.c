/*
 * absorb_fast.c - the fast pass of the chain solve (absorb.h,
 * ud_absorb_small): masses over smooth denominators pushed along the
 * compact edges, the components on one thread or several, each taking
 * the smallest ready one (core/pieces.h runs the workers).
 */
/* glibc's adaptive mutexes (solve_all) */
#define _GNU_SOURCE
#include "absorb_impl.h"

#include "pieces.h"

/* What a mass takes of the bound in bytes: itself and its place among
 * the spare ones. */
#define MASS_BYTES (sizeof(ud_smooth) + sizeof(ud_smooth *))

/* State v's mass, made (zero) when first needed; NULL when out of
 * memory (w->oom).  With a hundred primes a mass is some 280 bytes: one
 * per state would be the pass's largest array, and only the states on
 * the way hold one.  Called with v's lock held. */
static ud_smooth *mass_of(worker *w, int64_t v)
{
    fast *z = w->z;
    if (z->m[v])
        return z->m[v];
    ud_smooth *s = NULL;
    if (w->n_spare) {
        s = w->spare[--w->n_spare];
    } else if (ud_mem_resize(z->c->mem, 0, MASS_BYTES)) {
        if (!(s = malloc(sizeof *s))) {
            ud_mem_resize(z->c->mem, MASS_BYTES, 0);
            w->oom = true;
            return NULL;
        }
        s->used = s->live = false;
    } else {
        w->oom = true;
        return NULL;
    }
    __atomic_store_n(&z->m[v], s, __ATOMIC_RELAXED); /* prefetch_target reads it unlocked */
    return s;
}

enum { KEEP_LIMBS = 1024 }; /* a spare mass keeps a numerator's memory up to this */

/* v's mass is pushed on: keep it for the next state, and its numerator's
 * memory with it unless that is large (a malloc and free a mass cost
 * more than its arithmetic, and with threads a free crosses arenas). */
void ab_mass_done(worker *w, int64_t v)
{
    fast *z = w->z;
    ud_smooth *s = z->m[v];
    if (!s)
        return;
    if (s->live && mpz_size(s->n) <= KEEP_LIMBS)
        ud_smooth_reset(s);
    else
        ud_smooth_clear(s);
    __atomic_store_n(&z->m[v], NULL, __ATOMIC_RELAXED);
    if (w->n_spare == w->cap_spare) {
        size_t cap = w->cap_spare ? w->cap_spare * 2 : 1024;
        ud_smooth **a = realloc(w->spare, cap * sizeof *a);
        if (!a) {
            ud_smooth_clear(s);
            free(s);
            ud_mem_resize(z->c->mem, MASS_BYTES, 0);
            return;
        }
        w->spare = a;
        w->cap_spare = cap;
    }
    w->spare[w->n_spare++] = s;
}

/* Tree t of this thread += f * x / prod p^ce: the push, then the carry
 * up the levels while they are full. */
static void tree_add(worker *w, sum_tree *t, const mpz_t f, uint64_t x, const ud_smooth_exp *ce)
{
    const ud_smooth_primes *ps = &w->z->ps;
    ud_smooth *c = &w->carry;
    ud_smooth_add(ps, c, f, x, ce, w->tmp);
    for (int k = 0; k < TREE_LEVELS; k++) {
        ud_smooth *s = t->lvl[k];
        if (!s && ud_mem_resize(w->z->c->mem, 0, sizeof *s) && !(s = t->lvl[k] = calloc(1, sizeof *s)))
            ud_mem_resize(w->z->c->mem, sizeof *s, 0);
        if (!s) {
            w->oom = true;
            ud_smooth_reset(c);
            return;
        }
        if (!s->used) { /* the carry settles here; the level's spare memory becomes the carry's */
            ud_smooth held = *s;
            *s = *c;
            *c = held;
            return;
        }
        if (k + 1 == TREE_LEVELS) { /* the top level (never met: 2^47 pushes) */
            ud_smooth_add(ps, s, c->n, 1, &c->d, w->tmp);
            ud_smooth_reset(c);
            return;
        }
        ud_smooth_add(ps, c, s->n, 1, &s->d, w->tmp); /* the level joins the carry */
        ud_smooth_reset(s);
    }
}

/* The memory of tree t's levels released (and its bytes to mem). */
static void tree_release(sum_tree *t, ud_membound *mem)
{
    for (int k = 0; k < TREE_LEVELS; k++)
        if (t->lvl[k]) {
            ud_smooth_clear(t->lvl[k]);
            free(t->lvl[k]);
            t->lvl[k] = NULL;
            ud_mem_resize(mem, sizeof(ud_smooth), 0);
        }
}

/* Hot state v's mass: every thread's tree summed into it, the trees'
 * memory released.  Called when v is solved, every push to it done. */
static void collect_trees(worker *w, int64_t v)
{
    fast *z = w->z;
    int32_t h = z->hot[v] - 1;
    for (int j = 0; j < z->n_ws; j++) {
        sum_tree *t = &z->ws[j]->trees[h];
        for (int k = 0; k < TREE_LEVELS; k++) {
            const ud_smooth *s = t->lvl[k];
            ud_smooth *m = s && s->used ? mass_of(w, v) : NULL;
            if (m)
                ud_smooth_add(&z->ps, m, s->n, 1, &s->d, w->tmp);
        }
        tree_release(t, w->z->c->mem);
    }
}

/* mass(v) += f * x / prod p^ce. */
void ab_mass_add(worker *w, int64_t v, const mpz_t f, uint64_t x, const ud_smooth_exp *ce)
{
    if (w->z->hot && w->z->hot[v]) {
        tree_add(w, &w->trees[w->z->hot[v] - 1], f, x, ce);
        return;
    }
    lock_state(w->z, v);
    ud_smooth *s = mass_of(w, v);
    if (s)
        ud_smooth_add(&w->z->ps, s, f, x, ce, w->tmp);
    unlock_state(w->z, v);
}

/* Exponents of den over the primes, remembered (valid until the next
 * call); NULL: not smooth. */
const ud_smooth_exp *ab_den_exponents(worker *w, uint64_t den)
{
    size_t h = (size_t)(den * 0x9e3779b97f4a7c15ull >> 52) & (CACHE - 1);
    if (w->key[h] == den + 1)
        return &w->ex[h];
    w->key[h] = 0;
    if (!ud_smooth_factor(&w->z->ps, den, &w->ex[h]))
        return NULL;
    w->key[h] = den + 1;
    return &w->ex[h];
}

/* Edge e's weight as num/den; false when it does not fit 64 bits. */
bool ab_weight_of(const ud_chain_small *c, size_t e, uint64_t *num, uint64_t *den)
{
    ud_weight w = c->weight[c->w[e]];
    if (w.den) {
        *num = w.num;
        *den = w.den;
        return true;
    }
    const mpq_t *q = &c->big[w.num];
    if (!mpz_fits_ulong_p(mpq_numref(*q)) || !mpz_fits_ulong_p(mpq_denref(*q)))
        return false;
    *num = mpz_get_ui(mpq_numref(*q));
    *den = mpz_get_ui(mpq_denref(*q));
    return true;
}

/* The weight of v's loop to itself as num/den (0/1 without one). */
static bool self_loop(const fast *z, int64_t v, uint64_t *num, uint64_t *den)
{
    *num = 0;
    *den = 1;
    for (int64_t k = z->g.first[v]; k < z->g.first[v + 1]; k++)
        if (z->c->to[k] == v)
            return ab_weight_of(z->c, (size_t)k, num, den);
    return true;
}

/* Every prime the pass will meet: the edges' denominators' and each
 * loop's 1 - q's (a loop's numerator den - num is any number).  false:
 * more primes than the pass keeps, or a weight too large. */
static bool gather_primes(worker *w)
{
    fast *z = w->z;
    const ud_chain_small *c = z->c;
    ud_smooth_primes_init(&z->ps);
    for (size_t i = 0; i < c->n_weights; i++) {
        ud_weight x = c->weight[i];
        uint64_t den = x.den;
        if (!den) {
            if (!mpz_fits_ulong_p(mpq_numref(c->big[x.num])) || !mpz_fits_ulong_p(mpq_denref(c->big[x.num])))
                return false;
            den = mpz_get_ui(mpq_denref(c->big[x.num]));
        }
        if (!ab_den_exponents(w, den) && !ud_smooth_primes_add(&z->ps, den))
            return false;
    }
    for (int64_t v = 0; v < c->n; v++) {
        uint64_t num, den;
        if (!self_loop(z, v, &num, &den) || num >= den || !ud_smooth_primes_add(&z->ps, den - num))
            return false;
    }
    return true;
}

/* Ask the memory for the masses the next pushes go to: the mass of next
 * (one edge on), and the slot of after's (two on).  A push's time was
 * mostly waiting for its target, which lies anywhere in memory.  The
 * pointer is read with an atomic load, as another thread may be making
 * that mass; a prefetch of memory freed meanwhile does no harm. */
static void prefetch_target(const fast *z, int64_t next, int64_t after)
{
    if (after >= 0)
        __builtin_prefetch(&z->m[after]);
    if (next < 0)
        return;
    const char *p = (const char *)__atomic_load_n(&z->m[next], __ATOMIC_RELAXED);
    if (!p)
        return;
    for (size_t at = 0; at < sizeof(ud_smooth); at += 64)
        __builtin_prefetch(p + at, 1);
}

/* Push v's mass (reduced) along its out-edges: a loop to itself first
 * divides it by 1 - q = (den - num) / den. */
static void push_on(worker *w, int64_t v)
{
    fast *z = w->z;
    const ud_chain_small *c = z->c;
    uint64_t lnum, lden, num = 0, den = 1;
    ud_smooth_exp fe, we;
    self_loop(z, v, &lnum, &lden); /* checked by gather_primes */
    ud_smooth_factor(&z->ps, lden - lnum, &fe);
    ud_smooth_exp_mul(&fe, &z->m[v]->d);
    mpz_mul_ui(w->f, z->m[v]->n, lden);
    int64_t end = z->g.first[v + 1];
    for (int64_t k = z->g.first[v]; k < end; k++) {
        prefetch_target(z, k + 1 < end ? c->to[k + 1] : -1, k + 2 < end ? c->to[k + 2] : -1);
        int64_t to = c->to[k];
        if (to == v)
            continue;
        ab_weight_of(c, (size_t)k, &num, &den);
        we = fe; /* a weight has few primes: its own added to the mass's */
        ud_smooth_exp_mul(&we, ab_den_exponents(w, den)); /* smooth: gather_primes */
        ab_mass_add(w, to, w->f, num, &we);
    }
}

static int find_components(fast *z, comps *cs, ud_buf *err)
{
    int64_t n = z->c->n;
    cs->cfirst = calloc((size_t)n + 2, sizeof(int64_t));
    cs->mem = malloc(((size_t)n + 1) * sizeof(int64_t));
    int rc = 0;
    tarjan t;
    bool ran = ab_tarjan_run(&t, &z->g, n); /* fills t whatever happens: freed below */
    if (!ran || !cs->cfirst || !cs->mem) {
        ud_buf_puts(err, "out of memory");
        rc = -1;
    }
    if (rc == 0) {
        /* renumber sources first, then the members of each contiguous */
        for (int64_t i = 0; i < n; i++) {
            t.comp[i] = t.n_comp - 1 - t.comp[i];
            cs->cfirst[t.comp[i] + 1]++;
        }
        for (int64_t k = 0; k < t.n_comp; k++)
            cs->cfirst[k + 1] += cs->cfirst[k];
        memcpy(t.low, cs->cfirst, (size_t)t.n_comp * sizeof(int64_t));
        for (int64_t i = 0; i < n; i++)
            cs->mem[t.low[t.comp[i]]++] = i;
        cs->n_comp = t.n_comp;
    }
    cs->comp = t.comp;
    free(t.index);
    free(t.low);
    free(t.stack);
    free(t.on_stack);
    free(t.comp_order);
    return rc;
}

/* Each component's count of edges into it from other components: it is
 * ready when that reaches 0. */
static int count_pending(fast *z, const comps *cs, ud_buf *err)
{
    z->pending = malloc(((size_t)cs->n_comp + 1) * sizeof *z->pending);
    if (!z->pending) {
        ud_buf_puts(err, "out of memory");
        return -1;
    }
    for (int64_t k = 0; k < cs->n_comp; k++)
        atomic_init(&z->pending[k], 0);
    for (int64_t v = 0; v < z->c->n; v++)
        for (int64_t e = z->g.first[v]; e < z->g.first[v + 1]; e++) {
            int64_t to = cs->comp[z->c->to[e]];
            if (to != cs->comp[v])
                atomic_fetch_add_explicit(&z->pending[to], 1, memory_order_relaxed);
        }
    return 0;
}

/* The side part of v's mass, created at zero when first needed (v's lock
 * held). */
static mpq_t *side_of(fast *z, int64_t v)
{
    if (!z->has_side[v]) {
        mpq_init(z->side[v]);
        z->has_side[v] = 1;
    }
    return &z->side[v];
}

void ab_weight_q(const ud_chain_small *c, size_t e, mpq_t q)
{
    ud_weight x = c->weight[c->w[e]];
    if (x.den) {
        mpq_set_ui(q, x.num, x.den);
        mpq_canonicalize(q);
    } else {
        mpq_set(q, c->big[x.num]);
    }
}

/* Push the side part of v's mass (already divided by any loop) along the
 * edges that leave its component. */
void ab_push_side(worker *w, int64_t v, const mpq_t x)
{
    fast *z = w->z;
    const comps *cs = z->cs;
    for (int64_t k = z->g.first[v]; k < z->g.first[v + 1]; k++) {
        int64_t to = z->c->to[k];
        if (cs->comp[to] == cs->comp[v])
            continue;
        ab_weight_q(z->c, (size_t)k, w->w);
        mpq_mul(w->w, w->w, x);
        lock_state(z, to);
        mpq_t *side = side_of(z, to);
        mpq_add(*side, *side, w->w);
        unlock_state(z, to);
    }
}

/* One state on its own: its smooth mass goes on (push_on), its side part
 * too, divided by 1 - q of a loop to itself; a leaf's is the answer. */
static void solve_state(worker *w, int64_t v)
{
    fast *z = w->z;
    bool leaf = z->g.first[v + 1] == z->g.first[v];
    if (z->hot && z->hot[v])
        collect_trees(w, v);
    if (z->m[v] && z->m[v]->used) {
        ud_smooth_reduce(&z->ps, z->m[v]);
        if (leaf)
            ud_smooth_get_q(&z->ps, z->mass[v], z->m[v]);
        else
            push_on(w, v);
    }
    ab_mass_done(w, v);
    if (!z->has_side[v])
        return;
    if (leaf) {
        mpq_add(z->mass[v], z->mass[v], z->side[v]);
    } else {
        uint64_t lnum, lden;
        self_loop(z, v, &lnum, &lden);
        mpq_set_ui(w->w, lden, lden - lnum); /* 1 / (1 - q) */
        mpq_canonicalize(w->w);
        mpq_mul(z->side[v], z->side[v], w->w);
        ab_push_side(w, v, z->side[v]);
    }
    mpq_clear(z->side[v]);
    z->has_side[v] = 0;
}

/* Component k: every edge into it comes from a component solved before. */
static void solve_component_fast(worker *w, int64_t k)
{
    fast *z = w->z;
    const comps *cs = z->cs;
    const int64_t *mem = cs->mem + cs->cfirst[k];
    int64_t s = cs->cfirst[k + 1] - cs->cfirst[k];
    int rc = 0;
    if (s == 1)
        solve_state(w, mem[0]);
    else
        rc = ab_solve_cycle(w, mem, (int)(s > INT32_MAX ? INT32_MAX : s));
    if (w->oom && rc == 0) {
        ud_buf_puts(&w->err, "out of memory");
        rc = -1;
    }
    if (rc != 0) {
        w->rc = rc;
        atomic_store(&z->failed, true);
    }
}

/* Min-heap of component numbers (the caller holds the lock). */
static void heap_push(ready_heap *h, int64_t k)
{
    int64_t i = h->n++;
    while (i > 0 && h->a[(i - 1) / 2] > k) {
        h->a[i] = h->a[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->a[i] = k;
}

static int64_t heap_pop(ready_heap *h)
{
    int64_t top = h->a[0], last = h->a[--h->n], i = 0;
    for (;;) {
        int64_t c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->a[c + 1] < h->a[c])
            c++;
        if (h->a[c] >= last)
            break;
        h->a[i] = h->a[c];
        i = c;
    }
    h->a[i] = last;
    return top;
}

/* The component a thread has solved (done; -1: none yet) is released:
 * the components its edges reach that are now ready go on the heap.  Then
 * the smallest ready one is taken, waiting for one if need be; -1: every
 * component is solved, or one failed.  One lock a component: the threads
 * met on it at every release and every take, and slept on it. */
static int64_t release_and_take(fast *z, int64_t done)
{
    const comps *cs = z->cs;
    ready_heap *h = &z->ready;
    bool locked = false;
    int64_t first = done >= 0 ? cs->cfirst[done] : 0, end = done >= 0 ? cs->cfirst[done + 1] : 0;
    for (int64_t i = first; i < end; i++) { /* the done component's members (none at the start) */
        int64_t v = cs->mem[i];
        for (int64_t e = z->g.first[v]; e < z->g.first[v + 1]; e++) {
            int64_t to = cs->comp[z->c->to[e]];
            /* acq_rel: every push into `to` happens before it is solved */
            if (to != done && atomic_fetch_sub_explicit(&z->pending[to], 1, memory_order_acq_rel) == 1) {
                if (!locked)
                    pthread_mutex_lock(&h->mu);
                locked = true;
                heap_push(h, to);
            }
        }
    }
    if (!locked)
        pthread_mutex_lock(&h->mu);
    if (done >= 0)
        h->solved++;
    while (h->n == 0 && h->solved < cs->n_comp && !atomic_load(&z->failed))
        pthread_cond_wait(&h->cv, &h->mu);
    int64_t k = -1;
    if (h->n > 0 && !atomic_load(&z->failed))
        k = heap_pop(h);
    if (k < 0 || h->n > 0) /* work for the others, or the end: wake them */
        pthread_cond_broadcast(&h->cv);
    pthread_mutex_unlock(&h->mu);
    return k;
}

/* A thread's share of the pass: the smallest ready component, solved,
 * until every one is (or one failed).  One piece per worker (piece: a
 * worker *); a piece run after another on the same thread finds nothing
 * left. */
static void solve_ready(void *piece)
{
    worker *w = *(worker **)piece;
    for (int64_t k = release_and_take(w->z, -1); k >= 0; k = release_and_take(w->z, k))
        solve_component_fast(w, k);
}

/* The components in order on this thread (one job), or on up to z->jobs
 * threads (as many as start), each taking the smallest ready one. */
static void solve_all(fast *z, worker **ws)
{
    ready_heap *h = &z->ready;
    bool locks = z->jobs > 1 && z->pending && (h->a = malloc(((size_t)z->cs->n_comp + 1) * sizeof *h->a));
    /* A lock is held for one push (or one take): where the mutex can spin
     * a while before it sleeps, a thread that finds it taken seldom goes
     * to the kernel (the futex calls were some 8% of the solve). */
    pthread_mutexattr_t attr;
    pthread_mutexattr_t *spin = NULL;
#ifdef PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
    if (pthread_mutexattr_init(&attr) == 0) {
        spin = &attr;
        if (pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ADAPTIVE_NP) != 0) {
            pthread_mutexattr_destroy(&attr);
            spin = NULL;
        }
    }
#endif
    int n_locks = 0;
    while (locks && n_locks < LOCKS && pthread_mutex_init(&z->lock[n_locks], spin) == 0)
        n_locks++;
    bool sync = locks && n_locks == LOCKS && pthread_mutex_init(&h->mu, spin) == 0;
    if (spin)
        pthread_mutexattr_destroy(spin);
    if (sync && pthread_cond_init(&h->cv, NULL) != 0) {
        pthread_mutex_destroy(&h->mu);
        sync = false;
    }
    if (!sync) {
        for (int i = 0; i < n_locks; i++)
            pthread_mutex_destroy(&z->lock[i]);
        z->jobs = 1; /* lock_state takes no lock from here */
        for (int64_t k = 0; k < z->cs->n_comp && !atomic_load(&z->failed); k++)
            solve_component_fast(ws[0], k);
        return;
    }
    h->n = 0;
    h->solved = 0;
    for (int64_t k = 0; k < z->cs->n_comp; k++)
        if (atomic_load(&z->pending[k]) == 0)
            heap_push(h, k);
    ud_run_pieces(z->jobs, ws, z->jobs, sizeof *ws, solve_ready);
    pthread_cond_destroy(&h->cv);
    pthread_mutex_destroy(&h->mu);
    for (int i = 0; i < LOCKS; i++)
        pthread_mutex_destroy(&z->lock[i]);
}

/* The hot states (fast.hot) and every worker's trees for them: states
 * with HOT_IN in-edges or more from other states, each a component of
 * its own (a cycle's members are read whole by solve_cycle), at most
 * HOT_MAX of them.  false: out of memory. */
static bool find_hot(fast *z, const comps *cs, worker **ws, int jobs)
{
    const ud_chain_small *c = z->c;
    int64_t n = c->n;
    uint32_t *in = calloc((size_t)n + 1, sizeof *in);
    if (!in)
        return false;
    for (int64_t e = 0; e < c->first[0]; e++) /* the root's edges */
        in[c->to[e]]++;
    for (int64_t v = 0; v < n; v++)
        for (int64_t e = c->first[v]; e < c->first[v + 1]; e++)
            if (c->to[e] != v && in[c->to[e]] < UINT32_MAX)
                in[c->to[e]]++;
    int32_t n_hot = 0;
    for (int64_t v = 0; v < n; v++) {
        int64_t k = cs->comp[v];
        if (in[v] >= HOT_IN && cs->cfirst[k + 1] - cs->cfirst[k] == 1 && n_hot < HOT_MAX)
            in[v] = (uint32_t)++n_hot; /* from here: 1 + its tree */
        else
            in[v] = 0;
    }
    bool ok = true;
    if (n_hot > 0) {
        z->hot = malloc(((size_t)n + 1) * sizeof *z->hot);
        ok = z->hot != NULL;
        for (int64_t v = 0; ok && v < n; v++)
            z->hot[v] = (int32_t)in[v];
        z->n_hot = n_hot;
        for (int j = 0; j < jobs && ok; j++)
            ok = (ws[j]->trees = calloc((size_t)n_hot, sizeof(sum_tree))) != NULL;
    }
    free(in);
    return ok;
}

static worker *worker_new(fast *z)
{
    worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->z = z;
    mpz_inits(w->f, w->tmp, NULL);
    mpq_init(w->w);
    ud_buf_init(&w->err);
    return w;
}

static void worker_free(worker *w)
{
    if (!w)
        return;
    for (size_t i = 0; i < w->n_spare; i++) {
        ud_smooth_clear(w->spare[i]);
        free(w->spare[i]);
        ud_mem_resize(w->z->c->mem, MASS_BYTES, 0);
    }
    free(w->spare);
    for (int32_t h = 0; w->trees && h < w->z->n_hot; h++) /* left by a pass that failed */
        tree_release(&w->trees[h], w->z->c->mem);
    free(w->trees);
    ud_smooth_clear(&w->carry);
    mpz_clears(w->f, w->tmp, NULL);
    mpq_clear(w->w);
    ud_buf_free(&w->err);
    free(w);
}

static void fast_free(fast *z, worker **ws, comps *cs)
{
    if (z && z->m && ws[0])
        for (int64_t i = 0; i < z->c->n; i++) {
            ab_mass_done(ws[0], i);
            if (z->has_side[i])
                mpq_clear(z->side[i]);
        }
    for (int j = 0; j < UD_ABSORB_MAX_JOBS; j++)
        worker_free(ws[j]);
    free(cs->cfirst);
    free(cs->mem);
    free(cs->comp);
    if (z) {
        free(z->m);
        free(z->side);
        free(z->has_side);
        free(z->pending);
        free(z->ready.a);
        free(z->hot);
    }
    free(z);
}

/* The most the pass's arrays take for c, in bytes, the masses aside: per
 * state its mass's place, side part and flag, Tarjan's five arrays and
 * on_stack, the components' (cfirst, mem, comp), the pending counts and
 * the ready heap, the hot index and in-edge counts; every thread's trees. */
static size_t fast_bytes(const ud_chain_small *c, int jobs)
{
    size_t n = (size_t)c->n + 2;
    size_t hot = n < HOT_MAX ? n : HOT_MAX;
    return n * (sizeof(ud_smooth *) + sizeof(mpq_t) + 1 + 5 * 8 + 1 + 3 * 8 + 2 * 8 + 2 * 4) +
           (size_t)jobs * hot * sizeof(sum_tree);
}

int ud_absorb_small(const ud_chain_small *c, mpq_t *mass, ud_buf *err)
{
    int jobs = c->jobs < 1 ? 1 : c->jobs > UD_ABSORB_MAX_JOBS ? UD_ABSORB_MAX_JOBS : c->jobs;
    size_t bytes = fast_bytes(c, jobs);
    if (!ud_mem_resize(c->mem, 0, bytes)) {
        ab_bound_hit(err, c->mem);
        return -1;
    }
    fast *z = calloc(1, sizeof *z);
    worker *ws[UD_ABSORB_MAX_JOBS] = { 0 };
    comps cs = { 0 };
    bool ok = z != NULL;
    if (ok) {
        z->c = c;
        z->g = (graph){ c->n, c->first, NULL, NULL, c->to };
        z->m = calloc((size_t)c->n + 1, sizeof *z->m);
        z->side = malloc(((size_t)c->n + 1) * sizeof *z->side);
        z->has_side = calloc((size_t)c->n + 1, 1);
        z->mass = mass;
        z->cs = &cs;
        z->jobs = 1; /* no lock until solve_all makes them */
        atomic_init(&z->failed, false);
        ok = z->m && z->side && z->has_side;
        for (int j = 0; j < jobs && ok; j++)
            ok = (ws[j] = worker_new(z)) != NULL;
    }
    if (!ok) {
        fast_free(z, ws, &cs);
        ud_mem_resize(c->mem, bytes, 0);
        ud_buf_puts(err, "out of memory");
        return -1;
    }
    int rc = gather_primes(ws[0]) ? 0 : 1;
    if (rc == 0)
        rc = find_components(z, &cs, err);
    if (rc == 0) {
        /* with a cycle's primes the set changes: factor afresh */
        z->cycles_smooth = ab_cycle_primes(z, &cs, err);
        for (int j = 0; j < jobs; j++)
            memset(ws[j]->key, 0, sizeof ws[j]->key);
    }
    if (rc == 0 && !find_hot(z, &cs, ws, jobs)) {
        ud_buf_puts(err, "out of memory");
        rc = -1;
    }
    z->ws = ws;
    z->n_ws = jobs;
    if (rc == 0 && jobs > 1)
        rc = count_pending(z, &cs, err);
    if (rc == 0) {
        mpz_init_set_ui(z->one, 1);
        for (size_t e = 0; e < (size_t)c->first[0]; e++) { /* the root's edges */
            uint64_t num = 0, den = 1;
            ab_weight_of(c, e, &num, &den);
            ab_mass_add(ws[0], c->to[e], z->one, num, ab_den_exponents(ws[0], den));
        }
        z->jobs = jobs;
        solve_all(z, ws);
        for (int j = 0; j < jobs && rc == 0; j++)
            if (ws[j]->rc || ws[j]->oom) {
                rc = -1;
                if (ws[j]->rc)
                    ud_buf_puts(err, ud_buf_str(&ws[j]->err));
                else if (c->mem && atomic_load(&c->mem->hit))
                    ab_bound_hit(err, c->mem);
                else
                    ud_buf_puts(err, "out of memory");
            }
        mpz_clear(z->one);
    }
    fast_free(z, ws, &cs);
    ud_mem_resize(c->mem, bytes, 0);
    return rc;
}
