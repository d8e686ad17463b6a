/*
 * setup.c - player names and variant settings from user words.
 */
#include "setup.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ud_setup_defaults(const ud_game *g, ud_setup *setup)
{
    memset(setup, 0, sizeof *setup);
    for (int v = 0; v < g->n_variants; v++)
        setup->variant[v] = g->variants[v].default_value;
    strcpy(setup->names[0], "p1");
    strcpy(setup->names[1], "p2");
    setup->n_players = 2;
}

/* Why name cannot be a player's name, into err; false when it can. */
static bool bad_name(const char *name, ud_buf *err)
{
    size_t len = strlen(name);
    char length[48];
    snprintf(length, sizeof length, "expected 1 to %d characters", UD_NAME_MAX - 1);
    const char *why = len == 0 || len >= UD_NAME_MAX ? length : NULL;
    for (size_t i = 0; !why && i < len; i++)
        if (!isalnum((unsigned char)name[i]) && name[i] != '-' && name[i] != '_')
            why = "expected letters, digits, '-' or '_'";
    if (!why && !isalpha((unsigned char)name[0]))
        why = "expected it to start with a letter";
    if (why) {
        ud_buf shown;
        ud_buf_init(&shown);
        ud_buf_printf(err, "player name '%s': %s", ud_escaped(&shown, name), why);
        ud_buf_free(&shown);
    }
    return why != NULL;
}

bool ud_setup_add_player(ud_setup *setup, const char *name, ud_buf *err)
{
    if (bad_name(name, err))
        return false;
    for (int i = 0; i < setup->n_players; i++)
        if (strcmp(setup->names[i], name) == 0) {
            ud_buf_printf(err, "player name '%s' is used twice", name);
            return false;
        }
    if (setup->n_players >= UD_MAX_PLAYERS) {
        /* Counted, not kept: the game's rule on the number of players
         * reports it, with its rule ID, when the game is set up. */
        if (setup->n_unseated < 1000000)
            setup->n_unseated++;
        return true;
    }
    strcpy(setup->names[setup->n_players++], name);
    return true;
}

bool ud_setup_players(ud_setup *setup, const char *list, ud_buf *err)
{
    char name[64];
    setup->n_players = 0;
    setup->n_unseated = 0;
    const char *p = list;
    for (;;) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof name) {
            memcpy(name, p, 20);
            name[20] = '\0';
            ud_buf shown;
            ud_buf_init(&shown);
            ud_buf_printf(err, "player name '%s...': expected at most %d characters",
                          ud_escaped(&shown, name), UD_NAME_MAX - 1);
            ud_buf_free(&shown);
            return false;
        }
        memcpy(name, p, len);
        name[len] = '\0';
        if (!ud_setup_add_player(setup, name, err))
            return false;
        if (p[len] == '\0')
            return true;
        p += len + 1;
    }
}

bool ud_setup_check_players(const ud_game *g, int n, ud_buf *err)
{
    int lo = g->min_players, hi = ud_game_max_players(g);
    if (n >= lo && n <= hi)
        return true;
    if (lo == hi)
        ud_buf_printf(err, "expected %d player%s for %s", lo, lo == 1 ? "" : "s", g->name);
    else
        ud_buf_printf(err, "expected %d to %d players for %s", lo, hi, g->name);
    if (g->players_rule)
        ud_buf_printf(err, " (%s)", g->players_rule);
    ud_buf_printf(err, ", found %d", n);
    return false;
}

/* ud_setup_variant, with shown the room for a value echoed escaped. */
static bool set_variant(const ud_game *g, ud_setup *setup, const char *kv, ud_buf *shown, ud_buf *err)
{
    const char *eq = strchr(kv, '=');
    if (!eq) {
        ud_buf_printf(err, "variant '%s': expected KEY=VALUE", ud_escaped(shown, kv));
        return false;
    }
    size_t klen = (size_t)(eq - kv);
    for (int v = 0; v < g->n_variants; v++) {
        const ud_variant *var = &g->variants[v];
        if (strlen(var->key) != klen || strncmp(var->key, kv, klen) != 0)
            continue;
        for (int i = 0; i < var->n_values; i++)
            if (strcmp(var->values[i].name, eq + 1) == 0) {
                setup->variant[v] = i;
                return true;
            }
        ud_buf_printf(err, "variant %s: unknown value '%s'; expected one of:", var->key,
                      ud_escaped(shown, eq + 1));
        for (int i = 0; i < var->n_values; i++)
            ud_buf_printf(err, " %s", var->values[i].name);
        return false;
    }
    ud_buf key;
    ud_buf_init(&key);
    ud_buf_printf(&key, "%.*s", (int)klen, kv);
    ud_buf_printf(err,
                  "unknown variant key '%s' for %s; expected one of:", ud_escaped(shown, ud_buf_str(&key)),
                  g->name);
    ud_buf_free(&key);
    for (int v = 0; v < g->n_variants; v++)
        ud_buf_printf(err, " %s", g->variants[v].key);
    return false;
}

bool ud_setup_variant(const ud_game *g, ud_setup *setup, const char *kv, ud_buf *err)
{
    ud_buf shown;
    ud_buf_init(&shown);
    bool ok = set_variant(g, setup, kv, &shown, err);
    ud_buf_free(&shown);
    return ok;
}

bool ud_setup_start(ud_setup *setup, const char *line, ud_buf *err)
{
    if (setup->n_start >= UD_MAX_START) {
        ud_buf_printf(err, "more than %d start lines", UD_MAX_START);
        return false;
    }
    if (strlen(line) >= UD_START_LEN) {
        ud_buf_printf(err, "start line longer than %d characters", UD_START_LEN - 1);
        return false;
    }
    strcpy(setup->start[setup->n_start++], line);
    return true;
}

bool ud_parse_u64(const char *s, uint64_t *out)
{
    if (!isdigit((unsigned char)s[0]))
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

bool ud_parse_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (!ud_parse_u64(s, &v) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

void ud_number_expected(ud_buf *err, const char *s, uint64_t lo, uint64_t hi)
{
    ud_buf shown;
    ud_buf_init(&shown);
    ud_buf_printf(err, "expected a whole number from %llu to %llu, got '%s'", (unsigned long long)lo,
                  (unsigned long long)hi, ud_escaped(&shown, s));
    ud_buf_free(&shown);
}
