/*
 * pdf_pages.c - named destinations of a PDF and their pages (pdf_pages.h),
 * read from `pdfinfo -dests`, whose lines after the header are
 *
 *     PAGE [ XYZ X Y ZOOM ] "NAME"
 */
#include "pdf_pages.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

/* Everything PROG writes on standard output (its standard error is
 * dropped); false with err filled when it cannot run or exits non-zero. */
static bool run_capture(const char *const *argv, ud_buf *out, ud_buf *err)
{
    int fds[2];
    if (pipe(fds) != 0) {
        ud_buf_printf(err, "pipe: %s", strerror(errno));
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
        ud_buf_printf(err, "fork: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        /* fds[1] may be 1 itself (undead's standard output closed): then
         * it is the child's standard output already, and stays open */
        if (fds[1] != 1 && dup2(fds[1], 1) < 0)
            _exit(126);
        if (fds[0] != 1)
            close(fds[0]);
        if (fds[1] != 1)
            close(fds[1]);
        if (!freopen("/dev/null", "w", stderr))
            _exit(126);
        cli_child_signals();
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    char chunk[4096];
    ssize_t n;
    while ((n = read(fds[0], chunk, sizeof chunk - 1)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        chunk[n] = '\0';
        ud_buf_puts(out, chunk);
    }
    close(fds[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        ud_buf_printf(err, "%s exited with status %d%s", argv[0], code,
                      code == 127 ? " (not installed? Debian: apt-get install poppler-utils)" : "");
        return false;
    }
    return true;
}

static bool add(pdf_pages *p, const char *name, size_t len, int page)
{
    pdf_page_of *grown = realloc(p->v, (size_t)(p->n + 1) * sizeof *grown);
    if (!grown)
        return false;
    p->v = grown;
    char *copy = malloc(len + 1);
    if (!copy)
        return false;
    memcpy(copy, name, len);
    copy[len] = '\0';
    p->v[p->n++] = (pdf_page_of){ copy, page };
    return true;
}

/* One line "PAGE [ ... ] "NAME"": false when it is not one (the header). */
static bool parse_line(const char *line, int *page, const char **name, size_t *len)
{
    char *end;
    long n = strtol(line, &end, 10);
    const char *open = strchr(line, '"'), *close = strrchr(line, '"');
    if (end == line || n < 1 || n > 1000000 || !open || close <= open)
        return false;
    *page = (int)n;
    *name = open + 1;
    *len = (size_t)(close - open - 1);
    return true;
}

bool pdf_pages_read(const char *pdfinfo, const char *pdf, pdf_pages *out, ud_buf *err)
{
    *out = (pdf_pages){ NULL, 0 };
    const char *argv[] = { pdfinfo, "-dests", pdf, NULL };
    ud_buf text;
    ud_buf_init(&text);
    bool ok = run_capture(argv, &text, err);
    for (const char *s = ud_buf_str(&text); ok && *s;) {
        size_t line_len = strcspn(s, "\n");
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(line_len < sizeof line ? line_len : sizeof line - 1), s);
        int page;
        const char *name;
        size_t len;
        if (parse_line(line, &page, &name, &len) && !add(out, name, len, page)) {
            ud_buf_puts(err, "out of memory");
            ok = false;
        }
        s += line_len + (s[line_len] == '\n');
    }
    ud_buf_free(&text);
    if (ok && !out->n) {
        ud_buf_printf(err, "%s -dests %s: no named destination", pdfinfo, pdf);
        ok = false;
    }
    if (!ok)
        pdf_pages_free(out);
    return ok;
}

int pdf_pages_find(const pdf_pages *p, const char *name)
{
    for (int i = 0; p && i < p->n; i++)
        if (strcmp(p->v[i].name, name) == 0)
            return p->v[i].page;
    return 0;
}

const char *pdf_pages_moved(const pdf_pages *a, const pdf_pages *b)
{
    for (int i = 0; i < a->n; i++)
        if (pdf_pages_find(b, a->v[i].name) != a->v[i].page)
            return a->v[i].name;
    for (int i = 0; i < b->n; i++)
        if (!pdf_pages_find(a, b->v[i].name))
            return b->v[i].name;
    return NULL;
}

void pdf_pages_free(pdf_pages *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->v[i].name);
    free(p->v);
    *p = (pdf_pages){ NULL, 0 };
}
