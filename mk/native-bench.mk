# An engine's native benchmark, by one rule: core/engines/<e>/engine.mk says
#
#   <e>_NATIVE_BENCH := bench/<file>.c   one program that prints its figures
#                                        against a peer in the same run
#   <e>_NATIVE_BENCH_PORT := yes         (only if it runs on the native rtos
#                                        port or executor)
#
# and `make bench-<e>` builds it (-O2 -flto with the engine's own .c files
# and the native backend, as a program linking the engine would) and runs it;
# `make bench` runs it with the others.  The engines that came before this
# rule keep their own fragments (mk/aqs.mk, mk/locks.mk, mk/embassy-native.mk,
# mk/rtos.mk), which also run wasm benchmarks.

define native_bench
$(B)/bench/$(1): $($(1)_NATIVE_BENCH) $$(sort $$(wildcard core/engines/$(1)/*.c)) $$(CORE_HDR) $$(wildcard bench/*.h) \
                 $$(NATIVE_PLAT_SRC) $$(if $($(1)_NATIVE_BENCH_PORT),$$(NATIVE_PORT_SRC))
	@mkdir -p $$(@D)
	$$(CC) $$(CWARN) -O2 -flto -DPLAT_NATIVE -pthread -Icore $$(if $($(1)_NATIVE_BENCH_PORT),-DPLAT_NATIVE_RTOS) \
	  -o $$@ $($(1)_NATIVE_BENCH) $$(sort $$(wildcard core/engines/$(1)/*.c)) $$(NATIVE_PLAT_SRC) \
	  $$(if $($(1)_NATIVE_BENCH_PORT),$$(NATIVE_PORT_SRC))

bench-$(1): $(B)/bench/$(1)
	@$(B)/bench/$(1)

BENCH_TARGETS += bench-$(1)
.PHONY: bench-$(1)
endef

$(foreach e,$(ENGINES),$(if $($(e)_NATIVE_BENCH),$(eval $(call native_bench,$(e)))))
