/*
 * Replays files through a fuzz target without libFuzzer: the regression test.
 *
 *     replay-bytecode tests/fuzz/regressions/bytecode tests/fuzz/corpus/bytecode
 *
 * Linked with one target (fuzz_bytecode.c or fuzz_schedule.c), it feeds every
 * file in the given folders (or the given files) to LLVMFuzzerTestOneInput,
 * one line per file, and closes with "N passed, N failed".  An input that
 * crashes or trips a sanitizer ends the process on the spot, which make
 * counts as a failure; each input runs under a watchdog so a hang does too.
 * Built like the unit tests (gcc, and clang with AddressSanitizer and UBSan),
 * so a crash found once by the fuzzer stays fixed in every build.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define WATCHDOG_SECONDS 20

static const char *current;
static int passed, failed;

static void timed_out(int sig)
{
    (void)sig;
    char line[512];
    int n = snprintf(line, sizeof line, "FAIL %s: timed out after %d s\n%d passed, %d failed\n",
                     current, WATCHDOG_SECONDS, passed, failed + 1);
    if (write(1, line, (size_t)n) < 0) {
    }
    _exit(1);
}

static void replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("FAIL %s: cannot open\n", path);
        failed++;
        return;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    /* exactly the file's size, so a read past the end is caught */
    uint8_t *data = malloc(n > 0 ? (size_t)n : 1);
    size_t got = n > 0 ? fread(data, 1, (size_t)n, f) : 0;
    fclose(f);
    current = path;
    alarm(WATCHDOG_SECONDS);
    LLVMFuzzerTestOneInput(data, got);
    alarm(0);
    free(data);
    printf("ok   %s\n", path);
    passed++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of a folder, in name order (hidden files skipped). */
static void replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            replay_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGALRM, timed_out);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0)
            continue; /* an empty regressions folder may not exist in a checkout */
        if (S_ISDIR(st.st_mode))
            replay_dir(argv[i]);
        else
            replay_file(argv[i]);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
