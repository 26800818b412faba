# Lockstep: `make run` and `make test` (see README.md).  Everything else here is
# what those two use.

SHELL := /bin/bash
.DEFAULT_GOAL := help
B := build

CC ?= cc
CSTD := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
OPT := -O2 -g

# ---- sources ---------------------------------------------------------------------
ENGINE_SRC := $(wildcard core/engines/*/*.c)
SIM_SRC := core/sim/coro.c core/sim/machine.c core/sim/trace.c core/sim/json.c \
           core/sim/schedule.c core/sim/run.c core/plat/sim/plat_sim.c
SCRIPT_SRC := $(wildcard core/script/*.c)
CORE_SRC := $(SIM_SRC) $(SCRIPT_SRC) $(ENGINE_SRC)
CORE_HDR := $(shell find core -name '*.h')

# ---- native, sim backend -----------------------------------------------------------
$(B)/native/lockstep-run: $(CORE_SRC) core/runner/main.c $(CORE_HDR)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(OPT) -DPLAT_SIM -o $@ $(CORE_SRC) core/runner/main.c

native: $(B)/native/lockstep-run

help:
	@echo "make run    build everything and serve the app on http://localhost:5173"
	@echo "make test   build everything and run every test suite"
	@echo "make bench  run the benchmarks"

.PHONY: help native
