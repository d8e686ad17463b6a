/*
 * conform_blame.c - after a departure: the record of the game so far,
 * and the rule that governs the step where the two sides parted.
 *
 * Both replay undead's side alone from the game's tape: every choice the
 * game made is on it, so no adapter is needed.  The blame then plays the
 * parting step again under single-row changes of the table (a row's guard
 * never or always holding, its effect skipped or applied twice: the
 * mutation operators of `undead mutate`, applied at run time to a copy of
 * the table) and names the rows under which undead would have said what
 * the implementation said.  When none does, it names the rows of the step
 * that changed the value the two sides disagree on.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "action.h"
#include "chance_script.h"
#include "conform.h"
#include "conform_impl.h"
#include "transcript.h"

typedef struct replay {
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_step s;
    ud_chance chance;
    cf_tape tape;
    ud_status st;
} replay;

static int chance_from_tape(ud_chance *ch, const ud_pick_req *p)
{
    replay *r = ch->ctx;
    ch->why[0] = '\0';
    return (int)cf_tape_next(&r->tape, (uint32_t)p->n, -1);
}

/* Set-up and `decisions` decisions with their plays, from the tape: true
 * when the game got that far (it always does for a tape it played). */
static bool replay_to(replay *r, const cf_run *run, const cf_tape *tape, uint64_t decisions, ud_sink *sink)
{
    cf_tape_init(&r->tape);
    cf_tape_copy(&r->tape, tape);
    cf_tape_replay(&r->tape);
    r->chance.rng = NULL;
    r->chance.pick = chance_from_tape;
    r->chance.ctx = r;
    ud_step_init(&r->s, &run->table, &run->o->match.setup, &r->chance, sink, NULL);
    r->st = ud_start(&r->s, r->state);
    for (uint64_t d = 0; d < decisions; d++) {
        if (r->st != UD_DECIDE)
            return false;
        int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
        r->st = ud_decide_offer(&r->s, r->state, i);
    }
    return true;
}

/* ---- the record ---------------------------------------------------------------- */

static void line_sink(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)s;
    ud_transcript_write_line(k->ctx, text, rule ? rule->id : NULL);
}

static void their_state_line(const cf_departure *dep, FILE *f)
{
    if (!dep->their_state)
        return;
    fputs("=", f);
    const char *k;
    json_t *v;
    json_object_foreach(dep->their_state, k, v)
    {
        char key[128], value[1024];
        fprintf(f, " %s=%s", cf_shown(k, key, sizeof key),
                json_is_string(v) ? cf_shown(json_string_value(v), value, sizeof value) : "?");
    }
    fputc('\n', f);
}

void cf_record(const cf_run *run, const cf_tape *tape, const cf_departure *dep, ud_buf *out)
{
    const ud_game *g = run->o->game;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    replay *r = calloc(1, sizeof *r);
    if (!f || !r) {
        if (f)
            fclose(f);
        free(text);
        free(r);
        ud_buf_puts(out, "# (out of memory writing the record)\n");
        return;
    }
    ud_transcript_write_header(f, g, &run->o->match.setup, run->o->match.policy, NULL, 1);
    fprintf(f, "# undead conform: the game as undead plays it, to the departure at play %llu\n",
            (unsigned long long)dep->step);
    fprintf(f, "# %s: expected %s; the implementation: %s\n", cf_dep_kind_name[dep->kind],
            ud_buf_str(&dep->expected), ud_buf_str(&dep->found));
    ud_sink sink = { line_sink, f };
    uint64_t j = dep->decisions;
    if (dep->kind == CF_DEP_OFFERS || dep->at_offers) {
        /* found before the next decision: the game to that position */
        replay_to(r, run, tape, j, &sink);
        if (dep->adapter_line[0])
            fprintf(f, "%s\n", dep->adapter_line);
        else if (dep->kind == CF_DEP_OFFERS)
            fprintf(f, "# %s, which the implementation does not\n", ud_buf_str(&dep->expected));
    } else {
        if (j > 0 && replay_to(r, run, tape, j - 1, &sink) && r->st == UD_DECIDE) {
            int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
            ud_buf a;
            ud_buf_init(&a);
            ud_action_format(g, &run->o->match.setup, &r->s.offers.action[i], &a);
            fprintf(f, "decide %s %s\n", ud_player(&r->s, g->to_move(r->state)), ud_buf_str(&a));
            ud_buf_free(&a);
        }
        for (size_t k = 0; dep->outcomes && k < json_array_size(dep->outcomes); k++) {
            json_t *l = json_array_get(dep->outcomes, k);
            ud_buf line;
            ud_buf_init(&line);
            if (json_is_string(l))
                cf_put_shown(&line, json_string_value(l));
            if (line.len)
                fprintf(f, "%s\n", ud_buf_str(&line));
            ud_buf_free(&line);
        }
        their_state_line(dep, f);
    }
    cf_tape_free(&r->tape);
    free(r);
    if (fclose(f) == 0 && text)
        ud_buf_puts(out, text);
    free(text);
}

/* ---- the blame ------------------------------------------------------------------ */

typedef enum { OP_GUARD_NEVER, OP_GUARD_ALWAYS, OP_EFFECT_SKIPPED, OP_EFFECT_TWICE, OP_COUNT } blame_op;

static const char *const op_words[] = {
    [OP_GUARD_NEVER] = "'s guard never holding",
    [OP_GUARD_ALWAYS] = "'s guard always holding",
    [OP_EFFECT_SKIPPED] = "'s effect skipped",
    [OP_EFFECT_TWICE] = "'s effect applied twice",
};

static bool never(const void *state, const ud_step *s)
{
    (void)state;
    (void)s;
    return false;
}

static void skipped(void *state, ud_step *s)
{
    (void)state;
    (void)s;
}

/* The effect applied twice: C has no closures, and blame runs one
 * changed table at a time on one thread, so the row's own effect waits
 * here while the changed table runs. */
static void (*twice_of)(void *state, ud_step *s);
static void twice(void *state, ud_step *s)
{
    twice_of(state, s);
    if (s->fail.kind == UD_FAIL_NONE)
        twice_of(state, s);
}

/* Change row `rule` of t by op; false when op changes nothing there. */
static bool perturb(ud_table *t, const ud_rule *rule, blame_op op)
{
    for (int i = 0; i < UD_MAX_RULES + 2 * UD_MAX_PHASES; i++) {
        ud_row *row = &t->row[i];
        if (row->rule != rule || !row->effect)
            continue;
        switch (op) {
        case OP_GUARD_NEVER:
            row->guard = never;
            return true;
        case OP_GUARD_ALWAYS:
            if (!row->guard || row->guard == ud_always)
                return false;
            row->guard = ud_always;
            return true;
        case OP_EFFECT_SKIPPED:
            row->effect = skipped;
            return true;
        case OP_EFFECT_TWICE:
            twice_of = row->effect;
            row->effect = twice;
            return true;
        default:
            return false;
        }
    }
    return false;
}

/* Outcomes for the changed step: the words of the step's lines, matched
 * by label as the adapter took them (a changed row may draw in another
 * order, or fewer). */
typedef struct lines_src {
    const json_t *lines;
    size_t next;
    ud_chance_script script;
    char text[1024];
    char *tok[UD_SCRIPT_MAX_TOKENS];
} lines_src;

static bool next_line(ud_chance_script *sc, const ud_pick_req *p)
{
    (void)p;
    lines_src *src = sc->ctx;
    if (!src->lines || src->next >= json_array_size(src->lines))
        return false;
    snprintf(src->text, sizeof src->text, "%s", json_string_value(json_array_get(src->lines, src->next++)));
    int n = 0;
    for (char *save, *w = strtok_r(src->text, " ", &save); w && n < UD_SCRIPT_MAX_TOKENS;
         w = strtok_r(NULL, " ", &save))
        src->tok[n++] = w;
    ud_chance_script_load(sc, src->tok, n);
    return true;
}

static int lines_pick(ud_chance *ch, const ud_pick_req *p)
{
    lines_src *src = ch->ctx;
    ch->why[0] = '\0';
    int k = ud_chance_script_pick(&src->script, p, NULL);
    return k >= 0 ? k : -1;
}

/* Whether the changed step ends where the implementation said it did. */
static bool says_the_same(const cf_run *run, const cf_departure *dep, const ud_step *s, const void *state,
                          ud_status st)
{
    const ud_game *g = run->o->game;
    if (st == UD_ERROR)
        return false;
    if (dep->kind == CF_DEP_OFFERS) {
        if (st != UD_DECIDE || (size_t)s->offers.n != json_array_size(dep->their_offers))
            return false;
        ud_buf t;
        ud_buf_init(&t);
        bool all = true;
        for (int i = 0; i < s->offers.n && all; i++) {
            ud_buf_clear(&t);
            ud_action_format(g, &run->o->match.setup, &s->offers.action[i], &t);
            bool found = false;
            for (size_t j = 0; j < json_array_size(dep->their_offers) && !found; j++)
                found = json_is_string(json_array_get(dep->their_offers, j)) &&
                        strcmp(json_string_value(json_array_get(dep->their_offers, j)), ud_buf_str(&t)) == 0;
            all = found;
        }
        ud_buf_free(&t);
        return all;
    }
    if (!dep->their_state)
        return false;
    char key[64];
    return cf_same_state(g, state, &run->o->match.setup, dep->their_state, key, sizeof key, NULL, NULL);
}

/* The step again with row r changed by op, from the position before it. */
static bool explains(cf_run *run, const cf_departure *dep, const replay *before, const ud_action *a,
                     const ud_rule *rule, blame_op op, replay *scratch, ud_table *changed)
{
    *changed = run->table;
    changed->interpret = true;
    if (!perturb(changed, rule, op))
        return false;
    lines_src src = { .lines = dep->outcomes };
    ud_chance_script_init(&src.script, next_line, &src);
    ud_chance ch = { .pick = lines_pick, .ctx = &src };
    memcpy(scratch->state, before->state, sizeof scratch->state);
    scratch->s = before->s;
    scratch->s.table = changed;
    scratch->s.chance = &ch;
    scratch->s.sink = NULL;
    scratch->s.fired = scratch->s.unused_fired;
    scratch->s.check_invariants = 0; /* the implementation's state may be one no rule allows */
    ud_status st = a ? ud_decide(&scratch->s, scratch->state, a) : ud_start(&scratch->s, scratch->state);
    if (dep->kind == CF_DEP_OVER && (st == UD_OVER) != dep->their_over)
        return false;
    return says_the_same(run, dep, &scratch->s, scratch->state, st);
}

/* The step again under reading x of key v, from the position before it:
 * true when it ends as the implementation said, with the rows of key v
 * that fired in it in rows. */
static bool explains_reading(cf_run *run, const cf_departure *dep, const replay *before, const ud_action *a,
                             int v, int x, replay *scratch, ud_table *changed, char *rows, size_t size)
{
    const ud_game *g = run->o->game;
    static ud_setup setup; /* the step's setup must outlive it; one blame at a time */
    setup = run->o->match.setup;
    setup.variant[v] = x;
    ud_table_build(changed, g, setup.variant);
    lines_src src = { .lines = dep->outcomes };
    ud_chance_script_init(&src.script, next_line, &src);
    ud_chance ch = { .pick = lines_pick, .ctx = &src };
    uint64_t fired[UD_MAX_RULES] = { 0 };
    memcpy(scratch->state, before->state, sizeof scratch->state);
    scratch->s = before->s;
    scratch->s.table = changed;
    scratch->s.setup = &setup;
    scratch->s.chance = &ch;
    scratch->s.sink = NULL;
    scratch->s.fired = fired;
    scratch->s.check_invariants = 0;
    ud_status st = a ? ud_decide(&scratch->s, scratch->state, a) : ud_start(&scratch->s, scratch->state);
    if (dep->kind == CF_DEP_OVER && (st == UD_OVER) != dep->their_over)
        return false;
    if (!says_the_same(run, dep, &scratch->s, scratch->state, st))
        return false;
    rows[0] = '\0';
    for (int r = 0; r < g->n_rules; r++)
        if (fired[r] && ud_rule_depends_on(&g->rules[r], v) &&
            strlen(rows) + strlen(g->rules[r].id) + 2 < size)
            snprintf(rows + strlen(rows), size - strlen(rows), "%s%s", rows[0] ? " " : "", g->rules[r].id);
    return true;
}

/* ---- the fallback: rows that changed the key ------------------------------------- */

typedef struct key_watch {
    const cf_run *run;
    const void *state;
    const char *key;
    char last[256];
    ud_buf rows;
    char first[48];
} key_watch;

static void key_value(const key_watch *w, char *out, size_t size)
{
    json_t *o = cf_state_json(w->run->o->game, w->state, &w->run->o->match.setup);
    json_t *v = json_object_get(o, w->key);
    snprintf(out, size, "%s", json_is_string(v) ? json_string_value(v) : "");
    json_decref(o);
}

/* Is id one of list's ", "-separated IDs?  Whole IDs: ZD-ROLL is not
 * listed by ZD-ROLL-THREE. */
static bool listed(const char *list, const char *id)
{
    size_t n = strlen(id);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, id, n) == 0)
            return true;
        p += len;
        p += *p ? 2 : 0; /* past ", " */
    }
    return false;
}

static void watch_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)s;
    (void)text;
    key_watch *w = k->ctx;
    char now[256];
    key_value(w, now, sizeof now);
    if (rule && strcmp(now, w->last) != 0) {
        if (!w->first[0])
            snprintf(w->first, sizeof w->first, "%s", rule->id);
        if (!listed(ud_buf_str(&w->rows), rule->id))
            ud_buf_printf(&w->rows, "%s%s", w->rows.len ? ", " : "", rule->id);
    }
    snprintf(w->last, sizeof w->last, "%s", now);
}

static void blame_by_key(cf_run *run, const cf_tape *tape, cf_departure *dep, replay *r)
{
    uint64_t j = dep->decisions;
    key_watch w = { .run = run, .key = dep->key };
    ud_buf_init(&w.rows);
    ud_sink sink = { watch_line, &w };
    if (j == 0) {
        w.state = r->state;
        replay_to(r, run, tape, 0, &sink);
    } else if (replay_to(r, run, tape, j - 1, NULL) && r->st == UD_DECIDE) {
        w.state = r->state;
        key_value(&w, w.last, sizeof w.last);
        int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
        r->s.sink = &sink;
        ud_decide_offer(&r->s, r->state, i);
    }
    if (w.first[0]) {
        snprintf(dep->rule, sizeof dep->rule, "%s", w.first);
        ud_buf_printf(&dep->why,
                      "no single changed row plays the step as the implementation did; the rows "
                      "of the step that change %s: %s",
                      dep->key, ud_buf_str(&w.rows));
    } else
        ud_buf_printf(&dep->why,
                      "no single changed row plays the step as the implementation did, and no row of "
                      "the step changes %s",
                      dep->key);
    ud_buf_free(&w.rows);
}

/* One changed step to try: a reading (v >= 0) or a row's change. */
typedef struct trial {
    cf_run *run;
    const cf_departure *dep;
    const replay *before;
    const ud_action *a;
    int v, x;
    const ud_rule *rule;
    blame_op op;
    replay *scratch;
    ud_table *changed;
    char *rows; /* shared with the child: the reading's rows */
} trial;

static bool run_trial(const trial *t)
{
    if (t->v >= 0)
        return explains_reading(t->run, t->dep, t->before, t->a, t->v, t->x, t->scratch, t->changed, t->rows,
                                UD_ERROR_RULE_MAX);
    return explains(t->run, t->dep, t->before, t->a, t->rule, t->op, t->scratch, t->changed);
}

/* The trial in a child process: a changed table runs rows where their
 * code assumes they never run (an effect whose guard said no indexes an
 * empty pile), which must not crash conform, nor print a sanitizer's
 * report of a fault that is the change's, not undead's.  A child that
 * dies explains nothing. */
static bool isolated(const trial *t)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, 1);
            dup2(null, 2);
        }
        alarm(10);
        _exit(run_trial(t) ? 10 : 11);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        ;
    return WIFEXITED(status) && WEXITSTATUS(status) == 10;
}

void cf_blame(cf_run *run, const cf_tape *tape, cf_departure *dep)
{
    const ud_game *g = run->o->game;
    switch (dep->kind) {
    case CF_DEP_STATE:
    case CF_DEP_OVER:
    case CF_DEP_OFFERS:
        break;
    default:
        return; /* an outcome's rule is named where it was drawn; the others have no state to match */
    }
    replay *before = calloc(1, sizeof *before), *scratch = calloc(1, sizeof *scratch);
    ud_table *changed = malloc(sizeof *changed);
    if (!before || !scratch || !changed) {
        free(before);
        free(scratch);
        free(changed);
        return;
    }
    uint64_t j = dep->decisions;
    ud_action a = { 0 };
    bool ok = true;
    if (j > 0) {
        ok = replay_to(before, run, tape, j - 1, NULL) && before->st == UD_DECIDE;
        if (ok)
            a = before->s.offers.action[cf_tape_next(&before->tape, (uint32_t)before->s.offers.n, -1)];
    } else {
        cf_tape_init(&before->tape);
        ud_step_init(&before->s, &run->table, &run->o->match.setup, &before->chance, NULL, NULL);
    }
    enum { SHOWN = 4 };
    int found = 0;
    char *rows = mmap(NULL, UD_ERROR_RULE_MAX, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (rows == MAP_FAILED)
        ok = false;
    trial t = { run, dep, before, j > 0 ? &a : NULL, -1, 0, NULL, OP_GUARD_NEVER, scratch, changed, rows };
    /* first the readings: an implementation that reads an open question
     * the other way is no broken row */
    for (int v = 0; ok && v < g->n_variants; v++)
        for (int x = 0; x < g->variants[v].n_values; x++) {
            t.v = v;
            t.x = x;
            rows[0] = '\0';
            if (x == run->o->match.setup.variant[v] || !isolated(&t))
                continue;
            if (found == 0) {
                snprintf(dep->rule, sizeof dep->rule, "%s", rows[0] ? rows : g->variants[v].key);
                ud_buf_puts(&dep->why, "undead plays this step as the implementation did under the reading ");
            }
            if (found < SHOWN)
                ud_buf_printf(&dep->why, "%s%s=%s%s%s%s", found ? "; or " : "", g->variants[v].key,
                              g->variants[v].values[x].name, rows[0] ? " (rows " : "", rows,
                              rows[0] ? ")" : "");
            found++;
        }
    if (found)
        goto done;
    for (int r = 0; ok && r < g->n_rules; r++) {
        if (!run->table.active[r])
            continue;
        for (int op = 0; op < OP_COUNT; op++) {
            t.v = -1;
            t.rule = &g->rules[r];
            t.op = (blame_op)op;
            if (!isolated(&t))
                continue;
            if (found == 0) {
                snprintf(dep->rule, sizeof dep->rule, "%s", g->rules[r].id);
                ud_buf_puts(&dep->why, "undead plays this step as the implementation did with ");
            }
            if (found < SHOWN)
                ud_buf_printf(&dep->why, "%s%s%s", found ? "; or with " : "", g->rules[r].id, op_words[op]);
            found++;
        }
    }
done:
    if (found > SHOWN)
        ud_buf_printf(&dep->why, "; and %d more single changes", found - SHOWN);
    if (!found && ok && dep->kind == CF_DEP_STATE)
        blame_by_key(run, tape, dep, scratch);
    else if (!found && ok)
        ud_buf_printf(&dep->why, "no single changed row plays the step as the implementation did%s",
                      dep->rule[0] ? "; the rule named offers decisions of the kind in question" : "");
    if (rows != MAP_FAILED)
        munmap(rows, UD_ERROR_RULE_MAX);
    cf_tape_free(&before->tape);
    cf_tape_free(&scratch->tape);
    free(before);
    free(scratch);
    free(changed);
}
