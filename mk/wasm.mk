# The WebAssembly modules.  Node (the tests, the `lockstep` CLI) loads one
# module with every engine, through a CommonJS loader (emscripten 3.1.6's
# ES-module loader cannot run under node).  The browser and its workers load
# one module per engine (an ES module and its .wasm, build/wasm/web/
# lockstep-<engine>.*), generated from ENGINES in mk/engines.mk: the machine,
# the scenario layer and that engine's sources and binding, its catalog
# listing that engine alone.  A page's module has no explorer (a fifth of it,
# with Asyncify's instrumentation); the explorer's workers load the engine's
# explorer module, the same plus the explorer (build/wasm/web/explorer/).  A page loads the module of the engine its
# scenario names, when it first needs it, so a first load carries one engine
# and an engine added later makes no other engine's page heavier.  The same
# objects make every module, so a trace is the same byte for byte whichever
# module ran it (tests/node/web-modules.test.js compares them).
#
# Asyncify instruments exactly the functions that can be on a stack while a
# fiber switches: every one that can reach emscripten_fiber_swap through
# calls.  Each one instrumented costs its state checks on every call, so the
# list is read off the module's own call graph rather than written by hand:
# a probe link keeps the function names, tools/asyncify-only.mjs follows
# its direct calls and its calls through the table (by signature), and the
# real links instrument the result, which they check (-sASYNCIFY_ADVISE
# names what was instrumented).  A new function that switches needs no edit.
# Each module has its own probe and its own list: a module with one engine
# has a smaller function table, so fewer functions can switch in it.
#
# ASYNCIFY_QUERIES are machine functions whose calls through pointers only
# ask a model or the world something (may this actor step, which other
# choices exist, do two choices commute, the world's own state), and the
# explorer's choice of its next step (core/sim/explore.c, choose) and a
# walk's, made on an actor's stack (core/sim/walk.c, walk_chooser, which the
# machine calls through its pointer, core/sim/step.c), which only ask: those
# calls never switch, which coro_switch enforces (core/coro/coro.h), so the
# queries stay uninstrumented; they run several times a step.
ASYNCIFY_SWITCH := emscripten_fiber_swap
ASYNCIFY_QUERIES := sim_is_enabled sim_choices sim_extra_choices sim_choice_optional sim_dependent \
                    sim_world_state choose walk_chooser
ASYNCIFY_ONLY_LIST := $(B)/gen/asyncify-only.txt
# Lazy: only a wasm link asks emscripten where binaryen and llvm live.
EMSCRIPTEN_TOOL = $(shell em-config $(1))

# -O3: a step is about a tenth cheaper than at -O2 and the module no larger.
# -mbulk-memory: memcpy and memset are memory.copy and memory.fill, inside
# wasm; without it emscripten 3.1.6's memcpy copies a byte or a word at a time
# and leaves wasm for JavaScript's copyWithin from 512 bytes on, and the
# explorer's snapshots copy about 12 KB a node (bench/README.md, "Cheaper
# keys").  (Thread-local storage would then need atomics: core/coro/coro.h.)
EMFLAGS := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -O3 -mbulk-memory -DPLAT_SIM
# The browser's page modules are compiled and linked -Os, from objects of
# their own (its explorer modules are -O3: EXPLORER_LINK): lesson 1's module is 8.0 KB (gzip) lighter than at -O3 (50.6 against
# 58.6 KB), and a step 2% slower (bench/wasm_ab.mjs, 15 alternating rounds;
# -Oz saves 0.7 KB more and costs 15%).  Node's module, which the benchmarks
# and the explorer's figures use, stays -O3; web-modules.test.js holds the
# two to the same traces.
WEB_OPT := -Os
WEB_EMFLAGS := $(filter-out -O3,$(EMFLAGS)) $(WEB_OPT)
# --one-caller-inline-max-function-size=100: binaryen inlines a function with
# one caller only when it is small.  By default it inlines every one, which
# made the explorer's loop (which switches fibers, so Asyncify instruments it)
# one function holding the state key, the table and the stack's upkeep, all
# instrumented and all its locals saved at every switch: the stateful search
# on 3x2 took 8.9 s of CPU, 6.7 s with this alone (bench/README.md).
EMLINK := -sASYNCIFY -sASYNCIFY_STACK_SIZE=16384 -sBINARYEN_EXTRA_PASSES=--one-caller-inline-max-function-size=100 \
          -sMODULARIZE -sEXPORT_NAME=createLockstep -sALLOW_MEMORY_GROWTH \
          "-sEXPORTED_FUNCTIONS=['_malloc','_free']" \
          "-sEXPORTED_RUNTIME_METHODS=['UTF8ToString','stringToUTF8','lengthBytesUTF8']"

WASM_SRC := $(CORE_SRC) wasm/api.c wasm/api_explore.c $(B)/gen/sources.c
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

# What the browser's module of engine $(1) is made of: the machine, the
# scenario layer, that engine and its binding, the catalog listing it alone,
# the API, and no embedded sources; $(2) is the explorer's exports
# (wasm/api_explore.c, for the explorer's workers) or none (wasm/no-explorer.c);
# $(3) the objects' folder: obj-web (-Os) or obj (-O3, the node module's).
web_module_obj = $(patsubst %.c,$(B)/wasm/$(3)/%.o,$(SIM_SRC) $(sort $(wildcard core/script/*.c)) \
  $(call engine_binding_src,$(1)) $(sort $(wildcard core/engines/$(1)/*.c)) \
  $(B)/gen/engines-$(1).c wasm/api.c $(2) wasm/no-sources.c)

$(B)/wasm/obj/%.o: %.c $(CORE_HDR)
	@mkdir -p $(@D)
	@echo "  EMCC  $<"
	@emcc $(EMFLAGS) -c $< -o $@

$(B)/wasm/obj-web/%.o: %.c $(CORE_HDR)
	@mkdir -p $(@D)
	@echo "  EMCC  $< (web)"
	@emcc $(WEB_EMFLAGS) -c $< -o $@

$(B)/wasm/obj/wasm/%.o $(B)/wasm/obj-web/wasm/%.o: wasm/session.h

# The probe: a module linked with its function names kept, for the call
# graph (it instruments what Asyncify's own analysis picks; only its calls
# matter).  $(1): the probe, $(2): the list it gives, $(3): the objects,
# $(4): link flags of the real module that change what is linked.
define asyncify_probe
$(1): $(3)
	@mkdir -p $$(@D)
	@echo "  LINK  $$@"
	@emcc $$(EMFLAGS) $$(EMLINK) $(4) --profiling-funcs -sENVIRONMENT=node -o $$@ $(3)

$(2): $(1) tools/asyncify-only.mjs mk/wasm.mk
	@mkdir -p $$(@D)
	@node tools/asyncify-only.mjs --wasm-dis $$(call EMSCRIPTEN_TOOL,BINARYEN_ROOT)/bin/wasm-dis \
	  --nm $$(call EMSCRIPTEN_TOOL,LLVM_ROOT)/llvm-nm --switch $$(ASYNCIFY_SWITCH) \
	  --queries "$$(ASYNCIFY_QUERIES)" $$(basename $(1)).wasm $$@ $(3)
endef
$(eval $(call asyncify_probe,$(B)/wasm/probe/lockstep-probe.cjs,$(ASYNCIFY_ONLY_LIST),$(WASM_OBJ)))

# A link with a list ($(1): the output, $(2): its flags, $(3): the objects,
# $(4): the list, the all-engines one if not given); emcc's advice (what it
# instrumented) must match the list, or the link fails.
define asyncify_link
	@echo "  LINK  $(1)"
	@emcc $(EMFLAGS) $(EMLINK) -sASYNCIFY_ONLY=@$(or $(4),$(ASYNCIFY_ONLY_LIST)) -sASYNCIFY_ADVISE $(2) \
	  -o $(1) $(3) > $(1).advice 2>&1; status=$$?; grep -v -e '^\[asyncify\]' -e ' can change the state due to ' $(1).advice >&2; \
	  [ $$status = 0 ] && node tools/asyncify-only.mjs --check $(or $(4),$(ASYNCIFY_ONLY_LIST)) $(1).advice \
	  || { rm -f $(1); exit 1; }
endef

# The browser's modules allocate with emmalloc: a first load is 2.5 KB
# (gzip) lighter than with dlmalloc, and no trace depends on the allocator
# (objects have virtual addresses, sim/address_map.h).  They link -Os too.
WEB_LINK := -sMALLOC=emmalloc $(WEB_OPT)
# The explorer's modules are -O3, from the node module's objects: a page loads
# one only when a search is asked for (never on a first load), and there the
# stateful search is about 30% faster than -Os (the 3x3 mutex's proof 1.14 s of
# CPU against 1.62 s; the module 88 against 74 KB gzip; bench/web/README.md).
EXPLORER_LINK := -sMALLOC=emmalloc

# A browser module ($(1): its path without .mjs, $(2): its name for the
# probe and list, $(3): its objects, $(4): its link flags): its probe and
# list, its link.
define web_link
$$(eval $$(call asyncify_probe,$$(B)/wasm/probe/lockstep-$(2)-probe.cjs,$$(B)/gen/asyncify-only-$(2).txt,$(3),$(4)))

$(1).mjs: $(3) $$(B)/gen/asyncify-only-$(2).txt
	@mkdir -p $$(@D)
	$$(call asyncify_link,$$@,-sEXPORT_ES6 -sENVIRONMENT=web$$(comma)worker $(4),$(3),$$(B)/gen/asyncify-only-$(2).txt)
endef

# The browser's modules of engine $(1): its catalog (generated like
# build/gen/engines.c, with this engine alone); the page's module and the
# explorer's.
define web_module
$$(B)/gen/engines-$(1).c: mk/engines.mk core/engines/$(1)/engine.mk tools/gen-engines \
                         $$(sort $$(wildcard core/engines/$(1)/*.c)) $$(call engine_binding_src,$(1))
	@mkdir -p $$(@D)
	@tools/gen-engines $$@ $(1):$$(subst $$(space),$$(comma),$$(strip $$($(1)_SOURCES)))

$$(eval $$(call web_link,$$(B)/wasm/web/lockstep-$(1),$(1),$$(call web_module_obj,$(1),wasm/no-explorer.c,obj-web),$$(WEB_LINK)))
$$(eval $$(call web_link,$$(B)/wasm/web/explorer/lockstep-$(1),$(1)-explorer,$$(call web_module_obj,$(1),wasm/api_explore.c,obj),$$(EXPLORER_LINK)))
endef
$(foreach e,$(ENGINES),$(eval $(call web_module,$(e))))
WEB_MODULES := $(foreach e,$(ENGINES),$(B)/wasm/web/lockstep-$(e).mjs $(B)/wasm/web/explorer/lockstep-$(e).mjs)

# The catalog of every engine, as JSON, for the browser's scenario compiler
# (which must know every engine's types before it knows which module to load).
$(B)/wasm/catalog.json: $(B)/wasm/lockstep-node.cjs wasm/catalog-json.mjs
	@node wasm/catalog-json.mjs $@

# A module no longer listed in ENGINES must not stay where the app finds modules.
web-modules: $(WEB_MODULES) $(B)/wasm/engine-sources.json $(B)/wasm/catalog.json
	@rm -f $(filter-out $(WEB_MODULES) $(WEB_MODULES:.mjs=.wasm) $(WEB_MODULES:.mjs=.mjs.advice), \
	  $(wildcard $(B)/wasm/web/*.* $(B)/wasm/web/explorer/*))

$(B)/wasm/lockstep-node.cjs: $(WASM_OBJ) $(ASYNCIFY_ONLY_LIST)
	$(call asyncify_link,$@,-sENVIRONMENT=node,$(WASM_OBJ))

# The checked build: the node build with emscripten's assertions, under which
# Asyncify traps (RuntimeError: unreachable) when a function it left alone is
# on a stack at a switch, where the builds above would go on with a corrupt
# stack.  tests/node/asyncify-checked.test.js runs every scenario on it.
$(B)/wasm/checked/lockstep-node.cjs: $(WASM_OBJ) $(ASYNCIFY_ONLY_LIST)
	@mkdir -p $(@D)
	$(call asyncify_link,$@,-sASSERTIONS -sENVIRONMENT=node,$(WASM_OBJ))

wasm: web-modules $(B)/wasm/lockstep-node.cjs $(B)/wasm/checked/lockstep-node.cjs

.PHONY: wasm web-modules
