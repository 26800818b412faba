#include "json.h"
#include "vec.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int grow(jbuf *b, size_t extra)
{
    if (b->failed)
        return 0;
    char *t = sim_vec_grow(b->text, &b->cap, b->len + extra + 1, 1, 256);
    if (!t) {
        b->failed = 1;
        return 0;
    }
    b->text = t;
    return 1;
}

void jb_clear(jbuf *b)
{
    b->len = 0;
    b->failed = 0;
    if (b->text)
        b->text[0] = 0;
}

void jb_free(jbuf *b)
{
    free(b->text);
    memset(b, 0, sizeof *b);
}

void jb_rawn(jbuf *b, const char *text, size_t n)
{
    if (!grow(b, n))
        return;
    memcpy(b->text + b->len, text, n);
    b->len += n;
    b->text[b->len] = 0;
}

void jb_raw(jbuf *b, const char *text) { jb_rawn(b, text, strlen(text)); }

void jb_printf(jbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !grow(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->text + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Characters that stand for themselves are copied in runs: a schedule's
 * text (a million characters after a long run) is mostly such a run. */
void jb_strn(jbuf *b, const char *s, size_t n)
{
    jb_raw(b, "\"");
    size_t run = 0; /* start of the characters not written yet */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        jb_rawn(b, s + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': jb_raw(b, "\\\""); break;
        case '\\': jb_raw(b, "\\\\"); break;
        case '\n': jb_raw(b, "\\n"); break;
        case '\r': jb_raw(b, "\\r"); break;
        case '\t': jb_raw(b, "\\t"); break;
        default: jb_printf(b, "\\u%04x", c);
        }
    }
    jb_rawn(b, s + run, n - run);
    jb_raw(b, "\"");
}

void jb_str(jbuf *b, const char *s) { jb_strn(b, s ? s : "", s ? strlen(s) : 0); }

void jb_int(jbuf *b, int64_t v) { jb_printf(b, "%" PRId64, v); }

void jb_sep(jbuf *b)
{
    if (b->len && b->text[b->len - 1] != '{' && b->text[b->len - 1] != '[')
        jb_raw(b, ",");
}

void jb_key(jbuf *b, const char *key)
{
    jb_sep(b);
    jb_str(b, key);
    jb_raw(b, ":");
}
