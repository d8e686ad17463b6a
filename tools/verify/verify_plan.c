/*
 * verify_plan.c - which variant combinations `undead verify` simulates,
 * and their simulation (verify.h).
 *
 * A game with many variant keys has too many combinations to play them
 * all (Zombie Dice: 1024).  A key whose every reading changes the active
 * rule rows on its own is a main key; every combination of the main keys
 * is played.  The other keys (readings that matter only with another,
 * e.g. Santa's helmet only with Santa in the cup) are played in every
 * combination of their own, together with the first main reading that
 * brings them to life.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulate.h"
#include "verify.h"

enum { MAX_COMBOS = 4096 };

/* ---- which combinations -------------------------------------------------- */

/* Do the rows differ between two variant settings: a row in one table
 * and not the other, or a row in both that consults a key the two settings
 * read differently (ud_rule.reads)? */
static bool rows_differ(const ud_game *g, const int *a, const int *b)
{
    for (int r = 0; r < g->n_rules; r++) {
        const ud_rule *rule = &g->rules[r];
        bool in_a = ud_rule_active(rule, a);
        if (in_a != ud_rule_active(rule, b))
            return true;
        for (int v = 0; in_a && rule->reads && v < g->n_variants; v++)
            if (((rule->reads >> v) & 1u) && a[v] != b[v])
                return true;
    }
    return false;
}

void verify_defaults(const ud_game *g, int *variant)
{
    for (int v = 0; v < UD_MAX_VARIANTS; v++)
        variant[v] = v < g->n_variants ? g->variants[v].default_value : 0;
}

/* Reading (v, x) changes the rows on its own. */
bool verify_alone(const ud_game *g, int v, int x)
{
    int a[UD_MAX_VARIANTS], b[UD_MAX_VARIANTS];
    verify_defaults(g, a);
    verify_defaults(g, b);
    b[v] = x;
    return rows_differ(g, a, b);
}

/* A main key: every reading changes the rows alone. */
static bool main_key(const ud_game *g, int v)
{
    for (int x = 0; x < g->variants[v].n_values; x++)
        if (x != g->variants[v].default_value && !verify_alone(g, v, x))
            return false;
    return true;
}

/* The first reading (w, y) of another key with which (v, x) changes the
 * rows; false if there is none. */
bool verify_companion(const ud_game *g, int v, int x, int *w_out, int *y_out)
{
    for (int w = 0; w < g->n_variants; w++)
        for (int y = 0; w != v && y < g->variants[w].n_values; y++) {
            int a[UD_MAX_VARIANTS], b[UD_MAX_VARIANTS];
            verify_defaults(g, a);
            a[w] = y;
            memcpy(b, a, sizeof a);
            b[v] = x;
            if (rows_differ(g, a, b)) {
                *w_out = w;
                *y_out = y;
                return true;
            }
        }
    return false;
}

/* Every combination to simulate, as variant arrays; returns the count. */
static int plan_combinations(const ud_game *g, int (*out)[UD_MAX_VARIANTS], int max)
{
    bool is_main[UD_MAX_VARIANTS];
    int wake_w = -1, wake_y = 0;
    /* A key whose readings change no row under any companion cannot
     * pass the self-check (ud_game_check_keys_used), so every key here is
     * main or has a companion. */
    for (int v = 0; v < g->n_variants; v++) {
        is_main[v] = main_key(g, v);
        for (int x = 0; !is_main[v] && wake_w < 0 && x < g->variants[v].n_values; x++)
            if (x != g->variants[v].default_value)
                verify_companion(g, v, x, &wake_w, &wake_y);
    }
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: every combination of the main keys; pass 1: of the others */
        int count = 1;
        for (int v = 0; v < g->n_variants; v++)
            if (is_main[v] == (pass == 0))
                count *= g->variants[v].n_values;
        if (pass == 1 && count == 1)
            break;
        for (int k = 0; k < count && n < max; k++) {
            verify_defaults(g, out[n]);
            if (pass == 1 && wake_w >= 0)
                out[n][wake_w] = wake_y;
            int rest = k;
            for (int v = 0; v < g->n_variants; v++)
                if (is_main[v] == (pass == 0)) {
                    out[n][v] = rest % g->variants[v].n_values;
                    rest /= g->variants[v].n_values;
                }
            n++;
        }
    }
    return n;
}

/* ---- their simulation --------------------------------------------------- */

int verify_simulate_combos(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row,
                           uint64_t *fired)
{
    /* on the heap, not static: a leak check scans static data at every
     * process's exit (the sanitizer build), whatever the process ran */
    int(*combo)[UD_MAX_VARIANTS] = malloc(MAX_COMBOS * sizeof *combo);
    sim_stats *st = malloc(sizeof *st);
    if (!st || !combo) {
        free(st);
        free(combo);
        return 1;
    }
    int combos = plan_combinations(g, combo, MAX_COMBOS);
    row->combos = combos;
    int failures = 0;
    for (int k = 0; k < combos; k++) {
        if (k % 8 == 0)
            verify_progress(g->name, "variant combinations", k, combos);
        ud_match m;
        ud_match_defaults(&m, g);
        memcpy(m.setup.variant, combo[k], sizeof m.setup.variant);
        /* three table sizes in turn, from the smallest the game allows */
        int span = g->max_players - g->min_players + 1;
        m.setup.n_players = g->min_players + k % (span < 3 ? span : 3);
        for (int p = 0; p < m.setup.n_players; p++) {
            snprintf(m.setup.names[p], UD_NAME_MAX, "p%d", p + 1);
            int pol = (k + p) % (g->n_policies + 1);
            m.policy[p].def =
                pol < g->n_policies && !g->policies[pol].costly ? &g->policies[pol] : &ud_policy_random;
            m.policy[p].param = m.policy[p].def->def_param;
        }
        m.seed = 1 + (uint64_t)k * o->games;
        if (!simulate_jobs(&m, o->games, 1, o->jobs, st)) {
            free(st);
            free(combo);
            return failures + 1;
        }
        row->simulated += st->games;
        for (int r = 0; r < g->n_rules; r++)
            fired[r] += st->fired[r];
        if (st->failed) {
            int limit = st->fail.kind == UD_FAIL_LIMIT; /* no rule broken: a step cut short (exit 2) */
            printf("%s: simulated game with seed %llu %s: %s: %s\n", g->name,
                   (unsigned long long)st->failed_game, limit ? "stopped at a limit of undead's" : "failed",
                   st->fail.id ? st->fail.id : "engine", st->fail.msg);
            rec_replay_game(vr, "sim", &m, st->failed_game, 1);
            row->cut += limit;
            row->violations += !limit;
            failures += !limit;
        }
    }
    free(st);
    free(combo);
    return failures;
}
