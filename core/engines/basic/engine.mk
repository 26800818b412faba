# What the build knows about engine `basic` (see mk/engines.mk).
basic_SOURCES := counter.h counter.c
basic_PREFIXES := counter_ atomic_
