# An engine's benchmarks, by one rule: core/engines/<e>/engine.mk says
#
#   <e>_NATIVE_BENCH := bench/<file>.c ...  its programs on real threads, each
#                                           printing its figures against a
#                                           peer in the same run
# and, only where needed:
#   <e>_NATIVE_BENCH_PORT := yes            they run on the native rtos port
#                                           or executor
#   <e>_NATIVE_BENCH_LIBS := -l<peer>       a peer's library to link
#   <e>_NATIVE_BENCH_ARGS_<file> := a b     run program <file> once per word,
#                                           the word its argument (a variant)
#   <e>_WASM_BENCH := bench/<file>.mjs ...  its benchmarks in WebAssembly,
#                                           run after the native ones
#
# `make bench-<e>` builds each program (-O2 -flto with the engine's own .c
# files and the native backend, as a program linking the engine would: a
# call from one file of the engine into the next is inlined only so) and runs
# them, then the wasm ones; the figures go to stdout and to
# $(B)/bench/bench-<e>.txt.  `make bench` runs them with the others.  Nothing
# here names an engine.

# $(1): the engine.
define native_bench
$(1)_BENCH_PROGRAMS := $$(patsubst bench/%.c,$(B)/bench/$(1)-%,$$($(1)_NATIVE_BENCH))
$(1)_BENCH_LINK := $$(sort $$(wildcard core/engines/$(1)/*.c)) $$(NATIVE_PLAT_SRC) \
                   $$(if $$($(1)_NATIVE_BENCH_PORT),$$(NATIVE_PORT_SRC))

$(B)/bench/$(1)-%: bench/%.c $$($(1)_BENCH_LINK) $$(CORE_HDR) $$(wildcard bench/*.h)
	@mkdir -p $$(@D)
	$$(CC) $$(CWARN) -O2 -flto -DPLAT_NATIVE -pthread -Icore $$(if $$($(1)_NATIVE_BENCH_PORT),-DPLAT_NATIVE_RTOS) \
	  -o $$@ $$< $$($(1)_BENCH_LINK) $$($(1)_NATIVE_BENCH_LIBS)

bench-$(1): $$($(1)_BENCH_PROGRAMS) $$(if $$($(1)_WASM_BENCH),wasm node_modules/.installed)
	@set -o pipefail; { \
	  $$(foreach p,$$($(1)_BENCH_PROGRAMS), \
	    $$(if $$($(1)_NATIVE_BENCH_ARGS_$$(patsubst $(1)-%,%,$$(notdir $$(p)))), \
	      $$(foreach a,$$($(1)_NATIVE_BENCH_ARGS_$$(patsubst $(1)-%,%,$$(notdir $$(p)))),$$(p) $$(a) && echo &&), \
	      $$(p) && echo &&)) \
	  $$(foreach w,$$($(1)_WASM_BENCH),node $$(w) && echo &&) true; \
	} 2>&1 | tee $(B)/bench/bench-$(1).txt

BENCH_TARGETS += bench-$(1)
.PHONY: bench-$(1)
endef

$(foreach e,$(ENGINES),$(if $($(e)_NATIVE_BENCH),$(eval $(call native_bench,$(e)))))
