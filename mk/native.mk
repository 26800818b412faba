# Native builds of the core: the sim-backend runner (same outputs as the wasm
# CLI, used by parity tests and the native explorer).

RUNNER := $(B)/native/lockstep-run

$(RUNNER): $(CORE_SRC) core/runner/main.c core/runner/workers.c core/runner/workers.h $(CORE_HDR)
	@mkdir -p $(@D)
	@echo "  CC    $@"
	@$(CC) $(CWARN) $(COPT) -DPLAT_SIM -o $@ $(CORE_SRC) core/runner/main.c core/runner/workers.c

native: $(RUNNER)

.PHONY: native
