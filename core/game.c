/*
 * game.c - lookups over a game's tables.
 */
#include "game.h"

#include <string.h>

const ud_rule *ud_game_rule(const ud_game *g, const char *id)
{
    for (int i = 0; i < g->n_rules; i++)
        if (strcmp(g->rules[i].id, id) == 0)
            return &g->rules[i];
    return NULL;
}

void ud_rule_when(const ud_game *g, const ud_rule *r, ud_buf *out)
{
    if (r->variant < 0 && r->values2 == 0) {
        ud_buf_puts(out, "always");
        return;
    }
    if (r->variant >= 0)
        ud_buf_printf(out, "%s=%s", g->variants[r->variant].key,
                      g->variants[r->variant].values[r->value].name);
    if (r->values2) {
        const ud_variant *v = &g->variants[r->variant2];
        ud_buf_printf(out, "%s%s=", r->variant >= 0 ? ", " : "", v->key);
        const char *sep = "";
        for (int i = 0; i < v->n_values; i++)
            if ((r->values2 >> i) & 1u) {
                ud_buf_printf(out, "%s%s", sep, v->values[i].name);
                sep = "|";
            }
    }
}

void ud_rule_reads(const ud_game *g, const ud_rule *r, ud_buf *out)
{
    const char *sep = "";
    for (int v = 0; v < g->n_variants; v++)
        if ((r->reads >> v) & 1u) {
            ud_buf_printf(out, "%s%s", sep, g->variants[v].key);
            sep = ", ";
        }
}

bool ud_rule_depends_on(const ud_rule *r, int v)
{
    return r->variant == v || (r->values2 != 0 && r->variant2 == v) || ((r->reads >> v) & 1u);
}

bool ud_rule_exists_under(const ud_game *g, const ud_rule *r, int v, int x)
{
    for (int y = x < 0 ? 0 : x; y < (x < 0 ? g->variants[v].n_values : x + 1); y++) {
        unsigned every = (1u << g->variants[v].n_values) - 1;
        /* a second condition that admits every reading of v does not
         * depend on v */
        if ((r->variant == v && r->value == y) ||
            (r->values2 && r->variant2 == v && ((r->values2 >> y) & 1u) && r->values2 != every))
            return true;
    }
    return false;
}

int ud_game_rule_index(const ud_game *g, const ud_rule *r) { return (int)(r - g->rules); }

int ud_game_action(const ud_game *g, const char *name)
{
    for (int i = 0; i < g->n_actions; i++)
        if (strcmp(g->actions[i].name, name) == 0)
            return i;
    return -1;
}

bool ud_game_is_chance_event(const ud_game *g, const char *verb)
{
    for (const char *const *e = g->chance_events; e && *e; e++)
        if (strcmp(*e, verb) == 0)
            return true;
    return false;
}

void ud_variants_text(const ud_game *g, const int *variant, ud_buf *out)
{
    const char *sep = "";
    for (int v = 0; v < g->n_variants; v++)
        if (variant[v] != g->variants[v].default_value) {
            ud_buf_printf(out, "%s%s=%s", sep, g->variants[v].key, g->variants[v].values[variant[v]].name);
            sep = " ";
        }
    if (!sep[0])
        ud_buf_puts(out, "defaults");
}

const char *const ud_seat_outcome_name[] = { "playing", "won", "shared", "lost", "out" };

void ud_game_outcomes(const ud_game *g, const void *state, int n_players, bool over, uint8_t *out)
{
    if (g->outcomes) {
        g->outcomes(state, n_players, out);
        return;
    }
    int w = over ? g->winner(state) : -1;
    for (int i = 0; i < n_players; i++)
        out[i] = !over ? UD_SEAT_PLAYING : i == w ? UD_SEAT_WON : UD_SEAT_LOST;
}

/* Do a and b begin with the same n words (separated by spaces)? */
static bool same_words(const char *a, const char *b, int n)
{
    for (int w = 0; w < n; w++) {
        a += strspn(a, " ");
        b += strspn(b, " ");
        size_t la = strcspn(a, " "), lb = strcspn(b, " ");
        if (la != lb || strncmp(a, b, la) != 0 || la == 0)
            return false;
        a += la;
        b += lb;
    }
    return true;
}

int ud_setup_start_prior_words(const ud_setup *setup, const char *line, int words)
{
    int at = setup->n_start - 1;
    for (int i = 0; i < setup->n_start; i++)
        if (setup->start[i] == line)
            at = i;
    int prior = 0;
    for (int i = 0; i < at; i++)
        prior += same_words(setup->start[i], line, words);
    return prior;
}

int ud_setup_start_prior(const ud_setup *setup, const char *line)
{
    return ud_setup_start_prior_words(setup, line, 1);
}
