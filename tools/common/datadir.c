/*
 * datadir.c - finds undead's data root (see datadir.h for the order).
 *
 * Compile definitions, set for this file by tools/CMakeLists.txt:
 *   UD_DATA_SOURCE_DIR  the checkout the build came from
 *   UD_DATA_BUILD_DIR   its build tree: a program under it uses the checkout
 *   UD_DATA_FROM_BIN    the data root relative to the installed program's
 *                       folder, e.g. "../share/undead"
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "datadir.h"

#include "cli.h"
#include "infile.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef UD_DATA_FROM_BIN
#define UD_DATA_FROM_BIN "../share/undead"
#endif

static bool copy(char *buf, size_t size, const char *s)
{
    return (size_t)snprintf(buf, size, "%s", s) < size;
}

/* The running program's own file (symbolic links resolved), or false. */
static bool own_path(char *buf, size_t size)
{
    errno = 0;
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return false;
    buf[n] = '\0';
    return true;
}

/* dir + "/" + rel with rel's "." and ".." applied to the text (the root
 * may not exist, and the message naming it should read /usr/share/undead,
 * not /usr/bin/../share/undead). */
static bool join_lexically(char *buf, size_t size, const char *dir, const char *rel)
{
    if (!copy(buf, size, dir))
        return false;
    while (*rel) {
        size_t seg = strcspn(rel, "/");
        if (seg == 2 && strncmp(rel, "..", 2) == 0) {
            char *slash = strrchr(buf, '/');
            if (slash && slash != buf)
                *slash = '\0';
            else
                copy(buf, size, "/");
        } else if (seg > 0 && !(seg == 1 && rel[0] == '.')) {
            size_t len = strlen(buf);
            bool root = len == 1 && buf[0] == '/';
            if ((size_t)snprintf(buf + len, size - len, "%s%.*s", root ? "" : "/", (int)seg, rel) >=
                size - len)
                return false;
        }
        rel += seg;
        while (*rel == '/')
            rel++;
    }
    return true;
}

/* The checkout, when the program runs from the build tree made from it:
 * the tests, and build/default/tools/undead run from anywhere. */
static bool checkout_root(const char *exe, char *buf, size_t size)
{
#if defined(UD_DATA_SOURCE_DIR) && defined(UD_DATA_BUILD_DIR)
    char build[PATH_MAX], source[PATH_MAX];
    size_t n = realpath(UD_DATA_BUILD_DIR, build) ? strlen(build) : 0;
    bool under = n && strncmp(exe, build, n) == 0 && exe[n] == '/';
    if (under && realpath(UD_DATA_SOURCE_DIR, source) && cli_is_dir(source))
        return copy(buf, size, source);
#else
    (void)exe;
    (void)buf;
    (void)size;
#endif
    return false;
}

/* The way around a data root not found: "give OPTION, or set
 * UNDEAD_DATA_DIR ...", or the variable alone when no option names it. */
static const char *way_around(const char *option, char *out, size_t size)
{
    snprintf(out, size, "%s%s%sset UNDEAD_DATA_DIR to the folder holding undead's data",
             option ? "give " : "", option ? option : "", option ? ", or " : "");
    return out;
}

const char *cli_data_dir(const char *cmd, const char *option, char *buf, size_t size)
{
    char way[200];
    const char *env = getenv("UNDEAD_DATA_DIR");
    if (env && !*env) { /* a mistake in the shell, refused as an empty UNDEAD_DB is */
        fprintf(stderr,
                "undead %s: UNDEAD_DATA_DIR is empty: expected the folder holding undead's data "
                "(unset it for the data undead finds by itself%s%s)\n",
                cmd, option ? ", or give " : "", option ? option : "");
        return NULL;
    }
    if (env) {
        if (!cli_is_dir(env)) {
            ud_buf shown, found; /* escaped: an ESC or a newline in it reaches no terminal */
            ud_buf_init(&shown);
            ud_buf_init(&found);
            /* there but no folder (a FIFO, a file): say what it is */
            if (ud_infile_exists(env))
                ud_infile_is_dir(env, false, &found);
            fprintf(stderr,
                    "undead %s: UNDEAD_DATA_DIR=%s: %s (%sthe folder holding undead's data: golden/, "
                    "fuzz/corpus/, e.g. PREFIX/share/undead)\n",
                    cmd, ud_escaped(&shown, env), found.len ? ud_buf_str(&found) : "no such directory",
                    found.len ? "" : "expected ");
            ud_buf_free(&shown);
            ud_buf_free(&found);
            return NULL;
        }
        size_t n = strlen(env);
        while (n > 1 && env[n - 1] == '/') /* "DIR/" + "/golden" would read oddly */
            n--;
        if (n >= size) {
            fprintf(stderr, "undead %s: UNDEAD_DATA_DIR: expected a path under %zu bytes\n", cmd, size);
            return NULL;
        }
        memcpy(buf, env, n);
        buf[n] = '\0';
        return buf;
    }
    char exe[PATH_MAX];
    if (!own_path(exe, sizeof exe)) {
        fprintf(stderr,
                "undead %s: cannot find the program's own path (/proc/self/exe: %s), nor its data "
                "beside it: %s\n",
                cmd, errno ? strerror(errno) : "too long", way_around(option, way, sizeof way));
        return NULL;
    }
    if (checkout_root(exe, buf, size))
        return buf;
    *strrchr(exe, '/') = '\0'; /* the program's folder: /proc/self/exe is absolute */
    if (!join_lexically(buf, size, *exe ? exe : "/", UD_DATA_FROM_BIN)) {
        fprintf(stderr, "undead %s: %s/%s: path too long\n", cmd, exe, UD_DATA_FROM_BIN);
        return NULL;
    }
    if (!cli_is_dir(buf)) {
        fprintf(stderr,
                "undead %s: %s: no such directory (undead's data, looked for beside the program: %s)\n", cmd,
                buf, way_around(option, way, sizeof way));
        return NULL;
    }
    return buf;
}

/* Is dir the current directory? */
static bool is_cwd(const char *dir)
{
    char here[PATH_MAX], there[PATH_MAX];
    return realpath(".", here) && realpath(dir, there) && strcmp(here, there) == 0;
}

const char *cli_data_path(const char *cmd, const char *rel, const char *option, char *buf, size_t size)
{
    char root[PATH_MAX];
    if (!cli_data_dir(cmd, option, root, sizeof root))
        return NULL;
    int n = is_cwd(root) ? snprintf(buf, size, "%s", rel) : snprintf(buf, size, "%s/%s", root, rel);
    if (n < 0 || (size_t)n >= size) {
        fprintf(stderr, "undead %s: %s/%s: path too long\n", cmd, root, rel);
        return NULL;
    }
    return buf;
}
