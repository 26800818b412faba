# Lockstep.  The two commands a newcomer needs:
#
#   make run    install what is missing, build everything, serve the app
#   make test   install what is missing, build everything, run every test
#
# The rest of this file and mk/*.mk are the targets those two use; each
# fragment owns one part of the build (see mk/README.md).

SHELL := /bin/bash
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

B := build
RESULTS := $(B)/results
export NODE_PATH := /usr/share/nodejs

CC := gcc
CLANG := clang
CWARN := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter
COPT := -O2 -g

# ---- sources -------------------------------------------------------------------------
include mk/engines.mk  # ENGINES and their ENGINE_SRC, ENGINE_HDR, BINDING_SRC
# The coroutines (core/coro/) serve the machine and the native executor alike.
SIM_SRC := $(sort $(wildcard core/sim/*.c core/sim/sched/*.c core/sim/mem/*.c)) core/coro/coro.c core/plat/sim/plat_sim.c
SCRIPT_SRC := $(sort $(wildcard core/script/*.c)) $(BINDING_SRC) $(B)/gen/engines.c
NATIVE_PLAT_SRC := core/plat/native/plat_native.c
# The native rtos port (tasks on threads one at a time) and executor (fibers).
NATIVE_PORT_SRC := core/plat/native/rtos_port.c core/plat/native/executor_port.c core/coro/coro.c
CORE_SRC := $(SIM_SRC) $(SCRIPT_SRC) $(ENGINE_SRC)
CORE_HDR := $(shell find core -name '*.h')

help:
	@echo "make run     build everything and serve the app on http://localhost:5173"
	@echo "make test    build everything and run every test suite"
	@echo "make bench   run the benchmarks (figures, not pass/fail)"
	@echo "make build   build the native runner, the wasm module and the web app"

include mk/install.mk
include mk/native.mk
include mk/wasm.mk
include $(sort $(filter-out mk/engines.mk mk/install.mk mk/native.mk mk/wasm.mk,$(wildcard mk/*.mk)))

build: native wasm $(BUILD_EXTRA)

# Every suite writes "N passed, N failed" to $(RESULTS)/<suite>; a suite that
# crashed before writing counts as one failure.  TEST_SUITES is filled by the
# fragments.
test: deps
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS)
	@status=0; for s in $(TEST_SUITES); do \
	  echo "=== $$s"; \
	  if ! $(MAKE) --no-print-directory test-$$s; then \
	    [ -s $(RESULTS)/$$s ] || echo "0 passed, 1 failed" > $(RESULTS)/$$s; status=1; fi; \
	  [ -s $(RESULTS)/$$s ] || { echo "0 passed, 1 failed" > $(RESULTS)/$$s; status=1; }; \
	done; \
	tools/summarize $(RESULTS) || status=1; exit $$status

.PHONY: help build test
