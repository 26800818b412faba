# What the build knows about engine `basic` (see mk/engines.mk).
basic_SOURCES := counter.h counter.c cell.h cell.c
# Its native suites (mk/native-tests.mk runs them; make test-engine-basic too):
# c-native, the counters, the parker and the bucket lock on real threads.
basic_NATIVE_SUITES := c-native
c-native_DIR := tests/c/native
c-native_BUILDS := gcc clang clang-tsan
# Its native benchmark (mk/native-bench.mk, make bench-basic): store buffering
# on real cores, how often both loads read 0, beside the fenced test.
basic_NATIVE_BENCH := bench/store_buffering.c
# Its scenario for the explorer's time to find a bug (bench/inputs.mjs): a lost
# update of two threads incrementing twice.
basic_EXPLORE_BENCH_FIND := tests/scenarios/basic/racy-two-by-two.yaml
# Its scenario in the web app's benchmark (bench/web/run.mjs): four threads on
# one counter, stepped and auto-played.
basic_WEB_BENCH := tests/scenarios/basic/four-counters.yaml
