/*
 * cli.c - shared option handling for the undead subcommands.
 */
#include "cli.h"

#include "content.h"
#include "db.h"
#include "infile.h"
#include "outfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "setup.h"

bool cli_parse_size(const char *s, uint64_t *out)
{
    size_t n = strlen(s);
    if (n == 0 || n >= 32)
        return false;
    char digits[32];
    memcpy(digits, s, n + 1);
    unsigned shift = 0;
    switch (digits[n - 1]) {
    case 'K':
    case 'k':
        shift = 10;
        break;
    case 'M':
    case 'm':
        shift = 20;
        break;
    case 'G':
    case 'g':
        shift = 30;
        break;
    case 'T':
    case 't':
        shift = 40;
        break;
    default:
        break;
    }
    if (shift)
        digits[--n] = '\0';
    uint64_t v;
    if (!n || !ud_parse_u64(digits, &v) || v > (UINT64_MAX >> shift))
        return false;
    *out = v << shift;
    return true;
}

void cli_format_size(uint64_t bytes, char *out, size_t size)
{
    static const char unit[] = "KMGT";
    int u = -1;
    double v = (double)bytes;
    while (v >= 1024 && u < 3) {
        v /= 1024;
        u++;
    }
    if (u < 0)
        snprintf(out, size, "%llu bytes", (unsigned long long)bytes);
    else
        snprintf(out, size, "%.1f %ciB", v, unit[u]);
}

/* The command being run (argv[1]), for the messages of what every
 * command shares: "undead play: --seed: ...". */
static const char *command_name;

void cli_set_command(const char *cmd) { command_name = cmd; }

/* "undead CMD" (cmd, else the command being run), for a message. */
static void say_command(const char *cmd)
{
    cmd = cmd ? cmd : command_name;
    fprintf(stderr, "undead%s%s", cmd ? " " : "", cmd ? cmd : "");
}

/* "undead CMD: --OPT: ", then what was expected. */
static void refuse(const char *cmd, const char *opt, const char *expected)
{
    say_command(cmd);
    fprintf(stderr, ": --%s: %s\n", opt, expected);
}

bool cli_number(const char *cmd, const char *opt, const char *arg, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (ud_parse_number(arg, lo, hi, out))
        return true;
    ud_buf m;
    ud_buf_init(&m);
    ud_number_expected(&m, arg, lo, hi);
    refuse(cmd, opt, ud_buf_str(&m));
    ud_buf_free(&m);
    return false;
}

bool cli_int(const char *cmd, const char *opt, const char *arg, int lo, int hi, int *out)
{
    uint64_t v;
    if (!cli_number(cmd, opt, arg, (uint64_t)lo, (uint64_t)hi, &v))
        return false;
    *out = (int)v;
    return true;
}

/* A bound in bytes as it would be typed: "1G", "100K", or the bytes. */
static void size_typed(uint64_t bytes, char *out, size_t size)
{
    static const char unit[] = "TGMK";
    for (int u = 0; u < 4; u++) {
        uint64_t one = 1ull << (10 * (4 - u));
        if (bytes >= one && bytes % one == 0) {
            snprintf(out, size, "%llu%c", (unsigned long long)(bytes / one), unit[u]);
            return;
        }
    }
    snprintf(out, size, "%llu", (unsigned long long)bytes);
}

bool cli_size(const char *cmd, const char *opt, const char *arg, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (cli_parse_size(arg, &v) && v >= 1 && v <= hi) {
        *out = v;
        return true;
    }
    char top[32];
    size_typed(hi, top, sizeof top);
    ud_buf msg;
    ud_buf_init(&msg);
    ud_buf_printf(&msg, "expected a size in bytes from 1 to %s (e.g. %s), got '", top,
                  hi >= (4ull << 30) ? "512M, 4G" : "512K, 64M");
    ud_buf_put_escaped(&msg, arg);
    ud_buf_putc(&msg, '\'');
    refuse(cmd, opt, ud_buf_str(&msg));
    ud_buf_free(&msg);
    return false;
}

/* Digits with at most one '.' among them, at least one digit. */
static bool is_decimal(const char *s)
{
    size_t int_digits = strspn(s, "0123456789");
    const char *p = s + int_digits;
    size_t frac_digits = 0;
    if (*p == '.') {
        frac_digits = strspn(p + 1, "0123456789");
        p += 1 + frac_digits;
    }
    return *p == '\0' && int_digits + frac_digits > 0;
}

bool cli_decimal(const char *cmd, const char *opt, const char *arg, double lo, double hi, bool open,
                 double *out)
{
    double v = is_decimal(arg) ? strtod(arg, NULL) : -1;
    if (is_decimal(arg) && (open ? v > lo && v < hi : v >= lo && v <= hi)) {
        *out = v;
        return true;
    }
    ud_buf msg;
    ud_buf_init(&msg);
    /* a form it does not read (1e-5, -0.1, 0x1p-3) is named so: "1e-10 is
     * above 0 and below 1" is true, and would not say why it is refused */
    ud_buf_printf(&msg,
                  open ? "expected a number%s above %g and below %g, got '"
                       : "expected a number%s from %g to %g, got '",
                  is_decimal(arg) ? "" : " in digits with at most one '.' (no sign, no exponent)", lo, hi);
    ud_buf_put_escaped(&msg, arg);
    ud_buf_putc(&msg, '\'');
    refuse(cmd, opt, ud_buf_str(&msg));
    ud_buf_free(&msg);
    return false;
}

/* A repeated --players or --policy adds to the list, as a person who
 * writes one per seat means it to (the last one alone was kept before). */
static bool join(char *buf, size_t size, const char **out, const char *arg, const char *opt)
{
    size_t len = strlen(buf);
    int n = snprintf(buf + len, size - len, "%s%s", len ? "," : "", arg);
    if (n < 0 || (size_t)n >= size - len) {
        buf[len] = '\0';
        say_command(NULL);
        fprintf(stderr, ": --%s: the list is longer than %zu characters\n", opt, size - 1);
        return false;
    }
    *out = buf;
    return true;
}

bool cli_game_list(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    cli_game_opts *g = field;
    (void)cmd;
    if (strcmp(o->name, "players") == 0)
        return join(g->players_text, sizeof g->players_text, &g->players, arg, "players");
    return join(g->policies_text, sizeof g->policies_text, &g->policies, arg, "policy");
}

/* A policy a seat, the last one repeating; more policies than seats
 * (--policy a,b,c for two players) is refused: the third would be
 * dropped, where the person meant a third seat (--players names them). */
static bool set_policies(const ud_game *g, const char *list, ud_match *m, ud_buf *err)
{
    char spec[64];
    int seat = 0, seats = ud_setup_player_count(&m->setup);
    const char *p = list;
    for (;;) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof spec || seat >= UD_MAX_PLAYERS) {
            ud_buf_printf(err, "--policy: expected at most %d policies of at most %zu characters",
                          UD_MAX_PLAYERS, sizeof spec - 1);
            return false;
        }
        if (seat == seats) {
            int n = 1;
            for (const char *c = list; *c; c++)
                n += *c == ',';
            ud_buf_printf(
                err,
                "--policy: expected at most one policy a player (%d player%s; --players names more), "
                "found %d policies",
                seats, seats == 1 ? "" : "s", n);
            return false;
        }
        memcpy(spec, p, len);
        spec[len] = '\0';
        if (!ud_policy_parse(g, spec, &m->policy[seat], err))
            return false;
        seat++;
        if (p[len] == '\0')
            break;
        p += len + 1;
    }
    for (int i = seat; i < UD_MAX_PLAYERS; i++) /* the last policy repeats */
        m->policy[i] = m->policy[seat - 1];
    return true;
}

bool cli_load_content(const ud_game *g, const char *dir)
{
    if (!g->load_content) {
        say_command(NULL);
        fprintf(stderr, ": --content: %s has no content files\n", g->name);
        return false;
    }
    ud_content_error err;
    if (!g->load_content(dir, &err)) {
        ud_content_error_print(&err, stderr);
        return false;
    }
    return true;
}

bool cli_build_match(const ud_game *g, const cli_game_opts *o, ud_match *m)
{
    ud_buf err;
    ud_buf_init(&err);
    ud_match_defaults(m, g);
    m->seed = o->seed;
    for (int i = 0; i < UD_MAX_PLAYERS && g->n_policies > 0; i++) {
        m->policy[i].def = &g->policies[0];
        m->policy[i].param = g->policies[0].def_param;
    }
    bool ok = true;
    if (o->content && !cli_load_content(g, o->content))
        return false;
    if (o->players)
        ok = ud_setup_players(&m->setup, o->players, &err);
    if (ok && !ud_setup_check_players(g, ud_setup_player_count(&m->setup), &err)) {
        say_command(NULL);
        fprintf(stderr, ": --players: %s\n", ud_buf_str(&err));
        ud_buf_free(&err);
        return false;
    }
    if (ok && o->policies)
        ok = set_policies(g, o->policies, m, &err);
    /* The last of two readings of one question would win silently. */
    for (int i = 0; ok && i < o->n_variants; i++)
        for (int j = 0; ok && j < i; j++) {
            size_t ki = strcspn(o->variants[i], "="), kj = strcspn(o->variants[j], "=");
            if (ki == kj && memcmp(o->variants[i], o->variants[j], ki) == 0) {
                ud_buf key;
                ud_buf_init(&key);
                ud_buf_printf(&key, "%.*s", (int)ki, o->variants[i]);
                ud_buf_puts(&err, "--variant: variant ");
                ud_buf_put_escaped(&err, ud_buf_str(&key));
                ud_buf_puts(&err, " given twice");
                ud_buf_free(&key);
                ok = false;
            }
        }
    for (int i = 0; ok && i < o->n_variants; i++)
        ok = ud_setup_variant(g, &m->setup, o->variants[i], &err);
    for (int i = 0; ok && i < o->n_starts; i++)
        ok = ud_setup_start(&m->setup, o->starts[i], &err);
    /* the position they make, on a scratch state: a bad line is input,
     * refused here, not a game's failure (play's partial record, explore's
     * violation, conform's departure of the implementation) */
    if (ok && o->n_starts > 0)
        ok = ud_start_lines_check(g, &m->setup, &err);
    if (!ok) {
        say_command(NULL);
        fprintf(stderr, ": %s\n", ud_buf_str(&err));
    }
    ud_buf_free(&err);
    return ok;
}

const ud_game *cli_game(const char *cmd, const char *name)
{
    if (!name) {
        fprintf(stderr, "undead %s: expected a game name (see 'undead games')\n", cmd);
        return NULL;
    }
    const ud_game *g = ud_find_game(name);
    if (!g) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead %s: unknown game '%s'; expected one of:", cmd, ud_escaped(&shown, name));
        ud_buf_free(&shown);
        for (const ud_game *const *p = ud_games; *p; p++)
            fprintf(stderr, " %s", (*p)->name);
        fputc('\n', stderr);
    }
    return g;
}

bool cli_is_dir(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* $UNDEAD_DB_BUSY_MS, the wait for another process's lock, handed to
 * db/ before the database is opened; false (said) when it is not a whole
 * number of milliseconds within the bound, as an option's value is. */
static bool busy_wait_set(const char *cmd)
{
    const char *env = getenv("UNDEAD_DB_BUSY_MS");
    uint64_t ms = DB_BUSY_MS_DEFAULT;
    if (env && !ud_parse_number(env, 0, DB_BUSY_MS_MAX, &ms)) {
        ud_buf err;
        ud_buf_init(&err);
        ud_number_expected(&err, env, 0, DB_BUSY_MS_MAX);
        fprintf(stderr,
                "undead %s: results database: UNDEAD_DB_BUSY_MS: %s (milliseconds to wait for a lock)\n", cmd,
                ud_buf_str(&err));
        ud_buf_free(&err);
        return false;
    }
    db_set_busy_ms((int)ms);
    return true;
}

const char cli_memory_db[] = ":memory:";

/* Is the database (or a companion file SQLite keeps beside it) the file
 * the command's standard output or error is (--db /dev/stdout with the
 * output sent to a file)?  SQLite would write its pages into the file the
 * command writes its text to: one of the two lost.  Else says so. */
static bool db_not_a_standard_stream(const char *cmd, const char *path)
{
    static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
    static const char *const stream[] = { "standard input", "standard output", "standard error" };
    for (int fd = 0; fd <= 2; fd++) {
        struct stat sf;
        if (fstat(fd, &sf) != 0 || !S_ISREG(sf.st_mode))
            continue; /* a terminal, pipe or device keeps nothing to lose */
        for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
            char file[4200];
            struct stat sp;
            if ((size_t)snprintf(file, sizeof file, "%s%s", path, suffix[i]) >= sizeof file ||
                stat(file, &sp) != 0 || sp.st_dev != sf.st_dev || sp.st_ino != sf.st_ino)
                continue;
            ud_buf shown;
            ud_buf_init(&shown);
            fprintf(stderr,
                    "undead %s: results database: %s: %s%s%sis the same file as %s: expected another file\n",
                    cmd, ud_escaped(&shown, path), i ? "its " : "", i ? suffix[i] : "", i ? " file " : "",
                    stream[fd]);
            ud_buf_free(&shown);
            return false;
        }
    }
    return true;
}

const char *cli_db_path(const char *cmd, const char *opt)
{
    if (!busy_wait_set(cmd))
        return NULL;
    const char *env = getenv("UNDEAD_DB");
    if (!opt && env && !*env) {
        fprintf(stderr,
                "undead %s: results database: UNDEAD_DB is empty: expected a file name "
                "(unset it for undead.db in the current folder)\n",
                cmd);
        return NULL;
    }
    const char *path = opt ? opt : env ? env : "undead.db";
    /* SQLite takes the name ":memory:" for a database in memory, gone when
     * undead ends: a run recorded there is lost, as with --db '' (the
     * outcomes baseline's scratch uses it on purpose: cli_memory_db) */
    if (path != cli_memory_db && strcmp(path, ":memory:") == 0) {
        fprintf(stderr,
                "undead %s: results database: %s:memory:: SQLite's database in memory, lost when undead "
                "ends: expected a file name (./:memory: for a file of that name; --no-db not to record)\n",
                cmd, opt ? "--db " : "UNDEAD_DB=");
        return NULL;
    }
    return db_not_a_standard_stream(cmd, path) ? path : NULL;
}

void cli_db_env_note(const char *cmd, const char *opt)
{
    const char *env = getenv("UNDEAD_DB");
    if (opt || !env || !*env)
        return;
    fprintf(stderr,
            "undead %s: (that database is the one UNDEAD_DB names: give --db PATH, or unset UNDEAD_DB)\n",
            cmd);
}

/* The first folder of path (from its start) that is there but is not a
 * folder, into buf; false when there is none (a part is missing). */
static bool not_a_folder_on_the_way(const char *path, char *buf, size_t size)
{
    for (const char *slash = *path ? strchr(path + 1, '/') : NULL; slash; slash = strchr(slash + 1, '/')) {
        size_t n = (size_t)(slash - path);
        if (n >= size)
            return false;
        memcpy(buf, path, n);
        buf[n] = '\0';
        struct stat sb;
        if (stat(buf, &sb) != 0)
            return false;
        if (!S_ISDIR(sb.st_mode))
            return true;
    }
    return false;
}

bool cli_need_dir(const char *cmd, const char *path, const char *why)
{
    /* GOLDEN/GAME under a --golden that is a file or a FIFO: that path is
     * what is wrong, not a missing GAME folder */
    char on_the_way[4096];
    const char *at = not_a_folder_on_the_way(path, on_the_way, sizeof on_the_way) ? on_the_way : path;
    struct stat sb;
    ud_buf shown, found;
    ud_buf_init(&shown);
    ud_buf_init(&found);
    bool ok = stat(at, &sb) == 0;
    int e = errno;
    if (!ok && (e == ENOENT || e == ENOTDIR))
        fprintf(stderr, "undead %s: %s: no such directory (%s)\n", cmd, ud_escaped(&shown, path), why);
    else if (!ok) /* there, but not to be reached: a loop of links, a folder without search rights */
        fprintf(stderr, "undead %s: %s: cannot be read as a folder: %s (%s)\n", cmd, ud_escaped(&shown, path),
                strerror(e), why);
    else if (!(ok = ud_infile_is_dir(at, false, &found)))
        fprintf(stderr, "undead %s: %s: %s (%s)\n", cmd, ud_escaped(&shown, at), ud_buf_str(&found), why);
    ud_buf_free(&shown);
    ud_buf_free(&found);
    return ok;
}

bool cli_output_ok(const char *cmd, const char *opt, const char *path)
{
    ud_buf why;
    ud_buf_init(&why);
    bool ok = ud_outfile_check(path, &why);
    if (!ok) { /* escaped: the path, and the folder the reason may name */
        ud_buf shown, reason;
        ud_buf_init(&shown);
        ud_buf_init(&reason);
        fprintf(stderr, "undead %s: %s %s: %s\n", cmd, opt, *path ? ud_escaped(&shown, path) : "''",
                ud_escaped(&reason, ud_buf_str(&why)));
        ud_buf_free(&shown);
        ud_buf_free(&reason);
    }
    ud_buf_free(&why);
    return ok;
}

bool cli_output_not_input(const char *cmd, const char *opt, const char *out, const char *in, const char *what)
{
    struct stat a;
    if ((stat(out, &a) == 0 && !S_ISREG(a.st_mode)) || !ud_outfile_same(out, in))
        return true; /* a device or FIFO is written in place, and keeps nothing */
    ud_buf shown_out, shown_in;
    ud_buf_init(&shown_out);
    ud_buf_init(&shown_in);
    fprintf(stderr, "undead %s: %s %s: is the same file as %s (%s): expected another file\n", cmd, opt,
            ud_escaped(&shown_out, out), what, ud_escaped(&shown_in, in));
    ud_buf_free(&shown_out);
    ud_buf_free(&shown_in);
    return false;
}

bool cli_output_not_db(const char *cmd, const char *opt, const char *out, const char *db_path)
{
    /* SQLite's companions of the database: a file written there is lost
     * (the -wal is removed when the database closes) or taken for the
     * database's journal the next time it opens */
    static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
    for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
        char companion[4200];
        if ((size_t)snprintf(companion, sizeof companion, "%s%s", db_path, suffix[i]) >= sizeof companion)
            continue;
        if (!cli_output_not_input(cmd, opt, out, companion,
                                  i ? "a companion file of the results database" : "the results database"))
            return false;
    }
    return true;
}

bool cli_rewrite_not_std(const char *cmd, const char *opt, const char *path)
{
    static const char *const stream[] = { "", "standard output", "standard error" };
    struct stat sp;
    if (stat(path, &sp) != 0 || !S_ISREG(sp.st_mode))
        return true; /* not there yet, or no file to keep */
    for (int fd = 1; fd <= 2; fd++) {
        struct stat sf;
        if (fstat(fd, &sf) == 0 && sf.st_dev == sp.st_dev && sf.st_ino == sp.st_ino) {
            ud_buf shown;
            ud_buf_init(&shown);
            fprintf(stderr,
                    "undead %s: %s%s%s: is the same file as %s: expected another file (it is read, then "
                    "written again whole)\n",
                    cmd, opt ? opt : "", opt ? " " : "", ud_escaped(&shown, path), stream[fd]);
            ud_buf_free(&shown);
            return false;
        }
    }
    return true;
}

bool cli_output_not_read(const char *cmd, const char *opt, const char *out)
{
    const char *in = ud_infile_read_before(out);
    if (!in)
        return true;
    ud_buf shown_out, shown_in;
    ud_buf_init(&shown_out);
    ud_buf_init(&shown_in);
    fprintf(stderr, "undead %s: %s %s: is the same file as a file it reads (%s): expected another file\n",
            cmd, opt, ud_escaped(&shown_out, out), ud_escaped(&shown_in, in));
    ud_buf_free(&shown_out);
    ud_buf_free(&shown_in);
    return false;
}

enum { CLI_MAX_FILE = 64 << 20 };

/* A message of read_file: on standard error, and its text (without the
 * name) in said when asked. */
static void say_read(ud_buf *said, const char *shown, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say_read(ud_buf *said, const char *shown, const char *fmt, ...)
{
    va_list ap;
    char text[512];
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s: %s\n", shown, text);
    if (said)
        ud_buf_puts(said, text);
}

/* cli_read_file, its messages naming the file as shown (escaped). */
static char *read_file(const char *path, const char *shown, size_t *len, ud_buf *said)
{
    ud_buf why;
    ud_buf_init(&why);
    /* a FIFO or a device named as a file is refused, never waited on */
    FILE *f = strcmp(path, "-") == 0 ? stdin : ud_infile_fopen(path, false, &why);
    if (f == stdin)
        ud_infile_note_fd(STDIN_FILENO, "<stdin>");
    if (!f)
        say_read(said, shown, "%s", ud_buf_str(&why));
    ud_buf_free(&why);
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (!buf) {
            say_read(said, shown, "out of memory");
            break;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0 || n > CLI_MAX_FILE)
            break;
        if (n == cap) {
            cap *= 2;
            char *p = realloc(buf, cap + 1);
            if (!p)
                free(buf);
            buf = p;
        }
    }
    bool bad = buf && (ferror(f) || n > CLI_MAX_FILE);
    if (buf && ferror(f))
        say_read(said, shown, "read error: %s", strerror(errno));
    else if (bad)
        say_read(said, shown, "larger than %d MiB", CLI_MAX_FILE >> 20);
    if (f != stdin)
        fclose(f);
    if (bad || !buf) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *cli_read_file_said(const char *path, size_t *len, ud_buf *said)
{
    ud_buf shown;
    ud_buf_init(&shown);
    /* standard input is "<stdin>" in messages, as check and show name it */
    char *text = read_file(path,
                           strcmp(path, "-") == 0 ? "<stdin>"
                           : *path                ? ud_escaped(&shown, path)
                                                  : "''", /* an empty name, seen */
                           len, said);
    ud_buf_free(&shown);
    return text;
}

char *cli_read_file(const char *path, size_t *len) { return cli_read_file_said(path, len, NULL); }
