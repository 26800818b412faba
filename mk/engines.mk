# The engines, in the order the catalog and the app list them.  Adding an
# engine is its folders (docs/ARCHITECTURE.md lists them) plus one word here.
ENGINES := basic parking_lot aqs embassy rtos spinlocks

# Each engine's core/engines/<e>/engine.mk says, in reading order, which files
# a learner sees (<e>_SOURCES), and which native suites test it.
include $(foreach e,$(ENGINES),core/engines/$(e)/engine.mk)

# Forgetting a word fails here instead of leaving the engine out unnoticed.
$(foreach d,$(notdir $(patsubst %/,%,$(wildcard core/engines/*/ core/script/engines/*/))), \
  $(if $(filter $(d),$(ENGINES)),, \
    $(error $(d) has a folder under core/engines/ or core/script/engines/ but is not listed in ENGINES (mk/engines.mk))))
$(foreach e,$(ENGINES), \
  $(if $(wildcard core/script/engines/$(e)/engine.c),, \
    $(error engine $(e): core/script/engines/$(e)/engine.c is missing)) \
  $(if $(filter-out $($(e)_SOURCES),$(notdir $(wildcard core/engines/$(e)/*.[ch]))), \
    $(error engine $(e): $(e)_SOURCES in core/engines/$(e)/engine.mk does not name \
      $(filter-out $($(e)_SOURCES),$(notdir $(wildcard core/engines/$(e)/*.[ch]))))))

ENGINE_SRC := $(foreach e,$(ENGINES),$(sort $(wildcard core/engines/$(e)/*.c)))
ENGINE_HDR := $(foreach e,$(ENGINES),$(sort $(wildcard core/engines/$(e)/*.h)))
# Each engine's scenario binding: one file per object type, and engine.c
# (engine_<e>: its variants and types), in core/script/engines/<e>/: the
# scenario layer's side, so the engine's own folder stays against plat.h.
engine_binding_src = $(sort $(wildcard core/script/engines/$(1)/*.c))
BINDING_SRC := $(foreach e,$(ENGINES),$(call engine_binding_src,$(e)))
comma := ,
empty :=
space := $(empty) $(empty)

# The catalog's engine list, generated so that no C file lists engines by hand.
$(B)/gen/engines.c: mk/engines.mk $(foreach e,$(ENGINES),core/engines/$(e)/engine.mk) tools/gen-engines \
                   $(ENGINE_SRC) $(BINDING_SRC)
	@mkdir -p $(@D)
	@tools/gen-engines $@ $(foreach e,$(ENGINES),$(e):$(subst $(space),$(comma),$(strip $($(e)_SOURCES))))

# ---- one engine's tests: make test-engine-<engine> ----------------------------
# A convenience while working on one engine (make test runs all of these in
# its suites already, so it does not list these targets): the engine's
# scenarios (tests/scenarios/<engine>/, the `expect:` checks of
# tests/node/scenarios.test.js) and tests/node/<engine>.test.js under node,
# the native suites its engine.mk names in <engine>_NATIVE_SUITES, and its
# lessons (lessons/<engine>/, with its author template) by `lockstep check`.
# Every part runs; the target fails if any part failed.
define engine_tests
test-engine-$(1): wasm native node_modules/.installed
	@$$(if $$(filter-out $$(TEST_SUITES),$$($(1)_NATIVE_SUITES)),$$(error engine $(1): \
	  $(1)_NATIVE_SUITES names $$(filter-out $$(TEST_SUITES),$$($(1)_NATIVE_SUITES)), which is no test suite))
	@set -o pipefail; status=0; \
	echo "=== $(1): scenarios under node"; \
	node --test --test-reporter=spec --test-name-pattern='^tests/scenarios/$(1)/' \
	  tests/node/scenarios.test.js | grep -v 'does not match pattern' || status=1; \
	$$(if $$(wildcard tests/node/$(1).test.js), \
	  echo "=== $(1): tests/node/$(1).test.js"; \
	  node --test --test-reporter=spec tests/node/$(1).test.js || status=1;) \
	$$(foreach s,$$($(1)_NATIVE_SUITES), \
	  echo "=== $(1): native suite $$(s)"; $$(MAKE) --no-print-directory test-$$(s) || status=1;) \
	$$(if $$(wildcard lessons/$(1)/*.md), \
	  echo "=== $(1): lessons"; node bin/lockstep.js check --quiet lessons/$(1)/ || status=1;, \
	  echo "=== $(1): no lessons";) \
	exit $$$$status

.PHONY: test-engine-$(1)
endef
$(foreach e,$(ENGINES),$(eval $(call engine_tests,$(e))))
