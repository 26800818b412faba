# The rtos engine natively, the FreeRTOS-POSIX-port way (tests/c/rtos/port.c:
# one task at a time on pthreads, a timer thread delivering the tick), and its
# benchmarks.
#
#   make test-c-rtos   tests/c/rtos/*.c built with gcc and clang: the shared
#                      counter (unprotected below 200,000 in most rounds,
#                      protected exactly 200,000) and the priority-inversion
#                      latencies, under a watchdog; "N passed, N failed" in
#                      $(RESULTS)/c-rtos
#   make bench-rtos    pend+post uncontended against a pthread mutex+cond
#                      semaphore (bench/rtos_semaphore.c), and the explorer's
#                      wasm time to find the reference_post leak and the lost
#                      ISR post (bench/rtos_explore_wasm.mjs, targets <= 100 ms)
#
# The scenarios and the explorer are tested by tests/node/rtos.test.js (suite node).

RTOS_DIR := $(B)/rtos
RTOS_ENGINE := $(sort $(wildcard core/engines/rtos/*.c))
RTOS_DEPS := $(RTOS_ENGINE) $(wildcard core/engines/rtos/*.h) $(NATIVE_PLAT_SRC) \
             core/plat/plat.h core/plat/native/plat_native.h
RTOS_TEST_SRC := $(sort $(wildcard tests/c/rtos/*.c))
RTOS_TEST_DEPS := $(RTOS_TEST_SRC) $(wildcard tests/c/rtos/*.h) tests/c/check.h $(RTOS_DEPS)

$(RTOS_DIR)/test-rtos-gcc: $(RTOS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_NATIVE -pthread -Icore -Itests/c -o $@ $(RTOS_TEST_SRC) \
	  $(RTOS_ENGINE) $(NATIVE_PLAT_SRC)

$(RTOS_DIR)/test-rtos-clang: $(RTOS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) $(COPT) -DPLAT_NATIVE -pthread -Icore -Itests/c -o $@ $(RTOS_TEST_SRC) \
	  $(RTOS_ENGINE) $(NATIVE_PLAT_SRC)

test-c-rtos: $(RTOS_DIR)/test-rtos-gcc $(RTOS_DIR)/test-rtos-clang
	@tests/c/run-suite $(RESULTS)/c-rtos $(RTOS_DIR)/logs \
	  gcc=$(RTOS_DIR)/test-rtos-gcc clang=$(RTOS_DIR)/test-rtos-clang

TEST_SUITES += c-rtos

$(RTOS_DIR)/rtos_semaphore: bench/rtos_semaphore.c $(RTOS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -DPLAT_NATIVE -pthread -Icore -o $@ $< $(RTOS_ENGINE) $(NATIVE_PLAT_SRC)

bench-rtos: $(RTOS_DIR)/rtos_semaphore wasm node_modules/.installed
	$(RTOS_DIR)/rtos_semaphore
	@echo
	node bench/rtos_explore_wasm.mjs

BENCH_TARGETS += bench-rtos
.PHONY: test-c-rtos bench-rtos
