# Format and lint checks: each tool is one test (suite `lint`).
#
#   clang-format  every C file, with the committed .clang-format
#   prettier      the web app, the wasm module's JavaScript, tests and benches
#                 (web/.prettierrc.json)
#   eslint        the same files (eslint.config.js: recommended rules only)
#
# `make format` rewrites what the first two would complain about.

TEST_SUITES += lint

LINT_C := $(shell git ls-files '*.c' '*.h' 2>/dev/null)
PRETTIER_GLOBS := 'web/src/**/*.{ts,tsx,css}' 'web/plugins/**/*.ts' 'web/*.ts' 'wasm/js/**/*.js' \
                  'bin/*.js' 'tests/node/**/*.js' 'tests/e2e/**/*.{js,mjs}' 'bench/**/*.mjs' \
                  'eslint.config.js'
PRETTIER := node_modules/.bin/prettier --config web/.prettierrc.json --log-level warn

test-lint: node_modules/.installed
	@mkdir -p $(RESULTS)
	@pass=0; fail=0; \
	echo "--- clang-format --dry-run -Werror"; \
	if clang-format --dry-run -Werror $(LINT_C); then pass=$$((pass+1)); else fail=$$((fail+1)); fi; \
	echo "--- prettier --check"; \
	if $(PRETTIER) --check $(PRETTIER_GLOBS); then pass=$$((pass+1)); else fail=$$((fail+1)); fi; \
	echo "--- eslint"; \
	if node_modules/.bin/eslint --max-warnings 0 .; then pass=$$((pass+1)); else fail=$$((fail+1)); fi; \
	echo "$$pass passed, $$fail failed" | tee $(RESULTS)/lint; \
	[ $$fail -eq 0 ]

format: node_modules/.installed
	clang-format -i $(LINT_C)
	$(PRETTIER) --write $(PRETTIER_GLOBS)

.PHONY: test-lint format
