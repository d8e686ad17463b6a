/*
 * cmd_rules.c - the listing commands: games, rules, variants, policies.
 * Everything printed here comes straight from the spec tables.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* --help, or a word these commands do not take (an option, an operand
 * past max): -1 to go on, else the exit status, the usage printed.  Taken
 * silently, a mistyped option would list something else than asked. */
static int listing_args(const char *cmd, int argc, char **argv, const char *usage, int max)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' || i > max) {
            ud_buf shown;
            ud_buf_init(&shown);
            fprintf(stderr, "undead %s: unexpected argument '%s'\n", cmd, ud_escaped(&shown, argv[i]));
            ud_buf_free(&shown);
            fputs(usage, stderr);
            return UD_EXIT_USAGE;
        }
    return -1;
}

int cmd_games(int argc, char **argv)
{
    int rc = listing_args("games", argc, argv, "usage: undead games\nLists the built-in games.\n", 0);
    if (rc >= 0)
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

static const char rules_usage[] =
    "usage: undead rules GAME [--format text|tsv|md]\n"
    "Lists every rule row: ID, phase, when (the readings under which the row exists),\n"
    "reads (the variant keys whose reading its guard or effect consults), source file\n"
    "and section, summary.\n";

int cmd_rules(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "format", required_argument, NULL, 'f' },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    const char *format = "text";
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "f:h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(rules_usage, stdout);
            return UD_EXIT_OK;
        }
        if (c != 'f') {
            fputs(rules_usage, stderr);
            return UD_EXIT_USAGE;
        }
        format = optarg;
    }
    if (strcmp(format, "text") && strcmp(format, "tsv") && strcmp(format, "md")) {
        fprintf(stderr, "undead rules: --format: expected text, tsv or md, got '%s'\n", format);
        return UD_EXIT_USAGE;
    }
    if (argc - optind > 1) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead rules: unexpected argument '%s'\n", ud_escaped(&shown, argv[optind + 1]));
        ud_buf_free(&shown);
        fputs(rules_usage, stderr);
        return UD_EXIT_USAGE;
    }
    const ud_game *g = cli_game("rules", optind < argc ? argv[optind] : NULL);
    if (!g)
        return UD_EXIT_USAGE;
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

int cmd_variants(int argc, char **argv)
{
    int rc = listing_args("variants", argc, argv,
                          "usage: undead variants GAME\n"
                          "Lists the open questions of the rules: each key, its readings, "
                          "their sources, the default, and the rows its readings change.\n",
                          1);
    if (rc >= 0)
        return rc;
    const ud_game *g = cli_game("variants", argc > 1 ? argv[1] : NULL);
    if (!g)
        return UD_EXIT_USAGE;
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

int cmd_policies(int argc, char **argv)
{
    int rc = listing_args("policies", argc, argv, "usage: undead policies GAME\nLists the automated players.\n", 1);
    if (rc >= 0)
        return rc;
    const ud_game *g = cli_game("policies", argc > 1 ? argv[1] : NULL);
    if (!g)
        return UD_EXIT_USAGE;
    for (int i = 0; i < g->n_policies; i++)
        printf("%-18s %s\n", g->policies[i].name, g->policies[i].summary);
    printf("%-18s %s\n%-18s %s\n", ud_policy_random.name, ud_policy_random.summary, ud_policy_human.name,
           ud_policy_human.summary);
    return UD_EXIT_OK;
}
