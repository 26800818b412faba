# The JavaScript side of wasm/: node tests of the wasm module, the scenario
# compiler and the CLI (tests/node/*.test.js, node's built-in runner), plus a
# strict type check of wasm/js and bin (JSDoc types, wasm/jsconfig.json),
# which counts as one test.

TEST_SUITES += node

NODE_TESTS := $(sort $(wildcard tests/node/*.test.js))
NODE_TAP := $(B)/node-tests.tap

# The spec reporter is for people; the TAP copy is for counting ("# pass N",
# "# fail N").  A run that ends without those lines counts as one failure.
test-node: wasm native node_modules/.installed
	@mkdir -p $(RESULTS)
	@echo "--- type check: tsc -p wasm/jsconfig.json"; \
	if node_modules/.bin/tsc -p wasm/jsconfig.json; then tsc_pass=1; tsc_fail=0; echo "ok"; \
	else tsc_pass=0; tsc_fail=1; fi; \
	echo "--- node --test tests/node"; \
	rm -f $(NODE_TAP); \
	node --test --test-reporter=spec --test-reporter-destination=stdout \
	  --test-reporter=tap --test-reporter-destination=$(NODE_TAP) $(NODE_TESTS); \
	status=$$?; \
	pass=$$(sed -n 's/^# pass \([0-9][0-9]*\)$$/\1/p' $(NODE_TAP) 2>/dev/null | tail -n 1); \
	fail=$$(sed -n 's/^# fail \([0-9][0-9]*\)$$/\1/p' $(NODE_TAP) 2>/dev/null | tail -n 1); \
	if [ -z "$$pass" ] || [ -z "$$fail" ]; then pass=0; fail=1; fi; \
	if [ $$status -ne 0 ] && [ $$fail -eq 0 ]; then fail=1; fi; \
	pass=$$((pass + tsc_pass)); fail=$$((fail + tsc_fail)); \
	echo "$$pass passed, $$fail failed" | tee $(RESULTS)/node; \
	[ $$fail -eq 0 ]

.PHONY: test-node
