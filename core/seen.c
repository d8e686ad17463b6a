/*
 * seen.c - a seeded game written down as a comparison sees it (seen.h).
 */
#include "seen.h"

#include <string.h>

#include "action.h"
#include "chance.h"
#include "engine.h"
#include "rng.h"

/* The record's sink: each line's text, its row tag dropped. */
static void text_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)s, (void)rule;
    ud_buf_puts(k->ctx, text);
    ud_buf_puts(k->ctx, "\n");
}

/* The protocol's sink: a row's line is not the protocol's. */
static void no_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)k, (void)s, (void)text, (void)rule;
}

typedef struct seen_game {
    const ud_game *g;
    const ud_setup *setup;
    ud_rng *rng;
    ud_buf *out;
} seen_game;

/* The PRNG's draw, as ud_chance_from_rng draws it, written down. */
static int pick_seen(ud_chance *c, const ud_pick_req *p)
{
    seen_game *v = c->ctx;
    int k = (int)ud_rng_below(v->rng, (uint32_t)p->n);
    ud_buf_printf(v->out, "outcome %s of", p->event);
    for (int i = 0; i < p->n; i++)
        ud_buf_printf(v->out, " %s", p->label(p->ctx, i));
    ud_buf_printf(v->out, ": %s\n", p->label(p->ctx, k));
    return k;
}

static void step_seen(const seen_game *v, const ud_step *s, const void *state, ud_status st)
{
    ud_buf words;
    ud_buf_init(&words);
    v->g->describe(v->g, state, v->setup, &words);
    ud_buf_printf(v->out, "state %s\n", ud_buf_str(&words));
    ud_buf_free(&words);
    if (st == UD_DECIDE) {
        ud_buf_printf(v->out, "offers to %s:", ud_player(s, v->g->to_move(state)));
        for (int i = 0; i < s->offers.n; i++) {
            ud_buf_puts(v->out, i ? " | " : " ");
            ud_action_format(v->g, v->setup, &s->offers.action[i], v->out);
        }
        ud_buf_puts(v->out, "\n");
    } else if (st == UD_OVER) {
        uint8_t result[UD_MAX_PLAYERS];
        ud_game_outcomes(v->g, state, v->setup->n_players, true, result);
        ud_buf_puts(v->out, "result");
        for (int i = 0; i < v->setup->n_players; i++)
            ud_buf_printf(v->out, " %s=%s", v->setup->names[i], ud_seat_outcome_name[result[i]]);
        ud_buf_puts(v->out, "\n");
    }
}

void ud_seen_play(const ud_match *m, const ud_table *t, void *state, ud_seen_view view, ud_buf *out,
                  uint64_t *fired)
{
    bool protocol = view == UD_SEEN_PROTOCOL;
    ud_rng chance_rng, policy_rng;
    ud_rng_seed(&chance_rng, m->seed);
    ud_rng_seed(&policy_rng, m->seed ^ UINT64_C(0x9e3779b97f4a7c15)); /* as core/play.c seeds it */
    ud_chance chance;
    ud_chance_from_rng(&chance, &chance_rng);
    seen_game seen = { m->game, &m->setup, &chance_rng, out };
    if (protocol) { /* the same draws, each written down */
        chance.rng = NULL;
        chance.pick = pick_seen;
        chance.ctx = &seen;
    }
    ud_sink sink = { protocol ? no_line : text_line, out };
    out->len = 0;
    memset(fired, 0, UD_MAX_RULES * sizeof *fired);
    ud_step s;
    ud_step_init(&s, t, &m->setup, &chance, &sink, fired);
    s.check_invariants = 0;
    uint64_t max = m->max_decisions ? m->max_decisions : UD_DEFAULT_MAX_DECISIONS;
    ud_status st = ud_start(&s, state);
    if (protocol)
        step_seen(&seen, &s, state, st);
    for (uint64_t decisions = 0; st == UD_DECIDE && decisions < max; decisions++) {
        int seat = m->game->to_move(state);
        int pick = ud_policy_choose(&m->policy[seat], m->game, state, seat, &s.offers, &policy_rng);
        if (pick < 0 || pick >= s.offers.n)
            break;
        st = ud_decide_offer(&s, state, pick);
        if (protocol)
            step_seen(&seen, &s, state, st);
    }
    ud_buf_printf(out, "(the game %s", st == UD_OVER ? "ended" : st == UD_DECIDE ? "went on" : "stopped");
    if (s.fail.kind != UD_FAIL_NONE)
        ud_buf_printf(out, ": %s", s.fail.msg);
    ud_buf_puts(out, ")\n");
}
