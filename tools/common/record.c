/*
 * record.c - turning what a command computed into rows (see record.h).
 */
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "prob.h"
#include "transcript.h"

/* The command line as typed (opts_parse reorders argv: it is kept first). */
static ud_buf command_line;

/* argv as a shell would need it typed again. */
static void quote_args(int argc, char *const *argv, ud_buf *out)
{
    ud_buf_puts(out, "undead");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool plain = *a != '\0';
        for (const char *p = a; *p && plain; p++)
            plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-=:,./+@%", *p);
        ud_buf_putc(out, ' ');
        if (plain) {
            ud_buf_puts(out, a);
            continue;
        }
        ud_buf_putc(out, '\'');
        for (const char *p = a; *p; p++)
            ud_buf_puts(out, *p == '\'' ? "'\\''" : (char[]){ *p, 0 });
        ud_buf_putc(out, '\'');
    }
}

void rec_command_line(int argc, char *const *argv)
{
    ud_buf_clear(&command_line);
    quote_args(argc, argv, &command_line);
}

bool rec_output_ok(const char *cmd, const char *opt, const char *path, const rec_opts *o)
{
    if (!cli_output_ok(cmd, opt, path) || !cli_output_not_read(cmd, opt, path))
        return false;
    if (o->off)
        return true;
    /* NULL: an empty UNDEAD_DB, refused here once (the message printed) */
    const char *db_path = cli_db_path(cmd, o->path);
    return db_path && cli_output_not_db(cmd, opt, path, db_path);
}

bool rec_begin(recorder *r, const rec_opts *o, const char *command, const ud_game *g)
{
    return rec_begin_as(r, o, command, g, ud_buf_str(&command_line));
}

bool rec_begin_as(recorder *r, const rec_opts *o, const char *command, const ud_game *g, const char *line)
{
    memset(r, 0, sizeof *r);
    if (o->off && o->path) { /* either would be ignored: neither is guessed */
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(
            stderr,
            "undead %s: --db %s and --no-db: expected one of them (record in that database, or not at all)\n",
            command, *o->path ? ud_escaped(&shown, o->path) : "''");
        ud_buf_free(&shown);
        return false;
    }
    r->command = command;
    if (o->off)
        return true;
    const char *path = cli_db_path(command, o->path);
    if (!path)
        return false;
    ud_buf err;
    ud_buf_init(&err);
    r->db = db_open(path, true, &err);
    if (r->db) {
        db_run run = { .command = command, .command_line = line, .game = g ? g->name : NULL };
        r->run = db_run_begin(r->db, &run);
    }
    bool ok = r->db && r->run > 0;
    if (!ok) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead %s: results database: %s\n", command,
                ud_escaped(&shown, r->db ? db_error(r->db) : ud_buf_str(&err)));
        ud_buf_free(&shown);
        if (o->path || !getenv("UNDEAD_DB"))
            fprintf(stderr,
                    "undead %s: (use --no-db to run without recording, or --db PATH for another file)\n",
                    command);
        else
            fprintf(
                stderr,
                "undead %s: (the database UNDEAD_DB names; use --no-db to run without recording, --db PATH "
                "for another file, or unset UNDEAD_DB)\n",
                command);
        db_close(r->db);
        r->db = NULL;
    }
    ud_buf_free(&err);
    return ok;
}

int rec_end(recorder *r, int exit_code)
{
    if (!r->db)
        return exit_code;
    db_run_end(r->db, r->run, exit_code == UD_EXIT_OK ? "complete" : "failed", exit_code);
    const char *e = db_error(r->db);
    if (e) { /* as rec_begin says it: the command, the path escaped */
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead%s%s: results database: %s\n", r->command ? " " : "",
                r->command ? r->command : "", ud_escaped(&shown, e));
        ud_buf_free(&shown);
    }
    r->lost = e != NULL;
    db_close(r->db);
    r->db = NULL;
    return e && exit_code == UD_EXIT_OK ? UD_EXIT_USAGE : exit_code;
}

void rec_tick(recorder *r)
{
    if (r->db)
        db_tick(r->db);
}

/* The readings that differ from the defaults ("defaults" if none): a case
 * keeps its identity when a game gains a new variant key. */
void rec_variants_text(const ud_game *g, const int *variant, ud_buf *out)
{
    ud_variants_text(g, variant, out);
}

static void variants_text(const ud_game *g, const ud_setup *s, ud_buf *out)
{
    rec_variants_text(g, s->variant, out);
}

static void players_text(const ud_setup *s, ud_buf *out)
{
    for (int p = 0; p < s->n_players; p++)
        ud_buf_printf(out, "%s%s", p ? "," : "", s->names[p]);
}

static void policies_text(const ud_match *m, ud_buf *out)
{
    for (int p = 0; p < m->setup.n_players; p++) {
        char pol[64];
        ud_policy_format(&m->policy[p], pol, sizeof pol);
        ud_buf_printf(out, "%s%s", p ? "," : "", pol);
    }
}

static void starts_text(const ud_setup *s, ud_buf *out)
{
    for (int i = 0; i < s->n_start; i++)
        ud_buf_printf(out, "%s%s", i ? ";" : "", s->start[i]);
}

void rec_match(recorder *r, const ud_match *m)
{
    if (!r->db)
        return;
    const ud_game *g = m->game;
    for (int v = 0; v < g->n_variants; v++)
        db_run_variant(r->db, r->run, v, g->variants[v].key, g->variants[v].values[m->setup.variant[v]].name);
    ud_buf b;
    ud_buf_init(&b);
    players_text(&m->setup, &b);
    db_run_param(r->db, r->run, "players", ud_buf_str(&b));
    ud_buf_clear(&b);
    policies_text(m, &b);
    db_run_param(r->db, r->run, "policies", ud_buf_str(&b));
    if (m->setup.n_start) {
        ud_buf_clear(&b);
        starts_text(&m->setup, &b);
        db_run_param(r->db, r->run, "start", ud_buf_str(&b));
    }
    ud_buf_free(&b);
    rec_param(r, "seed", "%llu", (unsigned long long)m->seed);
}

void rec_param(recorder *r, const char *name, const char *fmt, ...)
{
    if (!r->db)
        return;
    ud_buf b;
    ud_buf_init(&b);
    va_list ap;
    va_start(ap, fmt);
    ud_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    db_run_param(r->db, r->run, name, ud_buf_str(&b));
    ud_buf_free(&b);
}

void rec_metric(recorder *r, const char *name, double value, const char *unit)
{
    if (r->db)
        db_metric(r->db, r->run, name, value, unit);
}

void rec_coverage(recorder *r, const ud_game *g, const uint64_t *fired)
{
    if (!r->db)
        return;
    for (int i = 0; i < g->n_rules; i++)
        db_coverage(r->db, r->run, g->name, g->rules[i].id, fired[i]);
}

static void rules_text(const ud_game *g, const uint64_t *fired, ud_buf *out)
{
    for (int i = 0; i < g->n_rules; i++)
        if (fired[i])
            ud_buf_printf(out, "%s%s:%llu", out->len ? " " : "", g->rules[i].id,
                          (unsigned long long)fired[i]);
}

/* "winner=a scores=a:13,b:9" and the like: what db diff compares. */
static void outcome_text(const ud_setup *s, int complete, int winner, const int *score, ud_buf *out,
                         const char **winner_name)
{
    *winner_name = NULL;
    if (!complete)
        ud_buf_puts(out, "partial");
    else if (winner >= 0 && winner < s->n_players) {
        ud_buf_printf(out, "winner=%s", s->names[winner]);
        *winner_name = s->names[winner];
    } else if (winner == -2) {
        ud_buf_puts(out, "shared");
        *winner_name = "*shared*";
    } else
        ud_buf_puts(out, "nobody-won"); /* e.g. a solo loss */
    ud_buf_puts(out, " scores=");
    for (int p = 0; p < s->n_players; p++)
        ud_buf_printf(out, "%s%s:%d", p ? "," : "", s->names[p], score[p]);
}

/* Each seat's outcome (case_outcomes), as the game reports it
 * (ud_game_outcomes): decided is false for a game that did not finish
 * (partial, illegal, an error), whose seats are all "none"; score NULL
 * when the scores are unknown. */
static void store_outcomes(recorder *r, int64_t case_id, const ud_setup *s, bool decided,
                           const uint8_t *outcome, const int *score)
{
    for (int p = 0; p < s->n_players; p++) {
        const char *o =
            !decided || !outcome || outcome[p] == UD_SEAT_PLAYING ? "none" : ud_seat_outcome_name[outcome[p]];
        db_case_outcome(r->db, case_id, p + 1, s->names[p], score ? score[p] : DB_NO_SCORE, o);
    }
}

/* The rule of the last tagged line: what fired just before a failure. */
static const char *last_rule(const capture *cap)
{
    for (int i = cap ? cap->n - 1 : -1; i >= 0; i--)
        if (cap->lines[i].rule[0])
            return cap->lines[i].rule;
    return NULL;
}

static void store_details(recorder *r, int64_t case_id, const ud_game *g, const uint64_t *fired,
                          const capture *cap)
{
    for (int i = 0; fired && i < g->n_rules; i++)
        if (fired[i])
            db_case_rule(r->db, case_id, g->rules[i].id, fired[i]);
    int state_seq = 0;
    for (int i = 0; cap && i < cap->n; i++) {
        const cap_line *l = &cap->lines[i];
        db_event(r->db, case_id, i + 1, l->rule[0] ? l->rule : NULL, l->text, state_seq);
        if (l->text[0] == '=')
            state_seq = i + 1;
    }
}

/* A replayable transcript: header, then the captured lines. */
static char *transcript_of(const ud_match *m, const capture *cap)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    ud_transcript_write_header(f, m->game, &m->setup, m->policy, &m->seed, 1);
    for (int i = 0; i < cap->n; i++)
        ud_transcript_write_line(f, cap->lines[i].text, cap->lines[i].rule[0] ? cap->lines[i].rule : NULL);
    fclose(f);
    return text;
}

static void case_key_of_match(const char *game, const ud_match *m, ud_buf *key)
{
    ud_buf_printf(key, "game:%s:seed=%llu:players=", game, (unsigned long long)m->seed);
    players_text(&m->setup, key);
    ud_buf_puts(key, ":policies=");
    policies_text(m, key);
    if (m->setup.n_start) {
        ud_buf_puts(key, ":start=");
        starts_text(&m->setup, key);
    }
}

void rec_game(recorder *r, const char *kind, const ud_match *m, const ud_result *res, const uint64_t *fired,
              const capture *cap)
{
    if (!r->db)
        return;
    const ud_game *g = m->game;
    ud_buf key, variants, inputs, outcome, rules;
    ud_buf *all[] = { &key, &variants, &inputs, &outcome, &rules };
    for (int i = 0; i < 5; i++)
        ud_buf_init(all[i]);
    case_key_of_match(g->name, m, &key);
    variants_text(g, &m->setup, &variants);
    ud_buf_puts(&inputs, strchr(strchr(ud_buf_str(&key), ':') + 1, ':') + 1);
    const char *status = "complete", *winner = NULL;
    if (res->status == UD_OVER)
        outcome_text(&m->setup, 1, res->winner, res->score, &outcome, &winner);
    else {
        status = res->fail.kind == UD_FAIL_INVARIANT ? "violation" : "error";
        ud_buf_printf(&outcome, "%s %s%s%s", status, res->fail.id ? res->fail.id : "",
                      res->fail.id ? ": " : "", res->fail.msg);
    }
    rules_text(g, fired, &rules);
    prob p;
    bool have_prob = cap && prob_of_lines(g, &m->setup, cap, &p);
    db_case c = { .key = ud_buf_str(&key),
                  .kind = kind,
                  .game = g->name,
                  .variants = ud_buf_str(&variants),
                  .inputs = ud_buf_str(&inputs),
                  .status = status,
                  .outcome = ud_buf_str(&outcome),
                  .winner = winner,
                  .decisions = (int64_t)res->decisions,
                  .rules = ud_buf_str(&rules),
                  .prob_num = have_prob ? p.num : NULL,
                  .prob_den = have_prob ? p.den : NULL,
                  .seeded = true,
                  .seed = m->seed };
    int64_t id = db_case_add(r->db, r->run, &c);
    if (have_prob)
        prob_free(&p);
    if (id > 0) {
        store_outcomes(r, id, &m->setup, res->status == UD_OVER, res->outcome, res->score);
        store_details(r, id, g, fired, cap);
    }
    if (id > 0 && res->status != UD_OVER && res->fail.kind == UD_FAIL_INVARIANT && cap) {
        char *text = transcript_of(m, cap);
        db_violation(r->db, r->run, id, res->fail.id ? res->fail.id : "?", last_rule(cap), res->fail.msg,
                     text ? text : "");
        free(text);
    }
    for (int i = 0; i < 5; i++)
        ud_buf_free(all[i]);
}

void rec_transcript_case(recorder *r, const rec_transcript *t)
{
    if (!r->db || !t->game)
        return;
    const ud_game *g = t->game;
    ud_buf key, variants, outcome, rules;
    ud_buf *all[] = { &key, &variants, &outcome, &rules };
    for (int i = 0; i < 4; i++)
        ud_buf_init(all[i]);
    ud_buf_printf(&key, "%s:%s:%s", t->kind, g->name, t->name);
    variants_text(g, t->setup, &variants);
    const char *status, *winner = NULL;
    if (t->legal) {
        status = t->res->complete ? "complete" : "partial";
        outcome_text(t->setup, t->res->complete, t->res->winner, t->res->score, &outcome, &winner);
    } else {
        status = t->err->internal ? "violation" : t->err->limit ? "error" : "illegal";
        ud_buf_printf(&outcome, "%s line %d: %s%s%s", status, t->err->line, t->err->rule,
                      t->err->rule[0] ? ": " : "", t->err->msg);
    }
    rules_text(g, t->fired, &rules);
    capture cap;
    cap_init(&cap, NULL);
    bool have_lines = t->canonical && cap_from_transcript(&cap, t->canonical, t->canonical_len);
    prob p;
    bool have_prob = t->legal && have_lines && prob_of_lines(g, t->setup, &cap, &p);
    db_case c = { .key = ud_buf_str(&key),
                  .kind = t->kind,
                  .game = g->name,
                  .variants = ud_buf_str(&variants),
                  .inputs = t->name,
                  .status = status,
                  .outcome = ud_buf_str(&outcome),
                  .winner = winner,
                  .decisions = t->legal ? (int64_t)t->res->decisions : -1,
                  .rules = ud_buf_str(&rules),
                  .prob_num = have_prob ? p.num : NULL,
                  .prob_den = have_prob ? p.den : NULL };
    int64_t id = db_case_add(r->db, r->run, &c);
    if (have_prob)
        prob_free(&p);
    if (id > 0) {
        store_outcomes(r, id, t->setup, t->legal && t->res->complete, t->legal ? t->res->outcome : NULL,
                       t->legal ? t->res->score : NULL);
        store_details(r, id, g, t->fired, have_lines ? &cap : NULL);
    }
    if (id > 0 && !t->legal && t->err->internal)
        db_violation(r->db, r->run, id, t->err->rule[0] ? t->err->rule : "?",
                     have_lines ? last_rule(&cap) : NULL, t->err->msg, t->canonical ? t->canonical : "");
    cap_free(&cap);
    for (int i = 0; i < 4; i++)
        ud_buf_free(all[i]);
}

/* The bytes a case's transcript lines take (their text and rule). */
static uint64_t lines_bytes(const capture *cap)
{
    uint64_t n = 0;
    for (int i = 0; i < cap->n; i++)
        n += strlen(cap->lines[i].text) + strlen(cap->lines[i].rule);
    return n;
}

/* Replay game `seed` of a match with its lines captured, and store it
 * unless within is set and its lines would pass r->case_budget. */
static bool replay_game(recorder *r, const char *kind, const ud_match *m, uint64_t seed, int invariants,
                        bool within)
{
    if (!r->db)
        return true;
    ud_match game = *m;
    game.seed = seed;
    ud_table t;
    ud_table_build(&t, m->game, m->setup.variant);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    capture cap;
    cap_init(&cap, NULL);
    uint64_t fired[UD_MAX_RULES] = { 0 };
    ud_result res;
    ud_play(&game, &t, state, &cap.sink, fired, invariants, &res);
    uint64_t bytes = lines_bytes(&cap);
    bool fits = !within || !r->case_budget || r->case_bytes + bytes <= r->case_budget;
    if (fits) {
        rec_game(r, kind, &game, &res, fired, &cap);
        r->case_bytes += bytes;
        db_tick(r->db);
    }
    cap_free(&cap);
    return fits;
}

bool rec_replay_game_within(recorder *r, const char *kind, const ud_match *m, uint64_t seed, int invariants)
{
    return replay_game(r, kind, m, seed, invariants, true);
}

void rec_replay_game(recorder *r, const char *kind, const ud_match *m, uint64_t seed, int invariants)
{
    replay_game(r, kind, m, seed, invariants, false);
}

void rec_golden_case(const golden_case *gc, void *ctx)
{
    rec_golden *g = ctx;
    size_t n = strlen(g->dir);
    const char *name = gc->in_path;
    if (strncmp(name, g->dir, n) == 0 && name[n] == '/')
        name += n + 1;
    ud_check_result res = {
        .complete = gc->complete, .winner = gc->winner, .n_players = gc->n_players, .decisions = gc->decisions
    };
    memcpy(res.score, gc->score, sizeof res.score);
    memcpy(res.outcome, gc->outcome, sizeof res.outcome);
    rec_transcript rt = { .kind = "golden",
                          .name = name,
                          .game = gc->game,
                          .setup = &gc->setup,
                          .legal = gc->legal,
                          .res = &res,
                          .err = &gc->err,
                          .fired = gc->fired,
                          .canonical = gc->transcript,
                          .canonical_len = gc->transcript_len };
    rec_transcript_case(g->r, &rt);
    rec_tick(g->r);
}
