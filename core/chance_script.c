/*
 * chance_script.c - the scripted chance source (see chance_script.h).
 */
#include "chance_script.h"

#include <string.h>

void ud_chance_script_init(ud_chance_script *s, bool (*next_line)(ud_chance_script *, const ud_pick_req *),
                           void *ctx)
{
    memset(s, 0, sizeof *s);
    s->next_line = next_line;
    s->ctx = ctx;
}

void ud_chance_script_load(ud_chance_script *s, char *const *tok, int ntok)
{
    s->tok = tok;
    s->ntok = ntok < UD_SCRIPT_MAX_TOKENS ? ntok : UD_SCRIPT_MAX_TOKENS;
    memset(s->used, 0, sizeof s->used);
}

int ud_chance_script_first_unused(const ud_chance_script *s)
{
    int k = 1;
    while (k < s->ntok && s->used[k])
        k++;
    return k < s->ntok ? k : s->ntok;
}

int ud_chance_script_n_used(const ud_chance_script *s)
{
    int n = 0;
    for (int k = 1; k < s->ntok; k++)
        n += s->used[k];
    return n;
}

int ud_chance_script_pick(ud_chance_script *s, const ud_pick_req *p, int *same)
{
    if ((!s->tok || ud_chance_script_used_up(s)) && !(s->next_line && s->next_line(s, p)))
        return UD_SCRIPT_RAN_OUT;
    return ud_chance_match(p, s->tok, s->ntok, s->used, same);
}

const char *ud_chance_script_labels(const ud_pick_req *p, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < p->n; i++) {
        const char *l = p->label(p->ctx, i);
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = strcmp(p->label(p->ctx, j), l) == 0;
        if (seen)
            continue;
        if (out[0])
            strncat(out, "|", size - strlen(out) - 1);
        strncat(out, l, size - strlen(out) - 1);
    }
    return out;
}
