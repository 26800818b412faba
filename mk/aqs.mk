# The aqs engine's benchmark on real threads (native backend).  Its native
# tests (suite c-aqs) are run by mk/native-tests.mk, as
# core/engines/aqs/engine.mk says.
#
#   make bench-aqs    bench/semaphore: acquire/release throughput at 1, 2, 4 and
#                     8 threads, against POSIX sem_t in the same run, by wall
#                     clock and by the threads' CPU time (the target's);
#                     figures on stdout and in $(B)/aqs/bench-aqs.txt
#
# The engine's scenarios and the explorer are tested by tests/node/aqs.test.js
# (suite node).

AQS_DIR := $(B)/aqs
AQS_ENGINE := $(sort $(wildcard core/engines/aqs/*.c))
AQS_DEPS := $(AQS_ENGINE) $(wildcard core/engines/aqs/*.h) $(NATIVE_PLAT_SRC) \
            core/plat/plat.h core/plat/native/plat_native.h

# ---- benchmark ------------------------------------------------------------------------------

# -flto: the engine is one idea per file for its readers, and a call from
# one file into the next (acquire -> the synchronizer -> Thread.interrupted)
# is not inlined without it: 94 instructions a pair instead of 45, against
# sem_t's 40 (callgrind), where a program that links the engine would build
# it with link-time optimisation like any library.
$(AQS_DIR)/semaphore: bench/semaphore.c bench/rounds.h $(AQS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) -O2 -flto -DPLAT_NATIVE -pthread -o $@ $< $(AQS_ENGINE) $(NATIVE_PLAT_SRC)

bench-aqs: $(AQS_DIR)/semaphore
	@$(AQS_DIR)/semaphore 2>&1 | tee $(AQS_DIR)/bench-aqs.txt; exit $${PIPESTATUS[0]}

BENCH_TARGETS += bench-aqs

.PHONY: bench-aqs
