# The parking_lot engine's benchmarks on real threads (native backend).  Its
# native tests (suite c-threads) are run by mk/native-tests.mk, as
# core/engines/parking_lot/engine.mk says.
#
#   make bench-locks      bench/lock_contention (mini_mutex vs pthread vs nsync)
#                         and bench/lost_wakeup (correct, validate_outside, widen);
#                         figures on stdout and in $(B)/locks/bench-locks.txt

LOCKS_DIR := $(B)/locks
LOCKS_ENGINE := $(sort $(wildcard core/engines/parking_lot/*.c))
LOCKS_DEPS := $(LOCKS_ENGINE) $(NATIVE_PLAT_SRC) $(wildcard core/engines/parking_lot/*.h) \
              core/plat/plat.h core/plat/native/plat_native.h
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

.PHONY: bench-locks
