/*
 * conform_drive.c - `undead conform`'s run (conform.h: cf_conform): another
 * implementation of a game, behind an adapter speaking docs/conformance.md,
 * held to the rule table step by step; cmd_conform.c is its command line.
 *
 * Three drivers choose the decisions and outcomes, in this order when
 * several are asked: --games N seeded games under the seats' policies;
 * --depth D every decision and every outcome to D decisions (counts of
 * positions per depth, as chess programs' perft); --seconds S a fuzzer
 * whose inputs are tapes of choices, kept when they fire a row no game
 * fired before.  The first departure stops the run: it is shrunk, its
 * rule found, and its record printed.
 *
 * Under --chance both (the default) each seeded game is played twice with
 * its seed, undead dictating the outcomes and then the implementation
 * drawing them: as many games as the two modes run one after the other
 * would play, and a departure only one mode sees is met as early in the
 * run as the other's.  The depth and the fuzzer drive the outcomes
 * themselves, so they play in dictate mode.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "conform.h"
#include "outfile.h"
#include "record.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- reporting a departure ---------------------------------------------------------- */

static void print_departure(const cf_run *run, const cf_departure *dep, const char *where)
{
    printf("departure (%s) %s, at play %" PRIu64 " (after %" PRIu64 " decision%s):\n",
           cf_dep_kind_name[dep->kind], where, dep->step, dep->decisions, dep->decisions == 1 ? "" : "s");
    printf("  rule:     %s\n", dep->rule[0] ? dep->rule : "(none found)");
    if (dep->why.len)
        printf("  why:      %s\n", ud_buf_str(&dep->why));
    char first[UD_ERROR_RULE_MAX];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(dep->rule, " "), dep->rule);
    const ud_rule *r = ud_game_rule(run->o->game, first);
    if (r) { /* the rule named first, as the rule texts give it */
        ud_buf text;
        ud_buf_init(&text);
        ud_blame_rule_text(run->o->game, r, "  says:     ", "            ", &text);
        fputs(ud_buf_str(&text), stdout);
        ud_buf_free(&text);
    }
    printf("  expected: %s\n", ud_buf_str(&dep->expected));
    printf("  found:    %s\n", ud_buf_str(&dep->found));
    printf("  request:  %s\n", dep->request);
}

/* --record FILE: the departing game's record, whole or not at all
 * (outfile.h); false with a message. */
static bool write_record(const char *path, const ud_buf *record)
{
    ud_buf why;
    ud_buf_init(&why);
    bool ok = ud_outfile_write_all(path, ud_buf_str(record), record->len, &why);
    if (!ok)
        fprintf(stderr, "undead conform: --record %s: cannot write: %s\n", path, ud_buf_str(&why));
    ud_buf_free(&why);
    return ok;
}

/* --format json: the departure and its record as one object, one line. */
static void print_departure_json(const cf_run *run, const cf_departure *dep, const char *where,
                                 const char *record, int tries, uint64_t found_at)
{
    const ud_game *g = run->o->game;
    ud_buf j;
    ud_buf_init(&j);
    ud_buf_printf(&j, "{\"departure\":\"%s\",\"where\":", cf_dep_kind_name[dep->kind]);
    ud_blame_json_string(&j, where);
    ud_buf_printf(&j,
                  ",\"play\":%" PRIu64 ",\"decisions\":%" PRIu64 ",\"found_after\":%" PRIu64
                  ",\"shrink_games\":%d,\"expected\":",
                  dep->step, dep->decisions, found_at, tries);
    ud_blame_json_string(&j, ud_buf_str(&dep->expected));
    ud_buf_puts(&j, ",\"found\":");
    ud_blame_json_string(&j, ud_buf_str(&dep->found));
    ud_buf_puts(&j, ",\"request\":");
    ud_blame_json_string(&j, dep->request);
    ud_buf_puts(&j, ",\"rule\":");
    ud_blame_json_string(&j, dep->rule);
    ud_buf_printf(&j, ",\"evidence\":\"%s\",\"why\":", ud_blame_kind_name(dep->blame));
    ud_blame_json_string(&j, ud_buf_str(&dep->why));
    ud_buf_puts(&j, ud_buf_str(&dep->confirmed));
    char first[UD_ERROR_RULE_MAX];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(dep->rule, " "), dep->rule);
    ud_blame_rule_json(g, ud_game_rule(g, first), &j);
    ud_buf_puts(&j, ",\"record\":");
    ud_blame_json_string(&j, record);
    ud_buf_puts(&j, "}\n");
    fputs(ud_buf_str(&j), stdout);
    ud_buf_free(&j);
}

static int report_departure(cf_run *run, cf_tape *tape, cf_departure *dep, const cf_drivers *a,
                            const char *where, recorder *rec)
{
    uint64_t found_at = dep->decisions;
    size_t found_len = dep->tape_pos;
    if (a->shrink_tries > 0)
        cf_shrink(run, tape, dep, a->shrink_tries);
    cf_blame(run, tape, dep);
    ud_buf record;
    ud_buf_init(&record);
    cf_record(run, tape, dep, &record);
    if (a->json)
        print_departure_json(run, dep, where, ud_buf_str(&record),
                             a->shrink_tries > 0 ? run->shrink_tries : 0, found_at);
    else {
        print_departure(run, dep, where);
        if (a->shrink_tries > 0)
            printf("shrunk: from %" PRIu64 " decisions and %zu choices to %" PRIu64
                   " decisions and %zu choices (%d games tried)\n",
                   found_at, found_len, dep->decisions, dep->tape_pos, run->shrink_tries);
        printf("record (undead check replays it):\n%s", ud_buf_str(&record));
    }
    int rc = UD_EXIT_FAIL;
    if (a->record && !write_record(a->record, &record))
        rc = UD_EXIT_USAGE;
    if (rec->db) {
        char key[300];
        snprintf(key, sizeof key, "conform:%s:%s:%s", run->o->game->name, run->adapter_name,
                 cf_dep_kind_name[dep->kind]);
        ud_buf variants;
        ud_buf_init(&variants);
        rec_variants_text(run->o->game, run->o->match.setup.variant, &variants);
        db_case dc = { .key = key,
                       .kind = "conform",
                       .game = run->o->game->name,
                       .variants = ud_buf_str(&variants),
                       .inputs = ud_buf_str(&record),
                       .status = "violation",
                       .outcome = cf_dep_kind_name[dep->kind],
                       .decisions = (int64_t)dep->decisions,
                       .rules = dep->rule };
        db_case_add(rec->db, rec->run, &dc);
        ud_buf_free(&variants);
    }
    ud_buf_free(&record);
    return rc;
}

/* ---- the drivers ---------------------------------------------------------------------- */

typedef enum { DRIVE_ON, DRIVE_STOP } drive;

/* A game's verdict: go on, or stop with *rc. */
static drive judge(cf_run *run, cf_verdict v, cf_tape *tape, cf_departure *dep, const cf_drivers *a,
                   const char *where, recorder *rec, int *rc, uint64_t *endless)
{
    if (v == CF_AGREE)
        return DRIVE_ON;
    if (v == CF_ENDLESS) {
        (*endless)++;
        return DRIVE_ON;
    }
    if (v == CF_BROKEN) {
        printf("broken adapter %s: %s\n", where, ud_buf_str(&run->broken));
        *rc = UD_EXIT_USAGE;
        return DRIVE_STOP;
    }
    if (dep->kind == CF_DEP_LIMIT) { /* not the adapter's departure: nothing to shrink or blame */
        printf("stopped %s at a limit of undead's, no departure found: %s%s%s\n", where, dep->rule,
               dep->rule[0] ? ": " : "", ud_buf_str(&dep->found));
        *rc = UD_EXIT_USAGE;
        return DRIVE_STOP;
    }
    *rc = report_departure(run, tape, dep, a, where, rec);
    return DRIVE_STOP;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static drive seeded_games(cf_run *run, const cf_drivers *a, uint64_t first_seed, recorder *rec, int *rc);

/* The seeded games R times: the median plays per second (a benchmark). */
static drive repeated_games(cf_run *run, const cf_drivers *a, recorder *rec, int *rc)
{
    double *rate = calloc(a->repeat, sizeof *rate);
    if (!rate) {
        *rc = UD_EXIT_USAGE;
        return DRIVE_STOP;
    }
    drive d = DRIVE_ON;
    uint64_t r = 0;
    for (; r < a->repeat && d == DRIVE_ON; r++) {
        uint64_t steps0 = run->steps;
        double t0 = now_s();
        /* other games each time: follow mode's tallies must not count one
         * game's outcomes five times */
        d = seeded_games(run, a, run->o->match.seed + r * a->games, rec, rc);
        double dt = now_s() - t0;
        rate[r] = dt > 0 ? (double)(run->steps - steps0) / dt : 0;
    }
    if (d == DRIVE_ON) {
        qsort(rate, r, sizeof *rate, cmp_double);
        printf("bench: median %.0f plays/s over %" PRIu64 " runs of %" PRIu64 " games (min %.0f, max %.0f); "
               "%s\n",
               rate[r / 2], r, a->games, rate[0], rate[r - 1],
               run->o->no_offers ? "the offers not asked" : "each play also compares the offers");
        rec_metric(rec, "conform_median_plays_per_s", rate[r / 2], "plays/s");
    }
    free(rate);
    return d;
}

/* The chance modes a seeded game is played in, in order: both (the
 * default) or the one asked. */
static int game_modes(const cf_opts *o, cf_chance_mode out[2])
{
    if (o->chance != CF_BOTH) {
        out[0] = o->chance;
        return 1;
    }
    out[0] = CF_DICTATE;
    out[1] = CF_FOLLOW;
    return 2;
}

static drive seeded_games(cf_run *run, const cf_drivers *a, uint64_t first_seed, recorder *rec, int *rc)
{
    cf_tape tape;
    cf_tape_init(&tape);
    cf_departure dep;
    cf_departure_init(&dep);
    uint64_t endless = 0, played = 0, steps0 = run->steps;
    double t0 = now_s();
    drive d = DRIVE_ON;
    cf_chance_mode modes[2];
    int n_modes = game_modes(run->o, modes);
    for (uint64_t i = 0; i < a->games && d == DRIVE_ON; i++) {
        uint64_t seed = first_seed + i;
        for (int m = 0; m < n_modes && d == DRIVE_ON; m++) {
            run->chance = modes[m];
            cf_tape_record(&tape, seed);
            cf_verdict v = cf_play(run, &tape, seed, 0, &dep);
            played++;
            char where[96];
            snprintf(where, sizeof where, "in seeded game %" PRIu64 " (seed %" PRIu64 "%s)", i + 1, seed,
                     n_modes == 2 && modes[m] == CF_FOLLOW ? ", chance follow" : "");
            d = judge(run, v, &tape, &dep, a, where, rec, rc, &endless);
        }
    }
    double dt = now_s() - t0;
    if (d == DRIVE_ON && n_modes == 2)
        printf("seeded: each game in dictate mode, then with its seed in follow mode: %" PRIu64
               " games played\n",
               played);
    if (d == DRIVE_ON)
        printf("seeded: %" PRIu64 " games, %" PRIu64 " plays in %.2f s (%.0f plays/s), every step agreed\n",
               played / (uint64_t)n_modes, run->steps - steps0, dt,
               dt > 0 ? (double)(run->steps - steps0) / dt : 0.0);
    if (endless)
        printf("seeded: %" PRIu64 " games had no end within --max-decisions and were not judged to the end\n",
               endless);
    rec_metric(rec, "conform_games", (double)played, "games");
    rec_metric(rec, "conform_plays_per_s", dt > 0 ? (double)(run->steps - steps0) / dt : 0.0, "plays/s");
    cf_departure_free(&dep);
    cf_tape_free(&tape);
    return d;
}

/* Every path of decisions and outcomes to depth D: the tape as an
 * odometer, each digit counting up to its choice's range. */
static drive every_path(cf_run *run, const cf_drivers *a, recorder *rec, int *rc)
{
    cf_tape tape;
    cf_tape_init(&tape);
    tape.fill = CF_FILL_ZERO;
    cf_departure dep;
    cf_departure_init(&dep);
    uint64_t positions[CF_MAX_DEPTH + 2] = { 0 }, paths = 0, endless = 0;
    if (run->o->chance == CF_BOTH)
        run->chance = CF_DICTATE; /* the paths enumerate the outcomes: undead dictates them */
    size_t changed = 0;
    bool first = true;
    drive d = DRIVE_ON;
    for (;;) {
        cf_tape_replay(&tape);
        cf_verdict v = cf_play(run, &tape, run->o->match.seed, a->depth, &dep);
        paths++;
        char where[96];
        snprintf(where, sizeof where, "on path %" PRIu64 " of the depth-%" PRIu64 " enumeration", paths,
                 a->depth);
        if ((d = judge(run, v, &tape, &dep, a, where, rec, rc, &endless)) == DRIVE_STOP)
            break;
        /* a position after play k is new when the choices that led to it
         * differ from the last path's: the change is before it */
        for (int k = 1; k <= run->depth_reached; k++)
            if (first || changed < run->depth_pos[k])
                positions[k]++;
        first = false;
        cf_tape_truncate(&tape, tape.pos);
        size_t i = tape.n;
        while (i > 0 && tape.next[i - 1] >= tape.range[i - 1])
            i--;
        if (i == 0)
            break;
        tape.val[i - 1] = tape.next[i - 1];
        cf_tape_truncate(&tape, i);
        changed = i - 1;
    }
    if (d == DRIVE_ON) {
        printf("depth %" PRIu64 ": %" PRIu64 " paths of decisions and outcomes (counted: %" PRIu64
               " outcomes of the set-up, %" PRIu64 " of each play after a decision), every step agreed; "
               "positions after each play:",
               a->depth, paths, run->o->enum_setup, run->o->enum_outcomes);
        for (uint64_t k = 1; k <= a->depth; k++)
            printf(" %" PRIu64, positions[k]);
        printf("\n");
    }
    rec_metric(rec, "conform_paths", (double)paths, "paths");
    cf_departure_free(&dep);
    cf_tape_free(&tape);
    return d;
}

enum { CORPUS_MAX = 512 };

/* Tapes of choices mutated and kept when they fire a row not fired yet. */
static drive fuzz(cf_run *run, const cf_drivers *a, recorder *rec, int *rc)
{
    const ud_game *g = run->o->game;
    cf_tape *corpus = calloc(CORPUS_MAX, sizeof *corpus);
    cf_tape tape;
    cf_tape_init(&tape);
    cf_departure dep;
    cf_departure_init(&dep);
    if (!corpus) {
        fputs("undead conform: out of memory\n", stderr);
        *rc = UD_EXIT_USAGE;
        return DRIVE_STOP;
    }
    int kept = 0;
    uint64_t games = 0, endless = 0;
    if (run->o->chance == CF_BOTH)
        run->chance = CF_DICTATE; /* the tapes choose the outcomes: undead dictates them */
    ud_rng rng;
    ud_rng_seed(&rng, run->o->match.seed ^ UINT64_C(0x5bd1e995));
    double end = now_s() + (double)a->seconds;
    drive d = DRIVE_ON;
    while (d == DRIVE_ON && now_s() < end) {
        uint64_t seed = run->o->match.seed + games;
        if (kept == 0 || ud_rng_below(&rng, 4) == 0)
            cf_tape_record(&tape, seed);
        else {
            cf_tape_copy(&tape, &corpus[ud_rng_below(&rng, (uint32_t)kept)]);
            if (tape.n > 0) {
                int changes = 1 + (int)ud_rng_below(&rng, 3);
                for (int k = 0; k < changes; k++) {
                    size_t at = ud_rng_below(&rng, (uint32_t)tape.n);
                    tape.val[at] = ud_rng_below(&rng, tape.range[at] ? tape.range[at] : 1);
                }
                if (ud_rng_below(&rng, 2))
                    cf_tape_truncate(&tape, ud_rng_below(&rng, (uint32_t)tape.n) + 1);
            }
            ud_rng_seed(&tape.rng, seed);
            tape.fill = CF_FILL_RANDOM;
            cf_tape_replay(&tape);
        }
        uint64_t before[UD_MAX_RULES];
        memcpy(before, run->fired, sizeof before);
        cf_verdict v = cf_play(run, &tape, seed, 0, &dep);
        games++;
        char where[96];
        snprintf(where, sizeof where, "in fuzzed game %" PRIu64, games);
        tape.fill = CF_FILL_HASH;
        if ((d = judge(run, v, &tape, &dep, a, where, rec, rc, &endless)) == DRIVE_STOP)
            break;
        bool new_row = false;
        for (int r = 0; r < g->n_rules && !new_row; r++)
            new_row = before[r] == 0 && run->fired[r] > 0;
        if (new_row && kept < CORPUS_MAX) {
            cf_tape_init(&corpus[kept]);
            cf_tape_truncate(&tape, tape.pos);
            cf_tape_copy(&corpus[kept], &tape);
            kept++;
        }
    }
    int fired = 0, active = 0;
    for (int r = 0; r < g->n_rules; r++) {
        active += run->table.active[r];
        fired += run->table.active[r] && run->fired[r] > 0;
    }
    if (d == DRIVE_ON)
        printf("fuzz: %" PRIu64 " games in %" PRIu64
               " s, %d tapes kept, %d of %d rows fired, every step agreed\n",
               games, a->seconds, kept, fired, active);
    rec_metric(rec, "conform_fuzz_games", (double)games, "games");
    rec_metric(rec, "conform_rows_fired", fired, "rows");
    for (int k = 0; k < kept; k++)
        cf_tape_free(&corpus[k]);
    free(corpus);
    cf_departure_free(&dep);
    cf_tape_free(&tape);
    return d;
}

/* Follow mode: are the implementation's dice and decks fair? */
static drive fair_chance(cf_run *run, const cf_drivers *a, int *rc)
{
    ud_buf table;
    ud_buf_init(&table);
    char worst[700];
    int tested;
    double p = cf_tally_report(run->tally, &table, worst, sizeof worst, &tested);
    double level = tested ? a->alpha / tested : a->alpha;
    if (a->verbose || p < level)
        fputs(ud_buf_str(&table), stdout);
    drive d = DRIVE_ON;
    if (tested == 0)
        printf("chance: no kind of choice drawn often enough for a chi-square test (play more games)\n");
    else if (p < level) {
        printf("departure (chance): the outcomes of %s are not distributed as the rules say: p = %.3g, below "
               "%.3g (%g over %d kinds tested)\n",
               worst, p, level, a->alpha, tested);
        *rc = UD_EXIT_FAIL;
        d = DRIVE_STOP;
    } else
        printf("chance: %d kinds of choice tested, smallest p = %.3g (%s), none below %.3g\n", tested, p,
               worst, level);
    ud_buf_free(&table);
    return d;
}

static const char *const chance_name[] = {
    [CF_DICTATE] = "dictate", [CF_FOLLOW] = "follow", [CF_BOTH] = "both"
};

int cf_conform(const cf_opts *o, const cf_drivers *a, const rec_opts *ro)
{
    recorder rec;
    if (!rec_begin(&rec, ro, "conform", o->game))
        return UD_EXIT_USAGE;
    rec_match(&rec, &o->match);
    rec_param(&rec, "chance", "%s", chance_name[o->chance]);
    rec_param(&rec, "adapter", "%s", o->command[0]);
    cf_run *run = calloc(1, sizeof *run);
    if (!run) {
        fputs("undead conform: out of memory\n", stderr);
        return rec_end(&rec, UD_EXIT_USAGE);
    }
    int rc = UD_EXIT_OK;
    if (cf_run_open(run, o) != CF_AGREE) {
        printf("broken adapter at the start: %s\n", ud_buf_str(&run->broken));
        rc = UD_EXIT_USAGE;
    } else {
        printf("conform %s: adapter '%s', protocol %d, chance %s\n", o->game->name, run->adapter_name,
               CF_PROTOCOL, o->chance == CF_BOTH ? "both (dictate, then follow)" : chance_name[o->chance]);
        fflush(stdout);
        if (o->chance == CF_FOLLOW || (o->chance == CF_BOTH && a->games))
            run->tally = cf_tally_new(); /* only seeded games play in follow mode under both */
        drive d = DRIVE_ON;
        if (a->games)
            d = a->repeat > 1 ? repeated_games(run, a, &rec, &rc)
                              : seeded_games(run, a, o->match.seed, &rec, &rc);
        if (d == DRIVE_ON && a->depth)
            d = every_path(run, a, &rec, &rc);
        if (d == DRIVE_ON && a->seconds)
            d = fuzz(run, a, &rec, &rc);
        if (d == DRIVE_ON && run->tally)
            d = fair_chance(run, a, &rc);
        rec_coverage(&rec, o->game, run->fired);
        rec_metric(&rec, "conform_plays", (double)run->steps, "plays");
        rec_metric(&rec, "conform_offers_compared", (double)run->queries, "queries");
    }
    cf_tally_free(run->tally);
    cf_run_close(run);
    free(run);
    return rec_end(&rec, rc);
}
