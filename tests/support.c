/*
 * support.c - shared helpers of the Criterion suites (see support.h).
 */
#define _XOPEN_SOURCE 700 /* nftw */

#include "support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

run_status run_text(run *r, const char *text)
{
    memset(r, 0, sizeof *r);
    ud_transcript t;
    if (ud_transcript_parse(text, strlen(text), ud_find_game, &t, &r->err) != 0) {
        r->status = RUN_PARSE_ERROR;
        return r->status;
    }
    r->game = t.game;
    r->n_players = t.setup.n_players;
    memcpy(r->names, t.setup.names, sizeof r->names);
    FILE *regen = open_memstream(&r->regen, &r->regen_len);
    cr_assert_not_null(regen);
    ud_check_opts opts = { .regen = regen, .fired = r->fired, .check_invariants = 1 };
    int rc = ud_check(&t, &opts, &r->res, &r->err);
    fclose(regen);
    ud_transcript_free(&t);
    r->status = rc == 0 ? RUN_OK : RUN_CHECK_ERROR;
    return r->status;
}

run_status run_blamed(run *r, const char *text, ud_blame *b, char *evidence, size_t size)
{
    memset(r, 0, sizeof *r);
    memset(b, 0, sizeof *b);
    evidence[0] = '\0';
    ud_transcript t;
    if (ud_transcript_parse(text, strlen(text), ud_find_game, &t, &r->err) != 0) {
        r->status = RUN_PARSE_ERROR;
        return r->status;
    }
    r->game = t.game;
    ud_check_opts opts = { .fired = r->fired };
    r->status = ud_check(&t, &opts, &r->res, &r->err) == 0 ? RUN_OK : RUN_CHECK_ERROR;
    if (r->status == RUN_CHECK_ERROR) {
        /* the suites assert which rule is named, which a time bound
         * reached on a slow (sanitized, loaded) machine would change */
        ud_blame_set_seconds(0);
        ud_blame_check(&t, &opts, &r->res, &r->err, b);
        if (b->kind != UD_BLAME_NONE)
            ud_blame_rule_ids(b, r->err.rule, sizeof r->err.rule);
        ud_buf why;
        ud_buf_init(&why);
        ud_blame_evidence(t.game, b, "the record", &why);
        snprintf(evidence, size, "%s", ud_buf_str(&why));
        ud_buf_free(&why);
    }
    ud_transcript_free(&t);
    return r->status;
}

void run_free(run *r)
{
    free(r->regen);
    r->regen = NULL;
}

uint64_t fired(const run *r, const char *id)
{
    cr_assert_not_null(r->game, "no game was parsed");
    const ud_rule *rule = ud_game_rule(r->game, id);
    cr_assert_not_null(rule, "%s has no rule %s", r->game->name, id);
    return r->fired[ud_game_rule_index(r->game, rule)];
}

int seat_of(const run *r, const char *name)
{
    for (int i = 0; i < r->n_players; i++)
        if (strcmp(r->names[i], name) == 0)
            return i;
    cr_assert_fail("no player %s", name);
    return -1;
}

int score_of(const run *r, const char *name) { return r->res.score[seat_of(r, name)]; }

void assert_ok(const run *r)
{
    cr_assert_eq(r->status, RUN_OK, "expected a legal transcript; got %s error at %d:%d [%s] %s",
                 r->status == RUN_PARSE_ERROR ? "parse" : "check", r->err.line, r->err.col, r->err.rule,
                 r->err.msg);
}

void assert_regen_stable(const run *r)
{
    cr_assert_not_null(r->regen);
    run again;
    run_text(&again, r->regen);
    cr_assert_eq(again.status, RUN_OK, "the regenerated transcript fails at %d: [%s] %s\n%s", again.err.line,
                 again.err.rule, again.err.msg, r->regen);
    cr_assert_eq(again.regen_len, r->regen_len, "regenerating twice changes the length");
    cr_assert_eq(memcmp(again.regen, r->regen, r->regen_len), 0, "regenerating twice changes the text");
    cr_assert_eq(memcmp(again.fired, r->fired, sizeof r->fired), 0, "firing counts differ on replay");
    cr_assert_eq(again.res.complete, r->res.complete);
    cr_assert_eq(again.res.winner, r->res.winner);
    cr_assert_eq(memcmp(again.res.score, r->res.score, sizeof r->res.score), 0);
    run_free(&again);
}

void assert_check_error(const run *r, int line, const char *rule, const char *phrase)
{
    cr_assert_eq(r->status, RUN_CHECK_ERROR, "expected a check error; status %d, error %d:%d %s", r->status,
                 r->err.line, r->err.col, r->err.msg);
    cr_assert_eq(r->err.line, line, "error line %d, expected %d: %s", r->err.line, line, r->err.msg);
    cr_assert_str_eq(r->err.rule, rule, "error rule '%s', expected '%s': %s", r->err.rule, rule, r->err.msg);
    cr_assert_not_null(strstr(r->err.msg, phrase), "message '%s' lacks '%s'", r->err.msg, phrase);
    cr_assert_eq(r->err.internal, 0, "an input error is not internal: %s", r->err.msg);
}

void assert_parse_error(const char *text, size_t len, int line, int col, const char *phrase)
{
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    int rc = ud_transcript_parse(text, len, ud_find_game, &t, &err);
    cr_assert_eq(rc, -1, "expected a parse error (%s)", phrase);
    cr_assert_eq(err.set, 1);
    cr_assert_eq(err.line, line, "error line %d, expected %d: %s", err.line, line, err.msg);
    cr_assert_eq(err.col, col, "error column %d, expected %d: %s", err.col, col, err.msg);
    cr_assert_str_eq(err.rule, "", "a parse error names no rule: %s", err.rule);
    cr_assert_not_null(strstr(err.msg, phrase), "message '%s' lacks '%s'", err.msg, phrase);
    cr_assert_null(t.lines, "a failed parse frees its lines");
}

/* All of f from its start, NUL-terminated; its length to *len (if not NULL). */
static char *read_all(FILE *f, size_t *len)
{
    rewind(f);
    char *buf = NULL;
    size_t n = 0;
    FILE *mem = open_memstream(&buf, &n);
    cr_assert_not_null(mem);
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, got, mem);
    fclose(mem);
    if (len)
        *len = n;
    return buf;
}

char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    char *buf = read_all(f, len);
    fclose(f);
    return buf;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    return remove(path);
}

int run_undead(const char *const *argv, const char *input, char **out, char **err)
{
    FILE *in = tmpfile(), *o = tmpfile(), *e = tmpfile();
    cr_assert(in && o && e, "tmpfile failed");
    if (input)
        fputs(input, in);
    fflush(in);
    rewind(in);
    fflush(NULL);
    /* A fresh working directory, so nothing the command writes by default
     * (a results database, say) lands in the build tree. */
    char dir[] = "/tmp/undead-cli-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    pid_t pid = fork();
    cr_assert_neq(pid, -1, "fork failed");
    if (pid == 0) {
        if (chdir(dir) != 0)
            _exit(126);
        dup2(fileno(in), 0);
        dup2(fileno(o), 1);
        dup2(fileno(e), 2);
        char *args[64];
        int n = 0;
        args[n++] = (char *)UD_UNDEAD_EXE;
        for (int i = 1; argv[i] && n < 63; i++)
            args[n++] = (char *)argv[i];
        args[n] = NULL;
        execv(UD_UNDEAD_EXE, args);
        _exit(127);
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert_eq(nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS), 0, "cannot remove %s", dir);
    *out = read_all(o, NULL);
    *err = read_all(e, NULL);
    fclose(in);
    fclose(o);
    fclose(e);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int game_max_tested_players(const ud_game *g) { return g->max_players < 6 ? g->max_players : 6; }

const char *game_header(const ud_game *g)
{
    static char hdr[128];
    snprintf(hdr, sizeof hdr, "undead-transcript 1\ngame %s\n", g->name);
    return hdr;
}

ud_status play_bytes_game(const ud_game *g, int players, const int *variant, const uint8_t *data, size_t size,
                          bool interpret, ud_sink *sink, uint64_t *fired, uint32_t *reads_seen, void *state,
                          uint64_t *steps)
{
    ud_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.n_players = players;
    for (int i = 0; i < players; i++)
        snprintf(setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    memcpy(setup.variant, variant, sizeof setup.variant);
    ud_table t;
    ud_table_build(&t, g, setup.variant);
    t.interpret = interpret;
    ud_bytes bytes;
    ud_bytes_init(&bytes, data, size);
    ud_chance chance;
    ud_chance_from_bytes(&chance, &bytes);
    ud_step s;
    ud_step_init(&s, &t, &setup, &chance, sink, fired);
    s.check_invariants = 1; /* a compiled runner's checking copy: it keeps the audit too */
    s.reads_seen = reads_seen;
    ud_status st = ud_start(&s, state);
    for (int d = 0; st == UD_DECIDE && d < 3000; d++)
        st = ud_decide_offer(&s, state, (int)ud_bytes_below(&bytes, (uint32_t)s.offers.n));
    if (steps)
        *steps = s.steps;
    return st;
}

void random_variants(const ud_game *g, ud_rng *rng, int *variant)
{
    memset(variant, 0, UD_MAX_VARIANTS * sizeof *variant);
    for (int v = 0; v < g->n_variants; v++)
        variant[v] = (int)ud_rng_below(rng, (uint32_t)g->variants[v].n_values);
}

char *play_text(const ud_game *g, int n_players, const int *variant, uint64_t seed, ud_result *res,
                uint64_t *fired)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    cr_assert_leq(g->state_size, sizeof state);
    ud_match m;
    ud_match_defaults(&m, g);
    if (variant)
        memcpy(m.setup.variant, variant, sizeof m.setup.variant);
    m.setup.n_players = n_players;
    for (int i = 0; i < n_players; i++) {
        snprintf(m.setup.names[i], UD_NAME_MAX, "p%d", i + 1);
        m.policy[i].def = &ud_policy_random;
    }
    m.seed = seed;
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cr_assert_not_null(out);
    ud_transcript_write_header(out, g, &m.setup, m.policy, &m.seed, 0);
    ud_sink sink;
    ud_sink_to_file(&sink, out);
    ud_play(&m, &t, state, &sink, fired, 1, res);
    fclose(out);
    return text;
}

void play_scenario(run *r, const char *text, uint64_t *acc)
{
    run_text(r, text);
    assert_ok(r);
    assert_regen_stable(r);
    if (acc)
        for (int i = 0; i < UD_MAX_RULES; i++)
            acc[i] += r->fired[i];
}

void play_case(run *r, const ud_game *g, const char *case_path)
{
    char path[512];
    snprintf(path, sizeof path, "%s/golden/%s/%s.in", UD_SOURCE_DIR, g->folder, case_path);
    char *text = slurp(path, NULL);
    play_scenario(r, text, NULL);
    free(text);
    cr_assert_eq(r->game, g, "%s is not a game of %s", path, g->name);
}

void assert_scenarios_match_rules(const ud_game *g, const rule_scenario *scenarios, int n, const char *suite)
{
    /* Game -> table: every rule row is named by a scenario. */
    for (int i = 0; i < g->n_rules; i++) {
        int found = 0;
        for (int k = 0; k < n; k++)
            found += strcmp(scenarios[k].id, g->rules[i].id) == 0;
        cr_expect_eq(found, 1, "rule %s has %d scenarios in %s (want 1)", g->rules[i].id, found, suite);
    }
    /* Table -> game, and each scenario fires the rule it is named for. */
    for (int k = 0; k < n; k++) {
        const ud_rule *rule = ud_game_rule(g, scenarios[k].id);
        cr_expect_not_null(rule, "scenario for %s, which is not a rule of %s", scenarios[k].id, g->name);
        if (!rule)
            continue;
        uint64_t acc[UD_MAX_RULES] = { 0 };
        scenarios[k].fn(acc);
        cr_expect_gt(acc[ud_game_rule_index(g, rule)], 0, "the scenario for %s never fires it",
                     scenarios[k].id);
    }
}

bool game_invariant_holds(const ud_game *g, const char *id, const void *state, ud_buf *why)
{
    for (int i = 0; i < g->n_invariants; i++)
        if (strcmp(g->invariants[i].id, id) == 0) {
            ud_buf own;
            ud_buf_init(&own);
            if (why)
                ud_buf_clear(why);
            bool ok = g->invariants[i].holds(g, state, why ? why : &own);
            ud_buf_free(&own);
            return ok;
        }
    cr_assert_fail("%s has no invariant %s", g->name, id);
    return false;
}

void assert_every_rule_fires_in_a_case(const ud_game *g, const char *const *cases, int n)
{
    uint64_t acc[UD_MAX_RULES] = { 0 };
    for (int c = 0; c < n; c++) {
        run r;
        play_case(&r, g, cases[c]);
        for (int i = 0; i < g->n_rules; i++)
            acc[i] += r.fired[i];
        run_free(&r);
    }
    for (int i = 0; i < g->n_rules; i++)
        cr_expect_gt(acc[i], 0, "rule %s fires in none of the %d golden cases", g->rules[i].id, n);
}

char *cli_out, *cli_err;
static char cli_dir[64];
static char cli_path[256];

void cli_suite_init(void)
{
    snprintf(cli_dir, sizeof cli_dir, "/tmp/undead-cli-test-XXXXXX");
    cr_assert_not_null(mkdtemp(cli_dir));
}

void cli_suite_fini(void)
{
    free(cli_out);
    free(cli_err);
    cli_out = cli_err = NULL;
    if (cli_dir[0])
        nftw(cli_dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

const char *cli_scratch(void) { return cli_dir; }

const char *cli_write_file(const char *name, const char *text)
{
    snprintf(cli_path, sizeof cli_path, "%s/%s", cli_dir, name);
    FILE *f = fopen(cli_path, "w");
    cr_assert_not_null(f, "cannot write %s", cli_path);
    fputs(text, f);
    fclose(f);
    return cli_path;
}

int cli_run(const char *const *argv, const char *input)
{
    free(cli_out);
    free(cli_err);
    cli_out = cli_err = NULL;
    return run_undead(argv, input, &cli_out, &cli_err);
}

static char scratch[64];

void scratch_make(const char *prefix)
{
    snprintf(scratch, sizeof scratch, "/tmp/%s-XXXXXX", prefix);
    cr_assert_not_null(mkdtemp(scratch), "cannot make %s", scratch);
}

const char *scratch_dir(void) { return scratch; }

void scratch_put(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "cannot write %s", path);
    cr_assert(fputs(text, f) >= 0, "cannot write %s", path);
    cr_assert_eq(fclose(f), 0, "cannot write %s", path);
}

void scratch_remove(void)
{
    cr_assert_eq(nftw(scratch, remove_entry, 8, FTW_DEPTH | FTW_PHYS), 0, "cannot remove %s", scratch);
}

static ud_game planted;

const ud_game *planted_game_of(const ud_game *g, const ud_invariant *inv, int n)
{
    planted = *g;
    planted.invariants = inv;
    planted.n_invariants = n;
    planted.compiled_rows = NULL;
    return &planted;
}

static const ud_game *find_planted(const char *name)
{
    return strcmp(name, planted.name) == 0 ? &planted : NULL;
}

bool assert_trace_breaks_planted(const char *trace, const char *id, const char *what)
{
    /* Legal under the real rules (a partial game)... */
    run r;
    run_text(&r, trace);
    cr_assert_eq(r.status, RUN_OK, "%s: the trace fails the real rules at %d: %s\n%s", what, r.err.line,
                 r.err.msg, trace);
    run_free(&r);
    /* ...and the planted invariant breaks when it is replayed with it. */
    ud_transcript tr;
    ud_error e;
    memset(&e, 0, sizeof e);
    cr_assert_eq(ud_transcript_parse(trace, strlen(trace), find_planted, &tr, &e), 0, "%s: %d: %s", what,
                 e.line, e.msg);
    ud_check_opts co = { .check_invariants = 1 };
    ud_check_result res;
    cr_assert_neq(ud_check(&tr, &co, &res, &e), 0, "%s: the planted invariant did not break", what);
    cr_assert_str_eq(e.rule, id, "%s", what);
    ud_transcript_free(&tr);
    return e.internal;
}

char *slurp_inserting(const char *path, int after, const char *line)
{
    size_t len;
    char *text = slurp(path, &len);
    cr_assert_not_null(text, "%s", path);
    char *at = text;
    for (int n = 0; n < after; n++) {
        at = strchr(at, '\n');
        cr_assert_not_null(at, "%s has fewer than %d lines", path, after);
        at++;
    }
    char *out = malloc(len + strlen(line) + 2);
    cr_assert_not_null(out);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    sprintf(out + head, "%s\n%s", line, at);
    free(text);
    return out;
}
