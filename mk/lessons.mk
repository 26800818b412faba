# The lessons (lessons/<engine>/*.md in the order of lessons/course.yaml,
# format in lessons/README.md), checked by running
# them on the wasm module: schema, both languages, the scenario compiles, the
# goal is reachable, every outcome the text claims holds, bug lessons are not
# reachable under `correct`.
#
#   make test-lessons   `lockstep check lessons/`; writes "N passed, N failed"
#                       (N = lessons) to $(RESULTS)/lessons
#
# The checker itself (lesson.js, cli/check.js) is tested by
# tests/node/lessons.test.js (suite node).

TEST_SUITES += lessons

LESSONS_LOG := $(B)/lessons-check.txt

# The checker prints its problems and a last line "N passed, N failed"; that
# line is the result.  A run that ends without it (a crash) counts as one
# failure.
test-lessons: wasm native node_modules/.installed
	@mkdir -p $(RESULTS)
	@node bin/lockstep.js check lessons/ > $(LESSONS_LOG) 2>&1; status=$$?; \
	cat $(LESSONS_LOG); \
	line=$$(tail -n 1 $(LESSONS_LOG)); \
	if [[ ! $$line =~ ^[0-9]+\ passed,\ [0-9]+\ failed$$ ]]; then line="0 passed, 1 failed"; status=1; fi; \
	echo "$$line" > $(RESULTS)/lessons; \
	exit $$status

.PHONY: test-lessons
