/*
 * Escaping input quoted in messages (see escape.h for the promise).
 */
#include "escape.h"

#include <stdio.h>
#include <string.h>

/* The length of the well-formed UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    size_t len;
    unsigned min; /* the smallest code point this length may encode */
    if (s[0] < 0x80)
        return 1;
    if ((s[0] & 0xe0) == 0xc0)
        len = 2, min = 0x80;
    else if ((s[0] & 0xf0) == 0xe0)
        len = 3, min = 0x800;
    else if ((s[0] & 0xf8) == 0xf0)
        len = 4, min = 0x10000;
    else
        return 0;
    if (len > n)
        return 0;
    unsigned cp = s[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

char *text_escape_n(char *out, size_t size, const char *s, size_t n)
{
    if (size == 0)
        return out;
    const unsigned char *p = (const unsigned char *)s;
    size_t at = 0;
    for (size_t i = 0; i < n;) {
        char piece[8];
        size_t len = utf8_length(p + i, n - i), take;
        if (len == 1 && (p[i] < 0x20 || p[i] == 0x7f)) {
            snprintf(piece, sizeof piece, "\\x%02x", p[i]);
            take = 1;
        } else if (len == 2 && p[i] == 0xc2 && p[i + 1] < 0xa0) {
            snprintf(piece, sizeof piece, "\\u%04x", p[i + 1]); /* U+0080..U+009F */
            take = 2;
        } else if (len == 0) {
            snprintf(piece, sizeof piece, "\\x%02x", p[i]);
            take = 1;
        } else {
            memcpy(piece, p + i, len);
            piece[len] = 0;
            take = len;
        }
        size_t k = strlen(piece);
        if (at + k >= size)
            break;
        memcpy(out + at, piece, k);
        at += k;
        i += take;
    }
    out[at] = 0;
    return out;
}

char *text_escape(char *out, size_t size, const char *s)
{
    return text_escape_n(out, size, s, strlen(s));
}
