# What the build knows about engine `aqs` (see mk/engines.mk).
aqs_SOURCES := semaphore.h semaphore.c aqs.h aqs.c aqs_cancel.c aqs_thread.h aqs_thread.c \
               caller.h caller.c
# Its native suites (mk/native-tests.mk runs them; make test-engine-aqs too):
# c-aqs, the semaphore on real threads.
aqs_NATIVE_SUITES := c-aqs
c-aqs_DIR := tests/c/aqs
c-aqs_BUILDS := gcc clang-tsan
# Its benchmark (mk/native-bench.mk, make bench-aqs): acquire/release
# throughput at 1, 2, 4 and 8 threads against POSIX sem_t in the same run, by
# wall clock and by the threads' CPU time.
aqs_NATIVE_BENCH := bench/semaphore.c
