/*
 * prob.c - exact probability of a transcript's chance outcomes (prob.h).
 *
 * The scripted chance source shared with the checker (chance_script.h)
 * walks the chance lines in order, but trusting its input (the lines
 * come from the engine): a used-up line goes on into the next chance
 * line anywhere ahead, and running out of lines is a partial record's
 * end, not an error.  Decisions come from the decide lines.
 */
#include "prob.h"

#include "action.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <gmp.h>

#include "chance_script.h"
#include "engine.h"

typedef struct replay {
    const ud_game *g;
    const capture *lines;
    int next_chance; /* next line to look at for chance outcomes */
    int next_decide;
    ud_chance_script script; /* over tok, the chance line being consumed */
    char tok_buf[1024];
    char *tok[UD_SCRIPT_MAX_TOKENS];
    bool ran_out; /* no chance line left: a partial record */
    mpq_t acc;
    mpq_t factor;
} replay;

static int split(char *buf, char **tok, int max)
{
    int n = 0;
    for (char *p = strtok(buf, " "); p && n < max; p = strtok(NULL, " "))
        tok[n++] = p;
    return n;
}

static bool first_word_is(const char *text, const char *word)
{
    size_t n = strlen(word);
    return strncmp(text, word, n) == 0 && (text[n] == ' ' || text[n] == '\0');
}

/* The script's next_line: load the next chance line; false when there
 * is none. */
static bool next_chance_line(ud_chance_script *script, const ud_pick_req *p)
{
    (void)p;
    replay *r = script->ctx;
    for (; r->next_chance < r->lines->n; r->next_chance++) {
        const char *text = r->lines->lines[r->next_chance].text;
        size_t verb = strcspn(text, " ");
        char word[64];
        if (verb >= sizeof word)
            continue;
        memcpy(word, text, verb);
        word[verb] = '\0';
        if (!ud_game_is_chance_event(r->g, word))
            continue;
        snprintf(r->tok_buf, sizeof r->tok_buf, "%s", text);
        ud_chance_script_load(script, r->tok, split(r->tok_buf, r->tok, UD_SCRIPT_MAX_TOKENS));
        r->next_chance++;
        return true;
    }
    return false;
}

/* The first unused outcome on the line that is possible here (the
 * checker's rule, ud_chance_match), its chance multiplied in. */
static int pick(ud_chance *c, const ud_pick_req *p)
{
    replay *r = c->ctx;
    int same = 0;
    int hit = ud_chance_script_pick(&r->script, p, &same);
    if (hit == UD_SCRIPT_RAN_OUT) {
        r->ran_out = true;
        return -1;
    }
    if (hit >= 0) {
        mpq_set_ui(r->factor, (unsigned long)same, (unsigned long)p->n);
        mpq_canonicalize(r->factor);
        mpq_mul(r->acc, r->acc, r->factor);
    }
    return hit;
}

/* The action of the next decide line ("decide PLAYER ACTION..."); false
 * when none is left or it does not parse. */
static bool next_decision(replay *r, const ud_setup *setup, ud_action *out)
{
    for (; r->next_decide < r->lines->n; r->next_decide++) {
        const char *text = r->lines->lines[r->next_decide].text;
        if (!first_word_is(text, "decide"))
            continue;
        r->next_decide++;
        char copy[UD_MAX_LINE];
        snprintf(copy, sizeof copy, "%s", text);
        char *words[UD_MAX_LINE_WORDS];
        int n = 0;
        for (char *w = strtok(copy, " "); w && n < UD_MAX_LINE_WORDS; w = strtok(NULL, " "))
            words[n++] = w;
        ud_buf err;
        ud_buf_init(&err);
        int bad;
        bool ok = n >= 3 && ud_action_parse(r->g, setup, words + 2, n - 2, out, &err, &bad) == 0;
        ud_buf_free(&err);
        return ok;
    }
    return false;
}

static bool run(replay *r, const ud_setup *setup)
{
    ud_table t;
    ud_table_build(&t, r->g, setup->variant);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    if (r->g->state_size > sizeof state)
        return false;
    ud_chance chance = { .pick = pick, .ctx = r };
    ud_step s;
    ud_step_init(&s, &t, setup, &chance, NULL, NULL);
    ud_status st = ud_start(&s, state);
    while (st == UD_DECIDE) {
        ud_action action;
        if (!next_decision(r, setup, &action))
            return true; /* a partial record ends at a decision */
        st = ud_decide(&s, state, &action);
    }
    return st == UD_OVER || r->ran_out;
}

bool prob_of_lines(const ud_game *g, const ud_setup *setup, const capture *lines, prob *out)
{
    replay *r = calloc(1, sizeof *r);
    if (!r)
        return false;
    r->g = g;
    r->lines = lines;
    ud_chance_script_init(&r->script, next_chance_line, r);
    mpq_init(r->acc);
    mpq_init(r->factor);
    mpq_set_ui(r->acc, 1, 1);
    bool ok = run(r, setup);
    if (ok) {
        out->num = mpz_get_str(NULL, 10, mpq_numref(r->acc));
        out->den = mpz_get_str(NULL, 10, mpq_denref(r->acc));
    }
    mpq_clear(r->acc);
    mpq_clear(r->factor);
    free(r);
    return ok;
}

void prob_free(prob *p)
{
    free(p->num);
    free(p->den);
    p->num = p->den = NULL;
}
