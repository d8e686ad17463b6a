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
 */
#include "fuzzing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chance.h"
#include "check.h"
#include "engine.h"
#include "play.h"

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
 * were most of a deep input's cost (docs/fuzzing.md). */
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
    ud_check_opts opts = { .regen = mem, .check_invariants = 0 };
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
 * the last variant settings played.  Consecutive inputs seldom share a
 * setting (the bytes choose it), so one table rebuilt on every change
 * was a 10 KB build on most inputs; a few slots, replaced in turn, hold
 * the settings a corpus keeps coming back to.  Whether the rows are
 * interpreted is a flag of the table, set on each use. */
static ud_step fuzz_step;
enum { TABLE_SLOTS = 16 };
static struct {
    const ud_game *game;
    int variant[UD_MAX_VARIANTS];
    ud_table table;
} fuzz_tables[TABLE_SLOTS];
static unsigned fuzz_tables_next;

static ud_table *table_for(const ud_game *g, const int *variant, bool interpret)
{
    size_t size = sizeof fuzz_tables[0].variant;
    for (int i = 0; i < TABLE_SLOTS; i++)
        if (fuzz_tables[i].game == g && memcmp(fuzz_tables[i].variant, variant, size) == 0) {
            fuzz_tables[i].table.interpret = interpret;
            return &fuzz_tables[i].table;
        }
    unsigned slot = fuzz_tables_next++ % TABLE_SLOTS;
    ud_table_build(&fuzz_tables[slot].table, g, variant);
    fuzz_tables[slot].game = g;
    memcpy(fuzz_tables[slot].variant, variant, size);
    fuzz_tables[slot].table.interpret = interpret;
    return &fuzz_tables[slot].table;
}

/* Play the game the bytes describe (players, variant values, every
 * chance outcome and decision) until it ends or the bytes run out: at
 * the first decision after that it stops, a partial game.  With text
 * (the sampled check), every invariant is checked after every row, the
 * transcript is written to *text (a partial one marked so) and interpret
 * picks the table interpreted even if the game has compiled rows; without
 * it (every input), no line is formatted and the invariants are checked
 * wherever the game stops: at start, after every decision, at the end. */
static ud_status fuzz_play(const ud_game *g, const uint8_t *data, size_t size, bool interpret, char **text,
                           size_t *len, int *decided, ud_failure *fail)
{
    ud_bytes bytes;
    ud_bytes_init(&bytes, data, size);
    ud_setup setup;
    /* Only what a game reads of the setup: the seats' names, the
     * variants and no start lines (ud_setup_defaults clears 2 KB). */
    setup.n_unseated = 0;
    setup.n_start = 0;
    memset(setup.variant, 0, sizeof setup.variant);
    int lo = g->min_players > 0 ? g->min_players : 1;
    int players = lo + (int)ud_bytes_below(&bytes, (uint32_t)(g->max_players - lo + 1));
    setup.n_players = players;
    for (int i = 0; i < players; i++)
        snprintf(setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    for (int v = 0; v < g->n_variants; v++)
        setup.variant[v] = (int)ud_bytes_below(&bytes, (uint32_t)g->variants[v].n_values);

    const ud_table *table = table_for(g, setup.variant, interpret);
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
    ud_step_init(s, table, &setup, &chance, text ? &sink : NULL, text ? NULL : count_rows);
    /* Per row only on the compiled play with text; the interpreted play
     * of the same game is held to its transcript, byte for byte, and
     * checked where it stops, like every input. */
    s->check_invariants = text != NULL && !interpret;
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    if (g->state_size > sizeof state)
        die("state too large", g->name);

    ud_status st = ud_start(s, state);
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
        ud_transcript_write_header(out, g, &setup, NULL, NULL, st != UD_OVER);
        fwrite(body, 1, body_len, out);
        fclose(out);
        free(body);
        body = NULL;
    }
    return st;
}

int ud_fuzz_game(const ud_game *g, const uint8_t *data, size_t size)
{
    ud_failure fail;
    int decided;
    ud_status st = fuzz_play(g, data, size, false, NULL, NULL, &decided, &fail);
    if (st == UD_ERROR)
        die(fail.id ? fail.id : "engine failure", fail.msg);
    if (!ud_fuzz_is_deep(data, size))
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
    return 0;
}

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
    ud_check_opts opts = { .regen = mem, .check_invariants = 1, .max_decisions = FUZZ_MAX_DECISIONS };
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
