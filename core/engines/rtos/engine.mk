# What the build knows about engine `rtos` (see mk/engines.mk).
rtos_SOURCES := task.h task.c critical.h critical.c sem.h sem.c mutex.h mutex.c inherit.c
rtos_PREFIXES := rtos_
