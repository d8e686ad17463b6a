/*
 * commands.h - the subcommands of `undead`, one front-end each
 * (cmd_*.c), dispatched by undead.c.  Each takes its argv from the
 * subcommand's name on and returns the exit status: 0 success, 1 a rule
 * violation or failed check, 2 bad input, a tool's limit or an I/O error.
 */
#ifndef UD_COMMANDS_H
#define UD_COMMANDS_H

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

#endif
