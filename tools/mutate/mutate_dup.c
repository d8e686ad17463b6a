/*
 * mutate_dup.c - a declared duplicate checked by play (mutate.h): the
 * same seeded games, under the mutant and under its twin, must write the
 * same record once the row tags are stripped (they name the rows that
 * fired, which differ by design), or, for a duplicate to the protocol,
 * show `undead conform` the same game: the same chance picks, states,
 * offers and results, whatever lines the rows write.  Played in this
 * process, the mutant in force set directly (core/mutant.h), so only a
 * mutation build can.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutate.h"
#include "games.h"
#include "seen.h"
#include "setup.h"

#ifdef UD_MUTANTS

/* One game under mutant m (NULL: none) into out: its record, row tags
 * dropped, or (protocol) what the protocol shows of it. */
static void play_under(const ud_game *g, const ud_mutant *m, const ud_setup *setup, uint64_t seed,
                       ud_buf *out, uint64_t *fired, bool protocol)
{
    static ud_table t;
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_the_mutant = m ? *m : (ud_mutant){ 0 };
    ud_table_build(&t, g, setup->variant);
    ud_match match;
    ud_match_defaults(&match, g);
    match.setup = *setup;
    match.seed = seed;
    match.max_decisions = 2000; /* a mutant that never ends stops both alike */
    ud_seen_play(&match, &t, state, protocol ? UD_SEEN_PROTOCOL : UD_SEEN_RECORD, out, fired);
    ud_the_mutant = (ud_mutant){ 0 };
}

/* The first line at which a and b differ (1-based), or 0; its two texts
 * (at most 100 bytes each) into la and lb. */
static int first_difference(const char *a, const char *b, char la[104], char lb[104])
{
    for (int line = 1;; line++) {
        size_t na = strcspn(a, "\n"), nb = strcspn(b, "\n");
        if (na != nb || memcmp(a, b, na) != 0) {
            snprintf(la, 104, "%.*s", (int)(na > 100 ? 100 : na), a);
            snprintf(lb, 104, "%.*s", (int)(nb > 100 ? 100 : nb), b);
            return line;
        }
        if (!a[na] || !b[nb])
            return a[na] || b[nb] ? line + 1 : 0;
        a += na + 1;
        b += nb + 1;
    }
}

/* How a game is replayed by hand: its players and readings. */
static void setting_words(const ud_game *g, const ud_setup *setup, uint64_t seed, ud_buf *out)
{
    ud_buf_printf(out, "seed %llu, %d player%s", (unsigned long long)seed, setup->n_players,
                  setup->n_players == 1 ? "" : "s");
    for (int k = 0; k < g->n_variants; k++)
        if (setup->variant[k] != g->variants[k].default_value)
            ud_buf_printf(out, ", %s=%s", g->variants[k].key, g->variants[k].values[setup->variant[k]].name);
}

/* The rows involved: the mutated row's firings under each mutant. */
static uint64_t row_fired(const ud_mutant *m, const uint64_t *fired)
{
    return m->rule ? fired[m->rule - m->game->rules] : 0;
}

typedef struct dup_run {
    const ud_game *g;
    ud_mutant m[2];
    ud_buf rec[3]; /* under the mutant, its twin, no mutant */
    uint64_t fired[3][UD_MAX_RULES];
    bool protocol; /* games compared as the protocol shows them */
    mut_dup_report *rep;
} dup_run;

/* One seeded game three ways; false when the two mutants' records differ
 * (said in rep->differ). */
static bool one_game(dup_run *r, const ud_setup *setup, uint64_t seed)
{
    for (int i = 0; i < 3; i++)
        play_under(r->g, i < 2 ? &r->m[i] : NULL, setup, seed, &r->rec[i], r->fired[i], r->protocol);
    mut_dup_report *rep = r->rep;
    rep->games++;
    char la[104], lb[104];
    for (int i = 0; i < 3; i++) {
        if (i < 2)
            rep->changed[i] += first_difference(ud_buf_str(&r->rec[i]), ud_buf_str(&r->rec[2]), la, lb) != 0;
        rep->fired[i][0] += row_fired(&r->m[0], r->fired[i]);
        rep->fired[i][1] += row_fired(&r->m[1], r->fired[i]);
    }
    int line = first_difference(ud_buf_str(&r->rec[0]), ud_buf_str(&r->rec[1]), la, lb);
    if (!line)
        return true;
    ud_buf where;
    ud_buf_init(&where);
    setting_words(r->g, setup, seed, &where);
    snprintf(rep->differ, sizeof rep->differ, "%s: %s %d is '%s' under the mutant, '%s' under its twin",
             ud_buf_str(&where), r->protocol ? "the protocol's line" : "line", line, la, lb);
    ud_buf_free(&where);
    return false;
}

/* Every seat count from the least to three more, `games` seeds each,
 * under setup's readings; false at the first difference. */
static bool every_table(dup_run *r, ud_setup *setup, uint64_t games)
{
    int lo = r->g->min_players > 0 ? r->g->min_players : 1, hi = ud_game_max_players(r->g);
    if (hi > lo + 3)
        hi = lo + 3;
    for (int n = lo; n <= hi; n++) {
        setup->n_players = n;
        for (int i = 0; i < n; i++)
            snprintf(setup->names[i], sizeof setup->names[i], "p%d", i + 1);
        for (uint64_t seed = 1; seed <= games; seed++)
            if (!one_game(r, setup, seed))
                return false;
    }
    return true;
}

static bool find_mutant(const ud_game *g, const char *name, ud_mutant *m, ud_buf *err)
{
    char text[200];
    snprintf(text, sizeof text, "%s:%s", g->name, name);
    return ud_mutant_parse(text, ud_find_game, m, err);
}

bool mut_dup_compare(const ud_game *g, const char *mutant, const char *twin, bool protocol, uint64_t games,
                     mut_dup_report *rep, ud_buf *err)
{
    memset(rep, 0, sizeof *rep);
    /* Each game sets the mutant in force itself: one the environment
     * named would be armed by the first table built with none. */
    unsetenv("UNDEAD_MUTANT");
    static dup_run r; /* three games' firings: too big for the stack */
    memset(&r, 0, sizeof r);
    r.g = g;
    r.protocol = protocol;
    r.rep = rep;
    if (!find_mutant(g, mutant, &r.m[0], err) || !find_mutant(g, twin, &r.m[1], err))
        return false;
    for (int i = 0; i < 3; i++)
        ud_buf_init(&r.rec[i]);
    ud_setup setup;
    ud_setup_defaults(g, &setup);
    bool same = every_table(&r, &setup, games);
    /* then each other reading of each question, the others at their default */
    for (int k = 0; same && k < g->n_variants; k++)
        for (int v = 0; same && v < g->variants[k].n_values; v++) {
            if (v == g->variants[k].default_value)
                continue;
            ud_setup_defaults(g, &setup);
            setup.variant[k] = v;
            same = every_table(&r, &setup, games);
        }
    for (int i = 0; i < 3; i++)
        ud_buf_free(&r.rec[i]);
    rep->same = same;
    return true;
}

#else

bool mut_dup_compare(const ud_game *g, const char *mutant, const char *twin, bool protocol, uint64_t games,
                     mut_dup_report *rep, ud_buf *err)
{
    (void)g, (void)mutant, (void)twin, (void)protocol, (void)games;
    memset(rep, 0, sizeof *rep);
    ud_buf_puts(err,
                "a duplicate is checked by play under each mutant: it needs a mutation build (the mutants "
                "preset)");
    return false;
}

#endif
