/*
 * cmd_serve.c - `undead serve GAME`: undead's own engine behind the
 * conformance protocol (docs/conformance.md), the reference adapter; the
 * engine is conform/conform_serve.c.
 */
#include <stdio.h>

#include "cli.h"
#include "commands.h"
#include "conform.h"

/* serve's options (opts.h). */
typedef struct serve_args {
    const char *variants[UD_MAX_VARIANTS * 2];
    int n_variants;
    const char *content;
    bool schema;
} serve_args;

static const opts_option options[] = {
    { .name = "variant",
      .kind = OPTS_LIST,
      .at = OPTS_AT(serve_args, variants),
      .count = OPTS_AT(serve_args, n_variants),
      .max = UD_MAX_VARIANTS * 2,
      .metavar = "KEY=VALUE",
      .help = "play this reading, whatever a `new` request names" },
    { .name = "content",
      .kind = OPTS_STRING,
      .at = OPTS_AT(serve_args, content),
      .metavar = "DIR",
      .help = "the game's content files from DIR" },
    { .name = "schema",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(serve_args, schema),
      .help = "print what an adapter of GAME speaks (state keys,\n"
              "decisions, outcomes of chance, readings) and exit" },
    OPTS_END,
};

const opts_command cmd_serve_opts = {
    .name = "serve",
    .usage = "usage: undead serve GAME [--variant KEY=VALUE]... [--content DIR] [--schema]\n"
             "Speaks the conformance protocol (docs/conformance.md) on standard input and\n"
             "output with undead's own engine: the reference adapter for `undead conform`.\n",
    .options = options,
    .game_operand = true,
};

int cmd_serve(int argc, char **argv)
{
    serve_args a = { 0 };
    opts_operands ops;
    int rc = opts_read(&cmd_serve_opts, argc, argv, &a, &ops, 1, 1);
    if (rc != OPTS_GO_ON)
        return rc;
    const ud_game *g = cli_game("serve", argv[ops.first]);
    cf_server *sv = g ? cf_server_new(g, a.content) : NULL;
    bool ok = sv != NULL;
    for (int i = 0; ok && i < a.n_variants; i++)
        ok = cf_server_pin(sv, a.variants[i]);
    if (ok && a.schema)
        cf_print_schema(g);
    else if (ok)
        rc = cf_serve(sv);
    cf_server_free(sv);
    return !ok ? UD_EXIT_USAGE : a.schema ? UD_EXIT_OK : rc;
}
