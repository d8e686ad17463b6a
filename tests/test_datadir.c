/*
 * test_datadir.c - where undead finds its data (tools/common/datadir.c):
 * UNDEAD_DATA_DIR first (checked, a trailing '/' dropped), else the
 * checkout when the program runs from its build tree (as these tests do);
 * a path under a root that is the current directory is printed relative.
 * The installed layout (BINDIR/../share/undead) is tested from outside:
 * tests/faults.sh missing-dir and tests/install.sh.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datadir.h"
#include "support.h"

static char tmpdir[] = "/tmp/undead-datadir-test-XXXXXX";

static void init(void)
{
    cr_assert_not_null(mkdtemp(tmpdir));
    unsetenv("UNDEAD_DATA_DIR");
    cr_redirect_stderr();
}

static void fini(void) { rmdir(tmpdir); }

TestSuite(datadir, .init = init, .fini = fini);

Test(datadir, env_names_the_root)
{
    char env[PATH_MAX + 2], buf[PATH_MAX + 16], want[PATH_MAX + 16];
    snprintf(env, sizeof env, "%s/", tmpdir);
    setenv("UNDEAD_DATA_DIR", env, 1);
    cr_assert_str_eq(cli_data_dir("test", "--golden", buf, sizeof buf), tmpdir);
    snprintf(want, sizeof want, "%s/golden", tmpdir);
    cr_assert_str_eq(cli_data_path("test", "golden", "--golden", buf, sizeof buf), want);
    cr_assert_stderr_eq_str("");
}

Test(datadir, env_that_is_missing_is_an_error)
{
    char env[PATH_MAX], buf[PATH_MAX], want[PATH_MAX + 200];
    snprintf(env, sizeof env, "%s/missing", tmpdir);
    setenv("UNDEAD_DATA_DIR", env, 1);
    cr_assert_null(cli_data_path("test", "fuzz", "--fuzz", buf, sizeof buf));
    snprintf(want, sizeof want,
             "undead test: UNDEAD_DATA_DIR=%s: no such directory (expected the folder "
             "holding undead's data: golden/, fuzz/corpus/, e.g. PREFIX/share/undead)\n",
             env);
    fflush(stderr);
    cr_assert_stderr_eq_str(want);
}

Test(datadir, root_in_the_current_directory_prints_relative)
{
    char buf[PATH_MAX];
    cr_assert_eq(chdir(tmpdir), 0);
    setenv("UNDEAD_DATA_DIR", ".", 1);
    cr_assert_str_eq(cli_data_path("test", "golden", "--golden", buf, sizeof buf), "golden");
    setenv("UNDEAD_DATA_DIR", tmpdir, 1);
    cr_assert_str_eq(cli_data_path("test", "fuzz", "--fuzz", buf, sizeof buf), "fuzz");
}

Test(datadir, build_tree_uses_its_checkout)
{
    char src[PATH_MAX], buf[PATH_MAX], want[PATH_MAX + 16];
    cr_assert_not_null(realpath(UD_SOURCE_DIR, src));
    cr_assert_eq(chdir(tmpdir), 0);
    snprintf(want, sizeof want, "%s/golden", src);
    cr_assert_str_eq(cli_data_path("test", "golden", "--golden", buf, sizeof buf), want);
    cr_assert_eq(chdir(UD_SOURCE_DIR), 0); /* as ever from the checkout's root */
    cr_assert_str_eq(cli_data_path("test", "golden", "--golden", buf, sizeof buf), "golden");
}

Test(datadir, a_buffer_too_small_is_an_error)
{
    char buf[8];
    setenv("UNDEAD_DATA_DIR", tmpdir, 1);
    cr_assert_null(cli_data_path("test", "golden", "--golden", buf, sizeof buf));
}
