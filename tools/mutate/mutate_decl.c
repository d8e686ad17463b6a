/*
 * mutate_decl.c - a game's declarations about its mutants
 * (spec/<folder>/mutants.txt; the format is in mutate.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "infile.h"
#include "mutate.h"

static bool is_mutant_of(const ud_game *g, const char *name)
{
    ud_mutant all[4 * UD_MAX_RULES + 64];
    int n = ud_mutant_list(g, all, (int)(sizeof all / sizeof all[0]));
    ud_buf b;
    ud_buf_init(&b);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        b.len = 0;
        ud_mutant_name(&all[i], &b);
        found = strcmp(ud_buf_str(&b), name) == 0;
    }
    ud_buf_free(&b);
    return found;
}

/* A mutant name of g that fits a declaration; false with "FILE:LINE: ..." */
static bool known_mutant(const mut_decls *ds, int lineno, const ud_game *g, const char *name, ud_buf *err)
{
    if (strlen(name) < sizeof ds->d[0].mutant && is_mutant_of(g, name))
        return true;
    ud_buf_printf(err, "%s:%d: '%s' is not a mutant of %s ('undead mutate %s --list' lists them)", ds->path,
                  lineno, name, g->name, g->name);
    return false;
}

static bool parse_line(mut_decls *ds, char *line, int lineno, const ud_game *g, ud_buf *err)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    char *kind = strtok(line, " \t\r");
    if (!kind)
        return true;
    bool protocol = strcmp(kind, "protocol-duplicate") == 0;
    int k = strcmp(kind, "equivalent") == 0              ? MUT_DECL_EQUIVALENT
            : strcmp(kind, "survives") == 0              ? MUT_DECL_SURVIVES
            : strcmp(kind, "duplicate") == 0 || protocol ? MUT_DECL_DUPLICATE
                                                         : 0;
    char *name = strtok(NULL, " \t\r");
    char *twin = name && k == MUT_DECL_DUPLICATE ? strtok(NULL, " \t\r") : NULL;
    char *why = name && (twin || k != MUT_DECL_DUPLICATE) ? strtok(NULL, "\r") : NULL;
    while (why && (*why == ' ' || *why == '\t'))
        why++;
    if (!k || !name || !why || !*why) {
        ud_buf_printf(err,
                      "%s:%d: expected 'equivalent MUTANT WHY', 'survives MUTANT WHY', 'duplicate MUTANT "
                      "TWIN WHY' or 'protocol-duplicate MUTANT TWIN WHY'",
                      ds->path, lineno);
        return false;
    }
    if (!known_mutant(ds, lineno, g, name, err) || (twin && !known_mutant(ds, lineno, g, twin, err)))
        return false;
    if (twin && strcmp(twin, name) == 0) {
        ud_buf_printf(err, "%s:%d: '%s' is declared a duplicate of itself: name another mutant as its twin",
                      ds->path, lineno, name);
        return false;
    }
    if (mut_decls_find(ds, name) != NULL) {
        ud_buf_printf(err, "%s:%d: '%s' is declared twice", ds->path, lineno, name);
        return false;
    }
    mut_decl *grown = realloc(ds->d, (size_t)(ds->n + 1) * sizeof *grown);
    if (!grown) {
        ud_buf_printf(err, "%s:%d: out of memory", ds->path, lineno);
        return false;
    }
    ds->d = grown;
    mut_decl *d = &ds->d[ds->n++];
    memset(d, 0, sizeof *d);
    snprintf(d->mutant, sizeof d->mutant, "%s", name);
    if (twin)
        snprintf(d->twin, sizeof d->twin, "%s", twin);
    snprintf(d->why, sizeof d->why, "%s", why);
    d->kind = k;
    d->protocol = protocol;
    d->line = lineno;
    return true;
}

/* A duplicate's twin is a mutant the run counts as it is: one declared
 * equivalent would make its duplicate equivalent too (declare that), one
 * declared a duplicate would chain (name the end of the chain). */
static bool twins_check(mut_decls *ds, ud_buf *err)
{
    for (int i = 0; i < ds->n; i++) {
        const mut_decl *d = &ds->d[i];
        const mut_decl *t = d->kind == MUT_DECL_DUPLICATE ? mut_decls_find(ds, d->twin) : NULL;
        if (t && t->kind == MUT_DECL_EQUIVALENT) {
            ud_buf_printf(err,
                          "%s:%d: the twin '%s' is declared equivalent (line %d): declare '%s' equivalent",
                          ds->path, d->line, d->twin, t->line, d->mutant);
            return false;
        }
        if (t && t->kind == MUT_DECL_DUPLICATE) {
            ud_buf_printf(err,
                          "%s:%d: the twin '%s' is itself declared a duplicate (line %d): name its twin '%s'",
                          ds->path, d->line, d->twin, t->line, t->twin);
            return false;
        }
    }
    return true;
}

/* A declaration's words go on into the run's report and the results
 * database: a line (its CR of a CRLF cut) is printable UTF-8 text, as a
 * content file's is, or refused at its place.  A NUL is counted in len,
 * so it is found as the byte it is. */
static bool text_line(const char *path, int lineno, char *line, size_t len, ud_buf *err)
{
    if (len && line[len - 1] == '\r')
        line[--len] = '\0';
    ud_buf why;
    ud_buf_init(&why);
    size_t at = ud_text_fault(line, len, &why);
    if (at < len)
        ud_buf_printf(err, "%s:%d:%zu: %s", path, lineno, at + 1, ud_buf_str(&why));
    ud_buf_free(&why);
    return at == len;
}

bool mut_decls_read(mut_decls *ds, const char *path, const ud_game *g, ud_buf *err)
{
    memset(ds, 0, sizeof *ds);
    snprintf(ds->path, sizeof ds->path, "%s", path);
    if (!ud_infile_exists(path)) /* a game that declares nothing */
        return true;
    ud_buf why;
    ud_buf_init(&why);
    FILE *f = ud_infile_fopen(path, false, &why);
    if (!f)
        ud_buf_printf(err, "%s: %s", path, ud_buf_str(&why));
    ud_buf_free(&why);
    if (!f)
        return false;
    char line[1024];
    int lineno = 0;
    bool ok = true;
    size_t len;
    ud_line_status st;
    while (ok && (st = ud_infile_line(f, line, sizeof line - 2, &len)) != UD_LINE_END) {
        lineno++;
        if (st == UD_LINE_TOO_LONG) {
            ud_buf_printf(err, "%s:%d: a line longer than %zu bytes", path, lineno, sizeof line - 2);
            ok = false;
            break;
        }
        ok = text_line(path, lineno, line, st == UD_LINE_NUL ? len + 1 : len, err) &&
             parse_line(ds, line, lineno, g, err);
    }
    if (ok && ferror(f)) {
        ud_buf_printf(err, "%s: read error", path);
        ok = false;
    }
    fclose(f);
    ok = ok && twins_check(ds, err);
    if (!ok)
        mut_decls_free(ds);
    return ok;
}

mut_decl *mut_decls_find(mut_decls *ds, const char *mutant)
{
    for (int i = 0; i < ds->n; i++)
        if (strcmp(ds->d[i].mutant, mutant) == 0)
            return &ds->d[i];
    return NULL;
}

void mut_decls_free(mut_decls *ds)
{
    free(ds->d);
    ds->d = NULL;
    ds->n = 0;
}
