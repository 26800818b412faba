# The WebAssembly module: one .wasm, with two loaders (an ES module for the
# browser and workers, a CommonJS one for node, which emscripten 3.1.6 cannot
# serve from a single ES module).
#
# Asyncify instruments exactly the functions that can be on a stack while a
# fiber switches: every one that can reach emscripten_fiber_swap through
# calls.  Each one instrumented costs its state checks on every call, so the
# list is read off the module's own call graph rather than written by hand:
# a probe link keeps the function names, tools/asyncify-only.mjs follows
# its direct calls and its calls through the table (by signature), and the
# real links instrument the result, which they check (-sASYNCIFY_ADVISE
# names what was instrumented).  A new function that switches needs no edit.
#
# ASYNCIFY_QUERIES are machine functions whose calls through pointers only
# ask a model something (may this actor step, which other choices exist):
# those calls never switch, which coro_switch enforces (core/sim/coro.h), so
# the queries stay uninstrumented; they run several times a step.
ASYNCIFY_SWITCH := emscripten_fiber_swap
ASYNCIFY_QUERIES := sim_is_enabled sim_choices sim_extra_choices sim_choice_optional
ASYNCIFY_ONLY_LIST := $(B)/gen/asyncify-only.txt
# Lazy: only a wasm link asks emscripten where binaryen and llvm live.
EMSCRIPTEN_TOOL = $(shell em-config $(1))

# -O3: a step is about a tenth cheaper than at -O2 and the module no larger.
EMFLAGS := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -O3 -DPLAT_SIM
EMLINK := -sASYNCIFY -sASYNCIFY_STACK_SIZE=16384 \
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

# The probe: the node build with its function names kept, for the call graph
# (it instruments what Asyncify's own analysis picks; only its calls matter).
$(B)/wasm/probe/lockstep-probe.cjs: $(WASM_OBJ)
	@mkdir -p $(@D)
	@echo "  LINK  $@"
	@emcc $(EMFLAGS) $(EMLINK) --profiling-funcs -sENVIRONMENT=node -o $@ $(WASM_OBJ)

$(ASYNCIFY_ONLY_LIST): $(B)/wasm/probe/lockstep-probe.cjs tools/asyncify-only.mjs mk/wasm.mk \
                       $(B)/wasm/obj/wasm/no-sources.o
	@mkdir -p $(@D)
	@node tools/asyncify-only.mjs --wasm-dis $(call EMSCRIPTEN_TOOL,BINARYEN_ROOT)/bin/wasm-dis \
	  --nm $(call EMSCRIPTEN_TOOL,LLVM_ROOT)/llvm-nm --switch $(ASYNCIFY_SWITCH) \
	  --queries "$(ASYNCIFY_QUERIES)" $(B)/wasm/probe/lockstep-probe.wasm $@ \
	  $(WASM_OBJ) $(B)/wasm/obj/wasm/no-sources.o

# A link with the list ($(1): the output, $(2): its flags, $(3): the objects);
# emcc's advice (what it instrumented) must match the list, or the link fails.
define asyncify_link
	@echo "  LINK  $(1)"
	@emcc $(EMFLAGS) $(EMLINK) -sASYNCIFY_ONLY=@$(ASYNCIFY_ONLY_LIST) -sASYNCIFY_ADVISE $(2) \
	  -o $(1) $(3) > $(1).advice 2>&1; status=$$?; grep -v -e '^\[asyncify\]' -e ' can change the state due to ' $(1).advice >&2; \
	  [ $$status = 0 ] && node tools/asyncify-only.mjs --check $(ASYNCIFY_ONLY_LIST) $(1).advice \
	  || { rm -f $(1); exit 1; }
endef

# The browser build; the node build below links the same objects.
$(B)/wasm/lockstep-web.mjs: $(WEB_WASM_OBJ) $(B)/wasm/engine-sources.json $(ASYNCIFY_ONLY_LIST)
	$(call asyncify_link,$@,-sEXPORT_ES6 -sENVIRONMENT=web$(comma)worker,$(WEB_WASM_OBJ))

$(B)/wasm/lockstep-node.cjs: $(WASM_OBJ) $(ASYNCIFY_ONLY_LIST)
	$(call asyncify_link,$@,-sENVIRONMENT=node,$(WASM_OBJ))

# The checked build: the node build with emscripten's assertions, under which
# Asyncify traps (RuntimeError: unreachable) when a function it left alone is
# on a stack at a switch, where the builds above would go on with a corrupt
# stack.  tests/node/asyncify-checked.test.js runs every scenario on it.
$(B)/wasm/checked/lockstep-node.cjs: $(WASM_OBJ) $(ASYNCIFY_ONLY_LIST)
	@mkdir -p $(@D)
	$(call asyncify_link,$@,-sASSERTIONS -sENVIRONMENT=node,$(WASM_OBJ))

wasm: $(B)/wasm/lockstep-web.mjs $(B)/wasm/lockstep-node.cjs $(B)/wasm/checked/lockstep-node.cjs

.PHONY: wasm
