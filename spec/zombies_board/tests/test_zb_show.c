/*
 * test_zb_show.c - `undead show zombies-board` (the binary CMake built):
 * the text map and the SVG of a golden transcript draw what the checker's
 * state holds (zombies, tokens, pawns, names), the state being computed
 * here by ud_check itself rather than written down, so a drawing that
 * loses or invents a piece fails; --at mid-game draws another position;
 * bad options and files exit 2 naming the file; an illegal record exits 1
 * with the checker's FILE:LINE: RULE-ID.  The SVG in a real browser:
 * tests/show_svg.sh.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"
#include "support_draw.h"
#include "zombies_board/zombies_board.h"

#define GOLDEN UD_SOURCE_DIR "/golden/zombies_board/seeded/two-greedy.transcript"

static char *out, *err;

static void fini(void)
{
    free(out);
    free(err);
    out = err = NULL;
}

TestSuite(zb_show, .fini = fini);

static int show(const char *file, const char *at, const char *format)
{
    free(out);
    free(err);
    const char *argv[12] = { "undead", "show", "zombies-board", file };
    int n = 4;
    if (at) {
        argv[n++] = "--at";
        argv[n++] = at;
    }
    if (format) {
        argv[n++] = "--format";
        argv[n++] = format;
    }
    argv[n] = NULL;
    return run_undead(argv, NULL, &out, &err);
}

/* What the map rows show: lines "  NN |...|", counted after the label. */
typedef struct drawn {
    int zombies, tokens, pawns, rows;
} drawn;

static drawn count_map(const char *text)
{
    drawn d = { 0 };
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        int label;
        char bar;
        if (n > 6 && sscanf(p, " %d %c", &label, &bar) == 2 && bar == '|' && p[0] == ' ') {
            d.rows++;
            for (const char *c = memchr(p, '|', n); c < p + n; c++) {
                d.zombies += *c == 'z';
                d.tokens += *c == 'l' || *c == 'b';
                d.pawns += *c >= '1' && *c <= '6';
                d.pawns += *c == '*' ? 2 : 0; /* two or more: the test's positions never have three */
            }
        }
        p += n + (end != NULL);
    }
    return d;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static int alive(const zb_state *st)
{
    int n = 0;
    for (int p = 0; p < st->n_players; p++)
        n += st->pl[p].status == ZB_ALIVE;
    return n;
}

/* The drawing agrees with the state: every zombie, token and pawn, and
 * each player's position in the players' list. */
static void assert_text_draws(const char *text, const zb_state *st, const ud_setup *setup)
{
    drawn d = count_map(text);
    cr_assert_gt(d.rows, 0, "no map rows in:\n%s", text);
    cr_assert_gt(st->zombies, 0, "a position with no zombie tests nothing");
    cr_assert_eq(d.zombies, st->zombies, "%d zombies drawn, the state has %d:\n%s", d.zombies, st->zombies,
                 text);
    cr_assert_eq(d.tokens, st->tokens, "%d tokens drawn, the state has %d:\n%s", d.tokens, st->tokens, text);
    cr_assert_eq(d.pawns, alive(st), "%d pawns drawn, %d alive:\n%s", d.pawns, alive(st), text);
    for (int p = 0; p < st->n_players; p++) {
        char want[64];
        if (st->pl[p].status == ZB_ALIVE)
            snprintf(want, sizeof want, "%d %-8s at %d,%d ", p + 1, setup->names[p], st->pl[p].pos_x,
                     st->pl[p].pos_y);
        else
            snprintf(want, sizeof want, "%d %-8s %s", p + 1, setup->names[p],
                     st->pl[p].status == ZB_DEAD ? "dead" : "out");
        cr_assert_not_null(strstr(text, want), "no '%s' in:\n%s", want, text);
    }
}

Test(zb_show, the_text_map_draws_the_checked_end)
{
    static zb_state st;
    ud_setup setup;
    checked_position(GOLDEN, 0, &st, &setup);
    cr_assert_eq(show(GOLDEN, NULL, NULL), 0, "%s", err);
    assert_text_draws(out, &st, &setup);
    cr_assert_not_null(strstr(out, "(the end)"));
    cr_assert_not_null(strstr(out, "Legend"));
}

Test(zb_show, at_mid_game_draws_that_position)
{
    static zb_state mid, end;
    ud_setup setup;
    checked_position(GOLDEN, 120, &mid, &setup);
    checked_position(GOLDEN, 0, &end, &setup);
    cr_assert_neq(memcmp(&mid, &end, sizeof mid), 0, "line 120 is already the end");
    cr_assert_eq(show(GOLDEN, "120", NULL), 0, "%s", err);
    char *mid_text = strdup(out);
    assert_text_draws(mid_text, &mid, &setup);
    cr_assert_not_null(strstr(mid_text, "after line 120\n"));
    cr_assert_eq(show(GOLDEN, NULL, NULL), 0, "%s", err);
    cr_assert_str_neq(mid_text, out);
    free(mid_text);
}

/* The checker's stop agrees with the record's own state lines: the
 * position after a state line "= ..." is the one that line describes. */
Test(zb_show, the_stop_is_where_the_records_state_lines_say)
{
    size_t len;
    char *text = slurp(GOLDEN, &len);
    int line = 1, checked = 0;
    for (char *p = text; *p && checked < 40; line++) {
        char *end = strchr(p, '\n');
        if (!end)
            break;
        if (p[0] == '=' && line % 5 == 0) {
            static zb_state st;
            ud_setup setup;
            checked_position(GOLDEN, line, &st, &setup);
            ud_buf d;
            ud_buf_init(&d);
            zb_game.describe(&zb_game, &st, &setup, &d);
            /* the record's line, without the '= ' and the padding */
            cr_assert_eq(strncmp(p + 2, ud_buf_str(&d), d.len), 0,
                         "line %d: the stop reads\n%s\nthe record\n%.*s", line, ud_buf_str(&d),
                         (int)(end - p), p);
            ud_buf_free(&d);
            checked++;
        }
        p = end + 1;
    }
    cr_assert_gt(checked, 10);
    free(text);
}

Test(zb_show, the_svg_draws_every_piece_and_names_the_pawns)
{
    static zb_state st;
    ud_setup setup;
    checked_position(GOLDEN, 120, &st, &setup);
    cr_assert_eq(show(GOLDEN, "120", "svg"), 0, "%s", err);
    cr_assert_eq(strncmp(out, "<?xml", 5), 0);
    cr_assert_not_null(strstr(out, "</svg>\n"));
    /* one zombie circle a zombie, plus the legend's */
    cr_assert_eq(count(out, "fill=\"#3c9a3c\""), st.zombies + 1);
    cr_assert_eq(count(out, "class=\"n\""), alive(&st), "one name label a pawn on the board");
    for (int p = 0; p < st.n_players; p++) {
        char want[64];
        snprintf(want, sizeof want, ">%s</text>", setup.names[p]);
        cr_assert_not_null(strstr(out, want), "no label %s", want);
    }
    cr_assert_null(strstr(out, "<script"), "a script in the SVG");
    cr_assert_null(strstr(out, "href"), "a link in the SVG");
    cr_assert_eq(count(out, "http"), 1, "only the SVG namespace may name a URL");
}

/* ---- errors ------------------------------------------------------------------------ */

Test(zb_show, bad_options_and_files_exit_2_naming_the_file)
{
    cr_assert_eq(show(GOLDEN, "0", NULL), 2);
    cr_assert_eq(show(GOLDEN, "x", NULL), 2);
    cr_assert_eq(show(GOLDEN, NULL, "png"), 2);
    cr_assert_not_null(strstr(err, "png"));
    cr_assert_eq(show(GOLDEN, "999999", NULL), 2);
    cr_assert_not_null(strstr(err, GOLDEN), "%s", err);
    cr_assert_eq(show("/nonexistent/record", NULL, NULL), 2);
    cr_assert_not_null(strstr(err, "/nonexistent/record"), "%s", err);
    /* a record of another game */
    const char *argv[] = { "undead", "show", "zombie-dice", GOLDEN, NULL };
    fini();
    cr_assert_eq(run_undead(argv, NULL, &out, &err), 2);
    cr_assert_not_null(strstr(err, GOLDEN ":3: the record is a game of zombies-board"), "%s", err);
    /* a seed-only record has no lines to stop at */
    cr_assert_eq(show(UD_SOURCE_DIR "/golden/zombies_board/seeded/two-greedy.in", "5", NULL), 2);
    cr_assert_not_null(strstr(err, "two-greedy.in"), "%s", err);
}

/* The golden record with line `line` replaced by `with`, in a temporary file. */
static void mutated(char *path, size_t size, int line, const char *with)
{
    size_t len;
    char *text = slurp(GOLDEN, &len);
    snprintf(path, size, "/tmp/zb-show-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_neq(fd, -1);
    FILE *f = fdopen(fd, "w");
    int n = 1;
    for (char *p = text; *p; n++) {
        char *end = strchr(p, '\n');
        size_t l = end ? (size_t)(end - p + 1) : strlen(p);
        if (n == line)
            fprintf(f, "%s\n", with);
        else
            fwrite(p, 1, l, f);
        p += l;
    }
    cr_assert_eq(fclose(f), 0);
    free(text);
}

/* The number of the first line of GOLDEN that starts with prefix. */
static int first_line_starting(const char *prefix)
{
    char *text = slurp(GOLDEN, NULL);
    int n = 1, found = 0;
    for (char *p = text; *p && !found; n++) {
        if (strncmp(p, prefix, strlen(prefix)) == 0)
            found = n;
        char *end = strchr(p, '\n');
        p = end ? end + 1 : p + strlen(p);
    }
    free(text);
    cr_assert_gt(found, 0, "no line starts with '%s'", prefix);
    return found;
}

Test(zb_show, malformed_exits_2_and_illegal_exits_1_before_the_line)
{
    char path[64], want[128], before[16];
    /* ann's first step north; south is a legal word but not this game */
    int step = first_line_starting("decide ann north");
    mutated(path, sizeof path, step, "decide ann south");
    cr_assert_eq(show(path, NULL, NULL), 1, "%s", err);
    snprintf(want, sizeof want, "%s:%d: ZB-STEP: ", path, step + 1);
    cr_assert_not_null(strstr(err, want), "%s", err);
    snprintf(before, sizeof before, "%d", step - 1);
    cr_assert_eq(show(path, before, NULL), 0, "the illegal line comes after the position: %s", err);
    remove(path);
    mutated(path, sizeof path, step, "decide ann nowhere");
    cr_assert_eq(show(path, NULL, NULL), 2);
    snprintf(want, sizeof want, "%s:%d:12: expected", path, step);
    cr_assert_not_null(strstr(err, want), "%s", err);
    remove(path);
}
