/*
 * json.h: a tiny append-only JSON writer.
 *
 * The machine speaks JSON to the browser, the CLI and the tests (state
 * snapshots, trace lines, reports).  This writer only appends text to a growable
 * buffer; the caller puts the commas and braces where they belong, so the output
 * is exactly what the code says, byte for byte on every platform.
 */
#ifndef LOCKSTEP_JSON_H
#define LOCKSTEP_JSON_H

#include <stddef.h>
#include <stdint.h>

typedef struct jbuf {
    char *text; /* always NUL-terminated once anything was written */
    size_t len;
    size_t cap;
    int failed; /* set when memory ran out; the text is then incomplete */
} jbuf;

void jb_clear(jbuf *b);
void jb_free(jbuf *b);
void jb_raw(jbuf *b, const char *text);
void jb_rawn(jbuf *b, const char *text, size_t n);
void jb_printf(jbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A JSON string literal, escaped. */
void jb_str(jbuf *b, const char *text);
void jb_strn(jbuf *b, const char *text, size_t n);
void jb_int(jbuf *b, int64_t v);
/* `"key":` */
void jb_key(jbuf *b, const char *key);
/* A comma unless the last character written opens an object or array. */
void jb_sep(jbuf *b);

#endif
