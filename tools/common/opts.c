/*
 * opts.c - the option layer (opts.h): reading argv by a command's table,
 * and its --help.
 */
#include "opts.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"

enum { OPTS_COLUMN = 24 };

/* ---- the table ---------------------------------------------------------- */

void opts_each(const opts_command *c, bool (*each)(const opts_option *o, void *ctx), void *ctx)
{
    const opts_option *tables[2] = { c->options, c->more ? c->more() : NULL };
    for (int t = 0; t < 2; t++)
        for (const opts_option *o = tables[t]; o && (o->name || o->short_name); o++)
            if (!each(o, ctx))
                return;
}

/* The option as it was typed: "--name", or "-X" (as_short, or for an
 * option with no long name). */
static const char *shown_name(const opts_option *o, bool as_short, char *buf, size_t size)
{
    if (o->name && !(as_short && o->short_name))
        snprintf(buf, size, "--%s", o->name);
    else
        snprintf(buf, size, "-%c", o->short_name);
    return buf;
}

/* "undead CMD: --OPT: " and the rest. */
static void refuse(const char *cmd, const char *opt, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void refuse(const char *cmd, const char *opt, const char *fmt, ...)
{
    fprintf(stderr, "undead %s: %s: ", cmd, opt);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void *field_of(void *target, size_t at) { return (char *)target + at; }

/* Every option's default, before argv is read: only those the table
 * gives, so that a default the command set first (one that depends on
 * the machine) stays. */
static bool set_default(const opts_option *o, void *target)
{
    void *f = field_of(target, o->at);
    if ((o->kind == OPTS_NUMBER || o->kind == OPTS_SIZE) && o->def)
        *(uint64_t *)f = o->def;
    else if ((o->kind == OPTS_INT || o->kind == OPTS_CHOICE) && o->def)
        *(int *)f = (int)o->def;
    else if (o->kind == OPTS_DECIMAL && o->ddef != 0)
        *(double *)f = o->ddef;
    else if (o->kind == OPTS_STRING && o->sdef)
        *(const char **)f = o->sdef;
    return true;
}

/* ---- one value ---------------------------------------------------------- */

/* "a, b or c" */
static void choices_text(const char *const *w, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; w[i] && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i == 0 ? "" : w[i + 1] ? ", " : " or ", w[i]);
}

static bool read_choice(const char *cmd, const opts_option *o, const char *opt, int *out, const char *arg)
{
    for (int i = 0; o->choices[i]; i++)
        if (strcmp(arg, o->choices[i]) == 0) {
            *out = i;
            return true;
        }
    char words[512];
    choices_text(o->choices, words, sizeof words);
    ud_buf shown;
    ud_buf_init(&shown);
    refuse(cmd, opt, "expected %s, got '%s'", words, ud_escaped(&shown, arg));
    ud_buf_free(&shown);
    return false;
}

static bool read_list(const char *cmd, const opts_option *o, const char *opt, void *target, const char *arg)
{
    int *n = field_of(target, o->count);
    if (*n >= o->max) {
        refuse(cmd, opt, "expected at most %d %s", o->max, o->items ? o->items : "of them");
        return false;
    }
    ((const char **)field_of(target, o->at))[(*n)++] = arg;
    return true;
}

/* The value of option o (arg; NULL for a flag), typed as -X when
 * as_short, into target. */
static bool take_value(const opts_command *c, const opts_option *o, bool as_short, void *target,
                       const char *arg)
{
    const char *cmd = c->name;
    char opt[80];
    shown_name(o, as_short, opt, sizeof opt);
    void *f = field_of(target, o->at);
    switch (o->kind) {
    case OPTS_FLAG:
        if (o->call)
            return o->call(cmd, o, f, NULL);
        *(bool *)f = true;
        return true;
    case OPTS_STRING:
        /* A folder named '' is none: joined to what is read below it, it
         * would name a path from the root ("/one_die", "/corpus/..."). */
        if (!*arg && o->metavar && strcmp(o->metavar, "DIR") == 0) {
            fprintf(stderr, "undead %s: %s '': expected a folder name\n", cmd, opt);
            return false;
        }
        *(const char **)f = arg;
        return true;
    case OPTS_NUMBER:
        return cli_number(cmd, o->name, arg, o->lo, o->hi, f);
    case OPTS_INT:
        return cli_int(cmd, o->name, arg, (int)o->lo, (int)o->hi, f);
    case OPTS_SIZE:
        return cli_size(cmd, o->name, arg, o->hi, f);
    case OPTS_DECIMAL:
        return cli_decimal(cmd, o->name, arg, o->dlo, o->dhi, o->open, f);
    case OPTS_CHOICE:
        return read_choice(cmd, o, opt, f, arg);
    case OPTS_LIST:
        return read_list(cmd, o, opt, target, arg);
    case OPTS_CALL:
        return o->call(cmd, o, f, arg);
    }
    return false;
}

/* ---- finding an option -------------------------------------------------- */

typedef struct lookup {
    const char *name;
    size_t len;
    char letter;                      /* a short option's, or 0 */
    const opts_option *exact, *first; /* the one named exactly, the first it begins */
    int prefixed;                     /* how many it begins */
} lookup;

static bool match(const opts_option *o, void *ctx)
{
    lookup *l = ctx;
    if (l->letter) {
        if (o->short_name == l->letter)
            l->exact = o;
        return !l->exact;
    }
    if (!o->name || strncmp(o->name, l->name, l->len) != 0)
        return true;
    if (o->name[l->len] == '\0') {
        l->exact = o;
        return false;
    }
    l->first = l->prefixed ? l->first : o;
    l->prefixed++;
    return true;
}

/* --help and -h, which every command takes (and no table lists). */
static const opts_option help_option = { .name = "help", .short_name = 'h', .kind = OPTS_FLAG };

/* Look for l's option among the table's and --help. */
static void look_up(const opts_command *c, lookup *l)
{
    opts_each(c, match, l);
    if (!l->exact)
        match(&help_option, l);
}

/* The options a prefix names, as "--a, --b or --c". */
typedef struct ambiguity {
    const char *name;
    size_t len;
    int left; /* how many are still to be written */
    char text[512];
} ambiguity;

static bool list_prefixed(const opts_option *o, void *ctx)
{
    ambiguity *am = ctx;
    if (!o->name || strncmp(o->name, am->name, am->len) != 0)
        return true;
    size_t used = strlen(am->text);
    const char *sep = used == 0 ? "" : am->left == 1 ? " or " : ", ";
    snprintf(am->text + used, sizeof am->text - used, "%s--%s", sep, o->name);
    am->left--;
    return true;
}

/* The long option NAME (len bytes) names, exactly or as the one option it
 * begins; NULL with the message printed. */
static const opts_option *find_long(const opts_command *c, const char *name, size_t len)
{
    lookup l = { .name = name, .len = len };
    look_up(c, &l);
    if (l.exact || l.prefixed == 1)
        return l.exact ? l.exact : l.first;
    char typed[128];
    snprintf(typed, sizeof typed, "--%.*s", (int)(len < 100 ? len : 100), name);
    ud_buf shown;
    ud_buf_init(&shown);
    const char *opt = ud_escaped(&shown, typed);
    if (l.prefixed == 0) {
        refuse(c->name, opt, "no such option (see undead %s --help)", c->name);
        ud_buf_free(&shown);
        return NULL;
    }
    ambiguity am = { .name = name, .len = len, .left = l.prefixed };
    opts_each(c, list_prefixed, &am);
    list_prefixed(&help_option, &am);
    refuse(c->name, opt, "ambiguous: %s", am.text);
    ud_buf_free(&shown);
    return NULL;
}

static const opts_option *find_short(const opts_command *c, char letter)
{
    lookup l = { .letter = letter };
    look_up(c, &l);
    if (!l.exact) {
        char typed[8];
        snprintf(typed, sizeof typed, "-%c", letter);
        ud_buf shown;
        ud_buf_init(&shown);
        refuse(c->name, ud_escaped(&shown, typed), "no such option (see undead %s --help)", c->name);
        ud_buf_free(&shown);
    }
    return l.exact;
}

/* ---- reading argv ------------------------------------------------------- */

/* Where the parse is: argv, the next word, and the operands found so far
 * (their indices, in order). */
typedef struct parse {
    const opts_command *c;
    int argc;
    char **argv;
    void *target;
    int next;
    int *operand, n_operands, before_dashdash;
    bool dashdash, help;
    /* the options given once so far, with their values (fewer than argc) */
    const opts_option **given;
    const char **given_value;
    int n_given;
    unsigned char *seen; /* ops->given: a bit per option of the table taken */
} parse;

/* Does option o take one value, given once?  Flags may be repeated (a
 * second changes nothing), lists add up, and so do the readers marked
 * .repeats. */
static bool single_valued(const opts_option *o)
{
    return o->kind != OPTS_FLAG && o->kind != OPTS_LIST && !(o->kind == OPTS_CALL && o->repeats);
}

/* An option that takes one value, given a second time, is refused: the
 * second would silently win over the first (a mistyped or pasted command
 * line), or be taken where the first was meant.  False (said) then. */
static bool given_once(parse *p, const opts_option *o, bool as_short, const char *arg)
{
    if (!single_valued(o))
        return true;
    for (int i = 0; i < p->n_given; i++) {
        if (p->given[i] != o)
            continue;
        char opt[80];
        ud_buf first, then;
        ud_buf_init(&first);
        ud_buf_init(&then);
        fprintf(stderr, "undead %s: option %s given twice ('%s', then '%s'): expected it once\n", p->c->name,
                shown_name(o, as_short, opt, sizeof opt), ud_escaped(&first, p->given_value[i]),
                ud_escaped(&then, arg));
        ud_buf_free(&first);
        ud_buf_free(&then);
        return false;
    }
    p->given[p->n_given] = o;
    p->given_value[p->n_given++] = arg;
    return true;
}

/* Where o stands among the command's options, in opts_each's order. */
typedef struct place {
    const opts_option *o;
    int i;
} place;

static bool count_to(const opts_option *o, void *ctx)
{
    place *at = ctx;
    if (o == at->o)
        return false;
    at->i++;
    return true;
}

static int option_index(const opts_command *c, const opts_option *o)
{
    place at = { .o = o, .i = 0 };
    opts_each(c, count_to, &at);
    return at.i;
}

/* take_value, and o noted as given when it was taken. */
static bool take(parse *p, const opts_option *o, bool as_short, const char *arg)
{
    if (!take_value(p->c, o, as_short, p->target, arg))
        return false;
    int i = option_index(p->c, o);
    if (i < OPTS_MAX_OPTIONS)
        p->seen[i / 8] |= (unsigned char)(1u << (i % 8));
    return true;
}

/* The value an option takes: the rest of its word (inline, or NULL) or
 * the next word; NULL with the message printed when there is none. */
static const char *value_of(parse *p, const opts_option *o, bool as_short, const char *inline_value)
{
    if (inline_value)
        return inline_value;
    if (p->next < p->argc)
        return p->argv[p->next++];
    char opt[80];
    shown_name(o, as_short, opt, sizeof opt);
    refuse(p->c->name, opt, "expected %s, got nothing", o->metavar ? o->metavar : "a value");
    return NULL;
}

/* --NAME, --NAME=VALUE or --NAME VALUE (word is past the dashes). */
static bool long_option(parse *p, const char *word)
{
    const char *eq = strchr(word, '=');
    size_t len = eq ? (size_t)(eq - word) : strlen(word);
    const opts_option *o = find_long(p->c, word, len);
    if (!o)
        return false;
    if (o->kind == OPTS_FLAG && eq) {
        char opt[80];
        ud_buf shown;
        ud_buf_init(&shown);
        refuse(p->c->name, shown_name(o, false, opt, sizeof opt), "takes no value, got '%s'",
               ud_escaped(&shown, eq + 1));
        ud_buf_free(&shown);
        return false;
    }
    if (o == &help_option)
        return p->help = true;
    if (o->kind == OPTS_FLAG)
        return take(p, o, false, NULL);
    const char *arg = value_of(p, o, false, eq ? eq + 1 : NULL);
    return arg && given_once(p, o, false, arg) && take(p, o, false, arg);
}

/* -X, -XVALUE, -X VALUE, and flags run together (-hX). */
static bool short_options(parse *p, const char *letters)
{
    for (const char *s = letters; *s; s++) {
        const opts_option *o = find_short(p->c, *s);
        if (!o)
            return false;
        if (o == &help_option) {
            p->help = true;
            continue;
        }
        if (o->kind == OPTS_FLAG) {
            if (!take(p, o, true, NULL))
                return false;
            continue;
        }
        const char *arg = value_of(p, o, true, s[1] ? s + 1 : NULL);
        return arg && given_once(p, o, true, arg) && take(p, o, true, arg);
    }
    return true;
}

/* The words after argv[0], up to the first --help. */
static bool read_words(parse *p)
{
    while (p->next < p->argc && !p->help) {
        const char *w = p->argv[p->next++];
        if (p->dashdash || w[0] != '-' || w[1] == '\0') {
            p->operand[p->n_operands++] = p->next - 1;
            p->before_dashdash += !p->dashdash;
            continue;
        }
        if (strcmp(w, "--") == 0) {
            p->dashdash = true;
            continue;
        }
        if (!(w[1] == '-' ? long_option(p, w + 2) : short_options(p, w + 1)))
            return false;
    }
    return true;
}

/* argv with the operands moved to the end, in their order, as getopt left
 * it; false when there is no memory for it. */
static bool operands_last(parse *p, opts_operands *ops)
{
    char **was = malloc((size_t)p->argc * sizeof *was);
    if (!was)
        return false;
    memcpy(was, p->argv, (size_t)p->argc * sizeof *was);
    bool *is_operand = calloc((size_t)p->argc, sizeof *is_operand);
    if (!is_operand) {
        free(was);
        return false;
    }
    for (int i = 0; i < p->n_operands; i++)
        is_operand[p->operand[i]] = true;
    int k = 0;
    for (int i = 0; i < p->argc; i++)
        if (!is_operand[i])
            p->argv[k++] = was[i];
    ops->first = k;
    for (int i = 0; i < p->n_operands; i++)
        p->argv[k++] = was[p->operand[i]];
    free(is_operand);
    free(was);
    return true;
}

opts_status opts_parse(const opts_command *c, int argc, char **argv, void *target, opts_operands *ops)
{
    memset(ops, 0, sizeof *ops);
    parse p = { .c = c, .argc = argc, .argv = argv, .target = target, .next = 1, .seen = ops->given };
    opts_each(c, set_default, target);
    size_t words = (size_t)(argc > 0 ? argc : 1);
    p.operand = malloc(words * sizeof *p.operand);
    p.given = malloc(words * sizeof *p.given);
    p.given_value = malloc(words * sizeof *p.given_value);
    if (!p.operand || !p.given || !p.given_value) {
        fprintf(stderr, "undead %s: out of memory\n", c->name);
        free(p.operand);
        free(p.given);
        free(p.given_value);
        return OPTS_BAD;
    }
    bool ok = read_words(&p);
    free(p.given);
    free(p.given_value);
    if (ok && p.help) {
        opts_help(stdout, c);
        free(p.operand);
        return OPTS_HELP;
    }
    if (ok && !operands_last(&p, ops)) {
        fprintf(stderr, "undead %s: out of memory\n", c->name);
        ok = false;
    }
    ops->n = p.n_operands;
    ops->before_dashdash = p.before_dashdash;
    ops->dashdash = p.dashdash;
    free(p.operand);
    return ok ? OPTS_OK : OPTS_BAD;
}

/* Is name an option of c's table (or its more()), and where. */
typedef struct named {
    const char *name;
    int i;
    bool found;
} named;

static bool find_named(const opts_option *o, void *ctx)
{
    named *n = ctx;
    if (o->name && strcmp(o->name, n->name) == 0)
        return !(n->found = true);
    n->i++;
    return true;
}

bool opts_was_given(const opts_command *c, const opts_operands *ops, const char *name)
{
    named n = { .name = name, .i = 0, .found = false };
    opts_each(c, find_named, &n);
    return n.found && n.i < OPTS_MAX_OPTIONS && (ops->given[n.i / 8] >> (n.i % 8) & 1);
}

int opts_read(const opts_command *c, int argc, char **argv, void *target, opts_operands *ops, int min,
              int max)
{
    opts_status st = opts_parse(c, argc, argv, target, ops);
    if (st != OPTS_OK)
        return st == OPTS_HELP ? UD_EXIT_OK : UD_EXIT_USAGE;
    if (max >= 0 && ops->n > max) {
        /* a word the command does not take: named (escaped), for a
         * mistyped one would otherwise do something else than asked */
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead %s: unexpected argument '%s'\n", c->name,
                ud_escaped(&shown, argv[ops->first + max]));
        ud_buf_free(&shown);
    }
    if (ops->n < min)
        fprintf(stderr, "undead %s: %d operand%s given; expected %s%d (the usage below)\n", c->name, ops->n,
                ops->n == 1 ? "" : "s", max == min ? "" : "at least ", min);
    if (ops->n < min || (max >= 0 && ops->n > max)) {
        opts_help(stderr, c);
        return UD_EXIT_USAGE;
    }
    return OPTS_GO_ON;
}

/* ---- the help ----------------------------------------------------------- */

void opts_label(const opts_option *o, char *out, size_t size)
{
    if (o->short_name && o->name)
        snprintf(out, size, "-%c, --%s%s%s", o->short_name, o->name, o->metavar ? " " : "",
                 o->metavar ? o->metavar : "");
    else if (o->name)
        snprintf(out, size, "--%s%s%s", o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
    else
        snprintf(out, size, "-%c%s%s", o->short_name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
}

typedef struct help_out {
    FILE *out;
    int column;
} help_out;

/* "  LABEL" padded to the column (two spaces after a label too long for
 * it), then the help text, its later lines indented to the column. */
static bool help_line(const opts_option *o, void *ctx)
{
    const help_out *h = ctx;
    if (!o->help)
        return true;
    char label[160];
    opts_label(o, label, sizeof label);
    int used = 2 + (int)strlen(label);
    fprintf(h->out, "  %s%*s", label, used + 1 <= h->column ? h->column - used : 2, "");
    for (const char *s = o->help; *s; s++) {
        fputc(*s, h->out);
        if (*s == '\n')
            fprintf(h->out, "%*s", h->column, "");
    }
    fputc('\n', h->out);
    return true;
}

void opts_help(FILE *out, const opts_command *c)
{
    help_out h = { out, c->column ? c->column : OPTS_COLUMN };
    fputs(c->usage, out);
    opts_each(c, help_line, &h);
    if (c->after)
        fputs(c->after, out);
    if (c->more_help)
        c->more_help(out);
}
