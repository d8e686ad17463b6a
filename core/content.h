/*
 * content.h - the reader of a game's content files (districts, cards,
 * tiles...): plain text a person can type, read once for every game.
 *
 * A file is a list of records, one per line (docs/content-format.md):
 *
 *     # a comment
 *     district name=graveyard spaces=8 exits=3,5 text="Quiet. \"Too\" quiet."
 *         speed=slow                # an indented line continues the record
 *     include "more-districts.txt"  # relative to this file
 *
 * A game declares its record kinds as static tables (ud_content_kind, each
 * with typed fields) and a callback per kind that turns one checked record
 * into the game's own tables.  Everything the schema says (known kind,
 * known field, once each, required ones present, type, range, enum word) is
 * checked before the callback sees the record; the first problem stops the
 * load with FILE:LINE:COL: expected ... in a ud_content_error.
 *
 * Memory is bounded: every limit below is a named constant, and input that
 * reaches one is an error that names it, never a silent cut.
 */
#ifndef UD_CONTENT_H
#define UD_CONTENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "error.h"

enum {
    UD_CONTENT_MAX_LINE = 1024,       /* bytes in one physical line (without the newline) */
    UD_CONTENT_MAX_WORD = 64,         /* bytes in a word, an enum word, a field or kind name */
    UD_CONTENT_MAX_FIELDS = 32,       /* fields a kind may declare (so per record) */
    UD_CONTENT_MAX_KINDS = 32,        /* record kinds a schema may declare */
    UD_CONTENT_MAX_LIST = 256,        /* items in one list value */
    UD_CONTENT_MAX_RECORDS = 10000,   /* records in one load, over all files */
    UD_CONTENT_MAX_INCLUDE_DEPTH = 8, /* files open at once: the top file and 7 nested includes */
    UD_CONTENT_MAX_BYTES = 4 << 20,   /* bytes read in one load, over all files */
    UD_CONTENT_MAX_PATH = 512,        /* bytes in a file's path, after resolving an include */
};

typedef enum {
    UD_CONTENT_INT,       /* -12: a long in [min, max] */
    UD_CONTENT_WORD,      /* graveyard: [A-Za-z_][A-Za-z0-9_-]* */
    UD_CONTENT_STRING,    /* "Quiet. \"Too\" quiet.": escapes \" and \\ */
    UD_CONTENT_ENUM,      /* one of the field's words; the value is its index */
    UD_CONTENT_INT_LIST,  /* 3,5,-1: one or more ints, each in [min, max] */
    UD_CONTENT_WORD_LIST, /* north,east: one or more words */
} ud_content_type;

/* One field of a kind.  min/max: the range of an INT and of each item of
 * an INT_LIST.  min_len/max_len: the length of a WORD or STRING in bytes,
 * or of a list in items (max_len 0: up to UD_CONTENT_MAX_WORD bytes for a
 * word, the line for a string, UD_CONTENT_MAX_LIST items for a list; a
 * word and a list are never empty).  def: the default written as it would
 * be in a file (`3`, `slow`, `"none"`, `1,2`), or NULL for none; a required
 * field has no default. */
typedef struct ud_content_field {
    const char *name;
    ud_content_type type;
    bool required;
    const char *def;
    long min, max;
    int min_len, max_len;
    const char *const *words; /* UD_CONTENT_ENUM: NULL-terminated list */
    /* A value no two records may share (an INT, WORD or STRING field):
     * the name of its set of values, or NULL.  Fields of several kinds may
     * name one set (the board game's tiles, events and weapons share their
     * ids).  The loader refuses the second record with FILE:LINE:COL:
     * expected each NAME once, found 'V' again (first at FILE:LINE:COL),
     * before its callback sees it. */
    const char *unique;
    /* With unique: another field of the same record that scopes it (an
     * option's name is unique within its event); NULL: the whole load. */
    const char *unique_within;
} ud_content_field;

/* A field's value in a record: from the file, from the default, or unset
 * (an optional field without default: set = false, everything zero). */
typedef struct ud_content_value {
    bool set;
    bool from_file;           /* written in the file (false: the default) */
    int line, col;            /* where the value starts; the record's start when not from the file */
    long i;                   /* INT; ENUM: the word's index */
    const char *s;            /* WORD, STRING (unescaped), ENUM (the word) */
    int n;                    /* list items */
    const long *ints;         /* INT_LIST */
    const char *const *words; /* WORD_LIST */
} ud_content_value;

struct ud_content_kind;

/* One record as the callback sees it: values[i] belongs to
 * kind->fields[i].  Pointers are valid only during the callback: copy what
 * you keep. */
typedef struct ud_content_record {
    const struct ud_content_kind *kind;
    const char *file; /* the path as the loader names it in errors */
    int line, col;    /* where the kind word stands */
    const ud_content_value *values;
} ud_content_record;

/* Where a load stopped: FILE:LINE:COL: message (line/col 0 when not about
 * one).  e.internal marks a broken schema, not the input's fault. */
typedef struct ud_content_error {
    char file[UD_CONTENT_MAX_PATH];
    ud_error e;
} ud_content_error;

/* Turns a checked record into the game's tables.  Returns false to stop the
 * load; report why with ud_content_error_at (else the loader says the record
 * was refused). */
typedef bool (*ud_content_record_fn)(void *ctx, const ud_content_record *r, ud_content_error *err);

typedef struct ud_content_kind {
    const char *name; /* the first word of its records: a word, not "include" */
    const char *file; /* its file in a content directory; NULL: NAME.txt */
    const ud_content_field *fields;
    int n_fields;
    int min_records, max_records; /* in one load; max 0: up to UD_CONTENT_MAX_RECORDS */
    ud_content_record_fn record;  /* NULL: records are checked and dropped */
} ud_content_kind;

typedef struct ud_content_schema {
    const char *name; /* for schema errors, e.g. "zombie-dice content" */
    const ud_content_kind *kinds;
    int n_kinds;
} ud_content_schema;

/* A file held in memory (tests, fuzzing); name is its path for includes. */
typedef struct ud_content_memfile {
    const char *name;
    const char *text;
    size_t len;
} ud_content_memfile;

/* Structural check of a schema (names, duplicates, ranges, defaults that
 * parse).  The loaders run it first; a game's self-check may too.  False
 * with a message in why (NUL-terminated, cut to why_size). */
bool ud_content_schema_check(const ud_content_schema *s, char *why, size_t why_size);

/* The loaders: true when everything loaded.  Otherwise err holds the first
 * problem (err is cleared first) and the load stopped there; records before
 * it have already reached the callbacks, so discard what they built.  Each
 * load checks the schema first, counts records per kind (max_records at the
 * record past it, min_records at the end, naming the file) and keeps the
 * limits above over all the files it reads. */

/* Load one file and what it includes; any declared kind may appear. */
bool ud_content_load_file(const ud_content_schema *s, const char *path, void *ctx, ud_content_error *err);

/* Load a content directory: for each kind in declared order, DIR/<file>
 * (which must exist and hold records of that kind only, or of every kind
 * that names the same file, with its includes). */
bool ud_content_load_dir(const ud_content_schema *s, const char *dir, void *ctx, ud_content_error *err);

/* The same, from files in memory named DIR/<file> (a game's built-in set,
 * tests, fuzzing); includes resolve among files[] as in
 * ud_content_load_memory. */
bool ud_content_load_dir_memory(const ud_content_schema *s, const char *dir, const ud_content_memfile *files,
                                int n_files, void *ctx, ud_content_error *err);

/* `--content PATH`: a directory as ud_content_load_dir, else a file as
 * ud_content_load_file. */
bool ud_content_load_path(const ud_content_schema *s, const char *path, void *ctx, ud_content_error *err);

/* Load files[top] from memory; includes resolve among files[] by name
 * (after the same path resolution as on disk), nothing else. */
bool ud_content_load_memory(const ud_content_schema *s, const ud_content_memfile *files, int n_files, int top,
                            void *ctx, ud_content_error *err);

/* One buffer, named name in errors (text need not be NUL-terminated). */
bool ud_content_load_buffer(const ud_content_schema *s, const char *name, const char *text, size_t len,
                            void *ctx, ud_content_error *err);

/* Record helpers: the index of a field (-1 when the kind has none), and its
 * value (NULL when the kind has no such field: a bug in the caller). */
int ud_content_field_index(const struct ud_content_kind *k, const char *name);
const ud_content_value *ud_content_get(const ud_content_record *r, const char *name);
/* Shorthands: INT value or ENUM index, 0 when unset; WORD/STRING/ENUM text, NULL when unset. */
long ud_content_int(const ud_content_record *r, const char *name);
const char *ud_content_str(const ud_content_record *r, const char *name);

/* From a callback: an error at field's value (at the record when field is
 * NULL or not written in the file). */
void ud_content_error_at(ud_content_error *err, const ud_content_record *r, const char *field,
                         const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* FILE:LINE:COL: message, then a newline (ud_error_print). */
void ud_content_error_print(const ud_content_error *err, FILE *out);

#endif
