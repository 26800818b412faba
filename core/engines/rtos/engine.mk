# What the build knows about engine `rtos` (see mk/engines.mk).
rtos_SOURCES := task.h task.c critical.h critical.c sem.h sem.c mutex.h mutex.c inherit.c
# Its native suites (mk/native-tests.mk runs them; make test-engine-rtos too):
# c-rtos, the engine on the native rtos port (tasks one at a time on threads,
# a real tick); c-rtos-port, the port itself and the executor beside it,
# running the tests' own plain counters rather than the engine.
rtos_NATIVE_SUITES := c-rtos c-rtos-port
c-rtos_DIR := tests/c/rtos
c-rtos_BUILDS := gcc clang
c-rtos_PORT := yes
c-rtos-port_DIR := tests/c/rtos_port
c-rtos-port_BUILDS := gcc clang-tsan
c-rtos-port_PORT := yes
# Its benchmarks (mk/native-bench.mk, make bench-rtos), natively the
# FreeRTOS-POSIX-port way: pend+post uncontended, one task on the port,
# against a pthread mutex+cond semaphore; then the explorer's wasm time to
# find the reference_post leak and the lost ISR post (targets <= 100 ms).
rtos_NATIVE_BENCH := bench/rtos_semaphore.c
rtos_NATIVE_BENCH_PORT := yes
rtos_WASM_BENCH := bench/rtos_explore_wasm.mjs
# Its scenario in the explorer's benchmarks (bench/inputs.mjs reads it): three
# equal tasks on a count-1 semaphore.
rtos_EXPLORE_BENCH := bench/explore/rtos-three-tasks.yaml
