/*
 * test_content.c - the content-file reader (core/content.h): every value
 * type, every error message with its FILE:LINE:COL, continuation lines,
 * includes (in memory and on disk), the limits, the directory loader and
 * the schema check.  The schema below is declared the way a game would.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "content.h"
#include "support.h"

/* ---- a test schema: every field type, three kinds ------------------------------- */

static const char *const speeds[] = { "slow", "fast", "shambling", NULL };

static const ud_content_field thing_fields[] = {
    { .name = "id", .type = UD_CONTENT_INT, .required = true, .min = -5, .max = 1000 },
    { .name = "name", .type = UD_CONTENT_WORD, .required = true },
    { .name = "title", .type = UD_CONTENT_STRING, .def = "\"untitled\"", .max_len = 20 },
    { .name = "speed", .type = UD_CONTENT_ENUM, .def = "slow", .words = speeds },
    { .name = "exits", .type = UD_CONTENT_INT_LIST, .min = 0, .max = 99 },
    { .name = "tags", .type = UD_CONTENT_WORD_LIST, .def = "a,b", .max_len = 3 },
};

static const ud_content_field card_fields[] = {
    { .name = "n", .type = UD_CONTENT_INT, .required = true, .min = 1, .max = 104 },
};

/* What the callbacks saw, one line per record. */
typedef struct seen {
    ud_buf log;
    int things, cards, notes;
} seen;

static void log_list(ud_buf *b, const ud_content_value *v, bool ints)
{
    ud_buf_puts(b, "[");
    for (int i = 0; i < v->n; i++) {
        if (ints)
            ud_buf_printf(b, "%s%ld", i ? "," : "", v->ints[i]);
        else
            ud_buf_printf(b, "%s%s", i ? "," : "", v->words[i]);
    }
    ud_buf_puts(b, "]");
}

static bool on_thing(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    seen *s = ctx;
    const char *name = ud_content_str(r, "name");
    if (strcmp(name, "bad") == 0) {
        ud_content_error_at(err, r, "name", "expected a name other than 'bad'");
        return false;
    }
    if (strcmp(name, "silent") == 0)
        return false;
    if (strcmp(name, "untitled") == 0 && strcmp(ud_content_str(r, "title"), "untitled") == 0) {
        /* title not written: the error points at the record */
        ud_content_error_at(err, r, "title", "expected a title for a thing named 'untitled'");
        return false;
    }
    s->things++;
    ud_buf_printf(&s->log, "%s:%d:%d thing id=%ld name=%s title=<%s>%s speed=%s(%ld)%s exits=", r->file,
                  r->line, r->col, ud_content_int(r, "id"), name, ud_content_str(r, "title"),
                  ud_content_get(r, "title")->from_file ? "" : "(default)", ud_content_str(r, "speed"),
                  ud_content_int(r, "speed"), ud_content_get(r, "speed")->from_file ? "" : "(default)");
    const ud_content_value *exits = ud_content_get(r, "exits");
    if (exits->set)
        log_list(&s->log, exits, true);
    else
        ud_buf_puts(&s->log, "unset");
    ud_buf_puts(&s->log, " tags=");
    log_list(&s->log, ud_content_get(r, "tags"), false);
    ud_buf_puts(&s->log, "\n");
    return true;
}

static bool on_card(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    seen *s = ctx;
    s->cards++;
    ud_buf_printf(&s->log, "%s:%d card %ld\n", r->file, r->line, ud_content_int(r, "n"));
    return true;
}

static bool on_note(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    ((seen *)ctx)->notes++;
    return true;
}

static const ud_content_kind kinds[] = {
    { .name = "thing", .fields = thing_fields, .n_fields = 6, .record = on_thing },
    { .name = "card",
      .file = "cards.txt",
      .fields = card_fields,
      .n_fields = 1,
      .max_records = 3,
      .record = on_card },
    { .name = "note", .record = on_note },
};
static const ud_content_schema schema = { "test content", kinds, 3 };

/* ---- helpers --------------------------------------------------------------------- */

static seen S;
static char printed[1024];

static void reset(void)
{
    ud_buf_free(&S.log);
    memset(&S, 0, sizeof S);
    ud_buf_init(&S.log);
    printed[0] = '\0';
}

static void print_error(const ud_content_error *err)
{
    FILE *f = fmemopen(printed, sizeof printed, "w");
    cr_assert_not_null(f);
    ud_content_error_print(err, f);
    fclose(f);
    size_t n = strlen(printed);
    if (n && printed[n - 1] == '\n')
        printed[n - 1] = '\0';
}

/* Load text as "t.txt"; true when it loaded. The error, printed, goes to printed. */
static bool load(const char *text)
{
    reset();
    ud_content_error err;
    bool ok = ud_content_load_buffer(&schema, "t.txt", text, strlen(text), &S, &err);
    cr_assert_eq(ok, !err.e.set, "the result and the error agree");
    if (!ok)
        print_error(&err);
    return ok;
}

#define OK(text) cr_assert(load(text), "expected to load, got: %s", printed)
#define ERR(text, message)                              \
    do {                                                \
        cr_assert_not(load(text), "expected an error"); \
        cr_assert_str_eq(printed, message);             \
    } while (0)

static const char *log_text(void) { return ud_buf_str(&S.log); }

/* ---- every type, valid ---------------------------------------------------------------- */

Test(content_types, all_fields_written)
{
    OK("thing id=7 name=grave-yard_2 title=\"Quiet \\\"too\\\" \\\\ quiet\" speed=shambling exits=0,99,5 tags=x,y_1,z-2\n");
    cr_assert_str_eq(
        log_text(),
        "t.txt:1:1 thing id=7 name=grave-yard_2 title=<Quiet \"too\" \\ quiet> speed=shambling(2) "
        "exits=[0,99,5] tags=[x,y_1,z-2]\n");
}

Test(content_types, defaults_and_unset)
{
    OK("thing id=-5 name=_a\n");
    cr_assert_str_eq(
        log_text(),
        "t.txt:1:1 thing id=-5 name=_a title=<untitled>(default) speed=slow(0)(default) exits=unset tags=[a,b]\n");
}

Test(content_types, int_range_ends)
{
    OK("thing id=1000 name=a\nthing id=-5 name=b\nthing id=0007 name=c\n");
    cr_assert_eq(S.things, 3);
    cr_assert(strstr(log_text(), "id=1000 name=a") && strstr(log_text(), "id=-5 name=b") &&
              strstr(log_text(), "id=7 name=c"));
}

Test(content_types, empty_string_and_single_items)
{
    OK("thing id=1 name=a title=\"\" exits=4 tags=q\n");
    cr_assert_str_eq(log_text(),
                     "t.txt:1:1 thing id=1 name=a title=<> speed=slow(0)(default) exits=[4] tags=[q]\n");
}

Test(content_types, hash_inside_string_is_text)
{
    OK("thing id=1 name=a title=\"#1 # x\"   # and a comment\n");
    cr_assert(strstr(log_text(), "title=<#1 # x>"), "%s", log_text());
}

Test(content_types, field_order_free_and_tabs)
{
    OK("thing\tname=b\t id=2\r\n");
    cr_assert(strstr(log_text(), "id=2 name=b"), "%s", log_text());
}

Test(content_types, record_without_fields)
{
    OK("note\nnote # a comment\n");
    cr_assert_eq(S.notes, 2);
}

/* ---- type errors ------------------------------------------------------------------------- */

Test(content_type_errors, int)
{
    ERR("thing id=1001 name=a\n", "t.txt:1:10: expected an integer from -5 to 1000 for 'id', found '1001'");
    ERR("thing id=-6 name=a\n", "t.txt:1:10: expected an integer from -5 to 1000 for 'id', found '-6'");
    ERR("thing id=99999999999999999999999 name=a\n",
        "t.txt:1:10: expected an integer from -5 to 1000 for 'id', found '99999999999999999999999'");
    ERR("thing id=12a name=a\n", "t.txt:1:10: expected an integer from -5 to 1000 for 'id', found '12a'");
    ERR("thing id=+3 name=a\n", "t.txt:1:10: expected an integer from -5 to 1000 for 'id', found '+3'");
    ERR("thing id=- name=a\n", "t.txt:1:10: expected an integer from -5 to 1000 for 'id', found '-'");
    ERR("thing id=\"3\" name=a\n", "t.txt:1:10: expected an integer from -5 to 1000 for 'id', found '\"3\"'");
}

Test(content_type_errors, word)
{
    ERR("thing id=1 name=3abc\n",
        "t.txt:1:17: expected a word (a letter or '_', then letters, digits, '_' or '-'; at most 64 bytes) for 'name', found '3abc'");
    ERR("thing id=1 name=a.b\n",
        "t.txt:1:17: expected a word (a letter or '_', then letters, digits, '_' or '-'; at most 64 bytes) for 'name', found 'a.b'");
    ERR("thing id=1 name=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n",
        "t.txt:1:17: expected a word (a letter or '_', then letters, digits, '_' or '-'; at most 64 bytes) for 'name', "
        "found 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'");
    ERR("thing id=1 name=\"a\"\n", "t.txt:1:17: expected a word for 'name', found a quoted string");
}

Test(content_type_errors, string)
{
    ERR("thing id=1 name=a title=plain\n",
        "t.txt:1:25: expected a quoted string (\"...\") for 'title', found 'plain'");
    ERR("thing id=1 name=a title=\"open\n",
        "t.txt:1:25: expected a closing '\"' before the end of the line (unterminated string)");
    ERR("thing id=1 name=a title=\"a\\nb\"\n",
        "t.txt:1:27: expected \\\" or \\\\ after a backslash in a string");
    ERR("thing id=1 name=a title=\"a\\", "t.txt:1:27: expected \\\" or \\\\ after a backslash in a string");
    ERR("thing id=1 name=a title=\"a\"b\n", "t.txt:1:28: expected a space after the closing '\"'");
    ERR("thing id=1 name=a title=\"123456789012345678901\"\n",
        "t.txt:1:25: expected a string of 0 to 20 bytes for 'title', found 21");
}

Test(content_type_errors, enum_)
{
    ERR("thing id=1 name=a speed=medium\n",
        "t.txt:1:25: expected one of slow|fast|shambling for 'speed', found 'medium'");
    ERR("thing id=1 name=a speed=Slow\n",
        "t.txt:1:25: expected one of slow|fast|shambling for 'speed', found 'Slow'");
    ERR("thing id=1 name=a speed=\"slow\"\n",
        "t.txt:1:25: expected one of slow|fast|shambling for 'speed', found a quoted string");
    ERR("thing id=1 name=a speed=1\n",
        "t.txt:1:25: expected one of slow|fast|shambling for 'speed', found '1'");
}

Test(content_type_errors, int_list)
{
    ERR("thing id=1 name=a exits=1,100\n",
        "t.txt:1:27: expected a list of integers from 0 to 99 (like 1,2,3) for 'exits', found '100'");
    ERR("thing id=1 name=a exits=1,,2\n",
        "t.txt:1:27: expected a list of integers from 0 to 99 (like 1,2,3) for 'exits', found ''");
    ERR("thing id=1 name=a exits=1,\n",
        "t.txt:1:27: expected a list of integers from 0 to 99 (like 1,2,3) for 'exits', found ''");
    ERR("thing id=1 name=a exits=,1\n",
        "t.txt:1:25: expected a list of integers from 0 to 99 (like 1,2,3) for 'exits', found ''");
    ERR("thing id=1 name=a exits=\"1\"\n",
        "t.txt:1:25: expected a list of integers from 0 to 99 for 'exits', found '\"1\"'");
}

Test(content_type_errors, int_list_too_long)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_puts(&b, "thing id=1 name=a exits=");
    for (int i = 0; i < UD_CONTENT_MAX_LIST + 1; i++)
        ud_buf_printf(&b, "%s1", i ? "," : "");
    ERR(ud_buf_str(&b),
        "t.txt:1:25: expected at most 256 items in a list (UD_CONTENT_MAX_LIST) for 'exits', found 257");
    ud_buf_clear(&b);
    ud_buf_puts(&b, "thing id=1 name=a exits=");
    for (int i = 0; i < UD_CONTENT_MAX_LIST; i++)
        ud_buf_printf(&b, "%s%d", i ? "," : "", i % 100);
    OK(ud_buf_str(&b));
    cr_assert(strstr(log_text(), ",98,99,0,1,"), "the 256 items are all there");
    ud_buf_free(&b);
}

Test(content_type_errors, word_list)
{
    ERR("thing id=1 name=a tags=x,9\n",
        "t.txt:1:26: expected a list of words (like north,east) for 'tags', found '9'");
    ERR("thing id=1 name=a tags=a,b,c,d\n", "t.txt:1:24: expected 1 to 3 items for 'tags', found 4");
    ERR("thing id=1 name=a tags=\"a\"\n",
        "t.txt:1:24: expected a list of words for 'tags', found a quoted string");
}

/* ---- record errors ------------------------------------------------------------------------- */

Test(content_errors, unknown_kind)
{
    ERR("# c\nthang id=1\n",
        "t.txt:2:1: unknown record kind 'thang'; expected one of thing|card|note|include");
}

Test(content_errors, unknown_field)
{
    ERR("thing id=1 name=a colour=red\n",
        "t.txt:1:19: unknown field 'colour' for 'thing'; expected one of id|name|title|speed|exits|tags");
    ERR("note x=1\n",
        "t.txt:1:6: unknown field 'x' for 'note'; expected one of (none: this kind has no fields)");
}

Test(content_errors, duplicate_field)
{
    ERR("thing id=1 name=a\n  id=2\n", "t.txt:2:3: expected each field once; 'id' is already set at 1:10");
}

Test(content_errors, missing_required_field)
{
    ERR("thing id=1\n", "t.txt:1:1: expected field 'name' in this 'thing' record");
    ERR("note\n\nthing name=a\n", "t.txt:3:1: expected field 'id' in this 'thing' record");
}

Test(content_errors, field_syntax)
{
    ERR("thing id=1 name=a title=\"two words\" extra\n",
        "t.txt:1:37: expected FIELD=VALUE with no space around '=', found 'extra' (quote text that has spaces)");
    ERR("thing id = 1\n",
        "t.txt:1:7: expected FIELD=VALUE with no space around '=', found 'id' (quote text that has spaces)");
    ERR("thing id=\n", "t.txt:1:10: expected a value after 'id='");
    ERR("thing id= name=a\n", "t.txt:1:10: expected a value after 'id='");
    ERR("thing =1\n", "t.txt:1:7: expected FIELD=VALUE (FIELD a word), found '=1'");
    ERR("thing id:1\n", "t.txt:1:7: expected FIELD=VALUE (FIELD a word), found 'id:1'");
}

Test(content_errors, bad_bytes)
{
    ERR("thing id=1 name=a\x01\n", "t.txt:1:18: expected printable text, found byte 0x01");
    ERR("note\nnote\rnote\n", "t.txt:2:5: expected printable text, found byte 0x0d");
    const char nul[] = "note\n\0note\n";
    reset();
    ud_content_error err;
    cr_assert_not(ud_content_load_buffer(&schema, "t.txt", nul, sizeof nul - 1, &S, &err));
    print_error(&err);
    cr_assert_str_eq(printed, "t.txt:2:1: expected printable text, found byte 0x00");
}

/* Text is UTF-8, whole and shortest (it goes on into SVG, HTML and the
 * database), with no C1 control characters. */
Test(content_errors, invalid_utf8)
{
    OK("thing id=1 name=a title=\"Caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\xa7\x9f\"\n");
    cr_assert_str_eq(log_text(),
                     "t.txt:1:1 thing id=1 name=a title=<Caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\xa7\x9f> "
                     "speed=slow(0)(default) exits=unset tags=[a,b]\n");
    ERR("thing id=1 name=a title=\"x\xff\"\n", "t.txt:1:27: expected UTF-8 text, found byte 0xff");
    ERR("thing id=1 name=a title=\"\xc3\"\n", "t.txt:1:26: expected UTF-8 text, found byte 0xc3");
    ERR("thing id=1 name=a title=\"\xc3\xa9\xa9\"\n", "t.txt:1:28: expected UTF-8 text, found byte 0xa9");
    ERR("# \xc0\xaf is an overlong '/'\n", "t.txt:1:3: expected UTF-8 text, found byte 0xc0");
    ERR("note # \xed\xa0\x80 a surrogate\n", "t.txt:1:8: expected UTF-8 text, found byte 0xed");
    ERR("note # \xf4\x90\x80\x80 past U+10FFFF\n", "t.txt:1:8: expected UTF-8 text, found byte 0xf4");
    ERR("note # \xe2\x82 cut short\n", "t.txt:1:8: expected UTF-8 text, found byte 0xe2");
    ERR("thing id=1 name=a title=\"\xc2\x85\"\n",
        "t.txt:1:26: expected printable text, found control character U+0085");
}

Test(content_errors, callback_error_at_field)
{
    ERR("thing id=1 name=ok\nthing id=2\n    name=bad\n", "t.txt:3:10: expected a name other than 'bad'");
    cr_assert_eq(S.things, 1, "the record before was delivered");
}

Test(content_errors, callback_error_at_a_default)
{
    ERR("note\n  thing id=2 name=untitled title=\"untitled\"\n",
        "t.txt:2:3: expected FIELD=VALUE continuing the 'note' record above, found 'thing' (a new record starts at the beginning of a line)");
    ERR("note\nthing id=2 name=untitled title=\"untitled\"\n",
        "t.txt:2:32: expected a title for a thing named 'untitled'");
    ERR("note\nthing id=2 name=untitled\n", "t.txt:2:1: expected a title for a thing named 'untitled'");
}

Test(content_errors, callback_refuses_silently)
{
    ERR("\n\nthing id=2 name=silent\n",
        "t.txt:3:1: expected a 'thing' record the game accepts; it refused this one");
}

/* ---- continuation lines, comments, blank lines ------------------------------------------------ */

Test(content_lines, indented_lines_continue)
{
    OK("thing id=1\n"
       "    # a comment inside the record\n"
       "    name=a   speed=fast\n"
       "\ttags=t\n"
       "thing id=2 name=b\n");
    cr_assert_eq(S.things, 2);
    cr_assert(
        strstr(log_text(),
               "t.txt:1:1 thing id=1 name=a title=<untitled>(default) speed=fast(1) exits=unset tags=[t]"),
        "%s", log_text());
}

Test(content_lines, blank_line_ends_record)
{
    ERR("thing id=1 name=a\n\n  speed=fast\n",
        "t.txt:3:3: expected a record kind at the start of the line (an indented line continues the record above, and there is none)");
    ERR("  note\n",
        "t.txt:1:3: expected a record kind at the start of the line (an indented line continues the record above, and there is none)");
}

Test(content_lines, empty_and_comment_only)
{
    OK("");
    OK("# nothing\n\n   \n\t# still nothing");
    cr_assert_eq(S.things + S.cards + S.notes, 0);
}

Test(content_lines, no_final_newline)
{
    OK("thing id=1 name=a");
    cr_assert_eq(S.things, 1);
}

/* ---- limits -------------------------------------------------------------------------------------- */

Test(content_limits, overlong_line)
{
    char line[UD_CONTENT_MAX_LINE + 3];
    memset(line, '#', UD_CONTENT_MAX_LINE + 1);
    line[UD_CONTENT_MAX_LINE + 1] = '\n';
    line[UD_CONTENT_MAX_LINE + 2] = '\0';
    ERR(line, "t.txt:1:1025: expected a line of at most 1024 bytes (UD_CONTENT_MAX_LINE)");
    line[UD_CONTENT_MAX_LINE] = '\n';
    line[UD_CONTENT_MAX_LINE + 1] = '\0';
    OK(line); /* exactly the limit */
}

Test(content_limits, records_of_a_kind)
{
    OK("card n=1\ncard n=104\ncard n=3\n");
    cr_assert_str_eq(log_text(), "t.txt:1 card 1\nt.txt:2 card 104\nt.txt:3 card 3\n");
    ERR("card n=1\ncard n=2\ncard n=3\ncard n=4\n", "t.txt:4:1: expected at most 3 'card' records");
    ERR("card n=0\n", "t.txt:1:8: expected an integer from 1 to 104 for 'n', found '0'");
}

Test(content_limits, records_in_all)
{
    ud_buf b;
    ud_buf_init(&b);
    for (int i = 0; i < UD_CONTENT_MAX_RECORDS; i++)
        ud_buf_puts(&b, "note\n");
    OK(ud_buf_str(&b));
    cr_assert_eq(S.notes, UD_CONTENT_MAX_RECORDS);
    ud_buf_puts(&b, "note\n");
    ERR(ud_buf_str(&b), "t.txt:10001:1: expected at most 10000 records in one load (UD_CONTENT_MAX_RECORDS)");
    ud_buf_free(&b);
}

Test(content_limits, bytes_in_all)
{
    size_t n = (size_t)UD_CONTENT_MAX_BYTES + 1;
    char *big = malloc(n);
    cr_assert_not_null(big);
    memset(big, '\n', n);
    reset();
    ud_content_error err;
    cr_assert_not(ud_content_load_buffer(&schema, "big.txt", big, n, &S, &err));
    print_error(&err);
    cr_assert_str_eq(printed,
                     "big.txt: expected at most 4194304 bytes of content in one load (UD_CONTENT_MAX_BYTES)");
    cr_assert(ud_content_load_buffer(&schema, "big.txt", big, n - 1, &S, &err), "exactly the limit loads");
    free(big);
}

/* ---- includes, in memory --------------------------------------------------------------------- */

static bool load_mem(const ud_content_memfile *files, int n)
{
    reset();
    ud_content_error err;
    bool ok = ud_content_load_memory(&schema, files, n, 0, &S, &err);
    cr_assert_eq(ok, !err.e.set);
    if (!ok)
        print_error(&err);
    return ok;
}

#define MF(name, text)              \
    {                               \
        name, text, sizeof text - 1 \
    }

Test(content_include, relative_to_the_including_file)
{
    ud_content_memfile files[] = {
        MF("top.txt", "card n=1\ninclude \"sub/a.txt\"   # a comment\ncard n=3\n"),
        MF("sub/a.txt", "include \"b.txt\"\n"),
        MF("sub/b.txt", "card n=2\n"),
        MF("b.txt", "card n=99\n"),
    };
    cr_assert(load_mem(files, 4), "%s", printed);
    cr_assert_str_eq(log_text(), "top.txt:1 card 1\nsub/b.txt:1 card 2\ntop.txt:3 card 3\n");
}

Test(content_include, include_closes_the_record_above)
{
    ud_content_memfile files[] = {
        MF("top.txt", "thing id=1\ninclude \"a.txt\"\n  name=x\n"),
        MF("a.txt", "note\n"),
    };
    cr_assert_not(load_mem(files, 2));
    cr_assert_str_eq(printed, "top.txt:1:1: expected field 'name' in this 'thing' record");
}

Test(content_include, errors_name_the_included_file)
{
    ud_content_memfile files[] = {
        MF("top.txt", "note\ninclude \"a.txt\"\n"),
        MF("a.txt", "note\n\ncard n=200\n"),
    };
    cr_assert_not(load_mem(files, 2));
    cr_assert_str_eq(printed, "a.txt:3:8: expected an integer from 1 to 104 for 'n', found '200'");
}

Test(content_include, missing_file)
{
    ud_content_memfile files[] = { MF("d/top.txt", "note\n  include \"x.txt\"\n") };
    cr_assert_not(load_mem(files, 1));
    /* An indented include is a continuation line of the record above. */
    cr_assert_str_eq(
        printed,
        "d/top.txt:2:3: expected FIELD=VALUE continuing the 'note' record above, found 'include' (a new record starts at the beginning of a line)");
    files[0] = (ud_content_memfile)MF("d/top.txt", "note\ninclude  \"x.txt\"\n");
    cr_assert_not(load_mem(files, 1));
    cr_assert_str_eq(printed, "d/top.txt:2:10: 'd/x.txt': no such file or folder");
}

Test(content_include, cycles)
{
    ud_content_memfile self[] = { MF("a.txt", "include \"a.txt\"\n") };
    cr_assert_not(load_mem(self, 1));
    cr_assert_str_eq(printed, "a.txt:1:9: expected no include cycle: 'a.txt' is already being read");
    ud_content_memfile two[] = {
        MF("a.txt", "note\ninclude \"b.txt\"\n"),
        MF("b.txt", "\n\ninclude \"a.txt\"\n"),
    };
    cr_assert_not(load_mem(two, 2));
    cr_assert_str_eq(printed, "b.txt:3:9: expected no include cycle: 'a.txt' is already being read");
}

Test(content_include, same_file_twice_is_not_a_cycle)
{
    ud_content_memfile files[] = {
        MF("top.txt", "include \"a.txt\"\ninclude \"a.txt\"\n"),
        MF("a.txt", "card n=5\n"),
    };
    cr_assert(load_mem(files, 2), "%s", printed);
    cr_assert_eq(S.cards, 2);
}

Test(content_include, depth_limit)
{
    /* f0 includes f1 ... : 8 files open at once load, 9 do not. */
    char names[10][8], texts[10][32];
    ud_content_memfile files[10];
    for (int i = 0; i < 10; i++) {
        snprintf(names[i], sizeof names[i], "f%d", i);
        snprintf(texts[i], sizeof texts[i], "note\ninclude \"f%d\"\n", i + 1);
        files[i] = (ud_content_memfile){ names[i], texts[i], strlen(texts[i]) };
    }
    snprintf(texts[7], sizeof texts[7], "note\n");
    files[7].len = strlen(texts[7]);
    cr_assert(load_mem(files, 10), "%s", printed);
    cr_assert_eq(S.notes, 8);
    snprintf(texts[7], sizeof texts[7], "note\ninclude \"f8\"\n");
    files[7].len = strlen(texts[7]);
    cr_assert_not(load_mem(files, 10));
    cr_assert_str_eq(printed,
                     "f7:2:9: expected includes nested at most 7 deep (UD_CONTENT_MAX_INCLUDE_DEPTH)");
}

Test(content_include, syntax)
{
    ERR("include a.txt\n", "t.txt:1:9: expected include \"FILE\"");
    ERR("include\n", "t.txt:1:8: expected include \"FILE\"");
    ERR("include \"a.txt\" x\n", "t.txt:1:17: expected the end of the line after include \"FILE\"");
    ERR("include \"\"\n", "t.txt:1:9: expected a file name in include \"FILE\"");
    ERR("include \"a.txt\n",
        "t.txt:1:9: expected a closing '\"' before the end of the line (unterminated string)");
}

Test(content_include, path_too_long)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_puts(&b, "include \"");
    for (int i = 0; i < UD_CONTENT_MAX_PATH; i++)
        ud_buf_putc(&b, 'x');
    ud_buf_puts(&b, "\"\n");
    ERR(ud_buf_str(&b), "t.txt:1:9: expected a path of at most 511 bytes (UD_CONTENT_MAX_PATH)");
    ud_buf_free(&b);
}

/* ---- on disk: files, includes, the directory loader ---------------------------------------- */

static void make_tmpdir(void) { scratch_make("ud-content"); }

/* The printed error with the temporary folder shown as DIR. */
static const char *relative(const char *text)
{
    static char out[1024];
    size_t n = strlen(scratch_dir()), o = 0;
    for (const char *p = text; *p && o + 4 < sizeof out;) {
        if (strncmp(p, scratch_dir(), n) == 0) {
            o += (size_t)snprintf(out + o, sizeof out - o, "DIR");
            p += n;
        } else
            out[o++] = *p++;
    }
    out[o] = '\0';
    return out;
}

static bool load_disk(bool (*fn)(const ud_content_schema *, const char *, void *, ud_content_error *),
                      const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s%s%s", scratch_dir(), name[0] ? "/" : "", name);
    reset();
    ud_content_error err;
    bool ok = fn(&schema, path, &S, &err);
    cr_assert_eq(ok, !err.e.set);
    if (!ok)
        print_error(&err);
    return ok;
}

Test(content_disk, file_with_include, .init = make_tmpdir, .fini = scratch_remove)
{
    cr_assert_eq(mkdir(strcat(strcpy((char[128]){ 0 }, scratch_dir()), "/more"), 0700), 0);
    scratch_put("top.txt", "card n=1\ninclude \"more/m.txt\"\n");
    scratch_put("more/m.txt", "include \"n.txt\"\n");
    scratch_put("more/n.txt", "card n=2\n");
    cr_assert(load_disk(ud_content_load_file, "top.txt"), "%s", printed);
    cr_assert_str_eq(relative(log_text()), "DIR/top.txt:1 card 1\nDIR/more/n.txt:1 card 2\n");
    cr_assert(load_disk(ud_content_load_path, "top.txt"), "load_path takes a file too");
    cr_assert_eq(S.cards, 2);
}

Test(content_disk, missing_files, .init = make_tmpdir, .fini = scratch_remove)
{
    cr_assert_not(load_disk(ud_content_load_file, "nope.txt"));
    cr_assert_str_eq(relative(printed), "DIR/nope.txt: no such file or folder");
    scratch_put("top.txt", "note\ninclude \"gone.txt\"\n");
    cr_assert_not(load_disk(ud_content_load_file, "top.txt"));
    cr_assert_str_eq(relative(printed), "DIR/top.txt:2:9: 'DIR/gone.txt': no such file or folder");
    cr_assert_not(load_disk(ud_content_load_file, ""));
    cr_assert_str_eq(relative(printed), "DIR: is a folder, expected a file");
    cr_assert_eq(mkdir(strcat(strcpy((char[128]){ 0 }, scratch_dir()), "/sub"), 0700), 0);
    scratch_put("top.txt", "note\ninclude \"sub\"\n");
    cr_assert_not(load_disk(ud_content_load_file, "top.txt"));
    cr_assert_str_eq(relative(printed), "DIR/top.txt:2:9: 'DIR/sub' is a folder, expected a file");
}

/* A FIFO (or a device) is refused without being read: opening a FIFO
 * waits for a writer, and none comes. */
Test(content_disk, special_files_are_refused_unread, .init = make_tmpdir, .fini = scratch_remove)
{
    char path[256];
    snprintf(path, sizeof path, "%s/cards.txt", scratch_dir());
    cr_assert_eq(mkfifo(path, 0600), 0);
    cr_assert_not(load_disk(ud_content_load_file, "cards.txt"));
    cr_assert_str_eq(relative(printed),
                     "DIR/cards.txt: expected 'DIR/cards.txt' to be a regular file, found a FIFO");
    scratch_put("thing.txt", "thing id=1 name=a\n");
    cr_assert_not(load_disk(ud_content_load_dir, ""));
    cr_assert_str_eq(relative(printed),
                     "DIR/cards.txt: expected 'DIR/cards.txt' to be a regular file, found a FIFO");
    scratch_put("top.txt", "card n=1\ninclude \"cards.txt\"\n");
    cr_assert_not(load_disk(ud_content_load_file, "top.txt"));
    cr_assert_str_eq(relative(printed),
                     "DIR/top.txt:2:9: expected 'DIR/cards.txt' to be a regular file, found a FIFO");
    reset();
    ud_content_error err;
    cr_assert_not(ud_content_load_file(&schema, "/dev/null", &S, &err));
    print_error(&err);
    cr_assert_str_eq(printed, "/dev/null: expected '/dev/null' to be a regular file, found a device");
}

Test(content_disk, directory_one_file_per_kind, .init = make_tmpdir, .fini = scratch_remove)
{
    scratch_put("thing.txt", "thing id=1 name=a\n");
    scratch_put("cards.txt", "card n=1\ninclude \"more-cards.txt\"\n");
    scratch_put("more-cards.txt", "card n=2\n");
    scratch_put("note.txt", "# no notes\n");
    cr_assert(load_disk(ud_content_load_dir, ""), "%s", printed);
    cr_assert_str_eq(
        relative(log_text()),
        "DIR/thing.txt:1:1 thing id=1 name=a title=<untitled>(default) speed=slow(0)(default) exits=unset tags=[a,b]\n"
        "DIR/cards.txt:1 card 1\nDIR/more-cards.txt:1 card 2\n");
    cr_assert(load_disk(ud_content_load_path, ""), "load_path takes a directory");
    cr_assert_eq(S.cards, 2);
}

Test(content_disk, directory_errors, .init = make_tmpdir, .fini = scratch_remove)
{
    scratch_put("thing.txt", "thing id=1 name=a\n");
    cr_assert_not(load_disk(ud_content_load_dir, ""));
    cr_assert_str_eq(relative(printed), "DIR/cards.txt: no such file or folder");
    scratch_put("cards.txt", "card n=1\n");
    scratch_put("note.txt", "note\n\ncard n=2\n");
    cr_assert_not(load_disk(ud_content_load_dir, ""));
    cr_assert_str_eq(
        relative(printed),
        "DIR/note.txt:3:1: expected only 'note' records in this file, found 'card' (its records go in cards.txt)");
    scratch_put("note.txt", "include \"cards.txt\"\n");
    cr_assert_not(load_disk(ud_content_load_dir, ""));
    cr_assert_str_eq(
        relative(printed),
        "DIR/cards.txt:1:1: expected only 'note' records in this file, found 'card' (its records go in cards.txt)");
}

static void put_newlines(const char *name, size_t n)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", scratch_dir(), name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    for (size_t i = 0; i < n; i++)
        fputc('\n', f);
    fclose(f);
}

Test(content_disk, bytes_in_all, .init = make_tmpdir, .fini = scratch_remove)
{
    scratch_put("top.txt", "include \"a.txt\"\ninclude \"b.txt\"\nnote\n");
    put_newlines("a.txt", 3u << 20);
    size_t top = strlen("include \"a.txt\"\ninclude \"b.txt\"\nnote\n");
    put_newlines("b.txt", UD_CONTENT_MAX_BYTES - (3u << 20) - top);
    cr_assert(load_disk(ud_content_load_file, "top.txt"), "exactly the limit loads: %s", printed);
    cr_assert_eq(S.notes, 1);
    put_newlines("b.txt", UD_CONTENT_MAX_BYTES - (3u << 20) - top + 1);
    cr_assert_not(load_disk(ud_content_load_file, "top.txt"));
    cr_assert_str_eq(
        relative(printed),
        "DIR/b.txt: expected at most 4194304 bytes of content in one load (UD_CONTENT_MAX_BYTES)");
}

/* ---- minimum counts ---------------------------------------------------------------------------- */

static const ud_content_kind min_kinds[] = {
    { .name = "card",
      .file = "cards.txt",
      .fields = card_fields,
      .n_fields = 1,
      .min_records = 2,
      .max_records = 2 },
};
static const ud_content_schema min_schema = { "min", min_kinds, 1 };

Test(content_limits, min_records)
{
    ud_content_error err;
    const char *one = "card n=1\n", *two = "card n=1\ncard n=2\n";
    cr_assert_not(ud_content_load_buffer(&min_schema, "c.txt", one, strlen(one), NULL, &err));
    print_error(&err);
    cr_assert_str_eq(printed, "c.txt: expected at least 2 'card' records, found 1");
    cr_assert(ud_content_load_buffer(&min_schema, "c.txt", two, strlen(two), NULL, &err), "%s", err.e.msg);
}

/* ---- the schema check ------------------------------------------------------------------------------ */

static const char *schema_problem(const ud_content_field *f, int n, const char *kind)
{
    static char why[300];
    ud_content_kind k = { .name = kind, .fields = f, .n_fields = n };
    ud_content_schema s = { "bad", &k, 1 };
    if (ud_content_schema_check(&s, why, sizeof why))
        return NULL;
    /* The loaders refuse it too, as an internal error. */
    ud_content_error err;
    cr_assert_not(ud_content_load_buffer(&s, "x", "", 0, NULL, &err));
    cr_assert(err.e.internal);
    return why;
}

Test(content_schema, test_schema_is_valid)
{
    char why[200];
    cr_assert(ud_content_schema_check(&schema, why, sizeof why), "%s", why);
}

Test(content_schema, problems)
{
    static const char *const none[] = { NULL };
    static const char *const twice[] = { "a", "a", NULL };
    ud_content_field f[2] = { { .name = "x", .type = UD_CONTENT_INT, .max = 9 } };
    cr_assert_null(schema_problem(f, 1, "k"));
    cr_assert_str_eq(schema_problem(f, 1, "include"), "kind 0: the name is not a word (or is 'include')");
    f[1] = f[0];
    cr_assert_str_eq(schema_problem(f, 2, "k"), "kind 'k': field 'x' declared twice");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_INT, .required = true, .def = "1", .max = 9 };
    cr_assert_str_eq(schema_problem(f, 1, "k"), "kind 'k', field 'x': required and with a default");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_INT, .def = "10", .max = 9 };
    cr_assert_str_eq(
        schema_problem(f, 1, "k"),
        "kind 'k', field 'x': default \"10\": expected an integer from 0 to 9 for 'x', found '10'");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_INT, .min = 1 };
    cr_assert_str_eq(schema_problem(f, 1, "k"), "kind 'k', field 'x': min > max");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_ENUM, .words = none };
    cr_assert_str_eq(schema_problem(f, 1, "k"), "kind 'k', field 'x': an enum without words");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_ENUM, .words = twice };
    cr_assert_str_eq(schema_problem(f, 1, "k"), "kind 'k', field 'x': enum word 'a' twice");
    f[0] = (ud_content_field){ .name = "x y", .type = UD_CONTENT_WORD };
    cr_assert_str_eq(schema_problem(f, 1, "k"), "kind 'k': a field name is not a word");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_STRING, .def = "unquoted" };
    cr_assert_str_eq(
        schema_problem(f, 1, "k"),
        "kind 'k', field 'x': default \"unquoted\": expected a quoted string (\"...\") for 'x', found 'unquoted'");
    f[0] =
        (ud_content_field){ .name = "x", .type = UD_CONTENT_WORD_LIST, .max_len = UD_CONTENT_MAX_LIST + 1 };
    cr_assert_str_eq(schema_problem(f, 1, "k"), "kind 'k', field 'x': max_len above the limit");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_WORD_LIST, .unique = "x" };
    cr_assert_str_eq(schema_problem(f, 1, "k"),
                     "kind 'k', field 'x': unique, but not an int, word or string");
    f[0] = (ud_content_field){ .name = "x", .type = UD_CONTENT_WORD, .unique = "x", .unique_within = "y" };
    cr_assert_str_eq(schema_problem(f, 1, "k"),
                     "kind 'k', field 'x': unique_within names no other field (or no unique set)");
}

/* ---- unique values: one check in the loader for every game ------------------------------ */

static const ud_content_field tile_fields[] = {
    { .name = "id", .type = UD_CONTENT_WORD, .required = true, .unique = "id" },
    { .name = "n", .type = UD_CONTENT_INT, .max = 99, .unique = "n" },
    { .name = "title", .type = UD_CONTENT_STRING, .def = "\"\"" },
};
static const ud_content_field weapon_fields[] = {
    { .name = "id", .type = UD_CONTENT_WORD, .required = true, .unique = "id" },
};
static const ud_content_field option_fields[] = {
    { .name = "event", .type = UD_CONTENT_WORD, .required = true },
    { .name = "name",
      .type = UD_CONTENT_STRING,
      .required = true,
      .unique = "option",
      .unique_within = "event" },
};
static const ud_content_kind unique_kinds[] = {
    { .name = "tile", .fields = tile_fields, .n_fields = 3 },
    { .name = "weapon", .fields = weapon_fields, .n_fields = 1 },
    { .name = "option", .fields = option_fields, .n_fields = 2 },
};
static const ud_content_schema unique_schema = { "unique content", unique_kinds, 3 };

static const char *unique_load(const char *text)
{
    ud_content_memfile files[] = { { "top.txt", text, strlen(text) }, { "more.txt", "weapon id=axe\n", 14 } };
    ud_content_error err;
    printed[0] = '\0';
    if (!ud_content_load_memory(&unique_schema, files, 2, 0, NULL, &err))
        print_error(&err);
    return printed;
}

Test(content_unique, values_of_a_set_once)
{
    cr_assert_str_eq(unique_load("tile id=a n=1\ntile id=b n=2\ntile id=c\ntile id=d\n"), "",
                     "unset values are no value");
    cr_assert_str_eq(unique_load("tile id=a\n\ntile  id=a\n"),
                     "top.txt:3:10: expected each id once, found 'a' again (first at top.txt:1:9)");
    cr_assert_str_eq(unique_load("tile id=a n=7\ntile id=b n=7\n"),
                     "top.txt:2:13: expected each n once, found '7' again (first at top.txt:1:13)");
    /* kinds that name one set share it, across included files */
    cr_assert_str_eq(unique_load("tile id=axe\ninclude \"more.txt\"\n"),
                     "more.txt:1:11: expected each id once, found 'axe' again (first at top.txt:1:9)");
    cr_assert_str_eq(unique_load("include \"more.txt\"\ntile id=axe\n"),
                     "top.txt:2:9: expected each id once, found 'axe' again (first at more.txt:1:11)");
    /* within a scope: the same name under two events, not twice under one */
    cr_assert_str_eq(unique_load("option event=a name=\"fight\"\noption event=b name=\"fight\"\n"), "");
    cr_assert_str_eq(
        unique_load("option event=a name=\"fight\"\noption event=b name=\"run\"\n"
                    "option event=a name=\"fight\"\n"),
        "top.txt:3:21: expected each name once per event, found 'fight' again (first at top.txt:1:21)");
}

static int shared_a, shared_b;
static bool count_a(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    shared_a++;
    return true;
}
static bool count_b(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    shared_b++;
    return true;
}

/* Two kinds may name one file (a district and its branches): a directory
 * load reads it once, and it may hold records of both, but of no other. */
Test(content_disk, kinds_share_a_file, .init = make_tmpdir, .fini = scratch_remove)
{
    ud_content_kind k[3] = { { .name = "a", .file = "ab.txt", .record = count_a, .min_records = 1 },
                             { .name = "b", .file = "ab.txt", .record = count_b, .min_records = 2 },
                             { .name = "c" } };
    ud_content_schema sh = { "shared", k, 3 };
    char why[200];
    cr_assert(ud_content_schema_check(&sh, why, sizeof why), "%s", why);
    scratch_put("ab.txt", "a\nb\nb\na\n");
    scratch_put("c.txt", "c\n");
    ud_content_error err;
    shared_a = shared_b = 0;
    cr_assert(ud_content_load_dir(&sh, scratch_dir(), NULL, &err), "%s", err.e.msg);
    cr_assert_eq(shared_a, 2, "the shared file is read once: %d 'a' records", shared_a);
    cr_assert_eq(shared_b, 2);
    scratch_put("ab.txt", "a\nb\n");
    cr_assert_not(ud_content_load_dir(&sh, scratch_dir(), NULL, &err));
    cr_assert(strstr(err.e.msg, "expected at least 2 'b' records, found 1"), "%s", err.e.msg);
    scratch_put("ab.txt", "a\nb\nb\nc\n");
    cr_assert_not(ud_content_load_dir(&sh, scratch_dir(), NULL, &err));
    cr_assert_str_eq(err.e.msg,
                     "expected only 'a' records in this file, found 'c' (its records go in c.txt)");
}

Test(content_schema, error_print_of_internal)
{
    ud_content_kind k = { .name = "include" };
    ud_content_schema s = { "toy content", &k, 1 };
    ud_content_error err;
    cr_assert_not(ud_content_load_buffer(&s, "x", "", 0, NULL, &err));
    print_error(&err);
    cr_assert_str_eq(printed, "toy content: internal: kind 0: the name is not a word (or is 'include')");
}

/* ---- a content directory held in memory (a game's built-in set) ------------------ */

static bool load_memdir(const ud_content_memfile *files, int n)
{
    reset();
    ud_content_error err;
    bool ok = ud_content_load_dir_memory(&schema, "mem", files, n, &S, &err);
    cr_assert_eq(ok, !err.e.set, "the result and the error agree");
    if (!ok)
        print_error(&err);
    return ok;
}

#define MEMFILE(name, text)         \
    {                               \
        name, text, sizeof text - 1 \
    }

Test(content_memory_dir, one_file_per_kind_as_on_disk)
{
    const ud_content_memfile files[] = {
        MEMFILE("mem/note.txt", "# no notes\n"),
        MEMFILE("mem/cards.txt", "card n=1\ninclude \"more-cards.txt\"\n"),
        MEMFILE("mem/more-cards.txt", "card n=2\n"),
        MEMFILE("mem/thing.txt", "thing id=1 name=a\n"),
    };
    cr_assert(load_memdir(files, 4), "%s", printed);
    cr_assert_str_eq(
        log_text(),
        "mem/thing.txt:1:1 thing id=1 name=a title=<untitled>(default) speed=slow(0)(default) exits=unset tags=[a,b]\n"
        "mem/cards.txt:1 card 1\nmem/more-cards.txt:1 card 2\n");
}

Test(content_memory_dir, errors_as_on_disk)
{
    const ud_content_memfile missing[] = {
        MEMFILE("mem/thing.txt", "thing id=1 name=a\n"),
        MEMFILE("other/cards.txt", "card n=1\n"),
    };
    cr_assert_not(load_memdir(missing, 2));
    cr_assert_str_eq(printed, "mem/cards.txt: no such file or folder");
    const ud_content_memfile misplaced[] = {
        MEMFILE("mem/thing.txt", "thing id=1 name=a\n"),
        MEMFILE("mem/cards.txt", "card n=1\n"),
        MEMFILE("mem/note.txt", "note\n\ncard n=2\n"),
    };
    cr_assert_not(load_memdir(misplaced, 3));
    cr_assert_str_eq(
        printed,
        "mem/note.txt:3:1: expected only 'note' records in this file, found 'card' (its records go in cards.txt)");
}
