/*
 * play_odds.c - "odds" at the table: the game's exact figures where it has
 * them (ud_game_extras.odds), else an estimate by simulation: from this
 * position, each choice taken and the game played out many times with
 * every seat on the game's first policy, how often this seat wins, with
 * the 95% margin of the estimate.  In a game that hides part of itself
 * (ud_game.observe), each playout starts from the true position with what
 * the seat cannot see dealt again (ud_game.resample), so the estimate
 * uses only what the player knows; a game with observe and no resample is
 * not simulated.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "action.h"
#include "extras.h"
#include "play_table.h"
#include "rng.h"

/* Playouts per choice, and the most choices estimated (each playout is a
 * whole game: the board game plays a few hundred a second). */
enum { PLAYOUTS = 200, CHOICES_MAX = 8, PLAYOUT_DECISIONS = 20000 };

/* One playout: choice i taken at state, then every seat on pol to the
 * end; 1 when seat won (alone or shared), 0 when not, -1 when the game
 * did not end (a bound or a failure). */
static int playout(const ud_match *m, const ud_table *tab, const void *state, int seat, const ud_offers *o,
                   int i, const ud_policy *pol, uint64_t seed)
{
    const ud_game *g = m->game;
    static unsigned char work[UD_MAX_STATE] __attribute__((aligned(16)));
    memcpy(work, state, g->state_size);
    ud_rng chance_rng, policy_rng;
    ud_rng_seed(&chance_rng, seed);
    ud_rng_seed(&policy_rng, seed ^ UINT64_C(0x9e3779b97f4a7c15));
    if (g->observe)
        g->resample(work, seat, &policy_rng);
    ud_chance chance;
    ud_chance_from_rng(&chance, &chance_rng);
    ud_step s;
    ud_step_init(&s, tab, &m->setup, &chance, NULL, NULL);
    ud_status st = ud_advance(&s, work);
    /* the same choices as the person's, in the same order (what was dealt
     * again is nothing the seat chooses from) */
    if (st != UD_DECIDE || s.offers.n != o->n ||
        memcmp(&s.offers.action[i], &o->action[i], sizeof o->action[i]))
        return -1;
    st = ud_decide_offer(&s, work, i);
    for (int n = 0; st == UD_DECIDE && n < PLAYOUT_DECISIONS; n++) {
        int pick = ud_policy_choose(pol, g, work, g->to_move(work), &s.offers, &policy_rng);
        if (pick < 0 || pick >= s.offers.n)
            return -1;
        st = ud_decide_offer(&s, work, pick);
    }
    if (st != UD_OVER)
        return -1;
    uint8_t outcome[UD_MAX_PLAYERS] = { 0 };
    ud_game_outcomes(g, work, m->setup.n_players, true, outcome);
    return outcome[seat] == UD_SEAT_WON || outcome[seat] == UD_SEAT_SHARED;
}

/* The estimate for each choice, said at the table. */
static void simulate(const table *t, const ud_game *g, const void *state, int seat, const ud_offers *o)
{
    ud_table *tab = malloc(sizeof *tab);
    if (!tab) {
        fputs("odds: out of memory\n", t->out);
        return;
    }
    ud_table_build(tab, g, t->m->setup.variant);
    ud_policy pol = { .def = &g->policies[0], .param = g->policies[0].def_param };
    ud_buf w;
    ud_buf_init(&w);
    fprintf(t->out, "odds, estimated: each choice, then %d games played out with every seat on '%s'%s\n",
            PLAYOUTS, pol.def->name, o->n > CHOICES_MAX ? " (the first choices only)" : "");
    for (int i = 0; i < o->n && i < CHOICES_MAX; i++) {
        int won = 0, ended = 0;
        for (int k = 0; k < PLAYOUTS; k++) {
            int r = playout(t->m, tab, g->observe ? t->live : state, seat, o, i, &pol,
                            t->m->seed ^ (t->decisions * 1000003u + k));
            if (r >= 0) {
                won += r;
                ended++;
            }
        }
        ud_buf_clear(&w);
        ud_action_format(g, &t->m->setup, &o->action[i], &w);
        if (!ended) {
            fprintf(t->out, "  %d) %s: no game played out to its end\n", i + 1, ud_buf_str(&w));
            continue;
        }
        double p = (double)won / ended, margin = 1.96 * sqrt(p * (1 - p) / ended);
        fprintf(t->out, "  %d) %s: %s wins %.0f%% (\xc2\xb1%.0f%%) of %d games\n", i + 1, ud_buf_str(&w),
                t->m->setup.names[seat], 100 * p, 100 * margin, ended);
    }
    ud_buf_free(&w);
    free(tab);
}

void table_odds(const table *t, const ud_game *g, const void *state, int seat, const ud_offers *o)
{
    const ud_game_extras *x = g->extras;
    ud_buf b;
    ud_buf_init(&b);
    if (x && x->odds && x->odds(g, state, &t->m->setup, o, &b))
        fputs(ud_buf_str(&b), t->out);
    else if ((!g->observe || (g->resample && t->live)) && g->n_policies > 0)
        simulate(t, g, state, seat, o);
    else
        fprintf(t->out,
                "odds: undead has no figure for this choice yet (%s hides part of the game from you, "
                "and a simulation would see it)\n",
                g->title);
    ud_buf_free(&b);
}
