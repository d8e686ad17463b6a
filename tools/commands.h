/*
 * commands.h - the subcommands of `undead`, one front-end each
 * (cmd_*.c), and their registry (commands.c), which undead.c dispatches
 * by.  Each command takes its argv from the subcommand's name on and
 * returns the exit status: 0 success, 1 a rule violation or failed check,
 * 2 bad input, a tool's limit or an I/O error.  Each declares its options
 * once, in its table (opts.h), from which its --help, the man page and the
 * shell completion are written.
 */
#ifndef UD_COMMANDS_H
#define UD_COMMANDS_H

#include "opts.h"

typedef struct undead_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const opts_command *opts;
} undead_command;

/* Every command, in the order `undead --help` lists them. */
extern const undead_command undead_commands[];
extern const int undead_n_commands;

int cmd_games(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_variants(int argc, char **argv);
int cmd_policies(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_golden(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_faq(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_mutate(int argc, char **argv);
int cmd_conform(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_text(int argc, char **argv);
int cmd_completion(int argc, char **argv);

extern const opts_command cmd_games_opts, cmd_rules_opts, cmd_variants_opts, cmd_policies_opts, cmd_play_opts,
    cmd_check_opts, cmd_sim_opts, cmd_golden_opts, cmd_bench_opts, cmd_db_opts, cmd_verify_opts, cmd_faq_opts,
    cmd_solve_opts, cmd_explore_opts, cmd_show_opts, cmd_mutate_opts, cmd_conform_opts, cmd_serve_opts,
    cmd_text_opts, cmd_completion_opts;

#endif
