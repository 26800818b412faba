# What the build knows about engine `aqs` (see mk/engines.mk).
aqs_SOURCES := semaphore.h semaphore.c aqs.h aqs.c aqs_cancel.c aqs_thread.h aqs_thread.c \
               caller.h caller.c
# the suites that test it natively, on real threads (run by make test-engine-aqs)
aqs_NATIVE_SUITES := c-aqs
