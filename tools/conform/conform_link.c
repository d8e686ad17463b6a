/*
 * conform_link.c - the adapter as a child process: one request, one
 * answer, each checked for shape before anything reads it (see conform.h
 * and docs/conformance.md).  Whatever the adapter does (crash, hang,
 * flood, answer the wrong question), undead ends with a report.
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include "conform.h"
#include "conform_impl.h"

/* The first bytes of what the adapter wrote, for a report. */
static void quote_received(ud_buf *out, const char *line, size_t len)
{
    enum { SHOWN = 200 };
    ud_buf_putc(out, '\'');
    for (size_t i = 0; i < len && i < SHOWN; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c >= 0x20 && c < 0x7f)
            ud_buf_putc(out, (char)c);
        else
            ud_buf_printf(out, "\\x%02x", c);
    }
    ud_buf_puts(out, len > SHOWN ? "'..." : "'");
}

json_t *cf_json_read(const char *line, size_t len, char *why, size_t size)
{
    /* a NUL byte, which the JSON reader reports as "invalid token near end
     * of file", said as serve says it of a request */
    const char *nul = memchr(line, '\0', len);
    if (nul) {
        snprintf(why, size, "a NUL byte at byte %zu: the protocol's lines hold none",
                 (size_t)(nul - line) + 1);
        return NULL;
    }
    json_error_t jerr;
    json_t *v = cf_json_load(line, len, JSON_REJECT_DUPLICATES, &jerr);
    if (v)
        return v;
    enum json_error_code code = json_error_code(&jerr);
    if (code == json_error_null_character || code == json_error_null_byte_in_key)
        snprintf(why, size, "a %s holding \\u0000, a NUL: the protocol's strings hold none, near column %d",
                 code == json_error_null_byte_in_key ? "key" : "string", jerr.column);
    else if (code == json_error_end_of_input_expected) /* the library's words: "end of file expected" */
        snprintf(why, size, "found more after the first value, at column %d", jerr.column);
    else
        snprintf(why, size, "%s", jerr.text);
    return NULL;
}

void cf_broken(cf_run *run, const char *fmt, ...)
{
    ud_buf_clear(&run->broken);
    ud_buf_printf(&run->broken, "request %llu (%s): ", (unsigned long long)run->link.requests,
                  run->link.last_request);
    va_list ap;
    va_start(ap, fmt);
    ud_buf_vprintf(&run->broken, fmt, ap);
    va_end(ap);
}

/* Output the adapter wrote when nobody asked: an error of the adapter. */
static bool unasked_output(cf_run *run)
{
    child *c = &run->link.proc;
    if (c->len > c->pending) {
        size_t n = c->len - c->pending;
        const char *at = c->buf + c->pending;
        cf_broken(run, "output nobody asked for: ");
        quote_received(&run->broken, at, n > 0 && at[n - 1] == '\n' ? n - 1 : n);
        return true;
    }
    struct pollfd p = { .fd = c->from, .events = POLLIN };
    if (poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
        const char *line;
        size_t len;
        if (child_read_line(c, 50, &line, &len) == CHILD_OK) {
            cf_broken(run, "output nobody asked for: ");
            quote_received(&run->broken, line, len);
            return true;
        }
    }
    return false;
}

/* The adapter's exit, when its output ended. */
static void ended(cf_run *run, child_status st)
{
    char how[128] = "";
    if (st == CHILD_EOF) {
        child_stop(&run->link.proc, 500);
        run->link.started = false;
        child_describe_exit(&run->link.proc, how, sizeof how);
        cf_broken(run, "expected one answer line, found end of output: the adapter %s", how);
    } else if (st == CHILD_TIMEOUT)
        cf_broken(run, "expected one answer line within %d ms (--timeout), found none", run->link.timeout_ms);
    else
        cf_broken(run, "expected one answer line, found %s", child_status_text(st));
}

json_t *cf_ask(cf_run *run, json_t *req)
{
    cf_link *l = &run->link;
    l->requests++;
    ud_buf text;
    ud_buf_init(&text);
    cf_json_line(req, &text);
    snprintf(l->last_request, sizeof l->last_request, "%.150s%s", ud_buf_str(&text),
             text.len > 150 ? "..." : "");
    json_decref(req);
    if (!l->started) {
        cf_broken(run, "the adapter is not running");
        ud_buf_free(&text);
        return NULL;
    }
    if (unasked_output(run)) {
        ud_buf_free(&text);
        return NULL;
    }
    ud_buf_putc(&text, '\n');
    child_status st = child_send(&l->proc, text.data, text.len);
    ud_buf_free(&text);
    if (st != CHILD_OK) {
        const char *line;
        size_t len;
        ended(run, child_read_line(&l->proc, 200, &line, &len) == CHILD_EOF ? CHILD_EOF : st);
        return NULL;
    }
    const char *line;
    size_t len;
    st = child_read_line(&l->proc, l->timeout_ms, &line, &len);
    if (st != CHILD_OK) {
        ended(run, st);
        return NULL;
    }
    char unread[300];
    json_t *reply = cf_json_read(line, len, unread, sizeof unread);
    if (!reply || !json_is_object(reply)) {
        cf_broken(run, "expected one JSON object on a line (%s), received ",
                  reply ? "found another JSON value" : unread);
        quote_received(&run->broken, line, len);
        json_decref(reply);
        return NULL;
    }
    json_t *u = json_object_get(reply, "unsupported");
    if (u) {
        char why[400];
        run->unsupported = true;
        cf_broken(run,
                  "the adapter does not play this: %s (undead conform's --variant, --players, --start, "
                  "--content and --chance choose what it is asked to play)",
                  json_is_string(u) ? cf_shown(json_string_value(u), why, sizeof why) : "(no reason given)");
        json_decref(reply);
        return NULL;
    }
    json_t *e = json_object_get(reply, "error");
    if (e) {
        char why[400];
        cf_broken(run, "the adapter answered with an error: %s",
                  json_is_string(e) ? cf_shown(json_string_value(e), why, sizeof why) : "(not a string)");
        json_decref(reply);
        return NULL;
    }
    return reply;
}

/* Member `name` of reply, of JSON type `type`: the answer is to the wrong
 * question (or malformed) without it. */
json_t *cf_member(cf_run *run, json_t *reply, const char *name, json_type type, const char *what)
{
    json_t *v = json_object_get(reply, name);
    if (v && json_typeof(v) == type)
        return v;
    ud_buf text;
    ud_buf_init(&text);
    cf_json_line(reply, &text);
    cf_broken(run, "expected %s (member \"%s\"), received ", what, name);
    quote_received(&run->broken, ud_buf_str(&text), text.len);
    ud_buf_free(&text);
    return NULL;
}

void cf_wrong_type(cf_run *run, const char *where, const char *expected, const json_t *found)
{
    char given[64];
    if (!found) {
        cf_broken(run, "%s is missing: expected %s", where, expected);
        return;
    }
    cf_json_brief(found, given, sizeof given);
    cf_broken(run, "%s must be %s, found %s", where, expected, given);
}

bool cf_strings_only(cf_run *run, const json_t *o, const char *name)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)o, k, v)
    {
        if (!json_is_string(v)) {
            char where[160];
            snprintf(where, sizeof where, "\"%s\".\"%.100s\"", name, k);
            cf_wrong_type(run, where, "a string", v);
            return false;
        }
    }
    return true;
}

static cf_verdict start_adapter(cf_run *run)
{
    cf_link *l = &run->link;
    if (!child_start(&l->proc, run->o->command)) {
        ud_buf_clear(&run->broken);
        ud_buf_printf(&run->broken, "cannot start the adapter %s", run->o->command[0]);
        return CF_BROKEN;
    }
    l->started = true;
    json_t *reply = cf_ask(run, json_pack("{s:s, s:i}", "cmd", "hello", "protocol", CF_PROTOCOL));
    if (!reply)
        return CF_BROKEN;
    json_t *v = json_object_get(reply, "protocol");
    if (cf_json_big_integer(v)) {
        cf_broken(run, "the adapter speaks protocol version %s; undead speaks version %d",
                  cf_json_number_text(v), CF_PROTOCOL);
        json_decref(reply);
        return CF_BROKEN;
    }
    v = cf_member(run, reply, "protocol", JSON_INTEGER, "the protocol version the adapter speaks");
    if (v && json_integer_value(v) != CF_PROTOCOL) {
        cf_broken(run, "the adapter speaks protocol version %lld; undead speaks version %d",
                  (long long)json_integer_value(v), CF_PROTOCOL);
        v = NULL;
    }
    /* printed and stored: a name that holds a terminal's escape sequence
     * is shown with it escaped, as everything else the adapter says */
    json_t *name = json_object_get(reply, "name");
    cf_shown(json_is_string(name) ? json_string_value(name) : run->o->command[0], run->adapter_name,
             sizeof run->adapter_name);
    json_decref(reply);
    return v ? CF_AGREE : CF_BROKEN;
}

cf_verdict cf_run_open(cf_run *run, const cf_opts *o)
{
    memset(run, 0, sizeof *run);
    run->o = o;
    ud_buf_init(&run->broken);
    run->link.timeout_ms = o->timeout_ms;
    /* the games' mode: under both, the seeded games set it game by game */
    run->chance = o->chance == CF_FOLLOW ? CF_FOLLOW : CF_DICTATE;
    ud_table_build(&run->table, o->game, o->match.setup.variant);
    return start_adapter(run);
}

void cf_run_close(cf_run *run)
{
    if (run->link.started) {
        json_t *bye = json_pack("{s:s}", "cmd", "quit");
        ud_buf text;
        ud_buf_init(&text);
        cf_json_line(bye, &text);
        ud_buf_putc(&text, '\n');
        json_decref(bye);
        (void)child_send(&run->link.proc, text.data, text.len); /* it may be gone: nothing to report */
        ud_buf_free(&text);
        child_stop(&run->link.proc, 1000);
        run->link.started = false;
    }
    ud_buf_free(&run->broken);
}

cf_verdict cf_run_restart(cf_run *run)
{
    if (run->link.started) {
        child_stop(&run->link.proc, 200);
        run->link.started = false;
    }
    return start_adapter(run);
}
