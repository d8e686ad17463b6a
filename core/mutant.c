/*
 * mutant.c - naming, listing and parsing the mutants of a game (see
 * mutant.h); in a UD_MUTANTS build, also the mutant in force.
 */
#include "mutant.h"

#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const op_names[UD_MUT_N_OPS] = {
    [UD_MUT_NONE] = "none",
    [UD_MUT_GUARD_NEVER] = "guard-never",
    [UD_MUT_GUARD_ALWAYS] = "guard-always",
    [UD_MUT_EFFECT_SKIP] = "effect-skipped",
    [UD_MUT_EFFECT_TWICE] = "effect-twice",
    [UD_MUT_READING] = "reading",
    [UD_MUT_FAULT] = "fault",
};

const char *ud_mutant_op_name(ud_mutant_op op) { return op < UD_MUT_N_OPS ? op_names[op] : "?"; }

/* A guard that can be false: not none, and not ud_always (engine.h). */
static bool has_guard(const ud_rule *r) { return r->guard && r->guard != ud_always; }

static int add(ud_mutant *out, int cap, int n, ud_mutant m)
{
    if (n < cap)
        out[n] = m;
    return n + 1;
}

int ud_mutant_list(const ud_game *g, ud_mutant *out, int cap)
{
    int n = 0;
    for (int i = 0; i < g->n_rules; i++) {
        const ud_rule *r = &g->rules[i];
        for (ud_mutant_op op = UD_MUT_GUARD_NEVER; op <= UD_MUT_EFFECT_TWICE; op++)
            if (op != UD_MUT_GUARD_ALWAYS || has_guard(r))
                n = add(out, cap, n, (ud_mutant){ .game = g, .rule = r, .op = op });
    }
    for (int k = 0; k < g->n_variants; k++)
        for (int shift = 1; shift < g->variants[k].n_values; shift++)
            n = add(out, cap, n, (ud_mutant){ .game = g, .op = UD_MUT_READING, .key = k, .shift = shift });
    /* the illegal states only: a fault of amounts (f->rule) is a faulty
     * implementation for `undead conform` (UNDEAD_MUTANT still names it),
     * not one of the mutation analysis's mutants, whose samples it would
     * shift */
    for (int f = 0; f < g->n_faults; f++)
        if (g->faults[f].invariant)
            n = add(out, cap, n, (ud_mutant){ .game = g, .op = UD_MUT_FAULT, .fault = &g->faults[f] });
    return n;
}

void ud_mutant_name(const ud_mutant *m, ud_buf *out)
{
    if (m->op == UD_MUT_READING)
        ud_buf_printf(out, "reading/%s+%d", m->game->variants[m->key].key, m->shift);
    else if (m->op == UD_MUT_FAULT)
        ud_buf_printf(out, "fault/%s", m->fault->name);
    else
        ud_buf_printf(out, "%s/%s", m->rule ? m->rule->id : "?", ud_mutant_op_name(m->op));
}

static bool parse_reading(const ud_game *g, const char *what, ud_mutant *m, ud_buf *err)
{
    const char *plus = strrchr(what, '+');
    char *end = NULL;
    long shift = plus ? strtol(plus + 1, &end, 10) : 0;
    for (int k = 0; plus && k < g->n_variants; k++) {
        const ud_variant *v = &g->variants[k];
        if (strlen(v->key) != (size_t)(plus - what) || strncmp(v->key, what, (size_t)(plus - what)) != 0)
            continue;
        if (*end != '\0' || shift < 1 || shift >= v->n_values) {
            ud_buf_printf(err, "reading/%s: expected a shift from 1 to %d after '+'", what, v->n_values - 1);
            return false;
        }
        *m = (ud_mutant){ .game = g, .op = UD_MUT_READING, .key = k, .shift = (int)shift };
        return true;
    }
    ud_buf_printf(err,
                  "reading/%s: expected KEY+SHIFT with KEY one of %s's variant keys ('undead variants %s')",
                  what, g->name, g->name);
    return false;
}

bool ud_mutant_parse(const char *text, const ud_game *(*find)(const char *name), ud_mutant *m, ud_buf *err)
{
    const char *colon = strchr(text, ':');
    const char *slash = colon ? strchr(colon, '/') : NULL;
    if (!colon || !slash) {
        ud_buf_printf(err, "'%s': expected GAME:ROW-ID/OPERATOR or GAME:reading/KEY+SHIFT", text);
        return false;
    }
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(colon - text), text);
    const ud_game *g = find(name);
    if (!g) {
        ud_buf_printf(err, "'%s': no game is named '%s' ('undead games' lists them)", text, name);
        return false;
    }
    const char *id = colon + 1, *what = slash + 1;
    size_t id_len = (size_t)(slash - id);
    if (id_len == strlen("reading") && strncmp(id, "reading", id_len) == 0)
        return parse_reading(g, what, m, err);
    if (id_len == strlen("fault") && strncmp(id, "fault", id_len) == 0) {
        for (int f = 0; f < g->n_faults; f++)
            if (strcmp(g->faults[f].name, what) == 0) {
                *m = (ud_mutant){ .game = g, .op = UD_MUT_FAULT, .fault = &g->faults[f] };
                return true;
            }
        ud_buf_printf(err, "'%s': %s declares no fault '%s' ('undead mutate %s --list')", text, g->name, what,
                      g->name);
        return false;
    }
    const ud_rule *rule = NULL;
    for (int i = 0; i < g->n_rules && !rule; i++)
        if (strlen(g->rules[i].id) == id_len && strncmp(g->rules[i].id, id, id_len) == 0)
            rule = &g->rules[i];
    if (!rule) {
        ud_buf_printf(err, "'%s': %s has no row '%.*s' ('undead rules %s')", text, g->name, (int)id_len, id,
                      g->name);
        return false;
    }
    for (ud_mutant_op op = UD_MUT_GUARD_NEVER; op <= UD_MUT_EFFECT_TWICE; op++)
        if (strcmp(what, op_names[op]) == 0) {
            if (op == UD_MUT_GUARD_ALWAYS && !has_guard(rule)) {
                ud_buf_printf(err, "'%s': %s has no guard, so 'guard-always' changes nothing", text,
                              rule->id);
                return false;
            }
            *m = (ud_mutant){ .game = g, .rule = rule, .op = op };
            return true;
        }
    ud_buf_printf(
        err, "'%s': expected an operator: guard-never, guard-always, effect-skipped or effect-twice", text);
    return false;
}

#ifdef UD_MUTANTS
ud_mutant ud_the_mutant;

static const ud_game *arming;
static const ud_game *only_arming(const char *name)
{
    return strcmp(name, arming->name) == 0 ? arming : NULL;
}

void ud_mutant_arm(const ud_game *g)
{
    const char *text = getenv("UNDEAD_MUTANT");
    size_t len = strlen(g->name);
    if (!text || strncmp(text, g->name, len) != 0 || text[len] != ':' || ud_the_mutant.game == g)
        return;
    ud_buf err;
    ud_buf_init(&err);
    arming = g;
    if (!ud_mutant_parse(text, only_arming, &ud_the_mutant, &err)) {
        /* A run under a mistyped mutant would pass every check and count
         * the mutant as a survivor: refuse loudly instead. */
        fprintf(stderr, "undead: UNDEAD_MUTANT=%s\n", ud_buf_str(&err));
        exit(2);
    }
    ud_buf_free(&err);
}
#endif
