/*
 * cmd_rules.c - the listing commands: games, rules, variants, policies.
 * Everything printed here comes straight from the spec tables.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const opts_option no_options[] = { OPTS_END };

const opts_command cmd_games_opts = {
    .name = "games",
    .usage = "usage: undead games\nLists the built-in games.\n",
    .options = no_options,
};

/* The game a listing is of: its one operand (a message when it names
 * none, or no game); NULL with the exit status in *rc. */
static const ud_game *listed_game(const opts_command *c, int argc, char **argv, void *args, int *rc)
{
    opts_operands ops;
    *rc = opts_read(c, argc, argv, args, &ops, 0, 1);
    if (*rc != OPTS_GO_ON)
        return NULL;
    const ud_game *g = cli_game(c->name, ops.n ? argv[ops.first] : NULL);
    *rc = g ? UD_EXIT_OK : UD_EXIT_USAGE;
    return g;
}

int cmd_games(int argc, char **argv)
{
    opts_operands ops;
    int rc = opts_read(&cmd_games_opts, argc, argv, &(char){ 0 }, &ops, 0, 0);
    if (rc != OPTS_GO_ON)
        return rc;
    for (const ud_game *const *g = ud_games; *g; g++)
        if ((*g)->min_players == (*g)->max_players)
            printf("%-14s %s (%d rules, %d variant%s, %d player%s)\n", (*g)->name, (*g)->title, (*g)->n_rules,
                   (*g)->n_variants, (*g)->n_variants == 1 ? "" : "s", (*g)->min_players,
                   (*g)->min_players == 1 ? "" : "s");
        else
            printf("%-14s %s (%d rules, %d variant%s, %d to %d players)\n", (*g)->name, (*g)->title,
                   (*g)->n_rules, (*g)->n_variants, (*g)->n_variants == 1 ? "" : "s", (*g)->min_players,
                   (*g)->max_players);
    return UD_EXIT_OK;
}

static const char *phase_name(const ud_game *g, const ud_rule *r) { return g->phases[r->phase].name; }

/* The numbers row r reads as data (ud_game.numbers), one line each, as
 * blame changes them (core/blame.h): a count, a bound on offers, a
 * rounding, or what breaking a rule that forbids something does. */
static void print_numbers(const ud_game *g, const ud_rule *r)
{
    for (int i = 0; i < g->n_numbers; i++) {
        const ud_number *n = &g->numbers[i];
        if (strcmp(n->rule, r->id) != 0)
            continue;
        switch (n->kind) {
        case UD_NUMBER_BOUND:
            printf("    bound: %s (blame tries it one past and one short)\n", n->name);
            break;
        case UD_NUMBER_ROUNDING:
            printf("    rounding: %s, rounded %s (blame tries it rounded %s)\n", n->name,
                   n->value ? "up" : "down", n->value ? "down" : "up");
            break;
        case UD_NUMBER_BREACH:
            printf("    breach: %s %d (blame tries it at %d to %d)\n", n->name, n->breach, n->breach - 1,
                   n->breach + 1);
            break;
        default:
            printf("    number: %s %d (blame tries %d and %d)\n", n->name, n->value, n->value - 1,
                   n->value + 1);
        }
    }
}

typedef enum { RULES_TEXT, RULES_TSV, RULES_MD } rules_format;

typedef struct rules_args {
    int format; /* rules_format */
} rules_args;

static const char *const rules_formats[] = { "text", "tsv", "md", NULL };

static const opts_option rules_options[] = {
    { .name = "format",
      .short_name = 'f',
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(rules_args, format),
      .choices = rules_formats,
      .metavar = "F" },
    OPTS_END,
};

const opts_command cmd_rules_opts = {
    .name = "rules",
    .usage = "usage: undead rules GAME [-f|--format text|tsv|md]\n"
             "Lists every rule row: ID, phase, when (the readings under which the row exists),\n"
             "reads (the variant keys whose reading its guard or effect consults), source file\n"
             "and section, summary; in text, the numbers a row reads as data and what breaking\n"
             "a rule that forbids something does (a breach), as blame changes them.\n",
    .options = rules_options,
    .game_operand = true,
};

int cmd_rules(int argc, char **argv)
{
    rules_args args = { RULES_TEXT };
    int rc;
    const ud_game *g = listed_game(&cmd_rules_opts, argc, argv, &args, &rc);
    if (!g)
        return rc;
    const char *format = rules_formats[args.format];
    if (strcmp(format, "tsv") == 0)
        puts("id\tphase\twhen\treads\tsource\tsection\tsummary");
    if (strcmp(format, "md") == 0)
        puts("| ID | phase | when | reads | source | section | summary |\n|---|---|---|---|---|---|---|");
    /* columns as wide as the game's longest ID and phase name */
    int wid = 0, wph = 0;
    for (int i = 0; i < g->n_rules; i++) {
        int a = (int)strlen(g->rules[i].id), b = (int)strlen(phase_name(g, &g->rules[i]));
        wid = a > wid ? a : wid;
        wph = b > wph ? b : wph;
    }
    for (int i = 0; i < g->n_rules; i++) {
        const ud_rule *r = &g->rules[i];
        ud_buf wb;
        ud_buf_init(&wb);
        ud_rule_when(g, r, &wb);
        const char *when = ud_buf_str(&wb);
        ud_buf rb;
        ud_buf_init(&rb);
        ud_rule_reads(g, r, &rb);
        const char *reads = ud_buf_str(&rb);
        if (strcmp(format, "tsv") == 0)
            printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r->id, phase_name(g, r), when, *reads ? reads : "-",
                   r->source, r->section, r->summary);
        else if (strcmp(format, "md") == 0)
            printf("| %s | %s | %s | %s | %s | %s | %s |\n", r->id, phase_name(g, r), when,
                   *reads ? reads : "-", r->source, r->section, r->summary);
        else {
            printf("%-*s %-*s %-30s %s \"%s\"\n    %s\n", wid, r->id, wph, phase_name(g, r), when, r->source,
                   r->section, r->summary);
            if (*reads)
                printf("    reads: %s\n", reads);
            print_numbers(g, r);
        }
        ud_buf_free(&rb);
        ud_buf_free(&wb);
    }
    return UD_EXIT_OK;
}

/* The rows a key's readings change: those that exist under some of its
 * readings only, then those that consult it (ud_rule.reads). */
static void print_rows_changed(const ud_game *g, int v)
{
    for (int pass = 0; pass < 2; pass++) {
        const char *sep = pass == 0 ? "  rows that exist under some readings: " : "  rows that consult it: ";
        bool any = false;
        for (int i = 0; i < g->n_rules; i++) {
            const ud_rule *r = &g->rules[i];
            bool in = pass == 0 ? ud_rule_exists_under(g, r, v, -1) : ((r->reads >> v) & 1u) != 0;
            if (!in)
                continue;
            printf("%s%s", sep, r->id);
            sep = ", ";
            any = true;
        }
        if (any)
            putchar('\n');
    }
}

const opts_command cmd_variants_opts = {
    .name = "variants",
    .usage = "usage: undead variants GAME\n"
             "Lists the open questions of the rules: each key, its readings, "
             "their sources, the default, and the rows its readings change.\n",
    .options = no_options,
    .game_operand = true,
};

int cmd_variants(int argc, char **argv)
{
    int rc;
    const ud_game *g = listed_game(&cmd_variants_opts, argc, argv, &(char){ 0 }, &rc);
    if (!g)
        return rc;
    for (int v = 0; v < g->n_variants; v++) {
        const ud_variant *var = &g->variants[v];
        printf("%s: %s\n", var->key, var->question);
        for (int i = 0; i < var->n_values; i++)
            printf("  %s %-20s %s\n      source: %s \"%s\"\n", i == var->default_value ? "*" : " ",
                   var->values[i].name, var->values[i].summary, var->values[i].source,
                   var->values[i].section);
        print_rows_changed(g, v);
    }
    puts("(* = default)");
    return UD_EXIT_OK;
}

const opts_command cmd_policies_opts = {
    .name = "policies",
    .usage = "usage: undead policies GAME\nLists the automated players.\n",
    .options = no_options,
    .game_operand = true,
};

int cmd_policies(int argc, char **argv)
{
    int rc;
    const ud_game *g = listed_game(&cmd_policies_opts, argc, argv, &(char){ 0 }, &rc);
    if (!g)
        return rc;
    for (int i = 0; i < g->n_policies; i++)
        printf("%-18s %s\n", g->policies[i].name, g->policies[i].summary);
    printf("%-18s %s\n%-18s %s\n", ud_policy_random.name, ud_policy_random.summary, ud_policy_human.name,
           ud_policy_human.summary);
    return UD_EXIT_OK;
}
