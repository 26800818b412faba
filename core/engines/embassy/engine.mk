# What the build knows about engine `embassy` (see mk/engines.mk).
embassy_SOURCES := task.h task.c waker.h waker.c multi_waker.h multi_waker.c raw_mutex.h timer.h timer.c select.h select.c \
                   signal.h signal.c mutex.h mutex.c rwlock.h rwlock.c greedy_semaphore.h greedy_semaphore.c \
                   fair_semaphore.h fair_semaphore.c once_lock.h once_lock.c watch.h watch.c pubsub.h pubsub.c \
                   pipe.h pipe.c
# Its native suites (mk/native-tests.mk runs them; make test-engine-embassy
# too): c-embassy-native, the primitives on the native executor, whose fibers
# switch stacks under AddressSanitizer.
embassy_NATIVE_SUITES := c-embassy-native
c-embassy-native_DIR := tests/c/embassy
c-embassy-native_BUILDS := gcc clang-asan
c-embassy-native_PORT := yes
# Its benchmarks (mk/native-bench.mk, make bench-embassy): polls per second
# and the cost of one wake on the native executor, next to a
# pthread_cond_signal round trip; then in wasm, polls per second of
# mutex-order.yaml and the explorer's time on cancel-explore.yaml.
embassy_NATIVE_BENCH := bench/embassy.c
embassy_NATIVE_BENCH_PORT := yes
embassy_WASM_BENCH := bench/embassy_wasm.mjs
