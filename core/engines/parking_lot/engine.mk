# What the build knows about engine `parking_lot` (see mk/engines.mk).
parking_lot_SOURCES := mini_mutex.h mini_mutex.c lot.h lot.c spin_wait.h spin_wait.c condvar.h condvar.c \
                       flag_parker.h flag_parker.c
# Its native suites (mk/native-tests.mk runs them; make test-engine-parking_lot
# too): c-threads, the mutex and the condvar under contention; each test file
# is a program of its own (tests/c/threads/harness.h).
parking_lot_NATIVE_SUITES := c-threads
c-threads_DIR := tests/c/threads
c-threads_BUILDS := gcc clang clang-tsan
c-threads_EACH := yes
