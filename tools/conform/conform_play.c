/*
 * conform_play.c - one game in lockstep: undead's rule table on one side,
 * the adapter on the other, every step compared (see conform.h).
 *
 * A "play" is a request that moves the game: `new` (set-up to the first
 * decision) or `decide` (a decision and everything up to the next one).
 * Play j is the one after the j-th decision.  In dictate mode undead
 * plays its side first and sends the outcomes it drew; in follow mode the
 * adapter plays first and undead replays the outcomes it reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action.h"
#include "chance_script.h"
#include "conform.h"
#include "conform_impl.h"
#include "offers.h"

const char *const cf_dep_kind_name[] = {
    [CF_DEP_STATE] = "state",         [CF_DEP_TO_MOVE] = "to-move", [CF_DEP_OVER] = "over",
    [CF_DEP_RESULT] = "result",       [CF_DEP_OFFERS] = "offers",   [CF_DEP_REFUSED] = "refused",
    [CF_DEP_UNUSED] = "unused",       [CF_DEP_OUTCOME] = "outcome", [CF_DEP_MISSING] = "missing-outcome",
    [CF_DEP_EXTRA] = "extra-outcome", [CF_DEP_RULES] = "rules",     [CF_DEP_LIMIT] = "limit",
};

void cf_departure_init(cf_departure *d)
{
    memset(d, 0, sizeof *d);
    ud_buf_init(&d->expected);
    ud_buf_init(&d->found);
    ud_buf_init(&d->why);
    ud_buf_init(&d->confirmed);
    ud_buf_init(&d->after);
    ud_buf_init(&d->witness);
}

void cf_departure_free(cf_departure *d)
{
    ud_buf_free(&d->expected);
    ud_buf_free(&d->found);
    ud_buf_free(&d->why);
    ud_buf_free(&d->confirmed);
    ud_buf_free(&d->after);
    ud_buf_free(&d->witness);
    json_decref(d->outcomes);
    json_decref(d->their_state);
    json_decref(d->their_offers);
    json_decref(d->their_report);
    json_decref(d->their_to_move);
    d->outcomes = d->their_state = d->their_offers = d->their_report = d->their_to_move = NULL;
}

/* Start a departure report (the old one, if any, cleared). */
static void depart(cf_departure *d, cf_dep_kind kind)
{
    cf_departure_free(d);
    cf_departure_init(d);
    d->kind = kind;
}

json_t *cf_new_request(const cf_opts *o, cf_chance_mode mode, uint64_t seed)
{
    const ud_game *g = o->game;
    const ud_setup *su = &o->match.setup;
    json_t *players = json_array(), *readings = json_object(), *start = json_array();
    for (int i = 0; i < su->n_players; i++)
        json_array_append_new(players, json_string(su->names[i]));
    for (int v = 0; v < g->n_variants; v++)
        json_object_set_new(readings, g->variants[v].key,
                            json_string(g->variants[v].values[su->variant[v]].name));
    for (int i = 0; i < su->n_start; i++)
        json_array_append_new(start, json_string(su->start[i]));
    /* seeds below 2^53: every JSON reader holds them exactly */
    return json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:s, s:I}", "cmd", "new", "game", g->name, "players",
                     players, "readings", readings, "start", start, "content",
                     o->content ? json_string(o->content) : json_null(), "chance",
                     mode == CF_FOLLOW ? "follow" : "dictate", "seed",
                     (json_int_t)(seed & ((UINT64_C(1) << 53) - 1)));
}

/* ---- one game's chance --------------------------------------------------------- */

/* Words of one outcome line read from the adapter (a longer line is cut
 * there, and its words past it are outcomes the rules never see used);
 * lines undead writes hold at most CF_OUTCOMES_PER_LINE outcomes, as a
 * transcript's lines do (UD_MAX_LINE_WORDS words with the event). */
enum { CF_LINE_WORDS = 256, CF_LINE_BYTES = 8192, CF_OUTCOMES_PER_LINE = UD_MAX_LINE_WORDS - 1 };
/* A play that draws this many outcomes is not judged: a roll-off tied for
 * ever by a tape (the engine's own bound counts rows between outcomes). */
enum { CF_MAX_PICKS_PER_PLAY = 20000 };
/* Nor a game whose tape of choices grows past this (12 bytes a choice):
 * a bound on memory whatever the adapter and --max-decisions ask. */
enum { CF_MAX_CHOICES = 1 << 22 };

typedef struct game_ctx {
    cf_run *run;
    cf_tape *tape;
    cf_departure *dep;
    ud_step *s;
    ud_chance chance;
    bool follow;      /* outcomes from `their` (the adapter's lines) */
    bool tally;       /* count them for the chi-square tests */
    json_t *dictated; /* dictate: this step's outcome lines, built as undead draws */
    ud_buf line;      /* the dictated line being built */
    char event[32];
    int words;      /* outcomes on the dictated line */
    uint64_t picks; /* outcomes drawn in this play */
    bool in_setup;  /* the play is `new` */
    bool endless;   /* a play drew more than CF_MAX_PICKS_PER_PLAY */
    json_t *their;  /* follow: the adapter's lines */
    size_t next;    /* the next of them to load */
    char text[CF_LINE_BYTES];
    char *tok[CF_LINE_WORDS];
    int ntok;
    unsigned char used[CF_LINE_WORDS];
    bool departed;
} game_ctx;

static void flush_dictated_line(game_ctx *x)
{
    if (x->line.len)
        json_array_append_new(x->dictated, json_string(ud_buf_str(&x->line)));
    ud_buf_clear(&x->line);
    x->event[0] = '\0';
}

static const char *rule_now(const game_ctx *x) { return x->s->rule ? x->s->rule->id : ""; }

/* Load the adapter's next line into tok; false when none is left. */
static bool load_their_line(game_ctx *x)
{
    x->ntok = 0;
    memset(x->used, 0, sizeof x->used);
    if (!x->their || x->next >= json_array_size(x->their))
        return false;
    json_t *l = json_array_get(x->their, x->next++);
    snprintf(x->text, sizeof x->text, "%s", json_is_string(l) ? json_string_value(l) : "");
    for (char *save, *w = strtok_r(x->text, " ", &save); w && x->ntok < CF_LINE_WORDS;
         w = strtok_r(NULL, " ", &save))
        x->tok[x->ntok++] = w;
    return true;
}

static bool line_used_up(const game_ctx *x)
{
    for (int k = 1; k < x->ntok; k++)
        if (!x->used[k])
            return false;
    return true;
}

/* The adapter's outcome for pick p, or -1 with the departure written. */
static int follow_pick(game_ctx *x, const ud_pick_req *p)
{
    char want[256];
    while (x->ntok == 0 || line_used_up(x)) {
        if (!load_their_line(x)) {
            depart(x->dep, CF_DEP_MISSING);
            ud_buf_printf(&x->dep->expected, "a '%s' outcome (%s)", p->event,
                          ud_chance_script_labels(p, want, sizeof want));
            ud_buf_puts(&x->dep->found, "no more outcomes from the implementation in this step");
            snprintf(x->dep->rule, sizeof x->dep->rule, "%s", rule_now(x));
            return -1;
        }
    }
    if (strcmp(x->tok[0], p->event) != 0) {
        depart(x->dep, CF_DEP_OUTCOME);
        ud_buf_printf(&x->dep->expected, "a '%s' outcome (%s)", p->event,
                      ud_chance_script_labels(p, want, sizeof want));
        ud_buf_puts(&x->dep->found, "a '");
        cf_put_shown(&x->dep->found, x->tok[0]);
        ud_buf_puts(&x->dep->found, "' line");
        snprintf(x->dep->rule, sizeof x->dep->rule, "%s", rule_now(x));
        return -1;
    }
    int k = ud_chance_match(p, x->tok, x->ntok, x->used, NULL);
    if (k < 0) {
        int w = 1;
        while (w < x->ntok && x->used[w])
            w++;
        depart(x->dep, CF_DEP_OUTCOME);
        ud_buf_printf(&x->dep->expected, "%s %s", p->event, ud_chance_script_labels(p, want, sizeof want));
        ud_buf_printf(&x->dep->found, "%s ", p->event);
        cf_put_shown(&x->dep->found, w < x->ntok ? x->tok[w] : "");
        snprintf(x->dep->rule, sizeof x->dep->rule, "%s", rule_now(x));
        return -1;
    }
    return k;
}

static int conform_pick(ud_chance *ch, const ud_pick_req *p)
{
    game_ctx *x = ch->ctx;
    ch->why[0] = '\0';
    if (x->departed)
        return -1;
    if (++x->picks > CF_MAX_PICKS_PER_PLAY || x->tape->pos >= CF_MAX_CHOICES) {
        x->endless = true;
        snprintf(ch->why, sizeof ch->why, "more than %d outcomes in one play", CF_MAX_PICKS_PER_PLAY);
        return -1;
    }
    if (x->follow) {
        int k = follow_pick(x, p);
        if (k < 0) {
            x->departed = true;
            snprintf(ch->why, sizeof ch->why, "the implementation's outcome departs");
            return -1;
        }
        if (x->tally && x->run->tally)
            cf_tally_add(x->run->tally, p, k);
        cf_tape_next(x->tape, (uint32_t)p->n, k);
        return k;
    }
    uint32_t v;
    cf_tape *tape = x->tape;
    if (tape->fill == CF_FILL_ZERO) {
        /* the depth enumeration: the first outcomes of each play counted
         * up one label at a time (a cup's six green dice are one outcome),
         * the rest drawn from the PRNG seeded by the path */
        bool counted = x->picks <= (x->in_setup ? x->run->o->enum_setup : x->run->o->enum_outcomes);
        if (tape->pos < tape->n)
            v = cf_tape_next(tape, (uint32_t)p->n, -1);
        else
            v = cf_tape_next(tape, (uint32_t)p->n,
                             counted ? 0 : (int)ud_rng_below(&tape->rng, (uint32_t)p->n));
        uint32_t next = (uint32_t)p->n;
        for (int w = (int)v + 1; counted && w < p->n && next == (uint32_t)p->n; w++) {
            bool first = true;
            for (int u = 0; u < w && first; u++)
                first = strcmp(p->label(p->ctx, u), p->label(p->ctx, w)) != 0;
            if (first)
                next = (uint32_t)w;
        }
        cf_tape_set_next(tape, next);
    } else
        v = cf_tape_next(tape, (uint32_t)p->n, -1);
    if (x->dictated) {
        const char *label = p->label(p->ctx, (int)v);
        if (strcmp(x->event, p->event) != 0 || x->words == CF_OUTCOMES_PER_LINE) {
            flush_dictated_line(x);
            snprintf(x->event, sizeof x->event, "%s", p->event);
            ud_buf_puts(&x->line, p->event);
            x->words = 0;
        }
        ud_buf_printf(&x->line, " %s", label);
        x->words++;
    }
    return (int)v;
}

/* ---- comparing the answers ------------------------------------------------------ */

static bool unordered_key(const ud_game *g, const char *key)
{
    for (const char *const *k = g->unordered_state_keys; k && *k; k++)
        if (strcmp(*k, key) == 0)
            return true;
    return false;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Two comma-separated lists with the same items. */
static bool same_items(const char *a, const char *b)
{
    enum { ITEMS = 128, TEXT = 2048 };
    if (strlen(a) != strlen(b) || strlen(a) >= TEXT)
        return strcmp(a, b) == 0;
    char ta[TEXT], tb[TEXT];
    char *ia[ITEMS], *ib[ITEMS];
    int na = 0, nb = 0;
    strcpy(ta, a);
    strcpy(tb, b);
    for (char *save, *t = strtok_r(ta, ",", &save); t && na < ITEMS; t = strtok_r(NULL, ",", &save))
        ia[na++] = t;
    for (char *save, *t = strtok_r(tb, ",", &save); t && nb < ITEMS; t = strtok_r(NULL, ",", &save))
        ib[nb++] = t;
    if (na != nb)
        return false;
    qsort(ia, (size_t)na, sizeof ia[0], cmp_str);
    qsort(ib, (size_t)nb, sizeof ib[0], cmp_str);
    for (int i = 0; i < na; i++)
        if (strcmp(ia[i], ib[i]) != 0)
            return false;
    return true;
}

static void state_words(json_t *o, ud_buf *out)
{
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v)
    {
        ud_buf_printf(out, "%s%s=%s", out->len ? " " : "", k, json_is_string(v) ? json_string_value(v) : "?");
    }
}

bool cf_same_state(const ud_game *g, const void *state, const ud_setup *setup, json_t *theirs, char *key,
                   size_t size, ud_buf *expected, ud_buf *found)
{
    json_t *ours = cf_state_json(g, state, setup);
    const char *k;
    json_t *v;
    bool same = true;
    json_object_foreach(ours, k, v)
    {
        json_t *t = json_object_get(theirs, k);
        const char *a = json_string_value(v);
        const char *b = json_is_string(t) ? json_string_value(t) : NULL;
        if (b && (strcmp(a, b) == 0 || (unordered_key(g, k) && same_items(a, b))))
            continue;
        same = false;
        snprintf(key, size, "%s", k);
        if (expected) {
            ud_buf_printf(expected, "%s=%s", k, a);
            if (b) {
                ud_buf_printf(found, "%s=", k);
                cf_put_shown(found, b);
            } else
                ud_buf_printf(found, "no %s%s", k, t ? " string" : "");
        }
        break;
    }
    if (same) {
        json_object_foreach(theirs, k, v)
        {
            if (json_object_get(ours, k))
                continue;
            same = false;
            snprintf(key, size, "%s", k);
            if (expected) {
                ud_buf_printf(expected, "no key %s (the state reads: ", k);
                state_words(ours, expected);
                ud_buf_putc(expected, ')');
                cf_put_shown(found, k);
                ud_buf_putc(found, '=');
                cf_put_shown(found, json_is_string(v) ? json_string_value(v) : "(not a string)");
            }
            break;
        }
    }
    json_decref(ours);
    return same;
}

/* ---- one play -------------------------------------------------------------------- */

typedef struct play_ctx {
    game_ctx x;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_step s;
    uint64_t decisions;
    uint64_t plays;
} play_ctx;

/* Outcome words in the dictated lines (each line's words after its event). */
static size_t dictated_words(const json_t *lines)
{
    size_t n = 0, i;
    json_t *l;
    json_array_foreach(lines, i, l)
    {
        for (const char *p = strchr(json_string_value(l), ' '); p; p = strchr(p + 1, ' '))
            n++;
    }
    return n;
}

/* The step report's members, checked for their JSON types before anything
 * compares them (a wrong type is a broken adapter, never a departure);
 * false with run->broken. */
static bool step_report(play_ctx *pc, json_t *reply, json_t **state, bool *over, json_t **to_move)
{
    cf_run *run = pc->x.run;
    *state = cf_member(run, reply, "state", JSON_OBJECT, "a step report");
    if (!*state || !cf_strings_only(run, *state, "state"))
        return false;
    json_t *o = json_object_get(reply, "over");
    if (!json_is_boolean(o)) {
        cf_member(run, reply, "over", JSON_TRUE, "a step report's true or false");
        return false;
    }
    *over = json_is_true(o);
    *to_move = json_object_get(reply, "to_move");
    if (!*to_move || !(json_is_string(*to_move) || json_is_null(*to_move))) {
        cf_member(run, reply, "to_move", JSON_STRING, "a step report's player to move (a name, or null)");
        return false;
    }
    json_t *result = json_object_get(reply, "result");
    if (*over && !json_is_object(result)) {
        cf_wrong_type(run, "\"result\"", "an object (each seat's outcome) once the game is over", result);
        return false;
    }
    if (*over && !cf_strings_only(run, result, "result"))
        return false;
    json_t *unused = json_object_get(reply, "unused");
    if (!pc->x.follow && unused) {
        json_int_t most = (json_int_t)dictated_words(pc->x.dictated);
        if (!json_is_integer(unused) || json_integer_value(unused) < 0 || json_integer_value(unused) > most) {
            char want[96];
            snprintf(want, sizeof want, "an integer from 0 to %lld (the outcome words dictated)",
                     (long long)most);
            cf_wrong_type(run, "\"unused\"", want, unused);
            return false;
        }
    }
    return true;
}

/* The adapter's answer to a play that departed, for the blame: its
 * state, if it gave one of the right shape, and the whole answer. */
static void keep_their_report(cf_departure *d, json_t *reply)
{
    json_t *state = json_object_get(reply, "state");
    const char *k;
    json_t *v;
    bool strings = json_is_object(state);
    json_object_foreach(state, k, v) strings = strings && json_is_string(v);
    if (!d->their_state && strings) {
        d->their_state = json_incref(state);
        d->their_over = json_is_true(json_object_get(reply, "over"));
    }
    json_decref(d->their_report);
    d->their_report = json_incref(reply);
}

static void fill_where(play_ctx *pc, cf_departure *d)
{
    d->step = pc->plays;
    d->decisions = pc->decisions;
    d->tape_pos = pc->x.tape->pos;
    snprintf(d->request, sizeof d->request, "%s", pc->x.run->link.last_request);
}

/* Whether the adapter's to_move (a string or null, its type checked) names
 * the player undead's rules put to move; if not, the to-move departure.
 * Another player's name, a name no player has, "" and null alike: the
 * adapter says someone else decides now, which is about the game, not the
 * protocol (docs/conformance.md). */
static bool same_to_move(play_ctx *pc, const json_t *to_move, cf_departure *dep)
{
    const ud_game *g = pc->x.run->o->game;
    const char *want = ud_player(&pc->s, g->to_move(pc->state));
    if (json_is_string(to_move) && strcmp(json_string_value(to_move), want) == 0)
        return true;
    depart(dep, CF_DEP_TO_MOVE);
    ud_buf_printf(&dep->expected, "%s to move", want);
    if (!json_is_string(to_move))
        ud_buf_puts(&dep->found, "no one to move (null)");
    else if (!json_string_value(to_move)[0])
        ud_buf_puts(&dep->found, "'' to move (an empty name)");
    else {
        bool known = false;
        for (int i = 0; i < pc->s.setup->n_players; i++)
            known |= strcmp(pc->s.setup->names[i], json_string_value(to_move)) == 0;
        ud_buf_puts(&dep->found, known ? "" : "'");
        cf_put_shown(&dep->found, json_string_value(to_move));
        ud_buf_puts(&dep->found, known ? " to move" : "' to move (no player of this game)");
    }
    return false;
}

/* Compare what the adapter reports after a play with undead's position. */
static cf_verdict compare_report(play_ctx *pc, ud_status st, json_t *reply)
{
    cf_run *run = pc->x.run;
    const ud_game *g = run->o->game;
    const ud_setup *su = pc->s.setup;
    cf_departure *dep = pc->x.dep;
    json_t *state, *to_move;
    bool over;
    if (!step_report(pc, reply, &state, &over, &to_move))
        return CF_BROKEN;
    bool ours_over = st == UD_OVER;
    char key[64];
    ud_buf e, f;
    ud_buf_init(&e);
    ud_buf_init(&f);
    cf_verdict v = CF_AGREE;
    json_t *unused = json_object_get(reply, "unused");
    if (ours_over != over) {
        depart(dep, CF_DEP_OVER);
        ud_buf_puts(&dep->expected, ours_over ? "the game over" : "the game going on");
        ud_buf_puts(&dep->found, over ? "the game over" : "the game going on");
        v = CF_DEPART;
    } else if (!cf_same_state(g, pc->state, su, state, key, sizeof key, &e, &f)) {
        depart(dep, CF_DEP_STATE);
        snprintf(dep->key, sizeof dep->key, "%s", key);
        ud_buf_puts(&dep->expected, ud_buf_str(&e));
        ud_buf_puts(&dep->found, ud_buf_str(&f));
        v = CF_DEPART;
    } else if (json_is_integer(unused) && json_integer_value(unused) > 0) {
        depart(dep, CF_DEP_UNUSED);
        ud_buf_puts(&dep->expected, "every dictated outcome used");
        ud_buf_printf(&dep->found, "%lld left unused", (long long)json_integer_value(unused));
        v = CF_DEPART;
    } else if (!over) {
        if (!same_to_move(pc, to_move, dep))
            v = CF_DEPART;
    } else {
        json_t *res = json_object_get(reply, "result");
        json_t *ours = cf_result_json(g, pc->state, su);
        if (!json_equal(res, ours)) {
            depart(dep, CF_DEP_RESULT);
            cf_json_line(ours, &dep->expected);
            if (res)
                cf_json_line(res, &dep->found);
            else
                ud_buf_puts(&dep->found, "no result");
            v = CF_DEPART;
        }
        json_decref(ours);
    }
    if (v == CF_DEPART) {
        dep->their_state = json_incref(state);
        dep->their_over = over;
    }
    ud_buf_free(&e);
    ud_buf_free(&f);
    return v;
}

/* undead's own engine failed: an invariant or a stuck table (undead's
 * fault, or its rules meeting outcomes no rule allows), or a limit of
 * undead's stopped it (no one's fault: undead cannot check past it). */
static cf_verdict rules_failed(play_ctx *pc)
{
    cf_departure *dep = pc->x.dep;
    if (pc->x.departed)
        return CF_DEPART;
    if (pc->x.endless)
        return CF_ENDLESS;
    depart(dep, pc->s.fail.kind == UD_FAIL_LIMIT ? CF_DEP_LIMIT : CF_DEP_RULES);
    snprintf(dep->rule, sizeof dep->rule, "%s", pc->s.fail.id ? pc->s.fail.id : "");
    ud_buf_puts(&dep->expected, "undead's rules to play on");
    ud_buf_puts(&dep->found, pc->s.fail.msg);
    return CF_DEPART;
}

/* Every outcome line the adapter reported is a string; false with run->broken. */
/* Words in s (separated by spaces, as load_their_line splits them). */
static size_t count_words(const char *s)
{
    size_t n = 0;
    for (const char *p = s; *p; p++)
        n += *p != ' ' && (p == s || p[-1] == ' ');
    return n;
}

/* Each line a string undead reads whole: an event word and at least one
 * outcome, within the bytes and words load_their_line keeps.  A line cut
 * there, or one with no outcome (skipped), would hide an extra outcome. */
static bool outcome_lines(cf_run *run, const json_t *lines)
{
    size_t i;
    json_t *l;
    json_array_foreach(lines, i, l)
    {
        char where[32];
        snprintf(where, sizeof where, "\"chance\"[%zu]", i);
        if (!json_is_string(l)) {
            cf_wrong_type(run, where, "a string (an outcome line)", l);
            return false;
        }
        size_t words = count_words(json_string_value(l));
        if (words < 2 || words > CF_LINE_WORDS || json_string_length(l) >= CF_LINE_BYTES) {
            char expected[160];
            snprintf(expected, sizeof expected,
                     "an outcome line (an event word, then 1 to %d outcomes, in fewer than %d bytes)",
                     CF_LINE_WORDS - 1, CF_LINE_BYTES);
            cf_wrong_type(run, where, expected, l);
            return false;
        }
    }
    return true;
}

/* One play: `new` (a == NULL) or `decide a`, on both sides. */
static cf_verdict play_step(play_ctx *pc, const ud_action *a, uint64_t seed, ud_status *st)
{
    game_ctx *x = &pc->x;
    cf_run *run = x->run;
    const ud_game *g = run->o->game;
    json_t *req;
    ud_buf text;
    ud_buf_init(&text);
    if (a) {
        ud_action_format(g, &run->o->match.setup, a, &text);
        req = json_pack("{s:s, s:s}", "cmd", "decide", "action", ud_buf_str(&text));
    } else
        req = cf_new_request(run->o, run->chance, seed);
    ud_buf_free(&text);
    pc->plays++;
    run->steps++;
    x->departed = false;
    x->picks = 0;
    x->in_setup = a == NULL;
    if (!x->follow) {
        x->dictated = json_array();
        x->event[0] = '\0';
        ud_buf_clear(&x->line);
        *st = a ? ud_decide(&pc->s, pc->state, a) : ud_start(&pc->s, pc->state);
        flush_dictated_line(x);
        json_object_set(req, "outcomes", x->dictated);
        if (*st == UD_ERROR) {
            json_decref(req);
            json_decref(x->dictated);
            x->dictated = NULL;
            fill_where(pc, x->dep);
            return rules_failed(pc);
        }
    }
    json_t *reply = cf_ask(run, req);
    if (!reply) {
        json_decref(x->dictated);
        x->dictated = NULL;
        return CF_BROKEN;
    }
    cf_verdict v = CF_AGREE;
    if (!x->follow) {
        json_t *refused = json_object_get(reply, "refused");
        if (refused && !json_is_string(refused)) {
            cf_wrong_type(run, "\"refused\"", "a string (why the outcomes were refused)", refused);
            v = CF_BROKEN;
        } else if (refused) {
            depart(x->dep, CF_DEP_REFUSED);
            ud_buf_puts(&x->dep->expected, "the dictated outcomes taken");
            ud_buf_puts(&x->dep->found, "refused: ");
            cf_put_shown(&x->dep->found, json_string_value(refused));
            v = CF_DEPART;
        }
    } else {
        x->their = cf_member(run, reply, "chance", JSON_ARRAY,
                             "a step report with the outcomes drawn (follow mode)");
        if (!x->their || !outcome_lines(run, x->their)) {
            json_decref(reply);
            return CF_BROKEN;
        }
        x->next = 0;
        x->ntok = 0;
        *st = a ? ud_decide(&pc->s, pc->state, a) : ud_start(&pc->s, pc->state);
        if (*st == UD_ERROR)
            v = rules_failed(pc);
        else {
            while (x->ntok == 0 || line_used_up(x))
                if (!load_their_line(x))
                    break;
            if (x->ntok > 0 && !line_used_up(x)) {
                depart(x->dep, CF_DEP_EXTRA);
                ud_buf_puts(&x->dep->expected, "no more outcomes in this step");
                int w = 1;
                while (w < x->ntok && x->used[w])
                    w++;
                cf_put_shown(&x->dep->found, x->tok[0]);
                ud_buf_putc(&x->dep->found, ' ');
                cf_put_shown(&x->dep->found, x->tok[w]);
                ud_buf_puts(&x->dep->found, " and what follows");
                v = CF_DEPART;
            }
        }
    }
    if (v == CF_AGREE)
        v = compare_report(pc, *st, reply);
    if (v == CF_DEPART) {
        fill_where(pc, x->dep);
        json_decref(x->dep->outcomes);
        x->dep->outcomes = x->follow ? json_incref(x->their) : json_incref(x->dictated);
        keep_their_report(x->dep, reply);
    }
    json_decref(x->dictated);
    x->dictated = NULL;
    x->their = NULL;
    json_decref(reply);
    return v;
}

static int cmp_json_str(const void *a, const void *b)
{
    return strcmp(json_string_value(*(json_t *const *)a), json_string_value(*(json_t *const *)b));
}

/* The offers answer's list, its members checked for their JSON types and
 * each decision there once (offers are compared as sets: a decision
 * listed twice says the adapter counts it twice); NULL with run->broken. */
static json_t *offers_shape(cf_run *run, json_t *reply)
{
    json_t *theirs = cf_member(run, reply, "offers", JSON_ARRAY, "the decisions offered");
    if (!theirs)
        return NULL;
    json_t *to_move = json_object_get(reply, "to_move");
    if (!json_is_string(to_move) && !json_is_null(to_move)) {
        cf_wrong_type(run, "\"to_move\"", "a string (the player to move) or null", to_move);
        return NULL;
    }
    size_t n = json_array_size(theirs), i;
    json_t *w;
    json_array_foreach(theirs, i, w)
    {
        if (!json_is_string(w)) {
            char where[32];
            snprintf(where, sizeof where, "\"offers\"[%zu]", i);
            cf_wrong_type(run, where, "a string (a decision)", w);
            return NULL;
        }
    }
    json_t **sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (!sorted) {
        cf_broken(run, "out of memory checking the offers");
        return NULL;
    }
    for (i = 0; i < n; i++)
        sorted[i] = json_array_get(theirs, i);
    qsort(sorted, n, sizeof *sorted, cmp_json_str);
    const char *twice = NULL;
    for (i = 1; i < n && !twice; i++)
        if (strcmp(json_string_value(sorted[i - 1]), json_string_value(sorted[i])) == 0)
            twice = json_string_value(sorted[i]);
    char shown[256];
    if (twice)
        cf_broken(run, "\"offers\" lists '%s' twice: each decision must be there once",
                  cf_shown(twice, shown, sizeof shown));
    free(sorted);
    return twice ? NULL : theirs;
}

/* The two sides' offers at one position as text (core/offers.h). */
typedef struct offers_seen {
    ud_buf text; /* the rules' offers, NUL-separated */
    size_t at[UD_MAX_OFFERS];
    const char *ours[UD_MAX_OFFERS], *theirs[UD_MAX_OFFERS];
    bool ours_seen[UD_MAX_OFFERS], theirs_seen[UD_MAX_OFFERS];
} offers_seen;

/* What each side offers that the other does not, for the report. */
static void offers_departure_words(const offers_seen *os, int ours_n, const json_t *theirs, cf_departure *dep)
{
    ud_buf only_ours, only_theirs;
    ud_buf_init(&only_ours);
    ud_buf_init(&only_theirs);
    for (size_t j = 0; j < json_array_size(theirs); j++)
        if (j >= UD_MAX_OFFERS || !os->theirs_seen[j]) {
            ud_buf_printf(&only_theirs, "%s'", only_theirs.len ? ", " : "");
            cf_put_shown(&only_theirs, json_string_value(json_array_get(theirs, j)));
            ud_buf_putc(&only_theirs, '\'');
        }
    for (int i = 0; i < ours_n; i++)
        if (!os->ours_seen[i])
            ud_buf_printf(&only_ours, "%s'%s'", only_ours.len ? ", " : "", os->ours[i]);
    if (only_ours.len)
        ud_buf_printf(&dep->expected, "the rules also offer %s", ud_buf_str(&only_ours));
    else
        ud_buf_puts(&dep->expected, "the rules offer nothing more than the implementation");
    if (only_theirs.len)
        ud_buf_printf(&dep->found, "the implementation also offers %s", ud_buf_str(&only_theirs));
    else
        ud_buf_puts(&dep->found, "the implementation offers nothing more than the rules");
    ud_buf_free(&only_ours);
    ud_buf_free(&only_theirs);
}

/* Ask for the adapter's offers and compare them, as sets, with undead's. */
static cf_verdict compare_offers(play_ctx *pc)
{
    cf_run *run = pc->x.run;
    const ud_game *g = run->o->game;
    run->queries++;
    json_t *reply = cf_ask(run, json_pack("{s:s}", "cmd", "offers"));
    if (!reply)
        return CF_BROKEN;
    json_t *theirs = offers_shape(run, reply);
    if (!theirs) {
        json_decref(reply);
        return CF_BROKEN;
    }
    /* who decides comes before what may be decided */
    if (!same_to_move(pc, json_object_get(reply, "to_move"), pc->x.dep)) {
        fill_where(pc, pc->x.dep);
        pc->x.dep->at_offers = true;
        pc->x.dep->their_to_move = json_incref(json_object_get(reply, "to_move"));
        /* the row whose decision the rules wait for, named where no change
         * explains the answer, as `undead check` names it at the record's
         * waits line (the step before agreed: nothing in it wrote this) */
        if (pc->s.offers.n > 0 && pc->s.offers.by[0])
            snprintf(pc->x.dep->rule, sizeof pc->x.dep->rule, "%s", pc->s.offers.by[0]->id);
        json_decref(reply);
        return CF_DEPART;
    }
    size_t n = json_array_size(theirs);
    int ours_n = pc->s.offers.n;
    offers_seen *os = calloc(1, sizeof *os);
    if (!os) {
        json_decref(reply);
        cf_broken(run, "out of memory comparing offers");
        return CF_BROKEN;
    }
    ud_buf_init(&os->text);
    for (int i = 0; i < ours_n; i++) {
        os->at[i] = os->text.len;
        ud_action_format(g, &run->o->match.setup, &pc->s.offers.action[i], &os->text);
        ud_buf_putc(&os->text, '\0');
    }
    for (int i = 0; i < ours_n; i++)
        os->ours[i] = os->text.data + os->at[i];
    for (size_t j = 0; j < n && j < UD_MAX_OFFERS; j++)
        os->theirs[j] = json_string_value(json_array_get(theirs, j));
    /* more than the rules could ever offer: the rest are theirs alone */
    int theirs_n = n < UD_MAX_OFFERS ? (int)n : UD_MAX_OFFERS;
    const ud_rule *row = NULL;
    bool differ = ud_offers_differ(os->ours, pc->s.offers.by, ours_n, os->theirs, theirs_n, os->ours_seen,
                                   os->theirs_seen, &row) ||
                  n > UD_MAX_OFFERS;
    cf_verdict v = CF_AGREE;
    if (differ) {
        cf_departure *dep = pc->x.dep;
        depart(dep, CF_DEP_OFFERS);
        fill_where(pc, dep);
        offers_departure_words(os, ours_n, theirs, dep);
        /* the row that offers decisions of the kind in question: blame
         * names a better one if a changed row explains the offers */
        snprintf(dep->rule, sizeof dep->rule, "%s", row ? row->id : "");
        dep->their_offers = json_incref(theirs);
        v = CF_DEPART;
    }
    ud_buf_free(&os->text);
    free(os);
    json_decref(reply);
    return v;
}

/* The offer taken now: the seat's policy's while recording, else the tape's. */
static int choose(play_ctx *pc)
{
    const cf_opts *o = pc->x.run->o;
    const ud_game *g = o->game;
    cf_tape *tape = pc->x.tape;
    int n = pc->s.offers.n;
    int pick = -1;
    if (tape->mode == CF_TAPE_RECORD) {
        int seat = g->to_move(pc->state);
        pick = ud_policy_choose(&o->match.policy[seat], g, pc->state, seat, &pc->s.offers, &tape->policy_rng);
        if (pick < 0 || pick >= n)
            pick = (int)ud_rng_below(&tape->policy_rng, (uint32_t)n);
    }
    return (int)cf_tape_next(tape, (uint32_t)n, pick);
}

cf_verdict cf_play(cf_run *run, cf_tape *tape, uint64_t seed, uint64_t max_plays, cf_departure *dep)
{
    const cf_opts *o = run->o;
    play_ctx *pc = calloc(1, sizeof *pc);
    if (!pc) {
        cf_broken(run, "out of memory");
        return CF_BROKEN;
    }
    game_ctx *x = &pc->x;
    x->run = run;
    x->tape = tape;
    x->dep = dep;
    x->s = &pc->s;
    x->follow = run->chance == CF_FOLLOW;
    x->tally = true;
    ud_buf_init(&x->line);
    x->chance.pick = conform_pick;
    x->chance.ctx = x;
    ud_step_init(&pc->s, &run->table, run->rules_setup ? run->rules_setup : &o->match.setup, &x->chance, NULL,
                 run->fired);
    pc->s.check_invariants = !run->changed_rules;
    run->depth_reached = 0;
    run->seed = seed;
    ud_status st;
    cf_verdict v = play_step(pc, NULL, seed, &st);
    for (;;) {
        if (v == CF_AGREE && pc->plays <= CF_MAX_DEPTH) {
            run->depth_pos[pc->plays] = tape->pos;
            run->depth_reached = (int)pc->plays;
        }
        if (v != CF_AGREE || st != UD_DECIDE)
            break;
        if (!o->no_offers && (v = compare_offers(pc)) != CF_AGREE)
            break;
        if (max_plays && pc->plays >= max_plays)
            break;
        if (pc->decisions >= o->max_steps || tape->pos >= CF_MAX_CHOICES) {
            v = CF_ENDLESS;
            break;
        }
        int i = choose(pc);
        ud_action a = pc->s.offers.action[i];
        pc->decisions++;
        v = play_step(pc, &a, seed, &st);
    }
    if (x->endless && v != CF_BROKEN)
        v = CF_ENDLESS;
    if (tape->oom && v == CF_AGREE) {
        cf_broken(run, "out of memory for the tape of choices");
        v = CF_BROKEN;
    }
    ud_buf_free(&x->line);
    free(pc);
    return v;
}
