# What the build knows about engine `parking_lot` (see mk/engines.mk).
parking_lot_SOURCES := mini_mutex.h mini_mutex.c lot.h lot.c spin_wait.h spin_wait.c condvar.h condvar.c
# the suites that test it natively, on real threads (run by make test-engine-parking_lot)
parking_lot_NATIVE_SUITES := c-threads
