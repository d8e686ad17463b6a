/*
 * opts_complete.c - the shell completion of undead (opts.h: opts_complete),
 * written from the commands' option tables, so that it cannot fall behind
 * them: bash's (a function for `complete -F`) and zsh's (a #compdef
 * function over _arguments), and "words", the tables as plain lines.
 *
 * What is completed: the command; each command's long options (-X ones
 * too in zsh); a choice's words after its option; folders after an option
 * whose value is a DIR, files after a FILE, PATH, OUT or CSV; and the
 * operands: a game's name first where the command takes one, else the
 * command's words (db's subcommands, golden's modes), else files.
 */
#include <string.h>

#include "games.h"
#include "opts.h"

/* What an option's value is, for completing it. */
typedef enum { VALUE_NONE, VALUE_WORD, VALUE_CHOICE, VALUE_DIR, VALUE_FILE } value_kind;

static value_kind value_of(const opts_option *o)
{
    if (o->kind == OPTS_FLAG)
        return VALUE_NONE;
    if (o->kind == OPTS_CHOICE)
        return VALUE_CHOICE;
    const char *m = o->metavar ? o->metavar : "";
    if (strcmp(m, "DIR") == 0)
        return VALUE_DIR;
    if (strcmp(m, "FILE") == 0 || strcmp(m, "PATH") == 0 || strcmp(m, "OUT") == 0 || strcmp(m, "CSV") == 0)
        return VALUE_FILE;
    return VALUE_WORD;
}

static void put_choices(FILE *out, const opts_option *o, const char *sep)
{
    for (int i = 0; o->choices[i]; i++)
        fprintf(out, "%s%s", i ? sep : "", o->choices[i]);
}

static void put_games(FILE *out, const char *sep)
{
    for (const ud_game *const *g = ud_games; *g; g++)
        fprintf(out, "%s%s", g == ud_games ? "" : sep, (*g)->name);
}

/* ---- words: the tables as lines ----------------------------------------- */

static bool word_option(const opts_option *o, void *ctx)
{
    FILE *out = ctx;
    if (o->name)
        fprintf(out, " --%s", o->name);
    if (o->short_name)
        fprintf(out, " -%c", o->short_name);
    return true;
}

static bool word_choices(const opts_option *o, void *ctx)
{
    FILE *out = ctx;
    for (int i = 0; o->kind == OPTS_CHOICE && o->choices[i]; i++)
        fprintf(out, " --%s=%s", o->name, o->choices[i]);
    return true;
}

static void words(FILE *out, const opts_entry *cmds, int n)
{
    for (int i = 0; i < n; i++) {
        fputs(cmds[i].name, out);
        opts_each(cmds[i].opts, word_option, out);
        opts_each(cmds[i].opts, word_choices, out);
        fputc('\n', out);
    }
}

/* ---- bash --------------------------------------------------------------- */

/* The options whose values are of kind `want` (VALUE_WORD: every option
 * that takes a value), as "--a|--b|-c" or "--a --b -c" (out NULL: only
 * counted, in n). */
typedef struct pick {
    FILE *out;
    int want, n;
    const char *sep;
} pick;

static bool pick_option(const opts_option *o, void *ctx)
{
    pick *p = ctx;
    value_kind v = value_of(o);
    if (v == VALUE_NONE || (p->want != VALUE_WORD && (int)v != p->want))
        return true;
    if (o->name && p->out)
        fprintf(p->out, "%s--%s", p->n ? p->sep : "", o->name);
    p->n += o->name != NULL;
    if (o->short_name && p->out)
        fprintf(p->out, "%s-%c", p->n ? p->sep : "", o->short_name);
    p->n += o->short_name != 0;
    return true;
}

static bool bash_choice(const opts_option *o, void *ctx)
{
    FILE *out = ctx;
    if (o->kind != OPTS_CHOICE)
        return true;
    if (o->name)
        fprintf(out, "        --%s) COMPREPLY=($(compgen -W \"", o->name);
    else
        fprintf(out, "        -%c) COMPREPLY=($(compgen -W \"", o->short_name);
    put_choices(out, o, " ");
    fputs("\" -- \"$cur\")); return ;;\n", out);
    return true;
}

/* The case of one kind of value: "--a|--b) ACTION ;;", when there is one. */
static void bash_values(FILE *out, const opts_command *c, value_kind want, const char *action)
{
    pick count = { NULL, (int)want, 0, "|" };
    opts_each(c, pick_option, &count);
    if (!count.n)
        return;
    fputs("        ", out);
    opts_each(c, pick_option, &(pick){ out, (int)want, 0, "|" });
    fprintf(out, ") %s ;;\n", action);
}

static bool bash_every_option(const opts_option *o, void *ctx)
{
    FILE *out = ctx;
    if (o->name)
        fprintf(out, " --%s", o->name);
    return true;
}

static void bash_case(FILE *out, const opts_entry *e)
{
    const opts_command *c = e->opts;
    fprintf(out, "    %s)\n        opts=\"--help", e->name);
    opts_each(c, bash_every_option, out);
    fputs("\"\n        vals=\"", out);
    opts_each(c, pick_option, &(pick){ out, VALUE_WORD, 0, " " });
    fprintf(out, "\"\n        game=%d\n", c->game_operand ? 1 : 0);
    if (c->words) {
        fputs("        words=\"", out);
        for (int i = 0; c->words[i]; i++)
            fprintf(out, "%s%s", i ? " " : "", c->words[i]);
        fputs("\"\n", out);
    }
    fputs("        case $prev in\n", out);
    opts_each(c, bash_choice, out);
    bash_values(out, c, VALUE_DIR, "COMPREPLY=($(compgen -d -- \"$cur\")); return");
    bash_values(out, c, VALUE_FILE, "COMPREPLY=($(compgen -f -- \"$cur\")); return");
    bash_values(out, c, VALUE_WORD, "return");
    fputs("        esac\n        ;;\n", out);
}

static void bash(FILE *out, const opts_entry *cmds, int n)
{
    fputs("# bash completion for undead, written by `undead completion bash` from the\n"
          "# commands' option tables.\n"
          "_undead() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    local opts=\"\" vals=\"\" words=\"\" game=0 games=\"",
          out);
    put_games(out, " ");
    fputs("\"\n    if ((COMP_CWORD == 1)); then\n        COMPREPLY=($(compgen -W \"--help --version", out);
    for (int i = 0; i < n; i++)
        fprintf(out, " %s", cmds[i].name);
    fputs("\" -- \"$cur\"))\n        return\n    fi\n    case ${COMP_WORDS[1]} in\n", out);
    for (int i = 0; i < n; i++)
        bash_case(out, &cmds[i]);
    fputs("    *) return ;;\n"
          "    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "    # the operands before this word (an option's value is none)\n"
          "    local i n=0\n"
          "    for ((i = 2; i < COMP_CWORD; i++)); do\n"
          "        if [[ \" $vals \" == *\" ${COMP_WORDS[i]} \"* ]]; then\n"
          "            ((i++))\n"
          "        elif [[ ${COMP_WORDS[i]} != -* ]]; then\n"
          "            ((n++))\n"
          "        fi\n"
          "    done\n"
          "    if ((game && n == 0)); then\n"
          "        COMPREPLY=($(compgen -W \"$games\" -- \"$cur\"))\n"
          "    elif [[ -n $words && $n == 0 ]]; then\n"
          "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
          "    else\n"
          "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
          "    fi\n"
          "}\n"
          "complete -F _undead undead\n",
          out);
}

/* ---- zsh ---------------------------------------------------------------- */

/* Text for inside a single-quoted word: ' closed and reopened, and each
 * of the characters in `special` after a backslash (those _arguments and
 * _describe read: "[]\\" in a description, ":\\" in a message). */
static void zsh_text(FILE *out, const char *s, size_t len, const char *special)
{
    for (size_t i = 0; i < len && s[i]; i++) {
        if (s[i] == '\'')
            fputs("'\\''", out);
        else {
            if (strchr(special, s[i]))
                fputc('\\', out);
            fputc(s[i], out);
        }
    }
}

/* The first line of the help (or what the value is called). */
static void zsh_description(FILE *out, const opts_option *o)
{
    const char *h = o->help ? o->help : o->metavar ? o->metavar : o->name;
    zsh_text(out, h, strcspn(h, "\n"), "[]\\");
}

static void zsh_action(FILE *out, const opts_option *o)
{
    fputc(':', out);
    zsh_text(out, o->metavar ? o->metavar : "value", (size_t)-1, ":\\");
    switch (value_of(o)) {
    case VALUE_CHOICE:
        fputs(":(", out);
        put_choices(out, o, " ");
        fputs(")", out);
        break;
    case VALUE_DIR:
        fputs(":_files -/", out);
        break;
    case VALUE_FILE:
        fputs(":_files", out);
        break;
    default:
        fputs(": ", out);
    }
}

static bool zsh_option(const opts_option *o, void *ctx)
{
    FILE *out = ctx;
    bool value = o->kind != OPTS_FLAG, many = o->kind == OPTS_LIST || o->kind == OPTS_CALL;
    fputs("            ", out);
    if (o->name && o->short_name)
        fprintf(out, "'(-%c --%s)'{-%c,--%s}'%s[", o->short_name, o->name, o->short_name, o->name,
                value ? "=" : "");
    else if (o->name)
        fprintf(out, "'%s--%s%s[", many ? "*" : "", o->name, value ? "=" : "");
    else
        fprintf(out, "'-%c%s[", o->short_name, value ? "+" : "");
    zsh_description(out, o);
    fputc(']', out);
    if (value)
        zsh_action(out, o);
    fputs("' \\\n", out);
    return true;
}

static void zsh_case(FILE *out, const opts_entry *e)
{
    const opts_command *c = e->opts;
    fprintf(out, "    %s)\n        _arguments -s -S \\\n", e->name);
    opts_each(c, zsh_option, out);
    fputs("            '--help[print the help of this command]' \\\n", out);
    if (c->game_operand) {
        fputs("            '1:game:(", out);
        put_games(out, " ");
        fputs(")' \\\n", out);
    } else if (c->words) {
        fputs("            '1:word:(", out);
        for (int i = 0; c->words[i]; i++)
            fprintf(out, "%s%s", i ? " " : "", c->words[i]);
        fputs(")' \\\n", out);
    }
    fputs("            '*:file:_files'\n        ;;\n", out);
}

static void zsh(FILE *out, const opts_entry *cmds, int n)
{
    fputs("#compdef undead\n"
          "# zsh completion for undead, written by `undead completion zsh` from the\n"
          "# commands' option tables.\n"
          "_undead() {\n"
          "    local -a commands\n"
          "    commands=(\n",
          out);
    for (int i = 0; i < n; i++) {
        fprintf(out, "        '%s:", cmds[i].name);
        zsh_text(out, cmds[i].summary, (size_t)-1, "");
        fputs("'\n", out);
    }
    fputs("    )\n"
          "    if ((CURRENT == 2)); then\n"
          "        _describe -t commands 'undead command' commands\n"
          "        return\n"
          "    fi\n"
          "    local cmd=$words[2]\n"
          "    shift words\n"
          "    ((CURRENT--))\n"
          "    case $cmd in\n",
          out);
    for (int i = 0; i < n; i++)
        zsh_case(out, &cmds[i]);
    fputs("    esac\n}\n_undead \"$@\"\n", out);
}

bool opts_complete(FILE *out, const char *shell, const opts_entry *cmds, int n)
{
    if (strcmp(shell, "bash") == 0)
        bash(out, cmds, n);
    else if (strcmp(shell, "zsh") == 0)
        zsh(out, cmds, n);
    else if (strcmp(shell, "words") == 0)
        words(out, cmds, n);
    else
        return false;
    return true;
}
