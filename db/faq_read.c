/*
 * faq_read.c - the reads behind `undead faq` (faq_read.h), each one named
 * query with its parameters as "k=v" text (named_query.h binds them).
 */
#include "faq_read.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

/* The shipped query NAME with n parameters "k=v" (char *); NULL when it
 * is missing or fails to prepare. */
static sqlite3_stmt *named(db *d, const char *name, int n, ...)
{
    char *params[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < 8; i++)
        params[i] = va_arg(ap, char *);
    va_end(ap);
    nq_query q;
    if (!nq_find(name, &q))
        return NULL;
    ud_buf err;
    ud_buf_init(&err);
    sqlite3_stmt *st = nq_prepare(db_sqlite(d), &q, params, n < 8 ? n : 8, &err);
    ud_buf_free(&err);
    return st;
}

/* "run=ID" */
static void run_param(char *out, size_t size, int64_t run)
{
    snprintf(out, size, "run=%lld", (long long)run);
}

static const char *col_text(sqlite3_stmt *st, int i)
{
    const unsigned char *s = sqlite3_column_text(st, i);
    return s ? (const char *)s : "";
}

/* Append s and its NUL to buf; where it starts (the buffer may move, so
 * an offset, not a pointer). */
static size_t keep_text(ud_buf *buf, const char *s)
{
    size_t start = buf->len;
    ud_buf_puts(buf, s);
    ud_buf_putc(buf, '\0');
    return start;
}

void db_faq_latest_verify(db *d, const char *game, db_verify_run *out)
{
    memset(out, 0, sizeof *out);
    char gp[96];
    snprintf(gp, sizeof gp, "game=%s", game);
    sqlite3_stmt *st = named(d, "verify-latest", 1, gp);
    if (st && sqlite3_step(st) == SQLITE_ROW) {
        out->id = sqlite3_column_int64(st, 0);
        snprintf(out->status, sizeof out->status, "%s", col_text(st, 1));
        snprintf(out->revision, sizeof out->revision, "%s", col_text(st, 2));
        snprintf(out->version, sizeof out->version, "%s", col_text(st, 3));
        snprintf(out->ended, sizeof out->ended, "%s", col_text(st, 4));
    }
    sqlite3_finalize(st);
}

void db_faq_verify_children(db *d, int64_t verify, void (*each)(void *ctx, const db_child_run *r), void *ctx)
{
    char rp[48];
    run_param(rp, sizeof rp, verify);
    sqlite3_stmt *st = named(d, "verify-children", 1, rp);
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        db_child_run r = { sqlite3_column_int64(st, 0), col_text(st, 1), col_text(st, 2), col_text(st, 3),
                           sqlite3_column_int(st, 4),   col_text(st, 5) };
        each(ctx, &r);
    }
    sqlite3_finalize(st);
}

void db_faq_run_variants(db *d, int64_t run, void (*each)(void *ctx, const char *key, const char *value),
                         void *ctx)
{
    char rp[48];
    run_param(rp, sizeof rp, run);
    sqlite3_stmt *st = named(d, "run-variants", 1, rp);
    while (st && sqlite3_step(st) == SQLITE_ROW)
        each(ctx, col_text(st, 0), col_text(st, 1));
    sqlite3_finalize(st);
}

void db_faq_latest_mutate(db *d, const char *game, db_mutate_run *out)
{
    memset(out, 0, sizeof *out);
    char gp[96];
    snprintf(gp, sizeof gp, "game=%s", game);
    sqlite3_stmt *st = named(d, "mutate-latest", 1, gp);
    if (st && sqlite3_step(st) == SQLITE_ROW) {
        out->id = sqlite3_column_int64(st, 0);
        snprintf(out->ended, sizeof out->ended, "%s", col_text(st, 1));
        snprintf(out->revision, sizeof out->revision, "%s", col_text(st, 2));
        out->sample = strtol(col_text(st, 3), NULL, 10);
    }
    sqlite3_finalize(st);
}

bool db_faq_metric(db *d, int64_t run, const char *name, double *value)
{
    char rp[48], np[200];
    run_param(rp, sizeof rp, run);
    snprintf(np, sizeof np, "name=%s", name);
    sqlite3_stmt *st = named(d, "run-metric", 2, rp, np);
    bool ok = st && sqlite3_step(st) == SQLITE_ROW;
    if (ok)
        *value = sqlite3_column_double(st, 0);
    sqlite3_finalize(st);
    return ok;
}

void db_faq_metrics(db *d, int64_t run, bool measures_only,
                    void (*each)(void *ctx, const char *name, double value, const char *unit), void *ctx)
{
    char rp[48];
    run_param(rp, sizeof rp, run);
    sqlite3_stmt *st =
        measures_only ? named(d, "run-metrics", 2, rp, (char *)"measures=1") : named(d, "run-metrics", 1, rp);
    while (st && sqlite3_step(st) == SQLITE_ROW)
        each(ctx, col_text(st, 0), sqlite3_column_double(st, 1), col_text(st, 2));
    sqlite3_finalize(st);
}

uint64_t db_faq_coverage(db *d, int64_t run, const char *rule)
{
    char rp[48], rule_p[96];
    run_param(rp, sizeof rp, run);
    snprintf(rule_p, sizeof rule_p, "rule=%s", rule);
    sqlite3_stmt *st = named(d, "run-coverage", 2, rp, rule_p);
    uint64_t n = st && sqlite3_step(st) == SQLITE_ROW ? (uint64_t)sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return n;
}

void db_faq_verify_runs(db *d, int64_t verify,
                        void (*each)(void *ctx, const char *command_line, const char *status), void *ctx)
{
    char rp[48];
    run_param(rp, sizeof rp, verify);
    sqlite3_stmt *st = named(d, "verify-runs", 1, rp);
    while (st && sqlite3_step(st) == SQLITE_ROW)
        each(ctx, col_text(st, 1), col_text(st, 2));
    sqlite3_finalize(st);
}

/* The seats of case c (case-seats), kept in text (their strings, as
 * offsets: the buffer moves while it grows) until they are handed over. */
typedef struct seats_read {
    ud_buf text;
    db_faq_seat *seat;
    size_t *at; /* per seat: player, outcome */
    int n, cap;
} seats_read;

static bool seats_load(db *d, int64_t case_id, seats_read *r)
{
    char cp[48];
    snprintf(cp, sizeof cp, "case_id=%lld", (long long)case_id);
    sqlite3_stmt *st = named(d, "case-seats", 1, cp);
    bool ok = st != NULL;
    while (ok && sqlite3_step(st) == SQLITE_ROW) {
        if (r->n == r->cap) {
            int cap = r->cap ? 2 * r->cap : 8;
            db_faq_seat *seat = realloc(r->seat, (size_t)cap * sizeof *seat);
            size_t *at = seat ? realloc(r->at, 2 * (size_t)cap * sizeof *at) : NULL;
            if (seat)
                r->seat = seat;
            if (!at)
                ok = false;
            else {
                r->at = at;
                r->cap = cap;
            }
        }
        if (!ok)
            break;
        db_faq_seat *s = &r->seat[r->n];
        s->has_score = sqlite3_column_type(st, 2) != SQLITE_NULL;
        s->score = sqlite3_column_int64(st, 2);
        r->at[2 * r->n] = keep_text(&r->text, col_text(st, 1));
        r->at[2 * r->n + 1] = keep_text(&r->text, col_text(st, 3));
        r->n++;
    }
    sqlite3_finalize(st);
    const char *base = ud_buf_str(&r->text);
    for (int i = 0; ok && i < r->n; i++) {
        r->seat[i].player = base + r->at[2 * i];
        r->seat[i].outcome = base + r->at[2 * i + 1];
    }
    return ok;
}

/* The case row st stands on, with its seats, handed to each. */
static void case_hand_over(db *d, sqlite3_stmt *st, void (*each)(void *ctx, const db_faq_case_info *c),
                           void *ctx)
{
    db_faq_case_info c = { .status = col_text(st, 0),
                           .outcome = col_text(st, 1),
                           .winner = col_text(st, 2),
                           .kind = col_text(st, 3),
                           .seeded = sqlite3_column_type(st, 4) != SQLITE_NULL,
                           /* the seed's 64 bits (cases.seed): from 2^63 on stored below zero */
                           .seed = (uint64_t)sqlite3_column_int64(st, 4),
                           .inputs = col_text(st, 5),
                           .key = col_text(st, 6),
                           .id = sqlite3_column_int64(st, 7) };
    seats_read r = { .n = 0 };
    ud_buf_init(&r.text);
    if (seats_load(d, c.id, &r)) {
        c.n_seats = r.n;
        c.seats = r.seat;
        each(ctx, &c);
    }
    ud_buf_free(&r.text);
    free(r.seat);
    free(r.at);
}

void db_faq_case(db *d, int64_t run, const char *key, void (*each)(void *ctx, const db_faq_case_info *c),
                 void *ctx)
{
    char rp[48], *kp = malloc(strlen(key) + 8);
    if (!kp)
        return;
    run_param(rp, sizeof rp, run);
    sprintf(kp, "key=%s", key);
    sqlite3_stmt *st = named(d, "case-outcome", 2, rp, kp);
    if (st && sqlite3_step(st) == SQLITE_ROW)
        case_hand_over(d, st, each, ctx);
    sqlite3_finalize(st);
    free(kp);
}

void db_faq_case_by_id(db *d, int64_t id, void (*each)(void *ctx, const db_faq_case_info *c), void *ctx)
{
    char cp[48];
    snprintf(cp, sizeof cp, "case_id=%lld", (long long)id);
    sqlite3_stmt *st = named(d, "case-outcome", 1, cp);
    if (st && sqlite3_step(st) == SQLITE_ROW)
        case_hand_over(d, st, each, ctx);
    sqlite3_finalize(st);
}

void db_faq_claims(db *d, const char *game, void (*each)(void *ctx, const db_solve_result *r), void *ctx)
{
    char gp[96];
    snprintf(gp, sizeof gp, "game=%s", game);
    sqlite3_stmt *st = named(d, "claims", 1, gp);
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        db_solve_result r = { .key = col_text(st, 5),
                              .inputs = col_text(st, 1),
                              .outcome = col_text(st, 2),
                              .prob_num = col_text(st, 3),
                              .prob_den = col_text(st, 4),
                              .name = col_text(st, 0),
                              .has_value = sqlite3_column_type(st, 7) != SQLITE_NULL,
                              .value = sqlite3_column_double(st, 7),
                              .verified = sqlite3_column_type(st, 8) == SQLITE_NULL ? -1
                                          : sqlite3_column_double(st, 8) != 0       ? 1
                                                                                    : 0 };
        each(ctx, &r);
    }
    sqlite3_finalize(st);
}

/* One case of analysis-figures being read: its text (analysis, policy,
 * reading, then each figure's name, exact_num, exact_den) is copied, as a
 * row's text lives only until the next step, and kept as offsets, as the
 * buffer moves while it grows. */
typedef struct case_figures {
    int64_t id; /* 0: none being read */
    db_policy_result r;
    ud_buf text;
    size_t at[3 + 3 * DB_FAQ_FIGURES];
} case_figures;

static void case_figures_hand_over(case_figures *c, void (*each)(void *ctx, const db_policy_result *r),
                                   void *ctx)
{
    const char *base = ud_buf_str(&c->text);
    c->r.analysis = base + c->at[0];
    c->r.policy = base + c->at[1];
    c->r.reading = base + c->at[2];
    for (int f = 0; f < c->r.n_figures; f++) {
        c->r.figures[f].name = base + c->at[3 + 3 * f];
        c->r.figures[f].exact_num = base + c->at[4 + 3 * f];
        c->r.figures[f].exact_den = base + c->at[5 + 3 * f];
    }
    each(ctx, &c->r);
    c->id = 0;
}

void db_faq_policy_results(db *d, const char *game, void (*each)(void *ctx, const db_policy_result *r),
                           void *ctx)
{
    char gp[96];
    snprintf(gp, sizeof gp, "game=%s", game);
    sqlite3_stmt *st = named(d, "analysis-figures", 1, gp);
    /* one row per figure, a case's rows together: a case is handed over
     * when the next one starts or the rows end */
    case_figures c = { .id = 0 };
    ud_buf_init(&c.text);
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(st, 0);
        if (c.id && id != c.id)
            case_figures_hand_over(&c, each, ctx);
        if (!c.id) {
            c.id = id;
            c.r.n_figures = 0;
            ud_buf_clear(&c.text);
            for (int i = 0; i < 3; i++)
                c.at[i] = keep_text(&c.text, col_text(st, 1 + i));
        }
        if (c.r.n_figures < DB_FAQ_FIGURES) {
            int f = c.r.n_figures++;
            for (int i = 0; i < 3; i++)
                c.at[3 + 3 * f + i] = keep_text(&c.text, col_text(st, i == 0 ? 4 : 5 + i));
            c.r.figures[f].value = sqlite3_column_double(st, 5);
        }
    }
    if (c.id)
        case_figures_hand_over(&c, each, ctx);
    ud_buf_free(&c.text);
    sqlite3_finalize(st);
}

int db_faq_rows(db *d, const nq_query *q, char *const *params, int n_params,
                void (*row)(void *ctx, int cols, const db_cell *cells), void *ctx)
{
    ud_buf err;
    ud_buf_init(&err);
    sqlite3_stmt *st = nq_prepare(db_sqlite(d), q, params, n_params, &err);
    ud_buf_free(&err);
    if (!st)
        return -1;
    int cols = sqlite3_column_count(st), rows = 0;
    db_cell *cells = calloc((size_t)cols + 1, sizeof *cells);
    while (cells && sqlite3_step(st) == SQLITE_ROW) {
        for (int i = 0; i < cols; i++) {
            cells[i].name = sqlite3_column_name(st, i);
            cells[i].text = col_text(st, i);
            cells[i].is_real = sqlite3_column_type(st, i) == SQLITE_FLOAT;
            cells[i].real = sqlite3_column_double(st, i);
            cells[i].is_int = sqlite3_column_type(st, i) == SQLITE_INTEGER;
            cells[i].integer = sqlite3_column_int64(st, i);
        }
        row(ctx, cols, cells);
        rows++;
    }
    free(cells);
    sqlite3_finalize(st);
    return rows;
}
