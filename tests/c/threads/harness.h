/*
 * harness.h: a tiny runner for tests on real threads.
 *
 * Every test runs in its own forked child process, for three reasons:
 *
 *   - a watchdog: the parent waits at most `timeout` seconds, then kills the
 *     child and reports "timed out" (a hang fails the test, it does not block
 *     make);
 *   - variants: the parking lot reads plat_variant() once, when it is first
 *     used, so each test picks its variant in a fresh process;
 *   - crashes and aborts (and a ThreadSanitizer report, which makes the child
 *     exit 66) fail one test, not the whole binary.
 *
 * The parent never touches the engine and never starts a thread, so fork is
 * safe (under ThreadSanitizer too).
 *
 *     static void counts_exactly(void) { ...; T_CHECK_EQ(total, 800000); }
 *     static const t_test tests[] = {{"counts_exactly", "correct", counts_exactly}};
 *     int main(int argc, char **argv)
 *     {
 *         return t_main(argc, argv, tests, T_COUNT(tests), plat_native_set_variant);
 *     }
 *
 * Output: "ok   name (seconds)" or "FAIL name" per test (a failing check
 * prints where and why above it), then "N passed, N failed".  With an
 * argument, only the tests whose name contains it run.
 */
#ifndef LOCKSTEP_THREADS_HARNESS_H
#define LOCKSTEP_THREADS_HARNESS_H

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct t_test {
    const char *name;
    const char *variant; /* handed to plat_native_set_variant in the child */
    void (*fn)(void);
} t_test;

#define T_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Seconds one test may take (the child is killed after that). */
#ifndef T_TIMEOUT_SECONDS
#define T_TIMEOUT_SECONDS 20
#endif

/* Checks, for the child: print where and why, then end the test. */
__attribute__((format(printf, 3, 4), noreturn)) static void t_fail(const char *file, int line,
                                                                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("  %s:%d: ", file, line);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
    exit(1); /* exit, not _exit: ThreadSanitizer reports at exit */
}

#define T_CHECK(cond)                                                                              \
    do {                                                                                           \
        if (!(cond))                                                                               \
            t_fail(__FILE__, __LINE__, "CHECK(%s) failed", #cond);                                 \
    } while (0)

#define T_CHECK_EQ(a, b)                                                                           \
    do {                                                                                           \
        long long t_a_ = (long long)(a), t_b_ = (long long)(b);                                    \
        if (t_a_ != t_b_)                                                                          \
            t_fail(__FILE__, __LINE__, "CHECK_EQ(%s, %s) failed: %lld != %lld", #a, #b, t_a_,      \
                   t_b_);                                                                          \
    } while (0)

#define T_CHECK_CONTAINS(haystack, needle)                                                         \
    do {                                                                                           \
        const char *t_h_ = (haystack), *t_n_ = (needle);                                           \
        if (!strstr(t_h_, t_n_))                                                                   \
            t_fail(__FILE__, __LINE__, "expected \"%s\" in:\n%s", t_n_, t_h_);                     \
    } while (0)

/*
 * Runs what(arg) in a grandchild that must abort (a misuse report), and puts
 * what it wrote to stderr into err.  Fails the test, naming `label`, if the
 * grandchild ended any other way.
 */
static void t_expect_abort(const char *label, void (*what)(void *), void *arg, char *err,
                           size_t size)
{
    int pipefd[2];
    T_CHECK_EQ(pipe(pipefd), 0);
    fflush(stdout);
    pid_t pid = fork();
    T_CHECK(pid >= 0);
    if (pid == 0) {
        struct rlimit no_core = {0, 0}; /* the abort is expected: no core file */
        setrlimit(RLIMIT_CORE, &no_core);
        dup2(pipefd[1], 2);
        close(pipefd[0]);
        what(arg);
        _exit(0); /* not reached if the misuse is reported */
    }
    close(pipefd[1]);
    size_t len = 0;
    ssize_t r;
    while (len < size - 1 && (r = read(pipefd[0], err + len, size - 1 - len)) != 0) {
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        len += (size_t)r;
    }
    err[len] = 0;
    close(pipefd[0]);
    int status;
    T_CHECK_EQ(waitpid(pid, &status, 0), pid);
    if (!(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT))
        t_fail(__FILE__, __LINE__, "%s: expected an abort, got status 0x%x; stderr:\n%s", label,
               status, err);
}

/* A note under the test's line ("all 8 parked after 12 ms"). */
__attribute__((format(printf, 1, 2))) static void t_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("     note: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

static double t_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs one test in a child; returns whether it passed and how long it took. */
static int t_run(const t_test *t, void (*set_variant)(const char *), double *took)
{
    fflush(stdout);
    fflush(stderr);
    double start = t_now_s();
    pid_t pid = fork();
    if (pid < 0) {
        printf("  fork: %s\n", strerror(errno));
        return 0;
    }
    if (pid == 0) {
        set_variant(t->variant);
        t->fn();
        fflush(stdout);
        exit(0);
    }
    int status = 0;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            printf("  waitpid: %s\n", strerror(errno));
            return 0;
        }
        if (t_now_s() - start > T_TIMEOUT_SECONDS) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            printf("  timed out after %d s (a hang?): killed\n", T_TIMEOUT_SECONDS);
            return 0;
        }
        struct timespec nap = {0, 2 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    *took = t_now_s() - start;
    if (WIFSIGNALED(status)) {
        printf("  died of signal %d (%s)\n", WTERMSIG(status), strsignal(WTERMSIG(status)));
        return 0;
    }
    int code = WEXITSTATUS(status);
    if (code == 66)
        printf("  ThreadSanitizer reported a problem (see above)\n");
    return code == 0;
}

static int t_main(int argc, char **argv, const t_test *tests, size_t n,
                  void (*set_variant)(const char *))
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *filter = argc > 1 ? argv[1] : NULL;
    int passed = 0, failed = 0;
    for (size_t i = 0; i < n; i++) {
        if (filter && !strstr(tests[i].name, filter))
            continue;
        double took = 0;
        if (t_run(&tests[i], set_variant, &took)) {
            printf("ok   %s (%.2f s)\n", tests[i].name, took);
            passed++;
        } else {
            printf("FAIL %s\n", tests[i].name);
            failed++;
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

#endif
