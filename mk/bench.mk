# Benchmarks: figures, not pass/fail (see bench/README.md).
#
#   make bench            every benchmark: BENCH_TARGETS, filled by the fragments
#   make bench-sim-step   the cost of one simulated step, natively and in wasm
#
# `bench` runs its targets one after another, through a sub-make, because the
# fragments that add to BENCH_TARGETS are read after this one.

$(B)/bench/sim_step: bench/sim_step.c bench/step_world.h $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_SIM -Icore -o $@ bench/sim_step.c $(CORE_SRC)

# The same world stepped N times and nothing else, for instruction counts
# (bench/README.md); not part of `make bench`.
$(B)/bench/step_count: bench/step_count.c bench/step_world.h $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_SIM -Icore -o $@ bench/step_count.c $(CORE_SRC)

bench-sim-step: $(B)/bench/sim_step wasm
	@$(B)/bench/sim_step
	@echo
	@node bench/sim_step_wasm.mjs

BENCH_TARGETS += bench-sim-step

$(B)/bench/mem_step: bench/mem_step.c $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_SIM -Icore -o $@ bench/mem_step.c $(CORE_SRC)

# a step under each memory model (sc beside tso and ra), natively and in wasm; in wasm also
# the explorer on the weak-memory lessons and the complete search of SB, MP and IRIW
bench-mem-step: $(B)/bench/mem_step wasm
	@$(B)/bench/mem_step
	@echo
	@node bench/memory_wasm.mjs

BENCH_TARGETS += bench-mem-step

bench:
	@status=0; for t in $(BENCH_TARGETS); do \
	  echo "=== $$t"; $(MAKE) --no-print-directory $$t || status=1; echo; \
	done; exit $$status

.PHONY: bench bench-sim-step bench-mem-step
