# The aqs engine on real threads (native backend): the multi-threaded tests,
# plain and under ThreadSanitizer, and the semaphore benchmark.
#
#   make test-c-aqs   tests/c/aqs/*.c, built twice (gcc, and clang with
#                     -fsanitize=thread); writes "N passed, N failed" (both runs
#                     added up) to $(RESULTS)/c-aqs
#   make bench-aqs    bench/semaphore: acquire/release throughput at 1, 2, 4 and
#                     8 threads, against POSIX sem_t in the same run; figures on
#                     stdout and in $(B)/aqs/bench-aqs.txt
#
# The engine's scenarios and the explorer are tested by tests/node/aqs.test.js
# (suite node).

AQS_DIR := $(B)/aqs
AQS_ENGINE := $(sort $(wildcard core/engines/aqs/*.c))
AQS_DEPS := $(AQS_ENGINE) $(wildcard core/engines/aqs/*.h) $(NATIVE_PLAT_SRC) \
            core/plat/plat.h core/plat/native/plat_native.h
AQS_TEST_SRC := $(sort $(wildcard tests/c/aqs/*.c))
AQS_TEST_DEPS := $(AQS_TEST_SRC) $(wildcard tests/c/aqs/*.h) tests/c/threads/harness.h $(AQS_DEPS)

$(AQS_DIR)/test-aqs: $(AQS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_NATIVE -pthread -o $@ $(AQS_TEST_SRC) $(AQS_ENGINE) $(NATIVE_PLAT_SRC)

$(AQS_DIR)/test-aqs-tsan: $(AQS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) -O1 -g -fsanitize=thread -DPLAT_NATIVE -pthread -o $@ $(AQS_TEST_SRC) \
	  $(AQS_ENGINE) $(NATIVE_PLAT_SRC)

test-c-aqs: $(AQS_DIR)/test-aqs $(AQS_DIR)/test-aqs-tsan
	@tests/c/run-suite $(RESULTS)/c-aqs $(AQS_DIR)/logs \
	  gcc=$(AQS_DIR)/test-aqs clang-tsan=$(AQS_DIR)/test-aqs-tsan

TEST_SUITES += c-aqs

# ---- benchmark ------------------------------------------------------------------------------

$(AQS_DIR)/semaphore: bench/semaphore.c $(AQS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -DPLAT_NATIVE -pthread -o $@ $< $(AQS_ENGINE) $(NATIVE_PLAT_SRC)

bench-aqs: $(AQS_DIR)/semaphore
	@$(AQS_DIR)/semaphore 2>&1 | tee $(AQS_DIR)/bench-aqs.txt; exit $${PIPESTATUS[0]}

BENCH_TARGETS += bench-aqs

.PHONY: test-c-aqs bench-aqs
