/*
 * escape.h: how a message shows text that came from input.
 *
 * Invariant: text_escape's output holds no control character and no broken
 * UTF-8, so an error message that quotes a name, a value or a schedule can
 * be printed to a terminal without moving the cursor, changing colours or
 * clearing the screen.  Every message that quotes input passes through it
 * (the decoder's, the schedule parser's, the machine's, the runner's).
 *
 * The escapes are the ones wasm/js/escape.js writes, so both front ends print
 * the same bytes:
 *   C0 controls and DEL (0x00-0x1f, 0x7f)   \x1b, \x00, \x0a ...
 *   C1 controls (U+0080-U+009F)             \u009b ...
 *   a byte that is not part of UTF-8        \xff ...
 * Everything else, backslashes included, is copied as it is, so escaping
 * twice changes nothing.
 */
#ifndef LOCKSTEP_ESCAPE_H
#define LOCKSTEP_ESCAPE_H

#include <stddef.h>

/* Writes the n bytes at s (NUL included) into out, escaped; out always ends
 * with a NUL, cut at a whole character or escape if it is too small.  Returns
 * out.  out and s must not overlap. */
char *text_escape_n(char *out, size_t size, const char *s, size_t n);

/* The same for a NUL-terminated string. */
char *text_escape(char *out, size_t size, const char *s);

#endif
