# The native rtos port (core/plat/native/rtos_port.c): tasks on real threads,
# one at a time, preempted by a real tick, and the executor beside it
# (executor_port.c: fibers on one thread; see tests/c/rtos_port/).  The rtos
# engine runs on the same port in suite c-rtos (mk/rtos.mk).
#
#   make test-c-rtos-port   tests/c/rtos_port/*.c built with gcc, and with clang
#                           -fsanitize=thread; "N passed, N failed" (both runs
#                           added up) in $(RESULTS)/c-rtos-port

RTOS_PORT_DIR := $(B)/rtos-port
RTOS_PORT_SRC := $(sort $(wildcard tests/c/rtos_port/*.c))
RTOS_PORT_LIB := core/engines/basic/counter.c $(NATIVE_PLAT_SRC) core/plat/native/rtos_port.c core/plat/native/executor_port.c core/sim/coro.c
RTOS_PORT_DEPS := $(RTOS_PORT_SRC) tests/c/check.h $(RTOS_PORT_LIB) $(CORE_HDR)
RTOS_PORT_FLAGS := -DPLAT_NATIVE -DPLAT_NATIVE_RTOS -pthread -Icore -Itests/c

$(RTOS_PORT_DIR)/test-gcc: $(RTOS_PORT_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) $(RTOS_PORT_FLAGS) -o $@ $(RTOS_PORT_SRC) $(RTOS_PORT_LIB)

$(RTOS_PORT_DIR)/test-clang-tsan: $(RTOS_PORT_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) -O1 -g -fsanitize=thread $(RTOS_PORT_FLAGS) -o $@ $(RTOS_PORT_SRC) \
	  $(RTOS_PORT_LIB)

test-c-rtos-port: $(RTOS_PORT_DIR)/test-gcc $(RTOS_PORT_DIR)/test-clang-tsan
	@tests/c/run-suite $(RESULTS)/c-rtos-port $(RTOS_PORT_DIR)/logs \
	  gcc=$(RTOS_PORT_DIR)/test-gcc clang-tsan=$(RTOS_PORT_DIR)/test-clang-tsan

TEST_SUITES += c-rtos-port

.PHONY: test-c-rtos-port
