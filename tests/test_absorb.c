/*
 * test_absorb.c - exact leaf probabilities of absorbing chains (core/absorb.h)
 * on chains small enough to solve by hand.  The explorer's exact outcomes
 * of a game's turn against its solver live beside that game (spec/GAME/tests/).
 */
#include <criterion/criterion.h>
#include <gmp.h>
#include <string.h>

#include "absorb.h"
#include "smooth.h"
#include "support.h"

typedef struct chain_builder {
    int64_t from[16], to[16];
    mpq_t w[16];
    size_t n;
} chain_builder;

static void edge(chain_builder *b, int64_t from, int64_t to, unsigned long num, unsigned long den)
{
    mpq_init(b->w[b->n]);
    mpq_set_ui(b->w[b->n], num, den);
    mpq_canonicalize(b->w[b->n]);
    b->from[b->n] = from;
    b->to[b->n] = to;
    b->n++;
}

/* mass[] of n states after absorbing under the bound mem (NULL: none);
 * returns ud_absorb's result. */
static int absorb_bounded(chain_builder *b, int64_t n, mpq_t *mass, ud_membound *mem, ud_buf *err)
{
    for (int64_t i = 0; i < n; i++)
        mpq_init(mass[i]);
    ud_chain c = { n, b->n, b->from, b->to, b->w, mem };
    return ud_absorb(&c, mass, err);
}

static int absorb(chain_builder *b, int64_t n, mpq_t *mass, ud_buf *err)
{
    return absorb_bounded(b, n, mass, NULL, err);
}

static void assert_q(const mpq_t q, unsigned long num, unsigned long den, const char *what)
{
    mpq_t want;
    mpq_init(want);
    mpq_set_ui(want, num, den);
    mpq_canonicalize(want);
    cr_assert(mpq_equal(q, want), "%s: got %s, want %lu/%lu", what, mpq_get_str(NULL, 10, q), num, den);
    mpq_clear(want);
}

Test(absorb, self_loop_is_a_geometric_series)
{
    /* root -> A; A loops with 1/2 and leaves to L1 or L2 with 1/4 each. */
    chain_builder b = { .n = 0 };
    edge(&b, -1, 0, 1, 1);
    edge(&b, 0, 0, 1, 2);
    edge(&b, 0, 1, 1, 4);
    edge(&b, 0, 2, 1, 4);
    mpq_t m[3];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb(&b, 3, m, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[0], 2, 1, "expected visits of A");
    assert_q(m[1], 1, 2, "L1");
    assert_q(m[2], 1, 2, "L2");
}

Test(absorb, two_state_cycle_solved_exactly)
{
    /* A -> B 1/2, A -> L1 1/2; B -> A 1/3, B -> L2 2/3.
     * mA = 1 + mB/3, mB = mA/2, so mA = 6/5, mB = 3/5, L1 = 3/5, L2 = 2/5. */
    chain_builder b = { .n = 0 };
    edge(&b, -1, 0, 1, 1);
    edge(&b, 0, 1, 1, 2);
    edge(&b, 0, 2, 1, 2);
    edge(&b, 1, 0, 1, 3);
    edge(&b, 1, 3, 2, 3);
    mpq_t m[4];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb(&b, 4, m, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[0], 6, 5, "A");
    assert_q(m[1], 3, 5, "B");
    assert_q(m[2], 3, 5, "L1");
    assert_q(m[3], 2, 5, "L2");
}

Test(absorb, a_cycle_never_left_is_an_error)
{
    chain_builder b = { .n = 0 };
    edge(&b, -1, 0, 1, 1);
    edge(&b, 0, 1, 1, 1);
    edge(&b, 1, 0, 1, 1);
    mpq_t m[2];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb(&b, 2, m, &err), -1);
    cr_assert_not_null(strstr(ud_buf_str(&err), "never left"), "%s", ud_buf_str(&err));
}

/* ---- the fast pass (ud_absorb_small) ------------------------------------ */

typedef struct small_builder {
    int32_t from[16], to[16];
    ud_weight w[16];
    size_t n;
} small_builder;

static void small_edge(small_builder *b, int32_t from, int32_t to, uint32_t num, uint32_t den)
{
    b->from[b->n] = from;
    b->to[b->n] = to;
    b->w[b->n] = (ud_weight){ num, den };
    b->n++;
}

/* The builder's edges (root first, then by source) as the explorer
 * stores them: first[], the targets, each weight an index; under the
 * bound mem (NULL: none). */
static int absorb_small_bounded(small_builder *b, int64_t n, mpq_t *mass, ud_membound *mem, ud_buf *err)
{
    for (int64_t i = 0; i < n; i++)
        mpq_init(mass[i]);
    int64_t first[17] = { 0 };
    uint32_t w[16];
    for (size_t e = 0; e < b->n; e++) {
        cr_assert(e == 0 || b->from[e] >= b->from[e - 1], "edges in source order");
        first[b->from[e] + 1] = (int64_t)e + 1;
        w[e] = (uint32_t)e;
    }
    for (int64_t i = 1; i <= n; i++) /* states without edges: empty ranges */
        if (first[i] < first[i - 1])
            first[i] = first[i - 1];
    ud_chain_small c = { n, b->n, first, b->to, w, b->w, b->n, NULL, 1, mem };
    return ud_absorb_small(&c, mass, err);
}

static int absorb_small(small_builder *b, int64_t n, mpq_t *mass, ud_buf *err)
{
    return absorb_small_bounded(b, n, mass, NULL, err);
}

Test(absorb_small, both_passes_count_their_arrays_against_a_bound_in_bytes)
{
    /* A -> L1 1/2, A -> L2 1/2: under 64 bytes neither pass starts, and
     * says so; under a megabyte both answer and give every byte back */
    small_builder b = { .n = 0 };
    small_edge(&b, -1, 0, 1, 1);
    small_edge(&b, 0, 1, 1, 2);
    small_edge(&b, 0, 2, 1, 2);
    chain_builder r = { .n = 0 };
    edge(&r, -1, 0, 1, 1);
    edge(&r, 0, 1, 1, 2);
    edge(&r, 0, 2, 1, 2);
    mpq_t m[3];
    ud_buf err;
    ud_buf_init(&err);
    ud_membound mem;
    ud_membound_init(&mem, 64);
    cr_assert_eq(absorb_small_bounded(&b, 3, m, &mem, &err), -1);
    cr_assert(atomic_load(&mem.hit));
    cr_assert_str_eq(ud_buf_str(&err), "solving the chain would pass the bound of 64 bytes");
    ud_buf_clear(&err);
    for (int i = 0; i < 3; i++)
        mpq_clear(m[i]);
    cr_assert_eq(absorb_bounded(&r, 3, m, &mem, &err), -1);
    cr_assert_str_eq(ud_buf_str(&err), "solving the chain would pass the bound of 64 bytes");
    cr_assert_eq(atomic_load(&mem.used), 0);
    for (int i = 0; i < 3; i++)
        mpq_clear(m[i]);
    ud_membound_init(&mem, 1 << 20);
    cr_assert_eq(absorb_small_bounded(&b, 3, m, &mem, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[1], 1, 2, "L1");
    cr_assert_gt(atomic_load(&mem.peak), 0);
    cr_assert_eq(atomic_load(&mem.used), 0, "the fast pass keeps %llu bytes",
                 (unsigned long long)atomic_load(&mem.used));
    for (int i = 0; i < 3; i++)
        mpq_clear(m[i]);
    cr_assert_eq(absorb_bounded(&r, 3, m, &mem, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[2], 1, 2, "L2");
    cr_assert_eq(atomic_load(&mem.used), 0);
    cr_assert(!atomic_load(&mem.hit));
    for (int i = 0; i < 3; i++)
        mpq_clear(m[i]);
    for (size_t e = 0; e < r.n; e++)
        mpq_clear(r.w[e]);
    ud_buf_free(&err);
}

Test(absorb_small, a_loop_whose_one_minus_q_has_a_large_prime)
{
    /* A loops with 1/54 (1 - q = 53/54: 53 joins the primes), leaves to
     * L1 with 27/54 and L2 with 26/54: L1 = 27/53, L2 = 26/53. */
    small_builder b = { .n = 0 };
    small_edge(&b, -1, 0, 1, 1);
    small_edge(&b, 0, 0, 1, 54);
    small_edge(&b, 0, 1, 1, 2);
    small_edge(&b, 0, 2, 13, 27);
    mpq_t m[3];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb_small(&b, 3, m, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[1], 27, 53, "L1");
    assert_q(m[2], 26, 53, "L2");
}

Test(absorb_small, mass_through_a_two_state_cycle_goes_on)
{
    /* A -> B 1/2, A -> C 1/2; B -> A 1/3, B -> L2 2/3 (mA = 6/5, mB =
     * 3/5); C, reached only from the cycle, loops with 1/2 and leaves to
     * L3: L3 = mC = 3/5, L2 = 2/5. */
    small_builder b = { .n = 0 };
    small_edge(&b, -1, 0, 1, 1);
    small_edge(&b, 0, 1, 1, 2);
    small_edge(&b, 0, 2, 1, 2);
    small_edge(&b, 1, 0, 1, 3);
    small_edge(&b, 1, 3, 2, 3);
    small_edge(&b, 2, 2, 1, 2);
    small_edge(&b, 2, 4, 1, 2);
    mpq_t m[5];
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(absorb_small(&b, 5, m, &err), 0, "%s", ud_buf_str(&err));
    assert_q(m[3], 2, 5, "L2");
    assert_q(m[4], 3, 5, "L3");
}

Test(absorb_small, a_weight_past_64_bits_is_left_to_the_mpq_pass)
{
    /* one weight only an mpq_t holds: 1/2^70 (the rest to L2) */
    int64_t first[4] = { 1, 3, 3, 3 };
    int32_t to[3] = { 0, 1, 2 };
    uint32_t w[3] = { 0, 1, 2 };
    mpq_t big[2];
    mpq_inits(big[0], big[1], NULL);
    mpq_set_ui(big[0], 1, 1);
    mpq_mul_2exp(big[0], big[0], 70);
    mpq_inv(big[0], big[0]);
    mpq_set_ui(big[1], 1, 1);
    mpq_sub(big[1], big[1], big[0]);
    ud_weight weight[3] = { { 1, 1 }, { 0, 0 }, { 1, 0 } };
    ud_chain_small c = { 3, 3, first, to, w, weight, 3, big, 1, NULL };
    mpq_t m[3];
    for (int i = 0; i < 3; i++)
        mpq_init(m[i]);
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_absorb_small(&c, m, &err), 1);
}

/* ---- many cycles: each brings a prime of its own ------------------------- */

/* A ladder of k two-state cycles: A_i -> B_i 1/2 and A_i -> A_(i+1) 1/2
 * (A_k -> L1 instead); B_i -> A_i m_i/1024, the rest of B_i -> L2.  The
 * cycle's determinant is 1 - m_i/2048 = (2048 - m_i)/2048, so with
 * 2048 - m_i a prime each cycle brings its own: the fast pass keeps the
 * cycles' mass smooth while the primes fit its set, and apart (mpq_t)
 * past that.  Either way it must equal the plain pass. */
static void ladder_matches_the_plain_pass(int k)
{
    int n = 2 * k + 2, n_edges = 4 * k + 1;
    int64_t *first = calloc((size_t)n + 1, sizeof *first), *from = malloc((size_t)n_edges * sizeof *from),
            *to64 = malloc((size_t)n_edges * sizeof *to64);
    int32_t *to = malloc((size_t)n_edges * sizeof *to);
    uint32_t *wi = malloc((size_t)n_edges * sizeof *wi);
    ud_weight *wt = malloc((size_t)n_edges * sizeof *wt);
    mpq_t *wq = malloc((size_t)n_edges * sizeof *wq);
    cr_assert(first && from && to64 && to && wi && wt && wq);
    /* states: A_i = 2i, B_i = 2i + 1, L1 = 2k, L2 = 2k + 1 */
    int e = 0, p = 2047;
    from[e] = -1, to[e] = 0, wt[e] = (ud_weight){ 1, 1 }, e++;
    for (int i = 0; i < k; i++) {
        first[2 * i] = e;
        from[e] = 2 * i, to[e] = 2 * i + 1, wt[e] = (ud_weight){ 1, 2 }, e++;
        from[e] = 2 * i, to[e] = i + 1 < k ? 2 * i + 2 : 2 * k, wt[e] = (ud_weight){ 1, 2 }, e++;
        first[2 * i + 1] = e;
        mpz_t q;
        mpz_init_set_ui(q, (unsigned long)p);
        while (!mpz_probab_prime_p(q, 30))
            mpz_set_ui(q, (unsigned long)(p -= 2));
        mpz_clear(q);
        uint32_t m = (uint32_t)(2048 - p); /* odd: m/1024 in lowest terms */
        from[e] = 2 * i + 1, to[e] = 2 * i, wt[e] = (ud_weight){ m, 1024 }, e++;
        from[e] = 2 * i + 1, to[e] = 2 * k + 1, wt[e] = (ud_weight){ 1024 - m, 1024 }, e++;
        p -= 2;
    }
    first[2 * k] = first[2 * k + 1] = first[n] = e;
    cr_assert_eq(e, n_edges);
    for (int j = 0; j < e; j++) {
        to64[j] = to[j];
        wi[j] = (uint32_t)j;
        mpq_init(wq[j]);
        mpq_set_ui(wq[j], wt[j].num, wt[j].den);
        mpq_canonicalize(wq[j]);
    }
    mpq_t *fast = malloc((size_t)n * sizeof *fast), *plain = malloc((size_t)n * sizeof *plain);
    for (int i = 0; i < n; i++)
        mpq_inits(fast[i], plain[i], NULL);
    ud_buf err;
    ud_buf_init(&err);
    ud_chain_small cs = { n, (size_t)e, first, to, wi, wt, (size_t)e, NULL, 1, NULL };
    cr_assert_eq(ud_absorb_small(&cs, fast, &err), 0, "%s", ud_buf_str(&err));
    ud_chain c = { n, (size_t)e, from, to64, wq, NULL };
    cr_assert_eq(ud_absorb(&c, plain, &err), 0, "%s", ud_buf_str(&err));
    for (int i = 2 * k; i < n; i++)
        cr_assert(mpq_equal(fast[i], plain[i]), "leaf %d: %s against %s", i, mpq_get_str(NULL, 10, fast[i]),
                  mpq_get_str(NULL, 10, plain[i]));
    mpq_t sum;
    mpq_init(sum);
    mpq_add(sum, fast[2 * k], fast[2 * k + 1]);
    cr_assert_eq(mpq_cmp_ui(sum, 1, 1), 0, "the leaves sum to 1");
    mpq_clear(sum);
    for (int i = 0; i < n; i++)
        mpq_clears(fast[i], plain[i], NULL);
    for (int j = 0; j < e; j++)
        mpq_clear(wq[j]);
    free(fast), free(plain), free(first), free(from), free(to64), free(to), free(wi), free(wt), free(wq);
    ud_buf_free(&err);
}

Test(absorb_small, sixty_cycles_each_with_a_prime_of_its_own)
{
    ladder_matches_the_plain_pass(60); /* 2, 3, 5, 7, 11, 13 and 60 more: they fit */
}

Test(absorb_small, more_cycle_primes_than_the_set_holds)
{
    ladder_matches_the_plain_pass(UD_SMOOTH_MAX_PRIMES); /* past the set: side parts */
}

/* ---- several threads: the same masses -------------------------------------- */

/* A random chain in layers: each state goes to one to four states of the
 * next layers with weights over 2..13 (dice and cups), and some pairs in
 * a layer are joined into two-state cycles, so a layer holds singletons
 * and cycles side by side, and states are reached by many paths (the
 * masses then meet with different denominators).  The last layer holds
 * the leaves. */
typedef struct random_chain {
    int n, n_edges;
    int64_t *first, *from, *to64;
    int32_t *to;
    uint32_t *wi;
    ud_weight *wt;
} random_chain;

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void random_chain_make(random_chain *rc, int layers, int width, uint64_t seed)
{
    int n = layers * width, cap = 6 * n + 1;
    rc->first = calloc((size_t)n + 1, sizeof *rc->first);
    rc->from = malloc((size_t)cap * sizeof *rc->from);
    rc->to64 = malloc((size_t)cap * sizeof *rc->to64);
    rc->to = malloc((size_t)cap * sizeof *rc->to);
    rc->wi = malloc((size_t)cap * sizeof *rc->wi);
    rc->wt = malloc((size_t)cap * sizeof *rc->wt);
    cr_assert(rc->first && rc->from && rc->to64 && rc->to && rc->wi && rc->wt);
    int e = 0;
    for (int i = 0; i < width; i++) /* the root spreads over the first layer */
        rc->from[e] = -1, rc->to[e] = i, rc->wt[e] = (ud_weight){ 1, (uint32_t)width }, e++;
    for (int v = 0; v < n; v++) {
        rc->first[v] = e;
        int layer = v / width;
        if (layer == layers - 1)
            continue; /* a leaf */
        uint32_t den = (uint32_t)(2 + next_random(&seed) % 12), left = den;
        /* a cycle: an even state of an even layer and the next one loop */
        bool cycle = layer % 2 == 0 && v % 2 == 0 && v + 1 < (layer + 1) * width;
        bool back = layer % 2 == 0 && v % 2 == 1;
        if (cycle || back) {
            rc->from[e] = v, rc->to[e] = cycle ? v + 1 : v - 1, rc->wt[e] = (ud_weight){ 1, den }, e++;
            left--;
        }
        int k = 1 + (int)(next_random(&seed) % 4);
        for (int j = 0; j < k && left > 0; j++) {
            uint32_t num = j == k - 1 ? left : 1 + (uint32_t)(next_random(&seed) % left);
            int span = layers - 1 - layer;
            int to = (layer + 1 + (int)(next_random(&seed) % (uint64_t)(span < 2 ? span : 2))) * width +
                     (int)(next_random(&seed) % (uint64_t)width);
            rc->from[e] = v, rc->to[e] = to, rc->wt[e] = (ud_weight){ num, den }, e++;
            left -= num;
        }
        if (left > 0) /* the rest to a leaf */
            rc->from[e] = v, rc->to[e] = (layers - 1) * width, rc->wt[e] = (ud_weight){ left, den }, e++;
    }
    rc->first[n] = e;
    rc->n = n;
    rc->n_edges = e;
    for (int j = 0; j < e; j++) {
        rc->to64[j] = rc->to[j];
        rc->wi[j] = (uint32_t)j;
    }
}

static void random_chain_free(random_chain *rc)
{
    free(rc->first), free(rc->from), free(rc->to64), free(rc->to), free(rc->wi), free(rc->wt);
}

/* The leaves' masses of the fast pass on `jobs` threads, and their sum. */
static void absorb_random(const random_chain *rc, int jobs, mpq_t *mass, mpq_t sum)
{
    for (int i = 0; i < rc->n; i++)
        mpq_init(mass[i]);
    ud_buf err;
    ud_buf_init(&err);
    ud_chain_small cs = { rc->n,  (size_t)rc->n_edges, rc->first, rc->to, rc->wi,
                          rc->wt, (size_t)rc->n_edges, NULL,      jobs,   NULL };
    cr_assert_eq(ud_absorb_small(&cs, mass, &err), 0, "%s", ud_buf_str(&err));
    mpq_set_ui(sum, 0, 1);
    for (int i = 0; i < rc->n; i++)
        if (rc->first[i + 1] == rc->first[i])
            mpq_add(sum, sum, mass[i]);
    ud_buf_free(&err);
}

Test(absorb_small, several_threads_give_the_masses_of_one_and_of_the_plain_pass)
{
    for (uint64_t seed = 1; seed <= (uint64_t)test_sample(6); seed++) {
        random_chain rc;
        random_chain_make(&rc, 12, 40, seed * 0x9e3779b97f4a7c15ull);
        mpq_t *one = malloc((size_t)rc.n * sizeof *one), *two = malloc((size_t)rc.n * sizeof *two),
              *plain = malloc((size_t)rc.n * sizeof *plain);
        mpq_t sum1, sum2;
        mpq_inits(sum1, sum2, NULL);
        absorb_random(&rc, 1, one, sum1);
        absorb_random(&rc, 2, two, sum2);
        cr_assert_eq(mpq_cmp_ui(sum1, 1, 1), 0, "seed %llu: one thread's leaves sum to %s",
                     (unsigned long long)seed, mpq_get_str(NULL, 10, sum1));
        cr_assert_eq(mpq_cmp_ui(sum2, 1, 1), 0, "seed %llu: two threads' leaves sum to %s",
                     (unsigned long long)seed, mpq_get_str(NULL, 10, sum2));
        mpq_t *wq = malloc((size_t)rc.n_edges * sizeof *wq);
        for (int j = 0; j < rc.n_edges; j++) {
            mpq_init(wq[j]);
            mpq_set_ui(wq[j], rc.wt[j].num, rc.wt[j].den);
            mpq_canonicalize(wq[j]);
        }
        for (int i = 0; i < rc.n; i++)
            mpq_init(plain[i]);
        ud_buf err;
        ud_buf_init(&err);
        ud_chain c = { rc.n, (size_t)rc.n_edges, rc.from, rc.to64, wq, NULL };
        cr_assert_eq(ud_absorb(&c, plain, &err), 0, "%s", ud_buf_str(&err));
        int leaves = 0;
        for (int i = 0; i < rc.n; i++) {
            if (rc.first[i + 1] != rc.first[i])
                continue;
            leaves++;
            cr_assert(mpq_equal(one[i], two[i]), "seed %llu, leaf %d: one thread %s, two %s",
                      (unsigned long long)seed, i, mpq_get_str(NULL, 10, one[i]),
                      mpq_get_str(NULL, 10, two[i]));
            cr_assert(mpq_equal(one[i], plain[i]), "seed %llu, leaf %d: fast %s, plain %s",
                      (unsigned long long)seed, i, mpq_get_str(NULL, 10, one[i]),
                      mpq_get_str(NULL, 10, plain[i]));
        }
        cr_assert_eq(leaves, 40, "the last layer's 40 states are the leaves");
        for (int i = 0; i < rc.n; i++)
            mpq_clears(one[i], two[i], plain[i], NULL);
        for (int j = 0; j < rc.n_edges; j++)
            mpq_clear(wq[j]);
        mpq_clears(sum1, sum2, NULL);
        free(one), free(two), free(plain), free(wq);
        ud_buf_free(&err);
        random_chain_free(&rc);
    }
}

/* ---- a state hundreds of edges lead to ------------------------------------ */

/* Fan-in past UD_ABSORB_HOT_IN: the root spreads over k states A_i, and
 * each A_i goes to H (a state with a loop to itself that goes on to two
 * leaves), to C1 (one of a two-state cycle, which is left out of the
 * summation trees), and the rest of it to leaf L1, the weights over
 * d_i = 2..13.  Every leaf must match the plain pass on one to three
 * threads. */
enum { FAN_H, FAN_C1, FAN_C2, FAN_L1, FAN_L2, FAN_L3, FAN_FIXED };

/* num/den in lowest terms, as the explorer stores a weight. */
static ud_weight lowest_weight(uint32_t num, uint32_t den)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_ui(q, num, den);
    mpq_canonicalize(q);
    ud_weight w = { (uint32_t)mpz_get_ui(mpq_numref(q)), (uint32_t)mpz_get_ui(mpq_denref(q)) };
    mpq_clear(q);
    return w;
}

Test(absorb_small, a_state_hundreds_of_edges_lead_to_sums_them_exactly)
{
    int k = 3 * UD_ABSORB_HOT_IN, n = k + FAN_FIXED, cap = k + 4 * k + 8;
    int64_t *first = calloc((size_t)n + 1, sizeof *first), *from = malloc((size_t)cap * sizeof *from),
            *to64 = malloc((size_t)cap * sizeof *to64);
    int32_t *to = malloc((size_t)cap * sizeof *to);
    uint32_t *wi = malloc((size_t)cap * sizeof *wi);
    ud_weight *wt = malloc((size_t)cap * sizeof *wt);
    cr_assert(first && from && to64 && to && wi && wt);
    int e = 0;
#define EDGE(f, t, nu, de) (from[e] = (f), to[e] = (t), wt[e] = lowest_weight((nu), (de)), e++)
    for (int i = 0; i < k; i++)
        EDGE(-1, i, 1u, (uint32_t)k);
    for (int i = 0; i < k; i++) {
        first[i] = e;
        uint32_t d = 2 + (uint32_t)(i % 12);
        EDGE(i, k + FAN_H, 1u, d);
        EDGE(i, k + FAN_C1, 1u, d);
        if (d > 2)
            EDGE(i, k + FAN_L1, d - 2, d);
    }
    first[k + FAN_H] = e;
    EDGE(k + FAN_H, k + FAN_H, 1u, 5u);
    EDGE(k + FAN_H, k + FAN_L2, 2u, 5u);
    EDGE(k + FAN_H, k + FAN_L3, 2u, 5u);
    first[k + FAN_C1] = e;
    EDGE(k + FAN_C1, k + FAN_C2, 1u, 2u);
    EDGE(k + FAN_C1, k + FAN_L2, 1u, 2u);
    first[k + FAN_C2] = e;
    EDGE(k + FAN_C2, k + FAN_C1, 1u, 3u);
    EDGE(k + FAN_C2, k + FAN_L3, 2u, 3u);
#undef EDGE
    for (int v = k + FAN_L1; v <= n; v++)
        first[v] = e;
    cr_assert(e <= cap);
    mpq_t *wq = malloc((size_t)e * sizeof *wq);
    for (int j = 0; j < e; j++) {
        to64[j] = to[j];
        wi[j] = (uint32_t)j;
        mpq_init(wq[j]);
        mpq_set_ui(wq[j], wt[j].num, wt[j].den);
    }
    mpq_t *plain = malloc((size_t)n * sizeof *plain), *fast = malloc((size_t)n * sizeof *fast);
    for (int i = 0; i < n; i++)
        mpq_init(plain[i]);
    ud_buf err;
    ud_buf_init(&err);
    ud_chain c = { n, (size_t)e, from, to64, wq, NULL };
    cr_assert_eq(ud_absorb(&c, plain, &err), 0, "%s", ud_buf_str(&err));
    mpq_t sum;
    mpq_init(sum);
    for (int jobs = 1; jobs <= 3; jobs++) {
        for (int i = 0; i < n; i++)
            mpq_init(fast[i]);
        ud_chain_small cs = { n, (size_t)e, first, to, wi, wt, (size_t)e, NULL, jobs, NULL };
        cr_assert_eq(ud_absorb_small(&cs, fast, &err), 0, "%s", ud_buf_str(&err));
        mpq_set_ui(sum, 0, 1);
        for (int v = k + FAN_L1; v <= k + FAN_L3; v++) {
            cr_assert(mpq_sgn(fast[v]) > 0, "%d threads, leaf %d: some mass reaches it", jobs, v - k);
            cr_assert(mpq_equal(fast[v], plain[v]), "%d threads, leaf %d: fast %s, plain %s", jobs, v - k,
                      mpq_get_str(NULL, 10, fast[v]), mpq_get_str(NULL, 10, plain[v]));
            mpq_add(sum, sum, fast[v]);
        }
        cr_assert_eq(mpq_cmp_ui(sum, 1, 1), 0, "%d threads: the leaves sum to %s", jobs,
                     mpq_get_str(NULL, 10, sum));
        for (int i = 0; i < n; i++)
            mpq_clear(fast[i]);
    }
    mpq_clear(sum);
    for (int i = 0; i < n; i++)
        mpq_clear(plain[i]);
    for (int j = 0; j < e; j++)
        mpq_clear(wq[j]);
    free(first), free(from), free(to64), free(to), free(wi), free(wt), free(wq), free(plain), free(fast);
    ud_buf_free(&err);
}
