/*
 * replay_files.c - pages written to files: one record's, and the index of
 * a folder of them (`undead golden --html DIR`).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "games.h"
#include "infile.h"
#include "outfile.h"
#include "replay.h"

/* The folders of path (not its last part) made where missing; false with
 * why filled. */
static bool make_folders(const char *path, ud_buf *why)
{
    char *copy = strdup(path);
    if (!copy) {
        ud_buf_puts(why, "out of memory");
        return false;
    }
    bool ok = true;
    for (char *p = strchr(copy + 1, '/'); ok && p; p = strchr(p + 1, '/')) {
        *p = '\0';
        if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
            ud_buf_printf(why, "%s: cannot make the folder: %s", copy, strerror(errno));
            ok = false;
        }
        *p = '/';
    }
    free(copy);
    return ok;
}

/* The record at in_path, read and parsed; NULL text with why filled. */
static char *read_record(const char *in_path, ud_transcript *t, size_t *len, ud_buf *why)
{
    FILE *f = ud_infile_fopen(in_path, true, why);
    if (!f)
        return NULL;
    ud_buf text;
    ud_buf_init(&text);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && text.len < (64u << 20))
        for (size_t i = 0; i < n; i++)
            ud_buf_putc(&text, chunk[i]);
    bool read_ok = !ferror(f) && text.len < (64u << 20);
    fclose(f);
    ud_error err = { 0 };
    if (!read_ok)
        ud_buf_puts(why, "cannot read it (or it is over 64 MiB)");
    else if (ud_transcript_parse(ud_buf_str(&text), text.len, ud_find_game, t, &err) != 0) {
        ud_buf_printf(why, "line %d: %s", err.line, err.msg);
        read_ok = false;
    }
    if (!read_ok) {
        ud_buf_free(&text);
        return NULL;
    }
    *len = text.len;
    return text.data;
}

replay_status replay_file(const char *in_path, const char *shown, const char *out_path, ud_buf *why)
{
    ud_transcript t;
    size_t len;
    char *text = read_record(in_path, &t, &len, why);
    if (!text)
        return REPLAY_REFUSED;
    ud_buf page;
    ud_buf_init(&page);
    replay_status st = replay_html(&t, text, len, shown, &page, why);
    ud_transcript_free(&t);
    free(text);
    if (st != REPLAY_REFUSED &&
        (!make_folders(out_path, why) || !ud_outfile_write_all(out_path, ud_buf_str(&page), page.len, why)))
        st = REPLAY_REFUSED;
    ud_buf_free(&page);
    return st;
}

static void html_text(ud_buf *out, const char *s)
{
    for (; *s; s++)
        if (*s == '<')
            ud_buf_puts(out, "&lt;");
        else if (*s == '&')
            ud_buf_puts(out, "&amp;");
        else if (*s == '"')
            ud_buf_puts(out, "&quot;");
        else
            ud_buf_putc(out, *s);
}

bool replay_index(const char *path, const replay_entry *e, int n, ud_buf *why)
{
    ud_buf page;
    ud_buf_init(&page);
    ud_buf_puts(&page, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                       "<title>The golden cases \xe2\x80\x94 undead</title><style>"
                       "body{font-family:system-ui,sans-serif;margin:1em 2em;color:#222}"
                       "li{margin:0.15em 0}.bad{color:#b03a2e}</style></head><body>\n"
                       "<h1>The golden cases</h1><p>Each page steps through one case as the rules "
                       "play it.</p>\n");
    const char *game = NULL;
    for (int i = 0; i < n; i++) {
        if (!game || strcmp(game, e[i].game) != 0) {
            ud_buf_puts(&page, game ? "</ul>\n<h2>" : "<h2>");
            html_text(&page, e[i].game);
            ud_buf_puts(&page, "</h2><ul>\n");
            game = e[i].game;
        }
        ud_buf_puts(&page, "<li><a href=\"");
        html_text(&page, e[i].page);
        ud_buf_puts(&page, "\">");
        html_text(&page, e[i].name);
        ud_buf_puts(&page, "</a>");
        if (e[i].departs)
            ud_buf_puts(&page, " <span class=\"bad\">(breaks a rule)</span>");
        ud_buf_puts(&page, "</li>\n");
    }
    ud_buf_puts(&page, game ? "</ul>\n</body></html>\n" : "<p>No cases.</p></body></html>\n");
    bool ok = make_folders(path, why) && ud_outfile_write_all(path, ud_buf_str(&page), page.len, why);
    ud_buf_free(&page);
    return ok;
}
