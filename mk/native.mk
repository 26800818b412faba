# Native builds of the core: the sim-backend runner (same outputs as the wasm
# CLI, used by parity tests and the native explorer).

RUNNER := $(B)/native/lockstep-run
RUNNER_SRC := $(sort $(wildcard core/runner/*.c))

$(RUNNER): $(CORE_SRC) $(RUNNER_SRC) $(wildcard core/runner/*.h) $(CORE_HDR)
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) $(CWARN) $(COPT) -DPLAT_SIM -o $@ $(CORE_SRC) $(RUNNER_SRC)

native: $(RUNNER)

.PHONY: native
