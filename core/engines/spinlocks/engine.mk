# What the build knows about engine `spinlocks` (see mk/engines.mk).
spinlocks_SOURCES := tas_lock.h tas_lock.c ttas_lock.h ttas_lock.c ticket_lock.h ticket_lock.c \
                     mcs_lock.h mcs_lock.c peterson_lock.h peterson_lock.c guarded_counter.h guarded_counter.c \
                     variant.h variant.c
# the suites that test it natively, on real threads (run by make test-engine-spinlocks)
spinlocks_NATIVE_SUITES := c-spinlocks
c-spinlocks_DIR := tests/c/spinlocks
c-spinlocks_BUILDS := gcc clang-tsan
spinlocks_NATIVE_BENCH := bench/spinlocks.c
# Its scenario in the explorer's benchmarks (bench/inputs.mjs reads it): the
# spin loop must not multiply executions.
spinlocks_EXPLORE_BENCH := bench/explore/ttas-2.yaml
