/*
 * commands.c - the registry of undead's subcommands (commands.h): what
 * `undead --help` lists, undead.c dispatches, and the shell completion
 * covers.
 */
#include "commands.h"

const undead_command undead_commands[] = {
    { "verify", cmd_verify, "the main job: every check on every game, with a summary", &cmd_verify_opts },
    { "faq", cmd_faq, "write the printable rules FAQ (HTML, Markdown or PDF) from the tables and database",
      &cmd_faq_opts },
    { "games", cmd_games, "list the built-in games", &cmd_games_opts },
    { "rules", cmd_rules, "list a game's rule rows (ID, source, summary)", &cmd_rules_opts },
    { "variants", cmd_variants, "list a game's open questions and their readings", &cmd_variants_opts },
    { "policies", cmd_policies, "list a game's automated players", &cmd_policies_opts },
    { "play", cmd_play, "play one game and print its transcript", &cmd_play_opts },
    { "check", cmd_check, "verify transcripts against the rules", &cmd_check_opts },
    { "show", cmd_show, "draw a position of a game record: a text map or an SVG", &cmd_show_opts },
    { "sim", cmd_sim, "play many games with invariants on; print statistics", &cmd_sim_opts },
    { "bench", cmd_bench, "measure games per second (medians and ratios)", &cmd_bench_opts },
    { "db", cmd_db, "the results database: runs, show, diff, query, baseline", &cmd_db_opts },
    { "golden", cmd_golden, "regenerate and diff the golden transcripts", &cmd_golden_opts },
    { "explore", cmd_explore, "visit every reachable state of a bounded game; counts per depth",
      &cmd_explore_opts },
    { "mutate", cmd_mutate,
      "mutation analysis: what the goldens, tests and invariants catch (mutation build)", &cmd_mutate_opts },
    { "conform", cmd_conform,
      "hold another implementation of a game to the rules, step by step (docs/conformance.md)",
      &cmd_conform_opts },
    { "serve", cmd_serve, "undead's own engine behind the conformance protocol (the reference adapter)",
      &cmd_serve_opts },
    { "solve", cmd_solve, "exact figures: one turn, the two-player game, the texts' claims",
      &cmd_solve_opts },
    { "text", cmd_text, "a rule text as the index: each statement's rows, cases, readings and questions",
      &cmd_text_opts },
    { "completion", cmd_completion, "print the shell completion of undead for bash or zsh",
      &cmd_completion_opts },
};

const int undead_n_commands = (int)(sizeof undead_commands / sizeof undead_commands[0]);
