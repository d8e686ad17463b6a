/*
 * fuzzing.c - the bodies of the fuzz targets (see fuzzing.h).
 *
 * The game target also proves the transcript round trip on every input
 * (the transcript the engine writes must be accepted by the checker and
 * regenerate byte for byte) and, for a game with compiled rows, that the
 * interpreted table plays the same game.
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

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "undead fuzz: %s: %s\n", what, detail);
    abort();
}

static const ud_game *fuzz_game_lookup_target;
static const ud_game *single_game(const char *name)
{
    return strcmp(name, fuzz_game_lookup_target->name) == 0 ? fuzz_game_lookup_target : NULL;
}

/* Replay text as a transcript; it must pass and regenerate to itself. */
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
    ud_check_opts opts = { .regen = mem, .check_invariants = 1 };
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

/* Play the game the bytes describe (players, variant values, every
 * chance outcome and decision); its transcript in *text.  interpret: run
 * the table interpreted even if the game has compiled rows. */
static ud_status fuzz_play(const ud_game *g, const uint8_t *data, size_t size, bool interpret,
                           char **text, size_t *len, ud_failure *fail)
{
    ud_bytes bytes;
    ud_bytes_init(&bytes, data, size);
    ud_match m;
    ud_match_defaults(&m, g);
    int lo = g->min_players > 0 ? g->min_players : 1;
    int players = lo + (int)ud_bytes_below(&bytes, (uint32_t)(g->max_players - lo + 1));
    m.setup.n_players = players;
    for (int i = 0; i < players; i++)
        snprintf(m.setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    for (int v = 0; v < g->n_variants; v++)
        m.setup.variant[v] = (int)ud_bytes_below(&bytes, (uint32_t)g->variants[v].n_values);

    ud_table table;
    ud_table_build(&table, g, m.setup.variant);
    table.interpret = interpret;
    ud_chance chance;
    ud_chance_from_bytes(&chance, &bytes);
    *text = NULL;
    *len = 0;
    FILE *mem = open_memstream(text, len);
    ud_transcript_write_header(mem, g, &m.setup, m.policy, NULL, 0);
    ud_sink sink;
    ud_sink_to_file(&sink, mem);
    ud_step s;
    ud_step_init(&s, &table, &m.setup, &chance, &sink, NULL);
    s.check_invariants = 1;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    if (g->state_size > sizeof state)
        die("state too large", g->name);

    ud_status st = ud_start(&s, state);
    int decisions = 0;
    while (st == UD_DECIDE && decisions++ < FUZZ_MAX_DECISIONS) {
        int pick = (int)ud_bytes_below(&bytes, (uint32_t)s.offers.n);
        st = ud_decide_offer(&s, state, pick);
    }
    fclose(mem);
    *fail = s.fail;
    return st;
}

int ud_fuzz_game(const ud_game *g, const uint8_t *data, size_t size)
{
    char *text;
    size_t len;
    ud_failure fail;
    ud_status st = fuzz_play(g, data, size, false, &text, &len, &fail);
    if (st == UD_ERROR)
        die(fail.id ? fail.id : "engine failure", fail.msg);
    if (g->compiled_rows) {
        /* The compiled rows must play exactly the game the table does. */
        char *ref;
        size_t ref_len;
        ud_failure ref_fail;
        ud_status ref_st = fuzz_play(g, data, size, true, &ref, &ref_len, &ref_fail);
        if (ref_st != st || ref_len != len || memcmp(ref, text, len) != 0) {
            fprintf(stderr, "--- compiled rows\n%.*s\n--- interpreted table\n%.*s\n", (int)len,
                    text, (int)ref_len, ref);
            die("compiled rows and the interpreted table differ", g->name);
        }
        free(ref);
    }
    if (st == UD_OVER)
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
    char *out = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&out, &len);
    ud_check_opts opts = { .regen = mem, .check_invariants = 1, .max_decisions = FUZZ_MAX_DECISIONS };
    ud_check_result res;
    int rc = ud_check(&t, &opts, &res, &err);
    fclose(mem);
    const ud_game *g = t.game;
    ud_transcript_free(&t);
    if (rc != 0 && err.internal)
        die(err.rule, err.msg);
    if (rc == 0 && res.complete)
        round_trip(g, out, len);
    free(out);
    return 0;
}
