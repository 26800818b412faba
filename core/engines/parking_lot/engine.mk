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
# Its scenarios in the explorer's benchmarks (bench/inputs.mjs reads them):
# N threads each locking and unlocking R times; the small ones in every
# explorer benchmark (make bench-explore-complete, bench-explore-workers,
# bench-walks, bench-replay, bench-explore), the large ones and the Promela
# model of the same protocol (for SPIN) in the complete search's alone; and
# the lost wakeup, for the time the explorer takes to find it.
parking_lot_EXPLORE_BENCH := bench/explore/parking-lot-2x2.yaml bench/explore/parking-lot-3x1.yaml
parking_lot_EXPLORE_BENCH_LARGE := bench/explore/parking-lot-3x2.yaml bench/explore/parking-lot-3x3.yaml \
                                   bench/explore/parking-lot-4x1.yaml bench/explore/parking-lot-4x2.yaml \
                                   bench/explore/parking_lot.pml
# A complete DPOR search of a few seconds, split over workers (bench/explore/workers.mjs).
parking_lot_EXPLORE_BENCH_SPLIT := bench/explore/parking-lot-2x3.yaml
parking_lot_EXPLORE_BENCH_FIND := tests/scenarios/parking_lot/lost-wakeup.yaml
# Its scenario in the web app's benchmark (bench/web/run.mjs): the first load
# of a shared address into the sandbox.
parking_lot_WEB_BENCH := tests/scenarios/parking_lot/lost-wakeup.yaml
# Its scenarios for "Prove it" in the browser (bench/web/prove.mjs): two small
# ones (what a proof costs beyond its search) and issue 22's 4x1 and 3x3.
parking_lot_WEB_PROVE_BENCH := tests/scenarios/parking_lot/two-by-two.yaml \
                               tests/scenarios/parking_lot/three-threads.yaml \
                               bench/explore/parking-lot-4x1.yaml bench/explore/parking-lot-3x3.yaml
