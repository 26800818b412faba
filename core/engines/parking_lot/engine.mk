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
# Its benchmarks (mk/native-bench.mk, make bench-parking_lot; about 2 minutes
# on 2 cores, every hung lost_wakeup round costs its 5 s watchdog):
# mini_mutex against pthread and nsync, and the variants losing wake-ups.
parking_lot_NATIVE_BENCH := bench/lock_contention.c bench/lost_wakeup.c
parking_lot_NATIVE_BENCH_LIBS := -lnsync
parking_lot_NATIVE_BENCH_ARGS_lost_wakeup := correct validate_outside widen
# Its scenarios in the explorer's complete-search benchmarks (bench/explore/:
# make bench-explore-complete, bench-explore-workers; bench/replay.mjs,
# bench/walks.mjs), N threads each locking R times, with the Promela model of
# the same protocol that SPIN checks beside them.
parking_lot_EXPLORE_BENCH := bench/explore/parking-lot-2x2.yaml bench/explore/parking-lot-3x1.yaml \
                             bench/explore/parking-lot-3x2.yaml bench/explore/parking-lot-3x3.yaml \
                             bench/explore/parking-lot-4x1.yaml bench/explore/parking-lot-4x2.yaml \
                             bench/explore/parking_lot.pml
