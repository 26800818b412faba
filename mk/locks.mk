# The parking_lot engine on real threads (native backend): the multi-threaded
# tests, plain and under ThreadSanitizer, and the lock benchmarks.
#
#   make test-c-threads   tests/c/threads/test_*.c, one program each, built three times
#                         (gcc, clang, clang -fsanitize=thread); writes "N passed, N failed"
#                         (the runs added up) to $(RESULTS)/c-threads
#   make bench-locks      bench/lock_contention (mini_mutex vs pthread vs nsync)
#                         and bench/lost_wakeup (correct, validate_outside, widen);
#                         figures on stdout and in $(B)/locks/bench-locks.txt

LOCKS_DIR := $(B)/locks
LOCKS_ENGINE := $(sort $(wildcard core/engines/parking_lot/*.c))
LOCKS_DEPS := $(LOCKS_ENGINE) $(NATIVE_PLAT_SRC) $(wildcard core/engines/parking_lot/*.h) \
              core/plat/plat.h core/plat/native/plat_native.h
LOCKS_TEST_SRC := $(sort $(wildcard tests/c/threads/*.c))
LOCKS_TEST_HDR := $(wildcard tests/c/threads/*.h)
# One program per test file (test_mini_mutex.c, test_condvar.c), each built
# three times: gcc, clang, clang -fsanitize=thread.
LOCKS_TESTS := $(patsubst test_%,%,$(basename $(notdir $(LOCKS_TEST_SRC))))

$(LOCKS_DIR)/test-threads-%-gcc: tests/c/threads/test_%.c $(LOCKS_TEST_HDR) $(LOCKS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(COPT) -DPLAT_NATIVE -pthread -o $@ $< $(LOCKS_ENGINE) $(NATIVE_PLAT_SRC)

$(LOCKS_DIR)/test-threads-%-clang: tests/c/threads/test_%.c $(LOCKS_TEST_HDR) $(LOCKS_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) $(COPT) -DPLAT_NATIVE -pthread -o $@ $< $(LOCKS_ENGINE) $(NATIVE_PLAT_SRC)

$(LOCKS_DIR)/test-threads-%-clang-tsan: tests/c/threads/test_%.c $(LOCKS_TEST_HDR) $(LOCKS_DEPS)
	@mkdir -p $(@D)
	$(CLANG) $(CWARN) -O1 -g -fsanitize=thread -DPLAT_NATIVE -pthread -o $@ $< $(LOCKS_ENGINE) $(NATIVE_PLAT_SRC)

LOCKS_TEST_RUNS := $(foreach t,$(LOCKS_TESTS),test-threads-$(t)-gcc test-threads-$(t)-clang \
                     test-threads-$(t)-clang-tsan)

# tests/c/run-suite adds up the closing lines, counts a crash or a sanitizer
# exit as a failure, and reruns ThreadSanitizer without ASLR if it must.
test-c-threads: $(addprefix $(LOCKS_DIR)/,$(LOCKS_TEST_RUNS))
	@tests/c/run-suite $(RESULTS)/c-threads $(LOCKS_DIR)/logs \
	  $(foreach r,$(LOCKS_TEST_RUNS),$(r)=$(LOCKS_DIR)/$(r))

TEST_SUITES += c-threads

# ---- benchmarks -------------------------------------------------------------------------

LOCKS_BENCH_FLAGS := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -O2 -DPLAT_NATIVE -pthread

$(LOCKS_DIR)/lock_contention: bench/lock_contention.c $(LOCKS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(LOCKS_BENCH_FLAGS) -o $@ $< $(LOCKS_ENGINE) $(NATIVE_PLAT_SRC) -lnsync

$(LOCKS_DIR)/lost_wakeup: bench/lost_wakeup.c $(LOCKS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(LOCKS_BENCH_FLAGS) -o $@ $< $(LOCKS_ENGINE) $(NATIVE_PLAT_SRC)

# About 2 minutes on 2 cores: every hung lost_wakeup round costs its 5 s watchdog.
bench-locks: $(LOCKS_DIR)/lock_contention $(LOCKS_DIR)/lost_wakeup
	@{ $(LOCKS_DIR)/lock_contention && echo && \
	   for v in correct validate_outside widen; do $(LOCKS_DIR)/lost_wakeup $$v && echo; done; \
	 } 2>&1 | tee $(LOCKS_DIR)/bench-locks.txt; exit $${PIPESTATUS[0]}

BENCH_TARGETS += bench-locks

.PHONY: test-c-threads bench-locks
