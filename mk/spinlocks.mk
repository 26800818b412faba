# The spinlocks engine on real threads (native backend): the tests under
# contention, plain and under ThreadSanitizer, and the benchmark.
#
#   make test-c-spinlocks   tests/c/spinlocks/*.c, built twice (gcc, and clang
#                           with -fsanitize=thread); writes "N passed, N failed"
#                           (both runs added up) to $(RESULTS)/c-spinlocks
#   make bench-spinlocks    bench/spinlocks.c: lock + unlock under 1, 2 and 4
#                           threads against pthread_mutex_t and
#                           pthread_spinlock_t in the same run; figures on stdout
#                           and in $(B)/spinlocks/bench-spinlocks.txt

SPINLOCKS_DIR := $(B)/spinlocks
SPINLOCKS_ENGINE := $(sort $(wildcard core/engines/spinlocks/*.c))
SPINLOCKS_DEPS := $(SPINLOCKS_ENGINE) $(wildcard core/engines/spinlocks/*.h) $(NATIVE_PLAT_SRC) \
                  core/plat/plat.h core/plat/native/plat_native.h
SPINLOCKS_TEST_SRC := $(sort $(wildcard tests/c/spinlocks/*.c))
SPINLOCKS_TEST_DEPS := $(SPINLOCKS_TEST_SRC) tests/c/threads/harness.h $(SPINLOCKS_DEPS)

$(SPINLOCKS_DIR)/test-spinlocks: $(SPINLOCKS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_NATIVE -pthread -o $@ $(SPINLOCKS_TEST_SRC) \
	  $(SPINLOCKS_ENGINE) $(NATIVE_PLAT_SRC)

$(SPINLOCKS_DIR)/test-spinlocks-tsan: $(SPINLOCKS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) -O1 -g -fsanitize=thread -DPLAT_NATIVE -pthread -o $@ $(SPINLOCKS_TEST_SRC) \
	  $(SPINLOCKS_ENGINE) $(NATIVE_PLAT_SRC)

test-c-spinlocks: $(SPINLOCKS_DIR)/test-spinlocks $(SPINLOCKS_DIR)/test-spinlocks-tsan
	@tests/c/run-suite $(RESULTS)/c-spinlocks $(SPINLOCKS_DIR)/logs \
	  gcc=$(SPINLOCKS_DIR)/test-spinlocks clang-tsan=$(SPINLOCKS_DIR)/test-spinlocks-tsan

TEST_SUITES += c-spinlocks

# ---- benchmark ------------------------------------------------------------------------------

$(SPINLOCKS_DIR)/bench-spinlocks: bench/spinlocks.c $(SPINLOCKS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -DPLAT_NATIVE -pthread -o $@ $< $(SPINLOCKS_ENGINE) $(NATIVE_PLAT_SRC)

bench-spinlocks: $(SPINLOCKS_DIR)/bench-spinlocks
	@$(SPINLOCKS_DIR)/bench-spinlocks 2>&1 | tee $(SPINLOCKS_DIR)/bench-spinlocks.txt; \
	  exit $${PIPESTATUS[0]}

BENCH_TARGETS += bench-spinlocks

.PHONY: test-c-spinlocks bench-spinlocks
