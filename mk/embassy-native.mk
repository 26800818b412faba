# The embassy engine on the native executor (see tests/c/embassy/).
#
#   make test-c-embassy-native   tests/c/embassy/*.c with gcc, and with clang
#                                -fsanitize=address,undefined (the executor's
#                                fibers switch stacks under the sanitizer);
#                                "N passed, N failed" (both runs added up) in
#                                $(RESULTS)/c-embassy-native

EMB_NATIVE_DIR := $(B)/embassy-native
EMB_NATIVE_SRC := $(sort $(wildcard tests/c/embassy/*.c))
EMB_NATIVE_LIB := $(sort $(wildcard core/engines/embassy/*.c)) $(NATIVE_PLAT_SRC) core/plat/native/rtos_port.c core/plat/native/executor_port.c core/sim/coro.c
EMB_NATIVE_FLAGS := -DPLAT_NATIVE -DPLAT_NATIVE_RTOS -pthread -Icore -Itests/c

EMB_NATIVE_DEPS := $(EMB_NATIVE_SRC) tests/c/check.h $(EMB_NATIVE_LIB) $(CORE_HDR) \
                   $(wildcard core/engines/embassy/*.h)

$(EMB_NATIVE_DIR)/test-gcc: $(EMB_NATIVE_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) $(EMB_NATIVE_FLAGS) -o $@ $(EMB_NATIVE_SRC) $(EMB_NATIVE_LIB)

$(EMB_NATIVE_DIR)/test-clang-asan: $(EMB_NATIVE_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) $(CTEST_SAN) $(EMB_NATIVE_FLAGS) -o $@ $(EMB_NATIVE_SRC) $(EMB_NATIVE_LIB)

test-c-embassy-native: $(EMB_NATIVE_DIR)/test-gcc $(EMB_NATIVE_DIR)/test-clang-asan
	@tests/c/run-suite $(RESULTS)/c-embassy-native $(EMB_NATIVE_DIR)/logs \
	  gcc=$(EMB_NATIVE_DIR)/test-gcc clang-asan=$(EMB_NATIVE_DIR)/test-clang-asan

TEST_SUITES += c-embassy-native

.PHONY: test-c-embassy-native

# bench-embassy: polls per second and the cost of one wake on the native
# executor, next to a pthread_cond_signal round trip (bench/embassy.c); then
# in wasm, polls per second of mutex-order.yaml and the explorer's time on
# cancel-explore.yaml (bench/embassy_wasm.mjs).
$(B)/bench/embassy: bench/embassy.c $(EMB_NATIVE_LIB) $(CORE_HDR) $(wildcard core/engines/embassy/*.h)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) $(EMB_NATIVE_FLAGS) -o $@ bench/embassy.c $(EMB_NATIVE_LIB)

bench-embassy: $(B)/bench/embassy wasm
	@$(B)/bench/embassy
	@echo
	@node bench/embassy_wasm.mjs

BENCH_TARGETS += bench-embassy
.PHONY: bench-embassy
