/*
 * The runner of the c-sim test binary: check.h's registry and main(), for the
 * tests of every tests/c/test_*.c file.  Each test gets 30 seconds (they take
 * milliseconds): a test that hangs, e.g. an actor spinning without a step,
 * fails instead of blocking make test.
 */
#define CHECK_MAIN
#include "check.h"

CHECK_WATCHDOG(30)
