/*
 * test_faq_editions.c - the players' FAQ's record of editions
 * (tools/faq/faq_editions.h): recorded from the questions as they are, an
 * unchanged booklet is that edition with no mark, a changed or new
 * question is marked in the draft after it and in the next edition, the
 * version line says which, and a record that is not one (or a date that is
 * not one) is refused naming the file, the line and what was expected.
 * Also the shipped record (spec/faq-editions.txt) is read.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "faq_sections.h"
#include "support.h"

static char dir[] = "/tmp/ud-editions-XXXXXX";

static void make_dir(void) { cr_assert_not_null(mkdtemp(dir)); }

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(faq_editions, .init = make_dir, .fini = remove_dir);

static char *path_of(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    cr_assert_eq(fputs(text, f) >= 0, true);
    cr_assert_eq(fclose(f), 0);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    char *s = calloc(1, 1 << 20);
    cr_assert_not_null(s);
    size_t n = fread(s, 1, (1 << 20) - 1, f);
    fclose(f);
    s[n] = '\0';
    return s;
}

static faq_editions *read_ok(const char *path, bool may_be_missing)
{
    ud_buf err;
    ud_buf_init(&err);
    faq_editions *e = faq_editions_read(path, may_be_missing, &err);
    cr_assert_not_null(e, "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    return e;
}

/* The first game with players' questions, and its first question. */
static const ud_game *first_game(const ud_faq_question **q)
{
    FOR_EACH_GAME(g)
    {
        const ud_faq_extras *fx = faq_extras(g);
        if (fx && fx->questions && fx->questions[0].id) {
            *q = &fx->questions[0];
            return g;
        }
    }
    cr_assert_fail("no game has players' questions");
    return NULL;
}

static int record(const faq_editions *e, const char *path, const char *date)
{
    ud_buf err;
    ud_buf_init(&err);
    int number = -1;
    cr_assert(faq_editions_record(e, path, date, &number, &err), "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    return number;
}

/* Every question of every game in the record is not marked. */
static void expect_no_mark(const faq_editions *e)
{
    FOR_EACH_GAME(g)
    {
        const ud_faq_extras *fx = faq_extras(g);
        for (const ud_faq_question *q = fx && fx->questions ? fx->questions : NULL; q && q->id; q++)
            cr_expect_eq(faq_editions_mark(e, g, q), FAQ_MARK_NONE, "%s/%s marked", g->name, q->id);
    }
}

Test(faq_editions, first_edition_marks_nothing)
{
    const char *path = path_of("editions.txt");
    faq_editions *none = read_ok(path, true);
    char line[256];
    faq_editions_line(none, line, sizeof line);
    cr_expect_str_eq(line, "Draft \xc2\xb7 no edition recorded");
    expect_no_mark(none);
    cr_expect_eq(record(none, path, "2026-11-29"), 1);
    faq_editions_free(none);

    faq_editions *one = read_ok(path, false);
    faq_editions_line(one, line, sizeof line);
    cr_expect_str_eq(line, "Edition 1 \xc2\xb7 29 November 2026");
    cr_expect_eq(faq_editions_base(one), 0);
    expect_no_mark(one);
    /* nothing changed: nothing recorded, the file as it was */
    char *before = read_text(path);
    cr_expect_eq(record(one, path, "2026-12-01"), 0);
    char *after = read_text(path);
    cr_expect_str_eq(after, before);
    free(before);
    free(after);
    faq_editions_free(one);
}

/* Edition 1 as recorded, with the line of question q's fingerprint
 * changed (CHANGE) or taken out (else): q then reads as changed or new. */
static void edition_without(const char *path, const ud_game *g, const ud_faq_question *q, bool change)
{
    faq_editions *none = read_ok(path, true);
    cr_assert_eq(record(none, path, "2026-11-29"), 1);
    faq_editions_free(none);
    char *text = read_text(path), key[200];
    snprintf(key, sizeof key, "\n%s/%s ", g->name, q->id);
    char *at = strstr(text, key);
    cr_assert_not_null(at, "no line for %s", key + 1);
    char *hex = at + strlen(key), *end = strchr(hex, '\n');
    if (change)
        hex[0] = hex[0] == '0' ? '1' : '0';
    else
        memmove(at + 1, end + 1, strlen(end + 1) + 1);
    write_text(path, text);
    free(text);
}

static void expect_marked(faq_mark want)
{
    const char *path = path_of("editions.txt");
    const ud_faq_question *q;
    const ud_game *g = first_game(&q);
    edition_without(path, g, q, want == FAQ_MARK_CHANGED);
    faq_editions *draft = read_ok(path, false);
    char line[256];
    faq_editions_line(draft, line, sizeof line);
    cr_expect_str_eq(line,
                     "Draft after edition 1 (29 November 2026) \xc2\xb7 \xe2\x9c\xb1 changed since then");
    cr_expect_eq(faq_editions_base(draft), 1);
    cr_expect_eq(faq_editions_mark(draft, g, q), want);
    cr_expect_eq(faq_editions_mark(draft, g, q + 1), FAQ_MARK_NONE, "a question not changed is marked");
    /* the next edition: the same question marked, against edition 1 */
    cr_expect_eq(record(draft, path, "2026-12-12"), 2);
    faq_editions_free(draft);
    faq_editions *two = read_ok(path, false);
    faq_editions_line(two, line, sizeof line);
    cr_expect_str_eq(line,
                     "Edition 2 \xc2\xb7 12 December 2026 \xc2\xb7 \xe2\x9c\xb1 changed since edition 1");
    cr_expect_eq(faq_editions_base(two), 1);
    cr_expect_eq(faq_editions_mark(two, g, q), want);
    cr_expect_eq(faq_editions_mark(two, g, q + 1), FAQ_MARK_NONE);
    faq_editions_free(two);
}

Test(faq_editions, changed_question_marked) { expect_marked(FAQ_MARK_CHANGED); }

Test(faq_editions, new_question_marked) { expect_marked(FAQ_MARK_NEW); }

/* The players' part says the mark under the question, in words. */
Test(faq_editions, mark_written_under_question)
{
    const char *path = path_of("editions.txt");
    const ud_faq_question *q;
    const ud_game *g = first_game(&q);
    edition_without(path, g, q, true);
    faq_editions *draft = read_ok(path, false);
    faq_doc *d = calloc(1, sizeof *d);
    game_runs *gr = calloc(1, sizeof *gr);
    cr_assert(d && gr);
    char *out = NULL;
    size_t len = 0;
    d->md = true;
    d->out = open_memstream(&out, &len);
    cr_assert_not_null(d->out);
    faq_section_players(d, NULL, g, gr, false, draft);
    cr_assert_eq(fclose(d->out), 0);
    const char *mark = "*\xe2\x9c\xb1 Changed since edition 1*";
    const char *at = strstr(out, mark), *ask = strstr(out, q->ask);
    cr_expect_not_null(at, "no mark in:\n%s", out);
    cr_expect(ask && at && ask < at, "the mark is not under its question");
    cr_expect_null(at ? strstr(at + 1, mark) : NULL, "a second question marked");
    free(out);
    free(gr);
    free(d);
    faq_editions_free(draft);
}

/* A record that is not one: refused, naming the file, line and what was
 * expected. */
static void expect_refused(const char *text, const char *message)
{
    const char *path = path_of("bad.txt");
    write_text(path, text);
    ud_buf err;
    ud_buf_init(&err);
    faq_editions *e = faq_editions_read(path, false, &err);
    cr_expect_null(e, "accepted:\n%s", text);
    faq_editions_free(e);
    char want[512];
    snprintf(want, sizeof want, "%s:%s", path, message);
    cr_expect_str_eq(ud_buf_str(&err), want);
    ud_buf_free(&err);
}

Test(faq_editions, bad_records_refused)
{
    expect_refused("edition 2 2026-11-29\n",
                   "1: expected edition 1 (editions are numbered 1, 2, 3 in order), "
                   "found 'edition 2 2026-11-29'");
    expect_refused("# c\nedition 1 2026-13-01\n",
                   "2: expected 'edition N YYYY-MM-DD', found 'edition 1 2026-13-01'");
    expect_refused("zombie-dice/x 0123456789abcdef\n",
                   "1: expected 'edition N YYYY-MM-DD' before the first question, found "
                   "'zombie-dice/x 0123456789abcdef'");
    expect_refused(
        "edition 1 2026-11-29\nzombie-dice/x 0123\n",
        "2: expected 'GAME/QUESTION-ID' and a fingerprint of 16 hex digits, found 'zombie-dice/x 0123'");
    expect_refused(
        "edition 1 2026-11-29\nzombie-dice/x 0123456789abcdef\nzombie-dice/x 0123456789abcdef\n",
        "3: expected each question once in an edition; 'zombie-dice/x' is in edition 1 twice, found "
        "'zombie-dice/x 0123456789abcdef'");
    expect_refused(
        "edition 1 2026-11-29\nedition 2 2026-11-28\n",
        "2: expected a date no earlier than edition 1's (2026-11-29), found 'edition 2 2026-11-28'");
    /* an edition with no question under it: before the next, at the end */
    expect_refused("edition 1 2026-11-29\nedition 2 2026-11-30\nzombie-dice/x 0123456789abcdef\n",
                   "2: expected edition 1's questions ('GAME/QUESTION-ID' and a fingerprint) before "
                   "edition 2, found 'edition 2 2026-11-30'");
    expect_refused("edition 1 2026-11-29\nzombie-dice/x 0123456789abcdef\nedition 2 2026-11-30\n# c\n",
                   "3: expected edition 2's questions under it ('GAME/QUESTION-ID' and a fingerprint of 16 "
                   "hex digits), found the end of the record");
    char longline[700];
    memset(longline, 'a', sizeof longline - 2);
    longline[sizeof longline - 2] = '\n';
    longline[sizeof longline - 1] = '\0';
    expect_refused(longline, "1: expected a line of at most 512 bytes, found '...'");
}

Test(faq_editions, missing_named_record_refused)
{
    ud_buf err;
    ud_buf_init(&err);
    cr_expect_null(faq_editions_read(path_of("absent.txt"), false, &err));
    cr_expect(strstr(ud_buf_str(&err), "absent.txt") && strstr(ud_buf_str(&err), "expected the record"), "%s",
              ud_buf_str(&err));
    ud_buf_free(&err);
}

/* --new-edition with a date that is not one, or before the newest
 * edition's: refused, the record as it was. */
static void expect_date_refused(const faq_editions *e, const char *path, const char *date,
                                const char *message)
{
    char *before = read_text(path);
    ud_buf err;
    ud_buf_init(&err);
    int number = -1;
    cr_expect_not(faq_editions_record(e, path, date, &number, &err), "%s recorded", date);
    cr_expect_eq(number, 0);
    cr_expect_str_eq(ud_buf_str(&err), message);
    ud_buf_free(&err);
    char *after = read_text(path);
    cr_expect_str_eq(after, before);
    free(before);
    free(after);
}

Test(faq_editions, bad_dates_not_recorded)
{
    const char *path = path_of("editions.txt");
    const ud_faq_question *q;
    const ud_game *g = first_game(&q);
    edition_without(path, g, q, true);
    faq_editions *draft = read_ok(path, false);
    expect_date_refused(draft, path, "2026-11-28",
                        "--new-edition 2026-11-28: expected a date no earlier than edition 1's (2026-11-29)");
    expect_date_refused(draft, path, "29/11/2026", "--new-edition '29/11/2026': expected a date YYYY-MM-DD");
    faq_editions_free(draft);
}

/* The shipped record is one, with at least one edition. */
Test(faq_editions, shipped_record_read)
{
    faq_editions *e = read_ok(UD_SOURCE_DIR "/spec/faq-editions.txt", false);
    char line[256];
    faq_editions_line(e, line, sizeof line);
    cr_expect_neq(strncmp(line, "Draft \xc2\xb7 no edition", 14), 0, "%s", line);
    faq_editions_free(e);
}

/* The command: --new-edition writes no FAQ (so takes no -o or --game), a
 * named record that is not there or not one is bad input; each exit 2
 * with the file and what was expected; a record that is one gives the
 * version line. */
Test(faq_editions, command_refusals)
{
    char *out = NULL, *err = NULL;
    const char *with_o[] = { "undead", "faq", "--new-edition", "2026-11-29", "-o", path_of("x.html"), NULL };
    cr_expect_eq(run_undead(with_o, NULL, &out, &err), 2);
    cr_expect_str_eq(err, "undead faq: --new-edition records every game's questions and writes no FAQ: "
                          "expected no -o\n");
    free(out);
    free(err);
    const char *absent[] = { "undead", "faq", "--editions", path_of("absent.txt"), NULL };
    cr_expect_eq(run_undead(absent, NULL, &out, &err), 2);
    cr_expect(strstr(err, "absent.txt: ") && strstr(err, "(expected the record of the FAQ's editions)"), "%s",
              err);
    free(out);
    free(err);
    const char *path = path_of("bad.txt");
    write_text(path, "edition one\n");
    const char *bad[] = { "undead", "faq", "--editions", path, NULL };
    cr_expect_eq(run_undead(bad, NULL, &out, &err), 2);
    char want[512];
    snprintf(want, sizeof want, "undead faq: %s:1: expected 'edition N YYYY-MM-DD', found 'edition one'\n",
             path);
    cr_expect_str_eq(err, want);
    free(out);
    free(err);
    /* recorded by the command: said on standard output, the record written */
    const char *rec[] = { "undead",        "faq",        "--editions", path_of("new.txt"),
                          "--new-edition", "2026-11-29", NULL };
    write_text(path_of("new.txt"), "");
    cr_expect_eq(run_undead(rec, NULL, &out, &err), 0, "%s", err);
    snprintf(want, sizeof want, "faq: edition 1 of 2026-11-29 recorded in %s\n", path_of("new.txt"));
    cr_expect_str_eq(out, want);
    free(out);
    free(err);
    faq_editions *e = read_ok(path_of("new.txt"), false);
    char line[256];
    faq_editions_line(e, line, sizeof line);
    cr_expect_str_eq(line, "Edition 1 \xc2\xb7 29 November 2026");
    faq_editions_free(e);
}
