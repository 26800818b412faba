# The embassy engine's benchmark on the native executor.  Its native tests
# (suite c-embassy-native, tests/c/embassy/) are run by mk/native-tests.mk, as
# core/engines/embassy/engine.mk says.
#
# bench-embassy: polls per second and the cost of one wake on the native
# executor, next to a pthread_cond_signal round trip (bench/embassy.c); then
# in wasm, polls per second of mutex-order.yaml and the explorer's time on
# cancel-explore.yaml (bench/embassy_wasm.mjs).
EMB_NATIVE_LIB := $(sort $(wildcard core/engines/embassy/*.c)) $(NATIVE_PLAT_SRC) $(NATIVE_PORT_SRC)
EMB_NATIVE_FLAGS := -DPLAT_NATIVE -DPLAT_NATIVE_RTOS -pthread -Icore -Itests/c

$(B)/bench/embassy: bench/embassy.c $(EMB_NATIVE_LIB) $(CORE_HDR) $(wildcard core/engines/embassy/*.h)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) $(EMB_NATIVE_FLAGS) -o $@ bench/embassy.c $(EMB_NATIVE_LIB)

bench-embassy: $(B)/bench/embassy wasm
	@$(B)/bench/embassy
	@echo
	@node bench/embassy_wasm.mjs

BENCH_TARGETS += bench-embassy
.PHONY: bench-embassy
