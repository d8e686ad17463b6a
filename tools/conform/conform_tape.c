/*
 * conform_tape.c - the tape of choices that drives one conform game (see
 * conform.h), and the JSON pieces `undead conform` and `undead serve`
 * share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "conform_impl.h"

void cf_tape_init(cf_tape *t) { memset(t, 0, sizeof *t); }

void cf_tape_free(cf_tape *t)
{
    free(t->val);
    free(t->range);
    free(t->next);
    memset(t, 0, sizeof *t);
}

void cf_tape_record(cf_tape *t, uint64_t seed)
{
    t->n = t->pos = 0;
    t->mode = CF_TAPE_RECORD;
    ud_rng_seed(&t->rng, seed);
    /* a separate stream, as ud_play keeps one, so that a policy's choices
     * do not shift the dice */
    ud_rng_seed(&t->policy_rng, seed ^ UINT64_C(0x9e3779b97f4a7c15));
}

void cf_tape_replay(cf_tape *t)
{
    t->pos = 0;
    t->mode = CF_TAPE_REPLAY;
    if (t->fill != CF_FILL_RANDOM) {
        uint64_t h = UINT64_C(1469598103934665603) ^ t->n;
        for (size_t i = 0; i < t->n; i++)
            h = (h ^ t->val[i]) * UINT64_C(1099511628211);
        ud_rng_seed(&t->rng, h);
    }
}

void cf_tape_truncate(cf_tape *t, size_t n)
{
    if (n < t->n)
        t->n = n;
}

static bool tape_reserve(cf_tape *t, size_t n)
{
    if (n <= t->cap)
        return true;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < n)
        cap *= 2;
    uint32_t *v = realloc(t->val, cap * sizeof *v);
    if (!v)
        return false;
    t->val = v;
    uint32_t *r = realloc(t->range, cap * sizeof *r);
    if (!r)
        return false;
    t->range = r;
    uint32_t *x = realloc(t->next, cap * sizeof *x);
    if (!x)
        return false;
    t->next = x;
    t->cap = cap;
    return true;
}

void cf_tape_copy(cf_tape *dst, const cf_tape *src)
{
    if (!tape_reserve(dst, src->n)) {
        dst->oom = true;
        dst->n = 0;
        return;
    }
    if (src->n) {
        memcpy(dst->val, src->val, src->n * sizeof *dst->val);
        memcpy(dst->range, src->range, src->n * sizeof *dst->range);
        memcpy(dst->next, src->next, src->n * sizeof *dst->next);
    }
    dst->n = src->n;
    dst->pos = 0;
    dst->mode = src->mode;
    dst->fill = src->fill;
    dst->rng = src->rng;
    dst->policy_rng = src->policy_rng;
}

uint32_t cf_tape_next(cf_tape *t, uint32_t n, int chosen)
{
    uint32_t v;
    if (chosen >= 0)
        v = (uint32_t)chosen;
    else if (t->mode == CF_TAPE_RECORD || t->pos >= t->n)
        v = t->mode == CF_TAPE_REPLAY && t->fill == CF_FILL_ZERO ? 0 : ud_rng_below(&t->rng, n);
    else
        v = n ? t->val[t->pos] % n : 0; /* a value cut for another choice: taken modulo */
    if (!tape_reserve(t, t->pos + 1)) {
        t->oom = true;
        return v;
    }
    t->val[t->pos] = v;
    t->range[t->pos] = n;
    t->next[t->pos] = v + 1;
    t->pos++;
    if (t->pos > t->n)
        t->n = t->pos;
    return v;
}

void cf_tape_set_next(cf_tape *t, uint32_t next)
{
    if (t->pos > 0 && !t->oom)
        t->next[t->pos - 1] = next;
}

json_t *cf_state_json(const ud_game *g, const void *state, const ud_setup *setup)
{
    ud_buf d;
    ud_buf_init(&d);
    g->describe(g, state, setup, &d);
    json_t *o = json_object();
    const char *p = ud_buf_str(&d);
    while (*p) {
        while (*p == ' ')
            p++;
        size_t w = strcspn(p, " ");
        if (w == 0)
            break;
        const char *eq = memchr(p, '=', w);
        size_t klen = eq ? (size_t)(eq - p) : w;
        char key[128];
        if (klen >= sizeof key)
            klen = sizeof key - 1;
        memcpy(key, p, klen);
        key[klen] = '\0';
        json_object_set_new(o, key, json_stringn(eq ? eq + 1 : "", eq ? w - klen - 1 : 0));
        p += w;
    }
    ud_buf_free(&d);
    return o;
}

json_t *cf_result_json(const ud_game *g, const void *state, const ud_setup *setup)
{
    uint8_t out[UD_MAX_PLAYERS];
    int seats = setup->n_players;
    ud_game_outcomes(g, state, seats, true, out);
    json_t *o = json_object();
    for (int i = 0; i < seats; i++)
        json_object_set_new(o, setup->names[i], json_string(ud_seat_outcome_name[out[i]]));
    return o;
}

void cf_put_shown(ud_buf *out, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            ud_buf_printf(out, "\\x%02x", *p);
        else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) /* U+0080..U+009F */
            ud_buf_printf(out, "\\xc2\\x%02x", *++p);
        else
            ud_buf_putc(out, (char)*p);
    }
}

const char *cf_shown(const char *text, char *out, size_t size)
{
    ud_buf b;
    ud_buf_init(&b);
    cf_put_shown(&b, text);
    snprintf(out, size, "%s", ud_buf_str(&b));
    ud_buf_free(&b);
    return out;
}

void cf_json_line(const json_t *v, ud_buf *out) { cf_json_put(out, v); }

void cf_json_brief(const json_t *v, char *out, size_t size)
{
    ud_buf text;
    ud_buf_init(&text);
    cf_json_put(&text, v);
    const char *t = text.len ? ud_buf_str(&text) : "?";
    if (strlen(t) <= 60)
        snprintf(out, size, "%s", t);
    else
        snprintf(out, size, "%.57s...", t);
    ud_buf_free(&text);
}
