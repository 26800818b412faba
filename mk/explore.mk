# The explorer's benchmark (bench/explore.c natively, bench/explore_wasm.mjs in
# wasm under node).  Its tests are part of the c-sim suite (tests/c/test_explore.c).

$(B)/bench/explore: bench/explore.c tests/c/bcbuild.c tests/c/bcsamples.c $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -DPLAT_SIM -Icore -Itests/c -o $@ bench/explore.c tests/c/bcbuild.c tests/c/bcsamples.c $(CORE_SRC)

bench-explore: $(B)/bench/explore wasm node_modules/.installed $(EXPLORE_BENCH_INPUTS)
	$(B)/bench/explore
	@echo
	node bench/explore_wasm.mjs

BENCH_TARGETS += bench-explore
.PHONY: bench-explore

# The scenarios of these benchmarks are their engines': each engine.mk lists
# its own in <engine>_EXPLORE_BENCH, _EXPLORE_BENCH_LARGE, _EXPLORE_BENCH_SPLIT and _EXPLORE_BENCH_FIND
# (bench/inputs.mjs reads them; a missing file fails here).
EXPLORE_BENCH_INPUTS := $(foreach e,$(ENGINES),$($(e)_EXPLORE_BENCH) $($(e)_EXPLORE_BENCH_LARGE) $($(e)_EXPLORE_BENCH_SPLIT) \
                          $($(e)_EXPLORE_BENCH_FIND))

# The complete search (--bound none) on every engine's scenarios, against SPIN
# where an engine gives a Promela model, and the time to find each bug
# (bench/explore/run.mjs).
bench-explore-complete: $(RUNNER) wasm node_modules/.installed $(EXPLORE_BENCH_INPUTS)
	node bench/explore/run.mjs

BENCH_TARGETS += bench-explore-complete
.PHONY: bench-explore-complete

# One complete search on one worker against two (bench/explore/workers.mjs),
# and how near the search's estimate of itself comes (bench/explore/estimate.mjs).
bench-explore-workers: $(RUNNER) wasm node_modules/.installed $(EXPLORE_BENCH_INPUTS)
	node bench/explore/workers.mjs
	node bench/explore/estimate.mjs

BENCH_TARGETS += bench-explore-workers
.PHONY: bench-explore-workers

# Random walks per second, natively and in wasm, beside plain bounded DFS
# (bench/walks.mjs).
bench-walks: $(RUNNER) wasm node_modules/.installed $(EXPLORE_BENCH_INPUTS)
	node bench/walks.mjs

BENCH_TARGETS += bench-walks
.PHONY: bench-walks

# Runs from the root against runs from snapshots, natively and in wasm
# (bench/replay.mjs).
bench-replay: $(RUNNER) wasm node_modules/.installed $(EXPLORE_BENCH_INPUTS)
	node bench/replay.mjs

BENCH_TARGETS += bench-replay
.PHONY: bench-replay
