# The rtos engine's benchmarks, natively the FreeRTOS-POSIX-port way (the
# native rtos port, core/plat/native/rtos_port.c: one task at a time on
# pthreads, a timer thread delivering the tick).  Its native tests (suites
# c-rtos and c-rtos-port) are run by mk/native-tests.mk, as
# core/engines/rtos/engine.mk says.
#
#   make bench-rtos    pend+post uncontended, one task on the port, against a
#                      pthread mutex+cond semaphore (bench/rtos_semaphore.c), and the explorer's
#                      wasm time to find the reference_post leak and the lost
#                      ISR post (bench/rtos_explore_wasm.mjs, targets <= 100 ms)
#
# The scenarios and the explorer are tested by tests/node/rtos.test.js (suite node).

RTOS_DIR := $(B)/rtos
RTOS_ENGINE := $(sort $(wildcard core/engines/rtos/*.c))
RTOS_NATIVE := $(NATIVE_PLAT_SRC) $(NATIVE_PORT_SRC)
RTOS_DEPS := $(RTOS_ENGINE) $(wildcard core/engines/rtos/*.h) $(RTOS_NATIVE) \
             core/plat/plat.h core/plat/native/plat_native.h

$(RTOS_DIR)/rtos_semaphore: bench/rtos_semaphore.c $(RTOS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -DPLAT_NATIVE -DPLAT_NATIVE_RTOS -pthread -Icore -o $@ $< $(RTOS_ENGINE) $(RTOS_NATIVE)

bench-rtos: $(RTOS_DIR)/rtos_semaphore wasm node_modules/.installed
	$(RTOS_DIR)/rtos_semaphore
	@echo
	node bench/rtos_explore_wasm.mjs

BENCH_TARGETS += bench-rtos
.PHONY: bench-rtos
