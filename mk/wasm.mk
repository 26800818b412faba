# The WebAssembly module: one .wasm, with two loaders (an ES module for the
# browser and workers, a CommonJS one for node, which emscripten 3.1.6 cannot
# serve from a single ES module).
#
# Asyncify instruments only functions that can be on a virtual thread's stack
# while it switches (ASYNCIFY_ONLY).  The rule that keeps this list short and
# correct: machine functions start with sim_, coro_, actor_ or plat_, scenario
# functions with script_, exports with ls_, and every engine function with its
# engine's prefixes, declared in core/engines/<engine>/engine.mk; the build
# checks every engine and binding function against them ($(B)/gen/prefixes.ok).

WASM_ENGINE_PREFIXES := $(addsuffix *,$(ENGINE_PREFIXES))
# The machine's static functions that can be on the stack while an actor's
# coroutine starts: start_actor (core/sim/lifecycle.c: every start and arming
# ends there), rebuild (core/sim/machine.c: a reset starts the actors), and
# rtos_take and exec_take (core/sim/sched/: an irq choice arms a handler).
# The others on those paths (sim_settle, sim_start_actors, sim_arm_raised,
# sim_arm, sim_step, sim_take, sim_goto, sim_reset, actor_main) are covered
# by sim_* and actor_*.
MACHINE_SWITCHERS := start_actor rebuild rtos_take exec_take
ASYNCIFY_ONLY := coro_* actor_* sim_* plat_* script_* explore_* run_range ls_* dynCall_vi \
                 $(MACHINE_SWITCHERS) $(WASM_ENGINE_PREFIXES)
ASYNCIFY_LIST := [$(subst $(space),$(comma),$(foreach f,$(ASYNCIFY_ONLY),'$(f)'))]

# -O3: a step is about a tenth cheaper than at -O2 and the module no larger.
EMFLAGS := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -O3 -DPLAT_SIM
EMLINK := -sASYNCIFY "-sASYNCIFY_ONLY=$(ASYNCIFY_LIST)" -sASYNCIFY_STACK_SIZE=16384 \
          -sMODULARIZE -sEXPORT_NAME=createLockstep -sALLOW_MEMORY_GROWTH \
          "-sEXPORTED_FUNCTIONS=['_malloc','_free']" \
          "-sEXPORTED_RUNTIME_METHODS=['UTF8ToString','stringToUTF8','lengthBytesUTF8']"
WASM_SRC := $(CORE_SRC) wasm/api.c $(B)/gen/sources.c
WASM_OBJ := $(patsubst %.c,$(B)/wasm/obj/%.o,$(WASM_SRC))
# What the source view shows: every engine file and the platform contract.
SHOWN_SOURCES := core/plat/plat.h $(ENGINE_HDR) $(ENGINE_SRC)

$(B)/gen/sources.c: wasm/embed-sources.mjs $(SHOWN_SOURCES)
	@mkdir -p $(@D)
	node wasm/embed-sources.mjs $@ $(SHOWN_SOURCES)

# The browser fetches them when it first shows code (wasm/no-sources.c).
$(B)/wasm/engine-sources.json: wasm/embed-sources.mjs $(SHOWN_SOURCES)
	@mkdir -p $(@D)
	@node wasm/embed-sources.mjs $@ $(SHOWN_SOURCES)
WEB_WASM_OBJ := $(filter-out $(B)/wasm/obj/$(B)/gen/sources.o,$(WASM_OBJ)) $(B)/wasm/obj/wasm/no-sources.o

$(B)/wasm/obj/%.o: %.c $(CORE_HDR)
	@mkdir -p $(@D)
	@echo "  EMCC  $<"
	@emcc $(EMFLAGS) -c $< -o $@

# The browser build; the node build below links the same objects.
$(B)/wasm/lockstep-web.mjs: $(WEB_WASM_OBJ) $(B)/wasm/engine-sources.json $(B)/gen/prefixes.ok
	@echo "  LINK  $@"
	@emcc $(EMFLAGS) $(EMLINK) -sEXPORT_ES6 -sENVIRONMENT=web,worker -o $@ $(WEB_WASM_OBJ) 2> >(grep -v 'onlylist contained' >&2)

$(B)/wasm/lockstep-node.cjs: $(WASM_OBJ) $(B)/gen/prefixes.ok
	@echo "  LINK  $@"
	@emcc $(EMFLAGS) $(EMLINK) -sENVIRONMENT=node -o $@ $(WASM_OBJ) 2> >(grep -v 'onlylist contained' >&2)

wasm: $(B)/wasm/lockstep-web.mjs $(B)/wasm/lockstep-node.cjs

.PHONY: wasm
