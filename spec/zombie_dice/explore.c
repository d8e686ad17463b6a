/*
 * explore.c - Zombie Dice's bounds for the generic explorer
 * (core/explore.h): which states are leaves and how states are keyed.
 *
 * "turn": the first player's first turn, every die position and every
 * turn total; the turn ends (a leaf) when the next turn begins.  States
 * that differ only in the order the hand's dice were taken, or in the
 * counters of turns and rolls, are one state.  Its cross-check compares
 * every roll with the exact solver's turn graph (solve.c).
 */
#include <stdlib.h>
#include <string.h>

#include "explore_bounds.h"
#include "zd_extras.h"

static void turn_key(const void *p, unsigned char *out)
{
    zd_state st;
    memcpy(&st, p, sizeof st);
    st.turns = 0;
    st.rolls = 0;
    st.last_gain = 0;
    if (st.phase == ZD_PH_CHOICE && zd_turn_brains(&st) >= ZD_GOAL) {
        /* a turn at the goal: a leaf, keyed by its total */
        zd_state leaf;
        memset(&leaf, 0, sizeof leaf);
        leaf.phase = ZD_PH_CHOICE;
        leaf.noted = (uint16_t)zd_turn_brains(&st);
        memcpy(out, &leaf, sizeof leaf);
        return;
    }
    if (st.phase == ZD_PH_TURN_START || st.phase == ZD_PH_DRAW || st.phase == ZD_PH_OVER ||
        st.phase == ZD_PH_TURN_END) {
        /* the turn is over: only what it banked matters */
        zd_state leaf;
        memset(&leaf, 0, sizeof leaf);
        leaf.phase = ZD_PH_TURN_END;
        leaf.score[0] = st.score[0];
        leaf.ended = st.ended; /* a bust and a stop with nothing are two outcomes */
        memcpy(out, &leaf, sizeof leaf);
        return;
    }
    /* hand order: sort (type, face) pairs */
    for (int i = 1; i < st.n_hand && i < ZD_HAND; i++)
        for (int j = i; j > 0 && (st.hand[j - 1] > st.hand[j] ||
                                  (st.hand[j - 1] == st.hand[j] && st.rolled[j - 1] > st.rolled[j]));
             j--) {
            uint8_t t = st.hand[j];
            st.hand[j] = st.hand[j - 1];
            st.hand[j - 1] = t;
            t = st.rolled[j];
            st.rolled[j] = st.rolled[j - 1];
            st.rolled[j - 1] = t;
        }
    for (int i = st.n_hand; i < ZD_HAND; i++)
        st.hand[i] = st.rolled[i] = 0;
    memcpy(out, &st, sizeof st);
}

static bool turn_cut(const void *p)
{
    const zd_state *st = p;
    return st->turns >= 2 || st->phase == ZD_PH_OVER ||
           (st->phase == ZD_PH_CHOICE && zd_turn_brains(st) >= ZD_GOAL);
}

static void turn_outcome(const void *p, ud_buf *out)
{
    const zd_state *st = p;
    if (st->phase == ZD_PH_CHOICE)
        ud_buf_printf(out, "reached %d", zd_turn_brains(st));
    else if (st->ended == ZD_ENDED_BUST)
        ud_buf_puts(out, "bust");
    else
        ud_buf_printf(out, "banked %d", st->score[0]);
}

const ud_explore_bound zd_bound_turn = {
    .game = "zombie-dice",
    .name = "turn",
    .summary = "one turn of the first player: every die position and turn total; the turn's end, "
               "and a turn total of 13 (the goal), are leaves",
    .key_size = sizeof(zd_state),
    .key = turn_key,
    .cut = turn_cut,
    .outcome = turn_outcome,
};

/* Each child of a roll is a position with more brains, a turn at the goal
 * (keyed by its total, so several positions merge), or a bust; its exact
 * probability must equal the sum of the solver's edges that lead there. */
void zd_explore_check_edge(void *ctx, const void *state, const ud_action *action, int n,
                           const void *const *children, mpq_t *const *weights)
{
    zd_edge_check *c = ctx;
    const zd_state *st = state;
    if (action->kind != ZD_ACT_ROLL || st->phase != ZD_PH_CHOICE)
        return;
    c->checked++;
    int i = zd_turn_graph_find(c->g, st);
    int k = zd_turn_brains(st);
    mpq_t p, sum;
    mpq_inits(p, sum, NULL);
    for (int j = 0; j < n && i >= 0; j++) {
        const zd_state *kid = children[j];
        bool over = kid->phase != ZD_PH_CHOICE;
        int kk = over ? 0 : zd_turn_brains(kid);
        int pos = over || kk >= ZD_GOAL ? -2 : zd_turn_graph_find(c->g, kid);
        mpq_set_ui(sum, 0, 1);
        for (int e = c->g->first[i]; e < c->g->first[i + 1]; e++) {
            const zd_edge *ed = &c->g->edge[e];
            bool match = over            ? ed->next < 0
                         : kk >= ZD_GOAL ? ed->next >= 0 && k + ed->gain == kk
                                         : ed->next == pos && k + ed->gain == kk;
            if (!match)
                continue;
            mpq_set_ui(p, ed->num, ed->den);
            mpq_canonicalize(p);
            mpq_add(sum, sum, p);
        }
        if (!mpq_equal(sum, *weights[j]) && !c->mismatched++)
            snprintf(c->first, sizeof c->first,
                     "position %d (k=%d): the rule table gives an outcome probability %.17g, "
                     "the solver %.17g",
                     i, k, mpq_get_d(*weights[j]), mpq_get_d(sum));
    }
    if (i < 0 && !c->mismatched++)
        snprintf(c->first, sizeof c->first, "a decision state (k=%d) the solver does not have", k);
    mpq_clears(p, sum, NULL);
}

static void *check_begin(const ud_game *g, const ud_setup *setup, ud_buf *err)
{
    zd_edge_check *c = calloc(1, sizeof *c);
    if (!c) {
        ud_buf_puts(err, "out of memory");
        return NULL;
    }
    char text[256];
    c->g = zd_turn_graph_build(setup->variant, text, sizeof text);
    if (!c->g) {
        ud_buf_puts(err, text);
        free(c);
        return NULL;
    }
    return c;
}

static bool check_finish(void *ctx, ud_buf *report)
{
    zd_edge_check *c = ctx;
    ud_buf_printf(report, "solver cross-check: %llu roll transitions compared, %llu mismatched%s%s\n",
                  (unsigned long long)c->checked, (unsigned long long)c->mismatched,
                  c->mismatched ? ": " : "", c->mismatched ? c->first : "");
    bool ok = !c->mismatched;
    zd_turn_graph_free((zd_turn_graph *)c->g);
    free(c);
    return ok;
}

static const ud_explore_check turn_check = {
    "compare every roll's outcomes with the exact solver's turn graph, exactly",
    check_begin,
    zd_explore_check_edge,
    check_finish,
};

static const char *const turn_recorded[] = { "bust", NULL };

const ud_game_bound zd_bounds[ZD_N_BOUNDS] = {
    { &zd_bound_turn, &turn_check, turn_recorded },
};
