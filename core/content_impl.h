/*
 * content_impl.h - what the content reader (content.c) lends the schema
 * check (content_schema.c), so a default is checked by the very code that
 * reads a value from a file.  Not for games.
 */
#ifndef UD_CONTENT_IMPL_H
#define UD_CONTENT_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#include "content.h"

/* Is s[0..len) a word (a letter or '_', then letters, digits, '_', '-')? */
bool ud_content_is_word(const char *s, size_t len);
/* The longest value f may hold: its max_len, else its type's limit. */
int ud_content_max_len(const ud_content_field *f);
/* Does f's default convert as a value written in a file would?  If not,
 * why, in *why. */
bool ud_content_default_converts(const ud_content_field *f, ud_error *why);

#endif
