/*
 * odds.c - the figures a person at the table can ask for ("odds", undead
 * play): at the choice between stopping and rolling, exactly, from the
 * turn graph of solve.h: what stopping banks, the chance that one more
 * roll busts, and what rolling once more and then stopping banks on
 * average.  A position the graph does not model (expansion dice) has no
 * figure here.
 */
#include <gmp.h>
#include <string.h>

#include "solve.h"
#include "zd.h"
#include "zd_extras.h"

/* The turn graph for the setting's readings, built once per setting. */
static const zd_turn_graph *graph_for(const ud_setup *setup)
{
    static zd_turn_graph *g;
    static int built_for[UD_MAX_VARIANTS];
    if (g && memcmp(built_for, setup->variant, sizeof built_for) == 0)
        return g;
    zd_turn_graph_free(g);
    char err[256];
    g = zd_turn_graph_build(setup->variant, err, sizeof err);
    memcpy(built_for, setup->variant, sizeof built_for);
    return g;
}

/* One roll from position i with k brains: the chance it busts, and the
 * brains banked on average by stopping after it (a bust banks none). */
static void one_roll(const zd_turn_graph *g, int i, int k, mpq_t bust, mpq_t banked)
{
    mpq_t p, v;
    mpq_inits(p, v, NULL);
    mpq_set_ui(bust, 0, 1);
    mpq_set_ui(banked, 0, 1);
    for (int32_t e = g->first[i]; e < g->first[i + 1]; e++) {
        const zd_edge *ed = &g->edge[e];
        mpq_set_ui(p, ed->num, ed->den);
        mpq_canonicalize(p);
        if (ed->next < 0)
            mpq_add(bust, bust, p);
        else {
            mpq_set_ui(v, (unsigned long)(k + ed->gain), 1);
            mpq_mul(v, v, p);
            mpq_add(banked, banked, v);
        }
    }
    mpq_clears(p, v, NULL);
}

bool zd_odds(const ud_game *game, const void *state, const ud_setup *setup, const ud_offers *o, ud_buf *out)
{
    (void)game;
    (void)o;
    const zd_state *st = state;
    const zd_turn_graph *g = st->phase == ZD_PH_CHOICE ? graph_for(setup) : NULL;
    int i = g ? zd_turn_graph_find(g, st) : -1;
    if (i < 0)
        return false;
    int k = zd_turn_brains(st), score = st->score[st->current];
    mpq_t bust, banked;
    mpq_inits(bust, banked, NULL);
    one_roll(g, i, k, bust, banked);
    char *q = mpq_get_str(NULL, 10, bust);
    ud_buf_printf(out, "stop: you bank %d brain%s now (your score %d, then %d).\n", k, k == 1 ? "" : "s",
                  score, score + k);
    ud_buf_printf(
        out,
        "roll: one more roll busts, losing this turn's brains, with chance %s = %.1f%%; rolling once\n"
        "  more and then stopping banks %.2f brains on average.\n",
        q, 100 * mpq_get_d(bust), mpq_get_d(banked));
    ud_buf_puts(out, "(exact, from the dice left; 'undead solve zombie-dice turn' gives whole turns)\n");
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(q, strlen(q) + 1);
    mpq_clears(bust, banked, NULL);
    return true;
}
