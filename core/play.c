/*
 * play.c - automated play (see play.h).
 */
#include "play.h"

#include "transcript.h"

#include <string.h>

void ud_match_defaults(ud_match *m, const ud_game *g)
{
    memset(m, 0, sizeof *m);
    m->game = g;
    for (int v = 0; v < g->n_variants; v++)
        m->setup.variant[v] = g->variants[v].default_value;
    m->setup.n_players = 2;
    strcpy(m->setup.names[0], "p1");
    strcpy(m->setup.names[1], "p2");
    for (int i = 0; i < UD_MAX_PLAYERS; i++)
        m->policy[i].def = &ud_policy_random;
}

void ud_play(const ud_match *m, const ud_table *t, void *state, ud_sink *sink, uint64_t *fired,
             int check_invariants, ud_result *res)
{
    const ud_game *g = m->game;
    ud_rng chance_rng, policy_rng;
    ud_rng_seed(&chance_rng, m->seed);
    /* A separate stream, so a random player's choices do not shift the dice. */
    ud_rng_seed(&policy_rng, m->seed ^ UINT64_C(0x9e3779b97f4a7c15));
    ud_chance chance;
    ud_chance_from_rng(&chance, &chance_rng);
    ud_step s;
    ud_step_init(&s, t, &m->setup, &chance, sink, fired);
    s.check_invariants = check_invariants || UD_FORCE_INVARIANTS;
    uint64_t max = m->max_decisions ? m->max_decisions : UD_DEFAULT_MAX_DECISIONS;

    uint64_t decisions = 0;
    res->undecided = -1;
    ud_status st = ud_start(&s, state);
    while (st == UD_DECIDE) {
        if (++decisions > max) {
            ud_failf(&s, UD_FAIL_INPUT, NULL, UD_NO_END_FMT, (unsigned long long)max);
            st = UD_ERROR;
            break;
        }
        int seat = g->to_move(state);
        int pick = ud_policy_choose(&m->policy[seat], g, state, seat, &s.offers, &policy_rng);
        if (pick < 0 || pick >= s.offers.n) {
            /* the policy's summary says where it plays (e.g. optimal: two
             * players); a human's answers ended with its input */
            if (m->policy[seat].def == &ud_policy_human)
                ud_failf(&s, UD_FAIL_INPUT, NULL,
                         "player %s gave no decision: the human policy's input ended", ud_player(&s, seat));
            else
                ud_failf(&s, UD_FAIL_INPUT, NULL,
                         "player %s gave no decision: policy %s answers only as it says: %s",
                         ud_player(&s, seat), m->policy[seat].def->name, m->policy[seat].def->summary);
            res->undecided = seat;
            st = UD_ERROR;
            break;
        }
        st = ud_decide_offer(&s, state, pick);
    }
    res->decisions = decisions;
    res->status = st;
    if (s.fail.kind != UD_FAIL_NONE)
        res->fail = s.fail;
    else { /* no need to copy 512 bytes of message per game */
        res->fail.kind = UD_FAIL_NONE;
        res->fail.id = NULL;
        res->fail.msg[0] = '\0';
    }
    res->steps = s.steps;
    res->winner = st == UD_OVER ? g->winner(state) : -1;
    /* Only seats the game has: a table it refused names more. */
    memset(res->score, 0, sizeof res->score);
    memset(res->outcome, 0, sizeof res->outcome);
    int hi = ud_game_max_players(g);
    int seats = m->setup.n_players < hi ? m->setup.n_players : hi;
    ud_game_outcomes(g, state, seats, st == UD_OVER, res->outcome);
    for (int i = 0; i < seats; i++)
        res->score[i] = g->score(state, i);
}

static void file_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    FILE *out = k->ctx;
    ud_transcript_write_line(out, text, rule ? rule->id : NULL);
}

void ud_sink_to_file(ud_sink *k, FILE *out)
{
    k->line = file_line;
    k->ctx = out;
}
