/*
 * absorb.c - exact leaf probabilities of an absorbing chain (absorb.h).
 *
 * Tarjan's algorithm yields the strongly connected components sinks
 * first; walking them in reverse is a topological order, so every edge
 * into a component has its source's mass final before the component is
 * solved.  A component of one state without a self-loop just sums its
 * inflow; with a self-loop of weight q its mass is inflow / (1 - q); a
 * larger one solves (I - W^T) m = inflow by Gaussian elimination.
 *
 * ud_absorb is the plain pass over mpq_t, the reference; ud_absorb_small
 * walks the same order with masses over smooth denominators (smooth.h),
 * on one thread or several: a component is ready once every component
 * with an edge into it is solved, and the threads take the ready ones
 * (pushes into a state take its lock).  Exact sums do not depend on the
 * order they are made in, so the masses are the same whatever the
 * number of threads.
 *
 * This file holds the components, the linear systems and the plain
 * pass; absorb_fast.c the fast pass, absorb_cycles.c its cycles of
 * several states; absorb_impl.h what they share.
 */
#include "absorb_impl.h"

void ab_strongconnect(tarjan *t, int64_t v)
{
    t->index[v] = t->low[v] = t->next++;
    t->stack[t->sp++] = v;
    t->on_stack[v] = 1;
    for (int64_t k = t->g->first[v]; k < t->g->first[v + 1]; k++) {
        int64_t w = out_to(t->g, k);
        if (t->index[w] < 0) {
            ab_strongconnect(t, w);
            if (t->low[w] < t->low[v])
                t->low[v] = t->low[w];
        } else if (t->on_stack[w] && t->index[w] < t->low[v]) {
            t->low[v] = t->index[w];
        }
    }
    if (t->low[v] == t->index[v]) {
        int64_t w;
        do {
            w = t->stack[--t->sp];
            t->on_stack[w] = 0;
            t->comp[w] = t->n_comp;
        } while (w != v);
        t->comp_order[t->n_comp++] = v;
    }
}

bool ab_tarjan_run(tarjan *t, const graph *g, int64_t n)
{
    size_t bytes = (size_t)n * sizeof(int64_t);
    *t = (tarjan){ .g = g,
                   .index = malloc(bytes),
                   .low = malloc(bytes),
                   .stack = malloc(bytes),
                   .comp = malloc(bytes),
                   .on_stack = calloc((size_t)n + 1, 1),
                   .comp_order = malloc(bytes) };
    if (!t->index || !t->low || !t->stack || !t->comp || !t->on_stack || !t->comp_order)
        return false;
    for (int64_t i = 0; i < n; i++)
        t->index[i] = -1;
    for (int64_t i = 0; i < n; i++)
        if (t->index[i] < 0)
            ab_strongconnect(t, i);
    return true;
}

/* The s x width system of a cycle through s states (width s + 1: the
 * right-hand side; 2 s: the inverse), every entry 0; NULL with err filled
 * for a cycle too large or no memory. */
mpq_t *ab_system_new(int s, int width, ud_buf *err)
{
    if (s > UD_ABSORB_MAX_CYCLE) {
        ud_buf_printf(err, "a cycle of %d states (more than %d)", s, UD_ABSORB_MAX_CYCLE);
        return NULL;
    }
    mpq_t *a = malloc(sizeof(mpq_t) * (size_t)s * (size_t)width);
    if (!a) {
        ud_buf_puts(err, "out of memory");
        return NULL;
    }
    for (int i = 0; i < s * width; i++)
        mpq_init(a[i]);
    return a;
}

void ab_system_free(mpq_t *a, int s, int width)
{
    for (int i = 0; i < s * width; i++)
        mpq_clear(a[i]);
    free(a);
}

/* Gauss-Jordan elimination of the s x width system a (row-major, the
 * columns past s the right-hand sides) in place, to a diagonal; f and t
 * scratch.  -1 with err filled when a pivot is zero: the cycle is never
 * left. */
int ab_eliminate(mpq_t *a, int s, int width, mpq_t f, mpq_t t, ud_buf *err)
{
#define A(i, j) a[(size_t)(i) * (size_t)width + (size_t)(j)]
    for (int col = 0; col < s; col++) {
        int piv = col;
        while (piv < s && mpq_sgn(A(piv, col)) == 0)
            piv++;
        if (piv == s) {
            ud_buf_puts(err, "a cycle that is never left (probability one of looping for ever)");
            return -1;
        }
        if (piv != col)
            for (int j = 0; j < width; j++)
                mpq_swap(A(piv, j), A(col, j));
        for (int i = 0; i < s; i++) {
            if (i == col || mpq_sgn(A(i, col)) == 0)
                continue;
            mpq_div(f, A(i, col), A(col, col));
            for (int j = col; j < width; j++) {
                mpq_mul(t, f, A(col, j));
                mpq_sub(A(i, j), A(i, j), t);
            }
        }
    }
#undef A
    return 0;
}

/* Solve one component with members mem[0..s): mass += inflow already in
 * mass[]; the edges inside the component are the unknowns' coefficients. */
static int solve_component(const graph *g, const ud_chain *c, const int64_t *comp, int64_t id,
                           const int64_t *mem, int s, mpq_t *mass, ud_buf *err)
{
    /* A[i][j] = [i == j] - w(mem[j] -> mem[i]); b[i] = inflow of mem[i]. */
    mpq_t *a = ab_system_new(s, s + 1, err);
    if (!a)
        return -1;
#define A(i, j) a[(size_t)(i) * (size_t)(s + 1) + (size_t)(j)]
    for (int i = 0; i < s; i++) {
        mpq_set_ui(A(i, i), 1, 1);
        mpq_set(A(i, s), mass[mem[i]]);
    }
    for (int j = 0; j < s; j++)
        for (int64_t k = g->first[mem[j]]; k < g->first[mem[j] + 1]; k++) {
            size_t e = g->order[k];
            if (comp[c->to[e]] != id)
                continue;
            int i = 0;
            while (mem[i] != c->to[e])
                i++;
            mpq_sub(A(i, j), A(i, j), c->w[e]);
        }
    mpq_t f, t;
    mpq_inits(f, t, NULL);
    int rc = ab_eliminate(a, s, s + 1, f, t, err);
    for (int i = 0; i < s && rc == 0; i++)
        mpq_div(mass[mem[i]], A(i, s), A(i, i));
#undef A
    mpq_clears(f, t, NULL);
    ab_system_free(a, s, s + 1);
    return rc;
}

/* The message for a pass that would pass its bound in bytes. */
void ab_bound_hit(ud_buf *err, const ud_membound *mem)
{
    ud_buf_printf(err, "solving the chain would pass the bound of %llu bytes",
                  (unsigned long long)mem->limit);
}

int ud_absorb(const ud_chain *c, mpq_t *mass, ud_buf *err)
{
    int64_t n = c->n;
    /* first, order; the five of Tarjan's and on_stack; members, comp_first, comp_fill */
    size_t bytes = ((size_t)n + 1) * 8 + (c->n_edges + 1) * sizeof(size_t) + (size_t)n * 41 + 1 +
                   ((size_t)n * 3 + 3) * 8;
    if (!ud_mem_resize(c->mem, 0, bytes)) {
        ab_bound_hit(err, c->mem);
        return -1;
    }
    int64_t *first = calloc((size_t)n + 1, sizeof(int64_t));
    graph g = { n, first, malloc((c->n_edges + 1) * sizeof(size_t)), c->to, NULL };
    tarjan t = { .g = &g }; /* its arrays: ab_tarjan_run, once the edges are in order */
    int64_t *members = malloc((size_t)n * sizeof(int64_t));
    int64_t *comp_first = calloc((size_t)n + 2, sizeof(int64_t));
    int64_t *comp_fill = malloc(((size_t)n + 1) * sizeof(int64_t));
    int rc = 0;
    if (!g.first || !g.order || !members || !comp_first || !comp_fill) {
        ud_buf_puts(err, "out of memory");
        rc = -1;
        goto out;
    }
    /* out-edges by source (the root's edges are read directly below) */
    for (size_t e = 0; e < c->n_edges; e++)
        if (c->from[e] >= 0)
            first[c->from[e] + 1]++;
    for (int64_t i = 0; i < n; i++)
        first[i + 1] += first[i];
    memcpy(comp_fill, g.first, ((size_t)n + 1) * sizeof(int64_t));
    for (size_t e = 0; e < c->n_edges; e++)
        if (c->from[e] >= 0)
            g.order[comp_fill[c->from[e]]++] = e;
    if (!ab_tarjan_run(&t, &g, n)) {
        ud_buf_puts(err, "out of memory");
        rc = -1;
        goto out;
    }
    /* members of each component, contiguous */
    for (int64_t i = 0; i < n; i++)
        comp_first[t.comp[i] + 1]++;
    for (int64_t k = 0; k < t.n_comp; k++)
        comp_first[k + 1] += comp_first[k];
    memcpy(comp_fill, comp_first, ((size_t)t.n_comp + 1) * sizeof(int64_t));
    for (int64_t i = 0; i < n; i++)
        members[comp_fill[t.comp[i]]++] = i;
    /* the root's mass */
    for (size_t e = 0; e < c->n_edges; e++)
        if (c->from[e] < 0)
            mpq_add(mass[c->to[e]], mass[c->to[e]], c->w[e]);
    mpq_t p;
    mpq_init(p);
    /* components sources first: Tarjan finished them sinks first */
    for (int64_t k = t.n_comp - 1; k >= 0 && rc == 0; k--) {
        const int64_t *mem = members + comp_first[k];
        int s = (int)(comp_first[k + 1] - comp_first[k]);
        if (s > 1 || g.first[mem[0] + 1] > g.first[mem[0]])
            rc = solve_component(&g, c, t.comp, k, mem, s, mass, err);
        /* push the component's mass out along its leaving edges */
        for (int m = 0; m < s && rc == 0; m++)
            for (int64_t q = g.first[mem[m]]; q < g.first[mem[m] + 1]; q++) {
                size_t e = g.order[q];
                if (t.comp[c->to[e]] == k)
                    continue;
                mpq_mul(p, mass[mem[m]], c->w[e]);
                mpq_add(mass[c->to[e]], mass[c->to[e]], p);
            }
    }
    mpq_clear(p);
out:
    free(first);
    free(g.order);
    free(t.index);
    free(t.low);
    free(t.stack);
    free(t.comp);
    free(t.on_stack);
    free(t.comp_order);
    free(members);
    free(comp_first);
    free(comp_fill);
    ud_mem_resize(c->mem, bytes, 0);
    return rc;
}
