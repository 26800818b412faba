# The C tests (see tests/README.md):
#
#   make test-c-sim      the simulated machine, the decoder and the schedules
#                        (tests/c/*.c), built four times: gcc, clang, and each
#                        with AddressSanitizer + UBSan
#   make test-fuzz       the fuzz regressions and seeds replayed (gcc, and clang
#                        with ASan + UBSan), then each libFuzzer target for
#                        FUZZ_SECONDS seconds, side by side
#   make fuzz-corpus     write the bytecode seed corpus again (after a format change)
#
# Each suite adds up its builds' "N passed, N failed" lines into one line in
# $(RESULTS)/<suite> and fails if anything failed.  Binaries and logs are in
# $(CTEST).

CTEST := $(B)/ctest
CTEST_INC := -Icore -Itests/c
# Sanitizer builds: -O1 keeps them quick; stop at the first report.
CTEST_SAN := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_SECONDS ?= 15

# ---- c-sim --------------------------------------------------------------------------

CSIM_SRC := $(sort $(wildcard tests/c/*.c))
CSIM_DEPS := $(CSIM_SRC) $(wildcard tests/c/*.h) $(CORE_SRC) $(CORE_HDR)

$(CTEST)/sim-gcc: $(CSIM_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_SIM $(CTEST_INC) -o $@ $(CSIM_SRC) $(CORE_SRC)

$(CTEST)/sim-clang: $(CSIM_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) $(COPT) -DPLAT_SIM $(CTEST_INC) -o $@ $(CSIM_SRC) $(CORE_SRC)

$(CTEST)/sim-gcc-asan: $(CSIM_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CTEST_SAN) -DPLAT_SIM $(CTEST_INC) -o $@ $(CSIM_SRC) $(CORE_SRC)

$(CTEST)/sim-clang-asan: $(CSIM_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) $(CTEST_SAN) -DPLAT_SIM $(CTEST_INC) -o $@ $(CSIM_SRC) $(CORE_SRC)

CSIM_RUNS := sim-gcc sim-clang sim-gcc-asan sim-clang-asan

test-c-sim: $(addprefix $(CTEST)/,$(CSIM_RUNS))
	@tests/c/run-suite $(RESULTS)/c-sim $(CTEST)/logs $(foreach r,$(CSIM_RUNS),$(r)=$(CTEST)/$(r))

# ---- fuzz ------------------------------------------------------------------------------

FUZZ_TARGETS := bytecode schedule
FUZZ_DEPS := $(CORE_SRC) $(CORE_HDR)
FUZZ_FLAGS := $(CWARN) -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=all -DPLAT_SIM \
              $(CTEST_INC)

# The libFuzzer builds.
$(CTEST)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_FLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< $(CORE_SRC)

# The same targets without libFuzzer, replaying files (tests/fuzz/replay.c).
$(CTEST)/fuzz/replay-%-gcc: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_SIM $(CTEST_INC) -o $@ $< tests/fuzz/replay.c $(CORE_SRC)

$(CTEST)/fuzz/replay-%-asan: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_FLAGS) -fsanitize=address,undefined -o $@ $< tests/fuzz/replay.c $(CORE_SRC)

FUZZ_REPLAYS := $(foreach t,$(FUZZ_TARGETS),replay-$(t)-gcc replay-$(t)-asan)
FUZZ_BINS := $(addprefix $(CTEST)/fuzz/,$(FUZZ_REPLAYS) $(addprefix fuzz_,$(FUZZ_TARGETS)))

# Regressions and seeds are replayed in every build (one test per file); then
# the fuzzers run for FUZZ_SECONDS each, side by side (one test per target).
test-fuzz: $(FUZZ_BINS)
	@tests/c/run-suite $(RESULTS)/fuzz $(CTEST)/logs \
	  $(foreach t,$(FUZZ_TARGETS),$(foreach c,gcc asan,"replay-$(t)-$(c)=$(CTEST)/fuzz/replay-$(t)-$(c) \
	    tests/fuzz/regressions/$(t) tests/fuzz/corpus/$(t)")) \
	  "fuzzers=tests/fuzz/run-fuzzers $(FUZZ_SECONDS) $(CTEST)/fuzz $(FUZZ_TARGETS)"

$(CTEST)/make_corpus: tests/fuzz/make_corpus.c tests/c/bcbuild.c tests/c/bcsamples.c \
                      tests/c/bcbuild.h tests/c/bcsamples.h
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) $(CTEST_INC) -o $@ tests/fuzz/make_corpus.c tests/c/bcbuild.c \
	  tests/c/bcsamples.c

fuzz-corpus: $(CTEST)/make_corpus
	@mkdir -p tests/fuzz/corpus/bytecode
	$(CTEST)/make_corpus tests/fuzz/corpus/bytecode

TEST_SUITES += c-sim fuzz

.PHONY: test-c-sim test-fuzz fuzz-corpus
