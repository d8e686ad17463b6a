/*
 * conform_serve.c - undead's own engine behind the conformance protocol
 * (docs/conformance.md): the reference adapter `undead serve GAME` runs
 * (conform.h: cf_server_*, cf_serve, cf_print_schema; cmd_serve.c is its
 * command line).
 *
 * Readings pinned with cf_server_pin (serve's --variant) win over those a
 * `new` request names: `undead conform GAME --variant K=a -- undead serve
 * GAME --variant K=b` holds one reading against the other.  serve checks
 * no invariant: it plays as its rows say, and a mutation build's mutant
 * (UNDEAD_MUTANT) makes it an implementation with one known departure.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action.h"
#include "chance_script.h"
#include "cli.h"
#include "conform.h"
#include "conform_impl.h"
#include "infile.h"
#include "setup.h"

enum { LINE_MAX_BYTES = 1 << 20, WORDS_MAX = 64 };

struct cf_server {
    const ud_game *g;
    const char *content; /* serve's own --content DIR, or NULL: the built-in set */
    bool pinned[UD_MAX_VARIANTS];
    int pinned_value[UD_MAX_VARIANTS];
    ud_setup setup;
    ud_table table;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_step s;
    ud_chance chance;
    ud_rng rng;
    bool follow;
    bool live; /* a game is set up and can go on */
    ud_status st;
    /* dictate: the outcome lines of the request being played; a line is
     * loaded into the script in chunks of the words it takes at once */
    json_t *lines;
    size_t next;
    ud_chance_script script;
    char text[16384];
    char *word[WORDS_MAX * 16];
    int n_words, at_word;
    char *tok[UD_SCRIPT_MAX_TOKENS];
    size_t unused;
    /* follow: the outcome lines drawn, built as the engine draws */
    json_t *drawn;
    ud_buf line;
    char event[32];
    int words; /* outcomes on the line being drawn */
};

/* ---- chance ------------------------------------------------------------------------ */

static bool next_dictated(ud_chance_script *sc, const ud_pick_req *p)
{
    (void)p;
    cf_server *sv = sc->ctx;
    if (sv->at_word >= sv->n_words) {
        if (!sv->lines || sv->next >= json_array_size(sv->lines))
            return false;
        json_t *l = json_array_get(sv->lines, sv->next++);
        snprintf(sv->text, sizeof sv->text, "%s", json_is_string(l) ? json_string_value(l) : "");
        sv->n_words = 0;
        for (char *save, *w = strtok_r(sv->text, " ", &save); w && sv->n_words < WORDS_MAX * 16;
             w = strtok_r(NULL, " ", &save))
            sv->word[sv->n_words++] = w;
        sv->at_word = 1;
    }
    int n = 0;
    sv->tok[n++] = sv->word[0];
    while (n < UD_SCRIPT_MAX_TOKENS && sv->at_word < sv->n_words)
        sv->tok[n++] = sv->word[sv->at_word++];
    ud_chance_script_load(sc, sv->tok, n);
    return true;
}

static int dictated_pick(ud_chance *ch, const ud_pick_req *p)
{
    cf_server *sv = ch->ctx;
    char want[256];
    int k = ud_chance_script_pick(&sv->script, p, NULL);
    if (k == UD_SCRIPT_RAN_OUT)
        snprintf(ch->why, sizeof ch->why, "the rules need a '%s' outcome (%s) and none is left", p->event,
                 ud_chance_script_labels(p, want, sizeof want));
    else if (k < 0)
        snprintf(ch->why, sizeof ch->why, "no outcome given fits the '%s' the rules need (%s)", p->event,
                 ud_chance_script_labels(p, want, sizeof want));
    return k;
}

static void flush_drawn(cf_server *sv)
{
    if (sv->line.len)
        json_array_append_new(sv->drawn, json_string(ud_buf_str(&sv->line)));
    ud_buf_clear(&sv->line);
    sv->event[0] = '\0';
}

static int drawn_pick(ud_chance *ch, const ud_pick_req *p)
{
    cf_server *sv = ch->ctx;
    ch->why[0] = '\0';
    int k = (int)ud_rng_below(&sv->rng, (uint32_t)p->n);
    /* at most a transcript line's words on a line, as conform writes them */
    if (strcmp(sv->event, p->event) != 0 || sv->words == UD_MAX_LINE_WORDS - 1) {
        flush_drawn(sv);
        snprintf(sv->event, sizeof sv->event, "%s", p->event);
        ud_buf_puts(&sv->line, p->event);
        sv->words = 0;
    }
    ud_buf_printf(&sv->line, " %s", p->label(p->ctx, k));
    sv->words++;
    return k;
}

/* Outcome words of the dictated lines left unused by the step. */
static size_t count_unused(cf_server *sv)
{
    size_t n = 0;
    if (sv->script.tok)
        n += (size_t)(sv->script.ntok - ud_chance_script_n_used(&sv->script) - 1);
    n += (size_t)(sv->n_words - sv->at_word);
    for (size_t i = sv->next; sv->lines && i < json_array_size(sv->lines); i++) {
        const char *l = json_string_value(json_array_get(sv->lines, i));
        for (const char *p = l ? strchr(l, ' ') : NULL; p; p = strchr(p + 1, ' '))
            n++;
    }
    return n;
}

/* ---- answers ------------------------------------------------------------------------ */

static json_t *error_answer(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static json_t *error_answer(const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return json_pack("{s:s}", "error", msg);
}

/* ---- the requests' fields, each checked for its JSON type before it is read ---- */

/* The JSON types docs/conformance.md gives a request's fields. */
typedef enum { F_STRING, F_INTEGER, F_SEED, F_STRINGS, F_STRING_MAP, F_DIR } field_type;

static const char *const field_want[] = {
    [F_STRING] = "a string",
    [F_INTEGER] = "an integer",
    [F_SEED] = "an integer from 0 to 2^53 - 1 (9007199254740991)",
    [F_STRINGS] = "an array of strings",
    [F_STRING_MAP] = "an object whose values are strings",
    [F_DIR] = "null or a string (a directory)",
};

typedef struct field {
    const char *key;
    field_type type;
    bool required; /* else absent means the default docs/conformance.md gives */
} field;

/* Seeds below 2^53: every JSON reader holds them exactly. */
static const json_int_t SEED_MAX = ((json_int_t)1 << 53) - 1;

/* The part of v that is not of type t (v itself, an element or a member),
 * with where extended to name it ("start"[2], "readings"."end"); NULL
 * when v is of type t. */
static const json_t *wrong_part(const json_t *v, field_type t, char *where, size_t size)
{
    size_t at = strlen(where);
    const json_t *x;
    switch (t) {
    case F_STRING:
        return json_is_string(v) ? NULL : v;
    case F_INTEGER:
        /* (hello's "protocol", read by nobody: one beyond json_int_t is
           an integer too) */
        return json_is_integer(v) || cf_json_big_integer(v) ? NULL : v;
    case F_SEED:
        return json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= SEED_MAX ? NULL
                                                                                                     : v;
    case F_DIR:
        return json_is_string(v) || json_is_null(v) ? NULL : v;
    case F_STRINGS: {
        if (!json_is_array(v))
            return v;
        size_t i;
        json_array_foreach(v, i, x)
        {
            if (!json_is_string(x)) {
                snprintf(where + at, size - at, "[%zu]", i);
                return x;
            }
        }
        return NULL;
    }
    case F_STRING_MAP: {
        if (!json_is_object(v))
            return v;
        const char *k;
        json_object_foreach((json_t *)v, k, x)
        {
            if (!json_is_string(x)) {
                snprintf(where + at, size - at, ".\"%.64s\"", k);
                return x;
            }
        }
        return NULL;
    }
    }
    return NULL;
}

/* Every field of fields that req holds is of its type, and the required
 * ones are there: NULL, else the error answer naming the first that is
 * not (cmd: the request, for the message). */
static json_t *check_fields(const char *cmd, const json_t *req, const field *fields)
{
    for (const field *f = fields; f->key; f++) {
        const json_t *v = json_object_get(req, f->key);
        if (!v) {
            if (f->required)
                return error_answer("%s: \"%s\" is missing: expected %s", cmd, f->key, field_want[f->type]);
            continue;
        }
        char where[128], found[64];
        snprintf(where, sizeof where, "\"%s\"", f->key);
        const json_t *bad = wrong_part(v, f->type, where, sizeof where);
        if (bad) {
            cf_json_brief(bad, found, sizeof found);
            /* an element or a member is a string: its container is right */
            bool part = bad != v;
            return error_answer("%s: %s must be %s, found %s", cmd, where,
                                part ? "a string" : field_want[f->type], found);
        }
    }
    return NULL;
}

static json_t *step_report(cf_server *sv)
{
    bool over = sv->st == UD_OVER;
    json_t *r = json_pack("{s:o, s:b}", "state", cf_state_json(sv->g, sv->state, &sv->setup), "over", over);
    json_object_set_new(r, "to_move",
                        over ? json_null() : json_string(ud_player(&sv->s, sv->g->to_move(sv->state))));
    if (over)
        json_object_set_new(r, "result", cf_result_json(sv->g, sv->state, &sv->setup));
    return r;
}

/* After a play: the report, or why it could not be played. */
static json_t *played(cf_server *sv, json_t *outcomes)
{
    if (sv->follow) {
        flush_drawn(sv);
    }
    if (sv->st == UD_ERROR) {
        sv->live = false;
        json_t *r = !sv->follow && sv->chance.why[0] ? json_pack("{s:s}", "refused", sv->chance.why)
                                                     : error_answer("%s", sv->s.fail.msg);
        json_decref(sv->drawn);
        sv->drawn = NULL;
        return r;
    }
    json_t *r = step_report(sv);
    if (sv->follow)
        json_object_set_new(r, "chance", sv->drawn);
    else {
        size_t unused = count_unused(sv);
        if (unused)
            json_object_set_new(r, "unused", json_integer((json_int_t)unused));
    }
    sv->drawn = NULL;
    (void)outcomes;
    return r;
}

static void prepare_chance(cf_server *sv, json_t *req)
{
    sv->chance.rng = NULL;
    sv->chance.ctx = sv;
    sv->chance.why[0] = '\0';
    if (sv->follow) {
        sv->chance.pick = drawn_pick;
        sv->drawn = json_array();
        ud_buf_clear(&sv->line);
        sv->event[0] = '\0';
    } else {
        sv->chance.pick = dictated_pick;
        json_t *o = json_object_get(req, "outcomes");
        sv->lines = json_is_array(o) ? o : NULL;
        sv->next = 0;
        sv->n_words = sv->at_word = 0;
        ud_chance_script_init(&sv->script, next_dictated, sv);
    }
}

/* The setup a `new` request names (its fields' types checked): NULL,
 * else the answer: an error, or `unsupported` for a reading serve does
 * not play (a key or value none of the game's readings has: the one
 * answer the protocol gives for a reading an adapter cannot play). */
static json_t *setup_from(cf_server *sv, json_t *req)
{
    const ud_game *g = sv->g;
    json_t *players = json_object_get(req, "players"), *readings = json_object_get(req, "readings");
    json_t *start = json_object_get(req, "start"), *x;
    ud_setup *su = &sv->setup;
    memset(su, 0, sizeof *su);
    for (int v = 0; v < g->n_variants; v++)
        su->variant[v] = g->variants[v].default_value;
    ud_buf err;
    ud_buf_init(&err);
    json_t *bad = NULL;
    size_t i;
    json_array_foreach(players, i, x)
    {
        if (!bad && !ud_setup_add_player(su, json_string_value(x), &err))
            bad = error_answer("players: %s", ud_buf_str(&err));
    }
    if (!bad && !ud_setup_check_players(g, ud_setup_player_count(su), &err))
        bad = error_answer("%s", ud_buf_str(&err));
    const char *k;
    json_object_foreach(readings, k, x)
    {
        char kv[200];
        snprintf(kv, sizeof kv, "%s=%s", k, json_string_value(x));
        ud_buf_clear(&err);
        if (!bad && !ud_setup_variant(g, su, kv, &err)) {
            ud_buf why;
            ud_buf_init(&why);
            ud_buf_printf(&why, "reading %s: %s", kv, ud_buf_str(&err));
            bad = json_pack("{s:s}", "unsupported", ud_buf_str(&why));
            ud_buf_free(&why);
        }
    }
    for (int v = 0; v < g->n_variants; v++)
        if (sv->pinned[v])
            su->variant[v] = sv->pinned_value[v];
    json_array_foreach(start, i, x)
    {
        ud_buf_clear(&err);
        if (!bad && !ud_setup_start(su, json_string_value(x), &err))
            bad = error_answer("start: %s", ud_buf_str(&err));
    }
    ud_buf_free(&err);
    return bad;
}

static json_t *new_game(cf_server *sv, json_t *req)
{
    const ud_game *g = sv->g;
    const char *game = json_string_value(json_object_get(req, "game"));
    const char *chance = json_string_value(json_object_get(req, "chance"));
    json_t *seed = json_object_get(req, "seed"), *content = json_object_get(req, "content");
    if (strcmp(game, g->name) != 0)
        return error_answer("this adapter plays %s only", g->name);
    /* the content is loaded once, at start-up (serve --content) */
    if (json_is_string(content) && (!sv->content || strcmp(sv->content, json_string_value(content)) != 0))
        return json_pack("{s:s}", "unsupported", "content other than serve's own --content");
    if (!json_is_string(content) && sv->content)
        return json_pack("{s:s}", "unsupported", "the built-in content: serve was started with --content");
    json_t *bad = setup_from(sv, req);
    if (bad)
        return bad;
    if (strcmp(chance, "dictate") != 0 && strcmp(chance, "follow") != 0)
        return error_answer("new: \"chance\" must be \"dictate\" or \"follow\", found \"%.64s\"", chance);
    sv->follow = strcmp(chance, "follow") == 0;
    ud_rng_seed(&sv->rng, seed ? (uint64_t)json_integer_value(seed) : 1);
    ud_table_build(&sv->table, g, sv->setup.variant);
    prepare_chance(sv, req);
    ud_step_init(&sv->s, &sv->table, &sv->setup, &sv->chance, NULL, NULL);
    sv->s.check_invariants = 0;
    sv->st = ud_start(&sv->s, sv->state);
    sv->live = true;
    return played(sv, NULL);
}

static json_t *offers(cf_server *sv)
{
    if (sv->live && sv->st == UD_OVER)
        return json_pack("{s:n, s:[]}", "to_move", "offers");
    if (!sv->live || sv->st != UD_DECIDE)
        return error_answer("no decision is open: no game is set up");
    json_t *list = json_array();
    ud_buf t;
    ud_buf_init(&t);
    for (int i = 0; i < sv->s.offers.n; i++) {
        ud_buf_clear(&t);
        ud_action_format(sv->g, &sv->setup, &sv->s.offers.action[i], &t);
        json_array_append_new(list, json_string(ud_buf_str(&t)));
    }
    ud_buf_free(&t);
    return json_pack("{s:s, s:o}", "to_move", ud_player(&sv->s, sv->g->to_move(sv->state)), "offers", list);
}

static json_t *decide(cf_server *sv, json_t *req)
{
    if (!sv->live || sv->st != UD_DECIDE)
        return error_answer("no decision is open%s", sv->live ? ": the game is over" : ": no game is set up");
    json_t *action = json_object_get(req, "action");
    char text[512], *words[WORDS_MAX + 1];
    if (json_string_length(action) >= sizeof text)
        return error_answer("decide: \"action\" must be a decision, found %zu bytes (longer than any)",
                            json_string_length(action));
    snprintf(text, sizeof text, "%s", json_string_value(action));
    int n = 0;
    for (char *save, *w = strtok_r(text, " ", &save); w && n <= WORDS_MAX; w = strtok_r(NULL, " ", &save))
        words[n++] = w;
    if (n > WORDS_MAX)
        return error_answer("decide: \"action\" must be a decision, found more than %d words", WORDS_MAX);
    ud_action a;
    ud_buf err;
    ud_buf_init(&err);
    int bad_word;
    if (n == 0 || ud_action_parse(sv->g, &sv->setup, words, n, &a, &err, &bad_word) != 0) {
        json_t *r = error_answer("action: %s", n ? ud_buf_str(&err) : "empty");
        ud_buf_free(&err);
        return r;
    }
    ud_buf_free(&err);
    bool offered = false;
    for (int i = 0; i < sv->s.offers.n && !offered; i++)
        offered = ud_action_eq(&sv->s.offers.action[i], &a);
    if (!offered)
        return error_answer("'%s' is not offered now", json_string_value(action));
    /* the protocol's decisions are the strings 'offers' gives: one read
     * the same way but written otherwise (" risk 1 ", "risk  1") is none */
    ud_buf t;
    ud_buf_init(&t);
    ud_action_format(sv->g, &sv->setup, &a, &t);
    if (strcmp(ud_buf_str(&t), json_string_value(action)) != 0) {
        json_t *r =
            error_answer("'%s' is not offered now: expected a decision as \"offers\" writes it ('%s')",
                         json_string_value(action), ud_buf_str(&t));
        ud_buf_free(&t);
        return r;
    }
    ud_buf_free(&t);
    prepare_chance(sv, req);
    sv->st = ud_decide(&sv->s, sv->state, &a);
    return played(sv, NULL);
}

static json_t *hello(cf_server *sv, json_t *req, bool *quit)
{
    (void)req, (void)quit;
    char name[128];
    snprintf(name, sizeof name, "undead serve %s", sv->g->name);
    return json_pack("{s:i, s:s}", "protocol", CF_PROTOCOL, "name", name);
}

static json_t *new_request(cf_server *sv, json_t *req, bool *quit)
{
    (void)quit;
    return new_game(sv, req);
}

static json_t *offers_request(cf_server *sv, json_t *req, bool *quit)
{
    (void)req, (void)quit;
    return offers(sv);
}

static json_t *decide_request(cf_server *sv, json_t *req, bool *quit)
{
    (void)quit;
    return decide(sv, req);
}

static json_t *state_request(cf_server *sv, json_t *req, bool *quit)
{
    (void)req, (void)quit;
    return sv->live ? step_report(sv) : error_answer("no game is set up");
}

static json_t *quit_request(cf_server *sv, json_t *req, bool *quit)
{
    (void)sv, (void)req;
    *quit = true;
    return json_pack("{s:b}", "bye", 1);
}

/* Each request's fields and their JSON types (docs/conformance.md).
 * Fields a request does not define are ignored, as the protocol says. */
static const field cmd_fields[] = { { "cmd", F_STRING, true }, { NULL, F_STRING, false } };
static const field hello_fields[] = { { "protocol", F_INTEGER, true }, { NULL, F_STRING, false } };
static const field new_fields[] = {
    { "game", F_STRING, true },    { "players", F_STRINGS, true },   { "readings", F_STRING_MAP, false },
    { "start", F_STRINGS, false }, { "content", F_DIR, false },      { "chance", F_STRING, true },
    { "seed", F_SEED, false },     { "outcomes", F_STRINGS, false }, { NULL, F_STRING, false },
};
static const field decide_fields[] = { { "action", F_STRING, true },
                                       { "outcomes", F_STRINGS, false },
                                       { NULL, F_STRING, false } };
static const field no_fields[] = { { NULL, F_STRING, false } };

static const struct request_kind {
    const char *cmd;
    const field *fields;
    json_t *(*run)(cf_server *sv, json_t *req, bool *quit);
} request_kinds[] = {
    { "hello", hello_fields, hello },        { "new", new_fields, new_request },
    { "offers", no_fields, offers_request }, { "decide", decide_fields, decide_request },
    { "state", no_fields, state_request },   { "quit", no_fields, quit_request },
};

static json_t *answer(cf_server *sv, const char *line, size_t len, bool *quit)
{
    char why[300];
    /* a key given twice would leave which value counts to the reader */
    size_t blank = 0;
    while (blank < len && (line[blank] == ' ' || line[blank] == '\t' || line[blank] == '\r'))
        blank++;
    if (blank == len)
        return error_answer("expected one JSON object per line, found an empty line");
    json_t *req = cf_json_read(line, len, why, sizeof why);
    if (!json_is_object(req)) {
        json_decref(req);
        return error_answer("expected one JSON object per line: %s", req ? "found another JSON value" : why);
    }
    json_t *r = check_fields("request", req, cmd_fields);
    const char *c = json_string_value(json_object_get(req, "cmd"));
    size_t k = 0, n = sizeof request_kinds / sizeof request_kinds[0];
    while (!r && k < n && strcmp(c, request_kinds[k].cmd) != 0)
        k++;
    if (!r && k == n)
        r = error_answer("unknown \"cmd\" '%.200s': expected hello, new, offers, decide, state or quit", c);
    if (!r && strcmp(c, "new") == 0)
        sv->live = false; /* a `new` ends the game being played, even one it cannot set up */
    if (!r)
        r = check_fields(c, req, request_kinds[k].fields);
    if (!r)
        r = request_kinds[k].run(sv, req, quit);
    json_decref(req);
    return r;
}

bool cf_server_pin(cf_server *sv, const char *kv)
{
    ud_setup probe;
    memset(&probe, 0, sizeof probe);
    ud_buf err;
    ud_buf_init(&err);
    bool ok = ud_setup_variant(sv->g, &probe, kv, &err);
    if (!ok)
        fprintf(stderr, "undead serve: --variant %s: %s\n", kv, ud_buf_str(&err));
    ud_buf_free(&err);
    size_t klen = strcspn(kv, "=");
    for (int v = 0; ok && v < sv->g->n_variants; v++)
        if (strlen(sv->g->variants[v].key) == klen && strncmp(sv->g->variants[v].key, kv, klen) == 0) {
            sv->pinned[v] = true;
            sv->pinned_value[v] = probe.variant[v];
        }
    return ok;
}

/* ---- the schema: what an adapter of the game speaks ---------------------------- */

enum { SCHEMA_KEYS = 64, SCHEMA_EVENTS = 16, SCHEMA_WORDS = 12, SCHEMA_PHASES = 64, SCHEMA_GAMES = 60 };

typedef struct schema {
    const ud_game *g;
    int n_keys;
    char key[SCHEMA_KEYS][32];
    char example[SCHEMA_KEYS][96];
    /* where each key was seen: bit p of in_phase[key] for decision phase
     * p (SCHEMA_PHASES - 1: once the game is over) */
    uint64_t in_phase[SCHEMA_KEYS];
    uint64_t phases_seen, phases_by_default;
    char reading[80];                      /* the games being played: "" the defaults, else KEY=VALUE */
    char phase_reading[SCHEMA_PHASES][80]; /* a phase seen only under another reading: the first */
    int n_events;
    char event[SCHEMA_EVENTS][32];
    int n_words[SCHEMA_EVENTS], more[SCHEMA_EVENTS];
    char word[SCHEMA_EVENTS][SCHEMA_WORDS][48];
} schema;

static int event_index(schema *sc, const char *event)
{
    int e = 0;
    while (e < sc->n_events && strcmp(sc->event[e], event) != 0)
        e++;
    if (e == sc->n_events) {
        if (e == SCHEMA_EVENTS)
            return -1;
        snprintf(sc->event[sc->n_events++], sizeof sc->event[0], "%s", event);
    }
    return e;
}

static void note_word(schema *sc, const char *event, const char *w)
{
    int e = event_index(sc, event);
    if (e < 0)
        return;
    for (int i = 0; i < sc->n_words[e]; i++)
        if (strcmp(sc->word[e][i], w) == 0)
            return;
    if (sc->n_words[e] < SCHEMA_WORDS)
        snprintf(sc->word[e][sc->n_words[e]++], sizeof sc->word[0][0], "%s", w);
    else
        sc->more[e] = 1;
}

/* The state's keys, noted with the phase they were seen in (the phase
 * byte at the game's phase_offset; over: the game has ended). */
static void note_state(schema *sc, const void *state, const ud_setup *setup, bool over)
{
    int phase = over ? SCHEMA_PHASES - 1 : ((const unsigned char *)state)[sc->g->phase_offset];
    uint64_t bit = phase < SCHEMA_PHASES ? UINT64_C(1) << phase : 0;
    if (bit && !(sc->phases_seen & bit) && sc->reading[0])
        snprintf(sc->phase_reading[phase], sizeof sc->phase_reading[0], "%s", sc->reading);
    sc->phases_seen |= bit;
    if (!sc->reading[0])
        sc->phases_by_default |= bit;
    json_t *o = cf_state_json(sc->g, state, setup);
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v)
    {
        int i = 0;
        while (i < sc->n_keys && strcmp(sc->key[i], k) != 0)
            i++;
        const char *val = json_string_value(v);
        if (i == sc->n_keys && i < SCHEMA_KEYS) {
            snprintf(sc->key[sc->n_keys], sizeof sc->key[0], "%s", k);
            snprintf(sc->example[sc->n_keys++], sizeof sc->example[0], "%s", val);
        } else if (i < sc->n_keys && (strcmp(sc->example[i], "-") == 0 || strcmp(sc->example[i], "0") == 0))
            snprintf(sc->example[i], sizeof sc->example[0], "%s", val); /* a telling example */
        if (i < SCHEMA_KEYS)
            sc->in_phase[i] |= bit;
    }
    json_decref(o);
}

typedef struct schema_src {
    schema *sc;
    ud_rng rng;
} schema_src;

static int schema_draw(ud_chance *ch, const ud_pick_req *p)
{
    schema_src *src = ch->ctx;
    ch->why[0] = '\0';
    int k = (int)ud_rng_below(&src->rng, (uint32_t)p->n);
    note_word(src->sc, p->event, p->label(p->ctx, k));
    return k;
}

static bool unordered(const ud_game *g, const char *key)
{
    for (const char *const *k = g->unordered_state_keys; k && *k; k++)
        if (strcmp(*k, key) == 0)
            return true;
    return false;
}

/* Random games of g under the readings variant, every number of players
 * in turn (from the fewest, at most six: a solo game draws what a table
 * does not). */
static void schema_games(schema *sc, schema_src *src, const int *variant, int games)
{
    const ud_game *g = sc->g;
    ud_match m;
    ud_match_defaults(&m, g);
    memcpy(m.setup.variant, variant, sizeof m.setup.variant);
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    ud_chance ch = { .pick = schema_draw, .ctx = src };
    int most = ud_game_max_players(g) < 6 ? ud_game_max_players(g) : 6;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    for (int game = 0; game < games; game++) {
        ud_setup *su = &m.setup;
        su->n_players = g->min_players + game % (most - g->min_players + 1);
        for (int i = 0; i < su->n_players; i++)
            snprintf(su->names[i], sizeof su->names[i], "p%d", i + 1);
        ud_step s;
        ud_step_init(&s, &t, su, &ch, NULL, NULL);
        ud_status st = ud_start(&s, state);
        for (int d = 0; st == UD_DECIDE && d < 2000; d++) {
            note_state(sc, state, su, false);
            st = ud_decide_offer(&s, state, (int)ud_rng_below(&src->rng, (uint32_t)s.offers.n));
        }
        if (st == UD_OVER)
            note_state(sc, state, su, true);
    }
}

/* The keys, phases and outcome words seen in seeded games with random
 * decisions: SCHEMA_GAMES under the default readings, then a few under
 * each other reading (one key changed at a time), for the phases only
 * another reading reaches (a character chosen, a Stress Card held). */
static void schema_learn(schema *sc, const ud_game *g)
{
    schema_src src = { sc, { { 0 } } };
    ud_rng_seed(&src.rng, 1);
    for (const char *const *e = g->chance_events; e && *e; e++)
        event_index(sc, *e); /* every event in the game's order, seen or not */
    int variant[UD_MAX_VARIANTS] = { 0 };
    for (int v = 0; v < g->n_variants; v++)
        variant[v] = g->variants[v].default_value;
    sc->reading[0] = '\0';
    schema_games(sc, &src, variant, SCHEMA_GAMES);
    for (int v = 0; v < g->n_variants; v++)
        for (int x = 0; x < g->variants[v].n_values; x++) {
            if (x == g->variants[v].default_value)
                continue;
            int other[UD_MAX_VARIANTS];
            memcpy(other, variant, sizeof other);
            other[v] = x;
            snprintf(sc->reading, sizeof sc->reading, "%s=%s", g->variants[v].key,
                     g->variants[v].values[x].name);
            schema_games(sc, &src, other, 6);
        }
}

/* Which keys a state shows in each phase the game waits in. */
static void print_phases(const schema *sc)
{
    const ud_game *g = sc->g;
    printf(
        "state keys by phase (where the game waits for a decision, and once it is over; a key is there when\n"
        "its value is, e.g. the fight's keys in a fight):\n");
    for (int p = 0; p < SCHEMA_PHASES; p++) {
        if (!(sc->phases_seen >> p & 1))
            continue;
        printf("  %-16s", p == SCHEMA_PHASES - 1 ? "(over)" : p < g->n_phases ? g->phases[p].name : "?");
        for (int i = 0; i < sc->n_keys; i++)
            if (sc->in_phase[i] >> p & 1)
                printf(" %s", sc->key[i]);
        if (!(sc->phases_by_default >> p & 1))
            printf("   (under %s)", sc->phase_reading[p]);
        printf("\n");
    }
}

/* A heading, then text in lines of at most 110 columns, each indented
 * two spaces (a word longer than a line is printed whole). */
static void print_wrapped(const char *heading, const char *text)
{
    printf("%s\n", heading);
    int col = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, " ");
        if (col > 0 && col + 1 + (int)n > 110) {
            printf("\n");
            col = 0;
        }
        col += printf("%s%.*s", col ? " " : "  ", (int)n, p);
        p += n;
        p += strspn(p, " ");
    }
    printf("\n");
}

void cf_print_schema(const ud_game *g)
{
    schema *sc = calloc(1, sizeof *sc);
    if (!sc)
        return;
    sc->g = g;
    schema_learn(sc, g);
    printf("game: %s (%s), %d to %d players\n", g->name, g->title, g->min_players, ud_game_max_players(g));
    printf("state keys (a step report's \"state\"; an example value from seeded games, every number of\n"
           "players, the default readings and each other one):\n");
    for (int i = 0; i < sc->n_keys; i++)
        printf("  %-16s %s%s\n", sc->key[i], sc->example[i],
               unordered(g, sc->key[i]) ? "   (a list in no order)" : "");
    print_phases(sc);
    printf("decisions (\"offers\" and \"action\"):\n");
    ud_buf b;
    ud_buf_init(&b);
    for (int k = 0; k < g->n_actions; k++) {
        ud_buf_clear(&b);
        ud_action_usage(g, k, &b);
        printf("  %s\n", ud_buf_str(&b));
    }
    ud_buf_free(&b);
    printf("outcomes of chance (an event, then words such as these):\n");
    for (int e = 0; e < sc->n_events; e++) {
        printf("  %-12s", sc->event[e]);
        for (int w = 0; w < sc->n_words[e]; w++)
            printf(" %s", sc->word[e][w]);
        printf("%s\n", sc->more[e]           ? " ..."
                       : sc->n_words[e] == 0 ? " (none drawn in the schema's games)"
                                             : "");
    }
    if (g->outcome_order)
        print_wrapped("the order of an outcome line's words:", g->outcome_order);
    /* the game's own words for its start lines: what it answers to none */
    ud_match m;
    ud_match_defaults(&m, g);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_buf err;
    ud_buf_init(&err);
    ud_setup probe = m.setup;
    snprintf(probe.start[0], sizeof probe.start[0], "?");
    probe.n_start = 1;
    if (g->apply_start && !g->apply_start(state, &probe, probe.start[0], &err))
        printf("start lines (\"start\"): %s\n", ud_buf_str(&err));
    else if (!g->apply_start)
        printf("start lines (\"start\"): none\n");
    ud_buf_free(&err);
    printf("readings (\"readings\"; the default first):\n");
    for (int v = 0; v < g->n_variants; v++) {
        printf("  %-16s %s", g->variants[v].key, g->variants[v].values[g->variants[v].default_value].name);
        for (int x = 0; x < g->variants[v].n_values; x++)
            if (x != g->variants[v].default_value)
                printf(" | %s", g->variants[v].values[x].name);
        printf("\n");
    }
    free(sc);
}

/* ---- the lines ------------------------------------------------------------------------ */

/* One answer line (r's reference taken); false when standard output fails. */
static bool write_answer(json_t *r)
{
    char *text = json_dumps(r, JSON_COMPACT | JSON_ENSURE_ASCII);
    json_decref(r);
    bool ok = text && fputs(text, stdout) != EOF && putchar('\n') != EOF && fflush(stdout) != EOF;
    free(text);
    return ok;
}

cf_server *cf_server_new(const ud_game *g, const char *content)
{
    cf_server *sv = calloc(1, sizeof *sv);
    if (!sv) {
        fputs("undead serve: out of memory\n", stderr);
        return NULL;
    }
    if (content && !cli_load_content(g, content)) {
        free(sv);
        return NULL;
    }
    sv->g = g;
    sv->content = content;
    ud_buf_init(&sv->line);
    return sv;
}

void cf_server_free(cf_server *sv)
{
    if (!sv)
        return;
    ud_buf_free(&sv->line);
    free(sv);
}

int cf_serve(cf_server *sv)
{
    char *line = malloc(LINE_MAX_BYTES + 1);
    if (!line) {
        fputs("undead serve: out of memory\n", stderr);
        return UD_EXIT_USAGE;
    }
    int rc = UD_EXIT_OK;
    for (bool quit = false; !quit;) {
        size_t len;
        /* a line too long or holding a NUL is refused, and the next one read */
        ud_line_status got = ud_infile_line(stdin, line, LINE_MAX_BYTES, &len);
        if (got == UD_LINE_END)
            break;
        json_t *r = got == UD_LINE_TOO_LONG
                        ? error_answer("a request line longer than 1 MiB (%d bytes)", LINE_MAX_BYTES)
                    : got == UD_LINE_NUL
                        ? error_answer("a request line holding a NUL byte (at byte %zu)", len + 1)
                        : answer(sv, line, len, &quit);
        if (!write_answer(r)) {
            rc = UD_EXIT_USAGE; /* the reader is gone: cli_close_stdout says why */
            break;
        }
    }
    if (ferror(stdin)) {
        fprintf(stderr, "undead serve: standard input: %s\n", strerror(errno));
        rc = UD_EXIT_USAGE;
    }
    free(line);
    return rc;
}
