/*
 * conform_driver.c - `undead conform` under libFuzzer: the input's bytes
 * choose every decision and every outcome (one byte per choice, taken
 * modulo the number of choices; past the end, a PRNG seeded with a hash
 * of the input), so that coverage-guided fuzzing reaches into another
 * implementation of a game through its adapter.  Coverage is undead's
 * (its rule rows and their code), which is what a new situation of the
 * game looks like from here.
 *
 * The adapter comes from the environment, as `undead conform` takes it:
 *
 *   UNDEAD_CONFORM="zombie-dice --chance dictate -- python3 my_adapter.py" \
 *       build/libfuzzer/fuzz/conform_fuzz -max_total_time=600 corpus/
 *
 * words split at spaces (no quoting).  A departure or a broken adapter
 * prints the report `undead conform` prints and aborts, so libFuzzer
 * keeps the input; `conform_fuzz_replay FILE` (the plain build) replays it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "conform.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { WORDS_MAX = 64 };

static cf_opts opts;
static cf_run run;
static char text[4096];
static char *words[WORDS_MAX + 1];
static cf_tape tape;

/* Read UNDEAD_CONFORM and start the adapter, once. */
static void set_up(void)
{
    const char *env = getenv("UNDEAD_CONFORM");
    if (!env || !*env) {
        fputs("conform_fuzz: set UNDEAD_CONFORM=\"GAME [--chance dictate|follow] -- COMMAND ARG...\"\n",
              stderr);
        exit(2);
    }
    snprintf(text, sizeof text, "%s", env);
    int n = 0;
    for (char *save, *w = strtok_r(text, " ", &save); w && n < WORDS_MAX; w = strtok_r(NULL, " ", &save))
        words[n++] = w;
    words[n] = NULL;
    int dd = 0;
    while (dd < n && strcmp(words[dd], "--") != 0)
        dd++;
    if (dd == 0 || dd + 1 >= n) {
        fputs("conform_fuzz: UNDEAD_CONFORM: expected GAME, then '--' and the adapter's command\n", stderr);
        exit(2);
    }
    opts.game = cli_game("conform_fuzz", words[0]);
    cli_game_opts go = { .seed = 1 };
    if (!opts.game || !cli_build_match(opts.game, &go, &opts.match))
        exit(2);
    opts.chance = dd >= 3 && strcmp(words[1], "--chance") == 0 && strcmp(words[2], "follow") == 0
                      ? CF_FOLLOW
                      : CF_DICTATE;
    opts.timeout_ms = 5000;
    opts.max_steps = 500;
    opts.command = words + dd + 1;
    if (cf_run_open(&run, &opts) != CF_AGREE) {
        fprintf(stderr, "conform_fuzz: broken adapter at the start: %s\n", ud_buf_str(&run.broken));
        exit(2);
    }
    cf_tape_init(&tape);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!opts.game)
        set_up();
    /* the bytes as the tape of choices */
    cf_tape_record(&tape, 1);
    for (size_t i = 0; i < size; i++)
        cf_tape_next(&tape, 256, data[i]);
    tape.fill = CF_FILL_HASH;
    cf_tape_replay(&tape);
    cf_departure dep;
    cf_departure_init(&dep);
    cf_verdict v = cf_play(&run, &tape, 1, 0, &dep);
    if (v == CF_BROKEN) {
        fprintf(stderr, "conform_fuzz: broken adapter: %s\n", ud_buf_str(&run.broken));
        abort();
    }
    if (v == CF_DEPART) {
        cf_blame(&run, &tape, &dep);
        ud_buf record;
        ud_buf_init(&record);
        cf_record(&run, &tape, &dep, &record);
        fprintf(stderr,
                "conform_fuzz: departure (%s) at play %llu:\n  rule:     %s\n  why:      %s\n  expected: %s\n"
                "  found:    %s\nrecord (undead check replays it):\n%s",
                cf_dep_kind_name[dep.kind], (unsigned long long)dep.step,
                dep.rule[0] ? dep.rule : "(none found)", ud_buf_str(&dep.why), ud_buf_str(&dep.expected),
                ud_buf_str(&dep.found), ud_buf_str(&record));
        abort();
    }
    cf_departure_free(&dep);
    return 0;
}
