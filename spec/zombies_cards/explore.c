/*
 * explore.c - the card game's bounds for the generic explorer
 * (core/explore.h), the analysis that explores the small deck, and the
 * game's extras (core/extras.h): the bounds, the analysis and the
 * players' FAQ (faq_players.c).
 *
 * The explorer follows every path of chance picks between two decisions,
 * and the first decision comes after the shuffle: 104 different cards
 * dealt one by one are more paths than any enumeration can follow.  The
 * bound "deal" stops every branch at the shuffle.  The bound "game"
 * explores whole games, every deal and every roll, when the deck is small
 * enough: copies of a card share a label (content.c, copies=N), so a deal
 * is followed once per sequence of kinds, and states that differ only in
 * which copy lies where are one (game_key).  The analysis "small-deck"
 * loads the built-in small deck (content/small-deck.txt) and gives each
 * seat's exact chance to win and to die under each policy and reading.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>

#include "zombies_cards.h"

#include "content.h"
#include "explore.h"
#include "extras.h"
#include "policy.h"

static bool deal_cut(const void *p) { return ((const zc_state *)p)->phase == ZC_PH_DEAL; }

static void deal_outcome(const void *p, ud_buf *out)
{
    const zc_state *st = p;
    ud_buf_printf(out, "%s", st->phase == ZC_PH_DEAL ? "shuffle" : "other");
}

static const ud_explore_bound zc_bound_deal = {
    .game = "zombies-cards",
    .name = "deal",
    .summary = "the set-up up to the shuffle (a whole deal is beyond enumeration)",
    .cut = deal_cut,
    .outcome = deal_outcome,
};

/* ---- whole games of a small deck -------------------------------------------------------- */

/* Different deals (by kind) beyond which the bound "game" stops at the
 * shuffle: the small deck's two-player deal has 17, the 104-card deck's
 * about 10^71. */
#define ZC_DEAL_ORDERS_MAX 1e6

static bool deal_too_large(const zc_state *st)
{
    int n = st->n_players;
    return n >= ZC_MIN_PLAYERS && n <= ZC_MAX_PLAYERS && zc_content.deal_orders[n] > ZC_DEAL_ORDERS_MAX;
}

static bool game_cut(const void *p)
{
    const zc_state *st = p;
    return st->phase == ZC_PH_DEAL && deal_too_large(st);
}

static void game_outcome(const void *p, ud_buf *out)
{
    const zc_state *st = p;
    if (st->phase != ZC_PH_OVER) {
        ud_buf_puts(out, st->phase == ZC_PH_DEAL ? "deal beyond enumeration" : "cut");
        return;
    }
    if (st->winner >= 0)
        ud_buf_printf(out, "p%d wins", st->winner + 1);
    else
        ud_buf_puts(out, "nobody wins");
    for (int i = 0; i < st->n_players; i++)
        if (st->p[i].dead)
            ud_buf_printf(out, " p%d dead", i + 1);
}

static uint8_t kind_of_card(uint8_t c) { return c < zc_content.n_cards ? zc_content.kind[c] : c; }

/* A ring as its cards top first, by kind, from slot 0: where the ring
 * starts in its array is no rule's business. */
static void key_ring(zc_ring *r)
{
    uint8_t c[ZC_RING] = { 0 };
    for (int k = 0; k < r->n; k++)
        c[k] = kind_of_card(zc_ring_at(r, k));
    memcpy(r->c, c, sizeof c);
    r->head = 0;
}

/* The state as the rules read it from here on: a card by its kind (copies
 * are the same card to every row and policy), rings from slot 0, and the
 * turn count only as "has a turn begun" (the one thing read of it,
 * ZC-INV-MAP-TOP).  Order is kept everywhere: decks are drawn from the
 * top, bullets paid from the top, and a hand's order is the order of the
 * offers a policy chooses among. */
static void game_key(const void *p, unsigned char *out)
{
    zc_state st;
    memcpy(&st, p, sizeof st);
    for (int i = 0; i < st.n_players; i++) {
        zc_player *pl = &st.p[i];
        key_ring(&pl->deck);
        for (int k = 0; k < pl->hand.n; k++)
            pl->hand.c[k] = kind_of_card(pl->hand.c[k]);
        for (int k = 0; k < pl->bullets.n; k++)
            pl->bullets.c[k] = kind_of_card(pl->bullets.c[k]);
        for (int k = 0; k < pl->n_play; k++)
            pl->play[k] = kind_of_card(pl->play[k]);
    }
    key_ring(&st.map);
    st.here = kind_of_card(st.here);
    st.weapon = kind_of_card(st.weapon);
    st.pending = kind_of_card(st.pending);
    st.turn = st.turn > 0;
    memcpy(out, &st, sizeof st);
}

static const ud_explore_bound zc_bound_game = {
    .game = "zombies-cards",
    .name = "game",
    .summary = "whole games, every deal and roll, of a small deck (--content\n"
               "spec/zombies_cards/content/small-deck.txt); a deck whose deals are\n"
               "beyond enumeration stops at the shuffle",
    .key_size = sizeof(zc_state),
    .key = game_key,
    .cut = game_cut,
    .outcome = game_outcome,
};

/* ---- the analysis: the small deck's exact chances ---------------------------------------------- */

typedef struct seat_chances {
    mpq_t win[ZC_MAX_PLAYERS], dead[ZC_MAX_PLAYERS], nobody;
} seat_chances;

/* Each seat's chance to win and to die: the sums of the leaf labels
 * game_outcome writes ("p2 wins p1 dead"). */
static bool sum_by_seat(const ud_explore_report *rep, seat_chances *c, ud_buf *why)
{
    for (int i = 0; i < rep->n_outcomes; i++) {
        const char *l = rep->outcome_label[i];
        int seat, used = 0;
        if (sscanf(l, "p%d wins%n", &seat, &used) == 1 && used > 0 && seat >= 1 && seat <= ZC_MAX_PLAYERS)
            mpq_add(c->win[seat - 1], c->win[seat - 1], rep->outcome_p[i]);
        else if (strncmp(l, "nobody wins", 11) == 0)
            mpq_add(c->nobody, c->nobody, rep->outcome_p[i]);
        else {
            ud_buf_printf(why, "a game ended as '%s', not won or lost by all", l);
            return false;
        }
        for (const char *d = strstr(l, " p"); d; d = strstr(d + 1, " p"))
            if (sscanf(d, " p%d dead", &seat) == 1 && seat >= 1 && seat <= ZC_MAX_PLAYERS)
                mpq_add(c->dead[seat - 1], c->dead[seat - 1], rep->outcome_p[i]);
    }
    return true;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* One case per figure: every figure of the reading, figure exact_fig
 * with q, its exact value. */
static void record_figure(const ud_analysis_sink *sk, const char *figure, const char *pol,
                          const char *reading, const int *variant, const char *outcome,
                          const ud_analysis_figure *figs, int n, int exact_fig, const mpq_t q)
{
    if (!sk->record)
        return;
    char key[512], inputs[128];
    snprintf(key, sizeof key, "solve:zombies-cards:small-deck-%s:policy=%s:reading=%s", figure, pol, reading);
    snprintf(inputs, sizeof inputs, "deck=small-deck.txt players=2 policy=%s", pol);
    char *num = mpz_get_str(NULL, 10, mpq_numref(q)), *den = mpz_get_str(NULL, 10, mpq_denref(q));
    char analysis[64];
    snprintf(analysis, sizeof analysis, "small-deck-%s", figure);
    ud_analysis_case c = { .key = key,
                           .variant = variant,
                           .inputs = inputs,
                           .outcome = outcome,
                           .prob_num = num,
                           .prob_den = den,
                           .analysis = analysis,
                           .policy = pol };
    ud_analysis_case_set_figures(&c, figs, n, exact_fig);
    sk->record(sk->ctx, &c);
    free(num);
    free(den);
}

/* A fraction as printed: in full up to 60 characters (the database keeps
 * every digit; a cycle solved exactly gives fractions of hundreds). */
static const char *shown(const char *q) { return strlen(q) <= 60 ? q : "(long fraction)"; }

/* One policy under one reading, the policy followed by both seats: the
 * chain of whole games solved exactly. */
static int solve_reading(const ud_game *g, const ud_setup *setup, const ud_policy *pol, uint64_t max_memory,
                         const ud_analysis_sink *sk, ud_buf *why)
{
    ud_explore_opts o = { .game = g,
                          .setup = setup,
                          .bound = &zc_bound_game,
                          .max_depth = -1,
                          .policy = pol,
                          .check_invariants = 1,
                          .outcomes = 1,
                          .max_memory = max_memory };
    ud_explore_report rep;
    if (ud_explore(&o, &rep, why) != 0)
        return UD_ANALYSIS_LIMIT; /* out of memory, or a setting it cannot explore */
    int rc = UD_ANALYSIS_OK;
    if (rep.violated || !rep.complete || rep.outcomes_cut) {
        /* a broken invariant fails; a limit stops the analysis (exit 2) */
        ud_buf_printf(why, "exploring under %s: ", pol->def->name);
        if (rep.violated)
            ud_buf_puts(why, rep.fail.msg);
        else if (rep.outcomes_cut)
            ud_buf_puts(why, "solving the chain would pass the --max-memory bound");
        else if (!ud_explore_limit_hit(&rep, why))
            ud_buf_puts(why, "the depth limit was hit");
        int failed = rep.violated ? UD_ANALYSIS_FAILED : UD_ANALYSIS_LIMIT;
        ud_explore_report_free(&rep);
        return failed;
    }
    seat_chances c;
    int n = setup->n_players;
    for (int i = 0; i < ZC_MAX_PLAYERS; i++)
        mpq_inits(c.win[i], c.dead[i], NULL);
    mpq_init(c.nobody);
    ud_buf vars;
    ud_buf_init(&vars);
    ud_variants_text(g, setup->variant, &vars);
    if (!sum_by_seat(&rep, &c, why)) {
        rc = UD_ANALYSIS_FAILED;
        goto out;
    }
    /* each seat's chance to win and to die: figures 2i and 2i+1 */
    char names[2 * ZC_MAX_PLAYERS][16], outcome[256];
    ud_analysis_figure figs[2 * ZC_MAX_PLAYERS];
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        snprintf(names[2 * i], sizeof names[2 * i], "p%d_wins", i + 1);
        snprintf(names[2 * i + 1], sizeof names[2 * i + 1], "p%d_dead", i + 1);
        figs[2 * i] = (ud_analysis_figure){ names[2 * i], mpq_get_d(c.win[i]), NULL, NULL };
        figs[2 * i + 1] = (ud_analysis_figure){ names[2 * i + 1], mpq_get_d(c.dead[i]), NULL, NULL };
    }
    for (int f = 0; f < 2 * n && len < sizeof outcome; f++)
        len += (size_t)snprintf(outcome + len, sizeof outcome - len, "%s%s=%.15g", f ? " " : "", figs[f].name,
                                figs[f].value);
    ud_say(sk, "%s, %s: %llu states (%.3f s)\n", ud_buf_str(&vars), pol->def->name,
           (unsigned long long)rep.distinct, rep.seconds);
    for (int i = 0; i < n; i++) {
        char fig[32];
        char *w = mpq_get_str(NULL, 10, c.win[i]), *d = mpq_get_str(NULL, 10, c.dead[i]);
        ud_say(sk, "  p%d wins %.10f  %s\n  p%d dies %.10f  %s\n", i + 1, mpq_get_d(c.win[i]), shown(w),
               i + 1, mpq_get_d(c.dead[i]), shown(d));
        free(w);
        free(d);
        snprintf(fig, sizeof fig, "p%d-wins", i + 1);
        record_figure(sk, fig, pol->def->name, ud_buf_str(&vars), setup->variant, outcome, figs, 2 * n, 2 * i,
                      c.win[i]);
        snprintf(fig, sizeof fig, "p%d-dead", i + 1);
        record_figure(sk, fig, pol->def->name, ud_buf_str(&vars), setup->variant, outcome, figs, 2 * n,
                      2 * i + 1, c.dead[i]);
    }
    if (mpq_sgn(c.nobody) != 0) {
        char *q = mpq_get_str(NULL, 10, c.nobody);
        ud_say(sk, "  nobody wins %.10f  %s\n", mpq_get_d(c.nobody), shown(q));
        free(q);
    }
out:
    ud_buf_free(&vars);
    for (int i = 0; i < ZC_MAX_PLAYERS; i++)
        mpq_clears(c.win[i], c.dead[i], NULL);
    mpq_clear(c.nobody);
    ud_explore_report_free(&rep);
    return rc;
}

/* Every state of the small deck's games under one reading, every action
 * offered, every invariant in each; the states explored are added to
 * *states. */
static int explore_all(const ud_game *g, const ud_setup *setup, uint64_t max_memory,
                       const ud_analysis_sink *sk, uint64_t *states, ud_buf *why)
{
    ud_explore_opts o = { .game = g,
                          .setup = setup,
                          .bound = &zc_bound_game,
                          .max_depth = -1,
                          .check_invariants = 1,
                          .max_memory = max_memory };
    ud_explore_report rep;
    if (ud_explore(&o, &rep, why) != 0)
        return UD_ANALYSIS_LIMIT; /* out of memory, or a setting it cannot explore */
    int rc = UD_ANALYSIS_OK;
    ud_buf vars;
    ud_buf_init(&vars);
    ud_variants_text(g, setup->variant, &vars);
    ud_say(sk,
           "%s, every action: %llu states (decision %llu, terminal %llu), %llu chance picks (%llu checked "
           "to sum to exactly 1), depth %d, %s, invariants: %s (%.3f s)\n",
           ud_buf_str(&vars), (unsigned long long)rep.distinct, (unsigned long long)rep.decision,
           (unsigned long long)rep.terminal, (unsigned long long)rep.chance,
           (unsigned long long)rep.chance_sums_checked, rep.depth, rep.complete ? "complete" : "NOT complete",
           rep.violated ? "VIOLATION" : "no violation", rep.seconds);
    *states += rep.distinct;
    if (rep.violated) {
        ud_buf_printf(why, "%s: %s%s%s", ud_buf_str(&vars), rep.fail.msg,
                      rep.trace ? "\nshortest path (replay with undead check):\n" : "",
                      rep.trace ? rep.trace : "");
        rc = UD_ANALYSIS_FAILED;
    } else if (!rep.complete) { /* a limit stopped it: exit 2, no failed check */
        ud_buf_printf(why, "%s: ", ud_buf_str(&vars));
        if (!ud_explore_limit_hit(&rep, why))
            ud_buf_puts(why, "the depth limit was hit");
        rc = UD_ANALYSIS_LIMIT;
    }
    ud_buf_free(&vars);
    ud_explore_report_free(&rep);
    return rc;
}

enum { MAX_READINGS = 1 + ZC_VARIANTS };

/* The readings explored: the given one (the defaults and any --variant),
 * then each other reading of one key alone (keys --variant fixed stay as
 * given). */
static int readings(const ud_game *g, const ud_analysis_args *a, ud_setup *out)
{
    int n = 0;
    out[n++] = a->setup;
    for (int v = 0; v < g->n_variants; v++) {
        if (a->fixed[v])
            continue;
        for (int x = 0; x < g->variants[v].n_values && n < MAX_READINGS; x++) {
            if (x == a->setup.variant[v])
                continue;
            out[n] = a->setup;
            out[n++].variant[v] = x;
        }
    }
    return n;
}

static int run_small_deck(const ud_game *g, const ud_analysis_args *a, const ud_analysis_sink *sk,
                          ud_buf *why)
{
    zc_content_ready();
    static zc_tables saved; /* the set in use, given back at the end (large: not on the stack) */
    saved = zc_content;
    ud_content_error err;
    if (!zc_load_builtin_file("small-deck.txt", &err)) {
        ud_buf_printf(why, "%s:%d:%d: %s", err.file, err.e.line, err.e.col, err.e.msg);
        return UD_ANALYSIS_FAILED;
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int players = a->setup.n_players;
    ud_say(sk,
           "the small deck (spec/zombies_cards/content/small-deck.txt): %d cards of %d kinds, %d each to "
           "%d players: %.0f different deals\n",
           zc_content.n_cards, zc_content.n_kinds, zc_content.deal_small, players,
           players >= ZC_MIN_PLAYERS && players <= ZC_MAX_PLAYERS ? zc_content.deal_orders[players] : 0.0);
    static ud_setup list[MAX_READINGS]; /* large: not on the stack */
    int n = readings(g, a, list), rc = UD_ANALYSIS_OK;
    /* the policies followed: --policy, else hoarder alone (gunner under
     * last-card=after-fight takes some 17 s: its cycles' fractions run to
     * hundreds of digits, too long for verify) */
    const char *list_arg = ud_analysis_arg(a, "policy");
    char names[256];
    snprintf(names, sizeof names, "%s", list_arg ? list_arg : "hoarder");
    ud_policy pols[ZC_N_POLICIES + 1];
    int n_pols = 0;
    for (char *save = NULL, *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        if (n_pols == ZC_N_POLICIES + 1 || !ud_policy_parse(g, name, &pols[n_pols], why)) {
            if (n_pols == ZC_N_POLICIES + 1)
                ud_buf_printf(why, "--policy: at most %d policies", ZC_N_POLICIES + 1);
            zc_content = saved;
            return UD_ANALYSIS_USAGE;
        }
        if (pols[n_pols].def == &ud_policy_random || pols[n_pols].def == &ud_policy_human) {
            ud_buf_printf(why, "--policy: '%s' is not deterministic: expected one of the game's policies",
                          name);
            zc_content = saved;
            return UD_ANALYSIS_USAGE;
        }
        n_pols++;
    }
    uint64_t states = 0;
    for (int r = 0; r < n && rc == UD_ANALYSIS_OK; r++) {
        rc = explore_all(g, &list[r], a->max_memory, sk, &states, why);
        for (int p = 0; p < n_pols && rc == UD_ANALYSIS_OK; p++)
            rc = solve_reading(g, &list[r], &pols[p], a->max_memory, sk, why);
    }
    if (sk->metric) {
        sk->metric(sk->ctx, "explored_states", (double)states, "states");
        sk->metric(sk->ctx, "solve_seconds", seconds_since(&t0), "s");
    }
    zc_content = saved;
    return rc;
}

static const ud_analysis_option small_deck_options[] = {
    { "policy", "P[,P...]",
      "the policies followed, each by both seats (default: hoarder;\n"
      "                        gunner takes about 20 s more)" },
    { NULL, NULL, NULL },
};

static const ud_analysis zc_analyses[] = {
    { "small-deck",
      "whole games of the built-in small deck (content/small-deck.txt), every\n"
      "deal and roll: every state with every action (invariants in each), then\n"
      "each seat's exact chance to win and to die under each policy, for the\n"
      "defaults and each other reading",
      small_deck_options, run_small_deck, true, true },
};

static const ud_game_bound zc_bounds[] = {
    { &zc_bound_deal, NULL, NULL },
    { &zc_bound_game, NULL, NULL },
};

/* The figures of the small deck's outcomes (undead solve zombies-cards small-deck). */
static const ud_faq_legend zc_figures[] = {
    { "p1_wins", "the first seat wins (small deck)" },
    { "p1_dead", "the first seat dies (small deck)" },
    { "p2_wins", "the second seat wins (small deck)" },
    { "p2_dead", "the second seat dies (small deck)" },
    { NULL, NULL },
};

static const ud_faq_extras zc_faq = {
    .questions = zc_players_faq,
    .sources = zc_faq_sources,
    .players_charts = zc_players_charts,
    .players_who = "who each play a card every round, only cards that go straight to the bullet pile",
    .figures = zc_figures,
};

const ud_game_extras zc_extras = {
    .bounds = zc_bounds,
    .n_bounds = (int)(sizeof zc_bounds / sizeof zc_bounds[0]),
    .analyses = zc_analyses,
    .n_analyses = (int)(sizeof zc_analyses / sizeof zc_analyses[0]),
    .faq = &zc_faq,
};
