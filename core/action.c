/*
 * action.c - parametric actions written and read one way (action.h).
 */
#include "action.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

static const char *pattern_of(const ud_game *g, int kind)
{
    const char *p = g->actions[kind].args;
    return p ? p : "";
}

static void format_set(uint32_t mask, ud_buf *out)
{
    if (!mask) {
        ud_buf_putc(out, '-');
        return;
    }
    const char *sep = "";
    for (int i = 0; i < 32; i++)
        if ((mask >> i) & 1u) {
            ud_buf_printf(out, "%s%d", sep, i);
            sep = ",";
        }
}

void ud_action_format(const ud_game *g, const ud_setup *setup, const ud_action *a, ud_buf *out)
{
    if (a->kind < 0 || a->kind >= g->n_actions) {
        ud_buf_printf(out, "?%d", (int)a->kind);
        return;
    }
    ud_buf_puts(out, g->actions[a->kind].name);
    const char *p = pattern_of(g, a->kind);
    if (!*p)
        return;
    ud_buf_putc(out, ' ');
    int n = 0;
    for (; *p; p++) {
        if (*p != '%' || !p[1]) {
            ud_buf_putc(out, *p);
            continue;
        }
        int32_t v = n < UD_ACTION_MAX_ARGS ? a->arg[n] : 0;
        n++;
        switch (*++p) {
        case 'd':
            ud_buf_printf(out, "%d", (int)v);
            break;
        case 's':
            format_set((uint32_t)v, out);
            break;
        case 'p':
            if (setup && v >= 0 && v < setup->n_players)
                ud_buf_puts(out, setup->names[v]);
            else
                ud_buf_printf(out, "%d", (int)v);
            break;
        default:
            ud_buf_putc(out, '%');
            ud_buf_putc(out, *p);
            n--;
        }
    }
}

void ud_action_usage(const ud_game *g, int kind, ud_buf *out)
{
    ud_buf_puts(out, g->actions[kind].name);
    const char *p = pattern_of(g, kind);
    if (*p)
        ud_buf_putc(out, ' ');
    for (; *p; p++) {
        if (*p == '%' && (p[1] == 'd' || p[1] == 's' || p[1] == 'p')) {
            ud_buf_puts(out, p[1] == 'd' ? "<number>" : p[1] == 's' ? "<list>" : "<player>");
            p++;
        } else {
            ud_buf_putc(out, *p);
        }
    }
}

bool ud_action_kind_valid(const ud_action_kind *k, ud_buf *why)
{
    if (!k->name || !k->name[0] || strpbrk(k->name, " \t%[]#=")) {
        ud_buf_printf(why, "action name '%s' must be one word", k->name ? k->name : "");
        return false;
    }
    int n = 0;
    for (const char *p = k->args ? k->args : ""; *p; p++) {
        if (*p == '[' || *p == ']' || *p == '#' || *p == '\t' || *p == '\n' || (*p == ' ' && p[1] == ' ')) {
            ud_buf_printf(why, "action %s: pattern '%s' holds '%c' or a double space", k->name, k->args, *p);
            return false;
        }
        if (*p != '%')
            continue;
        if (p[1] != 'd' && p[1] != 's' && p[1] != 'p') {
            ud_buf_printf(why, "action %s: unknown placeholder in '%s' (expected %%d, %%s or %%p)", k->name,
                          k->args);
            return false;
        }
        p++;
        n++;
    }
    if (n > UD_ACTION_MAX_ARGS) {
        ud_buf_printf(why, "action %s takes %d arguments; UD_ACTION_MAX_ARGS is %d", k->name, n,
                      UD_ACTION_MAX_ARGS);
        return false;
    }
    return true;
}

/* An integer at *q (optional '-'), within int32; advances *q. */
static bool read_int(const char **q, int64_t lo, int64_t hi, int32_t *out)
{
    const char *s = *q;
    bool neg = *s == '-';
    if (neg)
        s++;
    if (!isdigit((unsigned char)*s))
        return false;
    int64_t v = 0;
    for (; isdigit((unsigned char)*s); s++) {
        v = v * 10 + (*s - '0');
        if (v > (int64_t)INT32_MAX + 1)
            return false;
    }
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return false;
    *out = (int32_t)v;
    *q = s;
    return true;
}

/* A set written "1,3,5" or "-"; any order, no repeats. */
static bool read_set(const char **q, int32_t *out, ud_buf *err)
{
    const char *s = *q;
    uint32_t mask = 0;
    if (*s == '-' && !isdigit((unsigned char)s[1])) {
        *q = s + 1;
        *out = 0;
        return true;
    }
    for (;;) {
        int32_t e;
        if (!read_int(&s, 0, 31, &e)) {
            ud_buf_puts(err, "expected a list of numbers 0 to 31 such as 1,3,5 (or - for none)");
            return false;
        }
        if ((mask >> e) & 1u) {
            ud_buf_printf(err, "%d is listed twice", (int)e);
            return false;
        }
        mask |= 1u << e;
        if (*s != ',')
            break;
        s++;
    }
    *q = s;
    *out = (int32_t)mask;
    return true;
}

/* A player's name at *q, ending where the pattern's next literal
 * character (or a space) is. */
static bool read_seat(const char **q, char stop, const ud_setup *setup, int32_t *out)
{
    const char *s = *q;
    size_t len = 0;
    while (s[len] && s[len] != ' ' && s[len] != stop)
        len++;
    for (int i = 0; setup && i < setup->n_players; i++)
        if (strlen(setup->names[i]) == len && strncmp(setup->names[i], s, len) == 0) {
            *out = i;
            *q = s + len;
            return true;
        }
    return false;
}

/* Match text against kind's pattern; on failure err and the offset. */
static bool match_args(const ud_game *g, const ud_setup *setup, int kind, const char *text, ud_action *out,
                       ud_buf *err, size_t *bad_at)
{
    const char *p = pattern_of(g, kind), *q = text;
    int n = 0;
    while (*p) {
        if (*p == '%' && (p[1] == 'd' || p[1] == 's' || p[1] == 'p')) {
            char spec = p[1];
            p += 2;
            bool ok;
            ud_buf sub;
            ud_buf_init(&sub);
            if (spec == 'd')
                ok = read_int(&q, INT32_MIN, INT32_MAX, &out->arg[n]);
            else if (spec == 's')
                ok = read_set(&q, &out->arg[n], &sub);
            else
                ok = read_seat(&q, *p, setup, &out->arg[n]);
            if (!ok) {
                ud_buf_puts(err, "expected '");
                ud_action_usage(g, kind, err);
                ud_buf_puts(err, "'");
                if (ud_buf_str(&sub)[0])
                    ud_buf_printf(err, ": %s", ud_buf_str(&sub));
                else if (spec == 'p')
                    ud_buf_puts(err, ": <player> is a player's name");
                ud_buf_free(&sub);
                *bad_at = (size_t)(q - text);
                return false;
            }
            ud_buf_free(&sub);
            n++;
            continue;
        }
        if (*q != *p) {
            ud_buf_puts(err, "expected '");
            ud_action_usage(g, kind, err);
            ud_buf_puts(err, "'");
            *bad_at = (size_t)(q - text);
            return false;
        }
        p++;
        q++;
    }
    if (*q) {
        ud_buf_puts(err, "expected '");
        ud_action_usage(g, kind, err);
        ud_buf_puts(err, "' and nothing after it");
        *bad_at = (size_t)(q - text);
        return false;
    }
    return true;
}

int ud_action_parse(const ud_game *g, const ud_setup *setup, char *const *words, int n, ud_action *out,
                    ud_buf *err, int *bad_word)
{
    *bad_word = 0;
    memset(out, 0, sizeof *out);
    if (n < 1) {
        ud_buf_puts(err, "expected an action");
        return -1;
    }
    int kind = ud_game_action(g, words[0]);
    if (kind < 0) {
        ud_buf_puts(err, "expected an action (");
        for (int a = 0; a < g->n_actions; a++) {
            ud_buf_puts(err, a ? "|" : "");
            ud_action_usage(g, a, err);
        }
        ud_buf_printf(err, "), found '%s'", words[0]);
        return -1;
    }
    out->kind = kind;
    /* The arguments as one string with single spaces: the patterns are
     * written with single spaces, and words never hold one. */
    ud_buf text;
    ud_buf_init(&text);
    for (int i = 1; i < n; i++) {
        ud_buf_puts(&text, i > 1 ? " " : "");
        ud_buf_puts(&text, words[i]);
    }
    size_t bad_at = 0;
    bool ok = match_args(g, setup, kind, ud_buf_str(&text), out, err, &bad_at);
    if (!ok) {
        /* offset -> word index (1 + spaces before it) */
        const char *t = ud_buf_str(&text);
        int w = 1;
        for (size_t i = 0; i < bad_at && t[i]; i++)
            w += t[i] == ' ';
        *bad_word = w < n ? w : n - 1;
    }
    ud_buf_free(&text);
    return ok ? 0 : -1;
}
