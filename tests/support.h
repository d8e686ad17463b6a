/*
 * support.h - helpers the Criterion suites share: run a transcript held in
 * a string through the parser and the checker (with firing counts and the
 * regenerated transcript), look rules up by ID, and run the undead binary.
 */
#ifndef UD_TEST_SUPPORT_H
#define UD_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "blame.h"
#include "check.h"
#include "play.h"
#include "rng.h"
#include "games.h"
#include "transcript.h"

typedef enum { RUN_OK, RUN_PARSE_ERROR, RUN_CHECK_ERROR } run_status;

typedef struct run {
    run_status status;
    const ud_game *game;          /* the transcript's game (after a parse) */
    ud_error err;                 /* parse or check error */
    ud_check_result res;          /* valid when status == RUN_OK */
    uint64_t fired[UD_MAX_RULES]; /* firing counts of game->rules */
    char names[UD_MAX_PLAYERS][UD_NAME_MAX];
    int n_players;
    char *regen; /* canonical transcript the check wrote */
    size_t regen_len;
} run;

/* Parse and check text; never fails the test by itself. */
run_status run_text(run *r, const char *text);
/* As run_text, and a refusal blamed (core/blame.h): the blame in b, the
 * rule it names in r->err.rule (as `undead check` prints it, when some
 * evidence names one) and its evidence sentence in evidence (size bytes). */
run_status run_blamed(run *r, const char *text, ud_blame *b, char *evidence, size_t size);
void run_free(run *r);

/* Firing count of rule id in r (the test fails if the game has no such rule). */
uint64_t fired(const run *r, const char *id);
/* Score of the named player after the run (fails the test on an unknown name). */
int score_of(const run *r, const char *name);
/* Seat of the named player, or fails. */
int seat_of(const run *r, const char *name);

/* Assert r passed the check; on failure the message shows the error. */
void assert_ok(const run *r);
/* Assert r's regenerated transcript checks again and regenerates to the
 * same bytes (the canonical form is a fixed point). */
void assert_regen_stable(const run *r);
/* Assert r failed the check (not the parse) at line, with rule ID rule
 * ("" for none) and a message containing phrase. */
void assert_check_error(const run *r, int line, const char *rule, const char *phrase);
/* Assert text fails to parse at line:col with a message containing phrase. */
void assert_parse_error(const char *text, size_t len, int line, int col, const char *phrase);

/* Run the undead binary with argv (argv[0] ignored; NULL-terminated) and
 * optional standard input; returns its exit status (-1 if it did not exit
 * normally) and its output, NUL-terminated, in *out and *err (free them). */
int run_undead(const char *const *argv, const char *input, char **out, char **err);

/* ---- sample sizes ------------------------------------------------------------------ */

/* n, or a quarter of it (at least 1) in the sanitizer build (tests/CMakeLists.txt
 * defines UD_TEST_SANITIZED there), for loops that play many games.  That
 * build is there to catch memory and undefined-behaviour errors, which the
 * first hundred games meet as surely as the last, and it runs every test 5 to
 * 15 times slower; the plain build runs every loop in full.  A statistical
 * test whose sample shrinks widens its interval with it (it is computed from
 * the sample size, never fixed). */
static inline int test_sample(int n)
{
#ifdef UD_TEST_SANITIZED
    return n / 4 > 0 ? n / 4 : 1;
#else
    return n;
#endif
}

/* ---- every registered game ------------------------------------------------------ */

/* Loop over the registry (spec/games.h): machinery suites never name a game. */
#define FOR_EACH_GAME(g) for (const ud_game *const *g##_it = ud_games, *g; (g = *g##_it); g##_it++)

/* The player counts a suite tries: min_players to min(max_players, 6). */
int game_max_tested_players(const ud_game *g);

/* "undead-transcript 1\ngame NAME\n" for g, in a static buffer. */
const char *game_header(const ud_game *g);

/* A seeded game of g as a transcript (malloc'd, NUL-terminated; free it),
 * n players named p1.., every seat on "random", variants as given (NULL:
 * the defaults), invariants checked.  res gets the result. */
char *play_text(const ud_game *g, int n_players, const int *variant, uint64_t seed, ud_result *res,
                uint64_t *fired);

/* A game of g whose chance outcomes and decisions come from bytes (as a
 * fuzzer's would), players p1.., invariants checked, at most 3000
 * decisions: interpreted or through its compiled rows, its lines to sink
 * (NULL: none), firing counts to fired (NULL: none), and the reading audit
 * to reads_seen (NULL: off).  state gets the final position; *steps (if
 * not NULL) the rows fired.  Returns the status it stopped with. */
ud_status play_bytes_game(const ud_game *g, int players, const int *variant, const uint8_t *data, size_t size,
                          bool interpret, ud_sink *sink, uint64_t *fired, uint32_t *reads_seen, void *state,
                          uint64_t *steps);

/* Random values for every variant of g, from rng. */
void random_variants(const ud_game *g, ud_rng *rng, int *variant);

/* Whole file as a NUL-terminated string (fails the test if unreadable). */
char *slurp(const char *path, size_t *len);
/* The file at path with line inserted after its line `after` (malloc'd). */
char *slurp_inserting(const char *path, int after, const char *line);

/* ---- a game's own suite: golden cases and scenarios --------------------------------- */

/* Parse and check text into r (free it with run_free), asserting it
 * passes and regenerates stably; its firing counts are added to acc
 * (NULL: not kept). */
void play_scenario(run *r, const char *text, uint64_t *acc);
/* A scenario of a game's suite: fn(acc) is defined after it, a test of
 * suite run with no accumulator, and a function the meta-test
 * (assert_scenarios_match_rules) runs again with one. */
#define SCENARIO_TEST(suite, fn)   \
    static void fn(uint64_t *acc); \
    Test(suite, fn) { fn(NULL); }  \
    static void fn(uint64_t *acc)

/* Parse and check golden/<g's folder>/CASE_PATH.in into r (free it with
 * run_free), asserting it passes and regenerates stably. */
void play_case(run *r, const ud_game *g, const char *case_path);

/* Both ways, for a suite with one scenario per rule: every rule of g is
 * named by exactly one of the n scenarios, and each scenario names a rule
 * of g and fires it (its firings added to the array it is given).  suite
 * is the file the scenarios are in, for the messages. */
typedef void (*scenario_fn)(uint64_t *fired);
typedef struct rule_scenario {
    const char *id;
    scenario_fn fn;
} rule_scenario;
void assert_scenarios_match_rules(const ud_game *g, const rule_scenario *scenarios, int n, const char *suite);

/* Whether g's invariant id holds in state (the test fails if g has no
 * such invariant); why (NULL: none) is cleared, then gets the message of
 * a broken one. */
bool game_invariant_holds(const ud_game *g, const char *id, const void *state, ud_buf *why);

/* Every rule of g fires in at least one of the n golden cases (play_case). */
void assert_every_rule_fires_in_a_case(const ud_game *g, const char *const *cases, int n);

/* ---- a scratch folder for the files a test writes ------------------------------------ */

/* Makes a new folder /tmp/PREFIX-XXXXXX (the test fails if it cannot). */
void scratch_make(const char *prefix);
/* Its path, until scratch_remove. */
const char *scratch_dir(void);
/* Writes text to NAME in it (the test fails if it cannot). */
void scratch_put(const char *name, const char *text);
/* Removes it and all it holds (the test fails if it cannot). */
void scratch_remove(void);

/* ---- a planted invariant ------------------------------------------------------------ */

/* A copy of g whose invariants are the n given instead (and interpreted:
 * no compiled runner), for an exploration that must find one broken; one
 * copy at a time, until the next call. */
const ud_game *planted_game_of(const ud_game *g, const ud_invariant *inv, int n);
/* trace, the path to a planted violation the explorer found: legal under
 * the real rules (a partial game), and, replayed with the planted copy,
 * broken at invariant id.  what names the case in messages.  Returns
 * whether the checker called that an internal error. */
bool assert_trace_breaks_planted(const char *trace, const char *id, const char *what);

/* ---- a suite that runs the binary --------------------------------------------------- */

/* cli_out and cli_err hold the last cli_run's output.  cli_suite_init and
 * cli_suite_fini, a TestSuite's .init and .fini, make and remove a scratch
 * folder, where cli_write_file puts a file for the binary to read. */
extern char *cli_out, *cli_err;
void cli_suite_init(void);
void cli_suite_fini(void);
const char *cli_scratch(void); /* the scratch folder */
/* Writes text to NAME in the scratch folder; returns its path (valid until
 * the next call). */
const char *cli_write_file(const char *name, const char *text);
/* run_undead into cli_out and cli_err (the previous output freed). */
int cli_run(const char *const *argv, const char *input);
#define CLI_RUN(input, ...) cli_run((const char *const[]){ "undead", __VA_ARGS__, NULL }, (input))
#define CLI_HAS(text, phrase) cr_assert_not_null(strstr(text, phrase), "'%s' lacks '%s'", text, phrase)

#endif
