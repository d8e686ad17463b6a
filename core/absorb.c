/*
 * absorb.c - exact leaf probabilities of an absorbing chain (absorb.h).
 *
 * Tarjan's algorithm yields the strongly connected components sinks
 * first; walking them in reverse is a topological order, so every edge
 * into a component has its source's mass final before the component is
 * solved.  A component of one state without a self-loop just sums its
 * inflow; with a self-loop of weight q its mass is inflow / (1 - q); a
 * larger one solves (I - W^T) m = inflow by Gaussian elimination.
 */
#include "absorb.h"

#include <stdlib.h>
#include <string.h>

typedef struct graph {
    int64_t n;
    int64_t *first;     /* out-edges of i: edge index order[first[i] .. first[i+1]) */
    size_t *order;
} graph;

typedef struct tarjan {
    const graph *g;
    const ud_chain *c;
    int64_t *index, *low, *stack, *comp;
    char *on_stack;
    int64_t next, sp, n_comp;
    int64_t *comp_order;    /* components in the order Tarjan finishes them */
} tarjan;

static void strongconnect(tarjan *t, int64_t v)
{
    t->index[v] = t->low[v] = t->next++;
    t->stack[t->sp++] = v;
    t->on_stack[v] = 1;
    for (int64_t k = t->g->first[v]; k < t->g->first[v + 1]; k++) {
        int64_t w = t->c->to[t->g->order[k]];
        if (t->index[w] < 0) {
            strongconnect(t, w);
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

/* Solve one component with members mem[0..s): mass += inflow already in
 * mass[]; the edges inside the component are the unknowns' coefficients. */
static int solve_component(const graph *g, const ud_chain *c, const int64_t *comp, int64_t id,
                           const int64_t *mem, int s, mpq_t *mass, ud_buf *err)
{
    if (s > UD_ABSORB_MAX_CYCLE) {
        ud_buf_printf(err, "a cycle of %d states (more than %d)", s, UD_ABSORB_MAX_CYCLE);
        return -1;
    }
    /* A[i][j] = [i == j] - w(mem[j] -> mem[i]); b[i] = inflow of mem[i]. */
    mpq_t *a = malloc(sizeof(mpq_t) * (size_t)s * (size_t)(s + 1));
    if (!a) {
        ud_buf_puts(err, "out of memory");
        return -1;
    }
    for (int i = 0; i < s * (s + 1); i++)
        mpq_init(a[i]);
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
    int rc = 0;
    mpq_t f, t;
    mpq_inits(f, t, NULL);
    for (int col = 0; col < s && rc == 0; col++) {
        int piv = col;
        while (piv < s && mpq_sgn(A(piv, col)) == 0)
            piv++;
        if (piv == s) {
            ud_buf_puts(err, "a cycle that is never left (probability one of looping for ever)");
            rc = -1;
            break;
        }
        if (piv != col)
            for (int j = 0; j <= s; j++)
                mpq_swap(A(piv, j), A(col, j));
        for (int i = 0; i < s; i++) {
            if (i == col || mpq_sgn(A(i, col)) == 0)
                continue;
            mpq_div(f, A(i, col), A(col, col));
            for (int j = col; j <= s; j++) {
                mpq_mul(t, f, A(col, j));
                mpq_sub(A(i, j), A(i, j), t);
            }
        }
    }
    for (int i = 0; i < s && rc == 0; i++)
        mpq_div(mass[mem[i]], A(i, s), A(i, i));
#undef A
    mpq_clears(f, t, NULL);
    for (int i = 0; i < s * (s + 1); i++)
        mpq_clear(a[i]);
    free(a);
    return rc;
}

int ud_absorb(const ud_chain *c, mpq_t *mass, ud_buf *err)
{
    int64_t n = c->n;
    graph g = { n, calloc((size_t)n + 1, sizeof(int64_t)), malloc((c->n_edges + 1) * sizeof(size_t)) };
    tarjan t = { &g, c, malloc((size_t)n * sizeof(int64_t)), malloc((size_t)n * sizeof(int64_t)),
                 malloc((size_t)n * sizeof(int64_t)), malloc((size_t)n * sizeof(int64_t)),
                 calloc((size_t)n + 1, 1), 0, 0, 0, malloc((size_t)n * sizeof(int64_t)) };
    int64_t *members = malloc((size_t)n * sizeof(int64_t));
    int64_t *comp_first = calloc((size_t)n + 2, sizeof(int64_t));
    int64_t *comp_fill = malloc(((size_t)n + 1) * sizeof(int64_t));
    int rc = 0;
    if (!g.first || !g.order || !t.index || !t.low || !t.stack || !t.comp || !t.on_stack ||
        !t.comp_order || !members || !comp_first || !comp_fill) {
        ud_buf_puts(err, "out of memory");
        rc = -1;
        goto out;
    }
    /* out-edges by source (the root's edges are read directly below) */
    for (size_t e = 0; e < c->n_edges; e++)
        if (c->from[e] >= 0)
            g.first[c->from[e] + 1]++;
    for (int64_t i = 0; i < n; i++)
        g.first[i + 1] += g.first[i];
    memcpy(comp_fill, g.first, ((size_t)n + 1) * sizeof(int64_t));
    for (size_t e = 0; e < c->n_edges; e++)
        if (c->from[e] >= 0)
            g.order[comp_fill[c->from[e]]++] = e;
    for (int64_t i = 0; i < n; i++)
        t.index[i] = -1;
    for (int64_t i = 0; i < n; i++)
        if (t.index[i] < 0)
            strongconnect(&t, i);
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
    free(g.first);
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
    return rc;
}
