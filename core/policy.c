/*
 * policy.c - policy lookup, and the two policies every game has.
 */
#include "policy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static FILE *human_in, *human_out;

void ud_policy_human_io(FILE *in, FILE *out)
{
    human_in = in;
    human_out = out;
}

static int random_choose(const ud_game *g, const void *state, int seat, int param,
                         const ud_offers *o, ud_rng *rng)
{
    return o->action[ud_rng_below(rng, (uint32_t)o->n)];
}

/* Asks at the terminal; accepts an action name or a unique prefix. */
static int human_choose(const ud_game *g, const void *state, int seat, int param,
                        const ud_offers *o, ud_rng *rng)
{
    FILE *in = human_in ? human_in : stdin;
    FILE *out = human_out ? human_out : stderr;
    char line[128];
    for (;;) {
        fprintf(out, "seat %d, choose", seat + 1);
        for (int i = 0; i < o->n; i++)
            fprintf(out, " %s%s", i ? "| " : "", g->actions[o->action[i]]);
        fputs(": ", out);
        fflush(out);
        if (!fgets(line, sizeof line, in))
            return -1;
        line[strcspn(line, " \t\r\n")] = '\0';
        int found = -1, matches = 0;
        for (int i = 0; i < o->n; i++) {
            const char *name = g->actions[o->action[i]];
            if (strcmp(name, line) == 0) {
                found = o->action[i];
                matches = 1;
                break;
            }
            if (line[0] && strncmp(name, line, strlen(line)) == 0) {
                found = o->action[i];
                matches++;
            }
        }
        if (matches == 1)
            return found;
        fprintf(out, "'%s' is not one of the choices\n", line);
    }
}

const ud_policy_def ud_policy_random = {
    "random", "choose uniformly among the allowed actions", 0, 0, random_choose, 0
};
const ud_policy_def ud_policy_human = {
    "human", "ask at the terminal (stdin), showing the state first", 0, 0, human_choose, 0
};

static const ud_policy_def *find_def(const ud_game *g, const char *name, size_t len)
{
    for (int i = 0; i < g->n_policies; i++)
        if (strlen(g->policies[i].name) == len && strncmp(g->policies[i].name, name, len) == 0)
            return &g->policies[i];
    const ud_policy_def *generic[] = { &ud_policy_random, &ud_policy_human };
    for (size_t i = 0; i < sizeof generic / sizeof generic[0]; i++)
        if (strlen(generic[i]->name) == len && strncmp(generic[i]->name, name, len) == 0)
            return generic[i];
    return NULL;
}

bool ud_policy_parse(const ud_game *g, const char *spec, ud_policy *out, ud_buf *err)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    const ud_policy_def *def = find_def(g, spec, len);
    if (!def) {
        ud_buf_printf(err, "unknown policy '%.*s' for %s; expected one of:", (int)len, spec, g->name);
        for (int i = 0; i < g->n_policies; i++)
            ud_buf_printf(err, " %s", g->policies[i].name);
        ud_buf_puts(err, " random human");
        return false;
    }
    out->def = def;
    out->param = def->def_param;
    if (colon) {
        if (!def->has_param) {
            ud_buf_printf(err, "policy '%s' takes no ':N' parameter", def->name);
            return false;
        }
        char *end;
        errno = 0;
        long v = strtol(colon + 1, &end, 10);
        if (colon[1] == '\0' || *end != '\0' || errno || v < 0 || v > 1000) {
            ud_buf_printf(err, "policy '%s': expected a whole number 0..1000 after ':', got '%s'",
                          def->name, colon + 1);
            return false;
        }
        out->param = (int)v;
    }
    return true;
}

void ud_policy_format(const ud_policy *p, char *out, size_t size)
{
    if (p->def->has_param)
        snprintf(out, size, "%s:%d", p->def->name, p->param);
    else
        snprintf(out, size, "%s", p->def->name);
}

int ud_policy_choose(const ud_policy *p, const ud_game *g, const void *state, int seat,
                     const ud_offers *offers, ud_rng *rng)
{
    return p->def->choose(g, state, seat, p->param, offers, rng);
}
