/*
 * datadir.h - where undead's data lives: the golden transcripts (golden/),
 * the fuzz seed corpora (fuzz/corpus/) and the games' sample content
 * (spec/GAME/content/), the folders verify, golden, faq and db baseline
 * read by default.  Their options (--golden, --fuzz, --dir) still win.
 *
 * The data root is, in this order:
 *   1. $UNDEAD_DATA_DIR, when set (it must be a directory: set to nothing,
 *      it is refused, as an empty UNDEAD_DB is);
 *   2. the checkout the program was built from, when it runs from that
 *      build tree (build/default/tools/undead, the tests);
 *   3. beside the installed program: BINDIR/../share/undead (as laid out
 *      by `cmake --install`, computed from GNUInstallDirs at configure time).
 */
#ifndef UD_DATADIR_H
#define UD_DATADIR_H

#include <stddef.h>

/* The second half of a missing-folder message (cli_need_dir's WHY), for a
 * folder that OPTION names: "give --golden DIR, or set UNDEAD_DATA_DIR ..." */
#define CLI_DATA_HINT(option) \
    "give " option " DIR, or set UNDEAD_DATA_DIR to the folder holding undead's data"

/* The data root into buf (no trailing slash); NULL, with "undead CMD: ..."
 * printed, when UNDEAD_DATA_DIR is not a directory, the program cannot find
 * its own path, or the root it found is not there (the message names the
 * path, and OPTION with what it takes as the way around it, e.g. "--golden
 * DIR", "--editions FILE"; NULL when no option of the command names the
 * data, and UNDEAD_DATA_DIR is the one way). */
const char *cli_data_dir(const char *cmd, const char *option, char *buf, size_t size);

/* The default path of rel ("golden", "fuzz") under the data root, into buf;
 * NULL as cli_data_dir.  When the root is the current directory (a
 * checkout's root) it is rel itself, so paths are printed and recorded as
 * they always were there. */
const char *cli_data_path(const char *cmd, const char *rel, const char *option, char *buf, size_t size);

#endif
