/*
 * selfcheck.c - structural checks of a game's spec tables (selfcheck.h).
 */
#include "selfcheck.h"

#include "action.h"
#include "compiled.h"

#include <ctype.h>
#include <string.h>

static bool id_well_formed(const char *id)
{
    if (!id || !isupper((unsigned char)id[0]) || strlen(id) > 32)
        return false;
    for (const char *c = id; *c; c++)
        if (!isupper((unsigned char)*c) && !isdigit((unsigned char)*c) && *c != '-')
            return false;
    return id[strlen(id) - 1] != '-';
}

/* Sources are the rule texts' file names, "NNN_<hex>.txt". */
static bool source_well_formed(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return n > 8 && isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) &&
           isdigit((unsigned char)s[2]) && s[3] == '_' && strcmp(s + n - 4, ".txt") == 0;
}

#define PROBLEM(...)                     \
    do {                                 \
        ud_buf_printf(out, __VA_ARGS__); \
        ud_buf_putc(out, '\n');          \
        problems++;                      \
    } while (0)

static bool nonempty(const char *s) { return s && s[0]; }

static int check_rule(const ud_game *g, int i, ud_buf *out)
{
    const ud_rule *r = &g->rules[i];
    int problems = 0;
    if (!id_well_formed(r->id))
        PROBLEM("%s: rule %d: ID '%s' is not of the form AB-CD-12", g->name, i, r->id ? r->id : "");
    for (int j = 0; j < i; j++)
        if (r->id && g->rules[j].id && strcmp(r->id, g->rules[j].id) == 0)
            PROBLEM("%s: rule ID %s is used twice", g->name, r->id);
    if (!source_well_formed(r->source) || !nonempty(r->section) || !nonempty(r->summary))
        PROBLEM("%s: %s: needs a rule text file, a section and a summary", g->name, r->id);
    if (r->phase < 0 || r->phase >= g->n_phases)
        PROBLEM("%s: %s: phase %d does not exist", g->name, r->id, r->phase);
    else if (r->kind == UD_ROW_OFFER && g->phases[r->phase].kind != UD_PHASE_DECISION)
        PROBLEM("%s: %s: offers actions outside a decision phase", g->name, r->id);
    else if (g->phases[r->phase].kind == UD_PHASE_OVER)
        PROBLEM("%s: %s: sits in the phase where the game is over", g->name, r->id);
    if (r->variant >= g->n_variants ||
        (r->variant >= 0 && (r->value < 0 || r->value >= g->variants[r->variant].n_values)))
        PROBLEM("%s: %s: refers to a variant value that does not exist", g->name, r->id);
    if (r->values2 && (r->variant2 < 0 || r->variant2 >= g->n_variants ||
                       (r->values2 >> g->variants[r->variant2].n_values) != 0))
        PROBLEM("%s: %s: its second condition refers to a variant value that does not exist", g->name, r->id);
    if (g->n_variants < 32 && (r->reads >> g->n_variants) != 0)
        PROBLEM("%s: %s: consults a variant key that does not exist", g->name, r->id);
    if (!r->effect)
        PROBLEM("%s: %s: has no effect", g->name, r->id);
    return problems;
}

static int check_variants(const ud_game *g, ud_buf *out)
{
    int problems = 0;
    for (int v = 0; v < g->n_variants; v++) {
        const ud_variant *var = &g->variants[v];
        if (var->n_values < 2 || var->default_value < 0 || var->default_value >= var->n_values)
            PROBLEM("%s: variant %s needs two readings or more and a default among them", g->name, var->key);
        for (int i = 0; i < var->n_values; i++)
            if (!source_well_formed(var->values[i].source) || !nonempty(var->values[i].section) ||
                !nonempty(var->values[i].summary))
                PROBLEM("%s: variant %s=%s needs a source and a summary", g->name, var->key,
                        var->values[i].name);
    }
    return problems;
}

static int check_limits(const ud_game *g, ud_buf *out);

int ud_game_check_limits(const ud_game *g, ud_buf *out) { return check_limits(g, out); }

/* The fixed limits of game.h and compiled.h, each named when exceeded. */
static int check_limits(const ud_game *g, ud_buf *out)
{
    int problems = 0;
    if (g->n_rules > UD_MAX_RULES)
        PROBLEM("%s: %d rules exceed the limit UD_MAX_RULES (%d)", g->name, g->n_rules, UD_MAX_RULES);
    if (g->n_phases > UD_MAX_PHASES)
        PROBLEM("%s: %d phases exceed the limit UD_MAX_PHASES (%d)", g->name, g->n_phases, UD_MAX_PHASES);
    if (g->compiled_rows && g->n_phases > UD_COMPILED_MAX_PHASES)
        PROBLEM("%s: %d phases exceed the compiled runner's limit UD_COMPILED_MAX_PHASES (%d)", g->name,
                g->n_phases, UD_COMPILED_MAX_PHASES);
    if (g->n_variants > UD_MAX_VARIANTS)
        PROBLEM("%s: %d variants exceed the limit UD_MAX_VARIANTS (%d)", g->name, g->n_variants,
                UD_MAX_VARIANTS);
    if (g->state_size > UD_MAX_STATE)
        PROBLEM("%s: a state of %zu bytes exceeds the limit UD_MAX_STATE (%d)", g->name, g->state_size,
                UD_MAX_STATE);
    if (g->phase_offset >= g->state_size)
        PROBLEM("%s: the phase byte (offset %zu) lies outside the state", g->name, g->phase_offset);
    if (g->min_players < 1 || g->max_players < g->min_players || g->max_players > UD_MAX_PLAYERS)
        PROBLEM("%s: players %d to %d: expected 1 <= min <= max <= UD_MAX_PLAYERS (%d)", g->name,
                g->min_players, g->max_players, UD_MAX_PLAYERS);
    if (g->n_actions < 1)
        PROBLEM("%s: declares no action kinds", g->name);
    for (int a = 0; a < g->n_actions; a++) {
        ud_buf why;
        ud_buf_init(&why);
        if (!ud_action_kind_valid(&g->actions[a], &why))
            PROBLEM("%s: %s", g->name, ud_buf_str(&why));
        for (int b = 0; b < a; b++)
            if (g->actions[a].name && g->actions[b].name &&
                strcmp(g->actions[a].name, g->actions[b].name) == 0)
                PROBLEM("%s: action name %s is used twice", g->name, g->actions[a].name);
        ud_buf_free(&why);
    }
    return problems;
}

int ud_game_selfcheck(const ud_game *g, ud_buf *out)
{
    int problems = 0;
    problems += check_limits(g, out);
    for (int i = 0; i < g->n_rules && i < UD_MAX_RULES; i++)
        problems += check_rule(g, i, out);
    problems += check_variants(g, out);
    for (int ph = 0; ph < g->n_phases; ph++) {
        int rows = 0;
        for (int i = 0; i < g->n_rules; i++)
            rows += g->rules[i].phase == ph;
        if (g->phases[ph].kind != UD_PHASE_OVER && rows == 0)
            PROBLEM("%s: phase %s has no rule rows", g->name, g->phases[ph].name);
    }
    for (int i = 0; i < g->n_invariants; i++)
        if (!id_well_formed(g->invariants[i].id) || !g->invariants[i].holds)
            PROBLEM("%s: invariant %d is missing an ID or a check", g->name, i);
    problems += ud_game_check_keys_used(g, out);
    return problems;
}

int ud_game_check_keys_used(const ud_game *g, ud_buf *out)
{
    int problems = 0;
    for (int v = 0; v < g->n_variants && v < UD_MAX_VARIANTS; v++) {
        bool used = false;
        for (int i = 0; i < g->n_rules && !used; i++)
            used = ud_rule_depends_on(&g->rules[i], v);
        if (!used)
            PROBLEM("%s: variant %s changes no row: no row exists under only some of its readings, "
                    "and none declares that it consults it (ud_rule.reads)",
                    g->name, g->variants[v].key);
    }
    return problems;
}

int ud_reading_audit(const ud_game *g, const uint32_t *seen, ud_buf *out)
{
    int problems = 0;
    for (int i = 0; i < g->n_rules; i++) {
        uint32_t hidden = seen[i] & ~g->rules[i].reads;
        for (int v = 0; hidden && v < g->n_variants; v++)
            if ((hidden >> v) & 1u)
                PROBLEM("%s: %s consults the reading of %s without declaring it in its reads", g->name,
                        g->rules[i].id, g->variants[v].key);
    }
    return problems;
}
#undef PROBLEM
