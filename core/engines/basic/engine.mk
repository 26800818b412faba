# What the build knows about engine `basic` (see mk/engines.mk).
basic_SOURCES := counter.h counter.c
# the suites that test it natively, on real threads (run by make test-engine-basic)
basic_NATIVE_SUITES := c-native
