# The rtos engine natively, the FreeRTOS-POSIX-port way (the native rtos port,
# core/plat/native/rtos_port.c, also tested alone by mk/rtos-port.mk: one task
# at a time on pthreads, a timer thread delivering the tick), and its
# benchmarks.
#
#   make test-c-rtos   tests/c/rtos/*.c built with gcc and clang: the shared
#                      counter (unprotected below 200,000 in most rounds,
#                      protected exactly 200,000) and the priority-inversion
#                      latencies, under a watchdog; "N passed, N failed" in
#                      $(RESULTS)/c-rtos
#   make bench-rtos    pend+post uncontended, one task on the port, against a
#                      pthread mutex+cond semaphore (bench/rtos_semaphore.c), and the explorer's
#                      wasm time to find the reference_post leak and the lost
#                      ISR post (bench/rtos_explore_wasm.mjs, targets <= 100 ms)
#
# The scenarios and the explorer are tested by tests/node/rtos.test.js (suite node).

RTOS_DIR := $(B)/rtos
RTOS_ENGINE := $(sort $(wildcard core/engines/rtos/*.c))
RTOS_NATIVE := $(NATIVE_PLAT_SRC) core/plat/native/rtos_port.c core/plat/native/executor_port.c core/sim/coro.c
RTOS_DEPS := $(RTOS_ENGINE) $(wildcard core/engines/rtos/*.h) $(RTOS_NATIVE) \
             core/plat/plat.h core/plat/native/plat_native.h
RTOS_TEST_SRC := $(sort $(wildcard tests/c/rtos/*.c))
RTOS_TEST_DEPS := $(RTOS_TEST_SRC) $(wildcard tests/c/rtos/*.h) tests/c/check.h $(RTOS_DEPS)

$(RTOS_DIR)/test-rtos-gcc: $(RTOS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_NATIVE -DPLAT_NATIVE_RTOS -pthread -Icore -Itests/c -o $@ $(RTOS_TEST_SRC) \
	  $(RTOS_ENGINE) $(RTOS_NATIVE)

$(RTOS_DIR)/test-rtos-clang: $(RTOS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) $(COPT) -DPLAT_NATIVE -DPLAT_NATIVE_RTOS -pthread -Icore -Itests/c -o $@ $(RTOS_TEST_SRC) \
	  $(RTOS_ENGINE) $(RTOS_NATIVE)

test-c-rtos: $(RTOS_DIR)/test-rtos-gcc $(RTOS_DIR)/test-rtos-clang
	@tests/c/run-suite $(RESULTS)/c-rtos $(RTOS_DIR)/logs \
	  gcc=$(RTOS_DIR)/test-rtos-gcc clang=$(RTOS_DIR)/test-rtos-clang

TEST_SUITES += c-rtos

$(RTOS_DIR)/rtos_semaphore: bench/rtos_semaphore.c $(RTOS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -DPLAT_NATIVE -DPLAT_NATIVE_RTOS -pthread -Icore -o $@ $< $(RTOS_ENGINE) $(RTOS_NATIVE)

bench-rtos: $(RTOS_DIR)/rtos_semaphore wasm node_modules/.installed
	$(RTOS_DIR)/rtos_semaphore
	@echo
	node bench/rtos_explore_wasm.mjs

BENCH_TARGETS += bench-rtos
.PHONY: test-c-rtos bench-rtos
