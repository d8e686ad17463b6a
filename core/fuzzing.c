/*
 * fuzzing.c - the bodies of the fuzz targets (see fuzzing.h).
 *
 * A game's engine target (ud_fuzz_game) checks every input two ways
 * (docs/fuzzing.md):
 *   every input   the game the bytes describe, played once by the rows
 *                 the engine runs (compiled when the game has them), with
 *                 every invariant checked wherever the game stops (start,
 *                 each decision, end) and no text formatted;
 *   sampled       one input in N (ud_fuzz_set_deep_every), chosen by a
 *                 hash of the bytes (so a crash replays): the same game
 *                 with every invariant after every row and its transcript
 *                 written, played again by the interpreted table, which
 *                 must produce the same transcript byte for byte, and that
 *                 transcript parsed back and replayed by the checker,
 *                 which must accept it and regenerate it identically.
 * A game stops at the first decision after the bytes run out (a partial
 * game): what comes after would be played by a PRNG the fuzzer cannot
 * steer, and cost most of the time.  The sampled checks cost about 35
 * plain inputs each and compare two ways of doing one thing; the
 * per-input play is where new paths are found.  N is 1 unless set:
 * library callers (verify) check everything; the targets sample
 * (fuzz/game_engine.c, fuzz/fuzz_transcript.c), and the replay tests
 * (fuzz_replay_*) set UD_FUZZ_DEEP_EVERY=1 so the committed corpora get
 * every check.  A crash found with any N replays with N=1.
 *
 * The common path allocates nothing per input: the step (14 KB of
 * offers), the tables (one per variant setting, a few kept) and the
 * state are static and reused.
 *
 * The engine targets (ud_fuzz_engine_init) add two things: a cap on the
 * decisions one input plays (UD_FUZZ_ENGINE_DECISIONS), and a pool of
 * start positions, the game's own start lines, from which the input's
 * first byte picks one: a short input reaches the rules of a game's late
 * stages.  Each position is set up once, at start-up (init and the
 * start lines, check_start); an input starting there copies that state
 * and runs on, with no text parsed.  The sampled path starts it from
 * its lines as any record would (ud_start), writes them into the
 * transcript's header and has the checker replay them.
 */
#include "fuzzing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chance.h"
#include "check.h"
#include "engine.h"
#include "play.h"
#include "setup.h"

enum { FUZZ_MAX_DECISIONS = 2000 };
static int max_decisions = FUZZ_MAX_DECISIONS;

void ud_fuzz_set_max_decisions(unsigned n)
{
    max_decisions = n && n < FUZZ_MAX_DECISIONS ? (int)n : FUZZ_MAX_DECISIONS;
}

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "undead fuzz: %s: %s\n", what, detail);
    abort();
}

/* FNV-1a, over bytes and over transcript lines. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * UINT64_C(1099511628211);
    return h;
}
static const uint64_t FNV_BASIS = UINT64_C(14695981039346656037);

/* 1: every input gets every check (library callers replaying a corpus,
 * such as verify); the fuzz targets sample (ud_fuzz_set_deep_every). */
static unsigned deep_every = 1;

void ud_fuzz_set_deep_every(unsigned n) { deep_every = n ? n : 1; }

/* Where the plain play of each input counts its firings (NULL: nowhere). */
static uint64_t *count_rows;

void ud_fuzz_count_rows(uint64_t *fired) { count_rows = fired; }

bool ud_fuzz_is_deep(const uint8_t *data, size_t size)
{
    /* A different mix from ud_bytes' seed, so "deep" is independent of
     * how the game continues once the bytes run out. */
    uint64_t h = fnv(FNV_BASIS ^ UINT64_C(0x5bd1e995), data, size);
    h ^= h >> 29;
    return h % deep_every == 0;
}

static const ud_game *fuzz_game_lookup_target;
static const ud_game *single_game(const char *name)
{
    return strcmp(name, fuzz_game_lookup_target->name) == 0 ? fuzz_game_lookup_target : NULL;
}

/* Replay text as a transcript; it must pass and regenerate to itself.
 * The text is always a game already played with every invariant checked
 * after every row (the engine's own game, or a transcript the checker has
 * just replayed so), so the replay here checks no invariant: it would
 * run the same rows from the same states again, and per-row invariants
 * were most of a deep input's cost (docs/fuzzing.md).  Not even in the
 * sanitizer builds the fuzz targets are, which check them in every
 * other replay (opts.replay_of_checked). */
static ud_table *table_for(const ud_game *g, const int *variant, bool interpret);
static void round_trip(const ud_game *g, const char *text, size_t len)
{
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    fuzz_game_lookup_target = g;
    if (ud_transcript_parse(text, len, single_game, &t, &err) != 0)
        die("engine transcript does not parse", err.msg);
    char *again = NULL;
    size_t again_len = 0;
    FILE *mem = open_memstream(&again, &again_len);
    ud_check_opts opts = { .regen = mem,
                           .check_invariants = 0,
                           .table = table_for(g, t.setup.variant, false),
                           .replay_of_checked = 1 };
    ud_check_result res;
    int rc = ud_check(&t, &opts, &res, &err);
    fclose(mem);
    ud_transcript_free(&t);
    if (rc != 0) {
        fprintf(stderr, "%.*s\n", (int)len, text);
        die("engine transcript rejected by the checker", err.msg);
    }
    if (again_len != len || memcmp(again, text, len) != 0) {
        fprintf(stderr, "--- written\n%.*s\n--- regenerated\n%s\n", (int)len, text, again);
        die("transcript does not regenerate identically", g->name);
    }
    free(again);
}

/* Reused across inputs: the step (its offers alone are 14 KB;
 * ud_step_init clears only what a game reads) and the game's tables for
 * the variant settings played.  Consecutive inputs seldom share a
 * setting (the bytes choose it), and a table is a 10 KB build: the
 * tables are kept in slots indexed by the setting itself, allocated on
 * first use.  A table depends only on the keys that choose rows
 * (table_keys), so the setting is those keys' values as one mixed-radix
 * number: a game with fewer such settings than slots builds each table
 * once (the card game has 32, the board 16, dotld 128 of its 131,072
 * settings), and one with more (Zombie Dice 3,072) builds one only on a
 * miss.  (Keyed by every variant, dotld's start positions, whose
 * settings differ in keys worth multiples of 256, shared slots and
 * rebuilt a table on most inputs.)  Whether the rows are interpreted is
 * a flag of the table, set on each use. */
static ud_step fuzz_step;
enum { TABLE_SLOTS = 256 };
static struct fuzz_table {
    const ud_game *game;
    int variant[UD_MAX_VARIANTS]; /* the keys that choose rows; the others 0 */
    ud_table table;
} * fuzz_tables[TABLE_SLOTS];

/* The variant keys a game's rows are chosen by (a row's variant and
 * variant2, ud_rule_active): ud_table_build reads no other, so two
 * settings that agree on these make the same table.  Kept for the last
 * game asked (the transcript target's inputs change games). */
static unsigned table_keys(const ud_game *g)
{
    static const ud_game *known;
    static unsigned keys;
    if (known != g) {
        keys = 0;
        for (int i = 0; i < g->n_rules; i++) {
            const ud_rule *r = &g->rules[i];
            if (r->variant >= 0)
                keys |= 1u << r->variant;
            if (r->values2)
                keys |= 1u << r->variant2;
        }
        known = g;
    }
    return keys;
}

static ud_table *table_for(const ud_game *g, const int *variant, bool interpret)
{
    unsigned keys = table_keys(g);
    int chosen[UD_MAX_VARIANTS] = { 0 };
    unsigned code = 0;
    for (int v = 0; v < g->n_variants; v++)
        if (keys >> v & 1u) {
            chosen[v] = variant[v];
            code = code * (unsigned)g->variants[v].n_values + (unsigned)variant[v];
        }
    struct fuzz_table *t = fuzz_tables[code % TABLE_SLOTS];
    if (!t) {
        t = malloc(sizeof *t);
        if (!t)
            die("out of memory", "a table");
        t->game = NULL;
        fuzz_tables[code % TABLE_SLOTS] = t;
    }
    if (t->game != g || memcmp(t->variant, chosen, sizeof chosen) != 0) {
        ud_table_build(&t->table, g, chosen);
        t->game = g;
        memcpy(t->variant, chosen, sizeof chosen);
    }
    t->table.interpret = interpret;
    return &t->table;
}

/* The engine targets' start positions (ud_fuzz_engine_init): each one's
 * setup (players, variants, start lines) and the state its start lines
 * make, before any row has run. */
typedef struct fuzz_start {
    ud_setup setup;
    unsigned char *state;
} fuzz_start;
static struct {
    const ud_game *game; /* NULL: no engine target set up */
    int n;
    fuzz_start start[UD_FUZZ_MAX_STARTS];
} pool;

/* The seats of the game's own start, named once: p1, p2, ... */
static ud_setup own_setup;

/* The setup of the game's own start: the bytes choose the player count
 * and the variants.  Only what a game reads of the setup is filled (the
 * seats' names, the variants, no start lines; ud_setup_defaults clears
 * 2 KB). */
static const ud_setup *own_start(const ud_game *g, ud_bytes *bytes)
{
    ud_setup *setup = &own_setup;
    if (setup->names[0][0] == '\0')
        for (int i = 0; i < UD_MAX_PLAYERS; i++)
            snprintf(setup->names[i], UD_NAME_MAX, "p%d", i + 1);
    setup->n_unseated = 0;
    setup->n_start = 0;
    memset(setup->variant, 0, sizeof setup->variant);
    int lo = g->min_players > 0 ? g->min_players : 1;
    setup->n_players = lo + (int)ud_bytes_below(bytes, (uint32_t)(g->max_players - lo + 1));
    for (int v = 0; v < g->n_variants; v++)
        setup->variant[v] = (int)ud_bytes_below(bytes, (uint32_t)g->variants[v].n_values);
    return setup;
}

/* Play the game the bytes describe (under an engine target the start,
 * then, from the game's own start, players and variant values; every
 * chance outcome and decision) until it ends, the bytes run out or
 * max_decisions are made: at the first decision after that it stops, a
 * partial game.  With text (the sampled check), every invariant is
 * checked after every row, the transcript is written to *text (a partial
 * one marked so) and interpret picks the table interpreted even if the
 * game has compiled rows; without it (every input), no line is formatted
 * and the invariants are checked wherever the game stops: at start,
 * after every decision, at the end. */
static ud_status fuzz_play(const ud_game *g, const uint8_t *data, size_t size, bool interpret, char **text,
                           size_t *len, int *decided, ud_failure *fail)
{
    ud_bytes bytes;
    ud_bytes_init(&bytes, data, size);
    /* Under an engine target the first byte picks the start: 0 the
     * game's own, k the pool's k-th position. */
    const fuzz_start *from = NULL;
    if (pool.game == g && pool.n > 0) {
        uint32_t k = ud_bytes_below(&bytes, (uint32_t)pool.n + 1);
        if (k > 0)
            from = &pool.start[k - 1];
    }
    const ud_setup *setup = from ? &from->setup : own_start(g, &bytes);

    const ud_table *table = table_for(g, setup->variant, interpret);
    ud_chance chance;
    ud_chance_from_bytes(&chance, &bytes);
    static char *body;
    static size_t body_len;
    FILE *mem = NULL;
    ud_sink sink;
    if (text) {
        mem = open_memstream(&body, &body_len);
        ud_sink_to_file(&sink, mem);
    }
    ud_step *s = &fuzz_step;
    /* Counted on the plain play only: the sampled checks replay the same game. */
    ud_step_init(s, table, setup, &chance, text ? &sink : NULL, text ? NULL : count_rows);
    /* Per row only on the compiled play with text; the interpreted play
     * of the same game is held to its transcript, byte for byte, and
     * checked where it stops, like every input. */
    s->check_invariants = text != NULL && !interpret;
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    if (g->state_size > sizeof state)
        die("state too large", g->name);

    ud_status st;
    if (from && !text) {
        /* What ud_start would do from the start lines, done once at
         * start-up (load_start): the state they make, copied. */
        memcpy(state, from->state, g->state_size);
        s->rule = NULL;
        st = ud_advance(s, state);
    } else {
        st = ud_start(s, state);
    }
    int decisions = 0;
    for (;;) {
        if (st != UD_ERROR && !s->check_invariants && !ud_check_invariants(s, state))
            st = UD_ERROR;
        if (st != UD_DECIDE || bytes.exhausted || decisions >= max_decisions)
            break;
        int pick = (int)ud_bytes_below(&bytes, (uint32_t)s->offers.n);
        st = ud_decide_offer(s, state, pick);
        decisions++;
    }
    *fail = s->fail;
    *decided = decisions;
    if (mem) {
        fclose(mem);
        /* The header last: only now is it known whether the game ended. */
        *text = NULL;
        *len = 0;
        FILE *out = open_memstream(text, len);
        ud_transcript_write_header(out, g, setup, NULL, NULL, st != UD_OVER);
        fwrite(body, 1, body_len, out);
        fclose(out);
        free(body);
        body = NULL;
    }
    return st;
}

/* The state the start lines of setup make, as ud_start makes it before
 * its first row: into state (g->state_size bytes); false with err. */
static bool start_state(const ud_game *g, const ud_setup *setup, unsigned char *state, ud_buf *err)
{
    memset(state, 0, g->state_size);
    g->init(state, setup);
    for (int i = 0; i < setup->n_start; i++) {
        ud_buf why;
        ud_buf_init(&why);
        bool ok = g->apply_start && g->apply_start(state, setup, setup->start[i], &why);
        if (!ok)
            ud_buf_printf(err, "start '%s': %s", setup->start[i],
                          g->apply_start ? ud_buf_str(&why) : "this game takes no start lines");
        ud_buf_free(&why);
        if (!ok)
            return false;
    }
    if (setup->n_start > 0 && g->check_start && !g->check_start(state, setup, err))
        return false;
    return true;
}

/* One line of a start pool: "players N" (seats p1..pN), "variant
 * KEY=VALUE", "start LINE" (as the game's --start takes it). */
static bool pool_line(const ud_game *g, ud_setup *setup, const char *line, ud_buf *err)
{
    if (strncmp(line, "start ", 6) == 0)
        return ud_setup_start(setup, line + 6, err);
    if (strncmp(line, "variant ", 8) == 0)
        return ud_setup_variant(g, setup, line + 8, err);
    if (strncmp(line, "players ", 8) == 0) {
        char *end;
        long n = strtol(line + 8, &end, 10);
        if (end == line + 8 || *end != '\0' || n < 1 || n > UD_MAX_PLAYERS) {
            ud_buf_printf(err, "expected 'players N' with N from 1 to %d", UD_MAX_PLAYERS);
            return false;
        }
        if (!ud_setup_check_players(g, (int)n, err))
            return false;
        setup->n_players = (int)n;
        for (int i = 0; i < (int)n; i++)
            snprintf(setup->names[i], UD_NAME_MAX, "p%d", i + 1);
        return true;
    }
    ud_buf_puts(err, "expected 'players N', 'variant KEY=VALUE' or 'start LINE'");
    return false;
}

/* Ends the position being read (if any lines were): its state, checked. */
static bool pool_end(const ud_game *g, bool *open, const char *where, int first, int last, ud_buf *err)
{
    if (!*open)
        return true;
    *open = false;
    fuzz_start *e = &pool.start[pool.n];
    e->state = malloc(g->state_size);
    if (!e->state) {
        ud_buf_printf(err, "%s: out of memory", where);
        return false;
    }
    ud_buf why;
    ud_buf_init(&why);
    bool ok = start_state(g, &e->setup, e->state, &why);
    if (!ok)
        ud_buf_printf(err, "%s:%d: the position of lines %d-%d: %s", where, first, first, last,
                      ud_buf_str(&why));
    ud_buf_free(&why);
    if (!ok) {
        free(e->state);
        return false;
    }
    pool.n++;
    return true;
}

static void pool_clear(void)
{
    for (int i = 0; i < pool.n; i++)
        free(pool.start[i].state);
    pool.n = 0;
    pool.game = NULL;
}

bool ud_fuzz_engine_init(const ud_game *g, const char *starts, const char *where, ud_buf *err)
{
    pool_clear();
    max_decisions = UD_FUZZ_ENGINE_DECISIONS;
    if (g->state_size > UD_MAX_STATE) {
        ud_buf_printf(err, "%s: state too large", g->name);
        return false;
    }
    bool open = false;
    int line_no = 0, first = 0, last = 0; /* the lines of the open position */
    for (const char *at = starts; at && *at;) {
        size_t n = strcspn(at, "\n");
        line_no++;
        if (at[0] == '#') { /* a comment, of any length */
            at += n + (at[n] == '\n');
            continue;
        }
        char line[UD_START_LEN + 16];
        if (n >= sizeof line) {
            ud_buf_printf(err, "%s:%d: a line longer than %zu characters", where, line_no, sizeof line - 1);
            pool_clear();
            return false;
        }
        memcpy(line, at, n);
        line[n] = '\0';
        at += n + (at[n] == '\n');
        if (line[0] == '\0') {
            if (!pool_end(g, &open, where, first, last, err)) {
                pool_clear();
                return false;
            }
            continue;
        }
        if (!open) {
            if (pool.n == UD_FUZZ_MAX_STARTS) {
                ud_buf_printf(err, "%s:%d: more than %d positions", where, line_no, UD_FUZZ_MAX_STARTS);
                pool_clear();
                return false;
            }
            open = true;
            first = line_no;
            ud_setup_defaults(g, &pool.start[pool.n].setup);
        }
        last = line_no;
        ud_buf why;
        ud_buf_init(&why);
        bool ok = pool_line(g, &pool.start[pool.n].setup, line, &why);
        if (!ok)
            ud_buf_printf(err, "%s:%d: %s", where, line_no, ud_buf_str(&why));
        ud_buf_free(&why);
        if (!ok) {
            pool_clear();
            return false;
        }
    }
    if (!pool_end(g, &open, where, first, last, err)) {
        pool_clear();
        return false;
    }
    pool.game = g;
    return true;
}

int ud_fuzz_engine_starts(const ud_game *g) { return pool.game == g ? pool.n : 0; }

/* The sampled inputs whose checks passed, kept so that the same bytes
 * run again skip them.  libFuzzer runs many inputs more than once (a
 * mutation that changes nothing, an input tried again): in 15 s of
 * zombie_dice_engine from its corpus, 2,108 sampled runs were of 1,115
 * distinct inputs, and a sampled run costs about 50 plain ones.  An
 * input's game and transcript are a function of its bytes (and of the
 * start pool, fixed at start-up), so checks that passed on these bytes
 * pass again; the plain play, whose edges the fuzzer reads, runs every
 * time.  Exact: the bytes are compared, not only their hash.  A slot
 * holds the last input that hashed to it. */
enum { PASSED_SLOTS = 1024 };
static struct passed_input {
    uint64_t hash;
    size_t size;
    uint8_t *data;
} passed[PASSED_SLOTS];

static struct passed_input *passed_slot(const uint8_t *data, size_t size, uint64_t *hash)
{
    *hash = fnv(FNV_BASIS, data, size);
    return &passed[*hash % PASSED_SLOTS];
}

static bool passed_before(const uint8_t *data, size_t size)
{
    uint64_t h;
    const struct passed_input *p = passed_slot(data, size, &h);
    return p->data && p->hash == h && p->size == size && memcmp(p->data, data, size) == 0;
}

static void note_passed(const uint8_t *data, size_t size)
{
    uint64_t h;
    struct passed_input *p = passed_slot(data, size, &h);
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy)
        return; /* not kept: checked again if it comes again */
    memcpy(copy, data, size);
    free(p->data);
    *p = (struct passed_input){ h, size, copy };
}

int ud_fuzz_game(const ud_game *g, const uint8_t *data, size_t size)
{
    ud_failure fail;
    int decided;
    ud_status st = fuzz_play(g, data, size, false, NULL, NULL, &decided, &fail);
    if (st == UD_ERROR)
        die(fail.id ? fail.id : "engine failure", fail.msg);
    if (!ud_fuzz_is_deep(data, size) || passed_before(data, size))
        return 0;

    /* The sampled checks: the same game with every invariant after every
     * row and its transcript written ... */
    char *text;
    size_t len;
    ud_status plain_st = st;
    st = fuzz_play(g, data, size, false, &text, &len, &decided, &fail);
    if (st == UD_ERROR)
        die(fail.id ? fail.id : "engine failure", fail.msg);
    if (st != plain_st)
        die("the input's game ends differently with a transcript written", g->name);
    if (g->compiled_rows) {
        /* ... played by the interpreted table, which must play exactly
         * the game the compiled rows do ... */
        char *ref;
        size_t ref_len;
        int ref_decided;
        ud_failure ref_fail;
        ud_status ref_st = fuzz_play(g, data, size, true, &ref, &ref_len, &ref_decided, &ref_fail);
        if (ref_st != st || ref_len != len || memcmp(ref, text, len) != 0) {
            fprintf(stderr, "--- compiled rows\n%.*s\n--- interpreted table\n%.*s\n", (int)len, text,
                    (int)ref_len, ref);
            die("compiled rows and the interpreted table differ", g->name);
        }
        free(ref);
    }
    /* ... and read back by the checker (a partial game as a partial
     * transcript), which must accept it and write it out identically.  A
     * record with no decide line has its decisions made by the seats'
     * policies (check.h), so a game stopped before its first decision has
     * nothing the checker would replay as played. */
    if (st == UD_OVER || decided > 0)
        round_trip(g, text, len);
    free(text);
    note_passed(data, size);
    return 0;
}

/* The decisions the transcript target lets the seats' policies make in a
 * record with no decide lines.  Such a record is played past its text:
 * with a seed and no chance lines, a whole game (often over 100
 * decisions, every invariant after every row) of PRNG outcomes and
 * policy picks that the fuzzer cannot steer, and that was most of the
 * target's time.  The checker's own bound (UD_DEFAULT_MAX_DECISIONS, for
 * a game that never ends) is far higher; past this one the record is
 * rejected as a game with no end, so an input stops soon after its text
 * does.  The first decisions of such a game are checked as before; a
 * record that writes its decisions is bounded by its length and not
 * affected. */
enum { FUZZ_POLICY_DECISIONS = 16 };

int ud_fuzz_check(const uint8_t *data, size_t size, ud_game_lookup find)
{
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    if (ud_transcript_parse((const char *)data, size, find, &t, &err) != 0)
        return 0;
    /* Sampled, as in ud_fuzz_game: the canonical text is written, and
     * must read back to itself (a second parse and replay of the whole
     * game).  The other inputs write no text. */
    bool deep = ud_fuzz_is_deep(data, size);
    char *out = NULL;
    size_t len = 0;
    FILE *mem = deep ? open_memstream(&out, &len) : NULL;
    ud_check_opts opts = { .regen = mem,
                           .check_invariants = 1,
                           .max_decisions = FUZZ_POLICY_DECISIONS,
                           .table = table_for(t.game, t.setup.variant, false) };
    ud_check_result res;
    int rc = ud_check(&t, &opts, &res, &err);
    if (mem)
        fclose(mem);
    const ud_game *g = t.game;
    ud_transcript_free(&t);
    if (rc != 0 && err.internal)
        die(err.rule, err.msg);
    if (deep && rc == 0 && res.complete)
        round_trip(g, out, len);
    free(out);
    return 0;
}
