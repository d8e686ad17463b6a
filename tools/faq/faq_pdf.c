/*
 * faq_pdf.c - the FAQ written to a file whole or not at all, and printed
 * to PDF by headless Chromium (faq.h: faq_write_file, faq_print_pdf).
 *
 * Chromium is started with the flags that keep it off the network (no
 * background networking, component updates, sync or QUIC; every host name
 * resolves to nothing) in a fresh profile directory that is removed
 * afterwards.  The HTML it prints holds no script and no external
 * reference, so nothing would be fetched anyway.  It prints twice: the
 * contents' page numbers are where the first printing put each heading
 * (print_settled).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "faq.h"
#include "infile.h"
#include "outfile.h"
#include "pdf_pages.h"

enum { PDF_TIMEOUT_S = 180 };

/* What to do when the browser is the trouble, the end of each message
 * about it. */
#define BROWSER_HINT "name another with --chromium PATH or UNDEAD_CHROMIUM"

enum { PDF_MIN_BYTES = 1024 };

/* A browser can exit 0 having written a few bytes, or a disk can fill: a
 * PDF that does not start "%PDF-" and end "%%EOF" (a truncated one does
 * not), or is smaller than any page we print, is refused with a message
 * (faq_print_pdf removes it: it is the temporary, never the named file); false
 * then. */
static bool pdf_is_whole(const char *path, const char *shown)
{
    FILE *f = fopen(path, "rb");
    char head[5] = "", tail[1024];
    long size = -1;
    size_t got = 0;
    if (f) {
        got = fread(head, 1, sizeof head, f);
        if (fseek(f, 0, SEEK_END) == 0)
            size = ftell(f);
        if (size >= (long)sizeof tail && fseek(f, -(long)sizeof tail, SEEK_END) == 0) {
            got = fread(tail, 1, sizeof tail, f);
        } else
            got = 0;
        fclose(f);
    }
    bool eof = false;
    for (size_t i = 0; i + 5 <= got && !eof; i++)
        eof = memcmp(tail + i, "%%EOF", 5) == 0;
    if (size >= PDF_MIN_BYTES && memcmp(head, "%PDF-", 5) == 0 && eof)
        return true;
    fprintf(stderr,
            "undead faq: %s: not a whole PDF (%ld bytes; expected at least %d, starting "
            "'%%PDF-' and ending '%%%%EOF'): the browser's output was cut short or is not a PDF; removed "
            "(is the disk full? else " BROWSER_HINT ")\n",
            shown, size, PDF_MIN_BYTES);
    return false;
}

/* The browser's command line: headless, off the network, in a profile of
 * its own under TMP, printing URL to OUT_FLAG's file.  The flags' texts
 * are kept in FLAGS (4 of them), which must outlive argv. */
static void browser_argv(const char *chromium, const char *tmp, const char *html_path, const char *pdf_path,
                         char flags[4][4200], const char *argv[32])
{
    snprintf(flags[0], sizeof flags[0], "--user-data-dir=%s/profile", tmp);
    snprintf(flags[1], sizeof flags[1], "--print-to-pdf=%s", pdf_path);
    snprintf(flags[2], sizeof flags[2], "file://%s", html_path);
    int n = 0;
    argv[n++] = chromium;
    argv[n++] = "--headless";
    if (geteuid() == 0)
        argv[n++] = "--no-sandbox"; /* Chromium refuses to run as root otherwise */
    argv[n++] = "--disable-gpu";
    argv[n++] = "--disable-dev-shm-usage";
    argv[n++] = "--disable-quic";
    argv[n++] = "--no-first-run";
    argv[n++] = "--no-default-browser-check";
    argv[n++] = "--disable-background-networking";
    argv[n++] = "--disable-component-update";
    argv[n++] = "--disable-sync";
    argv[n++] = "--disable-extensions";
    argv[n++] = "--disable-default-apps";
    argv[n++] = "--host-resolver-rules=MAP * ~NOTFOUND";
    argv[n++] = flags[0];
    argv[n++] = "--no-pdf-header-footer";
    argv[n++] = "--generate-pdf-document-outline"; /* bookmarks from the headings */
    argv[n++] = flags[1];
    argv[n++] = flags[2];
    argv[n] = NULL;
}

/* Start the browser (argv), its output to LOG_PATH: its pid, or -1 with
 * the message printed.  An exec that fails (no such program, not
 * executable) is told from a browser that runs and fails: the child sends
 * exec's errno up a pipe closed on a successful exec.  It leads a process
 * group of its own, the writer of the folder tmp (outfile.h): a signal
 * that ends undead ends the browser and its helpers before it removes
 * tmp and the PDF's temporary. */
static pid_t start_browser(const char *const *argv, const char *tmp, const char *log_path, const char *shown)
{
    int fds[2];
    if (pipe(fds) != 0) {
        fprintf(stderr, "undead faq: pipe: %s\n", strerror(errno));
        return -1;
    }
    if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
        fprintf(stderr, "undead faq: pipe: %s\n", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "undead faq: fork: %s\n", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        int fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        setenv("HOME", tmp, 1); /* nothing of the user's profile is read or written */
        /* its own temporaries (shared memory under --disable-dev-shm-usage)
         * in tmp as well: a browser killed cannot remove them itself */
        setenv("TMPDIR", tmp, 1);
        cli_child_signals();
        execvp(argv[0], (char *const *)argv);
        int e = errno;
        ssize_t put = write(fds[1], &e, sizeof e);
        (void)put;
        _exit(127);
    }
    setpgid(pid, pid); /* whichever of the two runs first */
    ud_outfile_dir_writer(tmp, pid);
    close(fds[1]);
    int e = 0;
    ssize_t got;
    while ((got = read(fds[0], &e, sizeof e)) < 0 && errno == EINTR)
        ;
    close(fds[0]);
    if (got != (ssize_t)sizeof e)
        return pid; /* the pipe closed on exec: the browser runs */
    ud_outfile_dir_writer(tmp, 0);
    waitpid(pid, NULL, 0);
    fprintf(stderr, "undead faq: cannot run the browser '%s': %s; %s\n", shown, strerror(e),
            e == ENOENT ? "install Chromium (Debian: apt-get install chromium), or name it with --chromium "
                          "PATH or UNDEAD_CHROMIUM"
                        : BROWSER_HINT);
    return -1;
}

/* Wait for the browser, at most PDF_TIMEOUT_S: its wait status, or -1
 * (killed, the message printed).  It is no longer tmp's writer once it
 * has ended, before it is reaped (outfile.h). */
static int wait_browser(pid_t pid, const char *tmp, const char *shown)
{
    int status = 0;
    time_t start = time(NULL);
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        int w = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
        if (w == 0 && info.si_pid == pid) {
            ud_outfile_dir_writer(tmp, 0);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            return status;
        }
        if (w < 0 && errno != EINTR) {
            ud_outfile_dir_writer(tmp, 0);
            return -1;
        }
        if (time(NULL) - start > PDF_TIMEOUT_S) {
            kill(-pid, SIGKILL); /* its helpers too */
            kill(pid, SIGKILL);
            ud_outfile_dir_writer(tmp, 0);
            waitpid(pid, &status, 0);
            fprintf(stderr,
                    "undead faq: the browser '%s' did not finish in %d s (killed); " BROWSER_HINT "\n", shown,
                    PDF_TIMEOUT_S);
            return -1;
        }
        struct timespec ts = { 0, 50 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
}

/* The first lines the browser wrote, indented under the message. */
static void show_log(const char *log_path)
{
    FILE *f = fopen(log_path, "r");
    if (!f)
        return;
    char line[512];
    for (int i = 0; i < 20 && fgets(line, sizeof line, f); i++)
        fprintf(stderr, "  %s%s", line, strchr(line, '\n') ? "" : "\n");
    fclose(f);
}

/* Print html_path to pdf_path with headless Chromium; false with a
 * message (each a failure of the environment: the browser missing, or
 * failing, or printing nothing). */
static bool print_pdf(const char *chromium, const char *tmp, const char *html_path, const char *pdf_path)
{
    char flags[4][4200], log_path[1100];
    const char *argv[32];
    browser_argv(chromium, tmp, html_path, pdf_path, flags, argv);
    snprintf(log_path, sizeof log_path, "%s/chromium.log", tmp);
    /* emptied, so that a browser that writes nothing is not taken for one
     * that wrote the last printing again */
    struct stat before;
    if (stat(pdf_path, &before) == 0 && S_ISREG(before.st_mode) && truncate(pdf_path, 0) != 0) {
        fprintf(stderr, "undead faq: %s: %s\n", pdf_path, strerror(errno));
        return false;
    }
    ud_buf shown;
    ud_buf_init(&shown);
    ud_escaped(&shown, chromium);
    pid_t pid = start_browser(argv, tmp, log_path, ud_buf_str(&shown));
    int status = pid < 0 ? -1 : wait_browser(pid, tmp, ud_buf_str(&shown));
    struct stat sb;
    bool exited = status != -1 && WIFEXITED(status);
    bool ok = exited && WEXITSTATUS(status) == 0 && stat(pdf_path, &sb) == 0 && sb.st_size > 0;
    if (!ok && status != -1) {
        if (exited && WEXITSTATUS(status) == 0)
            fprintf(stderr, "undead faq: the browser '%s' exited 0 but wrote no PDF; " BROWSER_HINT "\n",
                    ud_buf_str(&shown));
        else
            fprintf(stderr,
                    "undead faq: the browser '%s' could not print the PDF (%s %d); " BROWSER_HINT "\n",
                    ud_buf_str(&shown), exited ? "exit" : "signal",
                    exited ? WEXITSTATUS(status) : WTERMSIG(status));
        show_log(log_path);
    }
    ud_buf_free(&shown);
    return ok;
}

/* Write the FAQ to PATH (standard output when NULL), whole or not at all:
 * a run that fails leaves PATH as it was (outfile.h).  false with err
 * filled and *status the exit status: 2 when PATH could not be written or
 * a file the FAQ reads was refused, 1 when the FAQ could not be made (no
 * verify run). */
/* Is path a file the FAQ was written from (a golden case: infile.h)?  Then
 * err says so: written over, it would be lost. */
static bool read_before(const char *path, ud_buf *err)
{
    const char *in = ud_infile_read_before(path);
    if (in) {
        ud_buf_puts(err, "-o ");
        ud_buf_put_escaped(err, path);
        ud_buf_puts(err, ": is the same file as a file it reads (");
        ud_buf_put_escaped(err, in);
        ud_buf_puts(err, "): expected another file");
    }
    return in != NULL;
}

static bool write_file(const faq_opts *o, const char *path, ud_buf *err, int *status)
{
    bool bad_input = false;
    *status = UD_EXIT_OK;
    if (!path) {
        bool ok = faq_write(stdout, o, err, &bad_input);
        *status = ok ? UD_EXIT_OK : bad_input ? UD_EXIT_USAGE : UD_EXIT_FAIL;
        return ok;
    }
    ud_buf why;
    ud_buf_init(&why);
    ud_outfile out;
    bool ok = ud_outfile_open(&out, path, &why);
    if (!ok) {
        ud_buf_printf(err, "%s: %s", path, ud_buf_str(&why));
        *status = UD_EXIT_USAGE;
    } else if (!(ok = faq_write(out.f, o, err, &bad_input))) {
        ud_outfile_abort(&out);
        *status = bad_input ? UD_EXIT_USAGE : UD_EXIT_FAIL;
    } else if (!(ok = !read_before(path, err))) {
        ud_outfile_abort(&out);
        *status = UD_EXIT_USAGE;
    } else if (!(ok = ud_outfile_commit(&out, &why))) {
        /* a failed write (a full disk) shows here, in the error flag or
         * the last flush */
        ud_buf_printf(err, "writing %s: %s", path, ud_buf_str(&why));
        *status = UD_EXIT_USAGE;
    }
    ud_buf_free(&why);
    return ok;
}

/* write_file, saying why on standard error when it fails (what_failed
 * when there is no more to say); the exit status. */
static int write_file_or_say(const faq_opts *o, const char *path, const char *what_failed)
{
    ud_buf err;
    ud_buf_init(&err);
    int status;
    if (!write_file(o, path, &err, &status))
        fprintf(stderr, "undead faq: %s\n", err.len ? ud_buf_str(&err) : what_failed);
    ud_buf_free(&err);
    return status;
}

int faq_write_file(const faq_opts *o, const char *output)
{
    return write_file_or_say(o, output, "cannot write the output");
}

/* Printings allowed for the page numbers to settle.  The contents' number
 * slots have a fixed width (faq.h), so the second printing puts every
 * heading where the first did and the third is never needed in practice;
 * a layout that keeps moving is an error, not a wrong number. */
enum { PDF_PRINTINGS = 3 };

/* Print the FAQ (HTML in TMP) to PDF_ABS and read where each heading
 * landed: an exit status, with a message when not 0. */
static int print_once(const faq_opts *o, const char *chromium, const char *tmp, const char *pdf_abs,
                      const char *shown, pdf_pages *pages)
{
    char html_path[1100];
    snprintf(html_path, sizeof html_path, "%s/faq.html", tmp);
    int status = write_file_or_say(o, html_path, "cannot write the HTML");
    if (status != UD_EXIT_OK)
        return status;
    /* the browser missing, failing or printing a cut PDF is the
     * environment's failure, not a failed check: exit 2 */
    if (!print_pdf(chromium, tmp, html_path, pdf_abs) || !pdf_is_whole(pdf_abs, shown))
        return UD_EXIT_USAGE;
    ud_buf err;
    ud_buf_init(&err);
    if (!pdf_pages_read("pdfinfo", pdf_abs, pages, &err)) {
        /* pdfinfo missing says how to install it; else the PDF is what it
         * cannot read */
        bool missing = strstr(ud_buf_str(&err), "poppler-utils") != NULL;
        fprintf(stderr, "undead faq: %s: cannot read on which page each heading lies (%s)%s\n", shown,
                ud_buf_str(&err),
                missing ? "" : ": the browser printed a PDF pdfinfo cannot read; " BROWSER_HINT);
        status = UD_EXIT_USAGE;
    }
    ud_buf_free(&err);
    return status;
}

/* Print to PDF_ABS (SHOWN in messages) with empty number slots, then
 * again with the pages the headings landed on, until a printing puts
 * every heading on the page the contents say: an exit status. */
static int print_settled(faq_opts *o, const char *chromium, const char *tmp, const char *pdf_abs,
                         const char *shown)
{
    pdf_pages used = { NULL, 0 }, landed = { NULL, 0 };
    o->print = true;
    o->pages = NULL;
    int status = UD_EXIT_OK;
    bool settled = false;
    for (int i = 0; i < PDF_PRINTINGS && !settled && status == UD_EXIT_OK; i++) {
        status = print_once(o, chromium, tmp, pdf_abs, shown, &landed);
        settled = status == UD_EXIT_OK && o->pages && !pdf_pages_moved(&used, &landed);
        if (status == UD_EXIT_OK && !settled) {
            pdf_pages_free(&used);
            used = landed;
            landed = (pdf_pages){ NULL, 0 };
            o->pages = &used;
        }
    }
    if (status == UD_EXIT_OK && !settled) {
        fprintf(stderr,
                "undead faq: %s: after %d printings the headings still move between pages "
                "(e.g. %s): the contents' page numbers cannot be trusted; removed\n",
                shown, PDF_PRINTINGS,
                pdf_pages_moved(&used, &landed) ? pdf_pages_moved(&used, &landed) : "?");
        status = UD_EXIT_FAIL;
    }
    pdf_pages_free(&used);
    pdf_pages_free(&landed);
    return status;
}

/* The PDF, its contents carrying page numbers (print_settled): an exit
 * status, 2 when the environment fails it (no browser, one that fails or
 * prints a cut PDF, no pdfinfo, no temporary folder), 1 when the contents'
 * page numbers do not settle.  The browser prints to a temporary beside OUTPUT, renamed over
 * it only when the PDF is whole (outfile.h): a run that fails leaves
 * OUTPUT as it was. */
int faq_print_pdf(faq_opts *o, const char *chromium, const char *output)
{
    ud_buf why;
    ud_buf_init(&why);
    ud_outfile out;
    if (!ud_outfile_reserve(&out, output, &why)) {
        fprintf(stderr, "undead faq: %s: %s\n", output, ud_buf_str(&why));
        ud_buf_free(&why);
        return UD_EXIT_USAGE;
    }
    char tmp[1024], pdf_abs[4096];
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/undead-faq-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "undead faq: cannot make a temporary directory in %s: %s (TMPDIR names another)\n",
                base && *base ? base : "/tmp", strerror(errno));
        ud_outfile_abort(&out);
        ud_buf_free(&why);
        return UD_EXIT_USAGE;
    }
    /* a signal that ends undead removes it, as it removes the PDF's temporary */
    (void)ud_outfile_hold_dir(tmp);
    const char *pdf_path = ud_outfile_path(&out); /* the browser runs in another folder */
    char cwd[2048] = "";
    if (pdf_path[0] != '/' && !getcwd(cwd, sizeof cwd))
        cwd[0] = '\0';
    snprintf(pdf_abs, sizeof pdf_abs, "%s%s%s", cwd, cwd[0] ? "/" : "", pdf_path);
    int status = print_settled(o, chromium, tmp, pdf_abs, output);
    ud_buf_clear(&why);
    if (status == UD_EXIT_OK && read_before(output, &why)) {
        fprintf(stderr, "undead faq: %s\n", ud_buf_str(&why));
        status = UD_EXIT_USAGE;
    }
    if (status != UD_EXIT_OK)
        ud_outfile_abort(&out);
    else if (!ud_outfile_commit(&out, &why)) {
        fprintf(stderr, "undead faq: writing %s: %s\n", output, ud_buf_str(&why));
        status = UD_EXIT_USAGE;
    }
    ud_buf_free(&why);
    (void)ud_outfile_remove_dir(tmp);
    return status;
}
