# The web app (web/, see web/README.md): Vite builds it into $(B)/web/,
# `make run` serves that build, Vitest checks its logic (suite web-unit) and
# headless Chromium checks the page itself (suite e2e, tests/e2e/).

VITE := node_modules/.bin/vite
VITEST := node_modules/.bin/vitest
TSC := node_modules/.bin/tsc
WEB_CONFIG := web/vite.config.ts
WEB_PORT := 5173
TEST_OUT := $(B)/test-output

# Everything the bundle is made of: the app, the JavaScript it imports from
# wasm/js/, the scenarios it offers, and the browser build of the module.
WEB_SRC := web/index.html web/embed.html $(wildcard web/plugins/*.ts) $(wildcard lessons/*.md lessons/*/*.md lessons/*.json lessons/*.yaml) $(WEB_CONFIG) web/tsconfig.json $(shell find web/src -type f 2>/dev/null) \
           $(shell find wasm/js -name '*.js' -o -name '*.json' 2>/dev/null) \
           $(shell find tests/scenarios -name '*.yaml' 2>/dev/null)

$(B)/web/index.html: $(WEB_SRC) $(WEB_MODULES) $(B)/wasm/catalog.json $(B)/wasm/engine-sources.json \
                     $(B)/wasm/lockstep-node.cjs node_modules/.installed | web-modules
	$(TSC) -p web/tsconfig.json
	$(TSC) -p web/plugins/tsconfig.json
	$(VITE) build --config $(WEB_CONFIG) --logLevel warn
	@touch $@

web: $(B)/web/index.html

BUILD_EXTRA += web

# make run: install what is missing, build everything, serve the built app.
run: deps-build
	@$(MAKE) --no-print-directory build
	@echo
	@echo "  Lockstep is at  http://localhost:$(WEB_PORT)/   (Ctrl-C stops it)"
	@echo
	$(VITE) preview --config $(WEB_CONFIG) --port $(WEB_PORT) --strictPort

# Writes "N passed, N failed" from a count of passes ($1) and failures ($2)
# into $(RESULTS)/$3; a run that left no counts is one failure.
define web_result
mkdir -p $(RESULTS); \
if [ -n "$1" ] && [ -n "$2" ]; then echo "$1 passed, $2 failed" > $(RESULTS)/$3; \
else echo "0 passed, 1 failed" > $(RESULTS)/$3; fi
endef

test-web-unit: $(B)/wasm/lockstep-node.cjs $(B)/wasm/catalog.json node_modules/.installed
	@mkdir -p $(TEST_OUT); rm -f $(TEST_OUT)/web-unit.json
	@$(VITEST) run --config $(WEB_CONFIG) --reporter=default --reporter=json \
	    --outputFile.json=$(CURDIR)/$(TEST_OUT)/web-unit.json; status=$$?; \
	counts=$$(node -e 'try { const r = require("./$(TEST_OUT)/web-unit.json"); \
	    console.log(r.numPassedTests, r.numFailedTests + (r.success || r.numFailedTests ? 0 : 1)) } catch { }'); \
	set -- $$counts; $(call web_result,$$1,$$2,web-unit); \
	cat $(RESULTS)/web-unit; [ $$status = 0 ] && [ "$$2" = 0 ]

# every e2e file: the shared ones and an engine's, alone or in its folder (tests/e2e/<engine>/)
E2E_TESTS := $(wildcard tests/e2e/*.test.mjs tests/e2e/*/*.test.mjs)

test-e2e: web
	@mkdir -p $(TEST_OUT); rm -f $(TEST_OUT)/e2e.tap
	@node --test --test-concurrency=1 \
	    --test-reporter=spec --test-reporter-destination=stdout \
	    --test-reporter=tap --test-reporter-destination=$(TEST_OUT)/e2e.tap \
	    $(E2E_TESTS); status=$$?; \
	pass=$$(sed -n 's/^# pass \([0-9]*\)$$/\1/p' $(TEST_OUT)/e2e.tap 2>/dev/null | tail -n 1); \
	fail=$$(sed -n 's/^# fail \([0-9]*\)$$/\1/p' $(TEST_OUT)/e2e.tap 2>/dev/null | tail -n 1); \
	$(call web_result,$$pass,$$fail,e2e); \
	cat $(RESULTS)/e2e; [ $$status = 0 ] && [ "$$fail" = 0 ]

TEST_SUITES += web-unit e2e

.PHONY: web run test-web-unit test-e2e
