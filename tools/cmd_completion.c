/*
 * cmd_completion.c - `undead completion bash|zsh|words`: the shell
 * completion, written from every command's option table (opts.h,
 * opts_complete.c); cmake/install.cmake installs the bash and zsh ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const char *const shells[] = { "bash", "zsh", "words", NULL };

static const opts_option options[] = { OPTS_END };

const opts_command cmd_completion_opts = {
    .name = "completion",
    .usage = "usage: undead completion bash|zsh|words\n"
             "Prints the shell completion of undead, written from every command's options:\n"
             "  bash   a function for bash (the package installs it as\n"
             "         share/bash-completion/completions/undead; or: source <(undead completion bash))\n"
             "  zsh    a #compdef function (the package installs it as\n"
             "         share/zsh/vendor-completions/_undead; or save it as _undead in a folder of $fpath)\n"
             "  words  each command and its options, one command a line (what the tests read)\n",
    .options = options,
    .words = shells,
};

int cmd_completion(int argc, char **argv)
{
    opts_operands ops;
    int rc = opts_read(&cmd_completion_opts, argc, argv, &(char){ 0 }, &ops, 1, 1);
    if (rc != OPTS_GO_ON)
        return rc;
    opts_entry *cmds = calloc((size_t)undead_n_commands, sizeof *cmds);
    if (!cmds) {
        fputs("undead completion: out of memory\n", stderr);
        return UD_EXIT_USAGE;
    }
    for (int i = 0; i < undead_n_commands; i++)
        cmds[i] =
            (opts_entry){ undead_commands[i].name, undead_commands[i].summary, undead_commands[i].opts };
    const char *shell = argv[ops.first];
    bool ok = opts_complete(stdout, shell, cmds, undead_n_commands);
    if (!ok)
        fprintf(stderr, "undead completion: expected bash, zsh or words, got '%s'\n", shell);
    free(cmds);
    return ok ? UD_EXIT_OK : UD_EXIT_USAGE;
}
