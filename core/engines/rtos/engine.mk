# What the build knows about engine `rtos` (see mk/engines.mk).
rtos_SOURCES := task.h task.c critical.h critical.c sem.h sem.c mutex.h mutex.c inherit.c
# the suites that test it natively, on real threads (run by make test-engine-rtos)
rtos_NATIVE_SUITES := c-rtos c-rtos-port
