/*
 * test_show.c - `undead show` on every registered game (the binary CMake
 * built): a seeded game's record drawn at its end and along it (every
 * tenth line, or some forty points of a long record),
 * as text and as SVG when the game draws (ud_game.draw_text, draw_svg;
 * the SVG parsed as XML, and drawn again with a player named <b>&" who
 * must stay escaped), else the game's state line with the message that it
 * has no drawing; and
 * the checker's stop (ud_check_opts.stop_after_line) against the record's
 * own state lines; -o OUT and a failed write.  The games' pictures themselves are tested beside each
 * game (spec/<game>/tests/).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support.h"
#include "support_draw.h"

static char *out, *err;

static void fini(void)
{
    free(out);
    free(err);
    out = err = NULL;
}

TestSuite(show, .fini = fini);

static void write_temp(char *path, size_t size, const char *text)
{
    snprintf(path, size, "/tmp/undead-show-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_neq(fd, -1);
    FILE *f = fdopen(fd, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

static int show(const ud_game *g, const char *file, const char *at, const char *format)
{
    fini();
    const char *argv[12] = { "undead", "show", g->name, file, "--format", format };
    int n = 6;
    if (at) {
        argv[n++] = "--at";
        argv[n++] = at;
    }
    argv[n] = NULL;
    return run_undead(argv, NULL, &out, &err);
}

/* How many --at points a record is drawn at, at most (about); under the
 * sanitizers a quarter of them, each a process that replays the record. */
enum { SHOW_POINTS = 40 };
static int show_points(void) { return test_sample(SHOW_POINTS); }

static int lines_of(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++)
        n += *p == '\n';
    return n;
}

Test(show, every_game_draws_or_prints_its_state_line_along_its_record)
{
    FOR_EACH_GAME(g)
    {
        ud_result res;
        char *text = play_text(g, g->min_players > 2 ? g->min_players : (g->max_players < 2 ? 1 : 2), NULL, 5,
                               &res, NULL);
        char path[64];
        write_temp(path, sizeof path, text);
        int n = lines_of(text);
        /* every tenth line of a short record; of a long one (a board
         * game's runs to thousands of lines, each --at a replay from its
         * start) some forty points, a multiple of ten apart, still from
         * line 10 to the end */
        int every = 10 * (n / (10 * show_points()) + 1);
        for (int line = 10; line <= n + every - 1; line += every) {
            char at[16];
            snprintf(at, sizeof at, "%d", line < n ? line : n);
            int rc = show(g, path, at, "text");
            cr_assert_eq(rc, 0, "%s --at %s: exit %d: %s", g->name, at, rc, err);
            if (!g->draw_text)
                cr_assert_not_null(strstr(out, "has no drawing; its state line reads:\n= "), "%s", out);
            rc = show(g, path, at, "svg");
            if (g->draw_svg) {
                cr_assert_eq(rc, 0, "%s --at %s --format svg: exit %d: %s", g->name, at, rc, err);
                cr_assert_eq(strncmp(out, "<?xml", 5), 0, "%s", out);
                cr_assert_null(strstr(out, "<script"));
                if (line == 10 || line >= n)
                    assert_svg_parses(out);
            } else {
                cr_assert_eq(rc, 2, "%s has no SVG drawing", g->name);
                cr_assert_not_null(strstr(err, "has no SVG drawing; its state line reads: = "), "%s", err);
            }
        }
        remove(path);
        free(text);
    }
}

/* Every game that draws: a player named <b>&" is escaped in the SVG,
 * which still parses, and stands as it is in the text, mid-game and at
 * the end of a seeded game. */
Test(show, a_hostile_name_stays_escaped_in_every_games_svg)
{
    int drawn = 0;
    FOR_EACH_GAME(g)
    {
        if (!g->draw_svg)
            continue;
        ud_result res;
        char *text = play_text(g, g->min_players > 2 ? g->min_players : (g->max_players < 2 ? 1 : 2), NULL, 5,
                               &res, NULL);
        char path[64];
        write_temp(path, sizeof path, text);
        assert_hostile_name_escaped(path, lines_of(text) / 2);
        assert_hostile_name_escaped(path, 0);
        remove(path);
        free(text);
        drawn++;
    }
    cr_assert_gt(drawn, 0, "no game draws: this tests nothing");
}

/* After every state line of a record (the last of a run of them), the
 * checker stopped there describes the state that line says. */
Test(show, the_stop_is_where_every_games_state_lines_say)
{
    FOR_EACH_GAME(g)
    {
        ud_result pres;
        char *text = play_text(g, g->max_players < 2 ? 1 : 2, NULL, 9, &pres, NULL);
        ud_transcript t;
        ud_error e;
        memset(&e, 0, sizeof e); /* the parser reads err->set */
        cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &e), 0, "%s", e.msg);
        static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
        int checked = 0;
        for (int i = 0; i < t.n && checked < 30; i++) {
            const ud_tline *tl = &t.lines[i];
            if (tl->kind != UD_TL_STATE || (i + 1 < t.n && t.lines[i + 1].kind == UD_TL_STATE))
                continue;
            ud_check_opts opts = { .stop_after_line = tl->line, .state_out = state };
            ud_check_result res;
            cr_assert_eq(ud_check(&t, &opts, &res, &e), 0, "%s line %d: %s", g->name, tl->line, e.msg);
            ud_buf d;
            ud_buf_init(&d);
            g->describe(g, state, &t.setup, &d);
            for (int k = 1; k < tl->ntok; k++) {
                /* each key=value of the line is a word of the description */
                char word[256];
                snprintf(word, sizeof word, " %s ", tl->tok[k]);
                char desc[4096];
                snprintf(desc, sizeof desc, " %s ", ud_buf_str(&d));
                cr_assert_not_null(strstr(desc, word), "%s line %d: %s not in %s", g->name, tl->line,
                                   tl->tok[k], ud_buf_str(&d));
            }
            ud_buf_free(&d);
            checked++;
        }
        ud_transcript_free(&t);
        free(text);
    }
}

/* -o OUT: the same bytes as standard output; a write that fails is exit 2
 * naming OUT, and OUT is only removed when it is a file (a device such as
 * /dev/full must survive: an early version unlinked it). */
Test(show, out_file_and_a_failed_write)
{
    const ud_game *g = ud_games[0];
    ud_result res;
    char *text =
        play_text(g, g->min_players > 2 ? g->min_players : (g->max_players < 2 ? 1 : 2), NULL, 3, &res, NULL);
    char path[64], drawing[64];
    write_temp(path, sizeof path, text);
    cr_assert_eq(show(g, path, NULL, "text"), 0, "%s", err);
    char *stdout_text = strdup(out);
    write_temp(drawing, sizeof drawing, "");
    const char *argv[] = { "undead", "show", g->name, path, "-o", drawing, NULL };
    fini();
    cr_assert_eq(run_undead(argv, NULL, &out, &err), 0, "%s", err);
    size_t len;
    char *written = slurp(drawing, &len);
    cr_assert_str_eq(written, stdout_text);
    free(written);
    free(stdout_text);
    struct stat sb;
    if (stat("/dev/full", &sb) == 0 && S_ISCHR(sb.st_mode)) {
        const char *full[] = { "undead", "show", g->name, path, "-o", "/dev/full", NULL };
        fini();
        cr_assert_eq(run_undead(full, NULL, &out, &err), 2);
        cr_assert_not_null(strstr(err, "/dev/full: writing: "), "%s", err);
        cr_assert_eq(stat("/dev/full", &sb), 0, "show removed /dev/full");
        cr_assert(S_ISCHR(sb.st_mode), "/dev/full is no longer a device");
    }
    remove(drawing);
    remove(path);
    free(text);
}
