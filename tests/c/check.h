/*
 * check.h: the smallest test harness that does the job.
 *
 *     #include "check.h"
 *
 *     TEST(two_plus_two)
 *     {
 *         CHECK_EQ(2 + 2, 4);
 *         CHECK_STR(greeting(), "hello");
 *     }
 *
 * TEST(name) defines a test and registers it (a constructor runs before main).
 * A failing CHECK prints where it failed and the values it compared, then
 * abandons the rest of that test (a longjmp back to the runner), so one test's
 * failure never hides the others.  Never CHECK inside a simulated actor: the
 * longjmp would leave a coroutine stack.  Actors write what they saw into
 * variables; the test checks them after the steps.
 *
 * Exactly one file of a test binary defines CHECK_MAIN before including this
 * header; it gets the registry and main():
 *
 *     ./test-binary            run every test
 *     ./test-binary parker     run the tests whose name contains "parker"
 *
 * main() prints one line per test ("ok   name" or "FAIL name"), then the closing
 * line "N passed, N failed" that make test adds up, and exits 1 on a failure.
 * If check_watchdog_seconds is set (the binary's own setting, see
 * CHECK_WATCHDOG), a test that runs longer fails with "timed out" and the
 * binary stops there: a hang becomes a failure instead of a stuck build.
 */
#ifndef LOCKSTEP_CHECK_H
#define LOCKSTEP_CHECK_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef void (*check_fn)(void);

void check_register(const char *name, check_fn fn, const char *file, int line);
/* Reports a failed check and abandons the current test. */
_Noreturn void check_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void check_fail_strings(const char *file, int line, const char *a_text, const char *b_text,
                        const char *a, const char *b);
/* Prints a note under the current test ("lost 1234 updates"). */
void check_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Seconds a single test may run before it counts as hung; 0 = no limit.
 * A binary sets it with CHECK_WATCHDOG(seconds) at file scope. */
extern unsigned check_watchdog_seconds;
#define CHECK_WATCHDOG(seconds)                                                                    \
    __attribute__((constructor)) static void check_set_watchdog_(void)                             \
    {                                                                                              \
        check_watchdog_seconds = (seconds);                                                        \
    }

#define TEST(name)                                                                                 \
    static void test_##name(void);                                                                 \
    __attribute__((constructor)) static void check_register_##name(void)                           \
    {                                                                                              \
        check_register(#name, test_##name, __FILE__, __LINE__);                                    \
    }                                                                                              \
    static void test_##name(void)

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            check_fail(__FILE__, __LINE__, "CHECK(%s) failed", #cond);                             \
    } while (0)

/* Integers of any width or signedness, compared and shown as long long (a
 * uint64_t above 2^63 compares right but prints negative). */
#define CHECK_EQ(a, b)                                                                             \
    do {                                                                                           \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                            \
        if (check_a_ != check_b_)                                                                  \
            check_fail(__FILE__, __LINE__, "CHECK_EQ(%s, %s) failed: %lld != %lld", #a, #b,        \
                       check_a_, check_b_);                                                        \
    } while (0)

/* Strings; NULL is allowed and equals only NULL.  A long mismatch (a JSON
 * snapshot) is shown with the first difference marked. */
#define CHECK_STR(a, b)                                                                            \
    do {                                                                                           \
        const char *check_sa_ = (a), *check_sb_ = (b);                                             \
        if (!(check_sa_ == check_sb_ ||                                                            \
              (check_sa_ && check_sb_ && strcmp(check_sa_, check_sb_) == 0)))                      \
            check_fail_strings(__FILE__, __LINE__, #a, #b, check_sa_, check_sb_);                  \
    } while (0)

/* ---- the runner (one file per binary defines CHECK_MAIN) -------------------------- */

#ifdef CHECK_MAIN
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#define CHECK_MAX_TESTS 512

static struct check_test {
    const char *name, *file;
    int line;
    check_fn fn;
} check_tests[CHECK_MAX_TESTS];
static int check_n_tests;
static jmp_buf check_abandon;
static const char *check_current;
static int check_passed, check_failed;
unsigned check_watchdog_seconds;

void check_register(const char *name, check_fn fn, const char *file, int line)
{
    if (check_n_tests == CHECK_MAX_TESTS) {
        fprintf(stderr, "check.h: more than %d tests; raise CHECK_MAX_TESTS\n", CHECK_MAX_TESTS);
        exit(2);
    }
    check_tests[check_n_tests++] = (struct check_test){name, file, line, fn};
}

_Noreturn void check_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("  %s:%d: ", file, line);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
    longjmp(check_abandon, 1);
}

void check_fail_strings(const char *file, int line, const char *a_text, const char *b_text,
                        const char *a, const char *b)
{
    printf("  %s:%d: CHECK_STR(%s, %s) failed\n", file, line, a_text, b_text);
    if (!a || !b) {
        printf("    got:      %s\n    expected: %s\n", a ? a : "NULL", b ? b : "NULL");
    } else {
        size_t at = 0;
        while (a[at] && a[at] == b[at])
            at++;
        printf("    got:      \"%s\"\n    expected: \"%s\"\n", a, b);
        printf("    first difference at offset %zu: got \"%.40s\", expected \"%.40s\"\n", at,
               a + at, b + at);
    }
    check_fail(file, line, "(see above)");
}

void check_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("     note: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

static void check_timed_out(int sig)
{
    (void)sig;
    /* Only async-signal-safe calls from here on. */
    char line[256];
    int n = snprintf(line, sizeof line,
                     "FAIL %s: timed out after %u s (a hang?)\n%d passed, %d failed\n",
                     check_current, check_watchdog_seconds, check_passed, check_failed + 1);
    if (write(1, line, (size_t)n) < 0) {
    }
    _exit(1);
}

/* Tests run in the order they appear: by file, then by line. */
static int check_order(const void *x, const void *y)
{
    const struct check_test *a = x, *b = y;
    int c = strcmp(a->file, b->file);
    return c ? c : a->line - b->line;
}

int main(int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);
    qsort(check_tests, (size_t)check_n_tests, sizeof check_tests[0], check_order);
    if (check_watchdog_seconds)
        signal(SIGALRM, check_timed_out);
    for (int i = 0; i < check_n_tests; i++) {
        /* volatile: read again after a longjmp */
        struct check_test *volatile t = &check_tests[i];
        if (filter && !strstr(t->name, filter))
            continue;
        check_current = t->name;
        alarm(check_watchdog_seconds);
        if (setjmp(check_abandon) == 0) {
            t->fn();
            alarm(0);
            printf("ok   %s\n", t->name);
            check_passed++;
        } else {
            alarm(0);
            printf("FAIL %s\n", t->name);
            check_failed++;
        }
    }
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}
#endif /* CHECK_MAIN */

#endif
