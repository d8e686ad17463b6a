/*
 * support_draw.c - helpers for the suites of the games' drawings (see
 * support_draw.h).
 */
#include "support_draw.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"

const ud_game *checked_position(const char *file, int at, void *state, ud_setup *setup)
{
    size_t len;
    char *text = slurp(file, &len);
    ud_transcript t;
    ud_error e;
    memset(&e, 0, sizeof e); /* the parser reads err->set */
    cr_assert_eq(ud_transcript_parse(text, len, ud_find_game, &t, &e), 0, "%s:%d:%d: %s", file, e.line, e.col,
                 e.msg);
    ud_check_opts opts = { .stop_after_line = at, .state_out = state };
    ud_check_result res;
    cr_assert_eq(ud_check(&t, &opts, &res, &e), 0, "%s:%d: %s: %s", file, e.line, e.rule, e.msg);
    *setup = t.setup;
    const ud_game *g = t.game;
    ud_transcript_free(&t);
    free(text);
    return g;
}

void draw_both(const ud_game *g, const void *state, const ud_setup *setup, char **text, char **svg)
{
    cr_assert(g->draw_text && g->draw_svg, "%s has no drawing", g->name);
    ud_buf b;
    ud_buf_init(&b);
    g->draw_text(g, state, setup, "test", &b);
    *text = strdup(ud_buf_str(&b));
    ud_buf_clear(&b);
    g->draw_svg(g, state, setup, "test", &b);
    *svg = strdup(ud_buf_str(&b));
    ud_buf_free(&b);
}

void assert_svg_parses(const char *svg)
{
    char path[] = "/tmp/undead-svg-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_neq(fd, -1);
    FILE *f = fdopen(fd, "w");
    cr_assert_not_null(f);
    cr_assert_eq(fputs(svg, f) >= 0 && fclose(f) == 0, 1, "writing %s", path);
    char cmd[256];
    snprintf(cmd, sizeof cmd,
             "python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
             "sys.exit(0 if r.tag == \"{http://www.w3.org/2000/svg}svg\" else \"root: \" + r.tag)' %s 2>&1",
             path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p, "python3 could not be started");
    char why[1024] = "";
    size_t n = fread(why, 1, sizeof why - 1, p);
    why[n] = '\0';
    int status = pclose(p);
    remove(path);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the SVG does not parse as XML: %s\n%s", why,
              svg);
}

int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

void assert_hostile_name_escaped(const char *file, int at)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_setup setup;
    const ud_game *g = checked_position(file, at, state, &setup);
    snprintf(setup.names[0], sizeof setup.names[0], "%s", "<b>&\"");
    char *text, *svg;
    draw_both(g, state, &setup, &text, &svg);
    assert_svg_parses(svg);
    cr_assert_gt(count_of(svg, "&lt;b&gt;&amp;&quot;"), 0, "%s: the name is not in the SVG, escaped:\n%s",
                 g->name, svg);
    cr_assert_eq(count_of(svg, "<b>"), 0, "%s: the name is in the SVG raw", g->name);
    cr_assert_gt(count_of(text, "<b>&\""), 0, "%s: the name is not in the text drawing:\n%s", g->name, text);
    free(text);
    free(svg);
}

void assert_text_compact(const char *text, int max_lines)
{
    int lines = 0;
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        cr_assert_leq(n, 80, "a line of %zu columns: %.*s", n, (int)n, p);
        cr_assert(n == 0 || p[n - 1] != ' ', "a space at the end of: %.*s", (int)n, p);
        lines++;
        p += n + (end != NULL);
    }
    cr_assert_leq(lines, max_lines, "%d lines, expected at most %d:\n%s", lines, max_lines, text);
}

void assert_has(const char *text, const char *want)
{
    cr_assert_not_null(strstr(text, want), "no '%s' in:\n%s", want, text);
}
